`include "core_types.svh"

// The integer ALU: every RV64I arithmetic, logic and shift operation and its
// W form (FU_ALU), and branch resolution (FU_BRANCH): the branch condition,
// the target, and for jumps the link address pc + 2 or pc + 4.
module alu #(
  parameter int unsigned XLEN = CFG_XLEN
) (
  input  fu_e             fu_i,          // FU_ALU or FU_BRANCH
  input  uop_op_u         op_i,          // alu_op_e or br_op_e
  input  logic            word_i,        // W form (FU_ALU)
  input  opa_sel_e        opa_sel_i,     // FU_ALU first operand
  input  opb_sel_e        opb_sel_i,     // FU_ALU second operand
  input  logic            compressed_i,  // the instruction is 2 bytes long
  input  logic [XLEN-1:0] pc_i,
  input  logic [XLEN-1:0] rs1_i,
  input  logic [XLEN-1:0] rs2_i,
  input  logic [XLEN-1:0] imm_i,
  output logic [XLEN-1:0] result_o,      // FU_ALU result; FU_BRANCH link address
  output logic            taken_o,       // FU_BRANCH: condition holds (jumps: always)
  output logic [XLEN-1:0] target_o       // FU_BRANCH: next pc when taken
);
  localparam int unsigned SHW = $clog2(XLEN);

  logic [XLEN-1:0] a, b, sum, diff, sra64, alu_res, link;
  logic [31:0]     a32, sll32, srl32, sra32;
  logic [SHW-1:0]  shamt;
  logic            lt, ltu, eq;

  always_comb begin
    case (opa_sel_i)
      OPA_PC:   a = pc_i;
      OPA_ZERO: a = '0;
      default:  a = rs1_i;
    endcase
  end
  assign b = opb_sel_i == OPB_IMM ? imm_i : rs2_i;

  assign sum   = a + b;
  assign diff  = a - b;
  assign shamt = b[SHW-1:0];
  assign a32   = a[31:0];
  assign sll32 = a32 << b[4:0];
  assign srl32 = a32 >> b[4:0];
  assign sra32 = $signed(a32) >>> b[4:0];
  // On its own line: inside ?: with unsigned operands >>> would be logical.
  assign sra64 = $signed(a) >>> shamt;

  // Comparisons of the branch sources double as SLT/SLTU of the ALU.
  function automatic logic signed_lt(input logic [XLEN-1:0] x, input logic [XLEN-1:0] y);
    signed_lt = $signed(x) < $signed(y);
  endfunction

  always_comb begin
    case (op_i.alu)
      ALU_SUB:  alu_res = diff;
      ALU_SLL:  alu_res = word_i ? XLEN'(sll32) : a << shamt;
      ALU_SLT:  alu_res = XLEN'(signed_lt(a, b));
      ALU_SLTU: alu_res = XLEN'(a < b);
      ALU_XOR:  alu_res = a ^ b;
      ALU_SRL:  alu_res = word_i ? XLEN'(srl32) : a >> shamt;
      ALU_SRA:  alu_res = word_i ? XLEN'(sra32) : sra64;
      ALU_OR:   alu_res = a | b;
      ALU_AND:  alu_res = a & b;
      default:  alu_res = sum;
    endcase
    if (word_i) alu_res = {{(XLEN-32){alu_res[31]}}, alu_res[31:0]};
  end

  assign eq  = rs1_i == rs2_i;
  assign lt  = signed_lt(rs1_i, rs2_i);
  assign ltu = rs1_i < rs2_i;

  always_comb begin
    case (op_i.br)
      BR_EQ:   taken_o = eq;
      BR_NE:   taken_o = !eq;
      BR_LT:   taken_o = lt;
      BR_GE:   taken_o = !lt;
      BR_LTU:  taken_o = ltu;
      BR_GEU:  taken_o = !ltu;
      default: taken_o = 1'b1;  // JAL, JALR
    endcase
  end

  always_comb begin
    if (op_i.br == BR_JALR) begin
      target_o = rs1_i + imm_i;
      target_o[0] = 1'b0;
    end else begin
      target_o = pc_i + imm_i;
    end
  end

  assign link     = pc_i + (compressed_i ? XLEN'(2) : XLEN'(4));
  assign result_o = fu_i == FU_BRANCH ? link : alu_res;
endmodule
