/* libpics: Per-Instruction Cycle Stacks.
 *
 * Sample files (.tea) hold what a sampler saw; profile files (.prof) hold
 * aggregated PICS, e.g. the golden reference. Both formats are described
 * byte by byte in docs/formats.md. The library never prints or exits: every
 * function that can fail fills a struct pics_error and returns an error
 * value (-1 or NULL). Nothing here keeps global mutable state.
 */
#ifndef PICS_H
#define PICS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Format versions written by this library. A reader accepts files of the
 * same major version (any minor) and rejects any other major version. */
#define PICS_FORMAT_MAJOR 1
#define PICS_FORMAT_MINOR 3

#define PICS_MAX_EVENTS 64
#define PICS_MAX_WIDTH 8
#define PICS_EVENT_NAME_MAX 32	/* including the NUL */
#define PICS_SCHEME_MAX 16	/* including the NUL */
#define PICS_PATH_MAX 4096	/* including the NUL */
#define PICS_BUILD_ID_MAX 64
#define PICS_MAX_MAPPINGS 4096	/* map records a file may hold */

/* ---- errors ------------------------------------------------------------ */

enum pics_error_code {
	PICS_OK = 0,
	PICS_ERR_IO,		/* open/read/write failed */
	PICS_ERR_NOMEM,
	PICS_ERR_MAGIC,		/* not a TEA file of the expected kind */
	PICS_ERR_VERSION,	/* unknown major version */
	PICS_ERR_TRUNCATED,	/* the file ends before its end record */
	PICS_ERR_FORMAT,	/* a field holds a value the format forbids */
	PICS_ERR_INVALID,	/* a caller passed an invalid argument */
	PICS_ERR_MISMATCH,	/* two inputs cannot be combined */
	PICS_ERR_SYMBOLS,	/* the ELF could not be read */
};

struct pics_error {
	enum pics_error_code code;
	bool has_offset;	/* offset below is meaningful */
	uint64_t offset;	/* byte offset in the file where it went wrong */
	/* One line: "FILE: offset N: what was found, what was expected". */
	char msg[640];
};

/* ---- what a file describes --------------------------------------------- */

/* The events of TEA, in PSV bit order (bit 0 first). */
enum pics_tea_event {
	PICS_TEA_DR_L1,
	PICS_TEA_DR_TLB,
	PICS_TEA_DR_SQ,
	PICS_TEA_FL_MB,
	PICS_TEA_FL_EX,
	PICS_TEA_FL_MO,
	PICS_TEA_ST_L1,
	PICS_TEA_ST_TLB,
	PICS_TEA_ST_LLC,
	PICS_TEA_ST_DIV,	/* on an iterative divide/square-root unit */
	PICS_TEA_NUM_EVENTS
};

/* Header shared by sample and profile files. Event names and the scheme
 * use the characters A-Z a-z 0-9 _ . - only; "Base" is reserved for the
 * empty signature. */
struct pics_meta {
	char scheme[PICS_SCHEME_MAX];	/* "TEA", "NCI", "IBS", "golden"... */
	unsigned n_events;		/* 1..PICS_MAX_EVENTS */
	char events[PICS_MAX_EVENTS][PICS_EVENT_NAME_MAX]; /* bit order */
	unsigned commit_width;		/* 1..PICS_MAX_WIDTH */
	uint64_t period;		/* cycles per sample; 1 = every cycle */
	uint64_t clock_hz;		/* 0 when unknown */
	char binary[PICS_PATH_MAX];	/* profiled program, "" when unknown */
	uint8_t build_id[PICS_BUILD_ID_MAX];
	unsigned build_id_len;
};

/* Fills @m for TEA's ten events, the given scheme, width and period. */
int pics_meta_init_tea(struct pics_meta *m, const char *scheme,
		       unsigned commit_width, uint64_t period,
		       struct pics_error *err);
