/* teaperf on the target: samples a command with the kernel's tea PMU
 * (driver/linux/tea_pmu_core.c) and writes the project's sample file
 * (docs/formats.md), which the host's teaperf reads:
 *
 *   teaperf record [-c N] [--jitter B] [--mode interrupt|buffer] [--user]
 *                  [--inherit] [--max-size SIZE] [-o FILE] [--] CMD [ARGS...]
 *
 * CMD is found as a shell finds it (in PATH when it has no '/') and
 * checked before anything is written: a command that cannot run is one
 * line and status 127 (not found) or 126, with no file. It is forked and
 * exec'd with the event counting from its exec (enable_on_exec), and with
 * --inherit in every task it forks; the ring buffer (and in buffer mode
 * the AUX area the sampler writes its records into) is drained while it
 * runs; samples the hardware lost and records the kernel dropped
 * (PERF_RECORD_LOST) are counted, and how often and how long perf
 * throttled the event goes into a throttle record (0x84). The file names the
 * command and its build-id, and holds map records (kind 0x80, or 0x81
 * with a task and a cycle) where they arrive: each executable mapping of
 * each task followed, from the cycle it was made on, so that the host
 * finds the binary of each sample's task at its cycle; a task record
 * (0x82) before each sample of another task than the last; and the
 * kernel's text with its build-id. FILE "host:NAME" goes out through
 * teasim's host file channel (docs/linux.md), "console:NAME" on the
 * console as lines a board's host writes back into a file
 * (tea/host_console.h; docs/boards.md), kept in memory until the end, 8
 * MiB at the most. At --max-size (for the console, 8 MiB at the most and
 * by default) sampling stops, a stop record (0x83) says at which cycle,
 * and the command runs on to its end. A static program on the kernel's
 * nolibc: no C library. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys.h>
#include <linux/perf_event.h>

#include "build_id.h"
#include "command.h"
#include "console_file.h"
#include "host_file.h"
#include "tea/csr.h"
#include "tea/host_console.h"
#include "tea_event.h"
#include "tea/perf.h"
#include "tea/sample_format.h"

#define DEFAULT_PERIOD	100000	/* under Linux each sample costs an interrupt */
#define RING_PAGES	64		/* data pages of the ring buffer, a power of two */
#define AUX_PAGES	128		/* buffer mode: pages of the AUX area, a power of two */
#define AUX_WAKEUP	(16 * 4096)
#define PAGE		4096
#define MAX_MAPS	256		/* the mappings of the tasks alive, for their forks */
#define EVENTS		(sizeof(event_names) / sizeof(event_names[0]))
#define PSV_BYTES	((EVENTS + 7) / 8)
#define KERNEL_HALF	0x8000000000000000ull
#define CONSOLE_MAX	(8u << 20)	/* a file for the console is kept whole until the end */
#define MIN_SIZE	4096		/* --max-size: room for the header and a few samples */
/* what a file at its --max-size still needs: a stop record, the kernel's
 * map record (27 bytes, a 20-byte build-id, "[kernel]"), a throttle
 * record and the end */
#define TAIL_BYTES	(13 + 5 + 27 + 20 + 8 + 21 + 17)

#ifndef O_CLOEXEC
#define O_CLOEXEC	02000000
#endif

static const char *const event_names[] = TEA_EVENT_NAMES;
static struct tea_aux aux;

struct map {
	uint64_t start, end, pgoff;
	uint64_t time;		/* the first cycle it holds for; 0: from the start */
	uint32_t pid;		/* 0: every task */
	uint8_t build_id[20];
	unsigned build_id_len;
	char path[PATH_BYTES];
};

/* what a run collected, besides the records it wrote as they came */
static struct {
	unsigned width;
	int inherit;
	uint64_t samples, hw_lost, rec_lost;
	uint64_t throttles, throttled_ns, throttle_start;	/* perf's clock */
	int throttled;		/* between a THROTTLE and its UNTHROTTLE */
	/* the first and the last sample in perf's clock and in cycles */
	int timed;
	uint64_t first_ns, first_cycle, last_ns, last_cycle;
	uint64_t records;	/* PERF_RECORD_SAMPLEs the ring brought, or AUX records */
	int buffer;		/* buffer mode: the samples come in the AUX area */
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
	pid_t child;
} run;

