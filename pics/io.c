/* Buffered, offset-tracking file access and the header shared by sample
 * and profile files (docs/formats.md). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "internal.h"

#define IN_BUFFER (1u << 20)
#define OUT_BUFFER (1u << 18)
/* Headers are a few KiB; the limit keeps a corrupt length from making the
 * reader allocate or wait for gigabytes. */
#define HEADER_MAX (1u << 16)
#define PREAMBLE_LEN 16

const char pics_sample_magic[PICS_MAGIC_LEN] = { 'T', 'E', 'A', 'S', 'M', 'P', 'L', '\0' };
const char pics_profile_magic[PICS_MAGIC_LEN] = { 'T', 'E', 'A', 'P', 'R', 'O', 'F', '\0' };

/* ---- input ----------------------------------------------------------------- */

int pics_in_open(struct pics_in *in, const char *path, struct pics_error *err)
{
	memset(in, 0, sizeof(*in));
	in->path = path;
	if (!strcmp(path, "-")) {
		in->fd = STDIN_FILENO;
	} else {
		in->fd = open(path, O_RDONLY | O_CLOEXEC);
		if (in->fd < 0)
			return pics_fail(err, PICS_ERR_IO, "%s: cannot open: %s",
					 path, strerror(errno));
		in->own_fd = true;
	}
	in->cap = IN_BUFFER;
	in->buf = malloc(in->cap);
	if (!in->buf) {
		pics_in_close(in);
		return pics_fail(err, PICS_ERR_NOMEM, "%s: out of memory", path);
	}
	return 0;
}

void pics_in_close(struct pics_in *in)
{
	if (in->own_fd)
		close(in->fd);
	in->own_fd = false;
	free(in->buf);
	in->buf = NULL;
}

int pics_in_fill(struct pics_in *in, size_t n, struct pics_error *err)
{
	if (in->end - in->start >= n)
		return 1;
	if (in->start) {
		memmove(in->buf, in->buf + in->start, in->end - in->start);
		in->base += in->start;
		in->end -= in->start;
		in->start = 0;
	}
	while (in->end < n && !in->eof) {
		ssize_t got = read(in->fd, in->buf + in->end, in->cap - in->end);

		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0)
			return pics_fail_at(err, PICS_ERR_IO, in->path,
					    pics_in_offset(in) + in->end,
					    "read failed: %s", strerror(errno));
		if (got == 0)
			in->eof = true;
		in->end += (size_t)got;
	}
	return in->end >= n;
}

int pics_in_need(struct pics_in *in, size_t n, const char *what,
		 struct pics_error *err)
{
	int ret = pics_in_fill(in, n, err);

	if (ret == 0)
		return pics_fail_at(err, PICS_ERR_TRUNCATED, in->path,
				    pics_in_offset(in),
				    "file ends inside %s: %zu of %zu bytes present",
				    what, in->end - in->start, n);
	return ret < 0 ? -1 : 0;
}

int pics_in_skip(struct pics_in *in, uint64_t n, const char *what,
		 struct pics_error *err)
{
	while (n) {
		size_t chunk = n < in->cap ? (size_t)n : in->cap;
		int ret = pics_in_fill(in, 1, err);

		if (ret < 0)
			return -1;
		if (ret == 0)
			return pics_fail_at(err, PICS_ERR_TRUNCATED, in->path,
					    pics_in_offset(in),
					    "file ends inside %s: %llu bytes missing",
					    what, (unsigned long long)n);
		if (chunk > in->end - in->start)
			chunk = in->end - in->start;
		in->start += chunk;
		n -= chunk;
	}
	return 0;
}

int pics_in_at_eof(struct pics_in *in, struct pics_error *err)
{
	int ret = pics_in_fill(in, 1, err);

	return ret < 0 ? -1 : !ret;
}

/* ---- output ---------------------------------------------------------------- */

