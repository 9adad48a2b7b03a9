/* The stage view: every cycle of a run attributed at dispatch and at issue
 * as the golden reference (golden.h) attributes it at commit, after the
 * multi-stage cycle stacks of Eyerman et al. (ISPASS 2018), per static
 * instruction (docs/teaperf.md); and the FLOPS view, after the FLOPS
 * stacks of the same paper: what each cycle's FMA issue slot went to.
 *
 * At each stage, a cycle in which k instructions pass the stage gives
 * each 1/k of it with no reason (Base). A cycle in which none passes goes
 * to one instruction with the reason it waits:
 * - dispatch: the next instruction to dispatch, with what held dispatch
 *   back (the trace port's code: fetch buffer empty, ROB, issue queue,
 *   LQ, SQ or free list full, a serialized instruction, a flush), except
 *   the cycles dispatch waits for a resolved mispredicted branch to
 *   commit, which go to that branch as Redirect;
 * - issue: the oldest instruction in the issue queues, whose sources are
 *   not ready or whose port is busy; with the queues empty, the next
 *   instruction to enter them;
 * - flops: the FMA unit's issue slot is worth 2 flops a cycle, the core's
 *   peak. An FMADD-family op issued to it gets the slot as Base (useful
 *   flops); an add, subtract or multiply half as Base and half as Non-FMA.
 *   A slot nothing took goes to the oldest FMA-unit op in the FP queue,
 *   which waits for a load's result (Mem-dep), a divide's or square
 *   root's (Div-dep) or another instruction's (FP-dep), or is ready
 *   (Port-busy); with none there, to the oldest FP queue entry (Non-flop:
 *   divides, square roots, conversions); with the FP queue empty, to the
 *   next instruction to enter it, with Int-work if dispatch passed other
 *   instructions, else dispatch's reason. That wait outlives flushes: a
 *   flush's own cycles last until dispatch resumes, and what a squashed
 *   instruction was given of the wait goes back to it; a run that ends
 *   in it gives it to the last instruction to leave.
 * An instruction's share reaches the profile under its pc when it leaves
 * the ROB. What a flush throws away (the squashed instructions' shares,
 * what waited for the next instruction) and the cycles until the first
 * instruction passes after it go to the instruction that left last before
 * the flush, with reason Flush, as the commit stage's Flushed state does
 * (Redirect cycles keep their reason).
 *
 * The issue queues are followed by position: the trace port names the
 * entries that leave each queue this cycle, and the lanes that enter it.
 * A trace that does not fit this model (an entry leaving a queue that
 * holds fewer) is an error, not a silently wrong profile. */
#ifndef TEA_SIM_STAGES_H
#define TEA_SIM_STAGES_H

#include <stdbool.h>
#include <stdint.h>

#include "pics.h"
#include "attribution/tea_cycle.h"

/* Why nothing dispatched: the codes of rtl/include/stage_trace.svh. */
enum tea_disp_stall {
	TEA_DISP_DISPATCHED,
	TEA_DISP_FE_EMPTY,
	TEA_DISP_FLUSH,
	TEA_DISP_REDIRECT,	/* a mispredicted branch waits to commit */
	TEA_DISP_SERIAL,
	TEA_DISP_ROB_FULL,
	TEA_DISP_IQ_FULL,
	TEA_DISP_LQ_FULL,
	TEA_DISP_SQ_FULL,
	TEA_DISP_REGS_FULL,
	TEA_DISP_HALTED,
	TEA_DISP_NUM
};

/* Why nothing issued. */
enum tea_issue_stall {
	TEA_ISSUE_ISSUED,
	TEA_ISSUE_NOT_READY,	/* the oldest entry waits for a source */
	TEA_ISSUE_PORT_BUSY,	/* its sources are ready, its port is not */
	TEA_ISSUE_EMPTY,	/* the queues are empty */
	TEA_ISSUE_FLUSH,
	TEA_ISSUE_NUM
};

/* What a cycle's FMA issue slot went to. */
enum tea_flops_reason {
	TEA_FLOPS_USEFUL,	/* flops done */
	TEA_FLOPS_NON_FMA,	/* the unused half of an add, subtract or multiply */
	TEA_FLOPS_MEM_DEP,	/* the oldest FMA-unit op waits for a load's result */
	TEA_FLOPS_DIV_DEP,	/* for a divide's or square root's */
	TEA_FLOPS_FP_DEP,	/* for another instruction's */
	TEA_FLOPS_PORT_BUSY,	/* it is ready, the unit took nothing */
	TEA_FLOPS_NON_FLOP,	/* the FP queue holds no FMA-unit op */
	TEA_FLOPS_INT_WORK,	/* the FP queue is empty, dispatch passed other instructions */
	TEA_FLOPS_DISP,		/* + (enum tea_disp_stall - 1): it is empty, dispatch stalled */
	TEA_FLOPS_NUM = TEA_FLOPS_DISP + TEA_DISP_NUM - 1
};

enum tea_stage_id { TEA_STAGE_DISPATCH, TEA_STAGE_ISSUE, TEA_STAGE_FLOPS, TEA_NUM_STAGES };

#define TEA_STAGE_REASONS TEA_FLOPS_NUM	/* the most reasons a stage has, Base included */
#define TEA_STAGE_IQS 3			/* integer, memory, FP */
#define TEA_STAGE_IQ_FP 2
#define TEA_STAGE_IQ_MAX 64		/* entries a queue may have */
#define TEA_STAGE_INFLIGHT 1024		/* instructions the ROB may hold, a power of 2 */

/* What one in-flight instruction has been given at each stage, by reason. */
struct tea_stage_share {
	uint64_t w[TEA_NUM_STAGES][TEA_STAGE_REASONS];
	unsigned flops;			/* on the FMA unit, as tea_cycle.fp_flops */
};

struct tea_stage {
	struct pics_profile *profile;
	unsigned reasons;		/* Base included */
	unsigned flush_reason;
	unsigned kept_reason;		/* pending cycles a flush leaves their reason (0: none) */
	/* (0: none) from this reason up, the reasons only a wait for the next
	 * instruction to pass gives: a flush leaves those cycles pending, and
	 * takes them back from the squashed instructions */
	unsigned waits_from;
	uint64_t pending[TEA_STAGE_REASONS];	/* cycles for the next to pass */
	bool flushed;			/* nothing passed since the last flush */
};

struct tea_stages {
	struct tea_stage stage[TEA_NUM_STAGES];
	uint64_t unit;			/* weight units per cycle */
	uint64_t cycles;
	/* the instructions in the ROB, oldest first: sequence numbers
	 * [head_seq, head_seq + count), share of seq s at ring[s % TEA_STAGE_INFLIGHT] */
	struct tea_stage_share *ring;
	unsigned count;
	uint64_t head_seq;
	/* each issue queue's entries, oldest first, as sequence numbers */
	uint64_t iq[TEA_STAGE_IQS][TEA_STAGE_IQ_MAX];
	unsigned iq_count[TEA_STAGE_IQS];
	bool have_last;
	uint64_t last_pc;		/* the last instruction that left the ROB */
};

/* The profiles get the header of @golden with the scheme and events of
 * their view. 0, or -1 with @err. */
int tea_stages_init(struct tea_stages *s, const struct pics_meta *golden, struct pics_error *err);
void tea_stages_free(struct tea_stages *s);
int tea_stages_cycle(struct tea_stages *s, const struct tea_cycle *c, struct pics_error *err);
/* Writes each view's profile to the path pics_stage_path() gives for
 * @golden_path. */
int tea_stages_write(struct tea_stages *s, const char *golden_path, struct pics_error *err);

#endif
