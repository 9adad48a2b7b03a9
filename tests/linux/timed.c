/* timed CMD [ARGS...]: runs CMD and prints how long it took, in
 * microseconds and in core cycles (at the clock-frequency of the device
 * tree's cpu@0), and exits with its status; make bench's Linux figures
 * (eval/bench/linux-overhead.sh) come from it. */
#include <stdio.h>
#include <stdlib.h>
#include <sys.h>

#define CPU_CLOCK "/sys/firmware/devicetree/base/cpus/cpu@0/clock-frequency"

static uint64_t now_us(void)
{
	struct timeval tv;

	gettimeofday(&tv, NULL);
	return (uint64_t)tv.tv_sec * 1000000 + (uint64_t)tv.tv_usec;
}

/* Hz; 0 when the device tree does not say */
static uint64_t cpu_clock(void)
{
	uint8_t be[4];
	int fd = open(CPU_CLOCK, O_RDONLY, 0);
	int ok = fd >= 0 && read(fd, be, 4) == 4;

	if (fd >= 0)
		close(fd);
	return ok ? (uint64_t)be[0] << 24 | be[1] << 16 | be[2] << 8 | be[3] : 0;
}

int main(int argc, char **argv, char **envp)
{
	uint64_t start, us, hz = cpu_clock();
	int wstatus = 0;
	pid_t pid;

	if (argc < 2) {
		printf("usage: timed CMD [ARGS...]\n");
		return 2;
	}
	start = now_us();
	pid = fork();
	if (pid == 0) {
		execve(argv[1], argv + 1, envp);
		printf("timed: cannot run %s\n", argv[1]);
		exit(127);
	}
	if (pid < 0 || waitpid(pid, &wstatus, 0) != pid) {
		printf("timed: cannot start %s\n", argv[1]);
		return 127;
	}
	us = now_us() - start;
	printf("timed: %s: %llu us, %llu cycles\n", argv[1], (unsigned long long)us,
	       (unsigned long long)(us * (hz / 1000000)));
	return WIFEXITED(wstatus) ? WEXITSTATUS(wstatus) : 128 + (wstatus & 0x7f);
}
