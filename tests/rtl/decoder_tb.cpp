// Checks decoder against a reference decoder written here from the ISA
// manual's instruction table (mask/match pairs), and its illegal flag
// against the reference ISS: an instruction word is legal when the ISS,
// stepping it in M-mode, does not raise an illegal-instruction exception.
// Words cover every opcode x funct3 x funct7 combination, every bit flip of
// the fixed SYSTEM encodings, each table entry, and random words.
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>

#include "Vdecoder_tb_top.h"
#include "verilated.h"

extern "C" {
#include "iss/hart.h"
}

namespace {

// Enum values of rtl/include/core_types.svh.
enum Fu { FU_ALU, FU_BRANCH, FU_MUL, FU_DIV, FU_LOAD, FU_STORE, FU_AMO, FU_CSR, FU_SYSTEM };
enum AluOp { ADD, SUB, SLL, SLT, SLTU, XOR, SRL, SRA, OR, AND };
enum BrOp { BEQ, BNE, BLT, BGE, BLTU, BGEU, JAL, JALR };
enum AmoOp { LR, SC, SWAP, AMOADD, AMOXOR, AMOAND, AMOOR, MIN, MAX, MINU, MAXU };
enum SysOp { ECALL, EBREAK, MRET, SRET, WFI, FENCE, FENCE_I, SFENCE_VMA };
enum { OPA_RS1, OPA_PC, OPA_ZERO };

// Operand formats: which registers an instruction reads and writes, and
// where its immediate comes from.
enum Fmt { R, I, S, B, U_LUI, U_AUIPC, J, SH6, SH5, LRF, NONE, SFENCE, CSR, CSRI };

struct Entry {
	const char *name;
	uint32_t mask, match;
	Fmt fmt;
	int fu, op;
	bool word;
};

constexpr uint32_t M_OPC = 0x7f, M_F3 = 0x707f, M_F7 = 0xfe00707f, M_ALL = 0xffffffff;

const Entry table[] = {
	{ "lui", M_OPC, 0x37, U_LUI, FU_ALU, ADD, false },
	{ "auipc", M_OPC, 0x17, U_AUIPC, FU_ALU, ADD, false },
	{ "jal", M_OPC, 0x6f, J, FU_BRANCH, JAL, false },
	{ "jalr", M_F3, 0x67, I, FU_BRANCH, JALR, false },
	{ "beq", M_F3, 0x0063, B, FU_BRANCH, BEQ, false },
	{ "bne", M_F3, 0x1063, B, FU_BRANCH, BNE, false },
	{ "blt", M_F3, 0x4063, B, FU_BRANCH, BLT, false },
	{ "bge", M_F3, 0x5063, B, FU_BRANCH, BGE, false },
	{ "bltu", M_F3, 0x6063, B, FU_BRANCH, BLTU, false },
	{ "bgeu", M_F3, 0x7063, B, FU_BRANCH, BGEU, false },
	{ "lb", M_F3, 0x0003, I, FU_LOAD, 0, false },
	{ "lh", M_F3, 0x1003, I, FU_LOAD, 0, false },
	{ "lw", M_F3, 0x2003, I, FU_LOAD, 0, false },
	{ "ld", M_F3, 0x3003, I, FU_LOAD, 0, false },
	{ "lbu", M_F3, 0x4003, I, FU_LOAD, 0, false },
	{ "lhu", M_F3, 0x5003, I, FU_LOAD, 0, false },
	{ "lwu", M_F3, 0x6003, I, FU_LOAD, 0, false },
	{ "sb", M_F3, 0x0023, S, FU_STORE, 0, false },
	{ "sh", M_F3, 0x1023, S, FU_STORE, 0, false },
	{ "sw", M_F3, 0x2023, S, FU_STORE, 0, false },
	{ "sd", M_F3, 0x3023, S, FU_STORE, 0, false },
	{ "addi", M_F3, 0x0013, I, FU_ALU, ADD, false },
	{ "slti", M_F3, 0x2013, I, FU_ALU, SLT, false },
	{ "sltiu", M_F3, 0x3013, I, FU_ALU, SLTU, false },
	{ "xori", M_F3, 0x4013, I, FU_ALU, XOR, false },
	{ "ori", M_F3, 0x6013, I, FU_ALU, OR, false },
	{ "andi", M_F3, 0x7013, I, FU_ALU, AND, false },
	{ "slli", 0xfc00707f, 0x00001013, SH6, FU_ALU, SLL, false },
	{ "srli", 0xfc00707f, 0x00005013, SH6, FU_ALU, SRL, false },
	{ "srai", 0xfc00707f, 0x40005013, SH6, FU_ALU, SRA, false },
	{ "addiw", M_F3, 0x001b, I, FU_ALU, ADD, true },
	{ "slliw", M_F7, 0x0000101b, SH5, FU_ALU, SLL, true },
	{ "srliw", M_F7, 0x0000501b, SH5, FU_ALU, SRL, true },
	{ "sraiw", M_F7, 0x4000501b, SH5, FU_ALU, SRA, true },
	{ "add", M_F7, 0x00000033, R, FU_ALU, ADD, false },
	{ "sub", M_F7, 0x40000033, R, FU_ALU, SUB, false },
	{ "sll", M_F7, 0x00001033, R, FU_ALU, SLL, false },
	{ "slt", M_F7, 0x00002033, R, FU_ALU, SLT, false },
	{ "sltu", M_F7, 0x00003033, R, FU_ALU, SLTU, false },
	{ "xor", M_F7, 0x00004033, R, FU_ALU, XOR, false },
	{ "srl", M_F7, 0x00005033, R, FU_ALU, SRL, false },
	{ "sra", M_F7, 0x40005033, R, FU_ALU, SRA, false },
	{ "or", M_F7, 0x00006033, R, FU_ALU, OR, false },
	{ "and", M_F7, 0x00007033, R, FU_ALU, AND, false },
	{ "mul", M_F7, 0x02000033, R, FU_MUL, 0, false },
	{ "mulh", M_F7, 0x02001033, R, FU_MUL, 1, false },
	{ "mulhsu", M_F7, 0x02002033, R, FU_MUL, 2, false },
	{ "mulhu", M_F7, 0x02003033, R, FU_MUL, 3, false },
	{ "div", M_F7, 0x02004033, R, FU_DIV, 0, false },
	{ "divu", M_F7, 0x02005033, R, FU_DIV, 1, false },
	{ "rem", M_F7, 0x02006033, R, FU_DIV, 2, false },
	{ "remu", M_F7, 0x02007033, R, FU_DIV, 3, false },
	{ "addw", M_F7, 0x0000003b, R, FU_ALU, ADD, true },
	{ "subw", M_F7, 0x4000003b, R, FU_ALU, SUB, true },
	{ "sllw", M_F7, 0x0000103b, R, FU_ALU, SLL, true },
	{ "srlw", M_F7, 0x0000503b, R, FU_ALU, SRL, true },
	{ "sraw", M_F7, 0x4000503b, R, FU_ALU, SRA, true },
	{ "mulw", M_F7, 0x0200003b, R, FU_MUL, 0, true },
	{ "divw", M_F7, 0x0200403b, R, FU_DIV, 0, true },
	{ "divuw", M_F7, 0x0200503b, R, FU_DIV, 1, true },
	{ "remw", M_F7, 0x0200603b, R, FU_DIV, 2, true },
	{ "remuw", M_F7, 0x0200703b, R, FU_DIV, 3, true },
	{ "lr.w", 0xf9f0707f, 0x1000202f, LRF, FU_AMO, LR, false },
	{ "lr.d", 0xf9f0707f, 0x1000302f, LRF, FU_AMO, LR, false },
	{ "sc.w", 0xf800707f, 0x1800202f, R, FU_AMO, SC, false },
	{ "sc.d", 0xf800707f, 0x1800302f, R, FU_AMO, SC, false },
	{ "amoswap.w", 0xf800707f, 0x0800202f, R, FU_AMO, SWAP, false },
	{ "amoswap.d", 0xf800707f, 0x0800302f, R, FU_AMO, SWAP, false },
	{ "amoadd.w", 0xf800707f, 0x0000202f, R, FU_AMO, AMOADD, false },
	{ "amoadd.d", 0xf800707f, 0x0000302f, R, FU_AMO, AMOADD, false },
	{ "amoxor.w", 0xf800707f, 0x2000202f, R, FU_AMO, AMOXOR, false },
	{ "amoxor.d", 0xf800707f, 0x2000302f, R, FU_AMO, AMOXOR, false },
	{ "amoand.w", 0xf800707f, 0x6000202f, R, FU_AMO, AMOAND, false },
	{ "amoand.d", 0xf800707f, 0x6000302f, R, FU_AMO, AMOAND, false },
	{ "amoor.w", 0xf800707f, 0x4000202f, R, FU_AMO, AMOOR, false },
	{ "amoor.d", 0xf800707f, 0x4000302f, R, FU_AMO, AMOOR, false },
	{ "amomin.w", 0xf800707f, 0x8000202f, R, FU_AMO, MIN, false },
	{ "amomin.d", 0xf800707f, 0x8000302f, R, FU_AMO, MIN, false },
	{ "amomax.w", 0xf800707f, 0xa000202f, R, FU_AMO, MAX, false },
	{ "amomax.d", 0xf800707f, 0xa000302f, R, FU_AMO, MAX, false },
	{ "amominu.w", 0xf800707f, 0xc000202f, R, FU_AMO, MINU, false },
	{ "amominu.d", 0xf800707f, 0xc000302f, R, FU_AMO, MINU, false },
	{ "amomaxu.w", 0xf800707f, 0xe000202f, R, FU_AMO, MAXU, false },
	{ "amomaxu.d", 0xf800707f, 0xe000302f, R, FU_AMO, MAXU, false },
	{ "fence", M_F3, 0x000f, NONE, FU_SYSTEM, FENCE, false },
	{ "fence.i", M_F3, 0x100f, NONE, FU_SYSTEM, FENCE_I, false },
	{ "ecall", M_ALL, 0x00000073, NONE, FU_SYSTEM, ECALL, false },
	{ "ebreak", M_ALL, 0x00100073, NONE, FU_SYSTEM, EBREAK, false },
	{ "sret", M_ALL, 0x10200073, NONE, FU_SYSTEM, SRET, false },
	{ "mret", M_ALL, 0x30200073, NONE, FU_SYSTEM, MRET, false },
	{ "wfi", M_ALL, 0x10500073, NONE, FU_SYSTEM, WFI, false },
	{ "sfence.vma", 0xfe007fff, 0x12000073, SFENCE, FU_SYSTEM, SFENCE_VMA, false },
	{ "csrrw", M_F3, 0x1073, CSR, FU_CSR, 0, false },
	{ "csrrs", M_F3, 0x2073, CSR, FU_CSR, 1, false },
	{ "csrrc", M_F3, 0x3073, CSR, FU_CSR, 2, false },
	{ "csrrwi", M_F3, 0x5073, CSRI, FU_CSR, 0, false },
	{ "csrrsi", M_F3, 0x6073, CSRI, FU_CSR, 1, false },
	{ "csrrci", M_F3, 0x7073, CSRI, FU_CSR, 2, false },
};

struct Uop {
	bool illegal;
	int fu, op;
	bool word;
	int opa_sel, opb_sel, mem_size;
	bool mem_unsigned;
	unsigned rs1, rs2, rd;
	bool rs1_used, rs2_used, rd_used;
	uint64_t imm;
	unsigned csr;
	bool serialize;
	const char *name;
};

uint64_t sext(uint64_t v, unsigned bits)
{
	uint64_t m = 1ull << (bits - 1);
	v &= (bits == 64) ? ~0ull : (1ull << bits) - 1;
	return (v ^ m) - m;
}

uint32_t field(uint32_t v, unsigned hi, unsigned lo)
{
	return (v >> lo) & ((1u << (hi - lo + 1)) - 1);
}

uint64_t immediate(Fmt fmt, uint32_t w)
{
	switch (fmt) {
	case I:
		return sext(field(w, 31, 20), 12);
	case S:
		return sext(field(w, 31, 25) << 5 | field(w, 11, 7), 12);
	case B:
		return sext(field(w, 31, 31) << 12 | field(w, 7, 7) << 11 |
			    field(w, 30, 25) << 5 | field(w, 11, 8) << 1, 13);
	case U_LUI:
	case U_AUIPC:
		return sext(w & 0xfffff000u, 32);
	case J:
		return sext(field(w, 31, 31) << 20 | field(w, 19, 12) << 12 |
			    field(w, 20, 20) << 11 | field(w, 30, 21) << 1, 21);
	case SH6:
		return field(w, 25, 20);
	case SH5:
		return field(w, 24, 20);
	case CSRI:
		return field(w, 19, 15);
	default:
		return 0;
	}
}

Uop reference_decode(uint32_t w)
{
	Uop u{};
	const Entry *e = nullptr;

	for (const Entry &t : table)
		if ((w & t.mask) == t.match)
			e = &t;
	if (!e) {
		u.illegal = true;
		return u;
	}
	Fmt f = e->fmt;
	u.name = e->name;
	u.fu = e->fu;
	u.op = e->op;
	u.word = e->word;
	u.rs1 = field(w, 19, 15);
	u.rs2 = field(w, 24, 20);
	u.rd = field(w, 11, 7);
	u.rs1_used = f == R || f == I || f == S || f == B || f == SH6 || f == SH5 ||
		     f == LRF || f == SFENCE || f == CSR;
	u.rs2_used = f == R || f == S || f == B || f == SFENCE;
	bool writes = f == R || f == I || f == U_LUI || f == U_AUIPC || f == J ||
		      f == SH6 || f == SH5 || f == LRF || f == CSR || f == CSRI;
	u.rd_used = writes && u.rd != 0;
	u.imm = immediate(f, w);
	u.opa_sel = f == U_LUI ? OPA_ZERO : f == U_AUIPC ? OPA_PC : OPA_RS1;
	u.opb_sel = f == I || f == U_LUI || f == U_AUIPC || f == SH6 || f == SH5;
	u.mem_size = field(w, 13, 12);
	u.mem_unsigned = field(w, 14, 14);
	u.csr = field(w, 31, 20);
	u.serialize = e->fu == FU_AMO || e->fu == FU_CSR || e->fu == FU_SYSTEM;
	return u;
}

Uop rtl_decode(Vdecoder_tb_top &dut, uint32_t w, bool compressed)
{
	dut.instr_i = w;
	dut.compressed_i = compressed;
	dut.eval();
	Uop u{};
	u.illegal = dut.illegal_o;
	u.fu = dut.fu_o;
	u.op = dut.op_o;
	u.word = dut.word_o;
	u.opa_sel = dut.opa_sel_o;
	u.opb_sel = dut.opb_sel_o;
	u.mem_size = dut.mem_size_o;
	u.mem_unsigned = dut.mem_unsigned_o;
	u.rs1 = dut.rs1_o;
	u.rs2 = dut.rs2_o;
	u.rd = dut.rd_o;
	u.rs1_used = dut.rs1_used_o;
	u.rs2_used = dut.rs2_used_o;
	u.rd_used = dut.rd_used_o;
	u.imm = dut.imm_o;
	u.csr = dut.csr_o;
	u.serialize = dut.serialize_o;
	return u;
}

// Returns the name of the first field that differs, or nullptr.
const char *compare(const Uop &want, const Uop &got)
{
	if (want.illegal != got.illegal)
		return "illegal";
	if (got.illegal)
		return got.rs1_used || got.rs2_used || got.rd_used ? "used flags of illegal" : nullptr;
	if (want.fu != got.fu)
		return "fu";
	if (want.op != got.op)
		return "op";
	if (want.word != got.word)
		return "word";
	if (want.rs1_used != got.rs1_used || want.rs2_used != got.rs2_used ||
	    want.rd_used != got.rd_used)
		return "used flags";
	if ((want.rs1_used && want.rs1 != got.rs1) || (want.rs2_used && want.rs2 != got.rs2) ||
	    (want.rd_used && want.rd != got.rd))
		return "register numbers";
	if (want.imm != got.imm)
		return "imm";
	if (want.serialize != got.serialize)
		return "serialize";
	if (want.fu == FU_ALU && (want.opa_sel != got.opa_sel || want.opb_sel != got.opb_sel))
		return "operand select";
	bool mem = want.fu == FU_LOAD || want.fu == FU_STORE || want.fu == FU_AMO;
	if (mem && (want.mem_size != got.mem_size || want.mem_unsigned != got.mem_unsigned))
		return "memory size";
	if (want.fu == FU_CSR && want.csr != got.csr)
		return "csr";
	return nullptr;
}

// The ISS steps each word from a fresh reset, in M-mode, from DRAM.
struct Iss {
	struct soc *soc = nullptr;
	struct hart *hart = nullptr;
	uint8_t *code = nullptr;

