/* Random operands through every F and D instruction, in every rounding
 * mode, compared between QEMU (the oracle) and teasim by their output: one
 * line per instruction and mode with a hash of the results and the flags
 * they raised. A plain picolibc program (its own crt0 turns the FPU on),
 * built rv64imafdc/lp64d, with output and exit through semihosting.
 *
 * Operands lean to where the rules are: zeros, infinities, quiet and
 * signalling NaNs, subnormals, the edges of the exponent range, values
 * that round at a tie, integers at the limits of the conversions, and
 * single operands that are not NaN-boxed. A fixed seed keeps a mismatch
 * reproducible; rerun with fewer cases to find the operand. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#define CASES 4000

static uint64_t rng = 0x9e3779b97f4a7c15ull;

static uint64_t next(void)
{
	rng ^= rng >> 12;
	rng ^= rng << 25;
	rng ^= rng >> 27;
	return rng * 0x2545f4914f6cdd1dull;
}

/* FNV-1a over 64-bit words. */
static uint64_t hash_word(uint64_t h, uint64_t w)
{
	for (int i = 0; i < 8; i++) {
		h ^= (w >> (8 * i)) & 0xff;
		h *= 0x100000001b3ull;
	}
	return h;
}

/* An interesting binary64 (d) or binary32 (!d) bit pattern. */
static uint64_t operand(int d)
{
	unsigned ebits = d ? 11 : 8, mbits = d ? 52 : 23;
	uint64_t emax = (1ull << ebits) - 1, mmask = (1ull << mbits) - 1;
	uint64_t sign = next() & 1, r = next(), e, m;

	switch (next() % 12) {
	case 0:	/* zero, infinity */
		e = next() & 1 ? emax : 0;
		m = 0;
		break;
	case 1:	/* NaNs, quiet and signalling */
		e = emax;
		m = (next() & mmask) | (next() & 1 ? 1ull << (mbits - 1) : 1);
		break;
	case 2:	/* subnormals */
		e = 0;
		m = r & mmask >> (next() % mbits);
		m += !m;
		break;
	case 3:	/* near the smallest normal */
		e = 1 + next() % 3;
		m = r & mmask;
		break;
	case 4:	/* near overflow */
		e = emax - 1 - next() % 3;
		m = r & mmask;
		break;
	case 5:	/* long runs of ones or zeros: rounding carries and ties */
		e = (emax >> 1) + next() % 8 - 2;
		m = next() & 1 ? mmask >> (next() % 6) : (1ull << (next() % mbits)) | (r & 3);
		break;
	case 6:	/* integers near the conversions' limits (2^31, 2^32, 2^63, 2^64) */
		e = (emax >> 1) + (d ? (next() & 1 ? 63 : 31) : (next() & 1 ? 63 : 31)) +
		    next() % 3 - 1;
		m = next() & 1 ? 0 : r & mmask;
		break;
	case 7:	/* small integers and halves */
		e = (emax >> 1) + next() % 4 - 1;
		m = (r & 7) << (mbits - 3);
		break;
	default:	/* any value of ordinary size */
		e = (emax >> 1) + next() % 64 - 32;
		m = r & mmask;
		break;
	}
	return sign << (ebits + mbits) | e << mbits | m;
}

/* An integer operand for the conversions to floating point. */
static uint64_t int_operand(void)
{
	uint64_t r = next();

	switch (next() % 4) {
	case 0:
		return r;
	case 1:
		return (uint64_t)(int64_t)(int32_t)r;
	case 2:	/* around a power of two, where rounding bites */
		return (1ull << (next() % 64)) + (r & 0xff) - 0x80;
	default:
		return r >> (next() % 64);
	}
}

static double as_d(uint64_t v)
{
	double d;

	memcpy(&d, &v, 8);
	return d;
}

static uint64_t d_bits(double d)
{
	uint64_t v;

	memcpy(&v, &d, 8);
	return v;
}

/* A single operand in an f register: boxed, or one time in 16 a double's
 * bits (not NaN-boxed, so it must read as the canonical NaN). */
static double s_reg(void)
{
	uint64_t v = operand(0) | 0xffffffff00000000ull;

	if (next() % 16 == 0)
		v = operand(1);
	return as_d(v);
}

static unsigned read_flags(void)
{
	unsigned f;

	__asm__ volatile("csrrw %0, fflags, x0" : "=r"(f));
	return f;
}

static void set_frm(unsigned rm)
{
	__asm__ volatile("csrw frm, %0" : : "r"(rm));
}

