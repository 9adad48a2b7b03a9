/* The records after a header (docs/formats.md): a kind byte, and for the
 * extension kinds a u32 length that lets a reader skip those it does not
 * know. The extension records of a Linux recording (mapping.c,
 * callchain.c) are taken in on the way, so sample and profile readers see
 * only their own kinds. */
#include "internal.h"

/* A call-chain or data-address record holds for the sample right after
 * it (between a call-chain record and its sample may stand the sample's
 * data-address record): anything else there, the end of the file
 * included, is an error. @before is the record that came before, 0 for
 * none. */
static int check_after_prefix(struct pics_in *in, int ret, uint8_t before, uint8_t kind,
			      uint64_t offset, struct pics_error *err)
{
	const char *what = before == TEA_REC_CALLCHAIN ? "call-chain" : "data-address";

	if (!before)
		return 0;
	if (ret == 0)
		return pics_fail_at(err, PICS_ERR_TRUNCATED, in->path, offset,
				    "file ends after a %s record; expected a sample (0x01)", what);
	if (kind != TEA_REC_DATA && !(before == TEA_REC_CALLCHAIN && kind == TEA_REC_DATA_ADDR))
		return pics_fail_at(err, PICS_ERR_FORMAT, in->path, offset,
				    "a record of kind 0x%02x after a %s record; expected a sample (0x01)",
				    kind, what);
	return 0;
}

static int read_extension(struct pics_in *in, uint8_t kind, uint64_t offset,
			  struct pics_mapping_list *maps,
			  struct pics_error *err)
{
	uint64_t len;
	int ret;

	if (pics_in_need(in, 4, "an extension record length", err))
		return -1;
	len = pics_get_uint(pics_in_take(in, 4), 4);
	if (kind == TEA_REC_CALLCHAIN)
		return pics_callchain_record_read(in, len, offset, maps, err);
	if (kind == TEA_REC_DATA_ADDR)
		return pics_daddr_record_read(in, len, offset, maps, err);
	ret = pics_mapping_record_read(in, kind, len, offset, maps, err);
	if (ret > 0)
		ret = pics_in_skip(in, len, "an extension record", err);
	return ret;
}

int pics_record_next(struct pics_in *in, uint8_t *kind,
		     struct pics_mapping_list *maps, struct pics_error *err)
{
	uint8_t before = 0;	/* a call-chain or data-address record */

	maps->n_callers = 0;
	maps->daccess = 0;
	for (;;) {
		uint64_t offset = pics_in_offset(in);
		int ret = pics_in_fill(in, 1, err);

		if (ret < 0)
			return -1;
		if (ret > 0)
			*kind = *pics_in_take(in, 1);
		if (check_after_prefix(in, ret, before, *kind, offset, err))
			return -1;
		if (ret == 0 || *kind < TEA_REC_EXTENSION || *kind == TEA_REC_BUFFER ||
		    *kind == TEA_REC_BUFFER_DADDR)
			return ret;
		if (read_extension(in, *kind, offset, maps, err))
			return -1;
		before = *kind == TEA_REC_CALLCHAIN || *kind == TEA_REC_DATA_ADDR ? *kind : 0;
	}
}
