/* Builds perf.data files in memory, as Linux's perf record lays them out
 * (the kernel's tools/perf/Documentation/perf.data-file-format.txt): the
 * header, each attr's ids, the attrs section, the data section of records
 * and the feature sections after it. For the tests of teaperf's perf.data
 * reader (tests/unit/test_perf_data.c) and the generator of the
 * command-line test (tests/teaperf/perf-data-gen.c); written from the
 * format's description, not from the reader. Little-endian, as on the
 * host and on a RISC-V target. */
#ifndef PERF_DATA_BUILD_H
#define PERF_DATA_BUILD_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/perf_event.h>

#define PD_ATTR_SIZE 128	/* perf_event_attr of Linux 6.1 (PERF_ATTR_SIZE_VER7) */
#define PD_MAX_ATTRS 4
#define PD_MAX_IDS 4
#define PD_MAX_PMUS 8
#define PD_MAX_BUILD_IDS 8
/* perf_event_attr flag bits */
#define PD_FREQ (1ull << 10)
#define PD_SAMPLE_ID_ALL (1ull << 18)
#define PD_TEA_TYPE 8		/* the tea PMU's dynamic type on the "target" */

/* A growing byte buffer; the builders abort when memory runs out. */
struct pd_buf {
	uint8_t *p;
	size_t len, cap;
};

static inline void pd_put(struct pd_buf *b, const void *data, size_t n)
{
	if (b->len + n > b->cap) {
		size_t cap = b->cap ? b->cap : 256;

		while (cap < b->len + n)
			cap *= 2;
		b->p = realloc(b->p, cap);
		if (!b->p)
			abort();
		b->cap = cap;
	}
	if (n)
		memcpy(b->p + b->len, data, n);
	b->len += n;
}

static inline void pd_le(struct pd_buf *b, uint64_t v, unsigned bytes)
{
	uint8_t le[8];

	for (unsigned i = 0; i < bytes; i++)
		le[i] = (uint8_t)(v >> (8 * i));
	pd_put(b, le, bytes);
}

