/* Symbolization: function symbols through libelf, source lines through
 * libdw's line tables, and the build-id note. */
#include <elfutils/libdw.h>
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "internal.h"

struct func_sym {
	uint64_t start, end;
	char *name;
	bool sized;		/* end comes from the symbol's own size */
	int rank;		/* which of several names at one address wins */
};

struct line_row {
	uint64_t addr;
	uint64_t canon;		/* lowest address of this (file, line) */
	uint32_t file, line;
	uint32_t order;		/* position in the line table, for stable sorts */
	bool end_sequence;
};

struct source_file {
	char *path;		/* as the line table names it */
	const char *base;	/* its last component */
};

struct pics_symbols {
	struct func_sym *funcs;
	size_t n_funcs;
	struct line_row *rows;
	size_t n_rows;
	struct source_file *files;
	size_t n_files;
	uint8_t build_id[PICS_BUILD_ID_MAX];
	size_t build_id_len;
};

/* ---- function symbols -------------------------------------------------- */

static bool is_code_symbol(const GElf_Sym *sym, const char *name,
			   const GElf_Shdr *where)
{
	int type = GELF_ST_TYPE(sym->st_info);

	if (sym->st_shndx == SHN_UNDEF || sym->st_shndx >= SHN_LORESERVE ||
	    !name || !name[0])
		return false;
	if (type == STT_FUNC)
		return true;
	/* Assembly entry points such as _start carry no type; local labels
	 * and RISC-V mapping symbols ($x, $d) are not functions. */
	return type == STT_NOTYPE && (where->sh_flags & SHF_EXECINSTR) &&
	       name[0] != '$' && strncmp(name, ".L", 2);
}

/* Of several names for one address, prefer a function over a label, a
 * global over a local, a sized symbol over an unsized one. */
static int symbol_rank(const GElf_Sym *sym)
{
	return (GELF_ST_TYPE(sym->st_info) == STT_FUNC) * 4 +
	       (GELF_ST_BIND(sym->st_info) != STB_LOCAL) * 2 +
	       (sym->st_size != 0);
}

/* Where a symbol ends: by its size, or (unsized) at its section's end. A
 * corrupt file may make that wrap past 2^64 (it ends at the top) or lie
 * before the start (it covers nothing), never end below its start. */
static uint64_t symbol_end(const GElf_Sym *sym, const GElf_Shdr *where)
{
	uint64_t end;

	if (sym->st_size) {
		if (__builtin_add_overflow(sym->st_value, sym->st_size, &end))
			return UINT64_MAX;
		return end;
	}
	if (__builtin_add_overflow(where->sh_addr, where->sh_size, &end))
		end = UINT64_MAX;
	return end < sym->st_value ? sym->st_value : end;
}

static int add_symbols(struct pics_symbols *s, Elf *elf, Elf_Scn *scn,
		       const GElf_Shdr *shdr)
{
	Elf_Data *data = elf_getdata(scn, NULL);
	size_t n = shdr->sh_entsize ? shdr->sh_size / shdr->sh_entsize : 0;
	struct func_sym *grown;

	if (!data || !n)
		return 0;
	grown = realloc(s->funcs, (s->n_funcs + n) * sizeof(*grown));
	if (!grown)
		return -1;
	s->funcs = grown;
	for (size_t i = 0; i < n; i++) {
		GElf_Sym sym;
		GElf_Shdr where;
		Elf_Scn *home;
		const char *name;
		struct func_sym *f;

		if (!gelf_getsym(data, (int)i, &sym))
			continue;
		name = elf_strptr(elf, shdr->sh_link, sym.st_name);
		home = elf_getscn(elf, sym.st_shndx);
		if (!home || !gelf_getshdr(home, &where) ||
		    !is_code_symbol(&sym, name, &where))
			continue;
		f = &s->funcs[s->n_funcs];
		f->name = strdup(name);
		if (!f->name)
			return -1;
		f->start = sym.st_value;
		/* An unsized symbol reaches to the next one or its section's
		 * end; trimmed below once all are sorted. */
		f->sized = sym.st_size != 0;
		f->end = symbol_end(&sym, &where);
		f->rank = symbol_rank(&sym);
		s->n_funcs++;
	}
	return 0;
}

static int by_start_then_rank(const void *a, const void *b)
{
	const struct func_sym *x = a, *y = b;

	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	if (x->rank != y->rank)
		return y->rank - x->rank;
	return strcmp(x->name, y->name);
}

/* Sorts by address, keeps the best-ranked name per address, and ends an
 * unsized symbol where the next one starts. */
