// Checks decoder against a reference decoder written here from the ISA
// manual's instruction table (mask/match pairs), and against the reference
// ISS with F and D on (mstatus.FS Initial, frm RNE), stepping each word in
// M-mode:
// - illegal flag: legal when the ISS does not raise an illegal-instruction
//   exception;
// - destination: the register the ISS reports written (x or f) is rd, or
//   none when rd_used is clear;
// - sources: run again with every register the micro-op does not read
//   (by number and class: x5 and f5 differ) changed, the ISS's result,
//   stores, next pc, trap and fflags stay the same;
// - fp: with FS Off the ISS refuses exactly the illegal words and those
//   with fp set (the decoder leaves FS to dispatch);
// - fp_rm_used and fp_rm: with frm = 5 (reserved) the ISS refuses exactly
//   the illegal words and those that round with rm = 7 (dynamic, left to
//   dispatch too).
// Words cover every opcode x funct3 x funct7 combination, every OP-FP
// funct7 x funct3 x rs2 field, every bit flip of the fixed SYSTEM
// encodings, each table entry, and random words (random F and D opcodes
// among them).
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <vector>

#include "Vdecoder_tb_top.h"
#include "verilated.h"

extern "C" {
#include "iss/hart.h"
}

namespace {

// Enum values of rtl/include/core_types.svh.
enum Fu { FU_ALU, FU_BRANCH, FU_MUL, FU_DIV, FU_LOAD, FU_STORE, FU_AMO, FU_CSR, FU_SYSTEM,
	  FU_FMA, FU_FDIV, FU_FMISC };
enum AluOp { ADD, SUB, SLL, SLT, SLTU, XOR, SRL, SRA, OR, AND };
enum BrOp { BEQ, BNE, BLT, BGE, BLTU, BGEU, JAL, JALR };
enum AmoOp { LR, SC, SWAP, AMOADD, AMOXOR, AMOAND, AMOOR, MIN, MAX, MINU, MAXU };
enum SysOp { ECALL, EBREAK, MRET, SRET, WFI, FENCE, FENCE_I, SFENCE_VMA };
enum { OPA_RS1, OPA_PC, OPA_ZERO };
// uop_t.fp_op (rtl/include/fpu_types.svh): FU_FMA {0, fma_mode_e, negate
// product, negate addend} with FMADD 0, ADD 1, MUL 2; FU_FDIV 1 for FSQRT;
// FU_FMISC fcv_op_e.
enum FmaOp { FMADD = 0, FMSUB = 1, FNMSUB = 2, FNMADD = 3, FADD = 4, FSUB = 5, FMUL = 8 };
enum FcvOp { F2I_W, F2I_WU, F2I_L, F2I_LU, I2F_W, I2F_WU, I2F_L, I2F_LU, F2F, CLASS, MV_X_F,
	     MV_F_X, SGNJ, SGNJN, SGNJX, FLE = 16, FLT, FEQ, FMIN = 20, FMAX };

// Operand formats: which registers an instruction reads and writes, and
// where its immediate comes from. Those from FLOAD on are F and D's, named
// by their registers' classes (F: an f register, X: an x register) and
// whether they round (RM: the rm field is a rounding mode).
enum Fmt { R, I, S, B, U_LUI, U_AUIPC, J, SH6, SH5, LRF, NONE, SFENCE, CSR, CSRI,
	   FLOAD,      // rd F, rs1 X, I immediate
	   FSTORE,     // rs1 X, rs2 F, S immediate
	   R4,         // FMADD family: rd, rs1, rs2, rs3 (bits 31:27) F; RM
	   FADDF,      // FADD, FSUB: rd, rs1 F; the addend (rs2 field) is rs3, as
		       // on the FMA (a * 1 + c); RM
	   FFF_RM,     // FMUL, FDIV: rd, rs1, rs2 F; RM
	   FFF,        // FSGNJ*, FMIN, FMAX: rd, rs1, rs2 F
	   XFF,        // FEQ, FLT, FLE: rd X, rs1, rs2 F
	   FF_RM,      // FSQRT, FCVT.S.D, FCVT.D.S: rd, rs1 F; RM
	   XF_RM,      // FCVT.{W,WU,L,LU}.fmt: rd X, rs1 F; RM
	   FX_RM,      // FCVT.fmt.{W,WU,L,LU}: rd F, rs1 X; RM
	   XF,         // FMV.X.fmt, FCLASS: rd X, rs1 F
	   FX };       // FMV.fmt.X: rd F, rs1 X

struct Entry {
	const char *name;
	uint32_t mask, match;
	Fmt fmt;
	int fu, op;
	bool word;
};

constexpr uint32_t M_OPC = 0x7f, M_F3 = 0x707f, M_F7 = 0xfe00707f, M_ALL = 0xffffffff;
// F and D: funct3 free (a rounding mode), with the rs2 field fixed too, the
// FMADD family's fmt bits, funct7 and rs2 fixed with funct3
constexpr uint32_t M_RM = 0xfe00007f, M_RM2 = 0xfff0007f, M_R4 = 0x0600007f,
		   M_F7RS2 = 0xfff0707f;

enum Cls { NO, X, F };  // a register operand's class: none, x, f

// The registers of a format: classes of rd, rs1, rs2, rs3, and whether it
// rounds.
struct Regs {
	Cls rd, rs1, rs2, rs3;
	bool rm;
};

Regs regs_of(Fmt f)
{
	switch (f) {
	case R: case SFENCE:
		return { f == R ? X : NO, X, X, NO, false };
	case I: case SH6: case SH5: case LRF: case CSR:
		return { X, X, NO, NO, false };
	case S: case B:
		return { NO, X, X, NO, false };
	case U_LUI: case U_AUIPC: case J: case CSRI:
		return { X, NO, NO, NO, false };
	case FLOAD:
		return { F, X, NO, NO, false };
	case FSTORE:
		return { NO, X, F, NO, false };
	case R4:
		return { F, F, F, F, true };
	case FADDF:
		return { F, F, NO, F, true };
	case FFF_RM:
		return { F, F, F, NO, true };
	case FFF:
		return { F, F, F, NO, false };
	case XFF:
		return { X, F, F, NO, false };
	case FF_RM:
		return { F, F, NO, NO, true };
	case XF_RM:
		return { X, F, NO, NO, true };
	case FX_RM:
		return { F, X, NO, NO, true };
	case XF:
		return { X, F, NO, NO, false };
	case FX:
		return { F, X, NO, NO, false };
	default:  // NONE
		return { NO, NO, NO, NO, false };
	}
}

// A register number as uop_t has it: f registers are 32-63.
unsigned reg6(Cls c, unsigned n)
{
	return c == F ? 32 + n : n;
}

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
	// F and D; op is uop_t.fp_op. The fmt bits (26:25) are part of the
	// match: 2 and 3 (H, Q) are illegal.
	{ "flw", M_F3, 0x2007, FLOAD, FU_LOAD, 0, false },
	{ "fld", M_F3, 0x3007, FLOAD, FU_LOAD, 0, false },
	{ "fsw", M_F3, 0x2027, FSTORE, FU_STORE, 0, false },
	{ "fsd", M_F3, 0x3027, FSTORE, FU_STORE, 0, false },
	{ "fmadd.s", M_R4, 0x00000043, R4, FU_FMA, FMADD, false },
	{ "fmadd.d", M_R4, 0x02000043, R4, FU_FMA, FMADD, false },
	{ "fmsub.s", M_R4, 0x00000047, R4, FU_FMA, FMSUB, false },
	{ "fmsub.d", M_R4, 0x02000047, R4, FU_FMA, FMSUB, false },
	{ "fnmsub.s", M_R4, 0x0000004b, R4, FU_FMA, FNMSUB, false },
	{ "fnmsub.d", M_R4, 0x0200004b, R4, FU_FMA, FNMSUB, false },
	{ "fnmadd.s", M_R4, 0x0000004f, R4, FU_FMA, FNMADD, false },
	{ "fnmadd.d", M_R4, 0x0200004f, R4, FU_FMA, FNMADD, false },
	{ "fadd.s", M_RM, 0x00000053, FADDF, FU_FMA, FADD, false },
	{ "fadd.d", M_RM, 0x02000053, FADDF, FU_FMA, FADD, false },
	{ "fsub.s", M_RM, 0x08000053, FADDF, FU_FMA, FSUB, false },
	{ "fsub.d", M_RM, 0x0a000053, FADDF, FU_FMA, FSUB, false },
	{ "fmul.s", M_RM, 0x10000053, FFF_RM, FU_FMA, FMUL, false },
	{ "fmul.d", M_RM, 0x12000053, FFF_RM, FU_FMA, FMUL, false },
	{ "fdiv.s", M_RM, 0x18000053, FFF_RM, FU_FDIV, 0, false },
	{ "fdiv.d", M_RM, 0x1a000053, FFF_RM, FU_FDIV, 0, false },
	{ "fsqrt.s", M_RM2, 0x58000053, FF_RM, FU_FDIV, 1, false },
	{ "fsqrt.d", M_RM2, 0x5a000053, FF_RM, FU_FDIV, 1, false },
	{ "fsgnj.s", M_F7, 0x20000053, FFF, FU_FMISC, SGNJ, false },
	{ "fsgnjn.s", M_F7, 0x20001053, FFF, FU_FMISC, SGNJN, false },
	{ "fsgnjx.s", M_F7, 0x20002053, FFF, FU_FMISC, SGNJX, false },
	{ "fsgnj.d", M_F7, 0x22000053, FFF, FU_FMISC, SGNJ, false },
	{ "fsgnjn.d", M_F7, 0x22001053, FFF, FU_FMISC, SGNJN, false },
	{ "fsgnjx.d", M_F7, 0x22002053, FFF, FU_FMISC, SGNJX, false },
	{ "fmin.s", M_F7, 0x28000053, FFF, FU_FMISC, FMIN, false },
	{ "fmax.s", M_F7, 0x28001053, FFF, FU_FMISC, FMAX, false },
	{ "fmin.d", M_F7, 0x2a000053, FFF, FU_FMISC, FMIN, false },
	{ "fmax.d", M_F7, 0x2a001053, FFF, FU_FMISC, FMAX, false },
	{ "fcvt.s.d", M_RM2, 0x40100053, FF_RM, FU_FMISC, F2F, false },
	{ "fcvt.d.s", M_RM2, 0x42000053, FF_RM, FU_FMISC, F2F, false },
	{ "fle.s", M_F7, 0xa0000053, XFF, FU_FMISC, FLE, false },
	{ "flt.s", M_F7, 0xa0001053, XFF, FU_FMISC, FLT, false },
	{ "feq.s", M_F7, 0xa0002053, XFF, FU_FMISC, FEQ, false },
	{ "fle.d", M_F7, 0xa2000053, XFF, FU_FMISC, FLE, false },
	{ "flt.d", M_F7, 0xa2001053, XFF, FU_FMISC, FLT, false },
	{ "feq.d", M_F7, 0xa2002053, XFF, FU_FMISC, FEQ, false },
	{ "fcvt.w.s", M_RM2, 0xc0000053, XF_RM, FU_FMISC, F2I_W, false },
	{ "fcvt.wu.s", M_RM2, 0xc0100053, XF_RM, FU_FMISC, F2I_WU, false },
	{ "fcvt.l.s", M_RM2, 0xc0200053, XF_RM, FU_FMISC, F2I_L, false },
	{ "fcvt.lu.s", M_RM2, 0xc0300053, XF_RM, FU_FMISC, F2I_LU, false },
	{ "fcvt.w.d", M_RM2, 0xc2000053, XF_RM, FU_FMISC, F2I_W, false },
	{ "fcvt.wu.d", M_RM2, 0xc2100053, XF_RM, FU_FMISC, F2I_WU, false },
	{ "fcvt.l.d", M_RM2, 0xc2200053, XF_RM, FU_FMISC, F2I_L, false },
	{ "fcvt.lu.d", M_RM2, 0xc2300053, XF_RM, FU_FMISC, F2I_LU, false },
	{ "fcvt.s.w", M_RM2, 0xd0000053, FX_RM, FU_FMISC, I2F_W, false },
	{ "fcvt.s.wu", M_RM2, 0xd0100053, FX_RM, FU_FMISC, I2F_WU, false },
	{ "fcvt.s.l", M_RM2, 0xd0200053, FX_RM, FU_FMISC, I2F_L, false },
	{ "fcvt.s.lu", M_RM2, 0xd0300053, FX_RM, FU_FMISC, I2F_LU, false },
	{ "fcvt.d.w", M_RM2, 0xd2000053, FX_RM, FU_FMISC, I2F_W, false },
	{ "fcvt.d.wu", M_RM2, 0xd2100053, FX_RM, FU_FMISC, I2F_WU, false },
	{ "fcvt.d.l", M_RM2, 0xd2200053, FX_RM, FU_FMISC, I2F_L, false },
	{ "fcvt.d.lu", M_RM2, 0xd2300053, FX_RM, FU_FMISC, I2F_LU, false },
	{ "fmv.x.w", M_F7RS2, 0xe0000053, XF, FU_FMISC, MV_X_F, false },
	{ "fclass.s", M_F7RS2, 0xe0001053, XF, FU_FMISC, CLASS, false },
	{ "fmv.x.d", M_F7RS2, 0xe2000053, XF, FU_FMISC, MV_X_F, false },
	{ "fclass.d", M_F7RS2, 0xe2001053, XF, FU_FMISC, CLASS, false },
	{ "fmv.w.x", M_F7RS2, 0xf0000053, FX, FU_FMISC, MV_F_X, false },
	{ "fmv.d.x", M_F7RS2, 0xf2000053, FX, FU_FMISC, MV_F_X, false },
};

