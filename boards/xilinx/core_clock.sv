// The core clock of a board: its oscillator (already through the input
// buffer) via a BUFG into an MMCM (u_mmcm, which the board's .xdc names),
// CLKOUT0 through a BUFG to the core. f_out = f_in * MULT / (DIV * OUT_DIV);
// the VCO (f_in * MULT / DIV) must stay in the MMCM's range: 600-1440 MHz
// on a 7-series -2 part, 800-1600 MHz on UltraScale+. ULTRASCALE picks
// MMCME4_BASE instead of MMCME2_BASE. locked_o rises once the output is
// stable.
module core_clock #(
  parameter int unsigned ULTRASCALE = 0,
  parameter real         IN_PERIOD_NS = 5.0,
  parameter real         MULT       = 5.0,
  parameter int unsigned DIV        = 1,
  parameter real         OUT_DIV    = 20.0
) (
  input  logic clk_i,
  input  logic rst_i,      // active high, as the MMCM's RST
  output logic clk_o,
  output logic locked_o
);
  logic clk_in, clk_fb, clk_out;

  BUFG u_in_buf (.I(clk_i), .O(clk_in));

  if (ULTRASCALE != 0) begin : g_us
    MMCME4_BASE #(
      .CLKIN1_PERIOD(IN_PERIOD_NS), .CLKFBOUT_MULT_F(MULT), .DIVCLK_DIVIDE(DIV),
      .CLKOUT0_DIVIDE_F(OUT_DIV)
    ) u_mmcm (
      .CLKIN1(clk_in), .CLKFBIN(clk_fb), .CLKFBOUT(clk_fb), .CLKOUT0(clk_out),
      .LOCKED(locked_o), .PWRDWN(1'b0), .RST(rst_i));
  end else begin : g_7series
    MMCME2_BASE #(
      .CLKIN1_PERIOD(IN_PERIOD_NS), .CLKFBOUT_MULT_F(MULT), .DIVCLK_DIVIDE(DIV),
      .CLKOUT0_DIVIDE_F(OUT_DIV)
    ) u_mmcm (
      .CLKIN1(clk_in), .CLKFBIN(clk_fb), .CLKFBOUT(clk_fb), .CLKOUT0(clk_out),
      .LOCKED(locked_o), .PWRDWN(1'b0), .RST(rst_i));
  end

  BUFG u_out_buf (.I(clk_out), .O(clk_o));
endmodule
