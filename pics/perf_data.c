/* perf.data files, as Linux's perf record writes them (the format is
 * described in the kernel's tools/perf/Documentation/
 * perf.data-file-format.txt, the records in include/uapi/linux/
 * perf_event.h): a header that points at the events' attributes, the data
 * section, a stream of records as the kernel's ring buffer held them, and
 * feature sections after the data. The samples of the tea event become
 * struct pics_sample, the executable mappings map records (docs/formats.md,
 * "perf.data from Linux's perf").
 *
 * The file is outside input: every offset, size and count is checked
 * against what holds it before it is used, and anything that does not
 * fit is one error naming the file offset. Only little-endian files are
 * read, as a RISC-V target writes them.
 *
 * This file reads the data section's records and is the reader's API
 * (perf_data.h); perf_data_sample.c reads the tea event's samples,
 * perf_data_aux.c its AUX data in buffer mode; perf_data_header.c reads the header, the attributes and the feature
 * sections, and finds the tea event. */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <linux/perf_event.h>

#include "perf_data.h"
#include "perf_data_internal.h"

#define KERNEL_NAME "[kernel.kallsyms]"

/* Records perf record adds itself, from type 64 on; they carry no
 * sample_id fields. */
enum {
	REC_USER_START = 64,
	REC_AUXTRACE_INFO = 70,
	REC_AUXTRACE = 71,	/* followed by its payload, outside the record */
	REC_COMPRESSED = 81,
};

/* The fields of sample_id, the identity that sample_id_all appends to the
 * other records. */
#define SAMPLE_ID_FIELDS                                                     \
	(PERF_SAMPLE_TID | PERF_SAMPLE_TIME | PERF_SAMPLE_ID |                 \
	 PERF_SAMPLE_STREAM_ID | PERF_SAMPLE_CPU | PERF_SAMPLE_IDENTIFIER)

/* ---- records ------------------------------------------------------------------ */

static int next_record(struct pics_perf_data *r, struct record *rec,
		       struct pics_error *err)
{
	uint64_t at = pics_in_offset(&r->in), left = r->data_end - at;
	const uint8_t *p;
	size_t size;

	if (!left)
		return 0;
	if (left < REC_HEADER)
		return pics_fail_at(err, PICS_ERR_FORMAT, r->path, at,
				    "the data section ends %llu bytes into a record header",
				    (unsigned long long)left);
	if (pics_in_need(&r->in, REC_HEADER, "a record header", err))
		return -1;
	p = r->in.buf + r->in.start;
	size = (size_t)pics_get_uint(p + 6, 2);
	if (size < REC_HEADER)
		return pics_fail_at(err, PICS_ERR_FORMAT, r->path, at,
				    "record of %zu bytes; a record has at least %d",
				    size, REC_HEADER);
	if (size > left)
		return pics_fail_at(err, PICS_ERR_FORMAT, r->path, at,
				    "record of %zu bytes runs past the data section's end at offset %llu",
				    size, (unsigned long long)r->data_end);
	if (pics_in_need(&r->in, size, "a record", err))
		return -1;
	p = pics_in_take(&r->in, size);
	rec->offset = at;
	rec->type = (uint32_t)pics_get_uint(p, 4);
	rec->misc = (uint16_t)pics_get_uint(p + 4, 2);
	rec->body = p + REC_HEADER;
	rec->len = size - REC_HEADER;
	return 1;
}

int pics_pd_read_sample_id(struct pics_perf_data *r, const struct record *rec,
			   struct sample_id *sid, size_t *len, struct pics_error *err)
{
	const struct attr *a;
	const uint8_t *p;
	uint64_t type;
	size_t size;
	long i = 0;

