/* What the machine boots (docs/teasim.md, docs/linux.md): a program, which
 * the boot ROM enters in M-mode, or, as QEMU takes them, firmware (--bios),
 * a kernel (--kernel) and an initrd (--initrd) with its command line
 * (--append); then the device tree and the boot ROM that hands it over. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "rtl/rtl_soc.h"
#include "soc/devicetree.h"
#include "teasim/teasim.h"

#define DTB_MAX       16384
#define KERNEL_BASE   (SOC_DRAM_BASE + 0x200000)   /* fw_jump enters the kernel here */
#define INITRD_ALIGN  0x1000

/* An ELF at its physical addresses (a kernel ELF as its flat image at base),
 * or a raw image at base. */
static int load_image(const char *path, struct soc *soc, uint64_t base, struct elf_program *p)
{
	char err[512];
	uint64_t size;

	if (is_elf_file(path)) {
		if (elf_load(path, soc, base, p, err, sizeof(err)))
			return error(EXIT_ERROR, "%s", err);
		return 0;
	}
	memset(p, 0, sizeof(*p));
	if (raw_load(path, soc, base, &size, err, sizeof(err)))
		return error(EXIT_ERROR, "%s", err);
	*p = (struct elf_program){ .entry = base, .lo = base, .hi = base + size };
	return 0;
}

static bool overlap(const struct elf_program *a, const struct elf_program *b)
{
	return a->lo < b->hi && b->lo < a->hi;
}

/* Firmware at DRAM's base, the kernel where the firmware jumps, the initrd
 * at the end of DRAM (Linux finds it through /chosen). */
static int load_linux(struct run *r, const struct options *o, struct dt_extras *extras)
{
	struct elf_program kernel, initrd = { 0 };
	uint64_t size, dram_end = SOC_DRAM_BASE + soc_config(r->soc)->dram_size;
	char err[512];
	int ret;

	ret = load_image(o->bios, r->soc, SOC_DRAM_BASE, &r->prog);
	if (ret)
		return ret;
	ret = load_image(o->kernel, r->soc, KERNEL_BASE, &kernel);
	if (ret)
		return ret;
	if (kernel.entry != KERNEL_BASE)
		return error(EXIT_ERROR, "%s: the kernel's entry is 0x%" PRIx64 ", not the start of its image "
			     "at 0x%llx, where the firmware enters it", o->kernel, kernel.entry,
			     (unsigned long long)KERNEL_BASE);
	if (overlap(&r->prog, &kernel))
		return error(EXIT_ERROR, "%s (0x%" PRIx64 "..0x%" PRIx64 ") overlaps the kernel at 0x%llx",
			     o->bios, r->prog.lo, r->prog.hi, (unsigned long long)KERNEL_BASE);
	if (o->initrd) {
		struct stat st;

		if (stat(o->initrd, &st))
			return error(EXIT_ERROR, "%s: %s", o->initrd, strerror(errno));
		initrd.lo = (dram_end - (uint64_t)st.st_size) & ~(uint64_t)(INITRD_ALIGN - 1);
		if ((uint64_t)st.st_size > dram_end - kernel.hi || initrd.lo < kernel.hi)
			return error(EXIT_ERROR, "%s: %lld bytes do not fit in DRAM after the kernel "
				     "(give more with --memory)", o->initrd, (long long)st.st_size);
		if (raw_load(o->initrd, r->soc, initrd.lo, &size, err, sizeof(err)))
			return error(EXIT_ERROR, "%s", err);
		extras->initrd_start = initrd.lo;
		extras->initrd_end = initrd.lo + size;
	}
	extras->bootargs = o->append;
	return 0;
}

unsigned tea_width(const struct run *r)
{
	return r->backend ? r->backend->width : HART_TEA_WIDTH;
}

static int read_file(const char *path, void *buf, size_t max, size_t *len)
{
	FILE *f = fopen(path, "rb");

	if (!f)
		return error(EXIT_ERROR, "%s: %s", path, strerror(errno));
	*len = fread(buf, 1, max, f);
	if (ferror(f) || fgetc(f) != EOF) {
		fclose(f);
		return error(EXIT_ERROR, "%s: unreadable or larger than %zu bytes", path, max);
	}
	fclose(f);
	return 0;
}

int setup_boot(struct run *r, const struct options *o)
{
	static uint8_t dtb[DTB_MAX];
	/* A program's command line is the bare-metal runtime's argc and argv
	 * (driver/baremetal/boot.c), the same on the ISS and the RTL, which
	 * boot from this ROM image. */
	struct dt_extras extras = { .bootargs = o->bootargs ? o->bootargs : o->cmdline,
				    .tea_width = tea_width(r) };
	char err[512];
	size_t len = 0;
	int n, ret;

	if (o->kernel) {
		ret = load_linux(r, o, &extras);
		if (ret)
			return ret;
	} else {
		if (elf_load(o->elf, r->soc, 0, &r->prog, err, sizeof(err)))
			return error(EXIT_ERROR, "%s", err);
		if (o->verbose && r->prog.entry_not_executable)
			fprintf(stderr, "teasim: note: %s: the segment holding the entry point is not "
				"marked executable (loaded anyway, as Spike and QEMU do)\n", o->elf);
	}
	if (o->dtb_path) {
		if (read_file(o->dtb_path, dtb, sizeof(dtb), &len))
			return EXIT_ERROR;
	} else {
		n = devicetree_build(soc_config(r->soc), &extras, dtb, sizeof(dtb));
		if (n < 0)
			return error(EXIT_ERROR, "cannot build the device tree");
		len = (size_t)n;
	}
	if (soc_set_boot(r->soc, r->prog.entry, dtb, len))
		return error(EXIT_ERROR, "device tree of %zu bytes does not fit in the boot ROM", len);
	return 0;
}
