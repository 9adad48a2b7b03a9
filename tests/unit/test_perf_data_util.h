/* What the perf.data tests share: a built file written as a scratch
 * file. */
#ifndef TEST_PERF_DATA_UTIL_H
#define TEST_PERF_DATA_UTIL_H

#include "test_pics_util.h"
#include "../teaperf/perf_data_build.h"

/* @f as the scratch file @name; frees @f. */
static inline const char *write_file(const char *name, struct pd_file *f)
{
	const char *path = scratch(name);
	size_t len;
	uint8_t *bytes = pd_finish(f, &len);

	write_bytes(path, bytes, len);
	free(bytes);
	pd_free(f);
	return path;
}

#endif
