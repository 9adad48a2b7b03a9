// The host's port into target memory, coherent with the caches the way a
// debug module's system bus access or a DMA master is: the simulator's
// host interfaces (HTIF, semihosting, reading results at exit) and, on a
// board, a debugger reach memory through it while the program runs.
//
// One line at a time. A request names a line and, to write, new bytes and
// their mask. The port first probes the core's D-cache, which writes the
// line back when it is dirty and, for a write, drops it; then it reads the
// line from the LLC, which now holds the newest data, and for a write
// merges the new bytes and writes the line back to the LLC. A write keeps
// the probe up until the LLC has taken the line: the D-cache takes no
// request meanwhile, so no refill brings the old line back. The response
// carries the line as it was before the write and the LLC's error (an
// address outside memory), in which case nothing was written. The
// I-cache is not probed: code the host writes needs a FENCE.I, as after
// any DMA.
`include "mem_types.svh"

module host_dma (
  input  logic                    clk_i,
  input  logic                    rst_ni,

  input  logic                    req_valid_i,
  output logic                    req_ready_o,
  input  logic [PADDR_BITS-LINE_OFF_BITS-1:0] req_line_i,   // address / line size
  input  logic                    req_write_i,
  input  logic [LINE_BITS-1:0]    req_wdata_i,
  input  logic [LINE_BITS/8-1:0]  req_wstrb_i,
  output logic                    resp_valid_o,
  output logic [LINE_BITS-1:0]    resp_rdata_o,
  output logic                    resp_error_o,

  // to the core's D-cache
  output logic                    probe_valid_o,
  output logic [PADDR_BITS-1:0]   probe_addr_o,
  output logic                    probe_inval_o,
  input  logic                    probe_done_i,

  // line port, towards the LLC
  output logic                    lreq_valid_o,
  input  logic                    lreq_ready_i,
  output logic [PADDR_BITS-1:0]   lreq_addr_o,
  output logic                    lreq_write_o,
  output logic [LINE_BITS-1:0]    lreq_data_o,
  output logic [LP_ID_BITS-1:0]   lreq_id_o,
  input  logic                    lresp_valid_i,
  input  logic [LP_ID_BITS-1:0]   lresp_id_i,
  input  logic [LINE_BITS-1:0]    lresp_data_i,
  input  logic                    lresp_error_i
);
  typedef enum logic [2:0] {
    S_IDLE  = 3'd0,
    S_PROBE = 3'd1,   // the D-cache gives up the line
    S_READ  = 3'd2,   // the LLC read goes out
    S_WAIT  = 3'd3,   // ... and comes back
    S_WRITE = 3'd4,   // the merged line goes out
    S_RESP  = 3'd5
  } state_e;

  state_e                 state_q;
  logic [PADDR_BITS-1:0]  addr_q;
  logic                   write_q, error_q;
  logic [LINE_BITS-1:0]   wdata_q, line_q, merged;
  logic [LINE_BITS/8-1:0] wstrb_q;

  always_comb begin
    for (int b = 0; b < LINE_BITS / 8; b++)
      merged[b*8 +: 8] = wstrb_q[b] ? wdata_q[b*8 +: 8] : lresp_data_i[b*8 +: 8];
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      state_q <= S_IDLE;
    end else begin
      case (state_q)
        S_IDLE:  if (req_valid_i) state_q <= S_PROBE;
        S_PROBE: if (probe_done_i) state_q <= S_READ;
        S_READ:  if (lreq_ready_i) state_q <= S_WAIT;
        S_WAIT:  if (lresp_valid_i && lresp_id_i == LP_ID_HOST)
                   state_q <= write_q && !lresp_error_i ? S_WRITE : S_RESP;
        S_WRITE: if (lreq_ready_i) state_q <= S_RESP;
        default: state_q <= S_IDLE;
      endcase
    end
  end

  always_ff @(posedge clk_i) begin
    if (state_q == S_IDLE && req_valid_i) begin
      addr_q  <= {req_line_i, LINE_OFF_BITS'(0)};
      write_q <= req_write_i;
      wdata_q <= req_wdata_i;
      wstrb_q <= req_wstrb_i;
    end
    if (state_q == S_WAIT && lresp_valid_i && lresp_id_i == LP_ID_HOST) begin
      error_q <= lresp_error_i;
      // the line as it was answers the request; the merged one is written
      line_q  <= lresp_data_i;
      wdata_q <= merged;
    end
  end

  assign req_ready_o   = state_q == S_IDLE;
  assign probe_valid_o = state_q == S_PROBE ||
                         (write_q && (state_q == S_READ || state_q == S_WAIT || state_q == S_WRITE));
  assign probe_addr_o  = addr_q;
  assign probe_inval_o = write_q;
  assign lreq_valid_o  = state_q == S_READ || state_q == S_WRITE;
  assign lreq_addr_o   = addr_q;
  assign lreq_write_o  = state_q == S_WRITE;
  assign lreq_data_o   = wdata_q;
  assign lreq_id_o     = LP_ID_HOST;
  assign resp_valid_o  = state_q == S_RESP;
  assign resp_rdata_o  = line_q;
  assign resp_error_o  = error_q;
endmodule
