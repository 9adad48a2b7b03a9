/* Environment of the self-checking ISA tests: constants from the RISC-V
 * privileged spec, register conventions and the macros the tests are
 * written with. Every test is one .S file that includes this header, is
 * linked with entry.S and reports through HTIF tohost: 1 for pass,
 * (case << 1) | 1 for a failure in case `case`.
 *
 * Register conventions (entry.S relies on them):
 *   gp  (TESTNUM)     number of the running case; the exit code on failure
 *   s7  (TRAP_COUNT)  incremented by the recording trap handlers
 *   s8  (TRAP_CAUSE)  xcause of the last recorded trap
 *   s9  (TRAP_EPC)    xepc of the last recorded trap
 *   s10 (TRAP_TVAL)   xtval of the last recorded trap
 *   s11 (TRAP_RESUME) where the next recorded trap resumes (0: after the
 *                     trapping instruction, or at the interrupted one);
 *                     odd: the M-mode handlers are to end a TO_M (1) or
 *                     a USER_TO_M of vm.h (target + 1)
 *   t6                scratch of every macro here and of the handlers
 *   t5                scratch of WAIT_MIP_SET / WAIT_MIP_CLEAR and, with
 *                     t4, of the macros of vm.h
 *
 * Trap handlers of entry.S:
 *   env_trap_m_default, env_trap_s_default  fail (M: except for TO_M)
 *   env_trap_m_record, env_trap_s_record    record the trap and resume
 *   env_trap_m_catch, env_trap_s_catch      record the trap and go on in
 *                                           M-/S-mode at TRAP_RESUME
 */
#ifndef TEA_ISA_TEST_H
#define TEA_ISA_TEST_H

#define TESTNUM     gp
#define TRAP_COUNT  s7
#define TRAP_CAUSE  s8
#define TRAP_EPC    s9
#define TRAP_TVAL   s10
#define TRAP_RESUME s11

#define PRIV_U 0
#define PRIV_S 1
#define PRIV_M 3

/* mstatus (and its sstatus view) */
#define MSTATUS_SIE   (1 << 1)
#define MSTATUS_MIE   (1 << 3)
#define MSTATUS_SPIE  (1 << 5)
#define MSTATUS_MPIE  (1 << 7)
#define MSTATUS_SPP   (1 << 8)
#define MSTATUS_MPP   (3 << 11)
#define MSTATUS_MPP_S (1 << 11)
#define MSTATUS_FS    (3 << 13)
#define MSTATUS_MPRV  (1 << 17)
#define MSTATUS_SUM   (1 << 18)
#define MSTATUS_MXR   (1 << 19)
#define MSTATUS_TVM   (1 << 20)
#define MSTATUS_TW    (1 << 21)
#define MSTATUS_TSR   (1 << 22)
/* FS values; SD (bit 63) reads 1 when FS (or XS, VS) is Dirty */
#define MSTATUS_FS_INITIAL (1 << 13)
#define MSTATUS_FS_CLEAN   (2 << 13)
#define MSTATUS_FS_DIRTY   (3 << 13)
#define MSTATUS_SD         0x8000000000000000

/* misa extension bits */
#define MISA_D (1 << 3)
#define MISA_F (1 << 5)

/* fflags bits (fcsr[4:0]) and rounding modes (frm, fcsr[7:5], and the rm
 * field of an instruction) */
#define FFLAG_NX 0x01           /* inexact */
#define FFLAG_UF 0x02           /* underflow */
#define FFLAG_OF 0x04           /* overflow */
#define FFLAG_DZ 0x08           /* divide by zero */
#define FFLAG_NV 0x10           /* invalid operation */
#define FRM_RNE 0               /* to nearest, ties to even */
#define FRM_RTZ 1               /* towards zero */
#define FRM_RDN 2               /* down */
#define FRM_RUP 3               /* up */
#define FRM_RMM 4               /* to nearest, ties away from zero */
#define FRM_DYN 7               /* rm field only: use frm */

/* interrupt numbers; bit n of mip/mie/sip/sie */
#define IRQ_S_SOFT   1
#define IRQ_M_SOFT   3
#define IRQ_S_TIMER  5
#define IRQ_M_TIMER  7
#define IRQ_S_EXT    9
#define IRQ_M_EXT    11
#define MIP_SSIP (1 << IRQ_S_SOFT)
#define MIP_MSIP (1 << IRQ_M_SOFT)
#define MIP_STIP (1 << IRQ_S_TIMER)
#define MIP_MTIP (1 << IRQ_M_TIMER)

/* xcause values */
#define CAUSE_FETCH_MISALIGNED  0
#define CAUSE_FETCH_ACCESS      1
#define CAUSE_ILLEGAL_INSN      2
#define CAUSE_BREAKPOINT        3
#define CAUSE_LOAD_MISALIGNED   4
#define CAUSE_LOAD_ACCESS       5
#define CAUSE_STORE_MISALIGNED  6
#define CAUSE_STORE_ACCESS      7
#define CAUSE_ECALL_U           8
#define CAUSE_ECALL_S           9
#define CAUSE_ECALL_M           11
#define CAUSE_FETCH_PAGE_FAULT  12
#define CAUSE_LOAD_PAGE_FAULT   13
#define CAUSE_STORE_PAGE_FAULT  15
#define CAUSE_INTERRUPT         0x8000000000000000
#define CAUSE_IRQ(n)            (CAUSE_INTERRUPT | (n))

