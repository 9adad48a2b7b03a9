/* A program's own sample log (tea/sample_log.h) as a sample file: read out
 * of memory (teasim, at the end of a run), or rebuilt from the lines a
 * board printed on its console. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "tea/sample_log.h"

int64_t pics_log_write(pics_mem_read_fn read, void *ctx, uint64_t log_addr, const char *path,
		       const char *binary, struct pics_error *err)
{
	uint64_t log[TEA_LOG_WORDS], rec[TEA_LOG_RECORD_WORDS(PICS_MAX_WIDTH)];
	struct pics_sample_writer *w;
	struct pics_meta m;

	if (read(ctx, log_addr, log, sizeof(log)))
		return pics_fail(err, PICS_ERR_FORMAT, "the sample log at 0x%" PRIx64
				 " is outside memory", log_addr);
	if (log[TEA_LOG_W_MAGIC] != TEA_LOG_MAGIC && log[TEA_LOG_W_MAGIC] != TEA_LOG_MAGIC_V1)
		return pics_fail(err, PICS_ERR_FORMAT,
				 "the program never started TEA sampling (bm_tea_start)");
	if (log[TEA_LOG_W_WIDTH] < 1 || log[TEA_LOG_W_WIDTH] > PICS_MAX_WIDTH ||
	    log[TEA_LOG_W_COUNT] > log[TEA_LOG_W_CAPACITY] || log[TEA_LOG_W_PERIOD] == 0)
		return pics_fail(err, PICS_ERR_FORMAT, "the sample log at 0x%" PRIx64
				 " is corrupt (width %" PRIu64 ", %" PRIu64 " of %" PRIu64
				 " records, period %" PRIu64 ")", log_addr, log[TEA_LOG_W_WIDTH],
				 log[TEA_LOG_W_COUNT], log[TEA_LOG_W_CAPACITY], log[TEA_LOG_W_PERIOD]);
	unsigned width = (unsigned)log[TEA_LOG_W_WIDTH];
	bool daddrs = log[TEA_LOG_W_MAGIC] == TEA_LOG_MAGIC;
	size_t words = pics_record_words(width, daddrs);

	if (pics_meta_init_tea(&m, "TEA", width, log[TEA_LOG_W_PERIOD], err))
		return -1;
	if (binary)
		snprintf(m.binary, sizeof(m.binary), "%s", binary);
	w = pics_sample_writer_open(path, &m, err);
	if (!w)
		return -1;
	for (uint64_t i = 0; i < log[TEA_LOG_W_COUNT]; i++) {
		struct pics_sample s;

		if (read(ctx, log[TEA_LOG_W_RECORDS] + i * words * 8, rec, words * 8)) {
			pics_sample_writer_abandon(w);
			return pics_fail(err, PICS_ERR_FORMAT,
					 "sample %" PRIu64 " of the log is outside memory", i);
		}
		pics_sample_from_words(rec, width, daddrs, &s);
		if (pics_sample_writer_add(w, &s, err)) {
			pics_sample_writer_abandon(w);
			return -1;
		}
	}
	pics_sample_writer_lost(w, log[TEA_LOG_W_LOST] + log[TEA_LOG_W_DROPPED]);
	if (pics_sample_writer_close(w, err))
		return -1;
	return (int64_t)log[TEA_LOG_W_COUNT];
}

/* The log rebuilt from console lines: its header and its records. */
struct console_log {
	uint64_t addr;
	uint64_t header[TEA_LOG_WORDS];
	uint64_t *records;	/* count * words */
	size_t words;
};

static int console_log_read(void *ctx, uint64_t addr, void *buf, size_t len)
{
	const struct console_log *c = ctx;
	uint64_t recs = c->header[TEA_LOG_W_RECORDS];
	uint64_t bytes = c->header[TEA_LOG_W_COUNT] * c->words * 8;

	if (addr == c->addr && len <= sizeof(c->header)) {
		memcpy(buf, c->header, len);
		return 0;
	}
	if (addr >= recs && addr - recs <= bytes && len <= bytes - (addr - recs)) {
		memcpy(buf, (const uint8_t *)c->records + (addr - recs), len);
		return 0;
	}
	return -1;
}

/* Up to max hex numbers of the line at p (ending at end or '\n') into v;
 * the count, or -1 when something else is on the line or a number has
 * more than 16 digits. The text is not NUL-terminated. */
