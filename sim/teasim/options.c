/* teasim's command line: options, the program and its arguments. */
#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tea/bootargs.h"
#include "tea/csr.h"
#include "teasim/teasim.h"

#define DEFAULT_MAX_INSNS 10000000000ull
#define DEFAULT_DRAM_MIB  256
#define DEFAULT_DRAM_LATENCY 80          /* cycles from a line request to its data */
#define DEFAULT_DRAM_CPL  4              /* cycles per 64-byte line: 1.6 GB/s at 100 MHz */
#define DEFAULT_TEA_PERIOD 4000          /* cycles between TEA samples */
#define DEFAULT_CONFIG "default"         /* the core configuration of --rtl */
/* sampled simulation: a window's instructions and its warm-up before it
 * (docs/teasim.md, "Sampled simulation": how they were chosen) */
#define DEFAULT_WINDOW 10000
#define DEFAULT_WARMUP 100000
#define MAX_WINDOW_INSNS (1ull << 48)	/* keeps their sums from wrapping */
/* A Linux boot's defaults (docs/linux.md): Debian's OpenSBI, and a console
 * on the UART from the first line, and a panic or an oops that resets the
 * machine (teasim then fails) instead of hanging it. */
#define DEFAULT_BIOS   "/usr/lib/riscv64-linux-gnu/opensbi/generic/fw_jump.elf"
#define DEFAULT_APPEND "console=ttyS0 earlycon panic=-1 oops=panic"

