/* teaperf: shared pieces of the subcommands (one file per subcommand;
 * lib/util.c and lib/dso.c define the helpers declared here). */
#ifndef TEAPERF_H
#define TEAPERF_H

#include <getopt.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "pics.h"

#define TEAPERF_DEFAULT_INPUT "teaperf.tea"
#define TEAPERF_DEFAULT_OBJDUMP "riscv64-unknown-elf-objdump"

/* Room for any signature's name: events joined with '+'. */
#define SIGNATURE_NAME_MAX (PICS_MAX_EVENTS * PICS_EVENT_NAME_MAX)

/* Exit statuses: 1 for a failure while working, 2 for a usage error. An
 * option parser returns OPTIONS_HELP once it printed --help; the command
 * then stops with status 0 (no exit(), so the parsers can be fuzzed). */
enum { EXIT_USAGE = 2, OPTIONS_HELP = -1 };

/* The subcommands, each in perf-tool/NAME.c: profiling, a board's, and
 * development's (teaperf.c lists them so). */
int cmd_record(int argc, char **argv);
int cmd_report(int argc, char **argv);
int cmd_annotate(int argc, char **argv);
int cmd_plot(int argc, char **argv);
int cmd_flame(int argc, char **argv);
int cmd_diff(int argc, char **argv);
int cmd_stat(int argc, char **argv);
int cmd_compare(int argc, char **argv);
int cmd_script(int argc, char **argv);
int cmd_boot(int argc, char **argv);
int cmd_extract(int argc, char **argv);
int cmd_chart(int argc, char **argv);
int cmd_synth(int argc, char **argv);

/* ---- options ------------------------------------------------------------ */

/* Long-only options share these values across subcommands. */
enum {
	OPT_SORT = 256,
	OPT_TOP,
	OPT_FORMAT,
	OPT_BINARY,
	OPT_NO_SYMBOLS,
	OPT_OBJDUMP,
	OPT_NO_SOURCE,
	OPT_SYMFS,
	OPT_VMLINUX,
	OPT_DSOS,
	OPT_TITLE,
	OPT_X_LABEL,
	OPT_Y_LABEL,
	OPT_X_UNIT,
	OPT_Y_UNIT,
	OPT_LOG_X,
	OPT_LOG_Y,
	OPT_STAGE,
	OPT_FLOPS,
	OPT_CHILDREN,
	OPT_FOLDED,
};

/* The view options choose what a command shows and how: --sort, --top,
 * --format, where symbols come from and --dsos. In a longopts table,
 * VIEW_LONGOPTS for the commands that take them all (report, compare,
 * diff); the others list the pieces they take. */
#define SORT_TOP_LONGOPTS						\
	{ "sort", required_argument, NULL, OPT_SORT },			\
	{ "top", required_argument, NULL, OPT_TOP }
#define FORMAT_LONGOPT { "format", required_argument, NULL, OPT_FORMAT }
#define SYMBOL_LONGOPTS							\
	{ "binary", required_argument, NULL, OPT_BINARY },		\
	{ "symfs", required_argument, NULL, OPT_SYMFS },		\
	{ "vmlinux", required_argument, NULL, OPT_VMLINUX }
/* Apart from SYMBOL_LONGOPTS: annotate cannot do without symbols. */
#define NO_SYMBOLS_LONGOPT { "no-symbols", no_argument, NULL, OPT_NO_SYMBOLS }
#define DSOS_LONGOPT { "dsos", required_argument, NULL, OPT_DSOS }
#define VIEW_LONGOPTS							\
	SORT_TOP_LONGOPTS, FORMAT_LONGOPT, SYMBOL_LONGOPTS,		\
	NO_SYMBOLS_LONGOPT, DSOS_LONGOPT

/* Without --top, text output shows the DEFAULT_TOP heaviest units and the
 * other formats all of them. */
#define DEFAULT_TOP 20
#define STRINGIFY(x) STRINGIFY_(x)
#define STRINGIFY_(x) #x

/* Help for the symbol options (after each command's own --binary line),
 * --dsos, and the default of --top (under the command's --top line). */
#define SYMBOL_HELP								\
	"      --symfs DIR       find the files the input names inside DIR (given\n"	\
	"                        again, in each DIR in turn)\n"			\
	"      --vmlinux FILE    the kernel's ELF, for addresses in [kernel]\n"
#define DSOS_HELP								\
	"      --dsos LIST       only instructions in these mappings: paths or\n"	\
	"                        file names, comma-separated\n"
