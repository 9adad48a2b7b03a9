`include "core_types.svh"

// Which physical registers a load writes and which a divide or square root
// does (simulation only, under TEA_TRACE), so that the issue queues can say
// whose result an entry waits for: the simulator's FLOPS view
// (sim/attribution/stages.h) tells a wait for memory from one for the divider.
module issue_trace #(
  parameter int unsigned W = CFG_W
) (
  input  logic                       clk_i,
  input  logic [W-1:0]               disp_lanes_i,   // dispatching this cycle
  input  logic [W-1:0]               disp_load_i,
  input  logic [W-1:0]               rd_used_i,
  input  logic [W*PREG_BITS-1:0]     pdst_i,
  input  logic [W-1:0]               iq_fp_valid_i,
  input  logic [W*3-1:0]             iq_fp_ports_i,  // FMA, conversions, divide
  output logic [CFG_PRF_ENTRIES-1:0] load_preg_o,    // register written by a load
  output logic [CFG_PRF_ENTRIES-1:0] div_preg_o      // by FDIV or FSQRT
);
  // A register keeps its producer's kind until it is renamed again, which
  // is after every reader of it has left the queues.
  logic [CFG_PRF_ENTRIES-1:0] load_preg_q, div_preg_q;
  assign load_preg_o = load_preg_q;
  assign div_preg_o  = div_preg_q;

  always_ff @(posedge clk_i) begin
    for (int i = 0; i < W; i++) begin
      if (disp_lanes_i[i] && rd_used_i[i]) begin
        load_preg_q[pdst_i[i*PREG_BITS +: PREG_BITS]] <= disp_load_i[i];
        div_preg_q[pdst_i[i*PREG_BITS +: PREG_BITS]]  <= iq_fp_valid_i[i] && iq_fp_ports_i[i*3 + 2];
      end
    end
  end
endmodule
