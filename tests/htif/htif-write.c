/* The host's answers reach the program: every write() through the HTIF
 * syscall proxy must return the number of bytes the host wrote, read back
 * from the block on the stack that the program itself wrote just before
 * (its line dirty in the data cache on the RTL). The text printed is built
 * on the stack too, so the host must also see the program's newest data.
 * Exit code: 0, or the number of the check that failed. */
#include <stddef.h>
#include <stdint.h>

#include "syscalls.h"

static size_t length(const char *s)
{
	size_t n = 0;

	while (s[n])
		n++;
	return n;
}

static long write_text(int fd, const char *s)
{
	return host_syscall(SYS_write, (uint64_t)fd, (uintptr_t)s, length(s));
}

/* "line NN of the test: xxxx...\n" with NN = i and i + 1 x's. */
static size_t build_line(char *buf, unsigned i)
{
	static const char head[] = "line ";
	static const char mid[] = " of htif-write: ";
	size_t n = 0;

	for (size_t k = 0; head[k]; k++)
		buf[n++] = head[k];
	buf[n++] = (char)('0' + i / 10);
	buf[n++] = (char)('0' + i % 10);
	for (size_t k = 0; mid[k]; k++)
		buf[n++] = mid[k];
	for (unsigned k = 0; k <= i; k++)
		buf[n++] = 'x';
	buf[n++] = '\n';
	buf[n] = 0;
	return n;
}

int main(void)
{
	char buf[128];
	long r;

	if ((r = write_text(1, "htif-write: start\n")) != 18)
		return 1;
	for (unsigned i = 0; i < 40; i++) {
		size_t n = build_line(buf, i);

		r = host_syscall(SYS_write, 1, (uintptr_t)buf, n);
		if (r != (long)n) {
			write_text(1, "htif-write: a write returned the wrong count\n");
			return 2;
		}
	}
	/* What the host refuses comes back as -1, as from a kernel. */
	if (host_syscall(SYS_write, 7, (uintptr_t)buf, 4) != -1)
		return 3;
	if (host_syscall(1234, 0, 0, 0) != -1)
		return 4;
	if ((r = write_text(2, "htif-write: to stderr\n")) != 22)
		return 5;
	write_text(1, "htif-write: every answer arrived\n");
	return 0;
}
