// Drives every 16-bit instruction pattern through rvc_expand and compares the
// expansion and the illegal flag with the reference ISS's rvc_expand(),
// which returns 0 for an illegal encoding.
#include <cstdint>
#include <cstdio>

#include "Vrvc_expand.h"
#include "verilated.h"

extern "C" uint32_t rvc_expand(uint16_t insn);

int main(int argc, char **argv)
{
	Verilated::commandArgs(argc, argv);
	Vrvc_expand dut;
	unsigned checked = 0, legal = 0, errors = 0;

	for (uint32_t i = 0; i < 0x10000; i++) {
		if ((i & 3) == 3)
			continue;
		dut.instr_i = (uint16_t)i;
		dut.eval();
		uint32_t want = rvc_expand((uint16_t)i);
		bool want_illegal = want == 0;
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
	/* All of quadrants 0-2 is 49152 patterns; about 80% of them are legal. */
	if (checked != 49152 || legal < 35000) {
		printf("FAIL: checked %u patterns, %u legal\n", checked, legal);
		return 1;
	}
	if (errors) {
		printf("FAIL: %u of %u patterns differ\n", errors, checked);
		return 1;
	}
	printf("PASS: %u patterns, %u legal, match the ISS\n", checked, legal);
	return 0;
}
