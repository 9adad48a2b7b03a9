/* Buffer records (kinds 0x86 and 0x88, with data addresses): the
 * sampler's records as it wrote them to memory, in a sample file
 * (docs/formats.md), read as samples; and every way one can be broken. */
#include "test_pics_util.h"

#define W 2			/* the files' commit width */
#define WORDS (2 + 2 * W)	/* a sampler record */
#define END_BYTES 17		/* kind, samples, lost */

/* the buffer record's kind write_file writes */
static uint8_t buffer_kind = 0x86;

/* teastat as the sampler writes it: V, the state, the slots, user mode */
static uint64_t stat(unsigned state, unsigned mask)
{
	return 1 | (uint64_t)state << 2 | (uint64_t)mask << 8;
}

/* A sampler record at @w: its cycle, state, slots, addresses and PSVs. */
static uint64_t *record(uint64_t *w, uint64_t cycle, unsigned state, unsigned mask,
			uint64_t a0, uint64_t a1, uint64_t p0, uint64_t p1)
{
	w[0] = cycle;
	w[1] = stat(state, mask);
	w[2] = a0;
	w[3] = a1;
	w[4] = p0;
	w[5] = p1;
	return w + WORDS;
}

static uint8_t *put_le(uint8_t *p, uint64_t v, unsigned bytes)
{
	for (unsigned i = 0; i < bytes; i++)
		*p++ = (uint8_t)(v >> (8 * i));
	return p;
}

/* A sample file of width W: @pre (a record of @pre_len bytes, or none),
 * then a buffer record of @count samples, @pad bytes of padding and @n
 * words, then the end record counting @end_count samples; the last
 * @cut bytes left out. */
static const char *write_file(const uint8_t *pre, size_t pre_len, uint32_t count,
			      unsigned pad, const uint64_t *words, size_t n,
			      uint64_t end_count, size_t cut)
{
	const char *path = scratch("buffer.tea");
	struct pics_meta m = tea_meta(W, 100);
	struct pics_error err;
	struct pics_sample_writer *w = pics_sample_writer_open(path, &m, &err);
	uint8_t *bytes, *out, *p;
	size_t len, head;

	assert_non_null(w);
	assert_int_equal(pics_sample_writer_close(w, &err), 0);
	bytes = read_bytes(path, &len);
	head = len - END_BYTES;
	out = calloc(1, len + pre_len + 10 + pad + 8 * n);
	assert_non_null(out);
	memcpy(out, bytes, head);
	p = out + head;
	if (pre_len)
		memcpy(p, pre, pre_len);
	p += pre_len;
	*p++ = buffer_kind;
	p = put_le(p, 5 + pad + 8 * n, 4);
	p = put_le(p, count, 4);
	*p++ = (uint8_t)pad;
	p += pad;
	for (size_t i = 0; i < n; i++)
		p = put_le(p, words[i], 8);
	*p++ = 0x02;
	p = put_le(p, end_count, 8);
	p = put_le(p, 0, 8);
	write_bytes(path, out, (size_t)(p - out) - cut);
	free(out);
	free(bytes);
	return path;
}

/* Kind 0x88: each record has a data address a slot more, after the
 * PSVs, which counts where teastat's DMASK (bits 25:18) names a slot that
 * holds an instruction. */
static void test_buffer_records_with_data_addresses(void **state)
{
	uint64_t words[2 * (2 + 3 * W)] = {
		2000, stat(PICS_COMPUTE, 3) | 2ull << 18, 0x10200, 0x10204, 0x1, 0x200,
		0x1234, 0x3fff0010,
		3000, stat(PICS_STALLED, 1) | 3ull << 18, 0x10300, 0, 0x40, 0,
		0x3fff0020, 0x3fff0028,
	};
	struct pics_sample_reader *r;
	struct pics_error err;
	struct pics_sample s;
	const char *path;

	(void)state;
	buffer_kind = 0x88;
	path = write_file(NULL, 0, 2, 0, words, 2 * (2 + 3 * W), 2, 0);
	buffer_kind = 0x86;
	r = pics_sample_reader_open(path, &err);
	assert_non_null(r);
	assert_int_equal(pics_sample_reader_next(r, &s, &err), 1);
	assert_int_equal(s.valid, 3);
	assert_int_equal(s.psv[1], 0x200);
	assert_int_equal(s.daccess, 2);
	assert_int_equal(s.daddr[0], 0);
	assert_int_equal(s.daddr[1], 0x3fff0010);
	assert_int_equal(pics_sample_reader_next(r, &s, &err), 1);
	assert_int_equal(s.cycle, 3000);
	assert_int_equal(s.daccess, 1);	/* not slot 1's: it holds nothing */
	assert_int_equal(s.daddr[0], 0x3fff0020);
	assert_int_equal(s.daddr[1], 0);
	assert_int_equal(pics_sample_reader_next(r, &s, &err), 0);
	pics_sample_reader_close(r);

	/* read as kind 0x86, the same words are records of 2 + 2W words */
	path = write_file(NULL, 0, 2, 0, words, 2 * (2 + 3 * W), 2, 0);
	r = pics_sample_reader_open(path, &err);
	assert_non_null(r);
	while (pics_sample_reader_next(r, &s, &err) > 0)
		;
	assert_non_null(strstr(err.msg, "cut short"));
	pics_sample_reader_close(r);
}

