/* Helpers for the libpics tests: scratch files and tiny ELF files. */
#ifndef TEST_PICS_UTIL_H
#define TEST_PICS_UTIL_H

#include <dirent.h>
#include <fcntl.h>
#include <gelf.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "pics.h"

/* The scratch files of this process go when it exits (not its forks'). */
static pid_t scratch_owner;

static inline void scratch_remove_all(void)
{
	char prefix[64];
	struct dirent *e;
	DIR *d;

	if (getpid() != scratch_owner || !(d = opendir("/tmp")))
		return;
	snprintf(prefix, sizeof(prefix), "pics-test-%d-", (int)scratch_owner);
	while ((e = readdir(d)))
		if (!strncmp(e->d_name, prefix, strlen(prefix)))
			unlinkat(dirfd(d), e->d_name, 0);
	closedir(d);
}

/* A path under the system temporary folder, unique to this process. The
 * last eight paths stay valid, so a test can hold several at once. */
static inline const char *scratch(const char *name)
{
	static char paths[8][256];
	static unsigned next;
	char *path = paths[next++ % 8];

	if (!scratch_owner) {
		scratch_owner = getpid();
		atexit(scratch_remove_all);
	}

	snprintf(path, sizeof(paths[0]), "/tmp/pics-test-%d-%s", (int)getpid(),
		 name);
	return path;
}

static inline void write_bytes(const char *path, const void *data, size_t len)
{
	FILE *f = fopen(path, "wb");

	assert_non_null(f);
	assert_int_equal(fwrite(data, 1, len, f), len);
	assert_int_equal(fclose(f), 0);
}

/* The whole file in a malloc'd buffer. */
static inline uint8_t *read_bytes(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	uint8_t *buf;
	long size;

	assert_non_null(f);
	assert_int_equal(fseek(f, 0, SEEK_END), 0);
	size = ftell(f);
	assert_true(size >= 0);
	rewind(f);
	buf = malloc((size_t)size + 1);
	assert_non_null(buf);
	assert_int_equal(fread(buf, 1, (size_t)size, f), (size_t)size);
	fclose(f);
	*len = (size_t)size;
	return buf;
}

/* Reads the sample file at @path to its end, counting its samples in
 * *@count (when not NULL): PICS_OK when it is complete, else the error's
 * code. */
static inline enum pics_error_code read_sample_file(const char *path,
						    struct pics_error *err,
						    uint64_t *count)
{
	struct pics_sample_reader *r = pics_sample_reader_open(path, err);
	struct pics_sample s;
	uint64_t n = 0;
	int ret;

	if (!r)
		return err->code;
	while ((ret = pics_sample_reader_next(r, &s, err)) > 0)
		n++;
	pics_sample_reader_close(r);
	if (count)
		*count = n;
	return ret < 0 ? err->code : PICS_OK;
}

static inline struct pics_meta tea_meta(unsigned width, uint64_t period)
{
	struct pics_meta m;

	assert_int_equal(pics_meta_init_tea(&m, "TEA", width, period, NULL), 0);
	return m;
}

/* A meta with its own event names, as a baseline scheme has. */
static inline struct pics_meta scheme_meta(const char *scheme, unsigned width,
					   unsigned n, ...)
{
	struct pics_meta m = tea_meta(width, 1);
	va_list ap;

	snprintf(m.scheme, sizeof(m.scheme), "%s", scheme);
	m.n_events = n;
	va_start(ap, n);
	for (unsigned i = 0; i < n; i++)
		snprintf(m.events[i], sizeof(m.events[i]), "%s",
			 va_arg(ap, const char *));
	va_end(ap);
	return m;
}

struct test_func {
	const char *name;
	uint64_t start, size;
};

/* Writes a RISC-V ELF whose .text spans [@base, @base + 0x1000), loaded
 * by one PT_LOAD segment from its file offset, with the given function
 * symbols (none: a stripped file) and a GNU build-id note holding bytes 1,
 * 2, ... 20. */
