/* The target's teaperf record: the command it runs, found as a shell
 * finds it and checked before it starts (command.c). Built with the
 * kernel's nolibc. */
#ifndef TEA_TARGET_COMMAND_H
#define TEA_TARGET_COMMAND_H

#define PATH_BYTES	256	/* a command's path, with its NUL */

/*
 * The file to run for @cmd, as execvp finds it: @cmd itself when it holds
 * a '/', else the first that can run of that name in PATH's folders
 * ("/bin:/usr/bin" when PATH is unset; an empty entry is the current
 * folder). 0 with its path in @file (PATH_BYTES), or the errno to report:
 * ENOENT when no folder has it, else what the first file found met.
 */
int find_command(const char *cmd, char **envp, char *file);

/* One line, and the status a shell gives: 127 when there is no such
 * command, 126 when there is one that cannot run. */
int cannot_run(const char *cmd, int e);

#endif
