/* Fuzzes the profile-file reader: any input is read or rejected with one
 * line naming the file; a profile that reads writes back and reads the
 * same, compares with itself at no error, projects onto its own events
 * unchanged, and restricted to its mappings keeps only what lies in
 * them. */
#include "fuzz_util.h"

static void check_self_comparison(const struct pics_profile *p)
{
	struct pics_error err;
	struct pics_comparison *c;
	uint64_t total = pics_profile_total_weight(p);

	if (!total || total >> 62)
		return;
	c = pics_compare(p, p, PICS_UNIT_INSN, NULL, &err);
	FUZZ_CHECK(c);
	FUZZ_CHECK(pics_comparison_error(c) == 0.0);
	pics_comparison_free(c);
}

static void check_projection(const struct pics_profile *p)
{
	struct pics_error err;
	struct pics_profile *q = pics_profile_project(p, pics_profile_meta(p),
						      &err);

	FUZZ_CHECK(q);
	FUZZ_CHECK(pics_profile_entries(q) == pics_profile_entries(p));
	FUZZ_CHECK(pics_profile_total_weight(q) ==
		   pics_profile_total_weight(p));
	pics_profile_free(q);
}

static void check_filter(const struct pics_profile *p)
{
	size_t n;
	const struct pics_mapping *maps = pics_profile_mappings(p, &n);
	struct pics_range *r = calloc(n + 1, sizeof(*r));
	struct pics_profile *kept;
	struct pics_entry *e;
	struct pics_error err;
	size_t n_kept;

	FUZZ_CHECK(r);
	for (size_t i = 0; i < n; i++)
		r[i] = (struct pics_range){ maps[i].start, maps[i].end };
	kept = pics_profile_filter_ranges(p, r, n, &err);
	FUZZ_CHECK(kept);
	FUZZ_CHECK(pics_profile_total_weight(kept) <=
		   pics_profile_total_weight(p));
	FUZZ_CHECK(pics_profile_samples(kept) == pics_profile_samples(p));
	e = pics_profile_sorted(kept, &n_kept, &err);
	FUZZ_CHECK(e);
	for (size_t i = 0; i < n_kept; i++) {
		FUZZ_CHECK(pics_mapping_find(maps, n, e[i].addr));
		FUZZ_CHECK(e[i].weight ==
			   pics_profile_weight(p, e[i].addr, e[i].signature));
	}
	free(e);
	free(r);
	pics_profile_free(kept);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *path = fuzz_file(0, data, size);
	struct pics_error err = { 0 };
	struct pics_profile *p = pics_profile_read(path, &err);
	struct pics_stacks *st;

	if (!p) {
		fuzz_check_error(&err, path);
		return 0;
	}
	st = pics_stacks_build(p, PICS_UNIT_PROGRAM, NULL, &err);
	FUZZ_CHECK(st);
	FUZZ_CHECK(pics_stacks_total(st) == pics_profile_total_weight(p));
	pics_stacks_free(st);
	fuzz_check_round_trip(p);
	check_self_comparison(p);
	check_projection(p);
	check_filter(p);
	pics_profile_free(p);
	return 0;
}
