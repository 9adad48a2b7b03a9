/* IEEE 754 binary32/binary64 arithmetic with RISC-V's rules, in integer
 * arithmetic only (see ieee754.h).
 *
 * Every finite nonzero operand is unpacked to sign * sig * 2^exp with sig
 * normalized to [2^(p-1), 2^p) (p = 24 or 53, subnormals included), each
 * operation computes its exact result or a truncation of it whose lowest
 * bit is ORed with "something nonzero was dropped" (a sticky bit), and
 * one routine, round_pack, rounds that to the format. */
#include "iss/ieee754.h"

typedef unsigned __int128 u128;

struct fmt {
	unsigned p;     /* precision, hidden bit included */
	unsigned ebits; /* exponent field width */
	int bias;
};

static const struct fmt fmts[2] = {
	[FP_S] = { 24, 8, 127 },
	[FP_D] = { 53, 11, 1023 },
};

static uint64_t width_mask(const struct fmt *m)
{
	return m->p + m->ebits == 64 ? ~0ull : (1ull << (m->p + m->ebits)) - 1;
}

static uint64_t sign_bit(const struct fmt *m)
{
	return 1ull << (m->p + m->ebits - 1);
}

static uint64_t frac_mask(const struct fmt *m)
{
	return (1ull << (m->p - 1)) - 1;
}

/* The all-ones biased exponent of infinities and NaNs. */
static int exp_ones(const struct fmt *m)
{
	return (1 << m->ebits) - 1;
}

/* frac is not masked: a subnormal that rounded up to 2^(p-1) carries into
 * the exponent field and becomes the smallest normal, as it should. */
static uint64_t pack(const struct fmt *m, bool sign, int biased_exp, uint64_t frac)
{
	return (sign ? sign_bit(m) : 0) | ((uint64_t)biased_exp << (m->p - 1)) | frac;
}

static uint64_t pack_zero(const struct fmt *m, bool sign)
{
	return pack(m, sign, 0, 0);
}

static uint64_t pack_inf(const struct fmt *m, bool sign)
{
	return pack(m, sign, exp_ones(m), 0);
}

static uint64_t canonical_nan(const struct fmt *m)
{
	return pack(m, false, exp_ones(m), 1ull << (m->p - 2));
}

uint64_t fp_canonical_nan(enum fp_fmt f)
{
	return canonical_nan(&fmts[f]);
}

static unsigned clz64(uint64_t x)
{
	return x ? (unsigned)__builtin_clzll(x) : 64;
}

static unsigned clz128(u128 x)
{
	uint64_t hi = (uint64_t)(x >> 64);

	return hi ? clz64(hi) : 64 + clz64((uint64_t)x);
}

/* ---- unpacking ---- */

enum kind { K_ZERO, K_FINITE, K_INF, K_QNAN, K_SNAN };

struct val {
	enum kind kind;
	bool sign;
	int exp;      /* K_FINITE: value = sig * 2^exp */
	uint64_t sig; /* K_FINITE: in [2^(p-1), 2^p) */
};

static struct val unpack(const struct fmt *m, uint64_t bits)
{
	struct val v = { K_ZERO, false, 0, 0 };
	uint64_t frac = bits & frac_mask(m);
	int e = (int)((bits >> (m->p - 1)) & (uint64_t)exp_ones(m));

	v.sign = (bits & sign_bit(m)) != 0;
	if (e == exp_ones(m)) {
		if (frac == 0)
			v.kind = K_INF;
		else
			v.kind = (frac >> (m->p - 2)) & 1 ? K_QNAN : K_SNAN;
	} else if (e == 0 && frac == 0) {
		v.kind = K_ZERO;
	} else if (e == 0) {
		/* subnormal: normalize so every operation sees p-bit significands */
		unsigned s = clz64(frac) - (64 - m->p);

		v.kind = K_FINITE;
		v.sig = frac << s;
		v.exp = 1 - m->bias - (int)(m->p - 1) - (int)s;
	} else {
		v.kind = K_FINITE;
		v.sig = frac | (1ull << (m->p - 1));
		v.exp = e - m->bias - (int)(m->p - 1);
	}
	return v;
}

static bool is_nan(const struct val *v)
{
	return v->kind == K_QNAN || v->kind == K_SNAN;
}

/* ---- rounding ---- */

