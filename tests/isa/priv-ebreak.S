/* ebreak and c.ebreak in M, S and U: cause 3, xepc = xtval = the address
 * of the breakpoint (TEA writes the pc to xtval; the spec also allows
 * zero, which is what QEMU does, so this test is ISS-only), in M-mode and
 * delegated to S-mode through medeleg[3]. */
#include "test.h"

	TEST_BEGIN
	SET_MTVEC env_trap_m_record

	CASE 1
	CLEAR_TRAPS
1:	ebreak
	EXPECT_TRAP 1, CAUSE_BREAKPOINT
	EXPECT_ADDR TRAP_EPC, 1b
	EXPECT_ADDR TRAP_TVAL, 1b

	CASE 2
	CLEAR_TRAPS
	.option push
	.option rvc
1:	c.ebreak
	.option pop
	EXPECT_TRAP 1, CAUSE_BREAKPOINT
	EXPECT_ADDR TRAP_EPC, 1b
	EXPECT_ADDR TRAP_TVAL, 1b

	/* from S and from U, to M */
	CASE 3
	CLEAR_TRAPS
	GOTO_S 1f
1:	ebreak
	TO_M
	EXPECT_TRAP 1, CAUSE_BREAKPOINT
	EXPECT_ADDR TRAP_EPC, 1b
	EXPECT_ADDR TRAP_TVAL, 1b

	CASE 4
	CLEAR_TRAPS
	GOTO_U 1f
	.option push
	.option rvc
1:	c.ebreak
	.option pop
	TO_M
	EXPECT_TRAP 1, CAUSE_BREAKPOINT
	EXPECT_ADDR TRAP_EPC, 1b
	EXPECT_ADDR TRAP_TVAL, 1b

	/* delegated: from U and from S to S, with stval; M fails on any trap
	 * but TO_M */
	SET_MTVEC env_trap_m_default
	CASE 5
	CLEAR_TRAPS
	li t0, 1 << CAUSE_BREAKPOINT
	csrw medeleg, t0
	SET_STVEC env_trap_s_record
	GOTO_U 1f
1:	ebreak
	TO_M
	EXPECT_TRAP 1, CAUSE_BREAKPOINT
	EXPECT_ADDR TRAP_EPC, 1b
	EXPECT_ADDR TRAP_TVAL, 1b

	CASE 6
	CLEAR_TRAPS
	GOTO_S 1f
	.option push
	.option rvc
1:	c.ebreak
	.option pop
	TO_M
	EXPECT_TRAP 1, CAUSE_BREAKPOINT
	EXPECT_ADDR TRAP_EPC, 1b
	EXPECT_ADDR TRAP_TVAL, 1b
	csrr a0, scause
	EXPECT a0, CAUSE_BREAKPOINT

	/* in M, medeleg[3] does not apply */
	SET_MTVEC env_trap_m_record
	CASE 7
	CLEAR_TRAPS
	csrw scause, zero
1:	ebreak
	EXPECT_TRAP 1, CAUSE_BREAKPOINT
	EXPECT_ADDR TRAP_TVAL, 1b
	csrr a0, scause
	EXPECT a0, 0

	TEST_PASS
