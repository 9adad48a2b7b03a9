/* Opening the files an input names: a profile's ELFs (its header's binary,
 * its mappings' paths under a root folder such as teaperf's --symfs) and
 * the source files their line tables name. Those paths come from files
 * that may have been made anywhere, so what is opened is a regular file
 * only (a FIFO would wait for a writer forever, a device may do anything
 * when opened), and a path under a root stays inside it. */
#define _GNU_SOURCE		/* O_PATH */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "internal.h"

/* As many symbolic links as the kernel follows in one lookup. */
#define LINKS_MAX 40

/* Opens @name in @dirfd for reading when it is a regular file. It is
 * looked at through an O_PATH descriptor first, which runs no open of a
 * device or FIFO; the real open has O_NONBLOCK so that a FIFO swapped in
 * since still cannot make it wait, and is checked again. */
static int open_regular(int dirfd, const char *name, int flags,
			const char *shown, struct pics_error *err)
{
	struct stat st;
	int fd;

	for (int pass = 0; pass < 2; pass++) {
		fd = openat(dirfd, name, flags | O_CLOEXEC |
			    (pass ? O_RDONLY | O_NONBLOCK : O_PATH));
		if (fd < 0)
			return pics_fail(err, PICS_ERR_IO, "%s: cannot open: %s",
					 shown, strerror(errno));
		if (fstat(fd, &st)) {
			int e = errno;

			close(fd);
			return pics_fail(err, PICS_ERR_IO, "%s: cannot open: %s",
					 shown, strerror(e));
		}
		if (!S_ISREG(st.st_mode)) {
			close(fd);
			return pics_fail(err, PICS_ERR_IO,
					 "%s: not a regular file", shown);
		}
		if (!pass)
			close(fd);
	}
	return fd;
}

/* ---- a path inside a root folder ---------------------------------------- */

/* The folders walked so far: dirs[0] is the root, dirs[depth - 1] the one
 * the next component is looked up in; @done is their path below the root. */
struct walk {
	const char *root;	/* as given */
	char *prefix;		/* the root without its trailing '/'s */
	char *shown;		/* root and path, for messages */
	int *dirs;
	size_t depth, cap;
	char *done;
	size_t done_len;
	char *todo;		/* what is left of the path */
	unsigned links;
};

static int walk_fail_errno(struct walk *w, int e, struct pics_error *err)
{
	return pics_fail(err, PICS_ERR_IO, "%s: cannot open: %s", w->shown,
			 strerror(e));
}

static int walk_enter(struct walk *w, int fd, const char *name,
		      struct pics_error *err)
{
	size_t len = strlen(name);
	char *grown;

	if (w->depth == w->cap) {
		int *dirs = realloc(w->dirs, 2 * w->cap * sizeof(*dirs));

		if (!dirs) {
			close(fd);
			return pics_fail(err, PICS_ERR_NOMEM, "out of memory");
		}
		w->dirs = dirs;
		w->cap *= 2;
	}
	grown = realloc(w->done, w->done_len + len + 2);
	if (!grown) {
		close(fd);
		return pics_fail(err, PICS_ERR_NOMEM, "out of memory");
	}
	w->done = grown;
	w->done_len += (size_t)sprintf(w->done + w->done_len, "/%s", name);
	w->dirs[w->depth++] = fd;
	return 0;
}

/* "..": the folder above, never above the root. */
static int walk_leave(struct walk *w, struct pics_error *err)
{
	if (w->depth == 1)
		return pics_fail(err, PICS_ERR_IO, "%s: leads out of %s",
				 w->shown, w->root);
	close(w->dirs[--w->depth]);
	w->done_len = (size_t)(strrchr(w->done, '/') - w->done);
	w->done[w->done_len] = '\0';
	return 0;
}

/* Continues at the link's target, then what followed the link. An
 * absolute target starts again at the root: inside the root folder "/"
 * is the root, as for a chroot or the target system itself. */
static int walk_link(struct walk *w, int fd, const char *rest,
		     struct pics_error *err)
{
	char target[PICS_PATH_MAX];
	ssize_t n = readlinkat(fd, "", target, sizeof(target));
	char *todo;

	if (n < 0)
		return walk_fail_errno(w, errno, err);
	if ((size_t)n >= sizeof(target))
		return walk_fail_errno(w, ENAMETOOLONG, err);
	if (++w->links > LINKS_MAX)
		return walk_fail_errno(w, ELOOP, err);
	target[n] = '\0';
	todo = malloc((size_t)n + strlen(rest) + 2);
	if (!todo)
		return pics_fail(err, PICS_ERR_NOMEM, "out of memory");
	sprintf(todo, "%s/%s", target, rest);
	free(w->todo);
	w->todo = todo;
	if (target[0] == '/') {
		while (w->depth > 1)
			close(w->dirs[--w->depth]);
		w->done_len = 0;
		w->done[0] = '\0';
	}
	return 0;
}

