/* libpics internals shared between its source files; not installed. */
#ifndef PICS_INTERNAL_H
#define PICS_INTERNAL_H

#include <stdarg.h>
#include <sys/types.h>

#include "pics.h"

#define PICS_PRINTF(a, b) __attribute__((format(printf, a, b)))

/* Sets @err (when not NULL) and returns -1, so callers can write
 * "return pics_fail(err, ...)". */
int pics_fail(struct pics_error *err, enum pics_error_code code,
	      const char *fmt, ...) PICS_PRINTF(3, 4);
int pics_fail_at(struct pics_error *err, enum pics_error_code code,
		 const char *path, uint64_t offset, const char *fmt, ...)
	PICS_PRINTF(5, 6);
/* Prefixes the message already in @err with "@path: offset @offset: ". */
int pics_error_locate(struct pics_error *err, const char *path,
		      uint64_t offset);

/* ---- hash map: (a, b) -> non-zero value --------------------------------- */

struct pics_map_slot {
	uint64_t a, b;
	uint64_t value;		/* 0 marks a free slot */
};

struct pics_map {
	struct pics_map_slot *slots;
	unsigned shift;		/* 64 - log2(capacity) */
	size_t count;
};

int pics_map_init(struct pics_map *m);
void pics_map_free(struct pics_map *m);
/* Adds @value (> 0) to the value of (@a, @b); -1 when out of memory or
 * the sum would overflow. */
int pics_map_add(struct pics_map *m, uint64_t a, uint64_t b, uint64_t value);
uint64_t pics_map_get(const struct pics_map *m, uint64_t a, uint64_t b);

static inline size_t pics_map_capacity(const struct pics_map *m)
{
	return (size_t)1 << (64 - m->shift);
}

/* ---- byte-level file access ---------------------------------------------- */

/* Buffered reader over a file descriptor that knows the offset of every
 * byte, so errors can say where they happened. */
struct pics_in {
	const char *path;
	int fd;
	bool own_fd;
	uint8_t *buf;
	size_t cap, start, end;	/* unread bytes are buf[start..end) */
	uint64_t base;		/* file offset of buf[0] */
	bool eof;
};

int pics_in_open(struct pics_in *in, const char *path, struct pics_error *err);
void pics_in_close(struct pics_in *in);
/* Offset of the next unread byte. */
static inline uint64_t pics_in_offset(const struct pics_in *in)
{
	return in->base + in->start;
}
/* Makes @n bytes (at most the buffer size, 1 MiB) readable at
 * in->buf + in->start; 1 when they are, 0 when the file ends first, -1 on
 * a read error (@err set). */
int pics_in_fill(struct pics_in *in, size_t n, struct pics_error *err);
/* Like fill, but a short file is an error saying what was expected. */
int pics_in_need(struct pics_in *in, size_t n, const char *what,
		 struct pics_error *err);
int pics_in_skip(struct pics_in *in, uint64_t n, const char *what,
		 struct pics_error *err);
/* 1 when no byte is left. */
int pics_in_at_eof(struct pics_in *in, struct pics_error *err);

static inline const uint8_t *pics_in_take(struct pics_in *in, size_t n)
{
	const uint8_t *p = in->buf + in->start;

	in->start += n;
	return p;
}

/* Buffered writer. */
struct pics_out {
	const char *path;
	int fd;
	bool own_fd;
	uint8_t *buf;
	size_t cap, len;
	bool failed;
};

int pics_out_open(struct pics_out *out, const char *path,
		  struct pics_error *err);
/* Room for @n bytes at out->buf + out->len (n <= cap). */
int pics_out_reserve(struct pics_out *out, size_t n, struct pics_error *err);
int pics_out_write(struct pics_out *out, const void *data, size_t n,
		   struct pics_error *err);
/* Flushes and closes; frees the buffer even on failure. */
int pics_out_close(struct pics_out *out, struct pics_error *err);
/* Drops everything (after an error elsewhere). */
void pics_out_abandon(struct pics_out *out);

static inline uint8_t *pics_put_u64(uint8_t *p, uint64_t v)
{
	for (int i = 0; i < 8; i++)
		p[i] = (uint8_t)(v >> (8 * i));
	return p + 8;
}

