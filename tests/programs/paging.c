/* Sv39 paging from the runtime (tea/vm.h): the same function runs in S
 * and in U mode under bm_run_paged(). It writes and reads back pages of
 * the arena, the heap and its stack, prints through the UART mapping, and
 * loads from an address that is not mapped: that must fault (a load page
 * fault, taken in M mode), which shows that translation is on. The result
 * comes back to M mode, which checks it. */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "tea/baremetal.h"
#include "tea/vm.h"

#define ARENA_PAGES 64
#define PAGE 4096ul
#define HEAP_PAGES 4	/* picolibc's malloc clears bytewise: few */

/* In the DRAM gigapage but far past the arena: no level-0 table maps it. */
#define UNMAPPED_VA (BM_DRAM_BASE + (200ul << 20))

static volatile unsigned page_faults;
static volatile uint64_t fault_addr;

static void on_load_page_fault(struct bm_trap_frame *f)
{
	page_faults++;
	fault_addr = f->mtval;
	f->x[10] = 0;	/* the load's destination register (see below) */
	bm_skip_instruction(f);
}

static uint64_t mix(uint64_t x)
{
	x ^= x >> 31;
	x *= 0x9e3779b97f4a7c15ull;
	return x ^ (x >> 29);
}

/* Returns a checksum of what it read back, or -1 when something read back
 * wrong. */
static long touch(void *arg)
{
	uint64_t *arena = bm_vm_arena();
	uint64_t *heap = malloc(HEAP_PAGES * PAGE);
	uint64_t stack_buf[256];
	uint64_t sum = 0, salt = (uintptr_t)arg;
	register uint64_t probe __asm__("a0");

	printf("  hello from %s mode under Sv39\n", salt == PRV_S ? "S" : "U");
	if (salt == PRV_S && (csr_read(satp) >> 60) != 8)
		return -1;
	if (!heap)
		return -1;
	/* Two words in every page of the arena and the heap. */
	for (unsigned p = 0; p < ARENA_PAGES; p++) {
		arena[p * 512] = mix(p + salt);
		arena[p * 512 + 511] = ~mix(p + salt);
	}
	for (unsigned p = 0; p < HEAP_PAGES; p++)
		heap[p * 512 + 7] = mix(p * 3 + salt);
	for (unsigned i = 0; i < 256; i++)
		stack_buf[i] = mix(i ^ salt);
	for (unsigned p = 0; p < ARENA_PAGES; p++) {
		if (arena[p * 512] != mix(p + salt) || arena[p * 512 + 511] != ~mix(p + salt))
			return -1;
		sum += arena[p * 512];
	}
	for (unsigned p = 0; p < HEAP_PAGES; p++) {
		if (heap[p * 512 + 7] != mix(p * 3 + salt))
			return -1;
		sum += heap[p * 512 + 7];
	}
	for (unsigned i = 0; i < 256; i++)
		sum += stack_buf[i] * (i + 1);
	free(heap);

	/* The handler skips the load and leaves 0 in a0. */
	probe = 1;
	__asm__ volatile ("ld %0, 0(%1)" : "+r"(probe) : "r"(UNMAPPED_VA) : "memory");
	if (probe != 0)
		return -1;
	return (long)(sum & 0x7fffffffffffffffull);
}

static long expected(uint64_t salt)
{
	uint64_t sum = 0;

	for (unsigned p = 0; p < ARENA_PAGES; p++)
		sum += mix(p + salt);
	for (unsigned p = 0; p < HEAP_PAGES; p++)
		sum += mix(p * 3 + salt);
	for (unsigned i = 0; i < 256; i++)
		sum += mix(i ^ salt) * (i + 1);
	return (long)(sum & 0x7fffffffffffffffull);
}

int main(void)
{
	static const unsigned long modes[] = { PRV_S, PRV_U };
	int failed = 0;

	bm_set_exception_handler(EXC_LOAD_PAGE_FAULT, on_load_page_fault);
	for (unsigned m = 0; m < 2; m++) {
		unsigned long mode = modes[m];
		unsigned faults = page_faults;
		long got = bm_run_paged(mode, touch, (void *)mode, ARENA_PAGES * PAGE);
		long want = expected(mode);

		if (csr_read(satp) != 0) {
			puts("satp still set after the return to M mode");
			failed = 1;
		}
		if (got != want || page_faults != faults + 1 || fault_addr != UNMAPPED_VA) {
			printf("%s mode: result %ld (expected %ld), %u page fault(s) at 0x%" PRIx64
			       " (expected 1 at 0x%lx)\n", mode == PRV_S ? "S" : "U", got, want,
			       page_faults - faults, fault_addr, UNMAPPED_VA);
			failed = 1;
		}
	}
	puts(failed ? "paging: FAIL" : "paging: PASS");
	return failed;
}
