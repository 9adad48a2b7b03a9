/* libpics speed: writes N synthetic TEA samples to a sample file, then
 * reads and aggregates them, and aggregates them straight from memory as a
 * per-cycle producer would. Prints samples per second for each.
 * usage: bench_pics [SAMPLES] [FILE] */
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "pics_profile.h"
#include "pics_samples.h"

#define WIDTH 4
#define INSTRUCTIONS 20000

/* Deterministic, cheap pseudo-random numbers (xorshift64). */
static uint64_t next_random(uint64_t *state)
{
	uint64_t x = *state;

	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	*state = x;
	return x;
}

/* A sample that looks like a real run: a few hot instructions, most
 * samples in Compute or Stalled, a handful of common signatures. */
static void make_sample(uint64_t i, uint64_t *rng, struct pics_sample *s)
{
	static const uint64_t signatures[] = {
		0, 0, 0, 0, 1u << PICS_TEA_ST_L1,
		(1u << PICS_TEA_ST_L1) | (1u << PICS_TEA_ST_LLC),
		1u << PICS_TEA_FL_MB, 1u << PICS_TEA_DR_L1,
	};
	uint64_t r = next_random(rng);
	/* Squaring skews the pick towards low indices: hot code. */
	uint64_t hot = (r & 0xffff) * (r & 0xffff) >> 16;
	uint64_t pc = 0x80000000 + 4 * (hot * INSTRUCTIONS >> 16);
	unsigned n = 1 + (unsigned)(r >> 20 & 3);

	s->cycle = i * 4000;
	s->state = (uint8_t)(r >> 24 & 3);
	if (s->state != PICS_COMPUTE)
		n = 1;
	s->valid = (uint8_t)((1u << n) - 1);
	for (unsigned k = 0; k < n; k++) {
		s->addr[k] = pc + 4 * k;
		s->psv[k] = signatures[r >> (32 + 3 * k) & 7];
	}
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int write_file(const char *path, const struct pics_meta *m,
		      uint64_t count)
{
	struct pics_sample_writer *w;
	struct pics_error err;
	struct pics_sample s = { 0 };
	uint64_t rng = 0x9e3779b97f4a7c15ULL;

	w = pics_sample_writer_open(path, m, &err);
	if (!w) {
		fprintf(stderr, "bench_pics: %s\n", err.msg);
		return -1;
	}
	for (uint64_t i = 0; i < count; i++) {
		make_sample(i, &rng, &s);
		if (pics_sample_writer_add(w, &s, &err)) {
			fprintf(stderr, "bench_pics: %s\n", err.msg);
			pics_sample_writer_abandon(w);
			return -1;
		}
	}
	if (pics_sample_writer_close(w, &err)) {
		fprintf(stderr, "bench_pics: %s\n", err.msg);
		return -1;
	}
	return 0;
}

static int aggregate_in_memory(const struct pics_meta *m, uint64_t count)
{
	struct pics_error err;
	struct pics_profile *p = pics_profile_new(m, &err);
	struct pics_sample s;
	uint64_t rng = 0x9e3779b97f4a7c15ULL;

	if (!p)
		return -1;
	for (uint64_t i = 0; i < count; i++) {
		make_sample(i, &rng, &s);
		if (pics_profile_add_sample(p, &s, &err)) {
			fprintf(stderr, "bench_pics: %s\n", err.msg);
			pics_profile_free(p);
			return -1;
		}
	}
	pics_profile_free(p);
	return 0;
}

static void report(const char *what, double seconds, uint64_t count)
{
	printf("%-24s %8.2f s %10.2f M samples/s\n", what, seconds,
	       (double)count / seconds / 1e6);
}

int main(int argc, char **argv)
{
	uint64_t count = argc > 1 ? strtoull(argv[1], NULL, 0) : 10000000;
	char path[64];
	struct pics_meta m;
	struct pics_profile *p;
	struct pics_error err;
	struct rusage ru;
	struct stat st;
	double t0, t1, t2, t3;

	snprintf(path, sizeof(path), "/tmp/bench_pics-%d.tea", (int)getpid());
	if (argc > 2)
		snprintf(path, sizeof(path), "%s", argv[2]);
	if (!count || pics_meta_init_tea(&m, "TEA", WIDTH, 4000, &err)) {
		fprintf(stderr, "usage: bench_pics [SAMPLES] [FILE]\n");
		return 2;
	}
	printf("bench_pics: %llu samples, %u-wide, %u hot instructions\n",
	       (unsigned long long)count, WIDTH, INSTRUCTIONS);
	t0 = now();
	if (write_file(path, &m, count))
		return 1;
	t1 = now();
	if (stat(path, &st))
		st.st_size = 0;
	p = pics_profile_load(path, &err);
	t2 = now();
	if (!p) {
		fprintf(stderr, "bench_pics: %s\n", err.msg);
		unlink(path);
		return 1;
	}
	if (aggregate_in_memory(&m, count))
		return 1;
	t3 = now();
	printf("sample file: %.1f MiB, %.1f bytes a sample\n",
	       (double)st.st_size / (1 << 20), (double)st.st_size / (double)count);
	report("write sample file", t1 - t0, count);
	report("read + aggregate file", t2 - t1, count);
	report("aggregate from memory", t3 - t2, count);
	getrusage(RUSAGE_SELF, &ru);
	printf("%zu distinct (instruction, signature) pairs, max RSS %ld MiB\n",
	       pics_profile_entries(p), ru.ru_maxrss / 1024);
	pics_profile_free(p);
	unlink(path);
	return 0;
}