static const char *const rm_names[6] = { "rne", "rtz", "rdn", "rup", "rmm", "dyn" };

/* The asm of one instruction for each rounding mode: f registers are held
 * as doubles so that single values keep the boxing this program chose. */
#define BY_RM(rm, insn, outs, ...)                                                  \
	switch (rm) {                                                               \
	case 0: __asm__ volatile(insn ", rne" : outs : __VA_ARGS__); break;                 \
	case 1: __asm__ volatile(insn ", rtz" : outs : __VA_ARGS__); break;                 \
	case 2: __asm__ volatile(insn ", rdn" : outs : __VA_ARGS__); break;                 \
	case 3: __asm__ volatile(insn ", rup" : outs : __VA_ARGS__); break;                 \
	case 4: __asm__ volatile(insn ", rmm" : outs : __VA_ARGS__); break;                 \
	default: __asm__ volatile(insn ", dyn" : outs : __VA_ARGS__); break;                \
	}

#define OUT_F "=f"(r)
#define OUT_X "=r"(x)

/* An operation of f registers to an f register, with a rounding mode;
 * operands names the registers it reads of a, b and c. */
#define FF_RM(name, insn, gen, ...)                                                 \
	static void name(unsigned rm, uint64_t *h)                                  \
	{                                                                           \
		for (int i = 0; i < CASES; i++) {                                   \
			double a = gen(), b = gen(), c = gen(), r;                  \
			(void)a;                                                    \
			(void)b;                                                    \
			(void)c;                                                    \
			read_flags();                                               \
			BY_RM(rm, insn, OUT_F, __VA_ARGS__)                         \
			*h = hash_word(hash_word(*h, d_bits(r)), read_flags());     \
		}                                                                   \
	}

#define FF1(name, insn, gen) FF_RM(name, insn " %0, %1", gen, "f"(a))
#define FF2(name, insn, gen) FF_RM(name, insn " %0, %1, %2", gen, "f"(a), "f"(b))
#define FF3(name, insn, gen) FF_RM(name, insn " %0, %1, %2, %3", gen, "f"(a), "f"(b), "f"(c))

/* f register to x register, with a rounding mode (conversions to integers). */
#define FX_RM(name, insn, gen)                                                      \
	static void name(unsigned rm, uint64_t *h)                                  \
	{                                                                           \
		for (int i = 0; i < CASES; i++) {                                   \
			double a = gen();                                           \
			uint64_t x;                                                 \
			read_flags();                                               \
			BY_RM(rm, insn " %0, %1", OUT_X, "f"(a))                    \
			*h = hash_word(hash_word(*h, x), read_flags());             \
		}                                                                   \
	}

/* x register to f register, with a rounding mode (conversions from integers). */
#define XF_RM(name, insn)                                                           \
	static void name(unsigned rm, uint64_t *h)                                  \
	{                                                                           \
		for (int i = 0; i < CASES; i++) {                                   \
			uint64_t a = int_operand();                                 \
			double r;                                                   \
			read_flags();                                               \
			BY_RM(rm, insn " %0, %1", OUT_F, "r"(a))                    \
			*h = hash_word(hash_word(*h, d_bits(r)), read_flags());     \
		}                                                                   \
	}

/* Exact conversions (fcvt.d.s, fcvt.d.w, fcvt.d.wu): the assembler takes
 * no rounding mode for them. */
#define EXACT(name, insn, constraint, gen)                                          \
	static void name(unsigned rm, uint64_t *h)                                  \
	{                                                                           \
		(void)rm;                                                           \
		for (int i = 0; i < CASES; i++) {                                   \
			__typeof__(gen()) a = gen();                                \
			double r;                                                   \
			read_flags();                                               \
			__asm__ volatile(insn " %0, %1" : "=f"(r) : constraint(a)); \
			*h = hash_word(hash_word(*h, d_bits(r)), read_flags());     \
		}                                                                   \
	}

/* Operations without a rounding mode: f registers to f or x. */
#define NO_RM(name, insn, out_f, gen)                                               \
	static void name(unsigned rm, uint64_t *h)                                  \
	{                                                                           \
		(void)rm;                                                           \
		for (int i = 0; i < CASES; i++) {                                   \
			double a = gen(), b = gen(), r = 0;                         \
			uint64_t x = 0;                                             \
			read_flags();                                               \
			if (out_f)                                                  \
				__asm__ volatile(insn " %0, %1, %2" : "=f"(r) : "f"(a), "f"(b)); \
			else                                                        \
				__asm__ volatile(insn " %0, %1, %2" : "=r"(x) : "f"(a), "f"(b)); \
			*h = hash_word(hash_word(hash_word(*h, d_bits(r)), x), read_flags()); \
		}                                                                   \
	}