	bool init()
	{
		struct soc_config cfg = {};
		cfg.dram_size = 1 << 20;
		cfg.nharts = 1;
		cfg.timebase_hz = 10000000;
		cfg.clock_hz = 100000000;
		cfg.isa = "rv64imac_zicsr_zifencei";
		cfg.mmu = "riscv,sv39";
		cfg.console = stdout;
		soc = soc_create(&cfg);
		if (!soc)
			return false;
		hart = hart_create(soc, 0);
		code = soc_dram(soc, SOC_DRAM_BASE, 4);
		if (!hart || !code)
			return false;
		hart_set_irq_from_soc(hart, false);
		return true;
	}

	bool is_illegal(uint32_t w)
	{
		struct commit c;

		hart_reset(hart, SOC_DRAM_BASE);
		memcpy(code, &w, 4);
		hart_step(hart, &c);
		return c.trap && c.cause == 2;
	}

	~Iss()
	{
		hart_destroy(hart);
		soc_destroy(soc);
	}
};

// Whether the ISS can judge the word as a 32-bit instruction whose legality
// depends only on its encoding. The ISS runs a word with bits [1:0] != 3 as
// a 16-bit instruction. A CSR access is legal or not depending on the CSR
// and the privilege, which the decoder leaves to the CSR file.
bool legality_is_static(uint32_t w)
{
	unsigned f3 = field(w, 14, 12);
	if ((w & 3) != 3)
		return false;
	return (w & 0x7f) != 0x73 || f3 == 0 || f3 == 4;
}

}  // namespace

