#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "attribution/golden.h"

int tea_golden_init(struct tea_golden *g, const struct pics_meta *m, struct pics_error *err)
{
	memset(g, 0, sizeof(*g));
	g->profile = pics_profile_new(m, err);
	if (!g->profile)
		return -1;
	g->unit = pics_weight_unit(m->commit_width);
	return 0;
}

void tea_golden_free(struct tea_golden *g)
{
	pics_profile_free(g->profile);
	g->profile = NULL;
}

int tea_golden_cycle(struct tea_golden *g, const struct tea_cycle *c, struct pics_error *err)
{
	unsigned n = tea_cycle_committing(c);
	enum pics_commit_state state;

	g->cycles++;
	if (n) {
		state = PICS_COMPUTE;
		for (unsigned i = 0; i < n; i++)
			if (pics_profile_add(g->profile, c->pc[i], c->psv[i], g->unit / n, err))
				return -1;
	} else if (!c->rob_empty) {
		state = PICS_STALLED;
		g->pending++;
	} else if (g->flushed) {
		state = PICS_FLUSHED;
		if (pics_profile_add(g->profile, g->last_pc, g->last_psv, g->unit, err))
			return -1;
	} else {
		state = PICS_DRAINED;
		g->pending++;
	}
	g->state_cycles[state]++;

	if (c->retire & 1) {
		unsigned last = tea_cycle_last_lane(c);

		if (g->pending) {
			if (pics_profile_add(g->profile, c->pc[0], c->psv[0], g->pending * g->unit, err))
				return -1;
			g->stalls[c->psv[0] != 0][g->pending < TEA_STALL_HIST ?
						  g->pending : TEA_STALL_HIST - 1]++;
		}
		g->pending = 0;
		g->last_pc = c->pc[last];
		g->last_psv = c->psv[last];
	}
	if (c->flush)
		g->flushed = true;
	else if (!c->rob_empty)
		g->flushed = false;
	return 0;
}

uint64_t tea_golden_unattributed(const struct tea_golden *g)
{
	return g->pending;
}

int tea_golden_write_stalls(const struct tea_golden *g, const char *path, struct pics_error *err)
{
	FILE *f = fopen(path, "w");

	if (!f) {
		err->code = PICS_ERR_IO;
		snprintf(err->msg, sizeof(err->msg), "%s: %s", path, strerror(errno));
		return -1;
	}
	fprintf(f, "# stall length (cycles), stalls ended by an instruction with no event, with an event; "
		"the last line also counts the longer ones\n");
	for (unsigned n = 1; n < TEA_STALL_HIST; n++)
		if (g->stalls[0][n] || g->stalls[1][n])
			fprintf(f, "%u %llu %llu\n", n, (unsigned long long)g->stalls[0][n],
				(unsigned long long)g->stalls[1][n]);
	if (ferror(f) | fclose(f)) {
		err->code = PICS_ERR_IO;
		snprintf(err->msg, sizeof(err->msg), "%s: write failed", path);
		return -1;
	}
	return 0;
}
