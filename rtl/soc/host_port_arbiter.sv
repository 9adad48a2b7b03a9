`include "mem_types.svh"

// Shares the coherent host port (host_dma.sv) between the host (the
// simulator, or a board's debugger) and the TEA sampler's buffer writer,
// which writes sample records to memory. host_dma takes one request at a
// time: the arbiter offers it the sampler's when there is one (a sample
// is lost while its record waits; the host can wait), and sends the
// response to whoever made the request it answers.
module host_port_arbiter (
  input  logic                    clk_i,
  input  logic                    rst_ni,

  // the host: reads and writes
  input  logic                    host_req_valid_i,
  output logic                    host_req_ready_o,
  input  logic [PADDR_BITS-LINE_OFF_BITS-1:0] host_req_line_i,
  input  logic                    host_req_write_i,
  input  logic [LINE_BITS-1:0]    host_req_wdata_i,
  input  logic [LINE_BITS/8-1:0]  host_req_wstrb_i,
  output logic                    host_resp_valid_o,

  // the sampler: writes of 8-byte words
  input  logic                    tea_req_valid_i,
  output logic                    tea_req_ready_o,
  input  logic [PADDR_BITS-LINE_OFF_BITS-1:0] tea_req_line_i,
  input  logic [LINE_BITS-1:0]    tea_req_wdata_i,
  input  logic [LINE_BITS/64-1:0] tea_req_wmask_i,
  output logic                    tea_resp_valid_o,

  // to host_dma (its response data and error go to both)
  output logic                    req_valid_o,
  input  logic                    req_ready_i,
  output logic [PADDR_BITS-LINE_OFF_BITS-1:0] req_line_o,
  output logic                    req_write_o,
  output logic [LINE_BITS-1:0]    req_wdata_o,
  output logic [LINE_BITS/8-1:0]  req_wstrb_o,
  input  logic                    resp_valid_i
);
  logic                   tea_owns_q;   // the request host_dma holds is the sampler's
  logic [LINE_BITS/8-1:0] tea_wstrb;

  always_comb
    for (int i = 0; i < LINE_BITS / 64; i++) tea_wstrb[i*8 +: 8] = {8{tea_req_wmask_i[i]}};

  assign req_valid_o      = tea_req_valid_i || host_req_valid_i;
  assign req_line_o       = tea_req_valid_i ? tea_req_line_i : host_req_line_i;
  assign req_write_o      = tea_req_valid_i || host_req_write_i;
  assign req_wdata_o      = tea_req_valid_i ? tea_req_wdata_i : host_req_wdata_i;
  assign req_wstrb_o      = tea_req_valid_i ? tea_wstrb : host_req_wstrb_i;
  assign tea_req_ready_o  = tea_req_valid_i && req_ready_i;
  assign host_req_ready_o = !tea_req_valid_i && req_ready_i;
  assign tea_resp_valid_o  = resp_valid_i && tea_owns_q;
  assign host_resp_valid_o = resp_valid_i && !tea_owns_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni)                         tea_owns_q <= 1'b0;
    else if (req_valid_o && req_ready_i) tea_owns_q <= tea_req_valid_i;
  end
endmodule
