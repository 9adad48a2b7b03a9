/* teaperf: shared pieces of the subcommands (one file per subcommand). */
#ifndef TEAPERF_H
#define TEAPERF_H

#include <getopt.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "pics.h"

#define TEAPERF_DEFAULT_INPUT "teaperf.tea"

/* Exit statuses: 1 for a failure while working, 2 for a usage error. */
enum { EXIT_USAGE = 2 };

int cmd_report(int argc, char **argv);
int cmd_stat(int argc, char **argv);
int cmd_compare(int argc, char **argv);
int cmd_script(int argc, char **argv);
int cmd_synth(int argc, char **argv);

/* ---- options ------------------------------------------------------------ */

/* Long-only options share these values across subcommands. */
enum {
	OPT_SORT = 256,
	OPT_TOP,
	OPT_FORMAT,
	OPT_BINARY,
	OPT_NO_SYMBOLS,
	OPT_REFERENCE,
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

/* ---- output ------------------------------------------------------------- */

/* Cycles of @weight: an integer when exact, else with two decimals. */
void format_cycles(const struct pics_profile *p, uint64_t weight, char *buf,
		   size_t len);
void print_json_string(FILE *f, const char *s);
void print_csv_field(FILE *f, const char *s);
/* "main+0x14" or "" when unresolved. */
void describe_function(const struct pics_symbols *syms, uint64_t addr,
		       char *buf, size_t len);
/* "loop.c:12" or "". */
void describe_line(const struct pics_symbols *syms, uint64_t addr, char *buf,
		   size_t len);

#endif
