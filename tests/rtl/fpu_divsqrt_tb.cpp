// Checks fpu_divsqrt against the ISS's IEEE 754 arithmetic (sim/iss/ieee754.c):
// every result and every flag of fp_div and fp_sqrt, for binary32 and
// binary64, all five rounding modes, and the handshake: an operation is taken
// when valid_i and ready_o are high, its result comes exactly LATENCY cycles
// later (1 for the special cases) with its tag, for one cycle, and nothing
// else comes out. Operations are offered back to back, after random gaps,
// and held while the unit is busy; the last 10% also flush at random.
// Operands lean on the hard cases: zeros, infinities, quiet and signaling
// NaNs, subnormals, exponents at the limits, quotients that are exact or
// exactly at a rounding tie (only possible with a subnormal result),
// quotients and roots within a tiny fraction of an ulp of a rounding
// boundary (found with modular arithmetic: the remainder is a few units, so
// only the sticky bit tells them apart), perfect squares and values a few
// ulps around them, and quotients and roots of rounded products.
//
// Usage: Vtb [-n OPERATIONS] [-s SEED] (defaults: 400000, seed 1).
#include <cstdint>
#include <cstdio>

#include "Vfpu_divsqrt.h"
#include "fpu_tb_util.h"
#include "verilated.h"

extern "C" {
#include "iss/ieee754.h"
}

namespace {

using namespace fputb;

typedef unsigned __int128 u128;

// Cycles from taking an operation to its result, as fpu_divsqrt.sv states.
constexpr unsigned LAT_SPECIAL = 1;
const unsigned latency[2][2] = { { 28, 57 }, { 27, 56 } };  // [sqrt][fmt]

struct Op {
	bool sqrt, fmt;  // fmt true: binary64
	unsigned rm, tag;
	uint64_t a, b;
	uint64_t result;
	unsigned flags;
	unsigned lat;
	bool tie;        // the exact result is halfway between two neighbours
};

unsigned bit_length(u128 x)
{
	unsigned n = 0;

	while (x) {
		n++;
		x >>= 1;
	}
	return n;
}

// mant * 2^e2 (mant nonzero, at most p bits) packed when it is exactly
// representable; false otherwise.
bool make_exact(const Fmt &m, bool sign, uint64_t mant, int e2, uint64_t *out)
{
	int len = (int)bit_length(mant), top = e2 + len - 1;
	int emin = 1 - m.bias, lsb_sub = emin - (int)m.p + 1;

	if (len > (int)m.p || top > m.bias)
		return false;
	if (top >= emin) {
		*out = pack(m, sign, top + m.bias, mant << (m.p - len));
		return true;
	}
	if (e2 < lsb_sub)
		return false;
	*out = pack(m, sign, 0, mant << (e2 - lsb_sub));
	return true;
}

// Whether an operation takes the short path: no arithmetic to do.
bool is_special(const Op &o)
{
	const Fmt &m = fmts[o.fmt];
	auto nan_inf = [&](uint64_t v) { return field_exp(m, v) == exp_max(m); };
	auto zero = [&](uint64_t v) { return (v & (sign_bit(m) - 1)) == 0; };

	if (o.sqrt)
		return nan_inf(o.a) || zero(o.a) || (o.a & sign_bit(m));
	return nan_inf(o.a) || nan_inf(o.b) || zero(o.a) || zero(o.b);
}

// Operands: 12% special (zeros twice as often, no subnormals), 15%
// subnormal, the rest normal.
struct DivGen : Gen {
	using Gen::Gen;
	uint64_t operand(const Fmt &m) { return mixed_operand(m, 12, 15, false); }

