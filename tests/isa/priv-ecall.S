/* ecall from M, S and U: cause 11, 9 and 8, xepc = the ecall itself,
 * xtval = 0, and the trap's effect on the status fields (xPP = the mode
 * it came from, xPIE = the old xIE, xIE = 0). Delegation through medeleg
 * sends an ecall from U or S to S-mode, but a trap never goes to a less
 * privileged mode: an ecall from M stays in M whatever medeleg says. */
#include "test.h"

#define M_FIELDS (MSTATUS_MPP | MSTATUS_MPIE | MSTATUS_MIE)
#define S_FIELDS (MSTATUS_SPP | MSTATUS_SPIE | MSTATUS_SIE)

	TEST_BEGIN
	SET_MTVEC env_trap_m_catch
	SET_STVEC env_trap_s_catch

	/* from M, with MIE set (mie is zero: nothing can interrupt) */
	CASE 1
	CLEAR_TRAPS
	csrsi mstatus, MSTATUS_MIE
	RESUME_AT 2f
1:	ecall
	j env_fail
2:	EXPECT_TRAP 1, CAUSE_ECALL_M
	EXPECT_ADDR TRAP_EPC, 1b
	EXPECT TRAP_TVAL, 0
	csrr a0, mstatus
	li t0, M_FIELDS
	and a0, a0, t0
	EXPECT a0, MSTATUS_MPP | MSTATUS_MPIE

	/* from S, entered with MPIE = 0 (so MIE = 0 in S) */
	CASE 2
	CLEAR_TRAPS
	li t0, MSTATUS_MPIE
	csrc mstatus, t0
	RESUME_AT 2f
	GOTO_S 1f
1:	ecall
	j env_fail
2:	EXPECT_TRAP 1, CAUSE_ECALL_S
	EXPECT_ADDR TRAP_EPC, 1b
	EXPECT TRAP_TVAL, 0
	csrr a0, mstatus
	li t0, M_FIELDS
	and a0, a0, t0
	EXPECT a0, MSTATUS_MPP_S

	/* from U, entered with MPIE = 1 (MIE = 1 in U) */
	CASE 3
	CLEAR_TRAPS
	li t0, MSTATUS_MPIE
	csrs mstatus, t0
	RESUME_AT 2f
	GOTO_U 1f
1:	ecall
	j env_fail
2:	EXPECT_TRAP 1, CAUSE_ECALL_U
	EXPECT_ADDR TRAP_EPC, 1b
	EXPECT TRAP_TVAL, 0
	csrr a0, mstatus
	li t0, M_FIELDS
	and a0, a0, t0
	EXPECT a0, MSTATUS_MPIE

	/* medeleg[8]: an ecall from U goes to S. M's default handler fails
	 * on anything but the TO_M that follows. */
	CASE 4
	SET_MTVEC env_trap_m_default
	CLEAR_TRAPS
	li t0, 1 << CAUSE_ECALL_U
	csrw medeleg, t0
	csrsi sstatus, MSTATUS_SIE
	RESUME_AT 2f
	GOTO_U 1f
1:	ecall
	j env_fail
2:	csrr a0, sstatus                /* in S */
	TO_M
	EXPECT_TRAP 1, CAUSE_ECALL_U
	EXPECT_ADDR TRAP_EPC, 1b
	EXPECT TRAP_TVAL, 0
	li t0, S_FIELDS
	and a0, a0, t0
	EXPECT a0, MSTATUS_SPIE

	/* medeleg[9]: an ecall from S goes to S, with SPP = S. S then gets
	 * back to M through an illegal instruction (not delegated). */
	CASE 5
	SET_MTVEC env_trap_m_catch
	CLEAR_TRAPS
	li t0, (1 << CAUSE_ECALL_U) | (1 << CAUSE_ECALL_S)
	csrw medeleg, t0
	csrci sstatus, MSTATUS_SIE
	RESUME_AT 2f
	GOTO_S 1f
1:	ecall
	j env_fail
2:	csrr a0, sstatus                /* in S */
	mv a1, TRAP_CAUSE
	mv a2, TRAP_EPC
	mv a3, TRAP_TVAL
	RESUME_AT 3f
	csrr t0, mscratch               /* illegal in S: to M */
	j env_fail
3:	EXPECT TRAP_CAUSE, CAUSE_ILLEGAL_INSN
	EXPECT a1, CAUSE_ECALL_S
	EXPECT_ADDR a2, 1b
	EXPECT a3, 0
	li t0, S_FIELDS
	and a0, a0, t0
	EXPECT a0, MSTATUS_SPP

	/* ecall from M with every ecall bit of medeleg set: still M */
	CASE 6
	CLEAR_TRAPS
	li t0, (1 << CAUSE_ECALL_U) | (1 << CAUSE_ECALL_S) | (1 << CAUSE_ECALL_M)
	csrw medeleg, t0
	RESUME_AT 2f
1:	ecall
	j env_fail
2:	EXPECT_TRAP 1, CAUSE_ECALL_M
	EXPECT_ADDR TRAP_EPC, 1b

	/* medeleg[8] alone does not delegate an ecall from S */
	CASE 7
	CLEAR_TRAPS
	li t0, 1 << CAUSE_ECALL_U
	csrw medeleg, t0
	RESUME_AT 2f
	GOTO_S 1f
1:	ecall
	j env_fail
2:	EXPECT_TRAP 1, CAUSE_ECALL_S
	EXPECT_ADDR TRAP_EPC, 1b
	csrr a0, mstatus
	li t0, MSTATUS_MPP
	and a0, a0, t0
	EXPECT a0, MSTATUS_MPP_S

	TEST_PASS
