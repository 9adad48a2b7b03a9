/* mstatus.FS and the F/D control state. misa shows F and D. With FS = Off
 * (as entry.S leaves it) every F/D instruction, compressed ones included,
 * and every access to fflags, frm and fcsr is an illegal instruction
 * (cause 2, mtval = its bits) that changes nothing, in M and in U. Initial
 * (or Clean) lets them run; writing an f register, fflags, frm or fcsr
 * makes FS Dirty, which SD (bit 63) summarises; sstatus shows and writes
 * the same FS, and SD cannot be written. Turning FS off and on keeps the
 * state. A reserved rounding mode (rm = 5 or 6, or rm = 7 with frm = 5, 6
 * or 7) is an illegal instruction; instructions without a dynamic rm run
 * whatever frm holds. fcsr is frm << 5 | fflags, 8 bits, and the three
 * CSRs are views of it. */
#include "test.h"
#include "fp.h"

/* insn (len bytes) is an illegal instruction: one trap, mepc at it,
 * mtval = its bits, a0 unchanged */
	.macro TEST_ILLEGAL n, len, insn:vararg
	CASE \n
	CLEAR_TRAPS
	li a0, 0x5a5a
	.if \len == 2
	.option push
	.option rvc
	.endif
.Linsn\@:
	\insn
	.if \len == 2
	.option pop
	.endif
	EXPECT_TRAP 1, CAUSE_ILLEGAL_INSN
	EXPECT_ADDR TRAP_EPC, .Linsn\@
	la t0, .Linsn\@
	.if \len == 2
	lhu t1, 0(t0)
	.else
	lwu t1, 0(t0)
	.endif
	EXPECT_SAME TRAP_TVAL, t1
	EXPECT a0, 0x5a5a
	.endm

	TEST_BEGIN
	SET_MTVEC env_trap_m_record

	CASE 1
	csrr a0, misa
	andi a0, a0, MISA_F | MISA_D
	EXPECT a0, MISA_F | MISA_D
	CASE 2
	EXPECT_FS 0

	/* FS = Off: everything F and D is illegal */
	la a1, buf
	la sp, buf
	TEST_ILLEGAL  3, 4, fadd.s fa0, fa1, fa2
	TEST_ILLEGAL  4, 4, fmadd.d fa0, fa1, fa2, fa3
	TEST_ILLEGAL  5, 4, fsqrt.d fa0, fa1
	TEST_ILLEGAL  6, 4, fsgnj.s fa0, fa1, fa2
	TEST_ILLEGAL  7, 4, fmin.d fa0, fa1, fa2
	TEST_ILLEGAL  8, 4, fcvt.w.s a0, fa1
	TEST_ILLEGAL  9, 4, fcvt.d.l fa0, a1
	TEST_ILLEGAL 10, 4, fcvt.s.d fa0, fa1
	TEST_ILLEGAL 11, 4, fmv.x.w a0, fa1
	TEST_ILLEGAL 12, 4, fmv.w.x fa0, a1
	TEST_ILLEGAL 13, 4, fmv.x.d a0, fa1
	TEST_ILLEGAL 14, 4, feq.d a0, fa1, fa2
	TEST_ILLEGAL 15, 4, fclass.s a0, fa1
	TEST_ILLEGAL 16, 4, flw fa0, 0(a1)
	TEST_ILLEGAL 17, 4, fld fa0, 8(a1)
	TEST_ILLEGAL 18, 4, fsw fa0, 0(a1)
	TEST_ILLEGAL 19, 4, fsd fa0, 8(a1)
	TEST_ILLEGAL 20, 4, csrr a0, fflags
	TEST_ILLEGAL 21, 4, csrr a0, frm
	TEST_ILLEGAL 22, 4, csrr a0, fcsr
	TEST_ILLEGAL 23, 4, csrrw a0, fflags, a1
	TEST_ILLEGAL 24, 4, csrrwi a0, frm, 1
	TEST_ILLEGAL 25, 4, csrrs a0, fcsr, zero
	TEST_ILLEGAL 26, 4, csrw fcsr, zero
	TEST_ILLEGAL 27, 2, c.fld fa0, 0(a1)
	TEST_ILLEGAL 28, 2, c.fsd fa0, 8(a1)
	TEST_ILLEGAL 29, 2, c.fldsp fa0, 0(sp)
	TEST_ILLEGAL 30, 2, c.fsdsp fa0, 8(sp)
	/* none of them stored, nor changed FS */
	CASE 31
	ld a0, 0(a1)
	EXPECT a0, 0x1111111111111111
	ld a0, 8(a1)
	EXPECT a0, 0x2222222222222222
	EXPECT_FS 0
	li sp, 0
	/* in U as well, trapping to M */
	CASE 32
	CLEAR_TRAPS
	GOTO_U 1f
