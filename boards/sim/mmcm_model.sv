// What the MMCM models share (MMCME2_BASE.sv, MMCME4_BASE.sv): CLKOUT0 at
// f_in * MULT / (DIV * OUT_DIV), from the parameters alone (the model
// neither follows the input's edges nor its phase), LOCKED LOCK_CYCLES
// output cycles after RST falls. Simulation only (timing: delays).
module mmcm_model #(
  parameter real         CLKIN1_PERIOD    = 5.0,   // ns
  parameter real         CLKFBOUT_MULT_F  = 5.0,
  parameter int unsigned DIVCLK_DIVIDE    = 1,
  parameter real         CLKOUT0_DIVIDE_F = 20.0,
  parameter int unsigned LOCK_CYCLES      = 64
) (
  input  logic RST,
  output logic CLKOUT0,
  output logic LOCKED
);
  localparam real OUT_PERIOD_PS = CLKIN1_PERIOD * 1000.0 * $itor(DIVCLK_DIVIDE) *
                                  CLKOUT0_DIVIDE_F / CLKFBOUT_MULT_F;
  localparam int unsigned HALF_PS = $rtoi(OUT_PERIOD_PS / 2.0);

  logic clk = 1'b0;
  int unsigned cycles = 0;

  initial forever #(HALF_PS) clk = !clk;

  always @(posedge clk or posedge RST) begin
    if (RST) cycles <= 0;
    else if (cycles < LOCK_CYCLES) cycles <= cycles + 1;
  end

  assign CLKOUT0 = clk;
  assign LOCKED  = !RST && cycles == LOCK_CYCLES;
endmodule
