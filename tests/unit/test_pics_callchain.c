/* Call-chain records (docs/formats.md; pics/callchain.c, pics/record.c):
 * the callers of a sample round trip through a sample file in the
 * documented layout, every rule of the record is an error at its offset,
 * and perf.data's PERF_SAMPLE_CALLCHAIN (pics/perf_data_sample.c) becomes
 * the same callers. Data-address records (pics/data_address.c), the other
 * record that goes before its sample, the same: round trip with and
 * after callers, layout, and their rules. */
#include "test_pics_util.h"
#include "../teaperf/perf_data_build.h"

#define PREAMBLE 16
#define PID 42

static struct pics_sample stalled(uint64_t cycle, uint64_t addr,
				  uint32_t n_callers, uint64_t first_caller)
{
	struct pics_sample s = { .cycle = cycle, .state = PICS_STALLED,
				 .valid = 1, .addr = { addr },
				 .psv = { 1u << PICS_TEA_ST_L1 },
				 .n_callers = n_callers };

	for (uint32_t i = 0; i < n_callers; i++)
		s.callers[i] = first_caller + 0x10 * i;
	return s;
}

static void write_samples(const char *path, const struct pics_sample *s,
			  size_t n)
{
	struct pics_meta m = tea_meta(2, 100);
	struct pics_error err;
	struct pics_sample_writer *w = pics_sample_writer_open(path, &m, &err);

	assert_non_null(w);
	for (size_t i = 0; i < n; i++)
		assert_int_equal(pics_sample_writer_add(w, &s[i], &err), 0);
	assert_int_equal(pics_sample_writer_close(w, &err), 0);
}

static void assert_same_callers(const struct pics_sample *got,
				const struct pics_sample *want)
{
	assert_int_equal(got->n_callers, want->n_callers);
	for (uint32_t i = 0; i < want->n_callers; i++)
		assert_int_equal(got->callers[i], want->callers[i]);
}

static void test_callers_round_trip_with_tasks_and_compute_samples(void **state)
{
	struct pics_sample s[4] = {
		stalled(100, 0x10010, 2, 0x10400),
		stalled(200, 0x10020, 0, 0),
		stalled(300, 0x10030, PICS_MAX_CALLERS, 0x20000),
		stalled(400, 0x10040, 1, 0xffffffff80001000ull),
	};
	const char *path = scratch("round.tea");
	struct pics_sample_reader *r;
	struct pics_error err;
	struct pics_sample got;

	(void)state;
	s[2].state = PICS_COMPUTE;
	s[2].valid = 3;
	s[2].addr[1] = 0x10034;
	s[3].pid = PID;		/* a task record goes before its call chain */
	write_samples(path, s, 4);
	r = pics_sample_reader_open(path, &err);
	assert_non_null(r);
	for (size_t i = 0; i < 4; i++) {
		assert_int_equal(pics_sample_reader_next(r, &got, &err), 1);
		assert_int_equal(got.cycle, s[i].cycle);
		assert_int_equal(got.pid, s[i].pid);
		assert_same_callers(&got, &s[i]);
	}
	assert_int_equal(pics_sample_reader_next(r, &got, &err), 0);
	pics_sample_reader_close(r);
	unlink(path);
}

static size_t first_record(const uint8_t *b)
{
	return PREAMBLE + (size_t)(b[12] | b[13] << 8 | b[14] << 16 |
				   (uint32_t)b[15] << 24);
}

static uint64_t le(const uint8_t *p, unsigned bytes)
{
	uint64_t v = 0;

	for (unsigned i = 0; i < bytes; i++)
		v |= (uint64_t)p[i] << (8 * i);
	return v;
}

/* A file of the one sample @s: its bytes in @b (room for @cap), its
 * length returned, its first record's offset in *@at. */
static size_t one_sample_file(uint8_t *b, size_t cap, const struct pics_sample *s, size_t *at)
{
	const char *path = scratch("one.tea");
	uint8_t *bytes;
	size_t len;

	write_samples(path, s, 1);
	bytes = read_bytes(path, &len);
	assert_true(len <= cap);
	memcpy(b, bytes, len);
	free(bytes);
	unlink(path);
	*at = first_record(b);
	return len;
}

