/* The perf.data reader's parts, shared between its files:
 * perf_data_header.c reads the file's header, the events' attributes and
 * ids, the feature sections, and finds the tea event;
 * perf_data.c reads the records of the data section (mappings, losses,
 * throttling) and is the reader's API (perf_data.h);
 * perf_data_sample.c reads the tea event's samples;
 * perf_data_aux.c its AUX data (buffer mode). */
#ifndef PICS_PERF_DATA_INTERNAL_H
#define PICS_PERF_DATA_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "internal.h"

#define REC_HEADER 8		/* type, misc, size */
#define BUILD_ID_LEN 20		/* a build-id in perf's records */

/* perf_event_attr's flag bits the reader looks at: the privilege
 * filter (exclude_user, exclude_kernel, exclude_hv), freq, sample_id_all */
#define ATTR_EXCLUDES (7ull << 4)
#define ATTR_FREQ (1ull << 10)
#define ATTR_SAMPLE_ID_ALL (1ull << 18)

struct attr {
	uint64_t offset;	/* of its entry in the attrs section */
	uint32_t type;
	uint64_t config;
	uint64_t period;
	uint64_t sample_type;
	uint64_t read_format;
	uint64_t flags;
	char name[64];		/* from HEADER_EVENT_DESC, "" without it */
};

struct id_entry {
	uint64_t id;
	size_t attr;
};

struct build_id {
	const char *file;	/* inside build_id_buf */
	uint8_t id[BUILD_ID_LEN];
	unsigned len;
};

/* A stretch of the tea event's AUX data that a PERF_RECORD_AUX
 * published: bytes [start, end) of the stream of CPU @cpu (-1: any), in
 * task @pid. */
struct aux_run {
	int64_t cpu;
	uint64_t start, end;
	uint32_t pid;
};

struct pics_perf_data {
	struct pics_in in;
	char path[PICS_PATH_MAX];
	uint64_t file_size;
	uint64_t data_start, data_end;

	struct attr *attrs;
	size_t n_attrs;
	struct id_entry *ids;	/* sorted by id */
	size_t n_ids;
	size_t tea;		/* the tea event's attr */
	/* Where a record names its event, when the file has several: the
	 * u64 word of a sample, counted from the start, and of sample_id,
	 * counted from the end (-1: no id; all events agree). */
	int sample_id_word, trailer_id_word;
	bool sample_id_all;

	uint8_t *build_id_buf;
	struct build_id *build_ids;	/* sorted by file */
	size_t n_build_ids;
	unsigned caps_width;	/* the tea PMU's caps/width; 0 unknown */

	struct pics_meta meta;
	struct pics_mapping_list maps;
	/* Whether each mapping is still its task's own: an exec replaces a
	 * task's mappings, a fork gives the child its parent's. */
	bool *live;
	size_t live_cap;
	/* The cycle of the last sample of user mode, the one mode whose
	 * addresses a task's mappings hold: a mapping reported after it
	 * holds from the next cycle on. */
	bool user_seen;
	uint64_t last_user_cycle;

	/* The first pass, which only looks for the meta's width and
	 * command: */
	bool scanning;
	unsigned width;		/* of the first sample */
	bool exec_seen;
	uint32_t exec_pid;
	bool binary_found, first_user_found;
	struct pics_mapping binary, first_user;

	/* Buffer mode (perf_data_aux.c): whether AUXTRACE_INFO names the
	 * tea PMU; the AUXTRACE payload being read, its place in its
	 * stream (aux_start, aux_size bytes), the stream's task and CPU;
	 * the stretches of the AUX area that AUX records gave a task; the
	 * last sample's SEQ and the stretch it lay in (by its start). */
	bool aux_tea;
	struct pics_buffer_block aux;
	uint64_t aux_start, aux_size;
	uint32_t aux_tid;
	int32_t aux_cpu;
	struct aux_run *runs;
	size_t n_runs, runs_cap;
	bool aux_seq_known;
	uint32_t aux_seq;
	uint64_t aux_seq_run;
	uint64_t aux_truncated;	/* AUX records that say the area filled */

	uint64_t samples, hw_lost, rec_lost, lost_samples;
	uint64_t throttles, throttled_ns, throttle_start;
	bool throttled, done;
	/* the first and the last sample in both clocks, perf's (ns) and the
	 * sampler's (cycles), which turn the time throttled into cycles */
	bool timed;
	uint64_t first_ns, first_cycle, last_ns, last_cycle;
};

/* Reads fields one after the other from a buffer that lies at @base in
 * the file, so that an error can name the offset. */