struct Uop {
	bool illegal;
	int fu, op;
	bool word;
	int opa_sel, opb_sel, mem_size;
	bool mem_unsigned;
	unsigned rs1, rs2, rs3, rd;
	bool rs1_used, rs2_used, rs3_used, rd_used;
	uint64_t imm;
	unsigned csr;
	bool serialize;
	bool fp, fp_fmt, fp_rm_used;
	unsigned fp_rm, fp_op;
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
	case FLOAD:
		return sext(field(w, 31, 20), 12);
	case FSTORE:
		return sext(field(w, 31, 25) << 5 | field(w, 11, 7), 12);
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
	Regs g = regs_of(f);
	u.name = e->name;
	u.fu = e->fu;
	u.op = e->op;
	u.word = e->word;
	u.rs1 = reg6(g.rs1, field(w, 19, 15));
	u.rs2 = reg6(g.rs2, field(w, 24, 20));
	// FADD/FSUB's addend is the rs2 field, taken as the FMA's third operand
	u.rs3 = reg6(g.rs3, f == FADDF ? field(w, 24, 20) : field(w, 31, 27));
	u.rd = reg6(g.rd, field(w, 11, 7));
	u.rs1_used = g.rs1 != NO;
	u.rs2_used = g.rs2 != NO;
	u.rs3_used = g.rs3 != NO;
	u.rd_used = g.rd != NO && u.rd != 0;  // f0 is 32: written
	u.imm = immediate(f, w);
	u.fp = f >= FLOAD;
	u.fp_fmt = field(w, 25, 25);
	u.fp_rm = field(w, 14, 12);
	u.fp_rm_used = g.rm;
	u.fp_op = u.fp && f != FLOAD && f != FSTORE ? e->op : 0;
	// rm 5 and 6 are reserved (7, dynamic, depends on frm: dispatch's)
	if (g.rm && (u.fp_rm == 5 || u.fp_rm == 6)) {
		Uop bad{};
		bad.illegal = true;
		bad.name = e->name;
		return bad;
	}
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
	u.rs3 = dut.rs3_o;
	u.rd = dut.rd_o;
	u.rs1_used = dut.rs1_used_o;
	u.rs2_used = dut.rs2_used_o;
	u.rs3_used = dut.rs3_used_o;
	u.rd_used = dut.rd_used_o;
	u.imm = dut.imm_o;
	u.csr = dut.csr_o;
	u.serialize = dut.serialize_o;
	u.fp = dut.fp_o;
	u.fp_fmt = dut.fp_fmt_o;
	u.fp_rm = dut.fp_rm_o;
	u.fp_rm_used = dut.fp_rm_used_o;
	u.fp_op = dut.fp_op_o;
	return u;
}