	// An odd significand of exactly n bits (n >= 1).
	uint64_t odd_bits(unsigned n)
	{
		uint64_t top = 1ull << (n - 1);

		return top | (bits() & (top - 1)) | 1;
	}
};

uint64_t pow_mod(uint64_t base, unsigned e, uint64_t mod)
{
	u128 r = 1, b = base % mod;

	for (; e; e >>= 1) {
		if (e & 1)
			r = r * b % mod;
		b = b * b % mod;
	}
	return (uint64_t)r;
}

// A quotient exactly representable, or exactly at a rounding tie: the
// significands are Mq * Mb and Mb, the quotient Mq * 2^eq, its last bit
// placed at, just below or around the last bit a subnormal keeps.
bool div_exact(DivGen &g, const Fmt &m, Op &o)
{
	unsigned kq = 1 + g.below(m.p), kb = 1 + g.below(kq < m.p ? m.p - kq : 1);
	uint64_t mq = g.odd_bits(kq), mb = g.odd_bits(kb);
	int lsb_sub = 2 - m.bias - (int)m.p, eq, eb, top_a;

	if (g.chance(60))
		eq = lsb_sub - 1 - (int)g.below(3) + (int)g.below(3);  // ties around the subnormals
	else
		eq = g.between(lsb_sub - (int)m.p, m.bias) - (int)kq;
	// the dividend's exponent anywhere, as long as the divisor's fits
	for (int tries = 0; tries < 4; tries++) {
		top_a = g.between(lsb_sub, m.bias);
		eb = top_a - (int)bit_length((u128)mq * mb) + 1 - eq;
		if (make_exact(m, g.bits() & 1, mq * mb, eq + eb, &o.a) &&
		    make_exact(m, g.bits() & 1, mb, eb, &o.b))
			return true;
	}
	return false;
}

// A quotient whose exact value is within a few parts in 2^p of an ulp of a
// representable value or of a tie: Ma * 2^t = Mq * Mb + d with d tiny, so
// Ma is d / 2^t modulo Mb (Mb odd).
bool div_near(DivGen &g, const Fmt &m, Op &o)
{
	unsigned t = m.p + g.below(2);
	uint64_t mb = g.odd_bits(m.p), lo = 1ull << (m.p - 1);
	int64_t d = (int64_t)g.below(7) - 3;
	uint64_t dm = d < 0 ? mb - (uint64_t)-d : (uint64_t)d;
	uint64_t ma = (uint64_t)((u128)dm * pow_mod((mb + 1) / 2, t, mb) % mb);
	int ea = g.exp(m), eb;

	if (ma < lo)
		ma += mb;
	if (ma < lo || ma >> m.p)
		return false;
	eb = g.chance(70) ? g.between(m.bias - (int)m.p, m.bias + (int)m.p) : g.exp(m);
	o.a = pack(m, g.bits() & 1, ea, ma);
	o.b = pack(m, g.bits() & 1, eb, mb);
	return true;
}

// A root exactly representable: the square of a significand of at most
// p / 2 bits, with an even exponent.
bool sqrt_exact(DivGen &g, const Fmt &m, Op &o)
{
	uint64_t mr = g.odd_bits(1 + g.below(m.p / 2));
	uint64_t sq = mr * mr;
	int lsb_sub = 2 - m.bias - (int)m.p;
	int e = g.between(lsb_sub / 2, m.bias / 2);

	return make_exact(m, false, sq, 2 * e, &o.a);
}

// A root within a few parts in 2^p of an ulp of a rounding tie: Mr odd of
// p + 1 bits (the tie), Mr^2 = A * 2^n +- c with c small. The square root of
// c modulo 2^n (c = 1 mod 8) is lifted a bit at a time (Hensel).
bool sqrt_near(DivGen &g, const Fmt &m, Op &o)
{
	unsigned n = (m.p + 2) & 1 ? m.p + 3 : m.p + 2;
	bool above = g.chance(50);
	uint64_t c = 8 * (uint64_t)g.below(g.chance(50) ? 4 : 1u << 12) + (above ? 7 : 1);
	u128 mod = (u128)1 << n, r = above ? mod - c : c, x = 1, sq;
	u128 half = mod >> 1;  // solutions repeat modulo 2^(n-1)
	uint64_t mr, a;
	int lsb_sub = 2 - m.bias - (int)m.p, e;

	for (unsigned k = 3; k < n; k++) {
		if ((x * x - r) & (((u128)1 << (k + 1)) - 1))
			x += (u128)1 << (k - 1);
	}
	x &= half - 1;
	if (x >> m.p == 1)
		mr = (uint64_t)x;
	else if ((half - x) >> m.p == 1)
		mr = (uint64_t)(half - x);
	else
		return false;
	sq = (u128)mr * mr;
	a = (uint64_t)(above ? (sq + c) >> n : (sq - c) >> n);
	e = g.between(lsb_sub / 2, m.bias / 2 - (int)m.p);
	return a != 0 && make_exact(m, false, a, 2 * e, &o.a);
}

// Draws one operation, biased to the cases that break dividers.
Op random_op(DivGen &g)
{
	Op o{};

	o.fmt = g.bits() & 1;
	o.sqrt = g.chance(45);
	o.rm = g.below(5);

	const Fmt &m = fmts[o.fmt];
	enum fp_fmt f = o.fmt ? FP_D : FP_S;
	unsigned junk_flags = 0, k = g.below(100);

	o.a = g.operand(m);
	o.b = g.operand(m);
	if (!o.sqrt) {
		if (k < 15) {
			if (!div_exact(g, m, o))
				o.a = g.operand(m);
		} else if (k < 35) {
			if (!div_near(g, m, o))
				o.a = g.operand(m);
		} else if (k < 55) {
			// a quotient near the ends of the range
			int target = g.chance(50) ? exp_max(m) - 3 + (int)g.below(6)
						  : -(int)m.p - 2 + (int)g.below(2 * m.p + 6);
			int ea = field_exp(m, o.a);
			if (ea == 0 || ea == exp_max(m))
				ea = m.bias;
			o.a = g.near_exp(m, ea);
			o.b = g.near_exp(m, ea - target + m.bias);
		} else if (k < 75) {
			// a rounded product of the divisor: a quotient near q
			uint64_t q = g.operand(m);
			o.a = fp_mul(f, q, o.b, g.below(5), &junk_flags);
			if (g.chance(40))
				o.a = g.nudge(m, o.a);
		}
	} else {
		if (k < 20) {
			if (!sqrt_exact(g, m, o))
				o.a = g.operand(m);
			else if (g.chance(40))
				o.a = g.nudge(m, o.a);
		} else if (k < 45) {
			if (!sqrt_near(g, m, o))
				o.a = g.operand(m);
		} else if (k < 65) {
			uint64_t r = g.operand(m);
			o.a = fp_mul(f, r, r, g.below(5), &junk_flags);
			if (g.chance(40))
				o.a = g.nudge(m, o.a);
		} else if (k < 85) {
			o.a &= ~sign_bit(m);  // mostly a positive finite operand
		}
		if (g.chance(50))
			o.b = g.bits();  // ignored
	}
	// binary32 operands: the unit ignores the upper half
	if (!o.fmt && g.chance(50)) {
		o.a |= g.bits() << 32;
		o.b |= g.bits() << 32;
	}
	o.flags = 0;
	o.result = o.sqrt ? fp_sqrt(f, o.a, o.rm, &o.flags) : fp_div(f, o.a, o.b, o.rm, &o.flags);
	o.lat = is_special(o) ? LAT_SPECIAL : latency[o.sqrt][o.fmt];
	// at a tie exactly when ties to even and ties away differ
	unsigned rne_flags = 0, rmm_flags = 0;
	o.tie = o.sqrt ? fp_sqrt(f, o.a, FP_RNE, &rne_flags) != fp_sqrt(f, o.a, FP_RMM, &rmm_flags)
		       : fp_div(f, o.a, o.b, FP_RNE, &rne_flags) != fp_div(f, o.a, o.b, FP_RMM, &rmm_flags);
	return o;
}

void describe(const Op &o)
{
	printf("%s.%s rm %u a=%016llx b=%016llx", o.sqrt ? "fsqrt" : "fdiv", o.fmt ? "d" : "s",
	       o.rm, (unsigned long long)o.a, (unsigned long long)o.b);
}

}  // namespace

