/* The boards' boot ROM (at 0x1000): hart 0 sets a stack at the end of
 * DRAM (__stack_top, from the board's DRAM size) and runs the serial
 * loader; any other hart waits. The device tree follows the code in the
 * ROM (_dtb, 8-byte aligned). */
	.section .text.start, "ax"
	.globl	_start
_start:
	csrw	mie, zero
	csrr	a0, mhartid
	bnez	a0, park
	ld	sp, rom_stack_top
	la	a1, _dtb
	tail	loader_main
park:
	wfi
	j	park

	/* DRAM's end lies beyond the reach of pc-relative addressing from
	 * the ROM: kept as a word. */
	.section .rodata
	.balign	8
	.globl	rom_stack_top
rom_stack_top:
	.dword	__stack_top
