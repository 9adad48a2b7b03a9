/* A program's own sample log (tea/sample_log.h) as a sample file
 * (pics/sample_log.c): read out of memory, and rebuilt from the lines a
 * board prints on its console, noise around them included; a log that is
 * cut short, out of order or corrupt is refused with a reason, not
 * written as a shorter profile. */
#include "test_pics_util.h"

#include "tea/csr.h"
#include "tea/sample_log.h"

#define LOG_ADDR 0x80003570ull
#define REC_ADDR 0x80005cb8ull

/* A 2-wide log with three records, as the runtime keeps it: the second
 * sample's second slot loaded from 0x80200040. */
static uint64_t header[TEA_LOG_WORDS] = {
	TEA_LOG_MAGIC, 2, 1000, 8, 3, 1, 2, REC_ADDR,
};
static uint64_t records[3][TEA_LOG_RECORD_WORDS(2)] = {
	{ 1000, TEA_STAT_V | 1ull << TEA_STAT_MASK_SHIFT, 0x80000100, 0, 0x10, 0, 0, 0 },
	{ 2000, TEA_STAT_V | 3ull << TEA_STAT_MASK_SHIFT | 2ull << TEA_STAT_DMASK_SHIFT,
	  0x80000104, 0x80000108, 0, 0x2, 0, 0x80200040 },
	{ 3000, TEA_STAT_V | 1ull << TEA_STAT_MASK_SHIFT | 1ull << TEA_STAT_STATE_SHIFT,
	  0x8000010c, 0, 0x1, 0, 0, 0 },
};

static int mem_read(void *ctx, uint64_t addr, void *buf, size_t len)
{
	(void)ctx;
	if (addr == LOG_ADDR && len <= sizeof(header)) {
		memcpy(buf, header, len);
		return 0;
	}
	if (addr >= REC_ADDR && addr - REC_ADDR + len <= sizeof(records)) {
		memcpy(buf, (uint8_t *)records + (addr - REC_ADDR), len);
		return 0;
	}
	return -1;
}

/* The console as a board prints it, between other output. */
static size_t console_text(char *out, size_t cap, int drop_record, int swap)
{
	size_t n = (size_t)snprintf(out, cap, "hello\r\n\n" TEA_LOG_CONSOLE_BEGIN " %llx",
				    (unsigned long long)LOG_ADDR);

	for (int i = 0; i < TEA_LOG_WORDS; i++)
		n += (size_t)snprintf(out + n, cap - n, " %llx", (unsigned long long)header[i]);
	for (int r = 0; r < 3; r++) {
		int k = swap && r < 2 ? 1 - r : r;

		if (k == drop_record)
			continue;
		n += (size_t)snprintf(out + n, cap - n, "\n" TEA_LOG_CONSOLE_RECORD " %x", k);
		for (int i = 0; i < TEA_LOG_RECORD_WORDS(2); i++)
			n += (size_t)snprintf(out + n, cap - n, " %llx",
					      (unsigned long long)records[k][i]);
	}
	n += (size_t)snprintf(out + n, cap - n, "\n" TEA_LOG_CONSOLE_END " 3\ngoodbye\n");
	return n;
}

/* @daddrs: the log's records hold data addresses */
static void check_file(const char *path, bool daddrs)
{
	struct pics_error err;
	struct pics_sample_reader *r = pics_sample_reader_open(path, &err);
	struct pics_sample s;

	assert_non_null(r);
	assert_int_equal(pics_sample_reader_meta(r)->commit_width, 2);
	assert_int_equal(pics_sample_reader_meta(r)->period, 1000);
	for (int i = 0; i < 3; i++) {
		assert_int_equal(pics_sample_reader_next(r, &s, &err), 1);
		assert_int_equal(s.cycle, records[i][0]);
		assert_int_equal(s.addr[0], records[i][2]);
		assert_int_equal(s.psv[0], records[i][4]);
		assert_int_equal(s.state, (records[i][1] >> TEA_STAT_STATE_SHIFT) & 3);
		assert_int_equal(s.daccess, daddrs && i == 1 ? 2 : 0);
		assert_int_equal(s.daddr[1], daddrs && i == 1 ? 0x80200040 : 0);
	}
	assert_int_equal(pics_sample_reader_next(r, &s, &err), 0);
	/* the runtime's dropped records and the sampler's lost ones */
	assert_int_equal(pics_sample_reader_lost(r), 3);
	pics_sample_reader_close(r);
}

static void test_log_in_memory_becomes_a_sample_file(void **state)
{
	struct pics_error err;
	const char *path = scratch("mem.tea");

	(void)state;
	assert_int_equal(pics_log_write(mem_read, NULL, LOG_ADDR, path, "prog.elf", &err), 3);
	check_file(path, true);
	unlink(path);
}

