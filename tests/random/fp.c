/*
 * rvgen --fp: F and D instructions mixed into the stream, and the report
 * that lets QEMU judge such a program without the RTL.
 *
 * Every f register is in the pool (f0-f31). Operands are seeded with
 * special values (signed zeros, infinities, quiet and signalling NaNs,
 * subnormals, the largest and smallest normals, values at the integer
 * limits of the conversions) as NaN-boxed singles, doubles and singles
 * that are not NaN-boxed (so single operations meet doubles, which they
 * must read as the canonical NaN). frm only ever holds a valid mode
 * (0-4) where a dyn instruction may run; the one exception is a short
 * sequence that sets an invalid one, runs a dyn instruction (illegal) and
 * restores it. Another turns mstatus.FS Off around one FP instruction,
 * which the trap handler counts and skips like every illegal instruction.
 */
#include "rvgen.h"

#define FINISHER	UINT64_C(0x100000)	/* sifive,test0: QEMU virt and teasim */
#define MSTATUS_FS	UINT64_C(0x6000)
#define REPORT_WORDS	65			/* x0-x31, f0-f31, fcsr */
#define REPORT_LINE	22			/* "x12  " 16 hex digits "\n" */

static const uint32_t special_s[] = {
	0x00000000, 0x80000000, 0x7f800000, 0xff800000,         /* ±0, ±inf */
	0x7fc00000, 0xffc00001, 0x7fa00000, 0x7f800001,         /* qNaN, sNaN */
	0x00000001, 0x807fffff, 0x00800000, 0x80800001,         /* subnormals, min normal */
	0x7f7fffff, 0xff7fffff, 0x3f800000, 0xbf800000,         /* max normal, ±1 */
	0x3f000000, 0x3fc00000, 0x40200000, 0xbf400000,         /* 0.5, 1.5, 2.5, -0.75 */
	0x4f000000, 0xcf000000, 0x4effffff, 0x4f800000,         /* 2^31, -2^31, 2^32 */
	0x5f000000, 0xdf000000, 0x5effffff, 0x5f800000,         /* 2^63, -2^63, 2^64 */
	0x33800000, 0x0c000000, 0x7e800000, 0x3eaaaaab,         /* 2^-24, 1/3 */
};

static const uint64_t special_d[] = {
	UINT64_C(0x0000000000000000), UINT64_C(0x8000000000000000),
	UINT64_C(0x7ff0000000000000), UINT64_C(0xfff0000000000000),
	UINT64_C(0x7ff8000000000000), UINT64_C(0xfff8000000000001),     /* qNaN */
	UINT64_C(0x7ff4000000000000), UINT64_C(0x7ff0000000000001),     /* sNaN */
	UINT64_C(0x0000000000000001), UINT64_C(0x800fffffffffffff),     /* subnormals */
	UINT64_C(0x0010000000000000), UINT64_C(0x7fefffffffffffff),     /* min, max normal */
	UINT64_C(0xffefffffffffffff), UINT64_C(0x3ff0000000000000),
	UINT64_C(0xbff0000000000000), UINT64_C(0x3fe0000000000000),     /* -1, 0.5 */
	UINT64_C(0x3ff8000000000000), UINT64_C(0x4004000000000000),     /* 1.5, 2.5 */
	UINT64_C(0x41dfffffffc00000), UINT64_C(0x41e0000000000000),     /* 2^31-1, 2^31 */
	UINT64_C(0xc1e0000000000000), UINT64_C(0xc1e0000000200000),     /* -2^31, -2^31-1 */
	UINT64_C(0x41efffffffe00000), UINT64_C(0x41f0000000000000),     /* 2^32-1, 2^32 */
	UINT64_C(0x43e0000000000000), UINT64_C(0xc3e0000000000000),     /* ±2^63 */
	UINT64_C(0x43dfffffffffffff), UINT64_C(0x43f0000000000000),     /* 2^64 */
	UINT64_C(0x47efffffe0000000), UINT64_C(0x47f0000000000000),     /* single max, past it */
	UINT64_C(0x3810000000000000), UINT64_C(0x36a0000000000000),     /* single min normal, subnormal */
	UINT64_C(0x380fffffffffffff), UINT64_C(0x3fd5555555555555),
};

#define N_S (sizeof(special_s) / sizeof(special_s[0]))
#define N_D (sizeof(special_d) / sizeof(special_d[0]))

