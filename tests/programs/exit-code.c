/* A run that ends with a non-zero exit code: exit() runs the atexit
 * handlers, then the finisher reports code 3. */
#include <stdio.h>
#include <stdlib.h>

static void say_goodbye(void)
{
	puts("atexit handler ran");
}

int main(void)
{
	if (atexit(say_goodbye) != 0) {
		puts("atexit failed");
		return 1;
	}
	puts("exiting with code 3");
	exit(3);
}
