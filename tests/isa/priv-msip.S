/* The machine software interrupt: bit 0 of the CLINT's msip register
 * drives mip.MSIP (read-only in mip); the interrupt (cause 3) is taken in
 * M with mie.MSIE and mstatus.MIE, and a handler that clears msip returns
 * to the interrupted instruction without taking it again. */
#include "test.h"

	TEST_BEGIN
	SET_MTVEC env_trap_m_record
	li s0, CLINT_MSIP

	CASE 1
	li t0, 1
	sw t0, 0(s0)
	WAIT_MIP_SET MIP_MSIP
	lw a0, 0(s0)
	EXPECT a0, 1
	/* mip.MSIP is not writable */
	CASE 2
	li t0, MIP_MSIP
	csrc mip, t0
	csrr a0, mip
	andi a0, a0, MIP_MSIP
	EXPECT a0, MIP_MSIP
	CASE 3
	sw zero, 0(s0)
	WAIT_MIP_CLEAR MIP_MSIP
	lw a0, 0(s0)
	EXPECT a0, 0
	li t0, MIP_MSIP
	csrs mip, t0
	csrr a0, mip
	andi a0, a0, MIP_MSIP
	EXPECT a0, 0
	/* only bit 0 of msip exists */
	CASE 4
	li t0, 0xfffffffe
	sw t0, 0(s0)
	lw a0, 0(s0)
	EXPECT a0, 0
	csrr a0, mip
	andi a0, a0, MIP_MSIP
	EXPECT a0, 0

	/* pending with MIE = 0: nothing; then MIE = 1: taken before the next
	 * instruction */
	CASE 5
	CLEAR_TRAPS
	li t0, MIP_MSIP
	csrs mie, t0
	li t0, 1
	sw t0, 0(s0)
	WAIT_MIP_SET MIP_MSIP
	EXPECT TRAP_COUNT, 0
	csrsi mstatus, MSTATUS_MIE
1:	nop
	csrci mstatus, MSTATUS_MIE
	EXPECT_TRAP 1, CAUSE_IRQ(IRQ_M_SOFT)
	EXPECT_ADDR TRAP_EPC, 1b
	EXPECT TRAP_TVAL, 0

	/* a handler that clears the source: one interrupt, mie untouched */
	CASE 6
	SET_MTVEC msip_handler
	li a4, 0
	li t0, MIP_MSIP
	csrs mie, t0
	csrsi mstatus, MSTATUS_MIE
	nop
	nop
	csrci mstatus, MSTATUS_MIE
	EXPECT a4, 1
	csrr a0, mie
	andi a0, a0, MIP_MSIP
	EXPECT a0, MIP_MSIP
	lw a0, 0(s0)
	EXPECT a0, 0

	TEST_PASS

/* Counts in a4 and lowers msip; waits until mip shows it, so that mret
 * cannot meet the old level. */
	.align 2
msip_handler:
	addi a4, a4, 1
	csrr t0, mcause
	li t1, CAUSE_IRQ(IRQ_M_SOFT)
	bne t0, t1, env_fail
	sw zero, 0(s0)
	WAIT_MIP_CLEAR MIP_MSIP
	mret
