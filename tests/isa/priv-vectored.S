/* Vectored trap vectors (xtvec.MODE = 1): interrupts enter at BASE + 4 *
 * cause, exceptions at BASE, for mtvec and for stvec. Each vector slot
 * notes which table and slot it is in a5 and goes on into the recording
 * handler. */
#include "test.h"

#define S_TAG 0x100     /* added to the slot number by stvec's stubs */

/* Enables interrupt `slot` (pending already) in M and expects one trap
 * through mtvec's vector slot `slot`. */
	.macro VECTOR_IRQ n, slot
	CASE \n
	CLEAR_TRAPS
	li a5, -1
	li t0, 1 << \slot
	csrs mie, t0
	csrsi mstatus, MSTATUS_MIE
	nop
	csrci mstatus, MSTATUS_MIE
	EXPECT_TRAP 1, CAUSE_IRQ(\slot)
	EXPECT a5, \slot
	.endm

/* Raises S-level interrupt `irq` from M, delegated, and expects it to
 * enter S through stvec's slot `irq` when U runs. */
	.macro S_VECTOR_IRQ n, irq
	CASE \n
	CLEAR_TRAPS
	li a6, -1
	li t0, 1 << \irq
	csrs mip, t0
	csrs mie, t0
	GOTO_U .Lu\@
.Lu\@:
	mv a6, a5
	TO_M
	EXPECT_TRAP 1, CAUSE_IRQ(\irq)
	EXPECT a6, S_TAG + \irq
	li t0, 1 << \irq
	csrc mip, t0
	.endm

/* 12 one-instruction slots (causes 0 to 11), each to its own stub */
	.macro VECTOR_TABLE mode
	.option push
	.option norvc
	.irp slot, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11
	j \mode\()_slot_\slot
	.endr
	.option pop
	.endm

/* The stubs: note tag + slot in a5, then record the trap. */
	.macro VECTOR_SLOTS mode, tag
	.irp slot, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11
\mode\()_slot_\slot:
	li a5, \tag + \slot
	j env_trap_\mode\()_record
	.endr
	.endm

	TEST_BEGIN
	li s0, CLINT_MSIP
	li s1, CLINT_MTIMECMP
	li t0, -1
	sd t0, 0(s1)

	CASE 1
	la t0, m_vectors
	ori t0, t0, 1
	csrw mtvec, t0
	csrr a0, mtvec
	EXPECT_SAME a0, t0
	la t0, s_vectors
	ori t0, t0, 1
	csrw stvec, t0
	csrr a0, stvec
	EXPECT_SAME a0, t0

	/* an exception enters at BASE */
	CASE 2
	CLEAR_TRAPS
	li a5, -1
	ecall
	EXPECT_TRAP 1, CAUSE_ECALL_M
	EXPECT a5, 0

	/* interrupts for M, each at its own slot */
	li t0, 1
	sw t0, 0(s0)
	WAIT_MIP_SET MIP_MSIP
	VECTOR_IRQ 3, IRQ_M_SOFT
	sw zero, 0(s0)
	sd zero, 0(s1)
	WAIT_MIP_SET MIP_MTIP
	VECTOR_IRQ 4, IRQ_M_TIMER
	li t0, -1
	sd t0, 0(s1)
	li t0, MIP_SSIP
	csrs mip, t0
	VECTOR_IRQ 5, IRQ_S_SOFT
	li t0, MIP_SSIP
	csrc mip, t0
	li t0, MIP_STIP
	csrs mip, t0
	VECTOR_IRQ 6, IRQ_S_TIMER
	li t0, MIP_STIP
	csrc mip, t0
	li t0, 1 << IRQ_S_EXT
	csrs mip, t0
	VECTOR_IRQ 7, IRQ_S_EXT
	li t0, 1 << IRQ_S_EXT
	csrc mip, t0

	/* delegated to S: stvec's slots, taken in U; a6 keeps the slot
	 * number across the TO_M, which goes through mtvec's slot 0 */
	li t0, MIP_SSIP | MIP_STIP | (1 << IRQ_S_EXT)
	csrw mideleg, t0
	S_VECTOR_IRQ 8, IRQ_S_SOFT
	S_VECTOR_IRQ 9, IRQ_S_TIMER
	S_VECTOR_IRQ 10, IRQ_S_EXT

	/* a delegated exception enters at stvec's BASE */
	CASE 11
	CLEAR_TRAPS
	li t0, 1 << CAUSE_ILLEGAL_INSN
	csrw medeleg, t0
	li a6, -1
	GOTO_U 1f
1:	csrw sscratch, zero             /* illegal in U */
	mv a6, a5
	TO_M
	EXPECT_TRAP 1, CAUSE_ILLEGAL_INSN
	EXPECT a6, S_TAG

	TEST_PASS

	.align 8
m_vectors:
	VECTOR_TABLE m
	.align 8
s_vectors:
	VECTOR_TABLE s

	VECTOR_SLOTS m, 0
	VECTOR_SLOTS s, S_TAG
