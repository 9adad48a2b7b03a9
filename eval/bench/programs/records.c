/* A Dhrystone-like workload of our own: records passed by pointer and by
 * value, string copies and comparisons, integer<->text conversion and a
 * chained hash table of names, the kind of call-heavy code with short
 * loops that system software runs. Every step checks its result against
 * how the data was made; the exit code is 1 when one disagrees. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define BENCH_SEED 0x9e3779b9
#include "bench.h"

#define ROUNDS  20
#define RECORDS 64
#define BUCKETS 61

enum colour { RED, GREEN, BLUE, COLOURS };

struct record {
	struct record *next;   /* hash chain */
	enum colour colour;
	int32_t id;
	int32_t score;
	char name[24];
	char note[32];
};

static struct record table[RECORDS], spare;
static struct record *buckets[BUCKETS];

/* Decimal text of v, zero-padded to width digits; returns the length. */
static int format_u32(char *out, uint32_t v, int width)
{
	char tmp[12];
	int n = 0, len = 0;

	do {
		tmp[n++] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	while (n < width--)
		out[len++] = '0';
	while (n)
		out[len++] = tmp[--n];
	out[len] = 0;
	return len;
}

static uint32_t parse_u32(const char *s)
{
	uint32_t v = 0;

	while (*s >= '0' && *s <= '9')
		v = v * 10 + (uint32_t)(*s++ - '0');
	return v;
}

static uint32_t hash(const char *s)
{
	uint32_t h = 2166136261u;

	while (*s)
		h = (h ^ (uint8_t)*s++) * 16777619u;
	return h;
}

static void make_name(char *out, int32_t id)
{
	static const char *const stem[] = { "ALPHA", "BRAVO", "DELTA", "ECHO", "KILO", "SIERRA" };
	const char *s = stem[id % 6];
	size_t n = strlen(s);

	memcpy(out, s, n);
	out[n] = '-';
	format_u32(out + n + 1, (uint32_t)id, 6);
}

static void insert(struct record *r)
{
	struct record **b = &buckets[hash(r->name) % BUCKETS];

	r->next = *b;
	*b = r;
}

static struct record *lookup(const char *name)
{
	struct record *r = buckets[hash(name) % BUCKETS];

	while (r && strcmp(r->name, name))
		r = r->next;
	return r;
}

/* Dhrystone's Proc_1 in spirit: works on a copy, then writes back. */
static struct record update(struct record r, int32_t delta)
{
	r.score += delta;
	r.colour = (enum colour)((r.colour + 1) % COLOURS);
	strcpy(r.note, r.colour == RED ? "red record" : r.colour == GREEN ? "green record" :
	       "blue record");
	return r;
}

static int colour_of_note(const char *note)
{
	switch (note[0]) {
	case 'r':
		return RED;
	case 'g':
		return GREEN;
	default:
		return note[0] == 'b' ? BLUE : -1;
	}
}

static uint32_t run(int round)
{
	int32_t base = (int32_t)(rnd() % 900000);
	int64_t score_sum = 0, expect_sum = 0;
	uint32_t digest = 0;
	char key[24];

	memset(buckets, 0, sizeof(buckets));
	for (int i = 0; i < RECORDS; i++) {
		struct record *r = &table[i];

		r->id = base + i * 7;
		r->score = (int32_t)(rnd() % 1000);
		r->colour = (enum colour)(rnd() % COLOURS);
		make_name(r->name, r->id);
		strcpy(r->note, "new");
		insert(r);
		expect_sum += r->score + 3;
	}
	/* Every name is found, under its own record; near misses are not. */
	for (int i = 0; i < RECORDS; i++) {
		struct record *r;

		make_name(key, base + i * 7);
		r = lookup(key);
		check(r == &table[i], "lookup", round);
		make_name(key, base + i * 7 + 1);
		check(!lookup(key), "lookup miss", round);
	}
	/* Updates by value; the colour named in the note must follow. */
	for (int i = 0; i < RECORDS; i++) {
		enum colour before = table[i].colour;

		spare = update(table[i], 3);
		check(spare.id == table[i].id && !strcmp(spare.name, table[i].name), "copy", round);
		check(colour_of_note(spare.note) == (int)((before + 1) % COLOURS), "note", round);
		spare.next = table[i].next;
		table[i] = spare;
		score_sum += table[i].score;
	}
	check(score_sum == expect_sum, "scores", round);
	/* Names sort like their zero-padded ids when the stems agree. */
	for (int i = 0; i + 6 < RECORDS; i++) {
		int c = strcmp(table[i].name, table[i + 6].name);

		check(c < 0, "name order", round);
		check(parse_u32(strchr(table[i].name, '-') + 1) == (uint32_t)table[i].id, "parse", round);
		digest = digest * 131 + hash(table[i].note) + (uint32_t)c;
	}
	return digest;
}

int main(void)
{
	uint32_t digest = 0;

	for (int round = 0; round < ROUNDS; round++)
		digest = digest * 7 + run(round);
	printf("records: %d rounds, digest %08lx, %s\n", ROUNDS, (unsigned long)digest,
	       failures ? "FAILED" : "ok");
	return failures ? 1 : 0;
}
