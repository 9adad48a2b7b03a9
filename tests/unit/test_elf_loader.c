/* The ELF loader: valid programs land in DRAM with their symbols found; every
 * kind of bad file is refused with a reason, never loaded half-way. */
#include <elf.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "loader/elf_loader.h"
#include "soc/soc.h"

#define BASE 0x80000000ull

/* A small executable: one loadable segment (8 code bytes + 8 bss bytes),
 * room for a second program header, and a symbol table with tohost and
 * fromhost. */
struct image {
	Elf64_Ehdr eh;
	Elf64_Phdr ph, ph2;
	uint8_t code[8];
	char strtab[24];
	Elf64_Sym syms[3];
	Elf64_Shdr sh[3];
};

static void build_image(struct image *im)
{
	memset(im, 0, sizeof(*im));
	memcpy(im->eh.e_ident, ELFMAG, SELFMAG);
	im->eh.e_ident[EI_CLASS] = ELFCLASS64;
	im->eh.e_ident[EI_DATA] = ELFDATA2LSB;
	im->eh.e_ident[EI_VERSION] = EV_CURRENT;
	im->eh.e_type = ET_EXEC;
	im->eh.e_machine = EM_RISCV;
	im->eh.e_version = EV_CURRENT;
	im->eh.e_entry = BASE;
	im->eh.e_phoff = offsetof(struct image, ph);
	im->eh.e_shoff = offsetof(struct image, sh);
	im->eh.e_ehsize = sizeof(Elf64_Ehdr);
	im->eh.e_phentsize = sizeof(Elf64_Phdr);
	im->eh.e_phnum = 1;
	im->eh.e_shentsize = sizeof(Elf64_Shdr);
	im->eh.e_shnum = 3;

	im->ph.p_type = PT_LOAD;
	im->ph.p_flags = PF_R | PF_X;
	im->ph.p_offset = offsetof(struct image, code);
	im->ph.p_vaddr = im->ph.p_paddr = BASE;
	im->ph.p_filesz = sizeof(im->code);
	im->ph.p_memsz = sizeof(im->code) + 8;
	for (unsigned i = 0; i < sizeof(im->code); i++)
		im->code[i] = (uint8_t)(0x10 + i);

	memcpy(im->strtab, "\0tohost\0fromhost", 17);
	im->syms[1].st_name = 1;
	im->syms[1].st_value = BASE + 0x1000;
	im->syms[2].st_name = 8;
	im->syms[2].st_value = BASE + 0x1040;

	im->sh[1].sh_type = SHT_STRTAB;
	im->sh[1].sh_offset = offsetof(struct image, strtab);
	im->sh[1].sh_size = sizeof(im->strtab);
	im->sh[2].sh_type = SHT_SYMTAB;
	im->sh[2].sh_offset = offsetof(struct image, syms);
	im->sh[2].sh_size = sizeof(im->syms);
	im->sh[2].sh_entsize = sizeof(Elf64_Sym);
	im->sh[2].sh_link = 1;
}

struct fixture {
	struct soc *soc;
	char path[64];
	char err[256];
	struct elf_program prog;
};

static int setup(void **state)
{
	struct soc_config cfg = { .dram_size = 1 << 20, .nharts = 1, .timebase_hz = 10000000,
				  .clock_hz = 100000000, .isa = "rv64imac", .mmu = "riscv,sv39",
				  .console = stdout };
	struct fixture *f = calloc(1, sizeof(*f));
	int fd;

	assert_non_null(f);
	f->soc = soc_create(&cfg);
	assert_non_null(f->soc);
	strcpy(f->path, "/tmp/test_elf_loader_XXXXXX");
	fd = mkstemp(f->path);
	assert_true(fd >= 0);
	close(fd);
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *f = *state;

	unlink(f->path);
	soc_destroy(f->soc);
	free(f);
	return 0;
}

static void write_bytes(struct fixture *f, const void *data, size_t len)
{
	FILE *fp = fopen(f->path, "wb");

	assert_non_null(fp);
	assert_int_equal(fwrite(data, 1, len, fp), len);
	fclose(fp);
}

static int load(struct fixture *f)
{
	return elf_load(f->path, f->soc, 0, &f->prog, f->err, sizeof(f->err));
}

