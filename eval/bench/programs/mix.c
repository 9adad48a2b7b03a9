/* A mixed integer workload in the spirit of CoreMark's kernels (our own
 * code, not CoreMark's): linked-list sorting and searching, small matrix
 * arithmetic, a number-token state machine and CRC-16, repeated over
 * several rounds with new data. Every part checks its answer by a second,
 * independent route; the exit code is 1 when one disagrees. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define BENCH_SEED 0x2545f491
#include "bench.h"

#define ROUNDS 4
#define NODES  256
#define KEYS   512
#define MAT    16
#define TEXT   1536

struct node {
	struct node *next;
	int32_t key;
	uint16_t val;
};

static struct node pool[NODES];
static uint16_t key_count[KEYS];
static int16_t ma[MAT][MAT], mb[MAT][MAT];
static int32_t mc[MAT][MAT];
static char text[TEXT + 32];
static uint16_t crc_table[256];

/* --- linked list --- */

static struct node *list_build(int64_t *key_sum)
{
	struct node *head = NULL;

	memset(key_count, 0, sizeof(key_count));
	*key_sum = 0;
	for (int i = 0; i < NODES; i++) {
		struct node *n = &pool[i];

		n->key = (int32_t)(rnd() % KEYS);
		n->val = (uint16_t)rnd();
		n->next = head;
		head = n;
		key_count[n->key]++;
		*key_sum += n->key;
	}
	return head;
}

/* Bottom-up merge sort by key, stable. */
static struct node *list_sort(struct node *head)
{
	for (int width = 1;; width *= 2) {
		struct node *p = head, *tail = NULL;
		int merges = 0;

		head = NULL;
		while (p) {
			struct node *q = p;
			int psize = 0, qsize = width;

			merges++;
			while (psize < width && q) {
				psize++;
				q = q->next;
			}
			while (psize > 0 || (qsize > 0 && q)) {
				struct node *e;

				if (psize == 0) {
					e = q;
					q = q->next;
					qsize--;
				} else if (qsize == 0 || !q || p->key <= q->key) {
					e = p;
					p = p->next;
					psize--;
				} else {
					e = q;
					q = q->next;
					qsize--;
				}
				if (tail)
					tail->next = e;
				else
					head = e;
				tail = e;
			}
			p = q;
		}
		tail->next = NULL;
		if (merges <= 1)
			return head;
	}
}

static struct node *list_reverse(struct node *head)
{
	struct node *prev = NULL;

	while (head) {
		struct node *next = head->next;

		head->next = prev;
		prev = head;
		head = next;
	}
	return prev;
}

static int list_count_key(const struct node *p, int32_t key)
{
	int n = 0;

	for (; p; p = p->next)
		n += p->key == key;
	return n;
}

static uint32_t run_list(int round)
{
	int64_t key_sum, sum = 0;
	struct node *head = list_sort(list_build(&key_sum));
	int n = 0, sorted = 1;
	uint32_t digest = 0;

	for (struct node *p = head; p; p = p->next) {
		if (p->next && p->key > p->next->key)
			sorted = 0;
		sum += p->key;
		n++;
	}
	check(sorted && n == NODES && sum == key_sum, "list sort", round);
	head = list_reverse(head);
	for (struct node *p = head; p && p->next; p = p->next)
		if (p->key < p->next->key)
			sorted = 0;
	check(sorted, "list reverse", round);
	for (int i = 0; i < 48; i++) {
		int32_t key = (int32_t)(rnd() % KEYS);
		int c = list_count_key(head, key);

		check(c == key_count[key], "list search", round);
		digest = digest * 33 + (uint32_t)c;
	}
	for (struct node *p = head; p; p = p->next)
		digest = digest * 31 + p->val;
	return digest;
}

/* --- matrices --- */

static uint32_t run_matrix(int round)
{
	int64_t row_b[MAT] = { 0 }, col_a[MAT] = { 0 }, expect = 0, total = 0;
	int16_t bias = (int16_t)(rnd() & 0xff);
	uint32_t digest = 0;

	for (int i = 0; i < MAT; i++)
		for (int j = 0; j < MAT; j++) {
			ma[i][j] = (int16_t)((rnd() & 0x3ff) - 0x200);
			mb[i][j] = (int16_t)((rnd() & 0x3ff) - 0x200);
		}
	/* A + bias, then C = A * B. */
	for (int i = 0; i < MAT; i++)
		for (int j = 0; j < MAT; j++)
			ma[i][j] = (int16_t)(ma[i][j] + bias);
	for (int i = 0; i < MAT; i++)
		for (int j = 0; j < MAT; j++) {
			int32_t s = 0;

			for (int k = 0; k < MAT; k++)
				s += ma[i][k] * mb[k][j];
			mc[i][j] = s;
		}
	/* The sum of C's elements is sum_k colsum(A)_k * rowsum(B)_k. */
	for (int k = 0; k < MAT; k++)
		for (int i = 0; i < MAT; i++) {
			col_a[k] += ma[i][k];
			row_b[k] += mb[k][i];
		}
	for (int k = 0; k < MAT; k++)
		expect += col_a[k] * row_b[k];
	for (int i = 0; i < MAT; i++)
		for (int j = 0; j < MAT; j++) {
			total += mc[i][j];
			/* Bit fields of the products, as a digest. */
			digest += (uint32_t)(mc[i][j] >> 3 & 0x7f) * (uint32_t)(i + 1);
		}
	check(total == expect, "matrix sum", round);
	/* C times the vector of ones equals A times B's row sums. */
	for (int i = 0; i < MAT; i++) {
		int64_t lhs = 0, rhs = 0;

		for (int j = 0; j < MAT; j++)
			lhs += mc[i][j];
		for (int k = 0; k < MAT; k++)
			rhs += (int64_t)ma[i][k] * row_b[k];
		check(lhs == rhs, "matrix row", round);
	}
	return digest;
}

/* --- number tokens --- */

enum kind { K_INT, K_FRAC, K_EXP, K_BAD, K_KINDS };

static int put_digits(char *p, int n)
{
	for (int i = 0; i < n; i++)
		p[i] = (char)('0' + rnd() % 10);
	return n;
}

/* Writes comma-separated tokens of known kinds; counts them in made[]. */
static int make_text(int made[K_KINDS])
{
	int len = 0;

	memset(made, 0, K_KINDS * sizeof(made[0]));
	while (len < TEXT) {
		enum kind k = (enum kind)(rnd() % K_KINDS);
		char *p = text + len;
		int n = 0;

		if (rnd() & 1)
			p[n++] = rnd() & 1 ? '-' : '+';
		n += put_digits(p + n, 1 + rnd() % 4);
		if (k == K_FRAC || k == K_EXP) {
			p[n++] = '.';
			n += put_digits(p + n, 1 + rnd() % 3);
		}
		if (k == K_EXP) {
			p[n++] = rnd() & 1 ? 'e' : 'E';
			if (rnd() & 1)
				p[n++] = '-';
			n += put_digits(p + n, 1 + rnd() % 2);
		}
		if (k == K_BAD) {
			p[n - 1] = rnd() & 1 ? 'x' : '.';
			if (p[n - 1] == '.')
				p[n++] = '.';
		}
		p[n++] = ',';
		len += n;
		made[k]++;
	}
	text[len] = 0;
	return len;
}

enum state { S_START, S_SIGN, S_INT, S_DOT, S_FRAC, S_E, S_ESIGN, S_EXP, S_BAD };

static enum state step(enum state s, char c)
{
	int digit = c >= '0' && c <= '9';

