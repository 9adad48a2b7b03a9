/* Aggregation into profiles, exact weights, profile files, projection,
 * restriction to address ranges. */
#include "test_pics_util.h"

#define ST_L1 (1u << PICS_TEA_ST_L1)
#define ST_LLC (1u << PICS_TEA_ST_LLC)
#define FL_MB (1u << PICS_TEA_FL_MB)
#define DR_L1 (1u << PICS_TEA_DR_L1)

static struct pics_profile *new_profile(unsigned width, uint64_t period)
{
	struct pics_meta m = tea_meta(width, period);
	struct pics_error err;
	struct pics_profile *p = pics_profile_new(&m, &err);

	assert_non_null(p);
	return p;
}

static void add(struct pics_profile *p, const struct pics_sample *s)
{
	struct pics_error err;

	if (pics_profile_add_sample(p, s, &err))
		fail_msg("%s", err.msg);
}

static void test_compute_sample_splits_evenly_among_committers(void **state)
{
	struct pics_profile *p = new_profile(4, 1000);
	struct pics_sample three = {
		.state = PICS_COMPUTE, .valid = 0x7,
		.addr = { 0x100, 0x104, 0x108 }, .psv = { 0, ST_L1, 0 },
	};
	struct pics_sample four = {
		.state = PICS_COMPUTE, .valid = 0xf,
		.addr = { 0x100, 0x104, 0x108, 0x10c },
	};
	uint64_t num, den;

	(void)state;
	pics_profile_unit(p, &num, &den);
	assert_int_equal(num, 1000);
	assert_int_equal(den, 12);
	add(p, &three);
	assert_int_equal(pics_profile_weight(p, 0x100, 0), 4);
	assert_int_equal(pics_profile_weight(p, 0x104, ST_L1), 4);
	assert_int_equal(pics_profile_weight(p, 0x104, 0), 0);
	assert_int_equal(pics_profile_weight(p, 0x108, 0), 4);
	add(p, &four);
	assert_int_equal(pics_profile_weight(p, 0x100, 0), 7);
	assert_int_equal(pics_profile_weight(p, 0x10c, 0), 3);
	assert_int_equal(pics_profile_total_weight(p), 24);
	/* Two samples of 1000 cycles each. */
	assert_true(pics_profile_cycles(p, pics_profile_total_weight(p)) == 2000.0);
	assert_int_equal(pics_profile_samples(p), 2);
	assert_int_equal(pics_profile_total_cycles(p), 2000);
	pics_profile_free(p);
}

static void test_non_compute_states_give_the_whole_sample(void **state)
{
	struct pics_profile *p = new_profile(4, 1);
	const struct pics_sample s[] = {
		{ .state = PICS_STALLED, .valid = 0x1, .addr = { 0x200 },
		  .psv = { ST_L1 | ST_LLC } },
		{ .state = PICS_DRAINED, .valid = 0x1, .addr = { 0x300 },
		  .psv = { DR_L1 } },
		{ .state = PICS_FLUSHED, .valid = 0x8,
		  .addr = { 0, 0, 0, 0x400 }, .psv = { 0, 0, 0, FL_MB } },
	};

	(void)state;
	for (size_t i = 0; i < 3; i++)
		add(p, &s[i]);
	assert_int_equal(pics_profile_weight(p, 0x200, ST_L1 | ST_LLC), 12);
	assert_int_equal(pics_profile_weight(p, 0x300, DR_L1), 12);
	assert_int_equal(pics_profile_weight(p, 0x400, FL_MB), 12);
	assert_int_equal(pics_profile_entries(p), 3);
	pics_profile_free(p);
}

/* The golden reference attributes every cycle; with integer weights of
 * LCM(1..W)/n per committing instruction the stacks add up to the cycle
 * count exactly, for every width. */
static void test_golden_per_cycle_weights_are_exact(void **state)
{
	(void)state;
	for (unsigned w = 1; w <= PICS_MAX_WIDTH; w++) {
		struct pics_profile *p = new_profile(w, 1);
		uint64_t cycles = 0, unit = pics_weight_unit(w);
		uint64_t per_addr[PICS_MAX_WIDTH] = { 0 };

		for (unsigned n = 1; n <= w; n++) {
			for (unsigned rep = 0; rep < 5; rep++) {
				struct pics_sample s = {
					.state = PICS_COMPUTE,
					.valid = (uint8_t)((1u << n) - 1),
				};

				for (unsigned i = 0; i < n; i++) {
					s.addr[i] = 0x1000 + 4 * i;
					per_addr[i] += unit / n;
				}
				add(p, &s);
				cycles++;
			}
		}
		assert_int_equal(pics_profile_total_weight(p), cycles * unit);
		assert_true(pics_profile_cycles(p, pics_profile_total_weight(p)) ==
			    (double)cycles);
		for (unsigned i = 0; i < w; i++)
			assert_int_equal(pics_profile_weight(p, 0x1000 + 4 * i, 0),
					 per_addr[i]);
		pics_profile_free(p);
	}
}

