/* The records of teaperf record's sample file (docs/formats.md), written
 * as the event brings what they hold (record.h): the header; map records
 * of each task's executable mappings from the cycle they were made on; a
 * task record before each sample of another task than the last; a
 * call-chain record before each sample with callers and a data-address
 * record before each with data addresses; at --max-size a stop
 * record; at the end the kernel's map, the throttle and the end record. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys.h>

#include "build_id.h"
#include "record.h"
#include "tea/csr.h"
#include "tea_event.h"
#include "tea/sample_format.h"

#define EVENTS		(sizeof(event_names) / sizeof(event_names[0]))
#define PSV_BYTES	((EVENTS + 7) / 8)
#define KERNEL_HALF	0x8000000000000000ull
/* what a file at its --max-size still needs: a stop record, the kernel's
 * map record (27 bytes, a 20-byte build-id, "[kernel]"), a throttle
 * record and the end */
#define TAIL_BYTES	(13 + 5 + 27 + 20 + 8 + 21 + 17)
/* minor version 7: buffer records with data addresses; 6: data-address
 * records; 5: buffer records; 4: call-chain records; 3: throttle records,
 * and below */
#define FORMAT_MINOR	7
/* a buffer record's fields before its padding and words: the samples, the
 * padding's length */
#define BUFFER_HEAD	5

static const char *const event_names[] = TEA_EVENT_NAMES;

/* Set bits of a slot mask (TEA_MAX_WIDTH bits), a nibble at a time: the
 * core has no popcount instruction, and libgcc's loop for one costs a
 * good share of a sample's writing. */
static unsigned slots_in(unsigned mask)
{
	const uint64_t ones = 0x4332322132212110ull;	/* of each nibble value */

	return (unsigned)((ones >> (4 * (mask & 15))) & 15) +
	       (unsigned)((ones >> (4 * (mask >> 4 & 15))) & 15);
}

/* Whether a record of @n bytes still fits under --max-size, with room for
 * what the end of the file needs. */
static int room_for(size_t n)
{
	uint64_t max = output_max_size();

	return !max || output_written() + n + TAIL_BYTES <= max;
}

/* At --max-size: no samples from @cycle on; the command runs on. */
static void stop_at_max_size(uint64_t cycle)
{
	if (run.stopped)
		return;
	run.stopped = 1;
	run.stop_cycle = cycle;
	stop_sampling();
	put_u8(TEA_REC_STOP);
	put_le(8, 4);
	put_le(cycle, 8);
}

/* ---- the header ---- */

void write_header(uint64_t period, const char *binary)
{
	uint8_t id[20];
	unsigned id_len = elf_build_id(binary, id);
	/* H: the scheme, W, E, the names, period, clock, binary, build-id */
	size_t h = 4 + 1 + 1 + 8 + 8 + 2 + strlen(binary) + 1 + id_len;

	for (unsigned i = 0; i < EVENTS; i++)
		h += 1 + strlen(event_names[i]);
	put("TEASMPL", 8);
	put_le(1, 2);		/* major */
	put_le(FORMAT_MINOR, 2);
	put_le(h, 4);
	put_str("TEA", 1);
	put_u8((uint8_t)run.width);
	put_u8(EVENTS);
	for (unsigned i = 0; i < EVENTS; i++)
		put_str(event_names[i], 1);
	put_le(period, 8);
	put_le(0, 8);		/* clock frequency: unknown */
	put_str(binary, 2);
	put_u8((uint8_t)id_len);
	put(id, id_len);
}

/* ---- map records ---- */

static size_t map_body(const struct map *m)
{
	return (m->pid || m->time ? 12 : 0) + 8 + 8 + 8 + 1 + m->build_id_len + 2 + strlen(m->path);
}

/* A map record: 0x80 for a mapping of every task from the start (as
 * readers before task map records know it), else 0x81. */
static void put_map(const struct map *m)
{
	int task = m->pid || m->time;

	put_u8(task ? TEA_REC_TASK_MAPPING : TEA_REC_MAPPING);
	put_le(map_body(m), 4);
	if (task) {
		put_le(m->pid, 4);
		put_le(m->time, 8);
	}
	put_le(m->start, 8);
	put_le(m->end, 8);
	put_le(m->pgoff, 8);
	put_u8((uint8_t)m->build_id_len);
	put(m->build_id, m->build_id_len);
	put_str(m->path, 2);
}

/* A mapping made while the command runs; none after a stop, as no sample
 * comes after it. */
static void write_map(const struct map *m)
{
	if (run.stopped)
		return;
	if (!room_for(5 + map_body(m))) {
		stop_at_max_size(run.last_time + 1);
		return;
	}
	put_map(m);
}

/* The cycle from which a mapping reported now holds: the records come in
 * the order they happened, so after the last sample read of user mode,
 * the only mode whose addresses a task's mappings hold (so the command's
 * first image holds from the start, though its exec's kernel samples come
 * before its mappings). */
static uint64_t map_time(void)
{
	return run.user_seen ? run.last_user_time + 1 : 0;
}

/* Kept for the task's forks, which start with its mappings; a task's own
 * are forgotten when it execs or exits. */
