/* tea-pmu --smp N: the driver on several harts (teasim --harts N,
 * tests/linux/smp.sh), run as root after init has loaded the driver:
 *
 *   the kernel runs N CPUs
 *   a per-CPU event on every CPU at once (one event per hart, not per
 *     machine): each gets samples of a task pinned to its CPU, every
 *     one stamped with that CPU (the hart's interrupt reached its own CPU)
 *   a task event follows its task from CPU to CPU
 *   the last CPU taken offline with an event open on it, and online
 *     again, twice: then the per-CPU events sample as before (the hart's
 *     interrupt, moved to another CPU while it was down, came back)
 *
 * tea-pmu --spin N runs one busy task pinned to each CPU, for perf record -a. */
#include "smp.h"

#define PERIOD		20000
#define WORK		1000000		/* compute()'s rounds: about 5 M cycles */
#define MIN_SAMPLES	100		/* of WORK at PERIOD: about 250 expected */
#define CPU_ONLINE	"/sys/devices/system/cpu/online"

/* Runs the calling task on @cpu alone; 0 or -errno. */
static int pin(int cpu)
{
	unsigned long mask = 1ul << cpu;

	return my_syscall3(__NR_sched_setaffinity, 0, sizeof(mask), &mask);
}

/* Lets this task run on every CPU again */
static void pin_all(int ncpus)
{
	unsigned long mask = (1ul << ncpus) - 1;

	my_syscall3(__NR_sched_setaffinity, 0, sizeof(mask), &mask);
}

static int current_cpu(void)
{
	unsigned cpu = ~0u;

	my_syscall3(__NR_getcpu, &cpu, NULL, NULL);
	return (int)cpu;
}

/* A child that runs compute(WORK) on @cpu; its pid, or -1. */
static pid_t spin_on(int cpu)
{
	pid_t pid = fork();

	if (pid == 0) {
		if (pin(cpu) || current_cpu() != cpu)
			exit(1);
		sink += compute(WORK);
		exit(0);
	}
	return pid;
}

/* Waits for @n children; the number that failed. */
static int wait_children(const pid_t *pids, int n)
{
	int bad = 0, status;

	for (int i = 0; i < n; i++)
		bad += pids[i] < 0 || waitpid(pids[i], &status, 0) != pids[i] || status;
	return bad;
}

/* sysfs: the first line of @path into @buf; -1 when it cannot be read */
static int read_line(const char *path, char *buf, int cap)
{
	int fd = open(path, O_RDONLY, 0), n;

	if (fd < 0)
		return -1;
	n = read(fd, buf, cap - 1);
	close(fd);
	if (n <= 0)
		return -1;
	buf[n] = '\0';
	for (char *p = buf; *p; p++)
		if (*p == '\n')
			*p = '\0';
	return 0;
}

static int write_text(const char *path, const char *text)
{
	int fd = open(path, O_WRONLY, 0), n;

	if (fd < 0)
		return fd;
	n = write(fd, text, strlen(text));
	close(fd);
	return n == (int)strlen(text) ? 0 : -1;
}

/* ---- events and their samples ---- */

struct event {
	int fd;
	struct tea_ring ring;
};

/* the fd, or -errno */
static int open_event(struct event *e, int pid, int cpu)
{
	struct perf_event_attr attr;

	tea_attr(&attr, PERIOD);
	attr.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_CPU;
	e->fd = event_open(&attr, pid, cpu);
	if (e->fd < 0)
		return e->fd;
	if (tea_ring_map(&e->ring, e->fd, RING_PAGES)) {
		close(e->fd);
		return e->fd = -ENOMEM;
	}
	return e->fd;
}

static void close_event(struct event *e)
{
	if (e->fd < 0)
		return;
	tea_ring_unmap(&e->ring);
	close(e->fd);
}

/* What an event's samples were: per CPU, and of one task */
struct tally {
	unsigned samples, of_task;
	unsigned on_cpu[MAX_CPUS];
	unsigned bad_cpu;
};

/* ip, pid/tid, cpu/res (PERF_SAMPLE_IP | TID | CPU) */
static void tally(struct event *e, pid_t task, struct tally *t)
{
	static uint64_t rec_words[4096 / 8];
	const uint8_t *rec = (const uint8_t *)rec_words;
	int size;

	memset(t, 0, sizeof(*t));
	while ((size = tea_ring_next(&e->ring, rec_words, sizeof(rec_words))) > 0) {
		const struct perf_event_header *hdr = (const void *)rec;
		uint32_t pid, cpu;

		if (hdr->type != PERF_RECORD_SAMPLE || size < 32)
			continue;
		memcpy(&pid, rec + 16, 4);
		memcpy(&cpu, rec + 24, 4);
		t->samples++;
		t->of_task += (pid_t)pid == task;
		if (cpu < MAX_CPUS)
			t->on_cpu[cpu]++;
		else
			t->bad_cpu++;
	}
	tea_ring_release(&e->ring);
}

