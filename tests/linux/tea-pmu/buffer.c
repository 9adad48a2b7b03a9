/* tea-pmu's buffer-mode checks (the list in tea-pmu.c's opening comment),
 * on the reader of aux_reader.c; check_buffer runs them. */
#include "buffer.h"
#include "common.h"

/* (compute() is pure: each call below varies its argument by sink's low
 * bit, or the compiler would call it once for two calls of the same n) */

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

/* Data addresses in the records: a walk over an array has its loads'
 * addresses in it (and tally_record finds none where DMASK has none). */
static void check_buffer_data(void)
{
	struct perf_event_attr attr;
	struct bufev b;

	buf_attr(&attr, 2000);
	attr.exclude_kernel = 1;
	attr.config |= 6;	/* jitter: the loop's length could divide the period */
	if (buf_sample_self(&b, &attr, AUX_PAGES, walk_data, 100000)) {
		check(0, "a buffer-mode event for the data addresses opens");
		return;
	}
	buf_close(&b);
	print_whole(&b);
	check(buf_whole(&b) && b.t.daddrs >= 20 && b.t.walked * 10 >= b.t.daddrs * 9,
	      "buffer mode, data addresses: %u records, %u data addresses, %u in the walked array",
	      b.t.records, b.t.daddrs, b.t.walked);
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
 * few after the last (those that fell due while it was written), or all
 * those of the time the area was full (on the debug kernel a timer tick
 * in the loop can take longer than the area lasts at this period). */
static void check_buffer_lost(void)
{
	const uint64_t period = 8;
	struct perf_event_attr attr;
	struct rec_tally *t;
	struct bufev b;
	uint64_t count, after;

	buf_attr(&attr, period);
	attr.exclude_hv = 0;
	if (buf_sample_self(&b, &attr, 256, compute, 3000)) {
		check(0, "a buffer-mode event at period %llu opens", (unsigned long long)period);
		return;
	}
	t = &b.t;
	count = event_count(b.fd);
	buf_close(&b);
	print_whole(&b);
	after = count - t->records - t->gaps;
	check(buf_whole(&b) && t->records >= 100 && t->gaps && !t->short_gap &&
	      count >= t->records + t->gaps && (after <= 100 || b.truncated),
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

		become_nobody();
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
 * AUX records name them), and their records count in its count. The area
 * holds the whole run on both kernels; should it fill all the same, the
 * samples that fell due before the sampler stopped count without a
 * record after them to show their gap (the data is then truncated). */
static void check_buffer_inherit(void)
{
	struct perf_event_attr attr;
	struct rec_tally *t;
	struct bufev b;
	uint64_t count;
	int64_t unseen;
	pid_t child;

	buf_attr(&attr, 2000);
	attr.inherit = 1;
	/* (perf maps no ring for an inherited event of every CPU) */
	if (buf_open(&b, &attr, 0, 0, 4 * AUX_PAGES, 0) < 0) {
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
	unseen = (int64_t)(count - t->records - t->gaps);
	check(buf_whole(&b) && b.aux_tid && b.aux_alt_tid && t->records >= 300 && !t->outside &&
	      count >= t->records && (unseen <= 2 || (b.truncated && unseen <= 100)),
	      "buffer mode, inherit: %u records, %u AUX records of the task and %u of its child, "
	      "count %llu, %llu lost between records, %lld after the last%s", t->records,
	      b.aux_tid, b.aux_alt_tid, (unsigned long long)count, (unsigned long long)t->gaps,
	      (long long)unseen, b.truncated ? " (truncated)" : "");
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

void check_buffer(void)
{
	if (!tea_pmu_has_buffer()) {
		printf("skip: the PMU has no buffer mode (no format/buffer)\n");
		return;
	}
	check_buffer_no_aux();
	check_buffer_task();
	check_buffer_data();
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
