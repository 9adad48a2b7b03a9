/* The IEEE 754 library behind the ISS's F and D instructions: RISC-V's
 * rules on directed cases (test_ieee754_host.c compares random operands
 * with the host FPU). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>
#include <fenv.h>
#include <math.h>

#include "iss/ieee754.h"
#include "ieee754_test_values.h"

/* Calls fn(args..., &flags) and checks both the result and the flags. */
#define CHECK(want, want_flags, fn, ...)                                                    \
	do {                                                                                \
		unsigned fl_ = 0;                                                           \
		uint64_t got_ = (uint64_t)fn(__VA_ARGS__, &fl_);                            \
		if (got_ != (uint64_t)(want) || fl_ != (unsigned)(want_flags))              \
			fail_msg("line %d: %s(%s) = %#llx flags %#x, want %#llx flags %#x", \
				 __LINE__, #fn, #__VA_ARGS__, (unsigned long long)got_, fl_,  \
				 (unsigned long long)(want), (unsigned)(want_flags));         \
	} while (0)

static void test_nan_results_are_canonical_and_only_signaling_nans_raise_invalid(void **state)
{
	(void)state;
	CHECK(S_QNAN, 0, fp_add, FP_S, S_QNAN_PAYLOAD, S_ONE, FP_RNE);
	CHECK(S_QNAN, FP_NV, fp_add, FP_S, S_ONE, S_SNAN, FP_RNE);
	CHECK(S_QNAN, FP_NV, fp_sub, FP_S, S_INF, S_INF, FP_RNE);
	CHECK(S_QNAN, FP_NV, fp_mul, FP_S, S_INF, 0, FP_RNE);
	CHECK(S_QNAN, 0, fp_mul, FP_S, S_QNAN_PAYLOAD, S_INF, FP_RNE);
	CHECK(S_QNAN, FP_NV, fp_div, FP_S, S_SNAN, S_QNAN_PAYLOAD, FP_RNE);
	CHECK(S_QNAN, 0, fp_sqrt, FP_S, S_QNAN_PAYLOAD, FP_RNE);
	CHECK(S_QNAN, FP_NV, fp_sqrt, FP_S, S_SNAN | S_NEG, FP_RNE);
	CHECK(S_QNAN, 0, fp_fma, FP_S, S_ONE, S_ONE, S_QNAN_PAYLOAD, false, false, FP_RNE);
	CHECK(S_QNAN, FP_NV, fp_fma, FP_S, S_ONE, S_SNAN, S_ONE, true, true, FP_RNE);
	CHECK(D_QNAN, 0, fp_add, FP_D, D_QNAN_PAYLOAD, D_ONE, FP_RNE);
	CHECK(D_QNAN, FP_NV, fp_sub, FP_D, D_SNAN, D_ONE, FP_RNE);
	CHECK(D_QNAN, FP_NV, fp_add, FP_D, D_INF, D_INF | D_NEG, FP_RUP);
	CHECK(D_QNAN, FP_NV, fp_mul, FP_D, D_SNAN, D_QNAN, FP_RNE);
	CHECK(D_QNAN, 0, fp_div, FP_D, D_ONE, D_QNAN_PAYLOAD, FP_RNE);
	CHECK(D_QNAN, FP_NV, fp_sqrt, FP_D, D_SNAN, FP_RNE);
	CHECK(D_QNAN, FP_NV, fp_fma, FP_D, D_QNAN, D_ONE, D_SNAN, false, false, FP_RNE);
	/* conversions between the formats do not carry payloads either */
	CHECK(D_QNAN, 0, fp_convert, FP_D, FP_S, S_QNAN_PAYLOAD, FP_RNE);
	CHECK(D_QNAN, FP_NV, fp_convert, FP_D, FP_S, S_SNAN, FP_RNE);
	CHECK(S_QNAN, 0, fp_convert, FP_S, FP_D, D_QNAN_PAYLOAD, FP_RNE);
	CHECK(S_QNAN, FP_NV, fp_convert, FP_S, FP_D, D_SNAN, FP_RNE);
	assert_int_equal(fp_canonical_nan(FP_S), S_QNAN);
	assert_int_equal(fp_canonical_nan(FP_D), D_QNAN);
	/* a binary32 operand's upper bits (a NaN box) are ignored; results have none */
	CHECK(S_TWO, 0, fp_add, FP_S, 0xffffffff00000000ull | S_ONE, S_ONE, FP_RNE);
	CHECK(S_ONE, 0, fp_add, FP_S, 0x1234567800000000ull | S_ONE, S_NEG, FP_RNE);
}

