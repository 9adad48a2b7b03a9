/* Reset entry, pass/fail through HTIF and the trap handlers shared by the
 * ISA tests. Linked into every test; the test supplies test_main. */
#include "test.h"

	.section .text.init, "ax", @progbits
	.globl _start
_start:
	/* A known state: the boot ROM leaves a0/a1 set, tests count on zero. */
	.irp r, 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	li x\r, 0
	.endr

	/* Optional CSRs: where one does not exist its access traps, and the
	 * trap lands on the next step. Lower modes need a PMP entry to reach
	 * memory where PMP exists; the counters must count. */
	la t0, .Lpmp_done
	csrw mtvec, t0
	li t0, -1
	csrw pmpaddr0, t0
	li t0, 0x1f             /* NAPOT over everything, R W X */
	csrw pmpcfg0, t0
	.align 2
.Lpmp_done:
	la t0, .Lcountinhibit_done
	csrw mtvec, t0
	csrw mcountinhibit, zero
	.align 2
.Lcountinhibit_done:
	la t0, env_trap_m_default
	csrw mtvec, t0
	la t0, env_trap_s_default
	csrw stvec, t0
	csrw mstatus, zero
	csrw medeleg, zero
	csrw mideleg, zero
	csrw mie, zero
	csrw mip, zero
	csrw satp, zero
	csrw mcounteren, zero
	csrw scounteren, zero
	li t0, 0                /* the one register used above */
	j test_main

/* Any privilege: report success. Never returns. */
	.globl env_pass
env_pass:
	li t6, 1
	j .Lreport

/* Any privilege: report failure of case TESTNUM. Never returns. */
	.globl env_fail
env_fail:
	andi t6, TESTNUM, 0xff
	bnez t6, 1f
	li t6, 0xff             /* failed before the first case */
1:	slli t6, t6, 1
	ori t6, t6, 1
.Lreport:
	fence
	la t5, tohost
	sd t6, 0(t5)
2:	j 2b

/* Goes to env_resume_in_m when this trap is the ecall of a TO_M or a
 * USER_TO_M (TRAP_RESUME odd); falls through otherwise. Uses t6, saved in
 * mscratch. */
	.macro IF_TO_M
	andi t6, TRAP_RESUME, 1
	beqz t6, .Lnot_to_m\@
	csrr t6, mcause
	addi t6, t6, -CAUSE_ECALL_U
	beqz t6, env_resume_in_m
	addi t6, t6, CAUSE_ECALL_U - CAUSE_ECALL_S
	beqz t6, env_resume_in_m
	addi t6, t6, CAUSE_ECALL_S - CAUSE_ECALL_M
	beqz t6, env_resume_in_m
.Lnot_to_m\@:
	.endm

/* Resumes at TRAP_RESUME (xepc) unless it is 0 (keep xepc) or odd (a TO_M
 * still to come); then clears it. */
	.macro RESUME_FROM_TRAP_RESUME epc
	beqz TRAP_RESUME, .Lkeep\@
	andi t6, TRAP_RESUME, 1
	bnez t6, .Lkeep\@
	csrw \epc, TRAP_RESUME
	li TRAP_RESUME, 0
.Lkeep\@:
	.endm

/* Default M-mode handler: honours TO_M, fails on anything else with the
 * trap's mcause, mepc and mtval in a0, a1, a2 for the log. */
	.align 2
	.globl env_trap_m_default
env_trap_m_default:
	csrw mscratch, t6
.Lm_default_body:
	IF_TO_M
	csrr a0, mcause
	csrr a1, mepc
	csrr a2, mtval
	j env_fail

/* Ends a TO_M (TRAP_RESUME = 1: at the instruction after the ecall) or a
 * USER_TO_M (TRAP_RESUME = target + 1), in M-mode with interrupts off. */
env_resume_in_m:
	addi t6, TRAP_RESUME, -1
	li TRAP_RESUME, 0
	bnez t6, 1f
	csrr t6, mepc
	addi t6, t6, 4
1:	csrw mepc, t6
	li t6, MSTATUS_MPP
	csrs mstatus, t6
	li t6, MSTATUS_MPIE
	csrc mstatus, t6
	csrr t6, mscratch
	mret

/* Default S-mode handler: only delegated traps arrive here, and a test that
 * delegates installs its own handler; fail. */
	.align 2
	.globl env_trap_s_default
