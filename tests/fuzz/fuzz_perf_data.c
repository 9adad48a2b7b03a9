/* Fuzzes the perf.data reader (pics/perf_data.c): any input is read to
 * the end of its data section or rejected with one line naming the file;
 * what is read is valid samples and mappings, which the sample reader and
 * the loader see alike, and which aggregate, roll up and write out as a
 * profile that reads back the same. Seeds: tests/fuzz/seeds/perf-data/,
 * files of tests/teaperf/perf-data-gen.c and one a target wrote. */
#include "fuzz_util.h"
#include "perf_data.h"

/* The reader by itself: samples valid for its meta, its counts and
 * mappings settled once it is at the end, where it stays. */
static bool read_direct(const char *path, uint64_t *samples,
			uint64_t *lost)
{
	struct pics_error err = { 0 };
	struct pics_perf_data *r = pics_perf_data_open(path, &err);
	const struct pics_mapping *maps;
	struct pics_sample s;
	uint64_t n = 0;
	size_t n_maps;
	int ret;

	if (!r) {
		fuzz_check_error(&err, path);
		return false;
	}
	FUZZ_CHECK(pics_meta_validate(pics_perf_data_meta(r), &err) == 0);
	while ((ret = pics_perf_data_next(r, &s, &err)) > 0) {
		FUZZ_CHECK(pics_sample_validate(pics_perf_data_meta(r), &s,
						&err) == 0);
		n++;
	}
	if (ret < 0) {
		fuzz_check_error(&err, path);
		pics_perf_data_close(r);
		return false;
	}
	FUZZ_CHECK(pics_perf_data_next(r, &s, &err) == 0);
	FUZZ_CHECK(pics_perf_data_samples(r) == n);
	maps = pics_perf_data_mappings(r, &n_maps);
	FUZZ_CHECK(n_maps <= PICS_MAX_MAPPINGS);
	for (size_t i = 0; i < n_maps; i++)
		FUZZ_CHECK(pics_mapping_validate(&maps[i], &err) == 0);
	(void)pics_perf_data_throttle(r);
	*samples = n;
	*lost = pics_perf_data_lost(r);
	pics_perf_data_close(r);
	return true;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *path = fuzz_file(0, data, size);
	struct pics_error err = { 0 };
	struct pics_profile *p;
	uint64_t samples = 0, lost = 0;
	bool read = read_direct(path, &samples, &lost);

	/* The loader (by magic, as teaperf opens files) agrees with it. */
	p = pics_profile_load(path, &err);
	if (!p) {
		fuzz_check_error(&err, path);
		/* only a perf.data that the reader took is one it loads */
		FUZZ_CHECK(!read || size < 8 ||
			   !pics_perf_data_magic(data));
		return 0;
	}
	if (size >= 8 && pics_perf_data_magic(data)) {
		const struct pics_meta *m = pics_profile_meta(p);

		FUZZ_CHECK(read);
		FUZZ_CHECK(pics_profile_samples(p) == samples);
		FUZZ_CHECK(pics_profile_lost(p) == lost);
		FUZZ_CHECK(pics_profile_total_weight(p) ==
			   samples * pics_weight_unit(m->commit_width));
		fuzz_check_rollups(p);
		fuzz_check_round_trip(p);
	}
	pics_profile_free(p);
	return 0;
}
