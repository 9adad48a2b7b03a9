/* Profiles: (address, signature) -> integer weight, aggregated from
 * samples or attributed cycle by cycle; and profile files (.prof), which
 * hold them, e.g. the golden reference. */
#ifndef PICS_PROFILE_H
#define PICS_PROFILE_H

#include <stddef.h>
#include <stdint.h>

#include "pics_error.h"
#include "pics_mapping.h"
#include "pics_meta.h"
#include "pics_samples.h"

struct pics_profile;

/* An empty profile. Weights are integers; one weight unit stands for
 * period / LCM(1..commit_width) cycles (see pics_profile_unit). */
struct pics_profile *pics_profile_new(const struct pics_meta *m,
				      struct pics_error *err);
/* The same with one weight unit standing for period / @unit_den cycles,
 * for a producer that splits a cycle more ways than the commit width. */
struct pics_profile *pics_profile_create(const struct pics_meta *m,
					 uint64_t unit_den,
					 struct pics_error *err);
void pics_profile_free(struct pics_profile *p);

const struct pics_meta *pics_profile_meta(const struct pics_profile *p);
/* One weight unit is @num / @den cycles. */
void pics_profile_unit(const struct pics_profile *p, uint64_t *num,
		       uint64_t *den);
double pics_profile_cycles(const struct pics_profile *p, uint64_t weight);
/* Cycles of the profiled run; for sampled profiles samples * period unless
 * the producer sets the measured figure. */
uint64_t pics_profile_total_cycles(const struct pics_profile *p);
void pics_profile_set_total_cycles(struct pics_profile *p, uint64_t cycles);
/* Samples aggregated (add_sample counts them) and samples the producer
 * lost; a producer that adds weights directly may set them. */
uint64_t pics_profile_samples(const struct pics_profile *p);
uint64_t pics_profile_lost(const struct pics_profile *p);
void pics_profile_set_counts(struct pics_profile *p, uint64_t samples,
			     uint64_t lost);
/* How often and how long the sampling was throttled (zeros: never). */
struct pics_throttle pics_profile_throttle(const struct pics_profile *p);
void pics_profile_set_throttle(struct pics_profile *p,
			       const struct pics_throttle *t);

/* The mappings of the profiled run (none for a bare-metal or simulated
 * one); profile files keep them, loading a sample file copies its own. */
int pics_profile_add_mapping(struct pics_profile *p,
			     const struct pics_mapping *m,
			     struct pics_error *err);
const struct pics_mapping *pics_profile_mappings(const struct pics_profile *p,
						 size_t *n);

/* Splits @s over its instructions: Compute gives each of n valid slots
 * LCM/n units, the other states give the one valid slot LCM units. */
int pics_profile_add_sample(struct pics_profile *p,
			    const struct pics_sample *s,
			    struct pics_error *err);
/* Adds @weight units to (@addr, @signature); for producers that compute
 * weights themselves. */
int pics_profile_add(struct pics_profile *p, uint64_t addr,
		     uint64_t signature, uint64_t weight,
		     struct pics_error *err);

uint64_t pics_profile_weight(const struct pics_profile *p, uint64_t addr,
			     uint64_t signature);
uint64_t pics_profile_total_weight(const struct pics_profile *p);
/* Distinct (address, signature) pairs. */
size_t pics_profile_entries(const struct pics_profile *p);

struct pics_entry {
	uint64_t addr;
	uint64_t signature;
	uint64_t weight;
};

/* Calls @fn for every pair in no particular order; stops and returns its
 * value when @fn returns non-zero. */
int pics_profile_foreach(const struct pics_profile *p,
			 int (*fn)(const struct pics_entry *e, void *ctx),
			 void *ctx);

/* All pairs sorted by (address, signature), in a malloc'd array the caller
 * frees; *@n gets their number. */
struct pics_entry *pics_profile_sorted(const struct pics_profile *p,
				       size_t *n, struct pics_error *err);

/* A copy of @ref whose signatures keep only the events that @scheme has,
 * renumbered to @scheme's bit order: the reference "restricted to the same
 * set of components". Fails when @scheme has an event @ref lacks. */
struct pics_profile *pics_profile_project(const struct pics_profile *ref,
					  const struct pics_meta *scheme,
					  struct pics_error *err);

struct pics_range {
	uint64_t start, end;	/* [start, end) */
};

/* A copy of @p holding only the entries whose address lies in one of the
 * @n ranges, e.g. the mappings of one program. Its total weight is what it
 * kept; total cycles, sample counts and mappings stay those of the run
 * (pics_compare normalizes both sides to the same total anyway). */
struct pics_profile *pics_profile_filter_ranges(const struct pics_profile *p,
						const struct pics_range *ranges,
						size_t n,
						struct pics_error *err);

/* Profile files, written sorted by (address, signature). */
int pics_profile_write(const struct pics_profile *p, const char *path,
		       struct pics_error *err);
struct pics_profile *pics_profile_read(const char *path,
				       struct pics_error *err);

/* Reads a profile file, or a sample file and aggregates it. */
struct pics_profile *pics_profile_load(const char *path,
				       struct pics_error *err);

enum pics_file_kind { PICS_FILE_UNKNOWN, PICS_FILE_SAMPLES, PICS_FILE_PROFILE };
/* Kind of file by its magic; PICS_FILE_UNKNOWN with @err set otherwise. */
enum pics_file_kind pics_file_kind(const char *path, struct pics_error *err);

#endif