/* Sv39 page-table entries and satp */
#define PTE_V 0x01
#define PTE_R 0x02
#define PTE_W 0x04
#define PTE_X 0x08
#define PTE_U 0x10
#define PTE_G 0x20
#define PTE_A 0x40
#define PTE_D 0x80
#define PTE_PPN_SHIFT 10
#define SATP_MODE_SV39 (8 << 60)

/* CLINT of the QEMU virt / spike memory map, hart 0 */
#define CLINT_MSIP     0x02000000
#define CLINT_MTIMECMP 0x02004000
#define CLINT_MTIME    0x0200bff8

#ifdef __ASSEMBLER__

/* Starts the test body: entry.S jumps here in M-mode with every register
 * zero, traps going to env_trap_m_default and env_trap_s_default, no
 * delegation, interrupts disabled and translation off. Tests assemble
 * without compressed encodings unless they turn them on (.option rvc). */
	.macro TEST_BEGIN
	.text
	.option norvc
	.globl test_main
	.align 2
test_main:
	.endm

	.macro TEST_PASS
	j env_pass
	.endm

/* Turns on the F and D state: mstatus.FS = Initial. entry.S leaves it Off,
 * where every FP instruction and FP CSR access is illegal. */
	.macro FP_ENABLE
	li t6, MSTATUS_FS
	csrc mstatus, t6
	li t6, MSTATUS_FS_INITIAL
	csrs mstatus, t6
	.endm

/* Starts case n; a failure from here on exits with code n. */
	.macro CASE n
	.if (\n < 1) || (\n > 254)
	.error "case numbers run from 1 to 254 (255 means before any case)"
	.endif
	li TESTNUM, \n
	.endm

/* Fails the running case unless reg == val. */
	.macro EXPECT reg, val
	.ifc \reg, t6
	.error "EXPECT uses t6 as its scratch"
	.endif
	li t6, \val
	beq \reg, t6, .Lexpect_ok\@
	j env_fail
.Lexpect_ok\@:
	.endm

/* Fails the running case unless reg holds the address of label. */
	.macro EXPECT_ADDR reg, label
	.ifc \reg, t6
	.error "EXPECT_ADDR uses t6 as its scratch"
	.endif
	la t6, \label
	beq \reg, t6, .Lexpect_ok\@
	j env_fail
.Lexpect_ok\@:
	.endm

/* Fails the running case unless the two registers are equal. */
	.macro EXPECT_SAME a, b
	beq \a, \b, .Lexpect_ok\@
	j env_fail
.Lexpect_ok\@:
	.endm

/* Register-register operation: distinct registers, rd == rs1, rd == rs2
 * and rd == x0, each checked, with the sources left intact. */
	.macro TEST_RR n, op, want, a, b
	CASE \n
	li a1, \a
	li a2, \b
	\op a0, a1, a2
	EXPECT a0, \want
	EXPECT a1, \a
	EXPECT a2, \b
	li a3, \a
	\op a3, a3, a2
	EXPECT a3, \want
	li a4, \b
	\op a4, a1, a4
	EXPECT a4, \want
	\op zero, a1, a2
	EXPECT zero, 0
	.endm

/* rs1 == rs2 (and then also == rd) */
	.macro TEST_RR_SAME n, op, want, a
	CASE \n
	li a1, \a
	\op a0, a1, a1
	EXPECT a0, \want
	\op a1, a1, a1
	EXPECT a1, \want
	.endm

/* x0 as first and as second source */
	.macro TEST_RR_ZERO n, op, want_z1, want_z2, a
	CASE \n
	li a1, \a
	\op a0, zero, a1
	EXPECT a0, \want_z1
	\op a0, a1, zero
	EXPECT a0, \want_z2
	.endm

/* Register-immediate operation: distinct registers, rd == rs1, rd == x0. */
	.macro TEST_IMM n, op, want, a, imm
	CASE \n
	li a1, \a
	\op a0, a1, \imm
	EXPECT a0, \want
	EXPECT a1, \a
	li a3, \a
	\op a3, a3, \imm
	EXPECT a3, \want
	\op zero, a1, \imm
	EXPECT zero, 0
	.endm

/* Load at label+off. */
	.macro TEST_LOAD n, op, want, off, label
	CASE \n
	la a1, \label
	\op a0, \off(a1)
	EXPECT a0, \want
	.endm

/* Store val at label+off, load it back with ld_op and expect want. */
	.macro TEST_STORE n, st_op, ld_op, want, val, off, label
	CASE \n
	la a1, \label
	li a2, \val
	\st_op a2, \off(a1)
	\ld_op a0, \off(a1)
	EXPECT a0, \want
	.endm

