/* mstatus.MPRV: M-mode loads and stores (not fetches) are translated and
 * checked as if in the mode held in MPP, with SUM and MXR; page faults go
 * to M with mtval = the virtual address. An mret or sret to a mode below M
 * clears MPRV; one that stays in M keeps it. ISS-only: QEMU 7.2 does not
 * clear MPRV on xRET (a 1.12 rule). */
#include "vm.h"

#define VA_S  0x00400000        /* page_a, R W */
#define VA_U  0x00401000        /* page_a, U R W */
#define VA_XO 0x00402000        /* page_a, X */

/* M runs insn with MPRV = 1, MPP = mode and the extra mstatus bits set,
 * then clears them again (a trap on insn leaves MPP = M). */
	.macro AS_IF mode, bits, insn
	li t0, MSTATUS_MPP
	csrc mstatus, t0
	li t0, (\mode << 11) | MSTATUS_MPRV | \bits
	csrs mstatus, t0
	\insn
	li t0, MSTATUS_MPRV | \bits
	csrc mstatus, t0
	.endm

	.macro LOAD_WORKS n, mode, bits, insn
	CASE \n
	CLEAR_TRAPS
	li a0, 0
	AS_IF \mode, \bits, "\insn"
	EXPECT TRAP_COUNT, 0
	EXPECT a0, 0xaaaa
	.endm

	.macro LOAD_FAULTS n, mode, bits, insn, va
	CASE \n
	CLEAR_TRAPS
	li a0, 0
	AS_IF \mode, \bits, "\insn"
	EXPECT_TRAP 1, CAUSE_LOAD_PAGE_FAULT
	EXPECT TRAP_TVAL, \va
	EXPECT a0, 0
	.endm

	TEST_BEGIN
	SET_MTVEC env_trap_m_record

	VM_BASE_MAP pt_root
	PTE_TO pt_root, 0, pt_l1, PTE_TABLE
	PTE_TO pt_l1, 2, pt_l0, PTE_TABLE
	PTE_TO pt_l0, 0, page_a, PTE_KERNEL_RW
	PTE_TO pt_l0, 1, page_a, PTE_USER_RW
	PTE_TO pt_l0, 2, page_a, PTE_V | PTE_X | PTE_A
	SATP_SV39 pt_root
	la a1, page_a
	li a2, 0xaaaa
	sd a2, 0(a1)
	li s0, VA_S
	li s1, VA_U
	li s2, VA_XO

	LOAD_WORKS 1, PRIV_S, 0, "ld a0, 0(s0)"
	LOAD_WORKS 2, PRIV_U, 0, "ld a0, 0(s1)"
	LOAD_FAULTS 3, PRIV_U, 0, "ld a0, 0(s0)", VA_S
	LOAD_FAULTS 4, PRIV_S, 0, "ld a0, 0(s1)", VA_U
	LOAD_WORKS 5, PRIV_S, MSTATUS_SUM, "ld a0, 0(s1)"
	LOAD_FAULTS 6, PRIV_S, 0, "ld a0, 0(s2)", VA_XO
	LOAD_WORKS 7, PRIV_S, MSTATUS_MXR, "ld a0, 0(s2)"
	/* MPP = M: no translation, physical addresses work */
	LOAD_WORKS 8, PRIV_M, 0, "ld a0, 0(a1)"
	/* stores too */
	CASE 9
	li a2, 0xbbbb
	AS_IF PRIV_S, 0, "sd a2, 8(s0)"
	ld a0, 8(a1)
	EXPECT a0, 0xbbbb
	CASE 10
	CLEAR_TRAPS
	AS_IF PRIV_U, 0, "sd a2, 8(s0)"
	EXPECT_TRAP 1, CAUSE_STORE_PAGE_FAULT
	EXPECT TRAP_TVAL, VA_S + 8

	/* mret to S clears MPRV */
	SET_MTVEC env_trap_m_catch
	CASE 11
	li t0, MSTATUS_MPRV
	csrs mstatus, t0
	RESUME_AT 2f
	GOTO_S 1f
1:	ecall
2:	csrr a0, mstatus
	li t0, MSTATUS_MPRV
	and a0, a0, t0
	EXPECT a0, 0
	/* sret from M to S clears it */
	CASE 12
	li t0, MSTATUS_MPP
	csrs mstatus, t0                /* MPP = M: M's accesses untranslated */
	li t0, MSTATUS_MPRV | MSTATUS_SPP
	csrs mstatus, t0
	la t0, 1f
	csrw sepc, t0
	RESUME_AT 2f
	sret
1:	ecall
2:	csrr a0, mstatus
	li t0, MSTATUS_MPRV
	and a0, a0, t0
	EXPECT a0, 0
	/* mret to M keeps it */
	CASE 13
	li t0, MSTATUS_MPRV
	csrs mstatus, t0
	MRET_TO PRIV_M, 1f
1:	csrr a0, mstatus
	li t0, MSTATUS_MPRV
	csrc mstatus, t0
	and a0, a0, t0
	EXPECT a0, MSTATUS_MPRV

	TEST_PASS

	.data
	.align 12
pt_root:
	.skip PAGE_SIZE
pt_l1:
	.skip PAGE_SIZE
pt_l0:
	.skip PAGE_SIZE
page_a:
	.skip PAGE_SIZE