static void test_valid_program_is_loaded_with_its_symbols(void **state)
{
	struct fixture *f = *state;
	struct image im;
	uint8_t *mem = soc_dram(f->soc, BASE, 16);

	build_image(&im);
	memset(mem, 0xff, 16);
	write_bytes(f, &im, sizeof(im));
	assert_int_equal(load(f), 0);
	assert_int_equal(f->prog.entry, BASE);
	assert_int_equal(f->prog.tohost, BASE + 0x1000);
	assert_int_equal(f->prog.fromhost, BASE + 0x1040);
	assert_int_equal(f->prog.begin_signature, 0);
	assert_memory_equal(mem, im.code, 8);
	for (int i = 8; i < 16; i++)
		assert_int_equal(mem[i], 0); /* .bss is zero-filled */
}

static void expect_refusal(struct fixture *f, const void *data, size_t len, const char *reason)
{
	write_bytes(f, data, len);
	assert_int_equal(load(f), -1);
	if (!strstr(f->err, reason))
		fail_msg("error '%s' does not mention '%s'", f->err, reason);
	assert_non_null(strstr(f->err, f->path));
}

static void test_truncated_file_is_refused(void **state)
{
	struct image im;

	build_image(&im);
	expect_refusal(*state, &im, 20, "not an ELF");
}

static void test_empty_file_is_refused(void **state)
{
	expect_refusal(*state, "", 0, "not an ELF");
}

static void test_text_file_is_refused(void **state)
{
	const char text[] = "#!/bin/sh\necho this is no program\n";

	expect_refusal(*state, text, sizeof(text), "not an ELF");
}

static void test_wrong_machine_is_refused(void **state)
{
	struct image im;

	build_image(&im);
	im.eh.e_machine = EM_X86_64;
	expect_refusal(*state, &im, sizeof(im), "not RISC-V");
}

static void test_32_bit_elf_is_refused(void **state)
{
	struct image im;

	build_image(&im);
	im.eh.e_ident[EI_CLASS] = ELFCLASS32;
	expect_refusal(*state, &im, sizeof(im), "64-bit");
}

static void test_shared_object_is_refused(void **state)
{
	struct image im;

	build_image(&im);
	im.eh.e_type = ET_DYN;
	expect_refusal(*state, &im, sizeof(im), "not an executable");
}

static void test_segment_outside_dram_is_refused(void **state)
{
	struct image im;

	build_image(&im);
	im.ph.p_paddr = im.ph.p_vaddr = 0x10000000;
	im.eh.e_entry = 0x10000000;
	expect_refusal(*state, &im, sizeof(im), "outside DRAM");
}

static void test_segment_larger_than_dram_is_refused(void **state)
{
	struct image im;

	build_image(&im);
	im.ph.p_memsz = 2 << 20;
	expect_refusal(*state, &im, sizeof(im), "outside DRAM");
}

static void test_segment_past_end_of_file_is_refused(void **state)
{
	struct image im;

	build_image(&im);
	im.ph.p_filesz = 4096;
	im.ph.p_memsz = 4096;
	expect_refusal(*state, &im, sizeof(im), "past the end of the file");
}

/* riscv-test-env's PHDRS write section flags (SHF_ALLOC | SHF_EXECINSTR)
 * into p_flags: read as PF_W | PF_R, the code segment is not executable. */
static void test_segment_without_exec_flag_is_loaded(void **state)
{
	struct fixture *f = *state;
	struct image im;

	build_image(&im);
	im.ph.p_flags = SHF_ALLOC | SHF_EXECINSTR;
	write_bytes(f, &im, sizeof(im));
	assert_int_equal(load(f), 0);
	assert_int_equal(f->prog.entry, BASE);
	assert_true(f->prog.entry_not_executable);
	assert_memory_equal(soc_dram(f->soc, BASE, 8), im.code, 8);
}

static void test_entry_in_second_segment_is_found_by_physical_address(void **state)
{
	struct fixture *f = *state;
	struct image im;

	build_image(&im);
	im.eh.e_phnum = 2;
	im.ph2 = im.ph;
	im.ph2.p_vaddr = 0xffffffff00000000ull;
	im.ph2.p_paddr = BASE + 0x2000;
	im.eh.e_entry = 0xffffffff00000004ull;
	write_bytes(f, &im, sizeof(im));
	assert_int_equal(load(f), 0);
	assert_int_equal(f->prog.entry, BASE + 0x2004);
	assert_false(f->prog.entry_not_executable);
	assert_memory_equal(soc_dram(f->soc, BASE + 0x2000, 8), im.code, 8);
}

