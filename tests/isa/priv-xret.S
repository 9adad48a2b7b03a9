/* mret and sret: the return goes to xepc in the mode held in xPP; xIE gets
 * xPIE, xPIE becomes 1 and xPP the least privileged mode (U). sret is
 * legal in M as well. The mode after a return is told by the cause of an
 * ecall made there. */
#include "test.h"

#define M_FIELDS (MSTATUS_MPP | MSTATUS_MPIE | MSTATUS_MIE)
#define S_FIELDS (MSTATUS_SPP | MSTATUS_SPIE | MSTATUS_SIE)

/* a0 = mstatus & mask */
	.macro STATUS_FIELDS mask
	csrr a0, mstatus
	li t0, \mask
	and a0, a0, t0
	.endm

	TEST_BEGIN
	SET_MTVEC env_trap_m_catch

	/* mret to M: MIE = MPIE = 1, MPP = U */
	CASE 1
	li t0, MSTATUS_MPIE
	csrs mstatus, t0
	MRET_TO PRIV_M, 1f
1:	STATUS_FIELDS M_FIELDS
	EXPECT a0, MSTATUS_MPIE | MSTATUS_MIE
	/* and with MPIE = 0: MIE = 0, MPIE = 1 */
	CASE 2
	li t0, MSTATUS_MPIE
	csrc mstatus, t0
	MRET_TO PRIV_M, 1f
1:	STATUS_FIELDS M_FIELDS
	EXPECT a0, MSTATUS_MPIE

	/* mret to S with MPIE = 1: S runs with MIE = 1, which the next trap
	 * moves to MPIE */
	CASE 3
	CLEAR_TRAPS
	li t0, MSTATUS_MPIE
	csrs mstatus, t0
	csrci mstatus, MSTATUS_MIE
	RESUME_AT 2f
	GOTO_S 1f
1:	ecall
	j env_fail
2:	EXPECT_TRAP 1, CAUSE_ECALL_S
	STATUS_FIELDS M_FIELDS
	EXPECT a0, MSTATUS_MPP_S | MSTATUS_MPIE

	/* mret to U with MPIE = 0 */
	CASE 4
	CLEAR_TRAPS
	li t0, MSTATUS_MPIE
	csrc mstatus, t0
	RESUME_AT 2f
	GOTO_U 1f
1:	ecall
	j env_fail
2:	EXPECT_TRAP 1, CAUSE_ECALL_U
	STATUS_FIELDS M_FIELDS
	EXPECT a0, 0

	/* mret leaves the S fields alone */
	CASE 5
	CLEAR_TRAPS
	li t0, MSTATUS_SPP | MSTATUS_SIE
	csrs mstatus, t0
	li t0, MSTATUS_SPIE
	csrc mstatus, t0
	RESUME_AT 2f
	GOTO_U 1f
1:	ecall
2:	STATUS_FIELDS S_FIELDS
	EXPECT a0, MSTATUS_SPP | MSTATUS_SIE

	/* sret in S with SPP = S: stays in S; SIE = SPIE = 1, SPP = U */
	CASE 6
	CLEAR_TRAPS
	li t0, MSTATUS_SPP | MSTATUS_SPIE
	csrs mstatus, t0
	csrci mstatus, MSTATUS_SIE
	RESUME_AT 3f
	GOTO_S 1f
1:	la t0, 2f
	csrw sepc, t0
	sret
	j env_fail
2:	csrr a1, sstatus
	ecall
	j env_fail
3:	EXPECT_TRAP 1, CAUSE_ECALL_S
	li t0, S_FIELDS
	and a1, a1, t0
	EXPECT a1, MSTATUS_SPIE | MSTATUS_SIE

	/* sret in S with SPP = U and SPIE = 0: to U, SIE = 0 */
	CASE 7
	CLEAR_TRAPS
	li t0, MSTATUS_SPP | MSTATUS_SPIE
	csrc mstatus, t0
	csrsi mstatus, MSTATUS_SIE
	RESUME_AT 3f
	GOTO_S 1f
1:	la t0, 2f
	csrw sepc, t0
	sret
	j env_fail
2:	ecall
	j env_fail
3:	EXPECT_TRAP 1, CAUSE_ECALL_U
	STATUS_FIELDS S_FIELDS
	EXPECT a0, MSTATUS_SPIE

	/* sret in M goes to the mode in SPP */
	CASE 8
	CLEAR_TRAPS
	li t0, MSTATUS_SPP | MSTATUS_SPIE
	csrs mstatus, t0
	csrci mstatus, MSTATUS_SIE
	la t0, 2f
	csrw sepc, t0
	RESUME_AT 3f
	sret
	j env_fail
2:	ecall
	j env_fail
3:	EXPECT_TRAP 1, CAUSE_ECALL_S
	STATUS_FIELDS S_FIELDS
	EXPECT a0, MSTATUS_SPIE | MSTATUS_SIE
	CASE 9
	CLEAR_TRAPS
	la t0, 2f
	csrw sepc, t0
	RESUME_AT 3f
	sret                            /* SPP is U after the last sret */
	j env_fail
2:	ecall
	j env_fail
3:	EXPECT_TRAP 1, CAUSE_ECALL_U

	TEST_PASS
