/* Sample files: round trips, and every way a file can be broken. */
#include "test_pics_util.h"

#define PREAMBLE 16

static struct pics_meta full_meta(void)
{
	struct pics_meta m = tea_meta(4, 4000);

	m.clock_hz = 100000000;
	snprintf(m.binary, sizeof(m.binary), "/opt/bench/mcf.elf");
	m.build_id_len = 20;
	for (unsigned i = 0; i < 20; i++)
		m.build_id[i] = (uint8_t)(0xa0 + i);
	return m;
}

static const struct pics_sample samples[] = {
	{ .cycle = 4000, .state = PICS_COMPUTE, .valid = 0xf,
	  .addr = { 0x80000000, 0x80000004, 0x80000008, 0x8000000c },
	  .psv = { 0, 1u << PICS_TEA_ST_L1, (1u << PICS_TEA_NUM_EVENTS) - 1, 0 } },
	{ .cycle = 8000, .state = PICS_STALLED, .valid = 0x1,
	  .addr = { 0x80000010 },
	  .psv = { (1u << PICS_TEA_ST_L1) | (1u << PICS_TEA_ST_LLC) } },
	{ .cycle = 12000, .state = PICS_DRAINED, .valid = 0x1,
	  .addr = { 0xffffffff80001000ULL },
	  .psv = { 1u << PICS_TEA_DR_L1 } },
	{ .cycle = 16000, .state = PICS_FLUSHED, .valid = 0x4,
	  .addr = { 0, 0, 0x80000020 }, .psv = { 0, 0, 1u << PICS_TEA_FL_MB } },
	{ .cycle = 20000, .state = PICS_COMPUTE, .valid = 0xa,
	  .addr = { 0, 0x80000024, 0, 0x80000028 }, .psv = { 0, 0, 0, 0 } },
};

#define N_SAMPLES (sizeof(samples) / sizeof(samples[0]))

static void write_samples(const char *path, const struct pics_meta *m,
			  size_t n, uint64_t lost)
{
	struct pics_error err;
	struct pics_sample_writer *w = pics_sample_writer_open(path, m, &err);

	assert_non_null(w);
	for (size_t i = 0; i < n; i++)
		assert_int_equal(pics_sample_writer_add(w, &samples[i], &err), 0);
	pics_sample_writer_lost(w, lost);
	assert_int_equal(pics_sample_writer_close(w, &err), 0);
}

/* Reads the whole file; returns the error code (PICS_OK when complete). */
static enum pics_error_code read_all(const char *path, struct pics_error *err,
				     uint64_t *count)
{
	*count = 0;
	return read_sample_file(path, err, count);
}

static void test_samples_round_trip_exactly(void **state)
{
	struct pics_meta m = full_meta(), back;
	const char *path = scratch("round.tea");
	struct pics_sample_reader *r;
	struct pics_error err;
	struct pics_sample s;

	(void)state;
	write_samples(path, &m, N_SAMPLES, 7);
	r = pics_sample_reader_open(path, &err);
	assert_non_null(r);
	back = *pics_sample_reader_meta(r);
	assert_memory_equal(&back, &m, sizeof(m));
	for (size_t i = 0; i < N_SAMPLES; i++) {
		assert_int_equal(pics_sample_reader_next(r, &s, &err), 1);
		assert_int_equal(s.cycle, samples[i].cycle);
		assert_int_equal(s.state, samples[i].state);
		assert_int_equal(s.valid, samples[i].valid);
		for (unsigned j = 0; j < 4; j++) {
			if (!(s.valid >> j & 1))
				continue;
			assert_int_equal(s.addr[j], samples[i].addr[j]);
			assert_int_equal(s.psv[j], samples[i].psv[j]);
		}
	}
	assert_int_equal(pics_sample_reader_next(r, &s, &err), 0);
	assert_int_equal(pics_sample_reader_next(r, &s, &err), 0);
	assert_int_equal(pics_sample_reader_samples(r), N_SAMPLES);
	assert_int_equal(pics_sample_reader_lost(r), 7);
	pics_sample_reader_close(r);
	unlink(path);
}

static void test_file_with_no_samples_is_complete(void **state)
{
	struct pics_meta m = tea_meta(2, 100);
	const char *path = scratch("empty.tea");
	struct pics_error err;
	uint64_t count;

	(void)state;
	write_samples(path, &m, 0, 0);
	assert_int_equal(read_all(path, &err, &count), PICS_OK);
	assert_int_equal(count, 0);
	unlink(path);
}

