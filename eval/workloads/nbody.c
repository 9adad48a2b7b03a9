/* nbody: pairwise forces in doubles, the shape of molecular dynamics and of
 * SPEC's nab (its non-bonded energy loops). N bodies (coordinates packed
 * x, y, z per body, as nab keeps them) attract each other with softened
 * gravity; each time step (velocity Verlet) computes every pair's force
 * once, with one square root and one divide, and adds it to both bodies
 * (Newton's third law): long dependent FP chains through fsqrt.d and
 * fdiv.d, loads and stores of the second body's acceleration, a small
 * working set (N = 96: 2.3 KiB of coordinates).
 *
 * Check: total momentum is conserved (to rounding: the pair forces cancel),
 * and total energy, kinetic plus potential (another pass over the pairs),
 * drifts by less than 1e-6 of itself over the run. */
#include <stdint.h>

#define WL_NAME "nbody"
#define WL_MODE PRV_U
#ifndef SCALE
#define SCALE 64
#endif

#define N 96
#define STEPS SCALE
#define DT 0.001
#define EPS2 0.01	/* softening: r^2 + EPS2 keeps close pairs bounded */

#define WL_ARENA (4ul * 3 * N * sizeof(double) + 4096)

#include "workload.h"

/* acc = the acceleration of every body from every other one. */
static void forces(const double *restrict pos, const double *restrict mass, double *restrict acc)
{
	wl_clear(acc, 3 * N * sizeof(double));
	for (int i = 0; i < N; i++) {
		double xi = pos[3 * i], yi = pos[3 * i + 1], zi = pos[3 * i + 2];
		double mi = mass[i], ax = 0, ay = 0, az = 0;

		for (int j = i + 1; j < N; j++) {
			double dx = pos[3 * j] - xi, dy = pos[3 * j + 1] - yi;
			double dz = pos[3 * j + 2] - zi;
			double r2 = dx * dx + dy * dy + dz * dz + EPS2;
			double rinv = 1.0 / __builtin_sqrt(r2);
			double s = rinv * rinv * rinv;
			double si = mass[j] * s, sj = mi * s;

			ax += si * dx;
			ay += si * dy;
			az += si * dz;
			acc[3 * j] -= sj * dx;
			acc[3 * j + 1] -= sj * dy;
			acc[3 * j + 2] -= sj * dz;
		}
		acc[3 * i] += ax;
		acc[3 * i + 1] += ay;
		acc[3 * i + 2] += az;
	}
}

/* Kinetic plus potential energy. */
static double energy(const double *pos, const double *vel, const double *mass)
{
	double kin = 0, pot = 0;

	for (int i = 0; i < N; i++) {
		double v2 = vel[3 * i] * vel[3 * i] + vel[3 * i + 1] * vel[3 * i + 1] +
			    vel[3 * i + 2] * vel[3 * i + 2];

		kin += 0.5 * mass[i] * v2;
		for (int j = i + 1; j < N; j++) {
			double dx = pos[3 * j] - pos[3 * i], dy = pos[3 * j + 1] - pos[3 * i + 1];
			double dz = pos[3 * j + 2] - pos[3 * i + 2];

			pot -= mass[i] * mass[j] / __builtin_sqrt(dx * dx + dy * dy + dz * dz + EPS2);
		}
	}
	return kin + pot;
}

static void momentum(const double *vel, const double *mass, double p[3])
{
	p[0] = p[1] = p[2] = 0;
	for (int i = 0; i < N; i++)
		for (int d = 0; d < 3; d++)
			p[d] += mass[i] * vel[3 * i + d];
}

/* A double in [-1, 1) from the generator. */
static double rng_unit(uint64_t *state)
{
	return (double)(int64_t)rng_next(state) * 0x1p-63;
}

static long wl_run(void)
{
	double *pos = wl_alloc(3 * N * sizeof(double)), *vel = wl_alloc(3 * N * sizeof(double));
	double *acc = wl_alloc(3 * N * sizeof(double)), *mass = wl_alloc(N * sizeof(double));
	double e0, e1, p0[3], p1[3], drift;
	uint64_t rng = 11;

	/* A cloud of radius 1 with total mass 1, velocities about those of
	 * a bound orbit. */
	for (int i = 0; i < N; i++) {
		mass[i] = (1.0 + 0.5 * rng_unit(&rng)) / N;
		for (int d = 0; d < 3; d++) {
			pos[3 * i + d] = rng_unit(&rng);
			vel[3 * i + d] = 0.3 * rng_unit(&rng);
		}
	}
	e0 = energy(pos, vel, mass);
	momentum(vel, mass, p0);

	forces(pos, mass, acc);
	for (int t = 0; t < STEPS; t++) {
		for (int k = 0; k < 3 * N; k++) {
			vel[k] += 0.5 * DT * acc[k];
			pos[k] += DT * vel[k];
		}
		forces(pos, mass, acc);
		for (int k = 0; k < 3 * N; k++)
			vel[k] += 0.5 * DT * acc[k];
	}

	e1 = energy(pos, vel, mass);
	momentum(vel, mass, p1);
	for (int d = 0; d < 3; d++)
		if (!(p1[d] - p0[d] < 1e-13 && p0[d] - p1[d] < 1e-13))
			WL_FAIL("momentum %d: %.17g, was %.17g", d, p1[d], p0[d]);
	drift = (e1 - e0) / e0;
	if (!(drift < 1e-6 && drift > -1e-6))
		WL_FAIL("energy %.17g, was %.17g", e1, e0);
	printf(WL_NAME ": %d bodies, %d steps, energy %.12f, drift %.2e\n", N, STEPS, e1, drift);
	return 0;
}

WL_MAIN
