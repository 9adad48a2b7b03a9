/* TLB misses under Sv39, in S mode. The program builds its page table:
 * identity gigapages for the devices (0..1 GiB) and for DRAM (2..3 GiB),
 * where code, data and stack stay, and 4 KiB pages at 1 GiB: the first 256
 * all map the same data page, the next 256 all map one page of code that
 * holds a single `ret`. The TLBs are fully associative with round-robin
 * replacement (rtl/core/mmu/tlb.sv), 8 entries (default) or 32 (large).
 * - D-TLB: loads from 2 x 32 distinct pages miss about once per page;
 *   loads from 4 pages, again and again once they are in, never miss;
 * - I-TLB: calls into 64 distinct code pages miss at least once per page
 *   (at most twice: the round robin also throws out the caller's
 *   gigapage now and then); calls into 4 pages, again and again, never
 *   miss. */
#include "uarch.h"

#define PAGE  4096ul

#define TEST_VA   0x40000000ul			/* the 4 KiB pages */
#define DATA_VA(i) (TEST_VA + (unsigned long)(i) * PAGE)
#define CODE_VA(i) (TEST_VA + (256ul + (unsigned long)(i)) * PAGE)

#define MANY  (2 * CFG_MAX_TLB)	/* more than any D-TLB or I-TLB holds */
#define FEW   4			/* with the gigapages, fits the smallest TLB */
#define ROUNDS 16

static uint64_t root[512] __attribute__((aligned(4096)));
static uint64_t l1[512] __attribute__((aligned(4096)));
static uint64_t l0[512] __attribute__((aligned(4096)));
static uint64_t data_page[512] __attribute__((aligned(4096)));
static uint8_t s_stack[8192] __attribute__((aligned(16)));

/* One page of code: a return at its start. */
extern char code_page[];
__asm__ (".pushsection .text.uarch_code_page, \"ax\", @progbits\n"
	 ".balign 4096\n"
	 ".globl code_page\n"
	 "code_page:\n\t"
	 "ret\n\t"
	 ".balign 4096\n"
	 ".popsection");

static void build_page_table(void)
{
	root[0] = pte_leaf(0, PTE_R | PTE_W);
	root[1] = ((unsigned long)l1 >> 12) << 10 | PTE_V;
	root[2] = pte_leaf(0x80000000ul, PTE_R | PTE_W | PTE_X);
	l1[0] = ((unsigned long)l0 >> 12) << 10 | PTE_V;
	for (int i = 0; i < 256; i++) {
		l0[i] = pte_leaf((unsigned long)data_page, PTE_R | PTE_W);
		l0[256 + i] = pte_leaf((unsigned long)code_page, PTE_R | PTE_X);
	}
	for (int i = 0; i < 512; i++)
		data_page[i] = (uint64_t)i * 7;
}

/* Loads from pages first, first + 1, ... (count of them), rounds times;
 * each load at another line of the page. Returns their sum. */
static uint64_t load_pages(struct hpm *d, unsigned first, unsigned count, unsigned rounds)
{
	unsigned long va0 = DATA_VA(first), step = PAGE + LINE_BYTES, va, n, r = rounds;
	unsigned long cnt = count;
	uint64_t sum = 0, x;

	REG(va0); REG(step); REG(r); REG(cnt); REG(sum);
	HPM_MEASURE(d, __asm__ volatile (
		"1:\n\t"
		"mv	%[va], %[va0]\n\t"
		"mv	%[n], %[cnt]\n"
		"2:\n\t"
		"ld	%[x], 0(%[va])\n\t"
		"add	%[sum], %[sum], %[x]\n\t"
		"add	%[va], %[va], %[step]\n\t"
		"addi	%[n], %[n], -1\n\t"
		"bnez	%[n], 2b\n\t"
		"addi	%[r], %[r], -1\n\t"
		"bnez	%[r], 1b"
		: [va] "=&r"(va), [n] "=&r"(n), [x] "=&r"(x), [sum] "+r"(sum), [r] "+r"(r)
		: [va0] "r"(va0), [cnt] "r"(cnt), [step] "r"(step)
		: "memory"));
	return sum;
}

