/* cgsolve: conjugate gradient on a sparse matrix in CSR form, the shape of
 * HPCG and of the solvers in SPEC's FP codes. The matrix is the 2D
 * Poisson operator (5-point stencil, Dirichlet edges) on an NX x NY grid,
 * stored as a general CSR matrix; each iteration is one sparse
 * matrix-vector product (a gather through the column indices), two dot
 * products (reductions: a dependent chain of fadd.d) and three vector
 * updates, with one divide for each of the two step lengths. As in HPCG,
 * a solve runs a set number of iterations (50), or fewer once
 * |r| <= 1e-10 |b|, so that the work grows with the grid alone; the grid
 * is NX = 32 wide and grows in y. At the default size the matrix and six
 * vectors take 220 KiB.
 *
 * Check: b = A x* for a random x*. CG from x = 0 must shrink the error's
 * A-norm |x - x*|_A at least as fast as its bound, 2 ((sqrt(k) - 1) /
 * (sqrt(k) + 1))^n for the matrix's condition number k (known in closed
 * form; steepest descent would not make it), the true residual |b - A x|
 * must agree with the recurrence's, and a solve that converged must be
 * within 1e-7 of x*. */
#include <stdint.h>

#define WL_NAME "cgsolve"
#define WL_MODE PRV_S
#ifndef SCALE
#define SCALE 16
#endif

#define NX 32
#define NY (4 * SCALE)
#define ROWS (NX * NY)
#define NNZ_MAX (5 * ROWS)
#define MAX_ITERS 50
#define TOL 1e-10

#define WL_ARENA ((ROWS + 1) * 4ul + NNZ_MAX * (4ul + 8) + 6 * ROWS * 8ul + 4096)

#include "workload.h"

/* y = A x */
static void spmv(const uint32_t *restrict rowptr, const uint32_t *restrict col,
		 const double *restrict val, const double *restrict x, double *restrict y)
{
	for (uint32_t r = 0; r < ROWS; r++) {
		double sum = 0;

		for (uint32_t k = rowptr[r]; k < rowptr[r + 1]; k++)
			sum += val[k] * x[col[k]];
		y[r] = sum;
	}
}

static double dot(const double *restrict a, const double *restrict b)
{
	double sum = 0;

	for (uint32_t i = 0; i < ROWS; i++)
		sum += a[i] * b[i];
	return sum;
}

/* The conjugate gradient iterations from x = 0, until |r| <= TOL |b| or
 * for MAX_ITERS; returns how many ran, and the last |r|^2 in *rr_last. */
static int cg(const uint32_t *rowptr, const uint32_t *col, const double *val, const double *b,
	      double *restrict x, double *restrict r, double *restrict p, double *restrict q,
	      double *rr_last)
{
	double rr = dot(b, b), stop = TOL * TOL * rr;
	int it;

	for (uint32_t i = 0; i < ROWS; i++) {
		x[i] = 0;
		r[i] = b[i];
		p[i] = b[i];
	}
	for (it = 1; it <= MAX_ITERS; it++) {
		double alpha, beta, rr_next;

		spmv(rowptr, col, val, p, q);
		alpha = rr / dot(p, q);
		for (uint32_t i = 0; i < ROWS; i++) {
			x[i] += alpha * p[i];
			r[i] -= alpha * q[i];
		}
		rr_next = dot(r, r);
		beta = rr_next / rr;
		rr = rr_next;
		if (rr <= stop)
			break;
		for (uint32_t i = 0; i < ROWS; i++)
			p[i] = r[i] + beta * p[i];
	}
	*rr_last = rr;
	return it > MAX_ITERS ? MAX_ITERS : it;
}

/* sin by its series (no libm in the kernel; small |x|). */
static double series_sin(double x)
{
	double term = x, sum = x;

	for (int n = 1; n < 20; n++) {
		term *= -x * x / ((2 * n) * (2 * n + 1));
		sum += term;
	}
	return sum;
}

