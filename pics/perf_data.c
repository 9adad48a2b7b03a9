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
 * read, as a RISC-V target writes them. */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <linux/perf_event.h>

#include "internal.h"
#include "perf_data.h"
#include "tea/csr.h"
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
#define REC_HEADER 8		/* type, misc, size */
#define BUILD_ID_LEN 20		/* a build-id in perf's records */
#define KERNEL_NAME "[kernel.kallsyms]"

/* Feature bits (the HEADER_* of perf's header) read here. */
enum {
	FEAT_BUILD_ID = 2,
	FEAT_EVENT_DESC = 12,
	FEAT_PMU_MAPPINGS = 16,
	FEAT_PMU_CAPS = 31,
	FEAT_BITS = 256,
};

/* Records perf record adds itself, from type 64 on; they carry no
 * sample_id fields. */
enum {
	REC_USER_START = 64,
	REC_AUXTRACE = 71,	/* followed by its payload, outside the record */
	REC_COMPRESSED = 81,
};

/* build_id_event's misc: byte 20 of the build-id field holds its length
 * (else the build-id is 20 bytes). */
#define MISC_BUILD_ID_SIZE (1u << 15)

/* The fields of sample_id, the identity that sample_id_all appends to the
 * other records. */
#define SAMPLE_ID_FIELDS                                                     \
	(PERF_SAMPLE_TID | PERF_SAMPLE_TIME | PERF_SAMPLE_ID |                 \
	 PERF_SAMPLE_STREAM_ID | PERF_SAMPLE_CPU | PERF_SAMPLE_IDENTIFIER)

/* perf_event_attr's flag bits read here. */
#define ATTR_FREQ (1ull << 10)
#define ATTR_SAMPLE_ID_ALL (1ull << 18)

static const char perf_magic[8] = { 'P', 'E', 'R', 'F', 'I', 'L', 'E', '2' };
static const char perf_magic_swapped[8] = { '2', 'E', 'L', 'I', 'F', 'R', 'E', 'P' };
static const char perf_magic_v1[8] = { 'P', 'E', 'R', 'F', 'F', 'I', 'L', 'E' };

struct attr {
	uint64_t offset;	/* of its entry in the attrs section */
	uint32_t type;
	uint64_t period;
	uint64_t sample_type;
	uint64_t read_format;
	uint64_t flags;
	char name[64];		/* from HEADER_EVENT_DESC, "" without it */
};

struct id_entry {
	uint64_t id;
	size_t attr;
};

struct build_id {
	const char *file;	/* inside build_id_buf */
	uint8_t id[BUILD_ID_LEN];
	unsigned len;
};

struct pics_perf_data {
	struct pics_in in;
	char path[PICS_PATH_MAX];
	uint64_t file_size;
	uint64_t data_start, data_end;

	struct attr *attrs;
	size_t n_attrs;
	struct id_entry *ids;	/* sorted by id */
	size_t n_ids;
	size_t tea;		/* the tea event's attr */
	/* Where a record names its event, when the file has several: the
	 * u64 word of a sample, counted from the start, and of sample_id,
	 * counted from the end (-1: no id; all events agree). */
	int sample_id_word, trailer_id_word;
	bool sample_id_all;

	uint8_t *build_id_buf;
	struct build_id *build_ids;	/* sorted by file */
	size_t n_build_ids;
	unsigned caps_width;	/* the tea PMU's caps/width; 0 unknown */

	struct pics_meta meta;
	struct pics_mapping_list maps;
	/* Whether each mapping is still its task's own: an exec replaces a
	 * task's mappings, a fork gives the child its parent's. */
	bool *live;
	size_t live_cap;
	/* The cycle of the last sample of user mode, the one mode whose
	 * addresses a task's mappings hold: a mapping reported after it
	 * holds from the next cycle on. */
	bool user_seen;
	uint64_t last_user_cycle;

