/* Error reporting: one line that says where and what. */
#include <stdio.h>
#include <string.h>

#include "internal.h"

static void set_error(struct pics_error *err, enum pics_error_code code,
		      bool has_offset, uint64_t offset, const char *prefix,
		      const char *fmt, va_list ap)
{
	int n;

	err->code = code;
	err->has_offset = has_offset;
	err->offset = offset;
	n = snprintf(err->msg, sizeof(err->msg), "%s", prefix);
	if (n >= 0 && (size_t)n < sizeof(err->msg))
		vsnprintf(err->msg + n, sizeof(err->msg) - n, fmt, ap);
	/* Messages quote names and paths from files; a control character
	 * there must not break the one line (or the terminal). */
	for (char *c = err->msg; *c; c++)
		if ((unsigned char)*c < 0x20 || *c == 0x7f)
			*c = '?';
}

int pics_fail(struct pics_error *err, enum pics_error_code code,
	      const char *fmt, ...)
{
	va_list ap;

	if (!err)
		return -1;
	va_start(ap, fmt);
	set_error(err, code, false, 0, "", fmt, ap);
	va_end(ap);
	return -1;
}

int pics_fail_at(struct pics_error *err, enum pics_error_code code,
		 const char *path, uint64_t offset, const char *fmt, ...)
{
	char prefix[PICS_PATH_MAX + 48];
	va_list ap;

	if (!err)
		return -1;
	snprintf(prefix, sizeof(prefix), "%s: offset %llu: ", path,
		 (unsigned long long)offset);
	va_start(ap, fmt);
	set_error(err, code, true, offset, prefix, fmt, ap);
	va_end(ap);
	return -1;
}

int pics_error_locate(struct pics_error *err, const char *path,
		      uint64_t offset)
{
	char why[sizeof(err->msg)];

	if (!err)
		return -1;
	memcpy(why, err->msg, sizeof(why));
	return pics_fail_at(err, err->code, path, offset, "%s", why);
}