/* Where the bits dropped by a rounding lie relative to half an ulp. */
enum rest { R_EXACT, R_BELOW_HALF, R_HALF, R_ABOVE_HALF };

/* sig >> shift, and where the dropped bits lie. shift may exceed 63. */
static uint64_t shift_classify(uint64_t sig, unsigned shift, enum rest *rest)
{
	uint64_t dropped, half;

	if (shift == 0) {
		*rest = R_EXACT;
		return sig;
	}
	if (shift > 64) {
		*rest = sig ? R_BELOW_HALF : R_EXACT;
		return 0;
	}
	dropped = shift == 64 ? sig : sig & ((1ull << (shift - 1) << 1) - 1);
	half = 1ull << (shift - 1);
	if (dropped == 0)
		*rest = R_EXACT;
	else if (dropped < half)
		*rest = R_BELOW_HALF;
	else
		*rest = dropped == half ? R_HALF : R_ABOVE_HALF;
	return shift == 64 ? 0 : sig >> shift;
}

/* Whether the magnitude `kept` (truncated) must be incremented by one ulp. */
static bool rounds_up(unsigned rm, bool sign, enum rest rest, uint64_t kept)
{
	switch (rm) {
	case FP_RNE:
		return rest == R_ABOVE_HALF || (rest == R_HALF && (kept & 1));
	case FP_RMM:
		return rest >= R_HALF;
	case FP_RDN:
		return sign && rest != R_EXACT;
	case FP_RUP:
		return !sign && rest != R_EXACT;
	default: /* FP_RTZ */
		return false;
	}
}

static uint64_t overflow(const struct fmt *m, bool sign, unsigned rm, unsigned *flags)
{
	bool to_inf = rm == FP_RNE || rm == FP_RMM || (rm == FP_RUP && !sign) ||
		      (rm == FP_RDN && sign);

	*flags |= FP_OF | FP_NX;
	if (to_inf)
		return pack_inf(m, sign);
	return pack(m, sign, exp_ones(m) - 1, frac_mask(m));
}

/* Rounds sign * sig * 2^exp (sig != 0) to the format under rm. A caller
 * that ORs a sticky bit into bit 0 of sig must leave sig's leading bit at
 * position p+1 or above, so the sticky bit stays below the round bit. */
static uint64_t round_pack(const struct fmt *m, bool sign, int exp, uint64_t sig, unsigned rm,
			   unsigned *flags)
{
	unsigned lz = clz64(sig), base = 64 - m->p;
	int e;
	enum rest rest;
	uint64_t kept;
	bool tiny = true;

	sig <<= lz;
	/* biased exponent of the leading bit, now at bit 63 */
	e = exp - (int)lz + 63 + m->bias;
	if (e >= 1) {
		kept = shift_classify(sig, base, &rest);
		if (rounds_up(rm, sign, rest, kept) && ++kept >> m->p) {
			kept >>= 1;
			e++;
		}
		if (e >= exp_ones(m))
			return overflow(m, sign, rm, flags);
		if (rest != R_EXACT)
			*flags |= FP_NX;
		return pack(m, sign, e, kept & frac_mask(m));
	}
	/* Below the normal range. RISC-V detects tininess after rounding: the
	 * result is tiny unless rounding to p bits with an unbounded exponent
	 * range reaches 2^emin, which only a value in [2^(emin-1), 2^emin)
	 * whose p bits are all ones can do. */
	if (e == 0) {
		kept = shift_classify(sig, base, &rest);
		tiny = !(rounds_up(rm, sign, rest, kept) && kept + 1 == 1ull << m->p);
	}
	kept = shift_classify(sig, (unsigned)((int)base + 1 - e), &rest);
	if (rounds_up(rm, sign, rest, kept))
		kept++;
	if (rest != R_EXACT)
		*flags |= tiny ? FP_NX | FP_UF : FP_NX;
	return pack(m, sign, 0, kept);
}

/* x with its bits beyond the low 64 shifted out into a sticky bit; *exp
 * compensates. */
static uint64_t narrow(u128 x, int *exp)
{
	uint64_t hi = (uint64_t)(x >> 64);
	unsigned s;

	if (!hi)
		return (uint64_t)x;
	s = 64 - clz64(hi);
	*exp += (int)s;
	return (uint64_t)(x >> s) | (((uint64_t)x << (64 - s)) != 0);
}

