`include "core_types.svh"

// The end of a fixed-latency FPU pipeline (fpu_fma, fpu_convert): the valid
// bits of the operations in flight, one per stage, which flush_i drops, and
// the output register of the last stage (result, flags and tag). An
// operation sampled with valid_i is on valid_o exactly LATENCY edges later,
// with what result_i, flags_i and tag_i held at the last of those edges.
module fpu_pipe_out #(
  parameter int unsigned LATENCY = 2,  // at least 2
  parameter int unsigned TAG_W   = $clog2(CFG_ROB_ENTRIES)
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic             flush_i,
  input  logic             valid_i,   // the unit's input: an operation enters
  input  logic [63:0]      result_i,  // the last stage's
  input  logic [4:0]       flags_i,
  input  logic [TAG_W-1:0] tag_i,
  output logic             valid_o,
  output logic [63:0]      result_o,
  output logic [4:0]       flags_o,
  output logic [TAG_W-1:0] tag_o
);
  logic [LATENCY-1:0] valid_q;

  always_ff @(posedge clk_i) begin
    result_o <= result_i;
    flags_o  <= flags_i;
    tag_o    <= tag_i;
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni)      valid_q <= '0;
    else if (flush_i) valid_q <= '0;
    else              valid_q <= {valid_q[LATENCY-2:0], valid_i};
  end

  assign valid_o = valid_q[LATENCY-1];
endmodule
