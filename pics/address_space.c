/* Address spaces of a Linux recording's profile (docs/formats.md): a
 * profile keys its entries by address alone, but the tasks of a recording
 * may hold different files at the same addresses (a command that forks
 * and execs another static program). The first file at an address keeps
 * it; each other file that overlaps one before it moves up by a multiple
 * of 2^48 of its own, above any user address and below the kernel's half,
 * its samples and its mapping alike, so that each keeps its own symbols.
 * Only user-space mappings move (those below 2^48): the kernel's are
 * every task's. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

#define SPACE_SHIFT 48
#define MAX_SPACES 127	/* (MAX_SPACES + 1) << SPACE_SHIFT is the kernel's half */

static bool overlap(const struct pics_mapping *a, const struct pics_mapping *b)
{
	return a->start < b->end && b->start < a->end;
}

static bool same_file_here(const struct pics_mapping *a, const struct pics_mapping *b)
{
	return a->start == b->start && a->pgoff == b->pgoff && !strcmp(a->path, b->path);
}

/* The offset of mapping @i, the mappings before it having theirs. */
static uint64_t place(const struct pics_spaces *sp, const struct pics_mapping *maps, size_t i)
{
	bool taken = false;

	if (maps[i].end > 1ull << SPACE_SHIFT)
		return 0;
	for (size_t j = 0; j < i; j++) {
		if (!overlap(&maps[i], &maps[j]))
			continue;
		if (same_file_here(&maps[i], &maps[j]))
			return sp->offset[j];
		taken = true;
	}
	if (!taken || sp->spaces == MAX_SPACES)
		return 0;
	return (uint64_t)(sp->spaces + 1) << SPACE_SHIFT;
}

int pics_spaces_update(struct pics_spaces *sp, const struct pics_mapping *maps, size_t n,
		       struct pics_error *err)
{
	if (n > sp->cap) {
		size_t cap = n > 2 * sp->cap ? n : 2 * sp->cap;
		uint64_t *grown = realloc(sp->offset, cap * sizeof(*grown));

		if (!grown)
			return pics_fail(err, PICS_ERR_NOMEM, "out of memory for address spaces");
		sp->offset = grown;
		sp->cap = cap;
	}
	for (size_t i = sp->n; i < n; i++) {
		sp->offset[i] = place(sp, maps, i);
		if (sp->offset[i] == (uint64_t)(sp->spaces + 1) << SPACE_SHIFT)
			sp->spaces++;
	}
	sp->n = n;
	return 0;
}

static void move(const struct pics_spaces *sp, const struct pics_mapping *maps,
		 const struct pics_sample *s, uint64_t *addr)
{
	const struct pics_mapping *m;

	m = pics_mapping_find_task(maps, sp->n, s->pid, s->cycle, *addr);
	if (m)
		*addr += sp->offset[m - maps];
}

void pics_spaces_move_sample(const struct pics_spaces *sp, const struct pics_mapping *maps,
			     struct pics_sample *s)
{
	/* (most recordings have no file over another: nothing moves) */
	if (!sp->spaces)
		return;
	for (unsigned i = 0; i < PICS_MAX_WIDTH; i++)
		if (s->valid >> i & 1)
			move(sp, maps, s, &s->addr[i]);
	/* its callers ran in the same task's address space */
	for (uint32_t i = 0; i < s->n_callers; i++)
		move(sp, maps, s, &s->callers[i]);
}

struct pics_mapping pics_spaces_move_mapping(const struct pics_spaces *sp,
					     const struct pics_mapping *maps, size_t i)
{
	struct pics_mapping m = maps[i];

	m.start += sp->offset[i];
	m.end += sp->offset[i];
	return m;
}

void pics_spaces_free(struct pics_spaces *sp)
{
	free(sp->offset);
	memset(sp, 0, sizeof(*sp));
}
