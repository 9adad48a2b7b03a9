/* teaperf diff: what changed between two profiles (before and after an
 * optimisation), per unit and per signature, largest change first. */
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "teaperf.h"

static const char diff_usage[] =
	"usage: teaperf diff [OPTIONS] BEFORE AFTER\n"
	"\n"
	"Shows what changed between two sample files or profiles, such as\n"
	"before and after an optimisation: per instruction (or function, or\n"
	"source line) the cycles before and after, the change, and the change\n"
	"of each signature; largest change first, totals last. Units are\n"
	"matched by name (the address of an instruction, the name of a function,\n"
	"file:line), signatures by their event names. Change% is the change as\n"
	"a share of BEFORE's total cycles.\n"
	"\n"
	"      --sort KEY        insn (default), func or line\n"
	"      --top N           show the N largest changes; 0 shows all\n"
	TOP_DEFAULT_HELP
	"      --format FMT      text (default), csv or json\n"
	"      --binary ELF      symbols for both files from ELF instead of\n"
	"                        each file's binary\n"
	SYMBOL_HELP
	"      --no-symbols      addresses only\n"
	DSOS_HELP
	"                        (each file's own mappings of those names)\n"
	"  -h, --help            this help\n";

typedef unsigned __int128 u128;

enum { BEFORE, AFTER };

struct change {
	size_t sig;		/* index into struct diff's signature names */
	u128 cycles[2];		/* scaled: divide by struct diff's den */
};

struct row {
	const char *name;
	uint64_t key;		/* an address for describe_function */
	const struct pics_symbols *syms;
	u128 cycles[2];
	u128 churn;		/* sum of the signatures' absolute changes */
	struct change *changes;	/* largest change first */
	size_t n_changes;
};

struct diff {
	const char *input[2];
	struct view_options view;
	struct pics_profile *p[2];
	struct pics_symbols *syms[2];
	struct pics_stacks *st[2];
	/* Cycles are kept exactly as multiples of 1/den, den being the least
	 * common multiple of the two profiles' weight units. */
	uint64_t den;
	u128 scale[2];		/* weight -> scaled cycles */
	struct row *rows;
	size_t n_rows;
	char (*sig_names)[SIGNATURE_NAME_MAX];
	size_t n_sigs;
	u128 (*sig_totals)[2];
	u128 totals[2];
};

/* ---- exact cycles ------------------------------------------------------- */

static uint64_t gcd(uint64_t a, uint64_t b)
{
	while (b) {
		uint64_t t = a % b;

		a = b;
		b = t;
	}
	return a;
}

/* Every sum below is at most a profile's total weight times its scale;
 * checking that product once keeps all of them exact. */
static int set_scales(struct diff *d)
{
	uint64_t num[2], den[2];
	u128 total;

	for (int s = 0; s < 2; s++)
		pics_profile_unit(d->p[s], &num[s], &den[s]);
	d->den = den[0] / gcd(den[0], den[1]) * den[1];
	for (int s = 0; s < 2; s++) {
		d->scale[s] = (u128)num[s] * (d->den / den[s]);
		if (__builtin_mul_overflow(
			    (u128)pics_profile_total_weight(d->p[s]),
			    d->scale[s], &total)) {
			cmd_error("diff", "%s: cycle counts too large to compare exactly",
				  d->input[s]);
			return -1;
		}
	}
	return 0;
}

static u128 scaled(const struct diff *d, int side, uint64_t weight)
{
	return (u128)weight * d->scale[side];
}

static u128 magnitude(const u128 c[2])
{
	return c[AFTER] > c[BEFORE] ? c[AFTER] - c[BEFORE]
				    : c[BEFORE] - c[AFTER];
}

static void format_value(const struct diff *d, u128 v, char *buf, size_t len)
{
	format_ratio(v, false, d->den, false, buf, len);
}

static void format_change(const struct diff *d, const u128 c[2], bool sign,
			  char *buf, size_t len)
{
	format_ratio(magnitude(c), c[AFTER] < c[BEFORE], d->den, sign, buf,
		     len);
}

/* The change as a share of BEFORE's total; NaN when that is empty. */
static double change_share(const struct diff *d, const u128 c[2])
{
	double m = (double)magnitude(c);

	if (!d->totals[BEFORE])
		return NAN;
	return (c[AFTER] < c[BEFORE] ? -m : m) / (double)d->totals[BEFORE];
}

/* ---- matching the two sides --------------------------------------------- */

struct side_unit {
	const struct pics_unit *u;
	int side;
};

static int by_name_then_side(const void *a, const void *b)
{
	const struct side_unit *x = a, *y = b;
	int c = strcmp(x->u->name, y->u->name);

	return c ? c : x->side - y->side;
}

/* Signatures of both sides by name; room for all was made up front. */
static size_t intern_signature(struct diff *d, int side, uint64_t signature)
{
	char name[SIGNATURE_NAME_MAX];

	pics_signature_name(pics_profile_meta(d->p[side]), signature, name,
			    sizeof(name));
	for (size_t i = 0; i < d->n_sigs; i++)
		if (!strcmp(d->sig_names[i], name))
			return i;
	memcpy(d->sig_names[d->n_sigs], name, sizeof(name));
	return d->n_sigs++;
}

static int largest_change_first(const void *a, const void *b)
{
	const struct change *x = a, *y = b;
	u128 mx = magnitude(x->cycles), my = magnitude(y->cycles);

	if (mx != my)
		return mx > my ? -1 : 1;
	return x->sig < y->sig ? -1 : x->sig > y->sig;
}

static void add_side(struct diff *d, struct row *r, int side,
		     const struct pics_unit *u)
{
	r->cycles[side] = scaled(d, side, u->total);
	for (size_t c = 0; c < u->n_components; c++) {
		const struct pics_component *comp = &u->components[c];
		size_t sig = intern_signature(d, side, comp->signature);
		u128 v = scaled(d, side, comp->weight);
		struct change *ch = NULL;

		for (size_t i = 0; i < r->n_changes && !ch; i++)
			if (r->changes[i].sig == sig)
				ch = &r->changes[i];
		if (!ch) {
			ch = &r->changes[r->n_changes++];
			ch->sig = sig;
		}
		ch->cycles[side] += v;
		d->sig_totals[sig][side] += v;
	}
	d->totals[side] += r->cycles[side];
}

/* One row per unit name of either side. */
static int fill_row(struct diff *d, struct row *r, const struct side_unit *su,
		    size_t n)
{
	size_t comps = 0;

	for (size_t i = 0; i < n; i++)
		comps += su[i].u->n_components;
	r->changes = calloc(comps + 1, sizeof(*r->changes));
	if (!r->changes) {
		cmd_error("diff", "out of memory");
		return -1;
	}
	r->name = su[0].u->name;
	r->key = su[0].u->key;
	r->syms = d->syms[su[0].side];
	for (size_t i = 0; i < n; i++)
		add_side(d, r, su[i].side, su[i].u);
	qsort(r->changes, r->n_changes, sizeof(*r->changes),
	      largest_change_first);
	for (size_t i = 0; i < r->n_changes; i++)
		r->churn += magnitude(r->changes[i].cycles);
	return 0;
}

/* By the change of the unit's cycles, then by how much its stack moved
 * between signatures (a stall of one kind turned into another). */
static int largest_row_change_first(const void *a, const void *b)
{
	const struct row *x = a, *y = b;
	u128 mx = magnitude(x->cycles), my = magnitude(y->cycles);

	if (mx != my)
		return mx > my ? -1 : 1;
	if (x->churn != y->churn)
		return x->churn > y->churn ? -1 : 1;
	return strcmp(x->name, y->name);
}

