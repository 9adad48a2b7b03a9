/* An unmodified picolibc program: built with --oslib=semihost, it prints
 * and exits through RISC-V semihosting calls, not through devices. */
#include <inttypes.h>
#include <stdio.h>

int main(void)
{
	printf("hello through semihosting\n");
	printf("formats: %d %x %s %c %.2f\n", -7, 0xabcu, "tea", '!', 2.5);
	fputs("stderr line\n", stderr);
	return 0;
}