/* The first log's records (TEA_LOG_MAGIC_V1) had no data addresses. */
static void test_a_first_version_log_reads_without_data_addresses(void **state)
{
	uint64_t v1[3][2 + 2 * 2];
	struct pics_error err;
	const char *path = scratch("v1.tea");
	uint64_t saved[sizeof(records) / 8];

	(void)state;
	for (int i = 0; i < 3; i++) {
		memcpy(v1[i], records[i], sizeof(v1[i]));
		v1[i][1] &= ~(0xffull << TEA_STAT_DMASK_SHIFT);
	}
	memcpy(saved, records, sizeof(records));
	memset(records, 0, sizeof(records));
	memcpy(records, v1, sizeof(v1));
	header[TEA_LOG_W_MAGIC] = TEA_LOG_MAGIC_V1;
	assert_int_equal(pics_log_write(mem_read, NULL, LOG_ADDR, path, "prog.elf", &err), 3);
	header[TEA_LOG_W_MAGIC] = TEA_LOG_MAGIC;
	memcpy(records, saved, sizeof(records));
	check_file(path, false);
	unlink(path);
}

static void test_log_on_the_console_becomes_the_same_file(void **state)
{
	struct pics_error err;
	const char *path = scratch("console.tea");
	char text[4096];
	size_t n = console_text(text, sizeof(text), -1, 0);

	(void)state;
	assert_int_equal(pics_log_write_console(text, n, path, "prog.elf", &err), 3);
	check_file(path, true);
	unlink(path);
}

static void test_a_console_log_missing_a_record_is_refused(void **state)
{
	struct pics_error err;
	char text[4096];
	size_t n = console_text(text, sizeof(text), 1, 0);

	(void)state;
	assert_int_equal(pics_log_write_console(text, n, scratch("x.tea"), NULL, &err), -1);
	assert_non_null(strstr(err.msg, "incomplete"));
}

static void test_a_console_log_out_of_order_is_refused(void **state)
{
	struct pics_error err;
	char text[4096];
	size_t n = console_text(text, sizeof(text), -1, 1);

	(void)state;
	assert_int_equal(pics_log_write_console(text, n, scratch("x.tea"), NULL, &err), -1);
	assert_non_null(strstr(err.msg, "incomplete"));
}

static void test_a_console_cut_short_is_refused(void **state)
{
	struct pics_error err;
	char text[4096];
	size_t n = console_text(text, sizeof(text), -1, 0);

	(void)state;
	/* cut inside the last record's line */
	n = (size_t)(strstr(text, TEA_LOG_CONSOLE_RECORD " 2") - text) + 12;
	assert_int_equal(pics_log_write_console(text, n, scratch("x.tea"), NULL, &err), -1);
	assert_non_null(strstr(err.msg, "incomplete"));
}

static void test_no_log_on_the_console_says_so(void **state)
{
	struct pics_error err;
	const char text[] = "hello\nno samples here\n";

	(void)state;
	assert_int_equal(pics_log_write_console(text, sizeof(text) - 1, scratch("x.tea"), NULL,
						&err), -1);
	assert_non_null(strstr(err.msg, "no sample log"));
}

static void test_a_corrupt_header_is_refused(void **state)
{
	struct pics_error err;
	char text[4096];
	size_t n;

	(void)state;
	header[TEA_LOG_W_COUNT] = 9;	/* more records than the capacity */
	n = console_text(text, sizeof(text), -1, 0);
	assert_int_equal(pics_log_write_console(text, n, scratch("x.tea"), NULL, &err), -1);
	assert_non_null(strstr(err.msg, "corrupt"));
	assert_int_equal(pics_log_write(mem_read, NULL, LOG_ADDR, scratch("y.tea"), NULL, &err), -1);
	assert_non_null(strstr(err.msg, "corrupt"));
	header[TEA_LOG_W_COUNT] = 3;
	/* a header line with a word missing */
	n = (size_t)snprintf(text, sizeof(text), TEA_LOG_CONSOLE_BEGIN " 80003570 1 2 3\n");
	assert_int_equal(pics_log_write_console(text, n, scratch("x.tea"), NULL, &err), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_log_in_memory_becomes_a_sample_file),
		cmocka_unit_test(test_a_first_version_log_reads_without_data_addresses),
		cmocka_unit_test(test_log_on_the_console_becomes_the_same_file),
		cmocka_unit_test(test_a_console_log_missing_a_record_is_refused),
		cmocka_unit_test(test_a_console_log_out_of_order_is_refused),
		cmocka_unit_test(test_a_console_cut_short_is_refused),
		cmocka_unit_test(test_no_log_on_the_console_says_so),
		cmocka_unit_test(test_a_corrupt_header_is_refused),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
