/* RV64F arithmetic: fadd, fsub, fmul, fdiv, fsqrt, fmin, fmax, fmadd,
 * fmsub, fnmsub, fnmadd (.s) in each static rounding mode and the dynamic
 * one. Every case checks the result's bits and the exact set of flags
 * raised: ties in every mode, signed zeros, infinities, quiet and
 * signalling NaNs (any NaN result is the canonical 0x7fc00000; only sNaN
 * and invalid operations raise NV), subnormals, overflow per rounding mode
 * and sign, underflow with tininess detected after rounding (UF only when
 * also inexact), divide by zero, and fma(0, inf, qNaN) raising NV.
 * Expected values are exact IEEE 754 results. */
#include "test.h"
#include "fp.h"

/* Operands go in with fmv.w.x and results come out of f3 (FP_OP runs the
 * instruction); FP_CHECK expects the result's bits `want` and fflags =
 * `flags`. */
	.macro FP_CHECK want, flags
	fmv.x.w a0, f3
	EXPECT a0, SEXT32(\want)
	EXPECT a1, \flags
	.endm

	.macro TEST_FP1 n, op, rm, want, flags, a
	CASE \n
	li t0, \a
	fmv.w.x f1, t0
	FP_OP \rm, \op, f3, f1
	FP_CHECK \want, \flags
	.endm

	.macro TEST_FP2 n, op, rm, want, flags, a, b
	CASE \n
	li t0, \a
	fmv.w.x f1, t0
	li t0, \b
	fmv.w.x f2, t0
	FP_OP \rm, \op, f3, f1, f2
	FP_CHECK \want, \flags
	.endm

	.macro TEST_FP3 n, op, rm, want, flags, a, b, c
	CASE \n
	li t0, \a
	fmv.w.x f1, t0
	li t0, \b
	fmv.w.x f2, t0
	li t0, \c
	fmv.w.x f4, t0
	FP_OP \rm, \op, f3, f1, f2, f4
	FP_CHECK \want, \flags
	.endm

	TEST_BEGIN
	FP_ENABLE
	csrw fcsr, zero

	/* fadd: exact sums, then 1 + half an ulp (a tie) in each mode */
	TEST_FP2   1, fadd.s, rne, 0x40400000, 0, 0x3f800000, 0x40000000  /* 1 + 2 */
	TEST_FP2   2, fadd.s, rne, 0xbfa00000, 0, 0xbfc00000, 0x3e800000  /* -1.5 + 0.25 */
	TEST_FP2   3, fadd.s, rne, 0x3f800000, NX, 0x3f800000, 0x33800000  /* 1 + 2^-24: a tie */
	TEST_FP2   4, fadd.s, rtz, 0x3f800000, NX, 0x3f800000, 0x33800000
	TEST_FP2   5, fadd.s, rdn, 0x3f800000, NX, 0x3f800000, 0x33800000
	TEST_FP2   6, fadd.s, rup, 0x3f800001, NX, 0x3f800000, 0x33800000
	TEST_FP2   7, fadd.s, rmm, 0x3f800001, NX, 0x3f800000, 0x33800000
	TEST_FP2   8, fadd.s, rne, 0xbf800000, NX, 0xbf800000, 0xb3800000  /* -1 - 2^-24 */
	TEST_FP2   9, fadd.s, rdn, 0xbf800001, NX, 0xbf800000, 0xb3800000
	TEST_FP2  10, fadd.s, rup, 0xbf800000, NX, 0xbf800000, 0xb3800000
	TEST_FP2  11, fadd.s, rmm, 0xbf800001, NX, 0xbf800000, 0xb3800000
	/* a tie from an odd significand rounds up to even */
	TEST_FP2  12, fadd.s, rne, 0x3f800002, NX, 0x3f800001, 0x33800000
	/* 1 + 3/4 ulp: above the tie */
	TEST_FP2  13, fadd.s, rne, 0x3f800001, NX, 0x3f800000, 0x33c00000
	TEST_FP2  14, fadd.s, rtz, 0x3f800000, NX, 0x3f800000, 0x33c00000  /* ... truncated */
	TEST_FP2  15, fadd.s, rne, 0x00000000, 0, 0x40a00000, 0xc0a00000  /* x + -x is +0 */
	/* ... but -0 rounding down */
	TEST_FP2  16, fadd.s, rdn, 0x80000000, 0, 0x40a00000, 0xc0a00000
	TEST_FP2  17, fadd.s, rne, 0x80000000, 0, 0x80000000, 0x80000000  /* -0 + -0 = -0 */
	TEST_FP2  18, fadd.s, rne, 0x00000000, 0, 0x80000000, 0x00000000  /* -0 + +0 = +0 */
	TEST_FP2  19, fadd.s, rdn, 0x80000000, 0, 0x80000000, 0x00000000  /* ... -0 rounding down */
	TEST_FP2  20, fadd.s, rne, 0x7fc00000, NV, 0x7f800000, 0xff800000  /* inf - inf is invalid */
	TEST_FP2  21, fadd.s, rne, 0x7f800000, 0, 0x7f800000, 0x3f800000  /* inf + 1 = inf, exact */
	TEST_FP2  22, fadd.s, rne, 0xff800000, 0, 0xff800000, 0x7f7fffff
	/* a quiet NaN propagates silently */
	TEST_FP2  23, fadd.s, rne, 0x7fc00000, 0, 0x7fc00000, 0x3f800000
	/* the result is the canonical NaN */
	TEST_FP2  24, fadd.s, rne, 0x7fc00000, 0, 0x3f800000, 0xffc01234
	/* a signalling NaN raises NV */
	TEST_FP2  25, fadd.s, rne, 0x7fc00000, NV, 0x7f800001, 0x3f800000
	TEST_FP2  26, fadd.s, rne, 0x7fc00000, NV, 0x7fc00000, 0xff800001
	/* subnormal + subnormal: exact, no UF */
	TEST_FP2  27, fadd.s, rne, 0x00000002, 0, 0x00000001, 0x00000001
	/* ... = the smallest normal */
	TEST_FP2  28, fadd.s, rne, 0x00800000, 0, 0x007fffff, 0x00000001
	/* ... and back to a subnormal, exact */
	TEST_FP2  29, fadd.s, rne, 0x007fffff, 0, 0x00800000, 0x80000001
	/* max + half its ulp: a tie that overflows */
	TEST_FP2  30, fadd.s, rne, 0x7f800000, OF|NX, 0x7f7fffff, 0x73000000
	/* ... that truncates to max, not an overflow */
	TEST_FP2  31, fadd.s, rtz, 0x7f7fffff, NX, 0x7f7fffff, 0x73000000
	/* max + 1: inexact, no overflow */
	TEST_FP2  32, fadd.s, rne, 0x7f7fffff, NX, 0x7f7fffff, 0x3f800000

	/* fsub */
	TEST_FP2  33, fsub.s, rne, 0xc0000000, 0, 0x40400000, 0x40a00000  /* 3 - 5 */
	TEST_FP2  34, fsub.s, rne, 0x00000000, 0, 0x3f800000, 0x3f800000  /* 1 - 1 = +0 */
	TEST_FP2  35, fsub.s, rdn, 0x80000000, 0, 0x3f800000, 0x3f800000  /* ... -0 rounding down */
	/* 1 - 2^-25: a tie below 1 */
	TEST_FP2  36, fsub.s, rne, 0x3f800000, NX, 0x3f800000, 0x33000000
	TEST_FP2  37, fsub.s, rtz, 0x3f7fffff, NX, 0x3f800000, 0x33000000
	TEST_FP2  38, fsub.s, rdn, 0x3f7fffff, NX, 0x3f800000, 0x33000000
	TEST_FP2  39, fsub.s, rmm, 0x3f800000, NX, 0x3f800000, 0x33000000
	TEST_FP2  40, fsub.s, rne, 0x7fc00000, NV, 0x7f800000, 0x7f800000  /* inf - inf is invalid */
	TEST_FP2  41, fsub.s, rne, 0x80000000, 0, 0x80000000, 0x00000000  /* -0 - +0 = -0 */
	TEST_FP2  42, fsub.s, rne, 0x00000000, 0, 0x00000000, 0x00000000  /* +0 - +0 = +0 */
	TEST_FP2  43, fsub.s, rdn, 0x80000000, 0, 0x00000000, 0x00000000  /* ... -0 rounding down */
	TEST_FP2  44, fsub.s, rne, 0x7fc00000, NV, 0x7f800001, 0x7fc00000

	/* fmul: overflow in each mode and each sign, underflow with tininess
	 * detected after rounding, signed zeros and infinities */
	TEST_FP2  45, fmul.s, rne, 0x40f00000, 0, 0x40200000, 0x40400000
	TEST_FP2  46, fmul.s, rne, 0xc0c00000, 0, 0xc0000000, 0x40400000
	TEST_FP2  47, fmul.s, rne, 0x80000000, 0, 0x80000000, 0x40a00000  /* -0 * 5 = -0 */
	TEST_FP2  48, fmul.s, rne, 0x7fc00000, NV, 0x80000000, 0xff800000  /* 0 * inf is invalid */
	TEST_FP2  49, fmul.s, rne, 0xff800000, 0, 0x7f800000, 0xc0000000
	TEST_FP2  50, fmul.s, rne, 0x7f800000, OF|NX, 0x7f7fffff, 0x40000000  /* max * 2 overflows */
	TEST_FP2  51, fmul.s, rtz, 0x7f7fffff, OF|NX, 0x7f7fffff, 0x40000000
	TEST_FP2  52, fmul.s, rdn, 0x7f7fffff, OF|NX, 0x7f7fffff, 0x40000000
	TEST_FP2  53, fmul.s, rup, 0x7f800000, OF|NX, 0x7f7fffff, 0x40000000
	TEST_FP2  54, fmul.s, rmm, 0x7f800000, OF|NX, 0x7f7fffff, 0x40000000
	TEST_FP2  55, fmul.s, rne, 0xff800000, OF|NX, 0xff7fffff, 0x40000000  /* -max * 2 */
	TEST_FP2  56, fmul.s, rtz, 0xff7fffff, OF|NX, 0xff7fffff, 0x40000000
	TEST_FP2  57, fmul.s, rdn, 0xff800000, OF|NX, 0xff7fffff, 0x40000000
	TEST_FP2  58, fmul.s, rup, 0xff7fffff, OF|NX, 0xff7fffff, 0x40000000
	TEST_FP2  59, fmul.s, rmm, 0xff800000, OF|NX, 0xff7fffff, 0x40000000
	/* an exact subnormal: no UF */
	TEST_FP2  60, fmul.s, rne, 0x00400000, 0, 0x00800000, 0x3f000000
	/* tiny after rounding, rounds to the smallest normal */
	TEST_FP2  61, fmul.s, rne, 0x00800000, UF|NX, 0x3f7fffff, 0x00800000
	TEST_FP2  62, fmul.s, rtz, 0x007fffff, UF|NX, 0x3f7fffff, 0x00800000
	TEST_FP2  63, fmul.s, rup, 0x00800000, UF|NX, 0x3f7fffff, 0x00800000
	/* tiny only before rounding: no UF */
	TEST_FP2  64, fmul.s, rne, 0x00800000, NX, 0x27118e00, 0x18e12000
	TEST_FP2  65, fmul.s, rup, 0x00800000, NX, 0x27118e00, 0x18e12000
	/* ... tiny when truncated */
	TEST_FP2  66, fmul.s, rtz, 0x007fffff, UF|NX, 0x27118e00, 0x18e12000
	/* half the smallest subnormal: a tie, to 0 */
	TEST_FP2  67, fmul.s, rne, 0x00000000, UF|NX, 0x00000001, 0x3f000000
	TEST_FP2  68, fmul.s, rup, 0x00000001, UF|NX, 0x00000001, 0x3f000000
	TEST_FP2  69, fmul.s, rmm, 0x00000001, UF|NX, 0x00000001, 0x3f000000
	TEST_FP2  70, fmul.s, rne, 0x80000000, UF|NX, 0x80000001, 0x3f000000
	TEST_FP2  71, fmul.s, rdn, 0x80000001, UF|NX, 0x80000001, 0x3f000000
	TEST_FP2  72, fmul.s, rne, 0x00000000, UF|NX, 0x00000001, 0x3e800000
	TEST_FP2  73, fmul.s, rne, 0x7fc00000, 0, 0x7fc00000, 0x00000000
	TEST_FP2  74, fmul.s, rne, 0x7fc00000, NV, 0x7f800001, 0x7f800000

	/* fdiv */
	TEST_FP2  75, fdiv.s, rne, 0x3eaaaaab, NX, 0x3f800000, 0x40400000  /* 1/3 */
	TEST_FP2  76, fdiv.s, rtz, 0x3eaaaaaa, NX, 0x3f800000, 0x40400000
	TEST_FP2  77, fdiv.s, rdn, 0x3eaaaaaa, NX, 0x3f800000, 0x40400000
	TEST_FP2  78, fdiv.s, rup, 0x3eaaaaab, NX, 0x3f800000, 0x40400000
	TEST_FP2  79, fdiv.s, rmm, 0x3eaaaaab, NX, 0x3f800000, 0x40400000
	TEST_FP2  80, fdiv.s, rdn, 0xbeaaaaab, NX, 0xbf800000, 0x40400000  /* -1/3 */
	TEST_FP2  81, fdiv.s, rup, 0xbeaaaaaa, NX, 0xbf800000, 0x40400000
	TEST_FP2  82, fdiv.s, rne, 0x40000000, 0, 0x40c00000, 0x40400000  /* exact */
	TEST_FP2  83, fdiv.s, rne, 0x7f800000, DZ, 0x3f800000, 0x00000000  /* x/0: DZ */
	TEST_FP2  84, fdiv.s, rne, 0xff800000, DZ, 0xbf800000, 0x00000000
	TEST_FP2  85, fdiv.s, rne, 0xff800000, DZ, 0x3f800000, 0x80000000
	TEST_FP2  86, fdiv.s, rne, 0x7fc00000, NV, 0x00000000, 0x00000000  /* 0/0 is invalid */
	TEST_FP2  87, fdiv.s, rne, 0x7fc00000, NV, 0x7f800000, 0xff800000  /* inf/inf is invalid */
	TEST_FP2  88, fdiv.s, rne, 0x7f800000, 0, 0x7f800000, 0x00000000  /* inf/0 = inf: no DZ */
	TEST_FP2  89, fdiv.s, rne, 0x00000000, 0, 0x00000000, 0x40a00000
	TEST_FP2  90, fdiv.s, rne, 0x80000000, 0, 0xc0a00000, 0x7f800000  /* -5/inf = -0 */
	TEST_FP2  91, fdiv.s, rne, 0x7fc00000, 0, 0x7fc00000, 0x00000000  /* NaN/0: no DZ */
	TEST_FP2  92, fdiv.s, rne, 0x7fc00000, NV, 0x7f800001, 0x3f800000
	TEST_FP2  93, fdiv.s, rne, 0x7f800000, OF|NX, 0x7f7fffff, 0x3f000000
	TEST_FP2  94, fdiv.s, rtz, 0x7f7fffff, OF|NX, 0x7f7fffff, 0x3f000000
	/* tiny and inexact: UF */
	TEST_FP2  95, fdiv.s, rne, 0x002aaaab, UF|NX, 0x00800000, 0x40400000
	TEST_FP2  96, fdiv.s, rne, 0x00200000, 0, 0x00800000, 0x40800000  /* tiny but exact: no UF */

	/* fsqrt */
	TEST_FP1  97, fsqrt.s, rne, 0x40000000, 0, 0x40800000
	TEST_FP1  98, fsqrt.s, rne, 0x3fb504f3, NX, 0x40000000  /* sqrt 2 */
	TEST_FP1  99, fsqrt.s, rtz, 0x3fb504f3, NX, 0x40000000
	TEST_FP1 100, fsqrt.s, rdn, 0x3fb504f3, NX, 0x40000000
	TEST_FP1 101, fsqrt.s, rup, 0x3fb504f4, NX, 0x40000000
	TEST_FP1 102, fsqrt.s, rmm, 0x3fb504f3, NX, 0x40000000
	TEST_FP1 103, fsqrt.s, rne, 0x80000000, 0, 0x80000000  /* sqrt -0 = -0 */
	TEST_FP1 104, fsqrt.s, rne, 0x7f800000, 0, 0x7f800000
	TEST_FP1 105, fsqrt.s, rne, 0x7fc00000, NV, 0xbf800000  /* negative: invalid */
	TEST_FP1 106, fsqrt.s, rne, 0x7fc00000, NV, 0xff800000
	TEST_FP1 107, fsqrt.s, rne, 0x7fc00000, NV, 0x80000001
	TEST_FP1 108, fsqrt.s, rne, 0x7fc00000, 0, 0xffc01234
	TEST_FP1 109, fsqrt.s, rne, 0x7fc00000, NV, 0x7f800001
	TEST_FP1 110, fsqrt.s, rne, 0x1a3504f3, NX, 0x00000001  /* smallest subnormal */
	TEST_FP1 111, fsqrt.s, rne, 0x1a800000, 0, 0x00000002  /* a subnormal */
	TEST_FP1 112, fsqrt.s, rup, 0x5f800000, NX, 0x7f7fffff

	/* fmin, fmax (2.2: a NaN operand is ignored, -0 < +0, NV for sNaN) */
	TEST_FP2 113, fmin.s, -, 0x3f800000, 0, 0x3f800000, 0x40000000
	TEST_FP2 114, fmin.s, -, 0xc0000000, 0, 0xbf800000, 0xc0000000
	TEST_FP2 115, fmin.s, -, 0x80000000, 0, 0x80000000, 0x00000000  /* -0 < +0, either order */
	TEST_FP2 116, fmin.s, -, 0x80000000, 0, 0x00000000, 0x80000000
	TEST_FP2 117, fmin.s, -, 0x3f800000, 0, 0x7fc00000, 0x3f800000  /* the number, no flag */
	TEST_FP2 118, fmin.s, -, 0xbf800000, 0, 0xbf800000, 0xffc01234
	TEST_FP2 119, fmin.s, -, 0x3f800000, NV, 0x7f800001, 0x3f800000  /* the number, NV */
	/* both NaN: the canonical NaN */
	TEST_FP2 120, fmin.s, -, 0x7fc00000, 0, 0x7fc00000, 0xffc01234
	TEST_FP2 121, fmin.s, -, 0x7fc00000, NV, 0x7f800001, 0x7fc00000
	TEST_FP2 122, fmin.s, -, 0xff800000, 0, 0xff800000, 0x7f7fffff
	TEST_FP2 123, fmin.s, -, 0x00000001, 0, 0x7f800000, 0x00000001
	TEST_FP2 124, fmax.s, -, 0x40000000, 0, 0x3f800000, 0x40000000
	TEST_FP2 125, fmax.s, -, 0xbf800000, 0, 0xbf800000, 0xc0000000
	TEST_FP2 126, fmax.s, -, 0x00000000, 0, 0x80000000, 0x00000000  /* -0 < +0, either order */
	TEST_FP2 127, fmax.s, -, 0x00000000, 0, 0x00000000, 0x80000000
	TEST_FP2 128, fmax.s, -, 0x3f800000, 0, 0x7fc00000, 0x3f800000  /* the number, no flag */
	TEST_FP2 129, fmax.s, -, 0xbf800000, 0, 0xbf800000, 0xffc01234
	TEST_FP2 130, fmax.s, -, 0x3f800000, NV, 0x7f800001, 0x3f800000  /* the number, NV */
	/* both NaN: the canonical NaN */
	TEST_FP2 131, fmax.s, -, 0x7fc00000, 0, 0x7fc00000, 0xffc01234
	TEST_FP2 132, fmax.s, -, 0x7fc00000, NV, 0x7f800001, 0x7fc00000
	TEST_FP2 133, fmax.s, -, 0x7f7fffff, 0, 0xff800000, 0x7f7fffff
	TEST_FP2 134, fmax.s, -, 0x7f800000, 0, 0x7f800000, 0x00000001

	/* fused multiply-add: one rounding, NaN and infinity rules */
	TEST_FP3 135, fmadd.s, rne, 0x40e00000, 0, 0x40000000, 0x40400000, 0x3f800000  /* 2*3 + 1 */
	TEST_FP3 136, fmsub.s, rne, 0x40a00000, 0, 0x40000000, 0x40400000, 0x3f800000  /* 2*3 - 1 */
	/* -(2*3) + 1 */
	TEST_FP3 137, fnmsub.s, rne, 0xc0a00000, 0, 0x40000000, 0x40400000, 0x3f800000
	/* -(2*3) - 1 */
	TEST_FP3 138, fnmadd.s, rne, 0xc0e00000, 0, 0x40000000, 0x40400000, 0x3f800000
	/* the rounding error of (1+ulp)^2, exact */
	TEST_FP3 139, fmsub.s, rne, 0x28800000, 0, 0x3f800001, 0x3f800001, 0x3f800002
	/* (1+ulp)^2 - 1 = 2^-22 + 2^-46: a tie */
	TEST_FP3 140, fmadd.s, rne, 0x34800000, NX, 0x3f800001, 0x3f800001, 0xbf800000
	TEST_FP3 141, fmadd.s, rtz, 0x34800000, NX, 0x3f800001, 0x3f800001, 0xbf800000
	TEST_FP3 142, fmadd.s, rdn, 0x34800000, NX, 0x3f800001, 0x3f800001, 0xbf800000
	TEST_FP3 143, fmadd.s, rup, 0x34800001, NX, 0x3f800001, 0x3f800001, 0xbf800000
	TEST_FP3 144, fmadd.s, rmm, 0x34800001, NX, 0x3f800001, 0x3f800001, 0xbf800000
	/* 0 * inf + qNaN: NV all the same */
	TEST_FP3 145, fmadd.s, rne, 0x7fc00000, NV, 0x00000000, 0x7f800000, 0x7fc00000
	TEST_FP3 146, fmadd.s, rne, 0x7fc00000, NV, 0x7f800000, 0x00000000, 0x3f800000
	TEST_FP3 147, fmadd.s, rne, 0x7fc00000, 0, 0x7fc00000, 0x3f800000, 0x3f800000
	TEST_FP3 148, fmadd.s, rne, 0x7fc00000, NV, 0x3f800000, 0x3f800000, 0x7f800001
	/* inf - inf */
	TEST_FP3 149, fmadd.s, rne, 0x7fc00000, NV, 0x7f800000, 0x3f800000, 0xff800000
	TEST_FP3 150, fmsub.s, rne, 0x7fc00000, NV, 0x7f800000, 0x3f800000, 0x7f800000
	TEST_FP3 151, fmadd.s, rne, 0x7f800000, 0, 0x3f800000, 0x7f800000, 0x7f800000
	TEST_FP3 152, fmadd.s, rne, 0xff800000, 0, 0x40000000, 0x40400000, 0xff800000
	TEST_FP3 153, fnmadd.s, rne, 0xff800000, 0, 0x7f800000, 0x3f800000, 0x3f800000
	/* exact zero sum: +0 */
	TEST_FP3 154, fmadd.s, rne, 0x00000000, 0, 0x40000000, 0x40400000, 0xc0c00000
	/* ... -0 rounding down */
	TEST_FP3 155, fmadd.s, rdn, 0x80000000, 0, 0x40000000, 0x40400000, 0xc0c00000
	TEST_FP3 156, fmadd.s, rne, 0x00000000, 0, 0x80000000, 0x3f800000, 0x00000000  /* -0 + +0 */
	TEST_FP3 157, fmadd.s, rdn, 0x80000000, 0, 0x80000000, 0x3f800000, 0x00000000
	TEST_FP3 158, fmadd.s, rne, 0x80000000, 0, 0x80000000, 0x3f800000, 0x80000000
	/* -(+0) - +0 = -0 */
	TEST_FP3 159, fnmadd.s, rne, 0x80000000, 0, 0x00000000, 0x3f800000, 0x00000000
	/* -(+0) + +0 = +0 */
	TEST_FP3 160, fnmsub.s, rne, 0x00000000, 0, 0x00000000, 0x3f800000, 0x00000000
	/* +0 - +0 rounding down: -0 */
	TEST_FP3 161, fmsub.s, rdn, 0x80000000, 0, 0x00000000, 0x3f800000, 0x00000000
	/* -(6) - -6 = +0 */
	TEST_FP3 162, fnmadd.s, rne, 0x00000000, 0, 0x40000000, 0x40400000, 0xc0c00000
	/* no overflow inside: max exactly */
	TEST_FP3 163, fmadd.s, rne, 0x7f7fffff, 0, 0x7f7fffff, 0x40000000, 0xff7fffff
	TEST_FP3 164, fmadd.s, rne, 0x7f800000, OF|NX, 0x7f7fffff, 0x40000000, 0x00000000
	TEST_FP3 165, fmadd.s, rtz, 0x7f7fffff, OF|NX, 0x7f7fffff, 0x40000000, 0x00000000
	/* min normal - 2^(emin-p-1): not tiny after rounding */
	TEST_FP3 166, fmadd.s, rne, 0x00800000, NX, 0x97800000, 0x1c000000, 0x00800000
	/* ... tiny when truncated */
	TEST_FP3 167, fmadd.s, rtz, 0x007fffff, UF|NX, 0x97800000, 0x1c000000, 0x00800000

	/* dynamic rounding: three operations per frm value tell the five
	 * modes apart */
	fsrmi FRM_RNE
	TEST_FP2 168, fadd.s, dyn, 0x3f800000, NX, 0x3f800000, 0x33800000
	TEST_FP2 169, fadd.s, dyn, 0xbf800000, NX, 0xbf800000, 0xb3800000
	TEST_FP2 170, fdiv.s, dyn, 0x3eaaaaab, NX, 0x3f800000, 0x40400000
	fsrmi FRM_RTZ
	TEST_FP2 171, fadd.s, dyn, 0x3f800000, NX, 0x3f800000, 0x33800000
	TEST_FP2 172, fadd.s, dyn, 0xbf800000, NX, 0xbf800000, 0xb3800000
	TEST_FP2 173, fdiv.s, dyn, 0x3eaaaaaa, NX, 0x3f800000, 0x40400000
	fsrmi FRM_RDN
	TEST_FP2 174, fadd.s, dyn, 0x3f800000, NX, 0x3f800000, 0x33800000
	TEST_FP2 175, fadd.s, dyn, 0xbf800001, NX, 0xbf800000, 0xb3800000
	TEST_FP2 176, fdiv.s, dyn, 0x3eaaaaaa, NX, 0x3f800000, 0x40400000
	fsrmi FRM_RUP
	TEST_FP2 177, fadd.s, dyn, 0x3f800001, NX, 0x3f800000, 0x33800000
	TEST_FP2 178, fadd.s, dyn, 0xbf800000, NX, 0xbf800000, 0xb3800000
	TEST_FP2 179, fdiv.s, dyn, 0x3eaaaaab, NX, 0x3f800000, 0x40400000
	fsrmi FRM_RMM
	TEST_FP2 180, fadd.s, dyn, 0x3f800001, NX, 0x3f800000, 0x33800000
	TEST_FP2 181, fadd.s, dyn, 0xbf800001, NX, 0xbf800000, 0xb3800000
	TEST_FP2 182, fdiv.s, dyn, 0x3eaaaaab, NX, 0x3f800000, 0x40400000
	fsrmi FRM_RUP
	TEST_FP1 183, fsqrt.s, dyn, 0x3fb504f4, NX, 0x40000000  /* frm = RUP */
	TEST_FP3 184, fmadd.s, dyn, 0x34800001, NX, 0x3f800001, 0x3f800001, 0xbf800000
	/* a static rm overrides frm */
	TEST_FP2 185, fadd.s, rne, 0x3f800000, NX, 0x3f800000, 0x33800000
	TEST_FP2 186, fadd.s, rtz, 0x3f800000, NX, 0x3f800000, 0x33c00000
	fsrmi FRM_RNE

	/* sources are read before the destination is written; f0 and f31 */
	CASE 187
	li t0, 0x3fc00000       /* 1.5 */
	fmv.w.x f31, t0
	fadd.s f31, f31, f31, rne
	fmv.x.w a0, f31
	EXPECT a0, 0x40400000
	fmadd.s f0, f31, f31, f31, rne  /* 3*3 + 3 */
	fmv.x.w a0, f0
	EXPECT a0, 0x41400000
	/* flags accumulate: NX, then DZ, then read (csrrs) without clearing */
	CASE 188
	fsflags zero
	li t0, 0x3f800000
	fmv.w.x f1, t0
	li t0, 0x40400000
	fmv.w.x f2, t0
	fdiv.s f3, f1, f2, rne  /* 1/3: NX */
	fmv.w.x f2, zero
	fdiv.s f3, f1, f2, rne  /* 1/0: DZ */
	frflags a1
	EXPECT a1, DZ|NX
	frflags a1
	EXPECT a1, DZ|NX
	fsflags zero
	frflags a1
	EXPECT a1, 0

	TEST_PASS
