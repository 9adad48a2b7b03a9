// Xilinx VCU118 (board.conf), the large core configuration: the 125 MHz
// oscillator through our IBUFDS and the MMCM makes the core clock; the SoC
// reaches the 2 GiB of DDR4 on interface C1 through the DDR4 IP
// (boards/xilinx/ddr4_soc.sv), whose 250 MHz reference clock has its own
// pins. The CPU_RESET button (active high) resets everything. Pins:
// vcu118.xdc.
`include "board_settings.svh"

module vcu118_top (
  input  logic        clk_125_p,
  input  logic        clk_125_n,
  input  logic        c0_sys_clk_p,
  input  logic        c0_sys_clk_n,
  input  logic        cpu_reset,
  input  logic        uart_rx,
  output logic        uart_tx,
  output logic [7:0]  led,
  inout  wire  [63:0] c0_ddr4_dq,
  inout  wire  [7:0]  c0_ddr4_dqs_c,
  inout  wire  [7:0]  c0_ddr4_dqs_t,
  inout  wire  [7:0]  c0_ddr4_dm_dbi_n,
  output logic        c0_ddr4_act_n,
  output logic [16:0] c0_ddr4_adr,
  output logic [1:0]  c0_ddr4_ba,
  output logic [0:0]  c0_ddr4_bg,
  output logic [0:0]  c0_ddr4_cke,
  output logic [0:0]  c0_ddr4_odt,
  output logic [0:0]  c0_ddr4_cs_n,
  output logic [0:0]  c0_ddr4_ck_t,
  output logic [0:0]  c0_ddr4_ck_c,
  output logic        c0_ddr4_reset_n
);
  logic clk_125, core_clk, core_locked;

  IBUFDS u_clk_125_buf (.I(clk_125_p), .IB(clk_125_n), .O(clk_125));

  core_clock #(.ULTRASCALE(1), .IN_PERIOD_NS(BOARD_OSC_PERIOD_NS), .MULT(BOARD_MMCM_MULT),
               .DIV(BOARD_MMCM_DIV), .OUT_DIV(BOARD_MMCM_OUT_DIV)) u_clocks (
    .clk_i(clk_125), .rst_i(cpu_reset), .clk_o(core_clk), .locked_o(core_locked));

  ddr4_soc u_soc (
    .c0_sys_clk_p, .c0_sys_clk_n, .sys_rst_i(cpu_reset), .core_clk_i(core_clk),
    .core_locked_i(core_locked), .uart_rx_i(uart_rx), .uart_tx_o(uart_tx), .led_o(led),
    .c0_ddr4_dq, .c0_ddr4_dqs_c, .c0_ddr4_dqs_t, .c0_ddr4_dm_dbi_n, .c0_ddr4_act_n,
    .c0_ddr4_adr, .c0_ddr4_ba, .c0_ddr4_bg, .c0_ddr4_cke, .c0_ddr4_odt, .c0_ddr4_cs_n,
    .c0_ddr4_ck_t, .c0_ddr4_ck_c, .c0_ddr4_reset_n);
endmodule
