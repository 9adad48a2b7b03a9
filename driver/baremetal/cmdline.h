/* Turning the command line from /chosen/bootargs into main()'s argv. Built
 * for the host too and unit-tested there (tests/unit/test_bm_fdt.c). */
#ifndef TEA_BAREMETAL_CMDLINE_H
#define TEA_BAREMETAL_CMDLINE_H

#include <stddef.h>

/* What bm_cmdline_split returns when the line does not fit. */
enum bm_cmdline_error {
	BM_CMDLINE_TOO_LONG = -1,   /* more bytes than the buffer holds */
	BM_CMDLINE_TOO_MANY = -2,   /* more arguments than argv holds */
};

/* Splits the len bytes at text (they may end with a NUL, and end at the
 * first one) at spaces into argv: runs of spaces separate two arguments,
 * leading and trailing spaces are dropped, and nothing else is special (no
 * quoting). The words are copied into buf, buf_size bytes, which must hold
 * the line and its NUL; argv must have room for max_args pointers and the
 * NULL that follows them. Returns the number of arguments, or a
 * bm_cmdline_error, with argv[0] = NULL, when the line does not fit: it is
 * never truncated. What one argument may hold for the split to give it
 * back is tea_bootargs_bad_word's rule (driver/include/tea/bootargs.h). */
int bm_cmdline_split(const char *text, size_t len, char *buf, size_t buf_size,
		     char **argv, int max_args);

#endif
