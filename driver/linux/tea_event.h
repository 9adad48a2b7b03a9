/* The tea PMU from user space, for the Linux image's programs (teaperf
 * record, the driver's checks in tests/linux/tea-pmu.c): the PMU's type
 * and sample width from sysfs, and the records of an event's ring buffer.
 * Built with the kernel's nolibc. */
#ifndef TEA_LINUX_TEA_EVENT_H
#define TEA_LINUX_TEA_EVENT_H

#include <std.h>	/* nolibc: the fixed-width integer types */
#include <linux/perf_event.h>

#include "tea/sample_format.h"

#define TEA_PMU_SYSFS "/sys/bus/event_source/devices/tea"

/* The number a sysfs file holds; -1 when it cannot be read. */
long sysfs_number(const char *path);

/* The PMU's attr.type and the slots of its samples; 0, or -1 when there
 * is no tea PMU (the driver is not loaded). */
int tea_pmu_find(long *type, unsigned *width);

/* An event's ring buffer: a metadata page, then 2^n data pages. */
struct tea_ring {
	struct perf_event_mmap_page *meta;
	const uint8_t *data;
	uint64_t size;		/* of the data, in bytes */
	uint64_t head, tail;	/* what the last tea_ring_next saw and took */
};

/* 0, or -1 when the event's ring cannot be mapped (data_pages must be a
 * power of two, as perf wants). */
int tea_ring_map(struct tea_ring *r, int fd, unsigned data_pages);
void tea_ring_unmap(struct tea_ring *r);
/* Copies the next record, header included, to rec (cap bytes); its size,
 * 0 when none is left, -1 when the record is malformed or larger than cap.
 * The space of the records taken is the kernel's again once
 * tea_ring_release is called. */
int tea_ring_next(struct tea_ring *r, void *rec, size_t cap);
void tea_ring_release(struct tea_ring *r);

/* Whether the PMU has buffer mode (its format/buffer attribute). */
int tea_pmu_has_buffer(void);

/* An event's AUX area, where the sampler writes its records in buffer
 * mode (tea/perf.h's TEA_PERF_CONFIG_BUFFER); PERF_RECORD_AUX records in
 * the ring say which bytes are new. */
struct tea_aux {
	const uint8_t *data;
	uint64_t size;
	struct perf_event_mmap_page *meta;	/* the ring's, where aux_tail is */
};

/* Maps @pages (a power of two) pages of AUX area after the ring @r. 0, or
 * -1 when it cannot be mapped. */
int tea_aux_map(struct tea_aux *a, const struct tea_ring *r, int fd, unsigned pages);
void tea_aux_unmap(struct tea_aux *a);
/* The 8-byte word at @offset of the data perf numbers from the start (it
 * wraps around the area); the area's bytes up to @end are free again
 * after tea_aux_release. */
uint64_t tea_aux_word(const struct tea_aux *a, uint64_t offset);
void tea_aux_release(struct tea_aux *a, uint64_t end);

#endif
