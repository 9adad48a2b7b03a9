// core and frontend types first: backend_types.svh then keeps its own
// lint waiver for the payload widths this file does not use
`include "core_types.svh"
`include "frontend_types.svh"
`include "backend_types.svh"

// One ALU port of the integer cluster (int_cluster.sv): the ALU executing
// the instruction in E, its register-file write and ROB completion at the end
// of E, and the wake-up of consumers when an ALU instruction is selected
// in S (its result is in the register file at the end of E, when a
// consumer selected one cycle later reads it). Purely combinational;
// int_cluster holds the S -> E registers. (A module rather than a generate
// block so that the payload structs are module-level variables, which
// Yosys 0.23 can select fields of.)
module alu_port #(
  parameter int unsigned XLEN = CFG_XLEN,
  localparam int unsigned PB  = PREG_BITS,
  localparam int unsigned RB  = ROB_IDX_BITS,
  localparam int unsigned IPB = INT_PAYLOAD_BITS
) (
  // S: the instruction the issue queue selected for this port
  input  logic            sel_valid_i,
  input  logic [IPB-1:0]  sel_payload_i,   // int_payload_t
  output logic            wake_valid_o,    // it writes a register in E: wake consumers
  output logic [PB-1:0]   wake_pdst_o,
  // E: the instruction executing, with its operands from the register file
  input  logic            ex_valid_i,
  input  logic [IPB-1:0]  ex_payload_i,    // int_payload_t
  input  logic [XLEN-1:0] rs1_i,
  input  logic [XLEN-1:0] rs2_i,
  output logic            writes_o,        // an ALU or branch instruction completes
  output logic            rd_used_o,       // ... and writes pdst_o (the bypass needs both)
  output logic [PB-1:0]   pdst_o,
  output logic [XLEN-1:0] result_o,
  output logic [RB-1:0]   rob_idx_o,
  output logic            prf_we_o,        // register-file write: pdst_o <= result_o
  output logic            taken_o,         // FU_BRANCH: condition holds
  output logic [XLEN-1:0] target_o         // FU_BRANCH: next pc when taken
);
  /* verilator lint_off UNUSEDSIGNAL */  // each stage reads a few fields
  int_payload_t e, sl;
  /* verilator lint_on UNUSEDSIGNAL */
  assign e  = ex_payload_i;
  assign sl = sel_payload_i;
  // the union as a whole through one of its members: Yosys 0.23 cannot
  // select a union-typed struct member as a whole (e.op)
  logic [3:0] op;
  assign op = e.op.alu;

  alu #(.XLEN(XLEN)) u_alu (
    .fu_i(e.fu), .op_i(op), .word_i(e.word),
    .opa_sel_i(e.opa_sel), .opb_sel_i(e.opb_sel), .compressed_i(e.compressed),
    .pc_i(e.pc), .rs1_i, .rs2_i, .imm_i(e.imm),
    .result_o, .taken_o, .target_o
  );

  assign wake_valid_o = sel_valid_i && sl.rd_used && (sl.fu == FU_ALU || sl.fu == FU_BRANCH);
  assign wake_pdst_o  = sl.pdst;
  assign writes_o     = ex_valid_i && (e.fu == FU_ALU || e.fu == FU_BRANCH);
  assign rd_used_o    = e.rd_used;
  assign pdst_o       = e.pdst;
  assign rob_idx_o    = e.rob_idx;
  assign prf_we_o     = writes_o && e.rd_used;
endmodule
