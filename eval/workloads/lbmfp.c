/* lbmfp: a D2Q9 lattice-Boltzmann step in doubles, the shape of SPEC's
 * lbm (470.lbm, 519.lbm). Each step takes the nine distributions of every
 * cell, relaxes them towards equilibrium (BGK, tau = 0.8) and pushes them
 * to the neighbours (periodic edges). Structure of arrays, two lattices
 * swapped each step: unit-stride streams of loads and stores through 18
 * arrays of doubles at once (576 KiB at the default size), one divide and
 * some 60 FP operations per cell, no data-dependent branches.
 *
 * Check: the flow is two crossed shear waves, u_x = U sin(k y) and
 * u_y = U sin(k x) (k = 2 pi / 16; one varying along each axis, so that a
 * population pushed the wrong way shows), each of whose amplitudes decays
 * as exp(-nu k^2 t) with nu = (tau - 1/2) / 3: the decay from step WARM
 * (past the start's transient) to the last must match within 2% (the
 * lattice's own error is 0.9%). Mass is conserved (to rounding), every
 * population stays in (0, 1), and neither wave has moved. */
#include <stdint.h>

#define WL_NAME "lbmfp"
#define WL_MODE PRV_S
#ifndef SCALE
#define SCALE 16
#endif

#define L 16		/* the shear waves' wavelength */
#define NX (L * SCALE)
#define NY L
#define NCELLS (NX * NY)
#define STEPS 10
#define WARM 4		/* steps before the decay is measured */
#define Q 9
#define TAU 0.8
#define U0 0.01		/* the waves' peak velocity: small, so that they barely interact */

#define WL_ARENA (2ul * Q * NCELLS * sizeof(double) + L * sizeof(double) + 4096)

#include "workload.h"

#define PI 3.14159265358979323846

static const double w[Q] = {
	4.0 / 9, 1.0 / 9, 1.0 / 9, 1.0 / 9, 1.0 / 9, 1.0 / 36, 1.0 / 36, 1.0 / 36, 1.0 / 36,
};
static const int ex[Q] = { 0, 1, 0, -1, 0, 1, -1, -1, 1 };
static const int ey[Q] = { 0, 0, 1, 0, -1, 1, 1, -1, -1 };

/* sin and exp by their series: no libm in the kernel (|x| <= pi, and
 * small |x| for exp, so thirty terms are exact to rounding). */
static double series_sin(double x)
{
	double term = x, sum = x;

	for (int n = 1; n < 30; n++) {
		term *= -x * x / ((2 * n) * (2 * n + 1));
		sum += term;
	}
	return sum;
}

static double series_exp(double x)
{
	double term = 1, sum = 1;

	for (int n = 1; n < 30; n++) {
		term *= x / n;
		sum += term;
	}
	return sum;
}

/* Population i's equilibrium for density rho, velocity (ux, uy):
 * w_i rho (1 + 3 e.u + 4.5 (e.u)^2 - 1.5 |u|^2). */
#define FEQ(wi, eu) ((wi) * rho * (1.0 + 3.0 * (eu) + 4.5 * (eu) * (eu) - usq))

/* Relaxes f_i and pushes it to the cell at +e_i. */
#define PUSH(i, eu, cell) (dst[(i) * NCELLS + (cell)] = f##i + omega * (FEQ(w[i], eu) - f##i))

/* One step, src to dst: written out per direction, as lbm is. */
static void lbm_step(const double *restrict src, double *restrict dst)
{
	const double omega = 1.0 / TAU;

	for (int y = 0; y < NY; y++) {
		int ym = (y == 0 ? NY - 1 : y - 1) * NX, y0 = y * NX;
		int yp = (y == NY - 1 ? 0 : y + 1) * NX;

		for (int x = 0; x < NX; x++) {
			int xm = x == 0 ? NX - 1 : x - 1, xp = x == NX - 1 ? 0 : x + 1;
			int c = y0 + x;
			double f0 = src[0 * NCELLS + c], f1 = src[1 * NCELLS + c];
			double f2 = src[2 * NCELLS + c], f3 = src[3 * NCELLS + c];
			double f4 = src[4 * NCELLS + c], f5 = src[5 * NCELLS + c];
			double f6 = src[6 * NCELLS + c], f7 = src[7 * NCELLS + c];
			double f8 = src[8 * NCELLS + c];
			double rho = f0 + f1 + f2 + f3 + f4 + f5 + f6 + f7 + f8;
			double inv = 1.0 / rho;
			double ux = (f1 - f3 + f5 - f6 - f7 + f8) * inv;
			double uy = (f2 - f4 + f5 + f6 - f7 - f8) * inv;
			double usq = 1.5 * (ux * ux + uy * uy);

			PUSH(0, 0.0, c);
			PUSH(1, ux, y0 + xp);
			PUSH(2, uy, yp + x);
			PUSH(3, -ux, y0 + xm);
			PUSH(4, -uy, ym + x);
			PUSH(5, ux + uy, yp + xp);
			PUSH(6, -ux + uy, yp + xm);
			PUSH(7, -ux - uy, ym + xm);
			PUSH(8, ux - uy, ym + xp);
		}
	}
}

