/* Checks TEA's profile of a directed program (tests/tea/NAME.c) against the
 * golden reference of the same run and against what the program is known
 * to do:
 *   check --golden G.prof --samples S.tea --elf P.elf [checks]
 *   --max-error PCT       TEA's instruction-level error vs the golden
 *                         reference (the paper's metric) is at most PCT
 *   --blame SYMBOL=EVENT  the instruction at SYMBOL (a label; for a
 *                         function, one of its instructions) carries the
 *                         most cycles with EVENT of all, in both profiles
 *   --stack SYMBOL=EVENT=PCT  at least PCT% of the cycles of the instruction
 *                         at SYMBOL carry EVENT, in both profiles
 *   --without SYMBOL=EVENT  the instruction at SYMBOL has cycles in the
 *                         golden reference and none of them carry EVENT,
 *                         nor do any TEA samples it has
 *   --share EVENT=PCT     at least PCT% of all cycles carry EVENT, in both
 *                         ("Base" for cycles with no event; E1,E2: either)
 *   --spread N=PCT        the N heaviest instructions each hold at least
 *                         PCT% of the cycles, in both (time shared out)
 *   --only F1,F2,...      (before the checks it applies to) from here on,
 *                         both profiles keep only the instructions of these
 *                         functions: for programs that sample part of a run
 *   --stage STAGE         from here on, the checks look at the golden
 *                         reference's dispatch or issue stage or its FLOPS
 *                         view (teasim --stages) alone, read afresh; its
 *                         cycles must be the run's, less at most 1% still
 *                         in flight when it ended
 * It first checks that the golden stacks add up to the run's cycles. It
 * prints what it measured and exits 1 at the first check that fails. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pics.h"

static struct pics_profile *golden, *tea;
static struct pics_symbols *syms;
/* the profiles the checks look at: golden, then TEA; with --stage, the
 * golden reference's view at that stage alone */
static int n_profiles = 2;
static const char *golden_name = "golden";
static uint64_t run_cycles;	/* of the golden reference */

static void die(const char *what, const struct pics_error *err)
{
	fprintf(stderr, "check: %s: %s\n", what, err ? err->msg : "");
	exit(1);
}

/* @names: "Base", an event, or events separated by commas (any of them). */
static uint64_t event_mask(const struct pics_meta *m, const char *names)
{
	uint64_t mask = 0;
	char name[PICS_EVENT_NAME_MAX];

	if (!strcmp(names, "Base"))
		return 0;
	for (const char *p = names; *p;) {
		size_t len = strcspn(p, ",");
		int i;

		snprintf(name, sizeof(name), "%.*s", (int)len, p);
		i = pics_meta_event_index(m, name);
		if (i < 0) {
			fprintf(stderr, "check: no event %s\n", name);
			exit(2);
		}
		mask |= 1ull << i;
		p += len + (p[len] == ',');
	}
	return mask;
}

/* Weight of the cycles carrying @event (0: Base, the empty signature). */
static uint64_t weight_of(const struct pics_unit *u, uint64_t event)
{
	uint64_t w = 0;

	for (size_t c = 0; c < u->n_components; c++) {
		uint64_t sig = u->components[c].signature;

		if (event ? (sig & event) != 0 : sig == 0)
			w += u->components[c].weight;
	}
	return w;
}

static struct pics_stacks *stacks(const struct pics_profile *p, enum pics_unit_kind k)
{
	struct pics_error err;
	struct pics_stacks *st = pics_stacks_build(p, k, NULL, &err);

	if (!st)
		die("stacks", &err);
	return st;
}

/* The instruction with the most cycles carrying @event. */
static uint64_t heaviest(const struct pics_profile *p, uint64_t event, double *share)
{
	struct pics_stacks *st = stacks(p, PICS_UNIT_INSN);
	uint64_t best = 0, best_w = 0, all = 0;

	for (size_t i = 0; i < pics_stacks_count(st); i++) {
		const struct pics_unit *u = pics_stacks_unit(st, i);
		uint64_t w = weight_of(u, event);

		all += w;
		if (w > best_w) {
			best_w = w;
			best = u->key;
		}
	}
	*share = all ? (double)best_w / (double)all : 0;
	pics_stacks_free(st);
	return best;
}

#define SYM_MAX 128

/* "SYMBOL=REST": copies SYMBOL to @sym (SYM_MAX bytes), finds its addresses
 * and returns REST; a malformed argument (@usage says the right form) or
 * an unknown symbol is a usage error. */
static const char *symbol_arg(const char *arg, const char *usage, char *sym, uint64_t *start,
			      uint64_t *end)
{
	const char *eq = strchr(arg, '=');

	if (!eq || eq - arg >= SYM_MAX) {
		fprintf(stderr, "check: %s\n", usage);
		exit(2);
	}
	memcpy(sym, arg, (size_t)(eq - arg));
	sym[eq - arg] = '\0';
	if (!pics_symbols_lookup(syms, sym, start, end)) {
		fprintf(stderr, "check: no symbol %s in the program\n", sym);
		exit(2);
	}
	return eq + 1;
}

/* The weight of the instruction at @addr in @p (0 when it has none), and
 * in *@with that of its cycles carrying @event. */
static uint64_t insn_weight(const struct pics_profile *p, uint64_t addr, uint64_t event,
			    uint64_t *with)
{
	struct pics_stacks *st = stacks(p, PICS_UNIT_INSN);
	uint64_t total = 0;

	*with = 0;
	for (size_t i = 0; i < pics_stacks_count(st); i++) {
		const struct pics_unit *u = pics_stacks_unit(st, i);

		if (u->key == addr) {
			total = u->total;
			*with = weight_of(u, event);
		}
	}
	pics_stacks_free(st);
	return total;
}

static int check_blame(const char *arg)
{
	char sym[SYM_MAX];
	uint64_t start, end;
	const char *ev = symbol_arg(arg, "--blame SYMBOL=EVENT", sym, &start, &end);

	for (int k = 0; k < n_profiles; k++) {
		const struct pics_profile *p = k ? tea : golden;
		double share;
		uint64_t at = heaviest(p, event_mask(pics_profile_meta(p), ev), &share);

		printf("%-7s %s is heaviest at 0x%llx (%.1f%% of its cycles); %s is 0x%llx\n",
		       k ? "TEA" : golden_name, ev, (unsigned long long)at, 100 * share, sym,
		       (unsigned long long)start);
		/* a label names one instruction, a function any of its own */
		if (end > start ? at < start || at >= end : at != start) {
			printf("FAIL: %s blames %s on 0x%llx, not on %s\n", k ? "TEA" : golden_name,
			       ev, (unsigned long long)at, sym);
			return 1;
		}
	}
	return 0;
}

/* Replaces the golden reference at @gpath by its view at @stage. */
static int switch_to_stage(const char *gpath, const char *stage)
{
	char path[PICS_PATH_MAX + 32];
	struct pics_error err;
	struct pics_profile *p;
	uint64_t run = run_cycles, seen;

	if (pics_stage_path(gpath, stage, path, sizeof(path), &err))
		die("--stage", &err);
	p = pics_profile_load(path, &err);
	if (!p)
		die(path, &err);
	seen = pics_profile_total_cycles(p);
	printf("%s stage: %llu cycles of the run's %llu\n", stage, (unsigned long long)seen,
	       (unsigned long long)run);
	pics_profile_free(golden);
	golden = p;
	golden_name = stage;
	n_profiles = 1;
	if (strcmp(pics_profile_meta(p)->scheme, pics_stage_scheme(stage))) {
		printf("FAIL: %s holds scheme %s\n", path, pics_profile_meta(p)->scheme);
		return 1;
	}
	if (seen > run || seen < run - run / 100) {
		printf("FAIL: the %s stage lost cycles\n", stage);
		return 1;
	}
	return 0;
}

static bool in_list(const char *list, const char *name)
{
	size_t n = strlen(name);

	for (const char *p = list; *p;) {
		const char *end = strchr(p, ',');
		size_t len = end ? (size_t)(end - p) : strlen(p);

		if (len == n && !strncmp(p, name, n))
			return true;
		p += len + (end != NULL);
	}
	return false;
}

struct restrict_ctx {
	struct pics_profile *out;
	const char *functions;
	struct pics_error *err;
};

static int keep_entry(const struct pics_entry *e, void *arg)
{
	struct restrict_ctx *r = arg;
	const char *name;
	uint64_t start;

	if (!pics_symbols_function(syms, e->addr, &name, &start) || !in_list(r->functions, name))
		return 0;
	return pics_profile_add(r->out, e->addr, e->signature, e->weight, r->err) ? -1 : 0;
}

