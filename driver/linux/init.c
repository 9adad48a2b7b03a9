/* The first process of the TEA Linux image (docs/linux.md). It mounts
 * proc, sys and dev, loads the kernel modules in /lib/modules (the TEA
 * driver comes that way, in tea.cpio), runs the program named after "--" on
 * the kernel command line (the kernel hands those words to init) or
 * /bin/hello, prints how it ended, and powers the machine off with its exit
 * status: 0 through
 * SBI system reset (the test finisher's pass), any other code written to
 * the test finisher (sifive,test0 in the device tree) through /dev/mem, so
 * that the simulator exits with the program's status. Words ";" split the
 * words into several programs, run in turn until one fails (as sh -e
 * would): one boot serves a series of runs. On an FPGA board, whose
 * device tree says that a host reads the console, init also prints the
 * status there last (teaperf boot waits for that line).
 *
 * Built with the kernel's nolibc: static, no C library. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys.h>

#include "soc_device.h"
#include "tea/host_console.h"
#include "tea/marker.h"

#define DEFAULT_PROGRAM "/bin/hello"
#define MODULES "/lib/modules"
#define FINISHER_FAIL 0x3333

static void mount_or_say(const char *fs, const char *where)
{
	mkdir(where, 0755);
	if (mount(fs, where, fs, 0, NULL) < 0)
		printf("init: cannot mount %s on %s\n", fs, where);
}

/* Loads every *.ko in MODULES, a missing folder being no error. */
static void load_modules(void)
{
	char buf[1024], path[256];
	int dir = open(MODULES, O_RDONLY | O_DIRECTORY, 0), n;

	if (dir < 0)
		return;
	while ((n = getdents64(dir, (struct linux_dirent64 *)buf, sizeof(buf))) > 0) {
		for (int off = 0; off < n;) {
			struct linux_dirent64 *d = (struct linux_dirent64 *)(buf + off);
			size_t len = strlen(d->d_name);
			int fd, ret;

			off += d->d_reclen;
			if (len < 4 || strcmp(d->d_name + len - 3, ".ko") ||
			    len + sizeof(MODULES "/") > sizeof(path))
				continue;
			strcpy(path, MODULES "/");
			strcpy(path + strlen(path), d->d_name);
			fd = open(path, O_RDONLY, 0);
			ret = fd < 0 ? -1 : my_syscall3(__NR_finit_module, fd, "", 0);
			if (ret < 0)
				printf("init: cannot load %s (%d)\n", path, ret);
			else
				printf("init: loaded %s\n", path);
			if (fd >= 0)
				close(fd);
		}
	}
	close(dir);
}

/* Ends the simulation with a failing status: the finisher's FAIL with the
 * code above it. */
static void finish_with(int status)
{
	volatile uint32_t *reg = soc_device_map("sifive,test0");

	if (!reg) {
		printf("init: no test finisher to report status %d\n", status);
		return;
	}
	*reg = FINISHER_FAIL | (uint32_t)status << 16;
}

/* Runs prog (a NULL-terminated argv) to its end; its exit status. */
static int run(char **prog, char **envp)
{
	int wstatus = 0, status;
	pid_t pid = fork();

	if (pid == 0) {
		execve(prog[0], prog, envp);
		printf("init: cannot run %s (errno %d)\n", prog[0], errno);
		exit(127);
	}
	if (pid < 0 || waitpid(pid, &wstatus, 0) != pid) {
		printf("init: cannot start %s\n", prog[0]);
		status = 127;
	} else if (WIFEXITED(wstatus)) {
		status = WEXITSTATUS(wstatus);
		printf("init: %s exited with status %d\n", prog[0], status);
	} else {
		status = 128 + (wstatus & 0x7f);
		printf("init: %s was killed by signal %d\n", prog[0], wstatus & 0x7f);
	}
	return status;
}

/* The host at the other end of a board's console waits for this line. */
static void tell_host(int status)
{
	int fd = open("/sys/firmware/devicetree/base/chosen/tea,host-console", O_RDONLY, 0);

	if (fd < 0)
		return;
	close(fd);
	printf("%s %d\n", SERIAL_BOOT_EXIT, status);
}

int main(int argc, char **argv, char **envp)
{
	char *default_argv[] = { DEFAULT_PROGRAM, NULL };
	int status = 0;

	mount_or_say("proc", "/proc");
	mount_or_say("sysfs", "/sys");
	mount_or_say("devtmpfs", "/dev");
	load_modules();

	tea_marker(TEA_MARKER_COMMANDS);
	if (argc < 2)
		status = run(default_argv, envp);
	for (int i = 1; i < argc && !status;) {
		int end = i;

		while (end < argc && strcmp(argv[end], ";"))
			end++;
		argv[end] = NULL;	/* argv[argc] is NULL already */
		if (end > i)
			status = run(argv + i, envp);
		i = end + 1;
	}
	tell_host(status);
	if (status)
		finish_with(status);
	reboot(LINUX_REBOOT_CMD_POWER_OFF);
	return status;
}
