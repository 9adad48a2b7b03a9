/* Call-chain records (docs/formats.md): the callers of the sample record
 * that follows, as Linux's perf unwinds them on the target, innermost
 * first. */
#include <string.h>

#include "internal.h"

#define COUNT_FIELD 4		/* u32 n, then n u64 addresses */

int pics_callchain_record_read(struct pics_in *in, uint64_t len,
			       uint64_t offset, struct pics_mapping_list *maps,
			       struct pics_error *err)
{
	const uint8_t *p;
	uint64_t n;

	if (len < COUNT_FIELD)
		return pics_fail_at(err, PICS_ERR_FORMAT, in->path, offset,
				    "call-chain record of %llu bytes; its count alone has %d",
				    (unsigned long long)len, COUNT_FIELD);
	if (pics_in_need(in, COUNT_FIELD, "a call-chain record", err))
		return -1;
	/* (none is allowed: a sample whose callers are not known) */
	n = pics_get_uint(in->buf + in->start, COUNT_FIELD);
	if (n > PICS_MAX_CALLERS)
		return pics_fail_at(err, PICS_ERR_FORMAT, in->path, offset,
				    "call-chain record of %llu callers; at most %d",
				    (unsigned long long)n, PICS_MAX_CALLERS);
	if (len != COUNT_FIELD + 8 * n)
		return pics_fail_at(err, PICS_ERR_FORMAT, in->path, offset,
				    "call-chain record of %llu bytes disagrees with its %llu callers (%llu bytes)",
				    (unsigned long long)len,
				    (unsigned long long)n,
				    (unsigned long long)(COUNT_FIELD + 8 * n));
	if (pics_in_need(in, (size_t)len, "a call-chain record", err))
		return -1;
	p = pics_in_take(in, (size_t)len) + COUNT_FIELD;
	maps->n_callers = (uint32_t)n;
	for (uint64_t i = 0; i < n; i++)
		maps->callers[i] = pics_get_u64(p + 8 * i);
	return 0;
}

int pics_callchain_record_write(struct pics_out *out, uint32_t n,
				const uint64_t *callers,
				struct pics_error *err)
{
	uint8_t buf[1 + 4 + COUNT_FIELD + 8 * PICS_MAX_CALLERS], *p = buf;

	if (n < 1 || n > PICS_MAX_CALLERS)
		return pics_fail(err, PICS_ERR_INVALID,
				 "%s: a call chain of %u callers; expected 1 to %d",
				 out->path, n, PICS_MAX_CALLERS);
	*p++ = TEA_REC_CALLCHAIN;
	p = pics_put_uint(p, COUNT_FIELD + 8 * (uint64_t)n, 4);
	p = pics_put_uint(p, n, COUNT_FIELD);
	for (uint32_t i = 0; i < n; i++)
		p = pics_put_u64(p, callers[i]);
	return pics_out_write(out, buf, (size_t)(p - buf), err);
}
