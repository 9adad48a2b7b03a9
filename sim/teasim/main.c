/* teasim: runs a RISC-V program on the simulated SoC and exits with the
 * program's exit code. */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cosim/commitlog.h"
#include "host/htif.h"
#include "host/semihost.h"
#include "iss/hart.h"
#include "loader/elf_loader.h"
#include "soc/devicetree.h"
#include "soc/soc.h"

/* Exit codes of teasim itself, distinct from small program exit codes. */
enum {
	EXIT_USAGE = 2,
	EXIT_LIMIT = 124,   /* the instruction limit was reached */
	EXIT_ERROR = 125,   /* bad input or a harness failure */
};

#define DEFAULT_MAX_INSNS 10000000000ull
#define DEFAULT_DRAM_MIB  256
#define CLOCK_HZ          100000000ull   /* core clock: one instruction a cycle on the ISS */
#define TIMEBASE_HZ       10000000ull    /* CLINT mtime, as on QEMU virt */
#define CHUNK             4096           /* instructions between host polls */
#define DTB_MAX           16384

struct options {
	const char *elf;
	char *cmdline;
	uint64_t max_insns;
	uint64_t dram_mib;
	const char *log_path;
	const char *signature_path;
	const char *dtb_path;
	const char *bootargs;
	bool dump_dts;
	bool semihosting;
	bool quiet, verbose, progress;
};

struct run {
	struct soc *soc;
	struct hart *hart;
	struct htif htif;
	struct semihost semihost;
	struct elf_program prog;
	FILE *log;
	uint64_t steps;
	uint64_t tick_rest;    /* cycles not yet turned into mtime ticks */
};

static void usage(FILE *f)
{
	fputs("usage: teasim [options] program.elf [program arguments...]\n"
	      "Runs a RV64IMAC program on the simulated TEA SoC (reference ISS backend)\n"
	      "and exits with the program's exit code.\n"
	      "\n"
	      "  -m, --max-insns N     stop after N instructions (default 10000000000; 0 = none)\n"
	      "  -M, --memory MIB      DRAM size in MiB (default 256)\n"
	      "  -l, --log FILE        write the commit log to FILE ('-' = stdout)\n"
	      "      --signature FILE  write memory between begin_signature and end_signature\n"
	      "                        to FILE as 32-bit hex words, one a line\n"
	      "      --dtb FILE        boot with this device tree blob instead of the generated one\n"
	      "      --bootargs TEXT   kernel command line for /chosen/bootargs\n"
	      "      --dump-dts        print the generated device tree as DTS and exit\n"
	      "      --no-semihosting  treat semihosting EBREAKs as plain breakpoints\n"
	      "  -p, --progress        print a progress line on stderr every second (the\n"
	      "                        default when stderr is a terminal, unless --quiet)\n"
	      "  -q, --quiet           print nothing but the program's output and errors\n"
	      "  -v, --verbose         print a summary (instructions, speed) at the end\n"
	      "  -h, --help            show this help\n"
	      "\n"
	      "Programs talk to the host through HTIF (tohost/fromhost symbols), RISC-V\n"
	      "semihosting, the 16550 UART at 0x10000000 and the test finisher at 0x100000.\n"
	      "Exit status: the program's exit code; 124 when the instruction limit is\n"
	      "reached; 125 on bad input or a simulator error; 2 on a usage error.\n", f);
}

