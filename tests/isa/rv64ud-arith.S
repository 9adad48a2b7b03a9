/* RV64D arithmetic: fadd, fsub, fmul, fdiv, fsqrt, fmin, fmax, fmadd,
 * fmsub, fnmsub, fnmadd (.d) in each static rounding mode and the dynamic
 * one. Every case checks the result's bits and the exact set of flags
 * raised: ties in every mode, signed zeros, infinities, quiet and
 * signalling NaNs (any NaN result is the canonical 0x7ff8000000000000;
 * only sNaN and invalid operations raise NV), subnormals, overflow per
 * rounding mode and sign, underflow with tininess detected after rounding
 * (UF only when also inexact), divide by zero, and fma(0, inf, qNaN)
 * raising NV. Expected values are exact IEEE 754 results. */
#include "test.h"
#include "fp.h"

/* Operands go in with fmv.d.x and results come out of f31 (FP_OP runs the
 * instruction); FP_CHECK expects the result's bits `want` and fflags =
 * `flags`. */
	.macro FP_CHECK want, flags
	fmv.x.d a0, f31
	EXPECT a0, \want
	EXPECT a1, \flags
	.endm

	.macro TEST_FP1 n, op, rm, want, flags, a
	CASE \n
	li t0, \a
	fmv.d.x f28, t0
	FP_OP \rm, \op, f31, f28
	FP_CHECK \want, \flags
	.endm

	.macro TEST_FP2 n, op, rm, want, flags, a, b
	CASE \n
	li t0, \a
	fmv.d.x f28, t0
	li t0, \b
	fmv.d.x f29, t0
	FP_OP \rm, \op, f31, f28, f29
	FP_CHECK \want, \flags
	.endm

	.macro TEST_FP3 n, op, rm, want, flags, a, b, c
	CASE \n
	li t0, \a
	fmv.d.x f28, t0
	li t0, \b
	fmv.d.x f29, t0
	li t0, \c
	fmv.d.x f30, t0
	FP_OP \rm, \op, f31, f28, f29, f30
	FP_CHECK \want, \flags
	.endm

	TEST_BEGIN
	FP_ENABLE
	csrw fcsr, zero

	/* fadd: exact sums, then 1 + half an ulp (a tie) in each mode */
	/* 1 + 2 */
	TEST_FP2   1, fadd.d, rne, 0x4008000000000000, 0, 0x3ff0000000000000, 0x4000000000000000
	/* -1.5 + 0.25 */
	TEST_FP2   2, fadd.d, rne, 0xbff4000000000000, 0, 0xbff8000000000000, 0x3fd0000000000000
	/* 1 + 2^-53: a tie */
	TEST_FP2   3, fadd.d, rne, 0x3ff0000000000000, NX, 0x3ff0000000000000, 0x3ca0000000000000
	TEST_FP2   4, fadd.d, rtz, 0x3ff0000000000000, NX, 0x3ff0000000000000, 0x3ca0000000000000
	TEST_FP2   5, fadd.d, rdn, 0x3ff0000000000000, NX, 0x3ff0000000000000, 0x3ca0000000000000
	TEST_FP2   6, fadd.d, rup, 0x3ff0000000000001, NX, 0x3ff0000000000000, 0x3ca0000000000000
	TEST_FP2   7, fadd.d, rmm, 0x3ff0000000000001, NX, 0x3ff0000000000000, 0x3ca0000000000000
	/* -1 - 2^-53 */
	TEST_FP2   8, fadd.d, rne, 0xbff0000000000000, NX, 0xbff0000000000000, 0xbca0000000000000
	TEST_FP2   9, fadd.d, rdn, 0xbff0000000000001, NX, 0xbff0000000000000, 0xbca0000000000000
	TEST_FP2  10, fadd.d, rup, 0xbff0000000000000, NX, 0xbff0000000000000, 0xbca0000000000000
	TEST_FP2  11, fadd.d, rmm, 0xbff0000000000001, NX, 0xbff0000000000000, 0xbca0000000000000
	/* a tie from an odd significand rounds up to even */
	TEST_FP2  12, fadd.d, rne, 0x3ff0000000000002, NX, 0x3ff0000000000001, 0x3ca0000000000000
	/* 1 + 3/4 ulp: above the tie */
	TEST_FP2  13, fadd.d, rne, 0x3ff0000000000001, NX, 0x3ff0000000000000, 0x3ca8000000000000
	/* ... truncated */
	TEST_FP2  14, fadd.d, rtz, 0x3ff0000000000000, NX, 0x3ff0000000000000, 0x3ca8000000000000
	/* x + -x is +0 */
	TEST_FP2  15, fadd.d, rne, 0x0000000000000000, 0, 0x4014000000000000, 0xc014000000000000
	/* ... but -0 rounding down */
	TEST_FP2  16, fadd.d, rdn, 0x8000000000000000, 0, 0x4014000000000000, 0xc014000000000000
	/* -0 + -0 = -0 */
	TEST_FP2  17, fadd.d, rne, 0x8000000000000000, 0, 0x8000000000000000, 0x8000000000000000
	/* -0 + +0 = +0 */
	TEST_FP2  18, fadd.d, rne, 0x0000000000000000, 0, 0x8000000000000000, 0x0000000000000000
	/* ... -0 rounding down */
	TEST_FP2  19, fadd.d, rdn, 0x8000000000000000, 0, 0x8000000000000000, 0x0000000000000000
	/* inf - inf is invalid */
	TEST_FP2  20, fadd.d, rne, 0x7ff8000000000000, NV, 0x7ff0000000000000, 0xfff0000000000000
	/* inf + 1 = inf, exact */
	TEST_FP2  21, fadd.d, rne, 0x7ff0000000000000, 0, 0x7ff0000000000000, 0x3ff0000000000000
	TEST_FP2  22, fadd.d, rne, 0xfff0000000000000, 0, 0xfff0000000000000, 0x7fefffffffffffff
	/* a quiet NaN propagates silently */
	TEST_FP2  23, fadd.d, rne, 0x7ff8000000000000, 0, 0x7ff8000000000000, 0x3ff0000000000000
	/* the result is the canonical NaN */
	TEST_FP2  24, fadd.d, rne, 0x7ff8000000000000, 0, 0x3ff0000000000000, 0xfff8000000001234
	/* a signalling NaN raises NV */
	TEST_FP2  25, fadd.d, rne, 0x7ff8000000000000, NV, 0x7ff0000000000001, 0x3ff0000000000000
	TEST_FP2  26, fadd.d, rne, 0x7ff8000000000000, NV, 0x7ff8000000000000, 0xfff0000000000001
	/* subnormal + subnormal: exact, no UF */
	TEST_FP2  27, fadd.d, rne, 0x0000000000000002, 0, 0x0000000000000001, 0x0000000000000001
	/* ... = the smallest normal */
	TEST_FP2  28, fadd.d, rne, 0x0010000000000000, 0, 0x000fffffffffffff, 0x0000000000000001
	/* ... and back to a subnormal, exact */
	TEST_FP2  29, fadd.d, rne, 0x000fffffffffffff, 0, 0x0010000000000000, 0x8000000000000001
	/* max + half its ulp: a tie that overflows */
	TEST_FP2  30, fadd.d, rne, 0x7ff0000000000000, OF|NX, 0x7fefffffffffffff, 0x7c90000000000000
	/* ... that truncates to max, not an overflow */
	TEST_FP2  31, fadd.d, rtz, 0x7fefffffffffffff, NX, 0x7fefffffffffffff, 0x7c90000000000000
	/* max + 1: inexact, no overflow */
	TEST_FP2  32, fadd.d, rne, 0x7fefffffffffffff, NX, 0x7fefffffffffffff, 0x3ff0000000000000

	/* fsub */
	/* 3 - 5 */
	TEST_FP2  33, fsub.d, rne, 0xc000000000000000, 0, 0x4008000000000000, 0x4014000000000000
	/* 1 - 1 = +0 */
	TEST_FP2  34, fsub.d, rne, 0x0000000000000000, 0, 0x3ff0000000000000, 0x3ff0000000000000
	/* ... -0 rounding down */
	TEST_FP2  35, fsub.d, rdn, 0x8000000000000000, 0, 0x3ff0000000000000, 0x3ff0000000000000
	/* 1 - 2^-54: a tie below 1 */
	TEST_FP2  36, fsub.d, rne, 0x3ff0000000000000, NX, 0x3ff0000000000000, 0x3c90000000000000
	TEST_FP2  37, fsub.d, rtz, 0x3fefffffffffffff, NX, 0x3ff0000000000000, 0x3c90000000000000
	TEST_FP2  38, fsub.d, rdn, 0x3fefffffffffffff, NX, 0x3ff0000000000000, 0x3c90000000000000
	TEST_FP2  39, fsub.d, rmm, 0x3ff0000000000000, NX, 0x3ff0000000000000, 0x3c90000000000000
	/* inf - inf is invalid */
	TEST_FP2  40, fsub.d, rne, 0x7ff8000000000000, NV, 0x7ff0000000000000, 0x7ff0000000000000
	/* -0 - +0 = -0 */
	TEST_FP2  41, fsub.d, rne, 0x8000000000000000, 0, 0x8000000000000000, 0x0000000000000000
	/* +0 - +0 = +0 */
	TEST_FP2  42, fsub.d, rne, 0x0000000000000000, 0, 0x0000000000000000, 0x0000000000000000
	/* ... -0 rounding down */
	TEST_FP2  43, fsub.d, rdn, 0x8000000000000000, 0, 0x0000000000000000, 0x0000000000000000
	TEST_FP2  44, fsub.d, rne, 0x7ff8000000000000, NV, 0x7ff0000000000001, 0x7ff8000000000000

	/* fmul: overflow in each mode and each sign, underflow with tininess
	 * detected after rounding, signed zeros and infinities */
	TEST_FP2  45, fmul.d, rne, 0x401e000000000000, 0, 0x4004000000000000, 0x4008000000000000
	TEST_FP2  46, fmul.d, rne, 0xc018000000000000, 0, 0xc000000000000000, 0x4008000000000000
	/* -0 * 5 = -0 */
	TEST_FP2  47, fmul.d, rne, 0x8000000000000000, 0, 0x8000000000000000, 0x4014000000000000
	/* 0 * inf is invalid */
	TEST_FP2  48, fmul.d, rne, 0x7ff8000000000000, NV, 0x8000000000000000, 0xfff0000000000000
	TEST_FP2  49, fmul.d, rne, 0xfff0000000000000, 0, 0x7ff0000000000000, 0xc000000000000000
	/* max * 2 overflows */
	TEST_FP2  50, fmul.d, rne, 0x7ff0000000000000, OF|NX, 0x7fefffffffffffff, 0x4000000000000000
	TEST_FP2  51, fmul.d, rtz, 0x7fefffffffffffff, OF|NX, 0x7fefffffffffffff, 0x4000000000000000
	TEST_FP2  52, fmul.d, rdn, 0x7fefffffffffffff, OF|NX, 0x7fefffffffffffff, 0x4000000000000000
	TEST_FP2  53, fmul.d, rup, 0x7ff0000000000000, OF|NX, 0x7fefffffffffffff, 0x4000000000000000
	TEST_FP2  54, fmul.d, rmm, 0x7ff0000000000000, OF|NX, 0x7fefffffffffffff, 0x4000000000000000
	/* -max * 2 */
	TEST_FP2  55, fmul.d, rne, 0xfff0000000000000, OF|NX, 0xffefffffffffffff, 0x4000000000000000
	TEST_FP2  56, fmul.d, rtz, 0xffefffffffffffff, OF|NX, 0xffefffffffffffff, 0x4000000000000000
	TEST_FP2  57, fmul.d, rdn, 0xfff0000000000000, OF|NX, 0xffefffffffffffff, 0x4000000000000000
	TEST_FP2  58, fmul.d, rup, 0xffefffffffffffff, OF|NX, 0xffefffffffffffff, 0x4000000000000000
	TEST_FP2  59, fmul.d, rmm, 0xfff0000000000000, OF|NX, 0xffefffffffffffff, 0x4000000000000000
	/* an exact subnormal: no UF */
	TEST_FP2  60, fmul.d, rne, 0x0008000000000000, 0, 0x0010000000000000, 0x3fe0000000000000
	/* tiny after rounding, rounds to the smallest normal */
	TEST_FP2  61, fmul.d, rne, 0x0010000000000000, UF|NX, 0x3fefffffffffffff, 0x0010000000000000
	TEST_FP2  62, fmul.d, rtz, 0x000fffffffffffff, UF|NX, 0x3fefffffffffffff, 0x0010000000000000
	TEST_FP2  63, fmul.d, rup, 0x0010000000000000, UF|NX, 0x3fefffffffffffff, 0x0010000000000000
	/* tiny only before rounding: no UF */
	TEST_FP2  64, fmul.d, rne, 0x0010000000000000, NX, 0x2137fffa00000000, 0x1ec5555aaaac0000
	TEST_FP2  65, fmul.d, rup, 0x0010000000000000, NX, 0x2137fffa00000000, 0x1ec5555aaaac0000
	/* ... tiny when truncated */
	TEST_FP2  66, fmul.d, rtz, 0x000fffffffffffff, UF|NX, 0x2137fffa00000000, 0x1ec5555aaaac0000
	/* half the smallest subnormal: a tie, to 0 */
	TEST_FP2  67, fmul.d, rne, 0x0000000000000000, UF|NX, 0x0000000000000001, 0x3fe0000000000000
	TEST_FP2  68, fmul.d, rup, 0x0000000000000001, UF|NX, 0x0000000000000001, 0x3fe0000000000000
	TEST_FP2  69, fmul.d, rmm, 0x0000000000000001, UF|NX, 0x0000000000000001, 0x3fe0000000000000
	TEST_FP2  70, fmul.d, rne, 0x8000000000000000, UF|NX, 0x8000000000000001, 0x3fe0000000000000
	TEST_FP2  71, fmul.d, rdn, 0x8000000000000001, UF|NX, 0x8000000000000001, 0x3fe0000000000000
	TEST_FP2  72, fmul.d, rne, 0x0000000000000000, UF|NX, 0x0000000000000001, 0x3fd0000000000000
	TEST_FP2  73, fmul.d, rne, 0x7ff8000000000000, 0, 0x7ff8000000000000, 0x0000000000000000
	TEST_FP2  74, fmul.d, rne, 0x7ff8000000000000, NV, 0x7ff0000000000001, 0x7ff0000000000000

	/* fdiv */
	/* 1/3 */
	TEST_FP2  75, fdiv.d, rne, 0x3fd5555555555555, NX, 0x3ff0000000000000, 0x4008000000000000
	TEST_FP2  76, fdiv.d, rtz, 0x3fd5555555555555, NX, 0x3ff0000000000000, 0x4008000000000000
	TEST_FP2  77, fdiv.d, rdn, 0x3fd5555555555555, NX, 0x3ff0000000000000, 0x4008000000000000
	TEST_FP2  78, fdiv.d, rup, 0x3fd5555555555556, NX, 0x3ff0000000000000, 0x4008000000000000
	TEST_FP2  79, fdiv.d, rmm, 0x3fd5555555555555, NX, 0x3ff0000000000000, 0x4008000000000000
	/* -1/3 */
	TEST_FP2  80, fdiv.d, rdn, 0xbfd5555555555556, NX, 0xbff0000000000000, 0x4008000000000000
	TEST_FP2  81, fdiv.d, rup, 0xbfd5555555555555, NX, 0xbff0000000000000, 0x4008000000000000
	/* exact */
	TEST_FP2  82, fdiv.d, rne, 0x4000000000000000, 0, 0x4018000000000000, 0x4008000000000000
	/* x/0: DZ */
	TEST_FP2  83, fdiv.d, rne, 0x7ff0000000000000, DZ, 0x3ff0000000000000, 0x0000000000000000
	TEST_FP2  84, fdiv.d, rne, 0xfff0000000000000, DZ, 0xbff0000000000000, 0x0000000000000000
	TEST_FP2  85, fdiv.d, rne, 0xfff0000000000000, DZ, 0x3ff0000000000000, 0x8000000000000000
	/* 0/0 is invalid */
	TEST_FP2  86, fdiv.d, rne, 0x7ff8000000000000, NV, 0x0000000000000000, 0x0000000000000000
	/* inf/inf is invalid */
	TEST_FP2  87, fdiv.d, rne, 0x7ff8000000000000, NV, 0x7ff0000000000000, 0xfff0000000000000
	/* inf/0 = inf: no DZ */
	TEST_FP2  88, fdiv.d, rne, 0x7ff0000000000000, 0, 0x7ff0000000000000, 0x0000000000000000
	TEST_FP2  89, fdiv.d, rne, 0x0000000000000000, 0, 0x0000000000000000, 0x4014000000000000
	/* -5/inf = -0 */
	TEST_FP2  90, fdiv.d, rne, 0x8000000000000000, 0, 0xc014000000000000, 0x7ff0000000000000
	/* NaN/0: no DZ */
	TEST_FP2  91, fdiv.d, rne, 0x7ff8000000000000, 0, 0x7ff8000000000000, 0x0000000000000000
	TEST_FP2  92, fdiv.d, rne, 0x7ff8000000000000, NV, 0x7ff0000000000001, 0x3ff0000000000000
	TEST_FP2  93, fdiv.d, rne, 0x7ff0000000000000, OF|NX, 0x7fefffffffffffff, 0x3fe0000000000000
	TEST_FP2  94, fdiv.d, rtz, 0x7fefffffffffffff, OF|NX, 0x7fefffffffffffff, 0x3fe0000000000000
	/* tiny and inexact: UF */
	TEST_FP2  95, fdiv.d, rne, 0x0005555555555555, UF|NX, 0x0010000000000000, 0x4008000000000000
	/* tiny but exact: no UF */
	TEST_FP2  96, fdiv.d, rne, 0x0004000000000000, 0, 0x0010000000000000, 0x4010000000000000

	/* fsqrt */
	TEST_FP1  97, fsqrt.d, rne, 0x4000000000000000, 0, 0x4010000000000000
	TEST_FP1  98, fsqrt.d, rne, 0x3ff6a09e667f3bcd, NX, 0x4000000000000000  /* sqrt 2 */
	TEST_FP1  99, fsqrt.d, rtz, 0x3ff6a09e667f3bcc, NX, 0x4000000000000000
	TEST_FP1 100, fsqrt.d, rdn, 0x3ff6a09e667f3bcc, NX, 0x4000000000000000
	TEST_FP1 101, fsqrt.d, rup, 0x3ff6a09e667f3bcd, NX, 0x4000000000000000
	TEST_FP1 102, fsqrt.d, rmm, 0x3ff6a09e667f3bcd, NX, 0x4000000000000000
	TEST_FP1 103, fsqrt.d, rne, 0x8000000000000000, 0, 0x8000000000000000  /* sqrt -0 = -0 */
	TEST_FP1 104, fsqrt.d, rne, 0x7ff0000000000000, 0, 0x7ff0000000000000
	/* negative: invalid */
	TEST_FP1 105, fsqrt.d, rne, 0x7ff8000000000000, NV, 0xbff0000000000000
	TEST_FP1 106, fsqrt.d, rne, 0x7ff8000000000000, NV, 0xfff0000000000000
	TEST_FP1 107, fsqrt.d, rne, 0x7ff8000000000000, NV, 0x8000000000000001
	TEST_FP1 108, fsqrt.d, rne, 0x7ff8000000000000, 0, 0xfff8000000001234
	TEST_FP1 109, fsqrt.d, rne, 0x7ff8000000000000, NV, 0x7ff0000000000001
	/* smallest subnormal */
	TEST_FP1 110, fsqrt.d, rne, 0x1e60000000000000, 0, 0x0000000000000001
	TEST_FP1 111, fsqrt.d, rne, 0x1e66a09e667f3bcd, NX, 0x0000000000000002  /* a subnormal */
	TEST_FP1 112, fsqrt.d, rup, 0x5ff0000000000000, NX, 0x7fefffffffffffff

	/* fmin, fmax (2.2: a NaN operand is ignored, -0 < +0, NV for sNaN) */
	TEST_FP2 113, fmin.d, -, 0x3ff0000000000000, 0, 0x3ff0000000000000, 0x4000000000000000
	TEST_FP2 114, fmin.d, -, 0xc000000000000000, 0, 0xbff0000000000000, 0xc000000000000000
	/* -0 < +0, either order */
	TEST_FP2 115, fmin.d, -, 0x8000000000000000, 0, 0x8000000000000000, 0x0000000000000000
	TEST_FP2 116, fmin.d, -, 0x8000000000000000, 0, 0x0000000000000000, 0x8000000000000000
	/* the number, no flag */
	TEST_FP2 117, fmin.d, -, 0x3ff0000000000000, 0, 0x7ff8000000000000, 0x3ff0000000000000
	TEST_FP2 118, fmin.d, -, 0xbff0000000000000, 0, 0xbff0000000000000, 0xfff8000000001234
	/* the number, NV */
	TEST_FP2 119, fmin.d, -, 0x3ff0000000000000, NV, 0x7ff0000000000001, 0x3ff0000000000000
	/* both NaN: the canonical NaN */
	TEST_FP2 120, fmin.d, -, 0x7ff8000000000000, 0, 0x7ff8000000000000, 0xfff8000000001234
	TEST_FP2 121, fmin.d, -, 0x7ff8000000000000, NV, 0x7ff0000000000001, 0x7ff8000000000000
	TEST_FP2 122, fmin.d, -, 0xfff0000000000000, 0, 0xfff0000000000000, 0x7fefffffffffffff
	TEST_FP2 123, fmin.d, -, 0x0000000000000001, 0, 0x7ff0000000000000, 0x0000000000000001
	TEST_FP2 124, fmax.d, -, 0x4000000000000000, 0, 0x3ff0000000000000, 0x4000000000000000
	TEST_FP2 125, fmax.d, -, 0xbff0000000000000, 0, 0xbff0000000000000, 0xc000000000000000
	/* -0 < +0, either order */
	TEST_FP2 126, fmax.d, -, 0x0000000000000000, 0, 0x8000000000000000, 0x0000000000000000
	TEST_FP2 127, fmax.d, -, 0x0000000000000000, 0, 0x0000000000000000, 0x8000000000000000
	/* the number, no flag */
	TEST_FP2 128, fmax.d, -, 0x3ff0000000000000, 0, 0x7ff8000000000000, 0x3ff0000000000000
	TEST_FP2 129, fmax.d, -, 0xbff0000000000000, 0, 0xbff0000000000000, 0xfff8000000001234
	/* the number, NV */
	TEST_FP2 130, fmax.d, -, 0x3ff0000000000000, NV, 0x7ff0000000000001, 0x3ff0000000000000
	/* both NaN: the canonical NaN */
	TEST_FP2 131, fmax.d, -, 0x7ff8000000000000, 0, 0x7ff8000000000000, 0xfff8000000001234
	TEST_FP2 132, fmax.d, -, 0x7ff8000000000000, NV, 0x7ff0000000000001, 0x7ff8000000000000
	TEST_FP2 133, fmax.d, -, 0x7fefffffffffffff, 0, 0xfff0000000000000, 0x7fefffffffffffff
	TEST_FP2 134, fmax.d, -, 0x7ff0000000000000, 0, 0x7ff0000000000000, 0x0000000000000001

	/* fused multiply-add: one rounding, NaN and infinity rules */
	/* 2*3 + 1 */
	TEST_FP3 135, fmadd.d, rne, 0x401c000000000000, 0, 0x4000000000000000, 0x4008000000000000, 0x3ff0000000000000
	/* 2*3 - 1 */
	TEST_FP3 136, fmsub.d, rne, 0x4014000000000000, 0, 0x4000000000000000, 0x4008000000000000, 0x3ff0000000000000
	/* -(2*3) + 1 */
	TEST_FP3 137, fnmsub.d, rne, 0xc014000000000000, 0, 0x4000000000000000, 0x4008000000000000, 0x3ff0000000000000
	/* -(2*3) - 1 */
	TEST_FP3 138, fnmadd.d, rne, 0xc01c000000000000, 0, 0x4000000000000000, 0x4008000000000000, 0x3ff0000000000000
	/* the rounding error of (1+ulp)^2, exact */
	TEST_FP3 139, fmsub.d, rne, 0x3970000000000000, 0, 0x3ff0000000000001, 0x3ff0000000000001, 0x3ff0000000000002
	/* (1+ulp)^2 - 1 = 2^-51 + 2^-104: a tie */
	TEST_FP3 140, fmadd.d, rne, 0x3cc0000000000000, NX, 0x3ff0000000000001, 0x3ff0000000000001, 0xbff0000000000000
	TEST_FP3 141, fmadd.d, rtz, 0x3cc0000000000000, NX, 0x3ff0000000000001, 0x3ff0000000000001, 0xbff0000000000000
	TEST_FP3 142, fmadd.d, rdn, 0x3cc0000000000000, NX, 0x3ff0000000000001, 0x3ff0000000000001, 0xbff0000000000000
	TEST_FP3 143, fmadd.d, rup, 0x3cc0000000000001, NX, 0x3ff0000000000001, 0x3ff0000000000001, 0xbff0000000000000
	TEST_FP3 144, fmadd.d, rmm, 0x3cc0000000000001, NX, 0x3ff0000000000001, 0x3ff0000000000001, 0xbff0000000000000
	/* 0 * inf + qNaN: NV all the same */
	TEST_FP3 145, fmadd.d, rne, 0x7ff8000000000000, NV, 0x0000000000000000, 0x7ff0000000000000, 0x7ff8000000000000
	TEST_FP3 146, fmadd.d, rne, 0x7ff8000000000000, NV, 0x7ff0000000000000, 0x0000000000000000, 0x3ff0000000000000
	TEST_FP3 147, fmadd.d, rne, 0x7ff8000000000000, 0, 0x7ff8000000000000, 0x3ff0000000000000, 0x3ff0000000000000
	TEST_FP3 148, fmadd.d, rne, 0x7ff8000000000000, NV, 0x3ff0000000000000, 0x3ff0000000000000, 0x7ff0000000000001
	/* inf - inf */
	TEST_FP3 149, fmadd.d, rne, 0x7ff8000000000000, NV, 0x7ff0000000000000, 0x3ff0000000000000, 0xfff0000000000000
	TEST_FP3 150, fmsub.d, rne, 0x7ff8000000000000, NV, 0x7ff0000000000000, 0x3ff0000000000000, 0x7ff0000000000000
	TEST_FP3 151, fmadd.d, rne, 0x7ff0000000000000, 0, 0x3ff0000000000000, 0x7ff0000000000000, 0x7ff0000000000000
	TEST_FP3 152, fmadd.d, rne, 0xfff0000000000000, 0, 0x4000000000000000, 0x4008000000000000, 0xfff0000000000000
	TEST_FP3 153, fnmadd.d, rne, 0xfff0000000000000, 0, 0x7ff0000000000000, 0x3ff0000000000000, 0x3ff0000000000000
	/* exact zero sum: +0 */
	TEST_FP3 154, fmadd.d, rne, 0x0000000000000000, 0, 0x4000000000000000, 0x4008000000000000, 0xc018000000000000
	/* ... -0 rounding down */
	TEST_FP3 155, fmadd.d, rdn, 0x8000000000000000, 0, 0x4000000000000000, 0x4008000000000000, 0xc018000000000000
	/* -0 + +0 */
	TEST_FP3 156, fmadd.d, rne, 0x0000000000000000, 0, 0x8000000000000000, 0x3ff0000000000000, 0x0000000000000000
	TEST_FP3 157, fmadd.d, rdn, 0x8000000000000000, 0, 0x8000000000000000, 0x3ff0000000000000, 0x0000000000000000
	TEST_FP3 158, fmadd.d, rne, 0x8000000000000000, 0, 0x8000000000000000, 0x3ff0000000000000, 0x8000000000000000
	/* -(+0) - +0 = -0 */
	TEST_FP3 159, fnmadd.d, rne, 0x8000000000000000, 0, 0x0000000000000000, 0x3ff0000000000000, 0x0000000000000000
	/* -(+0) + +0 = +0 */
	TEST_FP3 160, fnmsub.d, rne, 0x0000000000000000, 0, 0x0000000000000000, 0x3ff0000000000000, 0x0000000000000000
	/* +0 - +0 rounding down: -0 */
	TEST_FP3 161, fmsub.d, rdn, 0x8000000000000000, 0, 0x0000000000000000, 0x3ff0000000000000, 0x0000000000000000
	/* -(6) - -6 = +0 */
	TEST_FP3 162, fnmadd.d, rne, 0x0000000000000000, 0, 0x4000000000000000, 0x4008000000000000, 0xc018000000000000
	/* no overflow inside: max exactly */
	TEST_FP3 163, fmadd.d, rne, 0x7fefffffffffffff, 0, 0x7fefffffffffffff, 0x4000000000000000, 0xffefffffffffffff
	TEST_FP3 164, fmadd.d, rne, 0x7ff0000000000000, OF|NX, 0x7fefffffffffffff, 0x4000000000000000, 0x0000000000000000
	TEST_FP3 165, fmadd.d, rtz, 0x7fefffffffffffff, OF|NX, 0x7fefffffffffffff, 0x4000000000000000, 0x0000000000000000
	/* min normal - 2^(emin-p-1): not tiny after rounding */
	TEST_FP3 166, fmadd.d, rne, 0x0010000000000000, NX, 0xbaf0000000000000, 0x01b0000000000000, 0x0010000000000000
	/* ... tiny when truncated */
	TEST_FP3 167, fmadd.d, rtz, 0x000fffffffffffff, UF|NX, 0xbaf0000000000000, 0x01b0000000000000, 0x0010000000000000

	/* dynamic rounding: three operations per frm value tell the five
	 * modes apart */
	fsrmi FRM_RNE
	TEST_FP2 168, fadd.d, dyn, 0x3ff0000000000000, NX, 0x3ff0000000000000, 0x3ca0000000000000
	TEST_FP2 169, fadd.d, dyn, 0xbff0000000000000, NX, 0xbff0000000000000, 0xbca0000000000000
	TEST_FP2 170, fdiv.d, dyn, 0x3fd5555555555555, NX, 0x3ff0000000000000, 0x4008000000000000
	fsrmi FRM_RTZ
	TEST_FP2 171, fadd.d, dyn, 0x3ff0000000000000, NX, 0x3ff0000000000000, 0x3ca0000000000000
	TEST_FP2 172, fadd.d, dyn, 0xbff0000000000000, NX, 0xbff0000000000000, 0xbca0000000000000
	TEST_FP2 173, fdiv.d, dyn, 0x3fd5555555555555, NX, 0x3ff0000000000000, 0x4008000000000000
	fsrmi FRM_RDN
	TEST_FP2 174, fadd.d, dyn, 0x3ff0000000000000, NX, 0x3ff0000000000000, 0x3ca0000000000000
	TEST_FP2 175, fadd.d, dyn, 0xbff0000000000001, NX, 0xbff0000000000000, 0xbca0000000000000
	TEST_FP2 176, fdiv.d, dyn, 0x3fd5555555555555, NX, 0x3ff0000000000000, 0x4008000000000000
	fsrmi FRM_RUP
	TEST_FP2 177, fadd.d, dyn, 0x3ff0000000000001, NX, 0x3ff0000000000000, 0x3ca0000000000000
	TEST_FP2 178, fadd.d, dyn, 0xbff0000000000000, NX, 0xbff0000000000000, 0xbca0000000000000
	TEST_FP2 179, fdiv.d, dyn, 0x3fd5555555555556, NX, 0x3ff0000000000000, 0x4008000000000000
	fsrmi FRM_RMM
	TEST_FP2 180, fadd.d, dyn, 0x3ff0000000000001, NX, 0x3ff0000000000000, 0x3ca0000000000000
	TEST_FP2 181, fadd.d, dyn, 0xbff0000000000001, NX, 0xbff0000000000000, 0xbca0000000000000
	TEST_FP2 182, fdiv.d, dyn, 0x3fd5555555555555, NX, 0x3ff0000000000000, 0x4008000000000000
	fsrmi FRM_RUP
	TEST_FP1 183, fsqrt.d, dyn, 0x3ff6a09e667f3bcd, NX, 0x4000000000000000  /* frm = RUP */
	TEST_FP3 184, fmadd.d, dyn, 0x3cc0000000000001, NX, 0x3ff0000000000001, 0x3ff0000000000001, 0xbff0000000000000
	/* a static rm overrides frm */
	TEST_FP2 185, fadd.d, rne, 0x3ff0000000000000, NX, 0x3ff0000000000000, 0x3ca0000000000000
	TEST_FP2 186, fadd.d, rtz, 0x3ff0000000000000, NX, 0x3ff0000000000000, 0x3ca8000000000000
	fsrmi FRM_RNE

	/* sources are read before the destination is written; f0 and f31 */
	CASE 187
	li t0, 0x3ff8000000000000       /* 1.5 */
	fmv.d.x f0, t0
	fadd.d f0, f0, f0, rne
	fmv.x.d a0, f0
	EXPECT a0, 0x4008000000000000
	fmadd.d f31, f0, f0, f0, rne    /* 3*3 + 3 */
	fmv.x.d a0, f31
	EXPECT a0, 0x4028000000000000
	/* flags accumulate: NX, then DZ, then read (csrrs) without clearing */
	CASE 188
	fsflags zero
	li t0, 0x3ff0000000000000
	fmv.d.x f1, t0
	li t0, 0x4008000000000000
	fmv.d.x f2, t0
	fdiv.d f3, f1, f2, rne  /* 1/3: NX */
	fmv.d.x f2, zero
	fdiv.d f3, f1, f2, rne  /* 1/0: DZ */
	frflags a1
	EXPECT a1, DZ|NX
	frflags a1
	EXPECT a1, DZ|NX
	fsflags zero
	frflags a1
	EXPECT a1, 0

	TEST_PASS
