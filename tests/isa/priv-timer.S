/* The machine timer of the CLINT: mtime moves forward, mip.MTIP follows
 * mtime >= mtimecmp (and no software write to mip changes it), and the
 * interrupt (cause 7, interrupt bit set, mepc = the next instruction to
 * run, mtval = 0) is taken in M only with both mie.MTIE and mstatus.MIE,
 * at once when they are set while it is pending, or later when mtime
 * reaches mtimecmp. mtimecmp can be written in 32-bit halves. */
#include "test.h"

	TEST_BEGIN
	SET_MTVEC env_trap_m_record
	li s0, CLINT_MTIMECMP
	li s1, CLINT_MTIME

	/* mtime moves forward */
	CASE 1
	ld a0, 0(s1)
	li a2, 100000
1:	addi a2, a2, -1
	beqz a2, env_fail
	ld a1, 0(s1)
	beq a1, a0, 1b
	bltu a1, a0, env_fail

	/* mtimecmp in the far future: not pending */
	CASE 2
	li t0, -1
	sd t0, 0(s0)
	WAIT_MIP_CLEAR MIP_MTIP
	ld a0, 0(s0)
	EXPECT a0, -1

	/* mtimecmp in the past: pending, but not taken while either enable
	 * is off */
	CASE 3
	CLEAR_TRAPS
	sd zero, 0(s0)
	WAIT_MIP_SET MIP_MTIP
	csrsi mstatus, MSTATUS_MIE
	nop
	csrci mstatus, MSTATUS_MIE
	li t0, MIP_MTIP
	csrs mie, t0
	nop
	EXPECT TRAP_COUNT, 0

	/* both on: taken before the next instruction */
	CASE 4
	csrsi mstatus, MSTATUS_MIE
1:	nop
	csrci mstatus, MSTATUS_MIE
	EXPECT_TRAP 1, CAUSE_IRQ(IRQ_M_TIMER)
	EXPECT_ADDR TRAP_EPC, 1b
	EXPECT TRAP_TVAL, 0

	/* software cannot clear mip.MTIP, only a later mtimecmp can */
	CASE 5
	li t0, MIP_MTIP
	csrc mip, t0
	csrr a0, mip
	andi a0, a0, MIP_MTIP
	EXPECT a0, MIP_MTIP
	CASE 6
	li t0, -1
	sd t0, 0(s0)
	WAIT_MIP_CLEAR MIP_MTIP
	li t0, MIP_MTIP
	csrs mip, t0
	csrr a0, mip
	andi a0, a0, MIP_MTIP
	EXPECT a0, 0

	/* a deadline a little ahead: the interrupt comes while spinning,
	 * not before mtime reaches it */
	CASE 7
	CLEAR_TRAPS
	ld a0, 0(s1)
	addi a0, a0, 20
	sd a0, 0(s0)
	li t0, MIP_MTIP
	csrs mie, t0
	csrsi mstatus, MSTATUS_MIE
	li a2, 1000000
1:	bnez TRAP_COUNT, 2f
	addi a2, a2, -1
	bnez a2, 1b
	j env_fail
2:	csrci mstatus, MSTATUS_MIE
	ld a1, 0(s1)
	bltu a1, a0, env_fail
	EXPECT_TRAP 1, CAUSE_IRQ(IRQ_M_TIMER)
	/* the interrupted instruction lies in the loop */
	la a3, 1b
	bltu TRAP_EPC, a3, env_fail
	la a3, 2b
	bgeu TRAP_EPC, a3, env_fail

	/* mtimecmp written as two 32-bit halves */
	CASE 8
	li t0, -1
	sw t0, 4(s0)
	li t0, 0x12345678
	sw t0, 0(s0)
	li t0, 0x9abc
	sw t0, 4(s0)
	ld a0, 0(s0)
	EXPECT a0, 0x00009abc12345678
	lw a0, 4(s0)
	EXPECT a0, 0x9abc
	li t0, -1
	sd t0, 0(s0)

	TEST_PASS