	switch (s) {
	case S_START:
		return digit ? S_INT : c == '+' || c == '-' ? S_SIGN : S_BAD;
	case S_SIGN:
		return digit ? S_INT : S_BAD;
	case S_INT:
		return digit ? S_INT : c == '.' ? S_DOT : S_BAD;
	case S_DOT:
		return digit ? S_FRAC : S_BAD;
	case S_FRAC:
		return digit ? S_FRAC : c == 'e' || c == 'E' ? S_E : S_BAD;
	case S_E:
		return digit ? S_EXP : c == '-' || c == '+' ? S_ESIGN : S_BAD;
	case S_ESIGN:
	case S_EXP:
		return digit ? S_EXP : S_BAD;
	default:
		return S_BAD;
	}
}

static uint32_t run_tokens(int round)
{
	int made[K_KINDS], seen[K_KINDS] = { 0 };
	enum state s = S_START;
	uint32_t transitions = 0;

	make_text(made);
	for (const char *p = text; *p; p++) {
		if (*p == ',') {
			seen[s == S_INT ? K_INT : s == S_FRAC ? K_FRAC : s == S_EXP ? K_EXP : K_BAD]++;
			s = S_START;
			continue;
		}
		enum state t = step(s, *p);

		transitions += t != s;
		s = t;
	}
	check(!memcmp(made, seen, sizeof(made)), "token counts", round);
	return transitions;
}

/* --- CRC-16/CCITT-FALSE (poly 0x1021, init 0xffff) --- */

static uint16_t crc16_bitwise(const uint8_t *p, size_t len, uint16_t crc)
{
	while (len--) {
		crc ^= (uint16_t)(*p++ << 8);
		for (int k = 0; k < 8; k++)
			crc = crc & 0x8000 ? (uint16_t)(crc << 1 ^ 0x1021) : (uint16_t)(crc << 1);
	}
	return crc;
}

static uint16_t crc16_table(const uint8_t *p, size_t len, uint16_t crc)
{
	while (len--)
		crc = (uint16_t)(crc << 8 ^ crc_table[(crc >> 8 ^ *p++) & 0xff]);
	return crc;
}

static uint32_t run_crc(int round)
{
	uint16_t a = crc16_bitwise((const uint8_t *)text, strlen(text), 0xffff);
	uint16_t b = crc16_table((const uint8_t *)text, strlen(text), 0xffff);
	uint16_t c = crc16_table((const uint8_t *)mc, sizeof(mc), a);
	uint16_t d = crc16_bitwise((const uint8_t *)mc, sizeof(mc), b);

	check(a == b && c == d, "crc16", round);
	return c;
}

static inline uint64_t cycle_count(void)
{
	uint64_t c;

	__asm__ volatile("rdcycle %0" : "=r"(c));
	return c;
}

int main(void)
{
	uint32_t digest = 0;
	uint64_t start, spent, per_mhz;

	for (unsigned i = 0; i < 256; i++)
		crc_table[i] = crc16_bitwise((const uint8_t[]){ (uint8_t)i }, 1, 0);
	/* The catalogued check value of CRC-16/CCITT-FALSE. */
	check(crc16_table((const uint8_t *)"123456789", 9, 0xffff) == 0x29b1, "crc16 check value", 0);
	start = cycle_count();
	for (int round = 0; round < ROUNDS; round++) {
		digest = digest * 3 + run_list(round);
		digest = digest * 3 + run_matrix(round);
		digest = digest * 3 + run_tokens(round);
		digest = digest * 3 + run_crc(round);
	}
	spent = cycle_count() - start;
	/* CoreMark's figure: iterations per second per MHz, a round being an
	 * iteration; in hundredths */
	per_mhz = spent ? (uint64_t)ROUNDS * 100000000u / spent : 0;
	printf("mix: %d rounds in %lu cycles, %lu.%02lu iterations/MHz, digest %08lx, %s\n",
	       ROUNDS, (unsigned long)spent, (unsigned long)(per_mhz / 100),
	       (unsigned long)(per_mhz % 100), (unsigned long)digest, failures ? "FAILED" : "ok");
	return failures ? 1 : 0;
}