static inline uint8_t *pics_put_uint(uint8_t *p, uint64_t v, unsigned bytes)
{
	for (unsigned i = 0; i < bytes; i++)
		p[i] = (uint8_t)(v >> (8 * i));
	return p + bytes;
}

static inline uint64_t pics_get_uint(const uint8_t *p, unsigned bytes)
{
	uint64_t v = 0;

	for (unsigned i = 0; i < bytes; i++)
		v |= (uint64_t)p[i] << (8 * i);
	return v;
}

static inline uint64_t pics_get_u64(const uint8_t *p)
{
	return pics_get_uint(p, 8);
}

/* ---- mappings (mapping.c) ------------------------------------------------ */

/* A growing array of mappings, at most PICS_MAX_MAPPINGS, and what the
 * other records of a Linux recording said so far: the task of the
 * samples that follow (the last task record's), whether a stop record
 * came and its cycle, what the throttle record counted, and the callers
 * of the record pics_record_next returned last (a call-chain record's,
 * 0 without one) and its data addresses (a data-address record's). */
struct pics_mapping_list {
	struct pics_mapping *v;
	size_t n, cap;
	uint32_t task;
	bool stopped, throttle_seen;
	uint64_t stop_cycle;
	struct pics_throttle throttle;
	uint32_t n_callers;
	uint64_t callers[PICS_MAX_CALLERS];
	uint8_t daccess;		/* ... and its data addresses' */
	uint64_t daddr[PICS_MAX_WIDTH];
};

int pics_mapping_list_add(struct pics_mapping_list *l,
			  const struct pics_mapping *m, struct pics_error *err);
int pics_mapping_list_copy(struct pics_mapping_list *dst,
			   const struct pics_mapping_list *src,
			   struct pics_error *err);
void pics_mapping_list_free(struct pics_mapping_list *l);

/* ---- one ELF's symbols (elf.c), merged into a pics_symbols (symbols.c) -- */

/* A function's symbol, or a variable's (pics_elf_symbols.objects). */
struct pics_func_sym {
	uint64_t start, end;
	char *name;
	bool sized;		/* end comes from the symbol's own size */
	int rank;		/* which of several names at one address wins */
};

struct pics_line_row {
	uint64_t addr;
	uint64_t canon;		/* lowest address of this (file, line) */
	uint32_t file, line;
	uint32_t order;		/* position in the line table, for stable sorts */
	bool end_sequence;
};

struct pics_source_file {
	char *path;		/* as the line table names it */
	const char *base;	/* its last component */
};

/* What one ELF holds, every address moved by its bias; arrays unsorted. */
struct pics_elf_symbols {
	struct pics_func_sym *funcs;
	size_t n_funcs;
	struct pics_func_sym *objects;	/* data: sized STT_OBJECT symbols */
	size_t n_objects;
	struct pics_line_row *rows;	/* file: index into files */
	size_t n_rows;
	struct pics_source_file *files;
	size_t n_files;
	uint8_t build_id[PICS_BUILD_ID_MAX];
	size_t build_id_len;
	uint64_t bias;
	uint64_t code_start, code_end;	/* its executable sections */
};

/* Reads the ELF open at @fd (@path names it in messages) into @e (zeroed
 * by the caller) at @bias, or, when @map is not NULL, as the file @map
 * shows: the build-ids must agree and the bias follows from the mapping
 * (pics_symbols_add_mapping). */
int pics_elf_read(int fd, const char *path, const struct pics_mapping *map,
		  uint64_t bias, struct pics_elf_symbols *e,
		  struct pics_error *err);
void pics_elf_symbols_free(struct pics_elf_symbols *e);

/* ---- headers and records (docs/formats.md) ----------------------------- */

#define PICS_MAGIC_LEN 8
extern const char pics_sample_magic[PICS_MAGIC_LEN];
extern const char pics_profile_magic[PICS_MAGIC_LEN];
/* The records' kinds are tea/sample_format.h's TEA_REC_*. */

/* Bytes a PSV or signature takes in a file of @n_events events. */
static inline unsigned pics_psv_bytes(unsigned n_events)
{
	return (n_events + 7) / 8;
}

