/* The commit log: one line per committed instruction or trap, in the format
 * docs/commit-log.md describes. Both backends print through this. */
#ifndef TEA_SIM_COMMITLOG_H
#define TEA_SIM_COMMITLOG_H

#include <stddef.h>
#include <stdio.h>

#include "commit.h"

/* Formats one record into buf (no newline). Returns the length. */
int commitlog_format(char *buf, size_t len, const struct commit *c);
void commitlog_print(FILE *f, const struct commit *c);

#endif
