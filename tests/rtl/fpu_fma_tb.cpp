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
#include <cstdlib>
#include <cstring>
#include <deque>
#include <random>

#include "Vfpu_fma.h"
#include "verilated.h"

extern "C" {
#include "iss/ieee754.h"
}

namespace {

constexpr unsigned LATENCY = 5;
enum Mode { MODE_FMA = 0, MODE_ADD = 1, MODE_MUL = 2 };
const char *const mode_names[] = { "fma", "add", "mul" };

struct Fmt {
	unsigned p;     // precision, hidden bit included
	unsigned ebits; // exponent field bits
	int bias;
};
const Fmt fmts[2] = { { 24, 8, 127 }, { 53, 11, 1023 } };

struct Op {
	uint64_t due;  // edge after which the result must be on the outputs
	unsigned tag;
	bool fmt;      // true: binary64
	unsigned mode, op, rm;
	uint64_t a, b, c;
	uint64_t result;
	unsigned flags;
};

uint64_t frac_mask(const Fmt &m)
{
	return (1ull << (m.p - 1)) - 1;
}

int exp_max(const Fmt &m)  // the biased exponent of infinities
{
	return (1 << m.ebits) - 1;
}

uint64_t pack(const Fmt &m, bool sign, int biased_exp, uint64_t frac)
{
	return (uint64_t)sign << (m.p + m.ebits - 1) | (uint64_t)biased_exp << (m.p - 1) |
	       (frac & frac_mask(m));
}

int field_exp(const Fmt &m, uint64_t v)
{
	return (int)((v >> (m.p - 1)) & (uint64_t)exp_max(m));
}

class Gen {
public:
	explicit Gen(uint64_t seed) : rng_(seed) {}

	uint64_t bits() { return rng_(); }
	unsigned below(unsigned n) { return (unsigned)(rng_() % n); }
	bool chance(unsigned percent) { return below(100) < percent; }

	// A fraction field, often with long runs of ones or zeros.
	uint64_t frac(const Fmt &m)
	{
		unsigned w = m.p - 1, i = below(w), j = below(w);
		uint64_t mask = frac_mask(m), run;

		if (i > j)
			std::swap(i, j);
		run = ((1ull << (j - i + 1)) - 1) << i;
		switch (below(9)) {
		case 0:
			return mask;                          // all ones
		case 1:
			return 0;
		case 2:
			return mask & ~(mask >> (1 + below(w)));  // ones on top
		case 3:
			return mask >> below(w);                  // ones below
		case 4:
			return 1ull << below(w);
		case 5:
			return (bits() | run) & mask;             // a run of ones
		case 6:
			return (bits() & ~run) & mask;            // a run of zeros
		case 7:
			return mask & ~(1ull << below(w));
		default:
			return bits() & mask;
		}
	}

	// A biased exponent of a normal number, often near the ends or near 1.
	int exp(const Fmt &m)
	{
		int top = exp_max(m) - 1, p = (int)m.p;

		switch (below(6)) {
		case 0:
			return 1 + (int)below(p + 2);
		case 1:
			return top - (int)below(p + 2);
		case 2:
			return m.bias - p - 2 + (int)below(2 * p + 5);
		default:
			return 1 + (int)below((unsigned)top);
		}
	}

	uint64_t special(const Fmt &m)
	{
		bool s = bits() & 1;
		uint64_t quiet = 1ull << (m.p - 2);

		switch (below(5)) {
		case 0:
			return pack(m, s, 0, 0);
		case 1:
			return pack(m, s, exp_max(m), 0);
		case 2:
			return pack(m, s, exp_max(m), quiet | (bits() & frac_mask(m) & (chance(50) ? 0 : ~0ull)));
		case 3: {  // signaling: quiet bit clear, something else set
			uint64_t f = frac(m) & (quiet - 1);
			return pack(m, s, exp_max(m), f ? f : 1);
		}
		default: {
			uint64_t f = frac(m);
			return pack(m, s, 0, f ? f : 1);  // subnormal
		}
		}
	}