static const char *const rms[] = { "rne", "rtz", "rdn", "rup", "rmm", "dyn" };

static int fr(struct gen *g)
{
	return (int)below(g, 32);
}

/* a static rounding mode or dyn (frm) */
static const char *rm(struct gen *g)
{
	return rms[chance(g, 30) ? 5 : below(g, 5)];
}

static char fmt(struct gen *g)
{
	return chance(g, 50) ? 's' : 'd';
}

/* a 64-bit pattern for an f register */
static uint64_t fp_value(struct gen *g)
{
	unsigned k = below(g, 10);

	if (k < 4)
		return special_d[below(g, N_D)];
	if (k < 8)      /* NaN-boxed single */
		return UINT64_C(0xffffffff00000000) | special_s[below(g, N_S)];
	if (k < 9)      /* a single that is not NaN-boxed */
		return (chance(g, 50) ? 0 : rnd(g) & UINT64_C(0x7fffffff00000000)) |
		       special_s[below(g, N_S)];
	return rnd(g);
}

static void fp_seed(struct gen *g, int f)
{
	emit(g, "li t4, 0x%" PRIx64, fp_value(g));
	emit(g, "fmv.d.x f%d, t4", f);
}

static void fp_arith(struct gen *g)
{
	static const char *const op2[] = { "fadd", "fsub", "fmul", "fdiv" };
	static const char *const mm[] = { "fmin", "fmax" };
	char t = fmt(g);
	unsigned k = below(g, 8);

	if (k < 5)
		emit(g, "%s.%c f%d, f%d, f%d, %s", op2[below(g, 4)], t, fr(g), fr(g), fr(g), rm(g));
	else if (k < 6)
		emit(g, "fsqrt.%c f%d, f%d, %s", t, fr(g), fr(g), rm(g));
	else
		emit(g, "%s.%c f%d, f%d, f%d", mm[below(g, 2)], t, fr(g), fr(g), fr(g));
}

static void fp_fused(struct gen *g)
{
	static const char *const op[] = { "fmadd", "fmsub", "fnmsub", "fnmadd" };

	emit(g, "%s.%c f%d, f%d, f%d, f%d, %s", op[below(g, 4)], fmt(g), fr(g), fr(g),
	     fr(g), fr(g), rm(g));
}

static void fp_convert(struct gen *g)
{
	static const char *const it[] = { "w", "wu", "l", "lu" };
	char t = fmt(g);
	unsigned i = below(g, 4);

	switch (below(g, 5)) {
	case 0: case 1:         /* to an integer: saturates, NV, NX */
		emit(g, "fcvt.%s.%c x%d, f%d, %s", it[i], t, rd(g), fr(g), rm(g));
		break;
	case 2:                 /* from an integer; int to double is exact for 32 bits */
		if (t == 'd' && i < 2)
			emit(g, "fcvt.d.%s f%d, x%d", it[i], fr(g), rs(g));
		else
			emit(g, "fcvt.%c.%s f%d, x%d, %s", t, it[i], fr(g), rs(g), rm(g));
		break;
	case 3:
		emit(g, "fcvt.s.d f%d, f%d, %s", fr(g), fr(g), rm(g));
		break;
	default:
		emit(g, "fcvt.d.s f%d, f%d", fr(g), fr(g));
		break;
	}
}

static void fp_compare(struct gen *g)
{
	static const char *const op[] = { "feq", "flt", "fle" };

	if (chance(g, 25))
		emit(g, "fclass.%c x%d, f%d", fmt(g), rd(g), fr(g));
	else
		emit(g, "%s.%c x%d, f%d, f%d", op[below(g, 3)], fmt(g), rd(g), fr(g), fr(g));
}

static void fp_sign(struct gen *g)
{
	static const char *const op[] = { "fsgnj", "fsgnjn", "fsgnjx" };

	emit(g, "%s.%c f%d, f%d, f%d", op[below(g, 3)], fmt(g), fr(g), fr(g), fr(g));
}