	*sid = (struct sample_id){ 0 };
	*len = rec->len;
	if (!r->sample_id_all || rec->type >= REC_USER_START)
		return 0;
	if (r->n_attrs > 1) {
		size_t back = 8 * ((size_t)r->trailer_id_word + 1);

		if (rec->len < back)
			return pics_fail_at(err, PICS_ERR_FORMAT, r->path,
					    rec->offset,
					    "record of %zu bytes cannot hold its event id",
					    rec->len + REC_HEADER);
		i = pics_pd_attr_of_id(r, pics_get_u64(rec->body + rec->len - back));
		if (i < 0)
			return pics_fail_at(err, PICS_ERR_FORMAT, r->path,
					    rec->offset,
					    "record of event id %llu, which no event of the file has",
					    (unsigned long long)pics_get_u64(rec->body + rec->len - back));
	}
	a = &r->attrs[i];
	type = a->sample_type;
	size = 8 * (size_t)__builtin_popcountll(type & SAMPLE_ID_FIELDS);
	if (rec->len < size)
		return pics_fail_at(err, PICS_ERR_FORMAT, r->path, rec->offset,
				    "record of %zu bytes cannot hold its %zu bytes of sample_id",
				    rec->len + REC_HEADER, size);
	*len = rec->len - size;
	sid->known = true;
	sid->attr = (size_t)i;
	/* pid and tid, time, id, stream_id, cpu, identifier */
	p = rec->body + *len;
	if (type & PERF_SAMPLE_TID) {
		sid->has_pid = true;
		sid->pid = (uint32_t)pics_get_uint(p, 4);
	}
	if (type & PERF_SAMPLE_CPU) {
		uint64_t before = type & (PERF_SAMPLE_TID | PERF_SAMPLE_TIME |
					  PERF_SAMPLE_ID | PERF_SAMPLE_STREAM_ID);

		sid->has_cpu = true;
		sid->cpu = (uint32_t)pics_get_uint(p + 8 * __builtin_popcountll(before), 4);
	}
	return 0;
}

int pics_pd_need_body(const struct pics_perf_data *r, const struct record *rec,
		      size_t len, size_t need, const char *what, struct pics_error *err)
{
	if (len >= need)
		return 0;
	return pics_fail_at(err, PICS_ERR_FORMAT, r->path, rec->offset,
			    "%s record of %zu bytes; at least %zu", what,
			    rec->len + REC_HEADER, need + REC_HEADER);
}

/* The records of the tea event, for those that carry an event id. */
static bool is_tea(const struct pics_perf_data *r, uint64_t id)
{
	return pics_pd_attr_of_id(r, id) == (long)r->tea;
}

/* ---- mappings ------------------------------------------------------------------ */

/* A module's mapping, named "[NAME]" as perf shows it: the file, if the
 * target's perf found one, is a relocatable object, no ELF to symbolize
 * a mapping with. */
static void module_name(const char *file, char *out, size_t len)
{
	const char *base = strrchr(file, '/');
	size_t n;

	base = base ? base + 1 : file;
	n = strcspn(base, ".");
	if (file[0] == '[' || !n)
		snprintf(out, len, "%s", file);
	else
		snprintf(out, len, "[%.*s]", (int)n, base);
}

static int add_mapping(struct pics_perf_data *r, const struct pics_mapping *m,
		       uint64_t offset, struct pics_error *err)
{
	size_t n = r->maps.n;

	if (n == r->live_cap) {
		size_t cap = n ? 2 * n : 8;
		bool *grown = realloc(r->live, cap * sizeof(*grown));

		if (!grown)
			return pics_fail(err, PICS_ERR_NOMEM,
					 "%s: out of memory", r->path);
		r->live = grown;
		r->live_cap = cap;
	}
	if (pics_mapping_list_add(&r->maps, m, err)) {
		if (err && err->code == PICS_ERR_INVALID)
			err->code = PICS_ERR_FORMAT;
		return pics_error_locate(err, r->path, offset);
	}
	r->live[n] = true;
	return 0;
}

/* The cycle from which a mapping reported now holds (docs/formats.md,
 * "Map record"): the records come in the order things happened, so the
 * command's first image holds from the start, though its exec's kernel
 * samples come before its mappings. */
static uint64_t map_time(const struct pics_perf_data *r)
{
	return r->user_seen ? r->last_user_cycle + 1 : 0;
}

