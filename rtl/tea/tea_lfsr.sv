// Galois linear-feedback shift register: the pseudo-random source that
// jitters the TEA sampling period so that loops cannot alias with it.
// TAPS is the feedback polynomial without its x^WIDTH term; the default is
// x^16 + x^14 + x^13 + x^11 + 1, which has the maximal period 2^16 - 1.
module tea_lfsr #(
  parameter int unsigned WIDTH = 16,
  parameter logic [WIDTH-1:0] TAPS = 16'hB400,
  parameter logic [WIDTH-1:0] SEED = 1
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic             step_i,
  output logic [WIDTH-1:0] value_o
);
  logic [WIDTH-1:0] state_q, state_d;

  // Shift right; when the bit shifted out is one, fold the taps in.
  always_comb begin
    state_d = state_q;
    if (step_i) begin
      state_d = state_q >> 1;
      if (state_q[0]) state_d = state_d ^ TAPS;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) state_q <= SEED;
    else         state_q <= state_d;
  end

  assign value_o = state_q;
endmodule
