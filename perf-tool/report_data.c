/* teaperf report --sort data: the cycles of the sampled loads, stores and
 * AMOs by the data they accessed (the samples' data addresses, the
 * sampler's teadaddr): a variable of the program's symbols, or the 4 KiB
 * page for memory no symbol names (the heap, the stack). Each row has its
 * cycle stack, so it says whether the accesses to it missed the L1, the
 * TLB or the LLC. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "teaperf.h"

#define PAGE_MASK (~(uint64_t)0xfff)

/* One sampled access: its datum (a variable's start, or a page: name
 * NULL), its signature and its share of the sample. */
struct access {
	uint64_t key;
	const char *name;
	uint64_t sig, weight;
};

/* A datum's rows in the sorted accesses: [first, end), and its weight. */
struct datum {
	size_t first, end;
	uint64_t weight;
};

struct data_report {
	const struct pics_meta *m;
	const struct pics_symbols *syms;
	uint64_t unit;			/* a sample's weight units */
	struct access *a;
	size_t n, cap;
	uint64_t all, memory;		/* weight of every slot, of those with an address */
};

static int add_access(struct data_report *r, uint64_t addr, uint64_t sig, uint64_t weight)
{
	struct access *x;

	if (r->n == r->cap) {
		size_t cap = r->cap ? 2 * r->cap : 1024;
		struct access *grown = realloc(r->a, cap * sizeof(*grown));

		if (!grown)
			return -1;
		r->a = grown;
		r->cap = cap;
	}
	x = &r->a[r->n++];
	*x = (struct access){ .sig = sig, .weight = weight };
	if (!r->syms || !pics_symbols_data(r->syms, addr, &x->name, &x->key)) {
		x->name = NULL;
		x->key = addr & PAGE_MASK;
	}
	return 0;
}

/* Each slot's share of the sample, as pics_profile_add_sample gives it. */
static int add_sample(struct data_report *r, const struct pics_sample *s)
{
	uint64_t share = r->unit / (unsigned)__builtin_popcount(s->valid);

	for (unsigned i = 0; i < r->m->commit_width; i++) {
		if (!(s->valid >> i & 1))
			continue;
		r->all += share;
		if (!(s->daccess >> i & 1))
			continue;
		r->memory += share;
		if (add_access(r, s->daddr[i], s->psv[i], share))
			return -1;
	}
	return 0;
}

/* By datum (variables before pages at one address), then signature. */
static int by_datum(const void *a, const void *b)
{
	const struct access *x = a, *y = b;

	if (x->key != y->key)
		return x->key < y->key ? -1 : 1;
	if ((x->name == NULL) != (y->name == NULL))
		return x->name == NULL ? 1 : -1;
	return x->sig < y->sig ? -1 : x->sig > y->sig;
}

static bool same_datum(const struct access *x, const struct access *y)
{
	return x->key == y->key && (x->name == NULL) == (y->name == NULL);
}

static int heavier(const void *a, const void *b)
{
	const struct datum *x = a, *y = b;

	if (x->weight != y->weight)
		return x->weight < y->weight ? 1 : -1;
	return x->first < y->first ? -1 : x->first > y->first;
}

static double percent(uint64_t part, uint64_t whole)
{
	return whole ? 100.0 * (double)part / (double)whole : 0.0;
}

/* A signature's weight in a datum. */
struct sig_weight {
	uint64_t sig, weight;
};

static int sig_heavier(const void *a, const void *b)
{
	const struct sig_weight *x = a, *y = b;

	if (x->weight != y->weight)
		return x->weight < y->weight ? 1 : -1;
	return x->sig < y->sig ? -1 : x->sig > y->sig;
}

/* A datum's row, then a line per signature with its share of the row,
 * heaviest first (@stack: room for one per access of the datum). */
static void print_datum(const struct data_report *r, const struct datum *d,
			struct sig_weight *stack)
{
	const struct access *first = &r->a[d->first];
	double cycles = (double)d->weight * (double)r->m->period / (double)r->unit;
	size_t n = 0;

	if (first->name)
		printf("%7.2f%% %14.0f  %s (0x%" PRIx64 ")\n", percent(d->weight, r->all), cycles,
		       first->name, first->key);
	else
		printf("%7.2f%% %14.0f  [page 0x%" PRIx64 "]\n", percent(d->weight, r->all), cycles,
		       first->key);
	for (size_t i = d->first; i < d->end; i++) {
		if (!n || stack[n - 1].sig != r->a[i].sig)
			stack[n++] = (struct sig_weight){ .sig = r->a[i].sig };
		stack[n - 1].weight += r->a[i].weight;
	}
	qsort(stack, n, sizeof(*stack), sig_heavier);
	for (size_t i = 0; i < n; i++) {
		char sig[SIGNATURE_NAME_MAX];

		pics_signature_name(r->m, stack[i].sig, sig, sizeof(sig));
		printf("%28.1f%%  %s\n", percent(stack[i].weight, d->weight), sig);
	}
}

/* The accesses sorted into data, heaviest first. */
static int print(struct data_report *r, const struct view_options *v)
{
	/* at most a datum, and a signature of one, per access */
	struct datum *d = malloc(r->n * sizeof(*d));
	struct sig_weight *stack = malloc(r->n * sizeof(*stack));
	size_t n = 0, shown;

	if (!d || !stack) {
		free(d);
		free(stack);
		return -1;
	}
	qsort(r->a, r->n, sizeof(*r->a), by_datum);
	for (size_t i = 0; i < r->n; i++) {
		if (!i || !same_datum(&r->a[i], &r->a[i - 1]))
			d[n++] = (struct datum){ .first = i };
		d[n - 1].end = i + 1;
		d[n - 1].weight += r->a[i].weight;
	}
	qsort(d, n, sizeof(*d), heavier);
	printf("# %.1f%% of the sampled cycles went to instructions that accessed memory;\n"
	       "# by the data they accessed (a variable, or the 4 KiB page), each with\n"
	       "# its cycle stack\n", percent(r->memory, r->all));
	printf("%8s %14s  %s\n", "Cycles%", "Cycles", "Data");
	shown = view_shown(v, n);
	for (size_t i = 0; i < shown; i++)
		print_datum(r, &d[i], stack);
	free(stack);
	free(d);
	return 0;
}

int report_data(const char *input, const struct view_options *v)
{
	struct data_report r = { 0 };
	struct pics_sample_reader *in;
	struct pics_symbols *syms;
	struct pics_profile *p;
	struct pics_error err;
	struct pics_sample s;
	int ret;

	/* the profile for the symbols: a recording's mappings may follow
	 * its samples, so the samples are read again below */
	p = load_profile("report", input);
	if (!p)
		return 1;
	syms = open_symbols("report", p, &v->so);
	r.syms = syms;
	in = pics_sample_reader_open(input, &err);
	if (!in) {
		cmd_error("report", "%s: --sort data needs a sample file (%s)", input, err.msg);
		ret = 1;
		goto out;
	}
	r.m = pics_sample_reader_meta(in);
	r.unit = pics_weight_unit(r.m->commit_width);
	while ((ret = pics_sample_reader_next(in, &s, &err)) > 0) {
		if (add_sample(&r, &s)) {
			snprintf(err.msg, sizeof(err.msg), "out of memory");
			ret = -1;
			break;
		}
	}
	if (ret < 0) {
		cmd_error("report", "%s", err.msg);
	} else if (!r.n) {
		cmd_error("report", "%s: no sample has a data address (samples of TEA map version 6 on carry them)",
			  input);
		ret = -1;
	} else if (print(&r, v)) {
		cmd_error("report", "out of memory");
		ret = -1;
	}
	ret = ret < 0;
	pics_sample_reader_close(in);
out:
	free(r.a);
	pics_symbols_close(syms);
	pics_profile_free(p);
	return ret;
}
