/* The header half of the perf.data reader (perf_data.c reads the
 * records): the file's header, the attrs section and the ids of each
 * event, the feature sections after the data (the events' names, the
 * PMUs' types and caps, the build-ids), and which event is TEA's. Every
 * offset and size from the file is checked against the file's size, and
 * each section read whole into memory goes through a bounds-checked
 * cursor. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <linux/perf_event.h>

#include "perf_data.h"
#include "perf_data_internal.h"
#include "tea/perf.h"

#define HEADER_LEN 104		/* magic, size, attr_size, 3 sections, 256 feature bits */
#define PIPE_HEADER_LEN 16	/* perf record -o -: magic and size only */
#define SECTION_LEN 16		/* offset, size */
#define ATTR_MIN 64		/* PERF_ATTR_SIZE_VER0: every field read here */
#define ATTR_MAX 4096
#define MAX_ATTRS 4096
#define MAX_IDS (1u << 20)
/* The features read here are a few KiB; the limit keeps a corrupt size
 * from making the reader allocate gigabytes. */
#define FEATURE_MAX (16u << 20)

/* Feature bits (the HEADER_* of perf's header) read here. */
enum {
	FEAT_BUILD_ID = 2,
	FEAT_EVENT_DESC = 12,
	FEAT_PMU_MAPPINGS = 16,
	FEAT_PMU_CAPS = 31,
	FEAT_BITS = 256,
};

/* build_id_event's misc: byte 20 of the build-id field holds its length
 * (else the build-id is 20 bytes). */
#define MISC_BUILD_ID_SIZE (1u << 15)

static const char perf_magic[8] = { 'P', 'E', 'R', 'F', 'I', 'L', 'E', '2' };
static const char perf_magic_swapped[8] = { '2', 'E', 'L', 'I', 'F', 'R', 'E', 'P' };
static const char perf_magic_v1[8] = { 'P', 'E', 'R', 'F', 'F', 'I', 'L', 'E' };

/* ---- the cursor, and sections read whole -------------------------------------- */

int pics_pd_cur_short(const struct pics_perf_data *r, const struct cursor *c,
		 const char *field, struct pics_error *err)
{
	return pics_fail_at(err, PICS_ERR_FORMAT, r->path, pics_pd_cur_offset(c),
			    "%s ends inside its %s", c->what, field);
}

int pics_pd_cur_take(const struct pics_perf_data *r, struct cursor *c, size_t n,
		const char *field, const uint8_t **out,
		struct pics_error *err)
{
	if (pics_pd_cur_left(c) < n) {
		pics_pd_cur_short(r, c, field, err);
		return -1;
	}
	*out = c->p;
	c->p += n;
	return 0;
}

int pics_pd_cur_uint(const struct pics_perf_data *r, struct cursor *c,
		unsigned bytes, const char *field, uint64_t *v,
		struct pics_error *err)
{
	const uint8_t *p;

	if (pics_pd_cur_take(r, c, bytes, field, &p, err))
		return -1;
	*v = pics_get_uint(p, bytes);
	return 0;
}

int pics_pd_cur_skip_words(const struct pics_perf_data *r, struct cursor *c,
		      uint64_t words, const char *field,
		      struct pics_error *err)
{
	const uint8_t *p;

	if (words > pics_pd_cur_left(c) / 8)
		return pics_pd_cur_short(r, c, field, err);
	return pics_pd_cur_take(r, c, (size_t)words * 8, field, &p, err);
}

int pics_pd_cur_string(const struct pics_perf_data *r, struct cursor *c,
		  const char *field, const char **s, struct pics_error *err)
{
	uint64_t len;
	const uint8_t *p;

	if (pics_pd_cur_uint(r, c, 4, field, &len, err))
		return -1;
	if (len > pics_pd_cur_left(c))
		return pics_pd_cur_short(r, c, field, err);
	if (!memchr(c->p, '\0', (size_t)len))
		return pics_fail_at(err, PICS_ERR_FORMAT, r->path,
				    pics_pd_cur_offset(c),
				    "%s: its %s of %llu bytes has no NUL",
				    c->what, field, (unsigned long long)len);
	*s = (const char *)c->p;
	return pics_pd_cur_take(r, c, (size_t)len, field, &p, err);
}