/* A file of one stalled sample with the callers 0x10400 and 0x10410: its
 * bytes in @b (room for @cap), its length returned, the call-chain
 * record's offset in *@at. */
static size_t one_chain_file(uint8_t *b, size_t cap, size_t *at)
{
	struct pics_sample s = stalled(100, 0x10010, 2, 0x10400);

	return one_sample_file(b, cap, &s, at);
}

static void test_call_chain_record_is_laid_out_as_documented(void **state)
{
	uint8_t b[512];
	size_t at, len = one_chain_file(b, sizeof(b), &at);

	(void)state;
	assert_int_equal(le(b + 10, 2), 7);		/* minor version */
	assert_int_equal(b[at], 0x85);
	assert_int_equal(le(b + at + 1, 4), 4 + 2 * 8);
	assert_int_equal(le(b + at + 5, 4), 2);
	assert_int_equal(le(b + at + 9, 8), 0x10400);
	assert_int_equal(le(b + at + 17, 8), 0x10410);
	assert_int_equal(b[at + 25], 0x01);		/* the sample */
	assert_true(len > at + 25);
}

static void insert(uint8_t *b, size_t *len, size_t at, const void *bytes,
		   size_t n)
{
	memmove(b + at + n, b + at, *len - at);
	memcpy(b + at, bytes, n);
	*len += n;
}

/* @b (of @len bytes) read: the error's code; its message must name the
 * file, the offset @offset and @what. */
static enum pics_error_code read_broken(const uint8_t *b, size_t len,
					uint64_t offset, const char *what)
{
	const char *path = scratch("broken.tea");
	struct pics_error err;
	enum pics_error_code code;
	char want[64];

	write_bytes(path, b, len);
	code = read_sample_file(path, &err, NULL);
	unlink(path);
	assert_int_not_equal(code, PICS_OK);
	snprintf(want, sizeof(want), "offset %llu: ", (unsigned long long)offset);
	if (!strstr(err.msg, want) || !strstr(err.msg, what))
		fail_msg("'%s' does not say '%s' and '%s'", err.msg, want, what);
	return code;
}

static void test_length_that_disagrees_with_the_count_is_an_error(void **state)
{
	static const uint8_t extra[8];
	uint8_t b[512];
	size_t at, len = one_chain_file(b, sizeof(b), &at);

	(void)state;
	b[at + 1] = 4 + 3 * 8;
	insert(b, &len, at + 25, extra, sizeof(extra));
	assert_int_equal(read_broken(b, len, at, "disagrees with its 2 callers"),
			 PICS_ERR_FORMAT);
	/* the length alone cannot hold the count */
	len = one_chain_file(b, sizeof(b), &at);
	b[at + 1] = 3;
	assert_int_equal(read_broken(b, len, at, "its count alone"), PICS_ERR_FORMAT);
}

static void test_more_than_127_callers_is_an_error(void **state)
{
	uint8_t b[512];
	size_t at, len = one_chain_file(b, sizeof(b), &at);

	(void)state;
	b[at + 5] = PICS_MAX_CALLERS + 1;
	b[at + 1] = (uint8_t)(4 + 8 * (PICS_MAX_CALLERS + 1));
	b[at + 2] = (uint8_t)((4 + 8 * (PICS_MAX_CALLERS + 1)) >> 8);
	assert_int_equal(read_broken(b, len, at, "128 callers; at most 127"),
			 PICS_ERR_FORMAT);
}

static void test_call_chain_not_followed_by_a_sample_is_an_error(void **state)
{
	static const uint8_t task[] = { 0x82, 4, 0, 0, 0, PID, 0, 0, 0 };
	uint8_t b[512];
	size_t at, len = one_chain_file(b, sizeof(b), &at);
	size_t sample = at + 25, end;

	(void)state;
	/* a task record between it and its sample */
	insert(b, &len, sample, task, sizeof(task));
	assert_int_equal(read_broken(b, len, sample, "kind 0x82 after a call-chain record"),
			 PICS_ERR_FORMAT);
	/* the end record right after it */
	len = one_chain_file(b, sizeof(b), &at);
	end = len - 17;
	memmove(b + sample, b + end, 17);
	len = sample + 17;
	b[sample + 1] = 0;	/* no sample counted */
	assert_int_equal(read_broken(b, len, sample, "kind 0x02 after a call-chain record"),
			 PICS_ERR_FORMAT);
	/* the file's end */
	assert_int_equal(read_broken(b, sample, sample, "file ends after a call-chain record"),
			 PICS_ERR_TRUNCATED);
}