	/* The first pass, which only looks for the meta's width and
	 * command: */
	bool scanning;
	unsigned width;		/* of the first sample */
	bool exec_seen;
	uint32_t exec_pid;
	bool binary_found, first_user_found;
	struct pics_mapping binary, first_user;

	uint64_t samples, hw_lost, rec_lost, lost_samples;
	uint64_t throttles, throttled_ns, throttle_start;
	bool throttled, done;
};

/* A record of the data section. */
struct record {
	uint64_t offset;	/* of its header */
	uint32_t type;
	uint16_t misc;
	const uint8_t *body;	/* after the header */
	size_t len;		/* of the body */
};

/* Reads fields one after the other from a buffer that lies at @base in
 * the file, so that an error can name the offset. */
struct cursor {
	const uint8_t *start, *p, *end;
	uint64_t base;
	const char *what;	/* "the EVENT_DESC section", "sample record" */
};

static struct cursor cursor(const uint8_t *p, size_t len, uint64_t base,
			    const char *what)
{
	return (struct cursor){ .start = p, .p = p, .end = p + len,
				.base = base, .what = what };
}

static uint64_t cur_offset(const struct cursor *c)
{
	return c->base + (uint64_t)(c->p - c->start);
}

static size_t cur_left(const struct cursor *c)
{
	return (size_t)(c->end - c->p);
}

static int cur_short(const struct pics_perf_data *r, const struct cursor *c,
		     const char *field, struct pics_error *err)
{
	return pics_fail_at(err, PICS_ERR_FORMAT, r->path, cur_offset(c),
			    "%s ends inside its %s", c->what, field);
}

static int cur_take(const struct pics_perf_data *r, struct cursor *c,
		    size_t n, const char *field, const uint8_t **out,
		    struct pics_error *err)
{
	if (cur_left(c) < n) {
		cur_short(r, c, field, err);
		return -1;
	}
	*out = c->p;
	c->p += n;
	return 0;
}

static int cur_uint(const struct pics_perf_data *r, struct cursor *c,
		    unsigned bytes, const char *field, uint64_t *v,
		    struct pics_error *err)
{
	const uint8_t *p;

	if (cur_take(r, c, bytes, field, &p, err))
		return -1;
	*v = pics_get_uint(p, bytes);
	return 0;
}

/* Skips @words u64 words (a count from the file, so checked first). */
static int cur_skip_words(const struct pics_perf_data *r, struct cursor *c,
			  uint64_t words, const char *field,
			  struct pics_error *err)
{
	const uint8_t *p;

	if (words > cur_left(c) / 8)
		return cur_short(r, c, field, err);
	return cur_take(r, c, (size_t)words * 8, field, &p, err);
}

/* perf's strings: a u32 length (the NUL and padding included), then
 * that many bytes holding a NUL-terminated string. */
static int cur_string(const struct pics_perf_data *r, struct cursor *c,
		      const char *field, const char **s,
		      struct pics_error *err)
{
	uint64_t len;
	const uint8_t *p;

	if (cur_uint(r, c, 4, field, &len, err))
		return -1;
	if (len > cur_left(c))
		return cur_short(r, c, field, err);
	if (!memchr(c->p, '\0', (size_t)len))
		return pics_fail_at(err, PICS_ERR_FORMAT, r->path,
				    cur_offset(c),
				    "%s: its %s of %llu bytes has no NUL",
				    c->what, field, (unsigned long long)len);
	*s = (const char *)c->p;
	return cur_take(r, c, (size_t)len, field, &p, err);
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

/* The attr of event id @id: perf synthesizes records with id 0, which
 * belong to the first event. -1 when no event has it. */
static long attr_of_id(const struct pics_perf_data *r, uint64_t id)
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

