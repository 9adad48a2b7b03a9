/* teaperf report: the heaviest instructions, functions or source lines,
 * each with its cycle stack. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "teaperf.h"

static const char report_usage[] =
	"usage: teaperf report [OPTIONS] [FILE]\n"
	"\n"
	"Shows where the cycles of a sample file (.tea) or profile (.prof) go,\n"
	"heaviest first, each unit with its cycle stack: the share of its cycles\n"
	"per signature (Base, or the events it suffered, joined with '+'). A\n"
	"perf.data of Linux's perf record -R -e tea/period=N/ (or -e\n"
	"tea/buffer=1,period=N/) reads as a sample file.\n"
	"\n"
	"  -i, --input FILE      file to read (default " TEAPERF_DEFAULT_INPUT ")\n"
	STAGE_HELP
	"      --sort KEY        insn (default), func or line; data: the cycles of\n"
	"                        the sampled loads, stores and AMOs by the variable\n"
	"                        (or 4 KiB page) they accessed, with their cycle\n"
	"                        stacks (a sample file whose samples have data\n"
	"                        addresses; text only)\n"
	"      --children        per function, the cycles of its samples and of\n"
	"                        all it called (Children, sorted by them) beside its\n"
	"                        own (Self), from the samples' call chains; implies\n"
	"                        --sort func\n"
	"      --top N           show the N heaviest units; 0 shows all\n"
	TOP_DEFAULT_HELP
	"      --format FMT      text (default), csv, json, or folded stacks\n"
	"                        for flame-graph tools\n"
	"      --binary ELF      symbols from ELF instead of the file's binary\n"
	SYMBOL_HELP
	"      --no-symbols      show addresses only\n"
	DSOS_HELP
	"  -h, --help            this help\n";

struct report {
	struct command_files files;	/* the input */
	bool children;
	bool data;			/* --sort data */
	struct view_options view;
	uint64_t all_weight;	/* before --dsos */
	const struct pics_profile *p;
	const struct pics_symbols *syms;
	/* The units listed: each unit's own stack, or with --children the
	 * stacks of its children cycles, and then each unit's own in self,
	 * sorted by key. */
	const struct pics_stacks *st;
	const struct pics_unit **self;
	size_t n_self;
	uint64_t total;		/* of every unit's own cycles */
};

static size_t shown_units(const struct report *r)
{
	return view_shown(&r->view, pics_stacks_count(r->st));
}

static int by_key(const void *a, const void *b)
{
	const struct pics_unit *x = *(const struct pics_unit *const *)a;
	const struct pics_unit *y = *(const struct pics_unit *const *)b;

	return x->key < y->key ? -1 : x->key > y->key;
}

/* With --children, @u's own stack (NULL: it has no samples of its own). */
static const struct pics_unit *self_of(const struct report *r,
				       const struct pics_unit *u)
{
	const struct pics_unit **found;

	found = bsearch(&u, r->self, r->n_self, sizeof(*r->self), by_key);
	return found ? *found : NULL;
}

static uint64_t self_total(const struct report *r, const struct pics_unit *u)
{
	const struct pics_unit *self = self_of(r, u);

	return self ? self->total : 0;
}

/* ---- text ------------------------------------------------------------- */

#define MAPPINGS_LISTED 8

/* "# 3 mappings: /bin/loop, [vdso], [kernel]" for a Linux recording; the
 * --dsos line when it applies. */
static void print_mappings(const struct report *r)
{
	const struct pics_mapping *maps;
	char kept[48], all[48];
	size_t n;

	maps = pics_profile_mappings(r->p, &n);
	if (n) {
		printf("# %zu mapping%s:", n, n == 1 ? "" : "s");
		for (size_t i = 0; i < n && i < MAPPINGS_LISTED; i++)
			printf("%s %s", i ? "," : "", maps[i].path);
		if (n > MAPPINGS_LISTED)
			printf(" and %zu more", n - MAPPINGS_LISTED);
		putchar('\n');
	}
	if (!r->view.dsos)
		return;
	format_cycles(r->p, pics_profile_total_weight(r->p), kept,
		      sizeof(kept));
	format_cycles(r->p, r->all_weight, all, sizeof(all));
	printf("# --dsos %s: %s of %s cycles (%.2f%%)\n", r->view.dsos, kept,
	       all, 100.0 * fraction(pics_profile_total_weight(r->p),
				     r->all_weight));
}

