/* Where teaperf record's sample file goes (record.h): a file of the
 * target, teasim's host file channel (host:NAME), or the console
 * (console:NAME), kept in memory until the command ends. The bytes go
 * out through a buffer; after a failure nothing more is written. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys.h>

#include "console_file.h"
#include "host_file.h"
#include "record.h"
#include "tea/host_console.h"

/* 8-aligned, and flushed whole: put_words() stores whole words */
static uint8_t outbuf[65536] __attribute__((aligned(8)));
static size_t outlen;
static uint64_t written;	/* bytes of the file so far, outbuf's included */
static uint64_t max_size;	/* 0: no limit */
static const char *path;	/* -o's */
static int outfd = -1;
static int to_host;		/* -o host:NAME: through teasim's host file channel */
static int to_console;		/* -o console:NAME: printed at the end */
static uint8_t console_file[CONSOLE_MAX];
static size_t console_len;

const char *output_setup(const char *out, uint64_t size_limit)
{
	path = out;
	to_host = !strncmp(out, "host:", 5);
	to_console = !strncmp(out, "console:", 8);
	max_size = size_limit;
	if (to_console && (!max_size || max_size > CONSOLE_MAX))
		max_size = CONSOLE_MAX;
	if (to_console && !console_file_name_ok(out + 8, strlen(out + 8)))
		return "console:NAME: 1 to 64 of A-Z a-z 0-9 . _ -, not starting with '.'";
	return NULL;
}

const char *output_open(void)
{
	if (to_host)
		return host_file_open(path + 5);
	if (!to_console && (outfd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644)) < 0)
		return "cannot create the sample file";
	return NULL;
}

uint64_t output_written(void)
{
	return written;
}

uint64_t output_max_size(void)
{
	return max_size;
}

/*
 * Once the command runs, a failure leaves it running on unsampled rather
 * than orphaned: the event is disabled (its inherited copies with it),
 * nothing more is written, and teaperf reports the failure when the
 * command has ended.
 */
void output_failed(const char *what)
{
	if (!run.failed)
		run.failed = what;
	stop_sampling();
	outlen = 0;
}

/* Writes @n bytes at @p to the file: 0, or -1 after output_failed. */
static int write_all(const uint8_t *p, size_t n)
{
	while (n) {
		ssize_t k = write(outfd, p, n);

		if (k <= 0) {
			output_failed("cannot write the sample file");
			return -1;
		}
		p += k;
		n -= (size_t)k;
	}
	return 0;
}

static void flush_out(void)
{
	size_t done = 0;

	if (run.failed)
		return;
	if (to_host) {
		const char *err = host_file_write(outbuf, outlen);

		if (err) {
			output_failed(err);
			return;
		}
		done = outlen;
	}
	if (to_console) {
		/* cannot happen: --max-size keeps the file within the buffer */
		if (outlen > CONSOLE_MAX - console_len) {
			output_failed("the sample file outgrew the console's 8 MiB");
			return;
		}
		memcpy(console_file + console_len, outbuf, outlen);
		console_len += outlen;
		done = outlen;
	}
	if (done < outlen && write_all(outbuf + done, outlen - done))
		return;
	outlen = 0;
}

uint8_t *put_room(size_t n)
{
	uint8_t *p;

	if (!run.failed && outlen + n > sizeof(outbuf))
		flush_out();
	if (run.failed)
		return NULL;
	p = outbuf + outlen;
	outlen += n;
	written += n;
	return p;
}

unsigned output_pad_for(size_t head)
{
	if (!run.failed && outlen + head + 7 > sizeof(outbuf))
		flush_out();
	return (unsigned)(-(outlen + head) & 7);
}

/*
 * Most of what a buffer-mode recording writes: into a file straight from
 * where they are (the kernel copies words), else into the buffer four
 * words at a time (nolibc's memcpy copies bytes).
 */
void put_words(const uint64_t *w, size_t n)
{
	if (!to_host && !to_console && n && !run.failed) {
		flush_out();
		if (!run.failed && !write_all((const uint8_t *)w, 8 * n))
			written += 8 * n;
		return;
	}
	while (n && !run.failed) {
		size_t room, k;
		uint64_t *to;

		if (outlen == sizeof(outbuf))
			flush_out();
		room = (sizeof(outbuf) - outlen) / 8;
		k = n < room ? n : room;
		to = (uint64_t *)(void *)(outbuf + outlen);
		outlen += 8 * k;
		written += 8 * k;
		n -= k;
		for (; k >= 4; k -= 4, to += 4, w += 4) {
			to[0] = w[0];
			to[1] = w[1];
			to[2] = w[2];
			to[3] = w[3];
		}
		while (k--)
			*to++ = *w++;
	}
}

void put(const void *p, size_t n)
{
	uint8_t *to = put_room(n);

	if (to)
		memcpy(to, p, n);
}

void put_u8(uint8_t v)
{
	put(&v, 1);
}

void put_le(uint64_t v, unsigned bytes)
{
	uint8_t *to = put_room(bytes);

	if (to)
		store_le(to, v, bytes);
}

void put_str(const char *s, unsigned len_bytes)
{
	size_t n = strlen(s);

	put_le(n, len_bytes);
	put(s, n);
}

const char *output_close(void)
{
	flush_out();
	if (run.failed) {
		if (to_host)
			host_file_close();
		else if (!to_console)
			close(outfd);
		return NULL;
	}
	if (to_host)
		return host_file_close();
	if (to_console)
		return console_file_print(path + 8, console_file, console_len) ?
		       "cannot write to the console" : NULL;
	return close(outfd) ? "cannot close the sample file" : NULL;
}

void output_discard(void)
{
	if (to_host) {
		host_file_close();	/* empty: the channel cannot remove it */
	} else if (!to_console) {
		close(outfd);
		unlink(path);
	}
}
