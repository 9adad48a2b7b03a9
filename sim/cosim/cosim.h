/* Lockstep co-simulation: every commit of the design under test (the RTL
 * core) is checked against the reference ISS stepped to the same point.
 * Interrupts are taken by the reference exactly where the DUT took them;
 * values the ISS cannot know (cycle counters, time, mip, device registers)
 * are taken from the DUT. On a divergence the last commits of both sides
 * are kept for the report. See docs/cosim.md. */
#ifndef TEA_SIM_COSIM_H
#define TEA_SIM_COSIM_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "commit.h"
#include "iss/hart.h"

struct cosim;

/* ref is the reference hart, reset to the same state as the DUT. history
 * is how many commits of each side the report shows. */
struct cosim *cosim_create(struct hart *ref, unsigned history);
void cosim_destroy(struct cosim *cs);

/* Steps the reference once and compares with dut. Returns true when they
 * agree; false on the first divergence (and on every call after it). */
bool cosim_check(struct cosim *cs, const struct commit *dut);

uint64_t cosim_checked(const struct cosim *cs);
/* One line naming the first field that differed, or "" when none did. */
const char *cosim_mismatch(const struct cosim *cs);
/* The mismatch line and the last commits of both sides, oldest first. */
void cosim_report(const struct cosim *cs, FILE *out);

#endif
