/* Profile files (.prof): a header, the run's map records, entries sorted
 * by (address, signature), and an end record with the entry count and
 * weight sum. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "perf_data.h"

#define END_BODY 16		/* entries, weight sum */

static int by_addr_then_signature(const void *a, const void *b)
{
	const struct pics_entry *x = a, *y = b;

	if (x->addr != y->addr)
		return x->addr < y->addr ? -1 : 1;
	if (x->signature != y->signature)
		return x->signature < y->signature ? -1 : 1;
	return 0;
}

struct entry_list {
	struct pics_entry *e;
	size_t n;
};

static int collect(const struct pics_entry *e, void *ctx)
{
	struct entry_list *l = ctx;

	l->e[l->n++] = *e;
	return 0;
}

struct pics_entry *pics_profile_sorted(const struct pics_profile *p,
				       size_t *n, struct pics_error *err)
{
	struct entry_list l = { 0 };

	l.e = malloc((pics_profile_entries(p) + 1) * sizeof(*l.e));
	if (!l.e) {
		pics_fail(err, PICS_ERR_NOMEM, "out of memory sorting a profile");
		return NULL;
	}
	pics_profile_foreach(p, collect, &l);
	qsort(l.e, l.n, sizeof(*l.e), by_addr_then_signature);
	*n = l.n;
	return l.e;
}

static int write_entries(struct pics_out *out, const struct pics_entry *e,
			 size_t n, unsigned sig_bytes, struct pics_error *err)
{
	for (size_t i = 0; i < n; i++) {
		uint8_t *p;

		if (pics_out_reserve(out, 1 + 8 + 8 + 8, err))
			return -1;
		p = out->buf + out->len;
		*p++ = TEA_REC_DATA;
		p = pics_put_u64(p, e[i].addr);
		p = pics_put_uint(p, e[i].signature, sig_bytes);
		p = pics_put_u64(p, e[i].weight);
		out->len = (size_t)(p - out->buf);
	}
	return 0;
}

int pics_profile_write(const struct pics_profile *p, const char *path,
		       struct pics_error *err)
{
	const struct pics_meta *m = pics_profile_meta(p);
	const struct pics_mapping *maps;
	struct pics_profile_fields pf = {
		.total_cycles = pics_profile_total_cycles(p),
		.samples = pics_profile_samples(p),
		.lost = pics_profile_lost(p),
	};
	uint8_t end[1 + END_BODY];
	struct pics_entry *e;
	struct pics_out out;
	struct pics_throttle throttle = pics_profile_throttle(p);
	uint64_t num;
	size_t n, n_maps;
	int ret;

	pics_profile_unit(p, &num, &pf.unit_den);
	e = pics_profile_sorted(p, &n, err);
	if (!e)
		return -1;
	if (pics_out_open(&out, path, err)) {
		free(e);
		return -1;
	}
	end[0] = TEA_REC_END;
	pics_put_u64(pics_put_u64(end + 1, n), pics_profile_total_weight(p));
	ret = pics_header_write(&out, pics_profile_magic, m, &pf, err);
	maps = pics_profile_mappings(p, &n_maps);
	for (size_t i = 0; i < n_maps && !ret; i++)
		ret = pics_mapping_record_write(&out, &maps[i], err);
	if (!ret && throttle.times)
		ret = pics_throttle_record_write(&out, &throttle, err);
	if (!ret)
		ret = write_entries(&out, e, n, pics_psv_bytes(m->n_events), err);
	if (!ret)
		ret = pics_out_write(&out, end, sizeof(end), err);
	free(e);
	if (ret) {
		pics_out_abandon(&out);
		return -1;
	}
	return pics_out_close(&out, err);
}

/* State of reading entries: the previous one, for the order check. */
struct entry_reader {
	struct pics_in *in;
	struct pics_profile *p;
	unsigned sig_bytes;
	uint64_t sig_mask;
	uint64_t entries;
	struct pics_entry last;
	struct pics_mapping_list maps;
};

static int read_entry(struct entry_reader *er, uint64_t offset,
		      struct pics_error *err)
{
	size_t len = 8 + er->sig_bytes + 8;
	const uint8_t *p;
	struct pics_entry e;

	if (pics_in_need(er->in, len, "a profile entry", err))
		return -1;
	p = pics_in_take(er->in, len);
	e.addr = pics_get_u64(p);
	e.signature = pics_get_uint(p + 8, er->sig_bytes);
	e.weight = pics_get_u64(p + 8 + er->sig_bytes);
	if (e.signature & ~er->sig_mask)
		return pics_fail_at(err, PICS_ERR_FORMAT, er->in->path, offset,
				    "signature 0x%llx has bits beyond the header's events",
				    (unsigned long long)e.signature);
	if (!e.weight)
		return pics_fail_at(err, PICS_ERR_FORMAT, er->in->path, offset,
				    "entry with weight 0; expected a positive weight");
	if (er->entries && by_addr_then_signature(&er->last, &e) >= 0)
		return pics_fail_at(err, PICS_ERR_FORMAT, er->in->path, offset,
				    "entry 0x%llx/0x%llx out of order; expected ascending (address, signature)",
				    (unsigned long long)e.addr,
				    (unsigned long long)e.signature);
	if (pics_profile_add(er->p, e.addr, e.signature, e.weight, err))
		return pics_error_locate(err, er->in->path, offset);
	er->last = e;
	er->entries++;
	return 0;
}

static int read_end(struct entry_reader *er, uint64_t offset,
		    struct pics_error *err)
{
	uint64_t entries, sum;
	const uint8_t *p;
	int eof;

	if (pics_in_need(er->in, END_BODY, "the end record", err))
		return -1;
	p = pics_in_take(er->in, END_BODY);
	entries = pics_get_u64(p);
	sum = pics_get_u64(p + 8);
	if (entries != er->entries)
		return pics_fail_at(err, PICS_ERR_FORMAT, er->in->path, offset,
				    "end record counts %llu entries but the file holds %llu",
				    (unsigned long long)entries,
				    (unsigned long long)er->entries);
	if (sum != pics_profile_total_weight(er->p))
		return pics_fail_at(err, PICS_ERR_FORMAT, er->in->path, offset,
				    "end record sums the weights to %llu but they add up to %llu",
				    (unsigned long long)sum,
				    (unsigned long long)pics_profile_total_weight(er->p));
	eof = pics_in_at_eof(er->in, err);
	if (eof < 0)
		return -1;
	if (!eof)
		return pics_fail_at(err, PICS_ERR_FORMAT, er->in->path,
				    pics_in_offset(er->in),
				    "data after the end record");
	return 0;
}

static int read_records(struct entry_reader *er, struct pics_error *err)
{
	for (;;) {
		uint64_t offset;
		uint8_t kind;
		int ret = pics_record_next(er->in, &kind, &er->maps, err);

		if (ret < 0)
			return -1;
		if (ret == 0)
			return pics_fail_at(err, PICS_ERR_TRUNCATED,
					    er->in->path,
					    pics_in_offset(er->in),
					    "file ends after %llu entries without its end record (truncated)",
					    (unsigned long long)er->entries);
		offset = pics_in_offset(er->in) - 1;
		if (kind == TEA_REC_END)
			return read_end(er, offset, err);
		if (kind != TEA_REC_DATA)
			return pics_fail_at(err, PICS_ERR_FORMAT, er->in->path,
					    offset,
					    "unknown record kind 0x%02x; expected an entry (0x01) or the end (0x02)",
					    kind);
		if (read_entry(er, offset, err))
			return -1;
	}
}

static int add_mappings(struct pics_profile *p,
			const struct pics_mapping *maps, size_t n,
			struct pics_error *err)
{
	for (size_t i = 0; i < n; i++)
		if (pics_profile_add_mapping(p, &maps[i], err))
			return -1;
	return 0;
}

static struct pics_profile *read_profile(struct pics_in *in,
					 struct pics_error *err)
{
	struct pics_profile_fields pf;
	struct entry_reader er = { .in = in };
	struct pics_meta m;

	if (pics_header_read(in, pics_profile_magic, "profile", &m, &pf, err))
		return NULL;
	er.p = pics_profile_create(&m, pf.unit_den, err);
	if (!er.p)
		return NULL;
	pics_profile_set_total_cycles(er.p, pf.total_cycles);
	pics_profile_set_counts(er.p, pf.samples, pf.lost);
	er.sig_bytes = pics_psv_bytes(m.n_events);
	er.sig_mask = pics_event_mask(m.n_events);
	if (read_records(&er, err) ||
	    add_mappings(er.p, er.maps.v, er.maps.n, err)) {
		pics_profile_free(er.p);
		er.p = NULL;
	} else {
		pics_profile_set_throttle(er.p, &er.maps.throttle);
	}
	pics_mapping_list_free(&er.maps);
	return er.p;
}

/* The samples of @r into @p, and into @cg when not NULL. */
static int add_samples(struct pics_sample_reader *r, struct pics_profile *p,
		       struct pics_callgraph *cg, struct pics_spaces *sp,
		       struct pics_error *err)
{
	const struct pics_mapping *maps;
	struct pics_sample s;
	size_t n;
	int ret;

