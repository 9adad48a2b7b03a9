`include "fpu_types.svh"

// Rounds sign * sig * 2^(exp - 63 - bias) (sig_i normalized: bit 63 set) to
// binary32 or binary64 under rm_i and packs it, with the flags IEEE 754
// asks for and RISC-V's tininess rule (detected after rounding). An
// arithmetic unit that dropped nonzero bits ORs them into bit 0 of sig_i;
// that bit then lies far below the round bit (bit 10 for binary64, bit 39
// for binary32), so it acts as the sticky bit. Combinational: the caller
// places its pipeline registers.
module fpu_round #(
  parameter int unsigned EXP_W = FP_EXP_W
) (
  input  logic                    fmt_i,     // 0: binary32, 1: binary64
  input  logic [2:0]              rm_i,
  input  logic                    sign_i,
  input  logic signed [EXP_W-1:0] exp_i,     // biased exponent of sig_i[63]
  input  logic [63:0]             sig_i,
  output logic [63:0]             result_o,  // binary32: upper 32 bits zero
  output logic [4:0]              flags_o
);
  localparam int unsigned SH_W = 7;  // shifts up to 127: beyond 64 all is sticky

  logic [5:0]              prec;      // p: significand bits, hidden bit included
  logic [5:0]              base;      // 64 - p: the shift to p bits
  logic signed [EXP_W-1:0] exp_ones;  // biased exponent of infinities
  logic                    subnormal;
  logic signed [EXP_W-1:0] sub_shift;
  logic [SH_W-1:0]         shift;
  logic [63:0]             kept, dropped, kept_r;
  logic                    rnd, stk, inexact, up, carry;
  logic                    overflow, to_inf, tiny;
  logic [63:0]             kept_p;    // sig_i rounded to p bits, exponent unbounded
  logic                    rnd_p, stk_p, up_p;
  logic [62:0]             mag;       // exponent and fraction fields
  logic [62:0]             inf_mag;
  logic [EXP_W-1:0]        exp_field;  // exp - 1, for a normal result

  assign prec     = fmt_i ? 6'd53 : 6'd24;
  assign base     = 6'd0 - prec;  // 64 - p in six bits
  assign exp_ones = fmt_i ? EXP_W'(2047) : EXP_W'(255);

  // Below the normal range the result keeps fewer bits: 1 - exp more are
  // dropped, so the leading bit lands where 2^emin would be a hidden bit.
  assign subnormal = exp_i < EXP_W'(1);
  assign sub_shift = EXP_W'(base) + EXP_W'(1) - exp_i;
  assign shift     = !subnormal ? SH_W'(base)
                   : sub_shift > EXP_W'(127) ? SH_W'(127) : SH_W'(sub_shift);
  assign {kept, dropped} = {sig_i, 64'b0} >> shift;

  assign rnd     = dropped[63];
  assign stk     = dropped[62:0] != '0;
  assign inexact = rnd | stk;
  assign up      = fp_round_up(rm_i, sign_i, rnd, stk, kept[0]);
  assign kept_r  = kept + 64'(up);
  // Rounding up all ones carries into a new leading bit: one exponent more.
  assign carry   = kept_r[prec];

  // Tininess after rounding: a result below 2^emin is tiny unless rounding
  // it to p bits with an unbounded exponent reaches 2^emin, which only a
  // value whose leading bit is just below 2^emin and whose p bits are all
  // ones can do.
  assign kept_p = sig_i >> base;
  assign rnd_p  = sig_i[base - 6'd1];
  assign stk_p  = (sig_i & ((64'd1 << (base - 6'd1)) - 64'd1)) != '0;
  assign up_p   = fp_round_up(rm_i, sign_i, rnd_p, stk_p, 1'b1);
  assign tiny   = exp_i < EXP_W'(0) || !(up_p && kept_p == (64'd1 << prec) - 64'd1);

  assign overflow = !subnormal && exp_i + $signed(EXP_W'(carry)) >= exp_ones;
  assign to_inf   = rm_i == FP_RM_RNE || rm_i == FP_RM_RMM || (rm_i == FP_RM_RUP && !sign_i) ||
                    (rm_i == FP_RM_RDN && sign_i);
  assign inf_mag  = 63'(exp_ones) << (prec - 6'd1);
  assign exp_field = exp_i - EXP_W'(1);

  // The fraction's hidden bit adds one to the exponent field (so a normal
  // result packs exp - 1), and the carry of a subnormal rounded up to 2^emin
  // makes the smallest normal.
  always_comb begin
    if (overflow) mag = to_inf ? inf_mag : inf_mag - 63'd1;
    else if (subnormal) mag = kept_r[62:0];
    else mag = (63'(exp_field) << (prec - 6'd1)) + kept_r[62:0];
  end

  assign result_o = fmt_i ? {sign_i, mag} : {32'b0, sign_i, mag[30:0]};

  always_comb begin
    flags_o = '0;
    flags_o[FP_FLAG_NX] = inexact | overflow;
    flags_o[FP_FLAG_OF] = overflow;
    flags_o[FP_FLAG_UF] = subnormal & inexact & tiny;
  end
endmodule
