/* M-mode trap entry: saves the whole integer state in a struct
 * bm_trap_frame, calls bm_trap_dispatch() and returns with what the handler
 * left in the frame.
 *
 * mscratch is 0 while the hart runs in M-mode and holds the top of the
 * runtime's trap stack while it runs in S or U mode. A trap from M-mode
 * (also one inside a handler) therefore stays on its stack; one from a lower
 * mode moves to a stack that mode cannot have corrupted, addressed
 * physically, which paging will need. */
#include "tea/baremetal.h"

#define FRAME_BYTES (BM_FRAME_SLOTS * 8)
#define TRAP_STACK_BYTES 8192

	.section .text.bm_trap_entry, "ax"
	.globl	bm_trap_entry
	.balign	4
bm_trap_entry:
	csrrw	sp, mscratch, sp
	bnez	sp, 1f
	csrrw	sp, mscratch, sp
1:	addi	sp, sp, -FRAME_BYTES
	sd	x1, 1*8(sp)
	sd	x3, 3*8(sp)
	sd	x4, 4*8(sp)
	sd	x5, 5*8(sp)
	sd	x6, 6*8(sp)
	sd	x7, 7*8(sp)
	sd	x8, 8*8(sp)
	sd	x9, 9*8(sp)
	sd	x10, 10*8(sp)
	sd	x11, 11*8(sp)
	sd	x12, 12*8(sp)
	sd	x13, 13*8(sp)
	sd	x14, 14*8(sp)
	sd	x15, 15*8(sp)
	sd	x16, 16*8(sp)
	sd	x17, 17*8(sp)
	sd	x18, 18*8(sp)
	sd	x19, 19*8(sp)
	sd	x20, 20*8(sp)
	sd	x21, 21*8(sp)
	sd	x22, 22*8(sp)
	sd	x23, 23*8(sp)
	sd	x24, 24*8(sp)
	sd	x25, 25*8(sp)
	sd	x26, 26*8(sp)
	sd	x27, 27*8(sp)
	sd	x28, 28*8(sp)
	sd	x29, 29*8(sp)
	sd	x30, 30*8(sp)
	sd	x31, 31*8(sp)
	/* The interrupted sp: in mscratch when we came from below, else just
	 * above the frame. mscratch = 0 from here on: we run in M-mode. */
	csrrw	t0, mscratch, zero
	bnez	t0, 2f
	addi	t0, sp, FRAME_BYTES
2:	sd	t0, 2*8(sp)
	csrr	t0, mepc
	sd	t0, BM_FRAME_MEPC*8(sp)
	csrr	t0, mstatus
	sd	t0, BM_FRAME_MSTATUS*8(sp)
	csrr	t0, mcause
	sd	t0, BM_FRAME_MCAUSE*8(sp)
	csrr	t0, mtval
	sd	t0, BM_FRAME_MTVAL*8(sp)

	/* A lower mode may have changed gp and tp; the C code needs its own. */
	.option	push
	.option	norelax
	la	gp, __global_pointer$
	.option	pop
	la	tp, __tls_base

	mv	a0, sp
	call	bm_trap_dispatch

	ld	t0, BM_FRAME_MEPC*8(sp)
	csrw	mepc, t0
	ld	t0, BM_FRAME_MSTATUS*8(sp)
	csrw	mstatus, t0
	/* Returning below M-mode: the next trap must find the trap stack. */
	li	t1, MSTATUS_MPP
	and	t0, t0, t1
	beq	t0, t1, 3f
	la	t0, bm_trap_stack_top
	csrw	mscratch, t0
3:
	ld	x1, 1*8(sp)
	ld	x3, 3*8(sp)
	ld	x4, 4*8(sp)
	ld	x5, 5*8(sp)
	ld	x6, 6*8(sp)
	ld	x7, 7*8(sp)
	ld	x8, 8*8(sp)
	ld	x9, 9*8(sp)
	ld	x10, 10*8(sp)
	ld	x11, 11*8(sp)
	ld	x12, 12*8(sp)
	ld	x13, 13*8(sp)
	ld	x14, 14*8(sp)
	ld	x15, 15*8(sp)
	ld	x16, 16*8(sp)
	ld	x17, 17*8(sp)
	ld	x18, 18*8(sp)
	ld	x19, 19*8(sp)
	ld	x20, 20*8(sp)
	ld	x21, 21*8(sp)
	ld	x22, 22*8(sp)
	ld	x23, 23*8(sp)
	ld	x24, 24*8(sp)
	ld	x25, 25*8(sp)
	ld	x26, 26*8(sp)
	ld	x27, 27*8(sp)
	ld	x28, 28*8(sp)
	ld	x29, 29*8(sp)
	ld	x30, 30*8(sp)
	ld	x31, 31*8(sp)
	ld	sp, 2*8(sp)
	mret

	.text
	.globl	bm_enter_mode
/* void bm_enter_mode(unsigned long mode, void (*fn)(void), void *stack_top) */
bm_enter_mode:
	/* Without a matching PMP entry, S and U mode may access nothing. */
	li	t0, -1
	csrw	pmpaddr0, t0
	li	t0, PMP_NAPOT | PMP_R | PMP_W | PMP_X
	csrw	pmpcfg0, t0

	csrw	mepc, a1
	li	t0, MSTATUS_MPP
	csrc	mstatus, t0
	slli	a0, a0, MSTATUS_MPP_SHIFT
	csrs	mstatus, a0
	la	t0, bm_trap_stack_top
	csrw	mscratch, t0
	mv	sp, a2
	/* fn must not return: a return jumps to 0 and faults. */
	li	ra, 0
	mret

	.bss
	.balign	16
bm_trap_stack:
	.space	TRAP_STACK_BYTES
bm_trap_stack_top:
