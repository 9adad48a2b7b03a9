/* Samples as the sampler wrote them to memory: the records of
 * docs/tea-csr.md's sample buffer (and of the bare-metal runtime's log,
 * tea/sample_log.h), and the buffer record of a sample file (kinds
 * TEA_REC_BUFFER and TEA_REC_BUFFER_DADDR, docs/formats.md) that holds
 * them as they were written. */
#include <stddef.h>
#include <string.h>

#include "internal.h"
#include "tea/csr.h"

void pics_sample_from_words(const uint64_t *rec, unsigned width, bool daddrs,
			    struct pics_sample *s)
{
	memset(s, 0, offsetof(struct pics_sample, callers));
	s->cycle = rec[0];
	s->state = (uint8_t)(rec[1] >> TEA_STAT_STATE_SHIFT & 3);
	s->valid = (uint8_t)(rec[1] >> TEA_STAT_MASK_SHIFT);
	if (daddrs)
		s->daccess = (uint8_t)(rec[1] >> TEA_STAT_DMASK_SHIFT) & s->valid;
	for (unsigned k = 0; k < width; k++) {
		if (!(s->valid >> k & 1))
			continue;
		s->addr[k] = rec[2 + k];
		s->psv[k] = rec[2 + width + k];
		if (s->daccess >> k & 1)
			s->daddr[k] = rec[2 + 2 * width + k];
	}
}

/* The fields before the words: the samples, the padding's length. */
#define BLOCK_HEAD 5

int pics_buffer_block_start(struct pics_in *in, struct pics_buffer_block *b, uint8_t kind,
			    uint64_t offset, struct pics_error *err)
{
	const uint8_t *p;
	uint64_t len;
	unsigned pad;

	if (pics_in_need(in, 4 + BLOCK_HEAD, "a buffer record", err))
		return -1;
	p = pics_in_take(in, 4 + BLOCK_HEAD);
	len = pics_get_uint(p, 4);
	pad = p[8];
	if (len < BLOCK_HEAD)
		return pics_fail_at(err, PICS_ERR_FORMAT, in->path, offset,
				    "buffer record of %llu bytes; expected at least 5",
				    (unsigned long long)len);
	if (pad > 7 || len - BLOCK_HEAD < pad || (len - BLOCK_HEAD - pad) % 8)
		return pics_fail_at(err, PICS_ERR_FORMAT, in->path, offset,
				    "buffer record of %llu bytes with %u bytes of padding; expected 5 + 0 to 7 + a multiple of 8",
				    (unsigned long long)len, pad);
	b->open = true;
	b->counted = true;
	b->daddrs = kind == TEA_REC_BUFFER_DADDR;
	b->offset = offset;
	b->count = (uint32_t)pics_get_uint(p + 4, 4);
	b->seen = 0;
	b->left = len - BLOCK_HEAD - pad;
	return pics_in_skip(in, pad, "a buffer record's padding", err);
}

int pics_buffer_block_next(struct pics_in *in, struct pics_buffer_block *b,
			   const struct pics_meta *m, struct pics_sample *s,
			   struct pics_error *err)
{
	size_t words = pics_record_words(m->commit_width, b->daddrs);
	uint64_t rec[TEA_RECORD_WORDS(PICS_MAX_WIDTH)];

	b->empty = 0;

	while (b->left) {
		uint64_t offset = pics_in_offset(in);
		const uint8_t *p;

		if (pics_in_need(in, 8, "a buffer record", err))
			return -1;
		/* a zero word: padding where a run of the buffer ended (a
		 * record's first word, its cycle, is never 0) */
		if (!pics_get_u64(in->buf + in->start)) {
			pics_in_take(in, 8);
			b->left -= 8;
			continue;
		}
		if (b->left < 8 * words)
			return pics_fail_at(err, PICS_ERR_FORMAT, in->path, offset,
					    "a sampler record cut short: %llu bytes left of the buffer record, a record is %zu",
					    (unsigned long long)b->left, 8 * words);
		if (pics_in_need(in, 8 * words, "a buffer record", err))
			return -1;
		p = pics_in_take(in, 8 * words);
		b->left -= 8 * words;
		for (size_t i = 0; i < words; i++)
			rec[i] = pics_get_u64(p + 8 * i);
		pics_sample_from_words(rec, m->commit_width, b->daddrs, s);
		/* a sample of no instruction (the sampler found none to take)
		 * is not one */
		if (!s->valid) {
			b->empty++;
			continue;
		}
		b->stat = rec[1];
		if (pics_sample_validate(m, s, err))
			return pics_error_locate(err, in->path, offset);
		b->seen++;
		return 1;
	}
	b->open = false;
	if (b->counted && b->seen != b->count)
		return pics_fail_at(err, PICS_ERR_FORMAT, in->path, b->offset,
				    "buffer record counts %u samples but holds %u",
				    b->count, b->seen);
	return 0;
}
