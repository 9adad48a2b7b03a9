// What the FPU benches (fpu_fma_tb.cpp, fpu_divsqrt_tb.cpp,
// fpu_convert_tb.cpp) share: the binary32/binary64 field helpers, a random
// generator of operands biased to the hard cases (each bench derives its
// own mix from it), clock and reset driving, the comparison of a result
// with its reference and the printing of a mismatch, the -n/-s command
// line, the final count checks, and the run of a fixed-latency pipeline
// (fpu_fma, fpu_convert). Header only: static inline functions and
// templates over the Verilated model and the bench's operation record
// (which has tag, result and flags; due as well for a pipeline).
#ifndef TEA_FPU_TB_UTIL_H
#define TEA_FPU_TB_UTIL_H

#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <random>
#include <utility>

namespace fputb {

// ---- formats ----

struct Fmt {
	unsigned p;     // precision, hidden bit included
	unsigned ebits; // exponent field bits
	int bias;
};
static const Fmt fmts[2] = { { 24, 8, 127 }, { 53, 11, 1023 } };  // [fmt: binary64]

static inline uint64_t frac_mask(const Fmt &m)
{
	return (1ull << (m.p - 1)) - 1;
}

static inline int exp_max(const Fmt &m)  // the biased exponent of infinities
{
	return (1 << m.ebits) - 1;
}

static inline uint64_t sign_bit(const Fmt &m)
{
	return 1ull << (m.p + m.ebits - 1);
}

static inline uint64_t pack(const Fmt &m, bool sign, int biased_exp, uint64_t frac)
{
	return (sign ? sign_bit(m) : 0) | (uint64_t)biased_exp << (m.p - 1) | (frac & frac_mask(m));
}

static inline int field_exp(const Fmt &m, uint64_t v)
{
	return (int)((v >> (m.p - 1)) & (uint64_t)exp_max(m));
}

// ---- operands ----

class Gen {
public:
	explicit Gen(uint64_t seed) : rng_(seed) {}

	uint64_t bits() { return rng_(); }
	unsigned below(unsigned n) { return (unsigned)(rng_() % n); }
	bool chance(unsigned percent) { return below(100) < percent; }
	int between(int lo, int hi) { return lo + (int)below((unsigned)(hi - lo + 1)); }

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
			return mask;                              // all ones
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

	// A zero, an infinity, a quiet or a signaling NaN, or a subnormal, each
	// a fifth of the time (with_subnormal false: a zero instead).
	uint64_t special(const Fmt &m, bool with_subnormal = true)
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
			if (!with_subnormal)
				return pack(m, s, 0, 0);
			uint64_t f = frac(m);
			return pack(m, s, 0, f ? f : 1);  // subnormal
		}
		}
	}

	// special_pct percent special(), subnormal_pct percent subnormals, the
	// rest normals with exponents from exp().
	uint64_t mixed_operand(const Fmt &m, unsigned special_pct, unsigned subnormal_pct,
			       bool special_subnormals = true)
	{
		unsigned k = below(100);

		if (k < special_pct)
			return special(m, special_subnormals);
		if (k < special_pct + subnormal_pct)
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

	// Moves a finite value by a few ulps (into the next binade or from
	// zero into the subnormals is fine; never to an infinity or a NaN).
	uint64_t nudge(const Fmt &m, uint64_t v)
	{
		int64_t d = (int64_t)below(9) - 4;
		uint64_t s = v & sign_bit(m), mag = v & (sign_bit(m) - 1);

		if (field_exp(m, v) == exp_max(m) || (d < 0 && mag < (uint64_t)-d))
			return v;
		mag += (uint64_t)d;
		if (field_exp(m, mag) == exp_max(m))
			return v;
		return s | mag;
	}

private:
	std::mt19937_64 rng_;
};

// ---- command line, driving, checking ----

// -n OPERATIONS and -s SEED; the rest is left to Verilated::commandArgs.
static inline void parse_args(int argc, char **argv, unsigned long *total, uint64_t *seed)
{
	for (int i = 1; i + 1 < argc; i++) {
		if (!strcmp(argv[i], "-n"))
			*total = strtoul(argv[++i], nullptr, 0);
		else if (!strcmp(argv[i], "-s"))
			*seed = strtoull(argv[++i], nullptr, 0);
	}
}

constexpr unsigned long MAX_PRINTED = 20;  // mismatches printed; all are counted

// Counts an error and prints "FAIL: <message>" for the first MAX_PRINTED.
static inline void fail(unsigned long *errors, const char *fmt, ...)
{
	if ((*errors)++ < MAX_PRINTED) {
		va_list ap;

		va_start(ap, fmt);
		fputs("FAIL: ", stdout);
		vprintf(fmt, ap);
		putchar('\n');
		va_end(ap);
	}
}

