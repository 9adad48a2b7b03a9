/* Open-addressing hash map keyed by two 64-bit words. Memory grows with the
 * number of distinct keys; adding to an existing key allocates nothing. */
#include <stdlib.h>

#include "internal.h"

#define INITIAL_BITS 10

static inline size_t slot_index(unsigned shift, uint64_t a, uint64_t b)
{
	/* Fibonacci hashing: the multiply spreads aligned addresses over the
	 * top bits, which pick the slot. */
	uint64_t h = (a ^ (b * 0xc2b2ae3d27d4eb4fULL) ^ (b >> 29)) *
		     0x9e3779b97f4a7c15ULL;

	return (size_t)(h >> shift);
}

int pics_map_init(struct pics_map *m)
{
	m->shift = 64 - INITIAL_BITS;
	m->count = 0;
	m->slots = calloc((size_t)1 << INITIAL_BITS, sizeof(*m->slots));
	return m->slots ? 0 : -1;
}

void pics_map_free(struct pics_map *m)
{
	free(m->slots);
	m->slots = NULL;
	m->count = 0;
}

static struct pics_map_slot *probe(struct pics_map_slot *slots,
				   unsigned shift, uint64_t a, uint64_t b)
{
	size_t mask = ((size_t)1 << (64 - shift)) - 1;
	size_t i = slot_index(shift, a, b);

	while (slots[i].value && (slots[i].a != a || slots[i].b != b))
		i = (i + 1) & mask;
	return &slots[i];
}

static int grow(struct pics_map *m)
{
	size_t old_cap = pics_map_capacity(m);
	unsigned shift = m->shift - 1;
	struct pics_map_slot *slots = calloc(old_cap * 2, sizeof(*slots));

	if (!slots)
		return -1;
	for (size_t i = 0; i < old_cap; i++) {
		const struct pics_map_slot *s = &m->slots[i];

		if (s->value)
			*probe(slots, shift, s->a, s->b) = *s;
	}
	free(m->slots);
	m->slots = slots;
	m->shift = shift;
	return 0;
}

int pics_map_add(struct pics_map *m, uint64_t a, uint64_t b, uint64_t value)
{
	struct pics_map_slot *s = probe(m->slots, m->shift, a, b);
	uint64_t sum;

	if (!value)
		return 0;
	if (s->value) {
		if (__builtin_add_overflow(s->value, value, &sum))
			return -1;
		s->value = sum;
		return 0;
	}
	/* Keep the load at most 1/2 so probes stay short. */
	if ((m->count + 1) * 2 > pics_map_capacity(m)) {
		if (grow(m))
			return -1;
		s = probe(m->slots, m->shift, a, b);
	}
	s->a = a;
	s->b = b;
	s->value = value;
	m->count++;
	return 0;
}

uint64_t pics_map_get(const struct pics_map *m, uint64_t a, uint64_t b)
{
	return probe(m->slots, m->shift, a, b)->value;
}