int main(int argc, char **argv)
{
	unsigned long total = 400000;
	uint64_t seed = 1;

	parse_args(argc, argv, &total, &seed);
	Verilated::commandArgs(argc, argv);
	Vfpu_divsqrt dut;
	DivGen g(seed);
	Counts c;  // issued: offered and taken or flushed; edge: cycles
	unsigned long specials = 0;
	unsigned long by_kind[2][2] = {}, by_flag[5] = {}, exact = 0, ties = 0, held = 0;
	const unsigned tag_mask = (1u << 6) - 1;  // TAG_W is 6 in the default config
	Op next{}, busy{};
	bool have_next = false, in_flight = false;
	uint64_t due = 0;   // cycle of the result of the operation in flight
	unsigned gap = 0;   // idle cycles before the next operation is offered

	// The outputs of the current cycle, after the edge that began it.
	auto check_outputs = [&]() {
		if (in_flight && c.edge == due) {
			in_flight = false;
			check_result(dut, busy, &c.errors, describe);
			c.completed++;
			by_kind[busy.sqrt][busy.fmt]++;
			count_flags(by_flag, busy.flags);
			specials += busy.lat == LAT_SPECIAL;
			exact += busy.lat != LAT_SPECIAL && !busy.flags;
			ties += busy.tie;
		} else if (dut.valid_o) {
			fail(&c.errors, "valid_o without an operation due in cycle %llu",
			     (unsigned long long)c.edge);
		}
	};

	reset(dut, &c.edge);
	check_outputs();

	// Phase 0: operations back to back, sometimes after a gap or offered
	// while the unit is still busy. Phase 1 (the last 10%): random flushes.
	while (c.issued < total || in_flight) {
		bool phase1 = c.issued >= total - total / 10;
		bool flush = phase1 && g.below(24) == 0;
		bool valid, taken;

		if (!have_next && c.issued < total) {
			next = random_op(g);
			next.tag = (unsigned)c.issued & tag_mask;
			have_next = true;
			gap = g.chance(20) ? g.below(4) : 0;
		}
		// A gap counts down only while nothing is in flight, so that an
		// operation is also offered while the unit is busy (held until taken).
		valid = have_next && gap == 0;
		if (gap && (!in_flight || g.chance(10)))
			gap--;
		dut.valid_i = valid;
		dut.flush_i = flush;
		if (valid) {
			dut.is_sqrt_i = next.sqrt;
			dut.fmt_i = next.fmt;
			dut.rm_i = next.rm;
			dut.a_i = next.a;
			dut.b_i = next.b;
			dut.tag_i = next.tag;
		} else {  // anything: nothing may be taken
			dut.is_sqrt_i = g.bits() & 1;
			dut.fmt_i = g.bits() & 1;
			dut.rm_i = g.below(5);
			dut.a_i = g.bits();
			dut.b_i = g.bits();
			dut.tag_i = g.below(64);
		}
		dut.eval();
		taken = valid && dut.ready_o && !flush;
		if (valid && !dut.ready_o)
			held++;
		if (valid && dut.ready_o && in_flight)
			fail(&c.errors, "ready_o in cycle %llu with an operation in flight",
			     (unsigned long long)c.edge);
		if (flush) {
			c.flushed += in_flight + (valid && dut.ready_o);
			in_flight = false;
		}
		if (valid && dut.ready_o) {
			have_next = false;
			c.issued++;
		}
		if (taken) {
			busy = next;
			in_flight = true;
			due = c.edge + busy.lat;
		}
		tick(dut, &c.edge);
		check_outputs();
	}
	dut.valid_i = 0;
	dut.flush_i = 0;
	for (unsigned i = 0; i < 64; i++) {
		tick(dut, &c.edge);
		check_outputs();
	}
	dut.final();
	if (!counts_ok(c, in_flight))
		return 1;
	// The operands must keep reaching every operation and every exception.
	bool low = !exact || !ties || !held || !specials;
	for (unsigned i = 0; i < 5; i++)
		low |= !by_flag[i];
	for (unsigned i = 0; i < 4; i++)
		low |= !by_kind[i >> 1][i & 1];
	if (low) {
		printf("FAIL: too little coverage: fdiv.s %lu fdiv.d %lu fsqrt.s %lu fsqrt.d %lu, "
		       "NX %lu UF %lu OF %lu DZ %lu NV %lu, exact %lu, ties %lu, special %lu, held %lu\n",
		       by_kind[0][0], by_kind[0][1], by_kind[1][0], by_kind[1][1], by_flag[0],
		       by_flag[1], by_flag[2], by_flag[3], by_flag[4], exact, ties, specials, held);
		return 1;
	}
	printf("PASS: %lu operations checked (fdiv.s %lu, fdiv.d %lu, fsqrt.s %lu, fsqrt.d %lu; "
	       "NX %lu, UF %lu, OF %lu, DZ %lu, NV %lu, exact %lu, ties %lu, special %lu), "
	       "latency fdiv.s %u fdiv.d %u fsqrt.s %u fsqrt.d %u special %u, %lu cycles, "
	       "%lu cycles with an operation held while busy, %lu flushed\n",
	       c.completed, by_kind[0][0], by_kind[0][1], by_kind[1][0], by_kind[1][1], by_flag[0],
	       by_flag[1], by_flag[2], by_flag[3], by_flag[4], exact, ties, specials, latency[0][0],
	       latency[0][1], latency[1][0], latency[1][1], LAT_SPECIAL,
	       (unsigned long)c.edge, held, c.flushed);
	return 0;
}