static void test_fma_of_zero_times_infinity_is_invalid_even_with_a_quiet_nan_addend(void **state)
{
	(void)state;
	CHECK(S_QNAN, FP_NV, fp_fma, FP_S, 0, S_INF, S_QNAN, false, false, FP_RNE);
	CHECK(S_QNAN, FP_NV, fp_fma, FP_S, S_INF | S_NEG, S_NEG, S_QNAN_PAYLOAD, true, false, FP_RNE);
	CHECK(D_QNAN, FP_NV, fp_fma, FP_D, D_INF, 0, D_QNAN, false, true, FP_RNE);
	CHECK(D_QNAN, FP_NV, fp_fma, FP_D, D_NEG, D_INF, D_ONE, true, true, FP_RTZ);
	/* a quiet NaN addend alone is quiet; inf - inf from fma is invalid */
	CHECK(D_QNAN, 0, fp_fma, FP_D, D_INF, D_ONE, D_QNAN, false, false, FP_RNE);
	CHECK(S_QNAN, FP_NV, fp_fma, FP_S, S_INF, S_ONE, S_INF, false, true, FP_RNE);
	CHECK(S_INF | S_NEG, 0, fp_fma, FP_S, S_INF, S_ONE, S_INF, true, true, FP_RNE);
	/* the variants' signs: 2*3 + 1, -(2*3) + 1, 2*3 - 1, -(2*3) - 1 */
	CHECK(0x40e00000, 0, fp_fma, FP_S, S_TWO, 0x40400000, S_ONE, false, false, FP_RNE);
	CHECK(0xc0a00000, 0, fp_fma, FP_S, S_TWO, 0x40400000, S_ONE, true, false, FP_RNE);
	CHECK(0x40a00000, 0, fp_fma, FP_S, S_TWO, 0x40400000, S_ONE, false, true, FP_RNE);
	CHECK(0xc0e00000, 0, fp_fma, FP_S, S_TWO, 0x40400000, S_ONE, true, true, FP_RNE);
	/* one rounding: (1 + 2^-52)(1 - 2^-52) - 1 = -2^-104 exactly */
	CHECK(0xb970000000000000ull, 0, fp_fma, FP_D, D_ONE + 1, 0x3feffffffffffffeull, D_ONE,
	      false, true, FP_RNE);
}

static void test_min_and_max_order_minus_zero_first_and_skip_a_single_nan(void **state)
{
	(void)state;
	CHECK(S_NEG, 0, fp_min, FP_S, 0, S_NEG);
	CHECK(S_NEG, 0, fp_min, FP_S, S_NEG, 0);
	CHECK(0, 0, fp_max, FP_S, S_NEG, 0);
	CHECK(0, 0, fp_max, FP_S, 0, S_NEG);
	CHECK(S_ONE, 0, fp_min, FP_S, S_QNAN_PAYLOAD, S_ONE);
	CHECK(S_ONE, FP_NV, fp_max, FP_S, S_ONE, S_SNAN);
	CHECK(S_QNAN, 0, fp_max, FP_S, S_QNAN_PAYLOAD, S_QNAN_PAYLOAD);
	CHECK(S_QNAN, FP_NV, fp_min, FP_S, S_SNAN, S_QNAN);
	CHECK(S_TWO | S_NEG, 0, fp_min, FP_S, S_ONE | S_NEG, S_TWO | S_NEG);
	CHECK(S_INF | S_NEG, 0, fp_min, FP_S, S_MAX | S_NEG, S_INF | S_NEG);
	CHECK(S_MIN_SUB, 0, fp_max, FP_S, S_MIN_SUB, S_NEG);
	CHECK(D_NEG, 0, fp_min, FP_D, 0, D_NEG);
	CHECK(0, 0, fp_max, FP_D, D_NEG, 0);
	CHECK(D_TWO, FP_NV, fp_min, FP_D, D_SNAN, D_TWO);
	CHECK(D_QNAN, FP_NV, fp_max, FP_D, D_QNAN_PAYLOAD, D_SNAN);
	CHECK(D_ONE | D_NEG, 0, fp_min, FP_D, D_ONE | D_NEG, D_MIN_SUB);
	CHECK(D_INF, 0, fp_max, FP_D, D_INF, D_MAX);
}