static u128 shift_right_jam(u128 x, unsigned d)
{
	if (d == 0)
		return x;
	if (d >= 128)
		return x != 0;
	return (x >> d) | ((x << (128 - d)) != 0);
}

static uint64_t round_pack128(const struct fmt *m, bool sign, int exp, u128 sig, unsigned rm,
			      unsigned *flags)
{
	uint64_t s = narrow(sig, &exp);

	return round_pack(m, sign, exp, s, rm, flags);
}

/* An exact zero sum of nonzero terms (or of zeros of opposite signs) is
 * +0, except -0 when rounding down (IEEE 754 6.3). */
static uint64_t exact_zero_sum(const struct fmt *m, unsigned rm)
{
	return pack_zero(m, rm == FP_RDN);
}

/* ---- add, sub, fma ---- */

/* Rounds x * 2^ex + y * 2^ey (signed by sx, sy; x, y nonzero, below
 * 2^126). Both leading bits go to bit 125, leaving a bit above for the
 * carry of a sum. Bits lost when the smaller term is aligned become a
 * sticky bit; that only happens when the exponents are more than 19 bits
 * apart (x, y have at most 106 bits), where the difference cannot cancel
 * more than one leading bit, so the sticky bit stays far below the round
 * bit. */
static uint64_t add_terms(const struct fmt *m, bool sx, int ex, u128 x, bool sy, int ey, u128 y,
			  unsigned rm, unsigned *flags)
{
	unsigned lx = clz128(x) - 2, ly = clz128(y) - 2;
	u128 z;

	x <<= lx;
	ex -= (int)lx;
	y <<= ly;
	ey -= (int)ly;
	if (ex < ey || (ex == ey && x < y)) {
		u128 t = x;
		int te = ex;
		bool ts = sx;

		x = y, ex = ey, sx = sy;
		y = t, ey = te, sy = ts;
	}
	y = shift_right_jam(y, (unsigned)(ex - ey));
	z = sx == sy ? x + y : x - y;
	if (z == 0)
		return exact_zero_sum(m, rm);
	return round_pack128(m, sx, ex, z, rm, flags);
}

static uint64_t add(enum fp_fmt f, uint64_t a, uint64_t b, bool negate_b, unsigned rm,
		    unsigned *flags)
{
	const struct fmt *m = &fmts[f];
	struct val x = unpack(m, a), y = unpack(m, b);

	y.sign ^= negate_b;
	if (is_nan(&x) || is_nan(&y)) {
		if (x.kind == K_SNAN || y.kind == K_SNAN)
			*flags |= FP_NV;
		return canonical_nan(m);
	}
	if (x.kind == K_INF || y.kind == K_INF) {
		if (x.kind == K_INF && y.kind == K_INF && x.sign != y.sign) {
			*flags |= FP_NV;
			return canonical_nan(m);
		}
		return pack_inf(m, x.kind == K_INF ? x.sign : y.sign);
	}
	if (x.kind == K_ZERO && y.kind == K_ZERO)
		return x.sign == y.sign ? pack_zero(m, x.sign) : exact_zero_sum(m, rm);
	if (x.kind == K_ZERO)
		return (b & width_mask(m)) ^ (negate_b ? sign_bit(m) : 0);
	if (y.kind == K_ZERO)
		return a & width_mask(m);
	return add_terms(m, x.sign, x.exp, x.sig, y.sign, y.exp, y.sig, rm, flags);
}

uint64_t fp_add(enum fp_fmt f, uint64_t a, uint64_t b, unsigned rm, unsigned *flags)
{
	return add(f, a, b, false, rm, flags);
}

uint64_t fp_sub(enum fp_fmt f, uint64_t a, uint64_t b, unsigned rm, unsigned *flags)
{
	return add(f, a, b, true, rm, flags);
}

