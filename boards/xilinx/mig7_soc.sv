// The SoC (rtl/fpga/fpga_soc.sv) on a 7-series board's DDR3 through the
// MIG (component mig_ddr3, the board's mig.prj: AXI4 slave of the board's
// width, system clock "No Buffer" from sys_clk_i, reference clock from the
// system clock). The core clock comes from the board top's MMCM; sys_rst_i
// (active high) resets the MIG and, through it, everything.
`include "board_settings.svh"

module mig7_soc (
  input  logic                             sys_clk_i,
  input  logic                             sys_rst_i,
  input  logic                             core_clk_i,
  input  logic                             core_locked_i,
  input  logic                             uart_rx_i,
  output logic                             uart_tx_o,
  output logic [7:0]                       led_o,
  inout  wire  [BOARD_DDR_DQ_BITS-1:0]     ddr3_dq,
  inout  wire  [BOARD_DDR_DQ_BITS/8-1:0]   ddr3_dqs_n,
  inout  wire  [BOARD_DDR_DQ_BITS/8-1:0]   ddr3_dqs_p,
  output logic [BOARD_DDR_ADDR_BITS-1:0]   ddr3_addr,
  output logic [2:0]                       ddr3_ba,
  output logic                             ddr3_ras_n,
  output logic                             ddr3_cas_n,
  output logic                             ddr3_we_n,
  output logic                             ddr3_reset_n,
  output logic [0:0]                       ddr3_ck_p,
  output logic [0:0]                       ddr3_ck_n,
  output logic [0:0]                       ddr3_cke,
  output logic [0:0]                       ddr3_cs_n,
  output logic [BOARD_DDR_DQ_BITS/8-1:0]   ddr3_dm,
  output logic [0:0]                       ddr3_odt
);
  localparam int unsigned DB = BOARD_MEM_DATA_BITS;
  localparam int unsigned AB = BOARD_MEM_ADDR_BITS;

  logic          mem_clk, mem_rst, mem_ready;
  logic          awvalid, awready, wvalid, wready, wlast, bvalid, bready;
  logic          arvalid, arready, rvalid, rready, rlast;
  logic [AB-1:0] awaddr, araddr;
  logic [3:0]    awid, bid, arid, rid;
  logic [7:0]    awlen, arlen;
  logic [2:0]    awsize, arsize;
  logic [1:0]    awburst, arburst, bresp, rresp;
  logic [DB-1:0] wdata, rdata;
  logic [DB/8-1:0] wstrb;

  mig_ddr3 u_mem (
    .ddr3_dq, .ddr3_dqs_n, .ddr3_dqs_p, .ddr3_addr, .ddr3_ba, .ddr3_ras_n, .ddr3_cas_n,
    .ddr3_we_n, .ddr3_reset_n, .ddr3_ck_p, .ddr3_ck_n, .ddr3_cke, .ddr3_cs_n, .ddr3_dm,
    .ddr3_odt,
    .sys_clk_i, .sys_rst(sys_rst_i),
    .ui_clk(mem_clk), .ui_clk_sync_rst(mem_rst), .mmcm_locked(), .aresetn(!mem_rst),
    .init_calib_complete(mem_ready), .device_temp(),
    .app_sr_req(1'b0), .app_ref_req(1'b0), .app_zq_req(1'b0),
    .app_sr_active(), .app_ref_ack(), .app_zq_ack(),
    .s_axi_awid(awid), .s_axi_awaddr(awaddr), .s_axi_awlen(awlen), .s_axi_awsize(awsize),
    .s_axi_awburst(awburst), .s_axi_awlock(1'b0), .s_axi_awcache(4'b0011),
    .s_axi_awprot(3'b000), .s_axi_awqos(4'b0000), .s_axi_awvalid(awvalid),
    .s_axi_awready(awready),
    .s_axi_wdata(wdata), .s_axi_wstrb(wstrb), .s_axi_wlast(wlast), .s_axi_wvalid(wvalid),
    .s_axi_wready(wready),
    .s_axi_bready(bready), .s_axi_bid(bid), .s_axi_bresp(bresp), .s_axi_bvalid(bvalid),
    .s_axi_arid(arid), .s_axi_araddr(araddr), .s_axi_arlen(arlen), .s_axi_arsize(arsize),
    .s_axi_arburst(arburst), .s_axi_arlock(1'b0), .s_axi_arcache(4'b0011),
    .s_axi_arprot(3'b000), .s_axi_arqos(4'b0000), .s_axi_arvalid(arvalid),
    .s_axi_arready(arready),
    .s_axi_rready(rready), .s_axi_rid(rid), .s_axi_rdata(rdata), .s_axi_rresp(rresp),
    .s_axi_rlast(rlast), .s_axi_rvalid(rvalid));

  fpga_soc #(
    .CORE_HZ(BOARD_CORE_HZ), .MEM_DATA_BITS(DB), .MEM_ADDR_BITS(AB),
    .MEM_BYTES(BOARD_MEM_BYTES), .UART_DIVISOR(BOARD_UART_DIVISOR),
    .BOOTROM_INIT(BOARD_BOOTROM)
  ) u_soc (
    .core_clk_i, .core_rst_ni(core_locked_i), .mem_clk_i(mem_clk), .mem_rst_ni(!mem_rst),
    .mem_ready_i(mem_ready),
    .m_axi_awvalid(awvalid), .m_axi_awready(awready), .m_axi_awaddr(awaddr),
    .m_axi_awid(awid), .m_axi_awlen(awlen), .m_axi_awsize(awsize), .m_axi_awburst(awburst),
    .m_axi_wvalid(wvalid), .m_axi_wready(wready), .m_axi_wdata(wdata), .m_axi_wstrb(wstrb),
    .m_axi_wlast(wlast), .m_axi_bvalid(bvalid), .m_axi_bready(bready), .m_axi_bid(bid),
    .m_axi_bresp(bresp), .m_axi_arvalid(arvalid), .m_axi_arready(arready),
    .m_axi_araddr(araddr), .m_axi_arid(arid), .m_axi_arlen(arlen), .m_axi_arsize(arsize),
    .m_axi_arburst(arburst), .m_axi_rvalid(rvalid), .m_axi_rready(rready),
    .m_axi_rdata(rdata), .m_axi_rid(rid), .m_axi_rresp(rresp), .m_axi_rlast(rlast),
    .uart_tx_o, .uart_rx_i, .led_o);
endmodule
