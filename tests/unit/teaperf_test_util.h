/* For tests of teaperf's pieces, which print their errors: stderr caught
 * in a file, to check that an error is one line and says what. */
#ifndef TEAPERF_TEST_UTIL_H
#define TEAPERF_TEST_UTIL_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct caught_stderr {
	FILE *file;
	int saved;
	char text[4096];
};

/* From here on, stderr goes into c's file. */
static inline void catch_stderr(struct caught_stderr *c)
{
	fflush(stderr);
	c->file = tmpfile();
	c->saved = dup(2);
	if (!c->file || c->saved < 0 || dup2(fileno(c->file), 2) < 0)
		abort();
}

/* stderr back where it was; what it got, NUL-terminated, in c->text. */
static inline const char *release_stderr(struct caught_stderr *c)
{
	size_t n;

	fflush(stderr);
	dup2(c->saved, 2);
	close(c->saved);
	rewind(c->file);
	n = fread(c->text, 1, sizeof(c->text) - 1, c->file);
	c->text[n] = '\0';
	fclose(c->file);
	return c->text;
}

/* How many lines s holds. */
static inline int count_lines(const char *s)
{
	int n = 0;

	for (; (s = strchr(s, '\n')); s++)
		n++;
	return n;
}

#endif
