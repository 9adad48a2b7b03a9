/* A task whose time slices are shorter than TEA's period (docs/linux.md):
 * `slices N SLICE` runs own_work for N iterations in rounds of SLICE, and
 * between rounds hands the hart to a child that runs partner_work for as
 * long, through a pipe each way; with SLICE 0 it runs own_work for N at
 * once, alone. tests/linux/slices.sh samples the parent alone and compares
 * its share with the golden reference. */
#include <stdio.h>
#include <stdlib.h>
#include <sys.h>

static volatile unsigned long sink;

/* the work to profile, and the other task's; the argument varies so that
 * the compiler cannot call either once for a whole loop */
static unsigned long __attribute__((noinline)) own_work(unsigned long n)
{
	unsigned long a = n, b = 3;

	for (unsigned long i = 0; i < n; i++) {
		a = a * 7 + b;
		b ^= a >> 5;
	}
	return a ^ b;
}

static unsigned long __attribute__((noinline)) partner_work(unsigned long n)
{
	unsigned long a = n, b = 5;

	for (unsigned long i = 0; i < n; i++) {
		a = a * 11 + b;
		b ^= a >> 3;
	}
	return a + b;
}

int main(int argc, char **argv)
{
	unsigned long n = argc > 1 ? (unsigned long)atol(argv[1]) : 1000000;
	unsigned long slice = argc > 2 ? (unsigned long)atol(argv[2]) : 0;
	int ping[2], pong[2];
	char c = 'p';
	pid_t child;

	if (!slice) {
		sink = own_work(n);
		return 0;
	}
	if (my_syscall2(__NR_pipe2, ping, 0) || my_syscall2(__NR_pipe2, pong, 0))
		return 1;
	child = fork();
	if (child == 0) {
		while (read(ping[0], &c, 1) == 1 && c == 'p') {
			sink = partner_work(slice + (sink & 1));
			if (write(pong[1], &c, 1) != 1)
				break;
		}
		return 0;
	}
	for (unsigned long done = 0; done < n; done += slice) {
		sink = own_work(slice + (sink & 1));
		if (write(ping[1], &c, 1) != 1 || read(pong[0], &c, 1) != 1)
			return 1;
	}
	c = 'q';
	if (write(ping[1], &c, 1) != 1)
		return 1;
	waitpid(child, NULL, 0);
	return 0;
}