static int match_units(struct diff *d)
{
	size_t n[2] = { pics_stacks_count(d->st[BEFORE]),
			pics_stacks_count(d->st[AFTER]) };
	size_t total = n[0] + n[1], sigs = 0, k = 0;
	struct side_unit *su = calloc(total + 1, sizeof(*su));

	d->rows = calloc(total + 1, sizeof(*d->rows));
	for (int s = 0; s < 2 && su; s++)
		for (size_t i = 0; i < n[s]; i++) {
			su[k].u = pics_stacks_unit(d->st[s], i);
			su[k++].side = s;
			sigs += su[k - 1].u->n_components;
		}
	d->sig_names = calloc(sigs + 1, sizeof(*d->sig_names));
	d->sig_totals = calloc(sigs + 1, sizeof(*d->sig_totals));
	if (!su || !d->rows || !d->sig_names || !d->sig_totals) {
		free(su);
		cmd_error("diff", "out of memory");
		return -1;
	}
	qsort(su, total, sizeof(*su), by_name_then_side);
	for (size_t i = 0, j; i < total; i = j) {
		j = i + 1;
		while (j < total && !strcmp(su[j].u->name, su[i].u->name))
			j++;
		if (fill_row(d, &d->rows[d->n_rows++], su + i, j - i)) {
			free(su);
			return -1;
		}
	}
	free(su);
	qsort(d->rows, d->n_rows, sizeof(*d->rows), largest_row_change_first);
	return 0;
}

/* ---- output -------------------------------------------------------------- */

static size_t shown(const struct diff *d)
{
	return view_shown(&d->view, d->n_rows);
}

static size_t changed_rows(const struct diff *d)
{
	size_t n = 0;

	for (size_t i = 0; i < d->n_rows; i++)
		n += d->rows[i].churn != 0;
	return n;
}

static const char *const plural[] = {
	[PICS_UNIT_INSN] = "instructions",
	[PICS_UNIT_FUNC] = "functions",
	[PICS_UNIT_LINE] = "source lines",
};

static void print_share(double share)
{
	if (isnan(share))
		printf("  %8s", "-");
	else
		printf("  %+7.2f%%", 100.0 * share);
}

static void print_text_header(const struct diff *d)
{
	static const char *const side_title[] = { "Before:", "After: " };
	char cycles[48], change[48];

	for (int s = 0; s < 2; s++) {
		format_value(d, d->totals[s], cycles, sizeof(cycles));
		printf("# %s %s: scheme %s, %s cycles\n", side_title[s],
		       d->input[s], pics_profile_meta(d->p[s])->scheme, cycles);
	}
	format_change(d, d->totals, true, change, sizeof(change));
	printf("# Change: %s cycles", change);
	if (d->totals[BEFORE])
		printf(" (%+.2f%%)", 100.0 * change_share(d, d->totals));
	printf("; %zu %s, %zu changed, showing %zu\n#\n", d->n_rows,
	       plural[d->view.sort], changed_rows(d), shown(d));
}

static void print_text_row(const struct diff *d, const struct row *r)
{
	char before[48], after[48], change[48], func[256];
	/* Name columns are padded only when changes follow them. */
	int pad = r->churn ? 1 : 0;

	format_value(d, r->cycles[BEFORE], before, sizeof(before));
	format_value(d, r->cycles[AFTER], after, sizeof(after));
	format_change(d, r->cycles, true, change, sizeof(change));
	printf("  %10s  %10s  %10s", before, after, change);
	print_share(change_share(d, r->cycles));
	if (d->view.sort == PICS_UNIT_INSN) {
		describe_function(r->syms, r->key, func, sizeof(func));
		printf("  %-18s  %-*s", r->name, pad * 24, func[0] ? func : "-");
	} else {
		printf("  %-*s", pad * 32, r->name);
	}
	for (size_t c = 0; c < r->n_changes; c++) {
		const struct change *ch = &r->changes[c];

		if (ch->cycles[BEFORE] == ch->cycles[AFTER])
			continue;
		format_change(d, ch->cycles, true, change, sizeof(change));
		printf("  %s %s", d->sig_names[ch->sig], change);
	}
	putchar('\n');
}

struct ranked_signature {
	size_t index;
	u128 change;
};

static int largest_total_change_first(const void *a, const void *b)
{
	const struct ranked_signature *x = a, *y = b;

	if (x->change != y->change)
		return x->change > y->change ? -1 : 1;
	return x->index < y->index ? -1 : x->index > y->index;
}