static inline void pd_set_le(uint8_t *p, uint64_t v, unsigned bytes)
{
	for (unsigned i = 0; i < bytes; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

/* perf's header string: u32 length, then the string and its NUL padded
 * to 64 bytes (NAME_ALIGN). */
static inline void pd_string(struct pd_buf *b, const char *s)
{
	size_t len = (strlen(s) + 1 + 63) / 64 * 64;
	static const uint8_t zeros[64];

	pd_le(b, len, 4);
	pd_put(b, s, strlen(s));
	pd_put(b, zeros, len - strlen(s));
}

struct pd_attr {
	uint32_t type;
	uint64_t config, period, sample_type, read_format, flags;
	const char *name;	/* HEADER_EVENT_DESC's */
	uint64_t ids[PD_MAX_IDS];
	unsigned n_ids;
};

struct pd_build_id {
	int32_t pid;
	uint16_t misc;
	char file[256];
	uint8_t id[20];
	unsigned len;
};

struct pd_file {
	struct pd_attr attrs[PD_MAX_ATTRS];
	unsigned n_attrs;
	struct {
		const char *name;
		uint32_t type;
	} pmus[PD_MAX_PMUS];
	unsigned n_pmus;
	struct pd_build_id build_ids[PD_MAX_BUILD_IDS];
	unsigned n_build_ids;
	unsigned caps_width;	/* 0: no PMU_CAPS section */
	bool event_desc, pmu_mappings;
	struct pd_buf data;	/* the data section's records */
};

/* A file whose PMUs are the software ones and tea (type 8), with the
 * EVENT_DESC and PMU_MAPPINGS sections perf record writes. */
static inline void pd_init(struct pd_file *f)
{
	memset(f, 0, sizeof(*f));
	f->event_desc = f->pmu_mappings = true;
	f->pmus[f->n_pmus].name = "software";
	f->pmus[f->n_pmus++].type = PERF_TYPE_SOFTWARE;
	f->pmus[f->n_pmus].name = "tea";
	f->pmus[f->n_pmus++].type = PD_TEA_TYPE;
}

static inline void pd_free(struct pd_file *f)
{
	free(f->data.p);
	f->data = (struct pd_buf){ 0 };
}

/* An event with sample_id_all and one id (100 + its index); returns its
 * index. */
static inline unsigned pd_add_attr(struct pd_file *f, uint32_t type,
				   uint64_t period, uint64_t sample_type,
				   const char *name)
{
	struct pd_attr *a = &f->attrs[f->n_attrs];

	if (f->n_attrs == PD_MAX_ATTRS)
		abort();
	memset(a, 0, sizeof(*a));
	a->type = type;
	a->period = period;
	a->sample_type = sample_type;
	a->flags = PD_SAMPLE_ID_ALL;
	a->name = name;
	a->ids[0] = 100 + f->n_attrs;
	a->n_ids = 1;
	return f->n_attrs++;
}

/* The tea event as perf record -R -e tea/period=N/ opens it. */
static inline unsigned pd_add_tea(struct pd_file *f, uint64_t period)
{
	static char name[64];

	snprintf(name, sizeof(name), "tea/period=%llu/",
		 (unsigned long long)period);
	return pd_add_attr(f, PD_TEA_TYPE, period,
			   PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME |
			   PERF_SAMPLE_CPU | PERF_SAMPLE_PERIOD | PERF_SAMPLE_RAW,
			   name);
}

static inline void pd_add_build_id(struct pd_file *f, int32_t pid,
				   uint16_t misc, const char *file,
				   const uint8_t *id, unsigned len)
{
	struct pd_build_id *b = &f->build_ids[f->n_build_ids];

	if (f->n_build_ids == PD_MAX_BUILD_IDS || len > 20)
		abort();
	f->n_build_ids++;
	b->pid = pid;
	b->misc = misc;
	snprintf(b->file, sizeof(b->file), "%s", file);
	memcpy(b->id, id, len);
	b->len = len;
}

/* ---- records ------------------------------------------------------------ */

/* A record's header; returns the offset of its size field for
 * pd_end_record. */
static inline size_t pd_begin_record(struct pd_file *f, uint32_t type,
				     uint16_t misc)
{
	size_t at = f->data.len;

	pd_le(&f->data, type, 4);
	pd_le(&f->data, misc, 2);
	pd_le(&f->data, 0, 2);
	return at;
}

static inline void pd_end_record(struct pd_file *f, size_t at)
{
	size_t size = f->data.len - at;

	if (size > 0xffff)
		abort();
	pd_set_le(f->data.p + at + 6, size, 2);
}

/* The sample_id fields that sample_id_all appends to the kernel's other
 * records, for event @attr. */
static inline void pd_sample_id(struct pd_file *f, unsigned attr,
				uint32_t pid, uint64_t time)
{
	const struct pd_attr *a = &f->attrs[attr];
	uint64_t t = a->sample_type;

	if (!(a->flags & PD_SAMPLE_ID_ALL))
		return;
	if (t & PERF_SAMPLE_TID) {
		pd_le(&f->data, pid, 4);
		pd_le(&f->data, pid, 4);
	}
	if (t & PERF_SAMPLE_TIME)
		pd_le(&f->data, time, 8);
	if (t & PERF_SAMPLE_ID)
		pd_le(&f->data, a->ids[0], 8);
	if (t & PERF_SAMPLE_STREAM_ID)
		pd_le(&f->data, a->ids[0], 8);
	if (t & PERF_SAMPLE_CPU)
		pd_le(&f->data, 0, 8);
	if (t & PERF_SAMPLE_IDENTIFIER)
		pd_le(&f->data, a->ids[0], 8);
}

/* A NUL-terminated name padded to 8 bytes, as the kernel writes them. */
static inline void pd_name(struct pd_file *f, const char *name)
{
	static const uint8_t zeros[8];
	size_t n = strlen(name) + 1;

	pd_put(&f->data, name, n - 1);
	pd_put(&f->data, zeros, 1 + (8 - n % 8) % 8);
}

/* The raw data of a tea sample (struct tea_perf_raw): @width slots, those
 * in @valid holding @addr and @psv, and from version 2 on, those in
 * @daccess their @daddr; perf pads the u32 size and the data to a
 * multiple of 8 bytes. */
struct pd_tea_sample {
	unsigned version;	/* 0: 1, the first (no data addresses) */
	uint32_t pid;
	uint64_t time;		/* perf's clock */
	unsigned width;
	unsigned state, valid, priv;
	uint64_t cycle, lost;
	uint64_t addr[8], psv[8];
	unsigned daccess;
	uint64_t daddr[8];
	uint64_t period;	/* 0: the event's */
	uint32_t raw_size;	/* 0: the width's, padded */
	/* PERF_SAMPLE_CALLCHAIN's entries, context markers included; none:
	 * the sample's IP and the address after it */
	const uint64_t *chain;
	unsigned n_chain;
};

static inline void pd_add_sample(struct pd_file *f, unsigned attr,
				 const struct pd_tea_sample *s)
{
	const struct pd_attr *a = &f->attrs[attr];
	uint64_t t = a->sample_type;
	size_t at = pd_begin_record(f, PERF_RECORD_SAMPLE,
				    s->priv ? PERF_RECORD_MISC_KERNEL
					    : PERF_RECORD_MISC_USER);
	unsigned version = s->version ? s->version : 1, words = version > 1 ? 3 : 2;
	uint32_t raw = 24 + 8 * words * s->width, size = s->raw_size;

	if (!size)
		size = (4 + raw) % 8 ? raw + 8 - (4 + raw) % 8 : raw;
	if (t & PERF_SAMPLE_IDENTIFIER)
		pd_le(&f->data, a->ids[0], 8);
	if (t & PERF_SAMPLE_IP)
		pd_le(&f->data, s->addr[0], 8);
	if (t & PERF_SAMPLE_TID) {
		pd_le(&f->data, s->pid, 4);
		pd_le(&f->data, s->pid, 4);
	}
	if (t & PERF_SAMPLE_TIME)
		pd_le(&f->data, s->time, 8);
	if (t & PERF_SAMPLE_ADDR)
		pd_le(&f->data, s->daccess & 1 ? s->daddr[0] : 0, 8);
	if (t & PERF_SAMPLE_ID)
		pd_le(&f->data, a->ids[0], 8);
	if (t & PERF_SAMPLE_STREAM_ID)
		pd_le(&f->data, a->ids[0], 8);
	if (t & PERF_SAMPLE_CPU)
		pd_le(&f->data, 0, 8);
	if (t & PERF_SAMPLE_PERIOD)
		pd_le(&f->data, s->period ? s->period : a->period, 8);
	if (t & PERF_SAMPLE_READ) {
		/* one value, with what read_format adds to it */
		pd_le(&f->data, 1, 8);
		if (a->read_format & PERF_FORMAT_TOTAL_TIME_ENABLED)
			pd_le(&f->data, 2, 8);
		if (a->read_format & PERF_FORMAT_TOTAL_TIME_RUNNING)
			pd_le(&f->data, 3, 8);
		if (a->read_format & PERF_FORMAT_ID)
			pd_le(&f->data, a->ids[0], 8);
	}
	if ((t & PERF_SAMPLE_CALLCHAIN) && s->chain) {
		pd_le(&f->data, s->n_chain, 8);
		for (unsigned i = 0; i < s->n_chain; i++)
			pd_le(&f->data, s->chain[i], 8);
	} else if (t & PERF_SAMPLE_CALLCHAIN) {
		pd_le(&f->data, 2, 8);
		pd_le(&f->data, s->addr[0], 8);
		pd_le(&f->data, s->addr[0] + 4, 8);
	}
	if (t & PERF_SAMPLE_RAW) {
		uint8_t bytes[24 + 24 * 8 + 64] = { 0 };

		if (size > sizeof(bytes))
			abort();
		pd_set_le(bytes, version, 2);
		pd_set_le(bytes + 2, s->width, 2);
		pd_set_le(bytes + 4, (uint64_t)s->state << 2 |
				     (uint64_t)s->valid << 8 |
				     (uint64_t)s->priv << 16 |
				     (uint64_t)(version > 1 ? s->daccess : 0) << 18, 4);
		pd_set_le(bytes + 8, s->cycle, 8);
		pd_set_le(bytes + 16, s->lost, 8);
		/* a raw size too small for the width cuts the slots off */
		for (unsigned i = 0; i < s->width && i < 8; i++) {
			if (24 + 8 * i + 8 <= size)
				pd_set_le(bytes + 24 + 8 * i, s->addr[i], 8);
			if (24 + 8 * (s->width + i) + 8 <= size)
				pd_set_le(bytes + 24 + 8 * (s->width + i),
					  s->psv[i], 8);
			if (version > 1 && 24 + 8 * (2 * s->width + i) + 8 <= size)
				pd_set_le(bytes + 24 + 8 * (2 * s->width + i),
					  s->daccess >> i & 1 ? s->daddr[i] : 0, 8);
		}
		pd_le(&f->data, size, 4);
		pd_put(&f->data, bytes, size);
	}
	pd_end_record(f, at);
}

/* PERF_RECORD_MMAP2 of a process's file, with the build-id in the record
 * when @id is not NULL (perf record --buildid-mmap). */
static inline void pd_add_mmap2(struct pd_file *f, unsigned attr,
				uint32_t pid, uint64_t start, uint64_t len,
				uint64_t pgoff, const char *file,
				const uint8_t *id, unsigned id_len,
				uint64_t time)
{
	size_t at = pd_begin_record(f, PERF_RECORD_MMAP2,
				    PERF_RECORD_MISC_USER |
				    (id ? PERF_RECORD_MISC_MMAP_BUILD_ID : 0));
	uint8_t ident[24] = { 0 };

	pd_le(&f->data, pid, 4);
	pd_le(&f->data, pid, 4);
	pd_le(&f->data, start, 8);
	pd_le(&f->data, len, 8);
	pd_le(&f->data, pgoff, 8);
	if (id) {
		ident[0] = (uint8_t)id_len;
		memcpy(ident + 4, id, id_len);
	} else {
		pd_set_le(ident, 0xfe, 4);	/* maj, min, ino ... */
		pd_set_le(ident + 8, 1234, 8);
	}
	pd_put(&f->data, ident, sizeof(ident));
	pd_le(&f->data, 5, 4);			/* PROT_READ | PROT_EXEC */
	pd_le(&f->data, 2, 4);			/* MAP_PRIVATE */
	pd_name(f, file);
	pd_sample_id(f, attr, pid, time);
	pd_end_record(f, at);
}

/* PERF_RECORD_MMAP, as perf synthesizes the kernel's ("[kernel.kallsyms]_text",
 * pid -1) and its modules'. */
static inline void pd_add_mmap(struct pd_file *f, unsigned attr, uint16_t misc,
			       uint32_t pid, uint64_t start, uint64_t len,
			       uint64_t pgoff, const char *file)
{
	size_t at = pd_begin_record(f, PERF_RECORD_MMAP, misc);

	pd_le(&f->data, pid, 4);
	pd_le(&f->data, pid, 4);
	pd_le(&f->data, start, 8);
	pd_le(&f->data, len, 8);
	pd_le(&f->data, pgoff, 8);
	pd_name(f, file);
	pd_sample_id(f, attr, 0, 0);
	pd_end_record(f, at);
}

static inline void pd_add_comm(struct pd_file *f, unsigned attr, uint32_t pid,
			       const char *comm, bool exec, uint64_t time)
{
	size_t at = pd_begin_record(f, PERF_RECORD_COMM,
				    exec ? PERF_RECORD_MISC_COMM_EXEC : 0);

	pd_le(&f->data, pid, 4);
	pd_le(&f->data, pid, 4);
	pd_name(f, comm);
	pd_sample_id(f, attr, pid, time);
	pd_end_record(f, at);
}

static inline void pd_add_lost(struct pd_file *f, unsigned attr, uint64_t lost)
{
	size_t at = pd_begin_record(f, PERF_RECORD_LOST, 0);

	pd_le(&f->data, f->attrs[attr].ids[0], 8);
	pd_le(&f->data, lost, 8);
	pd_sample_id(f, attr, 0, 0);
	pd_end_record(f, at);
}

static inline void pd_add_lost_samples(struct pd_file *f, unsigned attr,
				       uint64_t lost)
{
	size_t at = pd_begin_record(f, PERF_RECORD_LOST_SAMPLES, 0);

	pd_le(&f->data, lost, 8);
	pd_sample_id(f, attr, 0, 0);
	pd_end_record(f, at);
}

static inline void pd_add_throttle(struct pd_file *f, unsigned attr,
				   bool unthrottle, uint64_t time)
{
	size_t at = pd_begin_record(f, unthrottle ? PERF_RECORD_UNTHROTTLE
						  : PERF_RECORD_THROTTLE, 0);

	pd_le(&f->data, time, 8);
	pd_le(&f->data, f->attrs[attr].ids[0], 8);
	pd_le(&f->data, f->attrs[attr].ids[0], 8);
	pd_sample_id(f, attr, 0, time);
	pd_end_record(f, at);
}

/* PERF_RECORD_FORK of @pid from @ppid (a thread when they are equal). */
static inline void pd_add_fork(struct pd_file *f, unsigned attr, uint32_t pid,
			       uint32_t ppid, uint64_t time)
{
	size_t at = pd_begin_record(f, PERF_RECORD_FORK, 0);

	pd_le(&f->data, pid, 4);
	pd_le(&f->data, ppid, 4);
	pd_le(&f->data, pid, 4);
	pd_le(&f->data, ppid, 4);
	pd_le(&f->data, time, 8);
	pd_sample_id(f, attr, pid, time);
	pd_end_record(f, at);
}

/* A record of @type with @len bytes of @body, whatever they hold. */
static inline void pd_add_raw_record(struct pd_file *f, uint32_t type,
				     const void *body, size_t len)
{
	size_t at = pd_begin_record(f, type, 0);

	pd_put(&f->data, body, len);
	pd_end_record(f, at);
}

/* A record perf record adds itself (FINISHED_ROUND, 68): no payload. */
static inline void pd_add_finished_round(struct pd_file *f)
{
	pd_end_record(f, pd_begin_record(f, 68, 0));
}

/* ---- buffer mode: the AUX data ------------------------------------------- */

/* The tea event as perf record -e tea/buffer=1,period=N/ opens it: no raw
 * data, the samples are in the AUX area. */
static inline unsigned pd_add_tea_buffer(struct pd_file *f, uint64_t period)
{
	static char name[64];
	unsigned i;

	snprintf(name, sizeof(name), "tea/buffer=1,period=%llu/",
		 (unsigned long long)period);
	i = pd_add_attr(f, PD_TEA_TYPE, period,
			PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME |
			PERF_SAMPLE_CPU | PERF_SAMPLE_IDENTIFIER, name);
	f->attrs[i].config = 1u << 5;	/* the buffer bit, config:5 */
	return i;
}

/* PERF_RECORD_AUXTRACE_INFO (70) of @type (the tea PMU's: 0x7ea0) with
 * the private words the tea PMU's has: the PMU's type and the width. */
static inline void pd_add_auxtrace_info(struct pd_file *f, uint32_t type,
					uint64_t pmu_type, uint64_t width)
{
	size_t at = pd_begin_record(f, 70, 0);

	pd_le(&f->data, type, 4);
	pd_le(&f->data, 0, 4);
	pd_le(&f->data, pmu_type, 8);
	pd_le(&f->data, width, 8);
	pd_end_record(f, at);
}

/* PERF_RECORD_AUX: bytes [@offset, @offset + @size) of the AUX area were
 * written under task @pid. */
static inline void pd_add_aux(struct pd_file *f, unsigned attr, uint32_t pid,
			      uint64_t offset, uint64_t size, uint64_t flags)
{
	size_t at = pd_begin_record(f, PERF_RECORD_AUX, 0);

	pd_le(&f->data, offset, 8);
	pd_le(&f->data, size, 8);
	pd_le(&f->data, flags, 8);
	pd_sample_id(f, attr, pid, 0);
	pd_end_record(f, at);
}

/* PERF_RECORD_AUXTRACE (71), which perf record writes with the AUX area's
 * bytes from @offset on after it (its size leaves them out): @n words,
 * of thread @tid's stream on any CPU. */
static inline void pd_add_auxtrace(struct pd_file *f, uint64_t offset, uint32_t tid,
				   const uint64_t *words, size_t n)
{
	size_t at = pd_begin_record(f, 71, 0);

	pd_le(&f->data, 8 * n, 8);
	pd_le(&f->data, offset, 8);
	pd_le(&f->data, 0, 8);			/* reference */
	pd_le(&f->data, 0, 4);			/* idx */
	pd_le(&f->data, tid, 4);
	pd_le(&f->data, (uint32_t)-1, 4);	/* cpu */
	pd_le(&f->data, 0, 4);
	pd_end_record(f, at);
	for (size_t i = 0; i < n; i++)
		pd_le(&f->data, words[i], 8);
}

/* The sampler's record of @s (docs/tea-csr.md, "Sample buffer"): teatime,
 * teastat (STATE 3:2, MASK 15:8, PRIV 17:16, DMASK 25:18, SEQ 63:32),
 * then the width's addresses, PSVs and data addresses. Returns its
 * words. */
static inline size_t pd_tea_record(uint64_t *w, const struct pd_tea_sample *s, uint32_t seq)
{
	unsigned n = s->width;

	w[0] = s->cycle;
	w[1] = (uint64_t)s->state << 2 | (uint64_t)s->valid << 8 | (uint64_t)s->priv << 16 |
	       (uint64_t)s->daccess << 18 | (uint64_t)seq << 32;
	for (unsigned k = 0; k < n; k++) {
		w[2 + k] = s->valid >> k & 1 ? s->addr[k] : 0;
		w[2 + n + k] = s->valid >> k & 1 ? s->psv[k] : 0;
		w[2 + 2 * n + k] = s->daccess >> k & 1 ? s->daddr[k] : 0;
	}
	return 2 + 3 * (size_t)n;
}

/* ---- the file ----------------------------------------------------------- */

static inline void pd_features(const struct pd_file *f, struct pd_buf *out,
			       uint64_t base, uint8_t bits[32])
{
	struct pd_buf sec[4] = { { 0 } };
	const unsigned feats[4] = { 2, 12, 16, 31 };	/* in bit order */
	bool on[4] = { f->n_build_ids > 0, f->event_desc, f->pmu_mappings,
		       f->caps_width > 0 };
	unsigned n = 0;
	uint64_t at;

	for (unsigned i = 0; i < f->n_build_ids; i++) {	/* BUILD_ID */
		const struct pd_build_id *b = &f->build_ids[i];
		size_t name = (strlen(b->file) + 1 + 63) / 64 * 64;
		uint8_t id[24] = { 0 };
		static const uint8_t zeros[64];

		memcpy(id, b->id, b->len);
		id[20] = (uint8_t)b->len;
		pd_le(&sec[0], 67, 4);
		pd_le(&sec[0], b->misc | 0x8000, 2);	/* BUILD_ID_SIZE */
		pd_le(&sec[0], 8 + 4 + 24 + name, 2);
		pd_le(&sec[0], (uint32_t)b->pid, 4);
		pd_put(&sec[0], id, sizeof(id));
		pd_put(&sec[0], b->file, strlen(b->file));
		pd_put(&sec[0], zeros, name - strlen(b->file));
	}
	pd_le(&sec[1], f->n_attrs, 4);				/* EVENT_DESC */
	pd_le(&sec[1], PD_ATTR_SIZE, 4);
	for (unsigned i = 0; i < f->n_attrs; i++) {
		const struct pd_attr *a = &f->attrs[i];
		uint8_t attr[PD_ATTR_SIZE] = { 0 };

		pd_set_le(attr, a->type, 4);
		pd_set_le(attr + 4, PD_ATTR_SIZE, 4);
		pd_put(&sec[1], attr, sizeof(attr));
		pd_le(&sec[1], a->n_ids, 4);
		pd_string(&sec[1], a->name ? a->name : "");
		for (unsigned j = 0; j < a->n_ids; j++)
			pd_le(&sec[1], a->ids[j], 8);
	}
	pd_le(&sec[2], f->n_pmus, 4);				/* PMU_MAPPINGS */
	for (unsigned i = 0; i < f->n_pmus; i++) {
		pd_le(&sec[2], f->pmus[i].type, 4);
		pd_string(&sec[2], f->pmus[i].name);
	}
	pd_le(&sec[3], 1, 4);					/* PMU_CAPS */
	if (f->caps_width) {
		char w[16];

		snprintf(w, sizeof(w), "%u", f->caps_width);
		pd_le(&sec[3], 1, 4);
		pd_string(&sec[3], "width");
		pd_string(&sec[3], w);
		pd_string(&sec[3], "tea");
	}

	memset(bits, 0, 32);
	for (unsigned i = 0; i < 4; i++)
		if (on[i]) {
			bits[feats[i] / 8] |= (uint8_t)(1u << feats[i] % 8);
			n++;
		}
	/* the index, then the sections */
	at = base + 16 * n;
	for (unsigned i = 0; i < 4; i++)
		if (on[i]) {
			pd_le(out, at, 8);
			pd_le(out, sec[i].len, 8);
			at += sec[i].len;
		}
	for (unsigned i = 0; i < 4; i++) {
		if (on[i])
			pd_put(out, sec[i].p, sec[i].len);
		free(sec[i].p);
	}
}

/* The whole file, in a malloc'd buffer of *@len bytes. */
static inline uint8_t *pd_finish(const struct pd_file *f, size_t *len)
{
	struct pd_buf out = { 0 };
	uint64_t ids_at[PD_MAX_ATTRS], attrs_at, data_at;
	uint8_t bits[32];
	struct pd_buf feats = { 0 };

	pd_put(&out, "PERFILE2", 8);
	pd_le(&out, 104, 8);
	pd_le(&out, PD_ATTR_SIZE + 16, 8);
	pd_put(&out, (uint8_t[80]){ 0 }, 80);	/* sections and flags, below */
	for (unsigned i = 0; i < f->n_attrs; i++) {
		ids_at[i] = out.len;
		for (unsigned j = 0; j < f->attrs[i].n_ids; j++)
			pd_le(&out, f->attrs[i].ids[j], 8);
	}
	attrs_at = out.len;
	for (unsigned i = 0; i < f->n_attrs; i++) {
		const struct pd_attr *a = &f->attrs[i];
		uint8_t attr[PD_ATTR_SIZE] = { 0 };

		pd_set_le(attr, a->type, 4);
		pd_set_le(attr + 4, PD_ATTR_SIZE, 4);
		pd_set_le(attr + 8, a->config, 8);
		pd_set_le(attr + 16, a->period, 8);
		pd_set_le(attr + 24, a->sample_type, 8);
		pd_set_le(attr + 32, a->read_format, 8);
		pd_set_le(attr + 40, a->flags, 8);
		pd_put(&out, attr, sizeof(attr));
		pd_le(&out, ids_at[i], 8);
		pd_le(&out, 8 * a->n_ids, 8);
	}
	data_at = out.len;
	pd_put(&out, f->data.p, f->data.len);
	pd_features(f, &feats, out.len, bits);
	pd_put(&out, feats.p, feats.len);
	free(feats.p);

	pd_set_le(out.p + 24, attrs_at, 8);
	pd_set_le(out.p + 32, (uint64_t)f->n_attrs * (PD_ATTR_SIZE + 16), 8);
	pd_set_le(out.p + 40, data_at, 8);
	pd_set_le(out.p + 48, f->data.len, 8);
	memcpy(out.p + 72, bits, 32);
	*len = out.len;
	return out.p;
}

#endif
