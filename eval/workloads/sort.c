/* sort: quicksort of random 64-bit keys, the shape of sorting in
 * databases and compilers. Median-of-three partitioning whose comparisons
 * go either way at random (the branch predictor cannot learn them),
 * recursion on the smaller part, insertion sort for short runs.
 *
 * Check: the keys come out in order, and their sum and xor are those of
 * the keys that went in (nothing lost or duplicated). */
#include <stdint.h>

#define WL_NAME "sort"
#define WL_MODE PRV_U
#ifndef SCALE
#define SCALE 32
#endif

#define N (2048u * SCALE)
#define SHORT_RUN 12

#define WL_ARENA (N * 8ul + 4096)

#include "workload.h"

static void insertion_sort(uint64_t *a, long n)
{
	for (long i = 1; i < n; i++) {
		uint64_t v = a[i];
		long j = i - 1;

		while (j >= 0 && a[j] > v) {
			a[j + 1] = a[j];
			j--;
		}
		a[j + 1] = v;
	}
}

static inline void swap(uint64_t *a, uint64_t *b)
{
	uint64_t t = *a;

	*a = *b;
	*b = t;
}

static void quicksort(uint64_t *a, long n)
{
	while (n > SHORT_RUN) {
		long mid = n / 2, i = 0, j = n - 1;
		uint64_t pivot;

		/* Median of three into a[mid]. */
		if (a[mid] < a[0])
			swap(&a[mid], &a[0]);
		if (a[n - 1] < a[0])
			swap(&a[n - 1], &a[0]);
		if (a[n - 1] < a[mid])
			swap(&a[n - 1], &a[mid]);
		pivot = a[mid];
		/* Hoare partition. */
		for (;;) {
			while (a[i] < pivot)
				i++;
			while (a[j] > pivot)
				j--;
			if (i >= j)
				break;
			swap(&a[i], &a[j]);
			i++;
			j--;
		}
		/* a[0..j] <= pivot <= a[j+1..n-1]; recurse on the smaller. */
		if (j + 1 < n - j - 1) {
			quicksort(a, j + 1);
			a += j + 1;
			n -= j + 1;
		} else {
			quicksort(a + j + 1, n - j - 1);
			n = j + 1;
		}
	}
	insertion_sort(a, n);
}

static long wl_run(void)
{
	uint64_t *a = wl_alloc(N * sizeof(uint64_t));
	uint64_t rng = 99, sum = 0, xor = 0;

	for (uint32_t i = 0; i < N; i++) {
		a[i] = rng_next(&rng);
		sum += a[i];
		xor ^= a[i];
	}
	quicksort(a, N);
	for (uint32_t i = 0; i < N; i++) {
		if (i > 0 && a[i - 1] > a[i])
			WL_FAIL("keys %u and %u out of order", i - 1, i);
		sum -= a[i];
		xor ^= a[i];
	}
	if (sum != 0 || xor != 0)
		WL_FAIL("the sorted keys are not the keys that went in");
	printf(WL_NAME ": %u keys sorted\n", N);
	return 0;
}

WL_MAIN
