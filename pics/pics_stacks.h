/* Cycle stacks rolled up from instructions to functions, source lines or
 * the whole program. */
#ifndef PICS_STACKS_H
#define PICS_STACKS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "pics_error.h"
#include "pics_profile.h"
#include "pics_symbols.h"

enum pics_unit_kind {
	PICS_UNIT_INSN,		/* one static instruction */
	PICS_UNIT_FUNC,		/* a function (by address when unresolved) */
	PICS_UNIT_LINE,		/* a source line (by address when unresolved) */
	PICS_UNIT_PROGRAM,	/* everything */
};

struct pics_component {
	uint64_t signature;
	uint64_t weight;
};

struct pics_unit {
	/* An address that identifies the unit: the instruction, the
	 * function's start, the lowest address of the source line, or the
	 * instruction when symbols do not resolve it; 0 for the program. */
	uint64_t key;
	bool resolved;		/* the symbols named it */
	const char *name;	/* "0x80000010", "main", "loop.c:12", "program" */
	uint64_t total;		/* weight units */
	size_t n_components;
	const struct pics_component *components; /* heaviest first */
};

/* Sorts @n components heaviest first (of equal weight, the lower
 * signature first), as a unit holds them. */
void pics_components_sort(struct pics_component *c, size_t n);

struct pics_stacks;

/* Rolls @p up to units of @kind; @syms may be NULL (addresses only). */
struct pics_stacks *pics_stacks_build(const struct pics_profile *p,
				      enum pics_unit_kind kind,
				      const struct pics_symbols *syms,
				      struct pics_error *err);
void pics_stacks_free(struct pics_stacks *st);
/* Units, heaviest first. */
size_t pics_stacks_count(const struct pics_stacks *st);
const struct pics_unit *pics_stacks_unit(const struct pics_stacks *st,
					 size_t i);
uint64_t pics_stacks_total(const struct pics_stacks *st);

#endif
