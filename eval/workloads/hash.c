/* hash: a hash table with open addressing and linear probing, the shape
 * of database joins, symbol tables and caches. Random 64-bit keys are
 * inserted into a table kept half full, then looked up in another
 * order, then keys that are not there are looked up: short probe
 * sequences at random places, with data-dependent exits.
 *
 * Check: every inserted key is found with its value, no absent key is
 * found, and the table holds exactly as many keys as were inserted. */
#include <stdint.h>

#define WL_NAME "hash"
#define WL_MODE PRV_U
#ifndef SCALE
#define SCALE 32
#endif

#define KEYS (2048u * SCALE)
#define TABLE_SLOTS (4096u * SCALE)	/* a power of two when SCALE is */
#define LOOKUPS (2 * KEYS)

struct slot {
	uint64_t key;	/* 0: empty */
	uint64_t value;
};

#define WL_ARENA (TABLE_SLOTS * 16ul + KEYS * 8ul + 4096)

#include "workload.h"

static inline uint64_t slot_of(uint64_t key)
{
	return (key * 0x9e3779b97f4a7c15ull) >> 20;
}

static int insert(struct slot *t, uint64_t key, uint64_t value)
{
	for (uint64_t i = slot_of(key), n = 0; n < TABLE_SLOTS; i++, n++) {
		struct slot *s = &t[i % TABLE_SLOTS];

		if (s->key == 0 || s->key == key) {
			int fresh = s->key == 0;

			s->key = key;
			s->value = value;
			return fresh;
		}
	}
	return -1;
}

static const struct slot *lookup(const struct slot *t, uint64_t key)
{
	for (uint64_t i = slot_of(key), n = 0; n < TABLE_SLOTS; i++, n++) {
		const struct slot *s = &t[i % TABLE_SLOTS];

		if (s->key == key)
			return s;
		if (s->key == 0)
			return NULL;
	}
	return NULL;
}

static long wl_run(void)
{
	struct slot *table = wl_alloc(TABLE_SLOTS * sizeof(struct slot));
	uint64_t *keys = wl_alloc(KEYS * sizeof(uint64_t));
	uint64_t rng = 1234, inserted = 0, used = 0, found = 0;

	wl_clear(table, TABLE_SLOTS * sizeof(struct slot));
	for (uint32_t i = 0; i < KEYS; i++) {
		uint64_t k = rng_next(&rng) | 1;	/* never 0 */

		keys[i] = k;
		if (insert(table, k, k * 3) == 1)
			inserted++;
	}
	/* Hits, in an order unrelated to the insertion order. */
	for (uint32_t n = 0; n < LOOKUPS; n++) {
		uint64_t k = keys[rng_below(&rng, KEYS)];
		const struct slot *s = lookup(table, k);

		if (!s || s->value != k * 3)
			WL_FAIL("key %" PRIx64 " %s", k, s ? "has the wrong value" : "not found");
		found++;
	}
	/* Misses: even keys were never inserted. */
	for (uint32_t n = 0; n < LOOKUPS; n++) {
		uint64_t k = rng_next(&rng) & ~1ull;

		if (k && lookup(table, k))
			WL_FAIL("absent key %" PRIx64 " found", k);
	}
	for (uint32_t i = 0; i < TABLE_SLOTS; i++)
		used += table[i].key != 0;
	if (used != inserted || inserted != KEYS)
		WL_FAIL("%" PRIu64 " slots used, %" PRIu64 " keys inserted of %u", used, inserted,
			KEYS);
	printf(WL_NAME ": %u keys in %u slots, %" PRIu64 " hits, %u misses\n", KEYS,
	       TABLE_SLOTS, found, LOOKUPS);
	return 0;
}

WL_MAIN