/* Signature indices by the size of their whole-program change. */
static size_t *signature_order(const struct diff *d)
{
	struct ranked_signature *rank = calloc(d->n_sigs + 1, sizeof(*rank));
	size_t *order = calloc(d->n_sigs + 1, sizeof(*order));

	if (!rank || !order) {
		free(rank);
		free(order);
		return NULL;
	}
	for (size_t i = 0; i < d->n_sigs; i++)
		rank[i] = (struct ranked_signature){
			i, magnitude(d->sig_totals[i])
		};
	qsort(rank, d->n_sigs, sizeof(*rank), largest_total_change_first);
	for (size_t i = 0; i < d->n_sigs; i++)
		order[i] = rank[i].index;
	free(rank);
	return order;
}

static void print_text_totals(const struct diff *d, const size_t *order)
{
	char before[48], after[48], change[48];

	printf("#\n# Whole program, by signature:\n");
	printf("#  %-30s  %10s  %10s  %10s  Change%%\n", "Signature", "Before",
	       "After", "Change");
	for (size_t i = 0; i <= d->n_sigs; i++) {
		const u128 *c = i < d->n_sigs ? d->sig_totals[order[i]]
					      : d->totals;

		format_value(d, c[BEFORE], before, sizeof(before));
		format_value(d, c[AFTER], after, sizeof(after));
		format_change(d, c, true, change, sizeof(change));
		printf("   %-30s  %10s  %10s  %10s",
		       i < d->n_sigs ? d->sig_names[order[i]] : "total", before,
		       after, change);
		print_share(change_share(d, c));
		putchar('\n');
	}
}

static void print_text(const struct diff *d, const size_t *order)
{
	print_text_header(d);
	printf("#     Before       After      Change   Change%%  %s  Change by signature\n",
	       d->view.sort == PICS_UNIT_INSN ? "Instruction         Function                "
	       : d->view.sort == PICS_UNIT_FUNC ? "Function                        "
					   : "Line                            ");
	for (size_t i = 0; i < shown(d); i++)
		print_text_row(d, &d->rows[i]);
	print_text_totals(d, order);
}

static void print_csv_line(const struct diff *d, const char *unit,
			   const char *func, const char *sig, const u128 c[2])
{
	char before[48], after[48], change[48];

	format_value(d, c[BEFORE], before, sizeof(before));
	format_value(d, c[AFTER], after, sizeof(after));
	format_change(d, c, false, change, sizeof(change));
	print_csv_field(stdout, unit);
	putchar(',');
	print_csv_field(stdout, func);
	printf(",%s,%s,%s,%s\n", sig, before, after, change);
}

/* One line per unit ("(all)" signatures) and per unit and signature, then
 * the whole program's as unit "(total)". */
static void print_csv(const struct diff *d, const size_t *order)
{
	printf("unit,function,signature,before,after,change\n");
	for (size_t i = 0; i < shown(d); i++) {
		const struct row *r = &d->rows[i];
		char func[256] = "";

		if (d->view.sort == PICS_UNIT_INSN)
			describe_function(r->syms, r->key, func, sizeof(func));
		print_csv_line(d, r->name, func, "(all)", r->cycles);
		for (size_t c = 0; c < r->n_changes; c++)
			print_csv_line(d, r->name, func,
				       d->sig_names[r->changes[c].sig],
				       r->changes[c].cycles);
	}
	print_csv_line(d, "(total)", "", "(all)", d->totals);
	for (size_t i = 0; i < d->n_sigs; i++)
		print_csv_line(d, "(total)", "", d->sig_names[order[i]],
			       d->sig_totals[order[i]]);
}

static void print_json_values(const struct diff *d, const u128 c[2])
{
	char before[48], after[48], change[48];

	format_value(d, c[BEFORE], before, sizeof(before));
	format_value(d, c[AFTER], after, sizeof(after));
	format_change(d, c, false, change, sizeof(change));
	printf("\"before\": %s, \"after\": %s, \"change\": %s", before, after,
	       change);
}

static void print_json_row(const struct diff *d, const struct row *r)
{
	char func[256] = "";

	printf("    {\"unit\": ");
	print_json_string(stdout, r->name);
	if (d->view.sort == PICS_UNIT_INSN) {
		describe_function(r->syms, r->key, func, sizeof(func));
		printf(", \"function\": ");
		if (func[0])
			print_json_string(stdout, func);
		else
			printf("null");
	}
	printf(", ");
	print_json_values(d, r->cycles);
	printf(",\n     \"signatures\": [");
	for (size_t c = 0; c < r->n_changes; c++) {
		printf("%s{\"signature\": \"%s\", ", c ? ", " : "",
		       d->sig_names[r->changes[c].sig]);
		print_json_values(d, r->changes[c].cycles);
		putchar('}');
	}
	printf("]}");
}

