/* wfi: returns when an interrupt is pending and enabled in mie/sie, even
 * with the global enable off (and then takes no trap); with the global
 * enable on, the interrupt that ends it is taken with mepc after the wfi.
 * S-mode may use wfi while mstatus.TW = 0. */
#include "test.h"

	TEST_BEGIN
	SET_MTVEC env_trap_m_record
	li s0, CLINT_MSIP
	li s1, CLINT_MTIMECMP
	li s2, CLINT_MTIME
	li t0, -1
	sd t0, 0(s1)

	/* already pending, MIE = 0: wfi goes on, no trap */
	CASE 1
	CLEAR_TRAPS
	li t0, 1
	sw t0, 0(s0)
	WAIT_MIP_SET MIP_MSIP
	li t0, MIP_MSIP
	csrw mie, t0
	wfi
	EXPECT TRAP_COUNT, 0
	sw zero, 0(s0)
	WAIT_MIP_CLEAR MIP_MSIP

	/* pending later (timer), MIE = 0: wfi goes on, no trap */
	CASE 2
	CLEAR_TRAPS
	li t0, MIP_MTIP
	csrw mie, t0
	ld t0, 0(s2)
	addi t0, t0, 50
	sd t0, 0(s1)
	wfi
	li a2, 1000000
1:	csrr a0, mip
	andi a0, a0, MIP_MTIP
	bnez a0, 2f
	addi a2, a2, -1
	bnez a2, 1b
	j env_fail
2:	EXPECT TRAP_COUNT, 0

	/* pending later, MIE = 1: the trap comes after the wfi */
	CASE 3
	CLEAR_TRAPS
	li t0, -1
	sd t0, 0(s1)
	WAIT_MIP_CLEAR MIP_MTIP
	li t0, MIP_MTIP
	csrw mie, t0
	ld t0, 0(s2)
	addi t0, t0, 50
	sd t0, 0(s1)
	csrsi mstatus, MSTATUS_MIE
	wfi
1:	li a2, 1000000
2:	bnez TRAP_COUNT, 3f
	addi a2, a2, -1
	bnez a2, 2b
	j env_fail
3:	csrci mstatus, MSTATUS_MIE
	EXPECT_TRAP 1, CAUSE_IRQ(IRQ_M_TIMER)
	la t0, 1b
	bltu TRAP_EPC, t0, env_fail
	la t0, 3b
	bgeu TRAP_EPC, t0, env_fail
	li t0, -1
	sd t0, 0(s1)

	/* S-mode, TW = 0: an S interrupt pending in sie with SIE = 0 ends
	 * the wfi without a trap */
	CASE 4
	CLEAR_TRAPS
	li t0, MIP_SSIP
	csrw mideleg, t0
	csrw mie, t0
	csrs mip, t0
	csrci sstatus, MSTATUS_SIE
	li t0, MSTATUS_TW
	csrc mstatus, t0
	SET_STVEC env_trap_s_record
	GOTO_S 1f
1:	wfi
	TO_M
	EXPECT TRAP_COUNT, 0

	TEST_PASS
