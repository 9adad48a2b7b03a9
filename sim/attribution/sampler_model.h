/* A software model of the RTL sampler (rtl/tea/tea_sampler.sv), written
 * from docs/tea-csr.md: fed the same commit-stage view every cycle, it must
 * hold the same sample registers as the RTL in every cycle. teasim checks
 * that, and so does the sampler's unit bench. */
#ifndef TEA_SIM_SAMPLER_MODEL_H
#define TEA_SIM_SAMPLER_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "attribution/tea_cycle.h"

/* The words of a line the buffer writer assembles: a memory line. */
#define TEA_LINE_WORDS 8

struct tea_sampler_model {
	unsigned width;
	/* registers, named as in the RTL */
	uint32_t ctl, period, countdown;
	uint16_t lfsr;
	uint64_t cycle, lost, filtered, time;
	bool valid, wait, flushed;
	unsigned state, mask, priv;
	uint32_t seq, sample_seq;	/* sample cycles so far; the sample's number */
	uint64_t pc[TEA_MAX_WIDTH], psv[TEA_MAX_WIDTH];
	unsigned dmask;			/* slots with a data address ... */
	uint64_t daddr[TEA_MAX_WIDTH];	/* ... this one */
	uint64_t last_pc, last_psv, last_daddr;
	bool last_daccess;
	unsigned last_priv;
	bool sampled;		/* the last cycle was a sample cycle */
	/* the sample buffer: its CSRs and interrupt */
	uint64_t base, limit, ptr, wmark;
	bool buf_irq, full;
	/* the buffer writer: it owns the sample (wr_busy) and writes its
	 * record word wr_idx to wr_addr next; a line of them waits to go to
	 * memory (wr_req), has gone and waits for its end (wr_sent) */
	bool wr_busy, wr_req, wr_sent, wr_err;
	unsigned wr_idx;
	uint64_t wr_addr, wr_line;	/* wr_line: the waiting line's address / 64 */
	uint64_t line[TEA_LINE_WORDS];
	unsigned line_mask;		/* the words of line to write */
};

/* The state after reset for commit width @width (1..TEA_MAX_WIDTH). */
void tea_sampler_model_reset(struct tea_sampler_model *m, unsigned width);
/* Advances one clock cycle; true when a sample became valid in it. */
bool tea_sampler_model_cycle(struct tea_sampler_model *m, const struct tea_cycle *c);

/* teastat as software reads it; and the interrupt line. */
uint64_t tea_sampler_model_stat(const struct tea_sampler_model *m);
bool tea_sampler_model_irq(const struct tea_sampler_model *m);
/* The line write the buffer writer offers memory, if any: the line's
 * address and the mask of its words to write. */
bool tea_sampler_model_line(const struct tea_sampler_model *m, uint64_t *addr, unsigned *mask);

/* The sample registers as the RTL exposes them. */
struct tea_sample_regs {
	bool valid;
	uint64_t time;
	unsigned state, mask, priv;
	uint32_t seq;
	uint64_t pc[TEA_MAX_WIDTH], psv[TEA_MAX_WIDTH];
	unsigned dmask;
	uint64_t daddr[TEA_MAX_WIDTH];
	uint64_t lost, filtered;
	/* the sample buffer */
	uint64_t buf_ptr;
	bool buf_irq, buf_full;
	bool buf_req;			/* a line write is offered to memory */
	uint64_t buf_addr;		/* ... at this address (a multiple of 64) */
	unsigned buf_mask;		/* ... of these words */
	uint64_t buf_line[TEA_LINE_WORDS];
};

void tea_sampler_model_regs(const struct tea_sampler_model *m, struct tea_sample_regs *r);
/* Compares two register sets; on a difference writes one line describing
 * it (both values) to @msg and returns false. */
bool tea_sample_regs_equal(const struct tea_sample_regs *rtl, const struct tea_sample_regs *model,
			   unsigned width, char *msg, size_t len);

#endif
