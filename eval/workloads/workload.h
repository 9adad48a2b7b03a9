/* Shared by the workloads (eval/workloads/<name>.c): the size knob, a
 * random number generator, word-wise clearing, and main() around the
 * kernel, which runs in S or U mode under Sv39 paging (tea/vm.h), and
 * prints the performance counters' counts of every event over the run
 * ("hpm: icache-miss=N ...": make eval compares them with TEA's cycles).
 *
 * A workload defines WL_NAME, WL_MODE (PRV_S or PRV_U), SCALE's default
 * and WL_ARENA (bytes of arena it uses, from wl_alloc()), then includes
 * this header, then defines `static long wl_run(void)`, which
 * builds its input, runs the kernel, checks the result and returns 0, or
 * prints what is wrong and returns non-zero. Then WL_MAIN.
 *
 * Built with -DWL_LINUX (driver/linux/picolibc), the same program is a
 * Linux user-space command: the kernel runs in U mode of the process, the
 * arena is in .bss and there are no counters to print.
 *
 * SCALE (-DSCALE=N) is the one size knob: the work grows about linearly
 * with it. Each workload picks its default (at least ten million cycles on
 * the default core); SCALE=1 is the quick version for tests. */
#ifndef TEA_WORKLOAD_H
#define TEA_WORKLOAD_H

#include <inttypes.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifndef WL_LINUX
#include "tea/baremetal.h"
#include "tea/hpm.h"
#include "tea/vm.h"
#endif

/* splitmix64: a fast, well-mixed stream; the same seed gives the same
 * input on every run, so that every size has one expected result. */
static inline uint64_t rng_next(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

/* A number in [0, n), n > 0 (the slight bias does not matter here). */
static inline uint64_t rng_below(uint64_t *state, uint64_t n)
{
	return rng_next(state) % n;
}

/* Clears words 8 bytes at a time (picolibc's memset stores bytes). */
static inline void wl_clear(void *p, size_t bytes)
{
	uint64_t *w = p;

	for (size_t i = 0; i < bytes / 8; i++) {
		w[i] = 0;
		/* Keeps the compiler from turning the loop into memset. */
		__asm__ volatile ("" ::: "memory");
	}
}

#ifdef WL_LINUX
static uint8_t wl_linux_arena[WL_ARENA] __attribute__((aligned(4096)));
#define wl_arena() ((void *)wl_linux_arena)
#else
#define wl_arena() bm_vm_arena()
#endif

/* Hands out the arena in 64-byte-aligned pieces. */
static uintptr_t wl_arena_next;

static inline void *wl_alloc(size_t bytes)
{
	void *p;

	if (!wl_arena_next)
		wl_arena_next = (uintptr_t)wl_arena();
	p = (void *)wl_arena_next;
	wl_arena_next += (bytes + 63) & ~(size_t)63;
	return p;
}

#define WL_FAIL(...) do { \
	printf(WL_NAME ": FAIL: " __VA_ARGS__); \
	printf("\n"); \
	return 1; \
} while (0)

static long wl_run(void);

#ifndef WL_LINUX
static long wl_entry(void *arg)
{
	(void)arg;
	return wl_run();
}
#endif

/* The arena must cover what wl_alloc() hands out: a workload that asks for
 * more than WL_ARENA fails in wl_check_arena(). */
static inline int wl_check_arena(void)
{
	uintptr_t used = wl_arena_next ? wl_arena_next - (uintptr_t)wl_arena() : 0;

	if (used > (uintptr_t)(WL_ARENA)) {
		printf(WL_NAME ": FAIL: used %lu bytes of arena, mapped %lu\n",
		       (unsigned long)used, (unsigned long)(WL_ARENA));
		return 1;
	}
	return 0;
}

#ifdef WL_LINUX
#define WL_MAIN \
int main(void) \
{ \
	long r = wl_run(); \
	if (r == 0 && wl_check_arena()) \
		r = 1; \
	printf(WL_NAME " (SCALE=%d, Linux user space): %s\n", SCALE, \
	       r == 0 ? "PASS" : "FAIL"); \
	return r == 0 ? 0 : 1; \
}
#else
#define WL_MAIN \
int main(void) \
{ \
	uint64_t ev[TEA_HPM_NUM_EVENTS]; \
	bm_hpm_count_all(); \
	long r = bm_run_paged(WL_MODE, wl_entry, NULL, (WL_ARENA)); \
	bm_hpm_read_all(ev); \
	if (r == 0 && wl_check_arena()) \
		r = 1; \
	printf("hpm:"); \
	for (unsigned e = 1; e <= TEA_HPM_NUM_EVENTS; e++) \
		printf(" %s=%llu", bm_hpm_event_name(e), (unsigned long long)ev[e - 1]); \
	printf("\n"); \
	printf(WL_NAME " (SCALE=%d, %s mode): %s\n", SCALE, \
	       WL_MODE == PRV_S ? "S" : "U", r == 0 ? "PASS" : "FAIL"); \
	return r == 0 ? 0 : 1; \
}
#endif

#endif
