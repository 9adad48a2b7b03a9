/* Case study: a pipeline-flushing instruction that exposes the latency of a
 * later long-latency one (docs/casestudies.md; the TEA paper's fsflags
 * before fsqrt). Each iteration reads the cycle counter, as code that times
 * itself does, then loads from a random line of a table four times the
 * LLC's size. In this core a CSR instruction is serialized: it waits for
 * the ROB to empty and flushes the pipeline after it commits, so the load
 * of one iteration can no longer overlap the loads of the next ones and
 * every LLC miss is paid in full. Built twice: as is, and with -DFIXED,
 * which reads the counter once around the loop instead.
 *
 * Runs in M mode on DRAM nobody has written (reads as zero), so the sum
 * is known. */
#include <stdint.h>
#include <stdio.h>

#include "tea/baremetal.h"

#ifndef SCALE
#define SCALE 4
#endif
#define ITERATIONS (SCALE * 1024)
#ifdef FIXED
#define FIXED_NAME " (fixed)"
#else
#define FIXED_NAME ""
#endif
#define TABLE ((uint64_t *)0x88000000ul)	/* untouched DRAM */
#define TABLE_LINES (1u << 14)			/* 1 MiB, 4x the default LLC */

static uint64_t __attribute__((noinline, noclone)) walk(uint64_t x, unsigned n, uint64_t *spent)
{
	uint64_t sum = 0, t = 0;

#ifdef FIXED
	t = csr_read(cycle);
#endif
	for (unsigned i = 0; i < n; i++) {
		uint64_t v, *p;

#ifndef FIXED
		uint64_t now;

		__asm__ volatile("csrr %0, cycle" : "=r"(now) :: "memory");
		*spent += now - t;
		t = now;
#endif
		x ^= x << 13, x ^= x >> 7, x ^= x << 17;
		p = TABLE + (x % TABLE_LINES) * 8;
		__asm__ volatile("ld %0, 0(%1)" : "=r"(v) : "r"(p) : "memory");
		sum += v + (x & 0xff);
	}
#ifdef FIXED
	*spent = csr_read(cycle) - t;
#endif
	return sum;
}

int main(void)
{
	uint64_t x = 88172645463325252ull, want = 0, spent = 0;
	uint64_t got = walk(x, ITERATIONS, &spent);

	for (unsigned i = 0; i < ITERATIONS; i++) {
		x ^= x << 13, x ^= x >> 7, x ^= x << 17;
		want += x & 0xff;
	}
	if (got != want) {
		printf("flush: sum %llu, expected %llu\n", (unsigned long long)got,
		       (unsigned long long)want);
		return 1;
	}
	printf("flush%s: %u loads, %llu cycles in the loop\n", FIXED_NAME, ITERATIONS,
	       (unsigned long long)spent);
	return 0;
}
