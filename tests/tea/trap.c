/* An instruction that traps in a loop (ECALL from M mode): the pipeline
 * flush and the handler's refill are the ECALL's (FL-EX on it). */
#include <stdint.h>
#include <stdio.h>

#include "tea/baremetal.h"

#define ITERS 2000

static volatile unsigned calls;

static void on_ecall(struct bm_trap_frame *f)
{
	calls++;
	f->mepc += 4;
}

int main(void)
{
	uint64_t s = 0;

	bm_set_exception_handler(EXC_ECALL_M, on_ecall);
	for (unsigned i = 0; i < ITERS; i++) {
		s += i;
		__asm__ volatile(".globl tea_ecall\n"
				 "tea_ecall:\n\t"
				 "ecall" : : : "memory");
	}
	if (calls != ITERS || s != (uint64_t)ITERS * (ITERS - 1) / 2) {
		printf("trap: %u calls\n", calls);
		return 1;
	}
	printf("trap: %u ECALLs handled\n", calls);
	return 0;
}
