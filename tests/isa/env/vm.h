/* Sv39 helpers for the ISA tests that turn on translation. They share one
 * layout, built by VM_BASE_MAP into a root table the test provides:
 *   VA 0x80000000, 1 GiB -> PA 0x80000000, without U: the image as S sees
 *                           it (code, data, tohost; trap vectors work)
 *   VA 0x40000000, 1 GiB -> PA 0x80000000, with U: the same image for U,
 *                           at the physical address minus USER_OFFSET
 * and add their own mappings below VA 0x40000000. Every PTE the tests
 * expect to work has A (and D where writable) set, so hardware that
 * updates A/D and hardware that faults on them (Svade) agree. Code runs
 * position-independent, so a routine runs at either alias.
 */
#ifndef TEA_ISA_VM_H
#define TEA_ISA_VM_H

#include "test.h"

#define USER_OFFSET 0x40000000
#define PAGE_SIZE   4096
#define MEGAPAGE    0x200000
#define ENV_FREE_2M 0x80200000  /* free physical 2 MiB page (link.ld) */

/* leaf permissions, with A and D */
#define PTE_KERNEL_RWX (PTE_V | PTE_R | PTE_W | PTE_X | PTE_A | PTE_D)
#define PTE_USER_RWX   (PTE_KERNEL_RWX | PTE_U)
#define PTE_KERNEL_RW  (PTE_V | PTE_R | PTE_W | PTE_A | PTE_D)
#define PTE_USER_RW    (PTE_KERNEL_RW | PTE_U)
#define PTE_TABLE      PTE_V

#ifdef __ASSEMBLER__

/* table[index] = PTE for the physical address in register pa, with the
 * flags (any bits of 9:0) in register or immediate form. Clobbers t5, t6. */
	.macro PTE_STORE table, index, pa, flags
	srli t6, \pa, 12
	slli t6, t6, PTE_PPN_SHIFT
	li t5, \flags
	or t6, t6, t5
	la t5, \table + (\index * 8)
	sd t6, 0(t5)
	.endm

/* table[index] = PTE for the physical address of label. Clobbers t4-t6. */
	.macro PTE_TO table, index, label, flags
	la t4, \label
	PTE_STORE \table, \index, t4, \flags
	.endm

/* table[index] = PTE for the constant physical address pa. */
	.macro PTE_AT table, index, pa, flags
	li t4, \pa
	PTE_STORE \table, \index, t4, \flags
	.endm

/* The two gigapages of the shared layout. */
	.macro VM_BASE_MAP root
	PTE_AT \root, 2, 0x80000000, PTE_KERNEL_RWX
	PTE_AT \root, 1, 0x80000000, PTE_USER_RWX
	.endm

/* satp = Sv39 with root; then orders the table stores before the walks. */
	.macro SATP_SV39 root
	la t6, \root
	srli t6, t6, 12
	li t5, SATP_MODE_SV39
	or t6, t6, t5
	csrw satp, t6
	sfence.vma
	.endm

/* reg = the U alias of label */
	.macro LA_USER reg, label
	la \reg, \label
	li t5, USER_OFFSET
	sub \reg, \reg, t5
	.endm

/* Continues at the U alias of label in U-mode. Clobbers t5, t6. */
	.macro GOTO_U_VM label
	li t6, MSTATUS_MPP
	csrc mstatus, t6
	LA_USER t6, \label
	csrw mepc, t6
	mret
	.endm

/* From U code at the U alias: continues at label's physical address in
 * M-mode with mstatus.MIE = 0, like TO_M. */
	.macro USER_TO_M label
	la TRAP_RESUME, \label + 1
	li t6, USER_OFFSET
	add TRAP_RESUME, TRAP_RESUME, t6
	ecall
	.endm

/* The checks of the Sv39 tests. a1 = va and a2 = 0x77 are the operands of
 * insn. Traps resume through TRAP_RESUME, since a U-mode pc is not its
 * physical address. */

/* insn faults with cause and tval = va; a0 keeps its value. */
	.macro FAULT n, insn, va, cause
	CASE \n
	CLEAR_TRAPS
	li a1, \va
	li a2, 0x77
	li a0, 0x5a5a
	RESUME_AT .Lnext\@
.Linsn\@:
	\insn
	j env_fail
.Lnext\@:
	EXPECT_TRAP 1, \cause
	EXPECT_ADDR TRAP_EPC, .Linsn\@
	EXPECT TRAP_TVAL, \va
	EXPECT a0, 0x5a5a
	.endm

/* A jump to va faults on the fetch with xtval = tval. */
	.macro FETCH_FAULT n, va, tval
	CASE \n
	CLEAR_TRAPS
	RESUME_AT .Lback\@
	li a1, \va
	jalr a1
	j env_fail
.Lback\@:
	EXPECT_TRAP 1, CAUSE_FETCH_PAGE_FAULT
	EXPECT TRAP_EPC, \va
	EXPECT TRAP_TVAL, \tval
	.endm

/* insn runs without a trap. */
	.macro WORKS n, insn, va
	CASE \n
	CLEAR_TRAPS
	li a1, \va
	li a2, 0x77
	\insn
	EXPECT TRAP_COUNT, 0
	.endm

#endif /* __ASSEMBLER__ */

#endif
