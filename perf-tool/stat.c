/* teaperf stat: the whole program's cycle stack, by signature and by
 * event. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "teaperf.h"

static const char stat_usage[] =
	"usage: teaperf stat [OPTIONS] [FILE]\n"
	"\n"
	"Prints the whole program's cycle stack: the cycles of each signature\n"
	"(Base, or a combination of events), then the cycles that carry each\n"
	"event alone or combined with others.\n"
	"\n"
	"  -i, --input FILE      file to read (default " TEAPERF_DEFAULT_INPUT ")\n"
	STAGE_HELP
	"      --format FMT      text (default), csv or json\n"
	DSOS_HELP
	"  -h, --help            this help\n";

struct stat_view {
	const char *input;
	struct view_options view;	/* --format and --dsos */
	const struct pics_profile *p;
	const struct pics_unit *program;	/* NULL for an empty profile */
	uint64_t event_weight[PICS_MAX_EVENTS];
};

static uint64_t program_total(const struct stat_view *v)
{
	return v->program ? v->program->total : 0;
}

static size_t components(const struct stat_view *v)
{
	return v->program ? v->program->n_components : 0;
}

/* The FLOPS view's slot is 2 flops, its Base the flops done. */
static void print_flops(const struct stat_view *v)
{
	uint64_t useful = 0, total = program_total(v);

	for (size_t c = 0; c < components(v); c++)
		if (!v->program->components[c].signature)
			useful = v->program->components[c].weight;
	printf("  %14.3f  flops per cycle, of a peak of 2 (one FMA unit)\n",
	       2.0 * fraction(useful, total));
}

static void print_text(const struct stat_view *v)
{
	const struct pics_meta *m = pics_profile_meta(v->p);
	uint64_t total = program_total(v);
	char cycles[48], sig[SIGNATURE_NAME_MAX];

	format_cycles(v->p, total, cycles, sizeof(cycles));
	printf("\n Cycle stack of ");
	if (v->view.dsos)
		printf("%s in ", v->view.dsos);
	printf("'%s' (scheme %s, %" PRIu64
	       " samples, period %" PRIu64 ", %" PRIu64 " lost):\n\n",
	       v->input, m->scheme, pics_profile_samples(v->p), m->period,
	       pics_profile_lost(v->p));
	printf("  %14s  cycles\n", cycles);
	if (!strcmp(m->scheme, pics_stage_scheme("flops")))
		print_flops(v);
	printf("\n     Share          Cycles  Signature\n");
	for (size_t c = 0; c < components(v); c++) {
		const struct pics_component *comp = &v->program->components[c];

		format_cycles(v->p, comp->weight, cycles, sizeof(cycles));
		pics_signature_name(m, comp->signature, sig, sizeof(sig));
		printf("   %6.2f%%  %14s  %s\n", 100.0 * fraction(comp->weight, total),
		       cycles, sig);
	}
	printf("\n     Share          Cycles  Event (alone or combined)\n");
	for (unsigned e = 0; e < m->n_events; e++) {
		format_cycles(v->p, v->event_weight[e], cycles, sizeof(cycles));
		printf("   %6.2f%%  %14s  %s\n",
		       100.0 * fraction(v->event_weight[e], total), cycles,
		       m->events[e]);
	}
	putchar('\n');
}

static void print_csv(const struct stat_view *v)
{
	const struct pics_meta *m = pics_profile_meta(v->p);
	char cycles[48], sig[SIGNATURE_NAME_MAX];

	printf("signature,weight,cycles,share\n");
	for (size_t c = 0; c < components(v); c++) {
		const struct pics_component *comp = &v->program->components[c];

		format_cycles(v->p, comp->weight, cycles, sizeof(cycles));
		pics_signature_name(m, comp->signature, sig, sizeof(sig));
		printf("%s,%" PRIu64 ",%s,%.6f\n", sig, comp->weight, cycles,
		       fraction(comp->weight, program_total(v)));
	}
}