uint64_t fp_fma(enum fp_fmt f, uint64_t a, uint64_t b, uint64_t c, bool negate_product,
		bool negate_addend, unsigned rm, unsigned *flags)
{
	const struct fmt *m = &fmts[f];
	struct val x = unpack(m, a), y = unpack(m, b), z = unpack(m, c);
	bool sp = x.sign ^ y.sign ^ negate_product;
	int ep;

	z.sign ^= negate_addend;
	if (x.kind == K_SNAN || y.kind == K_SNAN || z.kind == K_SNAN)
		*flags |= FP_NV;
	/* RISC-V: 0 * inf is invalid even when the addend is a quiet NaN. */
	if ((x.kind == K_INF && y.kind == K_ZERO) || (x.kind == K_ZERO && y.kind == K_INF)) {
		*flags |= FP_NV;
		return canonical_nan(m);
	}
	if (is_nan(&x) || is_nan(&y) || is_nan(&z))
		return canonical_nan(m);
	if (x.kind == K_INF || y.kind == K_INF) {
		if (z.kind == K_INF && z.sign != sp) {
			*flags |= FP_NV;
			return canonical_nan(m);
		}
		return pack_inf(m, sp);
	}
	if (z.kind == K_INF)
		return pack_inf(m, z.sign);
	if (x.kind == K_ZERO || y.kind == K_ZERO) {
		if (z.kind == K_ZERO)
			return sp == z.sign ? pack_zero(m, sp) : exact_zero_sum(m, rm);
		return (c & width_mask(m)) ^ (negate_addend ? sign_bit(m) : 0);
	}
	/* the product is exact in 128 bits (at most 106) */
	ep = x.exp + y.exp;
	if (z.kind == K_ZERO)
		return round_pack128(m, sp, ep, (u128)x.sig * y.sig, rm, flags);
	return add_terms(m, sp, ep, (u128)x.sig * y.sig, z.sign, z.exp, z.sig, rm, flags);
}

/* ---- mul, div, sqrt ---- */

uint64_t fp_mul(enum fp_fmt f, uint64_t a, uint64_t b, unsigned rm, unsigned *flags)
{
	const struct fmt *m = &fmts[f];
	struct val x = unpack(m, a), y = unpack(m, b);
	bool sign = x.sign ^ y.sign;

	if (is_nan(&x) || is_nan(&y)) {
		if (x.kind == K_SNAN || y.kind == K_SNAN)
			*flags |= FP_NV;
		return canonical_nan(m);
	}
	if (x.kind == K_INF || y.kind == K_INF) {
		if (x.kind == K_ZERO || y.kind == K_ZERO) {
			*flags |= FP_NV;
			return canonical_nan(m);
		}
		return pack_inf(m, sign);
	}
	if (x.kind == K_ZERO || y.kind == K_ZERO)
		return pack_zero(m, sign);
	return round_pack128(m, sign, x.exp + y.exp, (u128)x.sig * y.sig, rm, flags);
}

uint64_t fp_div(enum fp_fmt f, uint64_t a, uint64_t b, unsigned rm, unsigned *flags)
{
	const struct fmt *m = &fmts[f];
	struct val x = unpack(m, a), y = unpack(m, b);
	bool sign = x.sign ^ y.sign;
	uint64_t q;

	if (is_nan(&x) || is_nan(&y)) {
		if (x.kind == K_SNAN || y.kind == K_SNAN)
			*flags |= FP_NV;
		return canonical_nan(m);
	}
	if ((x.kind == K_INF && y.kind == K_INF) || (x.kind == K_ZERO && y.kind == K_ZERO)) {
		*flags |= FP_NV;
		return canonical_nan(m);
	}
	if (x.kind == K_INF)
		return pack_inf(m, sign);
	if (y.kind == K_INF || x.kind == K_ZERO)
		return pack_zero(m, sign);
	if (y.kind == K_ZERO) {
		*flags |= FP_DZ;
		return pack_inf(m, sign);
	}
	/* x.sig / y.sig is in (1/2, 2); scaling the dividend by 2^39 (binary32,
	 * 64-bit division) or 2^62 (binary64, 128-bit) gives a quotient of at
	 * least 39 or 62 bits, more than p + 2, and the remainder is sticky. */
	if (f == FP_S) {
		uint64_t n = x.sig << 39;

		q = n / y.sig;
		q |= n % y.sig != 0;
		return round_pack(m, sign, x.exp - y.exp - 39, q, rm, flags);
	} else {
		u128 n = (u128)x.sig << 62;
		u128 qq = n / y.sig;

		q = (uint64_t)qq | (n - qq * y.sig != 0);
		return round_pack(m, sign, x.exp - y.exp - 62, q, rm, flags);
	}
}

/* floor(sqrt(n)) by Newton's iteration on integers, from 2^ceil(len/2),
 * which is above the root: while x exceeds floor(sqrt(n)), the next
 * (x + n/x) / 2 (rounded down) is smaller and still at least floor(sqrt(n))
 * (the mean of x and n/x is at least sqrt(n)); once x = floor(sqrt(n)) it
 * stops decreasing. Hardware division makes this several times faster than
 * a digit-by-digit loop. *inexact says whether a remainder was left. */