static inline uint64_t pics_event_mask(unsigned n_events)
{
	return n_events >= 64 ? ~0ULL : (1ULL << n_events) - 1;
}

/* Profile-only header fields, after the shared ones. */
struct pics_profile_fields {
	uint64_t total_cycles;
	uint64_t samples;
	uint64_t lost;
	uint64_t unit_den;
};

/* Writes magic, version and header (with @pf for profiles, NULL for
 * sample files). */
int pics_header_write(struct pics_out *out, const char magic[PICS_MAGIC_LEN],
		      const struct pics_meta *m,
		      const struct pics_profile_fields *pf,
		      struct pics_error *err);
/* Reads and checks them; @pf NULL for sample files. */
int pics_header_read(struct pics_in *in, const char magic[PICS_MAGIC_LEN],
		     const char *kind_name, struct pics_meta *m,
		     struct pics_profile_fields *pf, struct pics_error *err);

/* Reads the kind byte of the next record into @kind, taking extension
 * records in: map, task, stop, throttle, call-chain and data-address
 * records go into @maps, other kinds are unknown and skipped, but for a
 * buffer record (TEA_REC_BUFFER), which is the caller's to read from its
 * length on. A call-chain record must be followed by a record of kind
 * TEA_REC_DATA, which its callers then go with, or by a data-address
 * record and then that; a data-address record by TEA_REC_DATA. 1: a record; 0: the file ends here (the caller says what was
 * missing); -1: error. */
int pics_record_next(struct pics_in *in, uint8_t *kind,
		     struct pics_mapping_list *maps, struct pics_error *err);

/* ---- samples as the sampler wrote them (buffer_record.c) ----------------- */

/* The words of one of the sampler's records (docs/tea-csr.md): with the
 * slots' data addresses (map version 7 on), or without (5 and 6). */
static inline size_t pics_record_words(unsigned width, bool daddrs)
{
	return 2 + (daddrs ? 3 : 2) * (size_t)width;
}

/* The sample of one of the sampler's records (@rec: pics_record_words
 * words), callers and task left for the caller. */
void pics_sample_from_words(const uint64_t *rec, unsigned width, bool daddrs,
			    struct pics_sample *s);

/* A buffer record being read (open): whether its records hold data
 * addresses, its bytes of words left, the samples it says it holds and
 * those read so far. */
struct pics_buffer_block {
	bool open, daddrs;
	bool counted;		/* count holds the samples it must hold */
	/* the teastat word of the last sample read, and the records of no
	 * instruction passed over before it */
	uint64_t stat;
	uint32_t empty;
	uint64_t offset, left;
	uint32_t count, seen;
};
/* Reads the body's head of the buffer record at @offset, whose kind byte
 * (TEA_REC_BUFFER or TEA_REC_BUFFER_DADDR) was just read. 0, or -1. */
int pics_buffer_block_start(struct pics_in *in, struct pics_buffer_block *b, uint8_t kind,
			    uint64_t offset, struct pics_error *err);
/* Its next sample into @s: 1; 0 at its end, which closes it (its count
 * checked); -1. */
int pics_buffer_block_next(struct pics_in *in, struct pics_buffer_block *b,
			   const struct pics_meta *m, struct pics_sample *s,
			   struct pics_error *err);

/* The body of a call-chain record (kind TEA_REC_CALLCHAIN, at @offset)
 * whose u32 length @len was just read, into maps->callers. */
int pics_callchain_record_read(struct pics_in *in, uint64_t len,
			       uint64_t offset, struct pics_mapping_list *maps,
			       struct pics_error *err);
/* A call-chain record of the @n (1 to PICS_MAX_CALLERS) @callers. */
int pics_callchain_record_write(struct pics_out *out, uint32_t n,
				const uint64_t *callers,
				struct pics_error *err);

/* The body of a data-address record (kind TEA_REC_DATA_ADDR, at
 * @offset) whose u32 length @len was just read, into maps->daccess and
 * maps->daddr. */
int pics_daddr_record_read(struct pics_in *in, uint64_t len, uint64_t offset,
			   struct pics_mapping_list *maps, struct pics_error *err);
