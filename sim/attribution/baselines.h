/* The baseline samplers the TEA paper compares with, modeled from the
 * trace port and sampling in the same cycles as TEA (docs/tea.md):
 * - NCI: the next instruction to commit gets the sample (PEBS-like), with
 *   TEA's events: in a Compute cycle the first committing instruction, else
 *   the next one to leave the ROB (also after a flush).
 * - IBS and SPE: the instruction dispatched in the sample cycle (or the
 *   next one dispatched) is tagged and followed; it gets the sample when
 *   it leaves the ROB, with the events its scheme reports.
 * - RIS: the same, tagged when it enters the fetch buffer.
 * A tagged instruction squashed by a flush yields no sample, and a sample
 * cycle that finds the scheme's tag still busy is lost, as in hardware with
 * one tag register. Each scheme writes a sample file (pics). */
#ifndef TEA_SIM_BASELINES_H
#define TEA_SIM_BASELINES_H

#include <stdbool.h>
#include <stdint.h>

#include "pics.h"
#include "attribution/tea_cycle.h"

enum tea_baseline { TEA_NCI, TEA_IBS, TEA_SPE, TEA_RIS, TEA_NUM_BASELINES };

/* Where an instruction is being followed. */
enum tea_tag_where { TAG_NONE, TAG_ARMED, TAG_IN_FETCH_BUFFER, TAG_IN_ROB };

struct tea_tag {
	enum tea_tag_where where;
	uint64_t ahead;		/* entries in front of it in its queue */
	uint64_t cycle;		/* the sample cycle that tagged it */
};

struct tea_baselines {
	struct pics_meta meta[TEA_NUM_BASELINES];
	struct pics_sample_writer *out[TEA_NUM_BASELINES];
	struct tea_tag tag[TEA_NUM_BASELINES];
	uint64_t samples[TEA_NUM_BASELINES], squashed[TEA_NUM_BASELINES];
	uint64_t lost[TEA_NUM_BASELINES];
	uint64_t cycle;
	uint64_t fb_occupancy, rob_occupancy;	/* mirrors of the two queues */
};

const char *tea_baseline_name(enum tea_baseline b);

/* Opens PREFIX.nci.tea, PREFIX.ibs.tea, PREFIX.spe.tea, PREFIX.ris.tea. @m
 * gives width, period, binary and build id. */
int tea_baselines_open(struct tea_baselines *bl, const char *prefix,
		       const struct pics_meta *m, struct pics_error *err);
/* One cycle; @sample_cycle: the TEA sampler samples in it. */
int tea_baselines_cycle(struct tea_baselines *bl, const struct tea_cycle *c,
			bool sample_cycle, struct pics_error *err);
int tea_baselines_close(struct tea_baselines *bl, struct pics_error *err);
/* Frees what is open after a failure. */
void tea_baselines_abandon(struct tea_baselines *bl);

#endif