/* ---- the checks ---- */

static void check_cpus(int ncpus)
{
	char want[] = "0-N", have[32] = "";

	want[2] = (char)('0' + ncpus - 1);	/* (nolibc has no snprintf) */
	read_line(CPU_ONLINE, have, sizeof(have));
	check(!strcmp(have, want), "the kernel runs %d CPUs (online: %s)", ncpus, have);
}

/* A per-CPU event on every CPU, a task pinned to each */
static void check_cpu_events(int ncpus, const char *when)
{
	struct event ev[MAX_CPUS];
	pid_t pids[MAX_CPUS];
	int opened = 0, c;

	for (c = 0; c < ncpus; c++)
		opened += open_event(&ev[c], -1, c) >= 0;
	if (opened < ncpus) {
		check(0, "%s: a per-CPU event opens on each of %d CPUs at once (%d did)", when, ncpus, opened);
		goto out;
	}
	for (c = 0; c < ncpus; c++)
		ioctl(ev[c].fd, PERF_EVENT_IOC_ENABLE, 0);
	for (c = 0; c < ncpus; c++)
		pids[c] = spin_on(c);
	check(!wait_children(pids, ncpus), "%s: a task pinned to each CPU runs there", when);
	for (c = 0; c < ncpus; c++) {
		struct tally t;

		ioctl(ev[c].fd, PERF_EVENT_IOC_DISABLE, 0);
		tally(&ev[c], pids[c], &t);
		check(t.of_task >= MIN_SAMPLES && t.on_cpu[c] == t.samples,
		      "%s: the event on CPU %d: %u samples of the task pinned there, %u of %u stamped CPU %d",
		      when, c, t.of_task, t.on_cpu[c], t.samples, c);
	}
out:
	for (c = 0; c < ncpus; c++)
		close_event(&ev[c]);
}

/* A task event on this task, which moves from CPU to CPU */
static void check_task_moves(int ncpus)
{
	struct event e;
	struct tally t;
	unsigned least = ~0u;
	int c, moved = 1;

	if (open_event(&e, 0, -1) < 0) {
		check(0, "a task event on itself opens");
		return;
	}
	ioctl(e.fd, PERF_EVENT_IOC_ENABLE, 0);
	for (c = 0; c < ncpus; c++) {
		moved &= !pin(c) && current_cpu() == c;
		sink += compute(WORK);
	}
	ioctl(e.fd, PERF_EVENT_IOC_DISABLE, 0);
	pin_all(ncpus);
	tally(&e, getpid(), &t);
	close_event(&e);
	for (c = 0; c < ncpus; c++)
		least = t.on_cpu[c] < least ? t.on_cpu[c] : least;
	check(moved && least >= MIN_SAMPLES && t.of_task == t.samples,
	      "a task event follows its task over %d CPUs: %u samples, the fewest on one CPU %u",
	      ncpus, t.samples, least);
}

/* The last CPU offline while a per-CPU event samples a task on it, then
 * online; twice */
static void check_hotplug(int ncpus)
{
	char path[] = "/sys/devices/system/cpu/cpuN/online", online[32] = "";
	int cpu = ncpus - 1, ok = 1;

	*strchr(path, 'N') = (char)('0' + cpu);
	for (int round = 0; round < 2; round++) {
		struct event e;
		pid_t pid;

		if (open_event(&e, -1, cpu) < 0) {
			ok = 0;
			break;
		}
		ioctl(e.fd, PERF_EVENT_IOC_ENABLE, 0);
		pid = spin_on(cpu);
		sink += compute(WORK / 10);	/* the child starts */
		ok &= !write_text(path, "0");
		ok &= !read_line(path, online, sizeof(online)) && !strcmp(online, "0");
		/* the child, no longer able to run on its CPU, ends elsewhere */
		wait_children(&pid, 1);
		close_event(&e);
		ok &= !write_text(path, "1");
		ok &= !read_line(path, online, sizeof(online)) && !strcmp(online, "1");
	}
	check(ok, "CPU %d offline with an event open on it, and online, twice", cpu);
	check_cpus(ncpus);
	check_cpu_events(ncpus, "after hotplug");
}

int smp_spin(int ncpus)
{
	pid_t pids[MAX_CPUS];

	if (ncpus < 1 || ncpus > MAX_CPUS)
		return 2;
	for (int c = 0; c < ncpus; c++)
		pids[c] = spin_on(c);
	return wait_children(pids, ncpus);
}

void check_smp(int ncpus)
{
	if (ncpus < 2 || ncpus > MAX_CPUS) {
		check(0, "--smp needs 2 to %d CPUs, not %d", MAX_CPUS, ncpus);
		return;
	}
	check_cpus(ncpus);
	check_cpu_events(ncpus, "at boot");
	check_task_moves(ncpus);
	check_hotplug(ncpus);
}
