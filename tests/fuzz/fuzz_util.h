/* Helpers shared by the libFuzzer harnesses: the input as a file that the
 * path-based readers can open, and checks that report as crashes. Include
 * it first: memfd_create needs _GNU_SOURCE before any system header. */
#ifndef FUZZ_UTIL_H
#define FUZZ_UTIL_H

#define _GNU_SOURCE

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "pics.h"

/* A failed check aborts, which libFuzzer reports with the input. */
#define FUZZ_CHECK(cond)                                                    \
	do {                                                                \
		if (!(cond)) {                                              \
			fprintf(stderr, "%s:%d: check failed: %s\n",        \
				__FILE__, __LINE__, #cond);                 \
			abort();                                            \
		}                                                           \
	} while (0)

/* An in-memory file (memfd) per slot holding @data, and a path that opens
 * it; empty for @size 0, so a writer can fill it. */
static inline const char *fuzz_file(unsigned slot, const uint8_t *data,
				    size_t size)
{
	static int fds[4] = { -1, -1, -1, -1 };
	static char paths[4][32];

	FUZZ_CHECK(slot < 4);
	if (fds[slot] < 0) {
		fds[slot] = memfd_create("fuzz-input", 0);
		FUZZ_CHECK(fds[slot] >= 0);
		snprintf(paths[slot], sizeof(paths[slot]), "/proc/self/fd/%d",
			 fds[slot]);
	}
	FUZZ_CHECK(ftruncate(fds[slot], 0) == 0);
	FUZZ_CHECK(pwrite(fds[slot], data, size, 0) == (ssize_t)size);
	return paths[slot];
}

/* A reader's error is one line that names the file it was reading. */
static inline void fuzz_check_error(const struct pics_error *err,
				    const char *path)
{
	FUZZ_CHECK(err->code != PICS_OK);
	FUZZ_CHECK(err->msg[0] != '\0');
	FUZZ_CHECK(strchr(err->msg, '\n') == NULL);
	FUZZ_CHECK(strstr(err->msg, path) != NULL);
}

/* @p rolls up to units of every kind whose totals add up to its weight. */
static inline void fuzz_check_rollups(const struct pics_profile *p)
{
	for (int kind = PICS_UNIT_INSN; kind <= PICS_UNIT_PROGRAM; kind++) {
		struct pics_error err;
		struct pics_stacks *st = pics_stacks_build(p, kind, NULL, &err);
		uint64_t sum = 0;

		FUZZ_CHECK(st);
		for (size_t i = 0; i < pics_stacks_count(st); i++)
			sum += pics_stacks_unit(st, i)->total;
		FUZZ_CHECK(sum == pics_profile_total_weight(p));
		FUZZ_CHECK(pics_stacks_total(st) == sum);
		pics_stacks_free(st);
	}
}

/* @p written as a profile file reads back with the same entries, counts
 * and mappings. */
static inline void fuzz_check_round_trip(const struct pics_profile *p)
{
	const char *out = fuzz_file(1, NULL, 0);
	const struct pics_mapping *ma, *mb;
	struct pics_profile *back;
	struct pics_entry *a, *b;
	struct pics_error err;
	size_t na, nb;

	FUZZ_CHECK(pics_profile_write(p, out, &err) == 0);
	back = pics_profile_read(out, &err);
	FUZZ_CHECK(back);
	a = pics_profile_sorted(p, &na, &err);
	b = pics_profile_sorted(back, &nb, &err);
	FUZZ_CHECK(a && b && na == nb);
	FUZZ_CHECK(!memcmp(a, b, na * sizeof(*a)));
	FUZZ_CHECK(pics_profile_samples(back) == pics_profile_samples(p));
	FUZZ_CHECK(pics_profile_lost(back) == pics_profile_lost(p));
	FUZZ_CHECK(pics_profile_total_cycles(back) ==
		   pics_profile_total_cycles(p));
	FUZZ_CHECK(!memcmp(pics_profile_meta(back), pics_profile_meta(p),
			   sizeof(struct pics_meta)));
	ma = pics_profile_mappings(p, &na);
	mb = pics_profile_mappings(back, &nb);
	FUZZ_CHECK(na == nb && (!na || !memcmp(ma, mb, na * sizeof(*ma))));
	free(a);
	free(b);
	pics_profile_free(back);
}

#endif