/* Checks every field of @m against the limits above. */
int pics_meta_validate(const struct pics_meta *m, struct pics_error *err);
/* Fills @m for a sampling scheme: "TEA", "golden" and "NCI" have TEA's
 * ten events; "IBS", "SPE" and "RIS" the subsets those mechanisms report
 * (docs/formats.md). */
int pics_meta_init_scheme(struct pics_meta *m, const char *scheme,
			  unsigned commit_width, uint64_t period,
			  struct pics_error *err);
/* A PSV in TEA's bit order, restricted and renumbered to @m's events. */
uint64_t pics_meta_from_tea_psv(const struct pics_meta *m, uint64_t psv);
/* Index of event @name in @m, or -1. */
int pics_meta_event_index(const struct pics_meta *m, const char *name);

/* LCM(1..w): a sample is split into this many integer units, so that each
 * of n <= w committing instructions gets an exact share. */
uint64_t pics_weight_unit(unsigned commit_width);

/* "Base" for 0, else the event names joined with '+' in bit order
 * ("ST-L1+ST-LLC"). Returns the length it needed (snprintf style). */
size_t pics_signature_name(const struct pics_meta *m, uint64_t signature,
			   char *buf, size_t len);
/* Inverse of pics_signature_name. */
int pics_signature_parse(const struct pics_meta *m, const char *text,
			 uint64_t *signature, struct pics_error *err);

/* ---- the stage view ------------------------------------------------------ */

/* A golden reference attributes every cycle at the commit stage; teasim
 * can also attribute every cycle at dispatch and at issue, by the same
 * rules, and every cycle's FMA issue slot (the FLOPS view), into profiles
 * beside it whose scheme names the stage (docs/formats.md).
 * pics_stage_path() names the file that holds @stage ("commit",
 * "dispatch", "issue" or "flops") of the golden profile @golden: @golden
 * itself for the commit stage, else @golden with its ".prof" ending (if
 * any) replaced by ".STAGE.prof". -1 with @err for another stage or a
 * path that does not fit @len. */
int pics_stage_path(const char *golden, const char *stage, char *buf,
		    size_t len, struct pics_error *err);
/* The scheme a profile of @stage has: "golden" for "commit", else the
 * stage's name; NULL for another stage. */
const char *pics_stage_scheme(const char *stage);

/* ---- mappings ------------------------------------------------------------ */

/* An executable mapping of the profiled run, as a Linux target records it:
 * [start, end) of the virtual address space shows the file @path from byte
 * @pgoff on. @path is the file on the target ("/bin/hash") or a name in
 * brackets for memory no file backs: "[kernel]" (the kernel's text, _stext
 * to _etext), "[vdso]". A recording that follows several tasks, or a task
 * that execs, may map different files at the same addresses: a mapping
 * then belongs to task @pid (0: to every task) and holds for its samples
 * from cycle @time on (0: from the start). */
struct pics_mapping {
	uint64_t start, end;
	uint64_t pgoff;
	uint8_t build_id[PICS_BUILD_ID_MAX];
	unsigned build_id_len;
	char path[PICS_PATH_MAX];
	uint32_t pid;
	uint64_t time;
};

#define PICS_KERNEL_MAPPING "[kernel]"

/* start < end, a build-id of at most PICS_BUILD_ID_MAX bytes, a path of 1
 * to PICS_PATH_MAX - 1 bytes. */
int pics_mapping_validate(const struct pics_mapping *m, struct pics_error *err);
/* The first of the @n mappings @maps that holds @addr, or NULL. */
const struct pics_mapping *pics_mapping_find(const struct pics_mapping *maps,
					     size_t n, uint64_t addr);
/* The mapping that holds @addr for a sample of task @pid at cycle @cycle:
 * of the mappings of that task or of every task that hold @addr and hold
 * from @cycle or before, the one that began last (of those that began
 * together, the last in @maps). @pid 0, a sample of no named task, takes
 * any task's. NULL if none. */
