/* The serial line to an FPGA board's boot ROM (board_line.h). */
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <inttypes.h>
#include <libfdt.h>
#include <limits.h>
#include <poll.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "board_line.h"
#include "tea/serial_boot.h"
#include "teaperf.h"

#define CHUNK       4096u
#define ANSWER_MS   60000	/* the ROM answers a frame sooner (zeroing a large .bss
				   takes it a while, a simulated board more) */
#define BANNER_MS   10000	/* how long to wait for the boot ROM's banner */

static const struct { uint64_t baud; speed_t speed; } speeds[] = {
	{ 9600, B9600 }, { 19200, B19200 }, { 38400, B38400 }, { 57600, B57600 },
	{ 115200, B115200 }, { 230400, B230400 }, { 460800, B460800 },
	{ 500000, B500000 }, { 921600, B921600 }, { 1000000, B1000000 },
	{ 1500000, B1500000 }, { 2000000, B2000000 }, { 3000000, B3000000 },
};

/* The board's line: raw, 8N1, at baud. */
static int open_line(const char *cmd, const char *dev, uint64_t baud)
{
	struct termios t;
	speed_t speed = 0;
	int fd;

	for (size_t i = 0; i < sizeof(speeds) / sizeof(speeds[0]); i++)
		if (speeds[i].baud == baud)
			speed = speeds[i].speed;
	if (!speed) {
		cmd_error(cmd, "--baud %" PRIu64 ": not a rate a serial port is set to "
			  "(115200, 230400, 460800, 921600, 1000000, 2000000, 3000000, ...)", baud);
		return -1;
	}
	fd = open(dev, O_RDWR | O_NOCTTY);
	if (fd < 0) {
		cmd_error(cmd, "--serial %s: %s", dev, strerror(errno));
		return -1;
	}
	if (tcgetattr(fd, &t)) {
		cmd_error(cmd, "--serial %s: not a serial port: %s", dev, strerror(errno));
		close(fd);
		return -1;
	}
	cfmakeraw(&t);
	t.c_cflag |= CLOCAL | CREAD;
	t.c_cflag &= ~(CSTOPB | PARENB | CRTSCTS);
	cfsetispeed(&t, speed);
	cfsetospeed(&t, speed);
	if (tcsetattr(fd, TCSANOW, &t)) {
		cmd_error(cmd, "--serial %s: %s", dev, strerror(errno));
		close(fd);
		return -1;
	}
	return fd;
}

static int64_t now_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (int64_t)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

/* Waits for a byte from the board until deadline (now_ms()'s clock): a
 * deadline for the whole wait, as a board that keeps sending bytes other
 * than the ones waited for must not keep the host waiting forever. > 0
 * when there is one to read, 0 when the deadline passed, < 0 on error. */
static int wait_input(int fd, int64_t deadline)
{
	struct pollfd p = { .fd = fd, .events = POLLIN };

	for (;;) {
		int64_t left = deadline - now_ms();
		int r;

		if (left <= 0)
			return 0;
		r = poll(&p, 1, left > INT_MAX ? INT_MAX : (int)left);
		if (r >= 0 || errno != EINTR)
			return r;
	}
}

/* The offset of the n bytes at needle in the len bytes at s, or -1: a
 * board's bytes may hold NULs, which would end a strstr. */
static long find(const char *s, size_t len, const char *needle, size_t n)
{
	for (size_t i = 0; i + n <= len; i++)
		if (!memcmp(s + i, needle, n))
			return (long)i;
	return -1;
}

/* Waits for the boot ROM's banner line, which it prints after reset: a
 * frame sent before the ROM listens would be lost. A board reset before
 * the port was opened has printed it already; after banner_ms the frames
 * go anyway. */
static void wait_for_banner(const struct board_line *l)
{
	static const char banner[] = SERIAL_BOOT_BANNER;
	int64_t deadline = now_ms() + l->banner_ms;
	char line[256];
	size_t n = 0;

	fprintf(stderr, "[ teaperf %s: waiting for the boot ROM on %s (reset the board) ]\n",
		l->cmd, l->dev);
	while (wait_input(l->fd, deadline) > 0) {
		long at;
		char c;

		if (read(l->fd, &c, 1) != 1)
			return;
		if (c != '\n' && n < sizeof(line) - 1) {
			line[n++] = c;
			continue;
		}
		at = find(line, n, banner, sizeof(banner) - 1);
		if (at >= 0) {
			fprintf(stderr, "[ %.*s ]\n", (int)(n - (size_t)at), line + at);
			return;
		}
		n = 0;
	}
}

static int write_all(int fd, const uint8_t *p, size_t n)
{
	while (n) {
		ssize_t w = write(fd, p, n);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return -1;
		p += w;
		n -= (size_t)w;
	}
	return 0;
}

/* Sends a frame and waits for the ROM's answer, skipping other bytes (a
 * board's console output) until the deadline. */
