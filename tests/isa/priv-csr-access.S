/* CSR privilege: bits 9:8 of a CSR number name the lowest mode that may
 * access it. U reaching for S or M CSRs and S reaching for M CSRs get an
 * illegal instruction (mtval = the bits) and nothing is written. sstatus
 * is S's window on mstatus: S sees and changes only the S fields. */
#include "test.h"

	.macro DENIED n, insn, bits
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
	li t0, 0x1234
	csrw sscratch, t0

	GOTO_U 1f
1:	DENIED 1, "csrr a0, sstatus", 0x10002573
	DENIED 2, "csrw sscratch, a0", 0x14051073
	DENIED 3, "csrr a0, stvec", 0x10502573
	DENIED 4, "csrr a0, satp", 0x18002573
	DENIED 5, "csrr a0, mstatus", 0x30002573
	DENIED 6, "csrrw a0, mscratch, a0", 0x34051573
	DENIED 7, "csrr a0, mhartid", 0xf1402573
	TO_M

	GOTO_S 1f
1:	DENIED 8, "csrr a0, mstatus", 0x30002573
	DENIED 9, "csrw mideleg, a0", 0x30351073
	DENIED 10, "csrr a0, mepc", 0x34102573
	DENIED 11, "csrr a0, medeleg", 0x30202573
	DENIED 12, "csrr a0, mhartid", 0xf1402573
	DENIED 13, "csrsi mie, 2", 0x30416073
	/* S's own CSRs are fine */
	CASE 14
	CLEAR_TRAPS
	csrr a1, sscratch
	li t0, 0x5678
	csrw sscratch, t0
	csrr a2, sscratch
	EXPECT TRAP_COUNT, 0
	EXPECT a1, 0x1234
	EXPECT a2, 0x5678
	TO_M
	/* nothing written by the denied accesses */
	CASE 15
	csrr a0, mideleg
	EXPECT a0, 0
	csrr a0, mie
	EXPECT a0, 0

	/* sstatus: S sees SIE / SPIE / SPP but not MIE / MPIE / MPP */
	CASE 16
	li t0, MSTATUS_MIE | MSTATUS_MPIE | MSTATUS_SPIE
	csrs mstatus, t0
	li t0, MSTATUS_SIE
	csrc mstatus, t0
	li a3, MSTATUS_MIE | MSTATUS_MPIE | MSTATUS_MPP | MSTATUS_SIE | MSTATUS_SPIE | MSTATUS_SPP
	GOTO_S 1f
1:	csrr a1, sstatus
	and a1, a1, a3
	csrs sstatus, a3                /* sets SIE and SPP only */
	csrr a2, sstatus
	and a2, a2, a3
	TO_M
	EXPECT a1, MSTATUS_SPIE
	EXPECT a2, MSTATUS_SIE | MSTATUS_SPIE | MSTATUS_SPP
	csrr a0, mstatus
	li t0, MSTATUS_SIE | MSTATUS_SPIE | MSTATUS_SPP
	and a0, a0, t0
	EXPECT a0, MSTATUS_SIE | MSTATUS_SPIE | MSTATUS_SPP

	TEST_PASS