/* The 5-point operator's extreme eigenvalues on an nx x ny grid are
 * 4 sin^2(pi / (2 (nx + 1))) + 4 sin^2(pi / (2 (ny + 1))) and 8 minus
 * that: the condition number. */
static double condition(void)
{
	double sx = series_sin(3.14159265358979323846 / (2 * (NX + 1)));
	double sy = series_sin(3.14159265358979323846 / (2 * (NY + 1)));
	double lmin = 4 * sx * sx + 4 * sy * sy;

	return (8 - lmin) / lmin;
}

static long wl_run(void)
{
	uint32_t *rowptr = wl_alloc((ROWS + 1) * sizeof(uint32_t));
	uint32_t *col = wl_alloc(NNZ_MAX * sizeof(uint32_t));
	double *val = wl_alloc(NNZ_MAX * sizeof(double));
	double *xs = wl_alloc(ROWS * 8), *b = wl_alloc(ROWS * 8), *x = wl_alloc(ROWS * 8);
	double *r = wl_alloc(ROWS * 8), *p = wl_alloc(ROWS * 8), *q = wl_alloc(ROWS * 8);
	double bb, res, rr, err = 0, xx = 0, ea0, ea, rho, bound = 2, k;
	uint64_t rng = 17;
	uint32_t nnz = 0;
	int iters;

	/* Row (i, j) of the grid: 4 on the diagonal, -1 for each neighbour
	 * inside the grid, columns in increasing order. */
	for (int j = 0; j < NY; j++) {
		for (int i = 0; i < NX; i++) {
			uint32_t row = j * NX + i;

			rowptr[row] = nnz;
#define ENTRY(c, v) do { col[nnz] = (c); val[nnz] = (v); nnz++; } while (0)
			if (j > 0)
				ENTRY(row - NX, -1.0);
			if (i > 0)
				ENTRY(row - 1, -1.0);
			ENTRY(row, 4.0);
			if (i < NX - 1)
				ENTRY(row + 1, -1.0);
			if (j < NY - 1)
				ENTRY(row + NX, -1.0);
#undef ENTRY
			xs[row] = (double)(int64_t)rng_next(&rng) * 0x1p-63;
		}
	}
	rowptr[ROWS] = nnz;
	spmv(rowptr, col, val, xs, b);

	iters = cg(rowptr, col, val, b, x, r, p, q, &rr);

	/* The true residual and the error, from scratch: r = b - A x (it
	 * must match the recurrence's r), q = the error e, p = A e. */
	spmv(rowptr, col, val, x, q);
	for (uint32_t i = 0; i < ROWS; i++) {
		double d = b[i] - q[i] - r[i];

		err += d * d;
		q[i] = x[i] - xs[i];
		xx += xs[i] * xs[i];
	}
	bb = dot(b, b);
	if (!(err <= 1e-22 * bb))
		WL_FAIL("true and recurrence residuals differ by %.3e of |b|", __builtin_sqrt(err / bb));
	spmv(rowptr, col, val, q, p);
	ea = dot(q, p);
	ea0 = dot(xs, b);		/* e = -x* at the start */
	k = condition();
	rho = (__builtin_sqrt(k) - 1) / (__builtin_sqrt(k) + 1);
	for (int i = 0; i < iters; i++)
		bound *= rho;
	if (!(ea <= bound * bound * ea0))
		WL_FAIL("|e|_A reduced to %.3e in %d iterations, the bound is %.3e (k = %.1f)",
			__builtin_sqrt(ea / ea0), iters, bound, k);
	res = rr / bb;
	if (res <= TOL * TOL && !(dot(q, q) <= 1e-14 * xx))
		WL_FAIL("converged, but error^2 %.3e of |x*|^2", dot(q, q) / xx);
	printf(WL_NAME ": %d x %d grid, %u nonzeros, %d iterations, |e|_A reduced to %.2e (bound "
	       "%.2e), |r| %.2e of |b|\n", NX, NY, nnz, iters, __builtin_sqrt(ea / ea0), bound,
	       __builtin_sqrt(res));
	return 0;
}

WL_MAIN
