/* Entry from the boot ROM: M-mode, a0 = hartid, a1 = device tree address,
 * interrupts off, nothing else set up. The ELF loader has placed .text,
 * .rodata and .data in DRAM where they run, so nothing is copied here. */
#include "tea/baremetal.h"

	.section .text.start, "ax"
	.globl	_start
_start:
	csrw	mie, zero
	la	t0, bm_trap_entry
	csrw	mtvec, t0
	/* The hart runs in M-mode: trap.S reads mscratch = 0 as "keep the stack". */
	csrw	mscratch, zero

	/* The runtime serves one hart; any other waits for good. */
	bnez	a0, park

	/* A hart with F or D starts with mstatus.FS Off, where every FP
	 * instruction traps: set it to Initial so that programs built with
	 * them run (the runtime's own code and trap entry use no f register).
	 * Without F and D, FS stays Off. */
	csrr	t0, misa
	andi	t0, t0, MISA_F | MISA_D
	beqz	t0, 3f
	li	t0, MSTATUS_FS_INITIAL
	csrs	mstatus, t0
3:

	.option	push
	.option	norelax
	la	gp, __global_pointer$
	.option	pop
	la	sp, __stack
	/* One thread: the .tdata/.tbss image in DRAM is its TLS block (errno lives there). */
	la	tp, __tls_base

	/* Zero .tbss and .bss a doubleword at a time (picolibc's memset
	 * stores bytes): the linker script aligns both ends to 8. */
	la	t0, __bss_start
	la	t1, __bss_end
1:	bgeu	t0, t1, 2f
	sd	zero, 0(t0)
	addi	t0, t0, 8
	j	1b
2:
	tail	bm_boot

park:
	wfi
	j	park