/* Linux's perf throttled the sampling (docs/linux.md): how much of the
 * run it left unsampled, against the time the samples stand for. */
static void print_throttle(const struct pics_profile *p)
{
	struct pics_throttle t = pics_profile_throttle(p);
	double sampled = (double)(pics_profile_samples(p) + pics_profile_lost(p)) *
			 (double)pics_profile_meta(p)->period;

	if (!t.times)
		return;
	printf("# throttled by perf %" PRIu64 " times", t.times);
	if (t.cycles)
		printf(", %" PRIu64 " cycles unsampled (%.1f%% of the run)", t.cycles,
		       100.0 * (double)t.cycles / ((double)t.cycles + sampled));
	printf("\n");
}

static void print_summary(const struct report *r)
{
	static const char *const plural[] = {
		[PICS_UNIT_INSN] = "instructions",
		[PICS_UNIT_FUNC] = "functions",
		[PICS_UNIT_LINE] = "source lines",
	};
	const struct pics_meta *m = pics_profile_meta(r->p);
	char total[48];

	format_cycles(r->p, r->total, total, sizeof(total));
	printf("# %s: scheme %s, %u-wide commit, period %" PRIu64
	       " cycles, %" PRIu64 " samples, %" PRIu64 " lost\n",
	       r->files.input, m->scheme, m->commit_width, m->period,
	       pics_profile_samples(r->p), pics_profile_lost(r->p));
	print_throttle(r->p);
	print_mappings(r);
	printf("# %s cycles in %zu %s, showing %zu\n#\n", total,
	       pics_stacks_count(r->st), plural[r->view.sort], shown_units(r));
}

static void print_text(const struct report *r)
{
	uint64_t total = r->total;

	print_summary(r);
	if (r->children)
		printf("#  Children     Self        Cycles  %-32s  Cycle stack\n",
		       "Function");
	else if (r->view.sort == PICS_UNIT_INSN)
		printf("#   Share        Cycles  %-18s  %-24s  %-20s  Cycle stack\n",
		       "Instruction", "Function", "Line");
	else
		printf("#   Share        Cycles  %-32s  Cycle stack\n",
		       r->view.sort == PICS_UNIT_FUNC ? "Function" : "Line");
	for (size_t i = 0; i < shown_units(r); i++) {
		const struct pics_unit *u = pics_stacks_unit(r->st, i);
		char cycles[48], func[256], line[256];

		format_cycles(r->p, u->total, cycles, sizeof(cycles));
		/* with --children, Children then Self */
		printf("  %*.2f%%  ", r->children ? 8 : 6,
		       100.0 * fraction(u->total, total));
		if (r->children)
			printf("%6.2f%%  ", 100.0 * fraction(self_total(r, u), total));
		printf("%12s  ", cycles);
		if (r->view.sort == PICS_UNIT_INSN) {
			describe_function(r->syms, u->key, func, sizeof(func));
			describe_line(r->syms, u->key, line, sizeof(line));
			printf("%-18s  %-24s  %-20s  ", u->name,
			       func[0] ? func : "-", line[0] ? line : "-");
		} else {
			printf("%-32s  ", u->name);
		}
		print_stack(stdout, pics_profile_meta(r->p), u);
		putchar('\n');
	}
}

/* ---- csv ---------------------------------------------------------------- */

/* With --children: the unit's own weight of the row's signature. */
static void print_csv_self(const struct report *r, const struct pics_unit *u,
			   uint64_t signature)
{
	uint64_t w = unit_weight(self_of(r, u), signature);
	char cycles[48];

	format_cycles(r->p, w, cycles, sizeof(cycles));
	printf(",%" PRIu64 ",%s,%.6f", w, cycles, fraction(w, r->total));
}

static void print_csv(const struct report *r)
{
	const struct pics_meta *m = pics_profile_meta(r->p);
	uint64_t total = r->total;

	printf("unit,function,line,signature,weight,cycles,share%s\n",
	       r->children ? ",self_weight,self_cycles,self_share" : "");
	for (size_t i = 0; i < shown_units(r); i++) {
		const struct pics_unit *u = pics_stacks_unit(r->st, i);
		char func[256], line[256];

		describe_function(r->syms, u->key, func, sizeof(func));
		describe_line(r->syms, u->key, line, sizeof(line));
		for (size_t c = 0; c < u->n_components; c++) {
			const struct pics_component *comp = &u->components[c];
			char sig[SIGNATURE_NAME_MAX];
			char cycles[48];

			pics_signature_name(m, comp->signature, sig,
					    sizeof(sig));
			format_cycles(r->p, comp->weight, cycles,
				      sizeof(cycles));
			print_csv_field(stdout, u->name);
			putchar(',');
			print_csv_field(stdout, r->view.sort == PICS_UNIT_FUNC ?
						u->name : func);
			putchar(',');
			print_csv_field(stdout, line);
			printf(",%s,%" PRIu64 ",%s,%.6f", sig, comp->weight,
			       cycles, fraction(comp->weight, total));
			if (r->children)
				print_csv_self(r, u, comp->signature);
			putchar('\n');
		}
	}
}

/* ---- json --------------------------------------------------------------- */

static void print_json_header(const struct report *r)
{
	const struct pics_meta *m = pics_profile_meta(r->p);
	struct pics_throttle throttle = pics_profile_throttle(r->p);
	uint64_t num, den;

	pics_profile_unit(r->p, &num, &den);
	printf("{\n  \"file\": ");
	print_json_string(stdout, r->files.input);
	printf(",\n  \"scheme\": ");
	print_json_string(stdout, m->scheme);
	printf(",\n  \"events\": [");
	for (unsigned i = 0; i < m->n_events; i++)
		printf("%s\"%s\"", i ? ", " : "", m->events[i]);
	printf("],\n  \"commit_width\": %u,\n  \"period\": %" PRIu64
	       ",\n  \"samples\": %" PRIu64 ",\n  \"lost\": %" PRIu64
	       ",\n  \"throttled\": {\"times\": %" PRIu64 ", \"cycles\": %" PRIu64 "}"
	       ",\n  \"cycles_per_weight\": {\"num\": %" PRIu64
	       ", \"den\": %" PRIu64 "},\n  \"total_weight\": %" PRIu64
	       ",\n  \"sort\": \"%s\",\n  \"children\": %s,\n  \"units_total\": %zu,\n",
	       m->commit_width, m->period, pics_profile_samples(r->p),
	       pics_profile_lost(r->p), throttle.times, throttle.cycles, num, den, r->total,
	       unit_kind_name(r->view.sort), r->children ? "true" : "false",
	       pics_stacks_count(r->st));
}

static void print_json_optional(const char *key, const char *value)
{
	printf(", \"%s\": ", key);
	if (value[0])
		print_json_string(stdout, value);
	else
		printf("null");
}

static void print_json_unit(const struct report *r, const struct pics_unit *u)
{
	const struct pics_meta *m = pics_profile_meta(r->p);
	char func[256], line[256];

	describe_function(r->syms, u->key, func, sizeof(func));
	describe_line(r->syms, u->key, line, sizeof(line));
	printf("    {\"unit\": ");
	print_json_string(stdout, u->name);
	printf(", \"address\": \"0x%" PRIx64 "\"", u->key);
	print_json_optional("function", func);
	print_json_optional("line", line);
	printf(", \"weight\": %" PRIu64 ", \"share\": %.6f", u->total,
	       fraction(u->total, r->total));
	if (r->children)
		printf(", \"self_weight\": %" PRIu64 ", \"self_share\": %.6f",
		       self_total(r, u), fraction(self_total(r, u), r->total));
	printf(",\n     \"stack\": [");
	for (size_t c = 0; c < u->n_components; c++) {
		const struct pics_component *comp = &u->components[c];
		char sig[SIGNATURE_NAME_MAX];

		pics_signature_name(m, comp->signature, sig, sizeof(sig));
		printf("%s{\"signature\": \"%s\", \"weight\": %" PRIu64
		       ", \"share\": %.6f",
		       c ? ", " : "", sig, comp->weight,
		       fraction(comp->weight, u->total));
		if (r->children)
			printf(", \"self_weight\": %" PRIu64,
			       unit_weight(self_of(r, u), comp->signature));
		putchar('}');
	}
	printf("]}");
}

