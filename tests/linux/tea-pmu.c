/* The TEA perf driver's paths, checked from user space (docs/linux.md):
 * run as root by tests/linux/perf.sh and debug-kernel.sh, after init has
 * loaded the driver.
 * Prints "ok: ..." or "FAIL: ..." for each check and exits with the number
 * of failures. Here main and the interrupt-mode checks; buffer mode's are
 * in tea-pmu/buffer.c (its reader in aux_reader.c), what both share in
 * tea-pmu/common.c. With --smp N the checks on N harts instead
 * (tea-pmu/smp.c, run by tests/linux/smp.sh); --spin N keeps N CPUs busy.
 *
 *   attributes the sampler cannot honour are refused with EINVAL
 *   call chains (interrupt mode): the user frames begin with the sample's
 *     IP and the return address into the sampled leaf's caller
 *   data addresses: a walk over an array samples its loads with their
 *     addresses in it, slot 0's in PERF_SAMPLE_ADDR too
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
 *     loop of system calls (the hart always gets back to the task), in
 *     the samples or in their call chains
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
 *     valid (V, a prefix slot mask, 10-bit PSVs, data addresses where
 *     DMASK says, time and SEQ increasing; a walk over an array has its
 *     loads' addresses in it),
 *     in the task's text or the kernel, with the privilege of its
 *     addresses, exactly their SEQ steps' periods apart (jitter 0; with
 *     jitter within it, centred); the count is the records and the
 *     samples lost (at period 8 the SEQ gaps, and the few after the last)
 *   a small area read as it fills wraps many times, the driver's pads
 *     skipped; one never read is truncated, the samples lost at its end
 *     counted, and perf disables the event, which records again once
 *     read, disabled and enabled (or given a new period)
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
#include "tea-pmu/buffer.h"
#include "tea-pmu/common.h"
#include "tea-pmu/smp.h"

#define MODULE_PATH	"/lib/modules/tea_pmu.ko"

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
	unsigned daddrs, walked;	/* data addresses, and those in data_walked */
	unsigned bad_daddr;	/* DMASK beyond the slots, or an address without it */
	unsigned addr_differs;	/* PERF_SAMPLE_ADDR not slot 0's data address */
	uint64_t close_dt, close_lost;	/* the first pair closer than its periods */
	uint64_t lost;		/* the samples' lost counts, summed */
	uint64_t period, last_time;
	uint32_t tid;
};

