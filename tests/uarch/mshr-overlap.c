/* Non-blocking D-cache: N independent loads that miss in the L1 and in the
 * LLC must overlap (one MSHR each), so that they take far less than N
 * times one isolated miss: the claim is t(N) < N/2 * t(1) for N = 4, the
 * MSHRs of the smallest config. The D-cache miss counter must count each
 * load miss once and the LLC miss counter each line read from memory.
 *
 * Reported too: 8 loads (the MSHRs of the large config), and the same with
 * lines that miss in the L1 but hit in the LLC (their LLC miss count must
 * be 0). */
#include "uarch.h"

#define REPS   4		/* measured repetitions; the best one counts */
#define NMAX   8
#define STRIDE (4096ul + LINE_BYTES)	/* another page, L1 set and LLC set */

static unsigned long cold_next = COLD_SLICE(0);

/* n lines nobody has touched, each in its own page. */
static void cold_lines(unsigned long *p, int n)
{
	for (int i = 0; i < n; i++) {
		p[i] = cold_next;
		cold_next += STRIDE;
	}
	cold_next += 256ul << 10;
}

/* n independent loads, one from each line, measured into *d. The line
 * addresses sit in registers before the region starts; the loads all write
 * one register (renaming keeps them independent), which leaves the
 * compiler registers enough to keep the snapshot out of memory. */
static void measure_loads(struct hpm *d, const unsigned long *p, int n)
{
	unsigned long a0 = p[0], a1 = p[1], a2 = p[2], a3 = p[3];
	unsigned long a4 = p[4], a5 = p[5], a6 = p[6], a7 = p[7];
	uint64_t r, one = 1;

	REG(a0); REG(a1); REG(a2); REG(a3); REG(a4); REG(a5); REG(a6); REG(a7);
	/* Two divisions (about 130 cycles, longer than a line read from
	 * memory: 64 quotient bits each) before the region: an I-cache
	 * refill that the front end started, fetching ahead into code not run
	 * before, lands before the region and not in its LLC miss count or
	 * its time. */
	r = ~0ull;
	REG(r); REG(one);
	__asm__ volatile ("divu %0, %0, %1\n\tdivu %0, %0, %1" : "+r"(r) : "r"(one));
	REG(r);
	if (n == 1) {
		HPM_MEASURE(d, __asm__ volatile ("ld %0, 0(%1)" : "=&r"(r) : "r"(a0) : "memory"));
	} else if (n == 4) {
		HPM_MEASURE(d, __asm__ volatile (
			"ld %0, 0(%1)\n\tld %0, 0(%2)\n\tld %0, 0(%3)\n\tld %0, 0(%4)"
			: "=&r"(r) : "r"(a0), "r"(a1), "r"(a2), "r"(a3) : "memory"));
	} else {
		HPM_MEASURE(d, __asm__ volatile (
			"ld %0, 0(%1)\n\tld %0, 0(%2)\n\tld %0, 0(%3)\n\tld %0, 0(%4)\n\t"
			"ld %0, 0(%5)\n\tld %0, 0(%6)\n\tld %0, 0(%7)\n\tld %0, 0(%8)"
			: "=&r"(r) : "r"(a0), "r"(a1), "r"(a2), "r"(a3),
			  "r"(a4), "r"(a5), "r"(a6), "r"(a7) : "memory"));
	}
	__asm__ volatile ("" :: "r"(r));
}

/* Brings the lines into the caches. */
static void touch(const unsigned long *p, int n)
{
	uint64_t sink = 0;

	for (int i = 0; i < n; i++)
		sink += *(volatile uint64_t *)p[i];
	__asm__ volatile ("" :: "r"(sink));
}

/* Pushes the lines out of the L1 and keeps them in the LLC: 12 other lines
 * in each one's L1 set (a multiple of the set stride of both configs, 2 and
 * 8 KiB), which the 8-way LLC keeps apart from it. */
static void evict_l1(const unsigned long *p, int n)
{
	uint64_t sink = 0;

	for (int i = 0; i < n; i++)
		for (unsigned long j = 1; j <= 12; j++)
			sink += *(volatile uint64_t *)(p[i] + j * 8192);
	__asm__ volatile ("" :: "r"(sink));
}

struct result {
	uint64_t cycles;	/* best of REPS, overhead removed */
	uint64_t dmiss, llcmiss;	/* per repetition, from the best one */
	int counts_ok;		/* every repetition counted what it must */
};

