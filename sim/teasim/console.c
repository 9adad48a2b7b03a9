/* The program's console (UART, HTIF, semihosting): what it prints goes to
 * stdout, and the last few KiB are kept, so that a failure (a kernel panic,
 * a hang) can be reported with the lines that led to it. */
#define _GNU_SOURCE
#include <stdio.h>
#include <string.h>

#include "teasim/teasim.h"

#define TAIL_BYTES 4096

static char tail[TAIL_BYTES];
static size_t tail_len;   /* bytes written so far; the ring ends at tail_len % TAIL_BYTES */

static ssize_t console_write(void *cookie, const char *buf, size_t len)
{
	(void)cookie;
	for (size_t i = 0; i < len; i++)
		tail[(tail_len + i) % TAIL_BYTES] = buf[i];
	tail_len += len;
	return (ssize_t)fwrite(buf, 1, len, stdout);
}

FILE *console_open(void)
{
	FILE *f = fopencookie(NULL, "w", (cookie_io_functions_t){ .write = console_write });

	if (f)
		setvbuf(f, NULL, _IONBF, 0);
	return f;
}

void console_print_tail(FILE *out, unsigned lines)
{
	size_t n = tail_len < TAIL_BYTES ? tail_len : TAIL_BYTES, start = tail_len - n, from;
	unsigned seen = 0;

	if (!n)
		return;
	/* back from the end over `lines` line ends (a last unfinished line counts) */
	from = tail_len;
	if (tail[(from - 1) % TAIL_BYTES] == '\n')
		from--;
	while (from > start && seen < lines) {
		from--;
		if (tail[from % TAIL_BYTES] == '\n')
			seen++;
	}
	if (seen == lines)
		from++;
	fprintf(out, "teasim: the last lines on the console:\n");
	for (size_t i = from; i < tail_len; i++)
		fputc(tail[i % TAIL_BYTES], out);
	if (tail[(tail_len - 1) % TAIL_BYTES] != '\n')
		fputc('\n', out);
}
