/* Cycle stacks rolled up from instructions to functions, source lines or
 * the whole program. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

struct pics_stacks {
	struct pics_unit *units;
	size_t n_units;
	struct pics_component *components;
	uint64_t total;
};

struct rollup_ctx {
	enum pics_unit_kind kind;
	const struct pics_symbols *syms;
	struct pics_map *out;
};

static int rollup_entry(const struct pics_entry *e, void *ctx)
{
	struct rollup_ctx *rc = ctx;
	bool resolved;
	uint64_t key = pics_unit_key(rc->kind, rc->syms, e->addr, &resolved);

	return pics_map_add(rc->out, key, e->signature, e->weight);
}

int pics_rollup(const struct pics_profile *p, enum pics_unit_kind kind,
		const struct pics_symbols *syms, struct pics_map *out,
		struct pics_error *err)
{
	struct rollup_ctx rc = { kind, syms, out };

	if (pics_profile_foreach(p, rollup_entry, &rc))
		return pics_fail(err, PICS_ERR_NOMEM,
				 "out of memory rolling up a profile");
	return 0;
}

ssize_t pics_index_units(const struct pics_map *m, struct pics_map *units)
{
	size_t cap = pics_map_capacity(m);
	ssize_t n = 0;

	for (size_t i = 0; i < cap; i++) {
		const struct pics_map_slot *s = &m->slots[i];

		if (!s->value || pics_map_get(units, s->a, 0))
			continue;
		if (pics_map_add(units, s->a, 0, (uint64_t)n + 1))
			return -1;
		n++;
	}
	return n;
}

static int heaviest_component_first(const void *a, const void *b)
{
	const struct pics_component *x = a, *y = b;

	if (x->weight != y->weight)
		return x->weight > y->weight ? -1 : 1;
	return x->signature < y->signature ? -1 : x->signature > y->signature;
}

void pics_components_sort(struct pics_component *c, size_t n)
{
	qsort(c, n, sizeof(*c), heaviest_component_first);
}

static int heaviest_unit_first(const void *a, const void *b)
{
	const struct pics_unit *x = a, *y = b;

	if (x->total != y->total)
		return x->total > y->total ? -1 : 1;
	return x->key < y->key ? -1 : x->key > y->key;
}

/* Lays out every unit's components contiguously: first count them, then
 * place each at its unit's next free position. */
static void place_components(struct pics_stacks *st, const struct pics_map *m,
			     const struct pics_map *index, size_t *offset)
{
	size_t cap = pics_map_capacity(m), at = 0;

	for (size_t i = 0; i < cap; i++)
		if (m->slots[i].value)
			st->units[pics_map_get(index, m->slots[i].a, 0) - 1]
				.n_components++;
	for (size_t u = 0; u < st->n_units; u++) {
		offset[u] = at;
		at += st->units[u].n_components;
	}
	for (size_t i = 0; i < cap; i++) {
		const struct pics_map_slot *s = &m->slots[i];
		size_t u;

		if (!s->value)
			continue;
		u = pics_map_get(index, s->a, 0) - 1;
		st->components[offset[u]++] = (struct pics_component){
			s->b, s->value
		};
		st->units[u].key = s->a;
		st->units[u].total += s->value;
	}
	for (size_t u = 0; u < st->n_units; u++) {
		struct pics_unit *unit = &st->units[u];

		offset[u] -= unit->n_components;
		unit->components = st->components + offset[u];
		pics_components_sort(st->components + offset[u],
				     unit->n_components);
		st->total += unit->total;
	}
}

static int name_units(struct pics_stacks *st, enum pics_unit_kind kind,
		      const struct pics_symbols *syms)
{
	for (size_t u = 0; u < st->n_units; u++) {
		struct pics_unit *unit = &st->units[u];
		char name[512];

		pics_unit_key(kind, syms, unit->key, &unit->resolved);
		pics_unit_name(kind, syms, unit->key, unit->resolved, name,
			       sizeof(name));
		unit->name = strdup(name);
		if (!unit->name)
			return -1;
	}
	return 0;
}

static int fill_stacks(struct pics_stacks *st, const struct pics_map *m,
		       enum pics_unit_kind kind,
		       const struct pics_symbols *syms)
{
	struct pics_map index;
	size_t *offset;
	ssize_t n;
	int ret = -1;

	if (pics_map_init(&index))
		return -1;
	n = pics_index_units(m, &index);
	if (n < 0)
		goto out;
	st->n_units = (size_t)n;
	st->units = calloc(st->n_units + 1, sizeof(*st->units));
	st->components = calloc(m->count + 1, sizeof(*st->components));
	offset = calloc(st->n_units + 1, sizeof(*offset));
	if (st->units && st->components && offset) {
		place_components(st, m, &index, offset);
		ret = name_units(st, kind, syms);
	}
	free(offset);
	if (!ret)
		qsort(st->units, st->n_units, sizeof(*st->units),
		      heaviest_unit_first);
out:
	pics_map_free(&index);
	return ret;
}

struct pics_stacks *pics_stacks_of_map(struct pics_map *m,
				       enum pics_unit_kind kind,
				       const struct pics_symbols *syms,
				       struct pics_error *err)
{
	struct pics_stacks *st = calloc(1, sizeof(*st));

	if (!st || fill_stacks(st, m, kind, syms)) {
		pics_stacks_free(st);
		st = NULL;
		pics_fail(err, PICS_ERR_NOMEM, "out of memory for stacks");
	}
	pics_map_free(m);
	return st;
}

struct pics_stacks *pics_stacks_build(const struct pics_profile *p,
				      enum pics_unit_kind kind,
				      const struct pics_symbols *syms,
				      struct pics_error *err)
{
	struct pics_map m;

	if (pics_map_init(&m)) {
		pics_fail(err, PICS_ERR_NOMEM, "out of memory for stacks");
		return NULL;
	}
	if (pics_rollup(p, kind, syms, &m, err)) {
		pics_map_free(&m);
		return NULL;
	}
	return pics_stacks_of_map(&m, kind, syms, err);
}

void pics_stacks_free(struct pics_stacks *st)
{
	if (!st)
		return;
	for (size_t u = 0; st->units && u < st->n_units; u++)
		free((char *)st->units[u].name);
	free(st->units);
	free(st->components);
	free(st);
}

size_t pics_stacks_count(const struct pics_stacks *st)
{
	return st->n_units;
}

const struct pics_unit *pics_stacks_unit(const struct pics_stacks *st,
					 size_t i)
{
	return i < st->n_units ? &st->units[i] : NULL;
}

uint64_t pics_stacks_total(const struct pics_stacks *st)
{
	return st->total;
}
