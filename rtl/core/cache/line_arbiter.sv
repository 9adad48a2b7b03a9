// Merges two line ports into one towards the LLC: in the core the I-cache's
// (side A) and the D-cache's (side B), in the SoC the core's (A) and the
// host port's (B, rtl/soc/host_dma.sv). Round-robin between the two: after
// a grant the other side wins the next conflict, so neither starves. A
// request that is waiting for ready keeps its grant, so the payload stays
// stable while valid is high; with one side idle the other passes straight
// through, in the same cycle.
// Ids tell the sides' responses apart: A's requests leave with the bits of
// A_ID_CLR cleared, B's with the bits of B_MASK replaced by B_ID, and a
// response goes to B when its id has B_ID under B_MASK, else to A.
`include "mem_types.svh"

module line_arbiter #(
  parameter logic [LP_ID_BITS-1:0] A_ID_CLR = LP_ID_BITS'(1) << (LP_ID_BITS - 1),
  parameter logic [LP_ID_BITS-1:0] B_MASK   = LP_ID_BITS'(1) << (LP_ID_BITS - 1),
  parameter logic [LP_ID_BITS-1:0] B_ID     = LP_ID_BITS'(1) << (LP_ID_BITS - 1)
) (
  input  logic                  clk_i,
  input  logic                  rst_ni,

  input  logic                  a_lreq_valid_i,
  output logic                  a_lreq_ready_o,
  input  logic [PADDR_BITS-1:0] a_lreq_addr_i,
  input  logic                  a_lreq_write_i,
  input  logic [LINE_BITS-1:0]  a_lreq_data_i,
  input  logic [LP_ID_BITS-1:0] a_lreq_id_i,
  output logic                  a_lresp_valid_o,

  input  logic                  b_lreq_valid_i,
  output logic                  b_lreq_ready_o,
  input  logic [PADDR_BITS-1:0] b_lreq_addr_i,
  input  logic                  b_lreq_write_i,
  input  logic [LINE_BITS-1:0]  b_lreq_data_i,
  input  logic [LP_ID_BITS-1:0] b_lreq_id_i,
  output logic                  b_lresp_valid_o,

  // towards the LLC; the response's id, data and flags go to both sides
  output logic                  lreq_valid_o,
  input  logic                  lreq_ready_i,
  output logic [PADDR_BITS-1:0] lreq_addr_o,
  output logic                  lreq_write_o,
  output logic [LINE_BITS-1:0]  lreq_data_o,
  output logic [LP_ID_BITS-1:0] lreq_id_o,
  input  logic                  lresp_valid_i,
  input  logic [LP_ID_BITS-1:0] lresp_id_i
);
  logic last_b_q;   // side B had the last grant
  logic lock_q;     // a request is waiting for ready: keep its grant
  logic lock_b_q;   // ... and it is side B's
  logic pick_b;

  always_comb begin
    if (lock_q)                               pick_b = lock_b_q;
    else if (a_lreq_valid_i && b_lreq_valid_i) pick_b = !last_b_q;
    else                                      pick_b = b_lreq_valid_i;
  end

  assign lreq_valid_o   = pick_b ? b_lreq_valid_i : a_lreq_valid_i;
  assign lreq_addr_o    = pick_b ? b_lreq_addr_i : a_lreq_addr_i;
  assign lreq_write_o   = pick_b ? b_lreq_write_i : a_lreq_write_i;
  assign lreq_data_o    = pick_b ? b_lreq_data_i : a_lreq_data_i;
  assign lreq_id_o      = pick_b ? (b_lreq_id_i & ~B_MASK) | B_ID : a_lreq_id_i & ~A_ID_CLR;
  assign a_lreq_ready_o = !pick_b && lreq_ready_i;
  assign b_lreq_ready_o = pick_b && lreq_ready_i;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      last_b_q <= 1'b0;
      lock_q   <= 1'b0;
      lock_b_q <= 1'b0;
    end else begin
      lock_q   <= lreq_valid_o && !lreq_ready_i;
      lock_b_q <= pick_b;
      if (lreq_valid_o && lreq_ready_i) last_b_q <= pick_b;
    end
  end

  logic to_b;
  assign to_b            = (lresp_id_i & B_MASK) == B_ID;
  assign a_lresp_valid_o = lresp_valid_i && !to_b;
  assign b_lresp_valid_o = lresp_valid_i && to_b;
endmodule
