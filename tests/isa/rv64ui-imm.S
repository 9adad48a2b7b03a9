/* RV64I register-immediate arithmetic and logic: addi, addiw, andi, ori,
 * xori, slti, sltiu, with the 12-bit immediate sign-extended at both ends
 * of its range. */
#include "test.h"

	TEST_BEGIN

	/* addi */
	TEST_IMM  1, addi, 0, 0, 0
	TEST_IMM  2, addi, 2, 1, 1
	TEST_IMM  3, addi, 0x7ff, 0, 0x7ff
	TEST_IMM  4, addi, -0x800, 0, -0x800
	TEST_IMM  5, addi, 0x80000000000007fe, 0x7fffffffffffffff, 0x7ff
	TEST_IMM  6, addi, 0x7ffffffffffff800, 0x8000000000000000, -0x800
	TEST_IMM  7, addi, 0, -1, 1
	TEST_IMM  8, addi, 0x100000000, 0xffffffff, 1
	TEST_IMM  9, addi, 0xfffffffffffffffe, -1, -1
	CASE 10
	addi a0, zero, -3               /* li through x0 */
	EXPECT a0, -3

	/* addiw: 32-bit result, sign-extended */
	TEST_IMM 11, addiw, 0xffffffff80000000, 0x7fffffff, 1
	TEST_IMM 12, addiw, 0x7fffffff, 0xffffffff80000000, -1
	TEST_IMM 13, addiw, 0x000007ff, 0xabcdef0000000000, 0x7ff
	TEST_IMM 14, addiw, 0xfffffffffffff800, 0x1234567800000000, -0x800
	TEST_IMM 15, addiw, 0xffffffff87654321, 0x0000000087654321, 0
	TEST_IMM 16, addiw, 0, 0xffffffff, 1
	TEST_IMM 17, addiw, 0x000000007ffffffe, 0x000000017fffffff, -1

	/* andi / ori / xori: the immediate is sign-extended to 64 bits */
	TEST_IMM 18, andi, 0x0000000000000700, 0xff00ff00ff00ff00, 0x70f
	TEST_IMM 19, andi, 0xff00ff00ff00f800, 0xff00ff00ff00ff00, -0x7f0
	TEST_IMM 20, andi, 0x00000000000000f0, 0x00ff00ff00ff00ff, 0x0f0
	TEST_IMM 21, andi, 0, -1, 0
	TEST_IMM 22, ori, 0xff00ff00ff00ff0f, 0xff00ff00ff00ff00, 0x00f
	TEST_IMM 23, ori, -1, 0x00ff00ff00ff00ff, -0xf1
	TEST_IMM 24, ori, 0x00ff00ff00ff07ff, 0x00ff00ff00ff00ff, 0x7ff
	TEST_IMM 25, xori, 0xff00ff00ff00fff0, 0xff00ff00ff00ff00, 0x0f0
	TEST_IMM 26, xori, 0xff00ff00ff00ffff, 0x00ff00ff00ff00ff, -0x100
	TEST_IMM 27, xori, 0xedcba98765432100, 0x123456789abcdeff, -1
	TEST_IMM 28, xori, 0x123456789abcd9ff, 0x123456789abcdeff, 0x700

	/* slti / sltiu: signed and unsigned compare with the sign-extended
	 * immediate (so sltiu x, -1 is "x != all ones") */
	TEST_IMM 29, slti, 0, 0, 0
	TEST_IMM 30, slti, 1, 0, 1
	TEST_IMM 31, slti, 1, -1, 0
	TEST_IMM 32, slti, 0, 0, -1
	TEST_IMM 33, slti, 1, 0x8000000000000000, -0x800
	TEST_IMM 34, slti, 0, 0x7fffffffffffffff, 0x7ff
	TEST_IMM 35, slti, 1, -0x801, -0x800
	TEST_IMM 36, slti, 0, 0x7ff, 0x7ff
	TEST_IMM 37, sltiu, 0, 0, 0
	TEST_IMM 38, sltiu, 1, 0, 1
	TEST_IMM 39, sltiu, 1, 0, -1
	TEST_IMM 40, sltiu, 1, 0xfffffffffffff7ff, -0x800
	TEST_IMM 41, sltiu, 0, 0xfffffffffffff800, -0x800
	TEST_IMM 42, sltiu, 1, 0xfffffffffffffffe, -1
	TEST_IMM 43, sltiu, 0, -1, -1
	TEST_IMM 44, sltiu, 0, 0x800, 0x7ff

	/* Dependent chain of immediates */
	CASE 45
	li a0, 0
	.rept 64
	addi a0, a0, 0x7ff
	.endr
	xori a0, a0, -1
	andi a0, a0, -16
	ori a0, a0, 5
	slti a1, a0, 0
	sltiu a2, a1, 1
	addiw a3, a0, 0
	EXPECT a0, ~(64 * 0x7ff) & ~15 | 5
	EXPECT a1, 1
	EXPECT a2, 0
	EXPECT a3, (~(64 * 0x7ff) & ~15 | 5)

	TEST_PASS