#define TOP_DEFAULT_HELP							\
	"                        (default " STRINGIFY(DEFAULT_TOP) " for text, all otherwise)\n"

enum out_format { FORMAT_TEXT, FORMAT_CSV, FORMAT_JSON, FORMAT_FOLDED };

/* --format's values as bits of view_options.formats. */
#define FORMATS_TABLE	0x7	/* text, csv, json */
#define FORMATS_ALL	0xf	/* and folded stacks */

#define SYMFS_MAX 8

struct symbol_options {
	const char *binary;	/* --binary: the profiled program's ELF */
	/* --symfs, up to SYMFS_MAX times: where the target's files are, the
	 * folders tried in the order given */
	const char *symfs[SYMFS_MAX];
	unsigned n_symfs;
	const char *vmlinux;	/* --vmlinux: the kernel's ELF */
	bool disabled;		/* --no-symbols */
};

/* --stage STAGE (report, stat, annotate, plot): the input names a golden
 * reference and the command reads its view at STAGE (pics_stage_path);
 * --flops is --stage flops. */
#define STAGE_LONGOPT { "stage", required_argument, NULL, OPT_STAGE }, \
	{ "flops", no_argument, NULL, OPT_FLOPS }
#define STAGE_HELP \
	"      --stage STAGE     of the golden reference FILE, the cycles attributed\n" \
	"                        at commit (FILE itself), dispatch or issue (written\n" \
	"                        beside it by teasim --golden FILE --stages)\n" \
	"      --flops           of the golden reference FILE, its FLOPS view: what\n" \
	"                        each cycle's FMA issue slot went to (--stage flops)\n"

struct stage_input {
	const char *stage;		/* NULL: the input as it is */
	char path[PICS_PATH_MAX + 32];
};

struct view_options {
	enum pics_unit_kind sort;	/* --sort, insn when not given */
	bool sort_set;			/* compare: that level only */
	uint64_t top;			/* --top; 0 shows all */
	bool top_set;
	enum out_format format;		/* --format */
	unsigned formats;		/* those the command takes: FORMATS_* */
	struct symbol_options so;
	const char *dsos;		/* --dsos */
	struct stage_input stage;	/* --stage */
};

/* teaperf report --sort data (report_data.c): the cycles of the sampled
 * loads and stores of the sample file @input by the data they accessed. */
int report_data(const char *input, const struct view_options *v);

/* Takes the view option getopt_long returned as @c (its value in optarg);
 * any other @c is a bad option. Returns 0, or EXIT_USAGE after one error
 * line. The longopts table decides which view options a command takes. */
int view_option(const char *cmd, struct view_options *v, int c, char **argv);
/* The files a command that writes one names: -i FILE (or the last
 * argument) and -o OUT. */
struct command_files {
	const char *input, *output;
	bool input_given;
};

/* Takes -i, -o and -h (which prints @usage) into @files, and the view
 * options, as view_option does: 0, OPTIONS_HELP after the help, or
 * EXIT_USAGE after one error line. */
int file_option(const char *cmd, const char *usage, struct command_files *files,
		struct view_options *v, int c, char **argv);
/* How many of @n units to show: --top, else the default for the format
 * (plot, without --format, counts as text). */
size_t view_shown(const struct view_options *v, size_t n);

/* Prints "teaperf CMD: PATH:LINE: message" to stderr, without the place
 * when @path is NULL; returns -1. */
