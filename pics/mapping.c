/* Mappings and their map records (docs/formats.md): where a Linux target
 * had its program and its kernel, so that the host finds the right ELFs
 * for the addresses of the samples; with the task records, which say whose
 * the samples that follow are, the mapping of each sample's task at its
 * cycle; the stop record, which says the sampling ended early; and the
 * throttle record, which says how long perf held the sampling back. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

#define FIXED_BODY (8 + 8 + 8 + 1)	/* start, end, pgoff, build-id length */
#define MIN_BODY (FIXED_BODY + 2 + 1)	/* no build-id, a 1-byte path */
#define MAX_BODY (FIXED_BODY + PICS_BUILD_ID_MAX + 2 + PICS_PATH_MAX - 1)
#define TASK_FIELDS (4 + 8)	/* a task map record's pid and time, first */
#define TASK_BODY 4		/* a task record: pid */
#define STOP_BODY 8		/* a stop record: cycle */
#define THROTTLE_BODY 16	/* a throttle record: times, cycles */

int pics_mapping_validate(const struct pics_mapping *m, struct pics_error *err)
{
	size_t len = strnlen(m->path, PICS_PATH_MAX);

	if (m->start >= m->end)
		return pics_fail(err, PICS_ERR_INVALID,
				 "mapping 0x%llx..0x%llx: start not below end",
				 (unsigned long long)m->start,
				 (unsigned long long)m->end);
	if (m->build_id_len > PICS_BUILD_ID_MAX)
		return pics_fail(err, PICS_ERR_INVALID,
				 "mapping build-id of %u bytes; at most %d",
				 m->build_id_len, PICS_BUILD_ID_MAX);
	if (len == 0 || len == PICS_PATH_MAX)
		return pics_fail(err, PICS_ERR_INVALID,
				 "mapping path must have 1 to %d bytes",
				 PICS_PATH_MAX - 1);
	return 0;
}

const struct pics_mapping *pics_mapping_find(const struct pics_mapping *maps,
					     size_t n, uint64_t addr)
{
	for (size_t i = 0; i < n; i++)
		if (addr >= maps[i].start && addr < maps[i].end)
			return &maps[i];
	return NULL;
}

const struct pics_mapping *pics_mapping_find_task(const struct pics_mapping *maps,
						  size_t n, uint32_t pid,
						  uint64_t cycle, uint64_t addr)
{
	const struct pics_mapping *best = NULL;

	for (size_t i = 0; i < n; i++) {
		const struct pics_mapping *m = &maps[i];

		if (addr < m->start || addr >= m->end || m->time > cycle ||
		    (pid && m->pid && m->pid != pid))
			continue;
		/* an exec or a later mmap replaces what was there */
		if (!best || m->time >= best->time)
			best = m;
	}
	return best;
}

/* ---- lists ----------------------------------------------------------------- */

int pics_mapping_list_add(struct pics_mapping_list *l,
			  const struct pics_mapping *m, struct pics_error *err)
{
	if (pics_mapping_validate(m, err))
		return -1;
	if (l->n == PICS_MAX_MAPPINGS)
		return pics_fail(err, PICS_ERR_INVALID,
				 "more than %d mappings", PICS_MAX_MAPPINGS);
	if (l->n == l->cap) {
		size_t cap = l->cap ? 2 * l->cap : 8;
		struct pics_mapping *grown;

		grown = realloc(l->v, cap * sizeof(*grown));

		if (!grown)
			return pics_fail(err, PICS_ERR_NOMEM,
					 "out of memory for mappings");
		l->v = grown;
		l->cap = cap;
	}
	l->v[l->n++] = *m;
	return 0;
}

int pics_mapping_list_copy(struct pics_mapping_list *dst,
			   const struct pics_mapping_list *src,
			   struct pics_error *err)
{
	for (size_t i = 0; i < src->n; i++)
		if (pics_mapping_list_add(dst, &src->v[i], err))
			return -1;
	return 0;
}

void pics_mapping_list_free(struct pics_mapping_list *l)
{
	free(l->v);
	*l = (struct pics_mapping_list){ 0 };
}

