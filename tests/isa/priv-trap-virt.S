/* mstatus bits that make S-mode instructions trap so that M can emulate
 * them: TSR (sret), TW (wfi, also in U), TVM (satp accesses and
 * sfence.vma). Each traps as an illegal instruction with its bits in
 * mtval when set, runs when clear, and never affects M. */
#include "test.h"

/* In mode `mode`, `insn` traps to M as illegal with mtval = bits. */
	.macro TRAPS n, mode, insn, bits
	CASE \n
	CLEAR_TRAPS
	MRET_TO \mode, .Lin\@
.Lin\@:
	\insn
	TO_M
	EXPECT_TRAP 1, CAUSE_ILLEGAL_INSN
	EXPECT_ADDR TRAP_EPC, .Lin\@
	EXPECT TRAP_TVAL, \bits
	.endm

/* In S, the instruction sequence `insn` runs without a trap. */
	.macro RUNS_IN_S n, insn
	CASE \n
	CLEAR_TRAPS
	GOTO_S .Lin\@
.Lin\@:
	\insn
	TO_M
	EXPECT TRAP_COUNT, 0
	.endm

	TEST_BEGIN
	SET_MTVEC env_trap_m_record
	/* a pending interrupt, enabled in mie only while M runs a wfi, lets
	 * that wfi finish at once */
	li t0, 1
	li s0, CLINT_MSIP
	sw t0, 0(s0)
	WAIT_MIP_SET MIP_MSIP

	/* TSR */
	li t0, MSTATUS_TSR
	csrs mstatus, t0
	TRAPS 1, PRIV_S, sret, 0x10200073
	CASE 2
	li t0, MSTATUS_SPP              /* sret in M still works */
	csrs mstatus, t0
	la t0, 1f
	csrw sepc, t0
	sret
	j env_fail
1:	TO_M
	li t0, MSTATUS_TSR
	csrc mstatus, t0
	CASE 3
	CLEAR_TRAPS
	GOTO_S 1f
1:	li t0, MSTATUS_SPP
	csrs sstatus, t0
	la t0, 2f
	csrw sepc, t0
	sret
	j env_fail
2:	TO_M
	EXPECT TRAP_COUNT, 0

	/* TW */
	li t0, MSTATUS_TW
	csrs mstatus, t0
	TRAPS 4, PRIV_S, wfi, 0x10500073
	TRAPS 5, PRIV_U, wfi, 0x10500073
	CASE 6
	CLEAR_TRAPS
	li t0, MIP_MSIP
	csrw mie, t0
	wfi
	csrw mie, zero
	EXPECT TRAP_COUNT, 0
	li t0, MSTATUS_TW
	csrc mstatus, t0

	/* TVM */
	li t0, MSTATUS_TVM
	csrs mstatus, t0
	TRAPS 7, PRIV_S, "csrr a0, satp", 0x18002573
	TRAPS 8, PRIV_S, "csrw satp, zero", 0x18001073
	TRAPS 9, PRIV_S, sfence.vma, 0x12000073
	TRAPS 10, PRIV_S, "sfence.vma a0, a1", 0x12b50073
	CASE 11
	CLEAR_TRAPS
	csrr a0, satp                   /* M is not affected */
	csrw satp, zero
	sfence.vma
	EXPECT TRAP_COUNT, 0
	li t0, MSTATUS_TVM
	csrc mstatus, t0
	RUNS_IN_S 12, "csrr a0, satp; csrw satp, zero; sfence.vma; sfence.vma a0, a1"

	TEST_PASS
