/* Sample files (.tea): a header, one record per sample as it arrives, map
 * records where the producer knows them, a task record before each sample
 * of another task than the one before, a call-chain record right before
 * each sample with callers, and an end record whose counts tell a
 * complete file from a truncated one. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "perf_data.h"

#define SAMPLE_HEAD 10		/* state, valid, cycle */
#define END_BODY 16		/* samples, lost */

struct pics_sample_writer {
	struct pics_out out;
	struct pics_meta meta;
	unsigned psv_bytes;
	uint64_t samples, lost;
	uint32_t task;		/* of the last task record written */
	bool stopped, throttle_written;
	char path[PICS_PATH_MAX];
};

struct pics_sample_writer *pics_sample_writer_open(const char *path,
						   const struct pics_meta *m,
						   struct pics_error *err)
{
	struct pics_sample_writer *w = calloc(1, sizeof(*w));

	if (!w) {
		pics_fail(err, PICS_ERR_NOMEM, "%s: out of memory", path);
		return NULL;
	}
	snprintf(w->path, sizeof(w->path), "%s", path);
	w->meta = *m;
	w->psv_bytes = pics_psv_bytes(m->n_events);
	if (pics_out_open(&w->out, w->path, err)) {
		free(w);
		return NULL;
	}
	if (pics_header_write(&w->out, pics_sample_magic, m, NULL, err)) {
		pics_out_abandon(&w->out);
		free(w);
		return NULL;
	}
	return w;
}

int pics_sample_writer_add(struct pics_sample_writer *w,
			   const struct pics_sample *s, struct pics_error *err)
{
	size_t max = 1 + SAMPLE_HEAD + PICS_MAX_WIDTH * (8 + 8);
	uint8_t *p;

	if (w->stopped)
		return pics_fail(err, PICS_ERR_INVALID,
				 "%s: a sample after the stop record", w->path);
	if (pics_sample_validate(&w->meta, s, err))
		return -1;
	if (s->pid != w->task) {
		if (pics_task_record_write(&w->out, s->pid, err))
			return -1;
		w->task = s->pid;
	}
	if (s->n_callers &&
	    pics_callchain_record_write(&w->out, s->n_callers, s->callers, err))
		return -1;
	if (s->daccess && pics_daddr_record_write(&w->out, s, err))
		return -1;
	if (pics_out_reserve(&w->out, max, err))
		return -1;
	p = w->out.buf + w->out.len;
	*p++ = TEA_REC_DATA;
	*p++ = s->state;
	*p++ = s->valid;
	p = pics_put_u64(p, s->cycle);
	for (unsigned i = 0; i < w->meta.commit_width; i++) {
		if (!(s->valid >> i & 1))
			continue;
		p = pics_put_u64(p, s->addr[i]);
		p = pics_put_uint(p, s->psv[i], w->psv_bytes);
	}
	w->out.len = (size_t)(p - w->out.buf);
	w->samples++;
	return 0;
}

int pics_sample_writer_map(struct pics_sample_writer *w,
			   const struct pics_mapping *m,
			   struct pics_error *err)
{
	return pics_mapping_record_write(&w->out, m, err);
}

int pics_sample_writer_stop(struct pics_sample_writer *w, uint64_t cycle,
			    struct pics_error *err)
{
	if (w->stopped)
		return pics_fail(err, PICS_ERR_INVALID,
				 "%s: a second stop record", w->path);
	w->stopped = true;
	return pics_stop_record_write(&w->out, cycle, err);
}

int pics_sample_writer_throttle(struct pics_sample_writer *w,
				const struct pics_throttle *t,
				struct pics_error *err)
{
	if (w->throttle_written)
		return pics_fail(err, PICS_ERR_INVALID,
				 "%s: a second throttle record", w->path);
	w->throttle_written = true;
	return pics_throttle_record_write(&w->out, t, err);
}

void pics_sample_writer_lost(struct pics_sample_writer *w, uint64_t count)
{
	w->lost += count;
}

int pics_sample_writer_close(struct pics_sample_writer *w,
			     struct pics_error *err)
{
	uint8_t end[1 + END_BODY], *p = end;
	int ret;

	*p++ = TEA_REC_END;
	p = pics_put_u64(p, w->samples);
	pics_put_u64(p, w->lost);
	ret = pics_out_write(&w->out, end, sizeof(end), err);
	if (ret)
		pics_out_abandon(&w->out);
	else
		ret = pics_out_close(&w->out, err);
	free(w);
	return ret;
}