static void test_every_truncation_is_reported_as_truncated(void **state)
{
	struct pics_meta m = full_meta();
	const char *path = scratch("trunc.tea");
	const char *cut = scratch("cut.tea");
	struct pics_error err;
	uint64_t count;
	uint8_t *bytes;
	size_t len;

	(void)state;
	write_samples(path, &m, N_SAMPLES, 0);
	bytes = read_bytes(path, &len);
	for (size_t keep = 0; keep < len; keep++) {
		write_bytes(cut, bytes, keep);
		assert_int_equal(read_all(cut, &err, &count),
				 PICS_ERR_TRUNCATED);
		assert_true(count <= N_SAMPLES);
		assert_non_null(strstr(err.msg, cut));
	}
	free(bytes);
	unlink(path);
	unlink(cut);
}

/* Writes the sample file, lets @patch change its bytes, and returns the
 * error code reading the result gives. */
static enum pics_error_code read_patched(void (*patch)(uint8_t *b, size_t *len),
					 struct pics_error *err)
{
	struct pics_meta m = full_meta();
	const char *path = scratch("patched.tea");
	enum pics_error_code code;
	uint8_t *bytes, *grown;
	uint64_t count;
	size_t len;

	write_samples(path, &m, N_SAMPLES, 0);
	bytes = read_bytes(path, &len);
	grown = realloc(bytes, len + 64);
	assert_non_null(grown);
	patch(grown, &len);
	write_bytes(path, grown, len);
	free(grown);
	code = read_all(path, err, &count);
	unlink(path);
	return code;
}

static uint32_t header_len(const uint8_t *b)
{
	return (uint32_t)b[12] | (uint32_t)b[13] << 8 | (uint32_t)b[14] << 16 |
	       (uint32_t)b[15] << 24;
}

static size_t first_record(const uint8_t *b)
{
	return PREAMBLE + header_len(b);
}

static void wrong_magic(uint8_t *b, size_t *len)
{
	(void)len;
	b[3] = 'X';
}

static void test_wrong_magic_is_rejected(void **state)
{
	struct pics_error err;

	(void)state;
	assert_int_equal(read_patched(wrong_magic, &err), PICS_ERR_MAGIC);
	assert_true(err.has_offset);
	assert_int_equal(err.offset, 0);
	assert_non_null(strstr(err.msg, "not a TEA sample file"));
}

static void next_major(uint8_t *b, size_t *len)
{
	(void)len;
	b[8] = PICS_FORMAT_MAJOR + 1;
}

static void test_unknown_major_version_is_rejected(void **state)
{
	struct pics_error err;
	char want[32];

	(void)state;
	assert_int_equal(read_patched(next_major, &err), PICS_ERR_VERSION);
	snprintf(want, sizeof(want), "version %d.%d", PICS_FORMAT_MAJOR + 1,
		 PICS_FORMAT_MINOR);
	assert_non_null(strstr(err.msg, want));
}

static void insert(uint8_t *b, size_t *len, size_t at, const void *bytes,
		   size_t n)
{
	memmove(b + at + n, b + at, *len - at);
	memcpy(b + at, bytes, n);
	*len += n;
}

/* What a later minor version may add: a header field at the end of the
 * header, and an extension record of a kind this reader does not know
 * (0x80 to 0x87 are the map, task map, task, stop, throttle, call-chain,
 * buffer and data-address records). */
static void newer_minor(uint8_t *b, size_t *len)
{
	static const uint8_t field[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };
	static const uint8_t record[] = { 0x8f, 3, 0, 0, 0, 'n', 'e', 'w' };
	size_t at = first_record(b);
	uint32_t hl = header_len(b) + sizeof(field);

	b[10] = PICS_FORMAT_MINOR + 1;
	b[12] = (uint8_t)hl;
	b[13] = (uint8_t)(hl >> 8);
	insert(b, len, at, field, sizeof(field));
	insert(b, len, at + sizeof(field), record, sizeof(record));
}

static void test_newer_minor_version_is_read(void **state)
{
	struct pics_error err;

	(void)state;
	assert_int_equal(read_patched(newer_minor, &err), PICS_OK);
}

static void header_too_long(uint8_t *b, size_t *len)
{
	(void)len;
	b[14] = 0x10;
}

static void header_too_short(uint8_t *b, size_t *len)
{
	(void)len;
	b[12] = 10;
	b[13] = 0;
}

static void event_name_overruns(uint8_t *b, size_t *len)
{
	(void)len;
	/* scheme "TEA" is 1 + 3 bytes, then width and count: the first
	 * event name's length byte follows. */
	b[PREAMBLE + 6] = 0xff;
}

static void event_count_zero(uint8_t *b, size_t *len)
{
	(void)len;
	b[PREAMBLE + 5] = 0;
}

static void width_nine(uint8_t *b, size_t *len)
{
	(void)len;
	b[PREAMBLE + 4] = 9;
}

static void valid_beyond_width(uint8_t *b, size_t *len)
{
	(void)len;
	b[first_record(b) + 2] = 0x1f;
}

static void stalled_with_four_valid(uint8_t *b, size_t *len)
{
	(void)len;
	b[first_record(b) + 1] = PICS_STALLED;
}

