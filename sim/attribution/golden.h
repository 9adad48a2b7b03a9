/* The golden reference: every cycle of a run attributed with TEA's rules
 * (docs/tea.md), exactly. A Compute cycle gives each of its n committing
 * instructions LCM(1..W)/n weight units; a Stalled or Drained cycle gives
 * LCM units to the next instruction to leave the ROB (once it has, so its
 * PSV is complete); a Flushed cycle gives them to the last one that left.
 * The signature of an instruction is its PSV.
 *
 * It also counts how long the stalls are (Stalled or Drained cycles in a
 * row, ended by the instruction they go to), split by whether that
 * instruction carries an event: the stalls TEA explains by no event
 * should be short ones (docs/results.md). */
#ifndef TEA_SIM_GOLDEN_H
#define TEA_SIM_GOLDEN_H

#include <stdbool.h>
#include <stdint.h>

#include "pics.h"
#include "attribution/tea_cycle.h"

/* Stall lengths counted one by one; longer ones share the last bucket. */
#define TEA_STALL_HIST 1024

struct tea_golden {
	struct pics_profile *profile;
	uint64_t unit;			/* weight units per cycle */
	uint64_t cycles;		/* cycles seen */
	uint64_t state_cycles[PICS_NUM_STATES];
	uint64_t pending;		/* cycles waiting for the next to leave */
	uint64_t last_pc, last_psv;
	bool flushed;
	/* [0]: stalls ended by an instruction with no event, [1]: with one */
	uint64_t stalls[2][TEA_STALL_HIST];
};

/* The profile gets header @m (scheme "golden", period 1). 0, or -1 with
 * @err set. */
int tea_golden_init(struct tea_golden *g, const struct pics_meta *m, struct pics_error *err);
void tea_golden_free(struct tea_golden *g);
int tea_golden_cycle(struct tea_golden *g, const struct tea_cycle *c, struct pics_error *err);
/* Cycles still waiting for an instruction when the run ended: they are
 * not in the profile. */
uint64_t tea_golden_unattributed(const struct tea_golden *g);

/* Writes the stall-length histogram: a comment line, then one line per
 * length that occurred, "LENGTH NO_EVENT_STALLS EVENT_STALLS" (the last
 * bucket, TEA_STALL_HIST - 1, also holds the longer stalls). */
int tea_golden_write_stalls(const struct tea_golden *g, const char *path, struct pics_error *err);

#endif
