/* The tea event's AUX data in a perf.data file: Linux's perf record of
 * buffer mode (perf record -e tea/buffer=1,period=N/, docs/linux.md)
 * copies the AUX area the sampler writes its records into as
 * PERF_RECORD_AUXTRACE records, each followed by its bytes; an
 * AUXTRACE_INFO record of type TEA_PERF_AUXTRACE_TYPE says they are the
 * tea PMU's and gives the commit width. The kernel's PERF_RECORD_AUX
 * records say which task each stretch of the area was written under.
 *
 * The records are the sampler's (docs/tea-csr.md: 2 + 3W words, a zero
 * word where the driver padded to the end of a run of pages). Within one
 * stretch the sampler ran for the event alone, so a gap in teastat.SEQ
 * between two of its records is samples lost, unless the event leaves
 * out a privilege, whose samples leave gaps too. */
#include <stdlib.h>
#include <string.h>
#include <linux/perf_event.h>

#include "perf_data_internal.h"
#include "tea/csr.h"
#include "tea/perf.h"

int pics_pd_read_auxtrace_info(struct pics_perf_data *r, const struct record *rec,
			       struct pics_error *err)
{
	uint64_t width;

	if (pics_pd_need_body(r, rec, rec->len, 8, "AUXTRACE_INFO", err))
		return -1;
	if (pics_get_uint(rec->body, 4) != TEA_PERF_AUXTRACE_TYPE)
		return 0;	/* another PMU's */
	if (pics_pd_need_body(r, rec, rec->len, 8 + 8 * (TEA_PERF_AUXTRACE_WIDTH + 1),
			      "tea AUXTRACE_INFO", err))
		return -1;
	if (pics_get_u64(rec->body + 8 + 8 * TEA_PERF_AUXTRACE_PMU_TYPE) != r->attrs[r->tea].type)
		return 0;
	width = pics_get_u64(rec->body + 8 + 8 * TEA_PERF_AUXTRACE_WIDTH);
	if (width < 1 || width > PICS_MAX_WIDTH)
		return pics_fail_at(err, PICS_ERR_FORMAT, r->path, rec->offset,
				    "tea AUX data of width %llu; expected 1 to %d",
				    (unsigned long long)width, PICS_MAX_WIDTH);
	if (r->width && width != r->width)
		return pics_fail_at(err, PICS_ERR_FORMAT, r->path, rec->offset,
				    "tea AUX data of width %llu in a file of width %u",
				    (unsigned long long)width, r->width);
	r->width = (unsigned)width;
	r->aux_tea = true;
	return 0;
}

int pics_pd_read_aux(struct pics_perf_data *r, const struct record *rec,
		     struct pics_error *err)
{
	struct sample_id sid;
	struct aux_run *run;
	size_t len;

	if (pics_pd_read_sample_id(r, rec, &sid, &len, err) ||
	    pics_pd_need_body(r, rec, len, 24, "AUX", err))
		return -1;
	if (sid.known ? sid.attr != r->tea : r->n_attrs != 1)
		return 0;
	if (pics_get_u64(rec->body + 16) & PERF_AUX_FLAG_TRUNCATED)
		r->aux_truncated++;
	if (!sid.has_pid)
		return 0;
	if (r->n_runs == r->runs_cap) {
		size_t cap = r->runs_cap ? 2 * r->runs_cap : 16;
		struct aux_run *grown = realloc(r->runs, cap * sizeof(*grown));

		if (!grown)
			return pics_fail(err, PICS_ERR_NOMEM, "%s: out of memory", r->path);
		r->runs = grown;
		r->runs_cap = cap;
	}
	run = &r->runs[r->n_runs++];
	run->cpu = sid.has_cpu ? (int64_t)sid.cpu : -1;
	run->start = pics_get_u64(rec->body);
	run->end = run->start + pics_get_u64(rec->body + 8);
	run->pid = sid.pid;
	return 0;
}

static bool same_cpu(int64_t a, int64_t b)
{
	return a < 0 || b < 0 || a == b;
}

int pics_pd_start_auxtrace(struct pics_perf_data *r, const struct record *rec,
			   uint64_t size, struct pics_error *err)
{
	size_t kept = 0;
	int32_t cpu;

	if (pics_pd_need_body(r, rec, rec->len, 40, "AUXTRACE", err))
		return -1;
	r->aux = (struct pics_buffer_block){ .open = true, .daddrs = true,
					     .offset = rec->offset, .left = size };
	r->aux_size = size;
	r->aux_start = pics_get_u64(rec->body + 8);
	r->aux_tid = (uint32_t)pics_get_uint(rec->body + 28, 4);
	cpu = (int32_t)pics_get_uint(rec->body + 32, 4);
	if (cpu != r->aux_cpu)
		r->aux_seq_known = false;	/* another stream's */
	r->aux_cpu = cpu;
	/* the stretches this stream's data has passed are done with */
	for (size_t i = 0; i < r->n_runs; i++)
		if (!same_cpu(r->runs[i].cpu, r->aux_cpu) || r->runs[i].end > r->aux_start)
			r->runs[kept++] = r->runs[i];
	r->n_runs = kept;
	return 0;
}

/* The stretch the byte at @offset of the current stream lies in;
 * SIZE_MAX when no AUX record named it. */
static size_t run_of(const struct pics_perf_data *r, uint64_t offset)
{
	for (size_t i = r->n_runs; i-- > 0;)
		if (same_cpu(r->runs[i].cpu, r->aux_cpu) && r->runs[i].start <= offset &&
		    offset < r->runs[i].end)
			return i;
	return SIZE_MAX;
}

int pics_pd_next_aux_sample(struct pics_perf_data *r, struct pics_sample *s,
			    struct pics_error *err)
{
	size_t words = pics_record_words(r->width, true), run;
	uint64_t offset;
	uint32_t seq, gap;
	int ret;

	ret = pics_buffer_block_next(&r->in, &r->aux, &r->meta, s, err);
	if (ret <= 0)
		return ret;
	/* the record's place in the stream, and the task it ran under
	 * (the stream's own, when no AUX record says) */
	offset = r->aux_start + (r->aux_size - r->aux.left) - 8 * words;
	run = run_of(r, offset);
	s->pid = run != SIZE_MAX ? r->runs[run].pid : r->aux_tid == UINT32_MAX ? 0 : r->aux_tid;
	if (TEA_STAT_PRIV(r->aux.stat) == TEA_PRIV_U) {
		r->user_seen = true;
		r->last_user_cycle = s->cycle;
	}
	if (run == SIZE_MAX) {
		r->aux_seq_known = false;
		return 1;
	}
	seq = TEA_STAT_SEQ(r->aux.stat);
	gap = seq - r->aux_seq - 1 - r->aux.empty;
	/* (SEQ counts on mod 2^32; one that went back is no loss) */
	if (r->aux_seq_known && r->aux_seq_run == r->runs[run].start &&
	    !(r->attrs[r->tea].flags & ATTR_EXCLUDES) && gap < 1u << 31)
		r->hw_lost += gap;
	r->aux_seq_known = true;
	r->aux_seq = seq;
	r->aux_seq_run = r->runs[run].start;
	return 1;
}
