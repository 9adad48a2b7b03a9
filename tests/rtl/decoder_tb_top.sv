// Bench top for decoder: the micro-op's fields as plain ports, so that the
// C++ bench does not depend on how uop_t is packed.
`include "core_types.svh"

module decoder_tb_top (
  input  logic [31:0]         instr_i,
  input  logic                compressed_i,
  output logic                illegal_o,
  output logic [3:0]          fu_o,
  output logic [3:0]          op_o,
  output logic                word_o,
  output logic [1:0]          opa_sel_o,
  output logic                opb_sel_o,
  output logic [1:0]          mem_size_o,
  output logic                mem_unsigned_o,
  output logic [5:0]          rs1_o,         // 0-31 x, 32-63 f
  output logic [5:0]          rs2_o,
  output logic [5:0]          rs3_o,
  output logic [5:0]          rd_o,
  output logic                rs1_used_o,
  output logic                rs2_used_o,
  output logic                rs3_used_o,
  output logic                rd_used_o,
  output logic [CFG_XLEN-1:0] imm_o,
  output logic [11:0]         csr_o,
  output logic                serialize_o,
  output logic                compressed_o,
  output logic                fp_o,
  output logic                fp_fmt_o,
  output logic [2:0]          fp_rm_o,
  output logic                fp_rm_used_o,
  output logic [4:0]          fp_op_o
);
  uop_t uop;

  decoder dut (.instr_i, .compressed_i, .uop_o(uop));

  assign illegal_o      = uop.illegal;
  assign fu_o           = uop.fu;
  assign op_o           = uop.op;
  assign word_o         = uop.word;
  assign opa_sel_o      = uop.opa_sel;
  assign opb_sel_o      = uop.opb_sel;
  assign mem_size_o     = uop.mem_size;
  assign mem_unsigned_o = uop.mem_unsigned;
  assign rs1_o          = uop.rs1;
  assign rs2_o          = uop.rs2;
  assign rs3_o          = uop.rs3;
  assign rd_o           = uop.rd;
  assign rs1_used_o     = uop.rs1_used;
  assign rs2_used_o     = uop.rs2_used;
  assign rs3_used_o     = uop.rs3_used;
  assign rd_used_o      = uop.rd_used;
  assign imm_o          = uop.imm;
  assign csr_o          = uop.csr;
  assign serialize_o    = uop.serialize;
  assign compressed_o   = uop.compressed;
  assign fp_o           = uop.fp;
  assign fp_fmt_o       = uop.fp_fmt;
  assign fp_rm_o        = uop.fp_rm;
  assign fp_rm_used_o   = uop.fp_rm_used;
  assign fp_op_o        = uop.fp_op;
endmodule
