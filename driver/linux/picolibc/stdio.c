/* picolibc's stdout and stderr on Linux's file descriptors 1 and 2, a line
 * at a time, and _exit through exit_group: all that the programs need of
 * the kernel. */
#include <stdio.h>
#include <unistd.h>

#define NR_WRITE	64
#define NR_EXIT_GROUP	94

static long syscall3(long nr, long a0, long a1, long a2)
{
	register long r_a0 __asm__("a0") = a0;
	register long r_a1 __asm__("a1") = a1;
	register long r_a2 __asm__("a2") = a2;
	register long r_a7 __asm__("a7") = nr;

	__asm__ volatile ("ecall" : "+r"(r_a0) : "r"(r_a1), "r"(r_a2), "r"(r_a7) : "memory");
	return r_a0;
}

struct line_file {
	FILE file;		/* first: picolibc hands the put function this */
	int fd;
	unsigned len;
	char buf[256];
};

static int line_flush(FILE *f)
{
	struct line_file *lf = (struct line_file *)f;
	unsigned done = 0;

	while (done < lf->len) {
		long n = syscall3(NR_WRITE, lf->fd, (long)(lf->buf + done), lf->len - done);

		if (n <= 0)
			break;
		done += (unsigned)n;
	}
	lf->len = 0;
	return 0;
}

static int line_put(char c, FILE *f)
{
	struct line_file *lf = (struct line_file *)f;

	lf->buf[lf->len++] = c;
	if (c == '\n' || lf->len == sizeof(lf->buf))
		line_flush(f);
	return (unsigned char)c;
}

static struct line_file out = {
	.file = FDEV_SETUP_STREAM(line_put, NULL, line_flush, _FDEV_SETUP_WRITE),
	.fd = 1,
};
static struct line_file err = {
	.file = FDEV_SETUP_STREAM(line_put, NULL, line_flush, _FDEV_SETUP_WRITE),
	.fd = 2,
};

FILE *const stdin = NULL;
FILE *const stdout = &out.file;
FILE *const stderr = &err.file;

void _exit(int status)
{
	line_flush(&out.file);
	line_flush(&err.file);
	for (;;)
		syscall3(NR_EXIT_GROUP, status, 0, 0);
}