static void measure(struct result *r, int n, int llc_hit, uint64_t overhead)
{
	unsigned long p[NMAX] = { 0 };

	struct hpm d[REPS + 1];

	/* Repetition 0 warms the code (I-cache and branch predictor). The
	 * loop does nothing else after a region, so that the code the front
	 * end fetches ahead into during one is warm too. */
	for (int rep = 0; rep <= REPS; rep++) {
		cold_lines(p, n);
		if (llc_hit) {
			touch(p, n);
			evict_l1(p, n);
		}
		measure_loads(&d[rep], p, n);
	}
	r->cycles = UINT64_MAX;
	r->counts_ok = 1;
	for (int rep = 1; rep <= REPS; rep++) {
		/* The lines are cold, or in the LLC only: each load misses in
		 * the L1, and in the LLC exactly when the line is cold. The
		 * LLC also counts the I-side, speculative fetch included; the
		 * I-cache count, read before the LLC's at both ends, holds
		 * every such miss whose line the LLC count holds. */
		uint64_t dmiss = d[rep].ev[1], llcmiss = d[rep].ev[2], imiss = d[rep].ev[0];
		uint64_t llc_expect = llc_hit ? 0 : (uint64_t)n;

		if (dmiss != (uint64_t)n || llcmiss < llc_expect || llcmiss > llc_expect + imiss) {
			printf("  %d load(s), repetition %d: %" PRIu64 " D-cache misses, %"
			       PRIu64 " LLC misses, %" PRIu64 " I-cache misses, %" PRIu64
			       " cycles\n", n, rep, dmiss, llcmiss, imiss, d[rep].cycle);
			r->counts_ok = 0;
		}
		if (d[rep].cycle - overhead < r->cycles) {
			r->cycles = d[rep].cycle - overhead;
			r->dmiss = dmiss;
			r->llcmiss = llcmiss;
		}
	}
}

int main(void)
{
	struct result one, four, eight, one_h, four_h, eight_h;
	uint64_t overhead;
	char what[160];

	/* I-cache misses in the first counter, read before the LLC's at both
	 * ends of a region (see measure()). */
	hpm_select(EV_ICACHE_MISS, EV_DCACHE_MISS, EV_LLC_MISS, 0);
	overhead = hpm_overhead();
	printf("mshr-overlap: region overhead %" PRIu64 " cycles\n", overhead);

	measure(&one, 1, 0, overhead);
	measure(&four, 4, 0, overhead);
	measure(&eight, 8, 0, overhead);
	measure(&one_h, 1, 1, overhead);
	measure(&four_h, 4, 1, overhead);
	measure(&eight_h, 8, 1, overhead);

	printf("  miss in L1 and LLC: 1 load %" PRIu64 " cycles, 4 loads %" PRIu64
	       " (%" PRIu64 ".%02" PRIu64 "x), 8 loads %" PRIu64 " (%" PRIu64 ".%02" PRIu64 "x)\n",
	       one.cycles, four.cycles, four.cycles / one.cycles,
	       four.cycles * 100 / one.cycles % 100, eight.cycles,
	       eight.cycles / one.cycles, eight.cycles * 100 / one.cycles % 100);
	printf("  miss in L1, hit in LLC: 1 load %" PRIu64 " cycles, 4 loads %" PRIu64
	       " (%" PRIu64 ".%02" PRIu64 "x), 8 loads %" PRIu64 " (%" PRIu64 ".%02" PRIu64 "x)\n",
	       one_h.cycles, four_h.cycles, four_h.cycles / one_h.cycles,
	       four_h.cycles * 100 / one_h.cycles % 100, eight_h.cycles,
	       eight_h.cycles / one_h.cycles, eight_h.cycles * 100 / one_h.cycles % 100);
	printf("  counters per region: D-cache misses %" PRIu64 "/%" PRIu64 "/%" PRIu64
	       ", LLC misses %" PRIu64 "/%" PRIu64 "/%" PRIu64 " (cold); D-cache misses %"
	       PRIu64 "/%" PRIu64 "/%" PRIu64 ", LLC misses %" PRIu64 "/%" PRIu64 "/%"
	       PRIu64 " (LLC hits)\n",
	       one.dmiss, four.dmiss, eight.dmiss, one.llcmiss, four.llcmiss, eight.llcmiss,
	       one_h.dmiss, four_h.dmiss, eight_h.dmiss,
	       one_h.llcmiss, four_h.llcmiss, eight_h.llcmiss);

	check(one.counts_ok && four.counts_ok && eight.counts_ok, EXIT_SETUP,
	      "cold lines: one D-cache miss and one LLC miss per load");
	check(one_h.counts_ok && four_h.counts_ok && eight_h.counts_ok, EXIT_SETUP,
	      "lines in the LLC only: one D-cache miss per load, no LLC miss");
	check(one.cycles > 2 * one_h.cycles, EXIT_SETUP,
	      "a miss to memory costs more than twice an LLC hit");
	snprintf(what, sizeof(what), "4 independent misses to memory overlap: %" PRIu64
		 " cycles < 4/2 x %" PRIu64, four.cycles, one.cycles);
	check(four.cycles * 2 < 4 * one.cycles, EXIT_CLAIM, what);
	return uarch_finish("mshr-overlap");
}
