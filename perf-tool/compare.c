/* teaperf compare: the paper's error metric of a profile against a golden
 * reference, per instruction and per function, the overall figures last. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "teaperf.h"

static const char compare_usage[] =
	"usage: teaperf compare --reference REF [OPTIONS] FILE\n"
	"\n"
	"Measures how far FILE (samples or a profile) is from the reference\n"
	"REF, usually the golden profile teasim computes over every cycle. The\n"
	"reference is first restricted to the events FILE's scheme has; both\n"
	"are normalized to the same total; the error is the share of cycles not\n"
	"on the right unit and signature. Each unit's error is its part of the\n"
	"overall error, so a level's unit errors add up to its overall figure.\n"
	"\n"
	"  -r, --reference REF   reference profile or sample file (required)\n"
	"      --sort KEY        only this level: insn, func or line\n"
	"                        (default: insn, then func)\n"
	"      --top N           show the N units with the largest error; 0 all\n"
	TOP_DEFAULT_HELP
	"      --format FMT      text (default), csv or json\n"
	"      --binary ELF      symbols from ELF instead of FILE's binary\n"
	SYMBOL_HELP
	"      --no-symbols      addresses only (functions are then unknown)\n"
	"      --dsos LIST       compare only instructions in these mappings of\n"
	"                        FILE (paths or file names, comma-separated):\n"
	"                        both FILE and REF are restricted to their\n"
	"                        address ranges before normalizing\n"
	"  -h, --help            this help\n";

struct compare {
	const char *input, *reference;
	enum pics_unit_kind levels[2];
	size_t n_levels;
	struct view_options view;
	uint64_t all_weight[2];	/* of FILE and REF before --dsos */
	const struct pics_symbols *syms;
	struct pics_comparison *results[2];
};

static const char *const level_titles[] = {
	[PICS_UNIT_INSN] = "Instructions",
	[PICS_UNIT_FUNC] = "Functions",
	[PICS_UNIT_LINE] = "Source lines",
};

static const char *const level_names[] = {
	[PICS_UNIT_INSN] = "instruction",
	[PICS_UNIT_FUNC] = "function",
	[PICS_UNIT_LINE] = "source-line",
};

static size_t shown(const struct compare *c, const struct pics_comparison *r)
{
	return view_shown(&c->view, pics_comparison_count(r));
}

static void print_text_level(const struct compare *c, size_t l)
{
	const struct pics_comparison *r = c->results[l];
	enum pics_unit_kind kind = c->levels[l];

	printf("#\n# %s, largest error first (%zu of %zu):\n",
	       level_titles[kind], shown(c, r), pics_comparison_count(r));
	printf("#    Error    Profile  Reference  %s\n",
	       kind == PICS_UNIT_INSN ? "Instruction         Function"
	       : kind == PICS_UNIT_FUNC ? "Function" : "Line");
	for (size_t i = 0; i < shown(c, r); i++) {
		const struct pics_unit_error *u = pics_comparison_unit(r, i);
		char func[256];

		printf("  %7.3f%%  %8.2f%%  %8.2f%%  ", 100.0 * u->error,
		       100.0 * u->test_share, 100.0 * u->ref_share);
		if (kind == PICS_UNIT_INSN) {
			describe_function(c->syms, u->key, func, sizeof(func));
			printf("%-18s  %s\n", u->name, func[0] ? func : "-");
		} else {
			printf("%s\n", u->name);
		}
	}
}

static void print_text(const struct compare *c,
		       const struct pics_profile *test,
		       const struct pics_profile *ref)
{
	const struct pics_meta *tm = pics_profile_meta(test);

	printf("# %s (%s) against %s (%s), the reference restricted to the %u events of %s\n",
	       c->input, tm->scheme, c->reference,
	       pics_profile_meta(ref)->scheme, tm->n_events, tm->scheme);
	if (c->view.dsos)
		printf("# --dsos %s: %.2f%% of the profile's cycles, %.2f%% of the reference's\n",
		       c->view.dsos,
		       100.0 * fraction(pics_profile_total_weight(test),
					c->all_weight[0]),
		       100.0 * fraction(pics_profile_total_weight(ref),
					c->all_weight[1]));
	for (size_t l = 0; l < c->n_levels; l++)
		print_text_level(c, l);
	printf("#\n");
	for (size_t l = 0; l < c->n_levels; l++)
		printf("%s-level error: %.3f%%\n", level_names[c->levels[l]],
		       100.0 * pics_comparison_error(c->results[l]));
}

static void print_csv(const struct compare *c)
{
	printf("level,unit,function,error,profile_share,reference_share\n");
	for (size_t l = 0; l < c->n_levels; l++) {
		const struct pics_comparison *r = c->results[l];
		const char *level = unit_kind_name(c->levels[l]);

		for (size_t i = 0; i < shown(c, r); i++) {
			const struct pics_unit_error *u = pics_comparison_unit(r, i);
			char func[256];

			describe_function(c->syms, u->key, func, sizeof(func));
			printf("%s,", level);
			print_csv_field(stdout, u->name);
			putchar(',');
			print_csv_field(stdout, func);
			printf(",%.6f,%.6f,%.6f\n", u->error, u->test_share,
			       u->ref_share);
		}
	}
	for (size_t l = 0; l < c->n_levels; l++)
		printf("%s,(all),,%.6f,1.000000,1.000000\n",
		       unit_kind_name(c->levels[l]),
		       pics_comparison_error(c->results[l]));
}

