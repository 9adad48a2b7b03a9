/* The TEA perf driver's paths, checked from user space (docs/linux.md):
 * run as root by tests/linux/tea-pmu.sh, after init has loaded the driver.
 * Prints "ok: ..." or "FAIL: ..." for each check and exits with the number
 * of failures.
 *
 *   attributes the sampler cannot honour are refused with EINVAL
 *   a task event on itself: samples arrive with the task's TID, every
 *     address in its text or the kernel's; the lost count is exact: with
 *     jitter 0 the samples are (1 + lost) periods apart, and less than a
 *     period more (the handler's cycles, which the count skips)
 *   an event on another task follows it across context switches
 *   a second event on the same task, or a per-CPU one beside it, gets
 *     EBUSY; an event on another task may open beside it
 *   exclude_kernel and exclude_user keep only the other mode's samples
 *   a per-CPU event samples whatever runs there
 *   an unprivileged user may not sample the kernel (EACCES) and, sampling
 *     itself, never receives a kernel address, even at period 100 in a
 *     loop of system calls (the hart always gets back to the task)
 *   the count stands still while the handler runs (samples lie further
 *     apart than their periods by its cycles)
 *   a task whose time slices are shorter than the period gets as many
 *     samples of its work as the same work unswitched
 *   PERF_EVENT_IOC_PERIOD refuses a period beyond 32 bits; after a change
 *     the samples are the new period apart and say so
 *   buffer mode (config's buffer bit: the sampler writes its records into
 *     the AUX area; skipped where the PMU has none): without an AUX area
 *     the task runs on and nothing comes; with one the records come
 *     through PERF_RECORD_AUX records that name the task, each whole and
 *     valid (V, a prefix slot mask, 10-bit PSVs, time and SEQ increasing),
 *     in the task's text or the kernel, with the privilege of its
 *     addresses, exactly their SEQ steps' periods apart (jitter 0; with
 *     jitter within it, centred); the count is the records and the
 *     samples lost (at period 8 the SEQ gaps, and the few after the last)
 *   a small area read as it fills wraps many times, the driver's pads
 *     skipped; one never read is truncated, the samples lost at its end
 *     counted, and perf disables the event, which records again once
 *     read and enabled (or given a new period)
 *   snapshot mode (the area mapped read-only): the area holds whole
 *     records at record offsets, the oldest at aux_head, and the count is
 *     every record written, not those the area kept
 *   buffer mode with exclude_kernel or exclude_user, and for an
 *     unprivileged user at period 100 in system calls: no address of the
 *     excluded mode
 *   a buffer-mode event on a task that shares the hart with one sampled
 *     in interrupt mode: each sees its own code alone; with inherit the
 *     child's records come in the parent's area and count; the area
 *     unmapped, or the event closed, while it runs: the task runs on, and
 *     a new area records from the next enable; a per-CPU one records
 *     what runs
 *   the driver cannot be unbound through sysfs
 *   the module cannot be removed while an event is open, can once it is
 *     closed, and loads again */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys.h>
#include <linux/perf_event.h>

#include "tea/csr.h"
#include "tea/perf.h"
#include "tea_event.h"

#define PAGE		4096
#define RING_PAGES	16
#define KERNEL_SPACE	0xffffffc000000000ull	/* Sv39: the upper half, modules too */
#define MODULE_PATH	"/lib/modules/tea_pmu.ko"
#define NOBODY		65534

extern char __executable_start[], etext[];

static int fails;
/* --debug-kernel (main): perf throttles this kernel's short periods, and
 * the samples after each unthrottle land in the tick's kernel code, so a
 * check may not count on user samples there */
static int debug_kernel;
static long tea_type;
static unsigned tea_width;

static void check(int ok, const char *fmt, ...)
{
	va_list args;

	printf("%s: ", ok ? "ok" : "FAIL");
	va_start(args, fmt);
	vfprintf(stdout, fmt, args);
	va_end(args);
	printf("\n");
	fails += !ok;
}

static void tea_attr(struct perf_event_attr *attr, uint64_t period)
{
	memset(attr, 0, sizeof(*attr));
	attr->type = (uint32_t)tea_type;
	attr->size = sizeof(*attr);
	attr->sample_period = period;
	attr->sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_PERIOD |
			    PERF_SAMPLE_RAW;
	attr->disabled = 1;
	attr->exclude_hv = 1;
}

/* the fd, or -errno */
static int event_open(struct perf_event_attr *attr, int pid, int cpu)
{
	return my_syscall5(__NR_perf_event_open, attr, pid, cpu, -1, 8 /* CLOEXEC */);
}

/* ---- work to sample ---- */

static unsigned long __attribute__((noinline)) compute(unsigned long n)
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
static unsigned long __attribute__((noinline)) syscalls_and_compute(unsigned long n)
{
	unsigned long sum = 0;

	for (unsigned long i = 0; i < n; i++)
		sum += (unsigned long)getppid() + compute(64);
	return sum;
}

static volatile unsigned long sink;

/* ---- the ring buffer ---- */

struct sample {
	uint32_t pid, tid;
	uint64_t period;
	struct tea_perf_raw raw;
	uint64_t addr[TEA_MAX_WIDTH];
};

struct ring {
	int fd;
	struct tea_ring ring;
};

static int ring_map(struct ring *r, int fd)
{
	r->fd = fd;
	return tea_ring_map(&r->ring, fd, RING_PAGES);
}

static void ring_close(struct ring *r)
{
	tea_ring_unmap(&r->ring);
	close(r->fd);
}

/* Calls fn for each sample in the ring; returns how many there were. */
static unsigned ring_samples(struct ring *r, void (*fn)(const struct sample *s, void *ctx),
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
		/* ip, pid/tid, period, raw size, raw */
		memcpy(&s.pid, rec + 16, 4);
		memcpy(&s.tid, rec + 20, 4);
		memcpy(&s.period, rec + 24, 8);
		memcpy(&raw_size, rec + 32, 4);
		memcpy(&s.raw, rec + 36, sizeof(s.raw));
		if (raw_size < TEA_PERF_RAW_SIZE(s.raw.width) || s.raw.width > TEA_MAX_WIDTH)
			continue;
		memcpy(s.addr, rec + 36 + sizeof(s.raw), 8 * s.raw.width);
		n++;
		fn(&s, ctx);
	}
	tea_ring_release(&r->ring);
	return n;
}

/* Samples fn's work with an event of attr on this task. */
static int sample_self(struct perf_event_attr *attr, unsigned long (*work)(unsigned long),
		       unsigned long n, struct ring *r)
{
	int fd = event_open(attr, 0, -1);

	if (fd < 0 || ring_map(r, fd)) {
		printf("  perf_event_open: %d\n", fd);
		if (fd >= 0)
			close(fd);
		return -1;
	}
	ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	sink += work(n);
	ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
	return 0;
}

/* ---- what the samples say ---- */

struct tally {
	unsigned samples, foreign_tid, outside, kernel, user, other_period;
	unsigned pairs, exact, short_gap, with_loss, stopped;
	unsigned held;		/* pairs further apart by the handler's cycles */
	uint64_t lost;		/* the samples' lost counts, summed */
	uint64_t period, last_time;
	uint32_t tid;
};

static unsigned valid_slots(const struct sample *s)
{
	return (unsigned)(s->raw.stat >> 8) & ((1u << s->raw.width) - 1);
}

static void tally_sample(const struct sample *s, void *ctx)
{
	struct tally *t = ctx;
	unsigned valid = valid_slots(s);

	t->samples++;
	t->foreign_tid += s->tid != t->tid;
	t->other_period += s->period != t->period;
	t->lost += s->raw.lost;
	for (unsigned i = 0; i < s->raw.width; i++) {
		uint64_t a = s->addr[i];

		if (!(valid >> i & 1))
			continue;
		if (a >= KERNEL_SPACE)
			t->kernel++;
		else if (a >= (uint64_t)__executable_start && a < (uint64_t)etext)
			t->user++;
		else
			t->outside++;
	}
	/* with jitter 0, (1 + lost) periods since the last sample, and the
	 * cycles of the handler, which the count skips: less than a period,
	 * or a sample would have fallen due in it; more when the sampler was
	 * stopped in between */
	if (t->last_time) {
		uint64_t dt = s->raw.time - t->last_time, want = t->period * (1 + s->raw.lost);
		int exact = dt >= want && dt < want + t->period;

		t->pairs++;
		t->exact += exact;
		t->held += exact && dt > want;
		t->stopped += dt > want + t->period;
		t->short_gap += dt < want;
		t->with_loss += s->raw.lost > 0 && exact;
	}
	t->last_time = s->raw.time;
}