static bool in_file(const struct pics_perf_data *r, uint64_t offset,
		    uint64_t size)
{
	return offset <= r->file_size && size <= r->file_size - offset;
}

/* Reads [@offset, @offset + @len) of the file, which the caller checked
 * lies inside it. */
static int read_at(struct pics_perf_data *r, uint64_t offset, void *buf,
		   size_t len, struct pics_error *err)
{
	size_t done = 0;

	while (done < len) {
		ssize_t n = pread(r->in.fd, (uint8_t *)buf + done, len - done,
				  (off_t)(offset + done));

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return pics_fail_at(err, PICS_ERR_IO, r->path,
					    offset + done, "read failed: %s",
					    strerror(errno));
		if (n == 0)
			return pics_fail_at(err, PICS_ERR_TRUNCATED, r->path,
					    offset + done,
					    "file ends early (it shrank while being read?)");
		done += (size_t)n;
	}
	return 0;
}

/* A section [@offset, @offset + @size) that a field at @where names, read
 * whole into a malloc'd buffer. */
static uint8_t *read_section(struct pics_perf_data *r, uint64_t where,
			     uint64_t offset, uint64_t size, uint64_t max,
			     const char *what, struct pics_error *err)
{
	uint8_t *buf;

	if (!in_file(r, offset, size)) {
		pics_fail_at(err, PICS_ERR_TRUNCATED, r->path, where,
			     "%s at offset %llu of %llu bytes lies beyond the file's end (%llu bytes): truncated or corrupt",
			     what, (unsigned long long)offset,
			     (unsigned long long)size,
			     (unsigned long long)r->file_size);
		return NULL;
	}
	if (size > max) {
		pics_fail_at(err, PICS_ERR_FORMAT, r->path, where,
			     "%s of %llu bytes; at most %llu", what,
			     (unsigned long long)size, (unsigned long long)max);
		return NULL;
	}
	buf = malloc(size ? (size_t)size : 1);
	if (!buf) {
		pics_fail(err, PICS_ERR_NOMEM, "%s: out of memory", r->path);
		return NULL;
	}
	if (read_at(r, offset, buf, (size_t)size, err)) {
		free(buf);
		return NULL;
	}
	return buf;
}

/* ---- attributes and their ids --------------------------------------------- */

static int compare_ids(const void *a, const void *b)
{
	const struct id_entry *x = a, *y = b;

	return x->id < y->id ? -1 : x->id > y->id;
}

