/* teaperf annotate: one function's disassembly with each instruction's
 * cycles and cycle stack beside it, source lines interleaved. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "teaperf.h"

static const char annotate_usage[] =
	"usage: teaperf annotate [OPTIONS] [FILE]\n"
	"\n"
	"Disassembles one function of the profiled binary (objdump, run the way\n"
	"perf annotate runs it) and shows beside each instruction its cycles,\n"
	"its share of the function's cycles and its cycle stack. Source lines\n"
	"are interleaved when the binary has DWARF line tables. Instructions\n"
	"without samples have blank columns.\n"
	"\n"
	"  -i, --input FILE      file to read (default " TEAPERF_DEFAULT_INPUT ")\n"
	STAGE_HELP
	"  -s, --symbol NAME     function to annotate (default: the function\n"
	"                        with the most cycles)\n"
	"      --binary ELF      the profiled binary, if not the file's own\n"
	SYMBOL_HELP
	DSOS_HELP
	"      --objdump PATH    objdump to run (default " TEAPERF_DEFAULT_OBJDUMP ")\n"
	"      --no-source       no source lines\n"
	"  -h, --help            this help\n";

/* Blank space as wide as the share and cycles columns. */
#define BLANK_COLUMNS "                       "
#define TEXT_WIDTH 34

/* The lines of one source file, read when first needed. */
struct source {
	char *path;
	char *text;
	char **lines;
	size_t n_lines;
};

struct annotate {
	const char *input;
	bool input_given;
	const char *symbol;
	struct view_options view;	/* symbols and --dsos */
	const char *objdump;
	bool no_source;
	const struct pics_profile *p;
	const struct pics_symbols *syms;
	uint64_t start, end;
	uint64_t bias;		/* of the ELF that holds the function */
	/* Instruction units inside [start, end), by address. */
	const struct pics_unit **units;
	size_t n_units;
	uint64_t func_total;
	struct source *sources;
	size_t n_sources;
};

/* ---- source files ------------------------------------------------------- */

static void split_lines(struct source *src, size_t len)
{
	size_t n = 0;

	for (size_t i = 0; i < len; i++)
		n += src->text[i] == '\n';
	src->lines = calloc(n + 2, sizeof(*src->lines));
	if (!src->lines)
		return;
	src->lines[src->n_lines++] = src->text;
	for (size_t i = 0; i < len; i++) {
		if (src->text[i] != '\n')
			continue;
		src->text[i] = '\0';
		if (i + 1 < len)
			src->lines[src->n_lines++] = src->text + i + 1;
	}
}

/* The ELF's line tables name the file: like the ELF itself it is read
 * only when it is a regular file (a FIFO there would hang annotate). */
static void read_source(struct source *src)
{
	struct pics_error err;
	int fd = pics_open_file(NULL, src->path, NULL, &err);
	FILE *f = fd < 0 ? NULL : fdopen(fd, "r");
	size_t len = 0, cap = 0;
	char buf[8192];
	size_t got;

	if (!f) {
		if (fd >= 0)
			close(fd);
		return;
	}
	while ((got = fread(buf, 1, sizeof(buf), f)) > 0) {
		if (len + got + 1 > cap) {
			char *grown;

			cap = 2 * (len + got + 1);
			grown = realloc(src->text, cap);
			if (!grown)
				break;
			src->text = grown;
		}
		memcpy(src->text + len, buf, got);
		len += got;
	}
	fclose(f);
	if (src->text) {
		src->text[len] = '\0';
		split_lines(src, len);
	}
}

/* Line @line of the file at @path, NULL when the file cannot be read. */
static const char *source_line(struct annotate *a, const char *path,
			       unsigned line)
{
	struct source *src = NULL, *grown;

	for (size_t i = 0; i < a->n_sources && !src; i++)
		if (!strcmp(a->sources[i].path, path))
			src = &a->sources[i];
	if (!src) {
		grown = realloc(a->sources,
				(a->n_sources + 1) * sizeof(*grown));
		if (!grown)
			return NULL;
		a->sources = grown;
		src = &a->sources[a->n_sources];
		*src = (struct source){ .path = strdup(path) };
		if (!src->path)
			return NULL;
		a->n_sources++;
		read_source(src);
	}
	if (!line || line > src->n_lines)
		return NULL;
	return src->lines[line - 1];
}

static void free_sources(struct annotate *a)
{
	for (size_t i = 0; i < a->n_sources; i++) {
		free(a->sources[i].path);
		free(a->sources[i].text);
		free(a->sources[i].lines);
	}
	free(a->sources);
}

