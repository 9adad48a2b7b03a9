/* Sorting: our own quicksort (median of three, insertion sort below a
 * cut-off, an explicit stack) on 32-bit keys, several arrays of different
 * distributions. Checks that the result is ordered and a permutation of the
 * input (count, sum, xor and sum of squares kept); exits 1 otherwise. */
#include <stdint.h>
#include <stdio.h>

#define BENCH_SEED 0x1234567
#include "bench.h"

#define N      6000
#define ROUNDS 1
#define CUTOFF 12

static uint32_t keys[N];

static void swap(uint32_t *a, uint32_t *b)
{
	uint32_t t = *a;

	*a = *b;
	*b = t;
}

static void insertion_sort(uint32_t *a, int n)
{
	for (int i = 1; i < n; i++) {
		uint32_t v = a[i];
		int j = i;

		for (; j > 0 && a[j - 1] > v; j--)
			a[j] = a[j - 1];
		a[j] = v;
	}
}

static void quicksort(uint32_t *a, int n)
{
	struct { int lo, hi; } stack[64];
	int sp = 0;

	stack[sp].lo = 0;
	stack[sp++].hi = n - 1;
	while (sp) {
		int lo = stack[--sp].lo, hi = stack[sp].hi;

		while (hi - lo >= CUTOFF) {
			int mid = lo + (hi - lo) / 2, i = lo, j = hi;

			if (a[mid] < a[lo])
				swap(&a[mid], &a[lo]);
			if (a[hi] < a[lo])
				swap(&a[hi], &a[lo]);
			if (a[hi] < a[mid])
				swap(&a[hi], &a[mid]);
			uint32_t pivot = a[mid];

			while (i <= j) {
				while (a[i] < pivot)
					i++;
				while (a[j] > pivot)
					j--;
				if (i <= j)
					swap(&a[i++], &a[j--]);
			}
			/* Recurse into the smaller side later, loop on the larger. */
			if (j - lo < hi - i) {
				stack[sp].lo = i;
				stack[sp++].hi = hi;
				hi = j;
			} else {
				stack[sp].lo = lo;
				stack[sp++].hi = j;
				lo = i;
			}
		}
		insertion_sort(a + lo, hi - lo + 1);
	}
}

struct summary {
	uint64_t sum, squares;
	uint32_t xor;
};

static struct summary summarise(const uint32_t *a, int n)
{
	struct summary s = { 0, 0, 0 };

	for (int i = 0; i < n; i++) {
		s.sum += a[i];
		s.squares += (uint64_t)a[i] * a[i];
		s.xor ^= a[i];
	}
	return s;
}

static void fill(int kind)
{
	for (int i = 0; i < N; i++) {
		switch (kind) {
		case 0:  /* uniform */
			keys[i] = rnd();
			break;
		case 1:  /* many duplicates */
			keys[i] = rnd() % 64;
			break;
		default: /* nearly sorted, descending */
			keys[i] = (uint32_t)(N - i) * 1000 + rnd() % 5000;
			break;
		}
	}
}

int main(void)
{
	uint32_t digest = 0;

	for (int round = 0; round < ROUNDS; round++)
		for (int kind = 0; kind < 3; kind++) {
			fill(kind);
			struct summary before = summarise(keys, N), after;
			int ordered = 1;

			quicksort(keys, N);
			after = summarise(keys, N);
			for (int i = 1; i < N; i++)
				ordered &= keys[i - 1] <= keys[i];
			if (!ordered || before.sum != after.sum || before.squares != after.squares ||
			    before.xor != after.xor) {
				printf("FAIL sort (round %d, kind %d)\n", round, kind);
				failures++;
			}
			digest = digest * 31 + keys[N / 3] + keys[N - 1];
		}
	printf("qsort: %d keys x %d arrays, digest %08lx, %s\n", N, 3 * ROUNDS,
	       (unsigned long)digest, failures ? "FAILED" : "ok");
	return failures ? 1 : 0;
}
