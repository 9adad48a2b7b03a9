/* NaN-boxing of single-precision values in the 64-bit f registers (D):
 * every single result written to an f register has its upper 32 bits all
 * ones (flw, fmv.w.x, arithmetic, fcvt.s.*, fsgnj.s, fmin.s; seen whole
 * through fmv.x.d and fsd), and a single operation reading a register
 * whose upper 32 bits are not all ones sees the canonical quiet NaN
 * 0x7fc00000 whatever the low bits: arithmetic gives the canonical NaN
 * without NV, fsgnj.s takes the NaN's magnitude and sign, fclass.s says
 * quiet NaN, fcvt.d.s gives the canonical double NaN, feq.s is false
 * without a flag, flt.s raises NV, fmin.s ignores it. fmv.x.w and fsw are
 * moves, not operations: they take the low 32 bits as they are. */
#include "test.h"
#include "fp.h"

#define BOXED(x) (0xffffffff00000000 | (x))
#define ONE     0xffffffff3f800000      /* 1.0, boxed */
#define TWO     0xffffffff40000000
#define M_ONE   0xffffffffbf800000      /* -1.0 */
#define QNAN    0xffffffff7fc00000      /* the canonical NaN, boxed */
/* improperly boxed: the low halves are 1.0, -1.0, 4.0, an sNaN and -inf */
#define UNB_ONE  0x000000003f800000
#define UNB_M1   0x00000000bf800000
#define UNB_FOUR 0xfffffffe40800000
#define UNB_SNAN 0x7fffffff7f800001
#define UNB_MINF 0x3ff00000ff800000     /* also the double 1.0000002... */
#define DBL_ONE  0x3ff0000000000000     /* a double: low half +0 */

/* Runs `op args` (rounding mode rm, "-" where the instruction has none)
 * with fflags clear before, and read and cleared into a1 after. */

/* f3 = op(f1 [, f2]) with f1, f2 and f3 given as 64-bit patterns; all 64
 * bits of the result are checked (f3 starts as a double, unboxed). */
	.macro TEST_NB n, op, rm, want, flags, a, b=0
	CASE \n
	li t0, \a
	fmv.d.x f1, t0
	li t0, \b
	fmv.d.x f2, t0
	li t0, 0x0123456789abcdef
	fmv.d.x f3, t0
	.ifc \op, fsqrt.s
	FP_OP \rm, \op, f3, f1
	.else
	FP_OP \rm, \op, f3, f1, f2
	.endif
	fmv.x.d a0, f3
	EXPECT a0, \want
	EXPECT a1, \flags
	.endm