static void test_overlapping_segments_are_refused(void **state)
{
	struct image im;

	build_image(&im);
	im.eh.e_phnum = 2;
	im.ph2 = im.ph;
	im.ph2.p_paddr = BASE + 12;   /* inside the first one's .bss */
	expect_refusal(*state, &im, sizeof(im), "overlaps");
}

/* A vmlinux: virtual addresses at the top, physical ones at 0. Given a
 * base, it lands as its flat image would, the entry at the base. */
static void test_kernel_outside_dram_is_placed_at_the_base(void **state)
{
	struct fixture *f = *state;
	struct image im;

	build_image(&im);
	im.ph.p_vaddr = 0xffffffff80000000ull;
	im.ph.p_paddr = 0;
	im.eh.e_entry = im.ph.p_vaddr;
	write_bytes(f, &im, sizeof(im));
	assert_int_equal(elf_load(f->path, f->soc, BASE + 0x4000, &f->prog, f->err, sizeof(f->err)), 0);
	assert_int_equal(f->prog.entry, BASE + 0x4000);
	assert_int_equal(f->prog.lo, BASE + 0x4000);
	assert_int_equal(f->prog.hi, BASE + 0x4000 + 16);
	assert_memory_equal(soc_dram(f->soc, BASE + 0x4000, 8), im.code, 8);
	/* without a base it is refused */
	expect_refusal(f, &im, sizeof(im), "outside DRAM");
}

static void test_raw_image_is_loaded_whole(void **state)
{
	struct fixture *f = *state;
	const char data[] = "a raw image";
	uint64_t size = 0;

	write_bytes(f, data, sizeof(data));
	assert_false(is_elf_file(f->path));
	assert_int_equal(raw_load(f->path, f->soc, BASE + 0x100, &size, f->err, sizeof(f->err)), 0);
	assert_int_equal(size, sizeof(data));
	assert_memory_equal(soc_dram(f->soc, BASE + 0x100, sizeof(data)), data, sizeof(data));
	assert_int_equal(raw_load(f->path, f->soc, BASE + (1 << 20) - 4, &size, f->err, sizeof(f->err)), -1);
	assert_non_null(strstr(f->err, "do not fit"));
}

static void test_entry_outside_code_is_refused(void **state)
{
	struct image im;

	build_image(&im);
	im.eh.e_entry = BASE + 0x100;
	expect_refusal(*state, &im, sizeof(im), "entry point");
}

static void test_missing_file_is_refused(void **state)
{
	struct fixture *f = *state;

	assert_int_equal(elf_load("/nonexistent/prog.elf", f->soc, 0, &f->prog, f->err, sizeof(f->err)), -1);
	assert_non_null(strstr(f->err, "No such file"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_valid_program_is_loaded_with_its_symbols, setup, teardown),
		cmocka_unit_test_setup_teardown(test_truncated_file_is_refused, setup, teardown),
		cmocka_unit_test_setup_teardown(test_empty_file_is_refused, setup, teardown),
		cmocka_unit_test_setup_teardown(test_text_file_is_refused, setup, teardown),
		cmocka_unit_test_setup_teardown(test_wrong_machine_is_refused, setup, teardown),
		cmocka_unit_test_setup_teardown(test_32_bit_elf_is_refused, setup, teardown),
		cmocka_unit_test_setup_teardown(test_shared_object_is_refused, setup, teardown),
		cmocka_unit_test_setup_teardown(test_segment_outside_dram_is_refused, setup, teardown),
		cmocka_unit_test_setup_teardown(test_segment_larger_than_dram_is_refused, setup, teardown),
		cmocka_unit_test_setup_teardown(test_segment_past_end_of_file_is_refused, setup, teardown),
		cmocka_unit_test_setup_teardown(test_segment_without_exec_flag_is_loaded, setup, teardown),
		cmocka_unit_test_setup_teardown(test_entry_in_second_segment_is_found_by_physical_address, setup, teardown),
		cmocka_unit_test_setup_teardown(test_overlapping_segments_are_refused, setup, teardown),
		cmocka_unit_test_setup_teardown(test_kernel_outside_dram_is_placed_at_the_base, setup, teardown),
		cmocka_unit_test_setup_teardown(test_raw_image_is_loaded_whole, setup, teardown),
		cmocka_unit_test_setup_teardown(test_entry_outside_code_is_refused, setup, teardown),
		cmocka_unit_test_setup_teardown(test_missing_file_is_refused, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
