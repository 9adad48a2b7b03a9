/* The end of every run: exit() and a return from main() land here, after
 * picolibc has run the atexit handlers. */
#include <stdint.h>
#include <stdio.h>
#include <unistd.h>

#include "tea/baremetal.h"
#include "tea/serial_boot.h"

/* Commands of the sifive,test0 finisher; a failure carries the exit code in
 * bits 31:16, and QEMU exits with it. */
#define FINISHER_FAIL 0x3333u
#define FINISHER_PASS 0x5555u

void _exit(int code)
{
	/* The finisher only accepts 2- and 4-byte writes. */
	volatile uint32_t *finisher = (volatile uint32_t *)BM_FINISHER_BASE;

	bm_interrupts_off();
	/* after the atexit handlers, the sample log's among them */
	if (bm_host_console())
		printf("\n" SERIAL_BOOT_EXIT " %d\n", code);
	fflush(stdout);
	if (code == 0)
		*finisher = FINISHER_PASS;
	else
		*finisher = FINISHER_FAIL | ((uint32_t)code << 16);
	/* Only reached on a machine without a finisher. */
	for (;;)
		wfi();
}
