/* teaperf record: run a program with TEA sampling and write a sample file.
 * --sim runs it on the simulated core: teasim co-simulates the RTL and
 * programs the TEA sampler through the core's debug port, so the program
 * runs unchanged and pays nothing for being sampled. --sim --linux DIR
 * boots Linux there instead and runs the command under the target's
 * teaperf record (perf-tool/target), the TEA driver sampling it; the file
 * comes out through teasim's host file channel. --serial runs it on an
 * FPGA board (lib/record_serial.c). */
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "lib/board_line.h"
#include "lib/record.h"
#include "tea/bootargs.h"
#include "tea/marker.h"
#include "teaperf.h"

#define DEFAULT_PERIOD 1000
#define DEFAULT_JITTER 4

static const char record_usage[] =
	"usage: teaperf record --sim [OPTIONS] PROGRAM.elf [ARGS...]\n"
	"       teaperf record --sim --linux DIR [--iss] [OPTIONS] COMMAND [ARGS...]\n"
	"       teaperf record --serial DEV [--baud N] [--dtb FILE] [-o FILE] PROGRAM.elf [ARGS...]\n"
	"\n"
	"Runs PROGRAM on the simulated out-of-order core (teasim --rtl) with TEA\n"
	"sampling and writes the samples to a file that the other commands read.\n"
	"ARGS follow the program to teasim and reach its main() through the device\n"
	"tree's /chosen/bootargs (driver/baremetal): split at spaces, so an argument\n"
	"may not be empty or hold a space or a control character. Options come\n"
	"before PROGRAM; everything after it is the program's.\n"
	"With --linux, the simulated core boots Linux (DIR: make linux's Image\n"
	"and tea.cpio) and COMMAND runs under the target's teaperf record with\n"
	"the TEA driver; the file comes back through teasim's host file channel\n"
	"(docs/linux.md). COMMAND is a path on the target such as /bin/hash, or\n"
	"a program on this machine (./myprog: a static RISC-V Linux program),\n"
	"which is put into the image at its absolute path, where teaperf report\n"
	"then finds its symbols. Linux boots on the reference ISS and the RTL core\n"
	"takes over where the target's teaperf record starts COMMAND (teasim\n"
	"--fast-forward); --iss runs it all on the ISS and its sampler model,\n"
	"each instruction a cycle.\n"
	"On a Linux machine with the TEA core, run teaperf record there instead.\n"
	"With --serial, PROGRAM runs on an FPGA board whose UART is DEV\n"
	"(docs/boards.md): the board's boot ROM loads it, its console is this\n"
	"terminal's, and the sample log it prints at exit (bm_tea_start in the\n"
	"program sets the period) becomes the file; the program's exit status\n"
	"is teaperf's. ARGS reach main() only with --dtb, the board's device tree\n"
	"(build/boards/BOARD/fpga/board.dtb), to which they are added.\n"
	"\n"
	"      --sim             run on the simulator\n"
	"      --serial DEV      run on the FPGA board on serial port DEV\n"
	"      --baud N          its rate (default 115200, the boards' own)\n"
	"      --dtb FILE        the board's device tree, for ARGS\n"
	"      --linux [DIR]     boot Linux from DIR and sample COMMAND under it\n"
	"                        (default: the installed image, ../share/tea/linux\n"
	"                        beside teaperf, or a build tree's build/linux)\n"
	"      --iss             with --linux: on the ISS's sampler model, not the RTL\n"
	"  -o, --output FILE     sample file to write (default " TEAPERF_DEFAULT_INPUT ")\n"
	"  -c, --period N        cycles between samples (default 1000; with --linux\n"
	"                        the target's, 100000: each sample costs an interrupt)\n"
	"      --jitter BITS     add 0..2^BITS-1 random cycles to each period (default 4;\n"
	"                        with --linux the driver centres them on the period)\n"
	"      --mode MODE       with --linux: interrupt (an interrupt per sample) or\n"
	"                        buffer (the sampler writes them to memory; the default)\n"
	"  -g                    with --linux: each sample's callers, as perf unwinds\n"
	"                        them (interrupt mode; build COMMAND with\n"
	"                        -fno-omit-frame-pointer)\n"
	"      --golden FILE     also write the golden reference (every cycle attributed)\n"
	"      --stages          with --golden, also its dispatch and issue stages and\n"
	"                        its FLOPS view, beside it (teaperf report --stage, --flops)\n"
	"      --baselines PREFIX also write PREFIX.{nci,ibs,spe,ris}.tea, sampled in the\n"
	"                        same cycles by the schemes TEA is compared with\n"
	"      --teasim PATH     simulator to run (default: teasim beside teaperf, else PATH)\n"
	"      --config NAME     the core configuration it simulates (teasim --config;\n"
	"                        default: teasim's)\n"
	"  -h, --help            this help\n";

