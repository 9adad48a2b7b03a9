// Checks fpu_convert against the ISS: every result and every flag, for
// binary32 and binary64, all five rounding modes, every operation of
// fcv_op_e. Conversions, fmin/fmax, comparisons and fclass against
// sim/iss/ieee754.c; sign injection and the moves against the rule of
// sim/iss/execute_fp.c (restated in reference() below). A new operation
// every cycle, each result exactly LATENCY clock edges after its operation
// was sampled, in order with its tag; then random gaps and flushes.
// Operands lean on the hard cases: zeros, infinities, quiet and signaling
// NaNs, subnormals; for float to integer, values around 2^31, 2^32, 2^63,
// 2^64 and their negatives, halves and other ties, values below 1; for
// integer to float, integers around powers of two and ties at the
// rounding point of either precision, the limits of each integer form; for
// fcvt.s.d, doubles around binary32's overflow and underflow thresholds
// with ties at its rounding point; for the comparisons, equal operands,
// opposite zeros and neighbours.
//
// Usage: Vtb [-n OPERATIONS] [-s SEED] (defaults: 1.2 million, seed 1).
#include <cstdint>
#include <cstdio>

#include "Vfpu_convert.h"
#include "fpu_tb_util.h"
#include "verilated.h"

extern "C" {
#include "iss/ieee754.h"
}

namespace {

using namespace fputb;

constexpr unsigned LATENCY = 2;

// fcv_op_e (rtl/include/fpu_types.svh).
enum Op {
	F2I_W = 0, F2I_WU = 1, F2I_L = 2, F2I_LU = 3,
	I2F_W = 4, I2F_WU = 5, I2F_L = 6, I2F_LU = 7,
	F2F = 8, CLASS = 9, MV_X_F = 10, MV_F_X = 11,
	SGNJ = 12, SGNJN = 13, SGNJX = 14,
	LE = 16, LT = 17, EQ = 18,
	MIN = 20, MAX = 21,
};
constexpr unsigned N_OPS = 22;
const char *const op_names[N_OPS] = {
	"fcvt.w", "fcvt.wu", "fcvt.l", "fcvt.lu", "fcvt.f.w", "fcvt.f.wu", "fcvt.f.l", "fcvt.f.lu",
	"fcvt.f.f", "fclass", "fmv.x.f", "fmv.f.x", "fsgnj", "fsgnjn", "fsgnjx", "-",
	"fle", "flt", "feq", "-", "fmin", "fmax",
};
const unsigned all_ops[] = { F2I_W, F2I_WU, F2I_L, F2I_LU, I2F_W, I2F_WU, I2F_L, I2F_LU,
			     F2F, CLASS, MV_X_F, MV_F_X, SGNJ, SGNJN, SGNJX, LE, LT, EQ,
			     MIN, MAX };

struct Operation {
	uint64_t due;  // edge after which the result must be on the outputs
	unsigned tag;
	bool fmt;      // true: binary64 (the result's format for F2F)
	unsigned op, rm;
	uint64_t a, b, x;  // x: the integer operand
	uint64_t result;
	unsigned flags;
};

struct ConvGen : Gen {
	using Gen::Gen;

	// A fraction whose bits below position `cut` (the first dropped bit is
	// cut - 1) make a tie, exactly nothing, just below or just above half,
	// or anything.
	uint64_t frac_cut(const Fmt &m, int cut)
	{
		uint64_t f = frac(m);

		if (cut <= 0 || cut > (int)m.p - 1)
			return f;
		uint64_t low = (1ull << cut) - 1, half = 1ull << (cut - 1);
		switch (below(5)) {
		case 0:
			return (f & ~low) | half;        // a tie
		case 1:
			return f & ~low;                 // exact
		case 2:
			return (f & ~low) | (half - 1);  // just below half
		case 3:
			return (f & ~low) | half | 1;    // just above half
		default:
			return f;
		}
	}