// Returns the name of the first field that differs, or nullptr.
const char *compare(const Uop &want, const Uop &got)
{
	if (want.illegal != got.illegal)
		return "illegal";
	if (got.illegal)
		return got.rs1_used || got.rs2_used || got.rs3_used || got.rd_used ||
		       got.fp_rm_used ? "used flags of illegal" : nullptr;
	if (want.fu != got.fu)
		return "fu";
	if (want.fp != got.fp)
		return "fp";
	if (!want.fp && want.op != got.op)
		return "op";
	if (want.word != got.word)
		return "word";
	if (want.rs1_used != got.rs1_used || want.rs2_used != got.rs2_used ||
	    want.rs3_used != got.rs3_used || want.rd_used != got.rd_used)
		return "used flags";
	if ((want.rs1_used && want.rs1 != got.rs1) || (want.rs2_used && want.rs2 != got.rs2) ||
	    (want.rs3_used && want.rs3 != got.rs3) || (want.rd_used && want.rd != got.rd))
		return "register numbers or classes";
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
	if (want.fp_rm_used != got.fp_rm_used || (want.fp_rm_used && want.fp_rm != got.fp_rm))
		return "rounding mode";
	bool arith = want.fu == FU_FMA || want.fu == FU_FDIV || want.fu == FU_FMISC;
	if (arith && (want.fp_fmt != got.fp_fmt || want.fp_op != got.fp_op))
		return "fp_fmt or fp_op";
	return nullptr;
}

