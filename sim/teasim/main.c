/* teasim: runs a RISC-V program on the simulated SoC and exits with the
 * program's exit code. The options are options.c's; the run is the
 * reference ISS's (run_iss.c) or the RTL's (run_rtl.c). */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "soc/devicetree.h"
#include "teasim/teasim.h"

#define DTB_MAX 16384

int error(int code, const char *fmt, ...)
{
	va_list ap;

	fputs("teasim: error: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return code;
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

static int setup_boot(struct run *r, const struct options *o)
{
	static uint8_t dtb[DTB_MAX];
	/* The bare-metal runtime's argc and argv (driver/baremetal/boot.c),
	 * the same on the ISS and the RTL, which boot from this ROM image. */
	struct dt_extras extras = { .bootargs = o->bootargs ? o->bootargs : o->cmdline };
	size_t len = 0;
	int n;

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

double seconds_since(const struct timespec *t0)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)(t.tv_sec - t0->tv_sec) + (double)(t.tv_nsec - t0->tv_nsec) * 1e-9;
}

bool program_ended(const struct run *r, int *code)
{
	if (r->htif.exited)
		*code = r->htif.exit_code;
	else if (r->semihost.exited)
		*code = r->semihost.exit_code;
	else
		return soc_exit_requested(r->soc, code);
	return true;
}

int check_limit(const struct run *r, const struct options *o)
{
	if (!o->max_insns || r->steps < o->max_insns)
		return 0;
	fflush(stdout);
	return error(EXIT_LIMIT, "instruction limit of %" PRIu64 " reached at pc 0x%" PRIx64
		     " (the program did not exit; raise it with --max-insns)",
		     o->max_insns, hart_pc(r->hart));
}

bool progress_due(struct run *r)
{
	double secs = seconds_since(&r->t0);

	if (secs - r->last_progress < 1.0)
		return false;
	r->last_progress = secs;
	return true;
}

/* "\r" on a terminal, where the next line overwrites this one */
const char *progress_end(void)
{
	return isatty(STDERR_FILENO) ? "\r" : "\n";
}

void end_output(const struct run *r)
{
	fflush(stdout);
	if (r->last_progress > 0 && isatty(STDERR_FILENO))
		fputs("\n", stderr);
}

int exit_status(int code)
{
	return (code & 0xff) || code == 0 ? code & 0xff : 1;
}

static int write_signature(const struct run *r, const char *path)
{
	uint64_t begin = r->prog.begin_signature, end = r->prog.end_signature;
	uint8_t *mem;
	FILE *f;
	int ret = 0;

	if (!begin || end < begin)
		return error(EXIT_ERROR, "--signature %s: the program has no begin_signature/end_signature symbols", path);
	if (end - begin > soc_config(r->soc)->dram_size)
		return error(EXIT_ERROR, "signature 0x%" PRIx64 "..0x%" PRIx64 " is larger than DRAM", begin, end);
	mem = malloc(end - begin + 1);
	if (!mem)
		return error(EXIT_ERROR, "out of memory");
	if (host_mem_read(&r->mem, begin, mem, end - begin)) {
		free(mem);
		return error(EXIT_ERROR, "signature 0x%" PRIx64 "..0x%" PRIx64 " is outside DRAM", begin, end);
	}
	f = fopen(path, "w");
	if (!f) {
		ret = error(EXIT_ERROR, "%s: %s", path, strerror(errno));
	} else {
		for (uint64_t off = 0; off + 4 <= end - begin; off += 4)
			fprintf(f, "%02x%02x%02x%02x\n", mem[off + 3], mem[off + 2], mem[off + 1], mem[off]);
		if (fclose(f))
			ret = error(EXIT_ERROR, "%s: %s", path, strerror(errno));
	}
	free(mem);
	return ret;
}

static int dump_dts(const struct soc_config *cfg)
{
	static uint8_t dtb[DTB_MAX];
	int n = devicetree_build(cfg, &(struct dt_extras){ 0 }, dtb, sizeof(dtb));

	if (n < 0)
		return error(EXIT_ERROR, "cannot build the device tree");
	return devicetree_print_dts(dtb, stdout) ? error(EXIT_ERROR, "cannot print the device tree") : 0;
}

int main(int argc, char **argv)
{
	struct options o = { 0 };
	struct run r = { 0 };
	char err[512];
	int ret, code;

	ret = parse_options(argc, argv, &o);
	if (ret)
		return ret;
	struct soc_config cfg = {
		.dram_size = o.dram_mib << 20,
		.nharts = 1,
		.timebase_hz = TIMEBASE_HZ,
		.clock_hz = CLOCK_HZ,
		.isa = "rv64imac_zicsr_zifencei",
		.mmu = "riscv,sv39",
		.console = o.rtl ? NULL : stdout,   /* with --rtl the RTL UART prints */
	};
	if (o.dump_dts)
		return dump_dts(&cfg);

	r.soc = soc_create(&cfg);
	if (!r.soc)
		return error(EXIT_ERROR, "cannot create the SoC with %" PRIu64 " MiB of DRAM", o.dram_mib);
	if (elf_load(o.elf, r.soc, &r.prog, err, sizeof(err))) {
		ret = error(EXIT_ERROR, "%s", err);
		goto out;
	}
	if (o.verbose && r.prog.entry_not_executable)
		fprintf(stderr, "teasim: note: %s: the segment holding the entry point is not marked "
			"executable (loaded anyway, as Spike and QEMU do)\n", o.elf);
	ret = setup_boot(&r, &o);
	if (ret)
		goto out;
	r.hart = hart_create(r.soc, 0);
	if (!r.hart) {
		ret = error(EXIT_ERROR, "out of memory");
		goto out;
	}
	hart_reset(r.hart, SOC_BOOTROM_BASE);
	hart_set_htif(r.hart, r.prog.tohost, r.prog.fromhost);
	/* The host's accesses to target memory: on the RTL through its
	 * coherent host port, which semihosting reaches through the reference
	 * hart (it translates the program's virtual addresses). */
	r.mem = o.rtl ? rtl_host_mem(&r) : host_mem_of_soc(r.soc);
	hart_set_host_mem(r.hart, &r.mem);
	htif_init(&r.htif, r.soc, &r.mem, r.prog.tohost, r.prog.fromhost, stdout);
	r.semihost = (struct semihost){ .out = stdout, .err = stderr, .cmdline = o.cmdline,
					.clock_hz = CLOCK_HZ };
	if (o.semihosting)
		hart_set_semihost(r.hart, semihost_call, &r.semihost);
	if (o.log_path) {
		r.log = strcmp(o.log_path, "-") ? fopen(o.log_path, "w") : stdout;
		if (!r.log) {
			ret = error(EXIT_ERROR, "%s: %s", o.log_path, strerror(errno));
			goto out;
		}
	}

	if (o.rtl) {
		ret = setup_rtl(&r, &o);
		if (ret)
			goto out;
		ret = run_rtl(&r, &o);
		/* the files describe a whole run: only when the program ended */
		if (program_ended(&r, &code) && (o.tea_samples || o.golden_path || o.baselines_prefix)) {
			int t = finish_tea(&r, &o);

			if (t)
				ret = t;
		}
	} else {
		ret = run_iss(&r, &o);
	}
	if (o.signature_path && program_ended(&r, &code)) {
		int sig = write_signature(&r, o.signature_path);

		if (sig)
			ret = sig;
	}
out:
	if (r.log && r.log != stdout)
		fclose(r.log);
	destroy_rtl(&r);
	if (r.hart)
		hart_destroy(r.hart);
	soc_destroy(r.soc);
	free(o.cmdline);
	return ret;
}