static void keep_map(const struct map *m)
{
	if (run.n_maps < MAX_MAPS)
		run.maps[run.n_maps++] = *m;
}

void forget_task(uint32_t pid)
{
	unsigned k = 0;

	for (unsigned i = 0; i < run.n_maps; i++)
		if (run.maps[i].pid != pid)
			run.maps[k++] = run.maps[i];
	run.n_maps = k;
}

/* (without --inherit, of the one task: 0) */
void add_map(uint32_t pid, uint64_t start, uint64_t len, uint64_t pgoff, const char *path)
{
	struct map m = {
		.start = start, .end = start + len, .pgoff = pgoff, .time = map_time(),
		.pid = run.inherit ? pid : 0,
	};

	strncpy(m.path, path, sizeof(m.path) - 1);
	m.build_id_len = path[0] == '[' ? 0 : elf_build_id(path, m.build_id);
	write_map(&m);
	keep_map(&m);
}

/* A fork (not a thread): the child runs its parent's mappings until it
 * execs, so they become its own from now on. */
void fork_task(uint32_t pid, uint32_t ppid)
{
	unsigned n = run.n_maps;

	for (unsigned i = 0; i < n; i++) {
		struct map m = run.maps[i];

		if (m.pid != ppid)
			continue;
		m.pid = pid;
		m.time = map_time();
		write_map(&m);
		keep_map(&m);
	}
}

/*
 * The kernel: the upper half of the address space, where a RISC-V kernel
 * and its modules live (reading the text's bounds from /proc/kallsyms
 * would cost more than a long recording), with the build-id of
 * /sys/kernel/notes, by which the host finds its vmlinux; every task's,
 * from the start.
 */
static void write_kernel_map(void)
{
	struct map m = { .start = KERNEL_HALF, .end = ~0ull, .path = "[kernel]" };

	m.build_id_len = notes_build_id("/sys/kernel/notes", m.build_id);
	put_map(&m);	/* room_for() kept room for it */
}

/* ---- samples ---- */

/* The first and last sample's time in perf's clock and in cycles (for
 * the throttle record), and the last of user mode (for map_time). */
static void note_time(const struct sample *s)
{
	run.last_time = s->time;
	if (!run.timed) {
		run.timed = 1;
		run.first_ns = s->ns;
		run.first_cycle = s->time;
	}
	run.last_ns = s->ns;
	run.last_cycle = s->time;
	if (TEA_STAT_PRIV(s->stat) == TEA_PRIV_U) {
		run.user_seen = 1;
		run.last_user_time = s->time;
	}
}

/* A task record, when @pid's samples follow another task's. */
static void put_task(uint32_t pid)
{
	if (pid == run.task)
		return;
	put_u8(TEA_REC_TASK);
	put_le(4, 4);
	put_le(pid, 4);
	run.task = pid;
}

static void put_callers(const struct sample *s)
{
	put_u8(TEA_REC_CALLCHAIN);
	put_le(4 + 8 * (uint64_t)s->n_callers, 4);
	put_le(s->n_callers, 4);
	for (unsigned i = 0; i < s->n_callers; i++)
		put_le(s->callers[i], 8);
}

/* The data-address record of the @daccess slots of @s. */
static void put_daddrs(const struct sample *s, unsigned daccess)
{
	put_u8(TEA_REC_DATA_ADDR);
	put_le(1 + 8 * (uint64_t)slots_in(daccess), 4);
	put_u8((uint8_t)daccess);
	for (unsigned i = 0; i < run.width; i++)
		if (daccess >> i & 1)
			put_le(slot_word(s, 2 * run.width + i), 8);
}

/* The sample record: its cycle, commit state and valid slots, and each
 * valid slot's address and PSV. */
static void put_data(const struct sample *s, unsigned valid)
{
	unsigned width = run.width, k = slots_in(valid);
	/* written in place: a sample at a short period costs little more */
	uint8_t *p = put_room(11 + k * (8 + PSV_BYTES));

	if (!p)
		return;
	*p++ = TEA_REC_DATA;
	*p++ = (uint8_t)((s->stat >> TEA_STAT_STATE_SHIFT) & 3);
	*p++ = (uint8_t)valid;
	p = store_le(p, s->time, 8);
	for (unsigned i = 0; i < width; i++) {
		if (!(valid >> i & 1))
			continue;
		p = store_le(p, slot_word(s, i), 8);
		p = store_le(p, slot_word(s, width + i), PSV_BYTES);
	}
}

void write_sample(const struct sample *s)
{
	unsigned valid = (s->stat >> TEA_STAT_MASK_SHIFT) & ((1u << run.width) - 1);
	unsigned daccess = (s->stat >> TEA_STAT_DMASK_SHIFT) & valid;
	uint32_t pid = run.inherit ? s->pid : 0;
	size_t bytes;

	note_time(s);
	if (!valid)
		return;
	if (run.stopped || run.failed) {
		run.left_out++;
		return;
	}
	bytes = (pid != run.task ? 9 : 0) + (s->n_callers ? 9 + 8 * (size_t)s->n_callers : 0) +
		(daccess ? 6 + 8 * (size_t)slots_in(daccess) : 0) +
		11 + (size_t)slots_in(valid) * (8 + PSV_BYTES);
	if (!room_for(bytes)) {
		stop_at_max_size(s->time);
		run.left_out++;
		return;
	}
	put_task(pid);
	/* right before its sample, after the task record */
	if (s->n_callers)
		put_callers(s);
	if (daccess)
		put_daddrs(s, daccess);
	put_data(s, valid);
	run.samples++;
}

