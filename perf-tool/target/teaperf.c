/* teaperf on the target: samples a command with the kernel's tea PMU
 * (driver/linux/tea_pmu.c) and writes the project's sample file
 * (docs/formats.md), which the host's teaperf reads:
 *
 *   teaperf record [-c N] [--jitter B] [--user] [-o FILE] [--] CMD [ARGS...]
 *
 * The command is forked and exec'd with the event counting from its exec
 * (enable_on_exec); the ring buffer is drained while it runs; samples the
 * hardware lost, records the kernel dropped (PERF_RECORD_LOST) and
 * throttling are counted. The file names the command and its build-id,
 * and holds map records (kind 0x80): the command's executable mappings and
 * the kernel's text with its build-id, so that the host finds the right
 * binaries. FILE "host:NAME" goes out through teasim's host file channel
 * (docs/linux.md), "console:NAME" on the console as lines a board's host
 * writes back into a file (tea/host_console.h; docs/boards.md). A static
 * program on the kernel's nolibc: no C library. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys.h>
#include <linux/perf_event.h>

#include "host_file.h"
#include "tea/host_console.h"
#include "tea_event.h"
#include "tea/perf.h"

#define DEFAULT_PERIOD	100000	/* under Linux each sample costs an interrupt */
#define RING_PAGES	64		/* data pages of the ring buffer, a power of two */
#define PAGE		4096
#define MAX_MAPS	64
#define EVENTS		10		/* enum pics_tea_event; a unit test checks the names */
#define PSV_BYTES	((EVENTS + 7) / 8)
#define REC_SAMPLE	0x01
#define REC_END		0x02
#define REC_MAP		0x80
#define KERNEL_HALF	0x8000000000000000ull
#define CONSOLE_MAX	(8u << 20)	/* a file for the console is kept whole until the end */

static const char *const event_names[EVENTS] = {
	"DR-L1", "DR-TLB", "DR-SQ", "FL-MB", "FL-EX", "FL-MO", "ST-L1", "ST-TLB", "ST-LLC",
	"ST-DIV",
};

struct map {
	uint64_t start, end, pgoff;
	uint8_t build_id[20];
	unsigned build_id_len;
	char path[256];
};

/* what a run collected, besides the samples it wrote as they came */
static struct {
	unsigned width;
	uint64_t samples, hw_lost, rec_lost, throttled;
	struct map maps[MAX_MAPS];
	unsigned n_maps;
	pid_t child;
} run;

/* ---- output: a file, teasim's host file channel, or the console ---- */

static uint8_t outbuf[65536];
static size_t outlen;
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

static void flush_out(void)
{
	size_t done = 0;

	if (to_host) {
		const char *err = host_file_write(outbuf, outlen);

		if (err)
			die(err);
		done = outlen;
	}
	if (to_console) {
		if (outlen > CONSOLE_MAX - console_len)
			die("the sample file is too large for console:, 8 MiB at the most");
		memcpy(console_file + console_len, outbuf, outlen);
		console_len += outlen;
		done = outlen;
	}
	while (done < outlen) {
		ssize_t n = write(outfd, outbuf + done, outlen - done);

		if (n <= 0)
			die("cannot write the sample file");
		done += (size_t)n;
	}
	outlen = 0;
}