static void fp_move(struct gen *g)
{
	int x;

	switch (below(g, 5)) {
	case 0: emit(g, "fmv.x.w x%d, f%d", rd(g), fr(g)); break;
	case 1: emit(g, "fmv.w.x f%d, x%d", fr(g), rs(g)); break;
	case 2: emit(g, "fmv.x.d x%d, f%d", rd(g), fr(g)); break;
	case 3: emit(g, "fmv.d.x f%d, x%d", fr(g), rs(g)); break;
	default:
		/* into a pool register's value, so that the report shows
		 * more than the last values */
		x = rd(g);
		emit(g, "fmv.x.d t4, f%d", fr(g));
		emit(g, "%s x%d, x%d, t4", chance(g, 50) ? "add" : "xor", x, x);
		break;
	}
}

/* loads and stores in rv_data (compressed where .option rvc is on), now
 * and then in the spread region, where they may page-fault */
static void fp_mem(struct gen *g)
{
	bool dw = chance(g, 55), store = chance(g, 45);
	unsigned lg = dw ? 3 : 2;

	if (g->rvc && dw && chance(g, 40)) {
		if (chance(g, 50))
			emit(g, "c.f%cdsp f%d, %u(sp)", store ? 's' : 'l', fr(g), 8 * below(g, 64));
		else
			emit(g, "c.f%sd f%d, %u(s0)", store ? "s" : "l", 8 + (int)below(g, 8),
			     8 * below(g, 32));
		return;
	}
	if (chance(g, 15)) {
		emit(g, "slli t4, x%d, %d", rs(g), 64 - SPREAD_BITS);
		emit(g, "srli t4, t4, %d", 64 - SPREAD_BITS - 4);
		emit(g, "add t4, t4, s1");
		emit(g, "f%c%c f%d, %d(t4)", store ? 's' : 'l', dw ? 'd' : 'w', fr(g),
		     (int)(below(g, 16 >> lg) << lg));
		return;
	}
	emit(g, "f%c%c f%d, %d(%s)", store ? 's' : 'l', dw ? 'd' : 'w', fr(g),
	     data_off(g, lg), chance(g, 80) ? "s0" : "sp");
}

/* fflags, frm and fcsr through the CSR instructions; frm stays valid */
static void fp_csr(struct gen *g)
{
	static const char *const ops[] = { "csrrw", "csrrs", "csrrc" };
	int x = chance(g, 15) ? 0 : rd(g);

	switch (below(g, 9)) {
	case 0: emit(g, "frflags x%d", rd(g)); break;
	case 1: emit(g, "fsflags x%d, x%d", x, rs(g)); break;
	case 2: emit(g, "%si x%d, fflags, %u", ops[below(g, 3)], x, below(g, 32)); break;
	case 3: emit(g, "%s x%d, fflags, x%d", ops[below(g, 3)], x, rs(g)); break;
	case 4: emit(g, "frcsr x%d", rd(g)); break;
	case 5:
		emit(g, "li t4, %u", below(g, 5) << 5 | below(g, 32));
		emit(g, "fscsr x%d, t4", x);
		break;
	case 6: emit(g, "frrm x%d", rd(g)); break;
	case 7: emit(g, "fsrmi x%d, %u", x, below(g, 5)); break;
	default:
		emit(g, "li t4, %u", below(g, 5));
		if (chance(g, 50))
			emit(g, "csrw frm, t4");
		else
			emit(g, "fsrm t4");
		break;
	}
}

/* traps: an FP instruction with mstatus.FS Off (M and S phases of the main
 * body: sstatus.FS is S's to write), or a dyn one under an invalid frm */
static void fp_trap(struct gen *g, bool main_body)
{
	if (main_body && g->priv != PRIV_U && chance(g, 50)) {
		emit(g, "li t4, 0x%" PRIx64, MSTATUS_FS);
		emit(g, "csrc sstatus, t4");
		if (chance(g, 30))
			emit(g, "frflags x%d", rd(g));
		else
			fp_arith(g);
		emit(g, "csrs sstatus, t4");
		return;
	}
	emit(g, "fsrmi t4, %u", 5 + below(g, 3));
	emit(g, "f%s.%c f%d, f%d, f%d, dyn", chance(g, 50) ? "add" : "mul", fmt(g),
	     fr(g), fr(g), fr(g));
	emit(g, "fsrm t4");
}

void fp_item(struct gen *g, bool main_body)
{
	unsigned r = below(g, 100);

	if (r < 12)
		fp_seed(g, fr(g));
	else if (r < 24)
		fp_mem(g);
	else if (r < 31)
		fp_move(g);
	else if (r < 52)
		fp_arith(g);
	else if (r < 62)
		fp_fused(g);
	else if (r < 75)
		fp_convert(g);
	else if (r < 84)
		fp_compare(g);
	else if (r < 90)
		fp_sign(g);
	else if (r < 97)
		fp_csr(g);
	else
		fp_trap(g, main_body);
}

