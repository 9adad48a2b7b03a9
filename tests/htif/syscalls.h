#ifndef TEA_TESTS_HTIF_SYSCALLS_H
#define TEA_TESTS_HTIF_SYSCALLS_H

#include <stdint.h>

/* The proxy's syscall numbers (the Linux RISC-V ABI's). */
#define SYS_write 64
#define SYS_exit  93

long host_syscall(long which, uint64_t arg0, uint64_t arg1, uint64_t arg2);
void exit(int code) __attribute__((noreturn));

#endif
