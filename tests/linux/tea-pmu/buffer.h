/* tea-pmu's buffer mode (config's buffer bit: the sampler writes its
 * records into the AUX area): the reader of the records (aux_reader.c),
 * and the checks that use it (buffer.c), run by main. */
#ifndef TEA_LINUX_TEA_PMU_BUFFER_H
#define TEA_LINUX_TEA_PMU_BUFFER_H

#include "common.h"

#define AUX_PAGES	16
#define REC_WORDS_MAX	TEA_RECORD_WORDS(TEA_MAX_WIDTH)

/* What the records of a buffer-mode event say. */
struct rec_tally {
	unsigned records, invalid, time_back, seq_back;
	unsigned kernel, user, outside, m_mode, mixed;
	unsigned foreign, own;	/* addresses in the other task's code, in its own */
	unsigned daddrs, walked;	/* data addresses, and those in data_walked */
	unsigned pairs, exact, short_gap, stopped;
	unsigned jit_pairs, out_of_jitter;	/* with jitter: SEQ one apart */
	int64_t jit_sum;			/* and their time minus the period */
	uint64_t gaps;		/* SEQ steps beyond one: samples lost or filtered between */
	uint64_t period, half, last_time;
	uint32_t last_seq;
	int started;
	void (*own_code)(unsigned long), (*foreign_code)(unsigned long);
	const char *own_end, *foreign_end;
};

/* A buffer-mode event, its ring and its AUX area. */
struct bufev {
	int fd, mapped, snapshot;
	struct tea_ring ring;
	struct tea_aux aux;
	uint32_t tid;		/* whom its AUX records must name (0: anyone) */
	uint32_t alt_tid;	/* or this one (0: none) */
	unsigned aux_tid, aux_alt_tid;	/* AUX records naming either */
	unsigned aux_records, truncated, overwrite, foreign_aux, malformed;
	unsigned samples, other;	/* PERF_RECORD_SAMPLEs and other records: none */
	unsigned bad_range, cut;	/* AUX ranges not where the last ended, records cut short */
	unsigned unmapped;	/* AUX records while no area was mapped */
	int resync;		/* a new area: take the next range's offset as it is */
	uint64_t next;		/* where the next range should begin: the end of the last */
	uint64_t pad;		/* zero bytes skipped, between ranges or in them */
	struct rec_tally t;
};

/* whether a lies in [start, end) */
int in_code(uint64_t a, void (*start)(unsigned long), const char *end);
/* the words of a record at tea_width */
unsigned rec_words(void);
void buf_attr(struct perf_event_attr *attr, uint64_t period);
uint64_t event_count(int fd);
void event_count_enabled(int fd, uint64_t *count, uint64_t *enabled);
void tally_record(struct rec_tally *t, const uint64_t *w);

int aux_map(struct bufev *b, unsigned pages, int snapshot);
void aux_unmap(struct bufev *b);
int buf_open(struct bufev *b, struct perf_event_attr *attr, int pid, int cpu,
	     unsigned aux_pages, int snapshot);
void buf_close(struct bufev *b);
void buf_drain(struct bufev *b);
int buf_sample_self(struct bufev *b, struct perf_event_attr *attr, unsigned aux_pages,
		    unsigned long (*work)(unsigned long), unsigned long n);
int buf_whole(const struct bufev *b);
void print_whole(const struct bufev *b);

/* the buffer-mode checks (skipped where the PMU has no buffer mode) */
void check_buffer(void);

#endif