/* PERF_RECORD_MMAP and MMAP2: an executable mapping of a process, or of
 * the kernel (its text, "[kernel.kallsyms]_text", or a module). */
static int read_mmap(struct pics_perf_data *r, const struct record *rec,
		     struct pics_error *err)
{
	bool mmap2 = rec->type == PERF_RECORD_MMAP2;
	size_t fixed = mmap2 ? 64 : 32, len, name_len;
	unsigned mode = rec->misc & PERF_RECORD_MISC_CPUMODE_MASK;
	const struct build_id *bid = NULL;
	struct pics_mapping m = { 0 };
	struct sample_id sid;
	const char *file;
	uint64_t size;
	uint32_t pid;
	bool kernel;

	if (pics_pd_read_sample_id(r, rec, &sid, &len, err) ||
	    pics_pd_need_body(r, rec, len, fixed + 1, mmap2 ? "MMAP2" : "MMAP", err))
		return -1;
	file = (const char *)rec->body + fixed;
	name_len = strnlen(file, len - fixed);
	if (name_len == len - fixed)
		return pics_fail_at(err, PICS_ERR_FORMAT, r->path, rec->offset,
				    "%s record's file name has no NUL",
				    mmap2 ? "MMAP2" : "MMAP");
	if (!name_len || name_len >= PICS_PATH_MAX)
		return pics_fail_at(err, PICS_ERR_FORMAT, r->path, rec->offset,
				    "%s record's file name of %zu bytes; expected 1 to %d",
				    mmap2 ? "MMAP2" : "MMAP", name_len,
				    PICS_PATH_MAX - 1);
	/* Data mappings and those of guests or a hypervisor have no
	 * TEA samples. */
	if ((rec->misc & PERF_RECORD_MISC_MMAP_DATA) ||
	    (mode != PERF_RECORD_MISC_KERNEL && mode != PERF_RECORD_MISC_USER))
		return 0;
	kernel = mode == PERF_RECORD_MISC_KERNEL;
	pid = (uint32_t)pics_get_uint(rec->body, 4);
	m.start = pics_get_u64(rec->body + 8);
	size = pics_get_u64(rec->body + 16);
	if (!size)
		return 0;	/* nothing can lie in it */
	m.end = size > UINT64_MAX - m.start ? UINT64_MAX : m.start + size;
	m.pgoff = pics_get_u64(rec->body + 24);
	if (mmap2 && (rec->misc & PERF_RECORD_MISC_MMAP_BUILD_ID)) {
		m.build_id_len = rec->body[32];
		if (m.build_id_len > BUILD_ID_LEN)
			return pics_fail_at(err, PICS_ERR_FORMAT, r->path,
					    rec->offset,
					    "MMAP2 record's build-id of %u bytes; at most %d",
					    m.build_id_len, BUILD_ID_LEN);
		memcpy(m.build_id, rec->body + 36, m.build_id_len);
	} else {
		bid = pics_pd_find_build_id(r, kernel && !strncmp(file, KERNEL_NAME,
							     strlen(KERNEL_NAME))
						  ? KERNEL_NAME : file);
	}
	if (bid) {
		m.build_id_len = bid->len;
		memcpy(m.build_id, bid->id, bid->len);
	}
	if (kernel && !strncmp(file, KERNEL_NAME, strlen(KERNEL_NAME))) {
		/* vmlinux runs where it is linked: no offset to keep */
		snprintf(m.path, sizeof(m.path), "%s", PICS_KERNEL_MAPPING);
		m.pgoff = 0;
	} else if (kernel) {
		module_name(file, m.path, sizeof(m.path));
		m.pgoff = 0;
	} else {
		memcpy(m.path, file, name_len);
	}
	if (!r->scanning) {
		/* the kernel's is every task's, from the start */
		if (!kernel) {
			m.pid = pid;
			m.time = map_time(r);
		}
		return add_mapping(r, &m, rec->offset, err);
	}
	/* The command: the first file the process maps after its exec;
	 * failing that, the first file of any process. */
	if (kernel || m.path[0] == '[' || !strncmp(m.path, "//", 2))
		return 0;	/* the vDSO, anonymous code */
	if (r->exec_seen && !r->binary_found && pid == r->exec_pid) {
		r->binary = m;
		r->binary_found = true;
	}
	if (!r->first_user_found) {
		r->first_user = m;
		r->first_user_found = true;
	}
	return 0;
}