static void unknown_state(uint8_t *b, size_t *len)
{
	(void)len;
	b[first_record(b) + 1] = 9;
}

static void no_valid_slot(uint8_t *b, size_t *len)
{
	/* The second sample (stalled, one slot) loses its slot; the bytes
	 * that follow are then read as the next record. */
	size_t second = first_record(b) + 1 + 10 + 4 * (8 + 2);

	(void)len;
	b[second + 2] = 0;
}

static void unknown_record_kind(uint8_t *b, size_t *len)
{
	(void)len;
	b[first_record(b)] = 0x05;
}

static void psv_beyond_events(uint8_t *b, size_t *len)
{
	(void)len;
	/* First slot's PSV: high byte gets bit 15, beyond TEA's events. */
	b[first_record(b) + 1 + 10 + 8 + 1] = 0x80;
}

static void end_count_wrong(uint8_t *b, size_t *len)
{
	b[*len - 16] ^= 1;
}

static void data_after_end(uint8_t *b, size_t *len)
{
	b[(*len)++] = 0;
}

static void test_corrupted_files_are_rejected(void **state)
{
	static const struct {
		void (*patch)(uint8_t *b, size_t *len);
		enum pics_error_code code;
		const char *says;
	} cases[] = {
		{ header_too_long, PICS_ERR_FORMAT, "header length" },
		{ header_too_short, PICS_ERR_FORMAT, "past the end of the header" },
		{ event_name_overruns, PICS_ERR_FORMAT, "name of event 0" },
		{ event_count_zero, PICS_ERR_FORMAT, "event count 0" },
		{ width_nine, PICS_ERR_FORMAT, "commit width 9" },
		{ valid_beyond_width, PICS_ERR_FORMAT, "beyond commit width" },
		{ stalled_with_four_valid, PICS_ERR_FORMAT, "expected exactly 1" },
		{ unknown_state, PICS_ERR_FORMAT, "commit state 9" },
		{ no_valid_slot, PICS_ERR_FORMAT, "no valid instruction" },
		{ unknown_record_kind, PICS_ERR_FORMAT, "record kind 0x05" },
		{ psv_beyond_events, PICS_ERR_FORMAT, "beyond the 10 events" },
		{ end_count_wrong, PICS_ERR_FORMAT, "end record counts" },
		{ data_after_end, PICS_ERR_FORMAT, "after the end record" },
	};
	struct pics_error err;

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		assert_int_equal(read_patched(cases[i].patch, &err),
				 cases[i].code);
		assert_true(err.has_offset);
		if (!strstr(err.msg, cases[i].says))
			fail_msg("case %zu: '%s' lacks '%s'", i, err.msg,
				 cases[i].says);
	}
}

static void test_error_names_the_offset_of_the_bad_record(void **state)
{
	struct pics_error err;
	uint8_t *bytes;
	size_t len;
	const char *path = scratch("offset.tea");
	struct pics_meta m = full_meta();

	(void)state;
	write_samples(path, &m, N_SAMPLES, 0);
	bytes = read_bytes(path, &len);
	unlink(path);
	assert_int_equal(read_patched(unknown_record_kind, &err),
			 PICS_ERR_FORMAT);
	assert_int_equal(err.offset, first_record(bytes));
	free(bytes);
}

static void test_writer_rejects_invalid_samples(void **state)
{
	struct pics_meta m = tea_meta(2, 100);
	const char *path = scratch("invalid.tea");
	struct pics_sample_writer *w;
	struct pics_error err;
	struct pics_sample s = { .state = PICS_COMPUTE, .valid = 0 };

	(void)state;
	w = pics_sample_writer_open(path, &m, &err);
	assert_non_null(w);
	assert_int_equal(pics_sample_writer_add(w, &s, &err), -1);
	s.valid = 0x4;		/* slot 2 of a 2-wide core */
	assert_int_equal(pics_sample_writer_add(w, &s, &err), -1);
	s.valid = 0x3;
	s.state = PICS_FLUSHED;
	assert_int_equal(pics_sample_writer_add(w, &s, &err), -1);
	s.state = PICS_COMPUTE;
	s.psv[1] = 1u << PICS_TEA_NUM_EVENTS;
	assert_int_equal(pics_sample_writer_add(w, &s, &err), -1);
	s.psv[1] = 1u << (PICS_TEA_NUM_EVENTS - 1);
	assert_int_equal(pics_sample_writer_add(w, &s, &err), 0);
	assert_int_equal(pics_sample_writer_close(w, &err), 0);
	unlink(path);
}