/* start-up: FS Initial, every f register seeded, frm valid, no flags */
void fp_prologue(struct gen *g)
{
	emit(g, "li t4, 0x%" PRIx64, MSTATUS_FS & (MSTATUS_FS >> 1));
	emit(g, "csrs mstatus, t4");
	for (int f = 0; f < 32; f++)
		fp_seed(g, f);
	emit(g, "fscsr x0, x0");
	emit(g, "fsrmi x0, %u", below(g, 5));
}

/* The end, in M-mode: x0-x31, f0-f31 and fcsr as hex lines on the
 * semihosting console (one SYS_WRITE0), then exit 0 through the test
 * finisher. */
void fp_report(struct gen *g)
{
	emit(g, "csrw mscratch, t3");
	emit(g, "la t3, rv_report");
	for (int r = 0; r < 32; r++)
		if (r != 28)
			emit(g, "sd x%d, %d(t3)", r, 8 * r);
	emit(g, "csrr t4, mscratch");
	emit(g, "sd t4, %d(t3)", 8 * 28);
	for (int f = 0; f < 32; f++)
		emit(g, "fsd f%d, %d(t3)", f, 8 * (32 + f));
	emit(g, "frcsr t4");
	emit(g, "sd t4, %d(t3)", 8 * 64);
	/* each value into its line's 16 hex digits */
	emit(g, "la t4, rv_report_text + 5 + 15");
	emit(g, "li t6, %u", REPORT_WORDS);
	fprintf(g->out, "1:\n");
	emit(g, "ld t5, 0(t3)");
	emit(g, "li a2, 16");
	fprintf(g->out, "2:\n");
	emit(g, "andi a3, t5, 15");
	emit(g, "addi a3, a3, '0'");
	emit(g, "sltiu a4, a3, '9' + 1");
	emit(g, "bnez a4, 3f");
	emit(g, "addi a3, a3, 'a' - '0' - 10");
	fprintf(g->out, "3:\n");
	emit(g, "sb a3, 0(t4)");
	emit(g, "srli t5, t5, 4");
	emit(g, "addi t4, t4, -1");
	emit(g, "addi a2, a2, -1");
	emit(g, "bnez a2, 2b");
	emit(g, "addi t3, t3, 8");
	emit(g, "addi t4, t4, %d", REPORT_LINE + 16);
	emit(g, "addi t6, t6, -1");
	emit(g, "bnez t6, 1b");
	/* SYS_WRITE0, the semihosting sequence as picolibc has it */
	emit(g, "li a0, 4");
	emit(g, "la a1, rv_report_text");
	emit(g, "slli x0, x0, 0x1f");
	emit(g, "ebreak");
	emit(g, "srai x0, x0, 7");
	emit(g, "li t4, 0x%" PRIx64, FINISHER);
	emit(g, "li t3, 0x5555");
	emit(g, "sw t3, 0(t4)");
	fprintf(g->out, "1:\n");
	emit(g, "j 1b");
}

/* the trap handler's fatal end: exit code 100 + cause through the finisher */
void fp_fatal(struct gen *g)
{
	emit(g, "slli t6, t6, 16");
	emit(g, "li t5, 0x3333");
	emit(g, "or t6, t6, t5");
	emit(g, "li t5, 0x%" PRIx64, FINISHER);
	emit(g, "sw t6, 0(t5)");
}

/* the report's memory: the values, then the text with its names */
void fp_data(struct gen *g)
{
	fprintf(g->out, "\t.align 3\nrv_report:\n\t.zero %u\nrv_report_text:\n", 8 * REPORT_WORDS);
	for (int i = 0; i < REPORT_WORDS; i++) {
		char name[8];

		if (i < 32)
			snprintf(name, sizeof(name), "x%d", i);
		else if (i < 64)
			snprintf(name, sizeof(name), "f%d", i - 32);
		else
			snprintf(name, sizeof(name), "fcsr");
		fprintf(g->out, "\t.ascii \"%-5s%016d\\n\"\n", name, 0);
	}
	fprintf(g->out, "\t.byte 0\n");
}
