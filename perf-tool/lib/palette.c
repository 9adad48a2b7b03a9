/* Colours of signatures in charts (palette.h). */
#include <stdlib.h>

#include "lib/palette.h"

/* Distinct, readable on white, and printable in grey scale by lightness. */
#define PALETTE_SIZE 12
static const char *const palette[PALETTE_SIZE] = {
	"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b",
	"#e377c2", "#17becf", "#bcbd22", "#393b79", "#ad494a", "#637939",
};
static const char base_colour[] = "#9e9e9e";
static const char other_colour[] = "#4d4d4d";

const struct signature_sum *palette_find(const struct palette *pal,
					 uint64_t signature)
{
	for (size_t i = 0; i < pal->n_sigs; i++)
		if (pal->sigs[i].signature == signature)
			return &pal->sigs[i];
	return NULL;
}

int palette_add(struct palette *pal, const struct pics_meta *m,
		uint64_t signature, uint64_t weight)
{
	struct signature_sum *s = (struct signature_sum *)palette_find(pal, signature);

	if (!s) {
		if (pal->n_sigs == pal->cap) {
			size_t cap = pal->cap ? 2 * pal->cap : 16;
			struct signature_sum *grown = realloc(pal->sigs, cap * sizeof(*grown));

			if (!grown)
				return -1;
			pal->sigs = grown;
			pal->cap = cap;
		}
		s = &pal->sigs[pal->n_sigs++];
		*s = (struct signature_sum){ .signature = signature };
		pics_signature_name(m, signature, s->name, sizeof(s->name));
	}
	s->weight += weight;
	return 0;
}

static int base_then_heaviest(const void *a, const void *b)
{
	const struct signature_sum *x = a, *y = b;

	/* Base first: it sits at the bottom of every bar. */
	if (!x->signature != !y->signature)
		return !x->signature ? -1 : 1;
	if (x->weight != y->weight)
		return x->weight > y->weight ? -1 : 1;
	return x->signature < y->signature ? -1 : 1;
}

/* Base in grey, the others in palette order, the rest as one series. */
int palette_assign(struct palette *pal)
{
	size_t colours = 0, named = 0;

	qsort(pal->sigs, pal->n_sigs, sizeof(*pal->sigs), base_then_heaviest);
	pal->names = calloc(pal->n_sigs + 1, sizeof(*pal->names));
	pal->colours = calloc(pal->n_sigs + 1, sizeof(*pal->colours));
	if (!pal->names || !pal->colours)
		return -1;
	for (size_t i = 0; i < pal->n_sigs; i++) {
		struct signature_sum *s = &pal->sigs[i];

		s->series = named;
		if (s->signature && colours == PALETTE_SIZE)
			continue;
		pal->names[named] = s->name;
		pal->colours[named++] = s->signature ? palette[colours++]
						     : base_colour;
	}
	pal->n_series = named;
	if (named < pal->n_sigs) {
		snprintf(pal->other_name, sizeof(pal->other_name),
			 "%zu other signatures", pal->n_sigs - named);
		pal->names[named] = pal->other_name;
		pal->colours[named] = other_colour;
		pal->n_series++;
	}
	return 0;
}

const char *palette_colour(const struct palette *pal, uint64_t signature)
{
	const struct signature_sum *s = palette_find(pal, signature);

	return s ? pal->colours[s->series] : other_colour;
}

void palette_free(struct palette *pal)
{
	free(pal->sigs);
	free(pal->names);
	free(pal->colours);
	*pal = (struct palette){ 0 };
}
