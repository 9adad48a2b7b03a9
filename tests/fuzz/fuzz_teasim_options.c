/* Fuzzes teasim's command line (sim/teasim/options.c) and what it puts in
 * the device tree the program boots with (its command line as
 * /chosen/bootargs, sim/soc/devicetree.c). The input is NUL-separated
 * arguments. A command line is accepted with values in their ranges, or
 * refused with a usage error (2) or, out of memory, 125, never anything
 * else. --help prints and exits, which a harness cannot, so command lines
 * that could reach it are skipped. */
#include "fuzz_util.h"

#include <getopt.h>
#include <stdarg.h>

#include "soc/devicetree.h"
#include "tea/csr.h"
#include "teasim/teasim.h"

#define MAX_ARGS 32
#define MAX_ARG_LEN 256
#define DTB_MAX 16384

/* Instead of run.c's, so that the archive's run.o is not linked: the
 * message is formatted (to find format errors) and dropped. */
int error(int code, const char *fmt, ...)
{
	char msg[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	FUZZ_CHECK(msg[0] != '\0');
	return code;
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	FUZZ_CHECK(freopen("/dev/null", "w", stdout));
	return 0;
}

/* Whether getopt_long could take @arg for --help: "-h" in a cluster of
 * short options, or a long option that "--help" starts with (getopt takes
 * unambiguous prefixes). Also when @arg is another option's value:
 * skipping a few inputs too many costs nothing. */
static bool may_ask_help(const char *arg)
{
	size_t len = strcspn(arg, "=");

	if (arg[0] != '-')
		return false;
	if (arg[1] != '-')
		return strchr(arg, 'h') != NULL;
	return len > 2 && !strncmp(arg, "--help", len);
}

static void check_options(const struct options *o, int argc, char **argv)
{
	/* --restore: the checkpoint holds the machine, the program with it */
	if (o->restore_path) {
		FUZZ_CHECK(!o->rtl && !o->kernel && optind == argc);
		return;
	}
	FUZZ_CHECK(o->elf && o->cmdline);
	FUZZ_CHECK(o->dram_mib >= 1 && o->dram_mib <= 65536);
	FUZZ_CHECK(o->dram_latency >= 1 && o->dram_latency <= 100000);
	FUZZ_CHECK(o->dram_cpl >= 1 && o->dram_cpl <= 100000);
	FUZZ_CHECK(o->tea_period >= 1 && o->tea_period <= UINT32_MAX);
	FUZZ_CHECK(o->tea_jitter <= TEA_CTL_JIT_MAX);
	FUZZ_CHECK(o->sweep_count <= TEA_RUN_MAX_SWEEP);
	FUZZ_CHECK(o->config != NULL);
	FUZZ_CHECK(!o->rtl || o->fp);
	if (o->kernel) {
		FUZZ_CHECK(o->elf == o->kernel && o->bios && o->append);
		FUZZ_CHECK(!strcmp(o->cmdline, o->append));
		return;
	}
	/* The program and its arguments, as the command line to boot with. */
	FUZZ_CHECK(optind < argc && o->elf == argv[optind]);
	FUZZ_CHECK(!strncmp(o->cmdline, o->elf, strlen(o->elf)));
}

/* The device tree teasim would build for the run boots with the command
 * line, or --bootargs, and prints back as source. */
static void check_devicetree(const struct options *o)
{
	static uint8_t dtb[DTB_MAX];
	struct soc_config cfg = {
		.dram_size = o->dram_mib << 20,
		.nharts = 1,
		.timebase_hz = TIMEBASE_HZ,
		.clock_hz = CLOCK_HZ,
		.isa = o->fp ? "rv64imafdc_zicsr_zifencei" : "rv64imac_zicsr_zifencei",
		.mmu = "riscv,sv39",
	};
	struct dt_extras extras = { .bootargs = o->bootargs ? o->bootargs : o->cmdline,
				    .tea_width = 2 };
	FILE *out;
	int n;

	n = devicetree_build(&cfg, &extras, dtb, sizeof(dtb));
	/* Only a command line too long for the blob may fail it. */
	FUZZ_CHECK(n > 0 || strlen(extras.bootargs) > DTB_MAX / 2);
	if (n <= 0)
		return;
	out = fopen("/dev/null", "w");
	FUZZ_CHECK(out);
	FUZZ_CHECK(devicetree_print_dts(dtb, out) == 0);
	fclose(out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char args[MAX_ARGS][MAX_ARG_LEN];
	char *argv[MAX_ARGS + 2];
	struct options o = { 0 };
	size_t pos = 0;
	int argc = 0, ret;

	argv[argc++] = "teasim";
	while (pos < size && argc <= MAX_ARGS) {
		const uint8_t *end = memchr(data + pos, 0, size - pos);
		size_t full = end ? (size_t)(end - (data + pos)) : size - pos;
		size_t len = full < MAX_ARG_LEN ? full : MAX_ARG_LEN - 1;
		char *arg = args[argc - 1];

		memcpy(arg, data + pos, len);
		arg[len] = '\0';
		if (may_ask_help(arg))
			return 0;
		argv[argc++] = arg;
		pos += full + 1;
	}
	argv[argc] = NULL;
	optind = 0;	/* glibc: start over, forgetting any earlier scan */
	ret = parse_options(argc, argv, &o);
	if (ret) {
		FUZZ_CHECK(ret == EXIT_USAGE || ret == EXIT_ERROR);
	} else if (!o.dump_dts) {
		check_options(&o, argc, argv);
		check_devicetree(&o);
	}
	free(o.cmdline);
	return 0;
}
