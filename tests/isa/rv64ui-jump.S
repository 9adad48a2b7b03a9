/* jal and jalr: the link register gets the address of the next
 * instruction, jalr adds a sign-extended offset and clears bit 0 of the
 * target, the link is written after the target is read (rd == rs1), and
 * x0 as rd writes nothing. */
#include "test.h"

	TEST_BEGIN

	/* jal links pc + 4 into ra */
	CASE 1
	li ra, 0
2:	jal ra, 1f
	j env_fail
1:	EXPECT_ADDR ra, 2b + 4

	/* ... into any register */
	CASE 2
2:	jal t0, 1f
	j env_fail
1:	EXPECT_ADDR t0, 2b + 4

	/* jal x0 only jumps */
	CASE 3
	jal zero, 1f
	j env_fail
1:	EXPECT zero, 0

	/* backwards, and over more than 4 KiB (immediate bits 12 and up) */
	CASE 4
	j .Lfar_src
.Lfar_back:
	j .Lfar_done
	.skip 0x1400
.Lfar_src:
	jal a0, .Lfar_back
	j env_fail
.Lfar_done:
	EXPECT_ADDR a0, .Lfar_src + 4

	/* jalr: target = rs1 + offset, link = pc + 4 */
	CASE 5
	la a1, 1f
2:	jalr a0, 0(a1)
	j env_fail
1:	EXPECT_ADDR a0, 2b + 4

	/* positive and negative offsets */
	CASE 6
	la a1, 1f - 16
	jalr a0, 16(a1)
	j env_fail
1:	la a1, 3f + 0x7f0
2:	jalr a0, -0x7f0(a1)
	j env_fail
3:	EXPECT_ADDR a0, 2b + 4

	/* bit 0 of the target is cleared: odd register, odd offset, both */
	CASE 7
	la a1, 1f + 1
	jalr a0, 0(a1)
	j env_fail
1:	la a1, 2f
	jalr a0, 1(a1)
	j env_fail
2:	la a1, 3f - 1
	jalr a0, 2(a1)
	j env_fail
3:	la a1, 4f + 3
	jalr a0, -2(a1)
	j env_fail
4:

	/* rd == rs1: the old value is the target, the link the new value */
	CASE 8
	la a1, 1f
2:	jalr a1, 0(a1)
	j env_fail
1:	EXPECT_ADDR a1, 2b + 4

	/* jalr x0 (ret) and a call / return pair */
	CASE 9
	la a1, 1f
	jalr zero, 0(a1)
	j env_fail
1:	EXPECT zero, 0
	li a2, 0
	call .Lsub
	call .Lsub
	EXPECT a2, 2

	/* A register written just before the jump is its target */
	CASE 10
	la a1, 1f - 8
	addi a1, a1, 8
	jalr a0, 0(a1)
	j env_fail
1:
	TEST_PASS

.Lsub:
	addi a2, a2, 1
	ret
