/* teaperf: Per-Instruction Cycle Stacks from TEA samples, in the manner of
 * perf. This file only dispatches to the subcommands. */
#include <string.h>

#include "teaperf.h"

struct command {
	const char *name;
	int (*run)(int argc, char **argv);
	const char *summary;	/* NULL: developer command, not listed */
};

static const struct command commands[] = {
	{ "record", cmd_record, "run a program with TEA sampling (--sim: on teasim)" },
	{ "boot", cmd_boot, "boot Linux on an FPGA board over its serial line" },
	{ "extract", cmd_extract, "the files in a board's console log (record -o console:NAME)" },
	{ "report", cmd_report, "per-instruction, function or line cycle stacks" },
	{ "annotate", cmd_annotate, "a function's disassembly with cycle stacks" },
	{ "plot", cmd_plot, "stacked-bar chart of the top instructions (SVG, HTML)" },
	{ "chart", cmd_chart, "bars, lines or points from a table of numbers (SVG)" },
	{ "diff", cmd_diff, "what changed between two profiles" },
	{ "stat", cmd_stat, "the whole program's cycle stack" },
	{ "compare", cmd_compare, "error of a profile against a golden reference" },
	{ "script", cmd_script, "print a sample or profile file as text" },
	{ "synth", cmd_synth, NULL },
};

static void usage(FILE *f)
{
	fprintf(f, "usage: teaperf COMMAND [OPTIONS] [FILE]\n\n"
		   "Commands:\n");
	for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		if (commands[i].summary)
			fprintf(f, "  %-9s %s\n", commands[i].name,
				commands[i].summary);
	fprintf(f, "\n'teaperf COMMAND --help' describes a command's options.\n"
		   "Developer command: 'synth' writes a sample or profile file from text.\n");
}

int main(int argc, char **argv)
{
	const char *name = argc > 1 ? argv[1] : NULL;

	/* Subcommands report bad options themselves, in one line. */
	opterr = 0;
	if (!name) {
		usage(stderr);
		return EXIT_USAGE;
	}
	if (!strcmp(name, "--help") || !strcmp(name, "-h") ||
	    !strcmp(name, "help")) {
		usage(stdout);
		return 0;
	}
	if (!strcmp(name, "--version")) {
		printf("teaperf (file format %d.%d)\n", PICS_FORMAT_MAJOR,
		       PICS_FORMAT_MINOR);
		return 0;
	}
	for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); i++) {
		int ret;

		if (strcmp(name, commands[i].name))
			continue;
		ret = commands[i].run(argc - 1, argv + 1);
		if (fflush(stdout) || ferror(stdout)) {
			fprintf(stderr, "teaperf %s: writing the output failed\n",
				name);
			return 1;
		}
		return ret;
	}
	fprintf(stderr, "teaperf: unknown command '%s' (see 'teaperf --help')\n",
		name);
	return EXIT_USAGE;
}
