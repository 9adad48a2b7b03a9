/* The executable mappings of a profiled Linux run, which sample and
 * profile files carry, and finding the one that holds an address. */
#ifndef PICS_MAPPING_H
#define PICS_MAPPING_H

#include <stddef.h>
#include <stdint.h>

#include "pics_error.h"
#include "pics_meta.h"

#define PICS_MAX_MAPPINGS 4096	/* map records a file may hold */

/* An executable mapping of the profiled run, as a Linux target records it:
 * [start, end) of the virtual address space shows the file @path from byte
 * @pgoff on. @path is the file on the target ("/bin/hash") or a name in
 * brackets for memory no file backs: "[kernel]" (the kernel's text, _stext
 * to _etext), "[vdso]". A recording that follows several tasks, or a task
 * that execs, may map different files at the same addresses: a mapping
 * then belongs to task @pid (0: to every task) and holds for its samples
 * from cycle @time on (0: from the start). */
struct pics_mapping {
	uint64_t start, end;
	uint64_t pgoff;
	uint8_t build_id[PICS_BUILD_ID_MAX];
	unsigned build_id_len;
	char path[PICS_PATH_MAX];
	uint32_t pid;
	uint64_t time;
};

#define PICS_KERNEL_MAPPING "[kernel]"

/* start < end, a build-id of at most PICS_BUILD_ID_MAX bytes, a path of 1
 * to PICS_PATH_MAX - 1 bytes. */
int pics_mapping_validate(const struct pics_mapping *m, struct pics_error *err);
/* The first of the @n mappings @maps that holds @addr, or NULL. */
const struct pics_mapping *pics_mapping_find(const struct pics_mapping *maps,
					     size_t n, uint64_t addr);
/* The mapping that holds @addr for a sample of task @pid at cycle @cycle:
 * of the mappings of that task or of every task that hold @addr and hold
 * from @cycle or before, the one that began last (of those that began
 * together, the last in @maps). @pid 0, a sample of no named task, takes
 * any task's. NULL if none. */
const struct pics_mapping *pics_mapping_find_task(const struct pics_mapping *maps,
						  size_t n, uint32_t pid,
						  uint64_t cycle, uint64_t addr);

#endif
