/* RV64M division: div, divu, rem, remu and the W forms divw, divuw, remw,
 * remuw. Quotients round towards zero and the remainder takes the sign of
 * the dividend; division by zero gives all ones (quotient) and the
 * dividend (remainder); the signed overflow most-negative / -1 gives the
 * dividend and remainder zero. No case traps. W forms use the low 32 bits
 * of both sources and sign-extend the 32-bit result. */
#include "test.h"

	TEST_BEGIN

	TEST_RR  1, div, 0x3, 20, 6
	TEST_RR  2, div, 0xfffffffffffffffd, -20, 6
	TEST_RR  3, div, 0xfffffffffffffffd, 20, -6
	TEST_RR  4, div, 0x3, -20, -6
	TEST_RR  5, div, 0x8000000000000000, 0x8000000000000000, 1
	TEST_RR  6, div, 0x8000000000000000, 0x8000000000000000, -1
	TEST_RR  7, div, 0xffffffffffffffff, 0x8000000000000000, 0
	TEST_RR  8, div, 0xffffffffffffffff, 1, 0
	TEST_RR  9, div, 0xffffffffffffffff, 0, 0
	TEST_RR 10, div, 0x000000007fffffff, 0x7fffffffffffffff, 0x100000000
	TEST_RR 11, div, 0xfffffffffffffffb, 5, -1
	TEST_RR 12, divu, 0x3, 20, 6
	TEST_RR 13, divu, 0x2aaaaaaaaaaaaaa7, -20, 6
	TEST_RR 14, divu, 0x0, 20, -6
	TEST_RR 15, divu, 0x0, -20, -6
	TEST_RR 16, divu, 0x8000000000000000, 0x8000000000000000, 1
	TEST_RR 17, divu, 0x0, 0x8000000000000000, -1
	TEST_RR 18, divu, 0xffffffffffffffff, 0x8000000000000000, 0
	TEST_RR 19, divu, 0xffffffffffffffff, 1, 0
	TEST_RR 20, divu, 0xffffffffffffffff, -1, 1
	TEST_RR 21, divu, 0x00010004c016906b, 0x123456789abcdef0, 0x1234
	TEST_RR 22, rem, 0x2, 20, 6
	TEST_RR 23, rem, 0xfffffffffffffffe, -20, 6
	TEST_RR 24, rem, 0x2, 20, -6
	TEST_RR 25, rem, 0xfffffffffffffffe, -20, -6
	TEST_RR 26, rem, 0x0, 0x8000000000000000, 1
	TEST_RR 27, rem, 0x0, 0x8000000000000000, -1
	TEST_RR 28, rem, 0x8000000000000000, 0x8000000000000000, 0
	TEST_RR 29, rem, 0x1, 1, 0
	TEST_RR 30, rem, 0x0, 0, 0
	TEST_RR 31, rem, 0x00000000ffffffff, 0x7fffffffffffffff, 0x100000000
	TEST_RR 32, remu, 0x2, 20, 6
	TEST_RR 33, remu, 0x2, -20, 6
	TEST_RR 34, remu, 0x14, 20, -6
	TEST_RR 35, remu, 0xffffffffffffffec, -20, -6
	TEST_RR 36, remu, 0x0, 0x8000000000000000, 1
	TEST_RR 37, remu, 0x8000000000000000, 0x8000000000000000, -1
	TEST_RR 38, remu, 0x8000000000000000, 0x8000000000000000, 0
	TEST_RR 39, remu, 0x1, 1, 0
	TEST_RR 40, remu, 0x334, 0x123456789abcdef0, 0x1234
	TEST_RR 41, divw, 0x3, 20, 6
	TEST_RR 42, divw, 0xfffffffffffffffd, -20, 6
	TEST_RR 43, divw, 0xfffffffffffffffd, 20, -6
	TEST_RR 44, divw, 0x3, -20, -6
	TEST_RR 45, divw, 0xffffffff80000000, 0xffffffff80000000, 1
	TEST_RR 46, divw, 0xffffffff80000000, 0xffffffff80000000, -1
	TEST_RR 47, divw, 0xffffffff80000000, 0x0000000080000000, 0xffffffffffffffff
	TEST_RR 48, divw, 0xffffffffffffffff, 0xffffffff80000000, 0
	TEST_RR 49, divw, 0x3, 0x1234567800000007, 0x0000000100000002
	TEST_RR 50, divw, 0xffffffff80000001, 0x7fffffff, 0x00000000ffffffff
	TEST_RR 51, divuw, 0x3, 20, 6
	TEST_RR 52, divuw, 0x000000002aaaaaa7, -20, 6
	TEST_RR 53, divuw, 0x0, 20, -6
	TEST_RR 54, divuw, 0x0, -20, -6
	TEST_RR 55, divuw, 0xffffffff80000000, 0xffffffff80000000, 1
	TEST_RR 56, divuw, 0x0, 0xffffffff80000000, -1
	TEST_RR 57, divuw, 0xffffffffffffffff, 0xffffffff80000000, 0
	TEST_RR 58, divuw, 0xffffffffffffffff, 0x00000000ffffffff, 1
	TEST_RR 59, divuw, 0x3, 0x1234567800000007, 0x0000000100000002
	TEST_RR 60, remw, 0x2, 20, 6
	TEST_RR 61, remw, 0xfffffffffffffffe, -20, 6
	TEST_RR 62, remw, 0x2, 20, -6
	TEST_RR 63, remw, 0xfffffffffffffffe, -20, -6
	TEST_RR 64, remw, 0x0, 0xffffffff80000000, 1
	TEST_RR 65, remw, 0x0, 0xffffffff80000000, -1
	TEST_RR 66, remw, 0xffffffff80000000, 0xffffffff80000000, 0
	TEST_RR 67, remw, 0xfffffffffffffff9, 0x00000000fffffff9, 0
	TEST_RR 68, remw, 0x1, 0x1234567800000007, 0x0000000100000002
	TEST_RR 69, remuw, 0x2, 20, 6
	TEST_RR 70, remuw, 0x2, -20, 6
	TEST_RR 71, remuw, 0x14, 20, -6
	TEST_RR 72, remuw, 0xffffffffffffffec, -20, -6
	TEST_RR 73, remuw, 0x0, 0xffffffff80000000, 1
	TEST_RR 74, remuw, 0xffffffff80000000, 0xffffffff80000000, -1
	TEST_RR 75, remuw, 0xffffffff80000000, 0xffffffff80000000, 0
	TEST_RR 76, remuw, 0xffffffff80000001, 0x0000000080000001, 0
	TEST_RR 77, remuw, 0x1, 0x1234567800000007, 0x0000000100000002
	TEST_RR 78, remuw, 0xfffffffffffffffe, 0x00000000fffffffe, 0x00000000ffffffff
	TEST_RR_SAME 79, div, 1, -7
	TEST_RR_SAME 80, rem, 0, -7
	TEST_RR_ZERO 81, divu, 0, -1, 0x1234
	TEST_RR_ZERO 82, remu, 0, 0x1234, 0x1234
	TEST_RR_ZERO 83, remw, 0, 0xffffffff87654321, 0x0000000087654321

	/* quotient * divisor + remainder == dividend */
	CASE 84
	li a1, 0x7edcba9876543210
	li a2, -0x12345
	div a3, a1, a2
	rem a4, a1, a2
	mul a5, a3, a2
	add a5, a5, a4
	EXPECT_SAME a5, a1
	CASE 85
	divu a3, a1, a2
	remu a4, a1, a2
	mul a5, a3, a2
	add a5, a5, a4
	EXPECT_SAME a5, a1

	TEST_PASS
