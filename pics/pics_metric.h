/* The error metric of the TEA paper (§4): how far a profile is from a
 * reference, unit by unit. */
#ifndef PICS_METRIC_H
#define PICS_METRIC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "pics_error.h"
#include "pics_profile.h"
#include "pics_stacks.h"
#include "pics_symbols.h"

struct pics_unit_error {
	uint64_t key;		/* as in struct pics_unit */
	bool resolved;
	const char *name;
	double test_share;	/* of the test profile's total */
	double ref_share;	/* of the reference's total */
	/* This unit's part of the overall error: sum over components of
	 * |C_ij - C^R_ij| / (2 T); the parts add up to the overall error. */
	double error;
};

struct pics_comparison;

/* Compares @test with @ref at granularity @kind: the reference is first
 * projected onto @test's events, both are normalized to the same total, and
 * E = (T - sum_ij min(C_ij, C^R_ij)) / T, computed in exact integers. */
struct pics_comparison *pics_compare(const struct pics_profile *test,
				     const struct pics_profile *ref,
				     enum pics_unit_kind kind,
				     const struct pics_symbols *syms,
				     struct pics_error *err);
void pics_comparison_free(struct pics_comparison *c);
double pics_comparison_error(const struct pics_comparison *c);
/* Units of either profile, largest error first. */
size_t pics_comparison_count(const struct pics_comparison *c);
const struct pics_unit_error *pics_comparison_unit(const struct pics_comparison *c,
						   size_t i);

#endif
