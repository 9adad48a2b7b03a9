/* The error metric on examples worked out by hand. */
#include <math.h>

#include "test_pics_util.h"

#define ST_L1 (1u << PICS_TEA_ST_L1)
#define ST_TLB (1u << PICS_TEA_ST_TLB)
#define ST_LLC (1u << PICS_TEA_ST_LLC)
#define FL_MB (1u << PICS_TEA_FL_MB)

struct weight {
	uint64_t addr, sig, weight;
};

static struct pics_profile *profile_of(const struct pics_meta *m,
				       const struct weight *w, size_t n)
{
	struct pics_error err;
	struct pics_profile *p = pics_profile_new(m, &err);

	assert_non_null(p);
	for (size_t i = 0; i < n; i++)
		assert_int_equal(pics_profile_add(p, w[i].addr, w[i].sig,
						  w[i].weight, &err), 0);
	return p;
}

static double error_of(const struct pics_profile *test,
		       const struct pics_profile *ref, enum pics_unit_kind kind,
		       const struct pics_symbols *syms)
{
	struct pics_error err;
	struct pics_comparison *c = pics_compare(test, ref, kind, syms, &err);
	double e;

	if (!c)
		fail_msg("%s", err.msg);
	e = pics_comparison_error(c);
	pics_comparison_free(c);
	return e;
}

static void assert_close(double got, double want)
{
	if (fabs(got - want) > 1e-12)
		fail_msg("got %.15f, want %.15f", got, want);
}

static const struct weight golden[] = {
	{ 0x100, ST_L1 | ST_LLC, 300 },
	{ 0x100, ST_L1 | ST_TLB, 100 },
	{ 0x104, 0, 200 },
	{ 0x108, FL_MB, 200 },
	{ 0x10c, 0, 200 },
};

static void test_identical_profiles_have_no_error(void **state)
{
	struct pics_meta m = tea_meta(4, 1);
	struct pics_profile *a = profile_of(&m, golden, 5);
	struct pics_profile *b = profile_of(&m, golden, 5);

	(void)state;
	assert_close(error_of(a, b, PICS_UNIT_INSN, NULL), 0.0);
	assert_close(error_of(a, b, PICS_UNIT_PROGRAM, NULL), 0.0);
	pics_profile_free(a);
	pics_profile_free(b);
}

/* Reference total 1000, test total 500 (normalized: x2). At 0x100 the
 * test has ST-L1 50 (-> 100) and ST-L1+ST-LLC 100 (-> 200); the reference
 * has ST-L1+ST-LLC 300 and ST-L1+ST-TLB 100, so 200 of 1000 are right
 * there; 0x104 gets 150 (-> 300) against 200; 0x108 and 0x10c are right.
 * correct = 200 + 200 + 200 + 200 = 800 -> E = 0.2. */
static void test_hand_computed_instruction_error(void **state)
{
	static const struct weight sampled[] = {
		{ 0x100, ST_L1, 50 },
		{ 0x100, ST_L1 | ST_LLC, 100 },
		{ 0x104, 0, 150 },
		{ 0x108, FL_MB, 100 },
		{ 0x10c, 0, 100 },
	};
	struct pics_meta m = tea_meta(4, 1);
	struct pics_profile *ref = profile_of(&m, golden, 5);
	struct pics_profile *test = profile_of(&m, sampled, 5);
	struct pics_error err;
	struct pics_comparison *c;
	double sum = 0;

	(void)state;
	c = pics_compare(test, ref, PICS_UNIT_INSN, NULL, &err);
	assert_non_null(c);
	assert_close(pics_comparison_error(c), 0.2);
	assert_int_equal(pics_comparison_count(c), 4);
	/* 0x100: |100-0| + |200-300| + |0-100| = 300 -> 300/2000. */
	assert_int_equal(pics_comparison_unit(c, 0)->key, 0x100);
	assert_string_equal(pics_comparison_unit(c, 0)->name, "0x100");
	assert_close(pics_comparison_unit(c, 0)->error, 0.15);
	assert_close(pics_comparison_unit(c, 0)->test_share, 0.3);
	assert_close(pics_comparison_unit(c, 0)->ref_share, 0.4);
	assert_int_equal(pics_comparison_unit(c, 1)->key, 0x104);
	assert_close(pics_comparison_unit(c, 1)->error, 0.05);
	for (size_t i = 0; i < pics_comparison_count(c); i++)
		sum += pics_comparison_unit(c, i)->error;
	assert_close(sum, pics_comparison_error(c));
	pics_comparison_free(c);
	/* The whole-program stack only counts components: Base 500 vs 400,
	 * ST-L1 100 vs 0, ST-L1+ST-LLC 200 vs 300, ST-L1+ST-TLB 0 vs 100,
	 * FL-MB 200 vs 200: correct 400 + 0 + 200 + 0 + 200 = 800. */
	assert_close(error_of(test, ref, PICS_UNIT_PROGRAM, NULL), 0.2);
	pics_profile_free(test);
	pics_profile_free(ref);
}

