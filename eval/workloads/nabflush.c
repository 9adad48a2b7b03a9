/* nabflush: the TEA paper's second case study, SPEC's nab. Its energy
 * loops take a square root per atom pair, and around it the code saves
 * and restores the floating-point exception flags (through fenv), so that
 * the flags the sqrt raises do not reach the caller. On RISC-V that is an
 * frflags before the fsqrt.d and an fsflags after it: CSR accesses, which
 * this core serializes (each waits for the ROB to drain and flushes the
 * pipeline behind it). So every pair's fsqrt.d and fdiv.d run alone, their
 * whole latency exposed, instead of overlapping with the next pairs'.
 *
 * The loop: N atoms (coordinates packed x, y, z per atom, as nab keeps
 * them) with charges, the screened Coulomb energy q_i q_j / sqrt(r^2 + b^2)
 * of every pair, summed; the atoms move a little between sweeps. Built
 * with -DNO_FLUSH it is the optimized version, without the flag accesses:
 * it computes the same energy, bit for bit (the flags are not part of
 * the result).
 *
 * Check: the last sweep recomputed by a plain loop, with the sqrt alone,
 * gives the same energy (to 1e-13; the same operations in the same order
 * give it exactly), and the energy is finite and positive (like charges
 * dominate). */
#include <stdint.h>

#define WL_NAME "nabflush"
#define WL_MODE PRV_U
#ifndef SCALE
#define SCALE 64
#endif

#define N 128
#define SWEEPS SCALE
#define B2 0.25		/* the screening length squared: no pair is singular */

#define WL_ARENA (2ul * 3 * N * sizeof(double) + N * sizeof(double) + 4096)

#include "workload.h"

/* sqrt(x) that leaves fflags as they were, as nab's code has it:
 * fegetexceptflag(&saved, FE_ALL_EXCEPT), the sqrt, then
 * fesetexceptflag(&saved, FE_ALL_EXCEPT). On RISC-V those two compile to
 * frflags and fsflags, written out here so that they are plainly in the
 * loop; the "+f" and "f" operands keep the fsqrt.d between them. */
static inline double quiet_sqrt(double x)
{
#ifdef NO_FLUSH
	return __builtin_sqrt(x);
#else
	unsigned long saved;
	double r;

	__asm__ volatile ("frflags %0" : "=r"(saved), "+f"(x));	/* fegetexceptflag */
	r = __builtin_sqrt(x);
	__asm__ volatile ("fsflags %0" :: "r"(saved), "f"(r));	/* fesetexceptflag */
	return r;
#endif
}

/* The energy of every pair: the kernel, apart so that profiles name it. */
static __attribute__((noinline)) double pair_energy(const double *restrict pos,
						    const double *restrict q)
{
	double e = 0;

	for (int i = 0; i < N; i++) {
		double xi = pos[3 * i], yi = pos[3 * i + 1], zi = pos[3 * i + 2], qi = q[i];

		for (int j = i + 1; j < N; j++) {
			double dx = pos[3 * j] - xi, dy = pos[3 * j + 1] - yi;
			double dz = pos[3 * j + 2] - zi;
			double r2 = dx * dx + dy * dy + dz * dz + B2;

			e += qi * q[j] / quiet_sqrt(r2);
		}
	}
	return e;
}

/* The same sum with the plain sqrt, for the check. */
static double pair_energy_plain(const double *restrict pos, const double *restrict q)
{
	double e = 0;

	for (int i = 0; i < N; i++) {
		double xi = pos[3 * i], yi = pos[3 * i + 1], zi = pos[3 * i + 2], qi = q[i];

		for (int j = i + 1; j < N; j++) {
			double dx = pos[3 * j] - xi, dy = pos[3 * j + 1] - yi;
			double dz = pos[3 * j + 2] - zi;
			double r2 = dx * dx + dy * dy + dz * dz + B2;

			e += qi * q[j] / __builtin_sqrt(r2);
		}
	}
	return e;
}

/* A double in [-1, 1) from the generator. */
static double rng_unit(uint64_t *state)
{
	return (double)(int64_t)rng_next(state) * 0x1p-63;
}

static long wl_run(void)
{
	double *pos = wl_alloc(3 * N * sizeof(double)), *step = wl_alloc(3 * N * sizeof(double));
	double *q = wl_alloc(N * sizeof(double));
	double total = 0, last = 0, check;
	union { double d; uint64_t u; } bits;
	uint64_t rng = 19;

	/* Atoms in a box of side 8, charges of either sign, more positive. */
	for (int i = 0; i < N; i++) {
		q[i] = 0.25 + rng_unit(&rng);
		for (int d = 0; d < 3; d++) {
			pos[3 * i + d] = 4 * rng_unit(&rng);
			step[3 * i + d] = 0.01 * rng_unit(&rng);
		}
	}
	for (int s = 0; s < SWEEPS; s++) {
		if (s > 0)
			for (int k = 0; k < 3 * N; k++)
				pos[k] += step[k];
		last = pair_energy(pos, q);
		total += last;
	}

	check = pair_energy_plain(pos, q);
	if (!(last - check <= 1e-13 * check && check - last <= 1e-13 * check))
		WL_FAIL("last sweep's energy %.17g, the plain loop's %.17g", last, check);
	if (!(total > 0 && total < 1e300))
		WL_FAIL("total energy %.17g", total);
	bits.d = total;
#ifdef NO_FLUSH
	printf(WL_NAME ": without the fflags accesses (-DNO_FLUSH)\n");
#else
	printf(WL_NAME ": frflags and fsflags around every sqrt\n");
#endif
	printf(WL_NAME ": %d atoms, %d sweeps, energy %.12f (0x%016" PRIx64 ")\n", N, SWEEPS,
	       total, bits.u);
	return 0;
}

WL_MAIN
