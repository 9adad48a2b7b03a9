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
#include "cosim/cosim.h"
#include "host/htif.h"
#include "host/semihost.h"
#include "iss/hart.h"
#include "loader/elf_loader.h"
#include "rtl/rtl_soc.h"
#include "soc/devicetree.h"
#include "soc/soc.h"
#include "tea/bootargs.h"
#include "tea/csr.h"
#include "tea/program_log.h"
#include "tea/sampler_model.h"
#include "tea/tea_run.h"

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
#define DEFAULT_DRAM_LATENCY 80          /* cycles from a line request to its data */
#define DEFAULT_DRAM_CPL  4              /* cycles per 64-byte line: 1.6 GB/s at 100 MHz */
#define STALL_CYCLES      200000         /* the RTL is hung when nothing commits this long */
#define COSIM_HISTORY     16
#define DEFAULT_TEA_PERIOD 4000          /* cycles between TEA samples */

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
	bool rtl;
	uint64_t dram_latency, dram_cpl;
	bool quiet, verbose, progress;
	/* TEA (docs/tea.md) */
	const char *tea_samples;	/* sample file */
	bool tea_from_program;		/* --tea-source program */
	uint64_t tea_period, tea_jitter;
	const char *golden_path, *baselines_prefix;
	uint32_t sweep_periods[TEA_RUN_MAX_SWEEP];
	unsigned sweep_count;
	const char *stalls_path;
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
	struct rtl_soc *rtl;   /* the RTL model, with --rtl; hart is then its reference */
	struct cosim *cosim;
	struct tea_run *tea;   /* with --rtl: the TEA sampler's check, samples, golden */
};