static double d_reg(void)
{
	return as_d(operand(1));
}

FF2(fadd_s, "fadd.s", s_reg)
FF2(fsub_s, "fsub.s", s_reg)
FF2(fmul_s, "fmul.s", s_reg)
FF2(fdiv_s, "fdiv.s", s_reg)
FF1(fsqrt_s, "fsqrt.s", s_reg)
FF3(fmadd_s, "fmadd.s", s_reg)
FF3(fmsub_s, "fmsub.s", s_reg)
FF3(fnmsub_s, "fnmsub.s", s_reg)
FF3(fnmadd_s, "fnmadd.s", s_reg)
FF1(fcvt_s_d, "fcvt.s.d", d_reg)
FF2(fadd_d, "fadd.d", d_reg)
FF2(fsub_d, "fsub.d", d_reg)
FF2(fmul_d, "fmul.d", d_reg)
FF2(fdiv_d, "fdiv.d", d_reg)
FF1(fsqrt_d, "fsqrt.d", d_reg)
FF3(fmadd_d, "fmadd.d", d_reg)
FF3(fmsub_d, "fmsub.d", d_reg)
FF3(fnmsub_d, "fnmsub.d", d_reg)
FF3(fnmadd_d, "fnmadd.d", d_reg)
EXACT(fcvt_d_s, "fcvt.d.s", "f", s_reg)
FX_RM(fcvt_w_s, "fcvt.w.s", s_reg)
FX_RM(fcvt_wu_s, "fcvt.wu.s", s_reg)
FX_RM(fcvt_l_s, "fcvt.l.s", s_reg)
FX_RM(fcvt_lu_s, "fcvt.lu.s", s_reg)
FX_RM(fcvt_w_d, "fcvt.w.d", d_reg)
FX_RM(fcvt_wu_d, "fcvt.wu.d", d_reg)
FX_RM(fcvt_l_d, "fcvt.l.d", d_reg)
FX_RM(fcvt_lu_d, "fcvt.lu.d", d_reg)
XF_RM(fcvt_s_w, "fcvt.s.w")
XF_RM(fcvt_s_wu, "fcvt.s.wu")
XF_RM(fcvt_s_l, "fcvt.s.l")
XF_RM(fcvt_s_lu, "fcvt.s.lu")
EXACT(fcvt_d_w, "fcvt.d.w", "r", int_operand)
EXACT(fcvt_d_wu, "fcvt.d.wu", "r", int_operand)
XF_RM(fcvt_d_l, "fcvt.d.l")
XF_RM(fcvt_d_lu, "fcvt.d.lu")
NO_RM(fmin_s, "fmin.s", 1, s_reg)
NO_RM(fmax_s, "fmax.s", 1, s_reg)
NO_RM(fsgnj_s, "fsgnj.s", 1, s_reg)
NO_RM(fsgnjn_s, "fsgnjn.s", 1, s_reg)
NO_RM(fsgnjx_s, "fsgnjx.s", 1, s_reg)
NO_RM(feq_s, "feq.s", 0, s_reg)
NO_RM(flt_s, "flt.s", 0, s_reg)
NO_RM(fle_s, "fle.s", 0, s_reg)
NO_RM(fmin_d, "fmin.d", 1, d_reg)
NO_RM(fmax_d, "fmax.d", 1, d_reg)
NO_RM(fsgnj_d, "fsgnj.d", 1, d_reg)
NO_RM(fsgnjn_d, "fsgnjn.d", 1, d_reg)
NO_RM(fsgnjx_d, "fsgnjx.d", 1, d_reg)
NO_RM(feq_d, "feq.d", 0, d_reg)
NO_RM(flt_d, "flt.d", 0, d_reg)
NO_RM(fle_d, "fle.d", 0, d_reg)

/* fclass and the moves: one operand, no rounding mode. */
static void moves(unsigned rm, uint64_t *h)
{
	(void)rm;
	for (int i = 0; i < CASES; i++) {
		double s = s_reg(), d = d_reg(), r1, r2;
		uint64_t cs, cd, xs, xd, bits = int_operand();

		__asm__ volatile("fclass.s %0, %1" : "=r"(cs) : "f"(s));
		__asm__ volatile("fclass.d %0, %1" : "=r"(cd) : "f"(d));
		__asm__ volatile("fmv.x.w %0, %1" : "=r"(xs) : "f"(s));
		__asm__ volatile("fmv.x.d %0, %1" : "=r"(xd) : "f"(d));
		__asm__ volatile("fmv.w.x %0, %1" : "=f"(r1) : "r"(bits));
		__asm__ volatile("fmv.d.x %0, %1" : "=f"(r2) : "r"(bits));
		*h = hash_word(hash_word(hash_word(*h, cs), cd), xs ^ xd);
		*h = hash_word(hash_word(hash_word(*h, d_bits(r1)), d_bits(r2)), read_flags());
	}
}