static void test_feq_is_quiet_but_flt_and_fle_signal_on_any_nan(void **state)
{
	(void)state;
	for (int f = FP_S; f <= FP_D; f++) {
		uint64_t one = f == FP_S ? S_ONE : D_ONE, neg = f == FP_S ? S_NEG : D_NEG;
		uint64_t qnan = fp_canonical_nan(f), snan = f == FP_S ? S_SNAN : D_SNAN;

		CHECK(false, 0, fp_eq, f, qnan, one);
		CHECK(false, 0, fp_eq, f, qnan, qnan);
		CHECK(false, FP_NV, fp_eq, f, one, snan);
		CHECK(false, FP_NV, fp_lt, f, qnan, one);
		CHECK(false, FP_NV, fp_le, f, one, qnan);
		CHECK(false, FP_NV, fp_lt, f, snan, snan);
		CHECK(true, 0, fp_eq, f, 0, neg);
		CHECK(false, 0, fp_lt, f, neg, 0);
		CHECK(true, 0, fp_le, f, 0, neg);
		CHECK(true, 0, fp_lt, f, one | neg, one);
		CHECK(false, 0, fp_lt, f, one, one);
		CHECK(true, 0, fp_le, f, one, one);
		CHECK(true, 0, fp_lt, f, one | neg, neg); /* -1 < -0 */
		CHECK(false, 0, fp_le, f, one, 1);        /* 1 > the smallest subnormal */
	}
}

static void test_fclass_reports_each_of_the_ten_classes(void **state)
{
	static const uint64_t s[10] = { S_INF | S_NEG, S_ONE | S_NEG, S_MIN_SUB | S_NEG, S_NEG, 0,
					S_MAX_SUB, S_MAX, S_INF, S_SNAN, S_QNAN };
	static const uint64_t d[10] = { D_INF | D_NEG, D_MIN_NORMAL | D_NEG, D_MIN_SUB | D_NEG,
					D_NEG, 0, 0x000fffffffffffffull, D_ONE, D_INF,
					0x7ff7ffffffffffffull, D_QNAN_PAYLOAD };

	(void)state;
	for (unsigned i = 0; i < 10; i++) {
		assert_int_equal(fp_class(FP_S, s[i]), 1u << i);
		assert_int_equal(fp_class(FP_D, d[i]), 1u << i);
	}
}

