// Simulation model of the Xilinx MMCME2_BASE with the ports and parameters
// that the boards use (boards/xilinx/core_clock.sv); the clock comes from
// mmcm_model.sv.
module MMCME2_BASE #(
  parameter real         CLKIN1_PERIOD    = 5.0,
  parameter real         CLKFBOUT_MULT_F  = 5.0,
  parameter int unsigned DIVCLK_DIVIDE    = 1,
  parameter real         CLKOUT0_DIVIDE_F = 20.0
) (
  /* verilator lint_off UNUSEDSIGNAL */
  input  logic CLKIN1,
  input  logic CLKFBIN,
  input  logic PWRDWN,
  /* verilator lint_on UNUSEDSIGNAL */
  input  logic RST,
  output logic CLKFBOUT,
  output logic CLKOUT0,
  output logic LOCKED
);
  mmcm_model #(
    .CLKIN1_PERIOD(CLKIN1_PERIOD), .CLKFBOUT_MULT_F(CLKFBOUT_MULT_F),
    .DIVCLK_DIVIDE(DIVCLK_DIVIDE), .CLKOUT0_DIVIDE_F(CLKOUT0_DIVIDE_F)
  ) u_model (.RST, .CLKOUT0, .LOCKED);

  assign CLKFBOUT = 1'b0;
endmodule
