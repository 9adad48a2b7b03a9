/* Call graphs (pics_callgraph.h): each distinct chain of addresses (an
 * instruction and its callers) stored once, and the weights of its
 * signatures in a map keyed by the chain's index, so that a recording of
 * many samples in the same few places takes little memory. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

struct chain_span {
	size_t first;		/* in addrs */
	uint32_t n;
};

struct pics_callgraph {
	uint64_t unit;		/* weight units of one sample */
	uint64_t *addrs;	/* every chain's, one after the other */
	size_t n_addrs, addrs_cap;
	struct chain_span *chains;
	size_t n_chains, chains_cap;
	/* open addressing: chain index + 1, 0 for a free slot */
	size_t *table;
	size_t table_cap;
	struct pics_map weights;	/* (chain index, signature) -> weight */
	bool callers;
};

struct pics_callgraph *pics_callgraph_new(const struct pics_meta *m,
					  struct pics_error *err)
{
	struct pics_callgraph *cg = calloc(1, sizeof(*cg));

	if (!cg || pics_map_init(&cg->weights)) {
		free(cg);
		pics_fail(err, PICS_ERR_NOMEM, "out of memory for a call graph");
		return NULL;
	}
	cg->unit = pics_weight_unit(m->commit_width);
	return cg;
}

void pics_callgraph_free(struct pics_callgraph *cg)
{
	if (!cg)
		return;
	free(cg->addrs);
	free(cg->chains);
	free(cg->table);
	pics_map_free(&cg->weights);
	free(cg);
}

bool pics_callgraph_has_callers(const struct pics_callgraph *cg)
{
	return cg && cg->callers;
}

/* ---- chains ---------------------------------------------------------------- */

static uint64_t hash_chain(const uint64_t *addr, size_t n)
{
	uint64_t h = 0xcbf29ce484222325ull ^ n;

	for (size_t i = 0; i < n; i++) {
		h = (h ^ addr[i]) * 0x100000001b3ull;
		h ^= h >> 29;
	}
	return h * 0x9e3779b97f4a7c15ull;
}

static bool same_chain(const struct pics_callgraph *cg, size_t i,
		       const uint64_t *addr, size_t n)
{
	const struct chain_span *c = &cg->chains[i];

	return c->n == n && !memcmp(cg->addrs + c->first, addr, n * sizeof(*addr));
}

/* The slot of @addr's chain in the table: where it is, or the free one
 * where it would go. */
static size_t *table_slot(const struct pics_callgraph *cg, const uint64_t *addr,
			  size_t n)
{
	size_t mask = cg->table_cap - 1, i = (size_t)hash_chain(addr, n) & mask;

	while (cg->table[i] && !same_chain(cg, cg->table[i] - 1, addr, n))
		i = (i + 1) & mask;
	return &cg->table[i];
}

/* Doubles the table (kept at most half full) and places every chain anew. */
static int grow_table(struct pics_callgraph *cg)
{
	size_t cap = cg->table_cap ? 2 * cg->table_cap : 1024;
	size_t *table = calloc(cap, sizeof(*table));

	if (!table)
		return -1;
	free(cg->table);
	cg->table = table;
	cg->table_cap = cap;
	for (size_t i = 0; i < cg->n_chains; i++)
		*table_slot(cg, cg->addrs + cg->chains[i].first, cg->chains[i].n) = i + 1;
	return 0;
}

static int grow(void **v, size_t *cap, size_t need, size_t size)
{
	size_t n = *cap ? *cap : 64;
	void *grown;

	if (need <= *cap)
		return 0;
	while (n < need)
		n *= 2;
	grown = realloc(*v, n * size);
	if (!grown)
		return -1;
	*v = grown;
	*cap = n;
	return 0;
}

/* The index of the chain @addr (its @n addresses), added when new; -1
 * when out of memory. */
static long long intern(struct pics_callgraph *cg, const uint64_t *addr,
			size_t n)
{
	size_t *slot;

	if (2 * (cg->n_chains + 1) > cg->table_cap && grow_table(cg))
		return -1;
	slot = table_slot(cg, addr, n);
	if (*slot)
		return (long long)*slot - 1;
	if (grow((void **)&cg->addrs, &cg->addrs_cap, cg->n_addrs + n, sizeof(*cg->addrs)) ||
	    grow((void **)&cg->chains, &cg->chains_cap, cg->n_chains + 1, sizeof(*cg->chains)))
		return -1;
	memcpy(cg->addrs + cg->n_addrs, addr, n * sizeof(*addr));
	cg->chains[cg->n_chains] = (struct chain_span){ cg->n_addrs, (uint32_t)n };
	cg->n_addrs += n;
	*slot = ++cg->n_chains;
	return (long long)cg->n_chains - 1;
}

