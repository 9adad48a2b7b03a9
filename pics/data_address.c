/* Data-address records (docs/formats.md): the addresses the loads, stores
 * and AMOs of the sample record that follows accessed (the sampler's
 * teadaddr, docs/tea-csr.md). */
#include "internal.h"

#define MASK_FIELD 1		/* u8 mask, then a u64 per set bit */

int pics_daddr_record_read(struct pics_in *in, uint64_t len, uint64_t offset,
			   struct pics_mapping_list *maps, struct pics_error *err)
{
	const uint8_t *p;
	unsigned mask, n;

	if (len < MASK_FIELD)
		return pics_fail_at(err, PICS_ERR_FORMAT, in->path, offset,
				    "data-address record of %llu bytes; its mask alone has %d",
				    (unsigned long long)len, MASK_FIELD);
	if (pics_in_need(in, MASK_FIELD, "a data-address record", err))
		return -1;
	mask = in->buf[in->start];
	n = (unsigned)__builtin_popcount(mask);
	if (!mask || len != MASK_FIELD + 8ull * n)
		return pics_fail_at(err, PICS_ERR_FORMAT, in->path, offset,
				    "data-address record of %llu bytes disagrees with its mask 0x%02x (%u bytes)",
				    (unsigned long long)len, mask, MASK_FIELD + 8 * n);
	if (pics_in_need(in, (size_t)len, "a data-address record", err))
		return -1;
	p = pics_in_take(in, (size_t)len) + MASK_FIELD;
	maps->daccess = (uint8_t)mask;
	for (unsigned i = 0; i < PICS_MAX_WIDTH; i++) {
		maps->daddr[i] = 0;
		if (mask >> i & 1) {
			maps->daddr[i] = pics_get_u64(p);
			p += 8;
		}
	}
	return 0;
}

int pics_daddr_record_write(struct pics_out *out, const struct pics_sample *s,
			    struct pics_error *err)
{
	uint8_t buf[1 + 4 + MASK_FIELD + 8 * PICS_MAX_WIDTH], *p = buf;
	unsigned n = (unsigned)__builtin_popcount(s->daccess);

	*p++ = TEA_REC_DATA_ADDR;
	p = pics_put_uint(p, MASK_FIELD + 8ull * n, 4);
	*p++ = s->daccess;
	for (unsigned i = 0; i < PICS_MAX_WIDTH; i++)
		if (s->daccess >> i & 1)
			p = pics_put_u64(p, s->daddr[i]);
	return pics_out_write(out, buf, (size_t)(p - buf), err);
}
