/* Disassembly through objdump, run as a child process the way perf annotate
 * runs it, and a parser for what it prints. */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <poll.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "internal.h"

extern char **environ;

/* A function's disassembly is a few KiB; the cap keeps a runaway child
 * from filling memory. */
#define OUTPUT_MAX (64u << 20)
#define STDERR_KEEP 400
#define MNEMONIC_COLUMN 8

struct pics_disasm {
	struct pics_insn_text *insns;
	size_t n, cap;
};

/* ---- parsing ------------------------------------------------------------- */

static int hex_digit(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

/* "  80000010:\tlw\ta4,0(a5)" -> 0x80000010 and a copy of the text with
 * the mnemonic padded to a column; NULL text for other lines. */
static int parse_line(const char *line, size_t len, uint64_t *addr,
		      char **text)
{
	size_t i = 0, digits = 0, out = 0;
	char *t;

	*text = NULL;
	while (i < len && line[i] == ' ')
		i++;
	for (*addr = 0; i < len && hex_digit(line[i]) >= 0; i++, digits++)
		*addr = *addr << 4 | (uint64_t)hex_digit(line[i]);
	if (!digits || digits > 16 || i + 2 >= len || line[i] != ':' ||
	    line[i + 1] != '\t')
		return 0;
	i += 2;
	if (line[i] == ' ' || line[i] == '\t')
		return 0;
	t = malloc(len - i + MNEMONIC_COLUMN + 1);
	if (!t)
		return -1;
	for (bool first_tab = true; i < len; i++) {
		if (line[i] != '\t') {
			/* Control characters would garble a terminal. */
			unsigned char c = (unsigned char)line[i];

			t[out++] = c < 0x20 ? '?' : (char)c;
			continue;
		}
		do
			t[out++] = ' ';
		while (first_tab && out < MNEMONIC_COLUMN);
		first_tab = false;
	}
	t[out] = '\0';
	*text = t;
	return 0;
}

static int add_insn(struct pics_disasm *d, uint64_t addr, char *text)
{
	if (d->n == d->cap) {
		size_t cap = d->cap ? 2 * d->cap : 64;
		struct pics_insn_text *grown = realloc(d->insns,
						       cap * sizeof(*grown));

		if (!grown)
			return -1;
		d->insns = grown;
		d->cap = cap;
	}
	d->insns[d->n++] = (struct pics_insn_text){ addr, text };
	return 0;
}

static int by_address(const void *a, const void *b)
{
	const struct pics_insn_text *x = a, *y = b;

	if (x->addr != y->addr)
		return x->addr < y->addr ? -1 : 1;
	/* objdump prints each address once; should it not, the order is
	 * still defined. */
	return strcmp(x->text, y->text);
}

struct pics_disasm *pics_disasm_parse(const char *text, size_t len,
				      struct pics_error *err)
{
	struct pics_disasm *d = calloc(1, sizeof(*d));
	size_t pos = 0;

	if (!d)
		goto nomem;
	while (pos < len) {
		const char *nl = memchr(text + pos, '\n', len - pos);
		size_t line_len = nl ? (size_t)(nl - text - pos) : len - pos;
		uint64_t addr;
		char *insn;

		if (parse_line(text + pos, line_len, &addr, &insn))
			goto nomem;
		if (insn && add_insn(d, addr, insn)) {
			free(insn);
			goto nomem;
		}
		pos += line_len + 1;
	}
	if (d->n)
		qsort(d->insns, d->n, sizeof(*d->insns), by_address);
	return d;
nomem:
	pics_disasm_free(d);
	pics_fail(err, PICS_ERR_NOMEM, "out of memory reading a disassembly");
	return NULL;
}

void pics_disasm_free(struct pics_disasm *d)
{
	if (!d)
		return;
	for (size_t i = 0; i < d->n; i++)
		free((char *)d->insns[i].text);
	free(d->insns);
	free(d);
}

size_t pics_disasm_count(const struct pics_disasm *d)
{
	return d->n;
}

const struct pics_insn_text *pics_disasm_insn(const struct pics_disasm *d,
					      size_t i)
{
	return i < d->n ? &d->insns[i] : NULL;
}

/* ---- running objdump ----------------------------------------------------- */

struct child_output {
	char *out;
	size_t out_len, out_cap;
	char err[STDERR_KEEP + 1];
	size_t err_len;
	bool too_long;
};

static int keep_stdout(struct child_output *co, const char *buf, size_t n)
{
	if (co->out_len + n > OUTPUT_MAX) {
		co->too_long = true;
		return 0;
	}
	if (co->out_len + n > co->out_cap) {
		size_t cap = co->out_cap ? co->out_cap : 1 << 16;
		char *grown;

		while (cap < co->out_len + n)
			cap *= 2;
		grown = realloc(co->out, cap);
		if (!grown)
			return -1;
		co->out = grown;
		co->out_cap = cap;
	}
	memcpy(co->out + co->out_len, buf, n);
	co->out_len += n;
	return 0;
}

static void keep_stderr(struct child_output *co, const char *buf, size_t n)
{
	size_t room = STDERR_KEEP - co->err_len;

	if (n > room)
		n = room;
	memcpy(co->err + co->err_len, buf, n);
	co->err_len += n;
	co->err[co->err_len] = '\0';
}

/* Drains the child's stdout and stderr together, so that neither pipe can
 * fill up and stall it. */
static int drain(int out_fd, int err_fd, struct child_output *co)
{
	struct pollfd fds[2] = { { out_fd, POLLIN, 0 }, { err_fd, POLLIN, 0 } };
	int open_fds = 2;

	while (open_fds) {
		if (poll(fds, 2, -1) < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		for (int i = 0; i < 2; i++) {
			char buf[8192];
			ssize_t n;

			if (fds[i].fd < 0 || !fds[i].revents)
				continue;
			n = read(fds[i].fd, buf, sizeof(buf));
			if (n < 0 && errno == EINTR)
				continue;
			if (n <= 0) {
				fds[i].fd = -1;
				open_fds--;
			} else if (i == 0 && keep_stdout(co, buf, (size_t)n)) {
				return -1;
			} else if (i == 1) {
				keep_stderr(co, buf, (size_t)n);
			}
		}
	}
	return 0;
}

static int make_pipe(int fds[2])
{
	if (pipe(fds))
		return -1;
	fcntl(fds[0], F_SETFD, FD_CLOEXEC);
	fcntl(fds[1], F_SETFD, FD_CLOEXEC);
	return 0;
}

/* Runs @argv with stdin from /dev/null and collects what it prints; the
 * return is the wait status, or -1 with errno when it could not run. */
static int run_child(char *const argv[], struct child_output *co)
{
	posix_spawn_file_actions_t fa;
	int out[2] = { -1, -1 }, errp[2] = { -1, -1 };
	int status = -1, saved;
	pid_t pid;

	if (make_pipe(out) || make_pipe(errp))
		goto fail;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, STDIN_FILENO, "/dev/null",
					 O_RDONLY, 0);
	posix_spawn_file_actions_adddup2(&fa, out[1], STDOUT_FILENO);
	posix_spawn_file_actions_adddup2(&fa, errp[1], STDERR_FILENO);
	errno = posix_spawnp(&pid, argv[0], &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	if (errno)
		goto fail;
	close(out[1]);
	close(errp[1]);
	out[1] = errp[1] = -1;
	saved = drain(out[0], errp[0], co) ? errno : 0;
	close(out[0]);
	close(errp[0]);
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	errno = saved;
	return saved ? -1 : status;
fail:
	saved = errno;
	for (int i = 0; i < 2; i++) {
		if (out[i] >= 0)
			close(out[i]);
		if (errp[i] >= 0)
			close(errp[i]);
	}
	errno = saved;
	return -1;
}

/* objdump's first line of complaint, without its program-name prefix. */
static const char *first_complaint(struct child_output *co,
				   const char *objdump)
{
	const char *slash = strrchr(objdump, '/');
	const char *name = slash ? slash + 1 : objdump;
	size_t len = strlen(name);
	char *p = co->err;

	p[strcspn(p, "\n")] = '\0';
	if (!strncmp(p, name, len) && !strncmp(p + len, ": ", 2))
		p += len + 2;
	return p[0] ? p : "no message";
}

struct pics_disasm *pics_disasm_run(const char *objdump, const char *elf,
				    uint64_t start, uint64_t end,
				    struct pics_error *err)
{
	char from[48], to[48];	/* room for 64-bit (kernel) addresses */
	char *argv[] = { (char *)objdump, "-d", "--no-show-raw-insn", from, to,
			 (char *)elf, NULL };
	struct child_output co = { 0 };
	struct pics_disasm *d = NULL;
	int status;

	snprintf(from, sizeof(from), "--start-address=0x%" PRIx64, start);
	snprintf(to, sizeof(to), "--stop-address=0x%" PRIx64, end);
	status = run_child(argv, &co);
	if (status < 0)
		pics_fail(err, PICS_ERR_IO, "cannot run %s: %s", objdump,
			  strerror(errno));
	else if (!WIFEXITED(status) || WEXITSTATUS(status))
		pics_fail(err, PICS_ERR_SYMBOLS, "%s failed on %s: %s", objdump,
			  elf, first_complaint(&co, objdump));
	else if (co.too_long)
		pics_fail(err, PICS_ERR_SYMBOLS,
			  "%s printed more than %u bytes for %s", objdump,
			  OUTPUT_MAX, elf);
	else
		d = pics_disasm_parse(co.out ? co.out : "", co.out_len, err);
	free(co.out);
	return d;
}