// What the ISS did with one word: everything an instruction's sources can
// change.
struct Outcome {
	bool trap;
	uint64_t cause, tval;
	unsigned rd, mem_size;
	uint64_t rd_value, mem_addr, mem_value, next_pc, fflags;

	bool illegal() const { return trap && cause == 2; }
	bool operator==(const Outcome &o) const
	{
		return trap == o.trap && cause == o.cause && tval == o.tval && rd == o.rd &&
		       mem_size == o.mem_size && rd_value == o.rd_value &&
		       mem_addr == o.mem_addr && mem_value == o.mem_value &&
		       next_pc == o.next_pc && fflags == o.fflags;
	}
};

// The register file a word runs with: x1-x31, f0-f31.
struct RegFile {
	uint64_t x[32], f[32];
};

// The ISS steps each word from a fresh reset, in M-mode, from DRAM, with F
// and D. Before the word, csrrs x0, mstatus, x5 sets FS and csrrwi sets frm;
// with FS Off the word runs alone.
struct Iss {
	static constexpr uint64_t kCode = SOC_DRAM_BASE, kData = SOC_DRAM_BASE + 0x8000;
	static constexpr uint64_t kDataLen = 0x18000;
	struct soc *soc = nullptr;
	struct hart *hart = nullptr;
	uint8_t *code = nullptr, *data = nullptr;
	std::vector<uint8_t> pattern;  // what data holds before every word

