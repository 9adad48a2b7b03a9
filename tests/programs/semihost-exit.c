/* A picolibc semihosting program that fails: exit(5) must reach the host
 * as exit code 5 (SYS_EXIT_EXTENDED, or SYS_EXIT with a subcode on RV64). */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
	puts("exiting with code 5 through semihosting");
	exit(5);
}