/* Loads from FEW pages from first on, rounds times, without an inner
 * loop: at the loop's exit the wrong path runs into the same pages (an
 * inner loop's wrong path would walk the page after the last). */
static uint64_t load_few(struct hpm *d, unsigned first, unsigned rounds)
{
	unsigned long p0 = DATA_VA(first), p1 = p0 + PAGE + LINE_BYTES;
	unsigned long p2 = p1 + PAGE + LINE_BYTES, p3 = p2 + PAGE + LINE_BYTES;
	unsigned long r = rounds;
	uint64_t sum = 0, x;

	REG(p0); REG(p1); REG(p2); REG(p3); REG(r); REG(sum);
	HPM_MEASURE(d, __asm__ volatile (
		"1:\n\t"
		"ld	%[x], 0(%[p0])\n\t"
		"add	%[sum], %[sum], %[x]\n\t"
		"ld	%[x], 0(%[p1])\n\t"
		"add	%[sum], %[sum], %[x]\n\t"
		"ld	%[x], 0(%[p2])\n\t"
		"add	%[sum], %[sum], %[x]\n\t"
		"ld	%[x], 0(%[p3])\n\t"
		"add	%[sum], %[sum], %[x]\n\t"
		"addi	%[r], %[r], -1\n\t"
		"bnez	%[r], 1b"
		: [x] "=&r"(x), [sum] "+r"(sum), [r] "+r"(r)
		: [p0] "r"(p0), [p1] "r"(p1), [p2] "r"(p2), [p3] "r"(p3)
		: "memory"));
	return sum;
}

/* What load_pages() sums: page i's load reads word (i * 8) % 512. */
static uint64_t expected_sum(unsigned first, unsigned count, unsigned rounds)
{
	uint64_t sum = 0;

	for (unsigned i = 0; i < count; i++)
		sum += data_page[(i * (LINE_BYTES / 8)) % 512];
	(void)first;
	return sum * rounds;
}

/* Calls the code pages first, first + 1, ... (count of them) once. */
static void call_pages(struct hpm *d, unsigned first, unsigned count)
{
	unsigned long va = CODE_VA(first), step = PAGE, n = count;

	REG(va); REG(step); REG(n);
	HPM_MEASURE(d, __asm__ volatile (
		"1:\n\t"
		"jalr	%[va]\n\t"
		"add	%[va], %[va], %[step]\n\t"
		"addi	%[n], %[n], -1\n\t"
		"bnez	%[n], 1b"
		: [va] "+r"(va), [n] "+r"(n)
		: [step] "r"(step)
		: "ra", "memory"));
}

/* Calls FEW code pages from first on, rounds times, without an inner loop
 * (as load_few). */
static void call_few(struct hpm *d, unsigned first, unsigned rounds)
{
	unsigned long p0 = CODE_VA(first), p1 = p0 + PAGE, p2 = p1 + PAGE, p3 = p2 + PAGE;
	unsigned long r = rounds;

	REG(p0); REG(p1); REG(p2); REG(p3); REG(r);
	HPM_MEASURE(d, __asm__ volatile (
		"1:\n\t"
		"jalr	%[p0]\n\t"
		"jalr	%[p1]\n\t"
		"jalr	%[p2]\n\t"
		"jalr	%[p3]\n\t"
		"addi	%[r], %[r], -1\n\t"
		"bnez	%[r], 1b"
		: [r] "+r"(r)
		: [p0] "r"(p0), [p1] "r"(p1), [p2] "r"(p2), [p3] "r"(p3)
		: "ra", "memory"));
}

