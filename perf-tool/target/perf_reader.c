/* teaperf record's tea event (record.h): opened on the command, its ring
 * buffer (and in buffer mode its AUX area) mapped and drained while the
 * command runs. Each record becomes what the sample file needs: samples
 * (with their callers under -g), the tasks' mappings, forks and execs,
 * and the counts of what was lost and throttled. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys.h>
#include <linux/perf_event.h>

#include "record.h"
#include "tea_event.h"
#include "tea/perf.h"
#include "tea/sample_format.h"

/* data pages of the ring buffer, a power of two: in buffer mode it holds
 * a record for each AUX_WAKEUP bytes of samples, the mappings and forks,
 * and fewer pages cost the command less to set up and tear down */
#define RING_PAGES	64
#define RING_PAGES_BUFFER 8
#define AUX_PAGES	64		/* buffer mode: pages of the AUX area, a power of two */
#define AUX_WAKEUP	(16 * 4096)	/* a quarter of it */
#define PAGE		4096

/* the PERF_SAMPLE_* bits open_event asks for, without the call chain */
#define SAMPLE_TYPE	(PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME | PERF_SAMPLE_CPU | \
			 PERF_SAMPLE_PERIOD | PERF_SAMPLE_RAW)

static struct tea_ring ring;
static struct tea_aux aux;

static unsigned ring_pages(void)
{
	return run.buffer ? RING_PAGES_BUFFER : RING_PAGES;
}

void stop_sampling(void)
{
	if (run.fd >= 0)
		ioctl(run.fd, PERF_EVENT_IOC_DISABLE, 0);
}

/* ---- interrupt mode: PERF_RECORD_SAMPLE ---- */

/* A PERF_RECORD_SAMPLE's fields, of those SAMPLE_TYPE (and the call
 * chain) ask for. */
struct perf_sample {
	uint64_t ip, time;
	uint32_t pid;
	const uint64_t *chain;	/* perf's, its context markers included */
	uint64_t nr;
	const uint8_t *raw;
	uint32_t raw_size;
};

/*
 * The fields of the sample record @rec of @size bytes, in perf's order:
 * IP, TID, TIME, CPU, PERIOD, CALLCHAIN (u64 nr, nr u64s), RAW (u32 size,
 * the data). 0, or -1 when a field runs past the record's end.
 */
static int parse_sample(const uint8_t *rec, size_t size, struct perf_sample *s)
{
	size_t at = 8 + 40;	/* the header; ip, pid/tid, time, cpu/res, period */

	if (size < at + 4)
		return -1;
	memcpy(&s->ip, rec + 8, 8);
	memcpy(&s->pid, rec + 16, 4);
	memcpy(&s->time, rec + 24, 8);
	s->chain = NULL;
	s->nr = 0;
	if (run.callchain) {
		memcpy(&s->nr, rec + at, 8);
		if (s->nr > (size - at - 8) / 8)
			return -1;
		s->chain = (const uint64_t *)(rec + at + 8);	/* rec is 8-byte aligned */
		at += 8 + 8 * s->nr;
	}
	if (size < at + 4)
		return -1;
	memcpy(&s->raw_size, rec + at, 4);
	if (s->raw_size > size - at - 4)
		return -1;
	s->raw = rec + at + 4;
	return 0;
}

/*
 * The callers of a sample in perf's call chain: its context markers
 * (PERF_CONTEXT_KERNEL, _USER...) left out, and the first address after
 * a marker when that is the sample's IP (perf starts each context at the
 * interrupted pc, which the driver set to the sampled instruction's);
 * the innermost TEA_MAX_CALLERS at the most, as docs/formats.md reads a
 * perf.data. Their number.
 */
