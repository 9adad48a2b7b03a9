/* Flattened device tree reader: header checks and one walk of the
 * structure block (Devicetree Specification v0.4, chapter 5). Every read
 * is bounds-checked, so a malformed blob gives an error, never a fault. */
#include <string.h>

#include "fdt.h"

#define DT_MAGIC       0xd00dfeedu
#define DT_VERSION     17u
#define DT_HEADER_SIZE 40u

#define DT_BEGIN_NODE  1u
#define DT_END_NODE    2u
#define DT_PROP        3u
#define DT_NOP         4u
#define DT_END         9u

/* The header's fields, in 4-byte words. */
enum {
	H_MAGIC, H_TOTALSIZE, H_OFF_STRUCT, H_OFF_STRINGS, H_OFF_RSVMAP,
	H_VERSION, H_LAST_COMP, H_BOOT_CPUID, H_SIZE_STRINGS, H_SIZE_STRUCT,
};

struct fdt_blob {
	const uint8_t *base;
	uint32_t off_struct, size_struct;
	uint32_t off_strings, size_strings;
};

/* Big-endian, a byte at a time: the blob needs no particular alignment. */
static uint32_t be32(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static uint32_t header(const uint8_t *fdt, unsigned field)
{
	return be32(fdt + 4 * field);
}

/* Whether [off, off + size) lies within total bytes, without overflow. */
static int block_fits(uint32_t off, uint32_t size, uint32_t total)
{
	return off <= total && size <= total - off;
}

static int check_header(const uint8_t *fdt, size_t max_size, struct fdt_blob *b)
{
	uint32_t total;

	if (max_size < DT_HEADER_SIZE)
		return BM_FDT_BAD_HEADER;
	if (header(fdt, H_MAGIC) != DT_MAGIC)
		return BM_FDT_BAD_MAGIC;
	/* Version 17 added size_dt_struct, which bounds the walk. */
	if (header(fdt, H_VERSION) < DT_VERSION || header(fdt, H_LAST_COMP) > DT_VERSION)
		return BM_FDT_BAD_VERSION;
	total = header(fdt, H_TOTALSIZE);
	if (total < DT_HEADER_SIZE || total > max_size)
		return BM_FDT_BAD_HEADER;
	b->base = fdt;
	b->off_struct = header(fdt, H_OFF_STRUCT);
	b->size_struct = header(fdt, H_SIZE_STRUCT);
	b->off_strings = header(fdt, H_OFF_STRINGS);
	b->size_strings = header(fdt, H_SIZE_STRINGS);
	if (b->off_struct < DT_HEADER_SIZE || b->off_struct % 4 || b->size_struct % 4 ||
	    !block_fits(b->off_struct, b->size_struct, total) ||
	    !block_fits(b->off_strings, b->size_strings, total))
		return BM_FDT_BAD_HEADER;
	return 0;
}

/* The NUL-terminated string at off within [0, size) of block, or NULL when
 * it runs past the end. */
static const char *string_in(const uint8_t *block, size_t size, size_t off)
{
	if (off >= size || !memchr(block + off, '\0', size - off))
		return NULL;
	return (const char *)block + off;
}

/* Whether the node called name is the path component comp[0..len). */
static int name_matches(const char *name, const char *comp, size_t len)
{
	if (strncmp(name, comp, len))
		return 0;
	return name[len] == '\0' || (name[len] == '@' && !memchr(comp, '@', len));
}

static size_t align4(size_t n)
{
	return (n + 3) & ~(size_t)3;
}

int bm_fdt_getprop(const void *fdt, size_t max_size, const char *path,
		   const char *name, const void **value, uint32_t *len)
{
	struct fdt_blob b;
	const uint8_t *st;
	const char *comp;   /* the path component the next deeper node must match */
	size_t comp_len;
	size_t pos = 0;         /* offset in the structure block */
	/* depth: nodes open; matched: how many of them lie on the path (the
	 * root always does, once open). The target is open when matched is
	 * the path's length plus the root, and the walk is inside it when
	 * depth == matched. */
	unsigned depth = 0, matched = 0, want = 1;
	int err;

	if (!fdt)
		return BM_FDT_BAD_MAGIC;
	err = check_header(fdt, max_size, &b);
	if (err)
		return err;
	if (path[0] != '/')
		return BM_FDT_NOT_FOUND;
	for (const char *p = path; *p; p++)
		want += *p == '/' && p[1] && p[1] != '/';
	comp = path;
	while (*comp == '/')
		comp++;
	comp_len = strcspn(comp, "/");
	st = b.base + b.off_struct;

	/* pos may pass the end by padding: compare before subtracting. */
	while (pos < b.size_struct && b.size_struct - pos >= 4) {
		uint32_t token = be32(st + pos);

		pos += 4;
		switch (token) {
		case DT_BEGIN_NODE: {
			const char *node = string_in(st, b.size_struct, pos);

			if (!node)
				return BM_FDT_BAD_STRUCT;
			pos += align4(strlen(node) + 1);
			depth++;
			if (depth == 1) {
				matched = 1;
			} else if (depth == matched + 1 && matched < want &&
				   name_matches(node, comp, comp_len)) {
				matched = depth;
				comp += comp_len;
				while (*comp == '/')
					comp++;
				comp_len = strcspn(comp, "/");
			}
			break;
		}
		case DT_END_NODE:
			if (depth == 0)
				return BM_FDT_BAD_STRUCT;
			/* Leaving the target or a node on the way there: node
			 * names are unique among siblings, so it is not found. */
			if (matched == depth)
				return BM_FDT_NOT_FOUND;
			depth--;
			break;
		case DT_PROP: {
			uint32_t plen, nameoff;
			const char *pname;

			if (depth == 0 || b.size_struct - pos < 8)
				return BM_FDT_BAD_STRUCT;
			plen = be32(st + pos);
			nameoff = be32(st + pos + 4);
			pos += 8;
			if (plen > b.size_struct - pos)   /* pos <= size_struct here */
				return BM_FDT_BAD_STRUCT;
			pname = string_in(b.base + b.off_strings, b.size_strings, nameoff);
			if (!pname)
				return BM_FDT_BAD_STRUCT;
			if (depth == matched && matched == want && !strcmp(pname, name)) {
				*value = st + pos;
				*len = plen;
				return 0;
			}
			pos += align4(plen);
			break;
		}
		case DT_NOP:
			break;
		case DT_END:
			return depth == 0 ? BM_FDT_NOT_FOUND : BM_FDT_BAD_STRUCT;
		default:
			return BM_FDT_BAD_STRUCT;
		}
	}
	/* The structure block ended without DT_END. */
	return BM_FDT_BAD_STRUCT;
}

const char *bm_fdt_strerror(int err)
{
	switch (err) {
	case 0:
		return "no error";
	case BM_FDT_NOT_FOUND:
		return "no such node or property";
	case BM_FDT_BAD_MAGIC:
		return "not a device tree (bad magic)";
	case BM_FDT_BAD_VERSION:
		return "unsupported device tree version (17 is read)";
	case BM_FDT_BAD_HEADER:
		return "device tree header with sizes or offsets outside the blob";
	case BM_FDT_BAD_STRUCT:
		return "malformed device tree structure block";
	}
	return "unknown device tree error";
}
