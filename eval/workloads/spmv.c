/* spmv: sparse matrix-vector product in CSR form, the shape of the
 * solvers in SPEC and HPCG. A square matrix with 4..12 entries per row in
 * random columns is multiplied by a vector several times (the result,
 * scaled down, is the next vector): unit-stride streams through the row
 * pointers, column indices and values, and a gather from the vector at
 * random places.
 *
 * Check: the sum of y = A x must equal the column sums of A dotted with x
 * (the column sums are taken while the matrix is built), for every
 * product; wrap-around arithmetic makes both exact. */
#include <stdint.h>

#define WL_NAME "spmv"
#define WL_MODE PRV_S
#ifndef SCALE
#define SCALE 40
#endif

#define ROWS (512u * SCALE)
#define MAX_PER_ROW 12
#define ITERS 4

#define WL_ARENA ((ROWS + 1) * 4ul + ROWS * MAX_PER_ROW * 8ul + ROWS * 8ul * 3 + 4096)

#include "workload.h"

static void spmv(const uint32_t *restrict rowptr, const uint32_t *restrict col,
		 const int32_t *restrict val, const int64_t *restrict x, int64_t *restrict y)
{
	for (uint32_t r = 0; r < ROWS; r++) {
		int64_t sum = 0;

		for (uint32_t k = rowptr[r]; k < rowptr[r + 1]; k++)
			sum += val[k] * x[col[k]];
		y[r] = sum;
	}
}

static long wl_run(void)
{
	uint32_t *rowptr = wl_alloc((ROWS + 1) * sizeof(uint32_t));
	uint32_t *col = wl_alloc(ROWS * MAX_PER_ROW * sizeof(uint32_t));
	int32_t *val = wl_alloc(ROWS * MAX_PER_ROW * sizeof(int32_t));
	int64_t *x = wl_alloc(ROWS * sizeof(int64_t));
	int64_t *y = wl_alloc(ROWS * sizeof(int64_t));
	int64_t *colsum = wl_alloc(ROWS * sizeof(int64_t));
	uint64_t rng = 7;
	uint32_t nnz = 0;

	wl_clear(colsum, ROWS * sizeof(int64_t));
	for (uint32_t r = 0; r < ROWS; r++) {
		uint32_t n = 4 + (uint32_t)rng_below(&rng, MAX_PER_ROW - 3);

		rowptr[r] = nnz;
		for (uint32_t k = 0; k < n; k++) {
			uint64_t v = rng_next(&rng);
			uint32_t c = (uint32_t)((v >> 16) % ROWS);

			col[nnz] = c;
			val[nnz] = (int32_t)(v & 0xff) - 128;
			colsum[c] += val[nnz];
			nnz++;
		}
		x[r] = (int64_t)(rng_next(&rng) & 0xffff);
	}
	rowptr[ROWS] = nnz;

	for (int it = 0; it < ITERS; it++) {
		uint64_t lhs = 0, rhs = 0;

		spmv(rowptr, col, val, x, y);
		for (uint32_t r = 0; r < ROWS; r++) {
			lhs += (uint64_t)y[r];
			rhs += (uint64_t)colsum[r] * (uint64_t)x[r];
		}
		if (lhs != rhs)
			WL_FAIL("product %d: sum of y %" PRIu64 ", column sums . x %" PRIu64,
				it, lhs, rhs);
		/* The next x: y scaled back into 16 bits. */
		for (uint32_t r = 0; r < ROWS; r++)
			x[r] = (y[r] >> 8) & 0xffff;
	}
	printf(WL_NAME ": %u rows, %u entries, %d products\n", ROWS, nnz, ITERS);
	return 0;
}

WL_MAIN
