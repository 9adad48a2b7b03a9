/* A loop over 64 KiB of straight-line code, more than the L1 I-cache of
 * either config holds: every fetch packet of it misses (DR-L1). */
#include <stdint.h>
#include <stdio.h>

#define ROUNDS 6
#define BLOCK_INSNS 16384	/* 4-byte instructions: 64 KiB */

uint64_t big_block(uint64_t x);
__asm__(".section .text.big_block,\"ax\",@progbits\n"
	".globl big_block\n"
	".type big_block, @function\n"
	"big_block:\n"
	".option push\n"
	".option norvc\n"
	".rept 16384\n"
	"addi a0, a0, 1\n"
	".endr\n"
	"ret\n"
	".option pop\n"
	".size big_block, . - big_block\n"
	".text\n");

int main(void)
{
	uint64_t x = 0;

	for (unsigned r = 0; r < ROUNDS; r++)
		x = big_block(x);
	if (x != (uint64_t)ROUNDS * BLOCK_INSNS) {
		printf("icache: %llu\n", (unsigned long long)x);
		return 1;
	}
	printf("icache: %u rounds of %u instructions\n", ROUNDS, BLOCK_INSNS);
	return 0;
}