	uint64_t operand(const Fmt &m)
	{
		unsigned k = below(100);

		if (k < 12)
			return special(m);
		if (k < 24)
			return pack(m, bits() & 1, 0, frac(m) | (chance(20) ? 0 : 1));  // subnormal
		return pack(m, bits() & 1, exp(m), frac(m));
	}

	// A normal or subnormal of about 2^(biased - bias), sign random.
	uint64_t near_exp(const Fmt &m, int biased)
	{
		if (biased >= exp_max(m))
			biased = exp_max(m) - 1 - (int)below(3);
		if (biased < 1)
			return pack(m, bits() & 1, 0, (frac(m) | 1) >> (chance(50) ? below(m.p) : 0));
		return pack(m, bits() & 1, biased, frac(m));
	}

	// Perturbs the last bits of a finite value's fraction (crossing into the
	// exponent field is fine: that is the next binade).
	uint64_t nudge(const Fmt &m, uint64_t v)
	{
		int64_t d = (int64_t)below(9) - 4;
		uint64_t mag = v & ~(1ull << (m.p + m.ebits - 1));

		if (field_exp(m, v) == exp_max(m) || (d < 0 && mag < (uint64_t)-d))
			return v;
		return v + (uint64_t)d;
	}

	std::mt19937_64 rng_;
};

// The reference result of one operation.
uint64_t reference(const Op &o, unsigned *flags)
{
	enum fp_fmt f = o.fmt ? FP_D : FP_S;
	const Fmt &m = fmts[o.fmt];
	uint64_t sign = 1ull << (m.p + m.ebits - 1);
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
Op random_op(Gen &g)
{
	Op o{};

	o.fmt = g.bits() & 1;
	o.mode = g.below(10) < 6 ? MODE_FMA : g.below(2) ? MODE_ADD : MODE_MUL;
	o.op = g.below(4);
	o.rm = g.below(5);

	const Fmt &m = fmts[o.fmt];
	int p = (int)m.p;
	enum fp_fmt f = o.fmt ? FP_D : FP_S;
	uint64_t sign = 1ull << (m.p + m.ebits - 1);
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

void print_op(const char *what, const Op &o, uint64_t result, unsigned flags)
{
	printf("FAIL: %s: %s %s op %u rm %u a=%016llx b=%016llx c=%016llx: "
	       "rtl %016llx flags %02x, ref %016llx flags %02x\n",
	       what, o.fmt ? "d" : "s", mode_names[o.mode], o.op, o.rm, (unsigned long long)o.a,
	       (unsigned long long)o.b, (unsigned long long)o.c, (unsigned long long)result, flags,
	       (unsigned long long)o.result, o.flags);
}

}  // namespace

int main(int argc, char **argv)
{
	unsigned long total = 2400000;
	uint64_t seed = 1;

	for (int i = 1; i + 1 < argc; i++) {
		if (!strcmp(argv[i], "-n"))
			total = strtoul(argv[++i], nullptr, 0);
		else if (!strcmp(argv[i], "-s"))
			seed = strtoull(argv[++i], nullptr, 0);
	}
	Verilated::commandArgs(argc, argv);
	Vfpu_fma dut;
	Gen g(seed);
	std::deque<Op> pending;
	uint64_t edge = 0;
	unsigned long issued = 0, completed = 0, flushed = 0, errors = 0;
	unsigned long by_mode[3] = {}, inexact = 0, underflow = 0, overflow = 0, invalid = 0;
	unsigned long exact_zero = 0;  // nonzero terms that cancel exactly
	const unsigned tag_mask = 0x3f;  // TAG_W is 6 in the default config

	auto tick = [&]() {
		dut.clk_i = 0;
		dut.eval();
		dut.clk_i = 1;
		dut.eval();
		edge++;
	};
	auto check_outputs = [&]() {
		if (!pending.empty() && pending.front().due == edge) {
			Op o = pending.front();
			pending.pop_front();
			if (!dut.valid_o || dut.tag_o != o.tag || dut.result_o != o.result ||
			    dut.flags_o != o.flags) {
				if (errors < 20)
					print_op(!dut.valid_o || dut.tag_o != o.tag ? "valid/tag" : "result", o,
						 dut.result_o, dut.flags_o);
				errors++;
			}
			completed++;
			by_mode[o.mode]++;
			inexact += (o.flags & FP_NX) != 0;
			underflow += (o.flags & FP_UF) != 0;
			overflow += (o.flags & FP_OF) != 0;
			invalid += (o.flags & FP_NV) != 0;
			exact_zero += o.mode != MODE_MUL && !o.flags && (o.result << 1) == 0 &&
				      (o.a << 1 << (o.fmt ? 0 : 32)) != 0 &&
				      (o.c << 1 << (o.fmt ? 0 : 32)) != 0;
		} else if (dut.valid_o) {
			if (errors++ < 20)
				printf("FAIL: valid_o without an operation due at edge %llu\n",
				       (unsigned long long)edge);
		}
	};

	dut.rst_ni = 0;
	dut.flush_i = 0;
	dut.valid_i = 0;
	tick();
	dut.rst_ni = 1;
	check_outputs();

	// Phase 0: an operation every cycle. Phase 1 (the last 5%): random gaps
	// and flushes.
	for (unsigned long i = 0; i < total; i++) {
		bool phase1 = i >= total - total / 20;
		bool valid = !phase1 || g.below(3) != 0;
		bool flush = phase1 && g.below(16) == 0;
		Op o = random_op(g);

		o.tag = (unsigned)issued & tag_mask;
		o.due = edge + LATENCY;
		dut.valid_i = valid;
		dut.flush_i = flush;
		dut.fmt_i = o.fmt;
		dut.mode_i = o.mode;
		dut.op_i = o.op;
		dut.rm_i = o.rm;
		dut.a_i = o.a;
		dut.b_i = o.b;
		dut.c_i = o.c;
		dut.tag_i = o.tag;
		issued += valid;
		if (flush) {
			flushed += pending.size() + valid;
			pending.clear();
		} else if (valid) {
			pending.push_back(o);
		}
		tick();
		check_outputs();
	}
	dut.valid_i = 0;
	dut.flush_i = 0;
	for (unsigned i = 0; i < LATENCY; i++) {
		tick();
		check_outputs();
	}
	dut.final();
	if (!pending.empty() || completed + flushed != issued || flushed == 0) {
		printf("FAIL: issued %lu, completed %lu, flushed %lu, %zu left\n", issued, completed,
		       flushed, pending.size());
		return 1;
	}
	if (errors) {
		printf("FAIL: %lu mismatches in %lu operations\n", errors, completed);
		return 1;
	}
	// The operands must keep reaching every mode and every exception.
	if (!by_mode[0] || !by_mode[1] || !by_mode[2] || !inexact || !underflow || !overflow ||
	    !invalid || !exact_zero) {
		printf("FAIL: too little coverage: fma %lu add %lu mul %lu, NX %lu UF %lu OF %lu "
		       "NV %lu, exact zero %lu\n", by_mode[0], by_mode[1], by_mode[2], inexact,
		       underflow, overflow, invalid, exact_zero);
		return 1;
	}
	printf("PASS: %lu operations checked (fma %lu, add %lu, mul %lu; NX %lu, UF %lu, OF %lu, "
	       "NV %lu, exact zero %lu), latency %u, %lu flushed\n", completed, by_mode[0],
	       by_mode[1], by_mode[2], inexact, underflow, overflow, invalid, exact_zero, LATENCY,
	       flushed);
	return 0;
}