enum {
	OPT_SIM = 512, OPT_LINUX, OPT_JITTER, OPT_GOLDEN, OPT_STAGES, OPT_BASELINES, OPT_TEASIM,
	OPT_CONFIG, OPT_SERIAL, OPT_BAUD, OPT_DTB, OPT_ISS, OPT_MODE,
};

/* What teasim would refuse to put in /chosen/bootargs (tea/bootargs.h):
 * refused here first, so that no run starts. */
static int check_program_words(const struct record_options *o)
{
	for (int i = -1; i < o->nprogram_args; i++) {
		unsigned control;
		const char *why = tea_bootargs_bad_word(i < 0 ? o->program : o->program_args[i],
							&control);

		const char *w = i < 0 ? o->program : o->program_args[i];

		/* init runs the words between ";" words as one command each */
		if (!why && o->linux_dir && !strcmp(w, ";"))
			why = "is \";\", which the Linux image's init reads as a command's end";
		if (!why)
			continue;
		if (i < 0)
			cmd_error("record", "the program path %s: the simulated program's command "
				  "line is split at spaces", why);
		else
			cmd_error("record", "program argument %d %s: the simulated program's "
				  "command line is split at spaces", i + 1, why);
		return EXIT_USAGE;
	}
	return 0;
}

static bool is_dir(const char *path)
{
	struct stat st;

	return !stat(path, &st) && S_ISDIR(st.st_mode);
}

/* This teaperf's folder, with @name appended, in @buf; false if it does
 * not fit or cannot be read. */
static bool beside_self(const char *name, char *buf, size_t len)
{
	ssize_t n = readlink("/proc/self/exe", buf, len - 1);
	char *slash;

	if (n <= 0)
		return false;
	buf[n] = '\0';
	slash = strrchr(buf, '/');
	if (!slash || (size_t)(slash - buf) + 1 + strlen(name) + 1 > len)
		return false;
	strcpy(slash + 1, name);
	return true;
}

/*
 * --linux without DIR: the image make install puts in DATADIR/tea/linux
 * (BINDIR/../share/tea/linux), else the build tree's (build/bin/../linux).
 * The first that exists, or the installed one, whose absence the caller
 * reports.
 */
static const char *default_linux_dir(char *buf, size_t len)
{
	if (beside_self("../linux", buf, len) && is_dir(buf))
		return buf;
	if (!beside_self("../share/tea/linux", buf, len))
		snprintf(buf, len, "/usr/local/share/tea/linux");
	return buf;
}

