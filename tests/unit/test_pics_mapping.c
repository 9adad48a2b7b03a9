/* Map records: written and read in sample and profile files, and every way
 * one can be broken. */
#include "test_pics_util.h"

static const struct pics_sample sample = {
	.cycle = 100, .state = PICS_STALLED, .valid = 1, .addr = { 0x10104 },
};

static struct pics_mapping mapping(uint64_t start, uint64_t end,
				   const char *path, unsigned id_len)
{
	struct pics_mapping m = { .start = start, .end = end, .pgoff = 0x1000 };

	snprintf(m.path, sizeof(m.path), "%s", path);
	m.build_id_len = id_len;
	for (unsigned i = 0; i < id_len; i++)
		m.build_id[i] = (uint8_t)(0x40 + i);
	return m;
}

#define N_MAPS 3
#define PREAMBLE 16

static struct pics_mapping maps[N_MAPS];

static int set_up(void **state)
{
	(void)state;
	maps[0] = mapping(0x10000, 0x11000, "/bin/prog", 20);
	maps[1] = mapping(0x3fb88e3000, 0x3fb88e4000, "[vdso]", 0);
	maps[2] = mapping(0xffffffff80001000ULL, 0xffffffff80105b36ULL,
			  "[kernel]", 20);
	return 0;
}

/* Where the first record starts: after the preamble and the header. */
static size_t first_record(const uint8_t *b)
{
	return PREAMBLE + ((size_t)b[12] | (size_t)b[13] << 8 |
			   (size_t)b[14] << 16 | (size_t)b[15] << 24);
}

/* A map record before the samples, one between them and one before the
 * end, as a producer may place them. */
static void write_file(const char *path)
{
	struct pics_meta m = tea_meta(2, 100);
	struct pics_error err;
	struct pics_sample_writer *w = pics_sample_writer_open(path, &m, &err);

	assert_non_null(w);
	assert_int_equal(pics_sample_writer_map(w, &maps[0], &err), 0);
	assert_int_equal(pics_sample_writer_add(w, &sample, &err), 0);
	assert_int_equal(pics_sample_writer_map(w, &maps[1], &err), 0);
	assert_int_equal(pics_sample_writer_add(w, &sample, &err), 0);
	assert_int_equal(pics_sample_writer_map(w, &maps[2], &err), 0);
	assert_int_equal(pics_sample_writer_close(w, &err), 0);
}

static void assert_mappings(const struct pics_mapping *got, size_t n)
{
	assert_int_equal(n, N_MAPS);
	assert_non_null(got);
	for (size_t i = 0; i < N_MAPS; i++)
		assert_memory_equal(&got[i], &maps[i], sizeof(maps[i]));
}

static void test_map_records_round_trip_where_they_stand(void **state)
{
	const char *path = scratch("maps.tea");
	const struct pics_mapping *got;
	struct pics_sample_reader *r;
	struct pics_error err;
	struct pics_sample s;
	size_t n;

	(void)state;
	write_file(path);
	r = pics_sample_reader_open(path, &err);
	assert_non_null(r);
	pics_sample_reader_mappings(r, &n);
	assert_int_equal(n, 0);
	assert_int_equal(pics_sample_reader_next(r, &s, &err), 1);
	pics_sample_reader_mappings(r, &n);
	assert_int_equal(n, 1);
	assert_int_equal(pics_sample_reader_next(r, &s, &err), 1);
	pics_sample_reader_mappings(r, &n);
	assert_int_equal(n, 2);
	assert_int_equal(pics_sample_reader_next(r, &s, &err), 0);
	got = pics_sample_reader_mappings(r, &n);
	assert_mappings(got, n);
	pics_sample_reader_close(r);
	unlink(path);
}

