/* The tea event's samples in a perf.data file (docs/formats.md, "perf.data
 * from Linux's perf"): a PERF_RECORD_SAMPLE's fields in the order its
 * event's sample_type lays them out, its call chain, and the raw data the
 * TEA perf driver puts in it (struct tea_perf_raw) made a struct
 * pics_sample. Every field is checked against the record that holds it. */
#include <stddef.h>
#include <string.h>
#include <linux/perf_event.h>

#include "perf_data_internal.h"
#include "tea/csr.h"
#include "tea/perf.h"

/* The raw data of a tea sample of task @pid (struct tea_perf_raw,
 * docs/linux.md) into @s; false in *@keep when no slot holds an
 * instruction. */
static int decode_raw(struct pics_perf_data *r, const struct record *rec,
		      const uint8_t *raw, size_t len, uint32_t pid,
		      struct pics_sample *s, bool *keep, struct pics_error *err)
{
	unsigned version, width, valid;
	size_t need;
	uint32_t stat;

	*keep = false;
	if (len < TEA_PERF_RAW_SIZE(0))
		return pics_fail_at(err, PICS_ERR_FORMAT, r->path, rec->offset,
				    "tea raw data of %zu bytes; its header alone has %zu",
				    len, TEA_PERF_RAW_SIZE(0));
	version = (unsigned)pics_get_uint(raw + offsetof(struct tea_perf_raw, version), 2);
	width = (unsigned)pics_get_uint(raw + offsetof(struct tea_perf_raw, width), 2);
	if (version != 1 && version != TEA_PERF_RAW_VERSION)
		return pics_fail_at(err, PICS_ERR_FORMAT, r->path, rec->offset,
				    "tea raw data version %u; this reader knows versions 1 to %d",
				    version, TEA_PERF_RAW_VERSION);
	if (width < 1 || width > PICS_MAX_WIDTH)
		return pics_fail_at(err, PICS_ERR_FORMAT, r->path, rec->offset,
				    "tea raw data of width %u; expected 1 to %d",
				    width, PICS_MAX_WIDTH);
	need = version == 1 ? TEA_PERF_RAW_SIZE_V1(width) : TEA_PERF_RAW_SIZE(width);
	if (len < need)
		return pics_fail_at(err, PICS_ERR_FORMAT, r->path, rec->offset,
				    "tea raw data of %zu bytes; width %u needs %zu",
				    len, width, need);
	if (r->width && width != r->width)
		return pics_fail_at(err, PICS_ERR_FORMAT, r->path, rec->offset,
				    "tea sample of width %u in a file of width %u",
				    width, r->width);
	if (r->scanning) {
		r->width = width;
		return 0;
	}
	r->hw_lost += pics_get_u64(raw + offsetof(struct tea_perf_raw, lost));
	stat = (uint32_t)pics_get_uint(raw + offsetof(struct tea_perf_raw, stat), 4);
	/* As the target's teaperf record does: slots beyond the width
	 * are no slots. */
	valid = (stat >> TEA_STAT_MASK_SHIFT) & ((1u << width) - 1);
	memset(s, 0, sizeof(*s));
	s->cycle = pics_get_u64(raw + offsetof(struct tea_perf_raw, time));
	s->pid = pid;
	if (!(stat >> TEA_STAT_PRIV_SHIFT & 3)) {
		r->user_seen = true;
		r->last_user_cycle = s->cycle;
	}
	s->state = (uint8_t)((stat >> TEA_STAT_STATE_SHIFT) & 3);
	s->valid = (uint8_t)valid;
	/* version 1 has no data addresses */
	if (version > 1)
		s->daccess = (uint8_t)(stat >> TEA_STAT_DMASK_SHIFT) & (uint8_t)valid;
	for (unsigned i = 0; i < width; i++) {
		const uint8_t *slot = raw + offsetof(struct tea_perf_raw, slot);

		if (!(valid >> i & 1))
			continue;
		s->addr[i] = pics_get_u64(slot + 8 * i);
		s->psv[i] = pics_get_u64(slot + 8 * (width + i));
		if (s->daccess >> i & 1)
			s->daddr[i] = pics_get_u64(slot + 8 * (2 * width + i));
	}
	if (!valid)
		return 0;
	if (pics_sample_validate(&r->meta, s, err))
		return pics_error_locate(err, r->path, rec->offset);
	*keep = true;
	return 0;
}

/* PERF_SAMPLE_READ's values: one, or a group's (a count, then each
 * member's), each with what read_format adds. */
static int skip_read_values(const struct pics_perf_data *r, struct cursor *c,
			    uint64_t rf, struct pics_error *err)
{
	unsigned extra = !!(rf & PERF_FORMAT_TOTAL_TIME_ENABLED) +
			 !!(rf & PERF_FORMAT_TOTAL_TIME_RUNNING);
	unsigned per = 1 + !!(rf & PERF_FORMAT_ID) + !!(rf & PERF_FORMAT_LOST);
	uint64_t nr;

	if (!(rf & PERF_FORMAT_GROUP))
		return pics_pd_cur_skip_words(r, c, extra + per, "read values", err);
	if (pics_pd_cur_uint(r, c, 8, "read values", &nr, err) ||
	    pics_pd_cur_skip_words(r, c, extra, "read values", err))
		return -1;
	return pics_pd_cur_skip_words(r, c, nr > UINT64_MAX / per ? UINT64_MAX : nr * per,
				      "read values", err);
}