void pics_sample_writer_abandon(struct pics_sample_writer *w)
{
	if (!w)
		return;
	pics_out_close(&w->out, NULL);
	free(w);
}

struct pics_sample_reader {
	struct pics_in in;
	struct pics_meta meta;
	unsigned psv_bytes;
	uint64_t samples, lost;
	bool done;
	struct pics_mapping_list maps;
	struct pics_buffer_block block;	/* the buffer record being read */
	/* A perf.data file, read by perf_data.c instead. */
	struct pics_perf_data *perf;
	char path[PICS_PATH_MAX];
};

struct pics_sample_reader *pics_sample_reader_adopt(struct pics_in *in,
						    const char *path,
						    struct pics_error *err)
{
	struct pics_sample_reader *r = calloc(1, sizeof(*r));

	if (!r) {
		pics_in_close(in);
		pics_fail(err, PICS_ERR_NOMEM, "%s: out of memory", path);
		return NULL;
	}
	snprintf(r->path, sizeof(r->path), "%s", path);
	if (pics_in_fill(in, PICS_MAGIC_LEN, NULL) > 0 &&
	    pics_perf_data_magic(in->buf + in->start)) {
		r->perf = pics_perf_data_adopt(in, path, err);
		if (!r->perf) {
			free(r);
			return NULL;
		}
		r->meta = *pics_perf_data_meta(r->perf);
		return r;
	}
	r->in = *in;
	r->in.path = r->path;
	if (pics_header_read(&r->in, pics_sample_magic, "sample", &r->meta,
			     NULL, err)) {
		pics_sample_reader_close(r);
		return NULL;
	}
	r->psv_bytes = pics_psv_bytes(r->meta.n_events);
	return r;
}

struct pics_sample_reader *pics_sample_reader_open(const char *path,
						   struct pics_error *err)
{
	struct pics_in in;

	if (pics_in_open(&in, path, err))
		return NULL;
	return pics_sample_reader_adopt(&in, path, err);
}

const struct pics_meta *pics_sample_reader_meta(const struct pics_sample_reader *r)
{
	return &r->meta;
}

static int read_sample(struct pics_sample_reader *r, struct pics_sample *s,
		       uint64_t offset, struct pics_error *err)
{
	struct pics_in *in = &r->in;
	const uint8_t *p;
	unsigned slots;

	if (r->maps.stopped)
		return pics_fail_at(err, PICS_ERR_FORMAT, r->path, offset,
				    "a sample after the stop record (cycle %llu)",
				    (unsigned long long)r->maps.stop_cycle);
	if (pics_in_need(in, SAMPLE_HEAD, "a sample record", err))
		return -1;
	p = pics_in_take(in, SAMPLE_HEAD);
	s->state = p[0];
	s->valid = p[1];
	s->cycle = pics_get_u64(p + 2);
	/* The valid bits say how long the record is: check them first. */
	if (s->valid >> r->meta.commit_width)
		return pics_fail_at(err, PICS_ERR_FORMAT, r->path, offset,
				    "sample valid bits 0x%02x name a slot beyond commit width %u",
				    s->valid, r->meta.commit_width);
	slots = (unsigned)__builtin_popcount(s->valid);
	if (pics_in_need(in, slots * (8 + r->psv_bytes), "a sample record",
			 err))
		return -1;
	p = pics_in_take(in, slots * (8 + r->psv_bytes));
	for (unsigned i = 0; i < r->meta.commit_width; i++) {
		s->addr[i] = 0;
		s->psv[i] = 0;
		if (!(s->valid >> i & 1))
			continue;
		s->addr[i] = pics_get_u64(p);
		s->psv[i] = pics_get_uint(p + 8, r->psv_bytes);
		p += 8 + r->psv_bytes;
	}
	s->pid = r->maps.task;
	s->n_callers = r->maps.n_callers;
	memcpy(s->callers, r->maps.callers, s->n_callers * sizeof(*s->callers));
	s->daccess = r->maps.daccess;
	for (unsigned i = 0; i < PICS_MAX_WIDTH; i++)
		s->daddr[i] = s->daccess >> i & 1 ? r->maps.daddr[i] : 0;
	if (pics_sample_validate(&r->meta, s, err))
		return pics_error_locate(err, r->path, offset);
	r->samples++;
	return 1;
}

