/* Call graphs: a recording's samples by the chain of calls each was taken
 * in (the callers of its call-chain record, docs/formats.md), the input of
 * a report of what each function and its callees cost (teaperf report
 * --children) and of flame graphs. */
#ifndef PICS_CALLGRAPH_H
#define PICS_CALLGRAPH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "pics_error.h"
#include "pics_profile.h"
#include "pics_samples.h"
#include "pics_stacks.h"
#include "pics_symbols.h"

struct pics_callgraph;

/* An empty call graph whose weights are those a profile of @m has
 * (pics_profile_new's unit). */
struct pics_callgraph *pics_callgraph_new(const struct pics_meta *m,
					  struct pics_error *err);
/* Adds @s (valid for the meta above) as pics_profile_add_sample does,
 * each valid slot's share under the chain of that instruction and the
 * sample's callers. */
int pics_callgraph_add_sample(struct pics_callgraph *cg,
			      const struct pics_sample *s,
			      struct pics_error *err);
/* NULL is an empty call graph. */
void pics_callgraph_free(struct pics_callgraph *cg);
/* Whether any sample added had a caller (NULL: false). */
bool pics_callgraph_has_callers(const struct pics_callgraph *cg);

/* pics_profile_load, and the call graph of a sample file's or perf.data's
 * samples in *@cg, at the addresses the profile has them at (moved as its
 * own, docs/formats.md "Address spaces"); NULL in *@cg for a profile
 * file, which holds no callers. */
struct pics_profile *pics_profile_load_callgraph(const char *path,
						 struct pics_callgraph **cg,
						 struct pics_error *err);

/* A chain of calls and the weight of one signature at its end. */
struct pics_chain {
	const uint64_t *addr;	/* the instruction, then its callers,
				   innermost first */
	size_t n;		/* 1 + callers */
	uint64_t signature;
	uint64_t weight;	/* in the profile's weight units */
};

/* Calls @fn for every chain and signature with weight, in no particular
 * order (none for NULL); stops and returns its value when @fn returns
 * non-zero. */
int pics_callgraph_foreach(const struct pics_callgraph *cg,
			   int (*fn)(const struct pics_chain *c, void *ctx),
			   void *ctx);

/* The most functions pics_chain_functions gives. */
#define PICS_MAX_FRAMES (PICS_MAX_CALLERS + 1)
/* The functions of @c's addresses, outermost caller first, the sampled
 * instruction's last, each as the key of a PICS_UNIT_FUNC unit (its start,
 * or the address when @syms does not resolve it): into @keys (room for
 * PICS_MAX_FRAMES); returns their number. A frame in the same function
 * as the one inside it is one frame: Linux's RISC-V unwinder may report
 * a return address in the sampled function itself as its first caller
 * (a recursive call shows so too). */
size_t pics_chain_functions(const struct pics_chain *c,
			    const struct pics_symbols *syms, uint64_t *keys);
/* The name the function unit of @key has in stacks ("main", "0x10a4"). */
void pics_function_name(const struct pics_symbols *syms, uint64_t key,
			char *buf, size_t len);

/* Function-level stacks of "children" cycles, as perf report --children
 * counts them: each function's samples and those of every function it
 * called, however deep (a sample counts once for a function that its
 * chain passes more than once). With @n_ranges, only the samples whose
 * instruction lies in one of @ranges (as pics_profile_filter_ranges
 * keeps them). */
struct pics_stacks *pics_stacks_build_children(const struct pics_callgraph *cg,
					       const struct pics_symbols *syms,
					       const struct pics_range *ranges,
					       size_t n_ranges,
					       struct pics_error *err);

#endif
