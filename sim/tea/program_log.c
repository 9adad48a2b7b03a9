#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "pics.h"
#include "tea/csr.h"
#include "tea/program_log.h"
#include "tea/sample_log.h"

int64_t tea_program_log_write(tea_mem_read_fn read, void *ctx, uint64_t log_addr,
			      const char *path, const char *binary, char *msg, size_t len)
{
	uint64_t log[TEA_LOG_WORDS], rec[TEA_LOG_RECORD_WORDS(PICS_MAX_WIDTH)];
	struct pics_sample_writer *w;
	struct pics_error err;
	struct pics_meta m;

	if (read(ctx, log_addr, log, sizeof(log))) {
		snprintf(msg, len, "the sample log at 0x%" PRIx64 " is outside memory", log_addr);
		return -1;
	}
	if (log[TEA_LOG_W_MAGIC] != TEA_LOG_MAGIC) {
		snprintf(msg, len, "the program never started TEA sampling (bm_tea_start)");
		return -1;
	}
	if (log[TEA_LOG_W_WIDTH] < 1 || log[TEA_LOG_W_WIDTH] > PICS_MAX_WIDTH ||
	    log[TEA_LOG_W_COUNT] > log[TEA_LOG_W_CAPACITY] || log[TEA_LOG_W_PERIOD] == 0) {
		snprintf(msg, len, "the sample log at 0x%" PRIx64 " is corrupt (width %" PRIu64
			 ", %" PRIu64 " of %" PRIu64 " records, period %" PRIu64 ")", log_addr,
			 log[TEA_LOG_W_WIDTH], log[TEA_LOG_W_COUNT], log[TEA_LOG_W_CAPACITY],
			 log[TEA_LOG_W_PERIOD]);
		return -1;
	}
	unsigned width = (unsigned)log[TEA_LOG_W_WIDTH];
	size_t words = TEA_LOG_RECORD_WORDS(width);

	if (pics_meta_init_tea(&m, "TEA", width, log[TEA_LOG_W_PERIOD], &err))
		goto fail;
	if (binary)
		snprintf(m.binary, sizeof(m.binary), "%s", binary);
	w = pics_sample_writer_open(path, &m, &err);
	if (!w)
		goto fail;
	for (uint64_t i = 0; i < log[TEA_LOG_W_COUNT]; i++) {
		struct pics_sample s;

		if (read(ctx, log[TEA_LOG_W_RECORDS] + i * words * 8, rec, words * 8)) {
			pics_sample_writer_abandon(w);
			snprintf(msg, len, "sample %" PRIu64 " of the log is outside memory", i);
			return -1;
		}
		memset(&s, 0, sizeof(s));
		s.cycle = rec[0];
		s.state = (uint8_t)(rec[1] >> TEA_STAT_STATE_SHIFT & 3);
		s.valid = (uint8_t)(rec[1] >> TEA_STAT_MASK_SHIFT);
		for (unsigned k = 0; k < width; k++) {
			s.addr[k] = rec[2 + k];
			s.psv[k] = rec[2 + width + k];
		}
		if (pics_sample_writer_add(w, &s, &err)) {
			pics_sample_writer_abandon(w);
			goto fail;
		}
	}
	pics_sample_writer_lost(w, log[TEA_LOG_W_LOST] + log[TEA_LOG_W_DROPPED]);
	if (pics_sample_writer_close(w, &err))
		goto fail;
	return (int64_t)log[TEA_LOG_W_COUNT];
fail:
	snprintf(msg, len, "%s", err.msg);
	return -1;
}
