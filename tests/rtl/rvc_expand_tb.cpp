// Drives every 16-bit instruction pattern through rvc_expand and compares the
// expansion and the illegal flag with the reference ISS's expansion table
// for a hart with F and D (sim/iss/compressed.c, rvc_fill_table(.., true):
// rvc_expand(), and rvc_expand_fp() for C.FLD, C.FSD, C.FLDSP and C.FSDSP),
// where 0 means an illegal encoding.
#include <cstdint>
#include <cstdio>
#include <vector>

#include "Vrvc_expand.h"
#include "verilated.h"

extern "C" uint32_t rvc_expand(uint16_t insn);
extern "C" void rvc_fill_table(uint32_t *table, bool fp);

int main(int argc, char **argv)
{
	Verilated::commandArgs(argc, argv);
	Vrvc_expand dut;
	std::vector<uint32_t> table(0x10000);
	unsigned checked = 0, legal = 0, fp_forms = 0, errors = 0;

	rvc_fill_table(table.data(), true);
	for (uint32_t i = 0; i < 0x10000; i++) {
		if ((i & 3) == 3)
			continue;
		dut.instr_i = (uint16_t)i;
		dut.eval();
		uint32_t want = table[i];
		bool want_illegal = want == 0;
		// the forms that exist only with F and D
		if (want && !rvc_expand((uint16_t)i))
			fp_forms++;
		if (dut.instr_o != want || (bool)dut.illegal_o != want_illegal) {
			if (errors < 10)
				printf("FAIL: %04x -> rtl %08x illegal %d, iss %08x illegal %d\n",
				       i, dut.instr_o, dut.illegal_o, want, want_illegal);
			errors++;
		}
		checked++;
		legal += !want_illegal;
	}
	dut.final();
	/* All of quadrants 0-2 is 49152 patterns; over 90% of them are legal,
	 * 4 x 2048 of them C.FLD, C.FSD, C.FLDSP or C.FSDSP (every one legal). */
	if (checked != 49152 || legal < 45000 || fp_forms != 8192) {
		printf("FAIL: checked %u patterns, %u legal, %u F/D forms\n", checked, legal,
		       fp_forms);
		return 1;
	}
	if (errors) {
		printf("FAIL: %u of %u patterns differ\n", errors, checked);
		return 1;
	}
	printf("PASS: %u patterns, %u legal (%u C.FLD/C.FSD/C.FLDSP/C.FSDSP), match the ISS with F and D\n",
	       checked, legal, fp_forms);
	return 0;
}