	if (cur_uint(r, c, 4, "event count", &nr, err) ||
	    cur_uint(r, c, 4, "attr size", &size, err))
		return -1;
	if (size < 8 || size > ATTR_MAX)
		return pics_fail_at(err, PICS_ERR_FORMAT, r->path,
				    cur_offset(c) - 4,
				    "%s: attr size %llu; expected 8 to %d",
				    c->what, (unsigned long long)size, ATTR_MAX);
	for (uint64_t i = 0; i < nr; i++) {
		const uint8_t *attr;
		const char *name;
		uint64_t n_ids;

		if (cur_take(r, c, (size_t)size, "attr", &attr, err) ||
		    cur_uint(r, c, 4, "id count", &n_ids, err) ||
		    cur_string(r, c, "event name", &name, err) ||
		    cur_skip_words(r, c, n_ids, "ids", err))
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

	if (cur_uint(r, c, 4, "PMU count", &nr, err))
		return -1;
	for (uint64_t i = 0; i < nr; i++) {
		const char *name;
		uint64_t t;

		if (cur_uint(r, c, 4, "PMU type", &t, err) ||
		    cur_string(r, c, "PMU name", &name, err))
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

	if (cur_uint(r, c, 4, "PMU count", &nr, err))
		return -1;
	for (uint64_t i = 0; i < nr; i++) {
		const char *width = NULL, *name;
		uint64_t n_caps;

		if (cur_uint(r, c, 4, "capability count", &n_caps, err))
			return -1;
		for (uint64_t j = 0; j < n_caps; j++) {
			const char *cap, *value;

			if (cur_string(r, c, "capability name", &cap, err) ||
			    cur_string(r, c, "capability value", &value, err))
				return -1;
			if (!strcmp(cap, "width"))
				width = value;
		}
		if (cur_string(r, c, "PMU name", &name, err))
			return -1;
		if (width && !strcmp(name, "tea")) {
			char *end;
			unsigned long w = strtoul(width, &end, 10);

			if (end == width || *end || w < 1 || w > PICS_MAX_WIDTH)
				return pics_fail_at(err, PICS_ERR_FORMAT,
						    r->path, cur_offset(c),
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

static const struct build_id *find_build_id(const struct pics_perf_data *r,
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
	while (cur_left(c)) {
		uint64_t at = cur_offset(c);
		const uint8_t *p;
		struct build_id *b;
		size_t size, name_len;
		uint16_t misc;

		if (cur_take(r, c, REC_HEADER, "build-id record header", &p,
			     err))
			return -1;
		misc = (uint16_t)pics_get_uint(p + 4, 2);
		size = (size_t)pics_get_uint(p + 6, 2);
		/* header, pid, the build-id field, a name of one byte */
		if (size < REC_HEADER + 4 + 24 + 1)
			return pics_fail_at(err, PICS_ERR_FORMAT, r->path, at,
					    "build-id record of %zu bytes; at least %d",
					    size, REC_HEADER + 4 + 24 + 1);
		if (cur_take(r, c, size - REC_HEADER, "build-id record", &p,
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
		c = cursor(buf, (size_t)size, offset, what);
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
	if (!(a->sample_type & PERF_SAMPLE_RAW))
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

struct sample_id {
	bool known;		/* the record has sample_id fields */
	size_t attr;		/* of the event they name */
};

/* The sample_id fields at the end of a kernel record (sample_id_all):
 * which event's they are; *@len gets the body's length without them. */
static int read_sample_id(struct pics_perf_data *r, const struct record *rec,
			  struct sample_id *sid, size_t *len,
			  struct pics_error *err)
{
	const struct attr *a;
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
		i = attr_of_id(r, pics_get_u64(rec->body + rec->len - back));
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
	return 0;
}

/* A fixed part of @need bytes in a record body of @len bytes. */
static int need_body(const struct pics_perf_data *r, const struct record *rec,
		     size_t len, size_t need, const char *what,
		     struct pics_error *err)
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
	return attr_of_id(r, id) == (long)r->tea;
}

/* ---- samples ------------------------------------------------------------------ */

/* The raw data of a tea sample of task @pid (struct tea_perf_raw,
 * docs/linux.md) into @s; false in *@keep when no slot holds an
 * instruction. */
static int decode_raw(struct pics_perf_data *r, const struct record *rec,
		      const uint8_t *raw, size_t len, uint32_t pid,
		      struct pics_sample *s, bool *keep, struct pics_error *err)
{
	unsigned version, width, valid;
	uint32_t stat;

	*keep = false;
	if (len < TEA_PERF_RAW_SIZE(0))
		return pics_fail_at(err, PICS_ERR_FORMAT, r->path, rec->offset,
				    "tea raw data of %zu bytes; its header alone has %zu",
				    len, TEA_PERF_RAW_SIZE(0));
	version = (unsigned)pics_get_uint(raw + offsetof(struct tea_perf_raw, version), 2);
	width = (unsigned)pics_get_uint(raw + offsetof(struct tea_perf_raw, width), 2);
	if (version != TEA_PERF_RAW_VERSION)
		return pics_fail_at(err, PICS_ERR_FORMAT, r->path, rec->offset,
				    "tea raw data version %u; this reader knows version %d",
				    version, TEA_PERF_RAW_VERSION);
	if (width < 1 || width > PICS_MAX_WIDTH)
		return pics_fail_at(err, PICS_ERR_FORMAT, r->path, rec->offset,
				    "tea raw data of width %u; expected 1 to %d",
				    width, PICS_MAX_WIDTH);
	if (len < TEA_PERF_RAW_SIZE(width))
		return pics_fail_at(err, PICS_ERR_FORMAT, r->path, rec->offset,
				    "tea raw data of %zu bytes; width %u needs %zu",
				    len, width, TEA_PERF_RAW_SIZE(width));
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
	for (unsigned i = 0; i < width; i++) {
		const uint8_t *slot = raw + offsetof(struct tea_perf_raw, slot);

		if (!(valid >> i & 1))
			continue;
		s->addr[i] = pics_get_u64(slot + 8 * i);
		s->psv[i] = pics_get_u64(slot + 8 * (width + i));
	}
	if (!valid)
		return 0;
	if (pics_sample_validate(&r->meta, s, err))
		return pics_error_locate(err, r->path, rec->offset);
	*keep = true;
	return 0;
}

/* A PERF_RECORD_SAMPLE: the fields before the raw data, in the order
 * sample_type gives them, then the raw data. */
static int read_sample(struct pics_perf_data *r, const struct record *rec,
		       struct pics_sample *s, bool *keep,
		       struct pics_error *err)
{
	struct cursor c = cursor(rec->body, rec->len, rec->offset + REC_HEADER,
				 "sample record");
	const struct attr *a;
	uint64_t type, rf, v, nr, pid = 0;
	const uint8_t *raw;
	long i = 0;

	*keep = false;
	if (r->n_attrs > 1) {
		if (cur_left(&c) / 8 <= (size_t)r->sample_id_word)
			return cur_short(r, &c, "event id", err);
		v = pics_get_u64(rec->body + 8 * (size_t)r->sample_id_word);
		i = attr_of_id(r, v);
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
	rf = a->read_format;
	/* identifier, ip, pid and tid, time, addr, id, stream_id, cpu */
	if (cur_skip_words(r, &c, __builtin_popcountll(type & (PERF_SAMPLE_IDENTIFIER |
							       PERF_SAMPLE_IP)),
			   "ip", err))
		return -1;
	if ((type & PERF_SAMPLE_TID) &&
	    (cur_uint(r, &c, 4, "pid", &pid, err) ||
	     cur_uint(r, &c, 4, "tid", &v, err)))
		return -1;
	if (cur_skip_words(r, &c, __builtin_popcountll(type & (PERF_SAMPLE_TIME |
							       PERF_SAMPLE_ADDR | PERF_SAMPLE_ID |
							       PERF_SAMPLE_STREAM_ID |
							       PERF_SAMPLE_CPU)),
			   "identity fields", err))
		return -1;
	if (type & PERF_SAMPLE_PERIOD) {
		if (cur_uint(r, &c, 8, "period", &v, err))
			return -1;
		if (v != a->period && !r->scanning)
			return pics_fail_at(err, PICS_ERR_FORMAT, r->path,
					    rec->offset,
					    "sample period %llu differs from the event's %llu; every sample of a file weighs one period",
					    (unsigned long long)v,
					    (unsigned long long)a->period);
	}
	if (type & PERF_SAMPLE_READ) {
		unsigned extra = !!(rf & PERF_FORMAT_TOTAL_TIME_ENABLED) +
				 !!(rf & PERF_FORMAT_TOTAL_TIME_RUNNING);
		unsigned per = 1 + !!(rf & PERF_FORMAT_ID) + !!(rf & PERF_FORMAT_LOST);

		if (rf & PERF_FORMAT_GROUP) {
			if (cur_uint(r, &c, 8, "read values", &nr, err) ||
			    cur_skip_words(r, &c, extra, "read values", err) ||
			    cur_skip_words(r, &c, nr > UINT64_MAX / per ? UINT64_MAX : nr * per,
					   "read values", err))
				return -1;
		} else if (cur_skip_words(r, &c, extra + per, "read values", err)) {
			return -1;
		}
	}
	if (type & PERF_SAMPLE_CALLCHAIN)
		if (cur_uint(r, &c, 8, "call chain", &nr, err) ||
		    cur_skip_words(r, &c, nr, "call chain", err))
			return -1;
	if (cur_uint(r, &c, 4, "raw data size", &v, err) ||
	    cur_take(r, &c, (size_t)v, "raw data", &raw, err))
		return -1;
	return decode_raw(r, rec, raw, (size_t)v, (uint32_t)pid, s, keep, err);
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

	if (read_sample_id(r, rec, &sid, &len, err) ||
	    need_body(r, rec, len, fixed + 1, mmap2 ? "MMAP2" : "MMAP", err))
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
		bid = find_build_id(r, kernel && !strncmp(file, KERNEL_NAME,
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

	if (read_sample_id(r, rec, &sid, &len, err) ||
	    need_body(r, rec, len, 8, "COMM", err))
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

	if (read_sample_id(r, rec, &sid, &len, err) ||
	    need_body(r, rec, len, 24, "FORK", err))
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

	if (read_sample_id(r, rec, &sid, &len, err))
		return -1;
	if (rec->type == PERF_RECORD_LOST) {
		if (need_body(r, rec, len, 16, "LOST", err))
			return -1;
		if (is_tea(r, pics_get_u64(rec->body)))
			r->rec_lost += pics_get_u64(rec->body + 8);
		return 0;
	}
	if (need_body(r, rec, len, 8, "LOST_SAMPLES", err))
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

	if (read_sample_id(r, rec, &sid, &len, err) ||
	    need_body(r, rec, len, 24,
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
		if (read_sample(r, rec, s, &keep, err))
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
	case REC_AUXTRACE: {
		/* Its payload follows the record, inside the data section. */
		uint64_t size, left = r->data_end - pics_in_offset(&r->in);

		if (need_body(r, rec, rec->len, 8, "AUXTRACE", err))
			return -1;
		size = pics_get_u64(rec->body);
		if (size > left)
			return pics_fail_at(err, PICS_ERR_FORMAT, r->path,
					    rec->offset,
					    "AUXTRACE payload of %llu bytes runs past the data section's end",
					    (unsigned long long)size);
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

static int read_header(struct pics_perf_data *r, struct pics_error *err)
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
	if (read_header(r, err) || scan(r, err) ||
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
	while ((ret = next_record(r, &rec, err)) > 0) {
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

void pics_perf_data_throttled(const struct pics_perf_data *r,
			      uint64_t *count, uint64_t *ns)
{
	*count = r->throttles;
	*ns = r->throttled_ns;
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
	free(r);
}