static void test_profiles_keep_the_mappings(void **state)
{
	const char *tea = scratch("maps.tea"), *prof = scratch("maps.prof");
	const struct pics_mapping *got;
	struct pics_profile *p, *back;
	struct pics_error err;
	size_t n;

	(void)state;
	write_file(tea);
	p = pics_profile_load(tea, &err);
	assert_non_null(p);
	got = pics_profile_mappings(p, &n);
	assert_mappings(got, n);
	assert_int_equal(pics_profile_write(p, prof, &err), 0);
	back = pics_profile_read(prof, &err);
	assert_non_null(back);
	got = pics_profile_mappings(back, &n);
	assert_mappings(got, n);
	assert_int_equal(pics_profile_total_weight(back), 2 * 2);
	pics_profile_free(back);
	pics_profile_free(p);
	unlink(tea);
	unlink(prof);
}

static void test_files_without_maps_read_as_before(void **state)
{
	const char *path = scratch("minor0.tea");
	struct pics_meta m = tea_meta(2, 100);
	struct pics_error err;
	struct pics_sample_writer *w = pics_sample_writer_open(path, &m, &err);
	struct pics_profile *p;
	uint8_t *bytes;
	size_t len, n;

	(void)state;
	assert_int_equal(pics_sample_writer_add(w, &sample, &err), 0);
	assert_int_equal(pics_sample_writer_close(w, &err), 0);
	bytes = read_bytes(path, &len);
	assert_int_equal(bytes[10], PICS_FORMAT_MINOR);
	bytes[10] = 0;		/* as written before map records existed */
	write_bytes(path, bytes, len);
	free(bytes);
	p = pics_profile_load(path, &err);
	assert_non_null(p);
	assert_int_equal(pics_profile_total_weight(p), 2);
	assert_null(pics_profile_mappings(p, &n));
	assert_int_equal(n, 0);
	pics_profile_free(p);
	unlink(path);
}

/* The file of write_file with its first map record patched; returns the
 * error reading it gives and the record's offset. */
static enum pics_error_code read_patched(void (*patch)(uint8_t *record),
					 struct pics_error *err,
					 uint64_t *offset)
{
	const char *path = scratch("patched.tea");
	struct pics_sample_reader *r;
	struct pics_sample s;
	uint8_t *bytes;
	size_t len;
	int ret;

	write_file(path);
	bytes = read_bytes(path, &len);
	*offset = first_record(bytes);
	assert_int_equal(bytes[*offset], 0x80);
	patch(bytes + *offset);
	write_bytes(path, bytes, len);
	free(bytes);
	r = pics_sample_reader_open(path, err);
	assert_non_null(r);
	while ((ret = pics_sample_reader_next(r, &s, err)) > 0)
		;
	pics_sample_reader_close(r);
	unlink(path);
	return ret < 0 ? err->code : PICS_OK;
}

static void length_one_short(uint8_t *record)
{
	record[1]--;
}

static void length_one_long(uint8_t *record)
{
	record[1]++;
}

static void start_after_end(uint8_t *record)
{
	record[5 + 8] = 0;	/* end's low bytes: 0x10000 */
	record[5 + 9] = 0;
	record[5 + 10] = 0;
}

static void build_id_too_long(uint8_t *record)
{
	record[5 + 24] = 65;
}

static void path_too_long(uint8_t *record)
{
	record[5 + 25 + 20]++;
}

static void test_broken_map_records_are_format_errors_at_their_offset(void **state)
{
	static const struct {
		void (*patch)(uint8_t *record);
		const char *says;
	} cases[] = {
		{ length_one_short, "disagrees with its fields" },
		{ length_one_long, "disagrees with its fields" },
		{ start_after_end, "start not below end" },
		{ build_id_too_long, "build-id length 65" },
		{ path_too_long, "disagrees with its fields" },
	};
	struct pics_error err;
	uint64_t offset;

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		assert_int_equal(read_patched(cases[i].patch, &err, &offset),
				 PICS_ERR_FORMAT);
		assert_true(err.has_offset);
		assert_int_equal(err.offset, offset);
		if (!strstr(err.msg, cases[i].says))
			fail_msg("case %zu: '%s' lacks '%s'", i, err.msg,
				 cases[i].says);
	}
}