/* A count of 0 is a sample whose callers are not known. */
static void test_call_chain_of_no_callers_reads_as_none(void **state)
{
	uint8_t b[512];
	size_t at, len = one_chain_file(b, sizeof(b), &at);
	const char *path = scratch("none.tea");
	struct pics_sample_reader *r;
	struct pics_error err;
	struct pics_sample s;

	(void)state;
	b[at + 1] = 4;
	b[at + 5] = 0;
	memmove(b + at + 9, b + at + 25, len - at - 25);
	len -= 16;
	write_bytes(path, b, len);
	r = pics_sample_reader_open(path, &err);
	assert_non_null(r);
	assert_int_equal(pics_sample_reader_next(r, &s, &err), 1);
	assert_int_equal(s.n_callers, 0);
	assert_int_equal(pics_sample_reader_next(r, &s, &err), 0);
	pics_sample_reader_close(r);
	unlink(path);
}

static void test_writer_refuses_too_many_callers(void **state)
{
	struct pics_meta m = tea_meta(2, 100);
	struct pics_sample s = stalled(100, 0x10010, PICS_MAX_CALLERS, 0x10400);
	const char *path = scratch("many.tea");
	struct pics_error err;
	struct pics_sample_writer *w = pics_sample_writer_open(path, &m, &err);

	(void)state;
	assert_non_null(w);
	s.n_callers = PICS_MAX_CALLERS + 1;
	assert_int_equal(pics_sample_writer_add(w, &s, &err), -1);
	assert_non_null(strstr(err.msg, "at most 127"));
	pics_sample_writer_abandon(w);
	unlink(path);
}

/* ---- perf.data -------------------------------------------------------------- */

/* A recording whose tea event has PERF_SAMPLE_CALLCHAIN (and @with_ip,
 * PERF_SAMPLE_IP), with one sample of @chain. */
static const char *chain_recording(const char *name, bool with_ip,
				   uint64_t addr, unsigned priv,
				   const uint64_t *chain, unsigned n)
{
	struct pd_tea_sample s = { .pid = PID, .width = 2,
				   .state = PICS_STALLED, .valid = 1,
				   .addr = { addr }, .priv = priv,
				   .chain = chain, .n_chain = n };
	const char *path = scratch(name);
	struct pd_file f;
	unsigned tea;
	uint8_t *bytes;
	size_t len;

	pd_init(&f);
	tea = pd_add_tea(&f, 5000);
	f.attrs[tea].sample_type |= PERF_SAMPLE_CALLCHAIN;
	if (!with_ip)
		f.attrs[tea].sample_type &= ~(uint64_t)PERF_SAMPLE_IP;
	pd_add_sample(&f, tea, &s);
	bytes = pd_finish(&f, &len);
	write_bytes(path, bytes, len);
	free(bytes);
	pd_free(&f);
	return path;
}

/* The one sample of the file at @path. */
static struct pics_sample only_sample(const char *path)
{
	struct pics_error err;
	struct pics_sample_reader *r = pics_sample_reader_open(path, &err);
	struct pics_sample s;

	if (!r)
		fail_msg("%s", err.msg);
	if (pics_sample_reader_next(r, &s, &err) != 1)
		fail_msg("%s", err.msg);
	assert_int_equal(pics_sample_reader_next(r, &s, &err), 0);
	pics_sample_reader_close(r);
	unlink(path);
	return s;
}