static void print_json(const struct diff *d, const size_t *order)
{
	printf("{\n  \"before\": ");
	print_json_string(stdout, d->input[BEFORE]);
	printf(",\n  \"after\": ");
	print_json_string(stdout, d->input[AFTER]);
	printf(",\n  \"sort\": \"%s\",\n  \"units_total\": %zu,\n  \"total\": {",
	       unit_kind_name(d->view.sort), d->n_rows);
	print_json_values(d, d->totals);
	printf("},\n  \"units\": [\n");
	for (size_t i = 0; i < shown(d); i++) {
		print_json_row(d, &d->rows[i]);
		printf("%s\n", i + 1 < shown(d) ? "," : "");
	}
	printf("  ],\n  \"signatures\": [");
	for (size_t i = 0; i < d->n_sigs; i++) {
		printf("%s\n    {\"signature\": \"%s\", ", i ? "," : "",
		       d->sig_names[order[i]]);
		print_json_values(d, d->sig_totals[order[i]]);
		putchar('}');
	}
	printf("\n  ]\n}\n");
}

/* ---- command ---------------------------------------------------------- */

static int parse_options(struct diff *d, int argc, char **argv)
{
	static const struct option longopts[] = {
		VIEW_LONGOPTS,
		{ "help", no_argument, NULL, 'h' },
		{ 0 }
	};
	int c;

	while ((c = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
		switch (c) {
		case 'h':
			fputs(diff_usage, stdout);
			return OPTIONS_HELP;
		default:
			if (view_option("diff", &d->view, c, argv))
				return EXIT_USAGE;
		}
	}
	if (argc - optind != 2) {
		cmd_error("diff", "expected two files, BEFORE and AFTER; got %d",
			  argc - optind);
		return EXIT_USAGE;
	}
	d->input[BEFORE] = argv[optind];
	d->input[AFTER] = argv[optind + 1];
	return 0;
}

static int run(struct diff *d)
{
	struct pics_error err;
	size_t *order;

	for (int s = 0; s < 2; s++) {
		d->syms[s] = open_symbols("diff", d->p[s], &d->view.so);
		d->st[s] = pics_stacks_build(d->p[s], d->view.sort, d->syms[s],
					     &err);
		if (!d->st[s]) {
			cmd_error("diff", "%s: %s", d->input[s], err.msg);
			return 1;
		}
	}
	if (set_scales(d) || match_units(d))
		return 1;
	order = signature_order(d);
	if (!order) {
		cmd_error("diff", "out of memory");
		return 1;
	}
	if (d->view.format == FORMAT_TEXT)
		print_text(d, order);
	else if (d->view.format == FORMAT_CSV)
		print_csv(d, order);
	else
		print_json(d, order);
	free(order);
	return 0;
}

static void free_diff(struct diff *d)
{
	for (size_t i = 0; i < d->n_rows; i++)
		free(d->rows[i].changes);
	free(d->rows);
	free(d->sig_names);
	free(d->sig_totals);
	for (int s = 0; s < 2; s++) {
		pics_stacks_free(d->st[s]);
		pics_symbols_close(d->syms[s]);
		pics_profile_free(d->p[s]);
	}
}

int cmd_diff(int argc, char **argv)
{
	struct diff d = { .view.formats = FORMATS_TABLE };
	int ret = parse_options(&d, argc, argv);

	if (ret)
		return ret == OPTIONS_HELP ? 0 : ret;
	for (int s = 0; s < 2 && !ret; s++) {
		d.p[s] = load_profile("diff", d.input[s]);
		ret = !d.p[s] ||
		      keep_dsos("diff", d.input[s], &d.p[s], d.view.dsos);
	}
	if (!ret)
		ret = run(&d);
	free_diff(&d);
	return ret;
}