static void test_same_instruction_in_two_slots_accumulates(void **state)
{
	struct pics_profile *p = new_profile(2, 1);
	struct pics_sample s = {
		.state = PICS_COMPUTE, .valid = 0x3,
		.addr = { 0x500, 0x500 },
	};

	(void)state;
	add(p, &s);
	assert_int_equal(pics_profile_weight(p, 0x500, 0), 2);
	assert_int_equal(pics_profile_entries(p), 1);
	pics_profile_free(p);
}

static void test_invalid_samples_are_not_aggregated(void **state)
{
	struct pics_profile *p = new_profile(2, 1);
	struct pics_sample s = { .state = PICS_STALLED, .valid = 0x3 };
	struct pics_error err;

	(void)state;
	assert_int_equal(pics_profile_add_sample(p, &s, &err), -1);
	s.valid = 0;
	assert_int_equal(pics_profile_add_sample(p, &s, &err), -1);
	s.valid = 1;
	s.psv[0] = 1u << 12;
	assert_int_equal(pics_profile_add_sample(p, &s, &err), -1);
	assert_int_equal(pics_profile_add(p, 0x10, 1u << 12, 5, &err), -1);
	assert_int_equal(pics_profile_total_weight(p), 0);
	assert_int_equal(pics_profile_samples(p), 0);
	pics_profile_free(p);
}

static void test_memory_grows_with_distinct_pairs_not_samples(void **state)
{
	struct pics_profile *p = new_profile(1, 1);

	(void)state;
	for (unsigned i = 0; i < 200000; i++) {
		struct pics_sample s = {
			.state = PICS_STALLED, .valid = 1,
			.addr = { 0x80000000 + 4 * (i % 50) },
			.psv = { i % 3 },
		};

		add(p, &s);
	}
	assert_int_equal(pics_profile_entries(p), 150);
	assert_int_equal(pics_profile_total_weight(p), 200000);
	pics_profile_free(p);
}

static struct pics_profile *golden_example(void)
{
	struct pics_meta m = tea_meta(4, 1);
	struct pics_error err;
	struct pics_profile *p;

	snprintf(m.scheme, sizeof(m.scheme), "golden");
	snprintf(m.binary, sizeof(m.binary), "bench with spaces.elf");
	m.build_id_len = 2;
	m.build_id[0] = 0xab;
	m.build_id[1] = 0xcd;
	p = pics_profile_new(&m, &err);
	assert_non_null(p);
	assert_int_equal(pics_profile_add(p, 0x80000010, 0, 7, &err), 0);
	assert_int_equal(pics_profile_add(p, 0x80000010, ST_L1, 5, &err), 0);
	assert_int_equal(pics_profile_add(p, 0x80000004, ST_L1 | ST_LLC, 36, &err), 0);
	assert_int_equal(pics_profile_add(p, 0xffffffff80000000ULL, FL_MB, 12, &err), 0);
	pics_profile_set_total_cycles(p, 5);
	pics_profile_set_counts(p, 0, 0);
	return p;
}

static int compare_entry(const struct pics_entry *e, void *ctx)
{
	const struct pics_profile *other = ctx;

	assert_int_equal(pics_profile_weight(other, e->addr, e->signature),
			 e->weight);
	return 0;
}

static void assert_same_profile(const struct pics_profile *a,
				const struct pics_profile *b)
{
	uint64_t an, ad, bn, bd;

	assert_memory_equal(pics_profile_meta(a), pics_profile_meta(b),
			    sizeof(struct pics_meta));
	assert_int_equal(pics_profile_entries(a), pics_profile_entries(b));
	assert_int_equal(pics_profile_total_weight(a), pics_profile_total_weight(b));
	assert_int_equal(pics_profile_total_cycles(a), pics_profile_total_cycles(b));
	assert_int_equal(pics_profile_samples(a), pics_profile_samples(b));
	assert_int_equal(pics_profile_lost(a), pics_profile_lost(b));
	pics_profile_unit(a, &an, &ad);
	pics_profile_unit(b, &bn, &bd);
	assert_int_equal(an, bn);
	assert_int_equal(ad, bd);
	pics_profile_foreach(a, compare_entry, (void *)b);
}

