/* RV64D conversions, moves, sign injection, compares, classification,
 * loads and stores (.d): fcvt.w/wu/l/lu.d and fcvt.d.w/wu/l/lu in every
 * rounding mode with their NV/NX rules and saturation values (32-bit
 * results sign-extended, W sources read from the low 32 bits),
 * fcvt.s.d and fcvt.d.s (rounding, overflow, underflow, canonical NaNs),
 * fmv.x.d and fmv.d.x, fsgnj/fsgnjn/fsgnjx.d, feq/flt/fle.d, fclass.d of
 * all ten classes, fld and fsd with negative offsets, and c.fld, c.fsd,
 * c.fldsp, c.fsdsp. Moves, sign injection, loads and stores keep NaNs as
 * they are and raise nothing. */
#include "test.h"
#include "fp.h"

/* x register result of op on the double a */
	.macro TEST_F2X n, op, rm, want, flags, a
	CASE \n
	li t0, \a
	fmv.d.x f17, t0
	FP_OP \rm, \op, a0, f17
	EXPECT a0, \want
	EXPECT a1, \flags
	.endm

/* double result of op on the x register value a */
	.macro TEST_X2F n, op, rm, want, flags, a
	CASE \n
	li a2, \a
	FP_OP \rm, \op, f19, a2
	fmv.x.d a0, f19
	EXPECT a0, \want
	EXPECT a1, \flags
	.endm

	.macro TEST_FP2 n, op, rm, want, flags, a, b
	CASE \n
	li t0, \a
	fmv.d.x f17, t0
	li t0, \b
	fmv.d.x f18, t0
	FP_OP \rm, \op, f19, f17, f18
	fmv.x.d a0, f19
	EXPECT a0, \want
	EXPECT a1, \flags
	.endm

	.macro TEST_CMP n, op, want, flags, a, b
	CASE \n
	li t0, \a
	fmv.d.x f17, t0
	li t0, \b
	fmv.d.x f18, t0
	FP_OP -, \op, a0, f17, f18
	EXPECT a0, \want
	EXPECT a1, \flags
	.endm

	.macro TEST_CLASS n, op, want, a
	TEST_F2X \n, \op, -, \want, 0, \a
	.endm

/* fcvt.s.d in mode rm: single want from double a */
	.macro TEST_S_D n, rm, want, flags, a
	CASE \n
	li t0, \a
	fmv.d.x f17, t0
	FP_OP \rm, fcvt.s.d, f19, f17
	fmv.x.w a0, f19
	EXPECT a0, SEXT32(\want)
	EXPECT a1, \flags
	.endm