const struct pics_mapping *pics_mapping_find_task(const struct pics_mapping *maps,
						  size_t n, uint32_t pid,
						  uint64_t cycle, uint64_t addr);

/* A recording may end its sampling before its command ends (teaperf
 * record's --max-size): a stop record says from which cycle on the file
 * holds no samples. pics_sample_writer_stop writes it (no sample may be
 * added after it); pics_sample_reader_stopped says whether the records
 * read so far held one, and its cycle. */
struct pics_sample_writer;
struct pics_sample_reader;
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

/* ---- samples and sample files ------------------------------------------ */

enum pics_commit_state {
	PICS_COMPUTE,	/* n instructions commit, each gets 1/n */
	PICS_STALLED,	/* the head has not finished: it gets the sample */
	PICS_DRAINED,	/* ROB empty, front end starved: next to commit */
	PICS_FLUSHED,	/* ROB empty after a flush: last committed */
	PICS_NUM_STATES
};

const char *pics_commit_state_name(enum pics_commit_state s);
int pics_commit_state_parse(const char *name, enum pics_commit_state *s);

struct pics_sample {
	uint64_t cycle;
	uint8_t state;		/* enum pics_commit_state */
	uint8_t valid;		/* bit i: slot i holds an instruction */
	uint64_t addr[PICS_MAX_WIDTH];
	uint64_t psv[PICS_MAX_WIDTH];
	uint32_t pid;		/* the task it was taken in; 0: none named */
};

/* Checks @s against @m: a state that exists, valid bits below the commit
 * width, one valid slot unless Compute, PSV bits below n_events. */
int pics_sample_validate(const struct pics_meta *m,
			 const struct pics_sample *s, struct pics_error *err);

struct pics_sample_writer;

/* @path "-" writes to standard output. */
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
/* 1: a sample in @s; 0: the end record was read and the file is complete;
 * -1: error (a file without its end record is truncated). */
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

/* ---- a program's own sample log ---------------------------------------- */

/* A program that takes TEA samples itself (the bare-metal runtime,
 * tea/sampling.h) keeps them in a log in its memory (tea/sample_log.h).
 * pics_log_write() writes the log at @log_addr as a sample file, reading
 * the program's memory through @read (0, or -1 for an address outside
 * it); pics_log_write_console() rebuilds the log from the lines a board
 * printed on its console (TEA_LOG_CONSOLE_*, anywhere in @text) and writes
 * it. @binary names the program in the header. Both return the samples
 * written, or -1. */
typedef int (*pics_mem_read_fn)(void *ctx, uint64_t addr, void *buf, size_t len);
int64_t pics_log_write(pics_mem_read_fn read, void *ctx, uint64_t log_addr, const char *path,
		       const char *binary, struct pics_error *err);
int64_t pics_log_write_console(const char *text, size_t len, const char *path,
			       const char *binary, struct pics_error *err);

/* ---- profiles: (address, signature) -> integer weight ------------------- */

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

/* ---- symbols ------------------------------------------------------------ */

struct pics_symbols;

/* Function symbols (libelf) and line tables (libdw) of one ELF, or of
 * several at their load addresses (a program and the kernel). A stripped
 * ELF adds fine and resolves nothing. */
struct pics_symbols *pics_symbols_new(struct pics_error *err);
/* Adds the ELF at @path with every address moved by @bias (load address
 * minus link address, modulo 2^64). A file that cannot be read adds
 * nothing. @path is opened as pics_open_file opens it: inside @root when
 * @root is not NULL, and only when it is a regular file. */
int pics_symbols_add(struct pics_symbols *s, const char *root,
		     const char *path, uint64_t bias, struct pics_error *err);