static void finish_symbols(struct pics_symbols *s)
{
	size_t kept = 0;

	/* A stripped ELF has no symbols at all (and qsort no NULL array). */
	if (!s->n_funcs)
		return;
	qsort(s->funcs, s->n_funcs, sizeof(*s->funcs), by_start_then_rank);
	for (size_t i = 0; i < s->n_funcs; i++) {
		if (kept && s->funcs[kept - 1].start == s->funcs[i].start) {
			free(s->funcs[i].name);
			continue;
		}
		s->funcs[kept++] = s->funcs[i];
	}
	s->n_funcs = kept;
	for (size_t i = 0; i + 1 < kept; i++)
		if (!s->funcs[i].sized &&
		    s->funcs[i].end > s->funcs[i + 1].start)
			s->funcs[i].end = s->funcs[i + 1].start;
}

static void read_build_id(struct pics_symbols *s, Elf_Scn *scn)
{
	Elf_Data *data = elf_getdata(scn, NULL);
	size_t off = 0, name_off, desc_off;
	GElf_Nhdr nhdr;

	while (data && (off = gelf_getnote(data, off, &nhdr, &name_off,
					   &desc_off)) > 0) {
		if (nhdr.n_type == NT_GNU_BUILD_ID && nhdr.n_namesz == 4 &&
		    !memcmp((char *)data->d_buf + name_off, "GNU", 4) &&
		    nhdr.n_descsz <= PICS_BUILD_ID_MAX) {
			memcpy(s->build_id, (char *)data->d_buf + desc_off,
			       nhdr.n_descsz);
			s->build_id_len = nhdr.n_descsz;
			return;
		}
	}
}

static int read_elf_sections(struct pics_symbols *s, Elf *elf)
{
	Elf_Scn *scn = NULL, *dynsym = NULL;
	GElf_Shdr shdr, dynsym_hdr;
	bool have_symtab = false;

	while ((scn = elf_nextscn(elf, scn))) {
		if (!gelf_getshdr(scn, &shdr))
			continue;
		if (shdr.sh_type == SHT_SYMTAB) {
			if (add_symbols(s, elf, scn, &shdr))
				return -1;
			have_symtab = true;
		} else if (shdr.sh_type == SHT_DYNSYM) {
			dynsym = scn;
			dynsym_hdr = shdr;
		} else if (shdr.sh_type == SHT_NOTE && !s->build_id_len) {
			read_build_id(s, scn);
		}
	}
	/* A stripped shared object still exports its dynamic symbols. */
	if (!have_symtab && dynsym && add_symbols(s, elf, dynsym, &dynsym_hdr))
		return -1;
	finish_symbols(s);
	return 0;
}

/* ---- line tables ------------------------------------------------------- */

static const char *last_component(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? slash + 1 : path;
}

static int intern_file(struct pics_symbols *s, const char *path,
		       uint32_t *index)
{
	struct source_file *grown;
	char *copy;

	for (size_t i = s->n_files; i-- > 0;) {
		if (!strcmp(s->files[i].path, path)) {
			*index = (uint32_t)i;
			return 0;
		}
	}
	grown = realloc(s->files, (s->n_files + 1) * sizeof(*grown));
	if (!grown)
		return -1;
	s->files = grown;
	copy = strdup(path);
	if (!copy)
		return -1;
	s->files[s->n_files] = (struct source_file){ copy, last_component(copy) };
	*index = (uint32_t)s->n_files++;
	return 0;
}

static int add_line(struct pics_symbols *s, Dwarf_Line *l, size_t *cap,
		    const char **last_src, uint32_t *last_file)
{
	struct line_row row = { .order = (uint32_t)s->n_rows };
	Dwarf_Addr addr;
	int lineno = 0;
	const char *src;

	if (dwarf_lineaddr(l, &addr) || dwarf_lineno(l, &lineno) ||
	    dwarf_lineendsequence(l, &row.end_sequence))
		return 0;
	src = dwarf_linesrc(l, NULL, NULL);
	if (!src)
		return 0;
	if (src != *last_src) {
		if (intern_file(s, src, last_file))
			return -1;
		*last_src = src;
	}
	if (s->n_rows == *cap) {
		struct line_row *grown;

		*cap = *cap ? *cap * 2 : 1024;
		grown = realloc(s->rows, *cap * sizeof(*grown));
		if (!grown)
			return -1;
		s->rows = grown;
	}
	row.addr = addr;
	row.file = *last_file;
	row.line = lineno > 0 ? (uint32_t)lineno : 0;
	s->rows[s->n_rows++] = row;
	return 0;
}

