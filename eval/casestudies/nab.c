/* Case study: the TEA paper's nab. nab's non-bonded energy loop computes a
 * square root per pair of atoms inside code that saves the FP exception
 * flags before it and restores them after (fegetexceptflag and
 * fesetexceptflag, which compile to frflags and fsflags). In this core
 * every CSR instruction is serialized: frflags waits for the ROB to empty
 * and flushes the pipeline after it commits, and so does fsflags, so the
 * long-latency fsqrt.d of one pair can never overlap the work of the next
 * ones. Built twice: as is, and with -DFIXED, which saves and restores the
 * flags once around the loop (what the flags need: the loop raises only
 * inexact).
 *
 * Runs in M mode; the atoms come from a fixed seed and the energy is
 * checked against the same sum computed without the flag accesses. */
#include <stdint.h>
#include <stdio.h>

#include "tea/baremetal.h"

#ifndef SCALE
#define SCALE 4
#endif
#define ATOMS 48
#define SWEEPS SCALE
#ifdef FIXED
#define FIXED_NAME " (fixed)"
#else
#define FIXED_NAME ""
#endif

struct atom {
	double x, y, z, q;
};

static struct atom atoms[ATOMS];

static inline uint64_t flags_save(void)
{
	uint64_t f;

	__asm__ volatile("frflags %0" : "=r"(f) :: "memory");
	return f;
}

static inline void flags_restore(uint64_t f)
{
	__asm__ volatile("fsflags %0" :: "r"(f) : "memory");
}

/* The screened Coulomb energy of every pair, as nab's loop: each sqrt
 * between a flags save and restore unless FIXED. */
static double __attribute__((noinline, noclone)) energy(unsigned sweeps, uint64_t *spent)
{
	double e = 0.0;
	uint64_t t = csr_read(cycle);

#ifdef FIXED
	uint64_t saved = flags_save();
#endif
	for (unsigned s = 0; s < sweeps; s++) {
		for (unsigned i = 0; i < ATOMS; i++) {
			for (unsigned j = i + 1; j < ATOMS; j++) {
				double dx = atoms[i].x - atoms[j].x;
				double dy = atoms[i].y - atoms[j].y;
				double dz = atoms[i].z - atoms[j].z;
				double r2 = dx * dx + dy * dy + dz * dz + 0.25;
#ifndef FIXED
				uint64_t saved = flags_save();
#endif
				double r = __builtin_sqrt(r2);
#ifndef FIXED
				flags_restore(saved);
#endif
				e += atoms[i].q * atoms[j].q / r;
			}
		}
	}
#ifdef FIXED
	flags_restore(saved);
#endif
	*spent = csr_read(cycle) - t;
	return e;
}

/* The same sum, plainly: the reference. */
static double reference(unsigned sweeps)
{
	double e = 0.0;

	for (unsigned s = 0; s < sweeps; s++)
		for (unsigned i = 0; i < ATOMS; i++)
			for (unsigned j = i + 1; j < ATOMS; j++) {
				double dx = atoms[i].x - atoms[j].x;
				double dy = atoms[i].y - atoms[j].y;
				double dz = atoms[i].z - atoms[j].z;

				e += atoms[i].q * atoms[j].q /
				     __builtin_sqrt(dx * dx + dy * dy + dz * dz + 0.25);
			}
	return e;
}

int main(void)
{
	uint64_t x = 88172645463325252ull, spent = 0;
	double got, want;
	union {
		double d;
		uint64_t u;
	} bits;

	for (unsigned i = 0; i < ATOMS; i++) {
		double c[4];

		for (unsigned k = 0; k < 4; k++) {
			x ^= x << 13, x ^= x >> 7, x ^= x << 17;
			c[k] = (double)(x % 2000) / 100.0 - 10.0;	/* -10 .. 10 */
		}
		atoms[i] = (struct atom){ c[0], c[1], c[2], c[3] / 10.0 };
	}
	got = energy(SWEEPS, &spent);
	want = reference(SWEEPS);
	bits.d = got;
	if (got != want) {
		printf("nab: energy %a, expected %a\n", got, want);
		return 1;
	}
	printf("nab%s: %u pairs, energy bits %016llx, %llu cycles in the loop\n", FIXED_NAME,
	       SWEEPS * ATOMS * (ATOMS - 1) / 2, (unsigned long long)bits.u,
	       (unsigned long long)spent);
	return 0;
}