int pics_out_open(struct pics_out *out, const char *path,
		  struct pics_error *err)
{
	memset(out, 0, sizeof(*out));
	out->path = path;
	if (!strcmp(path, "-")) {
		out->fd = STDOUT_FILENO;
	} else {
		out->fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC,
			       0644);
		if (out->fd < 0)
			return pics_fail(err, PICS_ERR_IO,
					 "%s: cannot create: %s", path,
					 strerror(errno));
		out->own_fd = true;
	}
	out->cap = OUT_BUFFER;
	out->buf = malloc(out->cap);
	if (!out->buf) {
		pics_out_abandon(out);
		return pics_fail(err, PICS_ERR_NOMEM, "%s: out of memory", path);
	}
	return 0;
}

static int flush(struct pics_out *out, struct pics_error *err)
{
	size_t done = 0;

	while (done < out->len) {
		ssize_t n = write(out->fd, out->buf + done, out->len - done);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			out->failed = true;
			return pics_fail(err, PICS_ERR_IO, "%s: write failed: %s",
					 out->path, strerror(errno));
		}
		done += (size_t)n;
	}
	out->len = 0;
	return 0;
}

int pics_out_reserve(struct pics_out *out, size_t n, struct pics_error *err)
{
	if (out->failed)
		return pics_fail(err, PICS_ERR_IO, "%s: an earlier write failed",
				 out->path);
	if (out->len + n > out->cap)
		return flush(out, err);
	return 0;
}

int pics_out_write(struct pics_out *out, const void *data, size_t n,
		   struct pics_error *err)
{
	const uint8_t *p = data;

	while (n) {
		size_t chunk = n < out->cap ? n : out->cap;

		if (pics_out_reserve(out, chunk, err))
			return -1;
		memcpy(out->buf + out->len, p, chunk);
		out->len += chunk;
		p += chunk;
		n -= chunk;
	}
	return 0;
}

int pics_out_close(struct pics_out *out, struct pics_error *err)
{
	int ret = out->failed ? pics_fail(err, PICS_ERR_IO,
					  "%s: an earlier write failed",
					  out->path)
			      : flush(out, err);

	if (out->own_fd && close(out->fd) && !ret)
		ret = pics_fail(err, PICS_ERR_IO, "%s: close failed: %s",
				out->path, strerror(errno));
	out->own_fd = false;
	free(out->buf);
	out->buf = NULL;
	return ret;
}

void pics_out_abandon(struct pics_out *out)
{
	if (out->own_fd)
		close(out->fd);
	out->own_fd = false;
	free(out->buf);
	out->buf = NULL;
}

/* ---- header ---------------------------------------------------------------- */

static uint8_t *put_str(uint8_t *p, const char *s, size_t len, unsigned width)
{
	p = pics_put_uint(p, len, width);
	memcpy(p, s, len);
	return p + len;
}

int pics_header_write(struct pics_out *out, const char magic[PICS_MAGIC_LEN],
		      const struct pics_meta *m,
		      const struct pics_profile_fields *pf,
		      struct pics_error *err)
{
	uint8_t buf[PREAMBLE_LEN + 8 * 1024];
	uint8_t *p = buf + PREAMBLE_LEN;

	if (pics_meta_validate(m, err))
		return -1;
	p = put_str(p, m->scheme, strlen(m->scheme), 1);
	*p++ = (uint8_t)m->commit_width;
	*p++ = (uint8_t)m->n_events;
	for (unsigned i = 0; i < m->n_events; i++)
		p = put_str(p, m->events[i], strlen(m->events[i]), 1);
	p = pics_put_u64(p, m->period);
	p = pics_put_u64(p, m->clock_hz);
	p = put_str(p, m->binary, strlen(m->binary), 2);
	p = put_str(p, (const char *)m->build_id, m->build_id_len, 1);
	if (pf) {
		p = pics_put_u64(p, pf->total_cycles);
		p = pics_put_u64(p, pf->samples);
		p = pics_put_u64(p, pf->lost);
		p = pics_put_u64(p, pf->unit_den);
	}
	memcpy(buf, magic, PICS_MAGIC_LEN);
	pics_put_uint(buf + 8, PICS_FORMAT_MAJOR, 2);
	pics_put_uint(buf + 10, PICS_FORMAT_MINOR, 2);
	pics_put_uint(buf + 12, (uint64_t)(p - buf - PREAMBLE_LEN), 4);
	return pics_out_write(out, buf, (size_t)(p - buf), err);
}

