/* teaperf on the target: samples a command with the kernel's tea PMU
 * (driver/tea_pmu/tea_pmu_core.c) and writes the project's sample file
 * (docs/formats.md), which the host's teaperf reads:
 *
 *   teaperf record [-c N] [--jitter B] [--mode interrupt|buffer] [-g] [--user]
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
 * (0x82) before each sample of another task than the last; with -g
 * (interrupt mode) a call-chain record (0x85) before each sample with
 * callers, as perf unwinds them from the interrupted context; and the
 * kernel's text with its build-id. FILE "host:NAME" goes out through
 * teasim's host file channel (docs/linux.md), "console:NAME" on the
 * console as lines a board's host writes back into a file
 * (tea/host_console.h; docs/boards.md), kept in memory until the end, 8
 * MiB at the most. At --max-size (for the console, 8 MiB at the most and
 * by default) sampling stops, a stop record (0x83) says at which cycle,
 * and the command runs on to its end. A static program on the kernel's
 * nolibc: no C library.
 *
 * This file is the command line and the run; record.h names the others.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys.h>

#include "command.h"
#include "console_file.h"
#include "record.h"
#include "tea_event.h"
#include "tea/marker.h"

#define DEFAULT_PERIOD	100000	/* under Linux each sample costs an interrupt */
#define MIN_SIZE	4096		/* --max-size: room for the header and a few samples */

#ifndef O_CLOEXEC
#define O_CLOEXEC	02000000
#endif

struct record_run run;

/* teaperf record's options */
struct options {
	const char *out;
	uint64_t period, jitter, size_limit;
	int user_only;
	int mode;		/* 1: buffer, 0: interrupt, -1: not given */
};

static void die(const char *what)
{
	printf("teaperf: %s\n", what);
	exit(1);
}

