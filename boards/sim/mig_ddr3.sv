// Simulation model of the boards' DDR3 controller, the MIG 7-series IP as
// mig.prj configures it (component name mig_ddr3, AXI4 slave, system clock
// "No Buffer", reference clock from the system clock, XADC on): the same
// ports, with the board's widths from board_settings.svh; the memory
// behind the AXI port is the simulator's DRAM model (mem_ctrl_model.sv).
// The DDR3 pins are left undriven and the maintenance requests ignored.
`include "board_settings.svh"

module mig_ddr3 (
  /* verilator lint_off UNDRIVEN */
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
  output logic [0:0]                       ddr3_odt,
  output logic                             app_sr_active,
  output logic                             app_ref_ack,
  output logic                             app_zq_ack,
  output logic [11:0]                      device_temp,
  /* verilator lint_on UNDRIVEN */
  /* verilator lint_off UNUSEDSIGNAL */
  input  logic                             sys_clk_i,
  input  logic                             aresetn,
  input  logic                             app_sr_req,
  input  logic                             app_ref_req,
  input  logic                             app_zq_req,
  input  logic [1:0]                       s_axi_awburst,
  input  logic [0:0]                       s_axi_awlock,
  input  logic [3:0]                       s_axi_awcache,
  input  logic [2:0]                       s_axi_awprot,
  input  logic [3:0]                       s_axi_awqos,
  input  logic [1:0]                       s_axi_arburst,
  input  logic [0:0]                       s_axi_arlock,
  input  logic [3:0]                       s_axi_arcache,
  input  logic [2:0]                       s_axi_arprot,
  input  logic [3:0]                       s_axi_arqos,
  /* verilator lint_on UNUSEDSIGNAL */
  input  logic                             sys_rst,
  output logic                             ui_clk,
  output logic                             ui_clk_sync_rst,
  output logic                             mmcm_locked,
  output logic                             init_calib_complete,
  input  logic [3:0]                       s_axi_awid,
  input  logic [BOARD_MEM_ADDR_BITS-1:0]   s_axi_awaddr,
  input  logic [7:0]                       s_axi_awlen,
  input  logic [2:0]                       s_axi_awsize,
  input  logic                             s_axi_awvalid,
  output logic                             s_axi_awready,
  input  logic [BOARD_MEM_DATA_BITS-1:0]   s_axi_wdata,
  input  logic [BOARD_MEM_DATA_BITS/8-1:0] s_axi_wstrb,
  input  logic                             s_axi_wlast,
  input  logic                             s_axi_wvalid,
  output logic                             s_axi_wready,
  input  logic                             s_axi_bready,
  output logic [3:0]                       s_axi_bid,
  output logic [1:0]                       s_axi_bresp,
  output logic                             s_axi_bvalid,
  input  logic [3:0]                       s_axi_arid,
  input  logic [BOARD_MEM_ADDR_BITS-1:0]   s_axi_araddr,
  input  logic [7:0]                       s_axi_arlen,
  input  logic [2:0]                       s_axi_arsize,
  input  logic                             s_axi_arvalid,
  output logic                             s_axi_arready,
  input  logic                             s_axi_rready,
  output logic [3:0]                       s_axi_rid,
  output logic [BOARD_MEM_DATA_BITS-1:0]   s_axi_rdata,
  output logic [1:0]                       s_axi_rresp,
  output logic                             s_axi_rlast,
  output logic                             s_axi_rvalid
);
  mem_ctrl_model #(.UI_HZ(BOARD_MEM_UI_HZ), .DATA_BITS(BOARD_MEM_DATA_BITS), .ID_BITS(4),
                   .ADDR_BITS(BOARD_MEM_ADDR_BITS)) u_model (
    .sys_rst_i(sys_rst), .ui_clk_o(ui_clk), .ui_rst_o(ui_clk_sync_rst),
    .calib_done_o(init_calib_complete),
    .s_axi_awvalid, .s_axi_awready, .s_axi_awaddr, .s_axi_awid, .s_axi_awlen, .s_axi_awsize,
    .s_axi_wvalid, .s_axi_wready, .s_axi_wdata, .s_axi_wstrb, .s_axi_wlast, .s_axi_bvalid,
    .s_axi_bready, .s_axi_bid, .s_axi_bresp, .s_axi_arvalid, .s_axi_arready, .s_axi_araddr,
    .s_axi_arid, .s_axi_arlen, .s_axi_arsize, .s_axi_rvalid, .s_axi_rready, .s_axi_rdata,
    .s_axi_rid, .s_axi_rresp, .s_axi_rlast);

  assign mmcm_locked = !sys_rst;
endmodule