static void put(const void *p, size_t n)
{
	if (outlen + n > sizeof(outbuf))
		flush_out();
	memcpy(outbuf + outlen, p, n);
	outlen += n;
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

/* The file as CONSOLE_FILE_* lines (tea/host_console.h), each one write:
 * the command's own output may come between them, not inside one. */
static void print_console_file(const char *name)
{
	static const char hex[] = "0123456789abcdef";
	char line[sizeof(CONSOLE_FILE_DATA) + 2 * CONSOLE_FILE_LINE + 2];
	uint32_t crc = 0;
	size_t at, n;

	printf("\n%s %s %llu\n", CONSOLE_FILE_BEGIN, name, (unsigned long long)console_len);
	for (at = 0; at < console_len; at += n) {
		char *p = line + sizeof(CONSOLE_FILE_DATA);

		n = console_len - at < CONSOLE_FILE_LINE ? console_len - at : CONSOLE_FILE_LINE;
		memcpy(line, CONSOLE_FILE_DATA " ", sizeof(CONSOLE_FILE_DATA));
		for (size_t i = 0; i < n; i++) {
			uint8_t b = console_file[at + i];

			*p++ = hex[b >> 4];
			*p++ = hex[b & 15];
		}
		crc = tea_crc32(crc, console_file + at, n);
		*p++ = '\n';
		if (write(1, line, (size_t)(p - line)) != p - line)
			die("cannot write to the console");
	}
	memcpy(line, CONSOLE_FILE_END " ", sizeof(CONSOLE_FILE_END));
	for (int i = 0; i < 8; i++)
		line[sizeof(CONSOLE_FILE_END) + i] = hex[(crc >> (28 - 4 * i)) & 15];
	line[sizeof(CONSOLE_FILE_END) + 8] = '\n';
	if (write(1, line, sizeof(CONSOLE_FILE_END) + 9) != (ssize_t)sizeof(CONSOLE_FILE_END) + 9)
		die("cannot write to the console");
}

/* ---- identities: build-ids of ELF files and of the kernel ---- */

/* The GNU build-id in a block of ELF notes; its length, or 0. */
static unsigned note_build_id(const uint8_t *p, size_t len, uint8_t *id)
{
	size_t off = 0;

	while (off + 12 <= len) {
		uint32_t namesz, descsz, type;

		memcpy(&namesz, p + off, 4);
		memcpy(&descsz, p + off + 4, 4);
		memcpy(&type, p + off + 8, 4);
		off += 12;
		if (namesz > len || descsz > len || off + ((namesz + 3) & ~3u) + descsz > len)
			return 0;
		if (type == 3 && namesz == 4 && !memcmp(p + off, "GNU", 4) && descsz <= 20) {
			memcpy(id, p + off + 4, descsz);
			return descsz;
		}
		off += ((namesz + 3) & ~3u) + ((descsz + 3) & ~3u);
	}
	return 0;
}

static uint8_t scratch[8192];

/* The build-id of the ELF file at path, from its PT_NOTE segments. */
static unsigned elf_build_id(const char *path, uint8_t *id)
{
	uint8_t eh[64], ph[56];
	uint64_t phoff;
	uint16_t phnum;
	unsigned got = 0;
	int fd = open(path, O_RDONLY, 0);

	if (fd < 0)
		return 0;
	if (read(fd, eh, sizeof(eh)) != sizeof(eh) || memcmp(eh, "\177ELF\2\1", 6))
		goto out;
	memcpy(&phoff, eh + 32, 8);
	memcpy(&phnum, eh + 56, 2);
	for (unsigned i = 0; i < phnum && !got; i++) {
		uint64_t off, size;
		uint32_t type;

		if (lseek(fd, (off_t)(phoff + 56 * i), SEEK_SET) < 0 ||
		    read(fd, ph, sizeof(ph)) != sizeof(ph))
			break;
		memcpy(&type, ph, 4);
		memcpy(&off, ph + 8, 8);
		memcpy(&size, ph + 32, 8);
		if (type != 4 || size > sizeof(scratch) || lseek(fd, (off_t)off, SEEK_SET) < 0 ||
		    read(fd, scratch, size) != (ssize_t)size)
			continue;
		got = note_build_id(scratch, size, id);
	}
out:
	close(fd);
	return got;
}

static void add_map(uint64_t start, uint64_t end, uint64_t pgoff, const char *path)
{
	struct map *m;

	if (run.n_maps == MAX_MAPS)
		return;
	m = &run.maps[run.n_maps++];
	m->start = start;
	m->end = end;
	m->pgoff = pgoff;
	strncpy(m->path, path, sizeof(m->path) - 1);
	m->build_id_len = path[0] == '[' ? 0 : elf_build_id(path, m->build_id);
}

/*
 * The kernel: the upper half of the address space, where a RISC-V kernel
 * and its modules live (reading the text's bounds from /proc/kallsyms
 * would cost more than a long recording), with the build-id of
 * /sys/kernel/notes, by which the host finds its vmlinux.
 */
static void add_kernel_map(void)
{
	int fd = open("/sys/kernel/notes", O_RDONLY, 0);
	ssize_t n = fd < 0 ? 0 : read(fd, scratch, sizeof(scratch));

	if (fd >= 0)
		close(fd);
	add_map(KERNEL_HALF, ~0ull, 0, "[kernel]");
	run.maps[run.n_maps - 1].build_id_len =
		note_build_id(scratch, n > 0 ? (size_t)n : 0, run.maps[run.n_maps - 1].build_id);
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
	put_le(1, 2);		/* minor: map records */
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

/* One PERF_RECORD_SAMPLE's raw data as a sample record. */
static void write_sample(const uint8_t *raw, uint32_t size)
{
	struct tea_perf_raw s;
	unsigned state, valid;

	if (size < sizeof(s))
		return;
	memcpy(&s, raw, sizeof(s));
	if (s.version != TEA_PERF_RAW_VERSION || s.width != run.width ||
	    size < TEA_PERF_RAW_SIZE(s.width))
		die("a sample in a layout this teaperf does not know");
	run.hw_lost += s.lost;
	state = (s.stat >> 2) & 3;
	valid = (s.stat >> 8) & ((1u << s.width) - 1);
	if (!valid)
		return;
	put_u8(REC_SAMPLE);
	put_u8((uint8_t)state);
	put_u8((uint8_t)valid);
	put_le(s.time, 8);
	for (unsigned i = 0; i < s.width; i++) {
		uint64_t addr, psv;

		if (!(valid >> i & 1))
			continue;
		memcpy(&addr, raw + sizeof(s) + 8 * i, 8);
		memcpy(&psv, raw + sizeof(s) + 8 * (s.width + i), 8);
		put_le(addr, 8);
		put_le(psv, PSV_BYTES);
	}
	run.samples++;
}

static void write_maps_and_end(void)
{
	for (unsigned i = 0; i < run.n_maps; i++) {
		const struct map *m = &run.maps[i];
		size_t n = strlen(m->path);

		put_u8(REC_MAP);
		put_le(8 + 8 + 8 + 1 + m->build_id_len + 2 + n, 4);
		put_le(m->start, 8);
		put_le(m->end, 8);
		put_le(m->pgoff, 8);
		put_u8((uint8_t)m->build_id_len);
		put(m->build_id, m->build_id_len);
		put_str(m->path, 2);
	}
	put_u8(REC_END);
	put_le(run.samples, 8);
	put_le(run.hw_lost + run.rec_lost, 8);
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

		switch (hdr->type) {
		case PERF_RECORD_SAMPLE: {
			/* ip, pid/tid, time, cpu/res, period, raw */
			uint32_t raw_size;

			memcpy(&raw_size, rec + 8 + 8 + 8 + 8 + 8 + 8, 4);
			if (8 + 40 + 4 + (size_t)raw_size <= (size_t)size)
				write_sample(rec + 8 + 40 + 4, raw_size);
			break;
		}
		case PERF_RECORD_MMAP: {
			uint64_t addr, len, pgoff;
			uint32_t pid;

			memcpy(&pid, rec + 8, 4);
			memcpy(&addr, rec + 16, 8);
			memcpy(&len, rec + 24, 8);
			memcpy(&pgoff, rec + 32, 8);
			if ((pid_t)pid == run.child && !(hdr->misc & PERF_RECORD_MISC_MMAP_DATA))
				add_map(addr, addr + len, pgoff, (const char *)rec + 40);
			break;
		}
		case PERF_RECORD_LOST: {
			uint64_t lost;

			memcpy(&lost, rec + 16, 8);
			run.rec_lost += lost;
			break;
		}
		case PERF_RECORD_THROTTLE:
			run.throttled++;
			break;
		}
	}
	if (size < 0)
		die("a malformed record in the ring buffer");
	tea_ring_release(ring);
}

static int open_event(long type, uint64_t period, unsigned jitter, int user_only)
{
	struct perf_event_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.type = (uint32_t)type;
	attr.size = sizeof(attr);
	attr.config = jitter;
	attr.sample_period = period;
	attr.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME | PERF_SAMPLE_CPU |
			   PERF_SAMPLE_PERIOD | PERF_SAMPLE_RAW;
	attr.disabled = 1;
	attr.enable_on_exec = 1;
	attr.exclude_kernel = user_only;
	attr.exclude_hv = 1;
	attr.mmap = 1;
	attr.comm = 1;
	attr.watermark = 1;
	attr.wakeup_watermark = RING_PAGES * PAGE / 4;
	return my_syscall5(__NR_perf_event_open, &attr, run.child, -1, -1, 8 /* CLOEXEC */);
}

static void usage(int status)
{
	printf("usage: teaperf record [-c N] [--jitter B] [--user] [-o FILE] [--] CMD [ARGS...]\n"
	       "Samples CMD with the TEA sampler (the kernel's tea PMU) and writes a sample\n"
	       "file (default teaperf.tea; host:NAME through teasim's host file channel,\n"
	       "console:NAME on the console for a board's host, teaperf boot).\n"
	       "  -c, --period N  cycles between samples (default %d)\n"
	       "  --jitter B      add 0..2^B-1 random cycles to each period (0..16)\n"
	       "  --user          user-mode samples only (as perf_event_paranoid may demand)\n"
	       "  -o FILE         the sample file (host:NAME: into teasim's --host-dir;\n"
	       "                  console:NAME: printed at the end, for the host to write)\n",
	       DEFAULT_PERIOD);
	exit(status);
}

static uint64_t number_arg(const char *s, const char *opt, uint64_t max)
{
	uint64_t v = 0;

	if (!*s)
		usage(2);
	for (; *s; s++) {
		if (*s < '0' || *s > '9' || v > max / 10) {
			printf("teaperf: %s needs a number up to %llu\n", opt, (unsigned long long)max);
			exit(2);
		}
		v = v * 10 + (uint64_t)(*s - '0');
	}
	if (v > max) {
		printf("teaperf: %s needs a number up to %llu\n", opt, (unsigned long long)max);
		exit(2);
	}
	return v;
}

int main(int argc, char **argv, char **envp)
{
	const char *out = "teaperf.tea";
	uint64_t period = DEFAULT_PERIOD, jitter = 0;
	int user_only = 0, go[2], fd, i, wstatus = 0;
	long type;
	struct tea_ring ring;
	struct pollfd pfd;

	if (argc < 2 || strcmp(argv[1], "record"))
		usage(2);
	/* options stop at "--" or at the command (the kernel hands init no
	 * second "--") */
	for (i = 2; i < argc && argv[i][0] == '-' && strcmp(argv[i], "--"); i++) {
		if ((!strcmp(argv[i], "--period") || !strcmp(argv[i], "-c")) && i + 1 < argc)
			period = number_arg(argv[++i], "--period", 0xffffffffu);
		else if (!strcmp(argv[i], "--jitter") && i + 1 < argc)
			jitter = number_arg(argv[++i], "--jitter", 16);
		else if (!strcmp(argv[i], "-o") && i + 1 < argc)
			out = argv[++i];
		else if (!strcmp(argv[i], "--user"))
			user_only = 1;
		else if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help"))
			usage(0);
		else
			usage(2);
	}
	if (i < argc && !strcmp(argv[i], "--"))
		i++;
	if (i >= argc || period == 0)
		usage(2);
	argv += i;

	if (tea_pmu_find(&type, &run.width))
		die("no tea PMU (is the TEA driver loaded?)");
	if (my_syscall2(__NR_pipe2, go, 0))
		die("cannot make a pipe");
	run.child = fork();
	if (run.child < 0)
		die("cannot fork");
	if (run.child == 0) {
		char c;

		close(go[1]);
		if (read(go[0], &c, 1) != 1)
			exit(127);
		execve(argv[0], argv, envp);
		printf("teaperf: cannot run %s\n", argv[0]);
		exit(127);
	}
	close(go[0]);
	fd = open_event(type, period, (unsigned)jitter, user_only);
	if (fd < 0) {
		kill(run.child, 9);
		die(fd == -EACCES ? "perf_event_open: not allowed to sample the kernel "
			"(perf_event_paranoid): use --user" :
		    fd == -EBUSY ? "perf_event_open: the sampler is busy with another event" :
		    "perf_event_open failed");
	}
	if (tea_ring_map(&ring, fd, RING_PAGES))
		die("cannot map the ring buffer");
	to_host = !strncmp(out, "host:", 5);
	to_console = !strncmp(out, "console:", 8);
	if (to_host) {
		const char *err = host_file_open(out + 5);

		if (err)
			die(err);
	} else if (to_console) {
		if (!console_file_name_ok(out + 8, strlen(out + 8)))
			die("console:NAME: 1 to 64 of A-Z a-z 0-9 . _ -, not starting with '.'");
	} else if ((outfd = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0644)) < 0)
		die("cannot create the sample file");
	write_header(period, argv[0]);
	if (write(go[1], "g", 1) != 1)
		die("cannot start the command");
	close(go[1]);

	pfd.fd = fd;
	pfd.events = POLLIN;
	for (;;) {
		pid_t done = waitpid(run.child, &wstatus, WNOHANG);

		drain(&ring);
		if (done == run.child)
			break;
		poll(&pfd, 1, 50);
	}
	drain(&ring);
	tea_ring_unmap(&ring);
	close(fd);
	add_kernel_map();
	write_maps_and_end();
	flush_out();
	if (to_host) {
		const char *err = host_file_close();

		if (err)
			die(err);
	} else if (to_console) {
		print_console_file(out + 8);
	} else if (close(outfd)) {
		die("cannot close the sample file");
	}
	printf("teaperf: %llu samples of %s in %s; lost %llu in the hardware, %llu in the kernel; "
	       "throttled %llu times\n", (unsigned long long)run.samples, argv[0], out,
	       (unsigned long long)run.hw_lost, (unsigned long long)run.rec_lost,
	       (unsigned long long)run.throttled);
	return WIFEXITED(wstatus) ? WEXITSTATUS(wstatus) : 128 + (wstatus & 0x7f);
}