/* ---- records --------------------------------------------------------------- */

/* The fields of a map record (0x80), in the @len bytes at @p. */
static int parse_mapping(struct pics_in *in, const uint8_t *p, uint64_t len,
			 uint64_t offset, const char *what,
			 struct pics_mapping *m, struct pics_error *err)
{
	size_t path_len;

	m->start = pics_get_u64(p);
	m->end = pics_get_u64(p + 8);
	m->pgoff = pics_get_u64(p + 16);
	m->build_id_len = p[24];
	if (m->build_id_len > PICS_BUILD_ID_MAX)
		return pics_fail_at(err, PICS_ERR_FORMAT, in->path, offset,
				    "%s build-id length %u; at most %d",
				    what, m->build_id_len, PICS_BUILD_ID_MAX);
	if (FIXED_BODY + m->build_id_len + 2 > len)
		return pics_fail_at(err, PICS_ERR_FORMAT, in->path, offset,
				    "%s of %llu bytes cannot hold a build-id of %u bytes",
				    what, (unsigned long long)len,
				    m->build_id_len);
	memcpy(m->build_id, p + FIXED_BODY, m->build_id_len);
	p += FIXED_BODY + m->build_id_len;
	path_len = (size_t)pics_get_uint(p, 2);
	if (FIXED_BODY + m->build_id_len + 2 + path_len != len)
		return pics_fail_at(err, PICS_ERR_FORMAT, in->path, offset,
				    "%s of %llu bytes disagrees with its fields (%zu bytes with a %zu-byte path)",
				    what, (unsigned long long)len,
				    FIXED_BODY + m->build_id_len + 2 + path_len,
				    path_len);
	if (path_len >= PICS_PATH_MAX || memchr(p + 2, '\0', path_len))
		return pics_fail_at(err, PICS_ERR_FORMAT, in->path, offset,
				    "%s path of %zu bytes: expected 1 to %d bytes without NUL",
				    what, path_len, PICS_PATH_MAX - 1);
	memcpy(m->path, p + 2, path_len);
	return 0;
}

/* A map record; for 0x81 its task and cycle come first. */
static int read_mapping(struct pics_in *in, uint8_t kind, uint64_t len,
			uint64_t offset, struct pics_mapping_list *maps,
			struct pics_error *err)
{
	size_t task = kind == TEA_REC_TASK_MAPPING ? TASK_FIELDS : 0;
	const char *what = task ? "task map record" : "map record";
	struct pics_mapping m = { 0 };
	const uint8_t *p;

	if (len < task + MIN_BODY || len > task + MAX_BODY)
		return pics_fail_at(err, PICS_ERR_FORMAT, in->path, offset,
				    "%s of %llu bytes; expected %zu to %zu",
				    what, (unsigned long long)len,
				    task + MIN_BODY, task + MAX_BODY);
	if (pics_in_need(in, (size_t)len, task ? "a task map record" : "a map record", err))
		return -1;
	p = pics_in_take(in, (size_t)len);
	if (task) {
		m.pid = (uint32_t)pics_get_uint(p, 4);
		m.time = pics_get_u64(p + 4);
	}
	if (parse_mapping(in, p + task, len - task, offset, what, &m, err))
		return -1;
	if (pics_mapping_list_add(maps, &m, err)) {
		if (err && err->code == PICS_ERR_INVALID)
			err->code = PICS_ERR_FORMAT;
		return pics_error_locate(err, in->path, offset);
	}
	return 0;
}

/* The body of a task, stop or throttle record, @want bytes; NULL with @err set when
 * its length is another or the file ends inside it. */
static const uint8_t *fixed_body(struct pics_in *in, uint64_t len, size_t want,
				 const char *what, uint64_t offset,
				 struct pics_error *err)
{
	if (len != want) {
		pics_fail_at(err, PICS_ERR_FORMAT, in->path, offset,
			     "%s of %llu bytes; expected %zu", what,
			     (unsigned long long)len, want);
		return NULL;
	}
	if (pics_in_need(in, want, what, err))
		return NULL;
	return pics_in_take(in, want);
}

