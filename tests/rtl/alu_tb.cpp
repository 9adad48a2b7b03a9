// Checks alu against the RV64I definitions: every ALU operation and W form
// with each operand selection, and every branch condition and jump, on
// corner and random operands.
#include <cstdint>
#include <cstdio>
#include <random>

#include "Valu.h"
#include "rv_ref.h"
#include "verilated.h"

namespace {

// Enum values of rtl/include/core_types.svh.
enum { FU_ALU = 0, FU_BRANCH = 1 };
enum { ADD, SUB, SLL, SLT, SLTU, XOR, SRL, SRA, OR, AND };
enum { BEQ, BNE, BLT, BGE, BLTU, BGEU, JAL, JALR };
enum { OPA_RS1, OPA_PC, OPA_ZERO };
enum { OPB_RS2, OPB_IMM };

const char *const alu_names[] = { "add", "sub", "sll", "slt", "sltu",
				   "xor", "srl", "sra", "or", "and" };

uint64_t alu_ref(unsigned op, bool word, uint64_t a, uint64_t b)
{
	using rvref::sext32;
	uint32_t a32 = (uint32_t)a;

	if (word) {
		switch (op) {
		case ADD:
			return sext32(a + b);
		case SUB:
			return sext32(a - b);
		case SLL:
			return sext32(a32 << (b & 31));
		case SRL:
			return sext32(a32 >> (b & 31));
		default:  /* SRA */
			return sext32((uint32_t)((int32_t)a32 >> (b & 31)));
		}
	}
	switch (op) {
	case ADD:
		return a + b;
	case SUB:
		return a - b;
	case SLL:
		return a << (b & 63);
	case SLT:
		return (int64_t)a < (int64_t)b;
	case SLTU:
		return a < b;
	case XOR:
		return a ^ b;
	case SRL:
		return a >> (b & 63);
	case SRA:
		return (uint64_t)((int64_t)a >> (b & 63));
	case OR:
		return a | b;
	default:
		return a & b;
	}
}

bool taken_ref(unsigned op, uint64_t a, uint64_t b)
{
	switch (op) {
	case BEQ:
		return a == b;
	case BNE:
		return a != b;
	case BLT:
		return (int64_t)a < (int64_t)b;
	case BGE:
		return (int64_t)a >= (int64_t)b;
	case BLTU:
		return a < b;
	case BGEU:
		return a >= b;
	default:
		return true;
	}
}

}  // namespace

int main(int argc, char **argv)
{
	Verilated::commandArgs(argc, argv);
	Valu dut;
	std::mt19937_64 rng(2023);
	auto corners = rvref::corner_values();
	unsigned checked = 0, errors = 0;

	auto drive = [&](unsigned fu, unsigned op, bool word, unsigned opa, unsigned opb,
			 bool compressed, uint64_t pc, uint64_t rs1, uint64_t rs2, uint64_t imm) {
		dut.fu_i = fu;
		dut.op_i = op;
		dut.word_i = word;
		dut.opa_sel_i = opa;
		dut.opb_sel_i = opb;
		dut.compressed_i = compressed;
		dut.pc_i = pc;
		dut.rs1_i = rs1;
		dut.rs2_i = rs2;
		dut.imm_i = imm;
		dut.eval();
		checked++;
	};
	auto fail = [&](const char *what, uint64_t got, uint64_t want) {
		if (errors++ < 10)
			printf("FAIL: %s: rtl %016llx, want %016llx\n", what,
			       (unsigned long long)got, (unsigned long long)want);
	};

	for (int i = 0; i < 200000; i++) {
		uint64_t rs1 = rvref::random_operand(rng, corners);
		uint64_t rs2 = rvref::random_operand(rng, corners);
		uint64_t imm = rvref::random_operand(rng, corners);
		uint64_t pc = rng() & ~1ull;
		bool compressed = rng() & 1;

		/* ALU: the W forms exist for ADD, SUB, SLL, SRL, SRA */
		unsigned op = rng() % 10;
		bool word = (op == ADD || op == SUB || op == SLL || op == SRL || op == SRA) &&
			    (rng() & 1);
		unsigned opa = rng() % 3, opb = rng() % 2;
		uint64_t a = opa == OPA_RS1 ? rs1 : opa == OPA_PC ? pc : 0;
		uint64_t b = opb == OPB_IMM ? imm : rs2;
		drive(FU_ALU, op, word, opa, opb, compressed, pc, rs1, rs2, imm);
		uint64_t want = alu_ref(op, word, a, b);
		if (dut.result_o != want) {
			char what[64];
			snprintf(what, sizeof(what), "%s%s a=%llx b=%llx", alu_names[op],
				 word ? "w" : "", (unsigned long long)a, (unsigned long long)b);
			fail(what, dut.result_o, want);
		}

		/* Branches and jumps */
		unsigned br = rng() % 8;
		drive(FU_BRANCH, br, false, OPA_RS1, OPB_RS2, compressed, pc, rs1, rs2, imm);
		bool taken = taken_ref(br, rs1, rs2);
		uint64_t target = br == JALR ? (rs1 + imm) & ~1ull : pc + imm;
		uint64_t link = pc + (compressed ? 2 : 4);
		if ((bool)dut.taken_o != taken)
			fail("branch taken", dut.taken_o, taken);
		if (dut.target_o != target)
			fail("branch target", dut.target_o, target);
		if ((br == JAL || br == JALR) && dut.result_o != link)
			fail("link address", dut.result_o, link);
		/* equal operands for the conditions, which random ones rarely are */
		drive(FU_BRANCH, br, false, OPA_RS1, OPB_RS2, compressed, pc, rs1, rs1, imm);
		if ((bool)dut.taken_o != taken_ref(br, rs1, rs1))
			fail("branch taken, equal operands", dut.taken_o, taken_ref(br, rs1, rs1));
	}
	dut.final();
	if (errors) {
		printf("FAIL: %u of %u checks differ\n", errors, checked);
		return 1;
	}
	printf("PASS: %u operations\n", checked);
	return 0;
}
