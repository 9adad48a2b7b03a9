/* The files a board's console carried as CONSOLE_FILE_* lines
 * (tea/host_console.h; the target's teaperf record -o console:NAME prints
 * its sample file so), written into a folder: teaperf extract's work, and
 * teaperf boot's at the end of a run. The board chooses the names: each
 * is a new file in that folder (write_file_in), and without a folder
 * named, the folder is a fresh one, so that no name a board sends can
 * land among the user's files (a Makefile, say). */
#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "console_files.h"
#include "tea/host_console.h"
#include "teaperf.h"

#define FILE_MAX (256u << 20)

/* Where the files go: dir (made when missing, for a run's files are not
 * lost to a typo), or when it is NULL a fresh folder; either made for the
 * first file. */
struct console_dir {
	const char *dir;
	bool force;
	int state;	/* 0 before the first file, 1 made, -1 failed (said once) */
	char fresh[64];
};

struct console_file {
	char name[CONSOLE_FILE_NAME_MAX + 1];
	uint64_t size, len;
	uint8_t *data;
	bool open;
};

static int hex_digit(char c)
{
	return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/* The words after tag in a line of n bytes: the rest (none when the line
 * is the tag alone, which the tag's reader then refuses for what it
 * lacks), or NULL when the line does not start with tag and a space. */
static const char *after_tag(const char *line, size_t n, const char *tag, size_t *rest)
{
	size_t t = strlen(tag);

	if (n < t || memcmp(line, tag, t) || (n > t && line[t] != ' '))
		return NULL;
	*rest = n > t ? n - t - 1 : 0;
	return line + (n > t ? t + 1 : t);
}

static void write_data(FILE *out, const void *arg)
{
	const struct console_file *f = arg;

	fwrite(f->data, 1, f->len, out);
}

static int make_dir(const char *cmd, struct console_dir *d)
{
	char prefix[32];

	if (d->dir) {
		if (mkdir(d->dir, 0777) && errno != EEXIST)
			return cmd_error(cmd, "%s: cannot make the folder: %s", d->dir,
					 strerror(errno));
		return 0;
	}
	snprintf(prefix, sizeof(prefix), "teaperf-%s", cmd);
	if (make_fresh_dir(cmd, prefix, d->fresh, sizeof(d->fresh)))
		return -1;
	d->dir = d->fresh;
	fprintf(stderr, "[ teaperf %s: the console's files go into %s/, a new folder ]\n", cmd,
		d->dir);
	return 0;
}

static int write_out(const char *cmd, struct console_dir *d, const struct console_file *f)
{
	if (!d->state)
		d->state = make_dir(cmd, d) ? -1 : 1;
	if (d->state < 0)
		return -1;
	if (write_file_in(cmd, d->dir, f->name, d->force, write_data, f))
		return -1;
	fprintf(stderr, "[ teaperf %s: %s/%s, %" PRIu64 " bytes from the console ]\n", cmd, d->dir,
		f->name, f->len);
	return 0;
}

/* A file's lines that do not add up: one message, and the file dropped. */
static int damaged(const char *cmd, struct console_file *f, const char *why)
{
	cmd_error(cmd, "console file %s: %s (%" PRIu64 " of %" PRIu64 " bytes)", f->name, why,
		  f->len, f->size);
	free(f->data);
	f->data = NULL;
	f->open = false;
	return -1;
}

static int begin(const char *cmd, struct console_file *f, const char *w, size_t n)
{
	const char *sp = memchr(w, ' ', n);
	uint64_t size = 0;
	size_t i;

	if (!sp || !console_file_name_ok(w, (size_t)(sp - w))) {
		cmd_error(cmd, "a console file's name is not 1 to %d of [A-Za-z0-9._-]",
			  CONSOLE_FILE_NAME_MAX);
		return -1;
	}
	for (i = (size_t)(sp - w) + 1; i < n && w[i] >= '0' && w[i] <= '9' && size <= FILE_MAX; i++)
		size = size * 10 + (uint64_t)(w[i] - '0');
	memcpy(f->name, w, (size_t)(sp - w));
	f->name[sp - w] = '\0';
	f->size = size;
	f->len = 0;
	if (i != n || i == (size_t)(sp - w) + 1 || size > FILE_MAX) {
		cmd_error(cmd, "console file %s: its size is not a number up to %u", f->name,
			  FILE_MAX);
		return -1;
	}
	f->data = malloc(size ? size : 1);
	if (!f->data) {
		cmd_error(cmd, "out of memory");
		return -1;
	}
	f->open = true;
	return 0;
}

static int data(const char *cmd, struct console_file *f, const char *w, size_t n)
{
	if (n % 2 || n / 2 > CONSOLE_FILE_LINE || f->len + n / 2 > f->size)
		return damaged(cmd, f, "a data line of the wrong length");
	for (size_t i = 0; i < n; i += 2) {
		int hi = hex_digit(w[i]), lo = hex_digit(w[i + 1]);

		if (hi < 0 || lo < 0)
			return damaged(cmd, f, "a data line that is not hex");
		f->data[f->len++] = (uint8_t)(hi << 4 | lo);
	}
	return 0;
}

static int end(const char *cmd, struct console_dir *d, struct console_file *f, const char *w,
	       size_t n)
{
	uint32_t crc = 0;
	int rc;

	for (size_t i = 0; i < 8; i++) {
		int d = n == 8 ? hex_digit(w[i]) : -1;

		if (d < 0)
			return damaged(cmd, f, "an end line without its CRC");
		crc = crc << 4 | (uint32_t)d;
	}
	if (f->len != f->size)
		return damaged(cmd, f, "lines missing");
	if (crc != tea_crc32(0, f->data, f->len))
		return damaged(cmd, f, "its CRC does not match: the line garbled it");
	rc = write_out(cmd, d, f);
	free(f->data);
	f->data = NULL;
	f->open = false;
	return rc;
}

int console_files_write(const char *cmd, const char *text, size_t len, const char *dir,
			bool force)
{
	struct console_dir d = { .dir = dir, .force = force };
	struct console_file f = { .open = false };
	int files = 0, errors = 0;

	for (size_t at = 0; at < len;) {
		const char *line = text + at, *nl = memchr(line, '\n', len - at), *w;
		size_t n = nl ? (size_t)(nl - line) : len - at, rest;

		at += n + 1;
		if (n && line[n - 1] == '\r')
			n--;
		if ((w = after_tag(line, n, CONSOLE_FILE_BEGIN, &rest))) {
			if (f.open)
				errors += damaged(cmd, &f, "cut off by the next file") < 0;
			errors += begin(cmd, &f, w, rest) < 0;
		}
		else if (f.open && (w = after_tag(line, n, CONSOLE_FILE_DATA, &rest)))
			errors += data(cmd, &f, w, rest) < 0;
		else if (f.open && (w = after_tag(line, n, CONSOLE_FILE_END, &rest))) {
			if (end(cmd, &d, &f, w, rest) < 0)
				errors++;
			else
				files++;
		}
	}
	if (f.open)
		errors += damaged(cmd, &f, "cut off at the end of the console") < 0;
	return errors ? -1 : files;
}