int pics_callgraph_add_sample(struct pics_callgraph *cg,
			      const struct pics_sample *s,
			      struct pics_error *err)
{
	uint64_t chain[PICS_MAX_FRAMES];
	unsigned n = (unsigned)__builtin_popcount(s->valid);

	if (!n || s->n_callers > PICS_MAX_CALLERS || cg->unit % n)
		return pics_fail(err, PICS_ERR_INVALID,
				 "a sample of %u slots and %u callers does not fit the call graph",
				 n, s->n_callers);
	memcpy(chain + 1, s->callers, s->n_callers * sizeof(*chain));
	cg->callers |= s->n_callers > 0;
	for (unsigned i = 0; i < PICS_MAX_WIDTH; i++) {
		long long c;

		if (!(s->valid >> i & 1))
			continue;
		chain[0] = s->addr[i];
		c = intern(cg, chain, 1 + s->n_callers);
		if (c < 0 || pics_map_add(&cg->weights, (uint64_t)c, s->psv[i], cg->unit / n))
			return pics_fail(err, PICS_ERR_NOMEM,
					 "call graph weight overflow or out of memory");
	}
	return 0;
}

int pics_callgraph_foreach(const struct pics_callgraph *cg,
			   int (*fn)(const struct pics_chain *c, void *ctx),
			   void *ctx)
{
	size_t cap = cg ? pics_map_capacity(&cg->weights) : 0;

	for (size_t i = 0; i < cap; i++) {
		const struct pics_map_slot *s = &cg->weights.slots[i];
		const struct chain_span *span;
		struct pics_chain c;
		int ret;

		if (!s->value)
			continue;
		span = &cg->chains[s->a];
		c = (struct pics_chain){ cg->addrs + span->first, span->n, s->b, s->value };
		ret = fn(&c, ctx);
		if (ret)
			return ret;
	}
	return 0;
}

/* ---- functions -------------------------------------------------------------- */

size_t pics_chain_functions(const struct pics_chain *c,
			    const struct pics_symbols *syms, uint64_t *keys)
{
	size_t n = 0;

	for (size_t i = c->n; i-- > 0;) {
		bool resolved;
		uint64_t key = pics_unit_key(PICS_UNIT_FUNC, syms, c->addr[i], &resolved);

		if (!n || keys[n - 1] != key)
			keys[n++] = key;
	}
	return n;
}

void pics_function_name(const struct pics_symbols *syms, uint64_t key,
			char *buf, size_t len)
{
	bool resolved;

	pics_unit_key(PICS_UNIT_FUNC, syms, key, &resolved);
	pics_unit_name(PICS_UNIT_FUNC, syms, key, resolved, buf, len);
}

struct children {
	const struct pics_symbols *syms;
	const struct pics_range *ranges;
	size_t n_ranges;
	struct pics_map *out;
};

/* The chain's weight to each function on it, once. */
static int add_children(const struct pics_chain *c, void *ctx)
{
	const struct children *ch = ctx;
	uint64_t keys[PICS_MAX_FRAMES];
	size_t n;

	if (ch->n_ranges && !pics_in_ranges(ch->ranges, ch->n_ranges, c->addr[0]))
		return 0;
	n = pics_chain_functions(c, ch->syms, keys);
	for (size_t i = 0; i < n; i++) {
		bool seen = false;

		for (size_t j = 0; j < i && !seen; j++)
			seen = keys[j] == keys[i];
		if (!seen && pics_map_add(ch->out, keys[i], c->signature, c->weight))
			return -1;
	}
	return 0;
}

struct pics_stacks *pics_stacks_build_children(const struct pics_callgraph *cg,
					       const struct pics_symbols *syms,
					       const struct pics_range *ranges,
					       size_t n_ranges,
					       struct pics_error *err)
{
	struct pics_map m;
	struct children ch = { syms, ranges, n_ranges, &m };

	if (pics_map_init(&m)) {
		pics_fail(err, PICS_ERR_NOMEM, "out of memory for stacks");
		return NULL;
	}
	if (pics_callgraph_foreach(cg, add_children, &ch)) {
		pics_map_free(&m);
		pics_fail(err, PICS_ERR_NOMEM, "out of memory rolling up call chains");
		return NULL;
	}
	return pics_stacks_of_map(&m, PICS_UNIT_FUNC, syms, err);
}
