/* A user program of the Linux image that forks, for teaperf record
 * --inherit (tests/linux/perf.sh): the child execs /bin/loop N, at the
 * same addresses as this program's, while the parent computes on its own
 * (spin) and then waits for it. Prints the parent's result and the
 * child's status, and exits with that status.
 *   forks [N]    N rounds for both (default 2000) */
#include <stdio.h>
#include <stdlib.h>

static unsigned long __attribute__((noinline)) spin(unsigned long rounds)
{
	unsigned long a = 1;

	for (unsigned long r = 0; r < rounds * 64; r++)
		a = a * 5 + (a >> 3);
	return a;
}

int main(int argc, char **argv, char **envp)
{
	char *rounds = argc > 1 ? argv[1] : "2000";
	char *child_argv[] = { "/bin/loop", rounds, NULL };
	int status = 0;
	pid_t pid = fork();

	if (pid < 0) {
		printf("forks: cannot fork\n");
		return 1;
	}
	if (pid == 0) {
		execve(child_argv[0], child_argv, envp);
		printf("forks: cannot run /bin/loop\n");
		return 127;
	}
	printf("forks: %lu\n", spin((unsigned long)atol(rounds)));
	if (waitpid(pid, &status, 0) != pid) {
		printf("forks: lost the child\n");
		return 1;
	}
	printf("forks: child %d exited with %d\n", pid, WIFEXITED(status) ? WEXITSTATUS(status) : -1);
	return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}