static int hex_words(const char *p, const char *end, uint64_t *v, int max)
{
	int n = 0;

	for (;;) {
		while (p < end && (*p == ' ' || *p == '\r'))
			p++;
		if (p == end || *p == '\n')
			return n;
		if (n == max)
			return -1;
		uint64_t x = 0;
		int digits = 0;

		for (; p < end && *p != ' ' && *p != '\r' && *p != '\n'; p++, digits++) {
			int d = *p >= '0' && *p <= '9' ? *p - '0' :
				*p >= 'a' && *p <= 'f' ? *p - 'a' + 10 :
				*p >= 'A' && *p <= 'F' ? *p - 'A' + 10 : -1;

			if (d < 0 || digits == 16)
				return -1;
			x = x << 4 | (uint64_t)d;
		}
		v[n++] = x;
	}
}

static const char *find_line(const char *text, const char *end, const char *tag)
{
	size_t n = strlen(tag);

	for (const char *p = text; p + n < end; p++) {
		if ((p == text || p[-1] == '\n') && !memcmp(p, tag, n) && p[n] == ' ')
			return p + n;
	}
	return NULL;
}

int64_t pics_log_write_console(const char *text, size_t len, const char *path,
			       const char *binary, struct pics_error *err)
{
	const char *end = text + len, *p = find_line(text, end, TEA_LOG_CONSOLE_BEGIN);
	uint64_t v[1 + TEA_LOG_WORDS], rec[1 + TEA_LOG_RECORD_WORDS(PICS_MAX_WIDTH)];
	struct console_log c = { 0 };
	uint64_t count, seen = 0;
	int64_t ret;

	if (!p)
		return pics_fail(err, PICS_ERR_FORMAT, "no sample log on the console (no "
				 TEA_LOG_CONSOLE_BEGIN " line): did the program call bm_tea_start "
				 "and exit?");
	if (hex_words(p, end, v, 1 + TEA_LOG_WORDS) != 1 + TEA_LOG_WORDS)
		return pics_fail(err, PICS_ERR_FORMAT, "the " TEA_LOG_CONSOLE_BEGIN
				 " line does not hold an address and %d words", TEA_LOG_WORDS);
	c.addr = v[0];
	memcpy(c.header, v + 1, sizeof(c.header));
	count = c.header[TEA_LOG_W_COUNT];
	if (c.header[TEA_LOG_W_WIDTH] < 1 || c.header[TEA_LOG_W_WIDTH] > PICS_MAX_WIDTH ||
	    count > c.header[TEA_LOG_W_CAPACITY])
		return pics_fail(err, PICS_ERR_FORMAT, "the console's sample log is corrupt "
				 "(width %" PRIu64 ", %" PRIu64 " of %" PRIu64 " records)",
				 c.header[TEA_LOG_W_WIDTH], count, c.header[TEA_LOG_W_CAPACITY]);
	c.words = pics_record_words((unsigned)c.header[TEA_LOG_W_WIDTH],
				    c.header[TEA_LOG_W_MAGIC] != TEA_LOG_MAGIC_V1);
	/* each record is a line of more than 16 characters: a count beyond
	 * that cannot be whole, and is not allocated for */
	if (count > len / 16)
		return pics_fail(err, PICS_ERR_TRUNCATED, "the console's sample log is incomplete: "
				 "%" PRIu64 " records announced in %zu bytes of text", count, len);
	c.records = calloc(count ? count : 1, c.words * 8);
	if (!c.records)
		return pics_fail(err, PICS_ERR_NOMEM, "no memory for %" PRIu64 " samples", count);
	/* Records follow in order, each line whole; the end line counts them. */
	while ((p = find_line(p, end, TEA_LOG_CONSOLE_RECORD)) != NULL && seen < count) {
		if (hex_words(p, end, rec, 1 + (int)c.words) != 1 + (int)c.words || rec[0] != seen)
			break;
		memcpy(c.records + seen * c.words, rec + 1, c.words * 8);
		seen++;
	}
	p = find_line(text, end, TEA_LOG_CONSOLE_END);
	if (seen != count || !p || hex_words(p, end, v, 1) != 1 || v[0] != count) {
		free(c.records);
		return pics_fail(err, PICS_ERR_TRUNCATED, "the console's sample log is incomplete: "
				 "%" PRIu64 " of %" PRIu64 " records read whole and in order%s",
				 seen, count, p ? "" : ", no " TEA_LOG_CONSOLE_END " line");
	}
	ret = pics_log_write(console_log_read, &c, c.addr, path, binary, err);
	free(c.records);
	return ret;
}
