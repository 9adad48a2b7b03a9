// core and frontend types first: backend_types.svh then keeps its own
// lint waiver for the payload widths this file does not use
`include "core_types.svh"
`include "frontend_types.svh"
`include "backend_types.svh"

// Branch resolution on integer port 0, in E. Every resolved branch trains
// the predictor; a mispredicted one redirects fetch at once and marks its
// ROB entry (FL-MB): the younger instructions already dispatched leave when
// it commits, and nothing dispatches until then (redirect_pending_o). While
// one waits, a younger branch is ignored, since it is on the wrong path.
module branch_resolve #(
  localparam int unsigned RB  = ROB_IDX_BITS,
  localparam int unsigned IPB = INT_PAYLOAD_BITS
) (
  input  logic           clk_i,
  input  logic           rst_ni,
  input  logic           flush_i,
  // port 0 in E and what its ALU found
  input  logic           ex_valid_i,
  input  logic [IPB-1:0] ex_payload_i,        // int_payload_t
  input  logic           taken_i,
  input  logic [63:0]    target_i,
  input  logic [RB-1:0]  rob_head_idx_i,
  // to the front end: the redirect and the predictor update
  output logic           redirect_o,
  output logic [63:0]    redirect_pc_o,
  output logic           upd_valid_o,
  output logic [63:0]    upd_pc_o,
  output logic           upd_rvc_o,
  output br_kind_e       upd_kind_o,
  output logic           upd_taken_o,
  output logic [63:0]    upd_target_o,
  output logic           upd_mispredict_o,
  output bp_ckpt_t       upd_ckpt_o,
  // to the ROB: the mispredicted branch
  output logic           mb_valid_o,
  output logic [RB-1:0]  mb_idx_o,
  output logic           redirect_pending_o   // a mispredicted branch waits to commit
);
  function automatic logic [RB-1:0] rob_age(input logic [RB-1:0] idx, input logic [RB-1:0] head);
    if (idx >= head) rob_age = idx - head;
    else rob_age = RB'(32'(idx) + CFG_ROB_ENTRIES - 32'(head));
  endfunction

  /* verilator lint_off UNUSEDSIGNAL */  // the ALU reads the rest
  int_payload_t  ex0;
  /* verilator lint_on UNUSEDSIGNAL */
  logic          redirect_pending_q;
  logic [RB-1:0] redirect_idx_q;
  logic          br_valid, br_accept, br_mispredict;
  logic [63:0]   br_npc;

  assign ex0 = ex_payload_i;

  assign br_valid  = ex_valid_i && ex0.fu == FU_BRANCH && !flush_i;
  assign br_npc    = taken_i ? target_i : ex0.pc + (ex0.compressed ? 64'd2 : 64'd4);
  assign br_mispredict = br_npc != ex0.pred_npc;
  assign br_accept = br_valid && !(redirect_pending_q &&
                     rob_age(ex0.rob_idx, rob_head_idx_i) > rob_age(redirect_idx_q, rob_head_idx_i));

  assign redirect_o         = br_accept && br_mispredict;
  assign redirect_pc_o      = br_npc;
  assign upd_valid_o        = br_accept;
  assign upd_pc_o           = ex0.pc;
  assign upd_rvc_o          = ex0.compressed;
  assign upd_kind_o         = ex0.br_kind;
  assign upd_taken_o        = taken_i;
  assign upd_target_o       = target_i;
  assign upd_mispredict_o   = br_mispredict;
  assign upd_ckpt_o         = ex0.ckpt;
  assign mb_valid_o         = redirect_o;
  assign mb_idx_o           = ex0.rob_idx;
  assign redirect_pending_o = redirect_pending_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      redirect_pending_q <= 1'b0;
      redirect_idx_q     <= '0;
    end else if (flush_i) begin
      redirect_pending_q <= 1'b0;
      redirect_idx_q     <= '0;
    end else if (redirect_o) begin
      redirect_pending_q <= 1'b1;
      redirect_idx_q     <= ex0.rob_idx;
    end
  end
endmodule