static void test_float_to_int_saturates_nan_infinity_and_out_of_range_values(void **state)
{
	(void)state;
	for (unsigned rm = FP_RNE; rm <= FP_RMM; rm++) {
		CHECK(0x7fffffff, FP_NV, fp_to_int, FP_S, S_QNAN, 32, true, rm);
		CHECK(~0ull, FP_NV, fp_to_int, FP_S, S_SNAN | S_NEG, 32, false, rm);
		CHECK(0x7fffffffffffffffull, FP_NV, fp_to_int, FP_D, D_QNAN_PAYLOAD, 64, true, rm);
		CHECK(~0ull, FP_NV, fp_to_int, FP_D, D_QNAN, 64, false, rm);
		CHECK(0x7fffffff, FP_NV, fp_to_int, FP_D, D_INF, 32, true, rm);
		CHECK(~0ull, FP_NV, fp_to_int, FP_S, S_INF, 32, false, rm);
		CHECK(0xffffffff80000000ull, FP_NV, fp_to_int, FP_S, S_INF | S_NEG, 32, true, rm);
		CHECK(0, FP_NV, fp_to_int, FP_S, S_INF | S_NEG, 32, false, rm);
		CHECK(D_NEG, FP_NV, fp_to_int, FP_D, D_INF | D_NEG, 64, true, rm);
		CHECK(0, FP_NV, fp_to_int, FP_D, D_INF | D_NEG, 64, false, rm);
		/* 2^31 and 2^32, 2^63 and 2^64 at the edges of the ranges */
		CHECK(0x7fffffff, FP_NV, fp_to_int, FP_S, 0x4f000000, 32, true, rm);
		CHECK(0xffffffff80000000ull, 0, fp_to_int, FP_S, 0x4f000000 | S_NEG, 32, true, rm);
		CHECK(0xffffffff80000000ull, 0, fp_to_int, FP_S, 0x4f000000, 32, false, rm);
		CHECK(~0ull, FP_NV, fp_to_int, FP_S, 0x4f800000, 32, false, rm);
		CHECK(~0ull, 0, fp_to_int, FP_D, 0x41efffffffe00000ull, 32, false, rm);
		CHECK(0xffffffff80000000ull, FP_NV, fp_to_int, FP_D, 0xc1e0000000200000ull, 32, true, rm);
		CHECK(0x7fffffffffffffffull, FP_NV, fp_to_int, FP_S, 0x5f000000, 64, true, rm);
		CHECK(D_NEG, 0, fp_to_int, FP_S, 0x5f000000 | S_NEG, 64, true, rm);
		CHECK(D_NEG, 0, fp_to_int, FP_D, 0x43e0000000000000ull, 64, false, rm);
		CHECK(~0ull, FP_NV, fp_to_int, FP_D, 0x43f0000000000000ull, 64, false, rm);
		CHECK(0, FP_NV, fp_to_int, FP_D, D_ONE | D_NEG, 64, false, rm);
		CHECK(0, 0, fp_to_int, FP_D, D_NEG, 64, false, rm);
		CHECK(0xfffffffffffffffdull, 0, fp_to_int, FP_S, 0xc0400000, 32, true, rm);
	}
	/* 2^31 - 0.5 is in range only if it rounds down; -2^31 - 0.5 likewise up */
	CHECK(0x7fffffff, FP_NV, fp_to_int, FP_D, 0x41dfffffffe00000ull, 32, true, FP_RNE);
	CHECK(0x7fffffff, FP_NX, fp_to_int, FP_D, 0x41dfffffffe00000ull, 32, true, FP_RTZ);
	CHECK(0xffffffff80000000ull, FP_NX, fp_to_int, FP_D, 0xc1e0000000100000ull, 32, true,
	      FP_RNE);
	CHECK(0xffffffff80000000ull, FP_NV, fp_to_int, FP_D, 0xc1e0000000100000ull, 32, true,
	      FP_RMM);
	/* the smallest subnormal is far from every integer */
	CHECK(0, FP_NX, fp_to_int, FP_D, D_MIN_SUB, 64, true, FP_RNE);
	CHECK(1, FP_NX, fp_to_int, FP_D, D_MIN_SUB, 64, true, FP_RUP);
	CHECK(~0ull, FP_NX, fp_to_int, FP_S, S_MIN_SUB | S_NEG, 32, true, FP_RDN);
}

static void test_small_negatives_to_unsigned_are_valid_only_if_they_round_to_zero(void **state)
{
	static const unsigned want_flags[5] = { FP_NX, FP_NX, FP_NV, FP_NX, FP_NV };

	(void)state;
	for (unsigned rm = FP_RNE; rm <= FP_RMM; rm++) {
		/* -0.5: a tie, away from zero under RDN and RMM only */
		CHECK(0, want_flags[rm], fp_to_int, FP_S, 0xbf000000, 32, false, rm);
		CHECK(0, want_flags[rm], fp_to_int, FP_S, 0xbf000000, 64, false, rm);
		CHECK(0, want_flags[rm], fp_to_int, FP_D, 0xbfe0000000000000ull, 64, false, rm);
	}
	CHECK(0, FP_NX, fp_to_int, FP_S, 0xbe99999a, 32, false, FP_RTZ); /* -0.3 */
	CHECK(0, FP_NX, fp_to_int, FP_S, 0xbe99999a, 32, false, FP_RNE);
	CHECK(0, FP_NV, fp_to_int, FP_S, 0xbe99999a, 64, false, FP_RDN);
}