static int send_frame(const struct board_line *l, const uint8_t *frame, size_t n)
{
	int64_t deadline = now_ms() + l->answer_ms + (int64_t)(n / 8);
	size_t other = 0;
	uint8_t b;

	if (write_all(l->fd, frame, n)) {
		cmd_error(l->cmd, "--serial %s: %s", l->dev, strerror(errno));
		return -1;
	}
	for (;; other++) {
		if (wait_input(l->fd, deadline) <= 0 || read(l->fd, &b, 1) != 1) {
			if (other)
				cmd_error(l->cmd, "no answer from the board's boot ROM on %s in "
					  "%g s, only %zu other bytes: reset the board (its boot ROM "
					  "waits for a program after reset) and check --baud", l->dev,
					  l->answer_ms / 1000.0, other);
			else
				cmd_error(l->cmd, "no answer from the board's boot ROM on %s: reset "
					  "the board (its boot ROM waits for a program after reset) "
					  "and check --baud", l->dev);
			return -1;
		}
		if (b == SERIAL_BOOT_ACK)
			return 0;
		if (b == SERIAL_BOOT_NAK) {
			cmd_error(l->cmd, "the board's boot ROM refused a frame: what was sent "
				  "does not fit its DRAM, or the line garbles bytes");
			return -1;
		}
	}
}

static bool all_zero(const uint8_t *p, size_t n)
{
	while (n--)
		if (*p++)
			return false;
	return true;
}

/* The bytes at [pa, pa + len): write frames, and zero frames for runs of
 * zeros. */
int board_line_send(struct board_line *l, uint64_t pa, const void *bytes, uint64_t len)
{
	const uint8_t *data = bytes;
	static uint8_t frame[SERIAL_BOOT_WRITE_FRAME_BYTES(CHUNK)];

	for (uint64_t at = 0; at < len;) {
		uint64_t n = len - at < CHUNK ? len - at : CHUNK;
		size_t size;

		if (!data || all_zero(data + at, n)) {
			while (at + n < len && (!data || all_zero(data + at + n,
					len - at - n < CHUNK ? len - at - n : CHUNK)))
				n += len - at - n < CHUNK ? len - at - n : CHUNK;
			size = serial_boot_zero_frame(frame, pa + at, n);
		} else {
			size = serial_boot_write_frame(frame, pa + at, data + at, (uint32_t)n);
		}
		if (send_frame(l, frame, size))
			return -1;
		at += n;
	}
	return 0;
}

/* Each loadable segment is its file bytes and then zeros up to its size
 * in memory. */
int board_line_send_elf(struct board_line *l, const char *path, uint64_t *entry, uint64_t *end)
{
	int efd = open(path, O_RDONLY);
	Elf *e = NULL;
	GElf_Ehdr eh;
	size_t nph;
	int rc = -1;

	*end = 0;
	if (efd < 0) {
		cmd_error(l->cmd, "%s: %s", path, strerror(errno));
		return -1;
	}
	elf_version(EV_CURRENT);
	e = elf_begin(efd, ELF_C_READ, NULL);
	if (!e || elf_kind(e) != ELF_K_ELF || !gelf_getehdr(e, &eh) ||
	    eh.e_machine != EM_RISCV || elf_getphdrnum(e, &nph)) {
		cmd_error(l->cmd, "%s: not a RISC-V ELF executable", path);
		goto out;
	}
	*entry = eh.e_entry;
	for (size_t i = 0; i < nph; i++) {
		GElf_Phdr ph;
		Elf_Data *d;

		if (!gelf_getphdr(e, (int)i, &ph) || ph.p_type != PT_LOAD || !ph.p_memsz)
			continue;
		if (ph.p_filesz > ph.p_memsz) {
			cmd_error(l->cmd, "%s: segment %zu holds more than it occupies", path, i);
			goto out;
		}
		d = elf_getdata_rawchunk(e, (int64_t)ph.p_offset, ph.p_filesz, ELF_T_BYTE);
		if (ph.p_filesz && !d) {
			cmd_error(l->cmd, "%s: segment %zu lies outside the file", path, i);
			goto out;
		}
		if (board_line_send(l, ph.p_paddr, ph.p_filesz ? d->d_buf : NULL, ph.p_filesz) ||
		    board_line_send(l, ph.p_paddr + ph.p_filesz, NULL, ph.p_memsz - ph.p_filesz))
			goto out;
		if (ph.p_paddr + ph.p_memsz > *end)
			*end = ph.p_paddr + ph.p_memsz;
	}
	if (!*end) {
		cmd_error(l->cmd, "%s: nothing to load", path);
		goto out;
	}
	rc = 0;
out:
	if (e)
		elf_end(e);
	close(efd);
	return rc;
}

/* Whether the line of n bytes (without its '\n') is the exit line, the
 * status a decimal int as the program's runtime prints it: 1 with *status
 * its low byte (as a shell takes an exit status), 0 when it is another
 * line, -1 after an error line when the status is not such a number (a
 * wrapped or made-up status would pass for the program's). */