1:	fadd.d fa0, fa1, fa2
2:	csrr a0, fflags
	TO_M
	EXPECT_TRAP 2, CAUSE_ILLEGAL_INSN
	EXPECT_ADDR TRAP_EPC, 2b
	EXPECT TRAP_TVAL, 0x00102573

	/* Initial: they run */
	CASE 33
	CLEAR_TRAPS
	SET_FS 1
	EXPECT_FS 1
	csrr a0, fcsr
	frflags a0
	fsflags zero
	fcvt.d.w fa0, zero
	fadd.d fa0, fa0, fa0
	fmv.x.d a0, fa0
	EXPECT a0, 0
	EXPECT TRAP_COUNT, 0
	/* writing an f register made the state Dirty (with SD) */
	CASE 34
	EXPECT_FS 3

	/* from Clean to Dirty: every way of changing an f register or fcsr */
	CASE 35
	SET_FS 2
	EXPECT_FS 2
	li t0, 0x3f800000
	fmv.w.x fa1, t0
	EXPECT_FS 3
	CASE 36
	SET_FS 2
	la a1, buf
	fld fa2, 0(a1)
	EXPECT_FS 3
	CASE 37
	SET_FS 2
	fadd.s fa3, fa1, fa1
	EXPECT_FS 3
	CASE 38
	SET_FS 2
	fsflags zero
	EXPECT_FS 3
	CASE 39
	SET_FS 2
	fsrmi FRM_RTZ
	EXPECT_FS 3
	CASE 40
	SET_FS 2
	csrw fcsr, zero
	EXPECT_FS 3
	/* (reads are not checked: FS may report Dirty conservatively; an
	 * instruction that changes only fflags is priv-fs-dirty's) */

	/* sstatus.FS is mstatus.FS: written from M and from S; SD is read-only */
	CASE 41
	li t0, MSTATUS_FS
	csrc sstatus, t0
	EXPECT_FS 0
	li t0, MSTATUS_FS_CLEAN
	csrs sstatus, t0
	EXPECT_FS 2
	li t0, MSTATUS_SD
	csrs mstatus, t0
	csrs sstatus, t0
	EXPECT_FS 2
	CASE 42
	CLEAR_TRAPS
	GOTO_S 1f
