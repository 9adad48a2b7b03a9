/* What the commit stage did in one cycle, as the core's trace port shows
 * it: the input of the TEA sampler, of its software model and of the golden
 * reference. */
#ifndef TEA_SIM_TEA_CYCLE_H
#define TEA_SIM_TEA_CYCLE_H

#include <stdbool.h>
#include <stdint.h>

#include "tea/sample_format.h"

struct tea_cycle {
	bool rob_empty;		/* the ROB held nothing at the start of the cycle */
	unsigned retire;	/* mask of the lanes leaving the ROB head, a prefix */
	bool retire_trap;	/* lane 0 leaves without committing (trap, replay) */
	bool flush;		/* the back end is flushed at the end of the cycle */
	unsigned priv;		/* the privilege the leaving instructions ran in */
	uint64_t pc[TEA_MAX_WIDTH];
	uint64_t psv[TEA_MAX_WIDTH];
	unsigned daccess;	/* lanes whose instruction accessed memory, at ... */
	uint64_t daddr[TEA_MAX_WIDTH];	/* ... these (virtual) addresses */
	/* where instructions are, for the baseline samplers that tag them
	 * at fetch or dispatch and follow them */
	unsigned fetched;	/* entering the fetch buffer */
	unsigned dispatched;	/* leaving the fetch buffer for the ROB */
	bool fetch_flush;	/* the fetch buffer is emptied at the end of the cycle */
	/* for the stage view (stages.h) */
	unsigned disp_stall;	/* why nothing dispatched: enum tea_disp_stall */
	unsigned iq_enter[3];	/* lanes entering the integer, memory, FP issue queue */
	uint64_t iq_taken[3];	/* entries leaving each, by position */
	unsigned iq_ready;	/* bit q: queue q's oldest entry has its sources */
	/* for the FLOPS view: bits 2i+1..2i, the flops lane i entering the FP
	 * queue does on the FMA unit (2: the FMADD family, 1: add, subtract,
	 * multiply, 0: other); the FP queue's entries whose sources are ready,
	 * those that wait for a source a load writes, and a divide or square
	 * root */
	unsigned fp_flops;
	uint64_t fp_ready;
	uint64_t fp_wait_load;
	uint64_t fp_wait_div;
	/* a write to a TEA CSR that commits in this cycle */
	bool csr_we;
	unsigned csr_addr;
	uint64_t csr_wdata;
	/* memory's answer to the sample buffer's line write: it takes the
	 * offered line in this cycle (ack), or ends the one it took (done;
	 * error: the address is outside memory and nothing was written) */
	bool buf_ack, buf_done, buf_error;
};

/* Instructions committing in @c (0 when the head traps or is replayed). */
unsigned tea_cycle_committing(const struct tea_cycle *c);
/* The last lane that leaves the ROB in @c; @c->retire must not be 0. */
unsigned tea_cycle_last_lane(const struct tea_cycle *c);

#endif