	bool init()
	{
		struct soc_config cfg = {};
		cfg.dram_size = 1 << 20;
		cfg.nharts = 1;
		cfg.timebase_hz = 10000000;
		cfg.clock_hz = 100000000;
		cfg.isa = "rv64imafdc_zicsr_zifencei";
		cfg.mmu = "riscv,sv39";
		cfg.console = stdout;
		soc = soc_create(&cfg);
		if (!soc)
			return false;
		hart = hart_create(soc, 0);
		code = soc_dram(soc, kCode, 12);
		data = soc_dram(soc, kData, kDataLen);
		if (!hart || !code || !data)
			return false;
		hart_set_irq_from_soc(hart, false);
		hart_set_fp(hart, true);
		// random bytes, so that a load from another address reads another value
		std::mt19937 r(99);
		pattern.resize(kDataLen);
		for (auto &b : pattern)
			b = (uint8_t)r();
		memcpy(data, pattern.data(), kDataLen);
		return true;
	}

	// fs: mstatus.FS (0: Off); frm: the dynamic rounding mode.
	Outcome run(uint32_t w, unsigned fs, unsigned frm, const RegFile &rf)
	{
		const uint32_t setup[2] = { 0x3002a073u,                   // csrrs x0, mstatus, x5
					    0x00205073u | (frm & 31) << 15 };  // csrrwi x0, frm, frm
		struct commit c;
		Outcome o{};

		memcpy(code, setup, 8);
		memcpy(code + 8, &w, 4);
		if (fs) {
			hart_reset(hart, kCode);
			hart_set_reg(hart, 5, (uint64_t)fs << 13);
			hart_step(hart, nullptr);
			hart_step(hart, nullptr);
		} else {
			hart_reset(hart, kCode + 8);
		}
		for (unsigned r = 1; r < 32; r++)
			hart_set_reg(hart, r, rf.x[r]);
		for (unsigned r = 0; r < 32; r++)
			hart_set_reg(hart, COMMIT_RD_F + r, rf.f[r]);
		hart_step(hart, &c);
		o.trap = c.trap;
		o.cause = c.trap ? c.cause : 0;
		o.tval = c.trap ? c.tval : 0;
		o.rd = c.trap ? 0 : c.rd;
		o.rd_value = c.trap || !c.rd ? 0 : c.rd_value;
		o.mem_size = c.trap ? 0 : c.mem_size;
		o.mem_addr = o.mem_size ? c.mem_addr : 0;
		o.mem_value = o.mem_size ? c.mem_value : 0;
		o.next_pc = hart_pc(hart);
		hart_csr(hart, 0x001, &o.fflags);
		// undo a store (M-mode: virtual addresses are physical)
		if (o.mem_size && o.mem_addr >= kData && o.mem_addr + 16 <= kData + kDataLen)
			memcpy(data + (o.mem_addr - kData), pattern.data() + (o.mem_addr - kData), 16);
		return o;
	}

