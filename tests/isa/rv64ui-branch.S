/* Conditional branches beq, bne, blt, bge, bltu, bgeu: taken and not
 * taken, forwards and backwards, signed versus unsigned order, x0 as an
 * operand, and the largest offsets the 13-bit immediate can encode. */
#include "test.h"

	TEST_BEGIN

	TEST_BR_TAKEN      1, beq, 0, 0
	TEST_BR_TAKEN      2, beq, -1, -1
	TEST_BR_TAKEN      3, beq, 0x8000000000000000, 0x8000000000000000
	TEST_BR_NOT_TAKEN  4, beq, 0, 1
	TEST_BR_NOT_TAKEN  5, beq, 0x100000000, 0       /* upper bits count */
	TEST_BR_NOT_TAKEN  6, beq, -1, 0x7fffffffffffffff

	TEST_BR_TAKEN      7, bne, 0, 1
	TEST_BR_TAKEN      8, bne, 0x100000000, 0
	TEST_BR_TAKEN      9, bne, 0x8000000000000000, 0
	TEST_BR_NOT_TAKEN 10, bne, 0, 0
	TEST_BR_NOT_TAKEN 11, bne, -1, -1

	TEST_BR_TAKEN     12, blt, 0, 1
	TEST_BR_TAKEN     13, blt, -1, 0
	TEST_BR_TAKEN     14, blt, -2, -1
	TEST_BR_TAKEN     15, blt, 0x8000000000000000, 0x7fffffffffffffff
	TEST_BR_NOT_TAKEN 16, blt, 1, 0
	TEST_BR_NOT_TAKEN 17, blt, 0, -1
	TEST_BR_NOT_TAKEN 18, blt, 5, 5
	TEST_BR_NOT_TAKEN 19, blt, 0x7fffffffffffffff, 0x8000000000000000

	TEST_BR_TAKEN     20, bge, 0, 0
	TEST_BR_TAKEN     21, bge, 1, 0
	TEST_BR_TAKEN     22, bge, 0, -1
	TEST_BR_TAKEN     23, bge, 0x7fffffffffffffff, 0x8000000000000000
	TEST_BR_NOT_TAKEN 24, bge, -1, 0
	TEST_BR_NOT_TAKEN 25, bge, -2, -1
	TEST_BR_NOT_TAKEN 26, bge, 0x8000000000000000, 0x7fffffffffffffff

	TEST_BR_TAKEN     27, bltu, 0, 1
	TEST_BR_TAKEN     28, bltu, 0, -1
	TEST_BR_TAKEN     29, bltu, 0x7fffffffffffffff, 0x8000000000000000
	TEST_BR_TAKEN     30, bltu, 0xffffffff, 0x100000000
	TEST_BR_NOT_TAKEN 31, bltu, -1, 0
	TEST_BR_NOT_TAKEN 32, bltu, 3, 3
	TEST_BR_NOT_TAKEN 33, bltu, 0x8000000000000000, 0x7fffffffffffffff

	TEST_BR_TAKEN     34, bgeu, 0, 0
	TEST_BR_TAKEN     35, bgeu, -1, 0
	TEST_BR_TAKEN     36, bgeu, 0x8000000000000000, 0x7fffffffffffffff
	TEST_BR_TAKEN     37, bgeu, -1, -1
	TEST_BR_NOT_TAKEN 38, bgeu, 0, 1
	TEST_BR_NOT_TAKEN 39, bgeu, 0x7fffffffffffffff, 0x8000000000000000
	TEST_BR_NOT_TAKEN 40, bgeu, 0xffffffff, 0x100000000

	/* x0 as an operand */
	CASE 41
	li a1, -1
	blt a1, zero, 1f
	j env_fail
1:	bge zero, a1, 2f
	j env_fail
2:	bltu zero, a1, 3f
	j env_fail
3:	bgeu zero, a1, 5f
	beq zero, zero, 4f
	j env_fail
4:	bne zero, zero, 5f
	j 6f
5:	j env_fail
6:

	/* Largest forward offset (+4092 with 4-byte instructions) */
	CASE 42
	beq zero, zero, .Lfar_fwd
	.skip 4088                      /* zeros: illegal if ever executed */
.Lfar_fwd:

	/* Largest backward offset (-4096) */
	CASE 43
	li a1, 1
	j .Lfar_src
.Lfar_back:
	j .Lfar_done
	.skip 4092
.Lfar_src:
	bne zero, a1, .Lfar_back
	j env_fail
.Lfar_done:

	/* A branch on a value computed just before it */
	CASE 44
	li a0, 10
	li a2, 0
1:	addi a2, a2, 3
	addi a0, a0, -1
	bnez a0, 1b
	EXPECT a2, 30

	TEST_PASS