/* "prog.c:16  data[i] *= 3;" above the instructions a line starts. */
static void print_source_line(struct annotate *a, uint64_t addr,
			      const char **last_path, unsigned *last_line)
{
	const char *path, *file, *text;
	unsigned line;

	if (a->no_source || !pics_symbols_source(a->syms, addr, &path, &line) ||
	    (*last_path == path && *last_line == line))
		return;
	*last_path = path;
	*last_line = line;
	file = strrchr(path, '/');
	printf("%s  %s:%u", BLANK_COLUMNS, file ? file + 1 : path, line);
	text = source_line(a, path, line);
	if (text) {
		size_t len;

		text += strspn(text, " \t");
		len = strlen(text);
		while (len && strchr(" \t\r", text[len - 1]))
			len--;
		fputs("  ", stdout);
		for (size_t i = 0; i < len; i++)
			putchar((unsigned char)text[i] < 0x20 ? ' ' : text[i]);
	}
	putchar('\n');
}

/* ---- the listing --------------------------------------------------------- */

static int by_key(const void *x, const void *y)
{
	const struct pics_unit *const *a = x, *const *b = y;

	return (*a)->key < (*b)->key ? -1 : (*a)->key > (*b)->key;
}

static int collect_units(struct annotate *a, const struct pics_stacks *st)
{
	size_t n = pics_stacks_count(st);

	a->units = calloc(n + 1, sizeof(*a->units));
	if (!a->units) {
		cmd_error("annotate", "out of memory");
		return -1;
	}
	for (size_t i = 0; i < n; i++) {
		const struct pics_unit *u = pics_stacks_unit(st, i);

		if (u->key < a->start || u->key >= a->end)
			continue;
		a->units[a->n_units++] = u;
		a->func_total += u->total;
	}
	qsort(a->units, a->n_units, sizeof(*a->units), by_key);
	return 0;
}

static const struct pics_unit *unit_at(const struct annotate *a,
				       uint64_t addr)
{
	struct pics_unit probe = { .key = addr };
	const struct pics_unit *key = &probe, **found;

	found = bsearch(&key, a->units, a->n_units, sizeof(*a->units), by_key);
	return found ? *found : NULL;
}

static void print_header(const struct annotate *a, const char *name,
			 const char *elf)
{
	const struct pics_meta *m = pics_profile_meta(a->p);
	uint64_t total = pics_profile_total_weight(a->p);
	char cycles[48], all[48];

	format_cycles(a->p, a->func_total, cycles, sizeof(cycles));
	format_cycles(a->p, total, all, sizeof(all));
	printf("# %s (0x%" PRIx64 "..0x%" PRIx64 ") in %s\n", name, a->start,
	       a->end, elf);
	printf("# %s of %s cycles (%.2f%%) of %s: scheme %s, period %" PRIu64
	       " cycles\n#\n", cycles, all,
	       100.0 * fraction(a->func_total, total), a->input, m->scheme,
	       m->period);
	printf("#   Share      Cycles  %-*s  Cycle stack\n",
	       TEXT_WIDTH + 11, "Instruction");
}

/* Where instruction @i of the disassembly ran: its address in the ELF
 * moved by the ELF's bias. */
static uint64_t run_addr(const struct annotate *a, const struct pics_disasm *d,
			 size_t i)
{
	return pics_disasm_insn(d, i)->addr + a->bias;
}

static void print_insn(const struct annotate *a, uint64_t addr,
		       const char *text)
{
	const struct pics_unit *u = unit_at(a, addr);
	char cycles[48];

	if (!u) {
		printf("%s%8" PRIx64 ":  %s\n", BLANK_COLUMNS, addr, text);
		return;
	}
	format_cycles(a->p, u->total, cycles, sizeof(cycles));
	printf("  %6.2f%%  %10s  %8" PRIx64 ":  %-*s  ",
	       100.0 * fraction(u->total, a->func_total), cycles, addr,
	       TEXT_WIDTH, text);
	print_stack(stdout, pics_profile_meta(a->p), u);
	putchar('\n');
}

/* Samples at an address where objdump starts no instruction (a corrupt
 * sample, or code the disassembler skipped) are listed, not dropped. */
static void print_unlisted(const struct annotate *a,
			   const struct pics_disasm *d)
{
	size_t n = pics_disasm_count(d), j = 0;

	for (size_t i = 0; i < a->n_units; i++) {
		const struct pics_unit *u = a->units[i];
		char cycles[48];

		while (j < n && run_addr(a, d, j) < u->key)
			j++;
		if (j < n && run_addr(a, d, j) == u->key)
			continue;
		format_cycles(a->p, u->total, cycles, sizeof(cycles));
		printf("# %s cycles at 0x%" PRIx64
		       ", where the disassembly starts no instruction\n",
		       cycles, u->key);
	}
}

static void print_listing(struct annotate *a, const struct pics_disasm *d)
{
	const char *last_path = NULL;
	unsigned last_line = 0;

	for (size_t i = 0; i < pics_disasm_count(d); i++) {
		uint64_t addr = run_addr(a, d, i);

		print_source_line(a, addr, &last_path, &last_line);
		print_insn(a, addr, pics_disasm_insn(d, i)->text);
	}
	print_unlisted(a, d);
}

/* ---- command ---------------------------------------------------------- */

/* The function with the most cycles in an ELF at hand, when no --symbol
 * names one. */
