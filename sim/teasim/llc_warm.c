/* Functional warming of the LLC (teasim --sample-every): while the ISS
 * runs, a model of the LLC's shape keeps, set by set, the lines the hart
 * touched last (least recently used out), from every fetch, load, store
 * and page-table read; when a window's core has taken the state over, the
 * lines go into its LLC directly, clean, with the DRAM model's data
 * (rtl_soc.h, llc_fill). The RTL's LLC then starts the window as it would
 * after the run so far, give or take its replacement order and the lines
 * the L1s kept from it, where a cold one would take a miss to DRAM for
 * every line. The L1s, TLBs and predictors are warmed by --warmup. */
#include <stdlib.h>

#include "rtl/rtl_soc.h"
#include "teasim/teasim.h"

/* DRAM only: that is what the LLC caches (soc.h's SOC_DRAM_BASE). */
static bool in_dram(uint64_t pa)
{
	return pa >= SOC_DRAM_BASE;
}

struct llc_warm *llc_warm_create(unsigned sets, unsigned ways)
{
	struct llc_warm *w = calloc(1, sizeof(*w));

	if (!w || !sets || (sets & (sets - 1)) || !ways)
		goto fail;
	w->sets = sets;
	w->ways = ways;
	w->line = calloc((size_t)sets * ways, sizeof(*w->line));
	w->used = calloc((size_t)sets * ways, sizeof(*w->used));
	if (!w->line || !w->used)
		goto fail;
	w->last = UINT64_MAX;
	return w;
fail:
	llc_warm_destroy(w);
	return NULL;
}

void llc_warm_destroy(struct llc_warm *w)
{
	if (!w)
		return;
	free(w->line);
	free(w->used);
	free(w);
}

/* The hart's access hook: the line becomes its set's most recently used.
 * Lines are kept as line address + 1, so that 0 is an empty way. */
void llc_warm_access(void *ctx, uint64_t pa)
{
	struct llc_warm *w = ctx;
	uint64_t line = pa >> 6, *ways;
	uint64_t *used;
	unsigned victim = 0;

	if (line == w->last || !in_dram(pa))
		return;
	w->last = line;
	ways = &w->line[(line & (w->sets - 1)) * w->ways];
	used = &w->used[(line & (w->sets - 1)) * w->ways];
	w->clock++;
	for (unsigned i = 0; i < w->ways; i++) {
		if (ways[i] == line + 1) {
			used[i] = w->clock;
			return;
		}
		if (used[i] < used[victim])
			victim = i;
	}
	ways[victim] = line + 1;
	used[victim] = w->clock;
}

unsigned llc_warm_fill(const struct llc_warm *w, const struct rtl_backend *b, struct rtl_soc *s)
{
	unsigned filled = 0;

	for (size_t i = 0; i < (size_t)w->sets * w->ways; i++)
		if (w->line[i] && b->llc_fill(s, (w->line[i] - 1) << 6))
			filled++;
	return filled;
}
