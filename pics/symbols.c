/* Symbolization: the functions and source lines of one ELF, or of several
 * at their load addresses (elf.c reads each), names for the mappings whose
 * ELF is missing, and the unit keys that reports roll up to. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "internal.h"

struct elf_file {
	char *path;
	uint64_t bias;
	uint64_t code_start, code_end;
};

/* A mapping without symbols: its addresses are known by its name. */
struct region {
	uint64_t start, end;
	char *name;
};

struct pics_symbols {
	struct pics_func_sym *funcs;	/* by start, one per address */
	size_t n_funcs;
	struct pics_func_sym *objects;	/* variables, the same way */
	size_t n_objects;
	struct pics_line_row *rows;	/* by address, one per address */
	size_t n_rows;
	struct pics_source_file *files;	/* each ELF's own */
	size_t n_files;
	struct elf_file *elves;
	size_t n_elves;
	struct region *regions;		/* by start */
	size_t n_regions;
	uint8_t build_id[PICS_BUILD_ID_MAX];	/* of the first ELF */
	size_t build_id_len;
};

/* How many of the @n elements at @base (@size bytes each, sorted by the
 * uint64_t at offset @key) have a key at or below @addr: the last of them
 * is the one that may hold @addr. */
static size_t at_or_below(const void *base, size_t n, size_t size,
			  size_t key, uint64_t addr)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		uint64_t v;

		memcpy(&v, (const char *)base + mid * size + key, sizeof(v));
		if (v <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* Makes room for @count elements of @size bytes in the array whose
 * pointer is at @array (never 0 bytes, which realloc may answer with
 * NULL). */
static int grow(void *array, size_t count, size_t size)
{
	void *old, *grown;

	memcpy(&old, array, sizeof(old));
	grown = realloc(old, count * size + 1);
	if (!grown)
		return -1;
	memcpy(array, &grown, sizeof(grown));
	return 0;
}

/* ---- merging ELFs -------------------------------------------------------- */

static int by_start_then_rank(const void *a, const void *b)
{
	const struct pics_func_sym *x = a, *y = b;

	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	if (x->rank != y->rank)
		return y->rank - x->rank;
	return strcmp(x->name, y->name);
}

/* Sorts @n symbols by address, keeps the best-ranked name per address,
 * and ends an unsized symbol where the next one starts; the number kept. */
static size_t finish_symbols(struct pics_func_sym *syms, size_t n)
{
	size_t kept = 0;

	/* A stripped ELF has no symbols at all (and qsort no NULL array). */
	if (!n)
		return 0;
	qsort(syms, n, sizeof(*syms), by_start_then_rank);
	for (size_t i = 0; i < n; i++) {
		if (kept && syms[kept - 1].start == syms[i].start) {
			free(syms[i].name);
			continue;
		}
		syms[kept++] = syms[i];
	}
	for (size_t i = 0; i + 1 < kept; i++)
		if (!syms[i].sized && syms[i].end > syms[i + 1].start)
			syms[i].end = syms[i + 1].start;
	return kept;
}

static int by_addr_then_order(const void *a, const void *b)
{
	const struct pics_line_row *x = a, *y = b;

	if (x->addr != y->addr)
		return x->addr < y->addr ? -1 : 1;
	return x->order < y->order ? -1 : x->order > y->order;
}

/* Keeps one row per address (the last one, which is what covers the
 * bytes) and gives each row the lowest address of its (file, line), the
 * key a line unit is known by. */
static int finish_lines(struct pics_symbols *s)
{
	struct pics_map first;
	size_t kept = 0;

	if (!s->n_rows)
		return 0;
	qsort(s->rows, s->n_rows, sizeof(*s->rows), by_addr_then_order);
	for (size_t i = 0; i < s->n_rows; i++) {
		if (i + 1 < s->n_rows && s->rows[i + 1].addr == s->rows[i].addr)
			continue;
		s->rows[kept] = s->rows[i];
		s->rows[kept].order = (uint32_t)kept;
		kept++;
	}
	s->n_rows = kept;
	if (pics_map_init(&first))
		return -1;
	for (size_t i = 0; i < kept; i++) {
		struct pics_line_row *r = &s->rows[i];
		uint64_t seen;

		if (r->end_sequence)
			continue;
		seen = pics_map_get(&first, r->file, r->line);
		if (!seen && pics_map_add(&first, r->file, r->line, r->addr + 1)) {
			pics_map_free(&first);
			return -1;
		}
		r->canon = seen ? seen - 1 : r->addr;
	}
	pics_map_free(&first);
	return 0;
}

/* Moves what @e holds into @s (names and paths change owner), after the
 * rows already there in the order rows at one address are kept by. */
static int merge(struct pics_symbols *s, struct pics_elf_symbols *e,
		 const char *path)
{
	char *copy = strdup(path);

	if (!copy ||
	    grow(&s->funcs, s->n_funcs + e->n_funcs, sizeof(*s->funcs)) ||
	    grow(&s->objects, s->n_objects + e->n_objects, sizeof(*s->objects)) ||
	    grow(&s->rows, s->n_rows + e->n_rows, sizeof(*s->rows)) ||
	    grow(&s->files, s->n_files + e->n_files, sizeof(*s->files)) ||
	    grow(&s->elves, s->n_elves + 1, sizeof(*s->elves))) {
		free(copy);
		return -1;
	}
	if (!s->n_elves) {
		memcpy(s->build_id, e->build_id, e->build_id_len);
		s->build_id_len = e->build_id_len;
	}
	s->elves[s->n_elves++] = (struct elf_file){
		copy, e->bias, e->code_start, e->code_end
	};
	for (size_t i = 0; i < e->n_funcs; i++)
		s->funcs[s->n_funcs++] = e->funcs[i];
	for (size_t i = 0; i < e->n_objects; i++)
		s->objects[s->n_objects++] = e->objects[i];
	for (size_t i = 0; i < e->n_rows; i++) {
		struct pics_line_row *r = &s->rows[s->n_rows + i];

		*r = e->rows[i];
		r->file += (uint32_t)s->n_files;
		r->order += (uint32_t)s->n_rows;
	}
	s->n_rows += e->n_rows;
	for (size_t i = 0; i < e->n_files; i++)
		s->files[s->n_files++] = e->files[i];
	e->n_funcs = 0;
	e->n_objects = 0;
	e->n_files = 0;
	s->n_funcs = finish_symbols(s->funcs, s->n_funcs);
	s->n_objects = finish_symbols(s->objects, s->n_objects);
	return finish_lines(s);
}

/* An ELF of that path already holds code inside the mapping. */
static bool elf_added(const struct pics_symbols *s, const char *path,
		      const struct pics_mapping *map)
{
	for (size_t i = 0; i < s->n_elves; i++) {
		const struct elf_file *f = &s->elves[i];

		if (!strcmp(f->path, path) && f->code_start < map->end &&
		    map->start < f->code_end)
			return true;
	}
	return false;
}

/* Reads the ELF at @path (inside @root, when not NULL) unless @map is
 * given and that file already holds code inside it. */
static int add_elf(struct pics_symbols *s, const char *root, const char *path,
		   const struct pics_mapping *map, uint64_t bias,
		   struct pics_error *err)
{
	struct pics_elf_symbols e = { 0 };
	char *where;
	int fd, ret;

	fd = pics_open_file(root, path, &where, err);
	if (fd < 0)
		return -1;
	if (map && elf_added(s, where, map)) {
		ret = 0;
	} else {
		ret = pics_elf_read(fd, where, map, bias, &e, err);
		if (!ret && merge(s, &e, where))
			ret = pics_fail(err, PICS_ERR_NOMEM,
					"%s: out of memory reading symbols",
					where);
		pics_elf_symbols_free(&e);
	}
	close(fd);
	free(where);
	return ret;
}

/* ---- mappings -------------------------------------------------------------- */

static int add_region(struct pics_symbols *s, const struct pics_mapping *map)
{
	size_t len = strlen(map->path) + 3, at;
	char *name = malloc(len);

	if (!name || grow(&s->regions, s->n_regions + 1, sizeof(*s->regions))) {
		free(name);
		return -1;
	}
	snprintf(name, len, map->path[0] == '[' ? "%s" : "[%s]", map->path);
	at = at_or_below(s->regions, s->n_regions, sizeof(*s->regions),
			 offsetof(struct region, start), map->start);
	memmove(s->regions + at + 1, s->regions + at,
		(s->n_regions - at) * sizeof(*s->regions));
	s->regions[at] = (struct region){ map->start, map->end, name };
	s->n_regions++;
	return 0;
}

/* ---- public ------------------------------------------------------------- */

struct pics_symbols *pics_symbols_new(struct pics_error *err)
{
	struct pics_symbols *s = calloc(1, sizeof(*s));

	if (!s)
		pics_fail(err, PICS_ERR_NOMEM, "out of memory for symbols");
	return s;
}

int pics_symbols_add(struct pics_symbols *s, const char *root,
		     const char *path, uint64_t bias, struct pics_error *err)
{
	return add_elf(s, root, path, NULL, bias, err);
}

int pics_symbols_add_mapping(struct pics_symbols *s,
			     const struct pics_mapping *map, const char *root,
			     const char *elf, struct pics_error *err)
{
	int ret = 0;

	if (pics_mapping_validate(map, err))
		return -1;
	if (elf)
		ret = add_elf(s, root, elf, map, 0, err);
	if ((!elf || ret) && add_region(s, map))
		return pics_fail(err, PICS_ERR_NOMEM,
				 "out of memory naming the mapping of %s",
				 map->path);
	return ret;
}

struct pics_symbols *pics_symbols_open(const char *path,
				       struct pics_error *err)
{
	struct pics_symbols *s = pics_symbols_new(err);

	if (s && pics_symbols_add(s, NULL, path, 0, err)) {
		pics_symbols_close(s);
		return NULL;
	}
	return s;
}

void pics_symbols_close(struct pics_symbols *s)
{
	if (!s)
		return;
	for (size_t i = 0; i < s->n_funcs; i++)
		free(s->funcs[i].name);
	for (size_t i = 0; i < s->n_objects; i++)
		free(s->objects[i].name);
	for (size_t i = 0; i < s->n_files; i++)
		free(s->files[i].path);
	for (size_t i = 0; i < s->n_elves; i++)
		free(s->elves[i].path);
	for (size_t i = 0; i < s->n_regions; i++)
		free(s->regions[i].name);
	free(s->funcs);
	free(s->objects);
	free(s->files);
	free(s->rows);
	free(s->elves);
	free(s->regions);
	free(s);
}

bool pics_symbols_elf(const struct pics_symbols *s, uint64_t addr,
		      const char **path, uint64_t *bias)
{
	for (size_t i = 0; i < s->n_elves; i++) {
		const struct elf_file *f = &s->elves[i];

		if (addr >= f->code_start && addr < f->code_end) {
			*path = f->path;
			*bias = f->bias;
			return true;
		}
	}
	return false;
}

bool pics_symbols_function(const struct pics_symbols *s, uint64_t addr,
			   const char **name, uint64_t *start)
{
	size_t i = at_or_below(s->funcs, s->n_funcs, sizeof(*s->funcs),
			       offsetof(struct pics_func_sym, start), addr);

	if (i && addr < s->funcs[i - 1].end) {
		*name = s->funcs[i - 1].name;
		*start = s->funcs[i - 1].start;
		return true;
	}
	i = at_or_below(s->regions, s->n_regions, sizeof(*s->regions),
			offsetof(struct region, start), addr);
	if (i && addr < s->regions[i - 1].end) {
		*name = s->regions[i - 1].name;
		*start = s->regions[i - 1].start;
		return true;
	}
	return false;
}

bool pics_symbols_data(const struct pics_symbols *s, uint64_t addr, const char **name,
		       uint64_t *start)
{
	size_t i = at_or_below(s->objects, s->n_objects, sizeof(*s->objects),
			       offsetof(struct pics_func_sym, start), addr);

	if (!i || addr >= s->objects[i - 1].end)
		return false;
	*name = s->objects[i - 1].name;
	*start = s->objects[i - 1].start;
	return true;
}

static const struct pics_line_row *find_row(const struct pics_symbols *s,
					    uint64_t addr)
{
	size_t i = at_or_below(s->rows, s->n_rows, sizeof(*s->rows),
			       offsetof(struct pics_line_row, addr), addr);

	if (!i || s->rows[i - 1].end_sequence)
		return NULL;
	return &s->rows[i - 1];
}

bool pics_symbols_line(const struct pics_symbols *s, uint64_t addr,
		       const char **file, unsigned *line)
{
	const struct pics_line_row *r = find_row(s, addr);

	if (!r)
		return false;
	*file = s->files[r->file].base;
	*line = r->line;
	return true;
}

bool pics_symbols_source(const struct pics_symbols *s, uint64_t addr,
			 const char **path, unsigned *line)
{
	const struct pics_line_row *r = find_row(s, addr);

	if (!r)
		return false;
	*path = s->files[r->file].path;
	*line = r->line;
	return true;
}

bool pics_symbols_lookup(const struct pics_symbols *s, const char *name,
			 uint64_t *start, uint64_t *end)
{
	for (size_t i = 0; i < s->n_funcs; i++) {
		if (!strcmp(s->funcs[i].name, name)) {
			*start = s->funcs[i].start;
			*end = s->funcs[i].end;
			return true;
		}
	}
	for (size_t i = 0; i < s->n_regions; i++) {
		if (!strcmp(s->regions[i].name, name)) {
			*start = s->regions[i].start;
			*end = s->regions[i].end;
			return true;
		}
	}
	return false;
}

size_t pics_symbols_build_id(const struct pics_symbols *s,
			     const uint8_t **id)
{
	*id = s->build_id;
	return s->build_id_len;
}

/* ---- unit keys --------------------------------------------------------- */

uint64_t pics_unit_key(enum pics_unit_kind kind,
		       const struct pics_symbols *syms, uint64_t addr,
		       bool *resolved)
{
	const struct pics_line_row *r;
	const char *name;
	uint64_t start;

	*resolved = false;
	switch (kind) {
	case PICS_UNIT_INSN:
		*resolved = syms && pics_symbols_function(syms, addr, &name,
							  &start);
		return addr;
	case PICS_UNIT_FUNC:
		if (!syms || !pics_symbols_function(syms, addr, &name, &start))
			return addr;
		*resolved = true;
		return start;
	case PICS_UNIT_LINE:
		r = syms ? find_row(syms, addr) : NULL;
		if (!r)
			return addr;
		*resolved = true;
		return r->canon;
	case PICS_UNIT_PROGRAM:
		*resolved = true;
		return 0;
	}
	return addr;
}

void pics_unit_name(enum pics_unit_kind kind, const struct pics_symbols *syms,
		    uint64_t key, bool resolved, char *buf, size_t len)
{
	const char *name, *file;
	uint64_t start;
	unsigned line;

	if (kind == PICS_UNIT_PROGRAM)
		snprintf(buf, len, "program");
	else if (resolved && kind == PICS_UNIT_FUNC &&
		 pics_symbols_function(syms, key, &name, &start))
		snprintf(buf, len, "%s", name);
	else if (resolved && kind == PICS_UNIT_LINE &&
		 pics_symbols_line(syms, key, &file, &line))
		snprintf(buf, len, "%s:%u", file, line);
	else
		snprintf(buf, len, "0x%llx", (unsigned long long)key);
}