static const char *heaviest_function(const struct annotate *a)
{
	struct pics_stacks *st;
	struct pics_error err;
	const char *name = NULL, *found, *elf;
	uint64_t start, bias;

	st = pics_stacks_build(a->p, PICS_UNIT_FUNC, a->syms, &err);
	if (!st) {
		cmd_error("annotate", "%s", err.msg);
		return NULL;
	}
	for (size_t i = 0; i < pics_stacks_count(st) && !name; i++) {
		const struct pics_unit *u = pics_stacks_unit(st, i);

		if (u->resolved &&
		    pics_symbols_elf(a->syms, u->key, &elf, &bias) &&
		    pics_symbols_function(a->syms, u->key, &found, &start))
			name = found;
	}
	pics_stacks_free(st);
	if (!name)
		cmd_error("annotate", "no cycles fall in a known function; name one with --symbol");
	return name;
}

static void no_function(const struct annotate *a, const char *name)
{
	const struct pics_meta *m = pics_profile_meta(a->p);
	size_t n;

	pics_profile_mappings(a->p, &n);
	if (n)
		cmd_error("annotate", "no function '%s' in the ELFs of %s's mappings",
			  name, a->input);
	else
		cmd_error("annotate", "%s has no function '%s'",
			  a->view.so.binary ? a->view.so.binary : m->binary,
			  name);
}

static int annotate_function(struct annotate *a)
{
	const char *name = a->symbol ? a->symbol : heaviest_function(a);
	struct pics_disasm *d;
	struct pics_stacks *st;
	struct pics_error err;
	const char *elf;

	if (!name)
		return 1;
	if (!pics_symbols_lookup(a->syms, name, &a->start, &a->end)) {
		no_function(a, name);
		return 1;
	}
	if (!pics_symbols_elf(a->syms, a->start, &elf, &a->bias)) {
		cmd_error("annotate", "no ELF at hand holds %s (0x%" PRIx64
			  "); give it with --symfs, --vmlinux or --binary",
			  name, a->start);
		return 1;
	}
	st = pics_stacks_build(a->p, PICS_UNIT_INSN, a->syms, &err);
	if (!st) {
		cmd_error("annotate", "%s", err.msg);
		return 1;
	}
	d = pics_disasm_run(a->objdump, elf, a->start - a->bias,
			    a->end - a->bias, &err);
	if (!d) {
		cmd_error("annotate", "%s%s", err.msg,
			  err.code == PICS_ERR_IO ?
			  " (install binutils-riscv64-unknown-elf or give --objdump PATH)" : "");
	} else if (!collect_units(a, st)) {
		print_header(a, name, elf);
		print_listing(a, d);
	}
	pics_disasm_free(d);
	pics_stacks_free(st);
	return d && a->units ? 0 : 1;
}

static int parse_options(struct annotate *a, int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "input", required_argument, NULL, 'i' },
		STAGE_LONGOPT,
		{ "symbol", required_argument, NULL, 's' },
		SYMBOL_LONGOPTS,
		DSOS_LONGOPT,
		{ "objdump", required_argument, NULL, OPT_OBJDUMP },
		{ "no-source", no_argument, NULL, OPT_NO_SOURCE },
		{ "help", no_argument, NULL, 'h' },
		{ 0 }
	};
	int c;

	while ((c = getopt_long(argc, argv, ":i:s:h", longopts, NULL)) != -1) {
		switch (c) {
		case 'i':
			a->input = optarg;
			a->input_given = true;
			break;
		case 's':
			a->symbol = optarg;
			break;
		case OPT_OBJDUMP:
			a->objdump = optarg;
			break;
		case OPT_NO_SOURCE:
			a->no_source = true;
			break;
		case 'h':
			fputs(annotate_usage, stdout);
			return OPTIONS_HELP;
		default:
			if (view_option("annotate", &a->view, c, argv))
				return EXIT_USAGE;
		}
	}
	if (take_input_argument("annotate", argc, argv, &a->input, a->input_given))
		return EXIT_USAGE;
	return stage_input_resolve("annotate", &a->view.stage, &a->input);
}

int cmd_annotate(int argc, char **argv)
{
	struct annotate a = {
		.input = TEAPERF_DEFAULT_INPUT,
		.objdump = TEAPERF_DEFAULT_OBJDUMP,
	};
	struct pics_profile *p;
	struct pics_symbols *syms = NULL;
	int ret = parse_options(&a, argc, argv);

	if (ret)
		return ret == OPTIONS_HELP ? 0 : ret;
	p = load_stage_profile("annotate", &a.view.stage, a.input);
	if (!p)
		return 1;
	if (!keep_dsos("annotate", a.input, &p, a.view.dsos))
		syms = require_symbols("annotate", p, &a.view.so);
	if (syms) {
		a.p = p;
		a.syms = syms;
		ret = annotate_function(&a);
	} else {
		ret = 1;
	}
	free(a.units);
	free_sources(&a);
	pics_symbols_close(syms);
	pics_profile_free(p);
	return ret;
}