static void print_json(const struct report *r)
{
	print_json_header(r);
	printf("  \"units\": [\n");
	for (size_t i = 0; i < shown_units(r); i++) {
		print_json_unit(r, pics_stacks_unit(r->st, i));
		printf("%s\n", i + 1 < shown_units(r) ? "," : "");
	}
	printf("  ]\n}\n");
}

/* ---- folded stacks --------------------------------------------------------- */

/* One line per unit and signature: "function;unit;signature cycles", the
 * input flame-graph tools take. */
static void print_folded(const struct report *r)
{
	const struct pics_meta *m = pics_profile_meta(r->p);

	for (size_t i = 0; i < shown_units(r); i++) {
		const struct pics_unit *u = pics_stacks_unit(r->st, i);
		char frames[600];
		const char *fname;
		uint64_t start;

		if (r->view.sort == PICS_UNIT_FUNC)
			snprintf(frames, sizeof(frames), "%s", u->name);
		else if (r->syms && pics_symbols_function(r->syms, u->key,
							   &fname, &start))
			snprintf(frames, sizeof(frames), "%s;%s", fname,
				 u->name);
		else
			snprintf(frames, sizeof(frames), "[unknown];%s",
				 u->name);
		for (size_t c = 0; c < u->n_components; c++) {
			char sig[SIGNATURE_NAME_MAX];
			char cycles[48];

			pics_signature_name(m, u->components[c].signature, sig,
					    sizeof(sig));
			format_cycles(r->p, u->components[c].weight, cycles,
				      sizeof(cycles));
			printf("%s;%s %s\n", frames, sig, cycles);
		}
	}
}

/* ---- command ------------------------------------------------------------ */

/* --children lists functions, in the formats that list units. */
static int check_children(struct report *r)
{
	if (!r->children)
		return 0;
	if (r->view.sort_set && r->view.sort != PICS_UNIT_FUNC) {
		cmd_error("report", "--children lists functions: --sort %s does not go with it",
			  unit_kind_name(r->view.sort));
		return EXIT_USAGE;
	}
	if (r->view.format == FORMAT_FOLDED) {
		cmd_error("report", "--children does not go with --format folded; 'teaperf flame --folded' folds the call stacks");
		return EXIT_USAGE;
	}
	r->view.sort = PICS_UNIT_FUNC;
	return 0;
}

static int parse_options(struct report *r, int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "input", required_argument, NULL, 'i' },
		STAGE_LONGOPT,
		VIEW_LONGOPTS,
		{ "children", no_argument, NULL, OPT_CHILDREN },
		{ "help", no_argument, NULL, 'h' },
		{ 0 }
	};
	int c, ret;

	while ((c = getopt_long(argc, argv, ":i:h", longopts, NULL)) != -1) {
		if (c == OPT_CHILDREN) {
			r->children = true;
			continue;
		}
		if (c == OPT_SORT && !strcmp(optarg, "data")) {
			r->data = true;
			continue;
		}
		ret = file_option("report", report_usage, &r->files, &r->view, c, argv);
		if (ret)
			return ret;
	}
	if (take_input_argument("report", argc, argv, &r->files.input,
				r->files.input_given) || check_children(r))
		return EXIT_USAGE;
	if (r->data && (r->children || r->view.sort_set || r->view.format != FORMAT_TEXT ||
			r->view.dsos)) {
		cmd_error("report", "--sort data goes with neither --children, another --sort, --dsos nor a --format other than text");
		return EXIT_USAGE;
	}
	return stage_input_resolve("report", &r->view.stage, &r->files.input);
}

