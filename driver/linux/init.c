/* The first process of the TEA Linux image (docs/linux.md). It mounts
 * proc, sys and dev, loads the kernel modules in /lib/modules (the TEA
 * driver comes that way, in tea.cpio), runs the program named after "--" on the kernel
 * command line (the kernel hands those words to init) or /bin/hello, prints
 * how it ended, and powers the machine off with its exit status: 0 through
 * SBI system reset (the test finisher's pass), any other code written to
 * the test finisher (sifive,test0 in the device tree) through /dev/mem, so
 * that the simulator exits with the program's status.
 *
 * Built with the kernel's nolibc: static, no C library. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys.h>

#define DEFAULT_PROGRAM "/bin/hello"
#define MODULES "/lib/modules"
#define DT_SOC "/sys/firmware/devicetree/base/soc"
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

static uint64_t be64(const uint8_t *p)
{
	uint64_t v = 0;

	for (int i = 0; i < 8; i++)
		v = v << 8 | p[i];
	return v;
}

/* The test finisher's address: the reg of the node under /soc whose
 * compatible list names sifive,test0. 0 when there is none. */
static uint64_t finisher_address(void)
{
	char buf[2048], path[256], compat[128];
	uint8_t reg[16];
	uint64_t addr = 0;
	int dir = open(DT_SOC, O_RDONLY | O_DIRECTORY, 0), n;

	if (dir < 0)
		return 0;
	while (!addr && (n = getdents64(dir, (struct linux_dirent64 *)buf, sizeof(buf))) > 0) {
		for (int off = 0; !addr && off < n;) {
			struct linux_dirent64 *d = (struct linux_dirent64 *)(buf + off);
			int fd, len;

			off += d->d_reclen;
			if (strlen(d->d_name) + sizeof(DT_SOC "//compatible") > sizeof(path))
				continue;
			strcpy(path, DT_SOC "/");
			strcpy(path + strlen(path), d->d_name);
			strcpy(path + strlen(path), "/compatible");
			fd = open(path, O_RDONLY, 0);
			if (fd < 0)
				continue;
			len = read(fd, compat, sizeof(compat) - 1);
			close(fd);
			/* a list of NUL-terminated strings */
			for (int i = 0; len > 0 && i < len; i += strlen(compat + i) + 1) {
				compat[len] = 0;
				if (strcmp(compat + i, "sifive,test0"))
					continue;
				strcpy(path + strlen(path) - strlen("compatible"), "reg");
				fd = open(path, O_RDONLY, 0);
				if (fd >= 0 && read(fd, reg, sizeof(reg)) == sizeof(reg))
					addr = be64(reg);
				if (fd >= 0)
					close(fd);
				break;
			}
		}
	}
	close(dir);
	return addr;
}

/* Ends the simulation with a failing status: the finisher's FAIL with the
 * code above it. */
static void finish_with(int status)
{
	uint64_t addr = finisher_address();
	volatile uint32_t *reg;
	int fd;

	if (!addr) {
		printf("init: no test finisher in the device tree to report status %d\n", status);
		return;
	}
	fd = open("/dev/mem", O_RDWR, 0);
	reg = fd < 0 ? MAP_FAILED : mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, fd, addr);
	if (reg == MAP_FAILED) {
		printf("init: cannot map the test finisher at 0x%lx\n", (unsigned long)addr);
		return;
	}
	*reg = FINISHER_FAIL | (uint32_t)status << 16;
}

int main(int argc, char **argv, char **envp)
{
	char *default_argv[] = { DEFAULT_PROGRAM, NULL };
	char **prog = argc > 1 ? argv + 1 : default_argv;
	int wstatus = 0, status;
	pid_t pid;

	mount_or_say("proc", "/proc");
	mount_or_say("sysfs", "/sys");
	mount_or_say("devtmpfs", "/dev");
	load_modules();

	pid = fork();
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
	if (status)
		finish_with(status);
	reboot(LINUX_REBOOT_CMD_POWER_OFF);
	return status;
}