static void test_profile_file_round_trips(void **state)
{
	struct pics_profile *p = golden_example(), *back;
	const char *path = scratch("golden.prof");
	struct pics_error err;

	(void)state;
	assert_int_equal(pics_profile_write(p, path, &err), 0);
	back = pics_profile_read(path, &err);
	assert_non_null(back);
	assert_same_profile(p, back);
	assert_int_equal(pics_file_kind(path, &err), PICS_FILE_PROFILE);
	pics_profile_free(back);
	pics_profile_free(p);
	unlink(path);
}

static void test_sorted_entries_are_in_address_order(void **state)
{
	struct pics_profile *p = golden_example();
	struct pics_error err;
	struct pics_entry *e;
	size_t n;

	(void)state;
	e = pics_profile_sorted(p, &n, &err);
	assert_non_null(e);
	assert_int_equal(n, 4);
	assert_int_equal(e[0].addr, 0x80000004);
	assert_int_equal(e[1].addr, 0x80000010);
	assert_int_equal(e[1].signature, 0);
	assert_int_equal(e[2].signature, ST_L1);
	assert_int_equal(e[3].addr, 0xffffffff80000000ULL);
	free(e);
	pics_profile_free(p);
}

static void test_load_aggregates_a_sample_file(void **state)
{
	struct pics_meta m = tea_meta(2, 500);
	const char *path = scratch("load.tea");
	struct pics_sample_writer *w;
	struct pics_profile *direct = pics_profile_new(&m, NULL), *loaded;
	struct pics_error err;

	(void)state;
	w = pics_sample_writer_open(path, &m, &err);
	assert_non_null(w);
	for (unsigned i = 0; i < 1000; i++) {
		struct pics_sample s = {
			.cycle = 500 * i, .state = (uint8_t)(i % 4),
			.valid = i % 4 ? 1 : 3,
			.addr = { 0x80000000 + 4 * (i % 7), 0x80000100 },
			.psv = { i % 5, ST_L1 },
		};

		assert_int_equal(pics_sample_writer_add(w, &s, &err), 0);
		add(direct, &s);
	}
	pics_sample_writer_lost(w, 3);
	assert_int_equal(pics_sample_writer_close(w, &err), 0);
	pics_profile_set_counts(direct, 1000, 3);
	loaded = pics_profile_load(path, &err);
	assert_non_null(loaded);
	assert_same_profile(direct, loaded);
	assert_int_equal(pics_file_kind(path, &err), PICS_FILE_SAMPLES);
	pics_profile_free(loaded);
	pics_profile_free(direct);
	unlink(path);
}

/* Writes the example profile, patches it, and returns the read error. */
static enum pics_error_code read_patched(void (*patch)(uint8_t *b, size_t *len),
					 struct pics_error *err)
{
	struct pics_profile *p = golden_example(), *back;
	const char *path = scratch("patched.prof");
	uint8_t *bytes;
	size_t len;

	assert_int_equal(pics_profile_write(p, path, err), 0);
	pics_profile_free(p);
	bytes = read_bytes(path, &len);
	patch(bytes, &len);
	write_bytes(path, bytes, len);
	free(bytes);
	back = pics_profile_read(path, err);
	unlink(path);
	if (back) {
		pics_profile_free(back);
		return PICS_OK;
	}
	return err->code;
}

/* Entries are 1 + 8 + 2 + 8 bytes for TEA's ten events; the end record is 17. */
#define ENTRY 19
#define END 17

static size_t entry_at(size_t len, unsigned i)
{
	return len - END - (4 - i) * ENTRY;
}

static void swap_first_two_entries(uint8_t *b, size_t *len)
{
	uint8_t tmp[ENTRY];
	size_t a = entry_at(*len, 0), c = entry_at(*len, 1);

	memcpy(tmp, b + a, ENTRY);
	memcpy(b + a, b + c, ENTRY);
	memcpy(b + c, tmp, ENTRY);
}

static void zero_weight(uint8_t *b, size_t *len)
{
	memset(b + entry_at(*len, 2) + 11, 0, 8);
}

static void changed_weight(uint8_t *b, size_t *len)
{
	b[entry_at(*len, 2) + 11] ^= 0x40;
}

