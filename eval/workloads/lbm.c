/* lbm: a D2Q9 lattice-Boltzmann step in integers, the shape of SPEC's lbm.
 * Each step streams the nine distributions of every cell from its
 * neighbours (pull scheme, periodic edges) and relaxes them halfway to
 * equilibrium (BGK with tau = 2). Structure of arrays, two lattices
 * swapped each step: long unit-stride streams of loads and stores through
 * 18 arrays at once, one divide per cell, little branching.
 *
 * Check: mass is conserved exactly (the rest population takes what the
 * others leave), every population stays in range, and the shear flow set
 * up at the start has moved. */
#include <stdint.h>

#define WL_NAME "lbm"
#define WL_MODE PRV_S
#ifndef SCALE
#define SCALE 36
#endif

#define NX 48
#define NY (8 * SCALE)
#define NCELLS (NX * NY)
#define STEPS 3
#define Q 9
#define RHO0 3600	/* initial density: populations in the thousands */

#define WL_ARENA (2ul * Q * NCELLS * sizeof(int32_t) + 4096)

#include "workload.h"

static const int ex[Q] = { 0, 1, 0, -1, 0, 1, -1, -1, 1 };
static const int w36[Q] = { 16, 4, 4, 4, 4, 1, 1, 1, 1 };	/* weights * 36 */

/* Relaxes population i (direction e_i, t = e_i . m, weight w * 36)
 * halfway to equilibrium, feq = w (2 rho^2 + 6 rho t + 9 t^2 - 3 |m|^2)
 * / (72 rho), with the cell's one reciprocal. */
#define RELAX(i, t, w) do { \
	int64_t num = common + 6 * rho * (t) + 9 * (t) * (t); \
	int64_t fn = f##i + (((((w) * num * inv) >> 40) - f##i) >> 1); \
	dst[(i) * NCELLS + c] = (int32_t)fn; \
	rest -= fn; \
} while (0)

/* One step, src to dst: written out per direction, as lbm is. */
static void lbm_step(const int32_t *restrict src, int32_t *restrict dst)
{
	for (int y = 0; y < NY; y++) {
		int ym = (y == 0 ? NY - 1 : y - 1) * NX, y0 = y * NX;
		int yp = (y == NY - 1 ? 0 : y + 1) * NX;

		for (int x = 0; x < NX; x++) {
			int xm = x == 0 ? NX - 1 : x - 1, xp = x == NX - 1 ? 0 : x + 1;
			int c = y0 + x;
			/* Pull: population i arrives from the cell at -e_i. */
			int64_t f0 = src[0 * NCELLS + c];
			int64_t f1 = src[1 * NCELLS + y0 + xm];
			int64_t f2 = src[2 * NCELLS + ym + x];
			int64_t f3 = src[3 * NCELLS + y0 + xp];
			int64_t f4 = src[4 * NCELLS + yp + x];
			int64_t f5 = src[5 * NCELLS + ym + xm];
			int64_t f6 = src[6 * NCELLS + ym + xp];
			int64_t f7 = src[7 * NCELLS + yp + xp];
			int64_t f8 = src[8 * NCELLS + yp + xm];
			int64_t rho = f0 + f1 + f2 + f3 + f4 + f5 + f6 + f7 + f8;
			int64_t mx = f1 - f3 + f5 - f6 - f7 + f8;
			int64_t my = f2 - f4 + f5 + f6 - f7 - f8;
			int64_t common = 2 * rho * rho - 3 * (mx * mx + my * my);
			int64_t inv = (1ll << 40) / (72 * rho);
			int64_t rest = rho;

			RELAX(1, mx, 4);
			RELAX(2, my, 4);
			RELAX(3, -mx, 4);
			RELAX(4, -my, 4);
			RELAX(5, mx + my, 1);
			RELAX(6, -mx + my, 1);
			RELAX(7, -mx - my, 1);
			RELAX(8, mx - my, 1);
			/* The rest population keeps the mass exact. */
			dst[c] = (int32_t)rest;
			(void)f0;
		}
	}
}

static long wl_run(void)
{
	int32_t *a = wl_alloc(Q * NCELLS * sizeof(int32_t));
	int32_t *b = wl_alloc(Q * NCELLS * sizeof(int32_t));
	int64_t mass0 = 0, mass = 0, mx_top = 0;

	/* At rest, plus a shear layer: the top half moves right, the bottom
	 * half left. */
	for (int c = 0; c < NCELLS; c++) {
		int top = c / NX < NY / 2;

		for (int i = 0; i < Q; i++) {
			int32_t v = w36[i] * RHO0 / 36;

			if (i == 1)
				v += top ? 60 : -60;
			if (i == 3)
				v += top ? -60 : 60;
			a[i * NCELLS + c] = v;
			mass0 += v;
		}
	}
	for (int s = 0; s < STEPS; s++) {
		lbm_step(a, b);
		int32_t *t = a;

		a = b;
		b = t;
	}
	for (int c = 0; c < NCELLS; c++) {
		for (int i = 0; i < Q; i++) {
			int32_t v = a[i * NCELLS + c];

			if (v < 0 || v > 4 * RHO0)
				WL_FAIL("population %d of cell %d out of range: %" PRId32, i, c, v);
			mass += v;
			if (c / NX < NY / 2)
				mx_top += ex[i] * v;
		}
	}
	if (mass != mass0)
		WL_FAIL("mass %" PRId64 ", expected %" PRId64, mass, mass0);
	/* The top half started with x momentum 120 per cell; viscosity
	 * takes some, never all, in a few steps. */
	if (mx_top <= 0 || mx_top >= 120ll * NCELLS / 2)
		WL_FAIL("x momentum of the top half %" PRId64 " outside (0, %lld)", mx_top,
			120ll * NCELLS / 2);
	printf(WL_NAME ": %d x %d cells, %d steps, mass %" PRId64 ", top momentum %" PRId64 "\n",
	       NX, NY, STEPS, mass, mx_top);
	return 0;
}

WL_MAIN
