/* Illegal-instruction exceptions: cause 2, xepc = the instruction, xtval =
 * its bits, zero-extended (16 bits for a compressed encoding), and nothing
 * else changes. Reserved encodings of every major opcode, extensions the
 * hart lacks, writes to read-only CSRs, and privileged instructions in a
 * mode below theirs; in M and delegated to S. */
#include "test.h"

/* Executes the 32-bit encoding `bits` and expects it to be illegal. */
	.macro TEST_ILLEGAL32 n, bits
	CASE \n
	CLEAR_TRAPS
.Linsn\@:
	.word \bits
	EXPECT_TRAP 1, CAUSE_ILLEGAL_INSN
	EXPECT_ADDR TRAP_EPC, .Linsn\@
	EXPECT TRAP_TVAL, \bits
	.endm

	.macro TEST_ILLEGAL16 n, bits
	CASE \n
	CLEAR_TRAPS
.Linsn\@:
	.half \bits
	EXPECT_TRAP 1, CAUSE_ILLEGAL_INSN
	EXPECT_ADDR TRAP_EPC, .Linsn\@
	EXPECT TRAP_TVAL, \bits
	.endm

	TEST_BEGIN
	SET_MTVEC env_trap_m_record
	li a0, 0x5a5a

	TEST_ILLEGAL32  1, 0x0200151b   /* slliw a0, zero, 32: shamt[5] reserved */
	TEST_ILLEGAL32  2, 0x4200551b   /* sraiw a0, zero, 32 */
	TEST_ILLEGAL32  3, 0x0400053b   /* OP-32 with funct7 = 2 */
	TEST_ILLEGAL32  4, 0x00007503   /* load with funct3 = 7 */
	TEST_ILLEGAL32  5, 0x00a04023   /* store with funct3 = 4 */
	TEST_ILLEGAL32  6, 0x00a02063   /* branch with funct3 = 2 */
	TEST_ILLEGAL32  7, 0x00051567   /* jalr with funct3 = 1 */
	TEST_ILLEGAL32  8, 0x00107053   /* fadd.s: no F */
	TEST_ILLEGAL32  9, 0x00053007   /* fld: no D */
	TEST_ILLEGAL32 10, 0x02000057   /* vector: no V */
	TEST_ILLEGAL32 11, 0xc0001073   /* unimp = csrrw x0, cycle, x0 */
	TEST_ILLEGAL32 12, 0xf1451073   /* csrw mhartid, a0 */
	TEST_ILLEGAL32 13, 0xc0256573   /* csrrsi a0, instret, 10 */
	TEST_ILLEGAL16 14, 0x0000       /* all-zero halfword */
	TEST_ILLEGAL16 15, 0x2000       /* c.fld: no D */
	TEST_ILLEGAL16 16, 0xa002       /* c.fsdsp: no D */
	TEST_ILLEGAL16 17, 0x6002       /* c.flwsp is c.ldsp in RV64; rd = 0 reserved */
	/* nothing was written to the destination of any of them */
	CASE 18
	EXPECT a0, 0x5a5a

	/* privileged instructions below their mode, trapping to M */
	CASE 19
	CLEAR_TRAPS
	GOTO_S 1f
1:	mret
	TO_M
	EXPECT_TRAP 1, CAUSE_ILLEGAL_INSN
	EXPECT_ADDR TRAP_EPC, 1b
	EXPECT TRAP_TVAL, 0x30200073
	CASE 20
	CLEAR_TRAPS
	GOTO_U 1f
1:	sret
	TO_M
	EXPECT_TRAP 1, CAUSE_ILLEGAL_INSN
	EXPECT_ADDR TRAP_EPC, 1b
	EXPECT TRAP_TVAL, 0x10200073
	CASE 21
	CLEAR_TRAPS
	GOTO_U 1f
1:	sfence.vma
	TO_M
	EXPECT_TRAP 1, CAUSE_ILLEGAL_INSN
	EXPECT_ADDR TRAP_EPC, 1b
	EXPECT TRAP_TVAL, 0x12000073

	/* delegated through medeleg[2]: from U and S to S, with stval */
	CASE 22
	CLEAR_TRAPS
	li t0, 1 << CAUSE_ILLEGAL_INSN
	csrw medeleg, t0
	SET_STVEC env_trap_s_record
	GOTO_U 1f
1:	csrr a1, sstatus
	TO_M
	EXPECT_TRAP 1, CAUSE_ILLEGAL_INSN
	EXPECT_ADDR TRAP_EPC, 1b
	EXPECT TRAP_TVAL, 0x100025f3
	CASE 23
	CLEAR_TRAPS
	GOTO_S 1f
	.option push
	.option rvc
1:	.half 0x2000
	.option pop
	TO_M
	EXPECT_TRAP 1, CAUSE_ILLEGAL_INSN
	EXPECT_ADDR TRAP_EPC, 1b
	EXPECT TRAP_TVAL, 0x2000
	/* and an illegal instruction in M still goes to M */
	CASE 24
	CLEAR_TRAPS
	csrw scause, zero
1:	.word 0x0200151b
	EXPECT_TRAP 1, CAUSE_ILLEGAL_INSN
	EXPECT_ADDR TRAP_EPC, 1b
	csrr a1, scause
	EXPECT a1, 0

	TEST_PASS
