/* Zicsr: csrrw, csrrs, csrrc and their immediate forms. The old value goes
 * to rd, the new one is rs1 / set / cleared bits (a 5-bit zero-extended
 * immediate for the i forms); rd = rs1 swaps; csrrs/csrrc with rs1 = x0 and
 * the i forms with 0 only read, so they may name a read-only CSR, while
 * every real write to a read-only CSR is an illegal instruction (xtval =
 * its bits). */
#include "test.h"

/* `insn` must trap as illegal, with its bits in mtval. */
	.macro TEST_CSR_ILLEGAL n, insn, bits
	CASE \n
	CLEAR_TRAPS
	li a0, 0x5a5a
.Linsn\@:
	\insn
	EXPECT_TRAP 1, CAUSE_ILLEGAL_INSN
	EXPECT_ADDR TRAP_EPC, .Linsn\@
	EXPECT TRAP_TVAL, \bits
	EXPECT a0, 0x5a5a
	.endm

	TEST_BEGIN
	SET_MTVEC env_trap_m_record

	CASE 1
	li a1, 0x0123456789abcdef
	csrw mscratch, a1
	li a2, 0xfedcba9876543210
	csrrw a0, mscratch, a2
	EXPECT a0, 0x0123456789abcdef
	csrr a0, mscratch
	EXPECT a0, 0xfedcba9876543210
	CASE 2
	li a1, 0x00000000ffff0000
	csrrs a0, mscratch, a1
	EXPECT a0, 0xfedcba9876543210
	csrr a0, mscratch
	EXPECT a0, 0xfedcba98ffff3210
	CASE 3
	li a1, 0xff000000000000ff
	csrrc a0, mscratch, a1
	EXPECT a0, 0xfedcba98ffff3210
	csrr a0, mscratch
	EXPECT a0, 0x00dcba98ffff3200
	CASE 4
	csrrwi a0, mscratch, 31         /* zero-extended, not -1 */
	EXPECT a0, 0x00dcba98ffff3200
	csrr a0, mscratch
	EXPECT a0, 0x1f
	CASE 5
	csrrci a0, mscratch, 0x15
	EXPECT a0, 0x1f
	csrrsi a0, mscratch, 0x10
	EXPECT a0, 0x0a
	csrr a0, mscratch
	EXPECT a0, 0x1a
	CASE 6
	li a0, -1
	csrw mscratch, a0               /* all 64 bits are kept */
	csrr a1, mscratch
	EXPECT a1, -1
	csrwi mscratch, 0
	csrr a1, mscratch
	EXPECT a1, 0

	/* rd = rs1: the old value and the new one trade places */
	CASE 7
	li a0, 0x1111
	csrw mscratch, a0
	li a0, 0x2222
	csrrw a0, mscratch, a0
	EXPECT a0, 0x1111
	csrr a0, mscratch
	EXPECT a0, 0x2222
	/* a read right after a write sees it */
	CASE 8
	li a0, 0x3333
	csrw sscratch, a0
	csrr a1, sscratch
	csrrs a2, sscratch, a1
	csrr a3, sscratch
	EXPECT a1, 0x3333
	EXPECT a2, 0x3333
	EXPECT a3, 0x3333
	/* rd = x0 and rs1 = x0 */
	CASE 9
	csrrw zero, mscratch, zero
	csrr a0, mscratch
	EXPECT a0, 0
	li a0, 7
	csrrs zero, mscratch, a0
	csrrc zero, mscratch, zero
	csrr a0, mscratch
	EXPECT a0, 7
	EXPECT zero, 0

	/* reads of read-only CSRs trap nowhere */
	CASE 10
	CLEAR_TRAPS
	csrr a0, mhartid
	csrrs a0, mvendorid, zero
	csrrc a0, marchid, zero
	csrrsi a0, mimpid, 0
	csrrci a0, mhartid, 0
	csrr a0, cycle
	csrr a0, instret
	EXPECT TRAP_COUNT, 0
	csrr a0, mhartid
	EXPECT a0, 0                    /* the only hart is hart 0 */

	/* every write to one does */
	TEST_CSR_ILLEGAL 11, "csrrw a0, mhartid, zero", 0xf1401573
	TEST_CSR_ILLEGAL 12, "csrrw zero, mvendorid, zero", 0xf1101073
	TEST_CSR_ILLEGAL 13, "csrrwi a0, marchid, 0", 0xf1205573
	TEST_CSR_ILLEGAL 14, "csrrs a0, mimpid, a0", 0xf1352573
	TEST_CSR_ILLEGAL 15, "csrrc a0, cycle, a0", 0xc0053573
	TEST_CSR_ILLEGAL 16, "csrrsi a0, mhartid, 1", 0xf140e573
	TEST_CSR_ILLEGAL 17, "csrrci a0, instret, 31", 0xc02ff573

	TEST_PASS