static void test_rmm_rounds_ties_away_from_zero(void **state)
{
	(void)state;
	CHECK(3, FP_NX, fp_to_int, FP_S, 0x40200000, 32, true, FP_RMM);    /* 2.5 */
	CHECK(2, FP_NX, fp_to_int, FP_S, 0x40200000, 32, true, FP_RNE);
	CHECK(-3ull, FP_NX, fp_to_int, FP_S, 0xc0200000, 64, true, FP_RMM); /* -2.5 */
	CHECK(-2ull, FP_NX, fp_to_int, FP_S, 0xc0200000, 64, true, FP_RNE);
	CHECK(1, FP_NX, fp_to_int, FP_D, 0x3fe0000000000000ull, 64, false, FP_RMM); /* 0.5 */
	CHECK(4, FP_NX, fp_to_int, FP_S, 0x40600000, 32, true, FP_RMM);    /* 3.5 */
	CHECK(2, FP_NX, fp_to_int, FP_S, 0x4019999a, 32, true, FP_RMM);    /* 2.4 */
	/* 1 + 2^-24 and -1 - 2^-53: halfway between neighbours */
	CHECK(S_ONE + 1, FP_NX, fp_add, FP_S, S_ONE, 0x33800000, FP_RMM);
	CHECK(S_ONE, FP_NX, fp_add, FP_S, S_ONE, 0x33800000, FP_RNE);
	CHECK(S_ONE + 2, FP_NX, fp_add, FP_S, S_ONE + 1, 0x33800000, FP_RMM);
	CHECK((D_ONE + 1) | D_NEG, FP_NX, fp_sub, FP_D, D_ONE | D_NEG, 0x3ca0000000000000ull, FP_RMM);
	CHECK(D_ONE | D_NEG, FP_NX, fp_sub, FP_D, D_ONE | D_NEG, 0x3ca0000000000000ull, FP_RNE);
	/* 2^24 + 1 */
	CHECK(0x4b800001, FP_NX, fp_from_int, FP_S, 16777217, 32, true, FP_RMM);
	CHECK(0x4b800000, FP_NX, fp_from_int, FP_S, 16777217, 32, true, FP_RNE);
	/* 3 * 2^-150 = 1.5 smallest subnormals */
	CHECK(2, FP_NX | FP_UF, fp_mul, FP_S, 3, S_HALF, FP_RMM);
	CHECK(S_NEG | 2, FP_NX | FP_UF, fp_div, FP_S, 3, S_TWO | S_NEG, FP_RMM);
	CHECK(S_NEG | 1, FP_NX | FP_UF, fp_div, FP_S, S_MIN_SUB, S_TWO | S_NEG, FP_RMM);
	CHECK(S_NEG, FP_NX | FP_UF, fp_div, FP_S, S_MIN_SUB, S_TWO | S_NEG, FP_RNE);
}

static void test_underflow_is_detected_after_rounding(void **state)
{
	(void)state;
	/* 2^-126 - 2^-152 rounds to 2^-126 with an unbounded exponent under
	 * RNE, RUP, RMM: not tiny, so only inexact; the other modes give the
	 * largest subnormal, tiny and inexact. */
	CHECK(S_MIN_NORMAL, FP_NX, fp_convert, FP_S, FP_D, 0x380ffffff8000000ull, FP_RNE);
	CHECK(S_MAX_SUB, FP_NX | FP_UF, fp_convert, FP_S, FP_D, 0x380ffffff8000000ull, FP_RTZ);
	CHECK(S_MAX_SUB, FP_NX | FP_UF, fp_convert, FP_S, FP_D, 0x380ffffff8000000ull, FP_RDN);
	CHECK(S_MIN_NORMAL, FP_NX, fp_convert, FP_S, FP_D, 0x380ffffff8000000ull, FP_RUP);
	CHECK(S_MIN_NORMAL, FP_NX, fp_convert, FP_S, FP_D, 0x380ffffff8000000ull, FP_RMM);
	CHECK(S_MIN_NORMAL | S_NEG, FP_NX, fp_convert, FP_S, FP_D, 0xb80ffffff8000000ull, FP_RDN);
	CHECK(S_MAX_SUB | S_NEG, FP_NX | FP_UF, fp_convert, FP_S, FP_D, 0xb80ffffff8000000ull,
	      FP_RUP);
	/* (1 - 2^-23)(1 + 2^-23) 2^-126 = (1 - 2^-46) 2^-126: the same in a product */
	CHECK(S_MIN_NORMAL, FP_NX, fp_mul, FP_S, 0x3f7ffffe, 0x00800001, FP_RNE);
	CHECK(S_MAX_SUB, FP_NX | FP_UF, fp_mul, FP_S, 0x3f7ffffe, 0x00800001, FP_RTZ);
	CHECK(D_MIN_NORMAL, FP_NX, fp_mul, FP_D, 0x3feffffffffffffeull, D_MIN_NORMAL + 1, FP_RNE);
	CHECK(D_MIN_NORMAL - 1, FP_NX | FP_UF, fp_mul, FP_D, 0x3feffffffffffffeull,
	      D_MIN_NORMAL + 1, FP_RTZ);
	/* (1 - 2^-24) 2^-126 needs 24 bits: exact with an unbounded exponent,
	 * hence tiny, and a tie at subnormal precision that RNE rounds up to
	 * 2^-126. The result is normal yet UF is raised. */
	CHECK(S_MIN_NORMAL, FP_NX | FP_UF, fp_mul, FP_S, 0x3f7fffff, S_MIN_NORMAL, FP_RNE);
	CHECK(D_MIN_NORMAL, FP_NX | FP_UF, fp_mul, FP_D, 0x3fefffffffffffffull, D_MIN_NORMAL,
	      FP_RNE);
	/* exact subnormal results raise nothing */
	CHECK(0x00400000, 0, fp_mul, FP_S, S_MIN_NORMAL, S_HALF, FP_RNE);
	CHECK(D_MIN_NORMAL, 0, fp_add, FP_D, 0x0008000000000000ull, 0x0008000000000000ull, FP_RNE);
	CHECK(1, 0, fp_sub, FP_D, D_MIN_NORMAL, D_MIN_NORMAL - 1, FP_RNE);
	CHECK(0x36a0000000000000ull, 0, fp_convert, FP_D, FP_S, S_MIN_SUB, FP_RNE);
	/* below half the smallest subnormal */
	CHECK(0, FP_NX | FP_UF, fp_mul, FP_S, S_MIN_SUB, S_HALF, FP_RNE);
	CHECK(S_MIN_SUB, FP_NX | FP_UF, fp_mul, FP_S, S_MIN_SUB, S_HALF, FP_RUP);
	CHECK(S_NEG, FP_NX | FP_UF, fp_convert, FP_S, FP_D, D_MIN_SUB | D_NEG, FP_RNE);
	CHECK(S_MIN_SUB | S_NEG, FP_NX | FP_UF, fp_convert, FP_S, FP_D, D_MIN_SUB | D_NEG, FP_RDN);
}