static void s_main(void)
{
	struct hpm dmany, dfew, dwarm, imany, ifew, iwarm;
	uint64_t sums_ok = 1;
	char what[160];

	/* D-TLB: MANY pages once; then FEW other pages, once to bring them
	 * in and ROUNDS times measured. */
	sums_ok &= load_pages(&dmany, 0, MANY, 1) == expected_sum(0, MANY, 1);
	sums_ok &= load_few(&dwarm, 128, 1) == expected_sum(128, FEW, 1);
	sums_ok &= load_few(&dfew, 128, ROUNDS) == expected_sum(128, FEW, ROUNDS);
	/* I-TLB likewise. */
	call_pages(&imany, 0, MANY);
	call_few(&iwarm, 128, 1);
	call_few(&ifew, 128, ROUNDS);

	printf("tlb-walks (S mode, Sv39): TLBs of %d..%d entries\n", CFG_MIN_TLB, CFG_MAX_TLB);
	printf("  loads, %d pages once:        %" PRIu64 " D-TLB misses, %" PRIu64
	       " I-TLB misses, %" PRIu64 " cycles\n", MANY, dmany.ev[0], dmany.ev[1], dmany.cycle);
	printf("  loads, %d pages first time:   %" PRIu64 " D-TLB misses\n", FEW, dwarm.ev[0]);
	printf("  loads, %d pages %d times more: %" PRIu64 " D-TLB misses, %" PRIu64 " cycles\n",
	       FEW, ROUNDS, dfew.ev[0], dfew.cycle);
	printf("  calls, %d pages once:        %" PRIu64 " I-TLB misses, %" PRIu64
	       " D-TLB misses, %" PRIu64 " cycles\n", MANY, imany.ev[1], imany.ev[0], imany.cycle);
	printf("  calls, %d pages first time:   %" PRIu64 " I-TLB misses\n", FEW, iwarm.ev[1]);
	printf("  calls, %d pages %d times more: %" PRIu64 " I-TLB misses, %" PRIu64 " cycles\n",
	       FEW, ROUNDS, ifew.ev[1], ifew.cycle);

	check(sums_ok && dmany.ev[2] + dfew.ev[2] + imany.ev[2] + ifew.ev[2] == 0, EXIT_SETUP,
	      "every load read its page; no exception");
	check(dwarm.ev[0] >= 1 && iwarm.ev[1] >= 1, EXIT_SETUP,
	      "the few pages were not in the TLBs before their first use");
	snprintf(what, sizeof(what), "D-TLB: %d new pages miss %d..%d times: %" PRIu64,
		 MANY, MANY, MANY + MANY / 8 + 2, dmany.ev[0]);
	check(dmany.ev[0] >= MANY && dmany.ev[0] <= MANY + MANY / 8 + 2, EXIT_CLAIM, what);
	snprintf(what, sizeof(what), "D-TLB: %d pages that fit, again: %" PRIu64 " misses == 0",
		 FEW, dfew.ev[0]);
	check(dfew.ev[0] == 0, EXIT_CLAIM, what);
	snprintf(what, sizeof(what), "I-TLB: %d new code pages miss %d..%d times: %" PRIu64,
		 MANY, MANY, 2 * MANY + 2, imany.ev[1]);
	check(imany.ev[1] >= MANY && imany.ev[1] <= 2 * MANY + 2, EXIT_CLAIM, what);
	snprintf(what, sizeof(what), "I-TLB: %d code pages that fit, again: %" PRIu64
		 " misses == 0", FEW, ifew.ev[1]);
	check(ifew.ev[1] == 0, EXIT_CLAIM, what);
	s_exit(uarch_finish("tlb-walks"));
}

int main(void)
{
	build_page_table();
	hpm_select(EV_DTLB_MISS, EV_ITLB_MISS, EV_EXCEPTION, EV_LLC_MISS);
	run_in_s_mode(root, s_main, s_stack + sizeof(s_stack));
}
