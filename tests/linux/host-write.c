/* host-write SIZE NAME: writes SIZE bytes of a fixed stream (splitmix64,
 * seed 1, little-endian words) to the host as NAME through teasim's host
 * file channel (driver/linux/host_file.h), and prints the time it took,
 * in the simulated machine's seconds. The host compares the file with the
 * stream (tests/linux/perf.sh). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys.h>

#include "host_file.h"

static uint64_t next_word(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static uint64_t now_us(void)
{
	struct timeval tv;

	gettimeofday(&tv, NULL);
	return (uint64_t)tv.tv_sec * 1000000 + (uint64_t)tv.tv_usec;
}

static int fail(const char *what)
{
	printf("host-write: %s\n", what);
	return 1;
}

int main(int argc, char **argv)
{
	static uint64_t buf[4096];
	uint64_t state = 1, size, done = 0, start, us;
	const char *err;

	if (argc != 3)
		return fail("usage: host-write SIZE NAME");
	size = (uint64_t)atol(argv[1]);
	start = now_us();
	err = host_file_open(argv[2]);
	while (!err && done < size) {
		uint64_t n = size - done < sizeof(buf) ? size - done : sizeof(buf);

		for (unsigned i = 0; i < (n + 7) / 8; i++)
			buf[i] = next_word(&state);
		err = host_file_write(buf, n);
		done += n;
	}
	if (!err)
		err = host_file_close();
	if (err)
		return fail(err);
	us = now_us() - start;
	printf("host-write: %llu bytes in %llu.%06llu s\n", (unsigned long long)size,
	       (unsigned long long)(us / 1000000), (unsigned long long)(us % 1000000));
	return 0;
}