static void duplicate_entry(uint8_t *b, size_t *len)
{
	memcpy(b + entry_at(*len, 1), b + entry_at(*len, 0), ENTRY);
}

static void unit_den_zero(uint8_t *b, size_t *len)
{
	memset(b + entry_at(*len, 0) - 8, 0, 8);
}

static void entry_count_wrong(uint8_t *b, size_t *len)
{
	b[*len - 16] = 9;
}

static void no_end_record(uint8_t *b, size_t *len)
{
	(void)b;
	*len -= END;
}

static void wrong_magic(uint8_t *b, size_t *len)
{
	(void)len;
	memcpy(b, "TEASMPL", 7);
}

static void test_corrupted_profiles_are_rejected(void **state)
{
	static const struct {
		void (*patch)(uint8_t *b, size_t *len);
		enum pics_error_code code;
		const char *says;
	} cases[] = {
		{ swap_first_two_entries, PICS_ERR_FORMAT, "out of order" },
		{ duplicate_entry, PICS_ERR_FORMAT, "out of order" },
		{ zero_weight, PICS_ERR_FORMAT, "weight 0" },
		{ changed_weight, PICS_ERR_FORMAT, "sums the weights" },
		{ unit_den_zero, PICS_ERR_FORMAT, "denominator 0" },
		{ entry_count_wrong, PICS_ERR_FORMAT, "counts 9 entries" },
		{ no_end_record, PICS_ERR_TRUNCATED, "after 4 entries" },
		{ wrong_magic, PICS_ERR_MAGIC, "not a TEA profile file" },
	};
	struct pics_error err;

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		assert_int_equal(read_patched(cases[i].patch, &err),
				 cases[i].code);
		if (!strstr(err.msg, cases[i].says))
			fail_msg("case %zu: '%s' lacks '%s'", i, err.msg,
				 cases[i].says);
	}
}

static void test_every_truncated_profile_is_rejected(void **state)
{
	struct pics_profile *p = golden_example(), *back;
	const char *path = scratch("full.prof"), *cut = scratch("cut.prof");
	struct pics_error err;
	uint8_t *bytes;
	size_t len;

	(void)state;
	assert_int_equal(pics_profile_write(p, path, &err), 0);
	bytes = read_bytes(path, &len);
	for (size_t keep = 0; keep < len; keep++) {
		write_bytes(cut, bytes, keep);
		back = pics_profile_load(cut, &err);
		assert_null(back);
		assert_true(err.code == PICS_ERR_TRUNCATED ||
			    (keep < 8 && err.code == PICS_ERR_MAGIC));
	}
	free(bytes);
	pics_profile_free(p);
	unlink(path);
	unlink(cut);
}

static void test_projection_keeps_only_the_scheme_events(void **state)
{
	struct pics_profile *ref = new_profile(4, 1), *proj;
	/* A baseline that knows two of TEA's events, in its own bit order. */
	struct pics_meta nci = scheme_meta("NCI", 4, 2, "ST-LLC", "FL-MB");
	struct pics_error err;

	(void)state;
	assert_int_equal(pics_profile_add(ref, 0x10, ST_L1 | ST_LLC, 6, &err), 0);
	assert_int_equal(pics_profile_add(ref, 0x10, ST_LLC, 4, &err), 0);
	assert_int_equal(pics_profile_add(ref, 0x10, ST_L1, 3, &err), 0);
	assert_int_equal(pics_profile_add(ref, 0x14, FL_MB | DR_L1, 2, &err), 0);
	proj = pics_profile_project(ref, &nci, &err);
	assert_non_null(proj);
	assert_int_equal(pics_profile_meta(proj)->n_events, 2);
	assert_string_equal(pics_profile_meta(proj)->events[0], "ST-LLC");
	/* ST-L1+ST-LLC and ST-LLC both become ST-LLC (bit 0 now). */
	assert_int_equal(pics_profile_weight(proj, 0x10, 1), 10);
	/* ST-L1 alone is not an event NCI has: Base. */
	assert_int_equal(pics_profile_weight(proj, 0x10, 0), 3);
	assert_int_equal(pics_profile_weight(proj, 0x14, 2), 2);
	assert_int_equal(pics_profile_total_weight(proj), 15);
	pics_profile_free(proj);
	pics_profile_free(ref);
}

