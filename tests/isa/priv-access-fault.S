/* Accesses to physical addresses that no memory or device has trap
 * precisely: stores, SC and AMOs with store/AMO access fault (7), loads and
 * LR with load access fault (5); xtval = the address, xepc = the
 * instruction, rd and memory untouched. The boot ROM is read-only: it
 * reads, and stores, SC and AMOs to it fault. Stores to a device window
 * (the UART's scratch register) and to DRAM do not. The memory map is
 * teasim's (sim/soc/soc.h; DRAM at 0x80000000, 256 MiB unless -M says
 * otherwise). ISS-only: QEMU's spike machine has another memory map and
 * ignores stores to its ROM. */
#include "test.h"

#define ROM      0x1000           /* boot ROM: read-only */
#define HOLE     0x20000000       /* between the PLIC and the UART windows */
#define FAR      0x1080000000     /* 64 GiB past DRAM's base: beyond DRAM */
#define UART_SCR 0x10000007       /* 16550 scratch register */

/* The single instruction `insn`, with a3 = `addr`, a2 the value to store,
 * traps with `cause`; a0 keeps its value. */
	.macro TEST_FAULT n, insn, addr, cause
	CASE \n
	CLEAR_TRAPS
	li a3, \addr
	li a2, 0x2222222222222222
	EXPECT_INSN_TRAPS "\insn", \cause, a3
	.endm

	TEST_BEGIN
	SET_MTVEC env_trap_m_record

	/* the ROM's first doubleword, to see that nothing wrote it */
	li a1, ROM
	ld s0, 0(a1)

	TEST_FAULT  1, "sd a2, 0(a3)", ROM, CAUSE_STORE_ACCESS
	TEST_FAULT  2, "sb a2, 0(a3)", ROM + 0x10, CAUSE_STORE_ACCESS
	TEST_FAULT  3, "sw a2, 0(a3)", HOLE, CAUSE_STORE_ACCESS
	TEST_FAULT  4, "sd a2, 0(a3)", FAR, CAUSE_STORE_ACCESS
	TEST_FAULT  5, "sh a2, 0(a3)", FAR + 0x1002, CAUSE_STORE_ACCESS
	TEST_FAULT  6, "amoadd.d a0, a2, (a3)", ROM, CAUSE_STORE_ACCESS
	TEST_FAULT  7, "amoswap.w a0, a2, (a3)", ROM + 8, CAUSE_STORE_ACCESS
	TEST_FAULT  8, "amoor.d a0, a2, (a3)", HOLE, CAUSE_STORE_ACCESS
	TEST_FAULT  9, "amoxor.w a0, a2, (a3)", FAR, CAUSE_STORE_ACCESS
	TEST_FAULT 10, "ld a0, 0(a3)", HOLE, CAUSE_LOAD_ACCESS
	TEST_FAULT 11, "lw a0, 0(a3)", FAR, CAUSE_LOAD_ACCESS
	TEST_FAULT 12, "lr.d a0, (a3)", HOLE, CAUSE_LOAD_ACCESS
	TEST_FAULT 13, "lr.w a0, (a3)", FAR, CAUSE_LOAD_ACCESS

	/* an SC with a reservation on the ROM (LR reads it) still faults */
	CASE 14
	CLEAR_TRAPS
	li a3, ROM
	lr.d a1, (a3)
	EXPECT_SAME a1, s0
	li a0, 0x5a5a
1:	sc.d a0, a2, (a3)
	EXPECT_TRAP 1, CAUSE_STORE_ACCESS
	EXPECT_ADDR TRAP_EPC, 1b
	EXPECT_SAME TRAP_TVAL, a3
	EXPECT a0, 0x5a5a

	/* the ROM is as it was, through the D-cache and after it */
	CASE 15
	CLEAR_TRAPS
	li a1, ROM
	ld a0, 0(a1)
	EXPECT_SAME a0, s0
	fence
	ld a0, 0(a1)
	EXPECT_SAME a0, s0
	EXPECT_TRAP 0, 0

	/* a faulting store between two good ones: the older one is done,
	 * the younger one runs after the handler */
	CASE 16
	CLEAR_TRAPS
	la a1, buf
	sd zero, 0(a1)
	sd zero, 8(a1)
	li a3, FAR
	li a2, 0x1111
	li a4, 0x3333
	sd a2, 0(a1)
1:	sd a2, 0(a3)
	sd a4, 8(a1)
	EXPECT_TRAP 1, CAUSE_STORE_ACCESS
	EXPECT_ADDR TRAP_EPC, 1b
	ld a0, 0(a1)
	EXPECT a0, 0x1111
	ld a0, 8(a1)
	EXPECT a0, 0x3333

	/* a device window and DRAM take stores */
	CASE 17
	CLEAR_TRAPS
	li a1, UART_SCR
	li a2, 0xa5
	sb a2, 0(a1)
	lbu a0, 0(a1)
	EXPECT a0, 0xa5
	la a1, buf
	li a2, 0x4444
	sd a2, 0(a1)
	ld a0, 0(a1)
	EXPECT a0, 0x4444
	EXPECT_TRAP 0, 0

	/* delegated to S, from S */
	SET_MTVEC env_trap_m_default
	li t0, (1 << CAUSE_LOAD_ACCESS) | (1 << CAUSE_STORE_ACCESS)
	csrw medeleg, t0
	SET_STVEC env_trap_s_record
	GOTO_S 1f
1:	TEST_FAULT 18, "sd a2, 0(a3)", ROM, CAUSE_STORE_ACCESS
	TEST_FAULT 19, "sw a2, 0(a3)", HOLE, CAUSE_STORE_ACCESS
	TEST_FAULT 20, "amoadd.w a0, a2, (a3)", FAR, CAUSE_STORE_ACCESS
	TEST_FAULT 21, "lh a0, 0(a3)", HOLE, CAUSE_LOAD_ACCESS
	TO_M

	TEST_PASS

	.data
	.align 4
buf:
	.skip 16
