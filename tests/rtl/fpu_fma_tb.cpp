// Checks fpu_fma against the ISS's IEEE 754 arithmetic (sim/iss/ieee754.c):
// every result and every flag, for binary32 and binary64, all five rounding
// modes, FMADD/FMSUB/FNMSUB/FNMADD, FADD/FSUB (and -a + c) and FMUL (and
// FNMUL), a new operation every cycle, each result exactly LATENCY clock
// edges after its operation was sampled, in order with its tag; then random
// gaps and flushes. Operands lean on the hard cases: zeros, infinities,
// quiet and signaling NaNs, subnormals, exponents at the limits, products
// and sums that cancel (an addend of about -a*b, -a*b itself rounded, so
// that the FMA returns the product's rounding error), exponent differences
// around the precision, significands with long runs of ones or zeros.
//
// Usage: Vtb [-n OPERATIONS] [-s SEED] (defaults: 2.4 million, seed 1).
#include <cstdint>
#include <cstdio>

#include "Vfpu_fma.h"
#include "fpu_tb_util.h"
#include "verilated.h"

extern "C" {
#include "iss/ieee754.h"
}

namespace {

constexpr unsigned LATENCY = 5;
enum Mode { MODE_FMA = 0, MODE_ADD = 1, MODE_MUL = 2 };
const char *const mode_names[] = { "fma", "add", "mul" };

using namespace fputb;

struct Op {
	uint64_t due;  // edge after which the result must be on the outputs
	unsigned tag;
	bool fmt;      // true: binary64
	unsigned mode, op, rm;
	uint64_t a, b, c;
	uint64_t result;
	unsigned flags;
};

// Operands: 12% special, 12% subnormal, the rest normal.
struct FmaGen : Gen {
	using Gen::Gen;
	uint64_t operand(const Fmt &m) { return mixed_operand(m, 12, 12); }
};

// The reference result of one operation.
uint64_t reference(const Op &o, unsigned *flags)
{
	enum fp_fmt f = o.fmt ? FP_D : FP_S;
	const Fmt &m = fmts[o.fmt];
	uint64_t sign = sign_bit(m);
	bool neg_prod = o.op & 2, neg_add = o.op & 1;

	*flags = 0;
	switch (o.mode) {
	case MODE_ADD:  // (+-a) * 1.0 +- c
		return neg_add ? fp_sub(f, o.a ^ (neg_prod ? sign : 0), o.c, o.rm, flags)
			       : fp_add(f, o.a ^ (neg_prod ? sign : 0), o.c, o.rm, flags);
	case MODE_MUL:  // +-(a * b); op bit 0 has no effect
		return fp_mul(f, o.a ^ (neg_prod ? sign : 0), o.b, o.rm, flags);
	default:
		return fp_fma(f, o.a, o.b, o.c, neg_prod, neg_add, o.rm, flags);
	}
}

// Draws one operation, biased to the cases that break FMAs.
Op random_op(FmaGen &g)
{
	Op o{};

	o.fmt = g.bits() & 1;
	o.mode = g.below(10) < 6 ? MODE_FMA : g.below(2) ? MODE_ADD : MODE_MUL;
	o.op = g.below(4);
	o.rm = g.below(5);

	const Fmt &m = fmts[o.fmt];
	int p = (int)m.p;
	enum fp_fmt f = o.fmt ? FP_D : FP_S;
	uint64_t sign = sign_bit(m);
	unsigned junk_flags;

	o.a = g.operand(m);
	o.b = g.operand(m);
	o.c = g.operand(m);
	if (g.chance(30) && o.mode != MODE_ADD) {
		// product near the ends of the range: exponents chosen to sum there
		int target = g.chance(50) ? exp_max(m) - 3 + (int)g.below(6)
					  : -p - 2 + (int)g.below(2 * p + 6);
		int ea = field_exp(m, o.a);
		if (ea == 0 || ea == exp_max(m))
			ea = m.bias;
		o.a = g.near_exp(m, ea);
		o.b = g.near_exp(m, target - ea + m.bias);
	}
	switch (o.mode) {
	case MODE_FMA: {
		unsigned k = g.below(100);
		int ep = field_exp(m, o.a) + field_exp(m, o.b) - m.bias;
		if (k < 30) {
			// addend around the product, the exponent difference near 0
			// or near the precision
			int d = g.chance(50) ? (int)g.below(7) - 3 : (int)g.below(4 * p + 9) - 2 * p - 4;
			o.c = g.near_exp(m, ep + d) ^ (g.chance(70) ? sign : 0);
		} else if (k < 55) {
			// -(a*b) rounded: the FMA returns the rounding error
			o.c = fp_mul(f, o.a, o.b, g.below(5), &junk_flags) ^ sign;
			if (o.op & 2)
				o.c ^= sign;
			if (o.op & 1)
				o.c ^= sign;
			if (g.chance(30))
				o.c = g.nudge(m, o.c);
		}
		break;
	}
	case MODE_ADD:
		if (g.chance(50)) {
			// about -a (or a for a subtraction): massive cancellation
			o.c = g.chance(50) ? g.nudge(m, o.a)
					   : g.near_exp(m, field_exp(m, o.a) + (int)g.below(2 * p + 5) - p - 2);
			if (!(o.op & 1) == !(o.op & 2))
				o.c ^= sign;
			if (g.chance(70))
				o.c ^= sign;
		}
		break;
	default:
		break;
	}
	// binary32 operands: the unit ignores the upper half
	if (!o.fmt && g.chance(50)) {
		o.a |= g.bits() << 32;
		o.b |= g.bits() << 32;
		o.c |= g.bits() << 32;
	}
	o.result = reference(o, &o.flags);
	return o;
}

void describe(const Op &o)
{
	printf("%s %s op %u rm %u a=%016llx b=%016llx c=%016llx", o.fmt ? "d" : "s",
	       mode_names[o.mode], o.op, o.rm, (unsigned long long)o.a, (unsigned long long)o.b,
	       (unsigned long long)o.c);
}

}  // namespace

