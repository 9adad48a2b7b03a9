/* The TEA sample CSRs (docs/tea-csr.md) and the TEA interrupt bit: which
 * numbers exist, which are read-only, the WARL masks of teactl,
 * teaperiod, teacount and the sample buffer's addresses, teafilt read-write, M and S access, U access only with teactl.UEN, and bit 16 of
 * mie/mideleg (sie when delegated). Nothing is sampled here: the sampler
 * stays off. */
#include "test.h"

#define TEA_CTL    0x5c0
#define TEA_PERIOD 0x5c1
#define TEA_STAT   0x5c2
#define TEA_TIME   0x5c3
#define TEA_LOST   0x5c4
#define TEA_INFO   0x5c5
#define TEA_FILT   0x5c6
#define TEA_COUNT  0x5c7
#define TEA_BASE   0x5c8
#define TEA_LIMIT  0x5c9
#define TEA_PTR    0x5ca
#define TEA_WMARK  0x5cb
#define TEA_ADDR0  0x5d0
#define TEA_PSV0   0x5e0
#define TEA_UEN    2
#define MIP_TEA    (1 << 16)

	.macro ILLEGAL n, insn
	CASE \n
	CLEAR_TRAPS
.Linsn\@:
	\insn
	EXPECT_TRAP 1, CAUSE_ILLEGAL_INSN
	EXPECT_ADDR TRAP_EPC, .Linsn\@
	.endm

	.macro LEGAL n, insn
	CASE \n
	CLEAR_TRAPS
	\insn
	EXPECT TRAP_COUNT, 0
	.endm

	TEST_BEGIN
	SET_MTVEC env_trap_m_record

	/* teainfo: 10 PSV bits, map version 7, a width of 1..8 */
	CASE 1
	csrr a0, TEA_INFO
	srli a1, a0, 8
	andi a1, a1, 0xff
	EXPECT a1, 10
	srli a1, a0, 16
	andi a1, a1, 0xff
	EXPECT a1, 7
	andi a1, a0, 0xf
	addi a1, a1, -1
	sltiu a1, a1, 8
	EXPECT a1, 1

	/* WARL: teactl keeps EN, UEN, BUF, WRAP, XU, XS, XM and JIT;
	 * teaperiod and teacount 32 bits; teafilt 64; the buffer's
	 * addresses bits 55:3 */
	CASE 2
	li t0, -1
	csrw TEA_PERIOD, t0
	csrr a0, TEA_PERIOD
	li t1, 0xffffffff
	EXPECT_SAME a0, t1
	csrw TEA_PERIOD, zero
	li t0, -2               /* all but EN: the sampler stays off */
	csrw TEA_CTL, t0
	csrr a0, TEA_CTL
	EXPECT a0, 0x1fbe
	csrw TEA_CTL, zero
	li t0, 12345
	csrw TEA_LOST, t0
	csrw TEA_LOST, zero
	li t0, -1
	csrw TEA_COUNT, t0
	csrr a0, TEA_COUNT
	EXPECT_SAME a0, t1
	csrw TEA_FILT, t0
	csrr a0, TEA_FILT
	EXPECT_SAME a0, t0
	csrw TEA_FILT, zero
	li t1, 0x00fffffffffffff8
	csrw TEA_BASE, t0
	csrr a0, TEA_BASE
	EXPECT_SAME a0, t1
	csrw TEA_LIMIT, t0
	csrr a0, TEA_LIMIT
	EXPECT_SAME a0, t1
	csrw TEA_PTR, t0
	csrr a0, TEA_PTR
	EXPECT_SAME a0, t1
	csrw TEA_WMARK, t0
	csrr a0, TEA_WMARK
	EXPECT_SAME a0, t1
	csrw TEA_BASE, zero
	csrw TEA_LIMIT, zero
	csrw TEA_PTR, zero
	csrw TEA_WMARK, zero

	/* read-only and missing numbers */
	ILLEGAL 3, "csrw 0x5c3, zero"          /* teatime */
	ILLEGAL 4, "csrw 0x5c5, zero"          /* teainfo */
	ILLEGAL 5, "csrw 0x5d0, zero"          /* teaaddr0 */
	ILLEGAL 6, "csrw 0x5e0, zero"          /* teapsv0 */
	ILLEGAL 7, "csrr a0, 0x5cc"
	ILLEGAL 8, "csrr a0, 0x5ff"
	ILLEGAL 9, "csrr a0, 0x5d8"
	LEGAL 10, "csrr a0, 0x5d0"
	LEGAL 11, "csrr a0, 0x5e0"
	LEGAL 12, "csrs 0x5c3, zero"           /* a read without a write */
	ILLEGAL 21, "csrw 0x5f0, zero"         /* teadaddr0 */
	LEGAL 22, "csrr a0, 0x5f0"
	ILLEGAL 23, "csrr a0, 0x5f8"

	/* the interrupt bit is enabled in mie and delegable in mideleg */
	CASE 13
	li t0, MIP_TEA
	csrs mie, t0
	csrr a0, mie
	and a0, a0, t0
	EXPECT_SAME a0, t0
	csrs mideleg, t0
	csrr a0, mideleg
	and a0, a0, t0
	EXPECT_SAME a0, t0
	csrr a0, sie
	and a0, a0, t0
	EXPECT_SAME a0, t0
	csrc mideleg, t0
	csrr a0, sie
	and a0, a0, t0
	EXPECT a0, 0
	csrc mie, t0

	/* S may access; U only with UEN */
	GOTO_S 1f
1:	LEGAL 14, "csrr a0, 0x5c2"
	LEGAL 15, "csrw 0x5c1, zero"
	TO_M
	GOTO_U 1f
1:	ILLEGAL 16, "csrr a0, 0x5c2"
	ILLEGAL 17, "csrr a0, 0x5c0"
	TO_M
	csrsi TEA_CTL, TEA_UEN
	GOTO_U 1f
1:	LEGAL 18, "csrr a0, 0x5c2"
	LEGAL 19, "csrr a0, 0x5d0"
	ILLEGAL 20, "csrw 0x5c3, zero"
	TO_M
	csrw TEA_CTL, zero

	TEST_PASS