/* Bounds-checked walk over the header fields, which are all in memory. */
struct cursor {
	const struct pics_in *in;
	const uint8_t *p, *end;
	uint64_t offset;	/* file offset of p */
	struct pics_error *err;
};

static const uint8_t *cursor_take(struct cursor *c, size_t n, const char *what)
{
	const uint8_t *p = c->p;

	if ((size_t)(c->end - c->p) < n) {
		pics_fail_at(c->err, PICS_ERR_FORMAT, c->in->path, c->offset,
			     "%s (%zu bytes) runs past the end of the header (%zu bytes left)",
			     what, n, (size_t)(c->end - c->p));
		return NULL;
	}
	c->p += n;
	c->offset += n;
	return p;
}

static int cursor_uint(struct cursor *c, unsigned bytes, const char *what,
		       uint64_t *v)
{
	const uint8_t *p = cursor_take(c, bytes, what);

	if (!p)
		return -1;
	*v = pics_get_uint(p, bytes);
	return 0;
}

/* A length-prefixed string into @dst (size @max, NUL included). */
static int cursor_str(struct cursor *c, unsigned len_bytes, const char *what,
		      char *dst, size_t max, bool may_be_empty)
{
	uint64_t offset = c->offset;
	const uint8_t *p;
	uint64_t len;

	if (cursor_uint(c, len_bytes, what, &len))
		return -1;
	if (len >= max || (!len && !may_be_empty))
		return pics_fail_at(c->err, PICS_ERR_FORMAT, c->in->path,
				    offset, "%s has length %llu; expected %s to %zu",
				    what, (unsigned long long)len,
				    may_be_empty ? "0" : "1", max - 1);
	p = cursor_take(c, (size_t)len, what);
	if (!p)
		return -1;
	if (memchr(p, '\0', (size_t)len))
		return pics_fail_at(c->err, PICS_ERR_FORMAT, c->in->path,
				    offset, "%s contains a NUL byte", what);
	memcpy(dst, p, (size_t)len);
	dst[len] = '\0';
	return 0;
}

static int parse_shared_fields(struct cursor *c, struct pics_meta *m)
{
	uint64_t v;
	char what[32];

	if (cursor_str(c, 1, "scheme name", m->scheme, PICS_SCHEME_MAX, false) ||
	    cursor_uint(c, 1, "commit width", &v))
		return -1;
	m->commit_width = (unsigned)v;
	if (v < 1 || v > PICS_MAX_WIDTH)
		return pics_fail_at(c->err, PICS_ERR_FORMAT, c->in->path,
				    c->offset - 1,
				    "commit width %u; expected 1 to %d",
				    m->commit_width, PICS_MAX_WIDTH);
	if (cursor_uint(c, 1, "event count", &v))
		return -1;
	m->n_events = (unsigned)v;
	if (m->n_events < 1 || m->n_events > PICS_MAX_EVENTS)
		return pics_fail_at(c->err, PICS_ERR_FORMAT, c->in->path,
				    c->offset - 1,
				    "event count %u; expected 1 to %d",
				    m->n_events, PICS_MAX_EVENTS);
	for (unsigned i = 0; i < m->n_events; i++) {
		snprintf(what, sizeof(what), "name of event %u", i);
		if (cursor_str(c, 1, what, m->events[i], PICS_EVENT_NAME_MAX,
			       false))
			return -1;
	}
	if (cursor_uint(c, 8, "sampling period", &m->period) ||
	    cursor_uint(c, 8, "clock frequency", &m->clock_hz) ||
	    cursor_str(c, 2, "binary path", m->binary, PICS_PATH_MAX, true) ||
	    cursor_uint(c, 1, "build-id length", &v))
		return -1;
	if (v > PICS_BUILD_ID_MAX)
		return pics_fail_at(c->err, PICS_ERR_FORMAT, c->in->path,
				    c->offset - 1,
				    "build-id length %llu; at most %d",
				    (unsigned long long)v, PICS_BUILD_ID_MAX);
	m->build_id_len = (unsigned)v;
	const uint8_t *id = cursor_take(c, m->build_id_len, "build-id");
	if (!id)
		return -1;
	memcpy(m->build_id, id, m->build_id_len);
	return 0;
}