int main(int argc, char **argv)
{
	unsigned long total = 2400000;
	uint64_t seed = 1;

	parse_args(argc, argv, &total, &seed);
	Verilated::commandArgs(argc, argv);
	Vfpu_fma dut;
	FmaGen g(seed);
	Counts c;
	unsigned long by_mode[3] = {}, by_flag[5] = {};
	unsigned long exact_zero = 0;  // nonzero terms that cancel exactly
	const unsigned tag_mask = 0x3f;  // TAG_W is 6 in the default config

	// Phase 0: an operation every cycle. Phase 1 (the last 5%): random gaps
	// and flushes.
	bool counts = run_pipeline(
		dut, g, total, LATENCY, tag_mask, &c, random_op,
		[](Vfpu_fma &d, const Op &o) {
			d.fmt_i = o.fmt;
			d.mode_i = o.mode;
			d.op_i = o.op;
			d.rm_i = o.rm;
			d.a_i = o.a;
			d.b_i = o.b;
			d.c_i = o.c;
			d.tag_i = o.tag;
		},
		[&](const Op &o) {
			by_mode[o.mode]++;
			count_flags(by_flag, o.flags);
			exact_zero += o.mode != MODE_MUL && !o.flags && (o.result << 1) == 0 &&
				      (o.a << 1 << (o.fmt ? 0 : 32)) != 0 &&
				      (o.c << 1 << (o.fmt ? 0 : 32)) != 0;
		},
		describe);
	if (!counts)
		return 1;
	unsigned long inexact = by_flag[0], underflow = by_flag[1], overflow = by_flag[2],
		      invalid = by_flag[4];
	// The operands must keep reaching every mode and every exception.
	if (!by_mode[0] || !by_mode[1] || !by_mode[2] || !inexact || !underflow || !overflow ||
	    !invalid || !exact_zero) {
		printf("FAIL: too little coverage: fma %lu add %lu mul %lu, NX %lu UF %lu OF %lu "
		       "NV %lu, exact zero %lu\n", by_mode[0], by_mode[1], by_mode[2], inexact,
		       underflow, overflow, invalid, exact_zero);
		return 1;
	}
	printf("PASS: %lu operations checked (fma %lu, add %lu, mul %lu; NX %lu, UF %lu, OF %lu, "
	       "NV %lu, exact zero %lu), latency %u, %lu flushed\n", c.completed, by_mode[0],
	       by_mode[1], by_mode[2], inexact, underflow, overflow, invalid, exact_zero, LATENCY,
	       c.flushed);
	return 0;
}
