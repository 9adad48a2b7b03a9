/* Build-ids, by which the host finds the binaries a recording names
 * (build_id.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys.h>

#include "build_id.h"

/* The GNU build-id in a block of ELF notes; its length, or 0. */
static unsigned note_build_id(const uint8_t *p, size_t len, uint8_t *id)
{
	size_t off = 0;

	while (off + 12 <= len) {
		uint32_t namesz, descsz, type;

		memcpy(&namesz, p + off, 4);
		memcpy(&descsz, p + off + 4, 4);
		memcpy(&type, p + off + 8, 4);
		off += 12;
		if (namesz > len || descsz > len || off + ((namesz + 3) & ~3u) + descsz > len)
			return 0;
		if (type == 3 && namesz == 4 && !memcmp(p + off, "GNU", 4) && descsz <= 20) {
			memcpy(id, p + off + 4, descsz);
			return descsz;
		}
		off += ((namesz + 3) & ~3u) + ((descsz + 3) & ~3u);
	}
	return 0;
}

static uint8_t scratch[8192];

unsigned elf_build_id(const char *path, uint8_t *id)
{
	uint8_t eh[64], ph[56];
	uint64_t phoff;
	uint16_t phnum;
	unsigned got = 0;
	int fd = open(path, O_RDONLY, 0);

	if (fd < 0)
		return 0;
	if (read(fd, eh, sizeof(eh)) != sizeof(eh) || memcmp(eh, "\177ELF\2\1", 6))
		goto out;
	memcpy(&phoff, eh + 32, 8);
	memcpy(&phnum, eh + 56, 2);
	for (unsigned i = 0; i < phnum && !got; i++) {
		uint64_t off, size;
		uint32_t type;

		if (lseek(fd, (off_t)(phoff + 56 * i), SEEK_SET) < 0 ||
		    read(fd, ph, sizeof(ph)) != sizeof(ph))
			break;
		memcpy(&type, ph, 4);
		memcpy(&off, ph + 8, 8);
		memcpy(&size, ph + 32, 8);
		if (type != 4 || size > sizeof(scratch) || lseek(fd, (off_t)off, SEEK_SET) < 0 ||
		    read(fd, scratch, size) != (ssize_t)size)
			continue;
		got = note_build_id(scratch, size, id);
	}
out:
	close(fd);
	return got;
}

unsigned notes_build_id(const char *path, uint8_t *id)
{
	int fd = open(path, O_RDONLY, 0);
	ssize_t n = fd < 0 ? 0 : read(fd, scratch, sizeof(scratch));

	if (fd >= 0)
		close(fd);
	return note_build_id(scratch, n > 0 ? (size_t)n : 0, id);
}
