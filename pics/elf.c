/* Reading one ELF: function symbols through libelf, source lines through
 * libdw's line tables, the build-id note, and where it was loaded (the
 * bias), every address moved by that bias. symbols.c merges the result. */
#include <elfutils/libdw.h>
#include <gelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

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

/* A variable: a sized object in memory the program loads. */
static bool is_data_symbol(const GElf_Sym *sym, const char *name, const GElf_Shdr *where)
{
	return GELF_ST_TYPE(sym->st_info) == STT_OBJECT && sym->st_size &&
	       sym->st_shndx != SHN_UNDEF && sym->st_shndx < SHN_LORESERVE &&
	       name && name[0] && (where->sh_flags & SHF_ALLOC);
}

/* Of several names for one address, prefer a function over a label, a
 * global over a local, a sized symbol over an unsized one. */
static int symbol_rank(const GElf_Sym *sym)
{
	return (GELF_ST_TYPE(sym->st_info) == STT_FUNC) * 4 +
	       (GELF_ST_BIND(sym->st_info) != STB_LOCAL) * 2 +
	       (sym->st_size != 0);
}

/* How many bytes a symbol covers: its size, or (unsized) up to its
 * section's end. A corrupt file may make that wrap past 2^64 (it ends at
 * the top) or lie before the start (it covers nothing). */
static uint64_t symbol_length(const GElf_Sym *sym, const GElf_Shdr *where)
{
	uint64_t end;

	if (sym->st_size)
		return sym->st_size;
	if (__builtin_add_overflow(where->sh_addr, where->sh_size, &end))
		end = UINT64_MAX;
	return end < sym->st_value ? 0 : end - sym->st_value;
}

/* @start + @length, or the top of the address space when that wraps. */
static uint64_t end_of(uint64_t start, uint64_t length)
{
	uint64_t end;

	return __builtin_add_overflow(start, length, &end) ? UINT64_MAX : end;
}

static int add_symbols(struct pics_elf_symbols *e, Elf *elf, Elf_Scn *scn,
		       const GElf_Shdr *shdr)
{
	Elf_Data *data = elf_getdata(scn, NULL);
	size_t n = shdr->sh_entsize ? shdr->sh_size / shdr->sh_entsize : 0;
	struct pics_func_sym *grown;

	if (!data || !n)
		return 0;
	grown = realloc(e->funcs, (e->n_funcs + n) * sizeof(*grown));
	if (!grown)
		return -1;
	e->funcs = grown;
	grown = realloc(e->objects, (e->n_objects + n) * sizeof(*grown));
	if (!grown)
		return -1;
	e->objects = grown;
	for (size_t i = 0; i < n; i++) {
		GElf_Sym sym;
		GElf_Shdr where;
		Elf_Scn *home;
		const char *name;
		struct pics_func_sym *f;

		if (!gelf_getsym(data, (int)i, &sym))
			continue;
		name = elf_strptr(elf, shdr->sh_link, sym.st_name);
		home = elf_getscn(elf, sym.st_shndx);
		if (!home || !gelf_getshdr(home, &where))
			continue;
		if (is_data_symbol(&sym, name, &where)) {
			f = &e->objects[e->n_objects];
			f->name = strdup(name);
			if (!f->name)
				return -1;
			f->start = sym.st_value + e->bias;
			f->end = end_of(f->start, sym.st_size);
			f->sized = true;
			f->rank = symbol_rank(&sym);
			e->n_objects++;
			continue;
		}
		if (!is_code_symbol(&sym, name, &where))
			continue;
		f = &e->funcs[e->n_funcs];
		f->name = strdup(name);
		if (!f->name)
			return -1;
		f->start = sym.st_value + e->bias;
		/* An unsized symbol reaches to the next one or its section's
		 * end; symbols.c trims it once all are sorted. */
		f->sized = sym.st_size != 0;
		f->end = end_of(f->start, symbol_length(&sym, &where));
		f->rank = symbol_rank(&sym);
		e->n_funcs++;
	}
	return 0;
}

static int read_functions(struct pics_elf_symbols *e, Elf *elf)
{
	Elf_Scn *scn = NULL, *dynsym = NULL;
	GElf_Shdr shdr, dynsym_hdr;
	bool have_symtab = false;

	while ((scn = elf_nextscn(elf, scn))) {
		if (!gelf_getshdr(scn, &shdr))
			continue;
		if (shdr.sh_type == SHT_SYMTAB) {
			if (add_symbols(e, elf, scn, &shdr))
				return -1;
			have_symtab = true;
		} else if (shdr.sh_type == SHT_DYNSYM) {
			dynsym = scn;
			dynsym_hdr = shdr;
		}
	}
	/* A stripped shared object still exports its dynamic symbols. */
	if (!have_symtab && dynsym && add_symbols(e, elf, dynsym, &dynsym_hdr))
		return -1;
	return 0;
}

/* ---- what the ELF is and where it was loaded ---------------------------- */

static void read_build_id(struct pics_elf_symbols *e, Elf *elf)
{
	Elf_Scn *scn = NULL;
	GElf_Shdr shdr;

	while (!e->build_id_len && (scn = elf_nextscn(elf, scn))) {
		Elf_Data *data = elf_getdata(scn, NULL);
		size_t off = 0, name_off, desc_off;
		GElf_Nhdr nhdr;

		if (!gelf_getshdr(scn, &shdr) || shdr.sh_type != SHT_NOTE)
			continue;
		while (data && (off = gelf_getnote(data, off, &nhdr, &name_off,
						   &desc_off)) > 0) {
			if (nhdr.n_type == NT_GNU_BUILD_ID &&
			    nhdr.n_namesz == 4 &&
			    !memcmp((char *)data->d_buf + name_off, "GNU", 4) &&
			    nhdr.n_descsz <= PICS_BUILD_ID_MAX) {
				memcpy(e->build_id,
				       (char *)data->d_buf + desc_off,
				       nhdr.n_descsz);
				e->build_id_len = nhdr.n_descsz;
				break;
			}
		}
	}
}

/* The span of the executable sections, which is what the samples of this
 * ELF hit. */
static void read_code_span(struct pics_elf_symbols *e, Elf *elf)
{
	uint64_t lo = UINT64_MAX, hi = 0;
	Elf_Scn *scn = NULL;
	GElf_Shdr shdr;

	while ((scn = elf_nextscn(elf, scn))) {
		if (!gelf_getshdr(scn, &shdr) || !(shdr.sh_flags & SHF_ALLOC) ||
		    !(shdr.sh_flags & SHF_EXECINSTR) || !shdr.sh_size)
			continue;
		if (shdr.sh_addr < lo)
			lo = shdr.sh_addr;
		if (end_of(shdr.sh_addr, shdr.sh_size) > hi)
			hi = end_of(shdr.sh_addr, shdr.sh_size);
	}
	if (lo >= hi)
		return;
	e->code_start = lo + e->bias;
	e->code_end = end_of(e->code_start, hi - lo);
}

/* Where the file @map shows was loaded: the PT_LOAD segment holding its
 * file offset pgoff starts at map->start plus the rest of that offset. The
 * kernel's ELF, vmlinux, is linked at the addresses it runs at (Linux on
 * RISC-V does not move itself), and its mapping, the upper half of the
 * address space, says nothing of where its text is. */
static int mapping_bias(struct pics_elf_symbols *e, Elf *elf,
			const struct pics_mapping *map, const char *path,
			struct pics_error *err)
{
	size_t n = 0;

	if (!strcmp(map->path, PICS_KERNEL_MAPPING)) {
		e->bias = 0;
		return 0;
	}
	if (elf_getphdrnum(elf, &n))
		n = 0;
	for (size_t i = 0; i < n; i++) {
		GElf_Phdr ph;

		if (!gelf_getphdr(elf, (int)i, &ph) || ph.p_type != PT_LOAD ||
		    map->pgoff < ph.p_offset ||
		    map->pgoff - ph.p_offset >= ph.p_filesz)
			continue;
		e->bias = map->start -
			  (ph.p_vaddr + (map->pgoff - ph.p_offset));
		return 0;
	}
	return pics_fail(err, PICS_ERR_MISMATCH,
			 "%s: no loadable segment holds offset 0x%llx, where the mapping of %s starts",
			 path, (unsigned long long)map->pgoff, map->path);
}

