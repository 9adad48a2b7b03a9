/* A region of interest named by a marker: the program passes marker 7,
 * the HINT `slti x0, x0, 7` (no operation on any RISC-V hart), between two
 * lines of output; `teasim --checkpoint-at marker:7` stops right after it
 * (tests/teasim/checkpoint.sh). */
#include <stdio.h>

int main(void)
{
	puts("before the marker");
	__asm__ volatile("slti x0, x0, 7");
	puts("after the marker");
	return 0;
}