int pics_mapping_record_read(struct pics_in *in, uint8_t kind, uint64_t len,
			     uint64_t offset, struct pics_mapping_list *maps,
			     struct pics_error *err)
{
	const uint8_t *p;

	if (kind == TEA_REC_MAPPING || kind == TEA_REC_TASK_MAPPING)
		return read_mapping(in, kind, len, offset, maps, err);
	if (kind == TEA_REC_TASK) {
		p = fixed_body(in, len, TASK_BODY, "a task record", offset, err);
		if (!p)
			return -1;
		maps->task = (uint32_t)pics_get_uint(p, 4);
		return 0;
	}
	if (kind == TEA_REC_STOP) {
		if (maps->stopped)
			return pics_fail_at(err, PICS_ERR_FORMAT, in->path,
					    offset, "a second stop record");
		p = fixed_body(in, len, STOP_BODY, "a stop record", offset, err);
		if (!p)
			return -1;
		maps->stopped = true;
		maps->stop_cycle = pics_get_u64(p);
		return 0;
	}
	if (kind == TEA_REC_THROTTLE) {
		if (maps->throttle_seen)
			return pics_fail_at(err, PICS_ERR_FORMAT, in->path,
					    offset, "a second throttle record");
		p = fixed_body(in, len, THROTTLE_BODY, "a throttle record",
			       offset, err);
		if (!p)
			return -1;
		maps->throttle_seen = true;
		maps->throttle.times = pics_get_u64(p);
		maps->throttle.cycles = pics_get_u64(p + 8);
		return 0;
	}
	return 1;
}

int pics_mapping_record_write(struct pics_out *out,
			      const struct pics_mapping *m,
			      struct pics_error *err)
{
	uint8_t buf[1 + 4 + TASK_FIELDS + MAX_BODY], *p = buf;
	bool task = m->pid || m->time;
	size_t path_len;

	if (pics_mapping_validate(m, err))
		return -1;
	path_len = strlen(m->path);
	*p++ = task ? TEA_REC_TASK_MAPPING : TEA_REC_MAPPING;
	p = pics_put_uint(p, (task ? TASK_FIELDS : 0) + FIXED_BODY +
			  m->build_id_len + 2 + path_len, 4);
	if (task) {
		p = pics_put_uint(p, m->pid, 4);
		p = pics_put_u64(p, m->time);
	}
	p = pics_put_u64(p, m->start);
	p = pics_put_u64(p, m->end);
	p = pics_put_u64(p, m->pgoff);
	*p++ = (uint8_t)m->build_id_len;
	memcpy(p, m->build_id, m->build_id_len);
	p += m->build_id_len;
	p = pics_put_uint(p, path_len, 2);
	memcpy(p, m->path, path_len);
	p += path_len;
	return pics_out_write(out, buf, (size_t)(p - buf), err);
}

int pics_task_record_write(struct pics_out *out, uint32_t pid,
			   struct pics_error *err)
{
	uint8_t buf[1 + 4 + TASK_BODY], *p = buf;

	*p++ = TEA_REC_TASK;
	p = pics_put_uint(p, TASK_BODY, 4);
	pics_put_uint(p, pid, 4);
	return pics_out_write(out, buf, sizeof(buf), err);
}

int pics_stop_record_write(struct pics_out *out, uint64_t cycle,
			   struct pics_error *err)
{
	uint8_t buf[1 + 4 + STOP_BODY], *p = buf;

	*p++ = TEA_REC_STOP;
	p = pics_put_uint(p, STOP_BODY, 4);
	pics_put_u64(p, cycle);
	return pics_out_write(out, buf, sizeof(buf), err);
}

int pics_throttle_record_write(struct pics_out *out,
			       const struct pics_throttle *t,
			       struct pics_error *err)
{
	uint8_t buf[1 + 4 + THROTTLE_BODY], *p = buf;

	*p++ = TEA_REC_THROTTLE;
	p = pics_put_uint(p, THROTTLE_BODY, 4);
	p = pics_put_u64(p, t->times);
	pics_put_u64(p, t->cycles);
	return pics_out_write(out, buf, sizeof(buf), err);
}