static void test_file_ending_inside_a_map_record_is_truncated(void **state)
{
	const char *path = scratch("cut.tea");
	struct pics_error err;
	uint8_t *bytes;
	size_t len, first;

	(void)state;
	write_file(path);
	bytes = read_bytes(path, &len);
	first = first_record(bytes);
	for (size_t keep = first + 1; keep < first + 5 + 25 + 20 + 2 + 9;
	     keep++) {
		write_bytes(path, bytes, keep);
		assert_null(pics_profile_load(path, &err));
		assert_int_equal(err.code, PICS_ERR_TRUNCATED);
	}
	free(bytes);
	unlink(path);
}

static void test_invalid_mappings_are_not_written(void **state)
{
	struct pics_mapping bad[] = {
		mapping(0x2000, 0x2000, "/bin/prog", 0),
		mapping(0x1000, 0x2000, "", 0),
		mapping(0x1000, 0x2000, "/bin/prog", 0),
	};
	struct pics_meta m = tea_meta(1, 1);
	const char *path = scratch("bad-maps.tea");
	struct pics_error err;
	struct pics_sample_writer *w = pics_sample_writer_open(path, &m, &err);
	struct pics_profile *p = pics_profile_new(&m, &err);

	(void)state;
	bad[2].build_id_len = PICS_BUILD_ID_MAX + 1;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		assert_int_equal(pics_sample_writer_map(w, &bad[i], &err), -1);
		assert_int_equal(err.code, PICS_ERR_INVALID);
		assert_int_equal(pics_profile_add_mapping(p, &bad[i], &err), -1);
	}
	pics_profile_free(p);
	pics_sample_writer_abandon(w);
	unlink(path);
}

static void test_more_mappings_than_the_limit_are_rejected(void **state)
{
	struct pics_meta m = tea_meta(1, 1);
	const char *path = scratch("many-maps.tea");
	struct pics_error err;
	struct pics_sample_writer *w = pics_sample_writer_open(path, &m, &err);

	(void)state;
	for (unsigned i = 0; i <= PICS_MAX_MAPPINGS; i++) {
		struct pics_mapping map = mapping(0x1000 * (i + 1),
						  0x1000 * (i + 2), "/lib/x", 0);

		assert_int_equal(pics_sample_writer_map(w, &map, &err), 0);
	}
	assert_int_equal(pics_sample_writer_close(w, &err), 0);
	assert_null(pics_profile_load(path, &err));
	assert_int_equal(err.code, PICS_ERR_FORMAT);
	assert_non_null(strstr(err.msg, "more than 4096 mappings"));
	unlink(path);
}

static void test_mapping_find_picks_the_holder(void **state)
{
	(void)state;
	assert_ptr_equal(pics_mapping_find(maps, N_MAPS, 0x10fff), &maps[0]);
	assert_ptr_equal(pics_mapping_find(maps, N_MAPS, 0xffffffff80001000ULL),
			 &maps[2]);
	assert_null(pics_mapping_find(maps, N_MAPS, 0x11000));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_map_records_round_trip_where_they_stand),
		cmocka_unit_test(test_profiles_keep_the_mappings),
		cmocka_unit_test(test_files_without_maps_read_as_before),
		cmocka_unit_test(test_broken_map_records_are_format_errors_at_their_offset),
		cmocka_unit_test(test_file_ending_inside_a_map_record_is_truncated),
		cmocka_unit_test(test_invalid_mappings_are_not_written),
		cmocka_unit_test(test_more_mappings_than_the_limit_are_rejected),
		cmocka_unit_test(test_mapping_find_picks_the_holder),
	};

	return cmocka_run_group_tests(tests, set_up, NULL);
}
