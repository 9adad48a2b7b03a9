/* libpics errors. The library never prints or exits: every function that
 * can fail fills a struct pics_error and returns an error value (-1 or
 * NULL). */
#ifndef PICS_ERROR_H
#define PICS_ERROR_H

#include <stdbool.h>
#include <stdint.h>

enum pics_error_code {
	PICS_OK = 0,
	PICS_ERR_IO,		/* open/read/write failed */
	PICS_ERR_NOMEM,
	PICS_ERR_MAGIC,		/* not a TEA file of the expected kind */
	PICS_ERR_VERSION,	/* unknown major version */
	PICS_ERR_TRUNCATED,	/* the file ends before its end record */
	PICS_ERR_FORMAT,	/* a field holds a value the format forbids */
	PICS_ERR_INVALID,	/* a caller passed an invalid argument */
	PICS_ERR_MISMATCH,	/* two inputs cannot be combined */
	PICS_ERR_SYMBOLS,	/* the ELF could not be read */
};

struct pics_error {
	enum pics_error_code code;
	bool has_offset;	/* offset below is meaningful */
	uint64_t offset;	/* byte offset in the file where it went wrong */
	/* One line: "FILE: offset N: what was found, what was expected". */
	char msg[640];
};

#endif
