/* The command teaperf record runs (command.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys.h>

#include "command.h"

#ifndef X_OK
#define X_OK		1	/* (nolibc has no access() and no X_OK) */
#endif

/* nolibc has no strerror: the errors execve and the search can meet */
static const char *errno_text(int e)
{
	switch (e) {
	case ENOENT: return "No such file or directory";
	case EACCES: return "Permission denied";
	case ENOEXEC: return "Exec format error";
	case ENOTDIR: return "Not a directory";
	case EISDIR: return "Is a directory";
	case ENAMETOOLONG: return "File name too long";
	case ELOOP: return "Too many levels of symbolic links";
	case E2BIG: return "Argument list too long";
	case ENOMEM: return "Cannot allocate memory";
	case ETXTBSY: return "Text file busy";
	case EPERM: return "Operation not permitted";
	case EIO: return "Input/output error";
	}
	return NULL;
}

int cannot_run(const char *cmd, int e)
{
	const char *text = errno_text(e);

	if (text)
		printf("teaperf: cannot run %s: %s\n", cmd, text);
	else
		printf("teaperf: cannot run %s: error %d\n", cmd, e);
	return e == ENOENT ? 127 : 126;
}

/* 0 when @path names a file execve can run, as far as can be told
 * without running it, else the errno it would meet. */
static int check_runnable(const char *path)
{
	struct stat st;
	uint8_t magic[4];
	ssize_t n;
	int fd, ret;

	if (stat(path, &st) < 0)
		return errno;
	if (S_ISDIR(st.st_mode))
		return EISDIR;
	if (!S_ISREG(st.st_mode))
		return EACCES;
	ret = my_syscall4(__NR_faccessat, AT_FDCWD, path, X_OK, 0);
	if (ret < 0)
		return -ret;
	/* an ELF, or a script where the kernel has binfmt_script */
	fd = open(path, O_RDONLY, 0);
	if (fd < 0)
		return 0;	/* execute-only: execve will tell */
	n = read(fd, magic, sizeof(magic));
	close(fd);
	if ((n == 4 && !memcmp(magic, "\177ELF", 4)) || (n >= 2 && magic[0] == '#' && magic[1] == '!'))
		return 0;
	return ENOEXEC;
}

int find_command(const char *cmd, char **envp, char *file)
{
	const char *path = _getenv("PATH", envp), *dir, *next;
	int found = 0;

	if (strchr(cmd, '/')) {
		if (strlen(cmd) >= PATH_BYTES)
			return ENAMETOOLONG;
		strcpy(file, cmd);
		return check_runnable(file);
	}
	if (!path)
		path = "/bin:/usr/bin";
	for (dir = path; dir; dir = next ? next + 1 : NULL) {
		size_t len;
		int e;

		next = strchr(dir, ':');
		len = next ? (size_t)(next - dir) : strlen(dir);
		if (len + 1 + strlen(cmd) >= PATH_BYTES)
			continue;
		memcpy(file, dir, len);
		if (len)
			file[len++] = '/';
		strcpy(file + len, cmd);
		e = check_runnable(file);
		if (!e)
			return 0;
		if (e != ENOENT && e != ENOTDIR && !found)
			found = e;
	}
	return found ? found : ENOENT;
}