/* The next sample of the buffer record being read; 0 at its end. */
static int read_buffered(struct pics_sample_reader *r, struct pics_sample *s,
			 struct pics_error *err)
{
	int ret = pics_buffer_block_next(&r->in, &r->block, &r->meta, s, err);

	if (ret <= 0)
		return ret;
	s->pid = r->maps.task;
	r->samples++;
	return 1;
}

static int read_end(struct pics_sample_reader *r, uint64_t offset,
		    struct pics_error *err)
{
	const uint8_t *p;
	uint64_t samples;
	int eof;

	if (pics_in_need(&r->in, END_BODY, "the end record", err))
		return -1;
	p = pics_in_take(&r->in, END_BODY);
	samples = pics_get_u64(p);
	if (samples != r->samples)
		return pics_fail_at(err, PICS_ERR_FORMAT, r->path, offset,
				    "end record counts %llu samples but the file holds %llu",
				    (unsigned long long)samples,
				    (unsigned long long)r->samples);
	r->lost = pics_get_u64(p + 8);
	eof = pics_in_at_eof(&r->in, err);
	if (eof < 0)
		return -1;
	if (!eof)
		return pics_fail_at(err, PICS_ERR_FORMAT, r->path,
				    pics_in_offset(&r->in),
				    "data after the end record");
	r->done = true;
	return 0;
}

int pics_sample_reader_next(struct pics_sample_reader *r,
			    struct pics_sample *s, struct pics_error *err)
{
	uint64_t offset;
	uint8_t kind;
	int ret;

	if (r->perf)
		return pics_perf_data_next(r->perf, s, err);
	if (r->done)
		return 0;
	for (;;) {
		if (r->block.open) {
			ret = read_buffered(r, s, err);
			if (ret)
				return ret;
		}
		ret = pics_record_next(&r->in, &kind, &r->maps, err);
		if (ret < 0)
			return -1;
		if (ret == 0)
			return pics_fail_at(err, PICS_ERR_TRUNCATED, r->path,
					    pics_in_offset(&r->in),
					    "file ends after %llu samples without its end record (truncated)",
					    (unsigned long long)r->samples);
		offset = pics_in_offset(&r->in) - 1;
		if (kind != TEA_REC_BUFFER && kind != TEA_REC_BUFFER_DADDR)
			break;
		if (r->maps.stopped)
			return pics_fail_at(err, PICS_ERR_FORMAT, r->path, offset,
					    "a buffer record after the stop record (cycle %llu)",
					    (unsigned long long)r->maps.stop_cycle);
		if (pics_buffer_block_start(&r->in, &r->block, kind, offset, err))
			return -1;
	}
	if (kind == TEA_REC_DATA)
		return read_sample(r, s, offset, err);
	if (kind == TEA_REC_END)
		return read_end(r, offset, err);
	return pics_fail_at(err, PICS_ERR_FORMAT, r->path, offset,
			    "unknown record kind 0x%02x; expected a sample (0x01) or the end (0x02)",
			    kind);
}

uint64_t pics_sample_reader_samples(const struct pics_sample_reader *r)
{
	if (r->perf)
		return pics_perf_data_samples(r->perf);
	return r->samples;
}

uint64_t pics_sample_reader_lost(const struct pics_sample_reader *r)
{
	if (r->perf)
		return pics_perf_data_lost(r->perf);
	return r->lost;
}

const struct pics_mapping *
pics_sample_reader_mappings(const struct pics_sample_reader *r, size_t *n)
{
	if (r->perf)
		return pics_perf_data_mappings(r->perf, n);
	*n = r->maps.n;
	return r->maps.v;
}

bool pics_sample_reader_stopped(const struct pics_sample_reader *r,
				uint64_t *cycle)
{
	if (r->maps.stopped && cycle)
		*cycle = r->maps.stop_cycle;
	return r->maps.stopped;
}

struct pics_throttle pics_sample_reader_throttle(const struct pics_sample_reader *r)
{
	if (r->perf)
		return pics_perf_data_throttle(r->perf);
	return r->maps.throttle;
}

void pics_sample_reader_close(struct pics_sample_reader *r)
{
	if (!r)
		return;
	pics_in_close(&r->in);
	pics_mapping_list_free(&r->maps);
	pics_perf_data_close(r->perf);
	free(r);
}