/* ---- output: a file, teasim's host file channel, or the console ---- */

static uint8_t outbuf[65536];
static size_t outlen;
static uint64_t written;	/* bytes of the file so far, outbuf's included */
static uint64_t max_size;	/* 0: no limit */
static int outfd = -1;
static int to_host;		/* -o host:NAME: through teasim's host file channel */
static int to_console;		/* -o console:NAME: printed at the end */
static uint8_t console_file[CONSOLE_MAX];
static size_t console_len;

static void die(const char *what)
{
	printf("teaperf: %s\n", what);
	exit(1);
}

/*
 * Once the command runs, a failure leaves it running on unsampled rather
 * than orphaned: the event is disabled (its inherited copies with it),
 * nothing more is written, and teaperf reports the failure when the
 * command has ended.
 */
static void stop_sampling(void)
{
	if (run.fd >= 0)
		ioctl(run.fd, PERF_EVENT_IOC_DISABLE, 0);
}

static void output_failed(const char *what)
{
	if (!run.failed)
		run.failed = what;
	stop_sampling();
	outlen = 0;
}

static void flush_out(void)
{
	size_t done = 0;

	if (run.failed)
		return;
	if (to_host) {
		const char *err = host_file_write(outbuf, outlen);

		if (err) {
			output_failed(err);
			return;
		}
		done = outlen;
	}
	if (to_console) {
		/* cannot happen: --max-size keeps the file within the buffer */
		if (outlen > CONSOLE_MAX - console_len) {
			output_failed("the sample file outgrew the console's 8 MiB");
			return;
		}
		memcpy(console_file + console_len, outbuf, outlen);
		console_len += outlen;
		done = outlen;
	}
	while (done < outlen) {
		ssize_t n = write(outfd, outbuf + done, outlen - done);

		if (n <= 0) {
			output_failed("cannot write the sample file");
			return;
		}
		done += (size_t)n;
	}
	outlen = 0;
}

static void put(const void *p, size_t n)
{
	if (run.failed)
		return;
	if (outlen + n > sizeof(outbuf))
		flush_out();
	memcpy(outbuf + outlen, p, n);
	outlen += n;
	written += n;
}

static void put_u8(uint8_t v)
{
	put(&v, 1);
}

static void put_le(uint64_t v, unsigned bytes)
{
	uint8_t b[8];

	for (unsigned i = 0; i < bytes; i++)
		b[i] = (uint8_t)(v >> (8 * i));
	put(b, bytes);
}

static void put_str(const char *s, unsigned len_bytes)
{
	size_t n = strlen(s);

	put_le(n, len_bytes);
	put(s, n);
}

/* Whether a record of @n bytes still fits under --max-size, with room for
 * what the end of the file needs. */