static uint64_t isqrt(u128 n, bool *inexact)
{
	unsigned len = 128 - clz128(n);
	u128 x = (u128)1 << ((len + 1) / 2);

	for (;;) {
		u128 y = (x + n / (uint64_t)x) >> 1; /* x < 2^60: a 128/64 division */

		if (y >= x)
			break;
		x = y;
	}
	*inexact = x * x != n;
	return (uint64_t)x;
}

uint64_t fp_sqrt(enum fp_fmt f, uint64_t a, unsigned rm, unsigned *flags)
{
	const struct fmt *m = &fmts[f];
	struct val x = unpack(m, a);
	uint64_t sig, root;
	int exp, shift;
	bool inexact;

	if (is_nan(&x)) {
		if (x.kind == K_SNAN)
			*flags |= FP_NV;
		return canonical_nan(m);
	}
	if (x.kind == K_ZERO) /* sqrt(-0) = -0 */
		return pack_zero(m, x.sign);
	if (x.sign) {
		*flags |= FP_NV;
		return canonical_nan(m);
	}
	if (x.kind == K_INF)
		return pack_inf(m, false);
	/* Make the exponent even, then take the root of sig * 2^2k: 2k = 32
	 * gives binary32 at least 27 bits, 2k = 64 binary64 at least 58, more
	 * than p + 2 either way. */
	sig = x.sig;
	exp = x.exp;
	if (exp & 1) {
		sig <<= 1;
		exp--;
	}
	shift = f == FP_S ? 32 : 64;
	root = isqrt((u128)sig << shift, &inexact);
	return round_pack(m, false, (exp - shift) / 2, root | inexact, rm, flags);
}

/* ---- min, max, compare, class ---- */

/* A key whose signed order is the total order of non-NaN values with
 * -0 < +0. */
static int64_t order_key(const struct fmt *m, uint64_t bits)
{
	int64_t mag = (int64_t)(bits & width_mask(m) & ~sign_bit(m));

	return bits & sign_bit(m) ? -mag - 1 : mag;
}

static uint64_t min_max(enum fp_fmt f, uint64_t a, uint64_t b, bool want_max, unsigned *flags)
{
	const struct fmt *m = &fmts[f];
	struct val x = unpack(m, a), y = unpack(m, b);
	int64_t ka, kb;

	if (x.kind == K_SNAN || y.kind == K_SNAN)
		*flags |= FP_NV;
	if (is_nan(&x) && is_nan(&y))
		return canonical_nan(m);
	if (is_nan(&x))
		return b & width_mask(m);
	if (is_nan(&y))
		return a & width_mask(m);
	ka = order_key(m, a);
	kb = order_key(m, b);
	return ((want_max ? ka >= kb : ka <= kb) ? a : b) & width_mask(m);
}

uint64_t fp_min(enum fp_fmt f, uint64_t a, uint64_t b, unsigned *flags)
{
	return min_max(f, a, b, false, flags);
}

uint64_t fp_max(enum fp_fmt f, uint64_t a, uint64_t b, unsigned *flags)
{
	return min_max(f, a, b, true, flags);
}

/* -1, 0, 1 for non-NaN operands, with -0 == +0. */
static int compare(const struct fmt *m, uint64_t a, uint64_t b)
{
	uint64_t mag = width_mask(m) & ~sign_bit(m);
	int64_t ka, kb;

	if ((a & mag) == 0 && (b & mag) == 0)
		return 0;
	ka = order_key(m, a);
	kb = order_key(m, b);
	return (ka > kb) - (ka < kb);
}

/* Whether a NaN is involved; raises NV for a signaling one, or for any
 * when the comparison is a signaling one. */
static bool unordered(const struct fmt *m, uint64_t a, uint64_t b, bool signaling,
		      unsigned *flags)
{
	struct val x = unpack(m, a), y = unpack(m, b);

	if (!is_nan(&x) && !is_nan(&y))
		return false;
	if (signaling || x.kind == K_SNAN || y.kind == K_SNAN)
		*flags |= FP_NV;
	return true;
}

bool fp_eq(enum fp_fmt f, uint64_t a, uint64_t b, unsigned *flags)
{
	return !unordered(&fmts[f], a, b, false, flags) && compare(&fmts[f], a, b) == 0;
}

