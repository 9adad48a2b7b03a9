// What the memory controller models share (boards/sim/mig_ddr3.sv,
// ddr4_c1.sv): the user clock, its reset and calibration, and the AXI4
// slave (axi_mem_model.sv). The user clock runs at UI_HZ, 0.1% slow, so
// that against the core clock, which the MMCM model makes from the board's
// figures, the two domains meet at every phase over a run, as two clocks
// from unrelated oscillators do. ui_rst_o holds for 16 user clock cycles
// after sys_rst_i falls; calibration completes 256 cycles later.
// Simulation only (timing: delays).
module mem_ctrl_model #(
  parameter int unsigned UI_HZ     = 200_000_000,
  parameter int unsigned DATA_BITS = 256,
  parameter int unsigned ID_BITS   = 4,
  parameter int unsigned ADDR_BITS = 30,
  localparam int unsigned SB       = DATA_BITS / 8
) (
  input  logic                 sys_rst_i,      // active high
  output logic                 ui_clk_o,
  output logic                 ui_rst_o,
  output logic                 calib_done_o,

  input  logic                 s_axi_awvalid,
  output logic                 s_axi_awready,
  input  logic [ADDR_BITS-1:0] s_axi_awaddr,
  input  logic [ID_BITS-1:0]   s_axi_awid,
  input  logic [7:0]           s_axi_awlen,
  input  logic [2:0]           s_axi_awsize,
  input  logic                 s_axi_wvalid,
  output logic                 s_axi_wready,
  input  logic [DATA_BITS-1:0] s_axi_wdata,
  input  logic [SB-1:0]        s_axi_wstrb,
  input  logic                 s_axi_wlast,
  output logic                 s_axi_bvalid,
  input  logic                 s_axi_bready,
  output logic [ID_BITS-1:0]   s_axi_bid,
  output logic [1:0]           s_axi_bresp,
  input  logic                 s_axi_arvalid,
  output logic                 s_axi_arready,
  input  logic [ADDR_BITS-1:0] s_axi_araddr,
  input  logic [ID_BITS-1:0]   s_axi_arid,
  input  logic [7:0]           s_axi_arlen,
  input  logic [2:0]           s_axi_arsize,
  output logic                 s_axi_rvalid,
  input  logic                 s_axi_rready,
  output logic [DATA_BITS-1:0] s_axi_rdata,
  output logic [ID_BITS-1:0]   s_axi_rid,
  output logic [1:0]           s_axi_rresp,
  output logic                 s_axi_rlast
);
  localparam int unsigned HALF_PS = $rtoi(1.0e12 / $itor(UI_HZ) / 2.0 * 1.001);

  logic clk = 1'b0;
  int unsigned cycles = 0;

  initial forever #(HALF_PS) clk = !clk;

  always @(posedge clk or posedge sys_rst_i) begin
    if (sys_rst_i) cycles <= 0;
    else if (cycles < 272) cycles <= cycles + 1;
  end

  assign ui_clk_o     = clk;
  assign ui_rst_o     = cycles < 16;
  assign calib_done_o = cycles == 272;

  axi_mem_model #(.DATA_BITS(DATA_BITS), .ID_BITS(ID_BITS), .ADDR_BITS(ADDR_BITS)) u_axi (
    .clk_i(clk), .s_axi_awvalid, .s_axi_awready, .s_axi_awaddr, .s_axi_awid, .s_axi_awlen,
    .s_axi_awsize, .s_axi_wvalid, .s_axi_wready, .s_axi_wdata, .s_axi_wstrb, .s_axi_wlast,
    .s_axi_bvalid, .s_axi_bready, .s_axi_bid, .s_axi_bresp, .s_axi_arvalid, .s_axi_arready,
    .s_axi_araddr, .s_axi_arid, .s_axi_arlen, .s_axi_arsize, .s_axi_rvalid, .s_axi_rready,
    .s_axi_rdata, .s_axi_rid, .s_axi_rresp, .s_axi_rlast);
endmodule
