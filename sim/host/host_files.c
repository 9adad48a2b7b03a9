#include "host/host_files.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include "checkpoint/stream.h"
#include "tea/host_console.h"

int host_files_init(struct host_files *hf, const char *dir, uint64_t max_files,
		    uint64_t max_bytes)
{
	memset(hf, 0, sizeof(*hf));
	hf->dir_fd = -1;
	hf->max_files = max_files;
	hf->max_bytes = max_bytes;
	if (!dir)
		return 0;
	/* Opened once, at the start: the files are created relative to it,
	 * so a name can only ever reach an entry of this folder. */
	hf->dir_fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	return hf->dir_fd < 0 ? -1 : 0;
}

static int close_file(struct host_files *hf)
{
	int ret = hf->file ? fclose(hf->file) : 0;

	hf->file = NULL;
	return ret;
}

void host_files_finish(struct host_files *hf)
{
	close_file(hf);
	if (hf->dir_fd >= 0)
		close(hf->dir_fd);
	hf->dir_fd = -1;
}

/* Whether NAME holds a name the channel takes. Without a NUL the name
 * would be longer than HOST_FILES_NAME_MAX, and a byte other than NUL
 * after the first NUL means a NUL inside the name: both are refused, not
 * cut short to a name the program did not give. */
static bool name_ok(const char *name)
{
	const char *end = memchr(name, 0, HOST_FILES_NAME_SIZE);

	if (!end)
		return false;
	for (const char *p = end; p < name + HOST_FILES_NAME_SIZE; p++)
		if (*p)
			return false;
	return tea_file_name_ok(name, (unsigned long)(end - name), HOST_FILES_NAME_MAX);
}

static uint64_t open_file(struct host_files *hf)
{
	char name[HOST_FILES_NAME_SIZE];
	int fd;

	memcpy(name, hf->name, sizeof(name));
	memset(hf->name, 0, sizeof(hf->name));
	close_file(hf);
	if (hf->dir_fd < 0)
		return HOST_FILES_NO_DIR;
	if (!name_ok(name))
		return HOST_FILES_BAD_NAME;
	if (hf->files >= hf->max_files)
		return HOST_FILES_TOO_MANY;
	/* O_EXCL: a new regular file or nothing. Whatever the folder holds
	 * under the name stays as it is: a file is not replaced, a link is
	 * not followed (O_NOFOLLOW says so too), a FIFO is not opened (which
	 * would block teasim until someone read it). */
	fd = openat(hf->dir_fd, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
	if (fd < 0)
		return errno == EEXIST || errno == ELOOP ? HOST_FILES_EXISTS : HOST_FILES_IO;
	hf->files++;
	hf->file = fdopen(fd, "wb");
	if (!hf->file) {
		close(fd);
		return HOST_FILES_IO;
	}
	return HOST_FILES_OK;
}

static uint64_t append(struct host_files *hf, uint64_t val, unsigned bytes)
{
	uint8_t b[8];

	if (!hf->file)
		return HOST_FILES_NOT_OPEN;
	if (bytes > hf->max_bytes - hf->bytes)
		return HOST_FILES_TOO_BIG;
	for (unsigned i = 0; i < bytes; i++)
		b[i] = (uint8_t)(val >> (8 * i));
	if (fwrite(b, 1, bytes, hf->file) != bytes)
		return HOST_FILES_IO;
	hf->bytes += bytes;
	return HOST_FILES_OK;
}

int host_files_store(void *ctx, uint64_t off, unsigned size, uint64_t val)
{
	struct host_files *hf = ctx;

	if (off < HOST_FILES_CMD && off + size <= HOST_FILES_CMD) {
		for (unsigned i = 0; i < size; i++)
			hf->name[off + i] = (char)(val >> (8 * i));
		return 0;
	}
	switch (off) {
	case HOST_FILES_CMD:
		if (val == HOST_FILES_OPEN) {
			hf->status = open_file(hf);
		} else if (val == HOST_FILES_CLOSE) {
			if (!hf->file)
				hf->status = HOST_FILES_NOT_OPEN;
			else if (close_file(hf) && !hf->status)
				hf->status = HOST_FILES_IO;
		} else {
			hf->status = HOST_FILES_BAD_CMD;
		}
		return 0;
	case HOST_FILES_DATA:
		if (!hf->status)
			hf->status = size == 8 ? append(hf, val, 8) : HOST_FILES_BAD_CMD;
		return 0;
	case HOST_FILES_BYTE:
		if (!hf->status)
			hf->status = append(hf, val, 1);
		return 0;
	}
	return 0;
}

int host_files_load(void *ctx, uint64_t off, unsigned size, uint64_t *val)
{
	const struct host_files *hf = ctx;

	*val = off == HOST_FILES_STATUS && size == 8 ? hf->status : 0;
	return 0;
}

bool host_files_open_file(const struct host_files *hf)
{
	return hf->file != NULL;
}

void host_files_save(const struct host_files *hf, struct ckpt_out *o)
{
	ckpt_put_tag(o, "HFIL");
	ckpt_put(o, hf->name, sizeof(hf->name));
	ckpt_put_u64(o, hf->status);
	ckpt_put_u64(o, hf->files);
	ckpt_put_u64(o, hf->bytes);
	ckpt_put_u64(o, hf->max_files);
	ckpt_put_u64(o, hf->max_bytes);
}

bool host_files_restore(struct host_files *hf, struct ckpt_in *in)
{
	if (!ckpt_expect_tag(in, "HFIL") || !ckpt_get(in, hf->name, sizeof(hf->name)))
		return false;
	hf->status = ckpt_get_u64(in);
	hf->files = ckpt_get_u64(in);
	hf->bytes = ckpt_get_u64(in);
	if (ckpt_get_u64(in) != hf->max_files || ckpt_get_u64(in) != hf->max_bytes)
		return ckpt_fail(in, "corrupt: the host file channel's limits differ from the options'");
	if (hf->files > hf->max_files || hf->bytes > hf->max_bytes)
		return ckpt_fail(in, "corrupt: the host file channel is past its limits");
	return !in->failed;
}