static unsigned chain_callers(const struct perf_sample *p, uint64_t *callers)
{
	unsigned n = 0;
	int first = 1;

	for (uint64_t i = 0; i < p->nr && n < TEA_MAX_CALLERS; i++) {
		uint64_t a = p->chain[i];

		if (a >= (uint64_t)PERF_CONTEXT_MAX) {
			first = 1;
			continue;
		}
		if (!(first && a == p->ip))
			callers[n++] = a;
		first = 0;
	}
	return n;
}

/* One PERF_RECORD_SAMPLE: its raw data, the TEA sample, and its callers. */
static void take_sample(const uint8_t *rec, size_t size)
{
	uint64_t callers[TEA_MAX_CALLERS];
	struct perf_sample p;
	struct tea_perf_raw raw;
	struct sample s;

	run.records++;
	if (parse_sample(rec, size, &p)) {
		output_failed("a sample record cut short in the ring buffer");
		return;
	}
	if (p.raw_size < sizeof(raw))
		return;
	memcpy(&raw, p.raw, sizeof(raw));
	if (raw.version != TEA_PERF_RAW_VERSION || raw.width != run.width ||
	    p.raw_size < TEA_PERF_RAW_SIZE(raw.width)) {
		output_failed("a sample in a layout this teaperf does not know");
		return;
	}
	run.hw_lost += raw.lost;
	s = (struct sample){
		.time = raw.time, .stat = raw.stat, .slots = p.raw + sizeof(raw),
		.pid = p.pid, .ns = p.time, .callers = callers,
		.n_callers = chain_callers(&p, callers),
	};
	write_sample(&s);
}

/* ---- buffer mode: PERF_RECORD_AUX ---- */

/*
 * The records the sampler wrote into the AUX area (buffer mode) that a
 * PERF_RECORD_AUX announced, into the file as they are. A truncated area
 * means the reader fell behind and the event stopped: read now, it is
 * disabled and enabled again (perf 6.1 may have disabled it, or may not:
 * on CPU 0 it loses that).
 */
static void take_aux(uint64_t offset, uint64_t size, uint64_t flags, uint32_t pid, uint64_t ns)
{
	write_buffer(&aux, offset, offset + size, pid, ns);
	tea_aux_release(&aux, offset + size);
	if (flags & PERF_AUX_FLAG_TRUNCATED && !run.stopped && !run.failed) {
		run.truncated++;
		ioctl(run.fd, PERF_EVENT_IOC_DISABLE, 0);
		ioctl(run.fd, PERF_EVENT_IOC_ENABLE, 0);
	}
}

/* ---- the ring ---- */

/* The records of the tasks' mappings, forks, execs and exits, each at
 * least as long as what is read of it. */
static void take_task_record(const struct perf_event_header *hdr, uint8_t *rec, int size)
{
	uint32_t pid, ppid, tid;
	uint64_t addr, len, pgoff;

	/* every record of these types starts with the task's pid */
	memcpy(&pid, rec + 8, 4);
	switch (hdr->type) {
	case PERF_RECORD_MMAP:
		if (size <= 40)
			break;
		memcpy(&addr, rec + 16, 8);
		memcpy(&len, rec + 24, 8);
		memcpy(&pgoff, rec + 32, 8);
		rec[size - 1] = '\0';
		if ((run.inherit || (pid_t)pid == run.child) &&
		    !(hdr->misc & PERF_RECORD_MISC_MMAP_DATA))
			add_map(pid, addr, len, pgoff, (const char *)rec + 40);
		break;
	case PERF_RECORD_COMM:
		/* an exec: the mappings that come next replace these */
		if (size >= 16 && hdr->misc & PERF_RECORD_MISC_COMM_EXEC)
			forget_task(run.inherit ? pid : 0);
		break;
	case PERF_RECORD_FORK:
		memcpy(&ppid, rec + 12, 4);
		if (size >= 24 && run.inherit && pid != ppid)
			fork_task(pid, ppid);
		break;
	case PERF_RECORD_EXIT:
		memcpy(&tid, rec + 16, 4);
		if (size >= 24 && run.inherit && pid == tid)
			forget_task(pid);
		break;
	}
}