static inline void write_test_elf_at(const char *path, uint64_t base,
				     const struct test_func *funcs, size_t n)
{
	static const char shstrtab[] =
		"\0.text\0.symtab\0.strtab\0.shstrtab\0.note.gnu.build-id";
	static uint8_t text[0x1000];
	static uint8_t note[12 + 4 + 20];
	static Elf64_Sym syms[16];
	static char strtab[512];
	size_t strtab_len = 1;
	int fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0644);
	Elf *elf;
	Elf64_Ehdr *eh;
	Elf_Scn *scn;
	Elf_Data *d;
	Elf64_Shdr *sh;
	Elf64_Phdr *ph;

	assert_true(fd >= 0);
	assert_true(n < 16);
	assert_int_not_equal(elf_version(EV_CURRENT), EV_NONE);
	elf = elf_begin(fd, ELF_C_WRITE, NULL);
	assert_non_null(elf);
	eh = elf64_newehdr(elf);
	assert_non_null(eh);
	eh->e_ident[EI_DATA] = ELFDATA2LSB;
	eh->e_type = ET_EXEC;
	eh->e_machine = EM_RISCV;
	eh->e_version = EV_CURRENT;
	eh->e_entry = base;
	ph = elf64_newphdr(elf, 1);
	assert_non_null(ph);

	/* 1: .text */
	scn = elf_newscn(elf);
	d = elf_newdata(scn);
	d->d_buf = text;
	d->d_size = sizeof(text);
	d->d_align = 4;
	sh = elf64_getshdr(scn);
	sh->sh_name = 1;
	sh->sh_type = SHT_PROGBITS;
	sh->sh_flags = SHF_ALLOC | SHF_EXECINSTR;
	sh->sh_addr = base;

	/* 2: .note.gnu.build-id */
	memset(note, 0, sizeof(note));
	note[0] = 4;		/* namesz */
	note[4] = 20;		/* descsz */
	note[8] = NT_GNU_BUILD_ID;
	memcpy(note + 12, "GNU", 4);
	for (int i = 0; i < 20; i++)
		note[16 + i] = (uint8_t)(i + 1);
	scn = elf_newscn(elf);
	d = elf_newdata(scn);
	d->d_buf = note;
	d->d_size = sizeof(note);
	d->d_align = 4;
	sh = elf64_getshdr(scn);
	sh->sh_name = 33;
	sh->sh_type = SHT_NOTE;
	sh->sh_flags = SHF_ALLOC;

	/* 3: .shstrtab */
	scn = elf_newscn(elf);
	d = elf_newdata(scn);
	d->d_buf = (void *)shstrtab;
	d->d_size = sizeof(shstrtab);
	d->d_align = 1;
	sh = elf64_getshdr(scn);
	sh->sh_name = 23;
	sh->sh_type = SHT_STRTAB;
	eh->e_shstrndx = 3;

	if (n) {
		memset(syms, 0, sizeof(syms));
		memset(strtab, 0, sizeof(strtab));
		for (size_t i = 0; i < n; i++) {
			syms[i + 1].st_name = (Elf64_Word)strtab_len;
			syms[i + 1].st_info = ELF64_ST_INFO(STB_GLOBAL, STT_FUNC);
			syms[i + 1].st_shndx = 1;
			syms[i + 1].st_value = funcs[i].start;
			syms[i + 1].st_size = funcs[i].size;
			strcpy(strtab + strtab_len, funcs[i].name);
			strtab_len += strlen(funcs[i].name) + 1;
		}
		/* 4: .strtab */
		scn = elf_newscn(elf);
		d = elf_newdata(scn);
		d->d_buf = strtab;
		d->d_size = strtab_len;
		d->d_align = 1;
		sh = elf64_getshdr(scn);
		sh->sh_name = 15;
		sh->sh_type = SHT_STRTAB;
		/* 5: .symtab */
		scn = elf_newscn(elf);
		d = elf_newdata(scn);
		d->d_buf = syms;
		d->d_size = (n + 1) * sizeof(Elf64_Sym);
		d->d_type = ELF_T_SYM;
		d->d_align = 8;
		sh = elf64_getshdr(scn);
		sh->sh_name = 7;
		sh->sh_type = SHT_SYMTAB;
		sh->sh_link = 4;
		sh->sh_info = 1;
		sh->sh_entsize = sizeof(Elf64_Sym);
	}
	/* Lay the file out first: the segment starts where .text landed. */
	assert_true(elf_update(elf, ELF_C_NULL) > 0);
	sh = elf64_getshdr(elf_getscn(elf, 1));
	ph->p_type = PT_LOAD;
	ph->p_flags = PF_R | PF_X;
	ph->p_offset = sh->sh_offset;
	ph->p_vaddr = ph->p_paddr = base;
	ph->p_filesz = ph->p_memsz = sizeof(text);
	ph->p_align = 4;
	elf_flagphdr(elf, ELF_C_SET, ELF_F_DIRTY);
	assert_true(elf_update(elf, ELF_C_WRITE) > 0);
	elf_end(elf);
	close(fd);
}

static inline void write_test_elf(const char *path,
				  const struct test_func *funcs, size_t n)
{
	write_test_elf_at(path, 0x80000000, funcs, n);
}

/* The file offset of the test ELF's one loadable segment (.text). */
static inline uint64_t test_elf_load_offset(const char *path)
{
	int fd = open(path, O_RDONLY);
	Elf *elf;
	GElf_Phdr ph;

	assert_true(fd >= 0);
	elf = elf_begin(fd, ELF_C_READ, NULL);
	assert_non_null(gelf_getphdr(elf, 0, &ph));
	elf_end(elf);
	close(fd);
	return ph.p_offset;
}

#endif