static void test_perf_call_chain_drops_markers_and_the_sample_ip(void **state)
{
	const uint64_t user[] = { PERF_CONTEXT_USER, 0x10010, 0x10400, 0x10500 };
	const uint64_t kernel[] = { PERF_CONTEXT_KERNEL, 0xffffffff80002000ull,
				    0xffffffff80003000ull, PERF_CONTEXT_USER,
				    0x10600, 0x10700 };
	struct pics_sample s;

	(void)state;
	s = only_sample(chain_recording("user.data", true, 0x10010, 0, user, 4));
	assert_int_equal(s.n_callers, 2);
	assert_int_equal(s.callers[0], 0x10400);
	assert_int_equal(s.callers[1], 0x10500);
	/* a kernel sample: its own address opens the kernel's frames; the
	 * user frames, where the task entered the kernel, are callers */
	s = only_sample(chain_recording("kernel.data", true, 0xffffffff80002000ull, 1,
					kernel, 6));
	assert_int_equal(s.n_callers, 3);
	assert_int_equal(s.callers[0], 0xffffffff80003000ull);
	assert_int_equal(s.callers[1], 0x10600);
	assert_int_equal(s.callers[2], 0x10700);
	/* without PERF_SAMPLE_IP the sample's IP is slot 0's address */
	s = only_sample(chain_recording("noip.data", false, 0x10010, 0, user, 4));
	assert_int_equal(s.n_callers, 2);
	assert_int_equal(s.callers[0], 0x10400);
}

static void test_perf_call_chain_keeps_the_127_innermost(void **state)
{
	uint64_t chain[1 + PICS_MAX_CALLERS + 3];
	struct pics_sample s;

	(void)state;
	chain[0] = PERF_CONTEXT_USER;
	for (unsigned i = 1; i < sizeof(chain) / sizeof(chain[0]); i++)
		chain[i] = 0x10000 + 4 * i;
	s = only_sample(chain_recording("deep.data", true, 0x10010, 0, chain,
					sizeof(chain) / sizeof(chain[0])));
	assert_int_equal(s.n_callers, PICS_MAX_CALLERS);
	assert_int_equal(s.callers[0], 0x10004);
	assert_int_equal(s.callers[PICS_MAX_CALLERS - 1], 0x10000 + 4 * PICS_MAX_CALLERS);
}

static void test_perf_call_chain_past_its_record_is_an_error(void **state)
{
	const uint64_t user[] = { PERF_CONTEXT_USER, 0x10010, 0x10400 };
	const char *path = chain_recording("cut.data", true, 0x10010, 0, user, 3);
	size_t len;
	uint8_t *b = read_bytes(path, &len);
	struct pics_error err;
	size_t i;

	(void)state;
	/* the call chain's count, 3 in the only sample: make it 300 */
	for (i = 0; i + 8 <= len; i++)
		if (le(b + i, 8) == 3 && le(b + i + 8, 8) == PERF_CONTEXT_USER)
			break;
	assert_true(i + 8 <= len);
	b[i] = 44;
	b[i + 1] = 1;
	write_bytes(path, b, len);
	free(b);
	assert_int_not_equal(read_sample_file(path, &err, NULL), PICS_OK);
	assert_non_null(strstr(err.msg, "call chain"));
	unlink(path);
}

/* A file of one Compute sample of two slots, the second with the data
 * address 0x90000010 (and with @callers, callers too): its bytes in @b,
 * its length returned, the data-address record's offset in *@at. */
static size_t one_daddr_file(uint8_t *b, size_t cap, size_t *at, bool callers)
{
	struct pics_sample s = stalled(100, 0x10010, callers ? 2 : 0, 0x10400);
	size_t len;

	s.state = PICS_COMPUTE;
	s.valid = 3;
	s.addr[1] = 0x10014;
	s.daccess = 2;
	s.daddr[1] = 0x90000010;
	len = one_sample_file(b, cap, &s, at);
	*at += callers ? 25 : 0;
	return len;
}

