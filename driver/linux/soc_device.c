#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys.h>

#include "soc_device.h"

#define DT_SOC "/sys/firmware/devicetree/base/soc"

static uint64_t be64(const uint8_t *p)
{
	uint64_t v = 0;

	for (int i = 0; i < 8; i++)
		v = v << 8 | p[i];
	return v;
}

/* Whether the NUL-separated list of len bytes names s. */
static int list_has(char *list, int len, const char *s)
{
	for (int i = 0; len > 0 && i < len; i += strlen(list + i) + 1)
		if (!strcmp(list + i, s))
			return 1;
	return 0;
}

uint64_t soc_device_address(const char *compatible)
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
			if (len <= 0)
				continue;
			compat[len] = 0;
			if (!list_has(compat, len, compatible))
				continue;
			strcpy(path + strlen(path) - strlen("compatible"), "reg");
			fd = open(path, O_RDONLY, 0);
			if (fd >= 0 && read(fd, reg, sizeof(reg)) == sizeof(reg))
				addr = be64(reg);
			if (fd >= 0)
				close(fd);
		}
	}
	close(dir);
	return addr;
}

volatile void *soc_device_map(const char *compatible)
{
	uint64_t addr = soc_device_address(compatible);
	void *p;
	int fd;

	if (!addr)
		return NULL;
	fd = open("/dev/mem", O_RDWR, 0);
	if (fd < 0)
		return NULL;
	p = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, fd, addr);
	close(fd);
	return p == MAP_FAILED ? NULL : p;
}
