/* RV64F conversions, moves, sign injection, compares, classification,
 * loads and stores (.s): fcvt.w/wu/l/lu.s and fcvt.s.w/wu/l/lu in every
 * rounding mode with their NV/NX rules and saturation values (32-bit
 * results sign-extended, W sources read from the low 32 bits), fmv.x.w
 * (sign-extends) and fmv.w.x, fsgnj/fsgnjn/fsgnjx.s, feq/flt/fle.s (quiet
 * and signalling NaN rules), fclass.s of all ten classes, flw and fsw with
 * negative offsets. Moves, sign injection, loads and stores keep NaNs as
 * they are and raise nothing. */
#include "test.h"
#include "fp.h"

/* x register result of op on the single a */
	.macro TEST_F2X n, op, rm, want, flags, a
	CASE \n
	li t0, \a
	fmv.w.x f1, t0
	FP_OP \rm, \op, a0, f1
	EXPECT a0, \want
	EXPECT a1, \flags
	.endm

/* single result of op on the x register value a */
	.macro TEST_X2F n, op, rm, want, flags, a
	CASE \n
	li a2, \a
	FP_OP \rm, \op, f3, a2
	fmv.x.w a0, f3
	EXPECT a0, SEXT32(\want)
	EXPECT a1, \flags
	.endm

	.macro TEST_FP2 n, op, rm, want, flags, a, b
	CASE \n
	li t0, \a
	fmv.w.x f1, t0
	li t0, \b
	fmv.w.x f2, t0
	FP_OP \rm, \op, f3, f1, f2
	fmv.x.w a0, f3
	EXPECT a0, SEXT32(\want)
	EXPECT a1, \flags
	.endm

	.macro TEST_CMP n, op, want, flags, a, b
	CASE \n
	li t0, \a
	fmv.w.x f1, t0
	li t0, \b
	fmv.w.x f2, t0
	FP_OP -, \op, a0, f1, f2
	EXPECT a0, \want
	EXPECT a1, \flags
	.endm

	.macro TEST_CLASS n, op, want, a
	TEST_F2X \n, \op, -, \want, 0, \a
	.endm

	TEST_BEGIN
	FP_ENABLE
	csrw fcsr, zero

	/* fcvt.w.s: rounding in each mode (RMM: ties away from zero),
	 * saturation with NV for NaN (either sign), infinities and values out
	 * of range after rounding; the 32-bit result sign-extended */
	TEST_F2X   1, fcvt.w.s, rne, 0x1, 0, 0x3f800000
	TEST_F2X   2, fcvt.w.s, rne, 0xffffffffffffffff, 0, 0xbf800000
	TEST_F2X   3, fcvt.w.s, rne, 0xfffffffffffffffb, 0, 0xc0a00000  /* sign-extended */
	TEST_F2X   4, fcvt.w.s, rne, 0x0, 0, 0x80000000  /* -0: 0, exact */
	TEST_F2X   5, fcvt.w.s, rne, 0x2, NX, 0x3fc00000  /* 1.5 */
	TEST_F2X   6, fcvt.w.s, rtz, 0x1, NX, 0x3fc00000
	TEST_F2X   7, fcvt.w.s, rdn, 0x1, NX, 0x3fc00000
	TEST_F2X   8, fcvt.w.s, rup, 0x2, NX, 0x3fc00000
	TEST_F2X   9, fcvt.w.s, rmm, 0x2, NX, 0x3fc00000
	TEST_F2X  10, fcvt.w.s, rne, 0xfffffffffffffffe, NX, 0xc0200000  /* -2.5 */
	TEST_F2X  11, fcvt.w.s, rtz, 0xfffffffffffffffe, NX, 0xc0200000
	TEST_F2X  12, fcvt.w.s, rdn, 0xfffffffffffffffd, NX, 0xc0200000
	TEST_F2X  13, fcvt.w.s, rup, 0xfffffffffffffffe, NX, 0xc0200000
	TEST_F2X  14, fcvt.w.s, rmm, 0xfffffffffffffffd, NX, 0xc0200000
	TEST_F2X  15, fcvt.w.s, rne, 0x0, NX, 0x3f000000
	TEST_F2X  16, fcvt.w.s, rmm, 0x1, NX, 0x3f000000
	TEST_F2X  17, fcvt.w.s, rne, 0x0, NX, 0x00000001  /* smallest subnormal */
	TEST_F2X  18, fcvt.w.s, rup, 0x1, NX, 0x00000001
	TEST_F2X  19, fcvt.w.s, rne, 0x7fffff80, 0, 0x4effffff  /* largest in range */
	TEST_F2X  20, fcvt.w.s, rne, 0x7fffffff, NV, 0x4f000000  /* 2^31: out of range */
	TEST_F2X  21, fcvt.w.s, rne, 0xffffffff80000000, 0, 0xcf000000  /* -2^31: in range */
	TEST_F2X  22, fcvt.w.s, rtz, 0xffffffff80000000, NV, 0xcf000001  /* below -2^31 */
	TEST_F2X  23, fcvt.w.s, rne, 0x7fffffff, NV, 0x7f800000
	TEST_F2X  24, fcvt.w.s, rne, 0xffffffff80000000, NV, 0xff800000
	/* NaN: the largest positive value */
	TEST_F2X  25, fcvt.w.s, rne, 0x7fffffff, NV, 0x7fc00000
	TEST_F2X  26, fcvt.w.s, rne, 0x7fffffff, NV, 0xffc01234
	TEST_F2X  27, fcvt.w.s, rne, 0x7fffffff, NV, 0x7f800001

	/* fcvt.wu.s: negative values that round to 0 give 0 and NX only */
	TEST_F2X  28, fcvt.wu.s, rne, 0x1, 0, 0x3f800000
	TEST_F2X  29, fcvt.wu.s, rne, 0xffffffffb2d05e00, 0, 0x4f32d05e  /* sign-extended */
	TEST_F2X  30, fcvt.wu.s, rne, 0xffffffff80000000, 0, 0x4f000000
	TEST_F2X  31, fcvt.wu.s, rne, 0xffffffffffffff00, 0, 0x4f7fffff  /* largest in range */
	TEST_F2X  32, fcvt.wu.s, rne, 0xffffffffffffffff, NV, 0x4f800000
	TEST_F2X  33, fcvt.wu.s, rne, 0x0, NV, 0xbf800000
	TEST_F2X  34, fcvt.wu.s, rne, 0x0, NX, 0xbf000000  /* -0.5 */
	TEST_F2X  35, fcvt.wu.s, rtz, 0x0, NX, 0xbf000000
	TEST_F2X  36, fcvt.wu.s, rdn, 0x0, NV, 0xbf000000
	TEST_F2X  37, fcvt.wu.s, rup, 0x0, NX, 0xbf000000
	TEST_F2X  38, fcvt.wu.s, rmm, 0x0, NV, 0xbf000000
	TEST_F2X  39, fcvt.wu.s, rne, 0x0, 0, 0x80000000
	TEST_F2X  40, fcvt.wu.s, rup, 0x1, NX, 0x3f000000
	TEST_F2X  41, fcvt.wu.s, rne, 0xffffffffffffffff, NV, 0x7f800000
	TEST_F2X  42, fcvt.wu.s, rne, 0x0, NV, 0xff800000
	TEST_F2X  43, fcvt.wu.s, rne, 0xffffffffffffffff, NV, 0xffc01234

	/* fcvt.l.s, fcvt.lu.s */
	TEST_F2X  44, fcvt.l.s, rne, 0x2, NX, 0x3fc00000
	TEST_F2X  45, fcvt.l.s, rmm, 0xfffffffffffffffd, NX, 0xc0200000
	TEST_F2X  46, fcvt.l.s, rne, 0x00000002540be400, 0, 0x501502f9
	TEST_F2X  47, fcvt.l.s, rne, 0x7fffff8000000000, 0, 0x5effffff  /* largest in range */
	TEST_F2X  48, fcvt.l.s, rne, 0x7fffffffffffffff, NV, 0x5f000000
	TEST_F2X  49, fcvt.l.s, rne, 0x8000000000000000, 0, 0xdf000000
	TEST_F2X  50, fcvt.l.s, rne, 0x8000000000000000, NV, 0xdf000001  /* below -2^63 */
	TEST_F2X  51, fcvt.l.s, rne, 0x0, NX, 0xab800000
	TEST_F2X  52, fcvt.l.s, rdn, 0xffffffffffffffff, NX, 0xab800000
	TEST_F2X  53, fcvt.l.s, rne, 0x8000000000000000, NV, 0xff800000
	TEST_F2X  54, fcvt.l.s, rne, 0x7fffffffffffffff, NV, 0x7f800001
	TEST_F2X  55, fcvt.lu.s, rne, 0x8000000000000000, 0, 0x5f000000
	TEST_F2X  56, fcvt.lu.s, rne, 0xffffff0000000000, 0, 0x5f7fffff  /* largest in range */
	TEST_F2X  57, fcvt.lu.s, rne, 0xffffffffffffffff, NV, 0x5f800000
	TEST_F2X  58, fcvt.lu.s, rup, 0x2, NX, 0x3fc00000
	TEST_F2X  59, fcvt.lu.s, rne, 0x0, NV, 0xbf800000
	TEST_F2X  60, fcvt.lu.s, rne, 0x0, NX, 0xbf000000
	TEST_F2X  61, fcvt.lu.s, rdn, 0x0, NV, 0xbf000000
	TEST_F2X  62, fcvt.lu.s, rne, 0xffffffffffffffff, NV, 0x7f800000
	TEST_F2X  63, fcvt.lu.s, rne, 0x0, NV, 0xff800000
	TEST_F2X  64, fcvt.lu.s, rne, 0xffffffffffffffff, NV, 0x7fc00000

	/* fcvt.s.w, .wu, .l, .lu: the W forms read the low 32 bits only */
	TEST_X2F  65, fcvt.s.w, rne, 0x3f800000, 0, 0x1
	TEST_X2F  66, fcvt.s.w, rne, 0xbf800000, 0, 0xffffffffffffffff  /* -1 */
	TEST_X2F  67, fcvt.s.w, rne, 0x00000000, 0, 0x0  /* +0 */
	TEST_X2F  68, fcvt.s.w, rne, 0x4f000000, NX, 0x7fffffff  /* 2^31 - 1 */
	TEST_X2F  69, fcvt.s.w, rtz, 0x4effffff, NX, 0x7fffffff
	TEST_X2F  70, fcvt.s.w, rdn, 0x4effffff, NX, 0x7fffffff
	TEST_X2F  71, fcvt.s.w, rup, 0x4f000000, NX, 0x7fffffff
	TEST_X2F  72, fcvt.s.w, rmm, 0x4f000000, NX, 0x7fffffff
	/* -2^31, upper bits ignored */
	TEST_X2F  73, fcvt.s.w, rne, 0xcf000000, 0, 0x1234567880000000
	TEST_X2F  74, fcvt.s.w, rne, 0x3f800000, 0, 0xffffffff00000001  /* 1 */
	TEST_X2F  75, fcvt.s.w, rne, 0x4b800000, NX, 0x1000001  /* 2^24 + 1: a tie */
	TEST_X2F  76, fcvt.s.w, rtz, 0x4b800000, NX, 0x1000001
	TEST_X2F  77, fcvt.s.w, rdn, 0x4b800000, NX, 0x1000001
	TEST_X2F  78, fcvt.s.w, rup, 0x4b800001, NX, 0x1000001
	TEST_X2F  79, fcvt.s.w, rmm, 0x4b800001, NX, 0x1000001
	TEST_X2F  80, fcvt.s.w, rne, 0x4b800002, NX, 0x1000003
	TEST_X2F  81, fcvt.s.w, rdn, 0xcb800001, NX, 0xfffffffffeffffff  /* -(2^24 + 1) */
	TEST_X2F  82, fcvt.s.w, rtz, 0xcb800000, NX, 0xfffffffffeffffff
	TEST_X2F  83, fcvt.s.w, rmm, 0xcb800001, NX, 0xfffffffffeffffff
	TEST_X2F  84, fcvt.s.wu, rne, 0x4f800000, NX, 0xffffffff
	TEST_X2F  85, fcvt.s.wu, rtz, 0x4f7fffff, NX, 0xffffffff
	TEST_X2F  86, fcvt.s.wu, rne, 0x4f000000, 0, 0x80000000
	TEST_X2F  87, fcvt.s.wu, rne, 0x40400000, 0, 0xffffffff00000003  /* 3, upper bits ignored */
	TEST_X2F  88, fcvt.s.l, rne, 0xbf800000, 0, 0xffffffffffffffff  /* -1 */
	TEST_X2F  89, fcvt.s.l, rne, 0x5f000000, NX, 0x7fffffffffffffff  /* 2^63 - 1 */
	TEST_X2F  90, fcvt.s.l, rtz, 0x5effffff, NX, 0x7fffffffffffffff
	TEST_X2F  91, fcvt.s.l, rup, 0x5f000000, NX, 0x7fffffffffffffff
	TEST_X2F  92, fcvt.s.l, rne, 0xdf000000, 0, 0x8000000000000000  /* -2^63 */
	TEST_X2F  93, fcvt.s.l, rne, 0x4b800000, NX, 0x1000001  /* 2^24 + 1: a tie */
	TEST_X2F  94, fcvt.s.l, rtz, 0x4b800000, NX, 0x1000001
	TEST_X2F  95, fcvt.s.l, rdn, 0x4b800000, NX, 0x1000001
	TEST_X2F  96, fcvt.s.l, rup, 0x4b800001, NX, 0x1000001
	TEST_X2F  97, fcvt.s.l, rmm, 0x4b800001, NX, 0x1000001
	TEST_X2F  98, fcvt.s.l, rdn, 0xcb800001, NX, 0xfffffffffeffffff  /* -(2^24 + 1) */
	TEST_X2F  99, fcvt.s.l, rup, 0xcb800000, NX, 0xfffffffffeffffff
	TEST_X2F 100, fcvt.s.lu, rne, 0x5f800000, NX, 0xffffffffffffffff  /* 2^64 - 1 */
	TEST_X2F 101, fcvt.s.lu, rtz, 0x5f7fffff, NX, 0xffffffffffffffff
	TEST_X2F 102, fcvt.s.lu, rdn, 0x5f7fffff, NX, 0xffffffffffffffff
	TEST_X2F 103, fcvt.s.lu, rup, 0x5f800000, NX, 0xffffffffffffffff
	TEST_X2F 104, fcvt.s.lu, rmm, 0x5f800000, NX, 0xffffffffffffffff
	TEST_X2F 105, fcvt.s.lu, rne, 0x5f000000, 0, 0x8000000000000000
	TEST_X2F 106, fcvt.s.lu, rne, 0x00000000, 0, 0x0

	/* sign injection: bit operations, NaNs kept as they are, no flags */
	TEST_FP2 107, fsgnj.s, -, 0xbf800000, 0, 0x3f800000, 0xc0000000
	TEST_FP2 108, fsgnj.s, -, 0x3f800000, 0, 0xbf800000, 0x40000000
	TEST_FP2 109, fsgnj.s, -, 0xbf800000, 0, 0xbf800000, 0xc0000000
	TEST_FP2 110, fsgnjn.s, -, 0x3f800000, 0, 0x3f800000, 0xc0000000
	TEST_FP2 111, fsgnjn.s, -, 0xbf800000, 0, 0x3f800000, 0x40000000
	TEST_FP2 112, fsgnjn.s, -, 0x3f800000, 0, 0xbf800000, 0x80000000
	TEST_FP2 113, fsgnjx.s, -, 0x3f800000, 0, 0xbf800000, 0xc0000000
	TEST_FP2 114, fsgnjx.s, -, 0xbf800000, 0, 0xbf800000, 0x40000000
	TEST_FP2 115, fsgnjx.s, -, 0xbf800000, 0, 0x3f800000, 0xc0000000
	/* sNaN: no NV, payload kept */
	TEST_FP2 116, fsgnj.s, -, 0xff800001, 0, 0x7f800001, 0xbf800000
	TEST_FP2 117, fsgnjn.s, -, 0xffc01234, 0, 0x7fc01234, 0x7fc00000
	TEST_FP2 118, fsgnjx.s, -, 0x7f800000, 0, 0xff800000, 0x80000000

	/* compares: feq raises NV only for a signalling NaN, flt and fle for
	 * any NaN; -0 equals +0 */
	TEST_CMP 119, feq.s, 1, 0, 0x3f800000, 0x3f800000
	TEST_CMP 120, feq.s, 0, 0, 0x3f800000, 0x40000000
	TEST_CMP 121, feq.s, 1, 0, 0x80000000, 0x00000000  /* -0 == +0 */
	TEST_CMP 122, feq.s, 0, 0, 0x7fc00000, 0x3f800000  /* quiet NaN: false, no flag */
	TEST_CMP 123, feq.s, 0, 0, 0x7fc00000, 0x7fc00000
	TEST_CMP 124, feq.s, 0, NV, 0x7f800001, 0x3f800000  /* signalling NaN: NV */
	TEST_CMP 125, feq.s, 0, NV, 0x3f800000, 0xff800001
	TEST_CMP 126, feq.s, 1, 0, 0x7f800000, 0x7f800000
	TEST_CMP 127, flt.s, 1, 0, 0x3f800000, 0x40000000
	TEST_CMP 128, flt.s, 0, 0, 0x40000000, 0x3f800000
	TEST_CMP 129, flt.s, 0, 0, 0x3f800000, 0x3f800000
	TEST_CMP 130, flt.s, 0, 0, 0x80000000, 0x00000000  /* -0 < +0 is false */
	TEST_CMP 131, flt.s, 1, 0, 0xff800000, 0xff7fffff
	TEST_CMP 132, flt.s, 1, 0, 0x80000001, 0x00000000
	TEST_CMP 133, flt.s, 0, NV, 0x7fc00000, 0x3f800000  /* quiet NaN: NV */
	TEST_CMP 134, flt.s, 0, NV, 0x3f800000, 0xffc01234
	TEST_CMP 135, flt.s, 0, NV, 0x7f800001, 0x3f800000
	TEST_CMP 136, fle.s, 1, 0, 0x3f800000, 0x3f800000
	TEST_CMP 137, fle.s, 0, 0, 0x40000000, 0x3f800000
	TEST_CMP 138, fle.s, 1, 0, 0x80000000, 0x00000000
	TEST_CMP 139, fle.s, 1, 0, 0x00000000, 0x80000000
	TEST_CMP 140, fle.s, 1, 0, 0x7f800000, 0x7f800000
	TEST_CMP 141, fle.s, 0, 0, 0x00000001, 0xbf800000
	TEST_CMP 142, fle.s, 0, NV, 0x7fc00000, 0x3f800000  /* quiet NaN: NV */
	TEST_CMP 143, fle.s, 0, NV, 0x3f800000, 0x7f800001
	TEST_CMP 144, fle.s, 0, NV, 0x7fc00000, 0x7fc00000

	/* fclass: one bit for each of the ten classes, no flags */
	TEST_CLASS 145, fclass.s, 0x001, 0xff800000  /* -inf */
	TEST_CLASS 146, fclass.s, 0x002, 0xbf800000  /* -normal */
	TEST_CLASS 147, fclass.s, 0x004, 0x807fffff  /* -subnormal */
	TEST_CLASS 148, fclass.s, 0x008, 0x80000000  /* -0 */
	TEST_CLASS 149, fclass.s, 0x010, 0x00000000  /* +0 */
	TEST_CLASS 150, fclass.s, 0x020, 0x00000001  /* +subnormal */
	TEST_CLASS 151, fclass.s, 0x040, 0x7f7fffff  /* +normal */
	TEST_CLASS 152, fclass.s, 0x040, 0x00800000
	TEST_CLASS 153, fclass.s, 0x080, 0x7f800000  /* +inf */
	TEST_CLASS 154, fclass.s, 0x100, 0x7f800001  /* signalling NaN */
	TEST_CLASS 155, fclass.s, 0x100, 0x7fbfffff
	TEST_CLASS 156, fclass.s, 0x100, 0xff800001
	TEST_CLASS 157, fclass.s, 0x200, 0x7fc00000  /* quiet NaN */
	TEST_CLASS 158, fclass.s, 0x200, 0xffc01234
	TEST_CLASS 159, fclass.s, 0x200, 0x7fffffff

	/* fmv.x.w sign-extends; fmv.w.x reads the low 32 bits; neither
	 * changes a NaN or raises a flag */
	CASE 160
	li t0, 0x80000000
	fmv.w.x f5, t0
	fmv.x.w a0, f5
	EXPECT a0, 0xffffffff80000000
	li t0, 0xffffffff7fffffff
	fmv.w.x f5, t0
	fmv.x.w a0, f5
	EXPECT a0, 0x7fffffff
	li t0, 0x123456789abcdef0
	fmv.w.x f5, t0
	fmv.x.w a0, f5
	EXPECT a0, 0xffffffff9abcdef0
	li t0, 0x7f800001       /* sNaN */
	fmv.w.x f5, t0
	fmv.x.w a0, f5
	EXPECT a0, 0x7f800001
	frflags a1
	EXPECT a1, 0
	/* rd = x0: the flags are still raised */
	CASE 161
	li t0, 0x7f800000
	fmv.w.x f5, t0
	fcvt.w.s zero, f5, rtz
	frflags a1
	EXPECT zero, 0
	EXPECT a1, NV
	fsflags zero
	/* every f register, each with its own value */
	CASE 162
	.irp r, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	li t0, 0x40490000 + \r
	fmv.w.x f\r, t0
	.endr
	.irp r, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	fmv.x.w a0, f\r
	EXPECT a0, 0x40490000 + \r
	.endr
	/* fmv.s, fneg.s, fabs.s: rs1 = rs2, also in place */
	CASE 163
	li t0, 0xc0490fdb       /* -pi */
	fmv.w.x f5, t0
	fmv.s f6, f5
	fneg.s f7, f5
	fabs.s f8, f5
	fneg.s f5, f5
	fmv.x.w a0, f6
	EXPECT a0, 0xffffffffc0490fdb
	fmv.x.w a0, f7
	EXPECT a0, 0x40490fdb
	fmv.x.w a0, f8
	EXPECT a0, 0x40490fdb
	fmv.x.w a0, f5
	EXPECT a0, 0x40490fdb

	/* flw: positive and negative offsets, NaNs loaded unchanged */
	CASE 164
	la a2, fdata + 8
	flw f10, -8(a2)
	flw f11, -4(a2)
	flw f12, 0(a2)
	flw f13, 4(a2)
	fmv.x.w a0, f10
	EXPECT a0, 0x3f800000
	fmv.x.w a0, f11
	EXPECT a0, 0xffffffffff800001
	fmv.x.w a0, f12
	EXPECT a0, 0x7fc01234
	fmv.x.w a0, f13
	EXPECT a0, 0x00000001
	frflags a1
	EXPECT a1, 0
	/* fsw: positive and negative offsets up to the immediate's range,
	 * neighbours untouched */
	CASE 165
	la a2, fbuf + 0x800
	li t0, 0xffffffff40490fdb
	fmv.w.x f14, t0
	fsw f14, -0x800(a2)
	fsw f11, -0x7fc(a2)
	fsw f12, 0x7f8(a2)
	fsw f14, -4(a2)
	la a3, fbuf
	lwu a0, 0(a3)
	EXPECT a0, 0x40490fdb
	lwu a0, 4(a3)
	EXPECT a0, 0xff800001
	lwu a0, 8(a3)
	EXPECT a0, 0
	li t0, 0xff8
	add a4, a3, t0
	lwu a0, 0(a4)
	EXPECT a0, 0x7fc01234
	lwu a0, 4(a4)
	EXPECT a0, 0
	lwu a0, 0x7fc(a3)
	EXPECT a0, 0x40490fdb
	lwu a0, 0x7f8(a3)
	EXPECT a0, 0
	/* a store of what a load brought: bit for bit */
	CASE 166
	la a2, fdata
	la a3, fbuf
	flw f15, 4(a2)
	fsw f15, 12(a3)
	lwu a0, 12(a3)
	EXPECT a0, 0xff800001

	TEST_PASS

	.data
	.align 3
fdata:
	.word 0x3f800000, 0xff800001, 0x7fc01234, 0x00000001
	.align 3
fbuf:
	.skip 0x1000