static void print_json(const struct stat_view *v)
{
	const struct pics_meta *m = pics_profile_meta(v->p);
	char sig[SIGNATURE_NAME_MAX];
	uint64_t num, den, total = program_total(v);

	pics_profile_unit(v->p, &num, &den);
	printf("{\n  \"file\": ");
	print_json_string(stdout, v->input);
	printf(",\n  \"scheme\": \"%s\",\n  \"samples\": %" PRIu64
	       ",\n  \"lost\": %" PRIu64 ",\n  \"cycles_per_weight\": {\"num\": %"
	       PRIu64 ", \"den\": %" PRIu64 "},\n  \"total_weight\": %" PRIu64
	       ",\n  \"stack\": [",
	       m->scheme, pics_profile_samples(v->p), pics_profile_lost(v->p),
	       num, den, total);
	for (size_t c = 0; c < components(v); c++) {
		const struct pics_component *comp = &v->program->components[c];

		pics_signature_name(m, comp->signature, sig, sizeof(sig));
		printf("%s\n    {\"signature\": \"%s\", \"weight\": %" PRIu64
		       ", \"share\": %.6f}",
		       c ? "," : "", sig, comp->weight,
		       fraction(comp->weight, total));
	}
	printf("\n  ],\n  \"events\": [");
	for (unsigned e = 0; e < m->n_events; e++)
		printf("%s\n    {\"event\": \"%s\", \"weight\": %" PRIu64
		       ", \"share\": %.6f}",
		       e ? "," : "", m->events[e], v->event_weight[e],
		       fraction(v->event_weight[e], total));
	printf("\n  ]\n}\n");
}

static int parse_options(struct stat_view *v, int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "input", required_argument, NULL, 'i' },
		STAGE_LONGOPT,
		FORMAT_LONGOPT,
		DSOS_LONGOPT,
		{ "help", no_argument, NULL, 'h' },
		{ 0 }
	};
	bool input_given = false;
	int c;

	while ((c = getopt_long(argc, argv, ":i:h", longopts, NULL)) != -1) {
		switch (c) {
		case 'i':
			v->input = optarg;
			input_given = true;
			break;
		case 'h':
			fputs(stat_usage, stdout);
			return OPTIONS_HELP;
		default:
			if (view_option("stat", &v->view, c, argv))
				return EXIT_USAGE;
		}
	}
	if (take_input_argument("stat", argc, argv, &v->input, input_given))
		return EXIT_USAGE;
	return stage_input_resolve("stat", &v->view.stage, &v->input);
}

int cmd_stat(int argc, char **argv)
{
	struct stat_view v = {
		.input = TEAPERF_DEFAULT_INPUT,
		.view.formats = FORMATS_TABLE,
	};
	struct pics_stacks *st;
	struct pics_profile *p;
	struct pics_error err;
	int ret = parse_options(&v, argc, argv);

	if (ret)
		return ret == OPTIONS_HELP ? 0 : ret;
	p = load_stage_profile("stat", &v.view.stage, v.input);
	if (!p)
		return 1;
	if (keep_dsos("stat", v.input, &p, v.view.dsos)) {
		pics_profile_free(p);
		return 1;
	}
	st = pics_stacks_build(p, PICS_UNIT_PROGRAM, NULL, &err);
	if (!st) {
		cmd_error("stat", "%s", err.msg);
		pics_profile_free(p);
		return 1;
	}
	v.p = p;
	v.program = pics_stacks_unit(st, 0);
	for (size_t c = 0; c < components(&v); c++)
		for (unsigned e = 0; e < pics_profile_meta(p)->n_events; e++)
			if (v.program->components[c].signature >> e & 1)
				v.event_weight[e] += v.program->components[c].weight;
	if (v.view.format == FORMAT_TEXT)
		print_text(&v);
	else if (v.view.format == FORMAT_CSV)
		print_csv(&v);
	else
		print_json(&v);
	pics_stacks_free(st);
	pics_profile_free(p);
	return 0;
}
