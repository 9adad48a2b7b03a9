#include "host/host_files.h"

#include <string.h>

void host_files_init(struct host_files *hf, const char *dir)
{
	memset(hf, 0, sizeof(*hf));
	hf->dir = dir;
}

void host_files_finish(struct host_files *hf)
{
	if (hf->file)
		fclose(hf->file);
	hf->file = NULL;
}

static bool name_ok(const char *s)
{
	size_t n = strlen(s);

	if (n == 0 || s[0] == '.')
		return false;
	for (size_t i = 0; i < n; i++) {
		char c = s[i];

		if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
		      c == '.' || c == '-' || c == '_'))
			return false;
	}
	return true;
}

static uint64_t open_file(struct host_files *hf)
{
	char path[4096 + 256];

	host_files_finish(hf);
	if (!hf->dir)
		return HOST_FILES_NO_DIR;
	hf->name[sizeof(hf->name) - 1] = 0;
	if (!name_ok(hf->name))
		return HOST_FILES_BAD_NAME;
	snprintf(path, sizeof(path), "%s/%s", hf->dir, hf->name);
	hf->file = fopen(path, "wb");
	return hf->file ? HOST_FILES_OK : HOST_FILES_IO;
}

static uint64_t append(struct host_files *hf, uint64_t val, unsigned bytes)
{
	uint8_t b[8];

	if (!hf->file)
		return HOST_FILES_NOT_OPEN;
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
			else if (fclose(hf->file) && !hf->status)
				hf->status = HOST_FILES_IO;
			hf->file = NULL;
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