static void test_overflow_gives_infinity_or_the_largest_finite_value_by_rounding_mode(void **state)
{
	/* per rounding mode, whether +overflow and -overflow give infinity */
	static const bool pos_inf[5] = { true, false, false, true, true };
	static const bool neg_inf[5] = { true, false, true, false, true };

	(void)state;
	for (unsigned rm = FP_RNE; rm <= FP_RMM; rm++) {
		CHECK(pos_inf[rm] ? S_INF : S_MAX, FP_OF | FP_NX, fp_mul, FP_S, S_MAX, S_TWO, rm);
		CHECK(neg_inf[rm] ? S_INF | S_NEG : S_MAX | S_NEG, FP_OF | FP_NX, fp_add, FP_S,
		      S_MAX | S_NEG, S_MAX | S_NEG, rm);
		CHECK(pos_inf[rm] ? D_INF : D_MAX, FP_OF | FP_NX, fp_fma, FP_D, D_MAX, D_TWO,
		      D_ONE, false, false, rm);
		/* one rounding: 2 D_MAX - D_MAX does not overflow on the way */
		CHECK(D_MAX, 0, fp_fma, FP_D, D_MAX, D_TWO, D_MAX, false, true, rm);
		CHECK(neg_inf[rm] ? D_INF | D_NEG : D_MAX | D_NEG, FP_OF | FP_NX, fp_div, FP_D, D_MAX,
		      0x3fe0000000000000ull | D_NEG, rm);
		CHECK(pos_inf[rm] ? S_INF : S_MAX, FP_OF | FP_NX, fp_convert, FP_S, FP_D, D_MAX, rm);
	}
	/* S_MAX + half an ulp (2^103) is a tie: RNE goes to the even side,
	 * beyond the range; RTZ stays at S_MAX, which is no overflow */
	CHECK(S_INF, FP_OF | FP_NX, fp_add, FP_S, S_MAX, 0x73000000, FP_RNE);
	CHECK(S_MAX, FP_NX, fp_add, FP_S, S_MAX, 0x73000000, FP_RTZ);
	/* S_MAX + 2^102 is below the tie */
	CHECK(S_MAX, FP_NX, fp_add, FP_S, S_MAX, 0x72800000, FP_RNE);
	CHECK(S_INF, FP_OF | FP_NX, fp_add, FP_S, S_MAX, 0x72800000, FP_RUP);
}