static void test_profiles_are_normalized_to_the_same_total(void **state)
{
	struct pics_meta m = tea_meta(4, 1), sampled_meta = tea_meta(2, 4000);
	struct pics_profile *ref = profile_of(&m, golden, 5), *test;
	struct weight scaled[5];

	(void)state;
	for (size_t i = 0; i < 5; i++) {
		scaled[i] = golden[i];
		scaled[i].weight *= 7;
	}
	test = profile_of(&sampled_meta, scaled, 5);

	assert_close(error_of(test, ref, PICS_UNIT_INSN, NULL), 0.0);
	pics_profile_free(test);
	pics_profile_free(ref);
}

static void test_disjoint_profiles_are_entirely_wrong(void **state)
{
	static const struct weight elsewhere[] = { { 0x900, 0, 10 } };
	struct pics_meta m = tea_meta(4, 1);
	struct pics_profile *ref = profile_of(&m, golden, 5);
	struct pics_profile *test = profile_of(&m, elsewhere, 1);

	(void)state;
	assert_close(error_of(test, ref, PICS_UNIT_INSN, NULL), 1.0);
	pics_profile_free(test);
	pics_profile_free(ref);
}

/* NCI knows only ST-LLC and FL-MB: the golden ST-L1+ST-LLC and
 * ST-L1+ST-TLB cycles become ST-LLC and Base before comparing. */
static void test_reference_is_restricted_to_the_scheme_events(void **state)
{
	static const struct weight nci_samples[] = {
		{ 0x100, 1, 300 },	/* ST-LLC */
		{ 0x100, 0, 100 },	/* Base */
		{ 0x104, 0, 200 },
		{ 0x108, 2, 200 },	/* FL-MB */
		{ 0x10c, 0, 200 },
	};
	struct pics_meta tea = tea_meta(4, 1);
	struct pics_meta nci = scheme_meta("NCI", 4, 2, "ST-LLC", "FL-MB");
	struct pics_profile *ref = profile_of(&tea, golden, 5);
	struct pics_profile *test = profile_of(&nci, nci_samples, 5);
	struct pics_profile *unrestricted;
	struct weight as_tea[5];

	(void)state;
	assert_close(error_of(test, ref, PICS_UNIT_INSN, NULL), 0.0);
	/* The same cycles read as TEA's full signatures are 40% off. */
	memcpy(as_tea, nci_samples, sizeof(as_tea));
	as_tea[0].sig = ST_LLC;
	as_tea[3].sig = FL_MB;
	unrestricted = profile_of(&tea, as_tea, 5);
	assert_close(error_of(unrestricted, ref, PICS_UNIT_INSN, NULL), 0.4);
	pics_profile_free(unrestricted);
	pics_profile_free(test);
	pics_profile_free(ref);
}

