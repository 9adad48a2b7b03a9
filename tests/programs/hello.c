/* Console output through picolibc's printf on the runtime's UART, the
 * formats programs commonly use, and the per-thread data (errno) the
 * start-up code sets up. Ends with exit code 0 by returning from main. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "tea/baremetal.h"

static _Thread_local int tls_counter = 42;
static _Thread_local int tls_zero;

static int check_thread_locals(void)
{
	long big;
	int err;

	tls_counter++;
	errno = 0;
	big = strtol("99999999999999999999", NULL, 10);
	err = errno;
	printf("strtol overflow: %ld, errno %s\n", big, err == ERANGE ? "ERANGE" : "wrong");
	printf("thread locals: %d %d\n", tls_counter, tls_zero);
	return err == ERANGE && tls_counter == 43 && tls_zero == 0;
}

/* The boot ROM passes a flattened device tree; its header starts with a
 * big-endian magic number. */
static int check_devicetree(void)
{
	const uint8_t *fdt = bm_devicetree();
	uint32_t magic;

	if (!fdt) {
		puts("no device tree");
		return 0;
	}
	magic = (uint32_t)fdt[0] << 24 | fdt[1] << 16 | fdt[2] << 8 | fdt[3];
	printf("device tree magic: %08" PRIx32 "\n", magic);
	return magic == 0xd00dfeed;
}

int main(void)
{
	int ok;

	printf("hello from hart %lu\n", bm_hartid());
	printf("ints: %d %i %u %5d|%-5d|%05d\n", -42, 7, 3000000000u, 12, 34, 56);
	printf("hex: %x %X %#x %08" PRIx32 " %" PRIx64 "\n", 0xbeefu, 0xcafeu,
	       255u, (uint32_t)0xc0ffee, UINT64_C(0x0123456789abcdef));
	printf("64-bit: %" PRId64 " %" PRIu64 "\n", INT64_MIN, UINT64_MAX);
	printf("chars: %c%c%c, string: '%s' '%8s' '%-8s' '%.3s'\n", 't', 'e',
	       'a', "tea", "right", "left", "truncated");
	printf("float: %.3f %e %g\n", 3.14159265, 6.02214076e23, 0.0001);
	printf("percent: 100%%\n");
	puts("puts adds a newline");
	fputs("stderr goes to the console too\n", stderr);
	ok = check_thread_locals();
	ok &= check_devicetree();
	printf("%s\n", ok ? "hello: ok" : "hello: FAILED");
	return ok ? 0 : 1;
}