static void usage(FILE *f)
{
	fprintf(f, "usage: teasim [options] program.elf [program arguments...]\n"
	      "       teasim [options] --kernel Image [--initrd FILE] [--append TEXT]\n"
	      "       teasim [options] --restore FILE\n"
	      "Runs a RV64IMAC or RV64GC program on the simulated TEA SoC and exits with the\n"
	      "program's exit code. By default the reference ISS runs it; with --rtl the\n"
	      "RTL of the core and SoC does, checked instruction by instruction against\n"
	      "the ISS (lockstep co-simulation).\n"
	      "\n"
	      "      --isa NAME        the hart's ISA: rv64imafdc (F and D; always with --rtl,\n"
	      "                        as the RTL core) or rv64imac (the ISS's default)\n"
	      "      --rtl             run on the RTL model\n"
	      "      --config NAME     RTL: the core configuration, one of: " RTL_CONFIGS "\n"
	      "                        (default: " DEFAULT_CONFIG ")\n"
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
	      "      --stages          RTL: with --golden FILE.prof, also attribute every cycle\n"
	      "                        at dispatch and at issue, and its FMA issue slot:\n"
	      "                        FILE.dispatch.prof, FILE.issue.prof and FILE.flops.prof\n"
	      "                        (teaperf report --stage, --flops)\n"
	      "      --checkpoint-at N  ISS: stop after N instructions (as --max-insns counts\n"
	      "                        them), write the checkpoint --checkpoint names and exit 0;\n"
	      "                        or SYMBOL: when the program first reaches it; or\n"
	      "                        marker:ID: right after its marker, slti x0, x0, ID (0-%d)\n"
	      "      --checkpoint FILE  the checkpoint file of --checkpoint-at\n"
	      "      --restore FILE    continue the run a checkpoint holds, on the machine it\n"
	      "                        was taken on (no program or machine options then); with\n"
	      "                        --rtl the core takes its state over\n"
	      "      --fast-forward N  RTL: the ISS runs to the point (N instructions, SYMBOL or\n"
	      "                        marker:ID, as --checkpoint-at), then the core takes over\n"
	      "      --warmup N        RTL: after --restore or --fast-forward, run N instructions\n"
	      "                        before counting cycles, TEA samples and the golden; with\n"
	      "                        --sample-every, before each window (default %d)\n"
	      "      --sample-every N  RTL: sampled simulation: the ISS runs the program, the RTL\n"
	      "                        a window every N instructions; the profiles hold the\n"
	      "                        windows, -v estimates the run's cycles with a 99.7%%\n"
	      "                        confidence interval\n"
	      "      --window W        RTL, with --sample-every: instructions a window counts\n"
	      "                        (default %d)\n"
	      "      --window-log FILE with --sample-every: a line per window: the instruction\n"
	      "                        it starts counting at, instructions and cycles counted\n"
	      "      --cold-windows    with --sample-every: windows start with an empty LLC\n"
	      "                        (without it, the lines the run touched last)\n"
	      "  -j, --jobs N          with --sample-every: up to N windows at once (1 to %d),\n"
	      "                        each in a process of its own; the ISS runs every\n"
	      "                        instruction itself, on its own time\n"
	      "      --harts N         ISS: N harts (1 to %d, default 1), each with a TEA\n"
	      "                        sampler; they take turns of %d instructions, and\n"
	      "                        --max-insns counts each hart's\n"
	      "  -m, --max-insns N     stop after N instructions (default 10000000000; 0 = none)\n"
	      "  -M, --memory MIB      DRAM size in MiB (default 256)\n"
	      "  -l, --log FILE        write the commit log to FILE ('-' = stdout)\n"
	      "      --signature FILE  write memory between begin_signature and end_signature\n"
	      "                        to FILE as 32-bit hex words, one a line\n"
	      "      --kernel FILE     boot Linux: FILE (an Image or a vmlinux) where the\n"
	      "                        firmware enters it, at 0x80200000 (docs/linux.md)\n"
	      "      --bios FILE       with --kernel: the M-mode firmware at 0x80000000 (ELF\n"
	      "                        or binary; default Debian's OpenSBI fw_jump)\n"
	      "      --initrd FILE     with --kernel: an initramfs, at the end of DRAM\n"
	      "      --append TEXT     with --kernel: the kernel command line (default\n"
	      "                        \"" DEFAULT_APPEND "\")\n"
	      "      --host-dir DIR    the host file channel writes the program's files into\n"
	      "                        DIR (teaperf record -o host:NAME under Linux); it only\n"
	      "                        creates new files there, never replaces one\n"
	      "      --host-max-files N  with --host-dir: files a run may create (default %d)\n"
	      "      --host-max-bytes N  with --host-dir: bytes a run may write into them\n"
	      "                        (default %llu, %llu MiB)\n"
	      "      --dtb FILE        boot with this device tree blob instead of the generated one\n"
	      "      --bootargs TEXT   /chosen/bootargs (default: the program path and its\n"
	      "                        arguments, which become the bare-metal runtime's argv)\n"
	      "      --dump-dts        print the generated device tree as DTS and exit\n"
	      "      --no-semihosting  treat semihosting EBREAKs as plain breakpoints\n"
	      "      --semihosting-userspace  serve semihosting calls from S- and U-mode too;\n"
	      "                        by default only M-mode's are, and others are plain\n"
	      "                        breakpoints\n"
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
	      "divergence; 2 on a usage error.\n", TEA_RUN_MAX_SWEEP, HART_MARKER_MAX, DEFAULT_WARMUP,
	      DEFAULT_WINDOW, TEASIM_MAX_JOBS, TEASIM_MAX_HARTS,
	      ISS_TURN,
	      HOST_FILES_DEFAULT_MAX_FILES,
	      HOST_FILES_DEFAULT_MAX_BYTES, HOST_FILES_DEFAULT_MAX_BYTES >> 20);
}

static bool parse_u64(const char *s, uint64_t *v)
{
	char *end;

	errno = 0;
	*v = strtoull(s, &end, 0);
	return errno == 0 && end != s && *end == '\0' && s[0] != '-';
}

/* --checkpoint-at's point: a count, marker:ID, or a symbol's name (letters,
 * digits, '_', '.', '$', not starting with a digit). */
static bool parse_checkpoint_at(const char *s, struct options *o)
{
	uint64_t id;

	o->stop_point = s;
	o->stop_at = UINT64_MAX;
	o->stop_symbol = NULL;
	o->stop_marker = 0;
	if (isdigit((unsigned char)s[0]))
		return parse_u64(s, &o->stop_at) && o->stop_at != UINT64_MAX;
	if (!strncmp(s, "marker:", 7)) {
		if (!isdigit((unsigned char)s[7]) || !parse_u64(s + 7, &id) || id > HART_MARKER_MAX)
			return false;
		o->stop_marker = hart_marker((unsigned)id);
		return true;
	}
	if (!s[0])
		return false;
	for (const char *p = s; *p; p++)
		if (!isalnum((unsigned char)*p) && !strchr("_.$", *p))
			return false;
	o->stop_symbol = s;
	return true;
}