int main(int argc, char **argv)
{
	Verilated::commandArgs(argc, argv);
	Vdecoder_tb_top dut;
	Iss iss;
	std::mt19937 rng(12345);
	unsigned checked = 0, legal = 0, iss_checked = 0, errors = 0;

	if (!iss.init()) {
		printf("FAIL: cannot create the reference ISS\n");
		return 1;
	}

	auto check = [&](uint32_t w) {
		bool compressed = rng() & 1;
		Uop want = reference_decode(w);
		Uop got = rtl_decode(dut, w, compressed);
		const char *bad = compare(want, got);
		if (!bad && dut.compressed_o != compressed)
			bad = "compressed";
		if (!bad && legality_is_static(w)) {
			iss_checked++;
			if (iss.is_illegal(w) != got.illegal)
				bad = "illegal flag against the ISS";
		}
		if (bad) {
			if (errors < 10)
				printf("FAIL: %08x (%s): %s differs (rtl illegal %d fu %d op %d imm %llx)\n",
				       w, want.name ? want.name : "illegal", bad, got.illegal, got.fu,
				       got.op, (unsigned long long)got.imm);
			errors++;
		}
		checked++;
		legal += !want.illegal;
	};

	// Every opcode, funct3 and funct7, with random other fields.
	for (uint32_t opc = 0; opc < 128; opc++)
		for (uint32_t f3 = 0; f3 < 8; f3++)
			for (uint32_t f7 = 0; f7 < 128; f7++)
				check((rng() & 0x01ff8f80u) | f7 << 25 | f3 << 12 | opc);
	// Each table entry with its free bits random, zero and one.
	for (const Entry &t : table) {
		check(t.match);
		check(t.match | ~t.mask);
		for (int i = 0; i < 64; i++)
			check(t.match | (rng() & ~t.mask));
	}
	// The fixed SYSTEM encodings and every word one bit away from them.
	for (uint32_t w : { 0x00000073u, 0x00100073u, 0x10200073u, 0x30200073u,
			    0x10500073u, 0x12000073u })
		for (int b = 0; b < 32; b++)
			check(w ^ (1u << b));
	// Random words, and random words with a real opcode.
	for (int i = 0; i < 100000; i++) {
		check(rng());
		check((rng() & ~0x7fu) | table[rng() % (sizeof(table) / sizeof(table[0]))].match);
	}

	dut.final();
	if (legal < checked / 10 || iss_checked < checked / 5) {
		printf("FAIL: only %u legal and %u ISS-checked of %u words\n", legal,
		       iss_checked, checked);
		return 1;
	}
	if (errors) {
		printf("FAIL: %u of %u words differ\n", errors, checked);
		return 1;
	}
	printf("PASS: %u words (%u legal, %u checked against the ISS)\n", checked, legal,
	       iss_checked);
	return 0;
}
