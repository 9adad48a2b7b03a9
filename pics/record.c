/* The records after a header (docs/formats.md): a kind byte, and for the
 * extension kinds a u32 length that lets a reader skip those it does not
 * know. The extension records of a Linux recording (mapping.c) are taken
 * in on the way, so sample and profile readers see only their own kinds. */
#include "internal.h"

int pics_record_next(struct pics_in *in, uint8_t *kind,
		     struct pics_mapping_list *maps, struct pics_error *err)
{
	for (;;) {
		uint64_t offset = pics_in_offset(in), len;
		int ret = pics_in_fill(in, 1, err);

		if (ret <= 0)
			return ret;
		*kind = *pics_in_take(in, 1);
		if (*kind < TEA_REC_EXTENSION)
			return 1;
		if (pics_in_need(in, 4, "an extension record length", err))
			return -1;
		len = pics_get_uint(pics_in_take(in, 4), 4);
		ret = pics_mapping_record_read(in, *kind, len, offset, maps,
					       err);
		if (ret > 0)
			ret = pics_in_skip(in, len, "an extension record", err);
		if (ret)
			return -1;
	}
}
