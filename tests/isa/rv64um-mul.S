/* RV64M multiplication: mul (low 64 bits), mulh (signed x signed),
 * mulhu (unsigned x unsigned), mulhsu (signed rs1 x unsigned rs2), the
 * upper 64 bits of the 128-bit product, and mulw (low 32 bits,
 * sign-extended, upper source bits ignored). */
#include "test.h"

	TEST_BEGIN

	TEST_RR  1, mul, 0x0, 0, 0
	TEST_RR  2, mul, 0x1, 1, 1
	TEST_RR  3, mul, 0x15, 3, 7
	TEST_RR  4, mul, 0x0, 0, 0xffffffffffff8000
	TEST_RR  5, mul, 0x0000000040000000, 0xffffffffffff8000, 0xffffffffffff8000
	TEST_RR  6, mul, 0x1, 0x7fffffffffffffff, 0x7fffffffffffffff
	TEST_RR  7, mul, 0x8000000000000000, 0x8000000000000000, -1
	TEST_RR  8, mul, 0x2236d88fe5618cf0, 0x123456789abcdef0, 0x0fedcba987654321
	TEST_RR  9, mul, 0x1, -1, -1
	TEST_RR 10, mulh, 0x0, 0, 0
	TEST_RR 11, mulh, 0x0, 1, 1
	TEST_RR 12, mulh, 0x0, -1, -1
	TEST_RR 13, mulh, 0xffffffffffffffff, -1, 1
	TEST_RR 14, mulh, 0x4000000000000000, 0x8000000000000000, 0x8000000000000000
	TEST_RR 15, mulh, 0xc000000000000000, 0x8000000000000000, 0x7fffffffffffffff
	TEST_RR 16, mulh, 0x3fffffffffffffff, 0x7fffffffffffffff, 0x7fffffffffffffff
	TEST_RR 17, mulh, 0xffeb49923cc09532, 0x123456789abcdef0, 0xfedcba9876543210
	TEST_RR 18, mulh, 0x0, 0x8000000000000000, -1
	TEST_RR 19, mulhu, 0x0, 0, 0
	TEST_RR 20, mulhu, 0xfffffffffffffffe, -1, -1
	TEST_RR 21, mulhu, 0x0, -1, 1
	TEST_RR 22, mulhu, 0x4000000000000000, 0x8000000000000000, 0x8000000000000000
	TEST_RR 23, mulhu, 0x121fa00ad77d7422, 0x123456789abcdef0, 0xfedcba9876543210
	TEST_RR 24, mulhu, 0x00000000fffffffe, 0xffffffff, 0xffffffff00000000
	TEST_RR 25, mulhsu, 0x0, 0, 0
	TEST_RR 26, mulhsu, 0xffffffffffffffff, -1, -1
	TEST_RR 27, mulhsu, 0xffffffffffffffff, -1, 1
	TEST_RR 28, mulhsu, 0x0, 1, -1
	TEST_RR 29, mulhsu, 0x8000000000000000, 0x8000000000000000, -1
	TEST_RR 30, mulhsu, 0x7ffffffffffffffe, 0x7fffffffffffffff, -1
	TEST_RR 31, mulhsu, 0xc000000000000000, 0x8000000000000000, 0x8000000000000000
	TEST_RR 32, mulhsu, 0x121fa00ad77d7422, 0x123456789abcdef0, 0xfedcba9876543210
	TEST_RR 33, mulw, 0x0, 0, 0
	TEST_RR 34, mulw, 0x15, 3, 7
	TEST_RR 35, mulw, 0xfffffffffffffffe, 0x7fffffff, 2
	TEST_RR 36, mulw, 0x1, 0xffffffff, 0xffffffff
	TEST_RR 37, mulw, 0x0, 0x10000, 0x10000
	TEST_RR 38, mulw, 0x0000000023456780, 0x0123456712345678, 0x89abcdef00000010
	TEST_RR 39, mulw, 0xffffffff80000000, 0xffffffff80000000, -1
	TEST_RR 40, mulw, 0xffffffff9c093ccd, 0x00000000deadbeef, 0x1234567800000003
	TEST_RR_SAME 41, mul, 0x0000000000000001, 0xffffffffffffffff
	TEST_RR_SAME 42, mulh, 0x4000000000000000, 0x8000000000000000
	TEST_RR_SAME 43, mulhu, 0xfffffffffffffffe, 0xffffffffffffffff
	TEST_RR_SAME 44, mulhsu, 0xffffffffffffffff, 0xffffffffffffffff
	TEST_RR_SAME 45, mulw, 0x0000000040000000, 0xffffffffffff8000
	TEST_RR_ZERO 46, mul, 0, 0, 0x123456789abcdef0
	TEST_RR_ZERO 47, mulh, 0, 0, -1

	/* mulh and mul of the same operands form the 128-bit product */
	CASE 48
	li a1, 0xfedcba9876543210
	li a2, 0x0f0f0f0f0f0f0f0f
	mulh a3, a1, a2
	mul a4, a1, a2
	EXPECT a3, 0xffeeddccbbaa9988
	EXPECT a4, 0x78899aabbccddef0

	/* a chain of dependent multiplications: 3^30 */
	CASE 49
	li a0, 1
	li a1, 3
	.rept 30
	mul a0, a0, a1
	.endr
	EXPECT a0, 205891132094649

	TEST_PASS