static void test_buffer_records_read_as_their_samples(void **state)
{
	/* a task record first: the samples are its task's */
	static const uint8_t task[] = { 0x82, 4, 0, 0, 0, 42, 0, 0, 0 };
	uint64_t words[4 * WORDS + 2], *w = words;
	struct pics_sample_reader *r;
	struct pics_error err;
	struct pics_sample s;
	const char *path;

	(void)state;
	w = record(w, 1000, PICS_STALLED, 1, 0x10100, 0xdead, 0x41, 0xbeef);
	*w++ = 0;	/* padding where a run of the buffer ended */
	*w++ = 0;
	w = record(w, 2000, PICS_COMPUTE, 3, 0x10200, 0x10204, 0x1, 0x200);
	w = record(w, 2500, PICS_FLUSHED, 0, 0x1, 0x2, 0x3, 0x4);	/* no instruction */
	w = record(w, 3000, PICS_DRAINED, 1, 0x10300, 0, 0, 0);
	path = write_file(task, sizeof(task), 3, 5, words, (size_t)(w - words), 3, 0);
	r = pics_sample_reader_open(path, &err);
	assert_non_null(r);

	assert_int_equal(pics_sample_reader_next(r, &s, &err), 1);
	assert_int_equal(s.cycle, 1000);
	assert_int_equal(s.state, PICS_STALLED);
	assert_int_equal(s.valid, 1);
	assert_int_equal(s.addr[0], 0x10100);
	assert_int_equal(s.psv[0], 0x41);
	assert_int_equal(s.addr[1], 0);		/* no instruction in slot 1 */
	assert_int_equal(s.psv[1], 0);
	assert_int_equal(s.pid, 42);
	assert_int_equal(s.n_callers, 0);

	assert_int_equal(pics_sample_reader_next(r, &s, &err), 1);
	assert_int_equal(s.cycle, 2000);
	assert_int_equal(s.state, PICS_COMPUTE);
	assert_int_equal(s.valid, 3);
	assert_int_equal(s.addr[1], 0x10204);
	assert_int_equal(s.psv[1], 0x200);

	assert_int_equal(pics_sample_reader_next(r, &s, &err), 1);
	assert_int_equal(s.cycle, 3000);
	assert_int_equal(s.state, PICS_DRAINED);

	assert_int_equal(pics_sample_reader_next(r, &s, &err), 0);
	assert_int_equal(pics_sample_reader_samples(r), 3);
	pics_sample_reader_close(r);
	unlink(path);
}

static void test_empty_buffer_records_hold_nothing(void **state)
{
	uint64_t zeros[3] = { 0 };
	struct pics_error err;
	uint64_t n = 1;
	const char *path;

	(void)state;
	path = write_file(NULL, 0, 0, 0, zeros, 3, 0, 0);
	assert_int_equal(read_sample_file(path, &err, &n), PICS_OK);
	assert_int_equal(n, 0);
	path = write_file(NULL, 0, 0, 7, NULL, 0, 0, 0);
	assert_int_equal(read_sample_file(path, &err, &n), PICS_OK);
	assert_int_equal(n, 0);
	unlink(path);
}

/* What reading the buffer record of @words (a good record by default)
 * says, behind @pre, with @count, @pad and the end's count. */
static enum pics_error_code read_case(const uint8_t *pre, size_t pre_len, uint32_t count,
				      unsigned pad, const uint64_t *words, size_t n,
				      uint64_t end_count, size_t cut, struct pics_error *err)
{
	const char *path = write_file(pre, pre_len, count, pad, words, n, end_count, cut);
	enum pics_error_code code;

	err->code = PICS_OK;
	err->msg[0] = '\0';
	code = read_sample_file(path, err, NULL);
	unlink(path);
	return code;
}

