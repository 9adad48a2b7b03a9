/* Prints the arguments main() receives: the bare-metal runtime takes them
 * from the device tree's /chosen/bootargs, where teasim puts the program's
 * path and the arguments after it. tests/programs/args.sh runs it with
 * arguments on the ISS and the RTL and checks what it prints.
 *
 * argv[0] is printed only when arguments follow it: run without any, the
 * output is the same on teasim (argc 1, argv[0] the path) and on QEMU
 * without -append (argc 0), as the cross-check wants. An argument
 * "--exit=N" makes it exit with N; a malformed argv exits with 1. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
	int code = 0;

	if (argc < 0 || argv[argc] != NULL) {
		puts("argv[argc] is not a null pointer");
		return 1;
	}
	printf("arguments: %d\n", argc > 1 ? argc - 1 : 0);
	for (int i = argc > 1 ? 0 : argc; i < argc; i++) {
		if (!argv[i] || !argv[i][0]) {
			printf("argv[%d] is null or empty\n", i);
			return 1;
		}
		printf("argv[%d] = %s\n", i, argv[i]);
		if (!strncmp(argv[i], "--exit=", 7))
			code = atoi(argv[i] + 7);
	}
	return code;
}