static void test_exact_zero_sums_are_plus_zero_except_when_rounding_down(void **state)
{
	(void)state;
	for (unsigned rm = FP_RNE; rm <= FP_RMM; rm++) {
		uint64_t s_zero = rm == FP_RDN ? S_NEG : 0, d_zero = rm == FP_RDN ? D_NEG : 0;

		CHECK(s_zero, 0, fp_add, FP_S, S_ONE, S_ONE | S_NEG, rm);
		CHECK(d_zero, 0, fp_sub, FP_D, D_MAX, D_MAX, rm);
		CHECK(s_zero, 0, fp_add, FP_S, 0, S_NEG, rm);
		CHECK(d_zero, 0, fp_sub, FP_D, 0, 0, rm);
		CHECK(S_NEG, 0, fp_add, FP_S, S_NEG, S_NEG, rm);
		CHECK(D_NEG, 0, fp_sub, FP_D, D_NEG, 0, rm);
		CHECK(0, 0, fp_sub, FP_S, 0, S_NEG, rm);
		CHECK(s_zero, 0, fp_fma, FP_S, S_ONE, S_ONE, S_ONE, false, true, rm);
		CHECK(d_zero, 0, fp_fma, FP_D, 0, D_ONE, D_NEG, false, false, rm);
		CHECK(D_NEG, 0, fp_fma, FP_D, 0, D_ONE, 0, true, true, rm);
		CHECK(d_zero, 0, fp_fma, FP_D, D_NEG, D_NEG, D_NEG, false, false, rm);
		/* x + 0 is x, even for a subnormal x */
		CHECK(S_MIN_SUB | S_NEG, 0, fp_add, FP_S, S_MIN_SUB | S_NEG, 0, rm);
		CHECK(D_MIN_SUB, 0, fp_fma, FP_D, D_NEG, D_ONE, D_MIN_SUB, false, false, rm);
	}
	/* a product that rounds to zero keeps its sign */
	CHECK(S_NEG, FP_NX | FP_UF, fp_fma, FP_S, S_MIN_SUB | S_NEG, S_HALF, 0, false, false, FP_RNE);
	CHECK(S_NEG, FP_NX | FP_UF, fp_fma, FP_S, S_MIN_SUB, 0x3e800000, 0, true, false, FP_RUP);
}

static void test_sqrt_keeps_minus_zero_and_rejects_negatives(void **state)
{
	(void)state;
	CHECK(S_NEG, 0, fp_sqrt, FP_S, S_NEG, FP_RNE);
	CHECK(D_NEG, 0, fp_sqrt, FP_D, D_NEG, FP_RDN);
	CHECK(0, 0, fp_sqrt, FP_D, 0, FP_RNE);
	CHECK(S_QNAN, FP_NV, fp_sqrt, FP_S, S_ONE | S_NEG, FP_RNE);
	CHECK(S_QNAN, FP_NV, fp_sqrt, FP_S, S_MIN_SUB | S_NEG, FP_RNE);
	CHECK(D_QNAN, FP_NV, fp_sqrt, FP_D, D_INF | D_NEG, FP_RNE);
	CHECK(D_INF, 0, fp_sqrt, FP_D, D_INF, FP_RNE);
	CHECK(S_TWO, 0, fp_sqrt, FP_S, 0x40800000, FP_RNE);
	CHECK(0x3fb504f3, FP_NX, fp_sqrt, FP_S, S_TWO, FP_RNE);
	CHECK(0x3ff6a09e667f3bcdull, FP_NX, fp_sqrt, FP_D, D_TWO, FP_RNE);
	CHECK(0x3ff6a09e667f3bccull, FP_NX, fp_sqrt, FP_D, D_TWO, FP_RTZ);
	CHECK(0x1e60000000000000ull, 0, fp_sqrt, FP_D, D_MIN_SUB, FP_RNE); /* 2^-537 */
	CHECK(0x1a3504f3, FP_NX, fp_sqrt, FP_S, S_MIN_SUB, FP_RNE); /* sqrt(2) 2^-75 */
}

