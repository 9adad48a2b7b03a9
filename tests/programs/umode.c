/* U-mode under the runtime: the program drops from M-mode to U-mode and
 * comes back through traps only. System calls (ecall), an illegal
 * instruction and a breakpoint reach M-mode handlers on the runtime's trap
 * stack; U-mode's registers must survive each of them. */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "tea/baremetal.h"

enum { SYS_WRITE = 1, SYS_EXIT = 2 };

static uint8_t user_stack[4096] __attribute__((aligned(16)));
static unsigned illegal_seen, breakpoints_seen;

static long user_syscall(long nr, long a0, long a1)
{
	register long r_a0 __asm__("a0") = a0;
	register long r_a1 __asm__("a1") = a1;
	register long r_a7 __asm__("a7") = nr;

	__asm__ volatile ("ecall" : "+r"(r_a0) : "r"(r_a1), "r"(r_a7) : "memory");
	return r_a0;
}

static void user_print(const char *s)
{
	size_t n = 0;

	while (s[n])
		n++;
	user_syscall(SYS_WRITE, (long)s, (long)n);
}

static void user_main(void)
{
	uint64_t mstatus = 0;
	long ret;
	int intact;

	user_print("hello from U-mode\n");
	/* M-mode CSRs are out of reach: this traps, and the handler moves on. */
	__asm__ volatile ("csrr %0, mstatus" : "+r"(mstatus));
	__asm__ volatile ("ebreak");
	ret = user_syscall(SYS_WRITE, (long)"", 0);
	intact = mstatus == 0 && ret == 0;
	user_print(intact ? "U-mode state intact\n" : "U-mode state CORRUPTED\n");
	user_syscall(SYS_EXIT, !intact, 0);
}

/* Traps from U-mode must run on the runtime's stack, not on U-mode's. */
static void check_stack(void)
{
	uint8_t here;
	uintptr_t p = (uintptr_t)&here, user = (uintptr_t)user_stack;

	if (p >= user && p < user + sizeof(user_stack)) {
		puts("handler runs on the U-mode stack");
		exit(1);
	}
}

static void on_user_ecall(struct bm_trap_frame *f)
{
	const char *buf = (const char *)(uintptr_t)f->x[10];
	uint64_t len = f->x[11];

	check_stack();
	switch (f->x[17]) {
	case SYS_WRITE:
		for (uint64_t i = 0; i < len; i++)
			putchar(buf[i]);
		f->x[10] = 0;
		break;
	case SYS_EXIT:
		printf("U-mode exits with %" PRIu64 " after %u illegal instruction(s), "
		       "%u breakpoint(s)\n", f->x[10], illegal_seen, breakpoints_seen);
		exit(illegal_seen == 1 && breakpoints_seen == 1 ? (int)f->x[10] : 1);
	default:
		printf("unknown system call %" PRIu64 "\n", f->x[17]);
		exit(1);
	}
	f->mepc += 4;
}

static void on_user_fault(struct bm_trap_frame *f)
{
	uint64_t mpp = (f->mstatus & MSTATUS_MPP) >> MSTATUS_MPP_SHIFT;

	check_stack();
	printf("%s from privilege %" PRIu64 "\n",
	       f->mcause == EXC_ILLEGAL_INSN ? "illegal instruction" : "breakpoint", mpp);
	if (mpp != PRV_U)
		exit(1);
	if (f->mcause == EXC_ILLEGAL_INSN)
		illegal_seen++;
	else
		breakpoints_seen++;
	bm_skip_instruction(f);
}

int main(void)
{
	puts("entering U-mode");
	bm_set_exception_handler(EXC_ECALL_U, on_user_ecall);
	bm_set_exception_handler(EXC_ILLEGAL_INSN, on_user_fault);
	bm_set_exception_handler(EXC_BREAKPOINT, on_user_fault);
	bm_enter_mode(PRV_U, user_main, user_stack + sizeof(user_stack));
}