/* Replaces *@p by its part in @functions. */
static void restrict_to(struct pics_profile **p, const char *functions)
{
	struct pics_error err;
	struct restrict_ctx r = { pics_profile_new(pics_profile_meta(*p), &err), functions, &err };

	if (!r.out || pics_profile_foreach(*p, keep_entry, &r))
		die("--only", &err);
	if (pics_profile_total_weight(r.out) == 0) {
		fprintf(stderr, "check: --only %s: no cycles in these functions\n", functions);
		exit(1);
	}
	pics_profile_set_counts(r.out, pics_profile_samples(*p), pics_profile_lost(*p));
	pics_profile_free(*p);
	*p = r.out;
}

static int check_share(const char *arg)
{
	char ev[64];
	const char *eq = strchr(arg, '=');

	if (!eq || (size_t)(eq - arg) >= sizeof(ev)) {
		fprintf(stderr, "check: --share EVENT=PCT\n");
		exit(2);
	}
	memcpy(ev, arg, (size_t)(eq - arg));
	ev[eq - arg] = '\0';
	for (int k = 0; k < n_profiles; k++) {
		const struct pics_profile *p = k ? tea : golden;
		struct pics_stacks *st = stacks(p, PICS_UNIT_PROGRAM);
		const struct pics_unit *u = pics_stacks_unit(st, 0);
		double share = (double)weight_of(u, event_mask(pics_profile_meta(p), ev)) /
			       (double)u->total;

		pics_stacks_free(st);
		printf("%-7s %s carries %.1f%% of the cycles (at least %s%% expected)\n",
		       k ? "TEA" : golden_name, ev, 100 * share, eq + 1);
		if (100 * share < atof(eq + 1)) {
			printf("FAIL: too little %s\n", ev);
			return 1;
		}
	}
	return 0;
}

static int check_stack(const char *arg)
{
	char sym[SYM_MAX], event[PICS_EVENT_NAME_MAX];
	uint64_t start, end;
	const char *rest = symbol_arg(arg, "--stack SYMBOL=EVENT=PCT", sym, &start, &end);
	const char *pct = strchr(rest, '=');

	if (!pct || (size_t)(pct - rest) >= sizeof(event)) {
		fprintf(stderr, "check: --stack SYMBOL=EVENT=PCT\n");
		exit(2);
	}
	memcpy(event, rest, (size_t)(pct - rest));
	event[pct - rest] = '\0';
	pct++;
	for (int k = 0; k < n_profiles; k++) {
		const struct pics_profile *p = k ? tea : golden;
		uint64_t with, total = insn_weight(p, start, event_mask(pics_profile_meta(p), event),
						   &with);
		double share;

		if (!total) {
			printf("FAIL: %s has no cycles at %s\n", k ? "TEA" : golden_name, sym);
			return 1;
		}
		share = (double)with / (double)total;
		printf("%-7s %.1f%% of the cycles of %s carry %s (at least %s%% expected)\n",
		       k ? "TEA" : golden_name, 100 * share, sym, event, pct);
		if (100 * share < atof(pct)) {
			printf("FAIL: too little %s at %s\n", event, sym);
			return 1;
		}
	}
	return 0;
}

static int check_without(const char *arg)
{
	char sym[SYM_MAX];
	uint64_t start, end;
	const char *event = symbol_arg(arg, "--without SYMBOL=EVENT", sym, &start, &end);

	for (int k = 0; k < n_profiles; k++) {
		const struct pics_profile *p = k ? tea : golden;
		uint64_t with, total = insn_weight(p, start, event_mask(pics_profile_meta(p), event),
						   &with);

		/* the golden reference gives every instruction that ran cycles;
		 * TEA's samples may miss one */
		if (!k && !total) {
			printf("FAIL: %s has no cycles at %s\n", golden_name, sym);
			return 1;
		}
		if (total)
			printf("%-7s %.1f%% of the cycles of %s carry %s (none expected)\n",
			       k ? "TEA" : golden_name, 100.0 * (double)with / (double)total, sym,
			       event);
		else
			printf("%-7s no sample of %s\n", k ? "TEA" : golden_name, sym);
		if (with) {
			printf("FAIL: %s carries %s\n", sym, event);
			return 1;
		}
	}
	return 0;
}

