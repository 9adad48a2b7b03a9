/* Mappings and their map records (docs/formats.md): where a Linux target
 * had its program and its kernel, so that the host finds the right ELFs
 * for the addresses of the samples. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

#define FIXED_BODY (8 + 8 + 8 + 1)	/* start, end, pgoff, build-id length */
#define MIN_BODY (FIXED_BODY + 2 + 1)	/* no build-id, a 1-byte path */
#define MAX_BODY (FIXED_BODY + PICS_BUILD_ID_MAX + 2 + PICS_PATH_MAX - 1)

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

int pics_mapping_record_read(struct pics_in *in, uint64_t len,
			     uint64_t offset, struct pics_mapping_list *maps,
			     struct pics_error *err)
{
	struct pics_mapping m = { 0 };
	const uint8_t *p;
	size_t path_len;

	if (len < MIN_BODY || len > MAX_BODY)
		return pics_fail_at(err, PICS_ERR_FORMAT, in->path, offset,
				    "map record of %llu bytes; expected %d to %d",
				    (unsigned long long)len, MIN_BODY, MAX_BODY);
	if (pics_in_need(in, (size_t)len, "a map record", err))
		return -1;
	p = pics_in_take(in, (size_t)len);
	m.start = pics_get_u64(p);
	m.end = pics_get_u64(p + 8);
	m.pgoff = pics_get_u64(p + 16);
	m.build_id_len = p[24];
	if (m.build_id_len > PICS_BUILD_ID_MAX)
		return pics_fail_at(err, PICS_ERR_FORMAT, in->path, offset,
				    "map record build-id length %u; at most %d",
				    m.build_id_len, PICS_BUILD_ID_MAX);
	if (FIXED_BODY + m.build_id_len + 2 > len)
		return pics_fail_at(err, PICS_ERR_FORMAT, in->path, offset,
				    "map record of %llu bytes cannot hold a build-id of %u bytes",
				    (unsigned long long)len, m.build_id_len);
	memcpy(m.build_id, p + FIXED_BODY, m.build_id_len);
	p += FIXED_BODY + m.build_id_len;
	path_len = (size_t)pics_get_uint(p, 2);
	if (FIXED_BODY + m.build_id_len + 2 + path_len != len)
		return pics_fail_at(err, PICS_ERR_FORMAT, in->path, offset,
				    "map record of %llu bytes disagrees with its fields (%zu bytes with a %zu-byte path)",
				    (unsigned long long)len,
				    FIXED_BODY + m.build_id_len + 2 + path_len,
				    path_len);
	if (path_len >= PICS_PATH_MAX || memchr(p + 2, '\0', path_len))
		return pics_fail_at(err, PICS_ERR_FORMAT, in->path, offset,
				    "map record path of %zu bytes: expected 1 to %d bytes without NUL",
				    path_len, PICS_PATH_MAX - 1);
	memcpy(m.path, p + 2, path_len);
	if (pics_mapping_list_add(maps, &m, err)) {
		if (err && err->code == PICS_ERR_INVALID)
			err->code = PICS_ERR_FORMAT;
		return pics_error_locate(err, in->path, offset);
	}
	return 0;
}

int pics_mapping_record_write(struct pics_out *out,
			      const struct pics_mapping *m,
			      struct pics_error *err)
{
	uint8_t buf[1 + 4 + MAX_BODY], *p = buf;
	size_t path_len;

	if (pics_mapping_validate(m, err))
		return -1;
	path_len = strlen(m->path);
	*p++ = PICS_REC_MAPPING;
	p = pics_put_uint(p, FIXED_BODY + m->build_id_len + 2 + path_len, 4);
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