long pics_pd_attr_of_id(const struct pics_perf_data *r, uint64_t id)
{
	size_t lo = 0, hi = r->n_ids;

	if (r->n_attrs == 1 || id == 0)
		return 0;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (r->ids[mid].id == id)
			return (long)r->ids[mid].attr;
		if (r->ids[mid].id < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	return -1;
}

static int read_ids(struct pics_perf_data *r, size_t a, uint64_t where,
		    uint64_t offset, uint64_t size, struct pics_error *err)
{
	uint8_t *buf;
	size_t n = (size_t)(size / 8);
	struct id_entry *grown;

	if (size % 8)
		return pics_fail_at(err, PICS_ERR_FORMAT, r->path, where,
				    "id section of %llu bytes is no whole number of u64 ids",
				    (unsigned long long)size);
	if (size / 8 > MAX_IDS - r->n_ids)
		return pics_fail_at(err, PICS_ERR_FORMAT, r->path, where,
				    "more than %u event ids", MAX_IDS);
	if (!n)
		return 0;
	buf = read_section(r, where, offset, size, (uint64_t)MAX_IDS * 8,
			   "id section", err);
	if (!buf)
		return -1;
	grown = realloc(r->ids, (r->n_ids + n) * sizeof(*grown));
	if (!grown) {
		free(buf);
		return pics_fail(err, PICS_ERR_NOMEM, "%s: out of memory",
				 r->path);
	}
	r->ids = grown;
	for (size_t i = 0; i < n; i++)
		r->ids[r->n_ids++] = (struct id_entry){
			.id = pics_get_u64(buf + 8 * i), .attr = a };
	free(buf);
	return 0;
}

/* The attrs section: entries of attr_size bytes, each a perf_event_attr
 * and the file section of its ids. */
static int read_attrs(struct pics_perf_data *r, const uint8_t *h,
		      struct pics_error *err)
{
	uint64_t entry = pics_get_u64(h + 16);
	uint64_t offset = pics_get_u64(h + 24), size = pics_get_u64(h + 32);
	uint8_t *buf;
	int ret = 0;

	if (entry < ATTR_MIN + SECTION_LEN || entry > ATTR_MAX + SECTION_LEN)
		return pics_fail_at(err, PICS_ERR_FORMAT, r->path, 16,
				    "attr size %llu; expected %d to %d bytes",
				    (unsigned long long)entry,
				    ATTR_MIN + SECTION_LEN, ATTR_MAX + SECTION_LEN);
	if (!size || size % entry)
		return pics_fail_at(err, PICS_ERR_FORMAT, r->path, 32,
				    "attrs section of %llu bytes is no whole number of %llu-byte attrs",
				    (unsigned long long)size,
				    (unsigned long long)entry);
	if (size / entry > MAX_ATTRS)
		return pics_fail_at(err, PICS_ERR_FORMAT, r->path, 32,
				    "%llu attrs; at most %d",
				    (unsigned long long)(size / entry), MAX_ATTRS);
	buf = read_section(r, 24, offset, size, size, "the attrs section", err);
	if (!buf)
		return -1;
	r->n_attrs = (size_t)(size / entry);
	r->attrs = calloc(r->n_attrs, sizeof(*r->attrs));
	if (!r->attrs) {
		free(buf);
		return pics_fail(err, PICS_ERR_NOMEM, "%s: out of memory",
				 r->path);
	}
	for (size_t i = 0; i < r->n_attrs && !ret; i++) {
		const uint8_t *p = buf + i * entry, *ids = p + entry - SECTION_LEN;
		struct attr *a = &r->attrs[i];
		uint32_t own = (uint32_t)pics_get_uint(p + 4, 4);

		a->offset = offset + i * entry;
		a->type = (uint32_t)pics_get_uint(p, 4);
		a->config = pics_get_u64(p + 8);
		a->period = pics_get_u64(p + 16);
		a->sample_type = pics_get_u64(p + 24);
		a->read_format = pics_get_u64(p + 32);
		a->flags = pics_get_u64(p + 40);
		/* perf reads an attr by its own size, then its ids: the two
		 * must agree for the entries to line up. */
		if (own && own != entry - SECTION_LEN)
			ret = pics_fail_at(err, PICS_ERR_FORMAT, r->path,
					   a->offset + 4,
					   "attr of %u bytes in an entry of %llu (attr size minus its 16-byte id section)",
					   own, (unsigned long long)(entry - SECTION_LEN));
		else
			ret = read_ids(r, i, a->offset + entry - SECTION_LEN,
				       pics_get_u64(ids), pics_get_u64(ids + 8),
				       err);
	}
	free(buf);
	if (!ret && r->n_ids)
		qsort(r->ids, r->n_ids, sizeof(*r->ids), compare_ids);
	return ret;
}

/* ---- feature sections -------------------------------------------------------- */

/* HEADER_EVENT_DESC: the events' names, as given to perf record
 * ("tea/period=5000/"), in the order of the attrs. */
static int read_event_desc(struct pics_perf_data *r, struct cursor *c,
			   struct pics_error *err)
{
	uint64_t nr, size;

	if (pics_pd_cur_uint(r, c, 4, "event count", &nr, err) ||
	    pics_pd_cur_uint(r, c, 4, "attr size", &size, err))
		return -1;
	if (size < 8 || size > ATTR_MAX)
		return pics_fail_at(err, PICS_ERR_FORMAT, r->path,
				    pics_pd_cur_offset(c) - 4,
				    "%s: attr size %llu; expected 8 to %d",
				    c->what, (unsigned long long)size, ATTR_MAX);
	for (uint64_t i = 0; i < nr; i++) {
		const uint8_t *attr;
		const char *name;
		uint64_t n_ids;

		if (pics_pd_cur_take(r, c, (size_t)size, "attr", &attr, err) ||
		    pics_pd_cur_uint(r, c, 4, "id count", &n_ids, err) ||
		    pics_pd_cur_string(r, c, "event name", &name, err) ||
		    pics_pd_cur_skip_words(r, c, n_ids, "ids", err))
			return -1;
		/* The names go with the attrs section's entries when both
		 * list the same events. */
		if (nr == r->n_attrs &&
		    pics_get_uint(attr, 4) == r->attrs[i].type)
			snprintf(r->attrs[i].name, sizeof(r->attrs[i].name),
				 "%s", name);
	}
	return 0;
}

/* HEADER_PMU_MAPPINGS: each PMU's name and the type it had on the
 * target; the tea PMU's type is dynamic, so this is how its attr is
 * found. */
static int read_pmu_mappings(struct pics_perf_data *r, struct cursor *c,
			     bool *found, uint32_t *type,
			     struct pics_error *err)
{
	uint64_t nr;

	if (pics_pd_cur_uint(r, c, 4, "PMU count", &nr, err))
		return -1;
	for (uint64_t i = 0; i < nr; i++) {
		const char *name;
		uint64_t t;

		if (pics_pd_cur_uint(r, c, 4, "PMU type", &t, err) ||
		    pics_pd_cur_string(r, c, "PMU name", &name, err))
			return -1;
		if (!strcmp(name, "tea")) {
			*found = true;
			*type = (uint32_t)t;
		}
	}
	return 0;
}

/* HEADER_PMU_CAPS: the PMUs' caps/ files; the tea PMU's "width" is the
 * commit width of its samples. */
static int read_pmu_caps(struct pics_perf_data *r, struct cursor *c,
			 struct pics_error *err)
{
	uint64_t nr;

	if (pics_pd_cur_uint(r, c, 4, "PMU count", &nr, err))
		return -1;
	for (uint64_t i = 0; i < nr; i++) {
		const char *width = NULL, *name;
		uint64_t n_caps;

		if (pics_pd_cur_uint(r, c, 4, "capability count", &n_caps, err))
			return -1;
		for (uint64_t j = 0; j < n_caps; j++) {
			const char *cap, *value;

			if (pics_pd_cur_string(r, c, "capability name", &cap, err) ||
			    pics_pd_cur_string(r, c, "capability value", &value, err))
				return -1;
			if (!strcmp(cap, "width"))
				width = value;
		}
		if (pics_pd_cur_string(r, c, "PMU name", &name, err))
			return -1;
		if (width && !strcmp(name, "tea")) {
			char *end;
			unsigned long w = strtoul(width, &end, 10);

			if (end == width || *end || w < 1 || w > PICS_MAX_WIDTH)
				return pics_fail_at(err, PICS_ERR_FORMAT,
						    r->path, pics_pd_cur_offset(c),
						    "%s: the tea PMU's width '%.16s'; expected 1 to %d",
						    c->what, width, PICS_MAX_WIDTH);
			r->caps_width = (unsigned)w;
		}
	}
	return 0;
}

static int compare_build_ids(const void *a, const void *b)
{
	const struct build_id *x = a, *y = b;

	return strcmp(x->file, y->file);
}

const struct build_id *pics_pd_find_build_id(const struct pics_perf_data *r,
					const char *file)
{
	struct build_id key = { .file = file };

	if (!r->n_build_ids)
		return NULL;
	return bsearch(&key, r->build_ids, r->n_build_ids,
		       sizeof(*r->build_ids), compare_build_ids);
}

/* HEADER_BUILD_ID: build_id_event records, one per file that samples
 * fell into (the kernel as "[kernel.kallsyms]"). The buffer is kept:
 * the entries point into it. */
static int read_build_ids(struct pics_perf_data *r, uint8_t *buf,
			  struct cursor *c, struct pics_error *err)
{
	size_t cap = 0;

	r->build_id_buf = buf;
	while (pics_pd_cur_left(c)) {
		uint64_t at = pics_pd_cur_offset(c);
		const uint8_t *p;
		struct build_id *b;
		size_t size, name_len;
		uint16_t misc;

		if (pics_pd_cur_take(r, c, REC_HEADER, "build-id record header", &p,
				err))
			return -1;
		misc = (uint16_t)pics_get_uint(p + 4, 2);
		size = (size_t)pics_get_uint(p + 6, 2);
		/* header, pid, the build-id field, a name of one byte */
		if (size < REC_HEADER + 4 + 24 + 1)
			return pics_fail_at(err, PICS_ERR_FORMAT, r->path, at,
					    "build-id record of %zu bytes; at least %d",
					    size, REC_HEADER + 4 + 24 + 1);
		if (pics_pd_cur_take(r, c, size - REC_HEADER, "build-id record", &p,
				err))
			return -1;
		name_len = strnlen((const char *)p + 28, size - REC_HEADER - 28);
		if (name_len == size - REC_HEADER - 28)
			return pics_fail_at(err, PICS_ERR_FORMAT, r->path, at,
					    "build-id record's file name has no NUL");
		if (r->n_build_ids == cap) {
			struct build_id *grown;

			cap = cap ? 2 * cap : 16;
			grown = realloc(r->build_ids, cap * sizeof(*grown));
			if (!grown)
				return pics_fail(err, PICS_ERR_NOMEM,
						 "%s: out of memory", r->path);
			r->build_ids = grown;
		}
		b = &r->build_ids[r->n_build_ids++];
		b->file = (const char *)p + 28;
		b->len = misc & MISC_BUILD_ID_SIZE ? p[4 + BUILD_ID_LEN]
						   : BUILD_ID_LEN;
		if (b->len > BUILD_ID_LEN)
			return pics_fail_at(err, PICS_ERR_FORMAT, r->path, at,
					    "build-id of %u bytes; at most %d",
					    b->len, BUILD_ID_LEN);
		memcpy(b->id, p + 4, b->len);
	}
	if (r->n_build_ids)
		qsort(r->build_ids, r->n_build_ids, sizeof(*r->build_ids),
		      compare_build_ids);
	return 0;
}

/* The feature sections: an array of file sections right after the data
 * section, one per feature bit set in the header, in bit order. */
static int read_features(struct pics_perf_data *r, const uint8_t *h,
			 bool *tea_type_found, uint32_t *tea_type,
			 struct pics_error *err)
{
	const uint8_t *bits = h + 72;
	uint64_t index = r->data_end;
	unsigned n = 0;
	uint8_t *table;
	int ret = 0;

	for (unsigned f = 0; f < FEAT_BITS; f++)
		n += bits[f / 8] >> (f % 8) & 1;
	table = read_section(r, 72, index, (uint64_t)n * SECTION_LEN,
			     (uint64_t)n * SECTION_LEN,
			     "the feature index after the data section", err);
	if (!table)
		return -1;
	for (unsigned f = 0, i = 0; f < FEAT_BITS && !ret; f++) {
		uint64_t where = index + (uint64_t)i * SECTION_LEN;
		uint64_t offset, size;
		const char *what;
		struct cursor c;
		uint8_t *buf;

		if (!(bits[f / 8] >> (f % 8) & 1))
			continue;
		offset = pics_get_u64(table + i * SECTION_LEN);
		size = pics_get_u64(table + i * SECTION_LEN + 8);
		i++;
		switch (f) {
		case FEAT_BUILD_ID:
			what = "the BUILD_ID section";
			break;
		case FEAT_EVENT_DESC:
			what = "the EVENT_DESC section";
			break;
		case FEAT_PMU_MAPPINGS:
			what = "the PMU_MAPPINGS section";
			break;
		case FEAT_PMU_CAPS:
			what = "the PMU_CAPS section";
			break;
		default:
			continue;	/* the host, the CPUs ...: not needed */
		}
		buf = read_section(r, where, offset, size, FEATURE_MAX, what,
				   err);
		if (!buf) {
			ret = -1;
			break;
		}
		c = pics_pd_cursor(buf, (size_t)size, offset, what);
		switch (f) {
		case FEAT_BUILD_ID:
			ret = read_build_ids(r, buf, &c, err);
			buf = NULL;	/* kept: the entries point into it */
			break;
		case FEAT_EVENT_DESC:
			ret = read_event_desc(r, &c, err);
			break;
		case FEAT_PMU_MAPPINGS:
			ret = read_pmu_mappings(r, &c, tea_type_found,
						tea_type, err);
			break;
		case FEAT_PMU_CAPS:
			ret = read_pmu_caps(r, &c, err);
			break;
		}
		free(buf);
	}
	free(table);
	return ret;
}

/* ---- which event is TEA's ------------------------------------------------- */

static bool named_tea(const struct attr *a)
{
	return !strcmp(a->name, "tea") || !strncmp(a->name, "tea/", 4);
}

/* The u64 word of a sample that holds its id, or -1 without one. */
static int sample_id_word(uint64_t type)
{
	if (type & PERF_SAMPLE_IDENTIFIER)
		return 0;
	if (!(type & PERF_SAMPLE_ID))
		return -1;
	return __builtin_popcountll(type & (PERF_SAMPLE_IP | PERF_SAMPLE_TID |
					    PERF_SAMPLE_TIME |
					    PERF_SAMPLE_ADDR));
}

/* The same for sample_id, counted from its end. */
static int trailer_id_word(uint64_t type)
{
	if (type & PERF_SAMPLE_IDENTIFIER)
		return 0;
	if (!(type & PERF_SAMPLE_ID))
		return -1;
	return __builtin_popcountll(type & (PERF_SAMPLE_STREAM_ID |
					    PERF_SAMPLE_CPU));
}

static int find_tea(struct pics_perf_data *r, bool type_found,
		    uint32_t type, struct pics_error *err)
{
	size_t found = 0;
	const struct attr *a;

	for (size_t i = 0; i < r->n_attrs; i++) {
		a = &r->attrs[i];
		if (type_found ? a->type == type : named_tea(a)) {
			if (found++)
				return pics_fail_at(err, PICS_ERR_FORMAT,
						    r->path, a->offset,
						    "a second tea event; teaperf reads one");
			r->tea = i;
		}
	}
	if (!found) {
		char names[256] = "";
		size_t len = 0;

		for (size_t i = 0; i < r->n_attrs && len < sizeof(names); i++) {
			int n = snprintf(names + len, sizeof(names) - len,
					 "%s%s", i ? ", " : "",
					 r->attrs[i].name[0] ? r->attrs[i].name
							     : "unnamed");

			len += n > 0 ? (size_t)n : 0;
		}
		return pics_fail_at(err, PICS_ERR_FORMAT, r->path, 24,
				    "no tea event among the file's events (%s); record with perf record -R -e tea/period=N/",
				    names);
	}
	a = &r->attrs[r->tea];
	/* (buffer mode's samples are in its AUX data) */
	if (!(a->config & TEA_PERF_CONFIG_BUFFER) && !(a->sample_type & PERF_SAMPLE_RAW))
		return pics_fail_at(err, PICS_ERR_FORMAT, r->path, a->offset,
				    "the tea event's samples have no raw data, which holds TEA's sample; record with perf record -R");
	if (a->flags & ATTR_FREQ)
		return pics_fail_at(err, PICS_ERR_FORMAT, r->path, a->offset,
				    "the tea event samples by frequency; TEA samples every period cycles");
	if (!a->period)
		return pics_fail_at(err, PICS_ERR_FORMAT, r->path, a->offset,
				    "the tea event has period 0");

	/* With several events a record names its own by its id, which all
	 * events must keep at the same place (as perf itself requires). */
	r->sample_id_all = r->attrs[0].flags & ATTR_SAMPLE_ID_ALL;
	r->sample_id_word = sample_id_word(r->attrs[0].sample_type);
	r->trailer_id_word = trailer_id_word(r->attrs[0].sample_type);
	for (size_t i = 1; i < r->n_attrs; i++) {
		a = &r->attrs[i];
		if ((bool)(a->flags & ATTR_SAMPLE_ID_ALL) != r->sample_id_all ||
		    sample_id_word(a->sample_type) != r->sample_id_word ||
		    trailer_id_word(a->sample_type) != r->trailer_id_word ||
		    r->sample_id_word < 0)
			return pics_fail_at(err, PICS_ERR_FORMAT, r->path,
					    a->offset,
					    "%zu events whose records cannot be told apart (no id at one place in all of them)",
					    r->n_attrs);
	}
	return 0;
}

/* ---- the file's header -------------------------------------------------------- */

int pics_pd_read_header(struct pics_perf_data *r, struct pics_error *err)
{
	uint8_t h[HEADER_LEN];
	bool tea_type_found = false;
	uint32_t tea_type = 0;
	uint64_t size, data_offset, data_size;
	struct stat st;

	if (fstat(r->in.fd, &st) || !S_ISREG(st.st_mode))
		return pics_fail(err, PICS_ERR_IO,
				 "%s: a perf.data file must be a regular file (read at any offset), not a pipe",
				 r->path);
	r->file_size = (uint64_t)st.st_size;
	if (r->file_size < PIPE_HEADER_LEN)
		return pics_fail_at(err, PICS_ERR_TRUNCATED, r->path, 0,
				    "perf.data of %llu bytes ends inside its header",
				    (unsigned long long)r->file_size);
	if (read_at(r, 0, h, PIPE_HEADER_LEN, err))
		return -1;
	if (!memcmp(h, perf_magic_swapped, 8))
		return pics_fail_at(err, PICS_ERR_MAGIC, r->path, 0,
				    "big-endian perf.data; only little-endian files (a RISC-V target's) are read");
	if (!memcmp(h, perf_magic_v1, 8))
		return pics_fail_at(err, PICS_ERR_MAGIC, r->path, 0,
				    "perf.data of the first version (PERFFILE); only PERFILE2 is read");
	if (memcmp(h, perf_magic, 8))
		return pics_fail_at(err, PICS_ERR_MAGIC, r->path, 0,
				    "not a perf.data file (magic \"PERFILE2\" expected)");
	size = pics_get_u64(h + 8);
	if (size == PIPE_HEADER_LEN)
		return pics_fail_at(err, PICS_ERR_FORMAT, r->path, 8,
				    "perf.data in pipe mode (perf record -o -) is not read; record into a file");
	if (size < HEADER_LEN)
		return pics_fail_at(err, PICS_ERR_FORMAT, r->path, 8,
				    "perf.data header of %llu bytes; expected at least %d",
				    (unsigned long long)size, HEADER_LEN);
	if (!in_file(r, 0, size))
		return pics_fail_at(err, PICS_ERR_TRUNCATED, r->path, 8,
				    "perf.data header of %llu bytes in a file of %llu",
				    (unsigned long long)size,
				    (unsigned long long)r->file_size);
	if (read_at(r, 0, h, HEADER_LEN, err))
		return -1;
	data_offset = pics_get_u64(h + 40);
	data_size = pics_get_u64(h + 48);
	if (!in_file(r, data_offset, data_size))
		return pics_fail_at(err, PICS_ERR_TRUNCATED, r->path, 40,
				    "the data section at offset %llu of %llu bytes ends beyond the file's end (%llu bytes): truncated",
				    (unsigned long long)data_offset,
				    (unsigned long long)data_size,
				    (unsigned long long)r->file_size);
	r->data_start = data_offset;
	r->data_end = data_offset + data_size;
	if (read_attrs(r, h, err) ||
	    read_features(r, h, &tea_type_found, &tea_type, err) ||
	    find_tea(r, tea_type_found, tea_type, err))
		return -1;
	return 0;
}

bool pics_perf_data_magic(const uint8_t *magic)
{
	return !memcmp(magic, perf_magic, 8) ||
	       !memcmp(magic, perf_magic_swapped, 8) ||
	       !memcmp(magic, perf_magic_v1, 8);
}