static int error(int code, const char *fmt, ...)
{
	va_list ap;

	fputs("teasim: error: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return code;
}

static bool parse_u64(const char *s, uint64_t *v)
{
	char *end;

	errno = 0;
	*v = strtoull(s, &end, 0);
	return errno == 0 && end != s && *end == '\0' && s[0] != '-';
}

/* Joins the program path and its arguments for semihosting's command line. */
static char *join_cmdline(int argc, char **argv)
{
	size_t len = 1;
	char *s;

	for (int i = 0; i < argc; i++)
		len += strlen(argv[i]) + 1;
	s = calloc(1, len);
	if (!s)
		return NULL;
	for (int i = 0; i < argc; i++) {
		if (i)
			strcat(s, " ");
		strcat(s, argv[i]);
	}
	return s;
}

static int parse_options(int argc, char **argv, struct options *o)
{
	enum { OPT_SIGNATURE = 256, OPT_DTB, OPT_BOOTARGS, OPT_DUMP_DTS, OPT_NO_SEMIHOSTING };
	static const struct option longopts[] = {
		{ "max-insns", required_argument, NULL, 'm' },
		{ "memory", required_argument, NULL, 'M' },
		{ "log", required_argument, NULL, 'l' },
		{ "signature", required_argument, NULL, OPT_SIGNATURE },
		{ "dtb", required_argument, NULL, OPT_DTB },
		{ "bootargs", required_argument, NULL, OPT_BOOTARGS },
		{ "dump-dts", no_argument, NULL, OPT_DUMP_DTS },
		{ "no-semihosting", no_argument, NULL, OPT_NO_SEMIHOSTING },
		{ "progress", no_argument, NULL, 'p' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	o->max_insns = DEFAULT_MAX_INSNS;
	o->dram_mib = DEFAULT_DRAM_MIB;
	o->semihosting = true;
	opterr = 0;
	/* '+': options stop at the program, whose own arguments follow it;
	 * ':': a missing argument is told apart from an unknown option. */
	while ((c = getopt_long(argc, argv, "+:m:M:l:pqvh", longopts, NULL)) != -1) {
		switch (c) {
		case 'm':
			if (!parse_u64(optarg, &o->max_insns))
				return error(EXIT_USAGE, "--max-insns needs a number, not '%s'", optarg);
			break;
		case 'M':
			if (!parse_u64(optarg, &o->dram_mib) || o->dram_mib == 0 || o->dram_mib > 65536)
				return error(EXIT_USAGE, "--memory needs a size in MiB from 1 to 65536, not '%s'", optarg);
			break;
		case 'l':
			o->log_path = optarg;
			break;
		case OPT_SIGNATURE:
			o->signature_path = optarg;
			break;
		case OPT_DTB:
			o->dtb_path = optarg;
			break;
		case OPT_BOOTARGS:
			o->bootargs = optarg;
			break;
		case OPT_DUMP_DTS:
			o->dump_dts = true;
			break;
		case OPT_NO_SEMIHOSTING:
			o->semihosting = false;
			break;
		case 'p':
			o->progress = true;
			break;
		case 'q':
			o->quiet = true;
			break;
		case 'v':
			o->verbose = true;
			break;
		case 'h':
			usage(stdout);
			exit(0);
		case ':':
			return error(EXIT_USAGE, "option '%s' needs an argument (see teasim --help)", argv[optind - 1]);
		default:
			return error(EXIT_USAGE, "unknown option '%s' (see teasim --help)", argv[optind - 1]);
		}
	}
	if (o->quiet)
		o->progress = false;
	else if (isatty(STDERR_FILENO))
		o->progress = true;
	if (o->dump_dts)
		return 0;
	if (optind >= argc)
		return error(EXIT_USAGE, "no program given (see teasim --help)");
	o->elf = argv[optind];
	o->cmdline = join_cmdline(argc - optind, argv + optind);
	return o->cmdline ? 0 : error(EXIT_ERROR, "out of memory");
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
	struct dt_extras extras = { .bootargs = o->bootargs };
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

static double seconds_since(const struct timespec *t0)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)(t.tv_sec - t0->tv_sec) + (double)(t.tv_nsec - t0->tv_nsec) * 1e-9;
}

/* end is "\n", or "\r" for a progress line that the next one overwrites */
static void print_status(const struct run *r, double secs, const char *end)
{
	fprintf(stderr, "teasim: %" PRIu64 " instructions, %.2f s, %.1f MIPS%s",
		hart_instret(r->hart), secs, secs > 0 ? (double)r->steps / secs / 1e6 : 0.0, end);
}

static bool program_exited(const struct run *r)
{
	int code;

	return r->htif.exited || r->semihost.exited || soc_exit_requested(r->soc, &code);
}

/* Advances the CLINT clock by the cycles just simulated. */
static void advance_time(struct run *r, uint64_t cycles)
{
	const uint64_t per_tick = CLOCK_HZ / TIMEBASE_HZ;

	r->tick_rest += cycles;
	soc_tick(r->soc, r->tick_rest / per_tick);
	r->tick_rest %= per_tick;
}

/* The simulation loop: runs in chunks and polls the host interfaces between
 * them. Returns teasim's exit status. */
static int simulate(struct run *r, const struct options *o)
{
	struct timespec t0;
	double last_progress = 0;
	struct commit c;
	int code;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (;;) {
		uint64_t n = CHUNK;

		if (o->max_insns && o->max_insns - r->steps < n)
			n = o->max_insns - r->steps;
		if (r->log) {
			/* Step by step, so that the log ends where the program
			 * exits: a store may have been the exit request. */
			uint64_t i = 0;

			while (i < n && !r->semihost.exited) {
				hart_step(r->hart, &c);
				commitlog_print(r->log, &c);
				i++;
				if (c.mem_size && !c.trap && (!htif_poll(&r->htif) || program_exited(r)))
					break;
			}
			n = i;
		} else {
			n = hart_run(r->hart, n);
		}
		r->steps += n;
		advance_time(r, n);

		if (!htif_poll(&r->htif) || r->htif.error[0])
			return error(EXIT_ERROR, "%s", r->htif.error);
		if (r->htif.exited) {
			code = r->htif.exit_code;
			break;
		}
		if (r->semihost.exited) {
			code = r->semihost.exit_code;
			break;
		}
		if (soc_exit_requested(r->soc, &code))
			break;
		if (o->max_insns && r->steps >= o->max_insns) {
			fflush(stdout);
			return error(EXIT_LIMIT, "instruction limit of %" PRIu64 " reached at pc 0x%" PRIx64
				     " (the program did not exit; raise it with --max-insns)",
				     o->max_insns, hart_pc(r->hart));
		}
		if (o->progress && (r->steps & ((1u << 22) - 1)) < CHUNK) {
			double secs = seconds_since(&t0);

			if (secs - last_progress >= 1.0) {
				print_status(r, secs, isatty(STDERR_FILENO) ? "\r" : "\n");
				last_progress = secs;
			}
		}
	}
	fflush(stdout);
	if (last_progress > 0 && isatty(STDERR_FILENO))
		fputs("\n", stderr);
	if (o->verbose) {
		fprintf(stderr, "teasim: the program exited with code %d\n", code);
		print_status(r, seconds_since(&t0), "\n");
	}
	/* Exit statuses are 8 bits; keep a failing program from looking like a pass. */
	return (code & 0xff) || code == 0 ? code & 0xff : 1;
}

static int write_signature(const struct run *r, const char *path)
{
	uint64_t begin = r->prog.begin_signature, end = r->prog.end_signature;
	const uint8_t *mem;
	FILE *f;

	if (!begin || end < begin)
		return error(EXIT_ERROR, "--signature %s: the program has no begin_signature/end_signature symbols", path);
	mem = soc_dram(r->soc, begin, end - begin);
	if (!mem)
		return error(EXIT_ERROR, "signature 0x%" PRIx64 "..0x%" PRIx64 " is outside DRAM", begin, end);
	f = fopen(path, "w");
	if (!f)
		return error(EXIT_ERROR, "%s: %s", path, strerror(errno));
	for (uint64_t off = 0; off + 4 <= end - begin; off += 4)
		fprintf(f, "%02x%02x%02x%02x\n", mem[off + 3], mem[off + 2], mem[off + 1], mem[off]);
	return fclose(f) ? error(EXIT_ERROR, "%s: %s", path, strerror(errno)) : 0;
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
	int ret;

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
		.console = stdout,
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
	ret = setup_boot(&r, &o);
	if (ret)
		goto out;
	r.hart = hart_create(r.soc, 0);
	if (!r.hart) {
		ret = error(EXIT_ERROR, "out of memory");
		goto out;
	}
	hart_reset(r.hart, SOC_BOOTROM_BASE);
	htif_init(&r.htif, r.soc, r.prog.tohost, r.prog.fromhost, stdout);
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

	ret = simulate(&r, &o);
	if (o.signature_path && program_exited(&r)) {
		int sig = write_signature(&r, o.signature_path);

		if (sig)
			ret = sig;
	}
out:
	if (r.log && r.log != stdout)
		fclose(r.log);
	if (r.hart)
		hart_destroy(r.hart);
	soc_destroy(r.soc);
	free(o.cmdline);
	return ret;
}
