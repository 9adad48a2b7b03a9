/* Supervisor interrupts raised by software: M writes mip.SSIP, mip.STIP
 * and mip.SEIP; S may write sip.SSIP but not sip.STIP / sip.SEIP. Not
 * delegated, they trap to M (causes 1, 5, 9); delegated through mideleg,
 * they are never taken in M and trap to S with scause = interrupt | n,
 * sepc = the interrupted instruction. sip/sie show only delegated bits. */
#include "test.h"

/* a0 = mip & mask */
	.macro MIP_BITS mask
	csrr a0, mip
	andi a0, a0, \mask
	.endm

	TEST_BEGIN
	SET_MTVEC env_trap_m_record
	SET_STVEC env_trap_s_record

	/* M sets and clears the three bits */
	CASE 1
	li t0, MIP_SSIP | MIP_STIP | (1 << IRQ_S_EXT)
	csrs mip, t0
	MIP_BITS MIP_SSIP | MIP_STIP | (1 << IRQ_S_EXT)
	EXPECT a0, MIP_SSIP | MIP_STIP | (1 << IRQ_S_EXT)
	csrc mip, t0
	MIP_BITS MIP_SSIP | MIP_STIP | (1 << IRQ_S_EXT)
	EXPECT a0, 0

	/* not delegated: sip and sie show nothing, and an S interrupt goes
	 * to M */
	CASE 2
	li t0, MIP_SSIP
	csrs mip, t0
	csrr a0, sip
	EXPECT a0, 0
	csrs sie, t0
	csrr a0, sie
	EXPECT a0, 0
	csrr a0, mie
	EXPECT a0, 0
	CASE 3
	CLEAR_TRAPS
	li t0, MIP_SSIP
	csrs mie, t0
	csrsi mstatus, MSTATUS_MIE
1:	nop
	csrci mstatus, MSTATUS_MIE
	EXPECT_TRAP 1, CAUSE_IRQ(IRQ_S_SOFT)
	EXPECT_ADDR TRAP_EPC, 1b
	li t0, MIP_SSIP
	csrc mip, t0

	/* delegated: visible through sip / sie; from here on M fails on any
	 * trap but TO_M */
	SET_MTVEC env_trap_m_default
	CASE 4
	li t0, MIP_SSIP | MIP_STIP | (1 << IRQ_S_EXT)
	csrw mideleg, t0
	li t0, MIP_SSIP
	csrs mip, t0
	csrr a0, sip
	EXPECT a0, MIP_SSIP
	csrs sie, t0
	csrr a0, mie
	EXPECT a0, MIP_SSIP

	/* ... never taken in M, even with MIE and SIE set */
	CASE 5
	csrsi mstatus, MSTATUS_MIE | MSTATUS_SIE
	nop
	nop
	csrci mstatus, MSTATUS_MIE

	/* ... taken in S at once with SIE set */
	CASE 6
	CLEAR_TRAPS
	GOTO_S 1f
1:	nop
	TO_M
	EXPECT_TRAP 1, CAUSE_IRQ(IRQ_S_SOFT)
	EXPECT_ADDR TRAP_EPC, 1b
	csrr a0, scause
	EXPECT a0, CAUSE_IRQ(IRQ_S_SOFT)

	/* S clears its own SSIP and may set it again */
	CASE 7
	CLEAR_TRAPS
	GOTO_S 1f
1:	li t0, MIP_SSIP
	csrc sip, t0
	csrr a1, sip
	csrs sie, t0
	nop
	EXPECT TRAP_COUNT, 0
	csrs sip, t0
2:	nop
	TO_M
	EXPECT a1, 0
	EXPECT_TRAP 1, CAUSE_IRQ(IRQ_S_SOFT)
	EXPECT_ADDR TRAP_EPC, 2b
	li t0, MIP_SSIP
	csrc mip, t0

	/* STIP: M raises it, S takes it but cannot clear it */
	CASE 8
	CLEAR_TRAPS
	li t0, MIP_STIP
	csrs mip, t0
	csrs mie, t0
	GOTO_S 1f
1:	nop
	li t0, MIP_STIP
	csrc sip, t0
	csrr a1, sip
	TO_M
	EXPECT_TRAP 1, CAUSE_IRQ(IRQ_S_TIMER)
	EXPECT_ADDR TRAP_EPC, 1b
	EXPECT a1, MIP_STIP
	li t0, MIP_STIP
	csrc mip, t0
	MIP_BITS MIP_STIP
	EXPECT a0, 0

	/* SEIP written by M likewise */
	CASE 9
	CLEAR_TRAPS
	li t0, 1 << IRQ_S_EXT
	csrs mip, t0
	csrs mie, t0
	GOTO_S 1f
1:	nop
	TO_M
	EXPECT_TRAP 1, CAUSE_IRQ(IRQ_S_EXT)
	EXPECT_ADDR TRAP_EPC, 1b
	li t0, 1 << IRQ_S_EXT
	csrc mip, t0

	TEST_PASS
