/* teaperf: shared pieces of the subcommands (one file per subcommand). */
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

int cmd_record(int argc, char **argv);
int cmd_report(int argc, char **argv);
int cmd_stat(int argc, char **argv);
int cmd_compare(int argc, char **argv);
int cmd_script(int argc, char **argv);
int cmd_synth(int argc, char **argv);
int cmd_annotate(int argc, char **argv);
int cmd_plot(int argc, char **argv);
int cmd_diff(int argc, char **argv);

/* ---- options ------------------------------------------------------------ */

/* Long-only options share these values across subcommands. */
enum {
	OPT_SORT = 256,
	OPT_TOP,
	OPT_FORMAT,
	OPT_BINARY,
	OPT_NO_SYMBOLS,
	OPT_REFERENCE,
	OPT_OBJDUMP,
	OPT_NO_SOURCE,
};

enum out_format { FORMAT_TEXT, FORMAT_CSV, FORMAT_JSON, FORMAT_FOLDED };

/* Prints "teaperf CMD: message" to stderr. */
void cmd_error(const char *cmd, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* Reports what getopt_long() returned for a bad option and returns
 * EXIT_USAGE. Option strings start with ':' so that a missing argument
 * (':') is told apart from an unknown option ('?'). */
int cmd_bad_option(const char *cmd, int c, char **argv);

int parse_sort(const char *cmd, const char *arg, enum pics_unit_kind *kind);
int parse_format(const char *cmd, const char *arg, unsigned allowed,
		 enum out_format *f);
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

/* Opens the ELF named by @override, else the profile's binary; warns and
 * returns NULL when it cannot (reports then show addresses). */
struct pics_symbols *open_symbols(const char *cmd, const struct pics_profile *p,
				  const char *override, bool disabled);
/* Like open_symbols, for commands that cannot work without them: prints
 * one error line and returns NULL when they cannot be opened. *@path gets
 * the ELF's path. */
struct pics_symbols *require_symbols(const char *cmd,
				     const struct pics_profile *p,
				     const char *override, const char **path);

/* ---- output ------------------------------------------------------------- */

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
void print_json_string(FILE *f, const char *s);
void print_csv_field(FILE *f, const char *s);
/* "main+0x14" or "" when unresolved. */
void describe_function(const struct pics_symbols *syms, uint64_t addr,
		       char *buf, size_t len);
/* "loop.c:12" or "". */
void describe_line(const struct pics_symbols *syms, uint64_t addr, char *buf,
		   size_t len);

#endif
