/* Zifencei: code written by stores runs after a fence.i, including code
 * that already ran before it was overwritten (so may sit in an
 * instruction cache), 16-bit code, code copied into a data buffer, and
 * code patched and run in U-mode. */
#include "test.h"

	TEST_BEGIN

	/* overwrite an instruction that has not run yet */
	CASE 1
	la a1, site1
	la a2, insn_li_42
	lw a2, 0(a2)
	sw a2, 0(a1)
	fence.i
	call site1
	EXPECT a0, 42

	/* run, overwrite, run again */
	CASE 2
	call site2
	EXPECT a0, 2
	la a1, site2
	la a2, insn_li_42
	lw a2, 0(a2)
	sw a2, 0(a1)
	fence.i
	call site2
	EXPECT a0, 42
	la a2, insn_li_7
	lw a2, 0(a2)
	sw a2, 0(a1)
	fence.i
	call site2
	EXPECT a0, 7

	/* a compressed instruction, replaced by a 16-bit store */
	CASE 3
	call site3
	EXPECT a0, 3
	la a1, site3
	la a2, insn_c_li_9
	lhu a2, 0(a2)
	sh a2, 0(a1)
	fence.i
	call site3
	EXPECT a0, 9

	/* a routine copied into a data buffer */
	CASE 4
	la a1, buffer
	la a2, routine
	ld a3, 0(a2)
	sd a3, 0(a1)
	ld a3, 8(a2)
	sd a3, 8(a1)
	fence.i
	li a0, 10
	jalr a1
	EXPECT a0, 15
	/* and rewritten in place */
	la a2, insn_li_42
	lw a2, 0(a2)
	sw a2, 0(a1)
	fence.i
	jalr a1
	EXPECT a0, 42

	/* fence.i is not privileged: patch and run in U */
	CASE 5
	GOTO_U 1f
1:	call site4
	mv a4, a0
	la a1, site4
	la a2, insn_li_7
	lw a2, 0(a2)
	sw a2, 0(a1)
	fence.i
	call site4
	TO_M
	EXPECT a4, 4
	EXPECT a0, 7

	TEST_PASS

	.align 2
site1:
	li a0, 1
	ret
site2:
	li a0, 2
	ret
site4:
	li a0, 4
	ret
	.option push
	.option rvc
site3:
	c.li a0, 3
	ret
	.option pop

	.data
	.align 3
insn_li_42:
	addi a0, zero, 42
insn_li_7:
	addi a0, zero, 7
insn_c_li_9:
	.option push
	.option rvc
	c.li a0, 9
	.option pop
	.align 3
routine:
	addi a0, a0, 5
	ret
	nop
	nop
	.align 3
buffer:
	.skip 16
