#include "loader/elf_loader.h"

#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int fail(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
	return -1;
}

/* Calls @fn with each named symbol of the symbol table; a missing or odd
 * table has none. */
static void for_each_symbol(Elf *elf, void (*fn)(void *ctx, const char *name, const GElf_Sym *sym),
			    void *ctx)
{
	Elf_Scn *scn = NULL;

	while ((scn = elf_nextscn(elf, scn)) != NULL) {
		GElf_Shdr shdr;
		Elf_Data *data;

		if (!gelf_getshdr(scn, &shdr) || shdr.sh_type != SHT_SYMTAB || shdr.sh_entsize == 0)
			continue;
		data = elf_getdata(scn, NULL);
		if (!data)
			continue;
		size_t count = data->d_size / shdr.sh_entsize;
		for (size_t i = 0; i < count; i++) {
			GElf_Sym sym;
			const char *name;

			if (!gelf_getsym(data, (int)i, &sym))
				break;
			name = elf_strptr(elf, shdr.sh_link, sym.st_name);
			if (name && name[0])
				fn(ctx, name, &sym);
		}
	}
}

/* The optional symbols the harness honours: a stripped program is still
 * runnable. */
static void note_symbol(void *ctx, const char *name, const GElf_Sym *sym)
{
	struct elf_program *prog = ctx;

	if (!strcmp(name, "tohost"))
		prog->tohost = sym->st_value;
	else if (!strcmp(name, "fromhost"))
		prog->fromhost = sym->st_value;
	else if (!strcmp(name, "bm_tea_log"))
		prog->tea_log = sym->st_value;
	else if (!strcmp(name, "begin_signature"))
		prog->begin_signature = sym->st_value;
	else if (!strcmp(name, "end_signature"))
		prog->end_signature = sym->st_value;
}

/* Loads every PT_LOAD segment at its physical address, whatever its
 * permission flags: linkers of other projects' environments write section
 * flags into p_flags (riscv-test-env's PHDRS), and Spike and QEMU load such
 * segments all the same. The entry point must lie in one of them. With a
 * base, segments whose physical addresses are not all in DRAM (a vmlinux)
 * are placed as the flat image would be: the lowest at base, the others at
 * the same offsets from it. */
static int load_segments(Elf *elf, const char *path, struct soc *soc, uint64_t base,
			 struct elf_program *prog, char *err, size_t errlen)
{
	size_t filesize, nphdr, n = 0;
	const char *raw = elf_rawfile(elf, &filesize);
	GElf_Phdr *seg;
	uint64_t lo = UINT64_MAX, shift = 0;
	bool in_dram = true, entry_found = false;
	int ret = -1;

	if (!raw || elf_getphdrnum(elf, &nphdr) != 0)
		return fail(err, errlen, "%s: cannot read program headers: %s", path, elf_errmsg(-1));
	seg = calloc(nphdr ? nphdr : 1, sizeof(*seg));
	if (!seg)
		return fail(err, errlen, "%s: out of memory", path);
	for (size_t i = 0; i < nphdr; i++) {
		GElf_Phdr *ph = &seg[n];

		if (!gelf_getphdr(elf, (int)i, ph)) {
			fail(err, errlen, "%s: program header %zu unreadable: %s", path, i, elf_errmsg(-1));
			goto out;
		}
		if (ph->p_type != PT_LOAD || ph->p_memsz == 0)
			continue;
		if (ph->p_filesz > ph->p_memsz || ph->p_offset > filesize ||
		    ph->p_filesz > filesize - ph->p_offset) {
			fail(err, errlen, "%s: segment %zu (offset 0x%llx, size 0x%llx) runs past the end of the file",
			     path, i, (unsigned long long)ph->p_offset, (unsigned long long)ph->p_filesz);
			goto out;
		}
		if (ph->p_paddr < lo)
			lo = ph->p_paddr;
		if (!soc_dram(soc, ph->p_paddr, ph->p_memsz))
			in_dram = false;
		n++;
	}
	if (base && !in_dram)
		shift = base - lo;
	prog->lo = UINT64_MAX;
	for (size_t i = 0; i < n; i++) {
		GElf_Phdr *ph = &seg[i];
		uint64_t pa = ph->p_paddr + shift;
		uint8_t *dst = soc_dram(soc, pa, ph->p_memsz);

		if (!dst) {
			fail(err, errlen, "%s: segment at 0x%llx..0x%llx lies outside DRAM (0x%llx, %llu MiB)",
			     path, (unsigned long long)pa, (unsigned long long)(pa + ph->p_memsz),
			     (unsigned long long)SOC_DRAM_BASE,
			     (unsigned long long)(soc_config(soc)->dram_size >> 20));
			goto out;
		}
		for (size_t k = 0; k < i; k++) {
			if (ph->p_paddr < seg[k].p_paddr + seg[k].p_memsz &&
			    seg[k].p_paddr < ph->p_paddr + ph->p_memsz) {
				fail(err, errlen, "%s: segment at 0x%llx..0x%llx overlaps another at 0x%llx..0x%llx",
				     path, (unsigned long long)pa, (unsigned long long)(pa + ph->p_memsz),
				     (unsigned long long)(seg[k].p_paddr + shift),
				     (unsigned long long)(seg[k].p_paddr + shift + seg[k].p_memsz));
				goto out;
			}
		}
		memcpy(dst, raw + ph->p_offset, ph->p_filesz);
		memset(dst + ph->p_filesz, 0, ph->p_memsz - ph->p_filesz);
		if (pa < prog->lo)
			prog->lo = pa;
		if (pa + ph->p_memsz > prog->hi)
			prog->hi = pa + ph->p_memsz;
		if (!entry_found && prog->entry >= ph->p_vaddr && prog->entry - ph->p_vaddr < ph->p_memsz) {
			/* The loader places segments at their physical address; jump there. */
			prog->entry = prog->entry - ph->p_vaddr + pa;
			prog->entry_not_executable = !(ph->p_flags & PF_X);
			entry_found = true;
		}
	}
	if (!entry_found) {
		fail(err, errlen, "%s: entry point 0x%llx is not inside a loadable segment",
		     path, (unsigned long long)prog->entry);
		goto out;
	}
	ret = 0;
out:
	free(seg);
	return ret;
}

