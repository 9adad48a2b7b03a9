/* Start-up the way riscv-tests' benchmarks do it: registers cleared, a
 * stack, main() called, its return value handed to exit() (syscalls.c).
 * A trap ends the run with exit code 0x80 + mcause. */
	.section .text.init, "ax", @progbits
	.globl _start
_start:
	.irp r, 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	li x\r, 0
	.endr
	la t0, trap
	csrw mtvec, t0
	la sp, stack_top
	call main
	call exit
1:	j 1b

	.align 2
trap:
	csrr a0, mcause
	addi a0, a0, 0x80
	call exit

	.bss
	.align 6
	.space 8192
stack_top:
