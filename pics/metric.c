/* The error metric of the TEA paper (§4): how much of a profile's cycles
 * land on the right unit and component, against a reference restricted to
 * the same components. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

typedef unsigned __int128 u128;

struct pics_comparison {
	struct pics_unit_error *units;
	size_t n_units;
	double error;
};

/* Per unit sums while comparing. */
struct unit_acc {
	uint64_t key;
	uint64_t test, ref;	/* weights, each in its own profile's units */
	u128 diff;		/* sum_j |t_ij R - r_ij T| */
};

struct compare_ctx {
	const struct pics_map *test, *ref;
	const struct pics_map *index;
	struct unit_acc *acc;
	u128 T, R;		/* totals: test weights scale by R, ref by T */
	u128 correct;
};

static struct unit_acc *acc_of(struct compare_ctx *c, uint64_t key)
{
	struct unit_acc *a = &c->acc[pics_map_get(c->index, key, 0) - 1];

	a->key = key;
	return a;
}

static void compare_test_side(struct compare_ctx *c)
{
	size_t cap = pics_map_capacity(c->test);

	for (size_t i = 0; i < cap; i++) {
		const struct pics_map_slot *s = &c->test->slots[i];
		struct unit_acc *a;
		u128 t, r;

		if (!s->value)
			continue;
		a = acc_of(c, s->a);
		a->test += s->value;
		t = (u128)s->value * c->R;
		r = (u128)pics_map_get(c->ref, s->a, s->b) * c->T;
		c->correct += t < r ? t : r;
		a->diff += t > r ? t - r : r - t;
	}
}

static void compare_ref_side(struct compare_ctx *c)
{
	size_t cap = pics_map_capacity(c->ref);

	for (size_t i = 0; i < cap; i++) {
		const struct pics_map_slot *s = &c->ref->slots[i];
		struct unit_acc *a;

		if (!s->value)
			continue;
		a = acc_of(c, s->a);
		a->ref += s->value;
		/* Components both have were counted on the test side. */
		if (!pics_map_get(c->test, s->a, s->b))
			a->diff += (u128)s->value * c->T;
	}
}

static int largest_error_first(const void *a, const void *b)
{
	const struct pics_unit_error *x = a, *y = b;

	if (x->error != y->error)
		return x->error > y->error ? -1 : 1;
	return x->key < y->key ? -1 : x->key > y->key;
}

static int fill_units(struct pics_comparison *cmp, struct compare_ctx *c,
		      enum pics_unit_kind kind,
		      const struct pics_symbols *syms)
{
	for (size_t u = 0; u < cmp->n_units; u++) {
		struct pics_unit_error *ue = &cmp->units[u];
		const struct unit_acc *a = &c->acc[u];
		char name[512];

		ue->key = a->key;
		pics_unit_key(kind, syms, a->key, &ue->resolved);
		pics_unit_name(kind, syms, a->key, ue->resolved, name,
			       sizeof(name));
		ue->name = strdup(name);
		if (!ue->name)
			return -1;
		ue->test_share = (double)a->test / (double)c->T;
		ue->ref_share = (double)a->ref / (double)c->R;
		ue->error = (double)a->diff / (2.0 * (double)(c->T * c->R));
	}
	qsort(cmp->units, cmp->n_units, sizeof(*cmp->units),
	      largest_error_first);
	return 0;
}

static int compare_maps(struct pics_comparison *cmp, struct compare_ctx *c,
			enum pics_unit_kind kind,
			const struct pics_symbols *syms)
{
	struct pics_map index;
	int ret = -1;

	if (pics_map_init(&index))
		return -1;
	/* Units of either profile: index the test's, then the reference's. */
	if (pics_index_units(c->test, &index) < 0 ||
	    pics_index_units(c->ref, &index) < 0)
		goto out;
	cmp->n_units = index.count;
	cmp->units = calloc(cmp->n_units + 1, sizeof(*cmp->units));
	c->acc = calloc(cmp->n_units + 1, sizeof(*c->acc));
	c->index = &index;
	if (cmp->units && c->acc) {
		compare_test_side(c);
		compare_ref_side(c);
		cmp->error = (double)(c->T * c->R - c->correct) /
			     (double)(c->T * c->R);
		ret = fill_units(cmp, c, kind, syms);
	}
	free(c->acc);
out:
	pics_map_free(&index);
	return ret;
}

struct pics_comparison *pics_compare(const struct pics_profile *test,
				     const struct pics_profile *ref,
				     enum pics_unit_kind kind,
				     const struct pics_symbols *syms,
				     struct pics_error *err)
{
	struct pics_comparison *cmp = NULL;
	struct pics_profile *restricted;
	struct pics_map tm, rm;
	struct compare_ctx c = {
		.T = pics_profile_total_weight(test),
		.R = pics_profile_total_weight(ref),
	};

	if (!c.T || !c.R) {
		pics_fail(err, PICS_ERR_INVALID, "cannot compare an empty %s",
			  c.T ? "reference" : "profile");
		return NULL;
	}
	/* Keeps every sum below 2^128, so the arithmetic stays exact. */
	if (c.T >> 62 || c.R >> 62) {
		pics_fail(err, PICS_ERR_INVALID,
			  "profile totals beyond 2^62 weight units cannot be compared exactly");
		return NULL;
	}
	restricted = pics_profile_project(ref, pics_profile_meta(test), err);
	if (!restricted)
		return NULL;
	if (pics_map_init(&tm) || pics_map_init(&rm)) {
		pics_map_free(&tm);
		pics_profile_free(restricted);
		pics_fail(err, PICS_ERR_NOMEM, "out of memory comparing");
		return NULL;
	}
	c.test = &tm;
	c.ref = &rm;
	if (pics_rollup(test, kind, syms, &tm, err) ||
	    pics_rollup(restricted, kind, syms, &rm, err))
		goto out;
	cmp = calloc(1, sizeof(*cmp));
	if (!cmp || compare_maps(cmp, &c, kind, syms)) {
		pics_comparison_free(cmp);
		cmp = NULL;
		pics_fail(err, PICS_ERR_NOMEM, "out of memory comparing");
	}
out:
	pics_map_free(&tm);
	pics_map_free(&rm);
	pics_profile_free(restricted);
	return cmp;
}

void pics_comparison_free(struct pics_comparison *c)
{
	if (!c)
		return;
	for (size_t u = 0; c->units && u < c->n_units; u++)
		free((char *)c->units[u].name);
	free(c->units);
	free(c);
}

double pics_comparison_error(const struct pics_comparison *c)
{
	return c->error;
}

size_t pics_comparison_count(const struct pics_comparison *c)
{
	return c->n_units;
}

const struct pics_unit_error *pics_comparison_unit(const struct pics_comparison *c,
						   size_t i)
{
	return i < c->n_units ? &c->units[i] : NULL;
}
