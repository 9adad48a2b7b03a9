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

/* One datum: a variable, or a page (name NULL). */
struct datum {
	uint64_t key;			/* the variable's start, or the page */
	const char *name;
	uint64_t weight;		/* in units of period / unit cycles */
	uint64_t *by_sig;		/* weight per signature, n_sigs of them */
};

struct data_report {
	const struct pics_meta *m;
	const struct pics_symbols *syms;
	uint64_t unit;			/* a sample's weight units */
	struct datum *d;
	size_t n, cap;
	uint64_t sigs[64];		/* the signatures seen, in order */
	size_t n_sigs;
	uint64_t all, memory;		/* weight of every slot, of those with an address */
};

static size_t sig_index(struct data_report *r, uint64_t sig)
{
	for (size_t i = 0; i < r->n_sigs; i++)
		if (r->sigs[i] == sig)
			return i;
	if (r->n_sigs == sizeof(r->sigs) / sizeof(r->sigs[0]))
		return r->n_sigs - 1;	/* (more than 64 signatures: the last holds the rest) */
	r->sigs[r->n_sigs] = sig;
	return r->n_sigs++;
}

static struct datum *datum_of(struct data_report *r, uint64_t addr)
{
	const char *name = NULL;
	uint64_t key;

	if (!r->syms || !pics_symbols_data(r->syms, addr, &name, &key))
		key = addr & PAGE_MASK;
	for (size_t i = 0; i < r->n; i++)
		if (r->d[i].key == key && (r->d[i].name != NULL) == (name != NULL))
			return &r->d[i];
	if (r->n == r->cap) {
		size_t cap = r->cap ? 2 * r->cap : 64;
		struct datum *grown = realloc(r->d, cap * sizeof(*grown));

		if (!grown)
			return NULL;
		r->d = grown;
		r->cap = cap;
	}
	r->d[r->n] = (struct datum){ .key = key, .name = name,
				     .by_sig = calloc(64, sizeof(uint64_t)) };
	return r->d[r->n].by_sig ? &r->d[r->n++] : NULL;
}

/* Each slot's share of the sample, as pics_profile_add_sample gives it. */
static int add_sample(struct data_report *r, const struct pics_sample *s)
{
	unsigned n = (unsigned)__builtin_popcount(s->valid);
	uint64_t share = r->unit / n;

	for (unsigned i = 0; i < r->m->commit_width; i++) {
		struct datum *d;

		if (!(s->valid >> i & 1))
			continue;
		r->all += share;
		if (!(s->daccess >> i & 1))
			continue;
		d = datum_of(r, s->daddr[i]);
		if (!d)
			return -1;
		r->memory += share;
		d->weight += share;
		d->by_sig[sig_index(r, s->psv[i])] += share;
	}
	return 0;
}

static int heavier(const void *a, const void *b)
{
	const struct datum *x = a, *y = b;

	if (x->weight != y->weight)
		return x->weight < y->weight ? 1 : -1;
	return x->key < y->key ? -1 : x->key > y->key;
}

static double percent(uint64_t part, uint64_t whole)
{
	return whole ? 100.0 * (double)part / (double)whole : 0.0;
}

static void print(const struct data_report *r, size_t shown)
{
	printf("# %.1f%% of the sampled cycles went to instructions that accessed memory;\n"
	       "# by the data they accessed (a variable, or the 4 KiB page), each with\n"
	       "# its cycle stack\n", percent(r->memory, r->all));
	printf("%8s %14s  %s\n", "Cycles%", "Cycles", "Data");
	for (size_t i = 0; i < shown; i++) {
		const struct datum *d = &r->d[i];
		double cycles = (double)d->weight * (double)r->m->period / (double)r->unit;

		if (d->name)
			printf("%7.2f%% %14.0f  %s (0x%" PRIx64 ")\n", percent(d->weight, r->all),
			       cycles, d->name, d->key);
		else
			printf("%7.2f%% %14.0f  [page 0x%" PRIx64 "]\n", percent(d->weight, r->all),
			       cycles, d->key);
		for (size_t k = 0; k < r->n_sigs; k++) {
			char sig[SIGNATURE_NAME_MAX];

			if (!d->by_sig[k])
				continue;
			pics_signature_name(r->m, r->sigs[k], sig, sizeof(sig));
			printf("%28.1f%%  %s\n", percent(d->by_sig[k], d->weight), sig);
		}
	}
}

int report_data(const char *input, const struct view_options *v)
{
	struct data_report r = { 0 };
	struct pics_sample_reader *in;
	struct pics_profile *p;
	struct pics_error err;
	struct pics_sample s;
	bool any = false;
	int ret;

	p = load_profile("report", input);
	if (!p)
		return 1;
	r.syms = open_symbols("report", p, &v->so);
	in = pics_sample_reader_open(input, &err);
	if (!in) {
		cmd_error("report", "%s: --sort data needs a sample file (%s)", input, err.msg);
		ret = 1;
		goto out;
	}
	r.m = pics_sample_reader_meta(in);
	r.unit = pics_weight_unit(r.m->commit_width);
	while ((ret = pics_sample_reader_next(in, &s, &err)) > 0) {
		any |= s.daccess != 0;
		if (add_sample(&r, &s)) {
			cmd_error("report", "out of memory");
			ret = -1;
			break;
		}
	}
	if (ret < 0 && r.m) {
		cmd_error("report", "%s", err.msg);
	} else if (!any) {
		cmd_error("report", "%s: no sample has a data address (the hardware's map version 6 records them)",
			  input);
		ret = -1;
	} else {
		qsort(r.d, r.n, sizeof(*r.d), heavier);
		print(&r, view_shown(v, r.n));
	}
	ret = ret < 0;
	pics_sample_reader_close(in);
out:
	for (size_t i = 0; i < r.n; i++)
		free(r.d[i].by_sig);
	free(r.d);
	pics_symbols_close((struct pics_symbols *)r.syms);
	pics_profile_free(p);
	return ret;
}
