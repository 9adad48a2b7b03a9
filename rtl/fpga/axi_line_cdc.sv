// The SoC's memory port (AXI4, one whole line per beat, as the LLC issues
// it: single-beat bursts) carried from the core's clock to the memory
// controller's, each channel through its own async_fifo. Only what varies
// crosses (address and id, data and strobes, id and response); the burst
// fields are the same for every request and are driven again on the far
// side.
`include "mem_types.svh"

module axi_line_cdc #(
  parameter int unsigned ID_BITS = 4,
  parameter int unsigned DEPTH   = 4
) (
  input  logic                     s_clk_i,
  input  logic                     s_rst_ni,
  input  logic                     s_axi_awvalid,
  output logic                     s_axi_awready,
  input  logic [PADDR_BITS-1:0]    s_axi_awaddr,
  input  logic [ID_BITS-1:0]       s_axi_awid,
  input  logic                     s_axi_wvalid,
  output logic                     s_axi_wready,
  input  logic [LINE_BITS-1:0]     s_axi_wdata,
  input  logic [LINE_BITS/8-1:0]   s_axi_wstrb,
  output logic                     s_axi_bvalid,
  input  logic                     s_axi_bready,
  output logic [ID_BITS-1:0]       s_axi_bid,
  output logic [1:0]               s_axi_bresp,
  input  logic                     s_axi_arvalid,
  output logic                     s_axi_arready,
  input  logic [PADDR_BITS-1:0]    s_axi_araddr,
  input  logic [ID_BITS-1:0]       s_axi_arid,
  output logic                     s_axi_rvalid,
  input  logic                     s_axi_rready,
  output logic [LINE_BITS-1:0]     s_axi_rdata,
  output logic [ID_BITS-1:0]       s_axi_rid,
  output logic [1:0]               s_axi_rresp,

  input  logic                     m_clk_i,
  input  logic                     m_rst_ni,
  output logic                     m_axi_awvalid,
  input  logic                     m_axi_awready,
  output logic [PADDR_BITS-1:0]    m_axi_awaddr,
  output logic [ID_BITS-1:0]       m_axi_awid,
  output logic                     m_axi_wvalid,
  input  logic                     m_axi_wready,
  output logic [LINE_BITS-1:0]     m_axi_wdata,
  output logic [LINE_BITS/8-1:0]   m_axi_wstrb,
  input  logic                     m_axi_bvalid,
  output logic                     m_axi_bready,
  input  logic [ID_BITS-1:0]       m_axi_bid,
  input  logic [1:0]               m_axi_bresp,
  output logic                     m_axi_arvalid,
  input  logic                     m_axi_arready,
  output logic [PADDR_BITS-1:0]    m_axi_araddr,
  output logic [ID_BITS-1:0]       m_axi_arid,
  input  logic                     m_axi_rvalid,
  output logic                     m_axi_rready,
  input  logic [LINE_BITS-1:0]     m_axi_rdata,
  input  logic [ID_BITS-1:0]       m_axi_rid,
  input  logic [1:0]               m_axi_rresp
);
  localparam int unsigned AWB = PADDR_BITS + ID_BITS;
  localparam int unsigned WB  = LINE_BITS + LINE_BITS / 8;
  localparam int unsigned BB  = ID_BITS + 2;
  localparam int unsigned RB  = LINE_BITS + ID_BITS + 2;

  async_fifo #(.WIDTH(AWB), .DEPTH(DEPTH)) u_aw (
    .wclk_i(s_clk_i), .wrst_ni(s_rst_ni), .wvalid_i(s_axi_awvalid), .wready_o(s_axi_awready),
    .wdata_i({s_axi_awaddr, s_axi_awid}),
    .rclk_i(m_clk_i), .rrst_ni(m_rst_ni), .rvalid_o(m_axi_awvalid), .rready_i(m_axi_awready),
    .rdata_o({m_axi_awaddr, m_axi_awid}));

  async_fifo #(.WIDTH(WB), .DEPTH(DEPTH)) u_w (
    .wclk_i(s_clk_i), .wrst_ni(s_rst_ni), .wvalid_i(s_axi_wvalid), .wready_o(s_axi_wready),
    .wdata_i({s_axi_wdata, s_axi_wstrb}),
    .rclk_i(m_clk_i), .rrst_ni(m_rst_ni), .rvalid_o(m_axi_wvalid), .rready_i(m_axi_wready),
    .rdata_o({m_axi_wdata, m_axi_wstrb}));

  async_fifo #(.WIDTH(BB), .DEPTH(DEPTH)) u_b (
    .wclk_i(m_clk_i), .wrst_ni(m_rst_ni), .wvalid_i(m_axi_bvalid), .wready_o(m_axi_bready),
    .wdata_i({m_axi_bid, m_axi_bresp}),
    .rclk_i(s_clk_i), .rrst_ni(s_rst_ni), .rvalid_o(s_axi_bvalid), .rready_i(s_axi_bready),
    .rdata_o({s_axi_bid, s_axi_bresp}));

  async_fifo #(.WIDTH(AWB), .DEPTH(DEPTH)) u_ar (
    .wclk_i(s_clk_i), .wrst_ni(s_rst_ni), .wvalid_i(s_axi_arvalid), .wready_o(s_axi_arready),
    .wdata_i({s_axi_araddr, s_axi_arid}),
    .rclk_i(m_clk_i), .rrst_ni(m_rst_ni), .rvalid_o(m_axi_arvalid), .rready_i(m_axi_arready),
    .rdata_o({m_axi_araddr, m_axi_arid}));

  async_fifo #(.WIDTH(RB), .DEPTH(DEPTH)) u_r (
    .wclk_i(m_clk_i), .wrst_ni(m_rst_ni), .wvalid_i(m_axi_rvalid), .wready_o(m_axi_rready),
    .wdata_i({m_axi_rdata, m_axi_rid, m_axi_rresp}),
    .rclk_i(s_clk_i), .rrst_ni(s_rst_ni), .rvalid_o(s_axi_rvalid), .rready_i(s_axi_rready),
    .rdata_o({s_axi_rdata, s_axi_rid, s_axi_rresp}));
endmodule
