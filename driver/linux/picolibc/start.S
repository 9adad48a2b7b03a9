/* Entry from the kernel's exec: sp points at argc, then argv, NULL, envp,
 * NULL; every other register is zero. */
	.section .text.start, "ax"
	.globl	_start
_start:
	.option	push
	.option	norelax
	la	gp, __global_pointer$
	.option	pop
	/* One thread: the .tdata/.tbss image is its TLS block (errno lives there). */
	la	tp, __tls_base
	ld	a0, 0(sp)
	addi	a1, sp, 8
	call	main
	tail	exit