static void test_projection_onto_unknown_event_fails(void **state)
{
	struct pics_profile *ref = new_profile(4, 1);
	struct pics_meta ibs = scheme_meta("IBS", 4, 2, "ST-L1", "ST-L2");
	struct pics_error err;

	(void)state;
	assert_null(pics_profile_project(ref, &ibs, &err));
	assert_int_equal(err.code, PICS_ERR_MISMATCH);
	assert_non_null(strstr(err.msg, "ST-L2"));
	pics_profile_free(ref);
}

static void test_range_filter_keeps_entries_inside_and_the_run(void **state)
{
	struct pics_profile *p = new_profile(2, 100), *kept;
	struct pics_mapping prog = { .start = 0x10000, .end = 0x11000,
				     .path = "/bin/prog" };
	/* The program's text, and a kernel function, out of two. */
	const struct pics_range ranges[] = {
		{ 0x10000, 0x11000 },
		{ 0xffffffff80002000ULL, 0xffffffff80002100ULL },
	};
	const struct pics_mapping *maps;
	struct pics_error err;
	size_t n;

	(void)state;
	assert_int_equal(pics_profile_add_mapping(p, &prog, &err), 0);
	assert_int_equal(pics_profile_add(p, 0x10000, 0, 4, &err), 0);
	assert_int_equal(pics_profile_add(p, 0x10ffe, ST_L1, 2, &err), 0);
	assert_int_equal(pics_profile_add(p, 0x11000, 0, 8, &err), 0);
	assert_int_equal(pics_profile_add(p, 0xffffffff80002010ULL, FL_MB, 6, &err), 0);
	assert_int_equal(pics_profile_add(p, 0xffffffff80001000ULL, 0, 10, &err), 0);
	pics_profile_set_counts(p, 15, 3);
	kept = pics_profile_filter_ranges(p, ranges, 2, &err);
	assert_non_null(kept);
	assert_int_equal(pics_profile_entries(kept), 3);
	assert_int_equal(pics_profile_weight(kept, 0x10ffe, ST_L1), 2);
	assert_int_equal(pics_profile_weight(kept, 0x11000, 0), 0);
	assert_int_equal(pics_profile_weight(kept, 0xffffffff80002010ULL, FL_MB), 6);
	assert_int_equal(pics_profile_total_weight(kept), 12);
	/* What describes the run stays: counts, cycles, mappings, meta. */
	assert_int_equal(pics_profile_samples(kept), 15);
	assert_int_equal(pics_profile_lost(kept), 3);
	assert_int_equal(pics_profile_total_cycles(kept), 1500);
	maps = pics_profile_mappings(kept, &n);
	assert_int_equal(n, 1);
	assert_string_equal(maps[0].path, "/bin/prog");
	assert_memory_equal(pics_profile_meta(kept), pics_profile_meta(p),
			    sizeof(struct pics_meta));
	pics_profile_free(kept);
	kept = pics_profile_filter_ranges(p, ranges, 0, &err);
	assert_int_equal(pics_profile_total_weight(kept), 0);
	pics_profile_free(kept);
	pics_profile_free(p);
}

static void test_unknown_file_kind_is_reported(void **state)
{
	const char *path = scratch("junk.bin");
	struct pics_error err;

	(void)state;
	write_bytes(path, "hello, world", 12);
	assert_int_equal(pics_file_kind(path, &err), PICS_FILE_UNKNOWN);
	assert_int_equal(err.code, PICS_ERR_MAGIC);
	assert_null(pics_profile_load(path, &err));
	assert_non_null(strstr(err.msg, "unknown magic"));
	unlink(path);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_compute_sample_splits_evenly_among_committers),
		cmocka_unit_test(test_non_compute_states_give_the_whole_sample),
		cmocka_unit_test(test_golden_per_cycle_weights_are_exact),
		cmocka_unit_test(test_same_instruction_in_two_slots_accumulates),
		cmocka_unit_test(test_invalid_samples_are_not_aggregated),
		cmocka_unit_test(test_memory_grows_with_distinct_pairs_not_samples),
		cmocka_unit_test(test_profile_file_round_trips),
		cmocka_unit_test(test_sorted_entries_are_in_address_order),
		cmocka_unit_test(test_load_aggregates_a_sample_file),
		cmocka_unit_test(test_corrupted_profiles_are_rejected),
		cmocka_unit_test(test_every_truncated_profile_is_rejected),
		cmocka_unit_test(test_projection_keeps_only_the_scheme_events),
		cmocka_unit_test(test_projection_onto_unknown_event_fails),
		cmocka_unit_test(test_range_filter_keeps_entries_inside_and_the_run),
		cmocka_unit_test(test_unknown_file_kind_is_reported),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