/* fcvt.d.s: double want from single a */
	.macro TEST_D_S n, want, flags, a
	CASE \n
	li t0, \a
	fmv.w.x f17, t0
	FP_OP -, fcvt.d.s, f19, f17
	fmv.x.d a0, f19
	EXPECT a0, \want
	EXPECT a1, \flags
	.endm

	TEST_BEGIN
	FP_ENABLE
	csrw fcsr, zero

	/* fcvt.w.d: rounding in each mode (RMM: ties away from zero),
	 * saturation with NV for NaN (either sign), infinities and values out
	 * of range after rounding; the 32-bit result sign-extended */
	TEST_F2X   1, fcvt.w.d, rne, 0x1, 0, 0x3ff0000000000000
	TEST_F2X   2, fcvt.w.d, rne, 0xffffffffffffffff, 0, 0xbff0000000000000
	TEST_F2X   3, fcvt.w.d, rne, 0xfffffffffffffffb, 0, 0xc014000000000000  /* sign-extended */
	TEST_F2X   4, fcvt.w.d, rne, 0x0, 0, 0x8000000000000000  /* -0: 0, exact */
	TEST_F2X   5, fcvt.w.d, rne, 0x2, NX, 0x3ff8000000000000  /* 1.5 */
	TEST_F2X   6, fcvt.w.d, rtz, 0x1, NX, 0x3ff8000000000000
	TEST_F2X   7, fcvt.w.d, rdn, 0x1, NX, 0x3ff8000000000000
	TEST_F2X   8, fcvt.w.d, rup, 0x2, NX, 0x3ff8000000000000
	TEST_F2X   9, fcvt.w.d, rmm, 0x2, NX, 0x3ff8000000000000
	TEST_F2X  10, fcvt.w.d, rne, 0xfffffffffffffffe, NX, 0xc004000000000000  /* -2.5 */
	TEST_F2X  11, fcvt.w.d, rtz, 0xfffffffffffffffe, NX, 0xc004000000000000
	TEST_F2X  12, fcvt.w.d, rdn, 0xfffffffffffffffd, NX, 0xc004000000000000
	TEST_F2X  13, fcvt.w.d, rup, 0xfffffffffffffffe, NX, 0xc004000000000000
	TEST_F2X  14, fcvt.w.d, rmm, 0xfffffffffffffffd, NX, 0xc004000000000000
	TEST_F2X  15, fcvt.w.d, rne, 0x0, NX, 0x3fe0000000000000
	TEST_F2X  16, fcvt.w.d, rmm, 0x1, NX, 0x3fe0000000000000
	TEST_F2X  17, fcvt.w.d, rne, 0x0, NX, 0x0000000000000001  /* smallest subnormal */
	TEST_F2X  18, fcvt.w.d, rup, 0x1, NX, 0x0000000000000001
	TEST_F2X  19, fcvt.w.d, rne, 0x7fffffff, 0, 0x41dfffffffc00000  /* largest in range */
	TEST_F2X  20, fcvt.w.d, rne, 0x7fffffff, NV, 0x41e0000000000000  /* 2^31: out of range */
	TEST_F2X  21, fcvt.w.d, rne, 0xffffffff80000000, 0, 0xc1e0000000000000  /* -2^31: in range */
	TEST_F2X  22, fcvt.w.d, rne, 0x7fffffff, NV, 0x41dfffffffe00000  /* 2^31 - 0.5 */
	TEST_F2X  23, fcvt.w.d, rtz, 0x7fffffff, NX, 0x41dfffffffe00000
	TEST_F2X  24, fcvt.w.d, rdn, 0x7fffffff, NX, 0x41dfffffffe00000
	TEST_F2X  25, fcvt.w.d, rup, 0x7fffffff, NV, 0x41dfffffffe00000
	TEST_F2X  26, fcvt.w.d, rne, 0xffffffff80000000, NX, 0xc1e0000000100000  /* -2^31 - 0.5 */
	TEST_F2X  27, fcvt.w.d, rtz, 0xffffffff80000000, NX, 0xc1e0000000100000
	TEST_F2X  28, fcvt.w.d, rdn, 0xffffffff80000000, NV, 0xc1e0000000100000
	TEST_F2X  29, fcvt.w.d, rmm, 0xffffffff80000000, NV, 0xc1e0000000100000
	TEST_F2X  30, fcvt.w.d, rne, 0x7fffffff, NV, 0x7ff0000000000000
	TEST_F2X  31, fcvt.w.d, rne, 0xffffffff80000000, NV, 0xfff0000000000000
	/* NaN: the largest positive value */
	TEST_F2X  32, fcvt.w.d, rne, 0x7fffffff, NV, 0x7ff8000000000000
	TEST_F2X  33, fcvt.w.d, rne, 0x7fffffff, NV, 0xfff8000000001234
	TEST_F2X  34, fcvt.w.d, rne, 0x7fffffff, NV, 0x7ff0000000000001

	/* fcvt.wu.d: negative values that round to 0 give 0 and NX only */
	TEST_F2X  35, fcvt.wu.d, rne, 0x1, 0, 0x3ff0000000000000
	TEST_F2X  36, fcvt.wu.d, rne, 0xffffffffb2d05e00, 0, 0x41e65a0bc0000000  /* sign-extended */
	TEST_F2X  37, fcvt.wu.d, rne, 0xffffffff80000000, 0, 0x41e0000000000000
	/* largest in range */
	TEST_F2X  38, fcvt.wu.d, rne, 0xffffffffffffffff, 0, 0x41efffffffe00000
	TEST_F2X  39, fcvt.wu.d, rne, 0xffffffffffffffff, NV, 0x41effffffff00000  /* 2^32 - 0.5 */
	TEST_F2X  40, fcvt.wu.d, rtz, 0xffffffffffffffff, NX, 0x41effffffff00000
	TEST_F2X  41, fcvt.wu.d, rne, 0xffffffffffffffff, NV, 0x41f0000000000000
	TEST_F2X  42, fcvt.wu.d, rne, 0x0, NV, 0xbff0000000000000
	TEST_F2X  43, fcvt.wu.d, rne, 0x0, NX, 0xbfe0000000000000  /* -0.5 */
	TEST_F2X  44, fcvt.wu.d, rtz, 0x0, NX, 0xbfe0000000000000
	TEST_F2X  45, fcvt.wu.d, rdn, 0x0, NV, 0xbfe0000000000000
	TEST_F2X  46, fcvt.wu.d, rup, 0x0, NX, 0xbfe0000000000000
	TEST_F2X  47, fcvt.wu.d, rmm, 0x0, NV, 0xbfe0000000000000
	TEST_F2X  48, fcvt.wu.d, rne, 0x0, 0, 0x8000000000000000
	TEST_F2X  49, fcvt.wu.d, rup, 0x1, NX, 0x3fe0000000000000
	TEST_F2X  50, fcvt.wu.d, rne, 0xffffffffffffffff, NV, 0x7ff0000000000000
	TEST_F2X  51, fcvt.wu.d, rne, 0x0, NV, 0xfff0000000000000
	TEST_F2X  52, fcvt.wu.d, rne, 0xffffffffffffffff, NV, 0xfff8000000001234

	/* fcvt.l.d, fcvt.lu.d */
	TEST_F2X  53, fcvt.l.d, rne, 0x2, NX, 0x3ff8000000000000
	TEST_F2X  54, fcvt.l.d, rmm, 0xfffffffffffffffd, NX, 0xc004000000000000
	TEST_F2X  55, fcvt.l.d, rne, 0x00000002540be400, 0, 0x4202a05f20000000
	/* largest in range */
	TEST_F2X  56, fcvt.l.d, rne, 0x7ffffffffffffc00, 0, 0x43dfffffffffffff
	TEST_F2X  57, fcvt.l.d, rne, 0x7fffffffffffffff, NV, 0x43e0000000000000
	TEST_F2X  58, fcvt.l.d, rne, 0x8000000000000000, 0, 0xc3e0000000000000
	TEST_F2X  59, fcvt.l.d, rne, 0x8000000000000000, NV, 0xc3e0000000000001  /* below -2^63 */
	TEST_F2X  60, fcvt.l.d, rne, 0x0, NX, 0xbd70000000000000
	TEST_F2X  61, fcvt.l.d, rdn, 0xffffffffffffffff, NX, 0xbd70000000000000
	TEST_F2X  62, fcvt.l.d, rne, 0x8000000000000000, NV, 0xfff0000000000000
	TEST_F2X  63, fcvt.l.d, rne, 0x7fffffffffffffff, NV, 0x7ff0000000000001
	TEST_F2X  64, fcvt.lu.d, rne, 0x8000000000000000, 0, 0x43e0000000000000
	/* largest in range */
	TEST_F2X  65, fcvt.lu.d, rne, 0xfffffffffffff800, 0, 0x43efffffffffffff
	TEST_F2X  66, fcvt.lu.d, rne, 0xffffffffffffffff, NV, 0x43f0000000000000
	TEST_F2X  67, fcvt.lu.d, rup, 0x2, NX, 0x3ff8000000000000
	TEST_F2X  68, fcvt.lu.d, rne, 0x0, NV, 0xbff0000000000000
	TEST_F2X  69, fcvt.lu.d, rne, 0x0, NX, 0xbfe0000000000000
	TEST_F2X  70, fcvt.lu.d, rdn, 0x0, NV, 0xbfe0000000000000
	TEST_F2X  71, fcvt.lu.d, rne, 0xffffffffffffffff, NV, 0x7ff0000000000000
	TEST_F2X  72, fcvt.lu.d, rne, 0x0, NV, 0xfff0000000000000
	TEST_F2X  73, fcvt.lu.d, rne, 0xffffffffffffffff, NV, 0x7ff8000000000000

	/* fcvt.d.w, .wu, .l, .lu: the W forms read the low 32 bits only */
	TEST_X2F  74, fcvt.d.w, -, 0x3ff0000000000000, 0, 0x1
	TEST_X2F  75, fcvt.d.w, -, 0xbff0000000000000, 0, 0xffffffffffffffff  /* -1 */
	TEST_X2F  76, fcvt.d.w, -, 0x0000000000000000, 0, 0x0  /* +0 */
	TEST_X2F  77, fcvt.d.w, -, 0x41dfffffffc00000, 0, 0x7fffffff  /* 2^31 - 1 */
	/* -2^31, upper bits ignored */
	TEST_X2F  78, fcvt.d.w, -, 0xc1e0000000000000, 0, 0x1234567880000000
	TEST_X2F  79, fcvt.d.w, -, 0x3ff0000000000000, 0, 0xffffffff00000001  /* 1 */
	TEST_X2F  80, fcvt.d.wu, -, 0x41efffffffe00000, 0, 0xffffffff
	TEST_X2F  81, fcvt.d.wu, -, 0x41e0000000000000, 0, 0x80000000
	/* 3, upper bits ignored */
	TEST_X2F  82, fcvt.d.wu, -, 0x4008000000000000, 0, 0xffffffff00000003
	TEST_X2F  83, fcvt.d.l, rne, 0xbff0000000000000, 0, 0xffffffffffffffff  /* -1 */
	TEST_X2F  84, fcvt.d.l, rne, 0x43e0000000000000, NX, 0x7fffffffffffffff  /* 2^63 - 1 */
	TEST_X2F  85, fcvt.d.l, rtz, 0x43dfffffffffffff, NX, 0x7fffffffffffffff
	TEST_X2F  86, fcvt.d.l, rup, 0x43e0000000000000, NX, 0x7fffffffffffffff
	TEST_X2F  87, fcvt.d.l, rne, 0xc3e0000000000000, 0, 0x8000000000000000  /* -2^63 */
	/* 2^53 + 1: a tie */
	TEST_X2F  88, fcvt.d.l, rne, 0x4340000000000000, NX, 0x0020000000000001
	TEST_X2F  89, fcvt.d.l, rtz, 0x4340000000000000, NX, 0x0020000000000001
	TEST_X2F  90, fcvt.d.l, rdn, 0x4340000000000000, NX, 0x0020000000000001
	TEST_X2F  91, fcvt.d.l, rup, 0x4340000000000001, NX, 0x0020000000000001
	TEST_X2F  92, fcvt.d.l, rmm, 0x4340000000000001, NX, 0x0020000000000001
	TEST_X2F  93, fcvt.d.l, rdn, 0xc340000000000001, NX, 0xffdfffffffffffff  /* -(2^53 + 1) */
	TEST_X2F  94, fcvt.d.l, rup, 0xc340000000000000, NX, 0xffdfffffffffffff
	TEST_X2F  95, fcvt.d.lu, rne, 0x43f0000000000000, NX, 0xffffffffffffffff  /* 2^64 - 1 */
	TEST_X2F  96, fcvt.d.lu, rtz, 0x43efffffffffffff, NX, 0xffffffffffffffff
	TEST_X2F  97, fcvt.d.lu, rdn, 0x43efffffffffffff, NX, 0xffffffffffffffff
	TEST_X2F  98, fcvt.d.lu, rup, 0x43f0000000000000, NX, 0xffffffffffffffff
	TEST_X2F  99, fcvt.d.lu, rmm, 0x43f0000000000000, NX, 0xffffffffffffffff
	TEST_X2F 100, fcvt.d.lu, rne, 0x43e0000000000000, 0, 0x8000000000000000
	TEST_X2F 101, fcvt.d.lu, rne, 0x0000000000000000, 0, 0x0

	/* sign injection: bit operations, NaNs kept as they are, no flags */
	TEST_FP2 102, fsgnj.d, -, 0xbff0000000000000, 0, 0x3ff0000000000000, 0xc000000000000000
	TEST_FP2 103, fsgnj.d, -, 0x3ff0000000000000, 0, 0xbff0000000000000, 0x4000000000000000
	TEST_FP2 104, fsgnj.d, -, 0xbff0000000000000, 0, 0xbff0000000000000, 0xc000000000000000
	TEST_FP2 105, fsgnjn.d, -, 0x3ff0000000000000, 0, 0x3ff0000000000000, 0xc000000000000000
	TEST_FP2 106, fsgnjn.d, -, 0xbff0000000000000, 0, 0x3ff0000000000000, 0x4000000000000000
	TEST_FP2 107, fsgnjn.d, -, 0x3ff0000000000000, 0, 0xbff0000000000000, 0x8000000000000000
	TEST_FP2 108, fsgnjx.d, -, 0x3ff0000000000000, 0, 0xbff0000000000000, 0xc000000000000000
	TEST_FP2 109, fsgnjx.d, -, 0xbff0000000000000, 0, 0xbff0000000000000, 0x4000000000000000
	TEST_FP2 110, fsgnjx.d, -, 0xbff0000000000000, 0, 0x3ff0000000000000, 0xc000000000000000
	/* sNaN: no NV, payload kept */
	TEST_FP2 111, fsgnj.d, -, 0xfff0000000000001, 0, 0x7ff0000000000001, 0xbff0000000000000
	TEST_FP2 112, fsgnjn.d, -, 0xfff8000000001234, 0, 0x7ff8000000001234, 0x7ff8000000000000
	TEST_FP2 113, fsgnjx.d, -, 0x7ff0000000000000, 0, 0xfff0000000000000, 0x8000000000000000

	/* compares: feq raises NV only for a signalling NaN, flt and fle for
	 * any NaN; -0 equals +0 */
	TEST_CMP 114, feq.d, 1, 0, 0x3ff0000000000000, 0x3ff0000000000000
	TEST_CMP 115, feq.d, 0, 0, 0x3ff0000000000000, 0x4000000000000000
	TEST_CMP 116, feq.d, 1, 0, 0x8000000000000000, 0x0000000000000000  /* -0 == +0 */
	/* quiet NaN: false, no flag */
	TEST_CMP 117, feq.d, 0, 0, 0x7ff8000000000000, 0x3ff0000000000000
	TEST_CMP 118, feq.d, 0, 0, 0x7ff8000000000000, 0x7ff8000000000000
	TEST_CMP 119, feq.d, 0, NV, 0x7ff0000000000001, 0x3ff0000000000000  /* signalling NaN: NV */
	TEST_CMP 120, feq.d, 0, NV, 0x3ff0000000000000, 0xfff0000000000001
	TEST_CMP 121, feq.d, 1, 0, 0x7ff0000000000000, 0x7ff0000000000000
	TEST_CMP 122, flt.d, 1, 0, 0x3ff0000000000000, 0x4000000000000000
	TEST_CMP 123, flt.d, 0, 0, 0x4000000000000000, 0x3ff0000000000000
	TEST_CMP 124, flt.d, 0, 0, 0x3ff0000000000000, 0x3ff0000000000000
	TEST_CMP 125, flt.d, 0, 0, 0x8000000000000000, 0x0000000000000000  /* -0 < +0 is false */
	TEST_CMP 126, flt.d, 1, 0, 0xfff0000000000000, 0xffefffffffffffff
	TEST_CMP 127, flt.d, 1, 0, 0x8000000000000001, 0x0000000000000000
	TEST_CMP 128, flt.d, 0, NV, 0x7ff8000000000000, 0x3ff0000000000000  /* quiet NaN: NV */
	TEST_CMP 129, flt.d, 0, NV, 0x3ff0000000000000, 0xfff8000000001234
	TEST_CMP 130, flt.d, 0, NV, 0x7ff0000000000001, 0x3ff0000000000000
	TEST_CMP 131, fle.d, 1, 0, 0x3ff0000000000000, 0x3ff0000000000000
	TEST_CMP 132, fle.d, 0, 0, 0x4000000000000000, 0x3ff0000000000000
	TEST_CMP 133, fle.d, 1, 0, 0x8000000000000000, 0x0000000000000000
	TEST_CMP 134, fle.d, 1, 0, 0x0000000000000000, 0x8000000000000000
	TEST_CMP 135, fle.d, 1, 0, 0x7ff0000000000000, 0x7ff0000000000000
	TEST_CMP 136, fle.d, 0, 0, 0x0000000000000001, 0xbff0000000000000
	TEST_CMP 137, fle.d, 0, NV, 0x7ff8000000000000, 0x3ff0000000000000  /* quiet NaN: NV */
	TEST_CMP 138, fle.d, 0, NV, 0x3ff0000000000000, 0x7ff0000000000001
	TEST_CMP 139, fle.d, 0, NV, 0x7ff8000000000000, 0x7ff8000000000000

	/* fclass: one bit for each of the ten classes, no flags */
	TEST_CLASS 140, fclass.d, 0x001, 0xfff0000000000000  /* -inf */
	TEST_CLASS 141, fclass.d, 0x002, 0xbff0000000000000  /* -normal */
	TEST_CLASS 142, fclass.d, 0x004, 0x800fffffffffffff  /* -subnormal */
	TEST_CLASS 143, fclass.d, 0x008, 0x8000000000000000  /* -0 */
	TEST_CLASS 144, fclass.d, 0x010, 0x0000000000000000  /* +0 */
	TEST_CLASS 145, fclass.d, 0x020, 0x0000000000000001  /* +subnormal */
	TEST_CLASS 146, fclass.d, 0x040, 0x7fefffffffffffff  /* +normal */
	TEST_CLASS 147, fclass.d, 0x040, 0x0010000000000000
	TEST_CLASS 148, fclass.d, 0x080, 0x7ff0000000000000  /* +inf */
	TEST_CLASS 149, fclass.d, 0x100, 0x7ff0000000000001  /* signalling NaN */
	TEST_CLASS 150, fclass.d, 0x100, 0x7ff7ffffffffffff
	TEST_CLASS 151, fclass.d, 0x100, 0xfff0000000000001
	TEST_CLASS 152, fclass.d, 0x200, 0x7ff8000000000000  /* quiet NaN */
	TEST_CLASS 153, fclass.d, 0x200, 0xfff8000000001234
	TEST_CLASS 154, fclass.d, 0x200, 0x7fffffffffffffff

	/* fcvt.s.d: rounding, overflow and underflow per mode, NaNs made
	 * canonical (NV for a signalling one) */
	TEST_S_D 155, rne, 0x3f800000, 0, 0x3ff0000000000000
	TEST_S_D 156, rne, 0xbec00000, 0, 0xbfd8000000000000
	TEST_S_D 157, rne, 0x3f800000, NX, 0x3ff0000010000000  /* 1 + 2^-24: a tie */
	TEST_S_D 158, rtz, 0x3f800000, NX, 0x3ff0000010000000
	TEST_S_D 159, rdn, 0x3f800000, NX, 0x3ff0000010000000
	TEST_S_D 160, rup, 0x3f800001, NX, 0x3ff0000010000000
	TEST_S_D 161, rmm, 0x3f800001, NX, 0x3ff0000010000000
	TEST_S_D 162, rne, 0x3eaaaaab, NX, 0x3fd5555555555555  /* 1/3 */
	TEST_S_D 163, rtz, 0x3eaaaaaa, NX, 0x3fd5555555555555
	TEST_S_D 164, rup, 0x3eaaaaab, NX, 0x3fd5555555555555
	TEST_S_D 165, rne, 0x7f800000, OF|NX, 0x7e37e43c8800759c  /* 1e300 overflows */
	TEST_S_D 166, rtz, 0x7f7fffff, OF|NX, 0x7e37e43c8800759c
	TEST_S_D 167, rdn, 0x7f7fffff, OF|NX, 0x7e37e43c8800759c
	TEST_S_D 168, rup, 0x7f800000, OF|NX, 0x7e37e43c8800759c
	TEST_S_D 169, rmm, 0x7f800000, OF|NX, 0x7e37e43c8800759c
	TEST_S_D 170, rne, 0xff800000, OF|NX, 0xfe37e43c8800759c  /* -1e300 */
	TEST_S_D 171, rdn, 0xff800000, OF|NX, 0xfe37e43c8800759c
	TEST_S_D 172, rup, 0xff7fffff, OF|NX, 0xfe37e43c8800759c
	TEST_S_D 173, rne, 0x7f800000, OF|NX, 0x47effffff0000000  /* max + half an ulp: a tie */
	TEST_S_D 174, rtz, 0x7f7fffff, NX, 0x47effffff0000000
	TEST_S_D 175, rne, 0x7f7fffff, 0, 0x47efffffe0000000  /* max, exact */
	TEST_S_D 176, rne, 0x00000001, 0, 0x36a0000000000000  /* smallest subnormal, exact */
	TEST_S_D 177, rne, 0x00000000, UF|NX, 0x3690000000000000  /* half of it: a tie */
	TEST_S_D 178, rup, 0x00000001, UF|NX, 0x3690000000000000
	TEST_S_D 179, rne, 0x00800000, NX, 0x380ffffff0000000  /* tiny only before rounding */
	TEST_S_D 180, rtz, 0x007fffff, UF|NX, 0x380ffffff0000000
	TEST_S_D 181, rne, 0x00800000, UF|NX, 0x380fffffe0000000  /* tiny after rounding too */
	TEST_S_D 182, rne, 0x00000000, UF|NX, 0x0000000000000001  /* double subnormal */
	TEST_S_D 183, rup, 0x00000001, UF|NX, 0x0000000000000001
	TEST_S_D 184, rne, 0x80000000, 0, 0x8000000000000000  /* -0 */
	TEST_S_D 185, rne, 0xff800000, 0, 0xfff0000000000000  /* -inf */
	TEST_S_D 186, rne, 0x7fc00000, 0, 0x7ff8000000000000  /* quiet NaN */
	TEST_S_D 187, rne, 0x7fc00000, 0, 0xfff8000012345678  /* payload dropped */
	TEST_S_D 188, rne, 0x7fc00000, NV, 0x7ff0000000000001  /* signalling NaN */
	TEST_S_D 189, rne, 0x7fc00000, NV, 0x7ff0000100000000

	/* fcvt.d.s: always exact */
	TEST_D_S 190, 0x3ff0000000000000, 0, 0x3f800000  /* 1.0 */
	TEST_D_S 191, 0xc00921fb60000000, 0, 0xc0490fdb
	TEST_D_S 192, 0x36a0000000000000, 0, 0x00000001  /* smallest subnormal: a normal double */
	TEST_D_S 193, 0xb80fffffc0000000, 0, 0x807fffff
	TEST_D_S 194, 0x47efffffe0000000, 0, 0x7f7fffff
	TEST_D_S 195, 0xfff0000000000000, 0, 0xff800000
	TEST_D_S 196, 0x8000000000000000, 0, 0x80000000
	TEST_D_S 197, 0x7ff8000000000000, 0, 0x7fc00000  /* quiet NaN */
	TEST_D_S 198, 0x7ff8000000000000, 0, 0xffc12345  /* payload dropped */
	TEST_D_S 199, 0x7ff8000000000000, NV, 0x7f800001  /* signalling NaN: NV */

	/* fmv.x.d and fmv.d.x move all 64 bits, NaNs unchanged, no flags */
	CASE 200
	li t0, 0x7ff0000000000001       /* sNaN */
	fmv.d.x f5, t0
	fmv.x.d a0, f5
	EXPECT a0, 0x7ff0000000000001
	li t0, 0x8000000000000000
	fmv.d.x f5, t0
	fmv.x.d a0, f5
	EXPECT a0, 0x8000000000000000
	li t0, 0x123456789abcdef0
	fmv.d.x f5, t0
	fmv.x.d a0, f5
	EXPECT a0, 0x123456789abcdef0
	frflags a1
	EXPECT a1, 0
	/* every f register, each with its own value */
	CASE 201
	.irp r, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	li t0, 0xc00921fb54442d00 + \r
	fmv.d.x f\r, t0
	.endr
	.irp r, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	fmv.x.d a0, f\r
	EXPECT a0, 0xc00921fb54442d00 + \r
	.endr
	/* fmv.d, fneg.d, fabs.d: rs1 = rs2, also in place */
	CASE 202
	li t0, 0xc00921fb54442d18       /* -pi */
	fmv.d.x f5, t0
	fmv.d f6, f5
	fneg.d f7, f5
	fabs.d f8, f5
	fneg.d f5, f5
	fmv.x.d a0, f6
	EXPECT a0, 0xc00921fb54442d18
	fmv.x.d a0, f7
	EXPECT a0, 0x400921fb54442d18
	fmv.x.d a0, f8
	EXPECT a0, 0x400921fb54442d18
	fmv.x.d a0, f5
	EXPECT a0, 0x400921fb54442d18

	/* fld: positive and negative offsets, NaNs loaded unchanged */
	CASE 203
	la a2, ddata + 16
	fld f10, -16(a2)
	fld f11, -8(a2)
	fld f12, 0(a2)
	fld f13, 8(a2)
	fmv.x.d a0, f10
	EXPECT a0, 0x3ff0000000000000
	fmv.x.d a0, f11
	EXPECT a0, 0xfff0000000000001
	fmv.x.d a0, f12
	EXPECT a0, 0x7ff8000000001234
	fmv.x.d a0, f13
	EXPECT a0, 0x0000000000000001
	frflags a1
	EXPECT a1, 0
	/* fsd: positive and negative offsets up to the immediate's range,
	 * neighbours untouched */
	CASE 204
	la a2, dbuf + 0x800
	li t0, 0x400921fb54442d18
	fmv.d.x f14, t0
	fsd f14, -0x800(a2)
	fsd f11, -0x7f8(a2)
	fsd f12, 0x7f0(a2)
	fsd f14, -8(a2)
	la a3, dbuf
	ld a0, 0(a3)
	EXPECT a0, 0x400921fb54442d18
	ld a0, 8(a3)
	EXPECT a0, 0xfff0000000000001
	ld a0, 16(a3)
	EXPECT a0, 0
	li t0, 0xff0
	add a4, a3, t0
	ld a0, 0(a4)
	EXPECT a0, 0x7ff8000000001234
	ld a0, 8(a4)
	EXPECT a0, 0
	ld a0, 0x7f8(a3)
	EXPECT a0, 0x400921fb54442d18
	ld a0, 0x7f0(a3)
	EXPECT a0, 0
	/* fsd of a single (boxed) writes all 64 bits */
	CASE 205
	la a3, dbuf
	li t0, 0x3f800000
	fmv.w.x f15, t0
	fsd f15, 24(a3)
	ld a0, 24(a3)
	EXPECT a0, 0xffffffff3f800000

	/* compressed: c.fld/c.fsd (f8-f15, x8-x15, offsets 0..248) and
	 * c.fldsp/c.fsdsp (any f register, sp + 0..504) */
	CASE 206
	la a5, ddata
	la a4, dbuf
	.option push
	.option rvc
	c.fld fs0, 0(a5)
	c.fld fa5, 8(a5)
	c.fsd fs0, 248(a4)
	c.fsd fa5, 0(a4)
	.option pop
	fmv.x.d a0, fs0
	EXPECT a0, 0x3ff0000000000000
	fmv.x.d a0, fa5
	EXPECT a0, 0xfff0000000000001
	ld a0, 248(a4)
	EXPECT a0, 0x3ff0000000000000
	ld a0, 0(a4)
	EXPECT a0, 0xfff0000000000001
	CASE 207
	la sp, dbuf + 0x200
	li t0, 0xc00921fb54442d18
	fmv.d.x ft11, t0
	.option push
	.option rvc
	c.fsdsp ft11, 504(sp)
	c.fsdsp fs0, 0(sp)
	c.fldsp ft0, 504(sp)
	c.fldsp fs11, 0(sp)
	.option pop
	fmv.x.d a0, ft0
	EXPECT a0, 0xc00921fb54442d18
	fmv.x.d a0, fs11
	EXPECT a0, 0x3ff0000000000000
	la a3, dbuf + 0x200
	ld a0, 504(a3)
	EXPECT a0, 0xc00921fb54442d18
	ld a0, 0(a3)
	EXPECT a0, 0x3ff0000000000000
	li sp, 0
	frflags a1
	EXPECT a1, 0

	TEST_PASS

	.data
	.align 3
ddata:
	.dword 0x3ff0000000000000, 0xfff0000000000001, 0x7ff8000000001234, 0x0000000000000001
	.align 3
dbuf:
	.skip 0x1000
