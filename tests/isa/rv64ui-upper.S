/* lui and auipc: the 20-bit immediate lands in bits 31:12 and is
 * sign-extended from bit 31; auipc adds it to its own address. */
#include "test.h"

	TEST_BEGIN

	CASE 1
	lui a0, 0
	EXPECT a0, 0
	CASE 2
	lui a0, 0x7ffff
	EXPECT a0, 0x7ffff000
	CASE 3
	lui a0, 0x80000
	EXPECT a0, 0xffffffff80000000
	CASE 4
	lui a0, 0xfffff
	EXPECT a0, 0xfffffffffffff000
	CASE 5
	li a0, -1
	lui a0, 0x12345                 /* the low 12 bits become zero */
	EXPECT a0, 0x12345000
	CASE 6
	lui zero, 0x12345
	EXPECT zero, 0

	/* jal gives the address of the auipc independently of auipc */
	CASE 7
	jal a1, 1f
1:	auipc a0, 0
	EXPECT_SAME a0, a1
	CASE 8
	jal a1, 1f
1:	auipc a0, 1
	sub a0, a0, a1
	EXPECT a0, 0x1000
	CASE 9
	jal a1, 1f
1:	auipc a0, 0xfffff
	sub a0, a0, a1
	EXPECT a0, -0x1000
	CASE 10
	jal a1, 1f
1:	auipc a0, 0x80000               /* pc - 2 GiB, a 64-bit result */
	sub a0, a1, a0
	EXPECT a0, 0x80000000
	CASE 11
	jal a1, 1f
1:	auipc a0, 0x7ffff
	sub a0, a0, a1
	EXPECT a0, 0x7ffff000
	CASE 12
	jal a1, 1f
1:	auipc zero, 0x10
	EXPECT zero, 0

	/* auipc + addi reach a label in another section */
	CASE 13
1:	auipc a0, %pcrel_hi(target)
	addi a0, a0, %pcrel_lo(1b)
	ld a0, 0(a0)
	EXPECT a0, 0x0123456789abcdef

	TEST_PASS

	.data
	.align 3
target:
	.dword 0x0123456789abcdef