/* @path opened as an ELF file (*@fd its descriptor), or NULL with the
 * reason in err (nothing left open). */
static Elf *open_elf(const char *path, int *fd, char *err, size_t errlen)
{
	Elf *elf;

	if (elf_version(EV_CURRENT) == EV_NONE) {
		fail(err, errlen, "libelf initialisation failed: %s", elf_errmsg(-1));
		return NULL;
	}
	*fd = open(path, O_RDONLY);
	if (*fd < 0) {
		fail(err, errlen, "%s: %s", path, strerror(errno));
		return NULL;
	}
	elf = elf_begin(*fd, ELF_C_READ_MMAP, NULL);
	if (elf && elf_kind(elf) == ELF_K_ELF)
		return elf;
	fail(err, errlen, "%s: not an ELF file", path);
	if (elf)
		elf_end(elf);
	close(*fd);
	return NULL;
}

int elf_load(const char *path, struct soc *soc, uint64_t base, struct elf_program *prog,
	     char *err, size_t errlen)
{
	GElf_Ehdr eh;
	Elf *elf;
	int fd, ret = -1;

	memset(prog, 0, sizeof(*prog));
	elf = open_elf(path, &fd, err, errlen);
	if (!elf)
		return -1;
	if (!gelf_getehdr(elf, &eh)) {
		fail(err, errlen, "%s: malformed ELF header: %s", path, elf_errmsg(-1));
		goto out;
	}
	if (eh.e_ident[EI_CLASS] != ELFCLASS64 || eh.e_ident[EI_DATA] != ELFDATA2LSB) {
		fail(err, errlen, "%s: not a 64-bit little-endian ELF (this is an RV64 simulator)", path);
		goto out;
	}
	if (eh.e_machine != EM_RISCV) {
		fail(err, errlen, "%s: ELF machine is %u, not RISC-V (%u)", path, eh.e_machine, EM_RISCV);
		goto out;
	}
	if (eh.e_type != ET_EXEC) {
		fail(err, errlen, "%s: not an executable (ELF type %u); link it statically", path, eh.e_type);
		goto out;
	}
	prog->entry = eh.e_entry;
	if (load_segments(elf, path, soc, base, prog, err, errlen))
		goto out;
	for_each_symbol(elf, note_symbol, prog);
	ret = 0;
out:
	elf_end(elf);
	close(fd);
	return ret;
}

int raw_load(const char *path, struct soc *soc, uint64_t pa, uint64_t *size, char *err,
	     size_t errlen)
{
	FILE *f = fopen(path, "rb");
	long len;
	uint8_t *dst;

	if (!f)
		return fail(err, errlen, "%s: %s", path, strerror(errno));
	if (fseek(f, 0, SEEK_END) || (len = ftell(f)) < 0 || fseek(f, 0, SEEK_SET)) {
		fclose(f);
		return fail(err, errlen, "%s: cannot tell its size", path);
	}
	dst = soc_dram(soc, pa, len ? (uint64_t)len : 1);
	if (!dst) {
		fclose(f);
		return fail(err, errlen, "%s: %ld bytes at 0x%llx do not fit in DRAM (0x%llx, %llu MiB)",
			    path, len, (unsigned long long)pa, (unsigned long long)SOC_DRAM_BASE,
			    (unsigned long long)(soc_config(soc)->dram_size >> 20));
	}
	if (fread(dst, 1, (size_t)len, f) != (size_t)len) {
		fclose(f);
		return fail(err, errlen, "%s: read error", path);
	}
	fclose(f);
	*size = (uint64_t)len;
	return 0;
}

bool is_elf_file(const char *path)
{
	unsigned char magic[4] = { 0 };
	FILE *f = fopen(path, "rb");

	if (!f)
		return false;
	if (fread(magic, 1, 4, f) != 4)
		magic[0] = 0;
	fclose(f);
	return !memcmp(magic, ELFMAG, SELFMAG);
}

struct symbol_query {
	const char *name;
	uint64_t value;
	bool found;
};

static void match_symbol(void *ctx, const char *name, const GElf_Sym *sym)
{
	struct symbol_query *q = ctx;

	if (!q->found && sym->st_shndx != SHN_UNDEF && !strcmp(name, q->name)) {
		q->value = sym->st_value;
		q->found = true;
	}
}

int elf_symbol(const char *path, const char *name, uint64_t *value, char *err, size_t errlen)
{
	struct symbol_query q = { .name = name };
	Elf *elf;
	int fd;

	elf = open_elf(path, &fd, err, errlen);
	if (!elf)
		return -1;
	for_each_symbol(elf, match_symbol, &q);
	elf_end(elf);
	close(fd);
	if (!q.found)
		return fail(err, errlen, "no symbol %s in %s", name, path);
	*value = q.value;
	return 0;
}