env_trap_s_default:
	csrr a0, scause
	csrr a1, sepc
	csrr a2, stval
	j env_fail

/* Recording M-mode handler (see test.h): stores mcause, mepc, mtval,
 * counts the trap and resumes at TRAP_RESUME when set, else after the
 * trapping instruction (exceptions) or at the interrupted one
 * (interrupts, whose mie bit it clears so that a level-triggered source
 * cannot trap again at once). Skipping an instruction reads it at mepc
 * without translation: tests that trap from code whose virtual address is
 * not its physical one set TRAP_RESUME. Honours TO_M. */
	.align 2
	.globl env_trap_m_record
env_trap_m_record:
	csrw mscratch, t6
	IF_TO_M
	csrr TRAP_CAUSE, mcause
	csrr TRAP_EPC, mepc
	csrr TRAP_TVAL, mtval
	addi TRAP_COUNT, TRAP_COUNT, 1
	bgez TRAP_CAUSE, 1f
	li t6, 1
	sll t6, t6, TRAP_CAUSE  /* shifts by the interrupt number */
	csrc mie, t6
	j 2f
1:	bnez TRAP_RESUME, 2f
	lhu t6, 0(TRAP_EPC)
	andi t6, t6, 3
	addi t6, t6, -3
	addi TRAP_RESUME, TRAP_EPC, 2
	bnez t6, 2f
	addi TRAP_RESUME, TRAP_EPC, 4
2:	RESUME_FROM_TRAP_RESUME mepc
	csrr t6, mscratch
	mret

/* Catching M-mode handler: records like env_trap_m_record, then goes on in
 * M-mode at TRAP_RESUME without mret, so that mstatus still shows what the
 * trap did (MPP, MPIE, MIE = 0). Without a TRAP_RESUME it behaves as the
 * default handler (TO_M or failure). */
	.align 2
	.globl env_trap_m_catch
env_trap_m_catch:
	csrw mscratch, t6
	beqz TRAP_RESUME, .Lm_default_body
	andi t6, TRAP_RESUME, 1
	bnez t6, .Lm_default_body
	csrr TRAP_CAUSE, mcause
	csrr TRAP_EPC, mepc
	csrr TRAP_TVAL, mtval
	addi TRAP_COUNT, TRAP_COUNT, 1
	mv t6, TRAP_RESUME
	li TRAP_RESUME, 0
	jr t6

/* The same as env_trap_m_catch for traps delegated to S-mode: goes on in
 * S-mode at TRAP_RESUME with sstatus as the trap left it; fails without a
 * TRAP_RESUME. */
	.align 2
	.globl env_trap_s_catch
env_trap_s_catch:
	beqz TRAP_RESUME, env_trap_s_default
	andi t6, TRAP_RESUME, 1
	bnez t6, env_trap_s_default
	csrr TRAP_CAUSE, scause
	csrr TRAP_EPC, sepc
	csrr TRAP_TVAL, stval
	addi TRAP_COUNT, TRAP_COUNT, 1
	mv t6, TRAP_RESUME
	li TRAP_RESUME, 0
	jr t6

/* The same as env_trap_m_record for traps delegated to S-mode. */
	.align 2
	.globl env_trap_s_record
env_trap_s_record:
	csrw sscratch, t6
	csrr TRAP_CAUSE, scause
	csrr TRAP_EPC, sepc
	csrr TRAP_TVAL, stval
	addi TRAP_COUNT, TRAP_COUNT, 1
	bgez TRAP_CAUSE, 1f
	li t6, 1
	sll t6, t6, TRAP_CAUSE
	csrc sie, t6
	j 2f
1:	bnez TRAP_RESUME, 2f
	lhu t6, 0(TRAP_EPC)
	andi t6, t6, 3
	addi t6, t6, -3
	addi TRAP_RESUME, TRAP_EPC, 2
	bnez t6, 2f
	addi TRAP_RESUME, TRAP_EPC, 4
2:	RESUME_FROM_TRAP_RESUME sepc
	csrr t6, sscratch
	sret

/* HTIF mailboxes: the harness (teasim, QEMU) watches tohost. */
	.section .tohost, "aw", @progbits
	.align 3
	.globl tohost
tohost:
	.dword 0
	.size tohost, 8
	.globl fromhost
fromhost:
	.dword 0
	.size fromhost, 8