static void print_json(const struct compare *c)
{
	printf("{\n  \"profile\": ");
	print_json_string(stdout, c->input);
	printf(",\n  \"reference\": ");
	print_json_string(stdout, c->reference);
	printf(",\n  \"levels\": [");
	for (size_t l = 0; l < c->n_levels; l++) {
		const struct pics_comparison *r = c->results[l];

		printf("%s\n    {\"level\": \"%s\", \"error\": %.6f, \"units_total\": %zu, \"units\": [",
		       l ? "," : "", unit_kind_name(c->levels[l]),
		       pics_comparison_error(r), pics_comparison_count(r));
		for (size_t i = 0; i < shown(c, r); i++) {
			const struct pics_unit_error *u = pics_comparison_unit(r, i);

			printf("%s\n      {\"unit\": ", i ? "," : "");
			print_json_string(stdout, u->name);
			printf(", \"address\": \"0x%" PRIx64 "\", \"error\": %.6f, \"profile_share\": %.6f, \"reference_share\": %.6f}",
			       u->key, u->error, u->test_share, u->ref_share);
		}
		printf("\n    ]}");
	}
	printf("\n  ]\n}\n");
}

static int parse_options(struct compare *c, int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "reference", required_argument, NULL, 'r' },
		VIEW_LONGOPTS,
		{ "help", no_argument, NULL, 'h' },
		{ 0 }
	};
	int opt;

	while ((opt = getopt_long(argc, argv, ":r:h", longopts, NULL)) != -1) {
		switch (opt) {
		case 'r':
			c->reference = optarg;
			break;
		case 'h':
			fputs(compare_usage, stdout);
			return OPTIONS_HELP;
		default:
			if (view_option("compare", &c->view, opt, argv))
				return EXIT_USAGE;
		}
	}
	if (!c->reference) {
		cmd_error("compare", "--reference REF is required");
		return EXIT_USAGE;
	}
	if (argc - optind != 1) {
		cmd_error("compare", "expected one FILE to compare, got %d",
			  argc - optind);
		return EXIT_USAGE;
	}
	c->input = argv[optind];
	/* --sort: that level only. */
	if (c->view.sort_set) {
		c->levels[0] = c->view.sort;
		c->n_levels = 1;
	}
	return 0;
}

static int run(struct compare *c, const struct pics_profile *test,
	       const struct pics_profile *ref)
{
	struct pics_symbols *syms;
	struct pics_error err;
	int ret = 0;

	syms = open_symbols("compare", test, &c->view.so);
	c->syms = syms;
	for (size_t l = 0; l < c->n_levels && !ret; l++) {
		c->results[l] = pics_compare(test, ref, c->levels[l], syms,
					     &err);
		if (!c->results[l]) {
			cmd_error("compare", "%s against %s: %s", c->input,
				  c->reference, err.msg);
			ret = 1;
		}
	}
	if (!ret && c->view.format == FORMAT_TEXT)
		print_text(c, test, ref);
	else if (!ret && c->view.format == FORMAT_CSV)
		print_csv(c);
	else if (!ret)
		print_json(c);
	for (size_t l = 0; l < c->n_levels; l++)
		pics_comparison_free(c->results[l]);
	pics_symbols_close(syms);
	return ret;
}

/* --dsos: the profile and the reference (which has no mappings of its
 * own, being of the whole system) keep the same address ranges, those of
 * the profile's named mappings, before pics_compare normalizes them. */
static int restrict_both(struct compare *c, struct pics_profile **test,
			 struct pics_profile **ref)
{
	struct pics_range *r;
	size_t n;
	int ret;

	c->all_weight[0] = pics_profile_total_weight(*test);
	c->all_weight[1] = pics_profile_total_weight(*ref);
	if (!c->view.dsos)
		return 0;
	r = dso_ranges("compare", c->input, *test, c->view.dsos, &n);
	if (!r)
		return 1;
	ret = keep_ranges("compare", test, r, n) ||
	      keep_ranges("compare", ref, r, n);
	free(r);
	return ret;
}

int cmd_compare(int argc, char **argv)
{
	struct compare c = {
		.levels = { PICS_UNIT_INSN, PICS_UNIT_FUNC },
		.n_levels = 2,
		.view.formats = FORMATS_TABLE,
	};
	struct pics_profile *test, *ref;
	int ret = parse_options(&c, argc, argv);

	if (ret)
		return ret == OPTIONS_HELP ? 0 : ret;
	test = load_profile("compare", c.input);
	if (!test)
		return 1;
	ref = load_profile("compare", c.reference);
	ret = ref ? restrict_both(&c, &test, &ref) : 1;
	if (!ret)
		ret = run(&c, test, ref);
	pics_profile_free(test);
	pics_profile_free(ref);
	return ret;
}
