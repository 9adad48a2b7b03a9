/* Host calls the way riscv-tests' benchmarks (syscalls.c) make them: the
 * syscall number and arguments in a 64-byte-aligned block on the stack, its
 * address written to tohost, the host's answer read back from the block
 * once fromhost is set. */
#include <stdint.h>

#include "syscalls.h"

volatile uint64_t tohost __attribute__((section(".tohost"), aligned(64)));
volatile uint64_t fromhost __attribute__((section(".tohost"), aligned(64)));

long host_syscall(long which, uint64_t arg0, uint64_t arg1, uint64_t arg2)
{
	volatile uint64_t magic_mem[8] __attribute__((aligned(64)));

	magic_mem[0] = (uint64_t)which;
	magic_mem[1] = arg0;
	magic_mem[2] = arg1;
	magic_mem[3] = arg2;
	__sync_synchronize();
	tohost = (uintptr_t)magic_mem;
	while (fromhost == 0)
		;
	fromhost = 0;
	__sync_synchronize();
	return (long)magic_mem[0];
}

void exit(int code)
{
	host_syscall(SYS_exit, (uint64_t)code, 0, 0);
	for (;;)
		;
}