static void test_scheme_event_missing_from_reference_is_an_error(void **state)
{
	static const struct weight w[] = { { 0x100, 1, 1 } };
	struct pics_meta tea = tea_meta(4, 1);
	struct pics_meta spe = scheme_meta("SPE", 4, 1, "ST-REMOTE");
	struct pics_profile *ref = profile_of(&tea, golden, 5);
	struct pics_profile *test = profile_of(&spe, w, 1);
	struct pics_error err;

	(void)state;
	assert_null(pics_compare(test, ref, PICS_UNIT_INSN, NULL, &err));
	assert_int_equal(err.code, PICS_ERR_MISMATCH);
	assert_non_null(strstr(err.msg, "ST-REMOTE"));
	pics_profile_free(test);
	pics_profile_free(ref);
}

static void test_empty_profile_cannot_be_compared(void **state)
{
	struct pics_meta m = tea_meta(4, 1);
	struct pics_profile *ref = profile_of(&m, golden, 5);
	struct pics_profile *empty = profile_of(&m, NULL, 0);
	struct pics_error err;

	(void)state;
	assert_null(pics_compare(empty, ref, PICS_UNIT_INSN, NULL, &err));
	assert_int_equal(err.code, PICS_ERR_INVALID);
	assert_null(pics_compare(ref, empty, PICS_UNIT_INSN, NULL, &err));
	pics_profile_free(empty);
	pics_profile_free(ref);
}

/* Cycles put on the wrong instruction of the right function are wrong at
 * instruction level and right at function level. */
static void test_function_level_forgives_errors_inside_a_function(void **state)
{
	static const struct test_func funcs[] = {
		{ "kernel", 0x80000100, 0x100 },
		{ "main", 0x80000200, 0x40 },
	};
	static const struct weight ref_w[] = {
		{ 0x80000104, ST_L1, 60 },
		{ 0x80000200, 0, 40 },
	};
	static const struct weight test_w[] = {
		{ 0x80000108, ST_L1, 60 },	/* skid to the next insn */
		{ 0x80000204, 0, 40 },
	};
	const char *elf = scratch("funcs.elf");
	struct pics_meta m = tea_meta(4, 1);
	struct pics_profile *ref = profile_of(&m, ref_w, 2);
	struct pics_profile *test = profile_of(&m, test_w, 2);
	struct pics_symbols *syms;
	struct pics_comparison *c;
	struct pics_error err;

	(void)state;
	write_test_elf(elf, funcs, 2);
	syms = pics_symbols_open(elf, &err);
	assert_non_null(syms);
	assert_close(error_of(test, ref, PICS_UNIT_INSN, syms), 1.0);
	c = pics_compare(test, ref, PICS_UNIT_FUNC, syms, &err);
	assert_non_null(c);
	assert_close(pics_comparison_error(c), 0.0);
	assert_int_equal(pics_comparison_count(c), 2);
	assert_string_equal(pics_comparison_unit(c, 0)->name, "kernel");
	assert_string_equal(pics_comparison_unit(c, 1)->name, "main");
	assert_true(pics_comparison_unit(c, 0)->resolved);
	pics_comparison_free(c);
	/* Without symbols, functions are unknown: each address stands alone. */
	assert_close(error_of(test, ref, PICS_UNIT_FUNC, NULL), 1.0);
	pics_symbols_close(syms);
	pics_profile_free(test);
	pics_profile_free(ref);
	unlink(elf);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_identical_profiles_have_no_error),
		cmocka_unit_test(test_hand_computed_instruction_error),
		cmocka_unit_test(test_profiles_are_normalized_to_the_same_total),
		cmocka_unit_test(test_disjoint_profiles_are_entirely_wrong),
		cmocka_unit_test(test_reference_is_restricted_to_the_scheme_events),
		cmocka_unit_test(test_scheme_event_missing_from_reference_is_an_error),
		cmocka_unit_test(test_empty_profile_cannot_be_compared),
		cmocka_unit_test(test_function_level_forgives_errors_inside_a_function),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