static int parse_record(int argc, char **argv, struct record_options *o)
{
	static const struct option longopts[] = {
		{ "sim", no_argument, NULL, OPT_SIM },
		{ "serial", required_argument, NULL, OPT_SERIAL },
		{ "baud", required_argument, NULL, OPT_BAUD },
		{ "dtb", required_argument, NULL, OPT_DTB },
		{ "linux", optional_argument, NULL, OPT_LINUX },
		{ "iss", no_argument, NULL, OPT_ISS },
		{ "output", required_argument, NULL, 'o' },
		{ "period", required_argument, NULL, 'c' },
		{ "jitter", required_argument, NULL, OPT_JITTER },
		{ "mode", required_argument, NULL, OPT_MODE },
		{ "golden", required_argument, NULL, OPT_GOLDEN },
		{ "stages", no_argument, NULL, OPT_STAGES },
		{ "baselines", required_argument, NULL, OPT_BASELINES },
		{ "teasim", required_argument, NULL, OPT_TEASIM },
		{ "config", required_argument, NULL, OPT_CONFIG },
		{ "help", no_argument, NULL, 'h' },
		{ 0 }
	};
	int c;

	/* '+': options end at the program; what follows is its arguments. */
	while ((c = getopt_long(argc, argv, "+:o:c:gh", longopts, NULL)) != -1) {
		switch (c) {
		case OPT_SIM:
			o->sim = true;
			break;
		case OPT_SERIAL:
			o->serial = optarg;
			break;
		case OPT_BAUD:
			if (parse_count("record", "--baud", optarg, &o->baud))
				return EXIT_USAGE;
			break;
		case OPT_DTB:
			o->dtb = optarg;
			break;
		case OPT_LINUX:
			/* DIR may follow as its own word: a folder, which a
			 * command to run is not */
			if (!optarg && optind < argc && is_dir(argv[optind]))
				optarg = argv[optind++];
			o->linux_dir = optarg ? optarg : default_linux_dir(o->linux_default,
									sizeof(o->linux_default));
			break;
		case OPT_ISS:
			o->iss = true;
			break;
		case 'o':
			o->output = optarg;
			break;
		case 'c':
			if (parse_count("record", "--period", optarg, &o->period))
				return EXIT_USAGE;
			o->period_set = true;
			if (o->period == 0 || o->period > UINT32_MAX) {
				cmd_error("record", "--period %s: expected 1..%u cycles",
					  optarg, UINT32_MAX);
				return EXIT_USAGE;
			}
			break;
		case OPT_JITTER:
			if (parse_count("record", "--jitter", optarg, &o->jitter))
				return EXIT_USAGE;
			if (o->jitter > 16) {
				cmd_error("record", "--jitter %s: expected 0..16 bits", optarg);
				return EXIT_USAGE;
			}
			o->jitter_set = true;
			break;
		case OPT_MODE:
			if (strcmp(optarg, "interrupt") && strcmp(optarg, "buffer")) {
				cmd_error("record", "--mode %s: expected interrupt or buffer", optarg);
				return EXIT_USAGE;
			}
			o->mode = optarg;
			break;
		case 'g':
			o->callchain = true;
			break;
		case OPT_GOLDEN:
			o->golden = optarg;
			break;
		case OPT_STAGES:
			o->stages = true;
			break;
		case OPT_BASELINES:
			o->baselines = optarg;
			break;
		case OPT_TEASIM:
			o->teasim = optarg;
			break;
		case OPT_CONFIG:
			o->config = optarg;
			break;
		case 'h':
			fputs(record_usage, stdout);
			return OPTIONS_HELP;
		default:
			return cmd_bad_option("record", c, argv);
		}
	}
	if (o->sim == !!o->serial) {
		cmd_error("record", "on the host, record runs on the simulator (--sim) or on an "
			  "FPGA board (--serial DEV), one of them (on a Linux machine with the TEA "
			  "core, run teaperf record there)");
		return EXIT_USAGE;
	}
	if (o->serial && (o->linux_dir || o->period_set || o->jitter_set || o->golden ||
			  o->baselines || o->teasim || o->config)) {
		cmd_error("record", "--serial runs a bare-metal program that samples itself "
			  "(bm_tea_start sets its period): --linux, --period, --jitter, --golden, "
			  "--baselines, --teasim and --config are the simulator's");
		return EXIT_USAGE;
	}
	if (o->stages && !o->golden) {
		cmd_error("record", "--stages needs --golden FILE (the stages lie beside it)");
		return EXIT_USAGE;
	}
	if (!o->serial && (o->dtb || o->baud)) {
		cmd_error("record", "--baud and --dtb are for a board (--serial)");
		return EXIT_USAGE;
	}
	if (o->iss && (!o->linux_dir || o->golden || o->config)) {
		cmd_error("record", "--iss runs Linux (--linux DIR) on the reference ISS, whose "
			  "sampler model has no golden reference (--golden) and no core "
			  "configuration (--config)");
		return EXIT_USAGE;
	}
	if (o->mode && !o->linux_dir) {
		cmd_error("record", "--mode is the Linux driver's (--linux): on bare metal the "
			  "simulator or the program takes the samples");
		return EXIT_USAGE;
	}
	if (o->callchain && !o->linux_dir) {
		cmd_error("record", "-g is the Linux driver's (--linux), where perf unwinds the "
			  "stack: on bare metal no one does");
		return EXIT_USAGE;
	}
	if (o->callchain && o->mode && !strcmp(o->mode, "buffer")) {
		cmd_error("record", "-g: buffer mode has no call chains (the sampler does not "
			  "walk the stack): use --mode interrupt");
		return EXIT_USAGE;
	}
	if (o->linux_dir && o->baselines) {
		cmd_error("record", "--baselines needs the bare-metal run: under Linux only "
			  "the TEA driver samples");
		return EXIT_USAGE;
	}
	if (optind == argc) {
		cmd_error("record", "no program to run (see 'teaperf record --help')");
		return EXIT_USAGE;
	}
	o->program = argv[optind];
	o->program_args = argv + optind + 1;
	o->nprogram_args = argc - optind - 1;
	if (o->serial && o->nprogram_args && !o->dtb) {
		cmd_error("record", "arguments for a program on a board need --dtb, the board's "
			  "device tree to put them in");
		return EXIT_USAGE;
	}
	if (o->serial && !o->baud)
		o->baud = BOARD_DEFAULT_BAUD;
	if (o->linux_dir) {
		char image[PATH_MAX], initrd[PATH_MAX];

		snprintf(image, sizeof(image), "%s/Image", o->linux_dir);
		snprintf(initrd, sizeof(initrd), "%s/tea.cpio", o->linux_dir);
		if (access(image, R_OK) || access(initrd, R_OK)) {
			cmd_error("record", "--linux %s: no Image and tea.cpio there (make linux "
				  "builds them; make install puts them in DATADIR/tea/linux)",
				  o->linux_dir);
			return EXIT_USAGE;
		}
	}
	return check_program_words(o);
}