	// Any operand, the hard ones often.
	uint64_t operand(const Fmt &m)
	{
		unsigned k = below(100);

		if (k < 20)
			return special(m);
		if (k < 30)
			return pack(m, bits() & 1, 0, frac(m) | (chance(20) ? 0 : 1));  // subnormal
		if (k < 40)
			return pack(m, bits() & 1, 1 + (int)below(m.p + 2), frac(m));  // small normal
		if (k < 50)
			return pack(m, bits() & 1, exp_max(m) - 1 - (int)below(m.p + 2), frac(m));
		return pack(m, bits() & 1, 1 + (int)below((unsigned)exp_max(m) - 1), frac(m));
	}

	// An operand of float to integer: around the limits of the integer
	// forms, around 1 and below, with halves and ties.
	uint64_t to_int_operand(const Fmt &m)
	{
		static const int limits[] = { 31, 32, 63, 64, 30, 62, 0, 1 };
		bool s = chance(50);
		unsigned k = below(100);
		int e;

		if (k < 15)
			return operand(m);
		if (k < 50) {
			// 2^e exactly, or its neighbours
			e = limits[below(8)] + (int)below(3) - 1;
			uint64_t v = pack(m, s, m.bias + e, chance(30) ? 0 : frac_cut(m, (int)m.p - 1 - e));
			return chance(60) ? nudge(m, v) : v;
		}
		if (k < 85) {
			// a value with a fractional part: a tie, exactly an integer, ...
			e = between(-3, (int)m.p + 1);
			return pack(m, s, m.bias + e, frac_cut(m, (int)m.p - 1 - e));
		}
		// far below 1
		e = between(-(int)m.p - 3, -1);
		return pack(m, s, m.bias + e, frac(m));
	}

	// An integer operand: boundaries, powers of two and their neighbours,
	// ties at the rounding point of binary32 or binary64.
	uint64_t int_operand()
	{
		static const uint64_t edges[] = {
			0, 1, ~0ull, 0x7fffffffull, 0x80000000ull, 0xffffffffull, 0x100000000ull,
			0xffffffff80000000ull, 0x7fffffffffffffffull, 0x8000000000000000ull,
			0xffffffff7fffffffull, 0x00000000ffffff80ull, 0xfffffffffffff800ull,
		};
		unsigned k = below(100);
		uint64_t v;

		if (k < 10) {
			v = edges[below(sizeof edges / sizeof edges[0])];
		} else if (k < 40) {
			v = (1ull << below(64)) + (uint64_t)((int64_t)below(9) - 4);
		} else if (k < 75) {
			// p + 1 significant bits (p of binary32 or binary64), shifted:
			// the last one is the round bit
			unsigned p = chance(50) ? 24 : 53, s = below(64 - p);
			uint64_t r = (1ull << p) | (bits() & ((1ull << p) - 1));

			switch (below(4)) {
			case 0:
				r |= 1;                      // a tie or above
				break;
			case 1:
				r |= (1ull << p) - 2;        // all ones kept: carries
				break;
			case 2:
				r &= ~1ull;                  // exact
				break;
			default:
				break;
			}
			v = r << s;
			if (s && chance(30))
				v |= bits() & ((1ull << s) - 1);  // a sticky part
		} else {
			v = bits() >> below(64);
		}
		if (chance(40))
			v = 0 - v;
		return v;
	}