	/* each file at addresses of its own (address_space.c) */
	while ((ret = pics_sample_reader_next(r, &s, err)) > 0) {
		maps = pics_sample_reader_mappings(r, &n);
		if (pics_spaces_update(sp, maps, n, err))
			return -1;
		pics_spaces_move_sample(sp, maps, &s);
		if (pics_profile_add_sample(p, &s, err) ||
		    (cg && pics_callgraph_add_sample(cg, &s, err)))
			return -1;
	}
	return ret;
}

static struct pics_profile *aggregate_samples(struct pics_in *in,
					      const char *path,
					      struct pics_callgraph **cg,
					      struct pics_error *err)
{
	struct pics_sample_reader *r = pics_sample_reader_adopt(in, path, err);
	const struct pics_mapping *maps;
	struct pics_spaces sp = { 0 };
	struct pics_profile *p;
	size_t n;
	int ret;

	if (!r)
		return NULL;
	p = pics_profile_new(pics_sample_reader_meta(r), err);
	if (p && cg) {
		*cg = pics_callgraph_new(pics_sample_reader_meta(r), err);
		if (!*cg) {
			pics_profile_free(p);
			p = NULL;
		}
	}
	if (!p) {
		pics_sample_reader_close(r);
		return NULL;
	}
	ret = add_samples(r, p, cg ? *cg : NULL, &sp, err);
	if (!ret) {
		struct pics_throttle throttle = pics_sample_reader_throttle(r);

		pics_profile_set_counts(p, pics_sample_reader_samples(r),
					pics_sample_reader_lost(r));
		pics_profile_set_throttle(p, &throttle);
		maps = pics_sample_reader_mappings(r, &n);
		ret = pics_spaces_update(&sp, maps, n, err);
		for (size_t i = 0; i < n && !ret; i++) {
			struct pics_mapping m = pics_spaces_move_mapping(&sp, maps, i);

			ret = pics_profile_add_mapping(p, &m, err);
		}
	}
	pics_spaces_free(&sp);
	pics_sample_reader_close(r);
	if (ret) {
		pics_profile_free(p);
		if (cg) {
			pics_callgraph_free(*cg);
			*cg = NULL;
		}
		return NULL;
	}
	return p;
}

static enum pics_file_kind kind_of(struct pics_in *in, struct pics_error *err)
{
	int ret = pics_in_fill(in, PICS_MAGIC_LEN, err);
	const uint8_t *magic = in->buf + in->start;

	if (ret < 0)
		return PICS_FILE_UNKNOWN;
	if (ret && !memcmp(magic, pics_sample_magic, PICS_MAGIC_LEN))
		return PICS_FILE_SAMPLES;
	if (ret && !memcmp(magic, pics_profile_magic, PICS_MAGIC_LEN))
		return PICS_FILE_PROFILE;
	/* Linux's perf.data: its tea samples read as a sample file's. */
	if (ret && pics_perf_data_magic(magic))
		return PICS_FILE_SAMPLES;
	pics_fail_at(err, PICS_ERR_MAGIC, in->path, 0,
		     ret ? "not a TEA sample file, profile or perf.data (unknown magic)"
			 : "not a TEA sample file, profile or perf.data (shorter than its magic)");
	return PICS_FILE_UNKNOWN;
}

enum pics_file_kind pics_file_kind(const char *path, struct pics_error *err)
{
	enum pics_file_kind kind;
	struct pics_in in;

	if (pics_in_open(&in, path, err))
		return PICS_FILE_UNKNOWN;
	kind = kind_of(&in, err);
	pics_in_close(&in);
	return kind;
}

struct pics_profile *pics_profile_read(const char *path,
				       struct pics_error *err)
{
	struct pics_profile *p;
	struct pics_in in;

	if (pics_in_open(&in, path, err))
		return NULL;
	p = read_profile(&in, err);
	pics_in_close(&in);
	return p;
}

struct pics_profile *pics_profile_load_callgraph(const char *path,
						 struct pics_callgraph **cg,
						 struct pics_error *err)
{
	struct pics_profile *p = NULL;
	struct pics_in in;

	if (cg)
		*cg = NULL;
	if (pics_in_open(&in, path, err))
		return NULL;
	switch (kind_of(&in, err)) {
	case PICS_FILE_SAMPLES:
		/* The sample reader takes over @in. */
		return aggregate_samples(&in, path, cg, err);
	case PICS_FILE_PROFILE:
		p = read_profile(&in, err);
		break;
	case PICS_FILE_UNKNOWN:
		break;
	}
	pics_in_close(&in);
	return p;
}

struct pics_profile *pics_profile_load(const char *path,
				       struct pics_error *err)
{
	return pics_profile_load_callgraph(path, NULL, err);
}