/* The input, with --children its call graph, kept to --dsos (whose
 * ranges *@ranges gets for the call graph). */
static struct pics_profile *load_input(struct report *r, struct pics_callgraph **cg,
				       struct pics_range **ranges, size_t *n_ranges)
{
	struct pics_profile *p;

	if (r->children && !r->view.stage.stage)
		p = load_callgraph("report", r->files.input, cg);
	else
		p = load_stage_profile("report", &r->view.stage, r->files.input);
	if (!p)
		return NULL;
	r->all_weight = pics_profile_total_weight(p);
	if (r->view.dsos) {
		*ranges = dso_ranges("report", r->files.input, p, r->view.dsos, n_ranges);
		if (!*ranges || keep_ranges("report", &p, *ranges, *n_ranges)) {
			pics_profile_free(p);
			return NULL;
		}
	}
	if (r->children && !pics_callgraph_has_callers(*cg)) {
		cmd_error("report", "%s: no sample has callers (no call chains were recorded); reporting without --children",
			  r->files.input);
		r->children = false;
	}
	return p;
}

/* With --children: the children stacks to list, each unit's own stack
 * (@self) sorted by key to look up. */
static struct pics_stacks *children_stacks(struct report *r, const struct pics_callgraph *cg,
					   const struct pics_stacks *self,
					   const struct pics_range *ranges, size_t n_ranges,
					   struct pics_error *err)
{
	r->n_self = pics_stacks_count(self);
	r->self = calloc(r->n_self + 1, sizeof(*r->self));
	if (!r->self) {
		snprintf(err->msg, sizeof(err->msg), "out of memory");
		return NULL;
	}
	for (size_t i = 0; i < r->n_self; i++)
		r->self[i] = pics_stacks_unit(self, i);
	qsort(r->self, r->n_self, sizeof(*r->self), by_key);
	return pics_stacks_build_children(cg, r->syms, ranges, n_ranges, err);
}

static int report(struct report *r, const struct pics_callgraph *cg,
		  const struct pics_range *ranges, size_t n_ranges)
{
	static void (*const print[])(const struct report *) = {
		print_text, print_csv, print_json, print_folded
	};
	struct pics_stacks *st, *children = NULL;
	struct pics_error err;
	int ret = 0;

	st = pics_stacks_build(r->p, r->view.sort, r->syms, &err);
	if (st && r->children) {
		children = children_stacks(r, cg, st, ranges, n_ranges, &err);
		if (!children) {
			pics_stacks_free(st);
			st = NULL;
		}
	}
	if (!st) {
		cmd_error("report", "%s", err.msg);
		ret = 1;
	} else {
		r->st = children ? children : st;
		r->total = pics_stacks_total(st);
		print[r->view.format](r);
	}
	pics_stacks_free(children);
	pics_stacks_free(st);
	free(r->self);
	return ret;
}

int cmd_report(int argc, char **argv)
{
	struct report r = {
		.files.input = TEAPERF_DEFAULT_INPUT,
		.view.formats = FORMATS_ALL,
	};
	struct pics_callgraph *cg = NULL;
	struct pics_range *ranges = NULL;
	struct pics_symbols *syms;
	struct pics_profile *p;
	size_t n_ranges = 0;
	int ret = parse_options(&r, argc, argv);

	if (ret)
		return ret == OPTIONS_HELP ? 0 : ret;
	if (r.data)
		return report_data(r.files.input, &r.view);
	p = load_input(&r, &cg, &ranges, &n_ranges);
	if (p) {
		syms = open_symbols("report", p, &r.view.so);
		r.p = p;
		r.syms = syms;
		ret = report(&r, cg, ranges, n_ranges);
		pics_symbols_close(syms);
	} else {
		ret = 1;
	}
	free(ranges);
	pics_callgraph_free(cg);
	pics_profile_free(p);
	return ret;
}