static int read_comm(struct pics_perf_data *r, const struct record *rec,
		     struct pics_error *err)
{
	struct sample_id sid;
	uint32_t pid;
	size_t len;

	if (pics_pd_read_sample_id(r, rec, &sid, &len, err) ||
	    pics_pd_need_body(r, rec, len, 8, "COMM", err))
		return -1;
	if (!(rec->misc & PERF_RECORD_MISC_COMM_EXEC))
		return 0;
	pid = (uint32_t)pics_get_uint(rec->body, 4);
	if (r->scanning) {
		if (!r->exec_seen) {
			r->exec_seen = true;
			r->exec_pid = pid;
		}
		return 0;
	}
	/* The exec replaced the task's mappings: those that follow hold
	 * from now on, and the task's forks no longer inherit these. */
	for (size_t i = 0; i < r->maps.n; i++)
		if (r->maps.v[i].pid == pid)
			r->live[i] = false;
	return 0;
}

/* A fork (not a new thread) starts with its parent's mappings, which
 * become its own from now on. */
static int read_fork(struct pics_perf_data *r, const struct record *rec,
		     struct pics_error *err)
{
	struct sample_id sid;
	uint32_t pid, ppid;
	size_t len, n;

	if (pics_pd_read_sample_id(r, rec, &sid, &len, err) ||
	    pics_pd_need_body(r, rec, len, 24, "FORK", err))
		return -1;
	pid = (uint32_t)pics_get_uint(rec->body, 4);
	ppid = (uint32_t)pics_get_uint(rec->body + 4, 4);
	if (pid == ppid)
		return 0;
	n = r->maps.n;
	for (size_t i = 0; i < n; i++) {
		struct pics_mapping m;

		if (!r->live[i] || r->maps.v[i].pid != ppid || !ppid)
			continue;
		m = r->maps.v[i];
		m.pid = pid;
		m.time = map_time(r);
		if (add_mapping(r, &m, rec->offset, err))
			return -1;
	}
	return 0;
}

/* ---- losses and throttling -------------------------------------------------- */

static int read_lost(struct pics_perf_data *r, const struct record *rec,
		     struct pics_error *err)
{
	struct sample_id sid;
	size_t len;

	if (pics_pd_read_sample_id(r, rec, &sid, &len, err))
		return -1;
	if (rec->type == PERF_RECORD_LOST) {
		if (pics_pd_need_body(r, rec, len, 16, "LOST", err))
			return -1;
		if (is_tea(r, pics_get_u64(rec->body)))
			r->rec_lost += pics_get_u64(rec->body + 8);
		return 0;
	}
	if (pics_pd_need_body(r, rec, len, 8, "LOST_SAMPLES", err))
		return -1;
	if (sid.known ? sid.attr == r->tea : r->n_attrs == 1)
		r->lost_samples += pics_get_u64(rec->body);
	return 0;
}

static int read_throttle(struct pics_perf_data *r, const struct record *rec,
			 struct pics_error *err)
{
	struct sample_id sid;
	uint64_t time;
	size_t len;

	if (pics_pd_read_sample_id(r, rec, &sid, &len, err) ||
	    pics_pd_need_body(r, rec, len, 24,
			      rec->type == PERF_RECORD_THROTTLE ? "THROTTLE" : "UNTHROTTLE",
			      err))
		return -1;
	if (!is_tea(r, pics_get_u64(rec->body + 8)))
		return 0;
	time = pics_get_u64(rec->body);
	if (rec->type == PERF_RECORD_THROTTLE && !r->throttled) {
		r->throttles++;
		r->throttled = true;
		r->throttle_start = time;
	} else if (rec->type == PERF_RECORD_UNTHROTTLE && r->throttled) {
		r->throttled = false;
		if (time > r->throttle_start)
			r->throttled_ns += time - r->throttle_start;
	}
	return 0;
}

