/* The colours that charts give signatures (plot's bar segments, flame's
 * boxes): Base in grey, the other signatures from the heaviest down each
 * in a colour of a fixed palette, and those the palette cannot hold
 * merged into one dark-grey "other" series. */
#ifndef TEAPERF_PALETTE_H
#define TEAPERF_PALETTE_H

#include "teaperf.h"

struct signature_sum {
	uint64_t signature;
	uint64_t weight;
	size_t series;		/* the chart series that draws it */
	char name[SIGNATURE_NAME_MAX];
};

struct palette {
	struct signature_sum *sigs;	/* Base first, then heaviest */
	size_t n_sigs, cap;
	/* The series: a colour and a name each, what palette_assign gave. */
	size_t n_series;
	const char **names, **colours;
	char other_name[64];
};

/* Adds @weight to @signature (of a file of @m), first seen or not; -1
 * when out of memory. */
int palette_add(struct palette *pal, const struct pics_meta *m,
		uint64_t signature, uint64_t weight);
/* Once all are added: orders the signatures and gives each its series. */
int palette_assign(struct palette *pal);
/* NULL for a signature never added. */
const struct signature_sum *palette_find(const struct palette *pal,
					 uint64_t signature);
/* The colour of @signature's series ("#rrggbb"). */
const char *palette_colour(const struct palette *pal, uint64_t signature);
void palette_free(struct palette *pal);

#endif