static int parse_profile_fields(struct cursor *c, struct pics_profile_fields *pf)
{
	if (cursor_uint(c, 8, "total cycles", &pf->total_cycles) ||
	    cursor_uint(c, 8, "sample count", &pf->samples) ||
	    cursor_uint(c, 8, "lost sample count", &pf->lost) ||
	    cursor_uint(c, 8, "weight unit denominator", &pf->unit_den))
		return -1;
	if (pf->unit_den == 0)
		return pics_fail_at(c->err, PICS_ERR_FORMAT, c->in->path,
				    c->offset - 8,
				    "weight unit denominator 0; expected at least 1");
	return 0;
}

static int check_preamble(struct pics_in *in, const char magic[PICS_MAGIC_LEN],
			  const char *kind_name, uint32_t *header_len,
			  struct pics_error *err)
{
	const uint8_t *p;
	unsigned major, minor;

	if (pics_in_need(in, PREAMBLE_LEN, "the file preamble", err))
		return -1;
	p = pics_in_take(in, PREAMBLE_LEN);
	if (memcmp(p, magic, PICS_MAGIC_LEN))
		return pics_fail_at(err, PICS_ERR_MAGIC, in->path, 0,
				    "not a TEA %s file (magic \"%.7s\" expected)",
				    kind_name, magic);
	major = (unsigned)pics_get_uint(p + 8, 2);
	minor = (unsigned)pics_get_uint(p + 10, 2);
	if (major != PICS_FORMAT_MAJOR)
		return pics_fail_at(err, PICS_ERR_VERSION, in->path, 8,
				    "format version %u.%u is not supported; this reader knows major version %d",
				    major, minor, PICS_FORMAT_MAJOR);
	*header_len = (uint32_t)pics_get_uint(p + 12, 4);
	if (*header_len > HEADER_MAX)
		return pics_fail_at(err, PICS_ERR_FORMAT, in->path, 12,
				    "header length %u; at most %u",
				    *header_len, HEADER_MAX);
	return 0;
}

int pics_header_read(struct pics_in *in, const char magic[PICS_MAGIC_LEN],
		     const char *kind_name, struct pics_meta *m,
		     struct pics_profile_fields *pf, struct pics_error *err)
{
	struct cursor c = { .in = in, .err = err };
	uint32_t header_len = 0;

	if (check_preamble(in, magic, kind_name, &header_len, err) ||
	    pics_in_need(in, header_len, "the header", err))
		return -1;
	memset(m, 0, sizeof(*m));
	c.offset = pics_in_offset(in);
	c.p = pics_in_take(in, header_len);
	c.end = c.p + header_len;
	if (parse_shared_fields(&c, m) || (pf && parse_profile_fields(&c, pf)))
		return -1;
	/* Fields a later minor version appended are skipped: c.p < c.end. */
	if (pics_meta_validate(m, err)) {
		if (err)
			err->code = PICS_ERR_FORMAT;
		return pics_error_locate(err, in->path, PREAMBLE_LEN);
	}
	return 0;
}
