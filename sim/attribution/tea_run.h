/* TEA on an RTL run of teasim: everything the simulator does with the
 * commit stage's trace port each cycle.
 * - It checks the RTL sampler against its model (sampler_model.h) in every
 *   cycle, whoever programs the sampler.
 * - With a sample file requested, it programs the sampler itself through
 *   the core's debug CSR port (non-intrusive: the program neither sees
 *   nor pays for it), takes every sample as it becomes valid, frees it in
 *   the next cycle, and writes the samples with libpics.
 * - With a golden profile requested, it attributes every cycle
 *   (golden.h) and writes the profile at the end; with the stage view,
 *   also at dispatch and issue and the FLOPS view (stages.h).
 * - With a period sweep requested, more samplers sample the same run at
 *   other periods: copies of the model, each programmed through a debug
 *   port of its own with the same timing as the RTL's, each with its
 *   baselines. The model equals the RTL in every cycle, so these are the
 *   samples the hardware would have taken at those periods. */
#ifndef TEA_SIM_TEA_RUN_H
#define TEA_SIM_TEA_RUN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "attribution/sampler_model.h"
#include "attribution/tea_cycle.h"

struct tea_run_options {
	unsigned width;			/* commit width of the core */
	const char *binary;		/* the profiled ELF, for the file headers */
	const char *samples_path;	/* NULL: no trace-port sampling */
	uint32_t period;		/* cycles between samples */
	unsigned jitter_bits;		/* 0..16 */
	const char *golden_path;	/* NULL: no golden reference */
	/* NULL: no baselines; else PREFIX.{nci,ibs,spe,ris}.tea, sampling in
	 * the cycles the TEA sampler samples */
	const char *baselines_prefix;
	/* also sample at these periods, writing PREFIX.pN.{tea,nci,ibs,spe,ris}.tea
	 * with PREFIX = baselines_prefix (which it needs) */
	const uint32_t *sweep_periods;
	unsigned sweep_count;
	const char *stalls_path;	/* NULL, or the golden's stall lengths */
	/* with the golden reference, also its dispatch, issue and FLOPS views
	 * (stages.h), beside it (pics_stage_path) */
	bool stages;
	/* count nothing until tea_run_start() (a restore, a warm-up): the
	 * model is checked from the first cycle all the same */
	bool start_later;
};

#define TEA_RUN_MAX_SWEEP 16

/* A CSR write the simulator makes through the debug port in a cycle. */
struct tea_debug_write {
	bool valid;
	unsigned addr;
	uint64_t data;
};

struct tea_run;

/* NULL with a one-line reason in @msg. */
struct tea_run *tea_run_create(const struct tea_run_options *o, char *msg, size_t len);
void tea_run_destroy(struct tea_run *r);

/* The debug-port write to drive in the coming cycle (the core performs
 * it in the cycle after, and shows it in that cycle's csr fields). */
void tea_run_debug_write(const struct tea_run *r, struct tea_debug_write *w);
/* From the coming cycle on, sample and attribute the cycles. */
void tea_run_start(struct tea_run *r);
/* The next cycles are a new core's, from its reset (teasim --sample-every:
 * a window): the sampler models start over, counting waits for
 * tea_run_start(); the files go on. */
void tea_run_new_core(struct tea_run *r);
/* One cycle: @c is what the commit stage did (its csr fields include the
 * debug write), @rtl the sampler registers at the end of the cycle (NULL:
 * a cycle another process checked, teasim -j's windows). -1 with a
 * one-line reason in @msg when the RTL and the model disagree or a file
 * cannot be written. */
int tea_run_cycle(struct tea_run *r, const struct tea_cycle *c,
		  const struct tea_sample_regs *rtl, char *msg, size_t len);
/* From now on, drive the sampler and check it, and take nothing: no
 * sample, golden or baseline is recorded, no file written (a copy in a
 * window's own process, whose cycles the parent replays). */
void tea_run_check_only(struct tea_run *r);
/* Writes the files. */
int tea_run_finish(struct tea_run *r, char *msg, size_t len);

/* What happened, for teasim -v. */
struct tea_run_stats {
	uint64_t cycles;
	uint64_t samples;		/* taken through the debug port */
	uint64_t lost;
	uint64_t model_samples;		/* samples the model saw become valid */
	uint64_t golden_unattributed;
	uint64_t baseline_samples[4];	/* NCI, IBS, SPE, RIS */
};
void tea_run_stats(const struct tea_run *r, struct tea_run_stats *s);

#endif
