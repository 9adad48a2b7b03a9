/* CSR write rules that QEMU 7.2 does not follow (ISS-only):
 * - csrrs/csrrc with rs1 != x0 write the CSR even when rs1 holds zero, so
 *   on a read-only CSR they are illegal (only rs1 = x0 makes them reads);
 * - bit 0 of mepc and sepc is always zero;
 * - a value written to minstret replaces the increment of the writing
 *   instruction: the next instruction reads exactly that value. */
#include "test.h"

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
	li a1, 0

	TEST_CSR_ILLEGAL 1, "csrrs a0, mhartid, a1", 0xf145a573
	TEST_CSR_ILLEGAL 2, "csrrc a0, mimpid, a1", 0xf135b573
	TEST_CSR_ILLEGAL 3, "csrrs a0, cycle, a1", 0xc005a573

	CASE 4
	li t0, 0x80001233
	csrw mepc, t0
	csrr a0, mepc
	EXPECT a0, 0x80001232
	csrw sepc, t0
	csrr a0, sepc
	EXPECT a0, 0x80001232

	CASE 5
	li t0, 1000
	csrw minstret, t0
	csrr a0, minstret
	EXPECT a0, 1000
	li t0, -1
	csrw minstret, t0
	csrr a0, minstret               /* then wraps to 0, 1, ... */
	csrr a1, minstret
	csrr a2, minstret
	EXPECT a0, -1
	EXPECT a1, 0
	EXPECT a2, 1

	TEST_PASS