/* a0 = op(f1 [, f2]): conversions to integers, compares, fclass */
	.macro TEST_NBX n, op, rm, want, flags, a, b=0
	CASE \n
	li t0, \a
	fmv.d.x f1, t0
	li t0, \b
	fmv.d.x f2, t0
	.ifc \b, 0
	FP_OP \rm, \op, a0, f1
	.else
	FP_OP \rm, \op, a0, f1, f2
	.endif
	EXPECT a0, \want
	EXPECT a1, \flags
	.endm

	TEST_BEGIN
	FP_ENABLE
	csrw fcsr, zero

	/* results are boxed: flw, fmv.w.x (upper source bits ignored) */
	CASE 1
	la a2, data
	flw f3, 0(a2)
	fmv.x.d a0, f3
	EXPECT a0, ONE
	flw f3, 4(a2)           /* a signalling NaN, loaded as it is */
	fmv.x.d a0, f3
	EXPECT a0, BOXED(0x7f800001)
	CASE 2
	li t0, 0x1234567840490fdb
	fmv.w.x f3, t0
	fmv.x.d a0, f3
	EXPECT a0, BOXED(0x40490fdb)
	/* and fsd stores the box */
	CASE 3
	la a2, buf
	fsd f3, 0(a2)
	ld a0, 0(a2)
	EXPECT a0, BOXED(0x40490fdb)

	/* arithmetic, conversion and sign-injection results are boxed */
	TEST_NB  4, fadd.s, rne, BOXED(0x40400000), 0, ONE, TWO
	TEST_NB  5, fdiv.s, rne, BOXED(0x3f000000), 0, ONE, TWO
	TEST_NB  6, fsqrt.s, rne, BOXED(0x3fb504f3), NX, TWO
	TEST_NB  7, fsgnj.s, -, M_ONE, 0, ONE, M_ONE
	TEST_NB  8, fmin.s, -, ONE, 0, ONE, TWO
	TEST_NB  9, fadd.s, rne, QNAN, NV, BOXED(0x7f800001), ONE   /* NaN result */
	CASE 10
	li t0, -3
	fcvt.s.w f3, t0
	fmv.x.d a0, f3
	EXPECT a0, BOXED(0xc0400000)
	li t0, DBL_ONE
	fmv.d.x f4, t0
	fcvt.s.d f3, f4
	fmv.x.d a0, f3
	EXPECT a0, ONE
	CASE 11
	li t0, ONE
	fmv.d.x f1, t0
	fmadd.s f3, f1, f1, f1, rne
	fmv.x.d a0, f3
	EXPECT a0, BOXED(0x40000000)
	fmv.s f4, f1
	fmv.x.d a0, f4
	EXPECT a0, ONE

	/* an improperly boxed operand is the canonical quiet NaN: no NV even
	 * where its low half is a signalling NaN */
	TEST_NB 12, fadd.s, rne, QNAN, 0, UNB_ONE, ONE
	TEST_NB 13, fadd.s, rne, QNAN, 0, ONE, DBL_ONE  /* not 1 + 0 */
	TEST_NB 14, fmul.s, rne, QNAN, 0, UNB_SNAN, ONE
	TEST_NB 15, fsub.s, rne, QNAN, 0, TWO, UNB_MINF
	TEST_NB 16, fsqrt.s, rne, QNAN, 0, UNB_FOUR
	TEST_NB 17, fadd.s, rne, BOXED(0x40000000), 0, BOXED(0x3f800000), 0xffffffff3f800000
	/* fmin/fmax ignore it as a NaN operand; both improperly boxed: NaN */
	TEST_NB 18, fmin.s, -, TWO, 0, UNB_ONE, TWO
	TEST_NB 19, fmax.s, -, M_ONE, 0, M_ONE, UNB_FOUR
	TEST_NB 20, fmin.s, -, QNAN, 0, UNB_ONE, UNB_M1
	/* fsgnj.s: the canonical NaN's magnitude and its sign, which is + */
	TEST_NB 21, fsgnj.s, -, BOXED(0xffc00000), 0, UNB_ONE, M_ONE
	TEST_NB 22, fsgnj.s, -, ONE, 0, ONE, UNB_M1   /* low half negative */
	TEST_NB 23, fsgnjn.s, -, M_ONE, 0, ONE, UNB_M1
	TEST_NB 24, fsgnjx.s, -, M_ONE, 0, M_ONE, UNB_MINF
	TEST_NB 25, fsgnj.s, -, QNAN, 0, UNB_M1, UNB_M1  /* fmv.s */
	TEST_NB 26, fsgnjn.s, -, BOXED(0xffc00000), 0, UNB_ONE, UNB_ONE  /* fneg.s */
	TEST_NB 27, fsgnjx.s, -, QNAN, 0, UNB_MINF, UNB_MINF  /* fabs.s */
	/* fma with an improperly boxed addend */
	CASE 28
	li t0, ONE
	fmv.d.x f1, t0
	li t0, UNB_ONE
	fmv.d.x f2, t0
	FP_OP rne, fmadd.s, f3, f1, f1, f2
	fmv.x.d a0, f3
	EXPECT a0, QNAN
	EXPECT a1, 0

	/* fclass.s, fcvt.w.s, compares */
	TEST_NBX 29, fclass.s, -, 0x200, 0, UNB_ONE
	TEST_NBX 30, fclass.s, -, 0x200, 0, UNB_SNAN
	TEST_NBX 31, fclass.s, -, 0x200, 0, UNB_MINF
	TEST_NBX 32, fclass.s, -, 0x200, 0, DBL_ONE
	TEST_NBX 33, fclass.s, -, 0x040, 0, ONE         /* properly boxed */
	TEST_NBX 34, fcvt.w.s, rtz, 0x7fffffff, NV, UNB_M1
	TEST_NBX 35, fcvt.lu.s, rtz, 0xffffffffffffffff, NV, UNB_ONE
	TEST_NBX 36, feq.s, -, 0, 0, UNB_ONE, UNB_ONE   /* same bits, but NaN */
	TEST_NBX 37, feq.s, -, 0, 0, ONE, UNB_ONE
	TEST_NBX 38, feq.s, -, 1, 0, ONE, ONE
	TEST_NBX 39, flt.s, -, 0, NV, UNB_ONE, TWO
	TEST_NBX 40, fle.s, -, 0, NV, ONE, UNB_SNAN

	/* fcvt.d.s widens the canonical NaN: no NV */
	CASE 41
	li t0, UNB_SNAN
	fmv.d.x f1, t0
	FP_OP -, fcvt.d.s, f3, f1
	fmv.x.d a0, f3
	EXPECT a0, 0x7ff8000000000000
	EXPECT a1, 0
	CASE 42
	li t0, ONE
	fmv.d.x f1, t0
	FP_OP -, fcvt.d.s, f3, f1
	fmv.x.d a0, f3
	EXPECT a0, DBL_ONE
	EXPECT a1, 0

	/* moves do not look at the box: fmv.x.w sign-extends the low half,
	 * fsw stores it */
	CASE 43
	li t0, 0x0123456789abcdef
	fmv.d.x f1, t0
	fmv.x.w a0, f1
	EXPECT a0, 0xffffffff89abcdef
	li t0, UNB_SNAN
	fmv.d.x f2, t0
	fmv.x.w a0, f2
	EXPECT a0, 0x7f800001
	frflags a1
	EXPECT a1, 0
	CASE 44
	la a2, buf
	fsw f1, 8(a2)
	fsw f2, 12(a2)
	lwu a0, 8(a2)
	EXPECT a0, 0x89abcdef
	lwu a0, 12(a2)
	EXPECT a0, 0x7f800001
	/* and double operations read all 64 bits of a boxed single */
	CASE 45
	li t0, ONE
	fmv.d.x f1, t0
	fclass.d a0, f1
	EXPECT a0, 0x200        /* 0xffffffff3f800000 is a quiet double NaN */
	/* a double brought in by fld, read by single operations */
	CASE 46
	la a2, data
	fld f1, 8(a2)
	FP_OP rne, fadd.s, f3, f1, f1
	fmv.x.d a0, f3
	EXPECT a0, QNAN
	EXPECT a1, 0
	fclass.s a0, f1
	EXPECT a0, 0x200
	fmv.x.w a0, f1          /* the low half, +0 */
	EXPECT a0, 0

	TEST_PASS

	.data
	.align 3
data:
	.word 0x3f800000, 0x7f800001
	.dword DBL_ONE
buf:
	.dword 0, 0