struct cursor {
	const uint8_t *start, *p, *end;
	uint64_t base;
	const char *what;	/* "the EVENT_DESC section", "sample record" */
};


static inline struct cursor pics_pd_cursor(const uint8_t *p, size_t len,
				      uint64_t base, const char *what)
{
	return (struct cursor){ .start = p, .p = p, .end = p + len,
				.base = base, .what = what };
}

static inline uint64_t pics_pd_cur_offset(const struct cursor *c)
{
	return c->base + (uint64_t)(c->p - c->start);
}

static inline size_t pics_pd_cur_left(const struct cursor *c)
{
	return (size_t)(c->end - c->p);
}

/* Each takes the next field, @field naming it in the error when the
 * buffer ends first; 0, or -1 with @err set. */
int pics_pd_cur_short(const struct pics_perf_data *r, const struct cursor *c,
		 const char *field, struct pics_error *err);
int pics_pd_cur_take(const struct pics_perf_data *r, struct cursor *c, size_t n,
		const char *field, const uint8_t **out,
		struct pics_error *err);
int pics_pd_cur_uint(const struct pics_perf_data *r, struct cursor *c,
		unsigned bytes, const char *field, uint64_t *v,
		struct pics_error *err);
/* Skips @words u64 words (a count from the file, so checked first). */
int pics_pd_cur_skip_words(const struct pics_perf_data *r, struct cursor *c,
		      uint64_t words, const char *field,
		      struct pics_error *err);
/* perf's strings: a u32 length (the NUL and padding included), then
 * that many bytes holding a NUL-terminated string. */
int pics_pd_cur_string(const struct pics_perf_data *r, struct cursor *c,
		  const char *field, const char **s, struct pics_error *err);

/* A record of the data section. */
struct record {
	uint64_t offset;	/* of its header */
	uint32_t type;
	uint16_t misc;
	const uint8_t *body;	/* after the header */
	size_t len;		/* of the body */
};

/* A PERF_RECORD_SAMPLE: the fields before the raw data, in the order
 * sample_type gives them, the call chain among them, then the raw data;
 * the tea event's in @s, true in *@keep when a slot holds an
 * instruction. */
int pics_pd_read_sample(struct pics_perf_data *r, const struct record *rec,
			struct pics_sample *s, bool *keep,
			struct pics_error *err);

/* The sample_id fields a kernel record ends with (sample_id_all): the
 * event they name (known: the record has them), the task and the CPU
 * where the event's sample_type has them. */
struct sample_id {
	bool known, has_pid, has_cpu;
	size_t attr;
	uint32_t pid, cpu;
};
/* Those of @rec; *@len gets the body's length without them. */
int pics_pd_read_sample_id(struct pics_perf_data *r, const struct record *rec,
			   struct sample_id *sid, size_t *len, struct pics_error *err);
/* A fixed part of @need bytes in a record body of @len bytes. */
int pics_pd_need_body(const struct pics_perf_data *r, const struct record *rec,
		      size_t len, size_t need, const char *what, struct pics_error *err);

/* Buffer mode's records (perf_data_aux.c): AUXTRACE_INFO, which says
 * whether the AUX data is the tea PMU's and its width; PERF_RECORD_AUX,
 * the task of a stretch of it; an AUXTRACE record whose @size bytes
 * follow, opened for pics_pd_next_aux_sample (1: a sample; 0: its end). */
int pics_pd_read_auxtrace_info(struct pics_perf_data *r, const struct record *rec,
			       struct pics_error *err);
int pics_pd_read_aux(struct pics_perf_data *r, const struct record *rec,
		     struct pics_error *err);
int pics_pd_start_auxtrace(struct pics_perf_data *r, const struct record *rec,
			   uint64_t size, struct pics_error *err);
int pics_pd_next_aux_sample(struct pics_perf_data *r, struct pics_sample *s,
			    struct pics_error *err);

/* The file's header, the attrs section and the feature sections, up to
 * finding the tea event and where records name their event: all that
 * the records are read with. */
int pics_pd_read_header(struct pics_perf_data *r, struct pics_error *err);
/* The attr of event id @id: perf synthesizes records with id 0, which
 * belong to the first event. -1 when no event has it. */
long pics_pd_attr_of_id(const struct pics_perf_data *r, uint64_t id);
/* The HEADER_BUILD_ID entry of @file, NULL without one. */
const struct build_id *pics_pd_find_build_id(const struct pics_perf_data *r,
					const char *file);

#endif