static void usage(int status)
{
	printf("usage: teaperf record [-c N] [--jitter B] [--mode interrupt|buffer] [-g] [--user]\n"
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
	       "                    where the sampler can; interrupt with -g or --inherit)\n"
	       "  -g                each sample's callers, as perf unwinds them (interrupt\n"
	       "                    mode; build CMD with -fno-omit-frame-pointer)\n"
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

/* The options of teaperf record, and what they may not be, said before
 * anything runs; the index of the command in @argv. */
static int parse_options(int argc, char **argv, struct options *o)
{
	int i;

	/* options stop at "--" or at the command (the kernel hands init no
	 * second "--") */
	for (i = 2; i < argc && argv[i][0] == '-' && strcmp(argv[i], "--"); i++) {
		if ((!strcmp(argv[i], "--period") || !strcmp(argv[i], "-c")) && i + 1 < argc)
			o->period = number_arg(argv[++i], "--period", 0xffffffffu, 0);
		else if (!strcmp(argv[i], "--jitter") && i + 1 < argc)
			o->jitter = number_arg(argv[++i], "--jitter", 16, 0);
		else if (!strcmp(argv[i], "--max-size") && i + 1 < argc)
			o->size_limit = number_arg(argv[++i], "--max-size", ~0ull, 1);
		else if (!strcmp(argv[i], "-o") && i + 1 < argc)
			o->out = argv[++i];
		else if (!strcmp(argv[i], "--mode") && i + 1 < argc && !strcmp(argv[i + 1], "buffer"))
			o->mode = 1, i++;
		else if (!strcmp(argv[i], "--mode") && i + 1 < argc && !strcmp(argv[i + 1], "interrupt"))
			o->mode = 0, i++;
		else if (!strcmp(argv[i], "-g"))
			run.callchain = 1;
		else if (!strcmp(argv[i], "--user"))
			o->user_only = 1;
		else if (!strcmp(argv[i], "--inherit"))
			run.inherit = 1;
		else if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help"))
			usage(0);
		else
			usage(2);
	}
	if (i < argc && !strcmp(argv[i], "--"))
		i++;
	if (i >= argc || o->period == 0)
		usage(2);
	if (o->jitter && o->period <= 1ull << o->jitter) {
		printf("teaperf: --jitter %llu needs a period above %llu\n",
		       (unsigned long long)o->jitter, 1ull << o->jitter);
		exit(2);
	}
	if (o->size_limit && o->size_limit < MIN_SIZE) {
		printf("teaperf: --max-size needs at least %d bytes\n", MIN_SIZE);
		exit(2);
	}
	/* the sampler writes its records without walking the stack */
	if (run.callchain && o->mode == 1) {
		printf("teaperf: -g: buffer mode has no call chains (the sampler does not walk "
		       "the stack): use --mode interrupt\n");
		exit(2);
	}
	/* perf publishes each run of the AUX area under the task current at
	 * its end, and swaps a task's context with its inherited clone's
	 * without stopping the event (docs/linux.md) */
	if (run.inherit && o->mode == 1) {
		printf("teaperf: --inherit: in buffer mode perf may name a task's records as its "
		       "parent's or child's: use --mode interrupt\n");
		exit(2);
	}
	return i;
}

/* Why perf_event_open failed with @err, in words. */
static const char *open_error(int err)
{
	if (err == -EACCES)
		return "perf_event_open: not allowed to sample the kernel (perf_event_paranoid): "
		       "use --user";
	if (err == -EBUSY)
		return "perf_event_open: the sampler is busy with another event";
	if (err == -EOPNOTSUPP && run.callchain)
		return "perf_event_open: the driver has buffer mode only (its kernel exports no "
		       "perf_event_overflow), which has no call chains: record without -g";
	if (err == -EOPNOTSUPP)
		return "perf_event_open: the driver has buffer mode only (its kernel exports no "
		       "perf_event_overflow): use --mode buffer";
	if (err == -EINVAL && run.callchain)
		return "perf_event_open failed: a driver without call chains? (try without -g)";
	return "perf_event_open failed";
}

/* The command's status as a shell gives it. */
static int exit_status(int wstatus)
{
	return WIFEXITED(wstatus) ? WEXITSTATUS(wstatus) : 128 + (wstatus & 0x7f);
}

/* What the recording holds, and where sampling stopped short. */
static void print_summary(const char *out, const char *file)
{
	printf("teaperf: %llu samples of %s in %s (%s mode%s); lost %llu in the hardware, %llu in "
	       "the kernel; throttled %llu times\n", (unsigned long long)run.samples, file, out,
	       run.buffer ? "buffer" : "interrupt", run.callchain ? ", call chains" : "",
	       (unsigned long long)run.hw_lost, (unsigned long long)run.rec_lost,
	       (unsigned long long)run.throttles);
	if (run.truncated)
		printf("teaperf: the AUX area was full %llu times: the samples meanwhile are lost\n",
		       (unsigned long long)run.truncated);
	if (run.stopped)
		printf("teaperf: %s reached --max-size %llu bytes: sampling stopped at cycle %llu, "
		       "%s ran on to its end; %llu samples left out (counted lost)\n", out,
		       (unsigned long long)output_max_size(), (unsigned long long)run.stop_cycle,
		       file, (unsigned long long)run.left_out);
}

/*
 * Forks the command, held until a byte comes through the pipe whose
 * write end goes to @go: the event must be open on it first. The pipe
 * @exec_err closes at a successful exec, else it brings the errno.
 */
static void fork_command(const char *file, char **argv, char **envp, int go[2], int exec_err[2])
{
	char c;
	int e;

	if (my_syscall2(__NR_pipe2, go, 0) || my_syscall2(__NR_pipe2, exec_err, O_CLOEXEC))
		die("cannot make a pipe");
	run.child = fork();
	if (run.child < 0)
		die("cannot fork");
	if (run.child) {
		close(go[0]);
		close(exec_err[1]);
		return;
	}
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

/*
 * Drains the ring until the command ends; its wait status. Once the
 * event's tasks have all exited, poll says POLLHUP at once, every time,
 * while the command has yet to become a zombie: teaperf then waits for it
 * rather than spinning, which on one hart would take the time the exit
 * needs.
 */
static int follow_command(void)
{
	struct pollfd pfd = { .fd = run.fd, .events = POLLIN };
	int wstatus = 0;

	for (;;) {
		pid_t done = waitpid(run.child, &wstatus, WNOHANG);

		drain();
		if (done == run.child)
			return wstatus;
		if (poll(&pfd, 1, 50) == 1 && pfd.revents & POLLHUP) {
			waitpid(run.child, &wstatus, 0);
			return wstatus;
		}
	}
}

int main(int argc, char **argv, char **envp)
{
	static char file[PATH_BYTES];
	struct options o = { .out = "teaperf.tea", .period = DEFAULT_PERIOD, .mode = -1 };
	int go[2], exec_err[2], e, wstatus;
	const char *err;
	long type;
	ssize_t n;

	run.fd = -1;
	if (argc >= 2 && !strcmp(argv[1], "put"))
		return put_main(argc - 1, argv + 1);
	if (argc < 2 || strcmp(argv[1], "record"))
		usage(2);
	argv += parse_options(argc, argv, &o);
	err = output_setup(o.out, o.size_limit);
	if (err)
		die(err);

	/* before anything is opened: a command that cannot run leaves no file */
	e = find_command(argv[0], envp, file);
	if (e)
		return cannot_run(argv[0], e);
	if (tea_pmu_find(&type, &run.width))
		die("no tea PMU (is the TEA driver loaded?)");
	run.buffer = o.mode < 0 ? !run.callchain && !run.inherit && tea_pmu_has_buffer() : o.mode;
	if (run.buffer && !tea_pmu_has_buffer())
		die("--mode buffer: this sampler has no buffer mode");
	if (run.inherit && !one_cpu())
		die("--inherit follows a command's tasks on one CPU only, and this machine has more");
	/* in simulation, where the RTL core takes over from the ISS's boot */
	tea_marker(TEA_MARKER_RECORD);
	fork_command(file, argv, envp, go, exec_err);
	run.fd = open_event(type, o.period, (unsigned)o.jitter, o.user_only);
	if (run.fd < 0) {
		kill(run.child, 9);
		die(open_error(run.fd));
	}
	err = map_event();
	if (!err)
		err = output_open();
	if (err)
		die(err);
	write_header(o.period, file);
	if (write(go[1], "g", 1) != 1)
		die("cannot start the command");
	close(go[1]);
	n = read(exec_err[0], &e, sizeof(e));
	close(exec_err[0]);
	if (n == sizeof(e)) {
		waitpid(run.child, &wstatus, 0);
		output_discard();
		return cannot_run(argv[0], e);
	}

	wstatus = follow_command();
	close_event();
	write_tail();
	err = output_close();
	if (run.failed) {
		printf("teaperf: %s: %s; the file is cut short, %s ran to its end\n", o.out,
		       run.failed, file);
		return 1;
	}
	if (err)
		die(err);
	print_summary(o.out, file);
	return exit_status(wstatus);
}
