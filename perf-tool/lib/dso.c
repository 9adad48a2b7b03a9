/* The ELFs (DSOs, in perf's word) behind a profile's addresses: which to
 * read for symbols (--binary, --symfs, --vmlinux, the file's mappings) and
 * which mappings to keep (--dsos). */
#include <stdlib.h>
#include <string.h>

#include "teaperf.h"

/* ---- symbols -------------------------------------------------------------- */

/* The copy of the file @map shows: --vmlinux for the kernel, --binary for
 * the profiled program, else its path on the target, inside the --symfs
 * folders when given (*@in_symfs); NULL for memory no file backs
 * ("[vdso]") or a kernel without --vmlinux. */
static const char *mapping_elf(const struct pics_mapping *map,
			       const struct pics_meta *m,
			       const struct symbol_options *so,
			       bool *in_symfs)
{
	*in_symfs = false;
	if (!strcmp(map->path, PICS_KERNEL_MAPPING))
		return so->vmlinux;
	if (map->path[0] == '[')
		return NULL;
	if (so->binary && !strcmp(map->path, m->binary))
		return so->binary;
	*in_symfs = so->n_symfs > 0;
	return map->path;
}

/* Adds the symbols of @elf for @map (@map NULL: the profiled binary at
 * base 0), looked up in each --symfs folder in turn when @in_symfs; the
 * first folder that has a usable copy wins, else the last one's error. */
static int add_symbols(struct pics_symbols *syms, const struct pics_mapping *map,
		       const struct symbol_options *so, bool in_symfs, const char *elf,
		       struct pics_error *err)
{
	unsigned n = in_symfs ? so->n_symfs : 1;
	int rc = -1;

	for (unsigned i = 0; i < n && rc; i++) {
		const char *root = in_symfs ? so->symfs[i] : NULL;

		rc = map ? pics_symbols_add_mapping(syms, map, root, elf, err)
			 : pics_symbols_add(syms, root, elf, 0, err);
	}
	return rc;
}

/* Symbols of a Linux recording: one ELF per mapping, each checked against
 * the mapping's build-id; one that cannot be used is a warning. */
static struct pics_symbols *mapping_symbols(const char *cmd,
					    const struct pics_profile *p,
					    const struct symbol_options *so)
{
	const struct pics_meta *m = pics_profile_meta(p);
	const struct pics_mapping *maps;
	const char *warned = "";
	struct pics_symbols *syms;
	struct pics_error err;
	size_t n;

	syms = pics_symbols_new(&err);
	if (!syms) {
		cmd_error(cmd, "%s", err.msg);
		return NULL;
	}
	maps = pics_profile_mappings(p, &n);
	for (size_t i = 0; i < n; i++) {
		const char *elf;
		bool in_symfs;

		elf = mapping_elf(&maps[i], m, so, &in_symfs);

		/* A file mapped twice in a row is one warning. */
		if (add_symbols(syms, &maps[i], so, in_symfs, elf, &err) &&
		    strcmp(warned, maps[i].path)) {
			cmd_error(cmd, "warning: %s; addresses in %s stay unresolved",
				  err.msg, maps[i].path);
			warned = maps[i].path;
		}
	}
	return syms;
}

static void check_build_id(const char *cmd, const struct pics_meta *m,
			   const struct pics_symbols *syms, const char *path)
{
	const uint8_t *id;
	size_t len = pics_symbols_build_id(syms, &id);

	if (!m->build_id_len || !len)
		return;
	if (len != m->build_id_len || memcmp(id, m->build_id, len))
		cmd_error(cmd, "warning: build-id of %s differs from the profiled binary's; symbols may be wrong",
			  path);
}

/* Symbols of the one profiled binary, for files without mappings: the
 * header's path is the file's word, so it too stays inside --symfs. */
static struct pics_symbols *binary_symbols(const char *cmd,
					   const struct pics_profile *p,
					   const struct symbol_options *so,
					   bool required)
{
	const struct pics_meta *m = pics_profile_meta(p);
	const char *path = so->binary ? so->binary : m->binary;
	bool in_symfs = !so->binary && so->n_symfs;
	struct pics_symbols *syms;
	struct pics_error err;

	if (!path[0]) {
		if (required)
			cmd_error(cmd, "the file names no profiled binary; give it with --binary ELF");
		return NULL;
	}
	syms = pics_symbols_new(&err);
	if (syms && add_symbols(syms, NULL, so, in_symfs, path, &err)) {
		pics_symbols_close(syms);
		syms = NULL;
	}
	if (!syms) {
		cmd_error(cmd, required ? "%s" : "warning: %s; showing addresses",
			  err.msg);
		return NULL;
	}
	check_build_id(cmd, m, syms, path);
	return syms;
}