/* A branch that must be taken, forwards and backwards. */
	.macro TEST_BR_TAKEN n, op, a, b
	CASE \n
	li a1, \a
	li a2, \b
	\op a1, a2, .Lfwd\@
	j env_fail
.Lback\@:
	j .Ldone\@
.Lfwd\@:
	\op a1, a2, .Lback\@
	j env_fail
.Ldone\@:
	.endm

/* A branch that must fall through, forwards and backwards. */
	.macro TEST_BR_NOT_TAKEN n, op, a, b
	CASE \n
	li a1, \a
	li a2, \b
	j .Lfwd\@
.Lback\@:
	j env_fail
.Lfwd\@:
	\op a1, a2, .Lback\@
	\op a1, a2, .Lbad\@
	j .Ldone\@
.Lbad\@:
	j env_fail
.Ldone\@:
	.endm

/* Continues at label in privilege mode `mode` through mret (MPIE as it
 * is). */
	.macro MRET_TO mode, label
	li t6, MSTATUS_MPP
	csrc mstatus, t6
	li t6, (\mode << 11)
	csrs mstatus, t6
	la t6, \label
	csrw mepc, t6
	mret
	.endm

	.macro GOTO_S label
	MRET_TO PRIV_S, \label
	.endm

	.macro GOTO_U label
	MRET_TO PRIV_U, \label
	.endm

/* From any mode, continues with the next instruction in M-mode with
 * mstatus.MIE = 0. Needs an M-mode handler of entry.S and ecall not
 * delegated; the next instruction's physical address must be its virtual
 * one. */
	.macro TO_M
	li TRAP_RESUME, 1
	ecall
	.endm

/* The next recorded trap resumes at label (once). */
	.macro RESUME_AT label
	la TRAP_RESUME, \label
	.endm

/* Installs a trap vector. */
	.macro SET_MTVEC label
	la t6, \label
	csrw mtvec, t6
	.endm

	.macro SET_STVEC label
	la t6, \label
	csrw stvec, t6
	.endm

/* Clears the record of the recording handlers. */
	.macro CLEAR_TRAPS
	li TRAP_COUNT, 0
	li TRAP_CAUSE, 0
	li TRAP_EPC, 0
	li TRAP_TVAL, 0
	.endm

/* Exactly `count` traps since CLEAR_TRAPS, the last with this cause. */
	.macro EXPECT_TRAP count, cause
	EXPECT TRAP_COUNT, \count
	EXPECT TRAP_CAUSE, \cause
	.endm

/* The single instruction `insn` traps with `cause`, xepc at it and xtval
 * = the register `tval`; a0, which it would write, keeps its value. */
	.macro EXPECT_INSN_TRAPS insn, cause, tval
	li a0, 0x5a5a
.Linsn\@:
	\insn
	EXPECT_TRAP 1, \cause
	EXPECT_ADDR TRAP_EPC, .Linsn\@
	EXPECT_SAME TRAP_TVAL, \tval
	EXPECT a0, 0x5a5a
	.endm

/* Enters `mode` and expects interrupt `irq` to reach M before the first
 * instruction there. */
	.macro M_TAKES n, mode, irq
	CASE \n
	CLEAR_TRAPS
	RESUME_AT .Lback\@
	MRET_TO \mode, .Lfirst\@
.Lfirst\@:
	nop
	j env_fail
.Lback\@:
	EXPECT_TRAP 1, CAUSE_IRQ(\irq)
	EXPECT_ADDR TRAP_EPC, .Lfirst\@
	csrr a0, mstatus
	li t0, MSTATUS_MPP
	and a0, a0, t0
	EXPECT a0, (\mode << 11)
	.endm

/* Enters `mode` and expects interrupt `irq` to reach S before the first
 * instruction there. */
	.macro S_TAKES n, mode, irq
	CASE \n
	CLEAR_TRAPS
	RESUME_AT .Lback\@
	MRET_TO \mode, .Lfirst\@
.Lfirst\@:
	nop
	j env_fail
.Lback\@:
	TO_M
	EXPECT_TRAP 1, CAUSE_IRQ(\irq)
	EXPECT_ADDR TRAP_EPC, .Lfirst\@
	.endm

/* Waits (boundedly) until every bit of mask is set / clear in mip, since
 * a device's interrupt line may take some cycles to reach mip. Clobbers
 * t5. */
	.macro WAIT_MIP_SET mask
	li t5, 10000
.Lwait\@:
	addi t5, t5, -1
	bnez t5, .Lpoll\@
	j env_fail
.Lpoll\@:
	csrr t6, mip
	not t6, t6
	andi t6, t6, \mask
	bnez t6, .Lwait\@
	.endm

	.macro WAIT_MIP_CLEAR mask
	li t5, 10000
.Lwait\@:
	addi t5, t5, -1
	bnez t5, .Lpoll\@
	j env_fail
.Lpoll\@:
	csrr t6, mip
	andi t6, t6, \mask
	bnez t6, .Lwait\@
	.endm

#endif /* __ASSEMBLER__ */

#endif
