/* The time CSR: a read-only view of the CLINT's mtime, readable in M, and
 * in S / U only with mcounteren.TM / both TM bits (else an illegal
 * instruction). ISS-only: QEMU's spike machine has no time CSR (reads
 * trap, for M-mode software to emulate them). */
#include "test.h"

#define CNT_TM (1 << 1)

	.macro DENIED n
	CASE \n
	CLEAR_TRAPS
	li a0, 0
.Linsn\@:
	csrr a0, time
	EXPECT_TRAP 1, CAUSE_ILLEGAL_INSN
	EXPECT_ADDR TRAP_EPC, .Linsn\@
	EXPECT TRAP_TVAL, 0xc0102573
	EXPECT a0, 0
	.endm

	.macro ALLOWED n
	CASE \n
	CLEAR_TRAPS
	csrr a0, time
	EXPECT TRAP_COUNT, 0
	.endm

	TEST_BEGIN
	SET_MTVEC env_trap_m_record

	/* mtime before <= time <= mtime after */
	CASE 1
	li a3, CLINT_MTIME
	ld a0, 0(a3)
	csrr a1, time
	ld a2, 0(a3)
	bltu a1, a0, env_fail
	bltu a2, a1, env_fail

	/* time moves */
	CASE 2
	csrr a0, time
	li a2, 100000
1:	addi a2, a2, -1
	beqz a2, env_fail
	csrr a1, time
	beq a1, a0, 1b

	csrw mcounteren, zero
	csrw scounteren, zero
	GOTO_S 1f
1:	DENIED 3
	TO_M
	li t0, CNT_TM
	csrw mcounteren, t0
	GOTO_S 1f
1:	ALLOWED 4
	TO_M
	GOTO_U 1f
1:	DENIED 5
	TO_M
	li t0, CNT_TM
	csrw scounteren, t0
	GOTO_U 1f
1:	ALLOWED 6
	TO_M
	csrw mcounteren, zero
	GOTO_U 1f
1:	DENIED 7
	TO_M

	TEST_PASS
