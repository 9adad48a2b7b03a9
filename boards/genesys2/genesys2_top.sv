// Digilent Genesys2 (board.conf): the 200 MHz oscillator through our
// IBUFDS feeds the MIG (system clock "No Buffer") and the core's MMCM; the
// SoC reaches the 1 GiB of DDR3 through the MIG (boards/xilinx/mig7_soc.sv).
// The CPU RESET button (active low) resets everything. Pins: genesys2.xdc,
// and mig.prj for the DDR3.
`include "board_settings.svh"

module genesys2_top (
  input  logic        sys_clk_p,
  input  logic        sys_clk_n,
  input  logic        cpu_resetn,
  input  logic        uart_rx,
  output logic        uart_tx,
  output logic [7:0]  led,
  inout  wire  [31:0] ddr3_dq,
  inout  wire  [3:0]  ddr3_dqs_n,
  inout  wire  [3:0]  ddr3_dqs_p,
  output logic [14:0] ddr3_addr,
  output logic [2:0]  ddr3_ba,
  output logic        ddr3_ras_n,
  output logic        ddr3_cas_n,
  output logic        ddr3_we_n,
  output logic        ddr3_reset_n,
  output logic [0:0]  ddr3_ck_p,
  output logic [0:0]  ddr3_ck_n,
  output logic [0:0]  ddr3_cke,
  output logic [0:0]  ddr3_cs_n,
  output logic [3:0]  ddr3_dm,
  output logic [0:0]  ddr3_odt
);
  logic sys_clk, core_clk, core_locked;

  IBUFDS u_sys_clk_buf (.I(sys_clk_p), .IB(sys_clk_n), .O(sys_clk));

  core_clock #(.IN_PERIOD_NS(BOARD_OSC_PERIOD_NS), .MULT(BOARD_MMCM_MULT),
               .DIV(BOARD_MMCM_DIV), .OUT_DIV(BOARD_MMCM_OUT_DIV)) u_clocks (
    .clk_i(sys_clk), .rst_i(!cpu_resetn), .clk_o(core_clk), .locked_o(core_locked));

  mig7_soc u_soc (
    .sys_clk_i(sys_clk), .sys_rst_i(!cpu_resetn), .core_clk_i(core_clk),
    .core_locked_i(core_locked), .uart_rx_i(uart_rx), .uart_tx_o(uart_tx), .led_o(led),
    .ddr3_dq, .ddr3_dqs_n, .ddr3_dqs_p, .ddr3_addr, .ddr3_ba, .ddr3_ras_n, .ddr3_cas_n,
    .ddr3_we_n, .ddr3_reset_n, .ddr3_ck_p, .ddr3_ck_n, .ddr3_cke, .ddr3_cs_n, .ddr3_dm,
    .ddr3_odt);
endmodule