static int exit_line(const char *cmd, const char *line, size_t n, int *status)
{
	static const char tag[] = SERIAL_BOOT_EXIT " ";
	const size_t t = sizeof(tag) - 1;
	bool minus;
	int64_t v = 0;
	size_t i;

	if (n < t || memcmp(line, tag, t))
		return 0;
	if (line[n - 1] == '\r')
		n--;
	i = t;
	minus = i < n && line[i] == '-';
	i += minus;
	if (i == n)
		goto bad;
	for (; i < n; i++) {
		if (line[i] < '0' || line[i] > '9')
			goto bad;
		v = v * 10 + (line[i] - '0');
		if (v > (int64_t)INT_MAX + minus)
			goto bad;
	}
	*status = (int)((minus ? -v : v) & 0xff);
	return 1;
bad:
	cmd_error(cmd, "the program's exit line (%s) does not end in a status from %d to %d",
		  SERIAL_BOOT_EXIT, INT_MIN, INT_MAX);
	return -1;
}

int board_line_console(struct board_line *l, char **text, size_t *len)
{
	int fd = l->fd;
	struct pollfd p[2] = { { .fd = fd, .events = POLLIN }, { .fd = 0, .events = POLLIN } };
	size_t cap = 65536, line = 0;
	uint8_t buf[4096];

	*text = malloc(cap + 1);
	*len = 0;
	if (!*text) {
		cmd_error(l->cmd, "out of memory");
		return -1;
	}
	for (;;) {
		if (poll(p, 2, -1) < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		if (p[1].revents & POLLIN) {
			ssize_t n = read(0, buf, sizeof(buf));

			if (n > 0 && write_all(fd, buf, (size_t)n))
				break;
			if (n <= 0)
				p[1].fd = -1;	/* the terminal is done; the board goes on */
		}
		if (!(p[0].revents & (POLLIN | POLLHUP | POLLERR)))
			continue;
		ssize_t n = read(fd, buf, sizeof(buf));

		if (n <= 0)
			break;
		fwrite(buf, 1, (size_t)n, stdout);
		fflush(stdout);
		if (*len + (size_t)n > cap) {
			char *t = realloc(*text, 2 * cap + (size_t)n + 1);

			if (!t) {
				cmd_error(l->cmd, "out of memory");
				return -1;
			}
			*text = t;
			cap = 2 * cap + (size_t)n;
		}
		size_t scan = *len;
		const char *nl;

		memcpy(*text + *len, buf, (size_t)n);
		*len += (size_t)n;
		(*text)[*len] = '\0';
		/* each line once whole, the exit line among them; by length, as
		 * the board may send NULs */
		while ((nl = memchr(*text + scan, '\n', *len - scan))) {
			int status, r = exit_line(l->cmd, *text + line,
						  (size_t)(nl - *text) - line, &status);

			if (r)
				return r < 0 ? -1 : status;
			line = scan = (size_t)(nl - *text) + 1;
		}
	}
	cmd_error(l->cmd, "%s closed before the program's exit line (%s)", l->dev,
		  SERIAL_BOOT_EXIT);
	return -1;
}

int board_line_open(struct board_line *l, const char *cmd, const char *dev, uint64_t baud)
{
	l->cmd = cmd;
	l->dev = dev;
	l->answer_ms = ANSWER_MS;
	l->banner_ms = BANNER_MS;
	l->fd = open_line(cmd, dev, baud);
	if (l->fd < 0)
		return -1;
	wait_for_banner(l);
	return 0;
}

void board_line_close(struct board_line *l)
{
	if (l->fd >= 0)
		close(l->fd);
	l->fd = -1;
}

int board_line_go(struct board_line *l, uint64_t entry, uint64_t dtb)
{
	uint8_t go[SERIAL_BOOT_GO_FRAME_BYTES];

	return send_frame(l, go, serial_boot_go_frame(go, entry, dtb));
}

void *board_dtb_read(const char *cmd, const char *path, size_t room)
{
	FILE *f = fopen(path, "rb");
	long size;
	uint8_t *blob = NULL, *tree = NULL;

	if (!f || fseek(f, 0, SEEK_END) || (size = ftell(f)) <= 0 || fseek(f, 0, SEEK_SET) ||
	    !(blob = malloc((size_t)size)) || fread(blob, 1, (size_t)size, f) != (size_t)size) {
		cmd_error(cmd, "--dtb %s: cannot read it", path);
		goto out;
	}
	tree = malloc((size_t)size + room);
	if (!tree || fdt_check_header(blob) ||
	    fdt_open_into(blob, tree, (int)((size_t)size + room))) {
		cmd_error(cmd, "--dtb %s: not a device tree blob", path);
		free(tree);
		tree = NULL;
	}
out:
	if (f)
		fclose(f);
	free(blob);
	return tree;
}

int board_dtb_set_chosen(const char *cmd, void *tree, const char *name, const void *value,
			 int len)
{
	int node = fdt_path_offset(tree, "/chosen");

	if (node < 0)
		node = fdt_add_subnode(tree, 0, "chosen");
	if (node < 0 || fdt_setprop(tree, node, name, value, len)) {
		cmd_error(cmd, "cannot set /chosen/%s in the device tree", name);
		return -1;
	}
	return 0;
}
