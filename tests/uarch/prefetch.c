/* Zicbop prefetch.r / prefetch.w bring lines into the L1 D-cache without
 * holding up commit, and never trap.
 *
 * Stream (M mode, bare): a walk over LINES lines nobody has touched (more
 * than any L1 holds; each line comes from memory), one
 * load per line whose address depends on the previous load's value, so
 * that the out-of-order window cannot overlap the misses by itself. The
 * same walk with a prefetch.r DIST lines ahead in every iteration must
 * take clearly fewer cycles (claim: less than 2/3) and see fewer than
 * half the D-cache load misses (a prefetch is not a load miss; a demand
 * load that finds its line still on its way is).
 *
 * Faults (S mode, Sv39): prefetch.r and prefetch.w of an unmapped page, a
 * non-canonical address, an execute-only page, a device page and a page
 * beyond the end of DRAM raise no exception; the same addresses loaded
 * do fault (set-up check for the first three). */
#include "uarch.h"

#define LINES  2048		/* 128 KiB */
#define DIST   16		/* prefetch distance in lines */
#define REPS   2		/* measured repetitions of each walk; the best counts */

/* prefetch.r / prefetch.w off(base) are ORI x0, base, off + 1 / off + 3
 * (Zicbop); written with .insn, since the build's -march has no zicbop. */
#define PF_STR(x) #x
#define PF_XSTR(x) PF_STR(x)

/* Sums the first word of n lines from base, each address depending on
 * the previous value; with pf, a prefetch.r DIST lines ahead. */
static uint64_t walk(struct hpm *d, unsigned long base, unsigned long n, int pf)
{
	unsigned long p = base, end = base + n * LINE_BYTES, t;
	uint64_t sum = 0, x;

	REG(p); REG(end); REG(sum);
	/* The same loop with the hint first, or an ORI x0 that is no
	 * hint in its place: the same instruction count. */
#define WALK(hint) HPM_MEASURE(d, __asm__ volatile (				\
		"1:\n\t"							\
		hint "\n\t"							\
		"and	%[t], %[sum], x0\n\t"					\
		"add	%[t], %[t], %[p]\n\t"					\
		"ld	%[x], 0(%[t])\n\t"					\
		"add	%[sum], %[sum], %[x]\n\t"				\
		"addi	%[p], %[p], %[line]\n\t"				\
		"bne	%[p], %[end], 1b"					\
		: [p] "+r"(p), [t] "=&r"(t), [x] "=&r"(x), [sum] "+r"(sum)	\
		: [end] "r"(end), [line] "i"(LINE_BYTES)			\
		: "memory"))
	if (pf)
		WALK(".insn i 0x13, 6, x0, %[p], " PF_XSTR(DIST * LINE_BYTES + 1));
	else
		WALK("ori	x0, %[p], 0");
#undef WALK
	return sum;
}

struct stream {
	uint64_t cycles, dmiss, llcmiss;
	uint64_t sum;
};

/* Each walk on lines nobody has touched (cold in the L1 and the LLC). */
static void measure(struct stream *s, int pf)
{
	struct hpm d;

	s->cycles = UINT64_MAX;
	s->sum = 0;
	/* Repetition 0 warms the code on a few lines. */
	for (int rep = 0; rep <= REPS; rep++) {
		unsigned long base = COLD_SLICE(1 + 2 * rep + pf);
		unsigned long n = rep == 0 ? 64 : LINES;

		s->sum += walk(&d, base, n, pf);
		if (rep > 0 && d.cycle < s->cycles) {
			s->cycles = d.cycle;
			s->dmiss = d.ev[0];
			s->llcmiss = d.ev[1];
		}
	}
}

/* ---- faults, in S mode ---- */

#define VA_UNMAPPED 0x40000000ul		/* root[1] invalid */
#define VA_NONCANON 0x0000800000000000ul	/* bits 63:39 not all bit 38 */
#define VA_XONLY    0xc0000000ul		/* root[3]: execute-only gigapage */
#define VA_DEVICE   0x10000000ul		/* UART, root[0] */
#define VA_BEYOND   0x100000000ul		/* root[4]: PA 0x4000000000, no DRAM */

static uint64_t root[512] __attribute__((aligned(4096)));
static uint8_t s_stack[8192] __attribute__((aligned(16)));
static volatile unsigned long faults;

static void on_fault(struct bm_trap_frame *f)
{
	faults++;
	bm_skip_instruction(f);
}

static struct stream base_run, pf_run;