static void test_division_by_zero_and_invalid_quotients(void **state)
{
	(void)state;
	CHECK(S_INF, FP_DZ, fp_div, FP_S, S_ONE, 0, FP_RNE);
	CHECK(S_INF | S_NEG, FP_DZ, fp_div, FP_S, S_MIN_SUB | S_NEG, 0, FP_RTZ);
	CHECK(D_INF | D_NEG, FP_DZ, fp_div, FP_D, D_ONE, D_NEG, FP_RNE);
	CHECK(D_QNAN, FP_NV, fp_div, FP_D, D_NEG, 0, FP_RNE);
	CHECK(S_QNAN, FP_NV, fp_div, FP_S, S_INF, S_INF | S_NEG, FP_RNE);
	CHECK(D_INF, 0, fp_div, FP_D, D_INF, 0, FP_RNE);
	CHECK(D_NEG, 0, fp_div, FP_D, D_ONE, D_INF | D_NEG, FP_RNE);
	CHECK(0, 0, fp_div, FP_S, 0, S_MIN_SUB, FP_RNE);
	CHECK(0x3eaaaaab, FP_NX, fp_div, FP_S, S_ONE, 0x40400000, FP_RNE);
	CHECK(0x3fd5555555555555ull, FP_NX, fp_div, FP_D, D_ONE, 0x4008000000000000ull, FP_RNE);
	CHECK(0x3fd5555555555556ull, FP_NX, fp_div, FP_D, D_ONE, 0x4008000000000000ull, FP_RUP);
}

static void test_integer_conversions_round_and_sign_extend(void **state)
{
	(void)state;
	CHECK(0xcf000000, 0, fp_from_int, FP_S, 0x80000000, 32, true, FP_RNE);
	CHECK(0x4f000000, 0, fp_from_int, FP_S, 0x80000000, 32, false, FP_RNE);
	CHECK(0xbf800000, 0, fp_from_int, FP_S, 0xdeadbeefffffffffull, 32, true, FP_RNE);
	CHECK(S_ONE, 0, fp_from_int, FP_S, 0xdeadbeef00000001ull, 32, false, FP_RNE);
	CHECK(0x4f800000, FP_NX, fp_from_int, FP_S, 0xffffffff, 32, false, FP_RNE);
	CHECK(0x41efffffffe00000ull, 0, fp_from_int, FP_D, 0xffffffff, 32, false, FP_RNE);
	CHECK(0xc3e0000000000000ull, 0, fp_from_int, FP_D, D_NEG, 64, true, FP_RNE);
	CHECK(0x43f0000000000000ull, FP_NX, fp_from_int, FP_D, ~0ull, 64, false, FP_RNE);
	CHECK(0x43efffffffffffffull, FP_NX, fp_from_int, FP_D, ~0ull, 64, false, FP_RTZ);
	CHECK(0xbff0000000000000ull, 0, fp_from_int, FP_D, ~0ull, 64, true, FP_RTZ);
	CHECK(0, 0, fp_from_int, FP_D, 0, 64, true, FP_RDN);
	/* RV64 sign-extends a W result, unsigned or not */
	CHECK(0xffffffff80000000ull, 0, fp_to_int, FP_D, 0x41e0000000000000ull, 32, false, FP_RNE);
	CHECK(0xfffffffffffffffeull, FP_NX, fp_to_int, FP_D, 0x41efffffffd00000ull, 32, false,
	      FP_RDN);
	CHECK(3, FP_NX, fp_to_int, FP_D, 0x4009000000000000ull, 32, false, FP_RNE); /* 3.125 */
	CHECK(0, FP_NX, fp_to_int, FP_S, 0x3e800000, 32, true, FP_RNE);            /* 0.25 */
	CHECK(1, FP_NX, fp_to_int, FP_S, 0x3e800000, 32, true, FP_RUP);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_nan_results_are_canonical_and_only_signaling_nans_raise_invalid),
		cmocka_unit_test(test_fma_of_zero_times_infinity_is_invalid_even_with_a_quiet_nan_addend),
		cmocka_unit_test(test_min_and_max_order_minus_zero_first_and_skip_a_single_nan),
		cmocka_unit_test(test_feq_is_quiet_but_flt_and_fle_signal_on_any_nan),
		cmocka_unit_test(test_fclass_reports_each_of_the_ten_classes),
		cmocka_unit_test(test_float_to_int_saturates_nan_infinity_and_out_of_range_values),
		cmocka_unit_test(test_small_negatives_to_unsigned_are_valid_only_if_they_round_to_zero),
		cmocka_unit_test(test_rmm_rounds_ties_away_from_zero),
		cmocka_unit_test(test_underflow_is_detected_after_rounding),
		cmocka_unit_test(test_overflow_gives_infinity_or_the_largest_finite_value_by_rounding_mode),
		cmocka_unit_test(test_exact_zero_sums_are_plus_zero_except_when_rounding_down),
		cmocka_unit_test(test_sqrt_keeps_minus_zero_and_rejects_negatives),
		cmocka_unit_test(test_division_by_zero_and_invalid_quotients),
		cmocka_unit_test(test_integer_conversions_round_and_sign_extend),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

