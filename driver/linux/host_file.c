#include <string.h>
#include <sys.h>

#include "host_file.h"
#include "soc_device.h"

/* the channel's registers, in words, as sim/host/host_files.h lays them out */
#define CH_NAME		0
#define CH_CMD		(0x100 / 8)
#define CH_STATUS	(0x108 / 8)
#define CH_DATA		(0x110 / 8)
#define CH_BYTE		(0x118 / 8)
#define CMD_OPEN	1
#define CMD_CLOSE	2

static volatile uint64_t *channel;

/* The channel's STATUS in words; NULL when it is OK. */
static const char *status(void)
{
	static const char *const what[] = {
		[1] = "teasim was started without --host-dir",
		[2] = "the name is not one the host takes ([A-Za-z0-9._-], not starting with '.')",
		[3] = "no file is open",
		[4] = "the host could not create or write the file",
		[5] = "the channel refused a command",
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
	if (n == 0 || n > 255)
		return "the name needs 1 to 255 characters";
	for (size_t i = 0; i <= n; i++)
		((volatile uint8_t *)channel)[CH_NAME + i] = (uint8_t)name[i];
	channel[CH_CMD] = CMD_OPEN;
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
	channel[CH_CMD] = CMD_CLOSE;
	return status();
}
