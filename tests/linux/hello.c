/* A user program of the Linux image (built with the kernel's nolibc, in
 * its initramfs as /bin/hello): prints its arguments and what
 * /proc/cpuinfo says of the hart, then
 *   hello            exits with 0
 *   hello N          exits with N
 *   hello --mstatus  reads mstatus, which user mode may not: the kernel
 *                    kills it with SIGILL */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void print_cpuinfo(void)
{
	char buf[512];
	int fd = open("/proc/cpuinfo", O_RDONLY, 0), n;

	if (fd < 0) {
		printf("hello: no /proc/cpuinfo\n");
		return;
	}
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	buf[n > 0 ? n : 0] = 0;
	for (char *line = buf, *end; *line; line = end + 1) {
		end = strchr(line, '\n');
		if (!end)
			break;
		*end = 0;
		if (!strncmp(line, "isa", 3) || !strncmp(line, "mmu", 3))
			printf("hello: %s\n", line);
	}
}

int main(int argc, char **argv)
{
	unsigned long mstatus;

	printf("hello from user space:");
	for (int i = 0; i < argc; i++)
		printf(" %s", argv[i]);
	printf("\n");
	print_cpuinfo();
	if (argc > 1 && !strcmp(argv[1], "--mstatus")) {
		__asm__ volatile("csrr %0, mstatus" : "=r"(mstatus));
		printf("hello: read mstatus = %lx in user mode\n", mstatus);
		return 1;
	}
	return argc > 1 ? atoi(argv[1]) : 0;
}