/* A data-address record of @s's (s->daccess not 0). */
int pics_daddr_record_write(struct pics_out *out, const struct pics_sample *s,
			    struct pics_error *err);

/* Reads the body of an extension record of @kind whose u32 length @len
 * was just read (its kind byte was at @offset) into @maps: a map record
 * (0x80, 0x81) is appended, a task, stop or throttle record noted. 1 when the kind
 * is none of these (the caller skips it), 0 when read, -1 on error. */
int pics_mapping_record_read(struct pics_in *in, uint8_t kind, uint64_t len,
			     uint64_t offset, struct pics_mapping_list *maps,
			     struct pics_error *err);
/* A map record: 0x80 for a mapping of every task from the start, else
 * 0x81 with its task and cycle. */
int pics_mapping_record_write(struct pics_out *out,
			      const struct pics_mapping *m,
			      struct pics_error *err);
int pics_task_record_write(struct pics_out *out, uint32_t pid,
			   struct pics_error *err);
int pics_stop_record_write(struct pics_out *out, uint64_t cycle,
			   struct pics_error *err);
int pics_throttle_record_write(struct pics_out *out,
			       const struct pics_throttle *t,
			       struct pics_error *err);

/* A sample reader that takes over the open @in (closed on failure too). */
struct pics_sample_reader *pics_sample_reader_adopt(struct pics_in *in,
						    const char *path,
						    struct pics_error *err);

/* ---- address spaces of a recording's tasks (address_space.c) ----------- */

/* Each mapping's offset in the profile: 0, or a multiple of 2^48 for a
 * file that overlaps another file mapped before it. Zeroed to start. */
struct pics_spaces {
	uint64_t *offset;	/* per mapping, in the order of the list */
	size_t n, cap;
	unsigned spaces;	/* offsets handed out */
};
/* Places the mappings of @maps beyond those placed before (a list that
 * only grows). */
int pics_spaces_update(struct pics_spaces *sp, const struct pics_mapping *maps, size_t n,
		       struct pics_error *err);
/* Moves each slot and caller of @s by the offset of its task's mapping at
 * its cycle. */
void pics_spaces_move_sample(const struct pics_spaces *sp, const struct pics_mapping *maps,
			     struct pics_sample *s);
/* Mapping @i of @maps at its place in the profile. */
struct pics_mapping pics_spaces_move_mapping(const struct pics_spaces *sp,
					     const struct pics_mapping *maps, size_t i);
void pics_spaces_free(struct pics_spaces *sp);

/* The stacks of the units of @kind whose (unit key, signature) -> weight
 * @m holds; frees @m. */
struct pics_stacks *pics_stacks_of_map(struct pics_map *m,
				       enum pics_unit_kind kind,
				       const struct pics_symbols *syms,
				       struct pics_error *err);

/* Whether one of the @n @ranges holds @addr. */
static inline bool pics_in_ranges(const struct pics_range *ranges, size_t n,
				  uint64_t addr)
{
	for (size_t i = 0; i < n; i++)
		if (addr >= ranges[i].start && addr < ranges[i].end)
			return true;
	return false;
}

/* Fills @out (initialized by the caller) with (unit key, signature) ->
 * weight for units of @kind. */
int pics_rollup(const struct pics_profile *p, enum pics_unit_kind kind,
		const struct pics_symbols *syms, struct pics_map *out,
		struct pics_error *err);
/* Gives each distinct unit key in @m an index from 0, in @units
 * (initialized by the caller): (key, 0) -> index + 1. Returns the number
 * of units, or -1 when out of memory. */
ssize_t pics_index_units(const struct pics_map *m, struct pics_map *units);

/* Unit roll-up key of @addr (see struct pics_unit). */
uint64_t pics_unit_key(enum pics_unit_kind kind,
		       const struct pics_symbols *syms, uint64_t addr,
		       bool *resolved);
/* Name of the unit with @key into @buf. */
void pics_unit_name(enum pics_unit_kind kind, const struct pics_symbols *syms,
		    uint64_t key, bool resolved, char *buf, size_t len);

#endif
