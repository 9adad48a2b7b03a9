// Merges the I-cache's and the D-cache's line ports into the one towards the
// LLC. Round-robin between the two: after a grant the other side wins the
// next conflict, so neither starves. A request that is waiting for ready
// keeps its grant, so the payload stays stable while valid is high.
// Requests leave with id bit LP_ID_BITS-1 set to the side (0: I, 1: D);
// responses go back by that bit, to one side only.
`include "mem_types.svh"

module line_arbiter (
  input  logic                  clk_i,
  input  logic                  rst_ni,

  // I-cache side
  input  logic                  i_lreq_valid_i,
  output logic                  i_lreq_ready_o,
  input  logic [PADDR_BITS-1:0] i_lreq_addr_i,
  input  logic                  i_lreq_write_i,
  input  logic [LINE_BITS-1:0]  i_lreq_data_i,
  input  logic [LP_ID_BITS-1:0] i_lreq_id_i,
  output logic                  i_lresp_valid_o,
  output logic [LP_ID_BITS-1:0] i_lresp_id_o,
  output logic [LINE_BITS-1:0]  i_lresp_data_o,
  output logic                  i_lresp_error_o,
  output logic                  i_lresp_llc_miss_o,

  // D-cache side
  input  logic                  d_lreq_valid_i,
  output logic                  d_lreq_ready_o,
  input  logic [PADDR_BITS-1:0] d_lreq_addr_i,
  input  logic                  d_lreq_write_i,
  input  logic [LINE_BITS-1:0]  d_lreq_data_i,
  input  logic [LP_ID_BITS-1:0] d_lreq_id_i,
  output logic                  d_lresp_valid_o,
  output logic [LP_ID_BITS-1:0] d_lresp_id_o,
  output logic [LINE_BITS-1:0]  d_lresp_data_o,
  output logic                  d_lresp_error_o,
  output logic                  d_lresp_llc_miss_o,

  // towards the LLC
  output logic                  lreq_valid_o,
  input  logic                  lreq_ready_i,
  output logic [PADDR_BITS-1:0] lreq_addr_o,
  output logic                  lreq_write_o,
  output logic [LINE_BITS-1:0]  lreq_data_o,
  output logic [LP_ID_BITS-1:0] lreq_id_o,
  input  logic                  lresp_valid_i,
  input  logic [LP_ID_BITS-1:0] lresp_id_i,
  input  logic [LINE_BITS-1:0]  lresp_data_i,
  input  logic                  lresp_error_i,
  input  logic                  lresp_llc_miss_i
);
  logic last_d_q;   // the D side had the last grant
  logic lock_q;     // a request is waiting for ready: keep its grant
  logic lock_d_q;   // ... and it is the D side's
  logic pick_d;

  always_comb begin
    if (lock_q)                               pick_d = lock_d_q;
    else if (i_lreq_valid_i && d_lreq_valid_i) pick_d = !last_d_q;
    else                                      pick_d = d_lreq_valid_i;
  end

  assign lreq_valid_o   = pick_d ? d_lreq_valid_i : i_lreq_valid_i;
  assign lreq_addr_o    = pick_d ? d_lreq_addr_i : i_lreq_addr_i;
  assign lreq_write_o   = pick_d ? d_lreq_write_i : i_lreq_write_i;
  assign lreq_data_o    = pick_d ? d_lreq_data_i : i_lreq_data_i;
  assign lreq_id_o      = pick_d ? {1'b1, d_lreq_id_i[LP_ID_BITS-2:0]}
                                 : {1'b0, i_lreq_id_i[LP_ID_BITS-2:0]};
  assign i_lreq_ready_o = !pick_d && lreq_ready_i;
  assign d_lreq_ready_o = pick_d && lreq_ready_i;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      last_d_q <= 1'b0;
      lock_q   <= 1'b0;
      lock_d_q <= 1'b0;
    end else begin
      lock_q   <= lreq_valid_o && !lreq_ready_i;
      lock_d_q <= pick_d;
      if (lreq_valid_o && lreq_ready_i) last_d_q <= pick_d;
    end
  end

  // The side bit is implied by the port.
  logic [1:0] unused_side;
  assign unused_side = {i_lreq_id_i[LP_ID_BITS-1], d_lreq_id_i[LP_ID_BITS-1]};

  assign i_lresp_valid_o    = lresp_valid_i && !lresp_id_i[LP_ID_BITS-1];
  assign d_lresp_valid_o    = lresp_valid_i && lresp_id_i[LP_ID_BITS-1];
  assign i_lresp_id_o       = lresp_id_i;
  assign d_lresp_id_o       = lresp_id_i;
  assign i_lresp_data_o     = lresp_data_i;
  assign d_lresp_data_o     = lresp_data_i;
  assign i_lresp_error_o    = lresp_error_i;
  assign d_lresp_error_o    = lresp_error_i;
  assign i_lresp_llc_miss_o = lresp_llc_miss_i;
  assign d_lresp_llc_miss_o = lresp_llc_miss_i;
endmodule