/* The momentum along one axis projected on sin(k (p + shift)), p the
 * position along the other: wave X (x momentum, varying in y, dir 0) or
 * wave Y (y momentum, varying in x, dir 1). Shift 0 gives the wave's
 * amplitude, shift L / 4 its part on cos (zero unless it moved). */
static double amplitude(const double *f, const double *s, int dir, int shift)
{
	double a = 0;

	for (int y = 0; y < NY; y++)
		for (int x = 0; x < NX; x++) {
			double m = 0;

			for (int i = 1; i < Q; i++)
				m += (dir ? ey[i] : ex[i]) * f[i * NCELLS + y * NX + x];
			a += m * s[((dir ? x : y) + shift) % L];
		}
	return a;
}

static double mass(const double *f)
{
	double m = 0;

	for (int i = 0; i < Q * NCELLS; i++)
		m += f[i];
	return m;
}

static long wl_run(void)
{
	double *a = wl_alloc(Q * NCELLS * sizeof(double));
	double *b = wl_alloc(Q * NCELLS * sizeof(double));
	double *s = wl_alloc(L * sizeof(double));
	double mass0, mass1, amp0[2] = { 0, 0 }, expect, got[2];
	const double k = 2 * PI / L, nu = (TAU - 0.5) / 3;

	for (int p = 0; p < L; p++)
		s[p] = series_sin(p <= L / 2 ? k * p : k * p - 2 * PI);
	/* At equilibrium with density 1 and the two waves' velocity. */
	for (int y = 0; y < NY; y++) {
		for (int x = 0; x < NX; x++) {
			double ux = U0 * s[y % L], uy = U0 * s[x % L];
			double usq = 1.5 * (ux * ux + uy * uy), rho = 1.0;

			for (int i = 0; i < Q; i++)
				a[i * NCELLS + y * NX + x] = FEQ(w[i], ex[i] * ux + ey[i] * uy);
		}
	}
	mass0 = mass(a);

	for (int t = 1; t <= STEPS; t++) {
		lbm_step(a, b);
		double *tmp = a;

		a = b;
		b = tmp;
		if (t == WARM)
			for (int d = 0; d < 2; d++)
				amp0[d] = amplitude(a, s, d, 0);
	}

	for (int i = 0; i < Q * NCELLS; i++)
		if (!(a[i] > 0 && a[i] < 1))
			WL_FAIL("population %d of cell %d out of (0, 1): %g", i / NCELLS, i % NCELLS,
				a[i]);
	mass1 = mass(a);
	if (!(mass1 - mass0 < 1e-12 * mass0 && mass0 - mass1 < 1e-12 * mass0))
		WL_FAIL("mass %.17g, expected %.17g", mass1, mass0);
	/* The decay (1 - ratio), measured against the Navier-Stokes one. */
	expect = 1 - series_exp(-nu * k * k * (STEPS - WARM));
	for (int d = 0; d < 2; d++) {
		double amp = amplitude(a, s, d, 0), off = amplitude(a, s, d, L / 4);

		got[d] = 1 - amp / amp0[d];
		if (!(got[d] > 0.98 * expect && got[d] < 1.02 * expect))
			WL_FAIL("wave %c decayed by %.6f, expected %.6f", "XY"[d], got[d], expect);
		if (!(off < 1e-9 * amp && -off < 1e-9 * amp))
			WL_FAIL("wave %c moved: cos part %g of %g", "XY"[d], off, amp);
	}
	printf(WL_NAME ": %d x %d cells, %d steps, decay %.6f and %.6f (expected %.6f), "
	       "mass %.15f\n", NX, NY, STEPS, got[0], got[1], expect, mass1 / NCELLS);
	return 0;
}

WL_MAIN
