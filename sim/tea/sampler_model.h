/* A software model of the RTL sampler (rtl/tea/tea_sampler.sv), written
 * from docs/tea-csr.md: fed the same commit-stage view every cycle, it must
 * hold the same sample registers as the RTL in every cycle. teasim checks
 * that, and so does the sampler's unit bench. */
#ifndef TEA_SIM_SAMPLER_MODEL_H
#define TEA_SIM_SAMPLER_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tea/tea_cycle.h"

struct tea_sampler_model {
	unsigned width;
	/* registers, named as in the RTL */
	uint32_t ctl, period, countdown;
	uint16_t lfsr;
	uint64_t cycle, lost, filtered, time;
	bool valid, wait, flushed;
	unsigned state, mask, priv;
	uint64_t pc[TEA_MAX_WIDTH], psv[TEA_MAX_WIDTH];
	uint64_t last_pc, last_psv;
	unsigned last_priv;
	bool sampled;		/* the last cycle was a sample cycle */
};

/* The state after reset for commit width @width (1..TEA_MAX_WIDTH). */
void tea_sampler_model_reset(struct tea_sampler_model *m, unsigned width);
/* Advances one clock cycle; true when a sample became valid in it. */
bool tea_sampler_model_cycle(struct tea_sampler_model *m, const struct tea_cycle *c);

/* The sample registers as the RTL exposes them. */
struct tea_sample_regs {
	bool valid;
	uint64_t time;
	unsigned state, mask, priv;
	uint64_t pc[TEA_MAX_WIDTH], psv[TEA_MAX_WIDTH];
	uint64_t lost, filtered;
};

void tea_sampler_model_regs(const struct tea_sampler_model *m, struct tea_sample_regs *r);
/* Compares two register sets; on a difference writes one line describing
 * it (both values) to @msg and returns false. */
bool tea_sample_regs_equal(const struct tea_sample_regs *rtl, const struct tea_sample_regs *model,
			   unsigned width, char *msg, size_t len);

#endif
