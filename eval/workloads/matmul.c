/* matmul: dense integer matrix multiply, C = A B, the shape of GEMM in
 * linear algebra and neural network inference. The i-k-j loop order
 * streams rows of B and C at unit stride while A's element stays in a
 * register: regular loads and stores, multiply-adds, loops that the
 * predictor learns; B (96 x 96 words, 36 KiB) does not fit the default
 * L1 D-cache.
 *
 * Check (Freivalds): C r == A (B r) for a random vector r, exact in
 * wrap-around 32-bit arithmetic. */
#include <stdint.h>

#define WL_NAME "matmul"
#define WL_MODE PRV_S
#ifndef SCALE
#define SCALE 36
#endif

#define M (8u * SCALE)	/* rows of A and C */
#define K 96u		/* columns of A, rows of B */
#define N 96u		/* columns of B and C */

#define WL_ARENA ((M * K + K * N + M * N) * 4ul + (K + N + M) * 4ul + 4096)

#include "workload.h"

static void matmul(const uint32_t *restrict a, const uint32_t *restrict b, uint32_t *restrict c)
{
	for (uint32_t i = 0; i < M; i++) {
		uint32_t *ci = &c[i * N];

		for (uint32_t j = 0; j < N; j++)
			ci[j] = 0;
		for (uint32_t k = 0; k < K; k++) {
			uint32_t aik = a[i * K + k];
			const uint32_t *bk = &b[k * N];

			for (uint32_t j = 0; j < N; j++)
				ci[j] += aik * bk[j];
		}
	}
}

static long wl_run(void)
{
	uint32_t *a = wl_alloc(M * K * 4), *b = wl_alloc(K * N * 4), *c = wl_alloc(M * N * 4);
	uint32_t *r = wl_alloc(N * 4), *br = wl_alloc(K * 4), *check = wl_alloc(M * 4);
	uint64_t rng = 5;

	for (uint32_t i = 0; i < M * K; i++)
		a[i] = (uint32_t)rng_next(&rng);
	for (uint32_t i = 0; i < K * N; i++)
		b[i] = (uint32_t)rng_next(&rng);
	for (uint32_t j = 0; j < N; j++)
		r[j] = (uint32_t)rng_next(&rng);

	matmul(a, b, c);

	for (uint32_t k = 0; k < K; k++) {
		br[k] = 0;
		for (uint32_t j = 0; j < N; j++)
			br[k] += b[k * N + j] * r[j];
	}
	for (uint32_t i = 0; i < M; i++) {
		uint32_t lhs = 0, rhs = 0;

		for (uint32_t j = 0; j < N; j++)
			lhs += c[i * N + j] * r[j];
		for (uint32_t k = 0; k < K; k++)
			rhs += a[i * K + k] * br[k];
		check[i] = lhs;
		if (lhs != rhs)
			WL_FAIL("row %u: (C r) = %" PRIu32 ", A (B r) = %" PRIu32, i, lhs, rhs);
	}
	printf(WL_NAME ": %u x %u times %u x %u\n", M, K, K, N);
	return 0;
}

WL_MAIN
