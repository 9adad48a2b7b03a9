/* Changing translations from S-mode: after a PTE store and an sfence.vma
 * (all, by address, by address and ASID, by ASID) the new mapping is the
 * one used, for data and for instruction fetch, including a PTE made
 * invalid, made valid again and given more permissions; and a satp write
 * (with sfence.vma) switches to another table. The old mapping is always
 * used first, so that a translation cache holds it. */
#include "vm.h"

#define VA_DATA 0x00400000      /* page_a or page_b */
#define VA_CODE 0x00401000      /* code_a or code_b */

/* pt_l0[index] = PTE for label with flags, stored from S. */
	.macro SET_L0 index, label, flags
	PTE_TO pt_l0, \index, \label, \flags
	.endm

	TEST_BEGIN
	SET_MTVEC env_trap_m_record

	/* root: VA_DATA -> page_a; root2: VA_DATA -> page_b */
	VM_BASE_MAP pt_root
	PTE_TO pt_root, 0, pt_l1, PTE_TABLE
	PTE_TO pt_l1, 2, pt_l0, PTE_TABLE
	SET_L0 0, page_a, PTE_KERNEL_RW
	SET_L0 1, code_a, PTE_V | PTE_R | PTE_X | PTE_A
	VM_BASE_MAP pt_root2
	PTE_TO pt_root2, 0, pt_l1b, PTE_TABLE
	PTE_TO pt_l1b, 2, pt_l0b, PTE_TABLE
	PTE_TO pt_l0b, 0, page_b, PTE_KERNEL_RW
	la a1, page_a
	li a2, 0xaaaa
	sd a2, 0(a1)
	la a1, page_b
	li a2, 0xbbbb
	sd a2, 0(a1)
	SATP_SV39 pt_root
	GOTO_S 1f
1:	li s0, VA_DATA

	/* sfence.vma for everything */
	CASE 1
	ld a0, 0(s0)
	EXPECT a0, 0xaaaa
	SET_L0 0, page_b, PTE_KERNEL_RW
	sfence.vma
	ld a0, 0(s0)
	EXPECT a0, 0xbbbb
	/* for one address */
	CASE 2
	SET_L0 0, page_a, PTE_KERNEL_RW
	sfence.vma s0
	ld a0, 0(s0)
	EXPECT a0, 0xaaaa
	/* for one address in ASID 0 (rs2 names a register holding 0) */
	CASE 3
	SET_L0 0, page_b, PTE_KERNEL_RW
	li a2, 0
	sfence.vma s0, a2
	ld a0, 0(s0)
	EXPECT a0, 0xbbbb
	/* for all addresses in ASID 0 */
	CASE 4
	SET_L0 0, page_a, PTE_KERNEL_RW
	sfence.vma zero, a2
	ld a0, 0(s0)
	EXPECT a0, 0xaaaa

	/* made invalid: the load faults; valid again: it works */
	CASE 5
	CLEAR_TRAPS
	SET_L0 0, page_a, PTE_KERNEL_RW & ~PTE_V
	sfence.vma s0
	li a0, 0
	ld a0, 0(s0)
	EXPECT_TRAP 1, CAUSE_LOAD_PAGE_FAULT
	EXPECT TRAP_TVAL, VA_DATA
	EXPECT a0, 0
	CASE 6
	SET_L0 0, page_a, PTE_KERNEL_RW
	sfence.vma s0
	ld a0, 0(s0)
	EXPECT a0, 0xaaaa
	EXPECT TRAP_COUNT, 1

	/* read-only, then writable */
	CASE 7
	CLEAR_TRAPS
	SET_L0 0, page_a, PTE_V | PTE_R | PTE_A
	sfence.vma s0
	li a2, 0xcccc
	sd a2, 0(s0)
	EXPECT_TRAP 1, CAUSE_STORE_PAGE_FAULT
	SET_L0 0, page_a, PTE_KERNEL_RW
	sfence.vma s0
	sd a2, 0(s0)
	ld a0, 0(s0)
	EXPECT a0, 0xcccc
	EXPECT TRAP_COUNT, 1

	/* instruction fetch follows a remapped code page */
	CASE 8
	li s1, VA_CODE
	jalr s1
	EXPECT a0, 1
	SET_L0 1, code_b, PTE_V | PTE_R | PTE_X | PTE_A
	sfence.vma
	jalr s1
	EXPECT a0, 2

	/* another root table */
	CASE 9
	la t0, pt_root2
	srli t0, t0, 12
	li t1, SATP_MODE_SV39
	or t0, t0, t1
	csrrw s2, satp, t0
	sfence.vma
	ld a0, 0(s0)
	EXPECT a0, 0xbbbb
	csrw satp, s2
	sfence.vma
	ld a0, 0(s0)
	EXPECT a0, 0xcccc
	TO_M

	TEST_PASS

	.align 12
code_a:
	li a0, 1
	ret
	.align 12
code_b:
	li a0, 2
	ret
	.align 12

	.data
	.align 12
pt_root:
	.skip PAGE_SIZE
pt_l1:
	.skip PAGE_SIZE
pt_l0:
	.skip PAGE_SIZE
pt_root2:
	.skip PAGE_SIZE
pt_l1b:
	.skip PAGE_SIZE
pt_l0b:
	.skip PAGE_SIZE
page_a:
	.skip PAGE_SIZE
page_b:
	.skip PAGE_SIZE
