/* dgemm: dense double-precision matrix multiply, C = A B, blocked as BLAS
 * does it. B is taken in KB x NB blocks (8 KiB, the default L1 D-cache's
 * size) that stay cached while every row of A passes them; inside a block
 * a 4 x 4 tile of C lives in registers and each k adds one column of A
 * times one row of B: 16 fmadd.d to 8 loads, independent chains, loops the
 * predictor learns. A and C (M x 128 doubles, 320 KiB each at the default
 * size) stream through the LLC; B is 128 KiB.
 *
 * Check (Freivalds): C r == A (B r) for a random r. The entries are
 * multiples of 1/16 below 4 and r's are small integers, so every sum is
 * exact in doubles, whatever the order or the fusing: the check is
 * equality. */
#include <stdint.h>

#define WL_NAME "dgemm"
#define WL_MODE PRV_S
#ifndef SCALE
#define SCALE 40
#endif

#define M (8u * SCALE)	/* rows of A and C */
#define K 128u		/* columns of A, rows of B */
#define N 128u		/* columns of B and C */
#define KB 32u		/* a block of B: KB x NB doubles */
#define NB 32u

#define WL_ARENA ((M * K + K * N + M * N) * 8ul + (N + K) * 8ul + 4096)

#include "workload.h"

/* C[i..i+3][j..j+3] += A[i..i+3][k0..k0+KB-1] B[k0..k0+KB-1][j..j+3] */
static inline void tile(const double *restrict a, const double *restrict b, double *restrict c)
{
	double c00 = c[0], c01 = c[1], c02 = c[2], c03 = c[3];
	double c10 = c[N], c11 = c[N + 1], c12 = c[N + 2], c13 = c[N + 3];
	double c20 = c[2 * N], c21 = c[2 * N + 1], c22 = c[2 * N + 2], c23 = c[2 * N + 3];
	double c30 = c[3 * N], c31 = c[3 * N + 1], c32 = c[3 * N + 2], c33 = c[3 * N + 3];

	for (unsigned k = 0; k < KB; k++) {
		double a0 = a[k], a1 = a[K + k], a2 = a[2 * K + k], a3 = a[3 * K + k];
		double b0 = b[k * N], b1 = b[k * N + 1], b2 = b[k * N + 2], b3 = b[k * N + 3];

		c00 += a0 * b0; c01 += a0 * b1; c02 += a0 * b2; c03 += a0 * b3;
		c10 += a1 * b0; c11 += a1 * b1; c12 += a1 * b2; c13 += a1 * b3;
		c20 += a2 * b0; c21 += a2 * b1; c22 += a2 * b2; c23 += a2 * b3;
		c30 += a3 * b0; c31 += a3 * b1; c32 += a3 * b2; c33 += a3 * b3;
	}
	c[0] = c00; c[1] = c01; c[2] = c02; c[3] = c03;
	c[N] = c10; c[N + 1] = c11; c[N + 2] = c12; c[N + 3] = c13;
	c[2 * N] = c20; c[2 * N + 1] = c21; c[2 * N + 2] = c22; c[2 * N + 3] = c23;
	c[3 * N] = c30; c[3 * N + 1] = c31; c[3 * N + 2] = c32; c[3 * N + 3] = c33;
}

static void dgemm(const double *restrict a, const double *restrict b, double *restrict c)
{
	wl_clear(c, M * N * sizeof(double));
	for (unsigned j0 = 0; j0 < N; j0 += NB)
		for (unsigned k0 = 0; k0 < K; k0 += KB)
			for (unsigned i = 0; i < M; i += 4)
				for (unsigned j = j0; j < j0 + NB; j += 4)
					tile(&a[i * K + k0], &b[k0 * N + j], &c[i * N + j]);
}

/* A multiple of 1/16 in [-4, 4). */
static double rng_entry(uint64_t *state)
{
	return (double)((int)rng_below(state, 128) - 64) / 16;
}

static long wl_run(void)
{
	double *a = wl_alloc(M * K * 8), *b = wl_alloc(K * N * 8), *c = wl_alloc(M * N * 8);
	double *r = wl_alloc(N * 8), *br = wl_alloc(K * 8);
	double trace = 0;
	uint64_t rng = 13;

	for (unsigned i = 0; i < M * K; i++)
		a[i] = rng_entry(&rng);
	for (unsigned i = 0; i < K * N; i++)
		b[i] = rng_entry(&rng);
	for (unsigned j = 0; j < N; j++)
		r[j] = (double)((int)rng_below(&rng, 16) - 8);

	dgemm(a, b, c);

	for (unsigned k = 0; k < K; k++) {
		br[k] = 0;
		for (unsigned j = 0; j < N; j++)
			br[k] += b[k * N + j] * r[j];
	}
	for (unsigned i = 0; i < M; i++) {
		double lhs = 0, rhs = 0;

		for (unsigned j = 0; j < N; j++)
			lhs += c[i * N + j] * r[j];
		for (unsigned k = 0; k < K; k++)
			rhs += a[i * K + k] * br[k];
		/* Exact sums: equal or wrong (!= on doubles is meant). */
		if (lhs != rhs)
			WL_FAIL("row %u: (C r) = %.17g, A (B r) = %.17g", i, lhs, rhs);
		if (i < N)
			trace += c[i * N + i];
	}
	printf(WL_NAME ": %u x %u times %u x %u, trace %.4f\n", M, K, K, N, trace);
	return 0;
}

WL_MAIN