// One rising edge of clk_i; *edge counts them.
template <class Dut>
static inline void tick(Dut &dut, uint64_t *edge)
{
	dut.clk_i = 0;
	dut.eval();
	dut.clk_i = 1;
	dut.eval();
	++*edge;
}

// An edge with rst_ni low and nothing offered or flushed; rst_ni high after.
template <class Dut>
static inline void reset(Dut &dut, uint64_t *edge)
{
	dut.rst_ni = 0;
	dut.flush_i = 0;
	dut.valid_i = 0;
	tick(dut, edge);
	dut.rst_ni = 1;
}

// Whether the outputs carry the result o expects (valid_o, tag, result,
// flags). On a mismatch, counts it and prints the first few as
// "FAIL: <what>: <describe(o)>: rtl ... , ref ...".
template <class Dut, class Op, class Describe>
static inline bool check_result(const Dut &dut, const Op &o, unsigned long *errors,
				Describe describe)
{
	bool delivered = dut.valid_o && dut.tag_o == o.tag;

	if (delivered && dut.result_o == o.result && dut.flags_o == o.flags)
		return true;
	if ((*errors)++ < MAX_PRINTED) {
		printf("FAIL: %s: ", delivered ? "result" : "valid/tag");
		describe(o);
		printf(": rtl %016llx flags %02x, ref %016llx flags %02x\n",
		       (unsigned long long)dut.result_o, (unsigned)dut.flags_o,
		       (unsigned long long)o.result, o.flags);
	}
	return false;
}

// Adds an operation's flags (fflags bits: NX UF OF DZ NV) to by_flag.
static inline void count_flags(unsigned long by_flag[5], unsigned flags)
{
	for (unsigned i = 0; i < 5; i++)
		by_flag[i] += (flags >> i) & 1;
}

struct Counts {
	unsigned long issued = 0, completed = 0, flushed = 0, errors = 0;
	uint64_t edge = 0;
};

// The end of a run: every operation issued completed or was flushed, some
// were flushed, none left (left: still expected), no mismatch. Prints why not.
static inline bool counts_ok(const Counts &c, size_t left)
{
	if (left || c.completed + c.flushed != c.issued || c.flushed == 0) {
		printf("FAIL: issued %lu, completed %lu, flushed %lu, %zu left\n", c.issued,
		       c.completed, c.flushed, left);
		return false;
	}
	if (c.errors) {
		printf("FAIL: %lu mismatches in %lu operations\n", c.errors, c.completed);
		return false;
	}
	return true;
}

// ---- a pipeline of fixed latency (fpu_fma, fpu_convert) ----

// total operations, one offered every cycle; in the last 5%, random gaps
// (a third of the cycles) and flushes (one in 16). Each result must be on
// the outputs exactly latency edges after its operation was sampled, in
// order with its tag, and valid_o low otherwise. draw(g) gives the next
// operation (its tag and due are set here; g is a Gen or a bench's
// generator derived from it), drive(dut, o) puts it on the inputs, and
// covered(o) sees each one that completed. Then the pipeline drains;
// returns counts_ok.
template <class Dut, class G, class Draw, class Drive, class Covered, class Describe>
static inline bool run_pipeline(Dut &dut, G &g, unsigned long total, unsigned latency,
				unsigned tag_mask, Counts *c, Draw draw, Drive drive,
				Covered covered, Describe describe)
{
	std::deque<decltype(draw(g))> pending;

	auto check_outputs = [&]() {
		if (!pending.empty() && pending.front().due == c->edge) {
			auto o = pending.front();
			pending.pop_front();
			check_result(dut, o, &c->errors, describe);
			c->completed++;
			covered(o);
		} else if (dut.valid_o) {
			fail(&c->errors, "valid_o without an operation due at edge %llu",
			     (unsigned long long)c->edge);
		}
	};

	reset(dut, &c->edge);
	check_outputs();
	for (unsigned long i = 0; i < total; i++) {
		bool phase1 = i >= total - total / 20;
		bool valid = !phase1 || g.below(3) != 0;
		bool flush = phase1 && g.below(16) == 0;
		auto o = draw(g);

		o.tag = (unsigned)c->issued & tag_mask;
		o.due = c->edge + latency;
		dut.valid_i = valid;
		dut.flush_i = flush;
		drive(dut, o);
		c->issued += valid;
		if (flush) {
			c->flushed += pending.size() + valid;
			pending.clear();
		} else if (valid) {
			pending.push_back(o);
		}
		tick(dut, &c->edge);
		check_outputs();
	}
	dut.valid_i = 0;
	dut.flush_i = 0;
	for (unsigned i = 0; i < latency; i++) {
		tick(dut, &c->edge);
		check_outputs();
	}
	dut.final();
	return counts_ok(*c, pending.size());
}

}  // namespace fputb

#endif