	// A binary64 operand of fcvt.s.d: around binary32's overflow and
	// underflow thresholds, ties at its rounding point (29 bits dropped for
	// a normal result, more for a subnormal one).
	uint64_t narrowing_operand()
	{
		const Fmt &d = fmts[1];
		bool s = chance(50);
		unsigned k = below(100);
		int e;

		if (k < 15)
			return operand(d);
		if (k < 35)
			e = between(125, 129);                  // overflow
		else if (k < 70)
			e = between(-152, -124);                // subnormal, underflow
		else
			e = between(-126, 127);
		int cut = 29 + (e < -126 ? -126 - e : 0);
		uint64_t v = pack(d, s, d.bias + e, frac_cut(d, cut > 52 ? 52 : cut));
		return chance(20) ? nudge(d, v) : v;
	}
};

bool is_f2i(unsigned op) { return op <= F2I_LU; }
bool is_i2f(unsigned op) { return op >= I2F_W && op <= I2F_LU; }
unsigned int_bits(unsigned op) { return op & 2 ? 64 : 32; }
bool int_signed(unsigned op) { return !(op & 1); }

uint64_t sext32(uint64_t v)
{
	return (uint64_t)(int64_t)(int32_t)(uint32_t)v;
}

// The reference result of one operation.
uint64_t reference(const Operation &o, unsigned *flags)
{
	enum fp_fmt f = o.fmt ? FP_D : FP_S;
	// a single operand as read_f gives it to ieee754.c (the unit ignores the
	// upper half), and a single result as the unit gives it: upper half zero
	uint64_t a = o.fmt ? o.a : (uint32_t)o.a, b = o.fmt ? o.b : (uint32_t)o.b;
	uint64_t sign = o.fmt ? 1ull << 63 : 1ull << 31;

	*flags = 0;
	switch (o.op) {
	case F2I_W: case F2I_WU: case F2I_L: case F2I_LU:
		return fp_to_int(f, a, int_bits(o.op), int_signed(o.op), o.rm, flags);
	case I2F_W: case I2F_WU: case I2F_L: case I2F_LU:
		return fp_from_int(f, o.x, int_bits(o.op), int_signed(o.op), o.rm, flags);
	case F2F:  // from the other format
		return fp_convert(f, o.fmt ? FP_S : FP_D, o.fmt ? (uint32_t)o.a : o.a, o.rm, flags);
	case CLASS:
		return fp_class(f, a);
	case MV_X_F:  // execute_fp.c exec_move: fmv.x.w sign-extends
		return o.fmt ? o.a : sext32(o.a);
	case MV_F_X:
		return o.fmt ? o.x : (uint32_t)o.x;
	case SGNJ:    // execute_fp.c exec_sign
		return (a & ~sign) | (b & sign);
	case SGNJN:
		return (a & ~sign) | (~b & sign);
	case SGNJX:
		return (a & ~sign) | ((a ^ b) & sign);
	case LE:
		return fp_le(f, a, b, flags);
	case LT:
		return fp_lt(f, a, b, flags);
	case EQ:
		return fp_eq(f, a, b, flags);
	case MIN:
		return fp_min(f, a, b, flags);
	default:
		return fp_max(f, a, b, flags);
	}
}

Operation random_op(ConvGen &g)
{
	Operation o{};
	unsigned k = g.below(100);

	o.fmt = g.bits() & 1;
	if (k < 25)
		o.op = F2I_W + g.below(4);
	else if (k < 45)
		o.op = I2F_W + g.below(4);
	else if (k < 57)
		o.op = F2F;
	else
		o.op = all_ops[9 + g.below(sizeof all_ops / sizeof all_ops[0] - 9)];
	o.rm = g.below(5);

	const Fmt &m = fmts[o.fmt];
	o.a = g.operand(m);
	o.b = g.operand(m);
	o.x = g.int_operand();
	if (is_f2i(o.op)) {
		o.a = g.to_int_operand(m);
	} else if (o.op == F2F) {
		o.a = o.fmt ? g.operand(fmts[0]) : g.narrowing_operand();
	} else if (o.op >= LE) {
		// comparisons: equal operands, opposite zeros, neighbours
		switch (g.below(6)) {
		case 0:
			o.b = o.a;
			break;
		case 1:
			o.b = o.a ^ sign_bit(m);
			break;
		case 2:
			o.b = g.nudge(m, o.a);
			break;
		case 3:
			o.a = pack(m, g.bits() & 1, 0, 0);
			o.b = pack(m, g.bits() & 1, 0, 0);
			break;
		default:
			break;
		}
	}
	// binary32 operands: the unit ignores the upper half (fcvt.d.s reads a
	// binary32 operand), and a 32-bit integer form the upper half of x
	bool single_a = o.op == F2F ? o.fmt : !o.fmt;
	if (single_a && o.op != MV_F_X && g.chance(50))
		o.a |= g.bits() << 32;
	if (!o.fmt && g.chance(50))
		o.b |= g.bits() << 32;
	if (is_i2f(o.op) && int_bits(o.op) == 32 && g.chance(30))
		o.x ^= g.bits() << 32;
	o.result = reference(o, &o.flags);
	return o;
}

void describe(const Operation &o)
{
	printf("%s.%s rm %u a=%016llx b=%016llx x=%016llx", op_names[o.op], o.fmt ? "d" : "s",
	       o.rm, (unsigned long long)o.a, (unsigned long long)o.b, (unsigned long long)o.x);
}

}  // namespace