static int check_mapping(struct pics_elf_symbols *e, Elf *elf,
			 const struct pics_mapping *map, const char *path,
			 struct pics_error *err)
{
	if (map->build_id_len && e->build_id_len &&
	    (map->build_id_len != e->build_id_len ||
	     memcmp(map->build_id, e->build_id, e->build_id_len)))
		return pics_fail(err, PICS_ERR_MISMATCH,
				 "%s: build-id differs from the one recorded for %s",
				 path, map->path);
	return mapping_bias(e, elf, map, path, err);
}

/* ---- line tables ------------------------------------------------------- */

static const char *last_component(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? slash + 1 : path;
}

static int intern_file(struct pics_elf_symbols *e, const char *path,
		       uint32_t *index)
{
	struct pics_source_file *grown;
	char *copy;

	for (size_t i = e->n_files; i-- > 0;) {
		if (!strcmp(e->files[i].path, path)) {
			*index = (uint32_t)i;
			return 0;
		}
	}
	grown = realloc(e->files, (e->n_files + 1) * sizeof(*grown));
	if (!grown)
		return -1;
	e->files = grown;
	copy = strdup(path);
	if (!copy)
		return -1;
	e->files[e->n_files] = (struct pics_source_file){
		copy, last_component(copy)
	};
	*index = (uint32_t)e->n_files++;
	return 0;
}

static int add_line(struct pics_elf_symbols *e, Dwarf_Line *l, size_t *cap,
		    const char **last_src, uint32_t *last_file)
{
	struct pics_line_row row = { .order = (uint32_t)e->n_rows };
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
		if (intern_file(e, src, last_file))
			return -1;
		*last_src = src;
	}
	if (e->n_rows == *cap) {
		struct pics_line_row *grown;

		*cap = *cap ? *cap * 2 : 1024;
		grown = realloc(e->rows, *cap * sizeof(*grown));
		if (!grown)
			return -1;
		e->rows = grown;
	}
	row.addr = addr + e->bias;
	row.file = *last_file;
	row.line = lineno > 0 ? (uint32_t)lineno : 0;
	e->rows[e->n_rows++] = row;
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

static int read_lines(struct pics_elf_symbols *e, Elf *elf)
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
				ret = add_line(e, dwarf_onesrcline(lines, i),
					       &cap, &last_src, &last_file);
		off = next;
	}
	dwarf_end(dw);
	return ret;
}

/* ---- the whole file ------------------------------------------------------ */

static int read_elf(struct pics_elf_symbols *e, Elf *elf, const char *path,
		    const struct pics_mapping *map, struct pics_error *err)
{
	read_build_id(e, elf);
	if (map && check_mapping(e, elf, map, path, err))
		return -1;
	read_code_span(e, elf);
	if (read_functions(e, elf) || read_lines(e, elf))
		return pics_fail(err, PICS_ERR_NOMEM,
				 "%s: out of memory reading symbols", path);
	return 0;
}

int pics_elf_read(int fd, const char *path, const struct pics_mapping *map,
		  uint64_t bias, struct pics_elf_symbols *e,
		  struct pics_error *err)
{
	int ret;
	Elf *elf;

	if (elf_version(EV_CURRENT) == EV_NONE)
		return pics_fail(err, PICS_ERR_SYMBOLS,
				 "%s: libelf is out of date", path);
	elf = elf_begin(fd, ELF_C_READ, NULL);
	if (!elf || elf_kind(elf) != ELF_K_ELF) {
		ret = pics_fail(err, PICS_ERR_SYMBOLS, "%s: not an ELF file",
				path);
	} else {
		e->bias = bias;
		ret = read_elf(e, elf, path, map, err);
	}
	elf_end(elf);
	if (ret)
		pics_elf_symbols_free(e);
	return ret;
}

void pics_elf_symbols_free(struct pics_elf_symbols *e)
{
	for (size_t i = 0; i < e->n_funcs; i++)
		free(e->funcs[i].name);
	for (size_t i = 0; i < e->n_objects; i++)
		free(e->objects[i].name);
	for (size_t i = 0; i < e->n_files; i++)
		free(e->files[i].path);
	free(e->funcs);
	free(e->objects);
	free(e->files);
	free(e->rows);
	memset(e, 0, sizeof(*e));
}
