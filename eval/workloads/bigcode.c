/* bigcode: a large code footprint, the shape of compilers, interpreters'
 * runtimes, databases and OS kernels, where the instructions do not fit
 * the I-cache. 512 distinct functions, generated with macros from one
 * template whose constants, shifts and branch bits depend on the
 * function's number (about 250 KiB of code, 60 pages), are called through
 * a table, the next one chosen from the result of the last (an
 * unpredictable indirect call). The calls stay in a window of 128
 * functions (about 60 KiB, 15 pages: more than the default 8 KiB I-cache
 * and 8-entry I-TLB hold, and more than the large config's 32 KiB
 * I-cache) that slides over all of them.
 *
 * Check: one call in eight is recomputed by the same template compiled
 * once with the function's number as a variable, and must agree. */
#include <stdint.h>

#define WL_NAME "bigcode"
#define WL_MODE PRV_S
#ifndef SCALE
#define SCALE 32
#endif

#define NFUNCS 512		/* what ALL() below generates */
#define WINDOW 128		/* functions in use at a time, a power of two */
#define PHASE 512		/* calls before the window moves */
#define CALLS (2048u * SCALE)

#define WL_ARENA 4096ul

#include "workload.h"

/* The template's constants: distinct 32-bit numbers for every function
 * n and step k (odd where they multiply). */
#define KC(n, k) ((uint32_t)(((n) + 1) * 0x9e3779b1u ^ ((k) + 1) * 0x85ebca77u))
#define ROT(n, k) (1 + ((n) * 7 + (k) * 5) % 62)

#define STEP(k) do { \
	x = x * (KC(n, k) | 1) + (y ^ KC(n, (k) + 16)); \
	y = (y << ROT(n, k)) | (y >> (64 - ROT(n, k))); \
	if ((x >> (((n) + (k)) % 48 + 8)) & 1) \
		y += KC(n, (k) + 32); \
	else \
		y ^= x >> (((n) + 3 * (k)) % 29 + 3); \
} while (0)

/* Inlined into every generated function with n a constant (folded into
 * immediates), and into ref() with n a variable. */
static inline __attribute__((always_inline)) uint64_t body(uint32_t n, uint64_t x, uint64_t y)
{
	STEP(0);
	STEP(1);
	STEP(2);
	STEP(3);
	STEP(4);
	STEP(5);
	STEP(6);
	STEP(7);
	return x ^ y;
}

static __attribute__((noinline)) uint64_t ref(uint32_t n, uint64_t x, uint64_t y)
{
	return body(n, x, y);
}

#define FN(a, b) \
static __attribute__((noinline)) uint64_t fn_##a##_##b(uint64_t x, uint64_t y) \
{ \
	return body((a) * 16 + (b), x, y); \
}
#define ROW(M, a) M(a, 0) M(a, 1) M(a, 2) M(a, 3) M(a, 4) M(a, 5) M(a, 6) M(a, 7) \
	M(a, 8) M(a, 9) M(a, 10) M(a, 11) M(a, 12) M(a, 13) M(a, 14) M(a, 15)
#define ALL(M) ROW(M, 0) ROW(M, 1) ROW(M, 2) ROW(M, 3) ROW(M, 4) ROW(M, 5) ROW(M, 6) \
	ROW(M, 7) ROW(M, 8) ROW(M, 9) ROW(M, 10) ROW(M, 11) ROW(M, 12) ROW(M, 13) \
	ROW(M, 14) ROW(M, 15) ROW(M, 16) ROW(M, 17) ROW(M, 18) ROW(M, 19) ROW(M, 20) \
	ROW(M, 21) ROW(M, 22) ROW(M, 23) ROW(M, 24) ROW(M, 25) ROW(M, 26) ROW(M, 27) \
	ROW(M, 28) ROW(M, 29) ROW(M, 30) ROW(M, 31)

ALL(FN)

#define PTR(a, b) fn_##a##_##b,
static uint64_t (*const fns[NFUNCS])(uint64_t, uint64_t) = { ALL(PTR) };

_Static_assert(sizeof(fns) / sizeof(fns[0]) == NFUNCS, "ALL() makes NFUNCS functions");

static long wl_run(void)
{
	uint64_t x = 0x123456789abcdefull, sum = 0;
	uint32_t base = 0, checked = 0;

	for (uint32_t i = 0; i < CALLS; i++) {
		uint32_t n = (base + (uint32_t)(x >> 17) % WINDOW) % NFUNCS;
		uint64_t r = fns[n](x, i);

		if ((i & 7) == 0) {
			uint64_t want = ref(n, x, i);

			if (r != want)
				WL_FAIL("call %" PRIu32 ": function %" PRIu32 " returned %" PRIx64
					", the template gives %" PRIx64, i, n, r, want);
			checked++;
		}
		sum += r;
		x = r;
		if (i % PHASE == PHASE - 1)
			base += 61;
	}
	printf(WL_NAME ": %d functions, %u calls (%" PRIu32 " checked), sum %" PRIx64 "\n",
	       NFUNCS, CALLS, checked, sum);
	return 0;
}

WL_MAIN
