/* I-cache and LLC miss counting. Straight-line code of 64 KiB (twice the
 * largest I-cache, a quarter of the smallest LLC), run once from cold
 * memory, misses in the I-cache once per line and in the LLC once per
 * line; run again it misses in the I-cache again (it does not fit) but
 * hits in the LLC. A 2 KiB piece, run again, does not miss at all.
 * No prefetcher: a line is fetched when the fetch reaches it. */
#include "uarch.h"

#define BIG_BYTES   (64 * 1024)
#define SMALL_BYTES (2 * 1024)
#define BIG_LINES   (BIG_BYTES / LINE_BYTES)
#define SMALL_LINES (SMALL_BYTES / LINE_BYTES)

extern char big_code[], small_code[];

/* 4-byte no-ops (no RVC, so that the size is exact), then a return. Each
 * block starts on a line; the return shares the block's last line. */
#define NOP_BLOCK(name, bytes) \
	".balign 64\n" \
	".globl " #name "\n" \
	#name ":\n\t" \
	".option push\n\t" \
	".option norvc\n\t" \
	".rept (" #bytes ") / 4 - 1\n\t" \
	"addi x0, x0, 0\n\t" \
	".endr\n\t" \
	"ret\n\t" \
	".option pop\n"

__asm__ (".pushsection .text.uarch_nops, \"ax\", @progbits\n"
	 NOP_BLOCK(big_code, 65536)
	 NOP_BLOCK(small_code, 2048)
	 ".popsection");

/* Not inlined: the code after the region (which the front end fetches while
 * the last counter reads wait) is this function's return, warm after the
 * first call. */
static __attribute__((noinline)) void run(struct hpm *d, char *code)
{
	void (*fn)(void) = (void (*)(void))code;

	REG(fn);
	HPM_MEASURE(d, fn());
}

int main(void)
{
	struct hpm big1, big2, small[3], small1, small2;
	char what[160];

	hpm_select(EV_ICACHE_MISS, EV_LLC_MISS, EV_DCACHE_MISS, EV_ITLB_MISS);
	run(&big1, big_code);
	run(&big2, big_code);
	for (int i = 0; i < 3; i++)
		run(&small[i], small_code);
	small1 = small[0];
	small2 = small[2];

	printf("icache-miss: %d KiB and %d KiB of straight-line code\n",
	       BIG_BYTES / 1024, SMALL_BYTES / 1024);
	printf("  %2d KiB, cold:  %5" PRIu64 " I-cache misses, %5" PRIu64 " LLC misses, %6"
	       PRIu64 " cycles (%d lines)\n", BIG_BYTES / 1024, big1.ev[0], big1.ev[1],
	       big1.cycle, BIG_LINES);
	printf("  %2d KiB, again: %5" PRIu64 " I-cache misses, %5" PRIu64 " LLC misses, %6"
	       PRIu64 " cycles\n", BIG_BYTES / 1024, big2.ev[0], big2.ev[1], big2.cycle);
	printf("  %2d KiB, first: %5" PRIu64 " I-cache misses, %5" PRIu64 " LLC misses, %6"
	       PRIu64 " cycles (%d lines)\n", SMALL_BYTES / 1024, small1.ev[0], small1.ev[1],
	       small1.cycle, SMALL_LINES);
	printf("  %2d KiB, again: %5" PRIu64 " I-cache misses, %5" PRIu64 " LLC misses, %6"
	       PRIu64 " cycles\n", SMALL_BYTES / 1024, small2.ev[0], small2.ev[1], small2.cycle);

	check(big1.ev[2] + big2.ev[2] + small1.ev[2] + small2.ev[2] == 0, EXIT_SETUP,
	      "no D-cache misses in straight-line code");
	/* A line or two more: the caller's line after the return, the line
	 * after the block fetched before the return redirects. */
	snprintf(what, sizeof(what), "cold: I-cache misses %d..%d: %" PRIu64, BIG_LINES,
		 BIG_LINES + 4, big1.ev[0]);
	check(big1.ev[0] >= BIG_LINES && big1.ev[0] <= BIG_LINES + 4, EXIT_CLAIM, what);
	snprintf(what, sizeof(what), "cold: LLC misses %d..%d: %" PRIu64, BIG_LINES,
		 BIG_LINES + 4, big1.ev[1]);
	check(big1.ev[1] >= BIG_LINES && big1.ev[1] <= BIG_LINES + 4, EXIT_CLAIM, what);
	snprintf(what, sizeof(what), "again: I-cache misses %d..%d: %" PRIu64,
		 BIG_LINES - BIG_LINES / 8, BIG_LINES + 4, big2.ev[0]);
	check(big2.ev[0] >= BIG_LINES - BIG_LINES / 8 && big2.ev[0] <= BIG_LINES + 4,
	      EXIT_CLAIM, what);
	snprintf(what, sizeof(what), "again: LLC misses <= 4: %" PRIu64, big2.ev[1]);
	check(big2.ev[1] <= 4, EXIT_CLAIM, what);
	snprintf(what, sizeof(what), "cold time: more than 20 cycles per line (%" PRIu64 ")",
		 big1.cycle / BIG_LINES);
	check(big1.cycle > 20ull * BIG_LINES && big1.cycle > big2.cycle, EXIT_CLAIM, what);
	snprintf(what, sizeof(what), "small piece again: %" PRIu64 " I-cache misses == 0",
		 small2.ev[0]);
	check(small1.ev[0] >= SMALL_LINES && small2.ev[0] == 0, EXIT_CLAIM, what);
	return uarch_finish("icache-miss");
}