static int by_addr_then_order(const void *a, const void *b)
{
	const struct line_row *x = a, *y = b;

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
		s->rows[kept++] = s->rows[i];
	}
	s->n_rows = kept;
	if (pics_map_init(&first))
		return -1;
	for (size_t i = 0; i < kept; i++) {
		struct line_row *r = &s->rows[i];
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

/* libdw reads names out of the DWARF string sections with strlen, so one
 * that does not end in a NUL (a corrupt file) would be read past its end:
 * such a file is treated as having no line tables. */
static bool string_sections_terminated(Elf *elf)
{
	Elf_Scn *scn = NULL;
	size_t shstrndx;

	if (elf_getshdrstrndx(elf, &shstrndx))
		return false;
	while ((scn = elf_nextscn(elf, scn))) {
		GElf_Shdr shdr;
		const char *name;
		Elf_Data *data;

		/* Compressed sections are checked by libdw as it inflates
		 * them. */
		if (!gelf_getshdr(scn, &shdr) || shdr.sh_type == SHT_NOBITS ||
		    (shdr.sh_flags & SHF_COMPRESSED))
			continue;
		name = elf_strptr(elf, shstrndx, shdr.sh_name);
		if (!name || strncmp(name, ".debug_", 7) ||
		    (strcmp(name + 7, "str") && strcmp(name + 7, "line_str")))
			continue;
		data = elf_getdata(scn, NULL);
		if (data && data->d_size &&
		    (!data->d_buf || ((const char *)data->d_buf)[data->d_size - 1]))
			return false;
	}
	return true;
}

static int read_lines(struct pics_symbols *s, Elf *elf)
{
	Dwarf *dw;
	Dwarf_Off off = 0, next;
	size_t header_size, cap = 0;
	const char *last_src = NULL;
	uint32_t last_file = 0;
	int ret = 0;

	if (!string_sections_terminated(elf))
		return 0;
	dw = dwarf_begin_elf(elf, DWARF_C_READ, NULL);
	if (!dw)
		return 0;	/* no debug information: addresses only */
	while (!ret && dwarf_nextcu(dw, off, &next, &header_size, NULL, NULL,
				    NULL) == 0) {
		Dwarf_Die cu;
		Dwarf_Lines *lines;
		size_t n;

		if (dwarf_offdie(dw, off + header_size, &cu) &&
		    dwarf_getsrclines(&cu, &lines, &n) == 0)
			for (size_t i = 0; !ret && i < n; i++)
				ret = add_line(s, dwarf_onesrcline(lines, i),
					       &cap, &last_src, &last_file);
		off = next;
	}
	dwarf_end(dw);
	return ret ? -1 : finish_lines(s);
}

/* ---- public ------------------------------------------------------------- */

struct pics_symbols *pics_symbols_open(const char *path,
				       struct pics_error *err)
{
	struct pics_symbols *s;
	int fd, ret;
	Elf *elf;

	if (elf_version(EV_CURRENT) == EV_NONE) {
		pics_fail(err, PICS_ERR_SYMBOLS, "%s: libelf is out of date",
			  path);
		return NULL;
	}
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		pics_fail(err, PICS_ERR_IO, "%s: cannot open: %s", path,
			  strerror(errno));
		return NULL;
	}
	elf = elf_begin(fd, ELF_C_READ, NULL);
	if (!elf || elf_kind(elf) != ELF_K_ELF) {
		pics_fail(err, PICS_ERR_SYMBOLS, "%s: not an ELF file", path);
		elf_end(elf);
		close(fd);
		return NULL;
	}
	s = calloc(1, sizeof(*s));
	ret = !s || read_elf_sections(s, elf) || read_lines(s, elf);
	elf_end(elf);
	close(fd);
	if (ret) {
		pics_symbols_close(s);
		pics_fail(err, PICS_ERR_NOMEM, "%s: out of memory reading symbols",
			  path);
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
	for (size_t i = 0; i < s->n_files; i++)
		free(s->files[i].path);
	free(s->funcs);
	free(s->files);
	free(s->rows);
	free(s);
}

bool pics_symbols_function(const struct pics_symbols *s, uint64_t addr,
			   const char **name, uint64_t *start)
{
	size_t lo = 0, hi = s->n_funcs;

	/* Last symbol starting at or below addr. */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (s->funcs[mid].start <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (!lo || addr >= s->funcs[lo - 1].end)
		return false;
	*name = s->funcs[lo - 1].name;
	*start = s->funcs[lo - 1].start;
	return true;
}

static const struct line_row *find_row(const struct pics_symbols *s,
				       uint64_t addr)
{
	size_t lo = 0, hi = s->n_rows;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (s->rows[mid].addr <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (!lo || s->rows[lo - 1].end_sequence)
		return NULL;
	return &s->rows[lo - 1];
}

bool pics_symbols_line(const struct pics_symbols *s, uint64_t addr,
		       const char **file, unsigned *line)
{
	const struct line_row *r = find_row(s, addr);

	if (!r)
		return false;
	*file = s->files[r->file].base;
	*line = r->line;
	return true;
}

bool pics_symbols_source(const struct pics_symbols *s, uint64_t addr,
			 const char **path, unsigned *line)
{
	const struct line_row *r = find_row(s, addr);

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
	const struct line_row *r;
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
