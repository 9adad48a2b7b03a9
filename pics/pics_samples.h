/* Samples and sample files (.tea): what a sampler saw, one record per
 * sample with the callers it was taken in, the run's mappings, whether the
 * sampling stopped early and how much of it perf throttled. */
#ifndef PICS_SAMPLES_H
#define PICS_SAMPLES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "pics_error.h"
#include "pics_mapping.h"
#include "pics_meta.h"

enum pics_commit_state {
	PICS_COMPUTE,	/* n instructions commit, each gets 1/n */
	PICS_STALLED,	/* the head has not finished: it gets the sample */
	PICS_DRAINED,	/* ROB empty, front end starved: next to commit */
	PICS_FLUSHED,	/* ROB empty after a flush: last committed */
	PICS_NUM_STATES
};

const char *pics_commit_state_name(enum pics_commit_state s);
int pics_commit_state_parse(const char *name, enum pics_commit_state *s);

/* The deepest call chain a sample holds (a call-chain record's). */
#define PICS_MAX_CALLERS TEA_MAX_CALLERS

struct pics_sample {
	uint64_t cycle;
	uint8_t state;		/* enum pics_commit_state */
	uint8_t valid;		/* bit i: slot i holds an instruction */
	uint64_t addr[PICS_MAX_WIDTH];
	uint64_t psv[PICS_MAX_WIDTH];
	/* bit i: slot i's instruction accessed memory, at daddr[i] (its
	 * load's, store's or AMO's virtual address; 0 elsewhere). A file
	 * holds them in a data-address record before the sample, or in
	 * the sampler's words of a buffer record. */
	uint8_t daccess;
	uint64_t daddr[PICS_MAX_WIDTH];
	uint32_t pid;		/* the task it was taken in; 0: none named */
	/* The return addresses of the calls the sampled instructions were
	 * reached through, innermost first: the first lies in the sampled
	 * function's caller; none when no caller is known. A file holds
	 * them in a call-chain record before the sample (docs/formats.md). */
	uint32_t n_callers;
	uint64_t callers[PICS_MAX_CALLERS];
};

/* Checks @s against @m: a state that exists, valid bits below the commit
 * width, one valid slot unless Compute, PSV bits below n_events, data
 * addresses only for valid slots, at most PICS_MAX_CALLERS callers. */
int pics_sample_validate(const struct pics_meta *m,
			 const struct pics_sample *s, struct pics_error *err);

struct pics_sample_writer;

/* @path "-" writes to standard output. add() writes a call-chain record
 * before a sample that has callers, and a data-address record before one
 * with data addresses. */
struct pics_sample_writer *pics_sample_writer_open(const char *path,
						   const struct pics_meta *m,
						   struct pics_error *err);
int pics_sample_writer_add(struct pics_sample_writer *w,
			   const struct pics_sample *s, struct pics_error *err);
/* Writes a map record (it may come anywhere before the end record). */
int pics_sample_writer_map(struct pics_sample_writer *w,
			   const struct pics_mapping *m,
			   struct pics_error *err);
/* Records @count samples that the producer had to drop. */
void pics_sample_writer_lost(struct pics_sample_writer *w, uint64_t count);
/* Writes the end record and closes; frees @w even when it fails. */
int pics_sample_writer_close(struct pics_sample_writer *w,
			     struct pics_error *err);
/* Closes without the end record, after a failure: readers will call the
 * file truncated rather than take it for complete. */
void pics_sample_writer_abandon(struct pics_sample_writer *w);

struct pics_sample_reader;

/* @path "-" reads standard input. */
struct pics_sample_reader *pics_sample_reader_open(const char *path,
						   struct pics_error *err);
const struct pics_meta *pics_sample_reader_meta(const struct pics_sample_reader *r);
/* 1: a sample in @s, with the callers of the call-chain record before it
 * (none without one) and the data addresses of the data-address record
 * before it (none without one); 0: the end record was read and the file is
 * complete; -1: error (a file without its end record is truncated). */
int pics_sample_reader_next(struct pics_sample_reader *r,
			    struct pics_sample *s, struct pics_error *err);
/* Valid once next() returned 0. */
uint64_t pics_sample_reader_samples(const struct pics_sample_reader *r);
uint64_t pics_sample_reader_lost(const struct pics_sample_reader *r);
/* The map records read so far, in file order (all of them once next()
 * returned 0); *@n gets their number. */
const struct pics_mapping *
pics_sample_reader_mappings(const struct pics_sample_reader *r, size_t *n);
void pics_sample_reader_close(struct pics_sample_reader *r);

/* A recording may end its sampling before its command ends (teaperf
 * record's --max-size): a stop record says from which cycle on the file
 * holds no samples. pics_sample_writer_stop writes it (no sample may be
 * added after it); pics_sample_reader_stopped says whether the records
 * read so far held one, and its cycle. */
int pics_sample_writer_stop(struct pics_sample_writer *w, uint64_t cycle,
			    struct pics_error *err);
bool pics_sample_reader_stopped(const struct pics_sample_reader *r,
				uint64_t *cycle);

/* Linux's perf throttles an event whose interrupts cost too much time: it
 * stops the sampler until the next timer tick. A throttle record says how
 * many times, and for how many cycles in all, so that a report can say how
 * much of the run went unsampled. pics_sample_writer_throttle writes it
 * (once, before the end record); pics_sample_reader_throttle gives what
 * the records read so far said (zeros without one). */
struct pics_throttle {
	uint64_t times;
	uint64_t cycles;	/* 0 when the producer could not time them */
};
int pics_sample_writer_throttle(struct pics_sample_writer *w,
				const struct pics_throttle *t,
				struct pics_error *err);
struct pics_throttle pics_sample_reader_throttle(const struct pics_sample_reader *r);

#endif
