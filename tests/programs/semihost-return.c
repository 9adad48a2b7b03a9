/* The host's answers to semihosting calls reach the program, and the host
 * reads what the program just wrote: every buffer is on the stack, written
 * right before the call (in the data cache on the RTL). An unmodified
 * picolibc program (--oslib=semihost). Exit code: 0, or the number of the
 * check that failed. */
#include <semihost.h>
#include <stdio.h>
#include <string.h>

static int check(int n, int ok, const char *what)
{
	if (!ok)
		printf("semihost-return: check %d failed: %s\n", n, what);
	return ok ? 0 : n;
}

int main(void)
{
	char line[64], features[8], cmdline[256];
	int tt, fd, bad;
	uint64_t t0, t1;

	tt = sys_semihost_open(":tt", SH_OPEN_W);
	if ((bad = check(1, tt >= 0, "open :tt for writing")))
		return bad;
	for (int i = 0; i < 8; i++) {
		int n = snprintf(line, sizeof(line), "semihost-return: line %d %.*s\n", i, i + 1,
				 "abcdefghij");

		/* SYS_WRITE answers the bytes it did not write */
		if ((bad = check(2, sys_semihost_write(tt, line, (size_t)n) == 0, "write")))
			return bad;
	}

	/* The host writes into the program's buffer: the features file. */
	memset(features, 0x55, sizeof(features));
	fd = sys_semihost_open(":semihosting-features", SH_OPEN_R);
	if ((bad = check(3, fd >= 0, "open :semihosting-features")))
		return bad;
	if ((bad = check(4, sys_semihost_flen(fd) == 5, "features file length")))
		return bad;
	if ((bad = check(5, sys_semihost_read(fd, features, 5) == 0, "read all 5 bytes")))
		return bad;
	if ((bad = check(6, !memcmp(features, "SHFB", 4) && (features[4] & 3) == 3 &&
			    features[5] == 0x55, "the features' magic and bits")))
		return bad;
	if ((bad = check(7, sys_semihost_close(fd) == 0, "close")))
		return bad;

	memset(cmdline, 0x55, sizeof(cmdline));
	if ((bad = check(8, sys_semihost_get_cmdline(cmdline, sizeof(cmdline)) == 0 &&
			    strstr(cmdline, "semihost-return") != NULL, "the command line")))
		return bad;

	t0 = sys_semihost_elapsed();
	for (volatile int i = 0; i < 1000; i++)
		;
	t1 = sys_semihost_elapsed();
	if ((bad = check(9, t0 != 0 && t1 > t0, "elapsed ticks increase")))
		return bad;
	/* SYS_ISERROR reads the status from a block in memory */
	if ((bad = check(10, sys_semihost_iserror(-1) == 1 && sys_semihost_iserror(0) == 0,
			 "iserror")))
		return bad;
	printf("semihost-return: every answer arrived\n");
	return 0;
}