static void test_data_addresses_round_trip_alone_and_after_callers(void **state)
{
	struct pics_sample s[3] = {
		stalled(100, 0x10010, 0, 0),
		stalled(200, 0x10020, 3, 0x10400),
		stalled(300, 0x10030, 0, 0),
	};
	const char *path = scratch("daddrs.tea");
	struct pics_sample_reader *r;
	struct pics_error err;
	struct pics_sample got;

	(void)state;
	s[0].daccess = 1;
	s[0].daddr[0] = 0x90000000;
	s[1].daccess = 1;
	s[1].daddr[0] = 0xffffffc000001000ull;
	write_samples(path, s, 3);
	r = pics_sample_reader_open(path, &err);
	assert_non_null(r);
	for (size_t i = 0; i < 3; i++) {
		assert_int_equal(pics_sample_reader_next(r, &got, &err), 1);
		assert_int_equal(got.daccess, s[i].daccess);
		assert_int_equal(got.daddr[0], s[i].daddr[0]);
		assert_same_callers(&got, &s[i]);
	}
	assert_int_equal(pics_sample_reader_next(r, &got, &err), 0);
	pics_sample_reader_close(r);
	unlink(path);
}

static void test_data_address_record_is_laid_out_as_documented(void **state)
{
	uint8_t b[512];
	size_t at, len = one_daddr_file(b, sizeof(b), &at, false);

	(void)state;
	assert_int_equal(b[at], 0x87);
	assert_int_equal(le(b + at + 1, 4), 1 + 8);
	assert_int_equal(b[at + 5], 2);			/* mask: slot 1 */
	assert_int_equal(le(b + at + 6, 8), 0x90000010);
	assert_int_equal(b[at + 14], 0x01);		/* the sample */
	assert_true(len > at + 14);
	/* after a call-chain record, before the sample */
	one_daddr_file(b, sizeof(b), &at, true);
	assert_int_equal(b[at - 25], 0x85);
	assert_int_equal(b[at], 0x87);
}

static void test_data_address_record_rules(void **state)
{
	static const uint8_t task[] = { 0x82, 4, 0, 0, 0, PID, 0, 0, 0 };
	uint8_t b[512];
	size_t at, len = one_daddr_file(b, sizeof(b), &at, false);

	(void)state;
	b[at + 1] = 1 + 16;	/* a length its mask disagrees with */
	assert_int_equal(read_broken(b, len, at, "disagrees with its mask 0x02"), PICS_ERR_FORMAT);
	len = one_daddr_file(b, sizeof(b), &at, false);
	b[at + 5] = 0;		/* no slot */
	assert_int_equal(read_broken(b, len, at, "disagrees with its mask 0x00"), PICS_ERR_FORMAT);
	len = one_daddr_file(b, sizeof(b), &at, false);
	b[at + 5] = 4;		/* slot 2, which the sample does not hold */
	assert_int_equal(read_broken(b, len, at + 14, "data addresses 0x04 for slots it does not hold"),
			 PICS_ERR_FORMAT);
	len = one_daddr_file(b, sizeof(b), &at, false);
	insert(b, &len, at + 14, task, sizeof(task));
	assert_int_equal(read_broken(b, len, at + 14, "kind 0x82 after a data-address record"),
			 PICS_ERR_FORMAT);
	assert_int_equal(read_broken(b, at + 14, at + 14, "file ends after a data-address record"),
			 PICS_ERR_TRUNCATED);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_callers_round_trip_with_tasks_and_compute_samples),
		cmocka_unit_test(test_data_addresses_round_trip_alone_and_after_callers),
		cmocka_unit_test(test_data_address_record_is_laid_out_as_documented),
		cmocka_unit_test(test_data_address_record_rules),
		cmocka_unit_test(test_call_chain_record_is_laid_out_as_documented),
		cmocka_unit_test(test_length_that_disagrees_with_the_count_is_an_error),
		cmocka_unit_test(test_more_than_127_callers_is_an_error),
		cmocka_unit_test(test_call_chain_not_followed_by_a_sample_is_an_error),
		cmocka_unit_test(test_call_chain_of_no_callers_reads_as_none),
		cmocka_unit_test(test_writer_refuses_too_many_callers),
		cmocka_unit_test(test_perf_call_chain_drops_markers_and_the_sample_ip),
		cmocka_unit_test(test_perf_call_chain_keeps_the_127_innermost),
		cmocka_unit_test(test_perf_call_chain_past_its_record_is_an_error),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
