/* The command line split into arguments, the way picolibc's semihosting
 * start-up splits SYS_GET_CMDLINE: at spaces, without quoting. */
#include <string.h>

#include "cmdline.h"

int bm_cmdline_split(const char *text, size_t len, char *buf, size_t buf_size,
		     char **argv, int max_args)
{
	const char *nul = memchr(text, '\0', len);
	int argc = 0;
	char *p;

	argv[0] = NULL;
	if (nul)
		len = (size_t)(nul - text);
	if (buf_size == 0 || len > buf_size - 1)
		return BM_CMDLINE_TOO_LONG;
	memcpy(buf, text, len);
	buf[len] = '\0';
	for (p = buf; *p;) {
		if (*p == ' ') {
			*p++ = '\0';
			continue;
		}
		if (argc == max_args) {
			argv[0] = NULL;
			return BM_CMDLINE_TOO_MANY;
		}
		argv[argc++] = p;
		p += strcspn(p, " ");
	}
	argv[argc] = NULL;
	return argc;
}
