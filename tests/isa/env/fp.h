/* What the F and D tests share (after test.h): the flag names, the way
 * one instruction is run with its flags captured, and FS checks. The tests
 * assemble with `.option arch, +d`: the environment builds rv64imac. */
#ifndef TEA_TESTS_ISA_FP_H
#define TEA_TESTS_ISA_FP_H

	.option arch, +d

#define NX FFLAG_NX
#define UF FFLAG_UF
#define OF FFLAG_OF
#define DZ FFLAG_DZ
#define NV FFLAG_NV
/* fmv.x.w sign-extends the 32 bits it reads */
#define SEXT32(x) ((((x) ^ 0x80000000) - 0x80000000))

/* Runs `op args` (rounding mode rm, "-" where the instruction has none)
 * with fflags clear before, and read and cleared into a1 after. */
	.macro FP_OP rm, op, args:vararg
	fsflags zero
	.ifc \rm, -
	\op \args
	.else
	\op \args, \rm
	.endif
	fsflags a1, zero
	.endm

/* mstatus.FS = fs (0 Off, 1 Initial, 2 Clean, 3 Dirty) */
	.macro SET_FS fs
	li t0, MSTATUS_FS
	csrc mstatus, t0
	li t0, (\fs << 13)
	csrs mstatus, t0
	.endm

/* mstatus and sstatus both read FS = fs, with SD = 1 just when Dirty */
	.macro EXPECT_FS fs
	.irp csr, mstatus, sstatus
	csrr t0, \csr
	srli t1, t0, 13
	andi t1, t1, 3
	EXPECT t1, \fs
	srli t1, t0, 63
	.if \fs == 3
	EXPECT t1, 1
	.else
	EXPECT t1, 0
	.endif
	.endr
	.endm

#endif