static void tally_task(struct ring *r, struct tally *t, uint64_t period, pid_t tid)
{
	memset(t, 0, sizeof(*t));
	t->period = period;
	t->tid = (uint32_t)tid;
	ring_samples(r, tally_sample, t);
}

static void tally_ring(struct ring *r, struct tally *t, uint64_t period)
{
	tally_task(r, t, period, gettid());
}

/* ---- the checks ---- */

static void check_refused(void)
{
	static const struct {
		const char *what;
		uint64_t config, period, sample_type;
		int freq, precise, idle;
	} bad[] = {
		{ "a config bit beyond jitter and buffer", 1u << 6, 4000, 0, 0, 0, 0 },
		{ "jitter 17 (the sampler adds at most 16 bits)", 17, 4000, 0, 0, 0, 0 },
		{ "a counting event (no sample period)", 0, 0, 0, 0, 0, 0 },
		{ "frequency mode", 0, 1000, 0, 1, 0, 0 },
		{ "a period beyond 32 bits", 0, 1ull << 32, 0, 0, 0, 0 },
		{ "call chains", 0, 4000, PERF_SAMPLE_CALLCHAIN, 0, 0, 0 },
		{ "interrupt registers", 0, 4000, PERF_SAMPLE_REGS_INTR, 0, 0, 0 },
		{ "exclude_idle", 0, 4000, 0, 0, 0, 1 },
	};

	for (unsigned i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct perf_event_attr attr;
		int fd;

		tea_attr(&attr, bad[i].period);
		attr.config = bad[i].config;
		attr.sample_type |= bad[i].sample_type;
		attr.freq = bad[i].freq;
		attr.precise_ip = bad[i].precise;
		attr.exclude_idle = bad[i].idle;
		fd = event_open(&attr, 0, -1);
		if (fd >= 0)
			close(fd);
		check(fd == -EINVAL, "%s is refused with EINVAL (got %d)", bad[i].what, fd);
	}
}

/* TEA has no skid: any precise_ip is what it gives. */
static void check_precise(void)
{
	struct perf_event_attr attr;
	int fd;

	tea_attr(&attr, 4000);
	attr.precise_ip = 3;
	fd = event_open(&attr, 0, -1);
	if (fd >= 0)
		close(fd);
	check(fd >= 0, "precise_ip 3 is accepted (got %d)", fd);
}

static void check_task_event(void)
{
	const uint64_t period = 3000;
	struct perf_event_attr attr, second;
	struct tally t;
	struct ring r;
	int fd2;

	tea_attr(&attr, period);
	if (sample_self(&attr, compute, 200000, &r)) {
		check(0, "a task event opens and maps its ring");
		return;
	}
	tea_attr(&second, period);
	fd2 = event_open(&second, 0, -1);
	if (fd2 >= 0)
		close(fd2);
	check(fd2 == -EBUSY, "a second event on the task gets EBUSY (got %d)", fd2);
	fd2 = event_open(&second, -1, 0);
	if (fd2 >= 0)
		close(fd2);
	check(fd2 == -EBUSY, "a per-CPU event beside a task event gets EBUSY (got %d)", fd2);
	fd2 = event_open(&second, 1, -1);
	if (fd2 >= 0)
		close(fd2);
	check(fd2 >= 0, "an event on another task (init) opens beside it (got %d)", fd2);
	tally_ring(&r, &t, period);
	ring_close(&r);
	check(t.samples >= 20 && !t.foreign_tid && !t.outside && (t.user || debug_kernel),
	      "a task event samples the task: %u samples, %u with another TID, %u addresses "
	      "outside its text and the kernel", t.samples, t.foreign_tid, t.outside);
	check(t.pairs && !t.short_gap && t.exact * 10 >= t.pairs * 9,
	      "samples are (1 + lost) periods apart, and the handler's cycles: %u of %u pairs, "
	      "%u closer", t.exact, t.pairs, t.short_gap);
	/* the handler's cycles are the profiler's: the count stood still in
	 * them, so the samples are further apart than the periods (unless a
	 * sample fell due in the handler: this period is longer than it) */
	check(t.held * 10 >= t.pairs * 9 || debug_kernel,
	      "the count stands still while the handler runs: %u of %u pairs further apart than "
	      "their periods", t.held, t.pairs);
	check(!t.other_period, "every sample carries the period (%u do not)", t.other_period);
}

/* PERF_EVENT_IOC_PERIOD: checked against teaperiod's 32 bits; the samples
 * after a change come the new period apart and carry it. */
static void check_period_change(void)
{
	uint64_t period = 3000, later = 5000, too_long = 1ull << 32;
	struct perf_event_attr attr;
	struct tally t;
	struct ring r;
	long ret;

	tea_attr(&attr, period);
	if (sample_self(&attr, compute, 20000, &r)) {
		check(0, "an event for the period change opens");
		return;
	}
	ret = ioctl(r.fd, PERF_EVENT_IOC_PERIOD, &too_long);
	check(ret == -EINVAL || (ret == -1 && errno == EINVAL),
	      "PERF_EVENT_IOC_PERIOD with 2^32 is refused with EINVAL (got %ld)", ret);
	ret = ioctl(r.fd, PERF_EVENT_IOC_PERIOD, &later);
	tally_ring(&r, &t, period);
	ioctl(r.fd, PERF_EVENT_IOC_ENABLE, 0);
	sink += compute(200000);
	ioctl(r.fd, PERF_EVENT_IOC_DISABLE, 0);
	tally_ring(&r, &t, later);
	ring_close(&r);
	check(ret == 0 && t.samples >= 20 && !t.other_period && !t.short_gap &&
	      t.exact * 10 >= t.pairs * 9,
	      "after PERF_EVENT_IOC_PERIOD %llu: %u samples, %u carry another period, %u of %u "
	      "pairs the new period apart", (unsigned long long)later, t.samples, t.other_period,
	      t.exact, t.pairs);
}

/* User-mode samples of compute(n) done in slices of @slice iterations, a
 * child running between them (@slice 0: at once, no switches). */
static unsigned samples_in_slices(uint64_t period, unsigned long n, unsigned long slice)
{
	struct perf_event_attr attr;
	struct tally t;
	struct ring r;
	int ping[2], pong[2], fd;
	pid_t child;
	char c = 'p';

	if (!slice) {
		tea_attr(&attr, period);
		attr.exclude_kernel = 1;
		if (sample_self(&attr, compute, n, &r))
			return 0;
		tally_ring(&r, &t, period);
		ring_close(&r);
		return t.samples;
	}
	if (my_syscall2(__NR_pipe2, ping, 0) || my_syscall2(__NR_pipe2, pong, 0))
		return 0;
	child = fork();
	if (child == 0) {
		/* compute() is pure: an argument that varies keeps the
		 * compiler from calling it once for the whole loop */
		while (read(ping[0], &c, 1) == 1 && c == 'p') {
			sink += compute(slice + (sink & 1));
			if (write(pong[1], &c, 1) != 1)
				break;
		}
		exit(0);
	}
	tea_attr(&attr, period);
	attr.exclude_kernel = 1;
	fd = event_open(&attr, 0, -1);
	if (fd < 0 || ring_map(&r, fd)) {
		kill(child, 9);
		waitpid(child, NULL, 0);
		return 0;
	}
	ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	for (unsigned long done = 0; done < n; done += slice) {
		sink += compute(slice + (sink & 1));
		if (write(ping[1], &c, 1) != 1 || read(pong[0], &c, 1) != 1)
			break;
	}
	ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
	c = 'q';
	if (write(ping[1], &c, 1) != 1)
		kill(child, 9);
	waitpid(child, NULL, 0);
	close(ping[0]);
	close(ping[1]);
	close(pong[0]);
	close(pong[1]);
	tally_ring(&r, &t, period);
	ring_close(&r);
	return t.samples;
}

