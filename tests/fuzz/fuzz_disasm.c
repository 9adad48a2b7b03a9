/* Fuzzes the parser of objdump's output: whatever the child prints, the
 * instructions come out in address order with printable text. */
#include "fuzz_util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct pics_error err;
	struct pics_disasm *d = pics_disasm_parse((const char *)data, size,
						  &err);

	FUZZ_CHECK(d);
	for (size_t i = 0; i < pics_disasm_count(d); i++) {
		const struct pics_insn_text *insn = pics_disasm_insn(d, i);

		FUZZ_CHECK(insn->text[0] != '\0');
		for (const char *c = insn->text; *c; c++)
			FUZZ_CHECK((unsigned char)*c >= 0x20);
		if (i)
			FUZZ_CHECK(pics_disasm_insn(d, i - 1)->addr <=
				   insn->addr);
	}
	FUZZ_CHECK(pics_disasm_insn(d, pics_disasm_count(d)) == NULL);
	pics_disasm_free(d);
	return 0;
}