struct pics_symbols *open_symbols(const char *cmd, const struct pics_profile *p,
				  const struct symbol_options *so)
{
	size_t n;

	if (so->disabled)
		return NULL;
	pics_profile_mappings(p, &n);
	return n ? mapping_symbols(cmd, p, so)
		 : binary_symbols(cmd, p, so, false);
}

struct pics_symbols *require_symbols(const char *cmd,
				     const struct pics_profile *p,
				     const struct symbol_options *so)
{
	size_t n;

	pics_profile_mappings(p, &n);
	return n ? mapping_symbols(cmd, p, so)
		 : binary_symbols(cmd, p, so, true);
}

/* ---- --dsos --------------------------------------------------------------- */

/* Mapping @i has the path of an earlier one (a file mapped twice). */
static bool named_before(const struct pics_mapping *maps, size_t i)
{
	for (size_t j = 0; j < i; j++)
		if (!strcmp(maps[j].path, maps[i].path))
			return true;
	return false;
}

/* @name (@len bytes, from a list) is @path or its last component. */
static bool names(const char *name, size_t len, const char *path)
{
	const char *base = strrchr(path, '/');

	base = base ? base + 1 : path;
	return (strlen(path) == len && !strncmp(path, name, len)) ||
	       (strlen(base) == len && !strncmp(base, name, len));
}

static bool list_names(const char *list, const char *path)
{
	do {
		size_t len = strcspn(list, ",");

		if (names(list, len, path))
			return true;
		list += len;
	} while (*list++ == ',');
	return false;
}

/* The first name in @list that no mapping has, with its length in *@len;
 * NULL when all are known. */
static const char *unknown_name(const char *list,
				const struct pics_mapping *maps, size_t n,
				size_t *len)
{
	do {
		bool known = false;

		*len = strcspn(list, ",");
		for (size_t i = 0; i < n && !known; i++)
			known = names(list, *len, maps[i].path);
		if (!known)
			return list;
		list += *len;
	} while (*list++ == ',');
	return NULL;
}

struct pics_range *dso_ranges(const char *cmd, const char *input,
			      const struct pics_profile *p, const char *dsos,
			      size_t *n)
{
	size_t n_maps, len;
	const struct pics_mapping *maps = pics_profile_mappings(p, &n_maps);
	const char *unknown;
	struct pics_range *r;

	if (!n_maps) {
		cmd_error(cmd, "--dsos: %s has no mappings (only Linux recordings have them)",
			  input);
		return NULL;
	}
	unknown = unknown_name(dsos, maps, n_maps, &len);
	if (unknown) {
		fprintf(stderr, "teaperf %s: --dsos: %s has no mapping named '%.*s'; it has",
			cmd, input, (int)len, unknown);
		for (size_t i = 0; i < n_maps; i++)
			if (!named_before(maps, i))
				fprintf(stderr, "%s %s", i ? "," : "", maps[i].path);
		fputc('\n', stderr);
		return NULL;
	}
	r = calloc(n_maps, sizeof(*r));
	if (!r) {
		cmd_error(cmd, "out of memory");
		return NULL;
	}
	*n = 0;
	for (size_t i = 0; i < n_maps; i++)
		if (list_names(dsos, maps[i].path))
			r[(*n)++] = (struct pics_range){ maps[i].start,
							 maps[i].end };
	return r;
}

int keep_ranges(const char *cmd, struct pics_profile **p,
		const struct pics_range *r, size_t n)
{
	struct pics_error err;
	struct pics_profile *kept = pics_profile_filter_ranges(*p, r, n, &err);

	if (!kept) {
		cmd_error(cmd, "%s", err.msg);
		return -1;
	}
	pics_profile_free(*p);
	*p = kept;
	return 0;
}

int keep_dsos(const char *cmd, const char *input, struct pics_profile **p,
	      const char *dsos)
{
	struct pics_range *r;
	size_t n;
	int ret;

	if (!dsos)
		return 0;
	r = dso_ranges(cmd, input, *p, dsos, &n);
	if (!r)
		return -1;
	ret = keep_ranges(cmd, p, r, n);
	free(r);
	return ret;
}
