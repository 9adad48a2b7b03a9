/* Code rewritten where the branch predictor remembers a jump runs as
 * written. A jump (16- and 32-bit) and a return each run a few times, so
 * the BTB learns them; then they are overwritten with additions and a
 * fence.i. Running the site again must execute the additions and fall
 * through, not follow the stale prediction, which is only a hint (Linux
 * meets this when a new program sits where another one had a jump). */
#include "test.h"

	.macro TRAIN site
	li s2, 3
1:	li a0, 0
	call \site
	addi s2, s2, -1
	bnez s2, 1b
	.endm

	/* overwrite the 16-bit instruction at site with the one at insn */
	.macro PATCH16 site, insn
	la a1, \site
	la a2, \insn
	lhu a2, 0(a2)
	sh a2, 0(a1)
	fence.i
	.endm

	TEST_BEGIN

	/* a 16-bit jump over an addition */
	CASE 1
	TRAIN site1
	EXPECT a0, 4
	PATCH16 site1, insn_c_addi_2
	li a0, 0
	call site1
	EXPECT a0, 7

	/* a 32-bit jump */
	CASE 2
	TRAIN site2
	EXPECT a0, 40
	la a1, site2
	la a2, insn_addi_20
	lw a2, 0(a2)
	sw a2, 0(a1)
	fence.i
	li a0, 0
	call site2
	EXPECT a0, 70

	/* a return, replaced by an addition before the real one */
	CASE 3
	TRAIN site3
	EXPECT a0, 0
	PATCH16 site3, insn_c_addi_2
	li a0, 0
	call site3
	EXPECT a0, 2

	TEST_PASS

	.option push
	.option rvc
	.align 4
site1:
	c.j 1f
	c.addi a0, 1
1:	c.addi a0, 4
	ret
	.align 4
site2:
	.option norvc
	jal zero, 1f
	addi a0, a0, 10
1:	addi a0, a0, 40
	.option rvc
	ret
	.align 4
site3:
	ret
	ret
	.option pop

	.data
	.align 3
insn_c_addi_2:
	.option push
	.option rvc
	c.addi a0, 2
	.option pop
	.align 2
insn_addi_20:
	addi a0, a0, 20