static void tally_sample(const struct sample *s, void *ctx)
{
	struct tally *t = ctx;
	unsigned valid = valid_slots(s), dmask = TEA_STAT_DMASK(s->raw.stat);

	t->samples++;
	t->foreign_tid += s->tid != t->tid;
	t->other_period += s->period != t->period;
	t->lost += s->raw.lost;
	t->bad_daddr += (dmask & ~valid) != 0;
	t->addr_differs += s->sample_addr != (dmask & 1 ? s->daddr[0] : 0);
	for (unsigned i = 0; i < s->raw.width; i++) {
		uint64_t a = s->addr[i];

		t->bad_daddr += !(dmask >> i & 1) && s->daddr[i];
		if (dmask >> i & 1) {
			t->daddrs++;
			t->walked += in_walked(s->daddr[i]);
		}
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
		if (dt < want && !t->short_gap++) {
			t->close_dt = dt;
			t->close_lost = s->raw.lost;
		}
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
		{ "call chains in buffer mode", TEA_PERF_CONFIG_BUFFER, 4000, PERF_SAMPLE_CALLCHAIN,
		  0, 0, 0 },
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

/* Whether the instruction before @a is a call (JAL or JALR writing ra,
 * or C.JALR): @a is then a return address. */
static int after_call(uint64_t a)
{
	const uint16_t *h = (const uint16_t *)(uintptr_t)a;
	uint32_t insn = (uint32_t)h[-2] | (uint32_t)h[-1] << 16;

	if ((h[-1] & 0xf07f) == 0x9002 && (h[-1] & 0x0f80))
		return 1;
	return ((insn & 0x7f) == 0x6f || (insn & 0x707f) == 0x67) && (insn >> 7 & 0x1f) == 1;
}

/* What the call chains of an exclude_kernel event held */
struct chains {
	unsigned samples, good;	/* good: IP, then the return address into compute's caller */
	unsigned kernel;	/* kernel addresses or a kernel context anywhere */
	uint64_t ret;		/* that return address */
};

/* Samples work(n) at @period with user call chains (PERF_SAMPLE_IP | TID |
 * CALLCHAIN: ip, pid/tid, nr, ips); -1 when the event cannot open. */
static int sample_chains(uint64_t period, unsigned long (*work)(unsigned long), unsigned long n,
			 struct chains *c)
{
	static uint64_t rec_words[PAGE / 8];
	const uint8_t *rec = (const uint8_t *)rec_words;
	struct perf_event_attr attr;
	struct ring r;
	int size;

	memset(c, 0, sizeof(*c));
	tea_attr(&attr, period);
	attr.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_CALLCHAIN;
	attr.exclude_kernel = 1;
	if (sample_self(&attr, work, n, &r))
		return -1;
	while ((size = tea_ring_next(&r.ring, rec_words, sizeof(rec_words))) > 0) {
		const struct perf_event_header *hdr = (const void *)rec;
		const uint64_t *w = (const uint64_t *)(rec + 8);
		uint64_t nr = w[2], user = nr;

		if (hdr->type != PERF_RECORD_SAMPLE || size < 32 || 32 + 8 * nr > (uint64_t)size)
			continue;
		c->samples++;
		c->kernel += w[0] >= KERNEL_SPACE;
		for (uint64_t i = 0; i < nr; i++) {
			uint64_t a = w[3 + i];

			if (a == PERF_CONTEXT_USER)
				user = i + 1;
			c->kernel += a == PERF_CONTEXT_KERNEL ||
				     (a >= KERNEL_SPACE && a < (uint64_t)PERF_CONTEXT_MAX);
		}
		if (user + 1 >= nr || w[3 + user] != w[0])
			continue;
		if (!c->ret && w[3 + user + 1] >= (uint64_t)__executable_start &&
		    w[3 + user + 1] < (uint64_t)etext && after_call(w[3 + user + 1]))
			c->ret = w[3 + user + 1];
		c->good += c->ret && w[3 + user + 1] == c->ret;
	}
	ring_close(&r);
	return 0;
}

/*
 * Call chains in interrupt mode: a sample of compute() carries the user
 * context's chain, its first address the sample's IP and its second the
 * return address into compute's caller (ra: compute is a leaf), the
 * same for every sample, after a call instruction in the program's text.
 */
static void check_callchain(void)
{
	struct chains c;

	if (sample_chains(3000, compute, 100000, &c)) {
		check(0, "an event with call chains opens and maps its ring");
		return;
	}
	check(c.samples >= 20 && c.good * 10 >= c.samples * 9 && !c.kernel,
	      "call chains: %u of %u samples begin with their IP and compute's return address "
	      "(%#llx), %u kernel addresses", c.good, c.samples, (unsigned long long)c.ret, c.kernel);
}

static void check_task_event(void)
{
	const uint64_t period = 5000;	/* longer than the handler, also on the RTL */
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
	      "%u closer (the first %llu cycles apart, %llu lost)", t.exact, t.pairs, t.short_gap,
	      (unsigned long long)t.close_dt, (unsigned long long)t.close_lost);
	/* the handler's cycles are the profiler's: the count stood still in
	 * them, so the samples are further apart than the periods (unless a
	 * sample fell due in the handler: this period is longer than it) */
	check(t.held * 10 >= t.pairs * 9 || debug_kernel,
	      "the count stands still while the handler runs: %u of %u pairs further apart than "
	      "their periods", t.held, t.pairs);
	check(!t.other_period, "every sample carries the period (%u do not)", t.other_period);
}

/* Data addresses: a walk over an array samples its loads with their
 * addresses in it, slot 0's also in PERF_SAMPLE_ADDR; no slot has one
 * that teastat's DMASK does not name. */
static void check_data_addresses(void)
{
	const uint64_t period = 3000;
	struct perf_event_attr attr;
	struct tally t;
	struct ring r;

	tea_attr(&attr, period);
	attr.exclude_kernel = 1;
	attr.config = 6;	/* jitter: the loop's length could divide the period */
	if (sample_self(&attr, walk_data, 300000, &r)) {
		check(0, "an event for the data addresses opens and maps its ring");
		return;
	}
	tally_ring(&r, &t, period);
	ring_close(&r);
	check(t.daddrs >= 20 && t.walked * 10 >= t.daddrs * 9 && !t.bad_daddr && !t.addr_differs,
	      "data addresses: %u samples, %u data addresses, %u in the walked array, %u where "
	      "DMASK has none, %u PERF_SAMPLE_ADDR not slot 0's", t.samples, t.daddrs, t.walked,
	      t.bad_daddr, t.addr_differs);
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
		struct chains chains;
		struct tally t;
		struct ring r;
		int fd;

		become_nobody();
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
		/* user samples whose interrupt comes in a system call: the
		 * chain is the user stack of the trap, never the kernel's */
		if (!sample_chains(100, syscalls_and_compute, 2000, &chains))
			check(chains.samples && !chains.kernel,
			      "unprivileged, period 100, system calls, call chains: %u samples, "
			      "%u kernel addresses", chains.samples, chains.kernel);
		else
			check(0, "unprivileged, period 100: an event with call chains opens");
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
	const char *opt = argc > 1 ? argv[1] : "";

	if (!strcmp(opt, "--spin") && argc > 2)
		return smp_spin(atoi(argv[2]));
	debug_kernel = !strcmp(opt, "--debug-kernel");
	if (tea_pmu_find(&tea_type, &tea_width)) {
		printf("FAIL: no tea PMU in /sys/bus/event_source/devices\n");
		return 1;
	}
	if (!strcmp(opt, "--smp") && argc > 2) {
		check_smp(atoi(argv[2]));
		printf("tea-pmu: %d failed\n", fails);
		return fails;
	}
	check_refused();
	check_precise();
	check_task_event();
	check_data_addresses();
	check_callchain();
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
