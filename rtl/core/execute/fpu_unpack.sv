`include "fpu_types.svh"

// Classifies one binary32 or binary64 operand and unpacks a finite nonzero
// one to value = sig * 2^exp, with sig normalized (top bit set) also for
// subnormals, so that the arithmetic after it never sees a subnormal. A
// binary32 operand is the low 32 bits of bits_i; its significand is widened
// to FP_SIG_W bits by zeros below, and exp compensates.
module fpu_unpack #(
  parameter int unsigned SIG_W = FP_SIG_W,
  parameter int unsigned EXP_W = FP_EXP_W
) (
  input  logic                    fmt_i,    // 0: binary32, 1: binary64
  input  logic [63:0]             bits_i,
  output logic                    sign_o,
  output logic                    zero_o,
  output logic                    inf_o,
  output logic                    nan_o,
  output logic                    snan_o,
  output logic [SIG_W-1:0]        sig_o,    // normalized; 0 for a zero
  output logic signed [EXP_W-1:0] exp_o
);
  localparam int unsigned FRAC_W = SIG_W - 1;
  localparam int unsigned LZ_W   = $clog2(SIG_W + 1);
  localparam int unsigned S_FRAC = 23;  // binary32 fraction bits
  localparam int unsigned D_EXPW = 11;  // binary64 exponent field bits

  // Number of leading zeros of a significand (SIG_W for 0).
  function automatic logic [LZ_W-1:0] lzc(input logic [SIG_W-1:0] x);
    lzc = LZ_W'(SIG_W);
    for (int i = 0; i < SIG_W; i++) begin
      if (x[i]) lzc = LZ_W'(SIG_W - 1 - i);
    end
  endfunction

  logic [D_EXPW-1:0]       efield;   // biased exponent field, zero-extended
  logic [FRAC_W-1:0]       frac;     // fraction field, left-aligned
  logic                    ones;     // exponent field all ones
  logic signed [EXP_W-1:0] bias;
  logic [SIG_W-1:0]        sig_raw;
  logic [LZ_W-1:0]         lz;

  always_comb begin
    if (fmt_i) begin
      sign_o = bits_i[63];
      efield = bits_i[62:52];
      frac   = bits_i[51:0];
      ones   = &bits_i[62:52];
      bias   = EXP_W'(1023);
    end else begin
      sign_o = bits_i[31];
      efield = {3'b0, bits_i[30:23]};
      frac   = {bits_i[22:0], (FRAC_W - S_FRAC)'(0)};
      ones   = &bits_i[30:23];
      bias   = EXP_W'(127);
    end
  end

  // The quiet bit is the fraction's top bit in both formats.
  assign zero_o = efield == '0 && frac == '0;
  assign inf_o  = ones && frac == '0;
  assign nan_o  = ones && frac != '0;
  assign snan_o = nan_o && !frac[FRAC_W-1];

  // A subnormal has the exponent of the smallest normal and no hidden bit.
  assign sig_raw = {efield != '0, frac};
  assign lz      = lzc(sig_raw);
  assign sig_o   = sig_raw << lz;
  assign exp_o   = (efield == '0 ? EXP_W'(1) : EXP_W'(efield)) - bias - EXP_W'(FRAC_W)
                   - EXP_W'(lz);
endmodule