/* Whether name is one of the configurations sim/sim.mk builds (RTL_CONFIGS:
 * their names, separated by spaces). */
static bool config_known(const char *name)
{
	const char *p = RTL_CONFIGS;
	size_t n = strlen(name);

	for (;;) {
		size_t len = strcspn(p, " ");

		if (len == n && !strncmp(p, name, n))
			return true;
		if (!p[len])
			return false;
		p += len + 1;
	}
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

/* With --kernel the kernel is what runs; its command line is --append's
 * (and a program for Linux's init goes after "--" there). */
static int linux_options(int argc, char **argv, struct options *o)
{
	if (optind < argc)
		return error(EXIT_USAGE, "with --kernel, '%s' is not for teasim: give the kernel's command "
			     "line with --append", argv[optind]);
	if (o->bootargs)
		return error(EXIT_USAGE, "with --kernel, the kernel command line is --append's, not --bootargs'");
	o->elf = o->kernel;
	if (!o->bios)
		o->bios = DEFAULT_BIOS;
	if (!o->append)
		o->append = DEFAULT_APPEND;
	o->cmdline = strdup(o->append);
	return o->cmdline ? 0 : error(EXIT_ERROR, "out of memory");
}

int parse_options(int argc, char **argv, struct options *o)
{
	enum { OPT_SIGNATURE = 256, OPT_DTB, OPT_BOOTARGS, OPT_DUMP_DTS, OPT_NO_SEMIHOSTING,
	       OPT_RTL, OPT_DRAM_LATENCY, OPT_DRAM_BANDWIDTH, OPT_TEA_SAMPLES, OPT_TEA_SOURCE,
	       OPT_TEA_PERIOD, OPT_TEA_JITTER, OPT_GOLDEN, OPT_BASELINES,
	       OPT_PERIOD_SWEEP, OPT_STALL_LENGTHS, OPT_STAGES, OPT_KERNEL, OPT_BIOS, OPT_INITRD,
	       OPT_APPEND, OPT_HOST_DIR, OPT_HOST_MAX_FILES, OPT_HOST_MAX_BYTES, OPT_CONFIG, OPT_ISA,
	       OPT_SEMIHOSTING_USERSPACE, OPT_CHECKPOINT_AT, OPT_CHECKPOINT, OPT_RESTORE,
	       OPT_FAST_FORWARD, OPT_WARMUP, OPT_SAMPLE_EVERY, OPT_WINDOW, OPT_WINDOW_LOG,
	       OPT_HARTS, OPT_COLD_WINDOWS };
	static const struct option longopts[] = {
		{ "max-insns", required_argument, NULL, 'm' },
		{ "memory", required_argument, NULL, 'M' },
		{ "log", required_argument, NULL, 'l' },
		{ "signature", required_argument, NULL, OPT_SIGNATURE },
		{ "dtb", required_argument, NULL, OPT_DTB },
		{ "kernel", required_argument, NULL, OPT_KERNEL },
		{ "bios", required_argument, NULL, OPT_BIOS },
		{ "initrd", required_argument, NULL, OPT_INITRD },
		{ "append", required_argument, NULL, OPT_APPEND },
		{ "host-dir", required_argument, NULL, OPT_HOST_DIR },
		{ "host-max-files", required_argument, NULL, OPT_HOST_MAX_FILES },
		{ "host-max-bytes", required_argument, NULL, OPT_HOST_MAX_BYTES },
		{ "bootargs", required_argument, NULL, OPT_BOOTARGS },
		{ "dump-dts", no_argument, NULL, OPT_DUMP_DTS },
		{ "no-semihosting", no_argument, NULL, OPT_NO_SEMIHOSTING },
		{ "semihosting-userspace", no_argument, NULL, OPT_SEMIHOSTING_USERSPACE },
		{ "rtl", no_argument, NULL, OPT_RTL },
		{ "isa", required_argument, NULL, OPT_ISA },
		{ "config", required_argument, NULL, OPT_CONFIG },
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
		{ "stages", no_argument, NULL, OPT_STAGES },
		{ "checkpoint-at", required_argument, NULL, OPT_CHECKPOINT_AT },
		{ "fast-forward", required_argument, NULL, OPT_FAST_FORWARD },
		{ "warmup", required_argument, NULL, OPT_WARMUP },
		{ "sample-every", required_argument, NULL, OPT_SAMPLE_EVERY },
		{ "window", required_argument, NULL, OPT_WINDOW },
		{ "window-log", required_argument, NULL, OPT_WINDOW_LOG },
		{ "jobs", required_argument, NULL, 'j' },
		{ "cold-windows", no_argument, NULL, OPT_COLD_WINDOWS },
		{ "checkpoint", required_argument, NULL, OPT_CHECKPOINT },
		{ "restore", required_argument, NULL, OPT_RESTORE },
		{ "harts", required_argument, NULL, OPT_HARTS },
		{ "progress", no_argument, NULL, 'p' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	bool host_limits = false, memory_given = false, checkpoint_at_given = false;
	uint64_t v;
	int c;

	o->max_insns = DEFAULT_MAX_INSNS;
	o->dram_mib = DEFAULT_DRAM_MIB;
	o->semihosting = true;
	o->host_max_files = HOST_FILES_DEFAULT_MAX_FILES;
	o->host_max_bytes = HOST_FILES_DEFAULT_MAX_BYTES;
	o->dram_latency = DEFAULT_DRAM_LATENCY;
	o->dram_cpl = DEFAULT_DRAM_CPL;
	o->tea_period = DEFAULT_TEA_PERIOD;
	o->nharts = 1;
	opterr = 0;
	/* '+': options stop at the program, whose own arguments follow it;
	 * ':': a missing argument is told apart from an unknown option. */
	while ((c = getopt_long(argc, argv, "+:m:M:l:j:pqvh", longopts, NULL)) != -1) {
		switch (c) {
		case 'm':
			if (!parse_u64(optarg, &o->max_insns))
				return error(EXIT_USAGE, "--max-insns needs a number, not '%s'", optarg);
			break;
		case 'M':
			if (!parse_u64(optarg, &o->dram_mib) || o->dram_mib == 0 || o->dram_mib > 65536)
				return error(EXIT_USAGE, "--memory needs a size in MiB from 1 to 65536, not '%s'", optarg);
			memory_given = true;
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
		case OPT_KERNEL:
			o->kernel = optarg;
			break;
		case OPT_BIOS:
			o->bios = optarg;
			break;
		case OPT_INITRD:
			o->initrd = optarg;
			break;
		case OPT_APPEND:
			o->append = optarg;
			break;
		case OPT_HOST_DIR:
			o->host_dir = optarg;
			break;
		case OPT_HOST_MAX_FILES:
			if (!parse_u64(optarg, &o->host_max_files))
				return error(EXIT_USAGE, "--host-max-files needs a number of files, not '%s'", optarg);
			host_limits = true;
			break;
		case OPT_HOST_MAX_BYTES:
			if (!parse_u64(optarg, &o->host_max_bytes))
				return error(EXIT_USAGE, "--host-max-bytes needs a number of bytes, not '%s'", optarg);
			host_limits = true;
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
		case OPT_SEMIHOSTING_USERSPACE:
			o->semihosting_userspace = true;
			break;
		case OPT_RTL:
			o->rtl = true;
			break;
		case OPT_ISA:
			if (strcmp(optarg, "rv64imac") && strcmp(optarg, "rv64imafdc"))
				return error(EXIT_USAGE, "--isa is rv64imac or rv64imafdc, not '%s'", optarg);
			o->fp = !strcmp(optarg, "rv64imafdc");
			o->isa_given = true;
			break;
		case OPT_CONFIG:
			if (!config_known(optarg))
				return error(EXIT_USAGE, "--config %s: no such configuration (there are: %s)",
					     optarg, RTL_CONFIGS);
			o->config = optarg;
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
		case OPT_STAGES:
			o->stages = true;
			break;
		case OPT_CHECKPOINT_AT:
			if (!parse_checkpoint_at(optarg, o))
				return error(EXIT_USAGE, "--checkpoint-at needs a number of instructions, a "
					     "symbol or marker:ID (ID 0 to %d), not '%s'", HART_MARKER_MAX, optarg);
			checkpoint_at_given = true;
			break;
		case OPT_CHECKPOINT:
			o->checkpoint_path = optarg;
			break;
		case OPT_FAST_FORWARD:
			if (!parse_checkpoint_at(optarg, o))
				return error(EXIT_USAGE, "--fast-forward needs a number of instructions, a "
					     "symbol or marker:ID (ID 0 to %d), not '%s'", HART_MARKER_MAX, optarg);
			o->fast_forward = true;
			break;
		case OPT_WARMUP:
			if (!parse_u64(optarg, &o->warmup))
				return error(EXIT_USAGE, "--warmup needs a number of instructions, not '%s'",
					     optarg);
			break;
		case OPT_SAMPLE_EVERY:
			if (!parse_u64(optarg, &o->sample_every) || !o->sample_every)
				return error(EXIT_USAGE, "--sample-every needs a number of instructions, "
					     "not '%s'", optarg);
			break;
		case OPT_WINDOW_LOG:
			o->window_log = optarg;
			break;
		case OPT_COLD_WINDOWS:
			o->cold_windows = true;
			break;
		case 'j':
			if (!parse_u64(optarg, &v) || !v || v > TEASIM_MAX_JOBS)
				return error(EXIT_USAGE, "--jobs needs a number from 1 to %d, not '%s'", TEASIM_MAX_JOBS,
					     optarg);
			o->jobs = (unsigned)v;
			break;
		case OPT_WINDOW:
			if (!parse_u64(optarg, &o->window) || !o->window)
				return error(EXIT_USAGE, "--window needs a number of instructions, not '%s'",
					     optarg);
			break;
		case OPT_RESTORE:
			o->restore_path = optarg;
			break;
		case OPT_HARTS:
			if (!parse_u64(optarg, &v) || v == 0 || v > TEASIM_MAX_HARTS)
				return error(EXIT_USAGE, "--harts needs a number from 1 to %d, not '%s'",
					     TEASIM_MAX_HARTS, optarg);
			o->nharts = (unsigned)v;
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
	if (o->rtl && checkpoint_at_given)
		return error(EXIT_USAGE, "--checkpoint-at runs on the ISS, which takes checkpoints (the RTL "
			     "restores them)");
	if (o->fast_forward && (!o->rtl || checkpoint_at_given || o->restore_path))
		return error(EXIT_USAGE, "--fast-forward hands the run to the RTL: it needs --rtl, and "
			     "neither --checkpoint-at nor --restore");
	if (o->sample_every && !o->window)
		o->window = DEFAULT_WINDOW;
	if (o->sample_every && !o->warmup)
		o->warmup = DEFAULT_WARMUP;
	if ((o->window || o->window_log || o->jobs || o->cold_windows) && !o->sample_every)
		return error(EXIT_USAGE, "--window, --window-log, --jobs and --cold-windows need "
			     "--sample-every");
	if (o->sample_every && (!o->rtl || o->fast_forward || o->restore_path || checkpoint_at_given))
		return error(EXIT_USAGE, "--sample-every runs windows on the RTL: it needs --rtl, and "
			     "none of --fast-forward, --restore and --checkpoint-at");
	if (o->warmup > MAX_WINDOW_INSNS || o->window > MAX_WINDOW_INSNS)
		return error(EXIT_USAGE, "--warmup and --window take at most %llu instructions",
			     (unsigned long long)MAX_WINDOW_INSNS);
	if (o->sample_every && o->sample_every <= o->warmup + o->window)
		return error(EXIT_USAGE, "--sample-every %" PRIu64 " leaves no room between windows of "
			     "%" PRIu64 " instructions after %" PRIu64 " of warm-up", o->sample_every,
			     o->window, o->warmup);
	if (o->sample_every && o->tea_from_program)
		return error(EXIT_USAGE, "--sample-every samples through the trace port only "
			     "(--tea-source trace)");
	if (o->warmup && !o->fast_forward && !o->restore_path && !o->sample_every)
		return error(EXIT_USAGE, "--warmup needs --fast-forward, --restore or --sample-every "
			     "(a run from reset counts from its first cycle)");
	o->iss_first = o->fast_forward || o->sample_every;
	if (o->nharts > 1 && (o->rtl || o->log_path || o->restore_path || checkpoint_at_given))
		return error(EXIT_USAGE, "--harts runs several harts on the ISS only: not with --rtl (the "
			     "core has one hart), --log, --checkpoint-at or --restore");
	if (checkpoint_at_given != (o->checkpoint_path != NULL))
		return error(EXIT_USAGE, "--checkpoint-at N and --checkpoint FILE go together");
	if (o->stop_symbol && o->restore_path)
		return error(EXIT_USAGE, "--checkpoint-at %s reads the program's symbols, which --restore "
			     "has not: give a count or marker:ID", o->stop_symbol);
	if (o->restore_path && (optind < argc || o->kernel || o->bios || o->initrd || o->append ||
				o->dtb_path || o->bootargs || o->host_dir || host_limits ||
				o->isa_given || !o->semihosting || o->semihosting_userspace ||
				memory_given || o->dump_dts))
		return error(EXIT_USAGE, "--restore builds the machine the checkpoint was taken on: give no "
			     "program, no boot, memory, ISA, semihosting or host folder options");
	if (o->config && !o->rtl)
		return error(EXIT_USAGE, "--config needs --rtl (the ISS has one configuration)");
	if (host_limits && !o->host_dir)
		return error(EXIT_USAGE, "--host-max-files and --host-max-bytes need --host-dir");
	if (o->semihosting_userspace && !o->semihosting)
		return error(EXIT_USAGE, "--semihosting-userspace and --no-semihosting contradict each other");
	if (o->rtl && o->isa_given && !o->fp)
		return error(EXIT_USAGE, "--isa rv64imac runs on the ISS only: the RTL core has F and D");
	if (o->rtl)
		o->fp = true;
	if (!o->config)
		o->config = DEFAULT_CONFIG;
	if (o->dump_dts)
		return 0;
	if (!o->rtl && (o->tea_samples || o->golden_path || o->baselines_prefix))
		return error(EXIT_USAGE, "TEA samples, --golden and --baselines need --rtl (the ISS's sampler "
			     "model, for software that samples itself, is not timing-exact)");
	if (o->tea_from_program && !o->tea_samples)
		return error(EXIT_USAGE, "--tea-source program needs --tea-samples FILE");
	if (o->sweep_count && !o->baselines_prefix)
		return error(EXIT_USAGE, "--period-sweep needs --baselines PREFIX (it names the files)");
	if (o->stalls_path && !o->golden_path)
		return error(EXIT_USAGE, "--stall-lengths needs --golden (the stalls are the golden reference's)");
	if (o->stages && !o->golden_path)
		return error(EXIT_USAGE, "--stages needs --golden (the stage views lie beside it)");
	if (o->tea_from_program && o->baselines_prefix)
		return error(EXIT_USAGE, "--baselines needs --tea-source trace (they sample when the simulator does)");
	if (o->restore_path)
		return 0;
	if (o->kernel)
		return linux_options(argc, argv, o);
	if (o->bios || o->initrd || o->append)
		return error(EXIT_USAGE, "--bios, --initrd and --append need --kernel");
	if (optind >= argc)
		return error(EXIT_USAGE, "no program given (see teasim --help)");
	o->elf = argv[optind];
	/* The command line goes to the device tree unless one is given. */
	if (!o->dtb_path && !o->bootargs && check_bootargs_words(argc - optind, argv + optind))
		return EXIT_USAGE;
	o->cmdline = join_cmdline(argc - optind, argv + optind);
	return o->cmdline ? 0 : error(EXIT_ERROR, "out of memory");
}