/* A task switched out every 15,000 cycles or so, at period 100,000: the
 * period runs on across its slices, so its work gets the samples that the
 * same work gets unswitched (within sampling noise), not none. */
static void check_short_slices(void)
{
	const uint64_t period = 100000;
	const unsigned long work = 600000, slice = 2000;	/* about 14,000 cycles */
	unsigned whole = samples_in_slices(period, work, 0);
	unsigned sliced = samples_in_slices(period, work, slice);

	check(whole >= 20 && sliced * 10 >= whole * 7 && sliced * 10 <= whole * 13,
	      "a task switched every slice of %lu iterations: %u samples, unswitched %u",
	      slice, sliced, whole);
}

/* The platform driver offers no unbind: that would free the PMU under
 * open events. */
static void check_no_unbind(void)
{
	int fd = open("/sys/bus/platform/drivers/tea-pmu/unbind", O_WRONLY, 0);

	if (fd >= 0)
		close(fd);
	check(fd < 0, "the driver has no unbind file in sysfs");
}

/* An event on another task, which shares the hart with this one: its
 * samples are the other task's alone, and the sampler stopped while this
 * one ran. */
static void check_follows_task(void)
{
	const uint64_t period = 3000;
	struct perf_event_attr attr;
	struct tally t;
	struct ring r;
	int go[2], fd;
	pid_t child;
	char c = 'g';

	if (my_syscall2(__NR_pipe2, go, 0)) {
		check(0, "a pipe for the task-switch check");
		return;
	}
	child = fork();
	if (child == 0) {
		close(go[1]);
		if (read(go[0], &c, 1) == 1)
			sink += compute(300000);
		exit(0);
	}
	close(go[0]);
	tea_attr(&attr, period);
	attr.disabled = 0;
	fd = event_open(&attr, child, -1);
	if (fd < 0 || ring_map(&r, fd)) {
		check(0, "an event on another task opens (got %d)", fd);
		kill(child, 9);
		waitpid(child, NULL, 0);
		return;
	}
	if (write(go[1], &c, 1) != 1)
		kill(child, 9);
	close(go[1]);
	sink += compute(300000);
	waitpid(child, NULL, 0);
	tally_task(&r, &t, period, child);
	ring_close(&r);
	check(t.samples >= 20 && !t.foreign_tid && !t.outside && t.stopped,
	      "an event follows its task across context switches: %u samples, %u of another "
	      "task, stopped %u times", t.samples, t.foreign_tid, t.stopped);
}

/* A period shorter than the interrupt's cost: the hardware loses samples,
 * and says how many. */
static void check_lost(void)
{
	const uint64_t period = 200;
	struct perf_event_attr attr;
	struct tally t;
	struct ring r;

	uint64_t count = 0;

	tea_attr(&attr, period);
	if (sample_self(&attr, compute, 20000, &r)) {
		check(0, "a short-period event opens");
		return;
	}
	tally_ring(&r, &t, period);
	if (read(r.fd, &count, sizeof(count)) != sizeof(count))
		count = 0;
	ring_close(&r);
	check(t.with_loss && !t.short_gap && t.exact * 10 >= t.pairs * 9,
	      "at period %llu the lost counts add up: %u of %u pairs exact, %u of them after "
	      "losses, %u closer", (unsigned long long)period, t.exact, t.pairs, t.with_loss,
	      t.short_gap);
	/* the count: every sample that fell due, so also the losses after
	 * the last sample */
	check(count >= t.samples + t.lost && t.lost,
	      "the event's count (%llu) is the samples delivered (%u) and lost (%llu before the "
	      "last, %lld after)", (unsigned long long)count, t.samples,
	      (unsigned long long)t.lost, (long long)(count - t.samples - t.lost));
}

static void check_modes(void)
{
	struct perf_event_attr attr;
	struct tally t;
	struct ring r;

	tea_attr(&attr, 2000);
	attr.exclude_kernel = 1;
	if (!sample_self(&attr, syscalls_and_compute, 3000, &r)) {
		tally_ring(&r, &t, 2000);
		ring_close(&r);
	} else {
		memset(&t, 0, sizeof(t));
	}
	check(t.samples && !t.kernel && !t.outside,
	      "exclude_kernel: %u samples, %u kernel addresses, %u outside its text",
	      t.samples, t.kernel, t.outside);

	tea_attr(&attr, 2000);
	attr.exclude_user = 1;
	if (!sample_self(&attr, syscalls_and_compute, 3000, &r)) {
		tally_ring(&r, &t, 2000);
		ring_close(&r);
	} else {
		memset(&t, 0, sizeof(t));
	}
	check(t.samples && !t.user && !t.outside,
	      "exclude_user: %u samples, %u user addresses", t.samples, t.user + t.outside);
}

static void check_cpu_event(void)
{
	struct perf_event_attr attr;
	struct tally t;
	struct ring r;
	int fd;

	tea_attr(&attr, 3000);
	fd = event_open(&attr, -1, 0);
	if (fd < 0 || ring_map(&r, fd)) {
		check(0, "a per-CPU event opens (got %d)", fd);
		return;
	}
	ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	sink += compute(100000);
	ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
	tally_ring(&r, &t, 3000);
	ring_close(&r);
	check(t.samples >= 10 && t.user,
	      "a per-CPU event samples what runs on the hart: %u samples", t.samples);
}

/* In a child that has given up root: perf_event_paranoid (2) allows
 * sampling itself in user mode only. */
static void check_unprivileged(void)
{
	int status = 0;
	pid_t child = fork();

	if (child == 0) {
		struct perf_event_attr attr;
		struct tally t;
		struct ring r;
		int fd;

		fails = 0;
		if (my_syscall1(__NR_setuid, NOBODY)) {
			check(0, "setuid(nobody)");
			exit(fails);
		}
		tea_attr(&attr, 2000);
		fd = event_open(&attr, 0, -1);
		if (fd >= 0)
			close(fd);
		check(fd == -EACCES, "unprivileged: an event that includes the kernel gets EACCES");
		/* period 100, shorter than any interrupt: throttled, not hung */
		tea_attr(&attr, 100);
		attr.exclude_kernel = 1;
		if (!sample_self(&attr, syscalls_and_compute, 2000, &r)) {
			tally_ring(&r, &t, 100);
			ring_close(&r);
			check(t.samples && !t.kernel,
			      "unprivileged, period 100, system calls: the task finishes, %u samples, "
			      "%u kernel addresses", t.samples, t.kernel);
		} else {
			check(0, "unprivileged, period 100: the event opens");
		}
		tea_attr(&attr, 2000);
		attr.exclude_kernel = 1;
		if (!sample_self(&attr, syscalls_and_compute, 3000, &r)) {
			tally_ring(&r, &t, 2000);
			ring_close(&r);
			check(t.samples && !t.kernel && !t.outside,
			      "unprivileged, exclude_kernel: %u samples, %u kernel addresses, "
			      "%u outside its text", t.samples, t.kernel, t.outside);
		} else {
			check(0, "unprivileged, exclude_kernel: the event opens");
		}
		exit(fails);
	}
	waitpid(child, &status, 0);
	fails += WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}

/* ---- buffer mode: the sampler writes its records into the AUX area ---- */

/* (compute() is pure: each call below varies its argument by sink's low
 * bit, or the compiler would call it once for two calls of the same n) */

#define AUX_PAGES	16
#define PSV_BITS	10	/* teainfo's PSV bits: bit 9 is ST-DIV */
#define REC_WORDS_MAX	(2 + 2 * TEA_MAX_WIDTH)
#define STAT_KNOWN	(TEA_STAT_V | 3ull << TEA_STAT_STATE_SHIFT | 0xffull << TEA_STAT_MASK_SHIFT | \
			 3ull << TEA_STAT_PRIV_SHIFT | 0xffffffffull << TEA_STAT_SEQ_SHIFT)

/* The two tasks' work in the task-switch check: each in code of its own
 * (NAME to NAME_end), so that a sample that lies in the other's is the
 * other's. */
