/* Counters: minstret counts retired instructions exactly (the user view
 * instret too), mcycle moves forward and can be written, and mcounteren /
 * scounteren decide whether S and U may read cycle and instret: S needs
 * the mcounteren bit, U both bits; a denied read is an illegal
 * instruction. The M-mode counters are never readable below M. */
#include "test.h"

#define CNT_CY (1 << 0)
#define CNT_IR (1 << 2)

/* `insn` (reading a counter into a0) must trap as illegal. */
	.macro DENIED n, insn, bits
	CASE \n
	CLEAR_TRAPS
	li a0, 0
.Linsn\@:
	\insn
	EXPECT_TRAP 1, CAUSE_ILLEGAL_INSN
	EXPECT_ADDR TRAP_EPC, .Linsn\@
	EXPECT TRAP_TVAL, \bits
	EXPECT a0, 0
	.endm

/* `insn` must read a nonzero counter without trapping. */
	.macro ALLOWED n, insn
	CASE \n
	CLEAR_TRAPS
	li a0, 0
	\insn
	EXPECT TRAP_COUNT, 0
	beqz a0, env_fail
	.endm

	TEST_BEGIN
	SET_MTVEC env_trap_m_record

	CASE 1
	csrr a0, minstret
	csrr a1, minstret
	nop
	nop
	nop
	csrr a2, minstret
	sub a1, a1, a0
	sub a2, a2, a0
	EXPECT a1, 1
	EXPECT a2, 5
	CASE 2
	csrr a0, minstret
	csrr a1, instret
	sub a1, a1, a0
	EXPECT a1, 1
	CASE 3
	li a3, 100
	csrr a0, minstret
1:	addi a3, a3, -1
	bnez a3, 1b
	csrr a1, minstret
	sub a1, a1, a0
	EXPECT a1, 201

	/* mcycle never goes back, and moves over a few instructions (two
	 * reads may share a cycle) */
	CASE 4
	csrr a0, mcycle
	csrr a1, mcycle
	bltu a1, a0, env_fail
	li a3, 10
1:	addi a3, a3, -1
	bnez a3, 1b
	csrr a2, cycle
	bgeu a1, a2, env_fail
	CASE 5
	csrw mcycle, zero
	csrr a0, mcycle
	li t0, 1000
	bgeu a0, t0, env_fail

	/* S-mode: mcounteren decides */
	csrw mcounteren, zero
	GOTO_S 1f
1:	DENIED 6, "csrr a0, cycle", 0xc0002573
	DENIED 7, "csrr a0, instret", 0xc0202573
	TO_M
	li t0, CNT_CY
	csrw mcounteren, t0
	GOTO_S 1f
1:	ALLOWED 8, "csrr a0, cycle"
	DENIED 9, "csrr a0, instret", 0xc0202573
	TO_M
	li t0, CNT_CY | CNT_IR
	csrw mcounteren, t0
	GOTO_S 1f
1:	ALLOWED 10, "csrr a0, cycle"
	ALLOWED 11, "csrr a0, instret"
	DENIED 12, "csrr a0, mcycle", 0xb0002573
	DENIED 13, "csrr a0, minstret", 0xb0202573
	TO_M

	/* U-mode: both bits */
	csrw scounteren, zero
	GOTO_U 1f
1:	DENIED 14, "csrr a0, cycle", 0xc0002573
	DENIED 15, "csrr a0, instret", 0xc0202573
	TO_M
	li t0, CNT_CY | CNT_IR
	csrw scounteren, t0
	GOTO_U 1f
1:	ALLOWED 16, "csrr a0, cycle"
	ALLOWED 17, "csrr a0, instret"
	DENIED 18, "csrr a0, mcycle", 0xb0002573
	TO_M
	csrw mcounteren, zero
	GOTO_U 1f
1:	DENIED 19, "csrr a0, cycle", 0xc0002573
	DENIED 20, "csrr a0, instret", 0xc0202573
	TO_M
	li t0, CNT_IR
	csrw mcounteren, t0
	li t0, CNT_CY
	csrw scounteren, t0
	GOTO_U 1f
1:	DENIED 21, "csrr a0, cycle", 0xc0002573
	DENIED 22, "csrr a0, instret", 0xc0202573
	TO_M

	/* the U-mode count goes on in U */
	CASE 23
	li t0, CNT_IR
	csrw mcounteren, t0
	csrw scounteren, t0
	GOTO_U 1f
1:	csrr a0, instret
	csrr a1, instret
	TO_M
	sub a1, a1, a0
	EXPECT a1, 1

	TEST_PASS
