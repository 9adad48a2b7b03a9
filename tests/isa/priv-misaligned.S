/* Accesses at addresses that are not naturally aligned trap (TEA does not
 * split them in hardware): loads and LR with load address misaligned (4),
 * stores, SC and every AMO with store/AMO address misaligned (6); xtval =
 * the address, xepc = the instruction, rd and memory untouched. In M, from
 * U to M, and delegated to S. ISS-only: QEMU performs misaligned loads and
 * stores, fails an SC without checking its address, and reports misaligned
 * AMOs as loads. */
#include "test.h"

/* The single instruction `insn`, with a3 = buf + off, a2 the value to
 * store, traps with `cause`; a0 and memory keep their values. */
	.macro TEST_MISALIGNED n, insn, off, cause
	CASE \n
	CLEAR_TRAPS
	la a1, buf
	li a2, 0x1111111111111111
	sd a2, 0(a1)
	sd a2, 8(a1)
	addi a3, a1, \off
	li a2, 0x2222222222222222
	EXPECT_INSN_TRAPS "\insn", \cause, a3
	ld a4, 0(a1)
	EXPECT a4, 0x1111111111111111
	ld a4, 8(a1)
	EXPECT a4, 0x1111111111111111
	.endm

	TEST_BEGIN
	SET_MTVEC env_trap_m_record

	TEST_MISALIGNED  1, "lh a0, 0(a3)", 1, CAUSE_LOAD_MISALIGNED
	TEST_MISALIGNED  2, "lhu a0, 0(a3)", 7, CAUSE_LOAD_MISALIGNED
	TEST_MISALIGNED  3, "lw a0, 0(a3)", 1, CAUSE_LOAD_MISALIGNED
	TEST_MISALIGNED  4, "lw a0, 0(a3)", 2, CAUSE_LOAD_MISALIGNED
	TEST_MISALIGNED  5, "lwu a0, 0(a3)", 6, CAUSE_LOAD_MISALIGNED
	TEST_MISALIGNED  6, "ld a0, 0(a3)", 4, CAUSE_LOAD_MISALIGNED
	TEST_MISALIGNED  7, "ld a0, 0(a3)", 1, CAUSE_LOAD_MISALIGNED
	TEST_MISALIGNED  8, "ld a0, 0(a3)", 7, CAUSE_LOAD_MISALIGNED
	TEST_MISALIGNED  9, "sh a2, 0(a3)", 3, CAUSE_STORE_MISALIGNED
	TEST_MISALIGNED 10, "sw a2, 0(a3)", 2, CAUSE_STORE_MISALIGNED
	TEST_MISALIGNED 11, "sw a2, 0(a3)", 5, CAUSE_STORE_MISALIGNED
	TEST_MISALIGNED 12, "sd a2, 0(a3)", 4, CAUSE_STORE_MISALIGNED
	TEST_MISALIGNED 13, "sd a2, 0(a3)", 3, CAUSE_STORE_MISALIGNED
	/* an aligned base with a misaligning offset */
	CASE 14
	CLEAR_TRAPS
	la a1, buf