#define SPIN_FUNCTION(name) \
	".pushsection .text." #name ", \"ax\", @progbits\n" \
	".globl " #name "\n" \
	".type " #name ", @function\n" \
	#name ":\n" \
	"1:	addi a0, a0, -1\n" \
	"	bnez a0, 1b\n" \
	"	ret\n" \
	".globl " #name "_end\n" \
	#name "_end:\n" \
	".popsection\n"
__asm__(SPIN_FUNCTION(parent_spin) SPIN_FUNCTION(child_spin));
void parent_spin(unsigned long n);
void child_spin(unsigned long n);
extern char parent_spin_end[], child_spin_end[];

static int in_code(uint64_t a, void (*start)(unsigned long), const char *end)
{
	return a >= (uint64_t)(uintptr_t)start && a < (uint64_t)(uintptr_t)end;
}

/* What the records of a buffer-mode event say. */
struct rec_tally {
	unsigned records, invalid, time_back, seq_back;
	unsigned kernel, user, outside, m_mode, mixed;
	unsigned foreign, own;	/* addresses in the other task's code, in its own */
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

static unsigned rec_words(void)
{
	return 2 + 2 * tea_width;
}

static void buf_attr(struct perf_event_attr *attr, uint64_t period)
{
	tea_attr(attr, period);
	attr->config = TEA_PERF_CONFIG_BUFFER;
	attr->sample_id_all = 1;	/* each AUX record names its task */
}

static uint64_t event_count(int fd)
{
	uint64_t count = 0;

	if (read(fd, &count, sizeof(count)) != sizeof(count))
		return ~0ull;
	return count;
}

/* Checks one record: the words of docs/tea-csr.md ("Sample buffer"). */
static void tally_record(struct rec_tally *t, const uint64_t *w)
{
	uint64_t time = w[0], stat = w[1];
	unsigned mask = (unsigned)(stat >> TEA_STAT_MASK_SHIFT) & 0xff, priv = TEA_STAT_PRIV(stat);
	uint32_t seq = TEA_STAT_SEQ(stat);
	int bad = !(stat & TEA_STAT_V) || (stat & ~STAT_KNOWN) || !mask || (mask & (mask + 1)) ||
		  (mask >> tea_width) || priv == 2 || !time;

	t->records++;
	for (unsigned i = 0; i < tea_width; i++) {
		uint64_t a = w[2 + i], psv = w[2 + tea_width + i];

		if (!(mask >> i & 1))
			continue;
		bad |= (psv >> PSV_BITS) != 0;
		if (t->foreign_code && in_code(a, t->foreign_code, t->foreign_end))
			t->foreign++;
		if (t->own_code && in_code(a, t->own_code, t->own_end))
			t->own++;
		if (a >= KERNEL_SPACE) {
			t->kernel++;
			t->mixed += priv == TEA_PRIV_U;
		} else if (a >= (uint64_t)__executable_start && a < (uint64_t)etext) {
			t->user++;
			t->mixed += priv != TEA_PRIV_U;
		} else {
			t->outside++;
		}
	}
	t->m_mode += priv == TEA_PRIV_M;
	t->invalid += bad;
	if (t->started) {
		uint32_t dseq = seq - t->last_seq;
		uint64_t dt = time - t->last_time, want = t->period * dseq;

		t->time_back += time <= t->last_time;
		if (!dseq || dseq >= 1u << 31) {
			t->seq_back++;
		} else {
			/* with jitter B each step is the period +- 2^(B-1) */
			t->pairs++;
			t->gaps += dseq - 1;
			t->exact += dt == want;
			t->short_gap += dt < (t->period - t->half) * dseq;
			t->stopped += dt >= want + t->half * dseq + t->period;
			if (t->half && dseq == 1 && dt < t->period + 4 * t->half) {
				t->jit_pairs++;
				t->jit_sum += (int64_t)(dt - t->period);
				t->out_of_jitter += dt >= t->period + t->half;
			}
		}
	}
	t->started = 1;
	t->last_time = time;
	t->last_seq = seq;
}

static int aux_map(struct bufev *b, unsigned pages, int snapshot)
{
	void *p;

	b->snapshot = snapshot;
	b->resync = 1;
	if (!snapshot) {
		if (tea_aux_map(&b->aux, &b->ring, b->fd, pages))
			return -1;
	} else {
		/* read-only: overwrite (snapshot) mode */
		b->ring.meta->aux_offset = b->ring.size + PAGE;
		b->ring.meta->aux_size = (uint64_t)pages * PAGE;
		p = mmap(NULL, b->ring.meta->aux_size, PROT_READ, MAP_SHARED, b->fd,
			 (off_t)b->ring.meta->aux_offset);
		if (p == MAP_FAILED)
			return -1;
		b->aux.data = p;
		b->aux.size = b->ring.meta->aux_size;
		b->aux.meta = b->ring.meta;
	}
	b->mapped = 1;
	return 0;
}

static void aux_unmap(struct bufev *b)
{
	if (b->mapped)
		tea_aux_unmap(&b->aux);
	b->mapped = 0;
}

/* Opens a buffer-mode event and maps its ring and aux_pages of AUX area
 * (none: 0); the fd, or < 0. */
static int buf_open(struct bufev *b, struct perf_event_attr *attr, int pid, int cpu,
		    unsigned aux_pages, int snapshot)
{
	memset(b, 0, sizeof(*b));
	b->t.period = attr->sample_period;
	b->t.half = (attr->config & TEA_PERF_CONFIG_JITTER_MASK) ?
		    1ull << ((attr->config & TEA_PERF_CONFIG_JITTER_MASK) - 1) : 0;
	b->tid = pid > 0 ? (uint32_t)pid : pid == 0 ? (uint32_t)gettid() : 0;
	b->fd = event_open(attr, pid, cpu);
	if (b->fd < 0)
		return b->fd;
	if (tea_ring_map(&b->ring, b->fd, RING_PAGES)) {
		printf("  cannot map the ring\n");
		close(b->fd);
		return -1;
	}
	if (aux_pages && aux_map(b, aux_pages, snapshot)) {
		printf("  cannot map %u pages of AUX area%s\n", aux_pages,
		       snapshot ? " read-only" : "");
		tea_ring_unmap(&b->ring);
		close(b->fd);
		return -1;
	}
	return b->fd;
}

static void buf_close(struct bufev *b)
{
	aux_unmap(b);
	tea_ring_unmap(&b->ring);
	close(b->fd);
}

/* The records in [offset, offset + size) of the AUX area: whole records,
 * and zero words where the driver padded to a run's end; the bytes since
 * the last range (the driver's skips) are zero and fewer than a record. */
static void take_range(struct bufev *b, uint64_t offset, uint64_t size)
{
	uint64_t rec = 8 * rec_words(), end = offset + size, w[REC_WORDS_MAX];

	if (b->resync) {
		b->resync = 0;
		b->next = offset;
	}
	if (offset < b->next || offset - b->next >= rec || (offset | size) & 7) {
		b->bad_range++;
	} else {
		for (uint64_t at = b->next; at < offset; at += 8) {
			b->bad_range += tea_aux_word(&b->aux, at) != 0;
			b->pad += 8;
		}
	}
	while (offset + 8 <= end) {
		if (!tea_aux_word(&b->aux, offset)) {
			b->pad += 8;
			offset += 8;
			continue;
		}
		if (offset + rec > end) {
			b->cut++;
			break;
		}
		for (unsigned i = 0; i < rec_words(); i++)
			w[i] = tea_aux_word(&b->aux, offset + 8 * i);
		tally_record(&b->t, w);
		offset += rec;
	}
	b->next = end;
	tea_aux_release(&b->aux, end);
}

/* Reads the ring: the PERF_RECORD_AUX records, and the data they announce. */
static void buf_drain(struct bufev *b)
{
	static uint64_t rec_words_buf[PAGE / 8];
	const uint8_t *rec = (const uint8_t *)rec_words_buf;
	int size;

	while ((size = tea_ring_next(&b->ring, rec_words_buf, sizeof(rec_words_buf))) > 0) {
		const struct perf_event_header *hdr = (const void *)rec;
		uint64_t offset, bytes, flags;
		uint32_t tid;

		if (hdr->type != PERF_RECORD_AUX) {
			b->samples += hdr->type == PERF_RECORD_SAMPLE;
			b->other += hdr->type != PERF_RECORD_SAMPLE;
			continue;
		}
		/* offset, size, flags; sample_id: pid, tid */
		if (size < 40) {
			b->malformed++;
			continue;
		}
		b->aux_records++;
		memcpy(&offset, rec + 8, 8);
		memcpy(&bytes, rec + 16, 8);
		memcpy(&flags, rec + 24, 8);
		memcpy(&tid, rec + 36, 4);
		b->foreign_aux += b->tid && tid != b->tid && (!b->alt_tid || tid != b->alt_tid);
		b->aux_tid += tid == b->tid;
		b->aux_alt_tid += b->alt_tid && tid == b->alt_tid;
		b->truncated += !!(flags & PERF_AUX_FLAG_TRUNCATED);
		b->overwrite += !!(flags & PERF_AUX_FLAG_OVERWRITE);
		if (!b->mapped)
			b->unmapped++;
		else if (!b->snapshot && bytes)
			take_range(b, offset, bytes);
	}
	b->malformed += size < 0;
	tea_ring_release(&b->ring);
}

/* Samples work(n) with a buffer-mode event of attr on this task, read at
 * the end. */
static int buf_sample_self(struct bufev *b, struct perf_event_attr *attr, unsigned aux_pages,
			   unsigned long (*work)(unsigned long), unsigned long n)
{
	int fd = buf_open(b, attr, 0, -1, aux_pages, 0);

	if (fd < 0) {
		printf("  perf_event_open (buffer mode): %d\n", fd);
		return -1;
	}
	ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	sink += work(n + (sink & 1));
	ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
	buf_drain(b);
	return 0;
}

/* Whatever the AUX area is, the reader's view of it must hold together. */
static int buf_whole(const struct bufev *b)
{
	const struct rec_tally *t = &b->t;

	return !t->invalid && !t->time_back && !t->seq_back && !b->cut && !b->bad_range &&
	       !b->malformed && !b->foreign_aux && !b->samples && !b->other;
}

static void print_whole(const struct bufev *b)
{
	const struct rec_tally *t = &b->t;

	if (!buf_whole(b))
		printf("  %u invalid, %u times and %u SEQs not increasing, %u cut short, %u ranges "
		       "astray, %u malformed, %u AUX records of another task, %u PERF_RECORD_SAMPLEs, "
		       "%u other records\n", t->invalid, t->time_back, t->seq_back, b->cut,
		       b->bad_range, b->malformed, b->foreign_aux, b->samples, b->other);
}

/* Without an AUX area the event has nowhere to write: it opens, the
 * task runs to its end, nothing comes, nothing is counted; an area mapped
 * later is used from the next enable. */
static void check_buffer_no_aux(void)
{
	struct perf_event_attr attr;
	struct bufev b;
	uint64_t count = 0;
	int fd;

	buf_attr(&attr, 3000);
	fd = event_open(&attr, 0, -1);
	if (fd >= 0) {
		ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
		sink += compute(50000 + (sink & 1));
		ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
		count = event_count(fd);
		close(fd);
	}
	check(fd >= 0 && count == 0,
	      "buffer mode, no ring: the event opens (%d), the task runs to its end, count %llu",
	      fd, fd >= 0 ? (unsigned long long)count : 0ull);

	if (buf_sample_self(&b, &attr, 0, compute, 50000)) {
		check(0, "buffer mode, a ring but no AUX area: the event opens");
		return;
	}
	count = event_count(b.fd);
	check(!b.aux_records && !b.samples && count == 0,
	      "buffer mode, a ring but no AUX area: the task runs to its end, %u AUX records, %u "
	      "samples, count %llu", b.aux_records, b.samples, (unsigned long long)count);
	if (aux_map(&b, AUX_PAGES, 0)) {
		check(0, "an AUX area mapped after the event ran");
		buf_close(&b);
		return;
	}
	ioctl(b.fd, PERF_EVENT_IOC_ENABLE, 0);
	sink += compute(50000 + (sink & 1));
	ioctl(b.fd, PERF_EVENT_IOC_DISABLE, 0);
	buf_drain(&b);
	count = event_count(b.fd);
	print_whole(&b);
	check(b.t.records >= 50 && buf_whole(&b) && count >= b.t.records,
	      "an AUX area mapped later: from the next enable %u records, whole and valid, count %llu",
	      b.t.records, (unsigned long long)count);
	buf_close(&b);
}

/* The records of a task sampling itself: valid, the task's or the
 * kernel's, a period apart (no throttling, no handler per sample), and
 * the count is the records and the samples lost. */
static void check_buffer_task(void)
{
	const uint64_t period = 3000;
	struct perf_event_attr attr;
	struct rec_tally *t;
	struct bufev b;
	uint64_t count;
	int64_t mean;

	buf_attr(&attr, period);
	if (buf_sample_self(&b, &attr, AUX_PAGES, compute, 200000)) {
		check(0, "a buffer-mode task event opens and maps its AUX area");
		return;
	}
	t = &b.t;
	count = event_count(b.fd);
	buf_close(&b);
	print_whole(&b);
	check(t->records >= 300 && buf_whole(&b) && b.aux_records && !b.truncated,
	      "buffer mode: %u records in %u AUX records of the task, none invalid, times and SEQs "
	      "increasing", t->records, b.aux_records);
	check(!t->outside && !t->mixed && !t->m_mode && (t->user || debug_kernel),
	      "buffer mode: %u user and %u kernel addresses, %u outside its text and the kernel, "
	      "%u of a privilege not their record's, %u records of M-mode", t->user, t->kernel,
	      t->outside, t->mixed, t->m_mode);
	check(!t->short_gap && t->exact * 20 >= t->pairs * 19,
	      "buffer mode: records exactly their SEQ steps' periods apart: %u of %u pairs, %u closer",
	      t->exact, t->pairs, t->short_gap);
	check(count >= t->records && count <= t->records + t->gaps + 1,
	      "buffer mode: the count (%llu) is the records (%u) and the samples lost (at most the "
	      "%llu SEQ steps skipped, M-mode's among them)", (unsigned long long)count, t->records,
	      (unsigned long long)t->gaps);

	/* jitter 6: each step 3000 +- 32, centred on the period (the LFSR's
	 * 0..63 average 31.5: half a cycle short) */
	buf_attr(&attr, period);
	attr.config |= 6;
	if (buf_sample_self(&b, &attr, AUX_PAGES, compute, 100000)) {
		check(0, "a buffer-mode event with jitter opens");
		return;
	}
	buf_close(&b);
	print_whole(&b);
	/* (in tenths of a cycle: nolibc's printf has no field widths) */
	mean = t->jit_pairs ? t->jit_sum * 10 / (int64_t)t->jit_pairs : 0;
	check(buf_whole(&b) && t->jit_pairs >= 100 && !t->short_gap && !t->out_of_jitter &&
	      mean >= -80 && mean <= 80,
	      "buffer mode, jitter 6: %u steps within %llu +- 32 (%u beyond, %u closer), on "
	      "average %s%lld.%lld cycles from the period", t->jit_pairs,
	      (unsigned long long)period, t->out_of_jitter, t->short_gap, mean < 0 ? "-" : "+",
	      (long long)(mean < 0 ? -mean : mean) / 10, (long long)(mean < 0 ? -mean : mean) % 10);
}

/* A period shorter than a record's writing: the sampler loses samples,
 * and with nothing filtered (exclude_hv off) every SEQ step skipped is
 * one lost: the count is the records, the losses between them, and the
 * few after the last (those that fell due while it was written). */
static void check_buffer_lost(void)
{
	const uint64_t period = 8;
	struct perf_event_attr attr;
	struct rec_tally *t;
	struct bufev b;
	uint64_t count, after;

	buf_attr(&attr, period);
	attr.exclude_hv = 0;
	if (buf_sample_self(&b, &attr, 64, compute, 3000)) {
		check(0, "a buffer-mode event at period %llu opens", (unsigned long long)period);
		return;
	}
	t = &b.t;
	count = event_count(b.fd);
	buf_close(&b);
	print_whole(&b);
	after = count - t->records - t->gaps;
	check(buf_whole(&b) && t->records >= 100 && t->gaps && !t->short_gap &&
	      count >= t->records + t->gaps && after <= 100,
	      "buffer mode at period %llu: the count (%llu) is the %u records, %llu lost between "
	      "them and %lld after the last", (unsigned long long)period, (unsigned long long)count,
	      t->records, (unsigned long long)t->gaps, (long long)after);
}

/* A small area read as the records come: it wraps around many times,
 * every record whole, the driver's pads skipped, nothing truncated. (In
 * user mode only: on the debug kernel an interrupt's own kernel time
 * would bring more records than the area holds.) */
static void check_buffer_wrap(void)
{
	const uint64_t period = 1000;
	const unsigned pages = 2;
	struct perf_event_attr attr;
	struct rec_tally *t = NULL;
	struct bufev b;
	uint64_t count, holds = pages * PAGE / (8 * rec_words());

	buf_attr(&attr, period);
	attr.exclude_kernel = 1;
	if (buf_open(&b, &attr, 0, -1, pages, 0) < 0) {
		check(0, "a buffer-mode event with %u pages of AUX area opens", pages);
		return;
	}
	t = &b.t;
	ioctl(b.fd, PERF_EVENT_IOC_ENABLE, 0);
	for (int i = 0; i < 60; i++) {
		sink += compute(1500 + (sink & 1));
		buf_drain(&b);
	}
	ioctl(b.fd, PERF_EVENT_IOC_DISABLE, 0);
	buf_drain(&b);
	count = event_count(b.fd);
	buf_close(&b);
	print_whole(&b);
	check(buf_whole(&b) && t->records >= 3 * holds && !b.truncated && !t->outside && !t->kernel &&
	      count >= t->records && count <= t->records + t->gaps + 1 &&
	      t->exact * 10 >= t->pairs * 9,
	      "buffer mode, %u pages read as they fill: %u records (the area holds %llu), %u AUX "
	      "records, %llu bytes of pads skipped, %u truncated, count %llu, %u of %u pairs a "
	      "period apart", pages, t->records, (unsigned long long)holds, b.aux_records,
	      (unsigned long long)b.pad, b.truncated, (unsigned long long)count, t->exact, t->pairs);
}

/* The count and the time the event has been enabled (read_format
 * PERF_FORMAT_TOTAL_TIME_ENABLED). */
static void event_count_enabled(int fd, uint64_t *count, uint64_t *enabled)
{
	uint64_t v[2] = { ~0ull, 0 };

	if (read(fd, v, sizeof(v)) != sizeof(v))
		v[0] = ~0ull;
	*count = v[0];
	*enabled = v[1];
}

/* An area nobody reads: it fills, perf hears it is truncated, the task
 * runs to its end, and the samples lost at the end are counted. The
 * event stays stopped while the area is full: read, disabled and enabled
 * again as teaperf record does, it brings records again; so does a new
 * period. */
static void check_buffer_full(void)
{
	const unsigned pages = 2;
	uint64_t period = 20, later = 1000, holds = pages * PAGE / (8 * rec_words());
	uint64_t count, en, en2, after, gaps;
	struct perf_event_attr attr;
	struct rec_tally *t;
	struct bufev b;
	unsigned records, more, again;
	long ret;

	buf_attr(&attr, period);
	attr.exclude_hv = 0;
	attr.read_format = PERF_FORMAT_TOTAL_TIME_ENABLED;
	if (buf_open(&b, &attr, 0, -1, pages, 0) < 0) {
		check(0, "a buffer-mode event for the full area opens");
		return;
	}
	t = &b.t;
	ioctl(b.fd, PERF_EVENT_IOC_ENABLE, 0);
	sink += compute(60000 + (sink & 1));
	event_count_enabled(b.fd, &count, &en);
	buf_drain(&b);
	records = t->records;
	gaps = t->gaps;
	after = count - records - gaps;
	print_whole(&b);
	check(buf_whole(&b) && b.truncated && records <= holds && records >= holds / 2,
	      "buffer mode, an area never read: %u records (it holds %llu), truncated %u times, the "
	      "task runs to its end", records, (unsigned long long)holds, b.truncated);
	check(count >= records + gaps && after > 0 && after < 10000,
	      "buffer mode, full: the count (%llu) is the %u records, %llu lost between them and "
	      "%lld lost after the last", (unsigned long long)count, records,
	      (unsigned long long)gaps, (long long)after);
	/* stopped for want of space (PERF_AUX_FLAG_TRUNCATED) until the task
	 * is scheduled in again (more work may bring records then, as on a
	 * kernel with threaded interrupts); the area read and the event
	 * disabled and enabled again, as teaperf record does, records come
	 * again. (perf would disable a truncated event itself, but 6.1 loses
	 * that on CPU 0: it marks the disable with the CPU's number.) */
	sink += compute(20000 + (sink & 1));
	event_count_enabled(b.fd, &count, &en2);
	buf_drain(&b);
	more = t->records - records;
	records = t->records;
	ioctl(b.fd, PERF_EVENT_IOC_DISABLE, 0);
	ioctl(b.fd, PERF_EVENT_IOC_ENABLE, 0);
	sink += compute(20000 + (sink & 1));
	buf_drain(&b);
	again = t->records - records;
	check(again >= 50 && buf_whole(&b),
	      "buffer mode, full: %u records after it filled (enabled time on by %llu ns); read, "
	      "disabled and enabled again, %u records come", more, (unsigned long long)(en2 - en),
	      again);
	/* and at another period, from a disabled event */
	ioctl(b.fd, PERF_EVENT_IOC_DISABLE, 0);
	buf_drain(&b);
	records = t->records;
	ret = ioctl(b.fd, PERF_EVENT_IOC_PERIOD, &later);
	t->period = later;
	t->pairs = t->exact = t->short_gap = 0;
	ioctl(b.fd, PERF_EVENT_IOC_ENABLE, 0);
	sink += compute(30000 + (sink & 1));
	ioctl(b.fd, PERF_EVENT_IOC_DISABLE, 0);
	buf_drain(&b);
	buf_close(&b);
	print_whole(&b);
	check(ret == 0 && buf_whole(&b) && t->records - records >= 100 && !t->short_gap &&
	      t->exact * 10 >= t->pairs * 9,
	      "buffer mode, disabled and enabled again at period %llu: %u records, %u of %u pairs "
	      "the new period apart", (unsigned long long)later, t->records - records, t->exact,
	      t->pairs);
}

/* Snapshot mode (the AUX area mapped read-only): the sampler wraps
 * around the area; after the run it holds whole records at record offsets
 * from its start, the oldest at aux_head, and the count is every record
 * written, as with an area read as it fills. */
static void check_buffer_snapshot(void)
{
	const uint64_t period = 1000;
	const unsigned long work = 120000;
	const unsigned pages = 4;
	uint64_t rec = 8 * rec_words(), n = pages * PAGE / rec, head, count, ref, w[REC_WORDS_MAX];
	unsigned empty = 0, tail = 0, misplaced;
	struct perf_event_attr attr;
	struct rec_tally *t;
	struct bufev b;

	/* the count the same work gets with an area read after it */
	buf_attr(&attr, period);
	if (buf_sample_self(&b, &attr, AUX_PAGES, compute, work)) {
		check(0, "a buffer-mode event for the snapshot's reference opens");
		return;
	}
	ref = event_count(b.fd);
	buf_close(&b);

	if (buf_open(&b, &attr, 0, -1, pages, 1) < 0) {
		check(0, "snapshot mode: %u pages of AUX area map read-only", pages);
		return;
	}
	t = &b.t;
	ioctl(b.fd, PERF_EVENT_IOC_ENABLE, 0);
	sink += compute(work + (sink & 1));
	ioctl(b.fd, PERF_EVENT_IOC_DISABLE, 0);
	buf_drain(&b);
	count = event_count(b.fd);
	head = __atomic_load_n(&b.ring.meta->aux_head, __ATOMIC_ACQUIRE);
	misplaced = head % rec != 0 || head > n * rec;
	/* oldest first: from aux_head round to it */
	for (uint64_t k = 0, first = head / rec % n; k < n; k++) {
		uint64_t at = (first + k) % n * rec;

		for (unsigned i = 0; i < rec_words(); i++)
			w[i] = tea_aux_word(&b.aux, at + 8 * i);
		if (!w[0])
			empty++;
		else
			tally_record(t, w);
	}
	for (uint64_t at = n * rec; at < b.aux.size; at += 8)
		tail += tea_aux_word(&b.aux, at) != 0;
	buf_close(&b);
	print_whole(&b);
	check(!misplaced && !empty && !tail && t->records == n && buf_whole(&b) && !t->outside &&
	      b.overwrite == b.aux_records && t->exact * 10 >= t->pairs * 9,
	      "snapshot mode: aux_head %llu, %u whole records at record offsets, oldest first "
	      "(%u slots empty, %u words written past the last), %u of %u pairs a period apart, "
	      "%u AUX records (%u of them overwrite)", (unsigned long long)head, t->records, empty,
	      tail, t->exact, t->pairs, b.aux_records, b.overwrite);
	check(count >= n && count * 10 >= ref * 9 && count * 10 <= ref * 11,
	      "snapshot mode: the count (%llu) is every record written, not those left in the area "
	      "(%llu): the same work read as it came counts %llu", (unsigned long long)count,
	      (unsigned long long)n, (unsigned long long)ref);
}

/* exclude_kernel and exclude_user: the sampler filters, the records
 * hold only the other mode's addresses. */
static void check_buffer_modes(void)
{
	struct perf_event_attr attr;
	struct rec_tally *t;
	struct bufev b;

	buf_attr(&attr, 2000);
	attr.exclude_kernel = 1;
	memset(&b, 0, sizeof(b));
	if (!buf_sample_self(&b, &attr, AUX_PAGES, syscalls_and_compute, 1000))
		buf_close(&b);
	t = &b.t;
	print_whole(&b);
	check(t->records >= 50 && buf_whole(&b) && !t->kernel && !t->outside && !t->mixed,
	      "buffer mode, exclude_kernel: %u records, %u kernel addresses, %u outside its text, "
	      "%u not of user mode", t->records, t->kernel, t->outside, t->mixed);

	buf_attr(&attr, 2000);
	attr.exclude_user = 1;
	memset(&b, 0, sizeof(b));
	if (!buf_sample_self(&b, &attr, AUX_PAGES, syscalls_and_compute, 1000))
		buf_close(&b);
	print_whole(&b);
	check(t->records >= 50 && buf_whole(&b) && !t->user && !t->outside && !t->mixed,
	      "buffer mode, exclude_user: %u records, %u user addresses", t->records,
	      t->user + t->outside);
}

/* A user who has given up root: no buffer-mode event that includes
 * the kernel; with exclude_kernel, at period 100 in a loop of system
 * calls, read as it comes, not one kernel address. */
static void check_buffer_unprivileged(void)
{
	int status = 0;
	pid_t child = fork();

	if (child == 0) {
		struct perf_event_attr attr;
		struct rec_tally *t;
		struct bufev b;
		int fd;

		fails = 0;
		if (my_syscall1(__NR_setuid, NOBODY)) {
			check(0, "setuid(nobody)");
			exit(fails);
		}
		buf_attr(&attr, 2000);
		fd = event_open(&attr, 0, -1);
		if (fd >= 0)
			close(fd);
		check(fd == -EACCES, "unprivileged: a buffer-mode event that includes the kernel gets "
		      "EACCES (got %d)", fd);
		buf_attr(&attr, 100);
		attr.exclude_kernel = 1;
		if (buf_open(&b, &attr, 0, -1, AUX_PAGES, 0) < 0) {
			check(0, "unprivileged: a buffer-mode event with exclude_kernel opens and maps "
			      "its AUX area");
			exit(fails);
		}
		t = &b.t;
		/* read between the runs: reading takes longer than a period */
		for (int i = 0; i < 10; i++) {
			ioctl(b.fd, PERF_EVENT_IOC_ENABLE, 0);
			sink += syscalls_and_compute(100);
			ioctl(b.fd, PERF_EVENT_IOC_DISABLE, 0);
			buf_drain(&b);
		}
		buf_close(&b);
		print_whole(&b);
		check(t->records >= 100 && buf_whole(&b) && !t->kernel && !t->mixed && !t->m_mode &&
		      !t->outside,
		      "unprivileged, buffer mode, period 100, system calls: %u records, %u kernel "
		      "addresses, %u of another privilege, %u outside its text", t->records,
		      t->kernel, t->mixed + t->m_mode, t->outside);
		exit(fails);
	}
	waitpid(child, &status, 0);
	fails += WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}

/* For the parent's interrupt-mode samples in the task-switch check. */
struct parent_tally {
	unsigned samples, foreign_tid, foreign, own;
	uint32_t tid;
};

static void tally_parent(const struct sample *s, void *ctx)
{
	struct parent_tally *p = ctx;
	unsigned valid = valid_slots(s);

	p->samples++;
	p->foreign_tid += s->tid != p->tid;
	for (unsigned i = 0; i < s->raw.width; i++) {
		if (!(valid >> i & 1))
			continue;
		p->foreign += in_code(s->addr[i], child_spin, child_spin_end);
		p->own += in_code(s->addr[i], parent_spin, parent_spin_end);
	}
}

/* A buffer-mode event on a child that shares the hart with this task,
 * which samples itself in interrupt mode meanwhile; each spins in code of
 * its own between the other's turns. The child's records are its own
 * alone (its sampler stood still while this task ran, and ran on across
 * the switches with its period), this task's samples its own: the
 * sampler changes mode at every switch. (User mode only: the kernel's
 * time is neither's own code, and on the debug kernel it would fill the
 * area, and throttle the interrupts into the tick's code.) */
static void check_buffer_switch(void)
{
	const uint64_t period = 1000, parent_period = 3000;
	const int rounds = 40;
	struct perf_event_attr attr;
	struct parent_tally p = { 0 };
	struct rec_tally *t;
	struct bufev b;
	struct ring r;
	int ping[2], pong[2], done = 0, fd, pfd;
	uint64_t count;
	pid_t child;
	char c = 'p';

	if (my_syscall2(__NR_pipe2, ping, 0) || my_syscall2(__NR_pipe2, pong, 0)) {
		check(0, "pipes for the buffer-mode task-switch check");
		return;
	}
	child = fork();
	if (child == 0) {
		while (read(ping[0], &c, 1) == 1 && c == 'p') {
			child_spin(5000);
			if (write(pong[1], &c, 1) != 1)
				break;
		}
		exit(0);
	}
	buf_attr(&attr, period);
	attr.disabled = 0;
	attr.exclude_kernel = 1;
	fd = buf_open(&b, &attr, child, -1, AUX_PAGES, 0);
	tea_attr(&attr, parent_period);
	attr.exclude_kernel = 1;
	pfd = event_open(&attr, 0, -1);
	if (fd < 0 || pfd < 0 || ring_map(&r, pfd)) {
		check(0, "a buffer-mode event on another task, an interrupt-mode one on this task "
		      "open (got %d, %d)", fd, pfd);
		if (fd >= 0)
			buf_close(&b);
		if (pfd >= 0)
			close(pfd);
		kill(child, 9);
		waitpid(child, NULL, 0);
		return;
	}
	t = &b.t;
	t->own_code = child_spin;
	t->own_end = child_spin_end;
	t->foreign_code = parent_spin;
	t->foreign_end = parent_spin_end;
	ioctl(r.fd, PERF_EVENT_IOC_ENABLE, 0);
	for (; done < rounds; done++) {
		parent_spin(5000);
		if (write(ping[1], &c, 1) != 1 || read(pong[0], &c, 1) != 1)
			break;
	}
	ioctl(r.fd, PERF_EVENT_IOC_DISABLE, 0);
	c = 'q';
	if (write(ping[1], &c, 1) != 1)
		kill(child, 9);
	waitpid(child, NULL, 0);
	close(ping[0]);
	close(ping[1]);
	close(pong[0]);
	close(pong[1]);
	buf_drain(&b);
	count = event_count(b.fd);
	buf_close(&b);
	p.tid = (uint32_t)gettid();
	ring_samples(&r, tally_parent, &p);
	ring_close(&r);
	print_whole(&b);
	check(done == rounds && t->records >= 200 && buf_whole(&b) && !t->foreign && !t->outside &&
	      !t->kernel &&
	      t->own * 10 >= t->user * 9 && t->stopped >= rounds / 2 && !t->short_gap &&
	      count >= t->records,
	      "buffer mode, an event on a task switched %d times: %u records in %u AUX records of "
	      "it, %u of %u user addresses in its code, %u in the other task's, stopped %u times, "
	      "%u closer than their periods, count %llu", done, t->records, b.aux_records, t->own,
	      t->user, t->foreign, t->stopped, t->short_gap, (unsigned long long)count);
	check(p.samples >= (debug_kernel ? 10u : 50u) && !p.foreign_tid && !p.foreign && p.own,
	      "interrupt mode beside it, on the task it switches with: %u samples, %u of another "
	      "TID, %u in its own code, %u in the other task's", p.samples, p.foreign_tid, p.own,
	      p.foreign);
}

/* inherit: the tasks the event's task forks write into its area (their
 * AUX records name them), and their records count in its count. */
static void check_buffer_inherit(void)
{
	struct perf_event_attr attr;
	struct rec_tally *t;
	struct bufev b;
	uint64_t count;
	pid_t child;

	buf_attr(&attr, 2000);
	attr.inherit = 1;
	/* (perf maps no ring for an inherited event of every CPU) */
	if (buf_open(&b, &attr, 0, 0, AUX_PAGES, 0) < 0) {
		check(0, "an inherited buffer-mode event opens");
		return;
	}
	t = &b.t;
	ioctl(b.fd, PERF_EVENT_IOC_ENABLE, 0);
	child = fork();
	if (child == 0) {
		sink += compute(100000 + (sink & 1));
		exit(0);
	}
	waitpid(child, NULL, 0);
	sink += compute(50000 + (sink & 1));
	ioctl(b.fd, PERF_EVENT_IOC_DISABLE, 0);
	b.alt_tid = (uint32_t)child;
	buf_drain(&b);
	count = event_count(b.fd);
	buf_close(&b);
	print_whole(&b);
	check(buf_whole(&b) && b.aux_tid && b.aux_alt_tid && t->records >= 300 && !t->outside &&
	      count >= t->records && count <= t->records + t->gaps + 2,
	      "buffer mode, inherit: %u records, %u AUX records of the task and %u of its child, "
	      "count %llu", t->records, b.aux_tid, b.aux_alt_tid, (unsigned long long)count);
}

/* The AUX area unmapped under a running event: perf stops it, the task
 * runs on; a new area and the next enable bring records again. Then the
 * event closed while it runs. */
static void check_buffer_unmap(void)
{
	struct perf_event_attr attr;
	struct bufev b;
	unsigned before;

	buf_attr(&attr, 1000);
	if (buf_open(&b, &attr, 0, -1, 4, 0) < 0) {
		check(0, "a buffer-mode event for the unmapping opens");
		return;
	}
	ioctl(b.fd, PERF_EVENT_IOC_ENABLE, 0);
	sink += compute(20000 + (sink & 1));
	buf_drain(&b);
	aux_unmap(&b);
	sink += compute(100000 + (sink & 1));	/* (a sampler left on would write freed pages) */
	buf_drain(&b);
	before = b.t.records;
	if (aux_map(&b, 8, 0)) {
		check(0, "the AUX area maps again");
		buf_close(&b);
		return;
	}
	ioctl(b.fd, PERF_EVENT_IOC_DISABLE, 0);
	ioctl(b.fd, PERF_EVENT_IOC_ENABLE, 0);
	sink += compute(50000 + (sink & 1));
	ioctl(b.fd, PERF_EVENT_IOC_DISABLE, 0);
	buf_drain(&b);
	print_whole(&b);
	check(buf_whole(&b) && b.t.records - before >= 50 && !b.t.outside,
	      "buffer mode, the AUX area unmapped while the event ran: the task runs on (%u AUX "
	      "records came with no area); mapped again, %u records", b.unmapped,
	      b.t.records - before);
	/* closed while it runs: the task runs on */
	ioctl(b.fd, PERF_EVENT_IOC_ENABLE, 0);
	sink += compute(20000 + (sink & 1));
	buf_close(&b);
	sink += compute(50000 + (sink & 1));
	check(1, "buffer mode, the event closed while it ran: the task runs on");
}

/* A per-CPU buffer-mode event: the records of whatever runs on the hart. */
static void check_buffer_cpu(void)
{
	struct perf_event_attr attr;
	struct bufev b;

	buf_attr(&attr, 3000);
	if (buf_open(&b, &attr, -1, 0, AUX_PAGES, 0) < 0) {
		check(0, "a per-CPU buffer-mode event opens");
		return;
	}
	ioctl(b.fd, PERF_EVENT_IOC_ENABLE, 0);
	sink += compute(100000 + (sink & 1));
	ioctl(b.fd, PERF_EVENT_IOC_DISABLE, 0);
	buf_drain(&b);
	buf_close(&b);
	print_whole(&b);
	check(buf_whole(&b) && b.t.records >= 100 && b.t.user && !b.t.mixed,
	      "a per-CPU buffer-mode event records what runs on the hart: %u records, %u user "
	      "addresses", b.t.records, b.t.user);
}

static void check_buffer(void)
{
	if (!tea_pmu_has_buffer()) {
		printf("skip: the PMU has no buffer mode (no format/buffer)\n");
		return;
	}
	check_buffer_no_aux();
	check_buffer_task();
	check_buffer_lost();
	check_buffer_wrap();
	check_buffer_full();
	check_buffer_snapshot();
	check_buffer_modes();
	check_buffer_unprivileged();
	check_buffer_switch();
	check_buffer_inherit();
	check_buffer_unmap();
	check_buffer_cpu();
}

static void check_unload(void)
{
	struct perf_event_attr attr;
	long ret;
	int fd, mod;

	tea_attr(&attr, 4000);
	fd = event_open(&attr, 0, -1);
	ret = my_syscall2(__NR_delete_module, "tea_pmu", O_NONBLOCK);
	check(fd >= 0 && ret < 0, "the module cannot be removed while an event is open");
	if (fd >= 0)
		close(fd);
	ret = my_syscall2(__NR_delete_module, "tea_pmu", O_NONBLOCK);
	check(ret == 0 && sysfs_number(TEA_PMU_SYSFS "/type") < 0,
	      "with the event closed it can, and the PMU is gone");
	mod = open(MODULE_PATH, O_RDONLY, 0);
	ret = mod < 0 ? -1 : my_syscall3(__NR_finit_module, mod, "", 0);
	if (mod >= 0)
		close(mod);
	check(ret == 0 && sysfs_number(TEA_PMU_SYSFS "/type") == tea_type,
	      "the module loads again");
}

/*
 * --debug-kernel: the debug kernel (slub_debug, lockdep) makes each sample's
 * interrupt so costly that perf throttles the short periods these checks
 * use, and the samples after each unthrottle (at the timer tick) land in
 * the tick's own kernel code: the checks that count user samples at those
 * periods measure the throttling, not the driver: two are skipped, and the
 * task event's check does not ask for a user sample.
 */
int main(int argc, char **argv)
{
	debug_kernel = argc > 1 && !strcmp(argv[1], "--debug-kernel");

	if (tea_pmu_find(&tea_type, &tea_width)) {
		printf("FAIL: no tea PMU in /sys/bus/event_source/devices\n");
		return 1;
	}
	check_refused();
	check_precise();
	check_task_event();
	check_period_change();
	check_follows_task();
	if (debug_kernel)
		printf("skip: a task switched every slice (throttled on the debug kernel)\n");
	else
		check_short_slices();
	check_lost();
	check_modes();
	if (debug_kernel)
		printf("skip: a per-CPU event samples user code (throttled on the debug kernel)\n");
	else
		check_cpu_event();
	check_unprivileged();
	check_buffer();
	check_no_unbind();
	check_unload();
	printf("tea-pmu: %d failed\n", fails);
	return fails;
}