/* PERF_SAMPLE_CALLCHAIN's @nr addresses at @chain into the callers of
 * @s: perf puts a context marker (PERF_CONTEXT_KERNEL, _USER ...) before
 * the addresses of each context, the kernel's first, and each context
 * starts with the interrupted address, the sample's own @ip (the
 * driver's registers), which is not a caller. Beyond PICS_MAX_CALLERS the
 * outermost are left out. */
static void decode_callchain(const uint8_t *chain, uint64_t nr, uint64_t ip,
			     struct pics_sample *s)
{
	bool context_start = true;

	for (uint64_t i = 0; i < nr && s->n_callers < PICS_MAX_CALLERS; i++) {
		uint64_t addr = pics_get_u64(chain + 8 * i);

		if (addr >= (uint64_t)PERF_CONTEXT_MAX) {
			context_start = true;
			continue;
		}
		if (!context_start || addr != ip)
			s->callers[s->n_callers++] = addr;
		context_start = false;
	}
}

int pics_pd_read_sample(struct pics_perf_data *r, const struct record *rec,
			struct pics_sample *s, bool *keep,
			struct pics_error *err)
{
	struct cursor c = pics_pd_cursor(rec->body, rec->len,
				    rec->offset + REC_HEADER, "sample record");
	uint64_t type, v, nr = 0, ip = 0, pid = 0, time = 0;
	const uint8_t *raw, *chain = NULL;
	const struct attr *a;
	long i = 0;

	*keep = false;
	if (r->n_attrs > 1) {
		if (pics_pd_cur_left(&c) / 8 <= (size_t)r->sample_id_word)
			return pics_pd_cur_short(r, &c, "event id", err);
		v = pics_get_u64(rec->body + 8 * (size_t)r->sample_id_word);
		i = pics_pd_attr_of_id(r, v);
		if (i < 0)
			return pics_fail_at(err, PICS_ERR_FORMAT, r->path,
					    rec->offset,
					    "sample of event id %llu, which no event of the file has",
					    (unsigned long long)v);
	}
	if ((size_t)i != r->tea)
		return 0;
	a = &r->attrs[i];
	type = a->sample_type;
	/* identifier, ip, pid and tid, time, addr, id, stream_id, cpu */
	if (pics_pd_cur_skip_words(r, &c, !!(type & PERF_SAMPLE_IDENTIFIER), "identifier", err) ||
	    ((type & PERF_SAMPLE_IP) && pics_pd_cur_uint(r, &c, 8, "ip", &ip, err)))
		return -1;
	if ((type & PERF_SAMPLE_TID) &&
	    (pics_pd_cur_uint(r, &c, 4, "pid", &pid, err) ||
	     pics_pd_cur_uint(r, &c, 4, "tid", &v, err)))
		return -1;
	if ((type & PERF_SAMPLE_TIME) && pics_pd_cur_uint(r, &c, 8, "time", &time, err))
		return -1;
	if (pics_pd_cur_skip_words(r, &c, __builtin_popcountll(type & (PERF_SAMPLE_ADDR | PERF_SAMPLE_ID |
								  PERF_SAMPLE_STREAM_ID |
								  PERF_SAMPLE_CPU)),
			      "identity fields", err))
		return -1;
	if (type & PERF_SAMPLE_PERIOD) {
		if (pics_pd_cur_uint(r, &c, 8, "period", &v, err))
			return -1;
		if (v != a->period && !r->scanning)
			return pics_fail_at(err, PICS_ERR_FORMAT, r->path,
					    rec->offset,
					    "sample period %llu differs from the event's %llu; every sample of a file weighs one period",
					    (unsigned long long)v,
					    (unsigned long long)a->period);
	}
	if (((type & PERF_SAMPLE_READ) && skip_read_values(r, &c, a->read_format, err)) ||
	    ((type & PERF_SAMPLE_CALLCHAIN) &&
	     (pics_pd_cur_uint(r, &c, 8, "call chain", &nr, err) ||
	      pics_pd_cur_take(r, &c, 0, "call chain", &chain, err) ||
	      pics_pd_cur_skip_words(r, &c, nr, "call chain", err))))
		return -1;
	if (pics_pd_cur_uint(r, &c, 4, "raw data size", &v, err) ||
	    pics_pd_cur_take(r, &c, (size_t)v, "raw data", &raw, err))
		return -1;
	if (decode_raw(r, rec, raw, (size_t)v, (uint32_t)pid, s, keep, err))
		return -1;
	if (*keep && nr) {
		/* the driver's IP is slot 0's address */
		if (!(type & PERF_SAMPLE_IP))
			ip = pics_get_u64(raw + offsetof(struct tea_perf_raw, slot));
		decode_callchain(chain, nr, ip, s);
	}
	if (*keep && (type & PERF_SAMPLE_TIME) && !r->scanning) {
		if (!r->timed) {
			r->timed = true;
			r->first_ns = time;
			r->first_cycle = s->cycle;
		}
		r->last_ns = time;
		r->last_cycle = s->cycle;
	}
	return 0;
}