	~Iss()
	{
		hart_destroy(hart);
		soc_destroy(soc);
	}
};

// Register values that make results depend on them: x registers point
// into the ISS's data (8-byte aligned, so that loads, stores and AMOs
// complete), f registers hold values of the format the word reads (single
// ones NaN-boxed: a double read of one, or a single read of a double, is
// a NaN whatever its bits).
uint64_t random_x(std::mt19937 &rng)
{
	return Iss::kData + 0x1000 + (rng() % 0x15000 & ~7u);
}

uint64_t random_f(std::mt19937 &rng, bool dbl)
{
	uint64_t v = (uint64_t)rng() << 32 | rng();
	return dbl ? v : v | 0xffffffff00000000ull;
}

// The format an F or D word reads its f registers in.
bool reads_double(uint32_t w)
{
	unsigned opc = w & 0x7f, f5 = field(w, 31, 27);
	if (opc == 0x53 && f5 == 0x08)
		return !field(w, 25, 25);  // fcvt.s.d reads D, fcvt.d.s S
	return field(w, 25, 25);
}

bool is_fp_opcode(uint32_t w)
{
	unsigned opc = w & 0x7f;
	return opc == 0x07 || opc == 0x27 || opc == 0x53 || (opc & 0x73) == 0x43;
}

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
	std::mt19937 rng(12345), vals(777);
	unsigned checked = 0, legal = 0, iss_checked = 0, errors = 0;
	unsigned fp_legal = 0, rd_checked = 0, fp_rd_checked = 0, src_checked = 0,
		 fp_src_checked = 0, fs_checked = 0, frm_checked = 0, dyn_refused = 0;

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
			bool fpw = is_fp_opcode(w), dbl = reads_double(w);
			RegFile rf;
			for (unsigned r = 0; r < 32; r++) {
				rf.x[r] = random_x(vals);
				rf.f[r] = random_f(vals, dbl);
			}
			Outcome o = iss.run(w, 1, 0, rf);
			iss_checked++;
			if (o.illegal() != got.illegal)
				bad = "illegal flag against the ISS";
			// the register written, by number and class
			if (!bad && !got.illegal && !o.trap) {
				rd_checked++;
				fp_rd_checked += got.fp;
				if (o.rd != (got.rd_used ? got.rd : 0))
					bad = "rd against the ISS";
			}
			// every register the micro-op does not read changed: same outcome
			if (!bad && !got.illegal) {
				RegFile rf2 = rf;
				for (unsigned r = 1; r < 32; r++)
					if (!((got.rs1_used && got.rs1 == r) || (got.rs2_used && got.rs2 == r) ||
					      (got.rs3_used && got.rs3 == r)))
						rf2.x[r] = random_x(vals);
				for (unsigned r = 0; r < 32; r++)
					if (!((got.rs1_used && got.rs1 == 32 + r) ||
					      (got.rs2_used && got.rs2 == 32 + r) ||
					      (got.rs3_used && got.rs3 == 32 + r)))
						rf2.f[r] = random_f(vals, dbl);
				src_checked++;
				fp_src_checked += got.fp;
				if (!(iss.run(w, 1, 0, rf2) == o))
					bad = "sources against the ISS (depends on a register not read)";
			}
			if (!bad && fpw) {
				// FS Off: illegal exactly when the decoder says illegal or fp
				fs_checked++;
				if (iss.run(w, 0, 0, rf).illegal() != (got.illegal || got.fp))
					bad = "fp against the ISS with FS Off";
			}
			if (!bad && fpw) {
				// frm reserved: dynamic rounding becomes illegal
				bool dyn = got.fp_rm_used && got.fp_rm == 7;
				frm_checked++;
				dyn_refused += dyn && !got.illegal;
				if (iss.run(w, 1, 5, rf).illegal() != (got.illegal || dyn))
					bad = "fp_rm_used against the ISS with frm 5";
			}
			if (!got.illegal && fpw)
				fp_legal++;
		}
		if (bad) {
			if (errors < 10)
				printf("FAIL: %08x (%s): %s differs (rtl illegal %d fu %d op %d fp_op %d "
				       "rs1/2/3 %u/%u/%u rd %u imm %llx)\n",
				       w, want.name ? want.name : "illegal", bad, got.illegal, got.fu,
				       got.op, got.fp_op, got.rs1, got.rs2, got.rs3, got.rd,
				       (unsigned long long)got.imm);
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
	// OP-FP: every funct7, funct3 and rs2 field (FSQRT, FCVT and FMV
	// depend on it).
	for (uint32_t f7 = 0; f7 < 128; f7++)
		for (uint32_t f3 = 0; f3 < 8; f3++)
			for (uint32_t rs2 = 0; rs2 < 32; rs2++)
				check((rng() & 0x000f8f80u) | f7 << 25 | rs2 << 20 | f3 << 12 | 0x53);
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
		static const uint32_t fp_opcodes[] = { 0x07, 0x27, 0x43, 0x47, 0x4b, 0x4f, 0x53 };
		check(rng());
		check((rng() & ~0x7fu) | table[rng() % (sizeof(table) / sizeof(table[0]))].match);
		check((rng() & ~0x7fu) | fp_opcodes[rng() % 7]);
	}

	dut.final();
	printf("F and D: %u legal words; against the ISS %u destinations, %u source sets, "
	       "%u with FS Off, %u with frm reserved (%u dynamic rm refused)\n", fp_legal,
	       fp_rd_checked, fp_src_checked, fs_checked, frm_checked, dyn_refused);
	if (legal < checked / 10 || iss_checked < checked / 5) {
		printf("FAIL: only %u legal and %u ISS-checked of %u words\n", legal,
		       iss_checked, checked);
		return 1;
	}
	if (fp_legal < 20000 || fp_rd_checked < 10000 || fp_src_checked < 20000 ||
	    fs_checked < 100000 || dyn_refused < 1000) {
		printf("FAIL: too little F and D coverage (%u legal, %u rd and %u sources "
		       "checked, %u with FS Off, %u dynamic rm refused)\n", fp_legal,
		       fp_rd_checked, fp_src_checked, fs_checked, dyn_refused);
		return 1;
	}
	if (errors) {
		printf("FAIL: %u of %u words differ\n", errors, checked);
		return 1;
	}
	printf("PASS: %u words (%u legal, %u checked against the ISS: %u destinations, "
	       "%u source sets)\n", checked, legal, iss_checked, rd_checked, src_checked);
	return 0;
}
