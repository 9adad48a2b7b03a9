/* RV64C: every compressed instruction of an RV64IMAC hart, checked for its
 * result and, where it links, for the 2-byte length (c.jalr links pc + 2).
 * Quadrant 1 funct3 = 001 is c.addiw in RV64 (c.jal only exists in RV32),
 * and a 32-bit instruction may start at any 2-byte boundary, even across a
 * page boundary. */
#include "test.h"

	TEST_BEGIN
	.option rvc

	/* c.li, c.lui: 6-bit immediates, sign-extended */
	CASE 1
	c.li a0, 31
	EXPECT a0, 31
	c.li a0, -32
	EXPECT a0, -32
	CASE 2
	c.lui a0, 0x1f
	EXPECT a0, 0x1f000
	c.lui a0, 0xfffe0
	EXPECT a0, 0xfffffffffffe0000
	c.lui t0, 0xfffff
	EXPECT t0, -4096

	/* c.addi, c.addiw (sign-extends a 32-bit sum), c.nop */
	CASE 3
	li a0, 100
	c.addi a0, -32
	EXPECT a0, 68
	c.addi a0, 31
	EXPECT a0, 99
	c.nop
	EXPECT a0, 99
	CASE 4
	li a0, 0x7fffffff
	.half 0x2505                    /* c.addiw a0, 1: c.jal in RV32 */
	EXPECT a0, 0xffffffff80000000
	li a1, 0x1234567880000000
	c.addiw a1, 0                   /* sext.w */
	EXPECT a1, 0xffffffff80000000
	c.addiw a1, -1
	EXPECT a1, 0x7fffffff

	/* c.addi16sp, c.addi4spn */
	CASE 5
	la sp, cdata
	c.addi16sp sp, 496
	c.addi16sp sp, -512
	addi a0, sp, 16
	EXPECT_ADDR a0, cdata
	CASE 6
	la sp, cdata
	c.addi4spn a0, sp, 1020
	c.addi4spn a1, sp, 4
	EXPECT_ADDR a0, cdata + 1020
	EXPECT_ADDR a1, cdata + 4

	/* c.mv, c.add */
	CASE 7
	li a1, 0x0123456789abcdef
	c.mv a2, a1
	EXPECT a2, 0x0123456789abcdef
	li t0, 0x1000000000000001
	c.add a2, t0
	EXPECT a2, 0x1123456789abcdf0

	/* shifts: 6-bit shift amounts */
	CASE 8
	li t1, 1
	c.slli t1, 63
	EXPECT t1, 0x8000000000000000
	li s0, -1
	c.srli s0, 63
	EXPECT s0, 1
	li s1, 0x8000000000000000
	c.srai s1, 32
	EXPECT s1, 0xffffffff80000000
	c.srli s1, 1
	EXPECT s1, 0x7fffffffc0000000

	/* c.andi, and the register-register operations on x8-x15 */
	CASE 9
	li a0, 0xff
	c.andi a0, -16
	EXPECT a0, 0xf0
	c.andi a0, 0x1f
	EXPECT a0, 0x10
	CASE 10
	li a0, 0xff00ff00ff00ff00
	li a1, 0x0f0f0f0f0f0f0f0f
	c.mv a2, a0
	c.and a2, a1
	EXPECT a2, 0x0f000f000f000f00
	c.mv a2, a0
	c.or a2, a1
	EXPECT a2, 0xff0fff0fff0fff0f
	c.mv a2, a0
	c.xor a2, a1
	EXPECT a2, 0xf00ff00ff00ff00f
	c.mv a2, a0
	c.sub a2, a1
	EXPECT a2, 0xeff1eff1eff1eff1
	CASE 11
	li a3, 0x000000007fffffff
	li a4, 0x1000000000000001
	c.addw a3, a4
	EXPECT a3, 0xffffffff80000000
	li a5, 0x0000000080000000
	c.subw a5, a4
	EXPECT a5, 0x7fffffff

	/* loads and stores relative to a register and to sp */
	CASE 12
	la s0, cdata
	c.lw a0, 0(s0)
	EXPECT a0, 0xffffffff89abcdef
	c.lw a0, 124(s0)
	EXPECT a0, 0x7654321f
	c.ld a1, 0(s0)
	EXPECT a1, 0x0123456789abcdef
	c.ld a1, 248(s0)
	EXPECT a1, 0xfedcba9876543210
	CASE 13
	li a2, 0x1122334455667788
	c.sw a2, 8(s0)
	c.sd a2, 16(s0)
	ld a0, 8(s0)
	EXPECT a0, 0x0000000055667788
	ld a0, 16(s0)
	EXPECT a0, 0x1122334455667788
	CASE 14
	la sp, cdata
	c.lwsp a0, 124(sp)
	EXPECT a0, 0x7654321f
	c.ldsp a1, 248(sp)
	EXPECT a1, 0xfedcba9876543210
	li a2, 0x8765432100000000
	c.sdsp a2, 504(sp)
	c.swsp a2, 252(sp)
	ld a0, 504(sp)
	EXPECT a0, 0x8765432100000000
	lwu a0, 252(sp)
	EXPECT a0, 0
	c.lwsp a3, 28(sp)
	EXPECT a3, 0

	/* c.j forwards and backwards */
	CASE 15
	c.j 2f
1:	c.j 3f
2:	c.j 1b
	j env_fail
3:
	/* c.beqz / c.bnez, taken and not taken */
	CASE 16
	li a0, 0
	li a1, 0x100000000              /* zero in the low word only */
	c.bnez a0, 9f
	c.beqz a1, 9f
	c.beqz a0, 1f
	j env_fail
1:	c.bnez a1, 2f
	j env_fail
9:	j env_fail
2:
	/* c.jr, c.jalr: the link is pc + 2 */
	CASE 17
	la a0, 1f
	c.jr a0
	j env_fail
1:	la a0, 3f
2:	c.jalr a0
	j env_fail
3:	EXPECT_ADDR ra, 2b + 2

	/* 32-bit instructions at 2-byte boundaries, reached by a fall-through,
	 * a branch, a jump and a return */
	CASE 18
	li a0, 0
	.balign 4
	c.nop
	addi a0, a0, 1                  /* at 4n + 2 */
	c.nop
	.balign 4
	c.addi a0, 1
	beqz zero, 1f                   /* at 4n + 2 */
	j env_fail
1:	c.nop
	jal 2f
	EXPECT a0, 5
	j 3f
	.balign 4
	c.nop
2:	addi a0, a0, 3                  /* at 4n + 2 */
	ret
3:
	/* A 32-bit instruction whose halves lie on two pages */
	CASE 19
	li a0, 1
	jal .Lspan
	EXPECT a0, 0x101

	/* c.ebreak: a breakpoint at its own address */
	CASE 20
	SET_MTVEC env_trap_m_record
	CLEAR_TRAPS
1:	c.ebreak
	EXPECT_TRAP 1, CAUSE_BREAKPOINT
	EXPECT_ADDR TRAP_EPC, 1b
	SET_MTVEC env_trap_m_default

	TEST_PASS

	.balign 4096
	.skip 4096 - 4
.Lspan:
	c.nop
	addi a0, a0, 0x100              /* at page offset 0xffe */
	ret

	.data
	.align 4
cdata:
	.dword 0x0123456789abcdef
	.skip 116
	.word 0x7654321f                /* cdata + 124 */
	.skip 120
	.dword 0xfedcba9876543210       /* cdata + 248 */
	.skip 1024