int main(int argc, char **argv)
{
	unsigned long total = 1200000;
	uint64_t seed = 1;

	parse_args(argc, argv, &total, &seed);
	Verilated::commandArgs(argc, argv);
	Vfpu_convert dut;
	ConvGen g(seed);
	Counts c;
	unsigned long by_op[N_OPS][2] = {}, by_rm[5] = {};
	unsigned long f2i_nv = 0, f2i_nx = 0, i2f_nx = 0, f2f_uf = 0, f2f_of = 0, f2f_nx = 0;
	unsigned long nv = 0;
	const unsigned tag_mask = 0x3f;  // TAG_W is 6 in the default config

	// Phase 0: an operation every cycle. Phase 1 (the last 5%): random gaps
	// and flushes.
	bool counts = run_pipeline(
		dut, g, total, LATENCY, tag_mask, &c, random_op,
		[](Vfpu_convert &d, const Operation &o) {
			d.op_i = o.op;
			d.fmt_i = o.fmt;
			d.rm_i = o.rm;
			d.a_i = o.a;
			d.b_i = o.b;
			d.int_i = o.x;
			d.tag_i = o.tag;
		},
		[&](const Operation &o) {
			by_op[o.op][o.fmt]++;
			by_rm[o.rm]++;
			nv += (o.flags & FP_NV) != 0;
			f2i_nv += is_f2i(o.op) && (o.flags & FP_NV);
			f2i_nx += is_f2i(o.op) && (o.flags & FP_NX);
			i2f_nx += is_i2f(o.op) && (o.flags & FP_NX);
			f2f_uf += o.op == F2F && (o.flags & FP_UF);
			f2f_of += o.op == F2F && (o.flags & FP_OF);
			f2f_nx += o.op == F2F && (o.flags & FP_NX);
		},
		describe);
	if (!counts)
		return 1;
	// Every operation in both formats and every rounding mode, and the
	// flags each conversion can raise, must keep being reached.
	bool covered = f2i_nv && f2i_nx && i2f_nx && f2f_uf && f2f_of && f2f_nx && nv;
	for (unsigned op : all_ops)
		covered = covered && by_op[op][0] && by_op[op][1];
	for (unsigned rm = 0; rm < 5; rm++)
		covered = covered && by_rm[rm];
	if (!covered) {
		printf("FAIL: too little coverage:");
		for (unsigned op : all_ops)
			printf(" %s %lu/%lu", op_names[op], by_op[op][0], by_op[op][1]);
		printf("; f2i NV %lu NX %lu, i2f NX %lu, f2f UF %lu OF %lu NX %lu\n", f2i_nv, f2i_nx,
		       i2f_nx, f2f_uf, f2f_of, f2f_nx);
		return 1;
	}
	unsigned long f2i = 0, i2f = 0;
	for (unsigned op = F2I_W; op <= I2F_LU; op++)
		(is_f2i(op) ? f2i : i2f) += by_op[op][0] + by_op[op][1];
	printf("PASS: %lu operations checked (to int %lu: NV %lu, NX %lu; from int %lu: NX %lu; "
	       "fcvt.s.d/d.s %lu: NX %lu, UF %lu, OF %lu; NV in all %lu), all %zu operations in "
	       "both formats, latency %u, %lu flushed\n", c.completed, f2i, f2i_nv, f2i_nx, i2f,
	       i2f_nx, by_op[F2F][0] + by_op[F2F][1], f2f_nx, f2f_uf, f2f_of, nv,
	       sizeof all_ops / sizeof all_ops[0], LATENCY, c.flushed);
	return 0;
}
