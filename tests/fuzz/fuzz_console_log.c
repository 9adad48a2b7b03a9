/* Fuzzes the reader of a sample log printed on a board's console
 * (pics_log_write_console): any text gives a sample file that reads back
 * whole with the samples it said it wrote, or one line saying why not. */
#include "fuzz_util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct pics_error err = { 0 };
	const char *path = fuzz_file(0, NULL, 0);
	int64_t n = pics_log_write_console((const char *)data, size, path, "prog.elf", &err);

	if (n < 0) {
		FUZZ_CHECK(err.msg[0] != '\0');
		FUZZ_CHECK(strchr(err.msg, '\n') == NULL);
		return 0;
	}
	struct pics_sample_reader *r = pics_sample_reader_open(path, &err);
	struct pics_sample s;
	int64_t got = 0;
	int ret;

	FUZZ_CHECK(r);
	while ((ret = pics_sample_reader_next(r, &s, &err)) > 0)
		got++;
	FUZZ_CHECK(ret == 0);
	FUZZ_CHECK(got == n);
	pics_sample_reader_close(r);
	return 0;
}