/* teasim beside this teaperf (as the build installs both), else on PATH. */
static const char *find_teasim(char *buf, size_t len)
{
	if (beside_self("teasim", buf, len) && access(buf, X_OK) == 0)
		return buf;
	return "teasim";
}

/* The run on teasim; the program's exit status, or -1. */
static int record_sim(struct record_options *o)
{
	char self[PATH_MAX], period[24], jitter[8];
	struct linux_run lr;
	const char **args;
	unsigned n = 0;
	int rc, status;
	pid_t pid;

	/* teasim's own options, the program and its arguments, the NULL */
	args = calloc(24 + (size_t)o->nprogram_args, sizeof(*args));
	if (!args) {
		cmd_error("record", "out of memory");
		return -1;
	}
	if (!o->teasim)
		o->teasim = find_teasim(self, sizeof(self));
	snprintf(period, sizeof(period), "%" PRIu64, o->period);
	snprintf(jitter, sizeof(jitter), "%" PRIu64, o->jitter);
	args[n++] = o->teasim;
	if (o->iss) {
		/* F and D for programs on glibc, as the RTL core has them */
		args[n++] = "--isa";
		args[n++] = "rv64imafdc";
	} else {
		args[n++] = "--rtl";
	}
	if (o->config) {
		args[n++] = "--config";
		args[n++] = o->config;
	}
	if (o->linux_dir) {
		if (linux_run_prepare(o, &lr)) {
			free(args);
			return -1;
		}
		args[n++] = "--kernel";
		args[n++] = lr.image;
		args[n++] = "--initrd";
		args[n++] = lr.initrd;
		args[n++] = "--host-dir";
		args[n++] = lr.host_dir;
		args[n++] = "--append";
		args[n++] = lr.cmdline;
		if (!o->iss) {
			/* the boot on the ISS: the RTL from the command on */
			args[n++] = "--fast-forward";
			args[n++] = "marker:" TEA_MARKER_STR(TEA_MARKER_RECORD);
		}
	} else {
		args[n++] = "--tea-samples";
		args[n++] = o->output;
		args[n++] = "--tea-period";
		args[n++] = period;
		args[n++] = "--tea-jitter";
		args[n++] = jitter;
	}
	if (o->golden) {
		args[n++] = "--golden";
		args[n++] = o->golden;
	}
	if (o->stages)
		args[n++] = "--stages";
	if (o->baselines) {
		args[n++] = "--baselines";
		args[n++] = o->baselines;
	}
	if (!o->linux_dir) {
		/* "--" keeps teasim from reading a program named like an option as one. */
		args[n++] = "--";
		args[n++] = o->program;
		for (int i = 0; i < o->nprogram_args; i++)
			args[n++] = o->program_args[i];
	}
	args[n] = NULL;

	fflush(NULL);
	pid = fork();
	if (pid < 0) {
		cmd_error("record", "cannot start %s: %s", o->teasim, strerror(errno));
		if (o->linux_dir)
			linux_run_cleanup(&lr);
		free(args);
		return -1;
	}
	if (pid == 0) {
		execvp(o->teasim, (char *const *)args);
		cmd_error("record", "cannot run %s: %s", o->teasim, strerror(errno));
		_exit(127);
	}
	free(args);
	rc = waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) ? -1 : WEXITSTATUS(status);
	if (rc < 0)
		cmd_error("record", "%s did not finish", o->teasim);
	if (o->linux_dir) {
		if (rc >= 0 && rc != 127 && linux_run_take_file(&lr, o->output))
			rc = -1;
		linux_run_cleanup(&lr);
	}
	return rc == 127 ? -1 : rc;
}

int cmd_record(int argc, char **argv)
{
	struct record_options o = {
		.output = TEAPERF_DEFAULT_INPUT,
		.period = DEFAULT_PERIOD,
		.jitter = DEFAULT_JITTER,
	};
	int rc = parse_record(argc, argv, &o), status;

	if (rc)
		return rc == OPTIONS_HELP ? 0 : rc;
	status = o.serial ? record_serial(&o) : record_sim(&o);
	if (status < 0)
		return 1;

	struct pics_error err;
	struct pics_sample_reader *r = pics_sample_reader_open(o.output, &err);
	struct pics_sample s;
	int got;

	if (!r) {
		cmd_error("record", "%s", err.msg);
		return 1;
	}
	while ((got = pics_sample_reader_next(r, &s, &err)) == 1)
		;
	if (got < 0) {
		cmd_error("record", "%s", err.msg);
		pics_sample_reader_close(r);
		return 1;
	}
	fprintf(stderr, "[ teaperf record: %" PRIu64 " samples (%" PRIu64
		" lost) written to %s; the program exited with %d ]\n",
		pics_sample_reader_samples(r), pics_sample_reader_lost(r), o.output,
		status);
	pics_sample_reader_close(r);
	return status ? 1 : 0;
}