static void test_abandoned_file_reads_as_truncated(void **state)
{
	struct pics_meta m = tea_meta(4, 100);
	const char *path = scratch("abandoned.tea");
	struct pics_sample_writer *w;
	struct pics_error err;
	uint64_t count;

	(void)state;
	w = pics_sample_writer_open(path, &m, &err);
	assert_non_null(w);
	assert_int_equal(pics_sample_writer_add(w, &samples[0], &err), 0);
	pics_sample_writer_abandon(w);
	assert_int_equal(read_all(path, &err, &count), PICS_ERR_TRUNCATED);
	assert_int_equal(count, 1);
	assert_non_null(strstr(err.msg, "after 1 samples"));
	unlink(path);
}

static void test_missing_file_is_an_io_error(void **state)
{
	struct pics_error err;

	(void)state;
	assert_null(pics_sample_reader_open("/nonexistent/x.tea", &err));
	assert_int_equal(err.code, PICS_ERR_IO);
	assert_non_null(strstr(err.msg, "/nonexistent/x.tea"));
}

static void test_meta_rejects_bad_names_and_sizes(void **state)
{
	struct pics_meta m;
	struct pics_error err;

	(void)state;
	m = tea_meta(4, 1);
	snprintf(m.events[3], sizeof(m.events[3]), "FL MB");
	assert_int_equal(pics_meta_validate(&m, &err), -1);
	m = tea_meta(4, 1);
	snprintf(m.events[3], sizeof(m.events[3]), "Base");
	assert_int_equal(pics_meta_validate(&m, &err), -1);
	m = tea_meta(4, 1);
	snprintf(m.events[3], sizeof(m.events[3]), "DR-L1");
	assert_int_equal(pics_meta_validate(&m, &err), -1);
	assert_non_null(strstr(err.msg, "twice"));
	m = tea_meta(4, 1);
	m.commit_width = 9;
	assert_int_equal(pics_meta_validate(&m, &err), -1);
	m = tea_meta(4, 1);
	m.period = 0;
	assert_int_equal(pics_meta_validate(&m, &err), -1);
	m = tea_meta(4, 1);
	m.scheme[0] = '\0';
	assert_int_equal(pics_meta_validate(&m, &err), -1);
	m = tea_meta(8, 1);
	assert_int_equal(pics_meta_validate(&m, &err), 0);
}

static void test_signature_names_round_trip(void **state)
{
	struct pics_meta m = tea_meta(4, 1);
	struct pics_error err;
	char name[128];
	uint64_t sig;

	(void)state;
	pics_signature_name(&m, 0, name, sizeof(name));
	assert_string_equal(name, "Base");
	pics_signature_name(&m, (1u << PICS_TEA_ST_L1) | (1u << PICS_TEA_ST_LLC),
			    name, sizeof(name));
	assert_string_equal(name, "ST-L1+ST-LLC");
	for (sig = 0; sig < 512; sig++) {
		uint64_t back;

		pics_signature_name(&m, sig, name, sizeof(name));
		assert_int_equal(pics_signature_parse(&m, name, &back, &err), 0);
		assert_int_equal(back, sig);
	}
	assert_int_equal(pics_signature_parse(&m, "ST-L2", &sig, &err), -1);
	assert_int_equal(pics_signature_parse(&m, "ST-L1+", &sig, &err), -1);
	assert_int_equal(pics_signature_parse(&m, "", &sig, &err), -1);
	assert_int_equal(pics_signature_parse(&m, "+ST-L1", &sig, &err), -1);
	assert_int_equal(pics_signature_parse(&m, "ST-L1++FL-MB", &sig, &err), -1);
}

static void test_weight_unit_is_lcm_of_widths(void **state)
{
	static const uint64_t want[] = { 1, 1, 2, 6, 12, 60, 60, 420, 840 };

	(void)state;
	for (unsigned w = 1; w <= PICS_MAX_WIDTH; w++) {
		assert_int_equal(pics_weight_unit(w), want[w]);
		for (unsigned n = 1; n <= w; n++)
			assert_int_equal(pics_weight_unit(w) % n, 0);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_samples_round_trip_exactly),
		cmocka_unit_test(test_file_with_no_samples_is_complete),
		cmocka_unit_test(test_every_truncation_is_reported_as_truncated),
		cmocka_unit_test(test_wrong_magic_is_rejected),
		cmocka_unit_test(test_unknown_major_version_is_rejected),
		cmocka_unit_test(test_newer_minor_version_is_read),
		cmocka_unit_test(test_corrupted_files_are_rejected),
		cmocka_unit_test(test_error_names_the_offset_of_the_bad_record),
		cmocka_unit_test(test_writer_rejects_invalid_samples),
		cmocka_unit_test(test_abandoned_file_reads_as_truncated),
		cmocka_unit_test(test_missing_file_is_an_io_error),
		cmocka_unit_test(test_meta_rejects_bad_names_and_sizes),
		cmocka_unit_test(test_signature_names_round_trip),
		cmocka_unit_test(test_weight_unit_is_lcm_of_widths),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