1:	lw a0, 6(a1)
	EXPECT_TRAP 1, CAUSE_LOAD_MISALIGNED
	EXPECT_ADDR TRAP_TVAL, buf + 6
	EXPECT_ADDR TRAP_EPC, 1b

	TEST_MISALIGNED 15, "lr.w a0, (a3)", 2, CAUSE_LOAD_MISALIGNED
	TEST_MISALIGNED 16, "lr.d a0, (a3)", 4, CAUSE_LOAD_MISALIGNED
	TEST_MISALIGNED 17, "sc.w a0, a2, (a3)", 1, CAUSE_STORE_MISALIGNED
	TEST_MISALIGNED 18, "sc.d a0, a2, (a3)", 4, CAUSE_STORE_MISALIGNED
	TEST_MISALIGNED 19, "amoadd.w a0, a2, (a3)", 2, CAUSE_STORE_MISALIGNED
	TEST_MISALIGNED 20, "amoswap.w a0, a2, (a3)", 1, CAUSE_STORE_MISALIGNED
	TEST_MISALIGNED 21, "amoxor.w a0, a2, (a3)", 3, CAUSE_STORE_MISALIGNED
	TEST_MISALIGNED 22, "amoand.w a0, a2, (a3)", 6, CAUSE_STORE_MISALIGNED
	TEST_MISALIGNED 23, "amoor.w a0, a2, (a3)", 5, CAUSE_STORE_MISALIGNED
	TEST_MISALIGNED 24, "amomin.w a0, a2, (a3)", 2, CAUSE_STORE_MISALIGNED
	TEST_MISALIGNED 25, "amomax.w a0, a2, (a3)", 2, CAUSE_STORE_MISALIGNED
	TEST_MISALIGNED 26, "amominu.w a0, a2, (a3)", 2, CAUSE_STORE_MISALIGNED
	TEST_MISALIGNED 27, "amomaxu.w a0, a2, (a3)", 2, CAUSE_STORE_MISALIGNED
	TEST_MISALIGNED 28, "amoadd.d a0, a2, (a3)", 4, CAUSE_STORE_MISALIGNED
	TEST_MISALIGNED 29, "amoswap.d a0, a2, (a3)", 1, CAUSE_STORE_MISALIGNED
	TEST_MISALIGNED 30, "amoxor.d a0, a2, (a3)", 2, CAUSE_STORE_MISALIGNED
	TEST_MISALIGNED 31, "amoand.d a0, a2, (a3)", 7, CAUSE_STORE_MISALIGNED
	TEST_MISALIGNED 32, "amoor.d a0, a2, (a3)", 4, CAUSE_STORE_MISALIGNED
	TEST_MISALIGNED 33, "amomin.d a0, a2, (a3)", 4, CAUSE_STORE_MISALIGNED
	TEST_MISALIGNED 34, "amomax.d a0, a2, (a3)", 4, CAUSE_STORE_MISALIGNED
	TEST_MISALIGNED 35, "amominu.d a0, a2, (a3)", 4, CAUSE_STORE_MISALIGNED
	TEST_MISALIGNED 36, "amomaxu.d a0, a2, (a3)", 4, CAUSE_STORE_MISALIGNED
	/* an SC that holds a reservation on the aligned dword still traps */
	CASE 37
	CLEAR_TRAPS
	la a1, buf
	lr.d a0, (a1)
	addi a3, a1, 4
	li a0, 0x5a5a
1:	sc.d a0, a2, (a3)
	EXPECT_TRAP 1, CAUSE_STORE_MISALIGNED
	EXPECT_ADDR TRAP_EPC, 1b
	EXPECT_SAME TRAP_TVAL, a3
	EXPECT a0, 0x5a5a

	/* from U to M */
	GOTO_U 1f
1:	TEST_MISALIGNED 38, "lw a0, 0(a3)", 2, CAUSE_LOAD_MISALIGNED
	TEST_MISALIGNED 39, "sd a2, 0(a3)", 6, CAUSE_STORE_MISALIGNED
	TEST_MISALIGNED 40, "amoor.w a0, a2, (a3)", 2, CAUSE_STORE_MISALIGNED
	TO_M

	/* delegated to S, from S; M fails on any trap but TO_M */
	SET_MTVEC env_trap_m_default
	li t0, (1 << CAUSE_LOAD_MISALIGNED) | (1 << CAUSE_STORE_MISALIGNED)
	csrw medeleg, t0
	SET_STVEC env_trap_s_record
	GOTO_S 1f
1:	TEST_MISALIGNED 41, "lhu a0, 0(a3)", 1, CAUSE_LOAD_MISALIGNED
	TEST_MISALIGNED 42, "sw a2, 0(a3)", 1, CAUSE_STORE_MISALIGNED
	TEST_MISALIGNED 43, "amoadd.w a0, a2, (a3)", 2, CAUSE_STORE_MISALIGNED
	TEST_MISALIGNED 44, "lr.w a0, (a3)", 1, CAUSE_LOAD_MISALIGNED
	TO_M

	TEST_PASS

	.data
	.align 4
buf:
	.skip 16
