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
	struct llc_warm *w;

	if (!sets || (sets & (sets - 1)) || !ways)
		return NULL;
	w = calloc(1, sizeof(*w));
	if (w)
		w->way = calloc((size_t)sets * ways, sizeof(*w->way));
	if (!w || !w->way) {
		free(w);
		return NULL;
	}
	w->sets = sets;
	w->ways = ways;
	w->last = UINT64_MAX;
	return w;
}

void llc_warm_destroy(struct llc_warm *w)
{
	if (w)
		free(w->way);
	free(w);
}

/* The hart's access hook: the line becomes its set's most recently used. */
void llc_warm_access(void *ctx, uint64_t pa)
{
	struct llc_warm *w = ctx;
	uint64_t line = pa >> 6;
	struct llc_warm_way *set, *victim;

	if (line == w->last || !in_dram(pa))
		return;
	w->last = line;
	set = &w->way[(line & (w->sets - 1)) * w->ways];
	victim = set;
	w->clock++;
	for (unsigned i = 0; i < w->ways; i++) {
		if (set[i].line == line + 1) {
			set[i].used = w->clock;
			return;
		}
		if (set[i].used < victim->used)
			victim = &set[i];
	}
	*victim = (struct llc_warm_way){ line + 1, w->clock };
}

unsigned llc_warm_fill(const struct llc_warm *w, const struct rtl_backend *b, struct rtl_soc *s)
{
	unsigned filled = 0;

	for (size_t i = 0; i < (size_t)w->sets * w->ways; i++)
		if (w->way[i].line && b->llc_fill(s, (w->way[i].line - 1) << 6))
			filled++;
	return filled;
}