static int check_spread(const char *arg)
{
	unsigned n = (unsigned)atoi(arg);
	const char *eq = strchr(arg, '=');

	if (!eq || !n) {
		fprintf(stderr, "check: --spread N=PCT\n");
		exit(2);
	}
	for (int k = 0; k < n_profiles; k++) {
		const struct pics_profile *p = k ? tea : golden;
		struct pics_stacks *st = stacks(p, PICS_UNIT_INSN);
		uint64_t total = pics_stacks_total(st);
		double least = 1;

		for (unsigned i = 0; i < n; i++) {
			const struct pics_unit *u = i < pics_stacks_count(st) ?
						    pics_stacks_unit(st, i) : NULL;
			double s = u ? (double)u->total / (double)total : 0;

			least = s < least ? s : least;
		}
		pics_stacks_free(st);
		printf("%-7s the %u heaviest instructions hold at least %.1f%% each\n",
		       k ? "TEA" : golden_name, n, 100 * least);
		if (100 * least < atof(eq + 1)) {
			printf("FAIL: the cycles are not shared out\n");
			return 1;
		}
	}
	return 0;
}

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "golden", required_argument, NULL, 'g' },
		{ "samples", required_argument, NULL, 's' },
		{ "elf", required_argument, NULL, 'e' },
		{ "max-error", required_argument, NULL, 'm' },
		{ "blame", required_argument, NULL, 'b' },
		{ "share", required_argument, NULL, 'r' },
		{ "spread", required_argument, NULL, 'p' },
		{ "only", required_argument, NULL, 'o' },
		{ "stack", required_argument, NULL, 't' },
		{ "without", required_argument, NULL, 'w' },
		{ "stage", required_argument, NULL, 'S' },
		{ 0 }
	};
	const char *gpath = NULL, *spath = NULL, *elf = NULL;
	struct pics_error err;
	int c;

	/* inputs first: the checks run in the order given */
	while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
		if (c == 'g')
			gpath = optarg;
		else if (c == 's')
			spath = optarg;
		else if (c == 'e')
			elf = optarg;
		else if (c == '?')
			return 2;
	}
	if (!gpath || !spath || !elf) {
		fprintf(stderr, "check: --golden, --samples and --elf are required\n");
		return 2;
	}
	golden = pics_profile_load(gpath, &err);
	if (!golden)
		die(gpath, &err);
	tea = pics_profile_load(spath, &err);
	if (!tea)
		die(spath, &err);
	syms = pics_symbols_open(elf, &err);
	if (!syms)
		die(elf, &err);
	run_cycles = pics_profile_total_cycles(golden);
	printf("golden: %llu cycles; TEA: %llu samples, %llu lost\n",
	       (unsigned long long)pics_profile_total_cycles(golden),
	       (unsigned long long)pics_profile_samples(tea),
	       (unsigned long long)pics_profile_lost(tea));
	/* the golden reference attributes every cycle, exactly */
	double attributed = pics_profile_cycles(golden, pics_profile_total_weight(golden));

	if (attributed != (double)pics_profile_total_cycles(golden)) {
		printf("FAIL: the golden stacks hold %.2f cycles, not the run's %llu\n", attributed,
		       (unsigned long long)pics_profile_total_cycles(golden));
		return 1;
	}
	if (pics_profile_samples(tea) == 0) {
		printf("FAIL: no samples\n");
		return 1;
	}

	optind = 1;
	while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
		int bad = 0;

		if (c == 'm') {
			struct pics_comparison *cmp = pics_compare(tea, golden, PICS_UNIT_INSN,
								   NULL, &err);
			double e;

			if (!cmp)
				die("compare", &err);
			e = 100 * pics_comparison_error(cmp);
			pics_comparison_free(cmp);
			printf("TEA's instruction-level error vs golden: %.2f%% (at most %s%%)\n",
			       e, optarg);
			bad = e > atof(optarg);
		} else if (c == 'b') {
			bad = check_blame(optarg);
		} else if (c == 'r') {
			bad = check_share(optarg);
		} else if (c == 'p') {
			bad = check_spread(optarg);
		} else if (c == 't') {
			bad = check_stack(optarg);
		} else if (c == 'w') {
			bad = check_without(optarg);
		} else if (c == 'S') {
			bad = switch_to_stage(gpath, optarg);
		} else if (c == 'o') {
			restrict_to(&golden, optarg);
			/* a stage view reloads the golden reference alone */
			if (n_profiles > 1)
				restrict_to(&tea, optarg);
			printf("only the instructions of %s from here on\n", optarg);
		}
		if (bad)
			return 1;
	}
	printf("PASS\n");
	pics_symbols_close(syms);
	pics_profile_free(golden);
	pics_profile_free(tea);
	return 0;
}