/* Adds the ELF at @elf (inside @root when @root is not NULL, as
 * pics_open_file finds it) as the file @map shows: its build-id must match
 * the mapping's when both have one (else PICS_ERR_MISMATCH), and its bias
 * follows from the PT_LOAD segment holding map->pgoff, or for "[kernel]"
 * from its _stext. An ELF already added for code in @map is not read
 * again. When @elf is NULL or cannot be used, the mapping's addresses get
 * the function name "[kernel]", "[vdso]" or "[PATH]" instead; a failure
 * is still reported, for the caller to warn about. */
int pics_symbols_add_mapping(struct pics_symbols *s,
			     const struct pics_mapping *map, const char *root,
			     const char *elf, struct pics_error *err);
/* pics_symbols_new and pics_symbols_add with no root and bias 0. */
struct pics_symbols *pics_symbols_open(const char *path,
				       struct pics_error *err);
void pics_symbols_close(struct pics_symbols *s);
/* The ELF whose executable sections (moved by its bias) hold @addr: the
 * path it was opened at (under a root, the root joined with the path the
 * links inside it led to) and its bias. */
bool pics_symbols_elf(const struct pics_symbols *s, uint64_t addr,
		      const char **path, uint64_t *bias);
/* Function containing @addr: its name and start address. */
bool pics_symbols_function(const struct pics_symbols *s, uint64_t addr,
			   const char **name, uint64_t *start);
/* Source line of @addr; @file is the last path component. */
bool pics_symbols_line(const struct pics_symbols *s, uint64_t addr,
		       const char **file, unsigned *line);
/* Source line of @addr with the file's path as the line table gives it
 * (absolute when the compiler recorded its directory). */
bool pics_symbols_source(const struct pics_symbols *s, uint64_t addr,
			 const char **path, unsigned *line);
/* The function named @name, or the mapping named so for want of its ELF:
 * its first address and the address after it (the first such function
 * when several share the name). */
bool pics_symbols_lookup(const struct pics_symbols *s, const char *name,
			 uint64_t *start, uint64_t *end);
/* The GNU build-id note of the first ELF added, or 0 bytes. */
size_t pics_symbols_build_id(const struct pics_symbols *s,
			     const uint8_t **id);

/* ---- files that inputs name ---------------------------------------------- */

/* Opens @path for reading when it is a regular file; a FIFO, a device or
 * a folder is refused without waiting or running the device's open.
 * When @root is not NULL, @path is looked up inside the folder @root as
 * if it were "/" (teaperf's --symfs): symbolic links inside it are
 * followed, an absolute one from @root, and a ".." or a link that leads
 * out of it is refused. Returns the descriptor, and when @where is not
 * NULL the path opened (@root joined with where @path led, to be freed);
 * -1 with @err set otherwise. */
int pics_open_file(const char *root, const char *path, char **where,
		   struct pics_error *err);

/* ---- disassembly ---------------------------------------------------------- */

/* Disassembly comes from objdump run as a child process, as perf annotate
 * does; the caller names the program (riscv64-unknown-elf-objdump). */
struct pics_insn_text {
	uint64_t addr;
	const char *text;	/* "addi    sp,sp,-16", tabs expanded */
};

struct pics_disasm;

/* Disassembles [@start, @end) of the ELF at @elf with "@objdump -d". Fails
 * with the reason when the program cannot be run or reports an error. */
struct pics_disasm *pics_disasm_run(const char *objdump, const char *elf,
				    uint64_t start, uint64_t end,
				    struct pics_error *err);
/* Parses objdump's output; every line that is not an instruction (headers,
 * labels, blank lines) is skipped. */
struct pics_disasm *pics_disasm_parse(const char *text, size_t len,
				      struct pics_error *err);
void pics_disasm_free(struct pics_disasm *d);
/* Instructions in address order. */
size_t pics_disasm_count(const struct pics_disasm *d);
const struct pics_insn_text *pics_disasm_insn(const struct pics_disasm *d,
					      size_t i);

/* ---- cycle stacks rolled up to units ------------------------------------ */

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

/* ---- the error metric (paper §4) ----------------------------------------- */

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