static void expect(enum pics_error_code got, enum pics_error_code want,
		   const struct pics_error *err, const char *says)
{
	if (got != want || (says && !strstr(err->msg, says)))
		fail_msg("got %d '%s'; expected %d '%s'", got, err->msg, want,
			 says ? says : "");
}

static void test_broken_buffer_records_are_format_errors(void **state)
{
	static const uint8_t chain[] = { 0x85, 12, 0, 0, 0, 1, 0, 0, 0,
					 0x10, 0x01, 0, 0, 0, 0, 0, 0 };
	static const uint8_t stop[] = { 0x83, 8, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0 };
	uint64_t good[WORDS], bad[WORDS];
	struct pics_error err;

	(void)state;
	record(good, 1000, PICS_STALLED, 1, 0x10100, 0, 0x41, 0);
	expect(read_case(NULL, 0, 1, 0, good, WORDS, 1, 0, &err), PICS_OK, &err, NULL);
	expect(read_case(NULL, 0, 2, 0, good, WORDS, 2, 0, &err), PICS_ERR_FORMAT, &err,
	       "buffer record counts 2 samples but holds 1");
	expect(read_case(NULL, 0, 1, 0, good, WORDS, 2, 0, &err), PICS_ERR_FORMAT, &err,
	       "end record counts 2 samples but the file holds 1");
	expect(read_case(NULL, 0, 1, 0, good, WORDS - 1, 1, 0, &err), PICS_ERR_FORMAT, &err,
	       "a sampler record cut short: 40 bytes left of the buffer record, a record is 48");
	expect(read_case(NULL, 0, 1, 8, good, WORDS, 1, 0, &err), PICS_ERR_FORMAT, &err,
	       "with 8 bytes of padding");
	/* the file ends inside the record */
	expect(read_case(NULL, 0, 1, 0, good, WORDS, 1, END_BYTES + 20, &err),
	       PICS_ERR_TRUNCATED, &err, "file ends inside a buffer record: 28 of 48 bytes");
	record(bad, 1000, PICS_STALLED, 4, 0x10100, 0, 0x41, 0);
	expect(read_case(NULL, 0, 1, 0, bad, WORDS, 1, 0, &err), PICS_ERR_FORMAT, &err,
	       "valid bits 0x04 name a slot beyond commit width 2");
	record(bad, 1000, PICS_STALLED, 3, 0x10100, 0x10104, 0, 0);
	expect(read_case(NULL, 0, 1, 0, bad, WORDS, 1, 0, &err), PICS_ERR_FORMAT, &err,
	       "stalled sample has 2 valid instructions; expected exactly 1");
	record(bad, 1000, PICS_STALLED, 1, 0x10100, 0, 0x400, 0);
	expect(read_case(NULL, 0, 1, 0, bad, WORDS, 1, 0, &err), PICS_ERR_FORMAT, &err,
	       "bits beyond the 10 events");
	expect(read_case(chain, sizeof(chain), 1, 0, good, WORDS, 1, 0, &err), PICS_ERR_FORMAT,
	       &err, "a record of kind 0x86 after a call-chain record");
	expect(read_case(stop, sizeof(stop), 1, 0, good, WORDS, 1, 0, &err), PICS_ERR_FORMAT,
	       &err, "a buffer record after the stop record (cycle 1)");
}

/* A profile counts a buffer record's samples as it counts sample
 * records. */
static void test_profiles_take_buffer_records_in(void **state)
{
	uint64_t words[2 * WORDS], *w = words;
	struct pics_error err;
	struct pics_profile *p;
	const char *path;

	(void)state;
	w = record(w, 1000, PICS_STALLED, 1, 0x10100, 0, 0x41, 0);
	record(w, 2000, PICS_COMPUTE, 3, 0x10100, 0x10104, 0x41, 0);
	path = write_file(NULL, 0, 2, 1, words, 2 * WORDS, 2, 0);
	p = pics_profile_load(path, &err);
	assert_non_null(p);
	assert_int_equal(pics_profile_samples(p), 2);
	pics_profile_free(p);
	unlink(path);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_buffer_records_read_as_their_samples),
		cmocka_unit_test(test_buffer_records_with_data_addresses),
		cmocka_unit_test(test_empty_buffer_records_hold_nothing),
		cmocka_unit_test(test_broken_buffer_records_are_format_errors),
		cmocka_unit_test(test_profiles_take_buffer_records_in),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