1:	li t0, 0x40000000
	fmv.w.x fa4, t0
	csrr a2, sstatus
	li t0, MSTATUS_FS
	csrc sstatus, t0
	csrr a3, sstatus
	TO_M
	EXPECT TRAP_COUNT, 0
	srli t1, a2, 13
	andi t1, t1, 3
	EXPECT t1, 3
	srli t1, a2, 63
	EXPECT t1, 1
	srli t1, a3, 13
	andi t1, t1, 3
	EXPECT t1, 0
	srli t1, a3, 63
	EXPECT t1, 0
	EXPECT_FS 0

	/* Off and on again: the registers and fcsr are as they were */
	CASE 43
	SET_FS 1
	li t0, 0x400921fb54442d18
	fmv.d.x fs5, t0
	li t0, (FRM_RUP << 5) | FFLAG_OF | FFLAG_NX
	csrw fcsr, t0
	SET_FS 0
	CLEAR_TRAPS
	li a0, 0x5a5a
	fmv.x.d a0, fs5
	EXPECT_TRAP 1, CAUSE_ILLEGAL_INSN
	EXPECT a0, 0x5a5a
	SET_FS 1
	fmv.x.d a0, fs5
	EXPECT a0, 0x400921fb54442d18
	csrr a0, fcsr
	EXPECT a0, (FRM_RUP << 5) | FFLAG_OF | FFLAG_NX

	/* reserved rounding modes in the instruction: 5 and 6 */
	csrw fcsr, zero
	TEST_ILLEGAL 44, 4, .word 0x00c5d553    /* fadd.s fa0, fa1, fa2, rm = 5 */
	TEST_ILLEGAL 45, 4, .word 0x00c5e553    /* fadd.s rm = 6 */
	TEST_ILLEGAL 46, 4, .word 0xc005d553    /* fcvt.w.s a0, fa1, rm = 5 */
	TEST_ILLEGAL 47, 4, .word 0xc005e553    /* fcvt.w.s rm = 6 */
	TEST_ILLEGAL 48, 4, .word 0x6ac5d543    /* fmadd.d fa0, fa1, fa2, fa3, rm = 5 */
	/* rm = 7 (dynamic) with frm = 5, 6, 7 */
	fsrmi 5
	TEST_ILLEGAL 49, 4, fadd.s fa0, fa1, fa2, dyn
	TEST_ILLEGAL 50, 4, fcvt.w.s a0, fa1, dyn
	fsrmi 6
	TEST_ILLEGAL 51, 4, fmadd.d fa0, fa1, fa2, fa3, dyn
	TEST_ILLEGAL 52, 4, fsqrt.s fa0, fa1, dyn
	fsrmi 7
	TEST_ILLEGAL 53, 4, fcvt.s.l fa0, a1, dyn
	TEST_ILLEGAL 54, 4, fcvt.l.d a0, fa1, dyn
	/* a reserved frm reads back and harms nothing that has its own rm or
	 * none */
	CASE 55
	CLEAR_TRAPS
	frrm a0
	EXPECT a0, 7
	li t0, 0x3f800000
	fmv.w.x fa1, t0
	fadd.s fa0, fa1, fa1, rne
	fsgnjn.s fa0, fa0, fa0
	fmin.s fa0, fa0, fa1
	fmv.x.w a0, fa0
	EXPECT a0, 0xffffffffc0000000
	feq.s a0, fa0, fa0
	EXPECT a0, 1
	fcvt.w.s a0, fa0, rtz
	EXPECT a0, -2
	EXPECT TRAP_COUNT, 0
	fsrmi FRM_RNE

	/* fcsr = frm << 5 | fflags, 8 bits; frm and fflags are views of it */
	CASE 56
	li t0, -1
	csrw fcsr, t0
	csrr a0, fcsr
	EXPECT a0, 0xff
	frrm a0
	EXPECT a0, 7
	frflags a0
	EXPECT a0, 0x1f
	CASE 57
	li t0, (FRM_RUP << 5) | FFLAG_NV | FFLAG_OF | FFLAG_NX
	csrw fcsr, t0
	frrm a0
	EXPECT a0, FRM_RUP
	frflags a0
	EXPECT a0, FFLAG_NV | FFLAG_OF | FFLAG_NX
	CASE 58
	fsrmi a0, FRM_RDN       /* swaps */
	EXPECT a0, FRM_RUP
	csrr a0, fcsr
	EXPECT a0, (FRM_RDN << 5) | FFLAG_NV | FFLAG_OF | FFLAG_NX
	li t0, FFLAG_DZ | FFLAG_UF
	fsflags a0, t0
	EXPECT a0, FFLAG_NV | FFLAG_OF | FFLAG_NX
	csrr a0, fcsr
	EXPECT a0, (FRM_RDN << 5) | FFLAG_DZ | FFLAG_UF
	CASE 59
	li t0, 0xff             /* fflags keeps 5 bits, frm is left alone */
	csrw fflags, t0
	frflags a0
	EXPECT a0, 0x1f
	csrr a0, fcsr
	EXPECT a0, (FRM_RDN << 5) | 0x1f
	csrci fflags, FFLAG_NV | FFLAG_NX
	csrsi frm, 1
	csrr a0, fcsr
	EXPECT a0, (FRM_RUP << 5) | FFLAG_DZ | FFLAG_OF | FFLAG_UF
	CASE 60
	csrrw a0, fcsr, zero
	EXPECT a0, (FRM_RUP << 5) | FFLAG_DZ | FFLAG_OF | FFLAG_UF
	csrr a0, fcsr
	EXPECT a0, 0
	/* an instruction's flags land in fcsr too */
	CASE 61
	fmv.w.x fa1, zero
	fdiv.s fa0, fa1, fa1, rne       /* 0/0: NV */
	csrr a0, fcsr
	EXPECT a0, FFLAG_NV

	TEST_PASS

	.data
	.align 3
buf:
	.dword 0x1111111111111111, 0x2222222222222222