/* Resolves w->todo one component at a time, each looked at without
 * following it (O_PATH | O_NOFOLLOW), so that no link is followed by the
 * kernel, which would leave the root for an absolute target. */
static int walk_path(struct walk *w, char **where, struct pics_error *err)
{
	for (;;) {
		char *name = w->todo + strspn(w->todo, "/");
		char *rest = name + strcspn(name, "/");
		bool last = !rest[strspn(rest, "/")];
		struct stat st;
		int fd;

		if (*rest)
			*rest++ = '\0';
		if (!*name)	/* the root itself, or a path ending in "/" */
			return pics_fail(err, PICS_ERR_IO,
					 "%s: not a regular file", w->shown);
		if (!strcmp(name, ".")) {
			memmove(w->todo, rest, strlen(rest) + 1);
			continue;
		}
		if (!strcmp(name, "..")) {
			if (walk_leave(w, err))
				return -1;
			memmove(w->todo, rest, strlen(rest) + 1);
			continue;
		}
		fd = openat(w->dirs[w->depth - 1], name,
			    O_PATH | O_NOFOLLOW | O_CLOEXEC);
		if (fd < 0)
			return walk_fail_errno(w, errno, err);
		if (fstat(fd, &st)) {
			int e = errno;

			close(fd);
			return walk_fail_errno(w, e, err);
		}
		if (S_ISLNK(st.st_mode)) {
			int ret = walk_link(w, fd, rest, err);

			close(fd);
			if (ret)
				return -1;
			continue;
		}
		if (S_ISDIR(st.st_mode) && !last) {
			if (walk_enter(w, fd, name, err))
				return -1;
			memmove(w->todo, rest, strlen(rest) + 1);
			continue;
		}
		close(fd);
		if (!last)
			return walk_fail_errno(w, ENOTDIR, err);
		fd = open_regular(w->dirs[w->depth - 1], name, O_NOFOLLOW,
				  w->shown, err);
		if (fd < 0)
			return -1;
		if (where) {
			size_t len = strlen(w->prefix) + w->done_len +
				     strlen(name) + 2;

			*where = malloc(len);
			if (!*where) {
				close(fd);
				return pics_fail(err, PICS_ERR_NOMEM,
						 "out of memory");
			}
			snprintf(*where, len, "%s%s/%s", w->prefix, w->done,
				 name);
		}
		return fd;
	}
}

static int open_beneath(const char *root, const char *path, char **where,
			struct pics_error *err)
{
	size_t root_len = strlen(root);
	struct walk w = { .root = root, .cap = 8 };
	size_t len;
	int fd = -1;

	/* "dir/", "dir" (and "/", "") join a path with one slash. */
	while (root_len && root[root_len - 1] == '/')
		root_len--;
	len = root_len + strlen(path) + 2;
	w.prefix = strndup(root, root_len);
	w.shown = malloc(len);
	w.todo = strdup(path);
	w.done = calloc(1, 1);
	w.dirs = malloc(w.cap * sizeof(*w.dirs));
	if (!w.prefix || !w.shown || !w.todo || !w.done || !w.dirs) {
		pics_fail(err, PICS_ERR_NOMEM, "out of memory");
		goto out;
	}
	snprintf(w.shown, len, "%s%s%s", w.prefix,
		 path[0] == '/' ? "" : "/", path);
	w.dirs[0] = open(root, O_PATH | O_DIRECTORY | O_CLOEXEC);
	if (w.dirs[0] < 0) {
		pics_fail(err, PICS_ERR_IO, "%s: cannot open: %s", root,
			  strerror(errno));
		goto out;
	}
	w.depth = 1;
	fd = walk_path(&w, where, err);
out:
	while (w.depth)
		close(w.dirs[--w.depth]);
	free(w.dirs);
	free(w.done);
	free(w.todo);
	free(w.shown);
	free(w.prefix);
	return fd;
}

int pics_open_file(const char *root, const char *path, char **where,
		   struct pics_error *err)
{
	int fd;

	if (root)
		return open_beneath(root, path, where, err);
	fd = open_regular(AT_FDCWD, path, 0, path, err);
	if (fd >= 0 && where) {
		*where = strdup(path);
		if (!*where) {
			close(fd);
			return pics_fail(err, PICS_ERR_NOMEM, "out of memory");
		}
	}
	return fd;
}
