/* Fuzzes teaperf's command lines together with the file they read. The
 * input is NUL-separated arguments (the first names the command), an empty
 * argument, then the bytes of a file; an argument "@" stands for that
 * file's path. Commands run in an empty scratch folder and any '/' in an
 * argument becomes '_', so they touch no other file. annotate is left out:
 * it runs objdump. */
#include "fuzz_util.h"

#include <dirent.h>
#include <getopt.h>

#include "teaperf.h"

#define MAX_ARGS 32
#define MAX_ARG_LEN 256

struct command {
	const char *name;
	int (*run)(int argc, char **argv);
	bool takes_no_symbols;	/* symbols would come from a fuzzed path */
};

static const struct command commands[] = {
	{ "report", cmd_report, true },
	{ "stat", cmd_stat, false },
	{ "compare", cmd_compare, true },
	{ "script", cmd_script, false },
	{ "synth", cmd_synth, false },
	{ "plot", cmd_plot, true },
	{ "flame", cmd_flame, true },
	{ "diff", cmd_diff, true },
	{ "chart", cmd_chart, false },
};

static void empty_folder(void)
{
	DIR *dir = opendir(".");
	struct dirent *d;

	FUZZ_CHECK(dir);
	while ((d = readdir(dir)))
		if (strcmp(d->d_name, ".") && strcmp(d->d_name, ".."))
			unlink(d->d_name);
	closedir(dir);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	char dir[] = "/tmp/fuzz-teaperf-XXXXXX";

	(void)argc;
	(void)argv;
	FUZZ_CHECK(mkdtemp(dir));
	FUZZ_CHECK(chdir(dir) == 0);
	/* Output goes nowhere, also what libpics writes to descriptor 1
	 * ("-o -"). stderr gets a new stream rather than a new descriptor 2:
	 * the sanitizers and libFuzzer report there. */
	FUZZ_CHECK(freopen("/dev/null", "w", stdout));
	FUZZ_CHECK(freopen("/dev/null", "r", stdin));
	stderr = fopen("/dev/null", "w");
	FUZZ_CHECK(stderr);
	opterr = 0;
	return 0;
}

/* Splits the input into arguments; returns where the file starts. */
static size_t split_args(const uint8_t *data, size_t size,
			 char args[][MAX_ARG_LEN], int *n)
{
	size_t pos = 0;

	*n = 0;
	while (pos < size && *n < MAX_ARGS) {
		const uint8_t *end = memchr(data + pos, 0, size - pos);
		size_t full = end ? (size_t)(end - (data + pos)) : size - pos;
		size_t len = full < MAX_ARG_LEN ? full : MAX_ARG_LEN - 1;

		if (!full)
			return pos + 1;
		memcpy(args[*n], data + pos, len);
		args[*n][len] = '\0';
		for (char *c = args[*n]; (c = strchr(c, '/'));)
			*c = '_';
		(*n)++;
		pos += full + 1;
	}
	return pos < size ? pos : size;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char args[MAX_ARGS][MAX_ARG_LEN];
	char *argv[MAX_ARGS + 2];
	const struct command *cmd = NULL;
	const char *file;
	size_t body;
	int n, argc = 0;

	body = split_args(data, size, args, &n);
	for (size_t i = 0; n && i < sizeof(commands) / sizeof(commands[0]); i++)
		if (!strcmp(args[0], commands[i].name))
			cmd = &commands[i];
	if (!cmd)
		return 0;
	file = fuzz_file(0, data + body, size - body);
	argv[argc++] = args[0];
	if (cmd->takes_no_symbols)
		argv[argc++] = "--no-symbols";
	for (int i = 1; i < n; i++)
		argv[argc++] = strcmp(args[i], "@") ? args[i] : (char *)file;
	argv[argc] = NULL;
	optind = 0;	/* glibc: start over, forgetting any earlier scan */
	cmd->run(argc, argv);
	fflush(stdout);
	empty_folder();
	return 0;
}
