/* The target's teaperf record, in parts: the command line and the run
 * (teaperf_target.c), the tea event and its ring buffer (perf_reader.c),
 * the sample file's records (sample_writer.c), and where the file's bytes
 * go (output.c). What the parts share is the one recording's state, run.
 * Built with the kernel's nolibc. */
#ifndef TEA_TARGET_RECORD_H
#define TEA_TARGET_RECORD_H

#include <std.h>	/* nolibc: the fixed-width integer types */

#include "command.h"	/* PATH_BYTES */

#define MAX_MAPS	256	/* the mappings of the tasks alive, for their forks */
#define CONSOLE_MAX	(8u << 20)	/* a file for the console is kept whole until the end */

/* A mapping of a task, as its map record says it. */
struct map {
	uint64_t start, end, pgoff;
	uint64_t time;		/* the first cycle it holds for; 0: from the start */
	uint32_t pid;		/* 0: every task */
	uint8_t build_id[20];
	unsigned build_id_len;
	char path[PATH_BYTES];
};

/* A sample as the event brought it, for its sample record. */
struct sample {
	uint64_t time, stat;	/* teatime, teastat */
	/* width addresses, width PSVs, width data addresses, 8 bytes each,
	 * 4-byte aligned (a raw sample in the ring is) */
	const uint8_t *slots;
	uint32_t pid;		/* its task */
	uint64_t ns;		/* when perf took it, in its clock */
	const uint64_t *callers;	/* innermost first, for a call-chain record */
	unsigned n_callers;
};

/* Word @i of @s's slots, in two aligned halves */
static inline uint64_t slot_word(const struct sample *s, unsigned i)
{
	const uint32_t *half = (const uint32_t *)(const void *)(s->slots + 8 * i);

	return half[0] | (uint64_t)half[1] << 32;
}

/* What a run collected, besides the records it wrote as they came. */
struct record_run {
	unsigned width;
	int inherit;
	int buffer;		/* buffer mode: the samples come in the AUX area */
	int callchain;		/* -g: each sample's callers */
	uint64_t samples, hw_lost, rec_lost;
	uint64_t throttles, throttled_ns, throttle_start;	/* perf's clock */
	int throttled;		/* between a THROTTLE and its UNTHROTTLE */
	/* the first and the last sample in perf's clock and in cycles */
	int timed;
	uint64_t first_ns, first_cycle, last_ns, last_cycle;
	uint64_t records;	/* PERF_RECORD_SAMPLEs the ring brought, or AUX records */
	uint64_t truncated;	/* times perf found the AUX area full */
	uint64_t last_time;	/* the cycle of the last sample the ring held */
	int user_seen;		/* the ring held a sample of user mode */
	uint64_t last_user_time;	/* the cycle of the last one */
	uint32_t task;		/* of the last task record written */
	int stopped;		/* sampling stopped at --max-size */
	uint64_t stop_cycle, left_out;
	const char *failed;	/* the output failed after the command started */
	struct map maps[MAX_MAPS];
	unsigned n_maps;
	int fd;			/* the event */
	pid_t child;		/* the command */
};

extern struct record_run run;

/* ---- perf_reader.c: the tea event ---- */

/* The event on run.child: its fd, or the negative errno. */
int open_event(long type, uint64_t period, unsigned jitter, int user_only);
/* Maps its ring (and in buffer mode its AUX area): 0, or why it cannot. */
const char *map_event(void);
/* Takes the records the ring holds. */
void drain(void);
/* After the command's end: the losses no sample reported; unmaps and
 * closes the event. */
void close_event(void);
/* Disables the event, its inherited copies with it. */
void stop_sampling(void);

/* ---- sample_writer.c: the records of docs/formats.md ---- */

void write_header(uint64_t period, const char *binary);
/* A PERF_RECORD_MMAP of task @pid of an executable mapping. */
void add_map(uint32_t pid, uint64_t start, uint64_t len, uint64_t pgoff, const char *path);
/* A fork: the child starts with its parent's mappings. */
void fork_task(uint32_t pid, uint32_t ppid);
/* An exec or exit: the task's mappings are no more. */
void forget_task(uint32_t pid);
/* A sample's record, after a task record (another task's than the last)
 * and a call-chain record (when it has callers). */
void write_sample(const struct sample *s);
/* Buffer mode: the sampler's records from @offset to @end of the AUX area
 * @aux (tea_event.h), of task @pid, taken at @ns in perf's clock: a buffer
 * record holding them as they are, after a task record. */
struct tea_aux;
void write_buffer(const struct tea_aux *aux, uint64_t offset, uint64_t end, uint32_t pid,
		  uint64_t ns);
/* The end of the file: the kernel's map, the throttle and the end record. */
void write_tail(void);

/* ---- output.c: where the file's bytes go ---- */

/* Takes -o's @out (a file, host:NAME or console:NAME) and --max-size
 * (0: none; console: 8 MiB at the most); 0, or why @out cannot be. */
const char *output_setup(const char *out, uint64_t size_limit);
/* Opens the file; 0, or why it cannot. */
const char *output_open(void);
/* The bytes of the file so far, and the limit on them (0: none). */
uint64_t output_written(void);
uint64_t output_max_size(void);
/* The next @n bytes of the file, for the caller to fill; NULL once the
 * output failed. */
uint8_t *put_room(size_t n);
void put(const void *p, size_t n);
/* The padding (0 to 7 bytes) that, after a record's first @head bytes,
 * puts what follows on an 8-byte boundary for put_words(), with room for
 * both made. */
unsigned output_pad_for(size_t head);
/* @n 8-byte words from @w (8-aligned), right after output_pad_for()'s
 * padding. */
void put_words(const uint64_t *w, size_t n);
void put_u8(uint8_t v);
void put_le(uint64_t v, unsigned bytes);
/* @v's low @bytes bytes at @p, least significant first; past them */
static inline uint8_t *store_le(uint8_t *p, uint64_t v, unsigned bytes)
{
	for (unsigned i = 0; i < bytes; i++, v >>= 8)
		*p++ = (uint8_t)v;
	return p;
}

/* A string, its length first in @len_bytes bytes. */
void put_str(const char *s, unsigned len_bytes);
/* Stops the sampling and the writing; the command runs on. */
void output_failed(const char *what);
/* The file complete: 0, or why it could not be finished (after a
 * failure, run.failed says why and the file is closed as it is). */
const char *output_close(void);
/* The command could not run: the file goes, where it can (the host
 * file channel removes none). */
void output_discard(void);

#endif
