// The SoC (rtl/fpga/fpga_soc.sv) on a VCU118's DDR4 through the DDR4 IP
// (component ddr4_c1, boards/vcu118/ip.tcl: AXI4 slave of the board's
// width; the reference clock enters on its own pins). The core clock comes
// from the board top's MMCM; sys_rst_i (active high) resets the DDR4 IP
// and, through it, everything.
`include "board_settings.svh"

module ddr4_soc (
  input  logic                             c0_sys_clk_p,
  input  logic                             c0_sys_clk_n,
  input  logic                             sys_rst_i,
  input  logic                             core_clk_i,
  input  logic                             core_locked_i,
  input  logic                             uart_rx_i,
  output logic                             uart_tx_o,
  output logic [7:0]                       led_o,
  inout  wire  [BOARD_DDR_DQ_BITS-1:0]     c0_ddr4_dq,
  inout  wire  [BOARD_DDR_DQ_BITS/8-1:0]   c0_ddr4_dqs_c,
  inout  wire  [BOARD_DDR_DQ_BITS/8-1:0]   c0_ddr4_dqs_t,
  inout  wire  [BOARD_DDR_DQ_BITS/8-1:0]   c0_ddr4_dm_dbi_n,
  output logic                             c0_ddr4_act_n,
  output logic [BOARD_DDR_ADDR_BITS-1:0]   c0_ddr4_adr,
  output logic [1:0]                       c0_ddr4_ba,
  output logic [0:0]                       c0_ddr4_bg,
  output logic [0:0]                       c0_ddr4_cke,
  output logic [0:0]                       c0_ddr4_odt,
  output logic [0:0]                       c0_ddr4_cs_n,
  output logic [0:0]                       c0_ddr4_ck_t,
  output logic [0:0]                       c0_ddr4_ck_c,
  output logic                             c0_ddr4_reset_n
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

  ddr4_c1 u_mem (
    .c0_ddr4_dq, .c0_ddr4_dqs_c, .c0_ddr4_dqs_t, .c0_ddr4_dm_dbi_n, .c0_ddr4_act_n,
    .c0_ddr4_adr, .c0_ddr4_ba, .c0_ddr4_bg, .c0_ddr4_cke, .c0_ddr4_odt, .c0_ddr4_cs_n,
    .c0_ddr4_ck_t, .c0_ddr4_ck_c, .c0_ddr4_reset_n,
    .c0_sys_clk_p, .c0_sys_clk_n, .sys_rst(sys_rst_i),
    .c0_ddr4_ui_clk(mem_clk), .c0_ddr4_ui_clk_sync_rst(mem_rst),
    .c0_ddr4_aresetn(!mem_rst), .c0_init_calib_complete(mem_ready), .dbg_clk(), .dbg_bus(),
    .c0_ddr4_s_axi_awid(awid), .c0_ddr4_s_axi_awaddr(awaddr), .c0_ddr4_s_axi_awlen(awlen),
    .c0_ddr4_s_axi_awsize(awsize), .c0_ddr4_s_axi_awburst(awburst),
    .c0_ddr4_s_axi_awlock(1'b0), .c0_ddr4_s_axi_awcache(4'b0011),
    .c0_ddr4_s_axi_awprot(3'b000), .c0_ddr4_s_axi_awqos(4'b0000),
    .c0_ddr4_s_axi_awvalid(awvalid), .c0_ddr4_s_axi_awready(awready),
    .c0_ddr4_s_axi_wdata(wdata), .c0_ddr4_s_axi_wstrb(wstrb), .c0_ddr4_s_axi_wlast(wlast),
    .c0_ddr4_s_axi_wvalid(wvalid), .c0_ddr4_s_axi_wready(wready),
    .c0_ddr4_s_axi_bready(bready), .c0_ddr4_s_axi_bid(bid), .c0_ddr4_s_axi_bresp(bresp),
    .c0_ddr4_s_axi_bvalid(bvalid),
    .c0_ddr4_s_axi_arid(arid), .c0_ddr4_s_axi_araddr(araddr), .c0_ddr4_s_axi_arlen(arlen),
    .c0_ddr4_s_axi_arsize(arsize), .c0_ddr4_s_axi_arburst(arburst),
    .c0_ddr4_s_axi_arlock(1'b0), .c0_ddr4_s_axi_arcache(4'b0011),
    .c0_ddr4_s_axi_arprot(3'b000), .c0_ddr4_s_axi_arqos(4'b0000),
    .c0_ddr4_s_axi_arvalid(arvalid), .c0_ddr4_s_axi_arready(arready),
    .c0_ddr4_s_axi_rready(rready), .c0_ddr4_s_axi_rid(rid), .c0_ddr4_s_axi_rdata(rdata),
    .c0_ddr4_s_axi_rresp(rresp), .c0_ddr4_s_axi_rlast(rlast), .c0_ddr4_s_axi_rvalid(rvalid));

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
