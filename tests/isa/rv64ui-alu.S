/* RV64I register-register arithmetic and logic: add, sub, addw, subw, and,
 * or, xor, slt, sltu; register aliasing, x0 as source and destination, and
 * chains of dependent results. */
#include "test.h"

	TEST_BEGIN

	/* add: 64-bit wrap-around, no carry out of bit 31 */
	TEST_RR  1, add, 0, 0, 0
	TEST_RR  2, add, 2, 1, 1
	TEST_RR  3, add, 10, 3, 7
	TEST_RR  4, add, 0xffffffffffff8000, 0, 0xffffffffffff8000
	TEST_RR  5, add, 0x7fffffffffff8000, 0x8000000000000000, 0xffffffffffff8000
	TEST_RR  6, add, 0x8000000000000000, 0x7fffffffffffffff, 1
	TEST_RR  7, add, 0, -1, 1
	TEST_RR  8, add, 0x100000000, 0xffffffff, 1
	TEST_RR  9, add, -2, -1, -1
	TEST_RR_SAME 10, add, 0x2468acf13579bde0, 0x123456789abcdef0
	TEST_RR_ZERO 11, add, 0x123456789abcdef0, 0x123456789abcdef0, 0x123456789abcdef0

	/* sub */
	TEST_RR 12, sub, 0, 0, 0
	TEST_RR 13, sub, 0, 1, 1
	TEST_RR 14, sub, -4, 3, 7
	TEST_RR 15, sub, 0x8000, 0, 0xffffffffffff8000
	TEST_RR 16, sub, 0x7fffffffffffffff, 0x8000000000000000, 1
	TEST_RR 17, sub, 0x8000000000000000, 0, 0x8000000000000000
	TEST_RR 18, sub, 0, -1, -1
	TEST_RR 19, sub, 0xffffffff, 0x100000000, 1
	TEST_RR_SAME 20, sub, 0, 0x5555555555555555
	TEST_RR_ZERO 21, sub, -5, 5, 5

	/* addw / subw: 32-bit result, sign-extended; upper source bits ignored */
	TEST_RR 22, addw, 0xffffffff80000000, 0x7fffffff, 1
	TEST_RR 23, addw, 0, 0xffffffff, 1
	TEST_RR 24, addw, 0x23456789, 0x123456789, 0
	TEST_RR 25, addw, 0, 0x80000000, 0x80000000
	TEST_RR 26, addw, -2, -1, -1
	TEST_RR 27, addw, 0xffffffff80000000, 0x000000017fffffff, 0xabcdef0000000001
	TEST_RR_SAME 28, addw, 0xffffffff80000000, 0x40000000
	TEST_RR_ZERO 29, addw, 0xffffffff87654321, 0xffffffff87654321, 0x0000000087654321
	TEST_RR 30, subw, -1, 0, 1
	TEST_RR 31, subw, 0x7fffffff, 0x80000000, 1
	TEST_RR 32, subw, -1, 0x100000000, 1
	TEST_RR 33, subw, -4, 3, 7
	TEST_RR 34, subw, 1, 0xffffffff80000000, 0x7fffffff
	TEST_RR 35, subw, 0xffffffff80000000, 0x0123456700000000, 0x80000000
	TEST_RR_SAME 36, subw, 0, 0xdeadbeefcafef00d
	TEST_RR_ZERO 37, subw, 0xffffffff80000001, 0x000000007fffffff, 0x111111117fffffff

	/* and / or / xor on complementary bit patterns */
	TEST_RR 38, and, 0x0f000f000f000f00, 0xff00ff00ff00ff00, 0x0f0f0f0f0f0f0f0f
	TEST_RR 39, and, 0x00f000f000f000f0, 0x00ff00ff00ff00ff, 0xf0f0f0f0f0f0f0f0
	TEST_RR 40, and, 0, 0x5555555555555555, 0xaaaaaaaaaaaaaaaa
	TEST_RR_SAME 41, and, 0xff00ff00ff00ff00, 0xff00ff00ff00ff00
	TEST_RR_ZERO 42, and, 0, 0, -1
	TEST_RR 43, or, 0xff0fff0fff0fff0f, 0xff00ff00ff00ff00, 0x0f0f0f0f0f0f0f0f
	TEST_RR 44, or, 0xf0fff0fff0fff0ff, 0x00ff00ff00ff00ff, 0xf0f0f0f0f0f0f0f0
	TEST_RR 45, or, -1, 0x5555555555555555, 0xaaaaaaaaaaaaaaaa
	TEST_RR_SAME 46, or, 0x00ff00ff00ff00ff, 0x00ff00ff00ff00ff
	TEST_RR_ZERO 47, or, 0x8000000000000001, 0x8000000000000001, 0x8000000000000001
	TEST_RR 48, xor, 0xf00ff00ff00ff00f, 0xff00ff00ff00ff00, 0x0f0f0f0f0f0f0f0f
	TEST_RR 49, xor, 0xf00ff00ff00ff00f, 0x00ff00ff00ff00ff, 0xf0f0f0f0f0f0f0f0
	TEST_RR 50, xor, -1, 0x5555555555555555, 0xaaaaaaaaaaaaaaaa
	TEST_RR_SAME 51, xor, 0, 0x123456789abcdef0
	TEST_RR_ZERO 52, xor, 0x0f0f, 0x0f0f, 0x0f0f

	/* slt: signed compare */
	TEST_RR 53, slt, 0, 0, 0
	TEST_RR 54, slt, 1, 0, 1
	TEST_RR 55, slt, 1, -1, 0
	TEST_RR 56, slt, 0, 0, -1
	TEST_RR 57, slt, 1, 0x8000000000000000, 0x7fffffffffffffff
	TEST_RR 58, slt, 0, 0x7fffffffffffffff, 0x8000000000000000
	TEST_RR 59, slt, 1, -2, -1
	TEST_RR 60, slt, 0, -1, -2
	TEST_RR 61, slt, 0, 0x100000000, 0xffffffff
	TEST_RR_SAME 62, slt, 0, -7
	TEST_RR_ZERO 63, slt, 0, 1, -5

	/* sltu: unsigned compare */
	TEST_RR 64, sltu, 0, 0, 0
	TEST_RR 65, sltu, 1, 0, -1
	TEST_RR 66, sltu, 0, -1, 0
	TEST_RR 67, sltu, 0, 0x8000000000000000, 0x7fffffffffffffff
	TEST_RR 68, sltu, 1, 0x7fffffffffffffff, 0x8000000000000000
	TEST_RR 69, sltu, 1, 1, 0xffffffff
	TEST_RR 70, sltu, 1, -2, -1
	TEST_RR 71, sltu, 0, 0x100000000, 0xffffffff
	TEST_RR_SAME 72, sltu, 0, -1
	TEST_RR_ZERO 73, sltu, 1, 0, 9

	/* Chains where every instruction needs the one before */
	CASE 74
	li a0, 1
	.rept 40
	add a0, a0, a0
	.endr
	EXPECT a0, (1 << 40)

	CASE 75
	li a0, 1
	li a1, 1
	.rept 30
	add a2, a0, a1
	add a0, zero, a1
	add a1, zero, a2
	.endr
	EXPECT a1, 2178309              /* Fibonacci number 32 */

	CASE 76
	li a0, 0x0123456789abcdef
	li a1, -1
	xor a2, a0, a1
	and a3, a2, a0
	or a4, a3, a2
	sub a5, a4, a1
	sltu a6, a5, a4
	slt a7, a4, a6
	add a0, a7, a6
	EXPECT a2, 0xfedcba9876543210
	EXPECT a3, 0
	EXPECT a4, 0xfedcba9876543210
	EXPECT a5, 0xfedcba9876543211
	EXPECT a6, 0
	EXPECT a7, 1
	EXPECT a0, 1

	TEST_PASS