/* Each address with offsets 0 and 64, read and write hints. */
static void prefetch_all(struct hpm *d, unsigned long a0, unsigned long a1, unsigned long a2,
			 unsigned long a3, unsigned long a4)
{
	REG(a0); REG(a1); REG(a2); REG(a3); REG(a4);
	HPM_MEASURE(d, __asm__ volatile (
		".insn i 0x13, 6, x0, %[a0], 1\n\t"
		".insn i 0x13, 6, x0, %[a0], 64 + 3\n\t"
		".insn i 0x13, 6, x0, %[a1], 1\n\t"
		".insn i 0x13, 6, x0, %[a1], -64 + 3\n\t"
		".insn i 0x13, 6, x0, %[a2], 1\n\t"
		".insn i 0x13, 6, x0, %[a2], 64 + 3\n\t"
		".insn i 0x13, 6, x0, %[a3], 1\n\t"
		".insn i 0x13, 6, x0, %[a3], 64 + 3\n\t"
		".insn i 0x13, 6, x0, %[a4], 1\n\t"
		".insn i 0x13, 6, x0, %[a4], 64 + 3"
		:: [a0] "r"(a0), [a1] "r"(a1), [a2] "r"(a2), [a3] "r"(a3), [a4] "r"(a4)
		: "memory"));
}

static void s_main(void)
{
	struct hpm d;
	unsigned long f0;
	char what[200];

	/* Set-up: loads of the first three fault (and are skipped). */
	f0 = faults;
	(void)*(volatile uint64_t *)VA_UNMAPPED;
	(void)*(volatile uint64_t *)VA_NONCANON;
	(void)*(volatile uint64_t *)VA_XONLY;
	check(faults == f0 + 3, EXIT_SETUP, "loads of the unmapped, non-canonical and "
	      "execute-only addresses fault");

	f0 = faults;
	prefetch_all(&d, VA_UNMAPPED, VA_NONCANON, VA_XONLY, VA_DEVICE, VA_BEYOND);
	printf("  faults: 10 prefetches of faulting, device and missing addresses: "
	       "%" PRIu64 " exceptions, %" PRIu64 " cycles\n", d.ev[2], d.cycle);
	snprintf(what, sizeof(what), "prefetches of faulting addresses trap: %" PRIu64
		 " exceptions, %lu handled == 0", d.ev[2], faults - f0);
	check(d.ev[2] == 0 && faults == f0, EXIT_CLAIM, what);
	s_exit(uarch_finish("prefetch"));
}

int main(void)
{
	char what[200];

	hpm_select(EV_DCACHE_MISS, EV_LLC_MISS, EV_EXCEPTION, 0);
	measure(&base_run, 0);
	measure(&pf_run, 1);

	printf("prefetch: walk of %d dependent lines from memory, prefetch.r %d lines ahead\n",
	       LINES, DIST);
	printf("  without: %" PRIu64 " cycles (%" PRIu64 " per line), %" PRIu64
	       " D-cache load misses, %" PRIu64 " LLC misses\n", base_run.cycles,
	       base_run.cycles / LINES, base_run.dmiss, base_run.llcmiss);
	printf("  with:    %" PRIu64 " cycles (%" PRIu64 " per line), %" PRIu64
	       " D-cache load misses, %" PRIu64 " LLC misses\n", pf_run.cycles,
	       pf_run.cycles / LINES, pf_run.dmiss, pf_run.llcmiss);

	/* (untouched DRAM reads as zero in teasim: the sums tell nothing) */
	__asm__ volatile ("" :: "r"(base_run.sum + pf_run.sum));
	check(base_run.dmiss >= LINES - LINES / 32 && base_run.llcmiss >= LINES - LINES / 32,
	      EXIT_SETUP, "without prefetch (nearly) every line misses in the L1 and the LLC");
	snprintf(what, sizeof(what), "prefetched walk takes < 2/3 of the cycles: %" PRIu64
		 " vs %" PRIu64, pf_run.cycles, base_run.cycles);
	check(pf_run.cycles * 3 < base_run.cycles * 2, EXIT_CLAIM, what);
	/* Not all: with every MSHR busy a prefetch waits, and one that is
	 * still waiting when it is the oldest instruction is dropped. */
	snprintf(what, sizeof(what), "prefetched walk has < 1/2 of the load misses: %" PRIu64
		 " vs %" PRIu64, pf_run.dmiss, base_run.dmiss);
	check(pf_run.dmiss * 2 < base_run.dmiss, EXIT_CLAIM, what);

	root[0] = pte_leaf(0, PTE_R | PTE_W);
	root[2] = pte_leaf(0x80000000ul, PTE_R | PTE_W | PTE_X);
	root[3] = pte_leaf(0x80000000ul, PTE_X);
	root[4] = pte_leaf(0x4000000000ul, PTE_R | PTE_W);
	bm_set_exception_handler(EXC_LOAD_PAGE_FAULT, on_fault);
	bm_set_exception_handler(EXC_LOAD_ACCESS, on_fault);
	bm_set_exception_handler(EXC_STORE_PAGE_FAULT, on_fault);
	bm_set_exception_handler(EXC_STORE_ACCESS, on_fault);
	run_in_s_mode(root, s_main, s_stack + sizeof(s_stack));
}
