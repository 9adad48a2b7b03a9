/* A small reader of flattened device trees (the DTB the boot ROM passes in
 * a1), for the runtime's start-up: it finds one property of one node. It
 * checks every offset against the blob's own sizes, allocates nothing and
 * depends on nothing but the C library's string functions, so that the
 * same file builds for the host and is unit-tested there
 * (tests/unit/test_bm_fdt.c). */
#ifndef TEA_BAREMETAL_FDT_H
#define TEA_BAREMETAL_FDT_H

#include <stddef.h>
#include <stdint.h>

/* The largest blob read: QEMU's virt machine passes one of 1 MiB. */
#define BM_FDT_MAX_SIZE (4ul << 20)

/* What bm_fdt_getprop returns besides 0 (found). */
enum bm_fdt_error {
	BM_FDT_NOT_FOUND = -1,   /* the node or the property is not there */
	BM_FDT_BAD_MAGIC = -2,   /* not a device tree at all */
	BM_FDT_BAD_VERSION = -3, /* a format older than 17 or newer than we read */
	BM_FDT_BAD_HEADER = -4,  /* sizes or offsets that do not fit the blob */
	BM_FDT_BAD_STRUCT = -5,  /* the structure block is malformed */
};

/* Finds property name of the node at path (absolute, "/chosen"; a path
 * component without '@' also matches a node name with a unit address, as
 * in libfdt) in the blob at fdt, which may be at most max_size bytes long
 * (the header's totalsize must not exceed it). On success sets *value and
 * *len to the property's bytes inside the blob and returns 0; otherwise
 * returns a bm_fdt_error. */
int bm_fdt_getprop(const void *fdt, size_t max_size, const char *path,
		   const char *name, const void **value, uint32_t *len);

/* A few words for a bm_fdt_error, for one line of an error message. */
const char *bm_fdt_strerror(int err);

#endif