bool fp_lt(enum fp_fmt f, uint64_t a, uint64_t b, unsigned *flags)
{
	return !unordered(&fmts[f], a, b, true, flags) && compare(&fmts[f], a, b) < 0;
}

bool fp_le(enum fp_fmt f, uint64_t a, uint64_t b, unsigned *flags)
{
	return !unordered(&fmts[f], a, b, true, flags) && compare(&fmts[f], a, b) <= 0;
}

unsigned fp_class(enum fp_fmt f, uint64_t a)
{
	const struct fmt *m = &fmts[f];
	struct val x = unpack(m, a);
	bool subnormal = (a & ((uint64_t)exp_ones(m) << (m->p - 1))) == 0;

	switch (x.kind) {
	case K_INF:
		return x.sign ? 1u << 0 : 1u << 7;
	case K_ZERO:
		return x.sign ? 1u << 3 : 1u << 4;
	case K_FINITE:
		if (subnormal)
			return x.sign ? 1u << 2 : 1u << 5;
		return x.sign ? 1u << 1 : 1u << 6;
	case K_SNAN:
		return 1u << 8;
	default:
		return 1u << 9;
	}
}

/* ---- conversions ---- */

static uint64_t sign_extend32(uint64_t v, unsigned int_bits)
{
	if (int_bits == 32)
		return (uint64_t)(int64_t)(int32_t)(uint32_t)v;
	return v;
}

uint64_t fp_to_int(enum fp_fmt f, uint64_t a, unsigned int_bits, bool is_signed, unsigned rm,
		   unsigned *flags)
{
	const struct fmt *m = &fmts[f];
	struct val x = unpack(m, a);
	/* the largest result, and the largest magnitude a negative one may have */
	uint64_t max = is_signed ? (1ull << (int_bits - 1)) - 1 :
				   int_bits == 64 ? ~0ull : (1ull << int_bits) - 1;
	uint64_t neg_max = is_signed ? 1ull << (int_bits - 1) : 0;
	uint64_t mag = 0;
	enum rest rest = R_EXACT;
	bool too_big = false;

	if (is_nan(&x)) {
		*flags |= FP_NV;
		return sign_extend32(max, int_bits);
	}
	if (x.kind == K_INF) {
		too_big = true;
	} else if (x.kind == K_FINITE && x.exp >= 0) {
		/* an integer already: exact, or beyond 64 bits */
		if (x.exp > 63 || (x.sig >> (63 - x.exp) >> 1) != 0)
			too_big = true;
		else
			mag = x.sig << x.exp;
	} else if (x.kind == K_FINITE) {
		mag = shift_classify(x.sig, (unsigned)-x.exp, &rest);
		mag += rounds_up(rm, x.sign, rest, mag);
	}
	if (too_big || mag > (x.sign ? neg_max : max)) {
		*flags |= FP_NV;
		return sign_extend32(x.sign ? -neg_max : max, int_bits);
	}
	if (rest != R_EXACT)
		*flags |= FP_NX;
	return sign_extend32(x.sign ? -mag : mag, int_bits);
}

uint64_t fp_from_int(enum fp_fmt f, uint64_t v, unsigned int_bits, bool is_signed, unsigned rm,
		     unsigned *flags)
{
	const struct fmt *m = &fmts[f];
	uint64_t mag = int_bits == 32 ? v & 0xffffffffu : v;
	bool neg = is_signed && (mag >> (int_bits - 1)) != 0;

	if (neg)
		mag = int_bits == 32 ? 0x100000000u - mag : -mag;
	if (mag == 0)
		return pack_zero(m, false);
	return round_pack(m, neg, 0, mag, rm, flags);
}

uint64_t fp_convert(enum fp_fmt to, enum fp_fmt from, uint64_t a, unsigned rm, unsigned *flags)
{
	const struct fmt *m = &fmts[to];
	struct val x = unpack(&fmts[from], a);

	switch (x.kind) {
	case K_SNAN:
		*flags |= FP_NV;
		return canonical_nan(m);
	case K_QNAN:
		return canonical_nan(m);
	case K_INF:
		return pack_inf(m, x.sign);
	case K_ZERO:
		return pack_zero(m, x.sign);
	default:
		return round_pack(m, x.sign, x.exp, x.sig, rm, flags);
	}
}
