/* What tea-pmu's checks in both modes share (common.h): the failure
 * count, the event's attributes, the work to sample and the reading of
 * the perf ring. */
#include "common.h"

int fails;
int debug_kernel;
long tea_type;
unsigned tea_width;

void check(int ok, const char *fmt, ...)
{
	va_list args;

	printf("%s: ", ok ? "ok" : "FAIL");
	va_start(args, fmt);
	vfprintf(stdout, fmt, args);
	va_end(args);
	printf("\n");
	fails += !ok;
}

void tea_attr(struct perf_event_attr *attr, uint64_t period)
{
	memset(attr, 0, sizeof(*attr));
	attr->type = (uint32_t)tea_type;
	attr->size = sizeof(*attr);
	attr->sample_period = period;
	attr->sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_ADDR |
			    PERF_SAMPLE_PERIOD | PERF_SAMPLE_RAW;
	attr->disabled = 1;
	attr->exclude_hv = 1;
}

/* the fd, or -errno */
int event_open(struct perf_event_attr *attr, int pid, int cpu)
{
	return my_syscall5(__NR_perf_event_open, attr, pid, cpu, -1, 8 /* CLOEXEC */);
}

/* ---- work to sample ---- */

unsigned long __attribute__((noinline)) compute(unsigned long n)
{
	unsigned long a = 1, b = 2;

	for (unsigned long i = 0; i < n; i++) {
		a = a * 3 + b;
		b ^= a >> 7;
	}
	return a + b;
}

/* time in the kernel on the task's behalf, and in user mode between:
 * each mode gets a good share of the samples */
unsigned long __attribute__((noinline)) syscalls_and_compute(unsigned long n)
{
	unsigned long sum = 0;

	for (unsigned long i = 0; i < n; i++)
		sum += (unsigned long)getppid() + compute(64);
	return sum;
}

/* loads a line apart over data_walked: its loads' data addresses lie there */
unsigned long data_walked[WALK_WORDS];

unsigned long __attribute__((noinline)) walk_data(unsigned long n)
{
	unsigned long sum = 0;

	for (unsigned long i = 0; i < n; i++)
		sum += data_walked[(i * 8) % WALK_WORDS];
	return sum;
}

int in_walked(uint64_t a)
{
	return a >= (uint64_t)(uintptr_t)data_walked &&
	       a < (uint64_t)(uintptr_t)(data_walked + WALK_WORDS);
}

volatile unsigned long sink;

/* ---- the ring buffer ---- */

int ring_map(struct ring *r, int fd)
{
	r->fd = fd;
	return tea_ring_map(&r->ring, fd, RING_PAGES);
}

void ring_close(struct ring *r)
{
	tea_ring_unmap(&r->ring);
	close(r->fd);
}

/* Calls fn for each sample in the ring; returns how many there were. */
unsigned ring_samples(struct ring *r, void (*fn)(const struct sample *s, void *ctx),
		      void *ctx)
{
	static uint64_t rec_words[PAGE / 8];
	uint8_t *rec = (uint8_t *)rec_words;	/* aligned: the ring copies words */
	unsigned n = 0;
	int size;

	while ((size = tea_ring_next(&r->ring, rec, sizeof(rec_words))) > 0) {
		const struct perf_event_header *hdr = (const void *)rec;
		struct sample s;
		uint32_t raw_size;

		if (hdr->type != PERF_RECORD_SAMPLE)
			continue;
		/* ip, pid/tid, addr, period, raw size, raw */
		memcpy(&s.pid, rec + 16, 4);
		memcpy(&s.tid, rec + 20, 4);
		memcpy(&s.sample_addr, rec + 24, 8);
		memcpy(&s.period, rec + 32, 8);
		memcpy(&raw_size, rec + 40, 4);
		memcpy(&s.raw, rec + 44, sizeof(s.raw));
		if (raw_size < TEA_PERF_RAW_SIZE(s.raw.width) || s.raw.width > TEA_MAX_WIDTH)
			continue;
		memcpy(s.addr, rec + 44 + sizeof(s.raw), 8 * s.raw.width);
		memcpy(s.daddr, rec + 44 + sizeof(s.raw) + 16 * s.raw.width, 8 * s.raw.width);
		n++;
		fn(&s, ctx);
	}
	tea_ring_release(&r->ring);
	return n;
}

unsigned valid_slots(const struct sample *s)
{
	return (unsigned)(s->raw.stat >> 8) & ((1u << s->raw.width) - 1);
}

void become_nobody(void)
{
	fails = 0;
	if (my_syscall1(__NR_setuid, NOBODY)) {
		check(0, "setuid(nobody)");
		exit(fails);
	}
}