/* One record: 1 when it gave a sample in @s. The first pass reads only
 * what it looks for, and what it needs to find the next record. */
static int read_record(struct pics_perf_data *r, const struct record *rec,
		       struct pics_sample *s, struct pics_error *err)
{
	bool keep = false;

	switch (rec->type) {
	case PERF_RECORD_SAMPLE:
		if (pics_pd_read_sample(r, rec, s, &keep, err))
			return -1;
		return keep;
	case PERF_RECORD_MMAP:
	case PERF_RECORD_MMAP2:
		return read_mmap(r, rec, err);
	case PERF_RECORD_COMM:
		return read_comm(r, rec, err);
	case PERF_RECORD_LOST:
	case PERF_RECORD_LOST_SAMPLES:
		return r->scanning ? 0 : read_lost(r, rec, err);
	case PERF_RECORD_THROTTLE:
	case PERF_RECORD_UNTHROTTLE:
		return r->scanning ? 0 : read_throttle(r, rec, err);
	case PERF_RECORD_FORK:
		return r->scanning ? 0 : read_fork(r, rec, err);
	case PERF_RECORD_AUX:
		return r->scanning ? 0 : pics_pd_read_aux(r, rec, err);
	case REC_AUXTRACE_INFO:
		return pics_pd_read_auxtrace_info(r, rec, err);
	case REC_AUXTRACE: {
		/* Its payload follows the record, inside the data section:
		 * the tea event's samples in buffer mode. */
		uint64_t size, left = r->data_end - pics_in_offset(&r->in);

		if (pics_pd_need_body(r, rec, rec->len, 8, "AUXTRACE", err))
			return -1;
		size = pics_get_u64(rec->body);
		if (size > left)
			return pics_fail_at(err, PICS_ERR_FORMAT, r->path,
					    rec->offset,
					    "AUXTRACE payload of %llu bytes runs past the data section's end",
					    (unsigned long long)size);
		if (r->aux_tea && !r->scanning)
			return pics_pd_start_auxtrace(r, rec, size, err);
		return pics_in_skip(&r->in, size, "AUXTRACE payload", err);
	}
	case REC_COMPRESSED:
		return pics_fail_at(err, PICS_ERR_FORMAT, r->path, rec->offset,
				    "compressed records (perf record -z) are not read; record without -z");
	}
	return 0;		/* EXIT, perf's own records ...: nothing for TEA */
}

/* ---- opening ------------------------------------------------------------------ */

/* Reads from the start of the data section on. */
static int rewind_data(struct pics_perf_data *r, struct pics_error *err)
{
	if (lseek(r->in.fd, (off_t)r->data_start, SEEK_SET) < 0)
		return pics_fail(err, PICS_ERR_IO, "%s: cannot seek: %s",
				 r->path, strerror(errno));
	r->in.start = r->in.end = 0;
	r->in.base = r->data_start;
	r->in.eof = false;
	return 0;
}

/* The first pass: the commit width (of the first sample, or the PMU's
 * caps) and the command, which the meta needs before any sample. It
 * stops as soon as it has both. */
static int scan(struct pics_perf_data *r, struct pics_error *err)
{
	struct pics_sample s;
	struct record rec;
	int ret = 1;

	r->scanning = true;
	if (rewind_data(r, err))
		return -1;
	while (!(r->width && r->binary_found) && ret > 0) {
		ret = next_record(r, &rec, err);
		if (ret > 0 && read_record(r, &rec, &s, err) < 0)
			return -1;
	}
	if (ret < 0)
		return -1;
	r->scanning = false;
	if (r->caps_width && r->width && r->caps_width != r->width)
		return pics_fail_at(err, PICS_ERR_FORMAT, r->path,
				    r->data_start,
				    "samples of width %u from a tea PMU whose caps say width %u",
				    r->width, r->caps_width);
	if (!r->width)
		r->width = r->caps_width ? r->caps_width : 1;
	if (!r->binary_found && r->first_user_found) {
		r->binary = r->first_user;
		r->binary_found = true;
	}
	return rewind_data(r, err);
}