static int room_for(size_t n)
{
	return !max_size || written + n + TAIL_BYTES <= max_size;
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

/* ---- the file ---- */

static void write_header(uint64_t period, const char *binary)
{
	uint8_t id[20];
	unsigned id_len = elf_build_id(binary, id);
	size_t start;
	uint32_t h;

	put("TEASMPL", 8);
	put_le(1, 2);		/* major */
	put_le(3, 2);		/* minor: task map, task, stop and throttle records */
	start = outlen;
	put_le(0, 4);		/* H, below */
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
	h = (uint32_t)(outlen - start - 4);
	memcpy(outbuf + start, &h, 4);
}

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

static void forget_task(uint32_t pid)
{
	unsigned k = 0;

	for (unsigned i = 0; i < run.n_maps; i++)
		if (run.maps[i].pid != pid)
			run.maps[k++] = run.maps[i];
	run.n_maps = k;
}

/* A PERF_RECORD_MMAP of task @pid (without --inherit, the one task: 0). */
static void add_map(uint32_t pid, uint64_t start, uint64_t len, uint64_t pgoff, const char *path)
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
static void fork_task(uint32_t pid, uint32_t ppid)
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

/* A sample of task @pid, known to perf at @ns in its clock, as a sample
 * record: its cycle, teastat, and @slots: width addresses, then width
 * PSVs, 8 bytes each, little-endian. */
static void put_sample(uint64_t time, uint64_t stat, const uint8_t *slots, uint32_t pid,
		       uint64_t ns)
{
	unsigned state, valid, k, width = run.width;
	size_t bytes;

	run.last_time = time;
	if (!run.timed) {
		run.timed = 1;
		run.first_ns = ns;
		run.first_cycle = time;
	}
	run.last_ns = ns;
	run.last_cycle = time;
	if (TEA_STAT_PRIV(stat) == TEA_PRIV_U) {
		run.user_seen = 1;
		run.last_user_time = time;
	}
	state = (stat >> TEA_STAT_STATE_SHIFT) & 3;
	valid = (stat >> TEA_STAT_MASK_SHIFT) & ((1u << width) - 1);
	if (!valid)
		return;
	if (run.stopped || run.failed) {
		run.left_out++;
		return;
	}
	if (!run.inherit)
		pid = 0;
	k = (unsigned)__builtin_popcount(valid);
	bytes = (pid != run.task ? 9 : 0) + 11 + k * (8 + PSV_BYTES);
	if (!room_for(bytes)) {
		stop_at_max_size(time);
		run.left_out++;
		return;
	}
	if (pid != run.task) {
		put_u8(TEA_REC_TASK);
		put_le(4, 4);
		put_le(pid, 4);
		run.task = pid;
	}
	put_u8(TEA_REC_DATA);
	put_u8((uint8_t)state);
	put_u8((uint8_t)valid);
	put_le(time, 8);
	for (unsigned i = 0; i < width; i++) {
		uint64_t addr, psv;

		if (!(valid >> i & 1))
			continue;
		memcpy(&addr, slots + 8 * i, 8);
		memcpy(&psv, slots + 8 * (width + i), 8);
		put_le(addr, 8);
		put_le(psv, PSV_BYTES);
	}
	run.samples++;
}

/* One PERF_RECORD_SAMPLE's raw data (interrupt mode). */
static void write_sample(const uint8_t *raw, uint32_t size, uint32_t pid, uint64_t ns)
{
	struct tea_perf_raw s;

	if (size < sizeof(s))
		return;
	memcpy(&s, raw, sizeof(s));
	if (s.version != TEA_PERF_RAW_VERSION || s.width != run.width ||
	    size < TEA_PERF_RAW_SIZE(s.width)) {
		output_failed("a sample in a layout this teaperf does not know");
		return;
	}
	run.hw_lost += s.lost;
	put_sample(s.time, s.stat, raw + sizeof(s), pid, ns);
}

/*
 * The records the sampler wrote into the AUX area (buffer mode) that a
 * PERF_RECORD_AUX announced: whole records of 2 + 2 * width words, and
 * zero words where the driver padded to a contiguous run's end (a
 * record's first word, its cycle, is never 0). A truncated area means
 * the reader fell behind and the event stopped: read now, it is disabled
 * and enabled again (perf 6.1 may have disabled it, or may not: on CPU 0
 * it loses that).
 */
static void take_aux(uint64_t offset, uint64_t size, uint64_t flags, uint32_t pid, uint64_t ns)
{
	uint64_t rec[2 + 2 * TEA_MAX_WIDTH], end = offset + size;
	unsigned words = 2 + 2 * run.width;

	while (offset + 8 <= end) {
		if (!tea_aux_word(&aux, offset)) {
			offset += 8;
			continue;
		}
		if (offset + 8 * words > end) {
			output_failed("a record cut short in the AUX area");
			break;
		}
		for (unsigned i = 0; i < words; i++)
			rec[i] = tea_aux_word(&aux, offset + 8 * i);
		offset += 8 * words;
		run.records++;
		put_sample(rec[0], rec[1], (const uint8_t *)(rec + 2), pid, ns);
	}
	tea_aux_release(&aux, end);
	if (flags & PERF_AUX_FLAG_TRUNCATED && !run.stopped && !run.failed) {
		run.truncated++;
		ioctl(run.fd, PERF_EVENT_IOC_DISABLE, 0);
		ioctl(run.fd, PERF_EVENT_IOC_ENABLE, 0);
	}
}

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

static void write_end(void)
{
	put_u8(TEA_REC_END);
	put_le(run.samples, 8);
	put_le(run.hw_lost + run.rec_lost + run.left_out, 8);
}

/* ---- perf ---- */

/* Takes the records the ring holds. */
static void drain(struct tea_ring *ring)
{
	static uint64_t rec_words[PAGE / 8];
	uint8_t *rec = (uint8_t *)rec_words;	/* aligned: the ring copies words */
	int size;

	while ((size = tea_ring_next(ring, rec, sizeof(rec_words))) > 0) {
		const struct perf_event_header *hdr = (const void *)rec;
		uint32_t pid, ppid;
		uint64_t time;

		/* every record of these types starts with the task's pid */
		memcpy(&pid, rec + 8, 4);
		switch (hdr->type) {
		case PERF_RECORD_SAMPLE: {
			/* ip, pid/tid, time, cpu/res, period, raw */
			uint32_t raw_size;

			run.records++;
			memcpy(&pid, rec + 8 + 8, 4);
			memcpy(&raw_size, rec + 8 + 8 + 8 + 8 + 8 + 8, 4);
			memcpy(&time, rec + 8 + 8 + 8, 8);
			if (8 + 40 + 4 + (size_t)raw_size <= (size_t)size)
				write_sample(rec + 8 + 40 + 4, raw_size, pid, time);
			break;
		}
		case PERF_RECORD_MMAP: {
			uint64_t addr, len, pgoff;

			memcpy(&addr, rec + 16, 8);
			memcpy(&len, rec + 24, 8);
			memcpy(&pgoff, rec + 32, 8);
			rec[size - 1] = '\0';
			if ((run.inherit || (pid_t)pid == run.child) &&
			    !(hdr->misc & PERF_RECORD_MISC_MMAP_DATA))
				add_map(pid, addr, len, pgoff, (const char *)rec + 40);
			break;
		}
		case PERF_RECORD_COMM:
			/* an exec: the mappings that come next replace these */
			if (hdr->misc & PERF_RECORD_MISC_COMM_EXEC)
				forget_task(run.inherit ? pid : 0);
			break;
		case PERF_RECORD_FORK:
			memcpy(&ppid, rec + 12, 4);
			if (run.inherit && pid != ppid)
				fork_task(pid, ppid);
			break;
		case PERF_RECORD_EXIT: {
			uint32_t tid;

			memcpy(&tid, rec + 16, 4);
			if (run.inherit && pid == tid)
				forget_task(pid);
			break;
		}
		case PERF_RECORD_AUX: {
			/* offset, size, flags; then sample_id: pid/tid, time, ... */
			uint64_t offset, bytes, flags;

			memcpy(&offset, rec + 8, 8);
			memcpy(&bytes, rec + 16, 8);
			memcpy(&flags, rec + 24, 8);
			memcpy(&pid, rec + 32, 4);
			memcpy(&time, rec + 40, 8);
			if (run.buffer && 48 <= size)
				take_aux(offset, bytes, flags, pid, time);
			break;
		}
		case PERF_RECORD_LOST: {
			uint64_t lost;

			memcpy(&lost, rec + 16, 8);
			run.rec_lost += lost;
			break;
		}
		case PERF_RECORD_THROTTLE:
			memcpy(&time, rec + 8, 8);
			if (!run.throttled) {
				run.throttles++;
				run.throttled = 1;
				run.throttle_start = time;
			}
			break;
		case PERF_RECORD_UNTHROTTLE:
			memcpy(&time, rec + 8, 8);
			if (run.throttled && time > run.throttle_start)
				run.throttled_ns += time - run.throttle_start;
			run.throttled = 0;
			break;
		}
	}
	if (size < 0)
		output_failed("a malformed record in the ring buffer");
	tea_ring_release(ring);
}

/*
 * The event's count is every sample that fell due, delivered or lost
 * (driver/linux/tea_pmu_core.c): what it holds beyond the samples delivered
 * (those the ring brought and those it lost) and the losses they reported
 * are the losses after the last sample, which no sample could report.
 */
static void count_trailing_losses(void)
{
	uint64_t count, known = run.records + run.rec_lost + run.hw_lost;

	if (read(run.fd, &count, sizeof(count)) == sizeof(count) && count > known)
		run.hw_lost += count - known;
}

static int open_event(long type, uint64_t period, unsigned jitter, int user_only)
{
	struct perf_event_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.type = (uint32_t)type;
	attr.size = sizeof(attr);
	attr.config = jitter | (run.buffer ? TEA_PERF_CONFIG_BUFFER : 0);
	/* buffer mode: each AUX record names its task; perf publishes the
	 * area every AUX_WAKEUP bytes (and its pages come in runs as long) */
	attr.sample_id_all = (unsigned)run.buffer;
	attr.aux_watermark = AUX_WAKEUP;
	attr.sample_period = period;
	attr.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME | PERF_SAMPLE_CPU |
			   PERF_SAMPLE_PERIOD | PERF_SAMPLE_RAW;
	attr.disabled = 1;
	attr.enable_on_exec = 1;
	/* children's events are copies of this one, writing into its ring */
	attr.inherit = (unsigned)run.inherit;
	attr.task = (unsigned)run.inherit;
	attr.exclude_kernel = user_only;
	attr.exclude_hv = 1;
	attr.mmap = 1;
	attr.comm = 1;
	attr.comm_exec = 1;
	attr.watermark = 1;
	attr.wakeup_watermark = RING_PAGES * PAGE / 4;
	/* perf maps no ring of an inherited event that follows its task on
	 * every CPU: this one follows it on CPU 0, the one hart */
	return my_syscall5(__NR_perf_event_open, &attr, run.child, run.inherit ? 0 : -1, -1,
			   8 /* CLOEXEC */);
}

/* Whether CPU 0 is the only one (a kernel without SMP may not say). */
static int one_cpu(void)
{
	char buf[16];
	int fd = open("/sys/devices/system/cpu/online", O_RDONLY, 0);
	ssize_t n = fd < 0 ? -1 : read(fd, buf, sizeof(buf));

	if (fd >= 0)
		close(fd);
	return n < 0 || (n == 2 && !memcmp(buf, "0\n", 2));
}

static void usage(int status)
{
	printf("usage: teaperf record [-c N] [--jitter B] [--mode interrupt|buffer] [--user]\n"
	       "                      [--inherit] [--max-size SIZE] [-o FILE] [--] CMD [ARGS...]\n"
	       "       teaperf put FILE host:NAME|console:NAME\n"
	       "Samples CMD with the TEA sampler (the kernel's tea PMU) and writes a sample\n"
	       "file (default teaperf.tea; host:NAME through teasim's host file channel,\n"
	       "console:NAME on the console for a board's host, teaperf boot). CMD without\n"
	       "a '/' is looked for in PATH (default /bin:/usr/bin).\n"
	       "  -c, --period N    cycles between samples (default %d)\n"
	       "  --jitter B        vary each period by up to 2^(B-1) cycles either way\n"
	       "                    (0..16; the mean stays N, which must exceed 2^B)\n"
	       "  --mode MODE       interrupt: an interrupt hands each sample to perf; buffer:\n"
	       "                    the sampler writes them into memory itself (the default\n"
	       "                    where the sampler can)\n"
	       "  --user            user-mode samples only (as perf_event_paranoid may demand)\n"
	       "  --inherit         follow the tasks CMD forks, and theirs: each sample and\n"
	       "                    mapping names its task\n"
	       "  --max-size SIZE   stop sampling before the file exceeds SIZE bytes (K, M\n"
	       "                    suffixes; at least 4K); CMD runs on to its end\n"
	       "                    (console: 8M at the most and by default)\n"
	       "  -o FILE           the sample file (host:NAME: into teasim's --host-dir;\n"
	       "                    console:NAME: printed at the end, for the host to write)\n",
	       DEFAULT_PERIOD);
	exit(status);
}

static uint64_t number_arg(const char *s, const char *opt, uint64_t max, int suffix)
{
	uint64_t v = 0, unit = 1;

	if (!*s)
		usage(2);
	for (const char *first = s; *s; s++) {
		if (suffix && s > first && (*s == 'K' || *s == 'M') && !s[1]) {
			unit = *s == 'K' ? 1024 : 1024 * 1024;
			break;
		}
		if (*s < '0' || *s > '9' || v > max / 10)
			goto bad;
		v = v * 10 + (uint64_t)(*s - '0');
	}
	if (v > max / unit)
		goto bad;
	return v * unit;
bad:
	printf("teaperf: %s needs a number up to %llu%s\n", opt, (unsigned long long)max,
	       suffix ? " (bytes, or with K or M)" : "");
	exit(2);
}

int main(int argc, char **argv, char **envp)
{
	static char file[PATH_BYTES];
	const char *out = "teaperf.tea";
	uint64_t period = DEFAULT_PERIOD, jitter = 0, size_limit = 0;
	int user_only = 0, go[2], exec_err[2], i, e, wstatus = 0, status, mode = -1;
	long type;
	struct tea_ring ring;
	struct pollfd pfd;
	ssize_t n;

	run.fd = -1;
	if (argc >= 2 && !strcmp(argv[1], "put"))
		return put_main(argc - 1, argv + 1);
	if (argc < 2 || strcmp(argv[1], "record"))
		usage(2);
	/* options stop at "--" or at the command (the kernel hands init no
	 * second "--") */
	for (i = 2; i < argc && argv[i][0] == '-' && strcmp(argv[i], "--"); i++) {
		if ((!strcmp(argv[i], "--period") || !strcmp(argv[i], "-c")) && i + 1 < argc)
			period = number_arg(argv[++i], "--period", 0xffffffffu, 0);
		else if (!strcmp(argv[i], "--jitter") && i + 1 < argc)
			jitter = number_arg(argv[++i], "--jitter", 16, 0);
		else if (!strcmp(argv[i], "--max-size") && i + 1 < argc)
			size_limit = number_arg(argv[++i], "--max-size", ~0ull, 1);
		else if (!strcmp(argv[i], "-o") && i + 1 < argc)
			out = argv[++i];
		else if (!strcmp(argv[i], "--mode") && i + 1 < argc && !strcmp(argv[i + 1], "buffer"))
			mode = 1, i++;
		else if (!strcmp(argv[i], "--mode") && i + 1 < argc && !strcmp(argv[i + 1], "interrupt"))
			mode = 0, i++;
		else if (!strcmp(argv[i], "--user"))
			user_only = 1;
		else if (!strcmp(argv[i], "--inherit"))
			run.inherit = 1;
		else if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help"))
			usage(0);
		else
			usage(2);
	}
	if (i < argc && !strcmp(argv[i], "--"))
		i++;
	if (i >= argc || period == 0)
		usage(2);
	if (jitter && period <= 1ull << jitter) {
		printf("teaperf: --jitter %llu needs a period above %llu\n",
		       (unsigned long long)jitter, 1ull << jitter);
		exit(2);
	}
	if (size_limit && size_limit < MIN_SIZE) {
		printf("teaperf: --max-size needs at least %d bytes\n", MIN_SIZE);
		exit(2);
	}
	argv += i;
	to_host = !strncmp(out, "host:", 5);
	to_console = !strncmp(out, "console:", 8);
	max_size = size_limit;
	if (to_console && (!max_size || max_size > CONSOLE_MAX))
		max_size = CONSOLE_MAX;
	if (to_console && !console_file_name_ok(out + 8, strlen(out + 8)))
		die("console:NAME: 1 to 64 of A-Z a-z 0-9 . _ -, not starting with '.'");

	/* before anything is opened: a command that cannot run leaves no file */
	e = find_command(argv[0], envp, file);
	if (e)
		return cannot_run(argv[0], e);
	if (tea_pmu_find(&type, &run.width))
		die("no tea PMU (is the TEA driver loaded?)");
	run.buffer = mode < 0 ? tea_pmu_has_buffer() : mode;
	if (run.buffer && !tea_pmu_has_buffer())
		die("--mode buffer: this sampler has no buffer mode");
	if (run.inherit && !one_cpu())
		die("--inherit follows a command's tasks on one CPU only, and this machine has more");
	if (my_syscall2(__NR_pipe2, go, 0) || my_syscall2(__NR_pipe2, exec_err, O_CLOEXEC))
		die("cannot make a pipe");
	run.child = fork();
	if (run.child < 0)
		die("cannot fork");
	if (run.child == 0) {
		char c;

		close(go[1]);
		close(exec_err[0]);
		if (read(go[0], &c, 1) != 1)
			exit(127);
		execve(file, argv, envp);
		/* what the check could not foresee: the parent reports it */
		e = errno;
		if (write(exec_err[1], &e, sizeof(e)) != sizeof(e))
			exit(127);
		exit(e == ENOENT ? 127 : 126);
	}
	close(go[0]);
	close(exec_err[1]);
	run.fd = open_event(type, period, (unsigned)jitter, user_only);
	if (run.fd < 0) {
		kill(run.child, 9);
		die(run.fd == -EACCES ? "perf_event_open: not allowed to sample the kernel "
			"(perf_event_paranoid): use --user" :
		    run.fd == -EBUSY ? "perf_event_open: the sampler is busy with another event" :
		    run.fd == -EOPNOTSUPP ? "perf_event_open: the driver has buffer mode only (its "
			"kernel exports no perf_event_overflow): use --mode buffer" :
		    "perf_event_open failed");
	}
	if (tea_ring_map(&ring, run.fd, RING_PAGES))
		die("cannot map the ring buffer");
	if (run.buffer && tea_aux_map(&aux, &ring, run.fd, AUX_PAGES))
		die("cannot map the AUX area (buffer mode; --mode interrupt needs none)");
	if (to_host) {
		const char *err = host_file_open(out + 5);

		if (err)
			die(err);
	} else if (!to_console && (outfd = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0644)) < 0) {
		die("cannot create the sample file");
	}
	write_header(period, file);
	if (write(go[1], "g", 1) != 1)
		die("cannot start the command");
	close(go[1]);
	/* the pipe closes at a successful exec; else it brings the errno */
	n = read(exec_err[0], &e, sizeof(e));
	close(exec_err[0]);
	if (n == sizeof(e)) {
		waitpid(run.child, &wstatus, 0);
		if (to_host)
			host_file_close();	/* empty: the channel cannot remove it */
		else if (!to_console) {
			close(outfd);
			unlink(out);
		}
		return cannot_run(argv[0], e);
	}

	pfd.fd = run.fd;
	pfd.events = POLLIN;
	for (;;) {
		pid_t done = waitpid(run.child, &wstatus, WNOHANG);

		drain(&ring);
		if (done == run.child)
			break;
		poll(&pfd, 1, 50);
	}
	drain(&ring);
	if (run.buffer)
		tea_aux_unmap(&aux);
	tea_ring_unmap(&ring);
	count_trailing_losses();
	close(run.fd);
	status = WIFEXITED(wstatus) ? WEXITSTATUS(wstatus) : 128 + (wstatus & 0x7f);
	write_kernel_map();
	write_throttle();
	write_end();
	flush_out();
	if (run.failed) {
		if (to_host)
			host_file_close();
		else if (!to_console)
			close(outfd);
		printf("teaperf: %s: %s; the file is cut short, %s ran to its end\n", out, run.failed,
		       file);
		return 1;
	}
	if (to_host) {
		const char *err = host_file_close();

		if (err)
			die(err);
	} else if (to_console) {
		if (console_file_print(out + 8, console_file, console_len))
			die("cannot write to the console");
	} else if (close(outfd)) {
		die("cannot close the sample file");
	}
	printf("teaperf: %llu samples of %s in %s (%s mode); lost %llu in the hardware, %llu in the "
	       "kernel; throttled %llu times\n", (unsigned long long)run.samples, file, out,
	       run.buffer ? "buffer" : "interrupt", (unsigned long long)run.hw_lost,
	       (unsigned long long)run.rec_lost, (unsigned long long)run.throttles);
	if (run.truncated)
		printf("teaperf: the AUX area was full %llu times: the samples meanwhile are lost\n",
		       (unsigned long long)run.truncated);
	if (run.stopped)
		printf("teaperf: %s reached --max-size %llu bytes: sampling stopped at cycle %llu, "
		       "%s ran on to its end; %llu samples left out (counted lost)\n", out,
		       (unsigned long long)max_size, (unsigned long long)run.stop_cycle, file,
		       (unsigned long long)run.left_out);
	return status;
}
