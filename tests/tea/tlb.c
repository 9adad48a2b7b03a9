/* Page-crossing accesses under Sv39. bm_run_paged() (tea/vm.h) runs the
 * work in S mode with the program and its arena mapped by 4 KiB pages:
 * - data: each load touches another page of the arena, more pages than any
 *   D-TLB holds, at lines that all fit in the L1 together: after the first
 *   round the loads miss only in the D-TLB, and their time is ST-TLB;
 * - code: a chain of jumps, one on each of more 4 KiB pages than any I-TLB
 *   holds: each jump's fetch misses in the I-TLB (DR-TLB). */
#include <stdint.h>
#include <stdio.h>

#include "tea/baremetal.h"
#include "tea/vm.h"

#define PAGE		4096ul
#define DATA_PAGES	64	/* twice the large config's 32-entry TLBs */
#define CODE_PAGES	64	/* as many */
#define ROUNDS		200

/* CODE_PAGES pages of code: a jump on each to the next, then a return. The
 * jump on page k sits 68 * k bytes into it, so that the jumps fall in
 * different I-cache sets and predictor entries: they miss in the I-TLB
 * only. */
void tea_code_pages(void);
__asm__(".pushsection .text.tea_code_pages, \"ax\", @progbits\n"
	".balign 4096\n"
	".globl tea_code_pages\n"
	".type tea_code_pages, @function\n"
	"tea_code_pages:\n"
	".set tea_page, 0\n"
	".rept 63\n"		/* CODE_PAGES - 1 */
	"\tj 1f\n"
	"\t.balign 4096\n"
	"\t.set tea_page, tea_page + 1\n"
	"\t.skip tea_page * 68\n"
	"1:\n"
	".endr\n"
	"\tret\n"
	".size tea_code_pages, . - tea_code_pages\n"
	".popsection\n");

static long __attribute__((noinline, noclone)) walk(void *arg)
{
	uintptr_t arena = (uintptr_t)arg;
	uint64_t sum = 0;

	for (unsigned r = 0; r < ROUNDS; r++) {
		for (unsigned i = 0; i < DATA_PAGES; i++) {
			uintptr_t p = arena + i * PAGE + (i * 64) % PAGE;
			uint64_t v;

			__asm__ volatile(".globl tea_tlb_load\n"
					 "tea_tlb_load:\n\t"
					 "ld %0, 0(%1)"
					 : "=r"(v) : "r"(p) : "memory");
			sum += v;
		}
		tea_code_pages();
	}
	return (long)sum;
}

int main(void)
{
	long sum = bm_run_paged(PRV_S, walk, bm_vm_arena(), DATA_PAGES * PAGE);

	if (sum != 0) {
		printf("tlb: the arena does not read as zeros (%ld)\n", sum);
		return 1;
	}
	printf("tlb: %d rounds of %d data pages and %d code pages\n", ROUNDS, DATA_PAGES, CODE_PAGES);
	return 0;
}