static void usage(FILE *f)
{
	fprintf(f, "usage: teasim [options] program.elf [program arguments...]\n"
	      "Runs a RV64IMAC program on the simulated TEA SoC and exits with the\n"
	      "program's exit code. By default the reference ISS runs it; with --rtl the\n"
	      "RTL of the core and SoC does, checked instruction by instruction against\n"
	      "the ISS (lockstep co-simulation).\n"
	      "\n"
	      "      --rtl             run on the RTL model (config: %s, %u-wide)\n"
	      "      --dram-latency N  RTL: cycles from a line request to its data (default 80)\n"
	      "      --dram-bandwidth N  RTL: cycles per 64-byte line (default 4)\n"
	      "      --tea-samples FILE  RTL: write TEA samples to FILE (docs/formats.md)\n"
	      "      --tea-source SRC  where samples come from: 'trace' (default: the simulator\n"
	      "                        reads the sample CSRs, invisibly to the program) or\n"
	      "                        'program' (the program samples itself with the\n"
	      "                        bare-metal runtime's bm_tea_start; its log is written)\n"
	      "      --tea-period N    RTL, trace: cycles between samples (default 4000)\n"
	      "      --tea-jitter B    RTL, trace: add 0..2^B-1 random cycles to each period\n"
	      "                        (0..16, default 0)\n"
	      "      --golden FILE     RTL: write the golden reference profile, every cycle\n"
	      "                        attributed\n"
	      "      --baselines PREFIX  RTL: write PREFIX.{nci,ibs,spe,ris}.tea, the baseline\n"
	      "                        samplers' samples, taken in the cycles TEA samples\n"
	      "      --period-sweep P1,P2,...  RTL: also sample at each of these periods (up\n"
	      "                        to %d) with the sampler's model and the baselines,\n"
	      "                        writing PREFIX.pN.{tea,nci,ibs,spe,ris}.tea (needs\n"
	      "                        --baselines PREFIX)\n"
	      "      --stall-lengths FILE  RTL: with --golden, write how long the stalls are\n"
	      "                        that end on an instruction with and without events\n"
	      "  -m, --max-insns N     stop after N instructions (default 10000000000; 0 = none)\n"
	      "  -M, --memory MIB      DRAM size in MiB (default 256)\n"
	      "  -l, --log FILE        write the commit log to FILE ('-' = stdout)\n"
	      "      --signature FILE  write memory between begin_signature and end_signature\n"
	      "                        to FILE as 32-bit hex words, one a line\n"
	      "      --dtb FILE        boot with this device tree blob instead of the generated one\n"
	      "      --bootargs TEXT   /chosen/bootargs (default: the program path and its\n"
	      "                        arguments, which become the bare-metal runtime's argv)\n"
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
	      "The program path and its arguments, joined by spaces, are the device tree's\n"
	      "/chosen/bootargs (on the ISS and the RTL) and semihosting's command line; an\n"
	      "argument may not be empty or hold a space or a control character.\n"
	      "Exit status: the program's exit code; 124 when the instruction limit is\n"
	      "reached; 125 on bad input, a simulator error or a co-simulation\n"
	      "divergence; 2 on a usage error.\n", rtl_soc_config_name(), rtl_soc_width(), TEA_RUN_MAX_SWEEP);
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

/* Refuses a word /chosen/bootargs cannot carry (tea/bootargs.h). */
static int check_bootargs_words(int argc, char **argv)
{
	for (int i = 0; i < argc; i++) {
		unsigned control;
		const char *what = tea_bootargs_bad_word(argv[i], &control);

		if (!what)
			continue;
		/* A control character is not echoed: it could break the line. */
		if (!control)
			return error(EXIT_USAGE, "%s '%s' %s: /chosen/bootargs splits the command "
				     "line at spaces (give --bootargs to set it yourself)",
				     i ? "program argument" : "program path", argv[i], what);
		return error(EXIT_USAGE, "program argument %d (0 is the path) %s (0x%02x): "
			     "/chosen/bootargs splits the command line at spaces (give --bootargs "
			     "to set it yourself)", i, what, control);
	}
	return 0;
}

/* Joins the program path and its arguments: the command line of
 * semihosting and of /chosen/bootargs. */
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

/* "P1,P2,..." into @p; -1 when malformed, empty or too many. */
static int parse_periods(const char *s, uint32_t *p, unsigned *n)
{
	char buf[256], *save = NULL, *tok;
	uint64_t v;

	*n = 0;
	if (strlen(s) >= sizeof(buf))
		return -1;
	strcpy(buf, s);
	for (tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		if (*n == TEA_RUN_MAX_SWEEP || !parse_u64(tok, &v) || v == 0 || v > UINT32_MAX)
			return -1;
		p[(*n)++] = (uint32_t)v;
	}
	return *n ? 0 : -1;
}

static int parse_options(int argc, char **argv, struct options *o)
{
	enum { OPT_SIGNATURE = 256, OPT_DTB, OPT_BOOTARGS, OPT_DUMP_DTS, OPT_NO_SEMIHOSTING,
	       OPT_RTL, OPT_DRAM_LATENCY, OPT_DRAM_BANDWIDTH, OPT_TEA_SAMPLES, OPT_TEA_SOURCE,
	       OPT_TEA_PERIOD, OPT_TEA_JITTER, OPT_GOLDEN, OPT_BASELINES,
	       OPT_PERIOD_SWEEP, OPT_STALL_LENGTHS };
	static const struct option longopts[] = {
		{ "max-insns", required_argument, NULL, 'm' },
		{ "memory", required_argument, NULL, 'M' },
		{ "log", required_argument, NULL, 'l' },
		{ "signature", required_argument, NULL, OPT_SIGNATURE },
		{ "dtb", required_argument, NULL, OPT_DTB },
		{ "bootargs", required_argument, NULL, OPT_BOOTARGS },
		{ "dump-dts", no_argument, NULL, OPT_DUMP_DTS },
		{ "no-semihosting", no_argument, NULL, OPT_NO_SEMIHOSTING },
		{ "rtl", no_argument, NULL, OPT_RTL },
		{ "dram-latency", required_argument, NULL, OPT_DRAM_LATENCY },
		{ "dram-bandwidth", required_argument, NULL, OPT_DRAM_BANDWIDTH },
		{ "tea-samples", required_argument, NULL, OPT_TEA_SAMPLES },
		{ "tea-source", required_argument, NULL, OPT_TEA_SOURCE },
		{ "tea-period", required_argument, NULL, OPT_TEA_PERIOD },
		{ "tea-jitter", required_argument, NULL, OPT_TEA_JITTER },
		{ "golden", required_argument, NULL, OPT_GOLDEN },
		{ "baselines", required_argument, NULL, OPT_BASELINES },
		{ "period-sweep", required_argument, NULL, OPT_PERIOD_SWEEP },
		{ "stall-lengths", required_argument, NULL, OPT_STALL_LENGTHS },
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
	o->dram_latency = DEFAULT_DRAM_LATENCY;
	o->dram_cpl = DEFAULT_DRAM_CPL;
	o->tea_period = DEFAULT_TEA_PERIOD;
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
		case OPT_RTL:
			o->rtl = true;
			break;
		case OPT_DRAM_LATENCY:
			if (!parse_u64(optarg, &o->dram_latency) || o->dram_latency == 0 || o->dram_latency > 100000)
				return error(EXIT_USAGE, "--dram-latency needs a number of cycles from 1 to 100000, not '%s'", optarg);
			break;
		case OPT_DRAM_BANDWIDTH:
			if (!parse_u64(optarg, &o->dram_cpl) || o->dram_cpl == 0 || o->dram_cpl > 100000)
				return error(EXIT_USAGE, "--dram-bandwidth needs a number of cycles from 1 to 100000, not '%s'", optarg);
			break;
		case OPT_TEA_SAMPLES:
			o->tea_samples = optarg;
			break;
		case OPT_TEA_SOURCE:
			if (strcmp(optarg, "trace") && strcmp(optarg, "program"))
				return error(EXIT_USAGE, "--tea-source is 'trace' or 'program', not '%s'", optarg);
			o->tea_from_program = !strcmp(optarg, "program");
			break;
		case OPT_TEA_PERIOD:
			if (!parse_u64(optarg, &o->tea_period) || o->tea_period == 0 || o->tea_period > UINT32_MAX)
				return error(EXIT_USAGE, "--tea-period needs a number of cycles from 1 to %u, not '%s'",
					     UINT32_MAX, optarg);
			break;
		case OPT_TEA_JITTER:
			if (!parse_u64(optarg, &o->tea_jitter) || o->tea_jitter > TEA_CTL_JIT_MAX)
				return error(EXIT_USAGE, "--tea-jitter needs a number of bits from 0 to %d, not '%s'",
					     TEA_CTL_JIT_MAX, optarg);
			break;
		case OPT_GOLDEN:
			o->golden_path = optarg;
			break;
		case OPT_BASELINES:
			o->baselines_prefix = optarg;
			break;
		case OPT_PERIOD_SWEEP:
			if (parse_periods(optarg, o->sweep_periods, &o->sweep_count))
				return error(EXIT_USAGE, "--period-sweep needs 1 to %d periods of 1 to %u cycles, "
					     "separated by commas, not '%s'", TEA_RUN_MAX_SWEEP, UINT32_MAX, optarg);
			break;
		case OPT_STALL_LENGTHS:
			o->stalls_path = optarg;
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
	if (!o->rtl && (o->tea_samples || o->golden_path || o->baselines_prefix))
		return error(EXIT_USAGE, "TEA samples, --golden and --baselines need --rtl (the ISS has no TEA hardware)");
	if (o->tea_from_program && !o->tea_samples)
		return error(EXIT_USAGE, "--tea-source program needs --tea-samples FILE");
	if (o->sweep_count && !o->baselines_prefix)
		return error(EXIT_USAGE, "--period-sweep needs --baselines PREFIX (it names the files)");
	if (o->stalls_path && !o->golden_path)
		return error(EXIT_USAGE, "--stall-lengths needs --golden (the stalls are the golden reference's)");
	if (o->tea_from_program && o->baselines_prefix)
		return error(EXIT_USAGE, "--baselines needs --tea-source trace (they sample when the simulator does)");
	if (optind >= argc)
		return error(EXIT_USAGE, "no program given (see teasim --help)");
	o->elf = argv[optind];
	/* The command line goes to the device tree unless one is given. */
	if (!o->dtb_path && !o->bootargs && check_bootargs_words(argc - optind, argv + optind))
		return EXIT_USAGE;
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

/* tea_mem_read_fn over the reference's memory, which holds what the
 * program stored (co-simulation commits every store there too). */
static int read_sim_memory(void *ctx, uint64_t addr, void *buf, size_t len)
{
	const uint8_t *p = soc_dram(ctx, addr, len);

	if (!p)
		return -1;
	memcpy(buf, p, len);
	return 0;
}

static void print_tea_stats(const struct run *r)
{
	struct tea_run_stats s;

	tea_run_stats(r->tea, &s);
	if (!s.model_samples && !s.lost)
		return;
	fprintf(stderr, "teasim: TEA: %" PRIu64 " samples taken, %" PRIu64 " written by the simulator, "
		"%" PRIu64 " lost\n", s.model_samples, s.samples, s.lost);
	if (s.golden_unattributed)
		fprintf(stderr, "teasim: TEA: %" PRIu64 " cycles at the end of the run left no instruction "
			"to attribute to\n", s.golden_unattributed);
}

/* Writes what TEA collected: the sample file from the program's log, or
 * the simulator's samples, golden profile and baselines. */
static int finish_tea(struct run *r, const struct options *o)
{
	char msg[300];

	if (tea_run_finish(r->tea, msg, sizeof(msg)))
		return error(EXIT_ERROR, "TEA: %s", msg);
	if (o->tea_from_program) {
		if (!r->prog.tea_log)
			return error(EXIT_ERROR, "--tea-source program: %s has no bm_tea_log symbol "
				     "(it does not use the bare-metal runtime's TEA sampling)", o->elf);
		if (tea_program_log_write(read_sim_memory, r->soc, r->prog.tea_log, o->tea_samples,
					  o->elf, msg, sizeof(msg)) < 0)
			return error(EXIT_ERROR, "%s", msg);
	}
	return 0;
}

/* The RTL loop: one clock cycle at a time; every commit is checked against
 * the reference hart, which also keeps the architectural memory that HTIF
 * and the signature read. Returns teasim's exit status. */
static int simulate_rtl(struct run *r, const struct options *o)
{
	struct commit c[8];
	struct timespec t0;
	double last_progress = 0;
	uint64_t idle = 0;
	int code;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (;;) {
		struct tea_debug_write w;
		struct tea_cycle tc;
		struct tea_sample_regs regs;
		char msg[300];

		tea_run_debug_write(r->tea, &w);
		rtl_soc_tea_write(r->rtl, w.valid, w.addr, w.data);
		rtl_soc_tea_cycle(r->rtl, &tc);
		unsigned n = rtl_soc_cycle(r->rtl, c);
		bool polled = false;

		rtl_soc_tea_regs(r->rtl, &regs);
		if (tea_run_cycle(r->tea, &tc, &regs, msg, sizeof(msg))) {
			fflush(stdout);
			return error(EXIT_ERROR, "TEA: %s", msg);
		}

		idle = n ? 0 : idle + 1;
		for (unsigned i = 0; i < n; i++) {
			if (r->log)
				commitlog_print(r->log, &c[i]);
			if (!cosim_check(r->cosim, &c[i])) {
				fflush(stdout);
				cosim_report(r->cosim, stderr);
				return error(EXIT_ERROR, "co-simulation diverged after %" PRIu64
					     " instructions, in cycle %" PRIu64 ": %s",
					     cosim_checked(r->cosim), rtl_soc_cycles(r->rtl),
					     cosim_mismatch(r->cosim));
			}
			r->steps++;
			if (c[i].mem_size && !c[i].trap)
				polled = true;
		}
		if (polled || (rtl_soc_cycles(r->rtl) & (CHUNK - 1)) == 0) {
			if (!htif_poll(&r->htif) || r->htif.error[0])
				return error(EXIT_ERROR, "%s", r->htif.error);
		}
		if (r->htif.exited) {
			code = r->htif.exit_code;
			break;
		}
		if (soc_exit_requested(r->soc, &code))
			break;
		if (idle >= STALL_CYCLES) {
			fflush(stdout);
			return error(EXIT_ERROR, "the RTL committed nothing for %d cycles (cycle %" PRIu64
				     ", %" PRIu64 " instructions, next pc 0x%" PRIx64 ")", STALL_CYCLES,
				     rtl_soc_cycles(r->rtl), r->steps, hart_pc(r->hart));
		}
		if (o->max_insns && r->steps >= o->max_insns) {
			fflush(stdout);
			return error(EXIT_LIMIT, "instruction limit of %" PRIu64 " reached at pc 0x%" PRIx64
				     " (the program did not exit; raise it with --max-insns)",
				     o->max_insns, hart_pc(r->hart));
		}
		if (o->progress && (rtl_soc_cycles(r->rtl) & 0xffff) == 0) {
			double secs = seconds_since(&t0);

			if (secs - last_progress >= 1.0) {
				fprintf(stderr, "teasim: %" PRIu64 " cycles, %" PRIu64 " instructions, %.1f kHz%s",
					rtl_soc_cycles(r->rtl), r->steps,
					(double)rtl_soc_cycles(r->rtl) / secs / 1e3,
					isatty(STDERR_FILENO) ? "\r" : "\n");
				last_progress = secs;
			}
		}
	}
	fflush(stdout);
	if (last_progress > 0 && isatty(STDERR_FILENO))
		fputs("\n", stderr);
	if (o->verbose) {
		double secs = seconds_since(&t0);
		uint64_t cycles = rtl_soc_cycles(r->rtl);

		fprintf(stderr, "teasim: the program exited with code %d\n", code);
		fprintf(stderr, "teasim: %" PRIu64 " instructions in %" PRIu64 " cycles (IPC %.3f), "
			"%.2f s, %.1f kHz, config %s\n", r->steps, cycles,
			cycles ? (double)r->steps / (double)cycles : 0.0, secs,
			secs > 0 ? (double)cycles / secs / 1e3 : 0.0, rtl_soc_config_name());
		print_tea_stats(r);
	}
	return (code & 0xff) || code == 0 ? code & 0xff : 1;
}

static uint64_t host_read(void *ctx, uint64_t pa)
{
	uint64_t v = 0;

	soc_load(ctx, pa, 8, &v);
	return v;
}

/* Copies the pages of src that hold anything but zeros into dst, which
 * starts zeroed: both DRAMs are mapped lazily, and copying all of it would
 * make the kernel clear every page of dst (0.5 s for 128 MiB). */
static void copy_nonzero_pages(uint8_t *dst, const uint8_t *src, uint64_t size)
{
	enum { PAGE = 4096 };

	for (uint64_t off = 0; off < size; off += PAGE) {
		uint64_t n = size - off < PAGE ? size - off : PAGE;
		const uint64_t *w = (const uint64_t *)(src + off);
		uint64_t any = 0;

		for (uint64_t i = 0; i < n / 8; i++)
			any |= w[i];
		for (uint64_t i = n & ~7ull; i < n; i++)
			any |= src[off + i];
		if (any)
			memcpy(dst + off, src + off, n);
	}
}

/* Builds the RTL model with the same memory image and boot ROM as the
 * reference. */
static int setup_rtl(struct run *r, const struct options *o)
{
	static uint8_t rom[SOC_BOOTROM_SIZE];
	struct rtl_soc_config cfg = {
		.dram_size = o->dram_mib << 20,
		.dram_latency = (unsigned)o->dram_latency,
		.dram_cycles_per_line = (unsigned)o->dram_cpl,
		.tohost = r->prog.tohost,
		.fromhost = r->prog.fromhost,
		.console = stdout,
		.host_read = host_read,
		.host_ctx = r->soc,
	};
	uint64_t size = o->dram_mib << 20;

	r->rtl = rtl_soc_create(&cfg);
	r->cosim = r->rtl ? cosim_create(r->hart, COSIM_HISTORY) : NULL;
	if (!r->cosim)
		return error(EXIT_ERROR, "cannot create the RTL model with %" PRIu64 " MiB of DRAM", o->dram_mib);
	copy_nonzero_pages(rtl_soc_dram(r->rtl, SOC_DRAM_BASE, size),
			   soc_dram(r->soc, SOC_DRAM_BASE, size), size);
	for (uint64_t off = 0; off < SOC_BOOTROM_SIZE; off++) {
		uint64_t v;

		soc_load(r->soc, SOC_BOOTROM_BASE + off, 1, &v);
		rom[off] = (uint8_t)v;
	}
	hart_set_irq_from_soc(r->hart, false);
	hart_set_tea_width(r->hart, rtl_soc_width());
	if (rtl_soc_boot(r->rtl, rom, sizeof(rom)))
		return error(EXIT_ERROR, "the boot ROM image does not fit");

	struct tea_run_options to = {
		.width = rtl_soc_width(),
		.binary = o->elf,
		.samples_path = o->tea_from_program ? NULL : o->tea_samples,
		.period = (uint32_t)o->tea_period,
		.jitter_bits = (unsigned)o->tea_jitter,
		.golden_path = o->golden_path,
		.baselines_prefix = o->baselines_prefix,
		.sweep_periods = o->sweep_periods,
		.sweep_count = o->sweep_count,
		.stalls_path = o->stalls_path,
	};
	char msg[300];

	r->tea = tea_run_create(&to, msg, sizeof(msg));
	if (!r->tea)
		return error(EXIT_ERROR, "TEA: %s", msg);
	return 0;
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
	/* Semihosting needs a debug path into the RTL core that it lacks. */
	if (o.semihosting && !o.rtl)
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
		ret = simulate_rtl(&r, &o);
		/* the files describe a whole run: only when the program ended */
		if (program_exited(&r) && (o.tea_samples || o.golden_path || o.baselines_prefix)) {
			int t = finish_tea(&r, &o);

			if (t)
				ret = t;
		}
	} else {
		ret = simulate(&r, &o);
	}
	if (o.signature_path && program_exited(&r)) {
		int sig = write_signature(&r, o.signature_path);

		if (sig)
			ret = sig;
	}
out:
	if (r.log && r.log != stdout)
		fclose(r.log);
	tea_run_destroy(r.tea);
	cosim_destroy(r.cosim);
	rtl_soc_destroy(r.rtl);
	if (r.hart)
		hart_destroy(r.hart);
	soc_destroy(r.soc);
	free(o.cmdline);
	return ret;
}