/* ---- buffer mode ---- */

/* A buffer record of the @n samples in the area's bytes @from to @to: its
 * words as the sampler wrote them, in at most two runs of the area. */
static void put_buffer(const struct tea_aux *aux, uint64_t from, uint64_t to, uint32_t n,
		       uint32_t pid)
{
	uint64_t at = from & (aux->size - 1), bytes = to - from;
	uint64_t first = bytes < aux->size - at ? bytes : aux->size - at;
	unsigned pad;

	put_task(pid);
	pad = output_pad_for(1 + 4 + BUFFER_HEAD);
	put_u8(TEA_REC_BUFFER_DADDR);
	put_le(BUFFER_HEAD + pad + bytes, 4);
	put_le(n, 4);
	put_u8((uint8_t)pad);
	put_le(0, pad);
	put_words((const uint64_t *)(const void *)(aux->data + at), first / 8);
	put_words((const uint64_t *)(const void *)aux->data, (bytes - first) / 8);
	run.samples += n;
}

/*
 * The host decodes the records (docs/formats.md, the buffer record): here
 * a sample costs a look at its first two words and a copy of them all,
 * where a sample record would cost its conversion. The first two words
 * say whether it holds an instruction, its time (for the map records and
 * --max-size) and whether it ran in user mode.
 */
void write_buffer(const struct tea_aux *aux, uint64_t offset, uint64_t end, uint32_t pid,
		  uint64_t ns)
{
	const uint8_t *data = aux->data;
	uint64_t mask = aux->size - 1, words = TEA_RECORD_WORDS(run.width);
	uint64_t upto = offset, stop = 0, records = 0, max = output_max_size();
	unsigned all = (1u << run.width) - 1;
	/* the task record, the buffer record's head and its padding */
	uint64_t room = 9 + 1 + 4 + BUFFER_HEAD + 7 + TAIL_BYTES + output_written();
	int leave_out = run.stopped || run.failed;
	struct sample s = { .pid = pid, .ns = ns };
	uint32_t n = 0;

	/* the bytes of records that fit under --max-size */
	room = !max ? ~0ull : max > room ? max - room : 0;
	for (uint64_t at = offset; at + 8 <= end;) {
		/* tea_aux_word's, with the area's fields kept in registers */
		uint64_t time = *(const uint64_t *)(const void *)(data + (at & mask));

		/* a zero word: where the driver padded to a run's end (a
		 * record's first word, its cycle, is never 0) */
		if (!time) {
			at += 8;
			continue;
		}
		if (at + 8 * words > end) {
			output_failed("a record cut short in the AUX area");
			return;
		}
		s.time = time;
		s.stat = *(const uint64_t *)(const void *)(data + ((at + 8) & mask));
		at += 8 * words;
		records++;
		if (!run.timed)
			note_time(&s);
		if (TEA_STAT_PRIV(s.stat) == TEA_PRIV_U) {
			run.user_seen = 1;
			run.last_user_time = s.time;
		}
		if (!(s.stat >> TEA_STAT_MASK_SHIFT & all))
			continue;
		if (leave_out) {
			run.left_out++;
		} else if (at - offset > room) {
			stop = s.time;
			leave_out = 1;
			run.left_out++;
		} else {
			n++;
			upto = at;
		}
	}
	run.records += records;
	/* the last record's time (and user mode's, again) */
	if (records)
		note_time(&s);
	if (n)
		put_buffer(aux, offset, upto, n, run.inherit ? pid : 0);
	if (stop)
		stop_at_max_size(stop);
}

/* ---- the end ---- */

/*
 * How often perf throttled the event, and for how long in cycles: its
 * THROTTLE to UNTHROTTLE times are in perf's clock, which the samples
 * relate to the sampler's cycles (0 with fewer than two samples). A
 * throttle the command's end cut short has no UNTHROTTLE: it counts, with
 * no time (at most a timer tick).
 */
static void write_throttle(void)
{
	uint64_t cycles = 0, ns = run.last_ns - run.first_ns;

	if (!run.throttles)
		return;
	if (run.timed && ns && run.last_cycle > run.first_cycle)
		cycles = (uint64_t)((double)run.throttled_ns *
				    (double)(run.last_cycle - run.first_cycle) / (double)ns);
	put_u8(TEA_REC_THROTTLE);
	put_le(16, 4);
	put_le(run.throttles, 8);
	put_le(cycles, 8);
}

void write_tail(void)
{
	write_kernel_map();
	write_throttle();
	put_u8(TEA_REC_END);
	put_le(run.samples, 8);
	put_le(run.hw_lost + run.rec_lost + run.left_out, 8);
}
