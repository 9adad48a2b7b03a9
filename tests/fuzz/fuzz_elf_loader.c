/* Fuzzes teasim's ELF loader (sim/loader/elf_loader.c), which reads the
 * program (or firmware and kernel) named on teasim's command line into
 * the simulated DRAM: any file is loaded whole inside DRAM with its entry
 * point in what was loaded, or refused in one line naming the file. The
 * flat placement of a kernel (a base) and the raw loader run too. */
#include "fuzz_util.h"

#include "loader/elf_loader.h"
#include "soc/soc.h"

/* Small, so that segments at the end of DRAM and past it are both near. */
#define DRAM_SIZE (4u << 20)

static struct soc *soc;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	struct soc_config cfg = {
		.dram_size = DRAM_SIZE,
		.nharts = 1,
		.timebase_hz = 10000000,
		.clock_hz = 100000000,
		.isa = "rv64imac_zicsr_zifencei",
		.mmu = "riscv,sv39",
		.console = stderr,
	};

	(void)argc;
	(void)argv;
	soc = soc_create(&cfg);
	FUZZ_CHECK(soc);
	return 0;
}

static void check_error(const char *err, const char *path)
{
	FUZZ_CHECK(err[0] != '\0');
	FUZZ_CHECK(strchr(err, '\n') == NULL);
	FUZZ_CHECK(strstr(err, path) != NULL);
}

static void check_loaded(const struct elf_program *p)
{
	FUZZ_CHECK(p->lo < p->hi);
	FUZZ_CHECK(soc_dram(soc, p->lo, p->hi - p->lo) != NULL);
	FUZZ_CHECK(p->entry >= p->lo && p->entry < p->hi);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *path = fuzz_file(0, data, size);
	struct elf_program prog;
	char err[512];
	uint64_t len;

	/* The way teasim loads a program, then the way it loads a kernel
	 * (its flat image at 2 MiB into DRAM, when its segments are not in
	 * DRAM by their own addresses). */
	for (int i = 0; i < 2; i++) {
		uint64_t base = i ? SOC_DRAM_BASE + 0x200000 : 0;

		err[0] = '\0';
		if (elf_load(path, soc, base, &prog, err, sizeof(err)))
			check_error(err, path);
		else
			check_loaded(&prog);
	}
	FUZZ_CHECK(is_elf_file(path) == (size >= 4 && !memcmp(data, "\177ELF", 4)));
	err[0] = '\0';
	if (raw_load(path, soc, SOC_DRAM_BASE + DRAM_SIZE - 4096, &len, err, sizeof(err))) {
		FUZZ_CHECK(size > 4096);
		check_error(err, path);
	} else {
		FUZZ_CHECK(len == size);
		FUZZ_CHECK(!size || !memcmp(soc_dram(soc, SOC_DRAM_BASE + DRAM_SIZE - 4096, len),
					    data, size));
	}
	return 0;
}