struct op {
	const char *name;
	void (*run)(unsigned rm, uint64_t *h);
	int has_rm;
};

static const struct op ops[] = {
	{ "fadd.s", fadd_s, 1 }, { "fsub.s", fsub_s, 1 }, { "fmul.s", fmul_s, 1 },
	{ "fdiv.s", fdiv_s, 1 }, { "fsqrt.s", fsqrt_s, 1 }, { "fmadd.s", fmadd_s, 1 },
	{ "fmsub.s", fmsub_s, 1 }, { "fnmsub.s", fnmsub_s, 1 }, { "fnmadd.s", fnmadd_s, 1 },
	{ "fcvt.s.d", fcvt_s_d, 1 },
	{ "fadd.d", fadd_d, 1 }, { "fsub.d", fsub_d, 1 }, { "fmul.d", fmul_d, 1 },
	{ "fdiv.d", fdiv_d, 1 }, { "fsqrt.d", fsqrt_d, 1 }, { "fmadd.d", fmadd_d, 1 },
	{ "fmsub.d", fmsub_d, 1 }, { "fnmsub.d", fnmsub_d, 1 }, { "fnmadd.d", fnmadd_d, 1 },
	{ "fcvt.d.s", fcvt_d_s, 0 },
	{ "fcvt.w.s", fcvt_w_s, 1 }, { "fcvt.wu.s", fcvt_wu_s, 1 },
	{ "fcvt.l.s", fcvt_l_s, 1 }, { "fcvt.lu.s", fcvt_lu_s, 1 },
	{ "fcvt.w.d", fcvt_w_d, 1 }, { "fcvt.wu.d", fcvt_wu_d, 1 },
	{ "fcvt.l.d", fcvt_l_d, 1 }, { "fcvt.lu.d", fcvt_lu_d, 1 },
	{ "fcvt.s.w", fcvt_s_w, 1 }, { "fcvt.s.wu", fcvt_s_wu, 1 },
	{ "fcvt.s.l", fcvt_s_l, 1 }, { "fcvt.s.lu", fcvt_s_lu, 1 },
	{ "fcvt.d.w", fcvt_d_w, 0 }, { "fcvt.d.wu", fcvt_d_wu, 0 },
	{ "fcvt.d.l", fcvt_d_l, 1 }, { "fcvt.d.lu", fcvt_d_lu, 1 },
	{ "fmin.s", fmin_s, 0 }, { "fmax.s", fmax_s, 0 }, { "fsgnj.s", fsgnj_s, 0 },
	{ "fsgnjn.s", fsgnjn_s, 0 }, { "fsgnjx.s", fsgnjx_s, 0 }, { "feq.s", feq_s, 0 },
	{ "flt.s", flt_s, 0 }, { "fle.s", fle_s, 0 },
	{ "fmin.d", fmin_d, 0 }, { "fmax.d", fmax_d, 0 }, { "fsgnj.d", fsgnj_d, 0 },
	{ "fsgnjn.d", fsgnjn_d, 0 }, { "fsgnjx.d", fsgnjx_d, 0 }, { "feq.d", feq_d, 0 },
	{ "flt.d", flt_d, 0 }, { "fle.d", fle_d, 0 },
	{ "fclass/fmv", moves, 0 },
};

int main(void)
{
	uint64_t all = 0xcbf29ce484222325ull;

	for (size_t i = 0; i < sizeof(ops) / sizeof(ops[0]); i++) {
		unsigned modes = ops[i].has_rm ? 6 : 1;

		for (unsigned rm = 0; rm < modes; rm++) {
			uint64_t h = 0xcbf29ce484222325ull;

			/* the dynamic mode runs under each frm in turn */
			set_frm(rm == 5 ? (unsigned)(next() % 5) : 0);
			ops[i].run(rm, &h);
			printf("%-10s %s %016" PRIx64 "\n", ops[i].name,
			       ops[i].has_rm ? rm_names[rm] : "-  ", h);
			all = hash_word(all, h);
		}
	}
	printf("all %016" PRIx64 "\n", all);
	return 0;
}