struct pics_perf_data *pics_perf_data_adopt(struct pics_in *in,
					    const char *path,
					    struct pics_error *err)
{
	struct pics_perf_data *r = calloc(1, sizeof(*r));

	if (!r) {
		pics_in_close(in);
		pics_fail(err, PICS_ERR_NOMEM, "%s: out of memory", path);
		return NULL;
	}
	snprintf(r->path, sizeof(r->path), "%s", path);
	r->in = *in;
	r->in.path = r->path;
	if (pics_pd_read_header(r, err) || scan(r, err) ||
	    pics_meta_init_tea(&r->meta, "TEA", r->width,
			       r->attrs[r->tea].period, err)) {
		pics_perf_data_close(r);
		return NULL;
	}
	if (r->binary_found) {
		memcpy(r->meta.binary, r->binary.path, sizeof(r->meta.binary));
		memcpy(r->meta.build_id, r->binary.build_id,
		       sizeof(r->meta.build_id));
		r->meta.build_id_len = r->binary.build_id_len;
	}
	return r;
}

struct pics_perf_data *pics_perf_data_open(const char *path,
					   struct pics_error *err)
{
	struct pics_in in;

	if (pics_in_open(&in, path, err))
		return NULL;
	return pics_perf_data_adopt(&in, path, err);
}

const struct pics_meta *pics_perf_data_meta(const struct pics_perf_data *r)
{
	return &r->meta;
}

int pics_perf_data_next(struct pics_perf_data *r, struct pics_sample *s,
			struct pics_error *err)
{
	struct record rec;
	int ret;

	if (r->done)
		return 0;
	for (;;) {
		if (r->aux.open) {
			ret = pics_pd_next_aux_sample(r, s, err);
			if (ret < 0)
				return -1;
			if (ret) {
				r->samples++;
				return 1;
			}
		}
		ret = next_record(r, &rec, err);
		if (ret <= 0)
			break;
		ret = read_record(r, &rec, s, err);
		if (ret < 0)
			return -1;
		if (ret) {
			r->samples++;
			return 1;
		}
	}
	if (ret < 0)
		return -1;
	r->done = true;
	return 0;
}

uint64_t pics_perf_data_samples(const struct pics_perf_data *r)
{
	return r->samples;
}

uint64_t pics_perf_data_lost(const struct pics_perf_data *r)
{
	/* Linux 6.1's perf record reports the ring buffer's losses twice:
	 * as the kernel's LOST records and, read from the event's lost
	 * count at the end, as LOST_SAMPLES. */
	uint64_t kernel = r->rec_lost > r->lost_samples ? r->rec_lost
							: r->lost_samples;

	return r->hw_lost + kernel;
}

const struct pics_mapping *pics_perf_data_mappings(const struct pics_perf_data *r,
						   size_t *n)
{
	*n = r->maps.n;
	return r->maps.v;
}

/* The time throttled in the sampler's cycles, at the rate the samples
 * show between the first and the last (0 with fewer than two). */
struct pics_throttle pics_perf_data_throttle(const struct pics_perf_data *r)
{
	struct pics_throttle t = { .times = r->throttles };
	uint64_t ns = r->last_ns - r->first_ns;

	if (r->timed && r->last_ns > r->first_ns && r->last_cycle > r->first_cycle)
		t.cycles = (uint64_t)((double)r->throttled_ns *
				      (double)(r->last_cycle - r->first_cycle) / (double)ns);
	return t;
}

void pics_perf_data_close(struct pics_perf_data *r)
{
	if (!r)
		return;
	pics_in_close(&r->in);
	free(r->attrs);
	free(r->ids);
	free(r->build_id_buf);
	free(r->build_ids);
	pics_mapping_list_free(&r->maps);
	free(r->live);
	free(r->runs);
	free(r);
}
