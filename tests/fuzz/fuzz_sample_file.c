/* Fuzzes the sample-file reader: any input is read to its end or rejected
 * with one line naming the file; what is read aggregates (with its map
 * records), rolls up and writes out as a profile that reads back the
 * same. */
#include "fuzz_util.h"

/* Every sample the reader returns is valid, so it aggregates; a complete
 * file gives a weight of LCM(1..W) per sample. Returns the profile, or
 * NULL when the file was rejected. */
static struct pics_profile *read_samples(const char *path)
{
	struct pics_error err = { 0 };
	struct pics_sample_reader *r = pics_sample_reader_open(path, &err);
	struct pics_profile *p;
	struct pics_sample s;
	int ret;

	if (!r) {
		fuzz_check_error(&err, path);
		return NULL;
	}
	p = pics_profile_new(pics_sample_reader_meta(r), &err);
	FUZZ_CHECK(p);
	while ((ret = pics_sample_reader_next(r, &s, &err)) > 0)
		FUZZ_CHECK(pics_profile_add_sample(p, &s, &err) == 0);
	if (ret < 0) {
		fuzz_check_error(&err, path);
		pics_profile_free(p);
		p = NULL;
	} else {
		const struct pics_meta *m = pics_sample_reader_meta(r);
		uint64_t samples = pics_sample_reader_samples(r);

		FUZZ_CHECK(pics_profile_samples(p) == samples);
		FUZZ_CHECK(pics_profile_total_weight(p) ==
			   samples * pics_weight_unit(m->commit_width));
		/* Once complete, the reader stays at its end. */
		FUZZ_CHECK(pics_sample_reader_next(r, &s, &err) == 0);
	}
	pics_sample_reader_close(r);
	return p;
}

static int sum_chain(const struct pics_chain *c, void *ctx)
{
	FUZZ_CHECK(c->n >= 1 && c->n <= PICS_MAX_FRAMES && c->weight);
	*(uint64_t *)ctx += c->weight;
	return 0;
}

/* The call graph holds the profile's weight, chain by chain, and its
 * children stacks give no function more than all of it. */
static void check_callgraph(const char *path, const struct pics_profile *p)
{
	struct pics_error err;
	struct pics_callgraph *cg;
	struct pics_profile *loaded = pics_profile_load_callgraph(path, &cg, &err);
	struct pics_stacks *st;
	uint64_t sum = 0;

	FUZZ_CHECK(loaded && cg);
	FUZZ_CHECK(pics_callgraph_foreach(cg, sum_chain, &sum) == 0);
	FUZZ_CHECK(sum == pics_profile_total_weight(p));
	st = pics_stacks_build_children(cg, NULL, NULL, 0, &err);
	FUZZ_CHECK(st);
	for (size_t i = 0; i < pics_stacks_count(st); i++)
		FUZZ_CHECK(pics_stacks_unit(st, i)->total <= sum);
	pics_stacks_free(st);
	pics_callgraph_free(cg);
	pics_profile_free(loaded);
}

/* The reader's map records are the loader's, each user-space one that
 * lies over another file's moved by a multiple of 2^48 (address spaces,
 * docs/formats.md). */
static void check_mappings(const char *path, const struct pics_profile *p)
{
	struct pics_error err;
	struct pics_sample_reader *r = pics_sample_reader_open(path, &err);
	const struct pics_mapping *read, *loaded;
	struct pics_sample s;
	size_t n_read, n_loaded;

	FUZZ_CHECK(r);
	while (pics_sample_reader_next(r, &s, &err) > 0)
		;
	read = pics_sample_reader_mappings(r, &n_read);
	loaded = pics_profile_mappings(p, &n_loaded);
	FUZZ_CHECK(n_read == n_loaded);
	for (size_t i = 0; i < n_read; i++) {
		struct pics_mapping moved = read[i];
		uint64_t offset = loaded[i].start - read[i].start;

		FUZZ_CHECK(pics_mapping_validate(&read[i], &err) == 0);
		FUZZ_CHECK(offset % (1ull << 48) == 0);
		FUZZ_CHECK(!offset || read[i].end <= 1ull << 48);
		moved.start += offset;
		moved.end += offset;
		FUZZ_CHECK(!memcmp(&moved, &loaded[i], sizeof(moved)));
	}
	pics_sample_reader_close(r);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *path = fuzz_file(0, data, size);
	struct pics_profile *p = read_samples(path), *loaded;
	struct pics_error err = { 0 };

	/* The one-call loader agrees with reading sample by sample (it also
	 * takes profiles, which the sample reader rejects by magic). */
	loaded = pics_profile_load(path, &err);
	if (!loaded)
		fuzz_check_error(&err, path);
	if (p) {
		size_t n;

		FUZZ_CHECK(loaded);
		FUZZ_CHECK(pics_profile_total_weight(loaded) ==
			   pics_profile_total_weight(p));
		/* The loader keeps every map record, each a valid one. */
		check_mappings(path, loaded);
		check_callgraph(path, p);
		pics_profile_mappings(loaded, &n);
		FUZZ_CHECK(n <= PICS_MAX_MAPPINGS);
		fuzz_check_rollups(p);
		fuzz_check_round_trip(p);
	}
	pics_profile_free(loaded);
	pics_profile_free(p);
	return 0;
}