int cmd_error_at(const char *cmd, const char *path, unsigned line,
		 const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* Prints "teaperf CMD: message" to stderr. */
#define cmd_error(cmd, ...) cmd_error_at(cmd, NULL, 0, __VA_ARGS__)
/* Reports what getopt_long() returned for a bad option and returns
 * EXIT_USAGE. Option strings start with ':' so that a missing argument
 * (':') is told apart from an unknown option ('?'). */
int cmd_bad_option(const char *cmd, int c, char **argv);

int parse_count(const char *cmd, const char *what, const char *arg,
		uint64_t *v);
const char *unit_kind_name(enum pics_unit_kind kind);

/* ---- inputs ------------------------------------------------------------- */

/* After the options: takes the input file from a remaining argument unless
 * -i @given it; more arguments are a usage error (returns EXIT_USAGE). */
int take_input_argument(const char *cmd, int argc, char **argv,
			const char **input, bool given);

/* Loads a sample or profile file, printing one error line on failure. */
struct pics_profile *load_profile(const char *cmd, const char *path);
/* load_profile(), and the call graph of a sample file's samples in *@cg
 * (NULL for a profile). */
struct pics_profile *load_callgraph(const char *cmd, const char *path,
				    struct pics_callgraph **cg);
/* After take_input_argument: with --stage, points *@input at the stage's
 * file. EXIT_USAGE with one error line for an unknown stage. */
int stage_input_resolve(const char *cmd, struct stage_input *s, const char **input);
/* load_profile(), and with --stage a check that the file holds that stage. */
struct pics_profile *load_stage_profile(const char *cmd, const struct stage_input *s,
					const char *path);


/* Symbols for @p: with mappings (a Linux recording), an ELF per mapping
 * (its path under --symfs, --vmlinux for [kernel], --binary for the
 * profiled program); else the ELF --binary names or the file's binary
 * (under --symfs, when given). Only regular files are read, and a path the
 * file names never leaves --symfs (pics_open_file).
 * Whatever cannot be read is a one-line warning; NULL when there are no
 * symbols (reports then show addresses). */
struct pics_symbols *open_symbols(const char *cmd, const struct pics_profile *p,
				  const struct symbol_options *so);
/* Like open_symbols, for commands that cannot work without them: without
 * mappings, a binary that cannot be opened is one error line and NULL. */
struct pics_symbols *require_symbols(const char *cmd,
				     const struct pics_profile *p,
				     const struct symbol_options *so);

/* The address ranges of the mappings of @p (read from @input) that @dsos
 * names: comma-separated paths or last path components. One error line
 * (listing the mappings there are) and NULL when a name matches none. */
struct pics_range *dso_ranges(const char *cmd, const char *input,
			      const struct pics_profile *p, const char *dsos,
			      size_t *n);
/* Replaces *@p by its entries inside the @n ranges @r. */
int keep_ranges(const char *cmd, struct pics_profile **p,
		const struct pics_range *r, size_t n);
/* Both for *@p's own mappings named by @dsos; nothing when it is NULL. */
int keep_dsos(const char *cmd, const char *input, struct pics_profile **p,
	      const char *dsos);

/* All of @in, NUL-terminated (@len holds its length without the NUL);
 * NULL when it cannot be read. */
char *read_all(FILE *in, size_t *len);

/* ---- output ------------------------------------------------------------- */

/* Creates @path and fills it with @write(f, @arg); on failure one error
 * line, nothing left behind, and 1. */
int write_file(const char *cmd, const char *path,
	       void (*write)(FILE *f, const void *arg), const void *arg);

/* Whether @name names a file inside a folder: 1 to NAME_MAX bytes, no
 * '/', not "." or "..". */
bool file_name_ok(const char *name);
/* Like write_file, for a file @name that outside input (a board) chose,
 * in the folder @dir: refused in one line when @name is not a file name
 * (file_name_ok), or is a symbolic link, or exists (unless @force, and
 * then only a regular file, which is replaced by a new one). Never writes
 * through a symbolic link. */
int write_file_in(const char *cmd, const char *dir, const char *name, bool force,
		  void (*write)(FILE *f, const void *arg), const void *arg);
/* Makes a new, empty folder @prefix-N in the current one (the first N
 * from 1 that is free) and writes its name into @buf; -1 after one error
 * line. */
int make_fresh_dir(const char *cmd, const char *prefix, char *buf, size_t size);

/* @part / @whole, 0 when @whole is 0. */
double fraction(uint64_t part, uint64_t whole);
/* Cycles of @weight: an integer when exact, else with two decimals. */
void format_cycles(const struct pics_profile *p, uint64_t weight, char *buf,
		   size_t len);
/* @magnitude / @den the same way, negated when @negative; @sign adds '+' to positive values and
 * negative ones always get '-'. */
void format_ratio(unsigned __int128 magnitude, bool negative, uint64_t den,
		  bool sign, char *buf, size_t len);
/* "ST-L1 50.0%  Base 50.0%": each component's share of @u, heaviest
 * first, without a newline. */
void print_stack(FILE *f, const struct pics_meta *m, const struct pics_unit *u);
/* The weight of @signature in @u (0 when it has none, or @u is NULL). */
uint64_t unit_weight(const struct pics_unit *u, uint64_t signature);
void print_json_string(FILE *f, const char *s);
void print_csv_field(FILE *f, const char *s);
/* "main+0x14" or "" when unresolved. */
void describe_function(const struct pics_symbols *syms, uint64_t addr,
		       char *buf, size_t len);
/* "loop.c:12" or "". */
void describe_line(const struct pics_symbols *syms, uint64_t addr, char *buf,
		   size_t len);

#endif