/* THROTTLE and UNTHROTTLE: how often, and how long in perf's clock. */
static void take_throttle(const struct perf_event_header *hdr, const uint8_t *rec)
{
	uint64_t time;

	memcpy(&time, rec + 8, 8);
	if (hdr->type == PERF_RECORD_THROTTLE) {
		if (!run.throttled) {
			run.throttles++;
			run.throttled = 1;
			run.throttle_start = time;
		}
		return;
	}
	if (run.throttled && time > run.throttle_start)
		run.throttled_ns += time - run.throttle_start;
	run.throttled = 0;
}

void drain(void)
{
	static uint64_t rec_words[PAGE / 8];
	uint8_t *rec = (uint8_t *)rec_words;	/* aligned: the ring copies words */
	int size;

	while ((size = tea_ring_next(&ring, rec, sizeof(rec_words))) > 0) {
		const struct perf_event_header *hdr = (const void *)rec;
		uint64_t offset, bytes, flags, time, lost;
		uint32_t pid;

		switch (hdr->type) {
		case PERF_RECORD_SAMPLE:
			take_sample(rec, (size_t)size);
			break;
		case PERF_RECORD_AUX:
			/* offset, size, flags; then sample_id: pid/tid, time, ... */
			memcpy(&offset, rec + 8, 8);
			memcpy(&bytes, rec + 16, 8);
			memcpy(&flags, rec + 24, 8);
			memcpy(&pid, rec + 32, 4);
			memcpy(&time, rec + 40, 8);
			if (run.buffer && 48 <= size)
				take_aux(offset, bytes, flags, pid, time);
			break;
		case PERF_RECORD_LOST:
			memcpy(&lost, rec + 16, 8);
			if (size >= 24)
				run.rec_lost += lost;
			break;
		case PERF_RECORD_THROTTLE:
		case PERF_RECORD_UNTHROTTLE:
			if (size >= 16)
				take_throttle(hdr, rec);
			break;
		default:
			take_task_record(hdr, rec, size);
		}
	}
	if (size < 0)
		output_failed("a malformed record in the ring buffer");
	tea_ring_release(&ring);
}

/* ---- the event ---- */

int open_event(long type, uint64_t period, unsigned jitter, int user_only)
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
	attr.sample_type = SAMPLE_TYPE | (run.callchain ? PERF_SAMPLE_CALLCHAIN : 0);
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
	attr.wakeup_watermark = ring_pages() * PAGE / 4;
	/* perf maps no ring of an inherited event that follows its task on
	 * every CPU: this one follows it on CPU 0, the one hart */
	return my_syscall5(__NR_perf_event_open, &attr, run.child, run.inherit ? 0 : -1, -1,
			   8 /* CLOEXEC */);
}

const char *map_event(void)
{
	if (tea_ring_map(&ring, run.fd, ring_pages()))
		return "cannot map the ring buffer";
	if (run.buffer && tea_aux_map(&aux, &ring, run.fd, AUX_PAGES))
		return "cannot map the AUX area (buffer mode; --mode interrupt needs none)";
	return NULL;
}

/*
 * The event's count is every sample that fell due, delivered or lost
 * (driver/tea_pmu/tea_pmu_core.c): what it holds beyond the samples delivered
 * (those the ring brought and those it lost) and the losses they reported
 * are the losses after the last sample, which no sample could report.
 */
static void count_trailing_losses(void)
{
	uint64_t count, known = run.records + run.rec_lost + run.hw_lost;

	if (read(run.fd, &count, sizeof(count)) == sizeof(count) && count > known)
		run.hw_lost += count - known;
}

void close_event(void)
{
	drain();
	if (run.buffer)
		tea_aux_unmap(&aux);
	tea_ring_unmap(&ring);
	count_trailing_losses();
	close(run.fd);
}
