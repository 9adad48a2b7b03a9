/* The target's files for the host as console lines (console_file.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys.h>

#include "console_file.h"
#include "tea/host_console.h"

/* Each line is one write: the command's own output may come between the
 * lines, not inside one. */
int console_file_print(const char *name, const uint8_t *data, size_t len)
{
	static const char hex[] = "0123456789abcdef";
	char line[sizeof(CONSOLE_FILE_DATA) + 2 * CONSOLE_FILE_LINE + 2];
	uint32_t crc = 0;
	size_t at, n;

	printf("\n%s %s %llu\n", CONSOLE_FILE_BEGIN, name, (unsigned long long)len);
	for (at = 0; at < len; at += n) {
		char *p = line + sizeof(CONSOLE_FILE_DATA);

		n = len - at < CONSOLE_FILE_LINE ? len - at : CONSOLE_FILE_LINE;
		memcpy(line, CONSOLE_FILE_DATA " ", sizeof(CONSOLE_FILE_DATA));
		for (size_t i = 0; i < n; i++) {
			uint8_t b = data[at + i];

			*p++ = hex[b >> 4];
			*p++ = hex[b & 15];
		}
		crc = tea_crc32(crc, data + at, n);
		*p++ = '\n';
		if (write(1, line, (size_t)(p - line)) != p - line)
			return -1;
	}
	memcpy(line, CONSOLE_FILE_END " ", sizeof(CONSOLE_FILE_END));
	for (int i = 0; i < 8; i++)
		line[sizeof(CONSOLE_FILE_END) + i] = hex[(crc >> (28 - 4 * i)) & 15];
	line[sizeof(CONSOLE_FILE_END) + 8] = '\n';
	if (write(1, line, sizeof(CONSOLE_FILE_END) + 9) != (ssize_t)sizeof(CONSOLE_FILE_END) + 9)
		return -1;
	return 0;
}
