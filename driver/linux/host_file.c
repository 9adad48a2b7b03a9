#include <string.h>
#include <sys.h>
#include <tea/host_files.h>

#include "host_file.h"
#include "soc_device.h"

/* the channel's registers, in words */
#define CH_NAME		(HOST_FILES_NAME / 8)
#define CH_CMD		(HOST_FILES_CMD / 8)
#define CH_STATUS	(HOST_FILES_STATUS / 8)
#define CH_DATA		(HOST_FILES_DATA / 8)
#define CH_BYTE		(HOST_FILES_BYTE / 8)

static volatile uint64_t *channel;

/* The channel's STATUS in words; NULL when it is OK. */
static const char *status(void)
{
	static const char *const what[] = {
		[HOST_FILES_NO_DIR] = "teasim was started without --host-dir",
		[HOST_FILES_BAD_NAME] = "the name is not one the host takes ([A-Za-z0-9._-], not starting with '.')",
		[HOST_FILES_NOT_OPEN] = "no file is open",
		[HOST_FILES_IO] = "the host could not create or write the file",
		[HOST_FILES_BAD_CMD] = "the channel refused a command",
		[HOST_FILES_EXISTS] = "the host folder already holds that name (the host never replaces a file)",
		[HOST_FILES_TOO_MANY] = "the run has created as many files as teasim allows (--host-max-files)",
		[HOST_FILES_TOO_BIG] = "the run has written as many bytes as teasim allows (--host-max-bytes)",
	};
	uint64_t s = channel[CH_STATUS];

	if (!s)
		return NULL;
	return s < sizeof(what) / sizeof(what[0]) ? what[s] : "the channel failed";
}

const char *host_file_open(const char *name)
{
	size_t n = strlen(name);

	if (!channel)
		channel = soc_device_map("tea,host-files");
	if (!channel)
		return "no host file channel (it is teasim's; a board has none)";
	if (n == 0 || n > HOST_FILES_NAME_MAX)
		return "the name needs 1 to 255 characters";
	for (size_t i = 0; i <= n; i++)
		((volatile uint8_t *)channel)[CH_NAME + i] = (uint8_t)name[i];
	channel[CH_CMD] = HOST_FILES_OPEN;
	return status();
}

const char *host_file_write(const void *buf, size_t len)
{
	const uint8_t *p = buf;
	size_t done = 0;

	for (; done + 8 <= len; done += 8) {
		uint64_t w;

		memcpy(&w, p + done, 8);
		channel[CH_DATA] = w;
	}
	for (; done < len; done++)
		channel[CH_BYTE] = p[done];
	return status();
}

const char *host_file_close(void)
{
	channel[CH_CMD] = HOST_FILES_CLOSE;
	return status();
}
