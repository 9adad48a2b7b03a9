/* When an interrupt is taken. One destined for M is taken in S and U
 * whatever mstatus.MIE says, and needs only its mie bit; one delegated to
 * S is taken in U whatever SIE says, in S only with SIE, never in M.
 * Simultaneous interrupts go to the more privileged destination first. */
#include "test.h"

#define S_IRQS (MIP_SSIP | MIP_STIP | (1 << IRQ_S_EXT))

	TEST_BEGIN
	SET_MTVEC env_trap_m_catch
	SET_STVEC env_trap_s_catch
	li s0, CLINT_MSIP
	li s1, CLINT_MTIMECMP
	li t0, -1
	sd t0, 0(s1)

	/* M's software interrupt, with mstatus.MIE = 0, from S and from U */
	li t0, 1
	sw t0, 0(s0)
	WAIT_MIP_SET MIP_MSIP
	li t0, MIP_MSIP
	csrw mie, t0
	li t0, MSTATUS_MPIE
	csrc mstatus, t0
	M_TAKES 1, PRIV_S, IRQ_M_SOFT
	M_TAKES 2, PRIV_U, IRQ_M_SOFT

	/* without its mie bit it waits, in any mode */
	CASE 3
	CLEAR_TRAPS
	csrw mie, zero
	GOTO_S 1f
1:	nop
	TO_M
	EXPECT TRAP_COUNT, 0
	sw zero, 0(s0)
	WAIT_MIP_CLEAR MIP_MSIP

	/* a delegated interrupt: taken in U with SIE = 0 ... */
	li t0, MIP_SSIP
	csrw mideleg, t0
	csrs mip, t0
	csrw mie, t0
	csrci sstatus, MSTATUS_SIE
	S_TAKES 4, PRIV_U, IRQ_S_SOFT
	/* ... not in S with SIE = 0, until SIE is set */
	CASE 5
	CLEAR_TRAPS
	csrci sstatus, MSTATUS_SIE
	RESUME_AT 3f
	GOTO_S 1f
1:	nop
	nop
	csrsi sstatus, MSTATUS_SIE
2:	nop
	j env_fail
3:	TO_M
	EXPECT_TRAP 1, CAUSE_IRQ(IRQ_S_SOFT)
	EXPECT_ADDR TRAP_EPC, 2b

	/* M before S: a timer interrupt for M and a software interrupt
	 * delegated to S, both pending in S with SIE set */
	li t0, MIP_SSIP
	csrw mideleg, t0
	csrs mip, t0
	sd zero, 0(s1)
	WAIT_MIP_SET MIP_MTIP
	li t0, MIP_SSIP | MIP_MTIP
	csrw mie, t0
	csrsi sstatus, MSTATUS_SIE
	M_TAKES 6, PRIV_S, IRQ_M_TIMER
	li t0, -1
	sd t0, 0(s1)
	WAIT_MIP_CLEAR MIP_MTIP
	S_TAKES 7, PRIV_S, IRQ_S_SOFT

	TEST_PASS
