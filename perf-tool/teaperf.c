/* teaperf: Per-Instruction Cycle Stacks from TEA samples, in the manner of
 * perf. This file only lists the subcommands and dispatches to them; each
 * is a file of this folder, what they share is in lib/. */
#include <string.h>

#include "teaperf.h"

/* The groups --help lists the commands in, in this order. */
enum command_group { PROFILING, BOARD, DEVELOPMENT, GROUPS };

static const char *const group_titles[GROUPS] = {
	[PROFILING] = "Commands",
	[BOARD] = "Board commands",
	[DEVELOPMENT] = "Development commands",
};

struct command {
	const char *name;
	int (*run)(int argc, char **argv);
	enum command_group group;
	const char *summary;
};

static const struct command commands[] = {
	{ "record", cmd_record, PROFILING, "run a program with TEA sampling (--sim: on teasim)" },
	{ "report", cmd_report, PROFILING, "per-instruction, function or line cycle stacks" },
	{ "annotate", cmd_annotate, PROFILING, "a function's disassembly with cycle stacks" },
	{ "plot", cmd_plot, PROFILING, "stacked-bar chart of the top instructions (SVG, HTML)" },
	{ "flame", cmd_flame, PROFILING, "flame graph of the samples' call chains (SVG, folded)" },
	{ "diff", cmd_diff, PROFILING, "what changed between two profiles" },
	{ "stat", cmd_stat, PROFILING, "the whole program's cycle stack" },
	{ "compare", cmd_compare, PROFILING, "error of a profile against a golden reference" },
	{ "script", cmd_script, PROFILING, "print a sample or profile file as text" },
	{ "boot", cmd_boot, BOARD, "boot Linux on an FPGA board over its serial line" },
	{ "extract", cmd_extract, BOARD,
	  "the files in a board's console log (record -o console:NAME)" },
	{ "chart", cmd_chart, DEVELOPMENT, "bars, lines or points from a table of numbers (SVG)" },
	{ "synth", cmd_synth, DEVELOPMENT,
	  "write a sample or profile file from the text 'script' prints" },
};

static void usage(FILE *f)
{
	fprintf(f, "usage: teaperf COMMAND [OPTIONS] [FILE]\n");
	for (unsigned g = 0; g < GROUPS; g++) {
		fprintf(f, "\n%s:\n", group_titles[g]);
		for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
			if (commands[i].group == g)
				fprintf(f, "  %-9s %s\n", commands[i].name,
					commands[i].summary);
	}
	fprintf(f, "\n'teaperf COMMAND --help' describes a command's options.\n");
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
