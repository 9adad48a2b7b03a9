#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys.h>

#include "tea_event.h"

#define PAGE 4096

long sysfs_number(const char *path)
{
	char buf[32] = { 0 };
	int fd = open(path, O_RDONLY, 0);
	ssize_t n = fd < 0 ? -1 : read(fd, buf, sizeof(buf) - 1);

	if (fd >= 0)
		close(fd);
	return n > 0 ? atol(buf) : -1;
}

int tea_pmu_find(long *type, unsigned *width)
{
	long w = sysfs_number(TEA_PMU_SYSFS "/caps/width");

	*type = sysfs_number(TEA_PMU_SYSFS "/type");
	*width = w > 0 && w <= TEA_MAX_WIDTH ? (unsigned)w : 0;
	return *type < 0 || !*width ? -1 : 0;
}

int tea_ring_map(struct tea_ring *r, int fd, unsigned data_pages)
{
	void *p;

	if (!data_pages || data_pages & (data_pages - 1))
		return -1;
	p = mmap(NULL, (data_pages + 1) * PAGE, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);

	if (p == MAP_FAILED)
		return -1;
	r->meta = p;
	r->data = (const uint8_t *)p + PAGE;
	r->size = (uint64_t)data_pages * PAGE;
	r->head = 0;
	r->tail = r->meta->data_tail;
	return 0;
}

void tea_ring_unmap(struct tea_ring *r)
{
	munmap(r->meta, r->size + PAGE);
}

/* A word at a time where it can: nolibc's memcpy copies bytes, and every
 * sample passes through here. */
static void copy(void *to, const void *from, size_t len)
{
	if (!(((uintptr_t)to | (uintptr_t)from | len) & 7)) {
		uint64_t *t = to;
		const uint64_t *f = from;

		for (size_t i = 0; i < len / 8; i++)
			t[i] = f[i];
	} else {
		memcpy(to, from, len);
	}
}

/* len bytes from the ring at offset at, which may wrap around its end */
static void ring_copy(const struct tea_ring *r, uint64_t at, void *to, size_t len)
{
	size_t off = at & (r->size - 1), first = len < r->size - off ? len : r->size - off;

	copy(to, r->data + off, first);
	copy((uint8_t *)to + first, r->data, len - first);
}

int tea_ring_next(struct tea_ring *r, void *rec, size_t cap)
{
	struct perf_event_header hdr;

	if (r->tail >= r->head)
		r->head = __atomic_load_n(&r->meta->data_head, __ATOMIC_ACQUIRE);
	if (r->tail >= r->head)
		return 0;
	ring_copy(r, r->tail, &hdr, sizeof(hdr));
	if (hdr.size < sizeof(hdr) || hdr.size > cap || hdr.size > r->head - r->tail)
		return -1;
	ring_copy(r, r->tail, rec, hdr.size);
	r->tail += hdr.size;
	return hdr.size;
}

void tea_ring_release(struct tea_ring *r)
{
	__atomic_store_n(&r->meta->data_tail, r->tail, __ATOMIC_RELEASE);
}

int tea_pmu_has_buffer(void)
{
	int fd = open(TEA_PMU_SYSFS "/format/buffer", O_RDONLY, 0);

	if (fd < 0)
		return 0;
	close(fd);
	return 1;
}

int tea_aux_map(struct tea_aux *a, const struct tea_ring *r, int fd, unsigned pages)
{
	void *p;

	if (!pages || pages & (pages - 1))
		return -1;
	r->meta->aux_offset = r->size + PAGE;
	r->meta->aux_size = (uint64_t)pages * PAGE;
	p = mmap(NULL, r->meta->aux_size, PROT_READ | PROT_WRITE, MAP_SHARED, fd,
		 (off_t)r->meta->aux_offset);
	if (p == MAP_FAILED)
		return -1;
	a->data = p;
	a->size = r->meta->aux_size;
	a->meta = r->meta;
	return 0;
}

void tea_aux_unmap(struct tea_aux *a)
{
	munmap((void *)a->data, a->size);
}

uint64_t tea_aux_word(const struct tea_aux *a, uint64_t offset)
{
	return *(const uint64_t *)(a->data + (offset & (a->size - 1) & ~7ull));
}

void tea_aux_release(struct tea_aux *a, uint64_t end)
{
	__atomic_store_n(&a->meta->aux_tail, end, __ATOMIC_RELEASE);
}
