`include "core_types.svh"
`include "fpu_types.svh"

// The FPU's conversions, comparisons and bit operations (fcv_op_e), for
// binary32 and binary64, bit-exact, flags included, with sim/iss/ieee754.c
// (and, for the sign injections and moves, with sim/iss/execute_fp.c):
//   fcvt.{w,wu,l,lu}.{s,d}  float to integer, RISC-V's saturation: NaN and
//                           +overflow give the largest value, -overflow the
//                           smallest (0 unsigned), with NV; otherwise NX
//                           when inexact. 32-bit results sign-extended.
//   fcvt.{s,d}.{w,wu,l,lu}  integer (int_i) to float, rounded under rm_i
//   fcvt.s.d, fcvt.d.s      fmt_i is the result's format, a_i the other's
//   fmin, fmax              -0 < +0; one NaN gives the other operand
//   feq, flt, fle           0 or 1; NV for a signaling NaN (feq) or any NaN
//   fclass                  the 10-bit mask
//   fsgnj, fsgnjn, fsgnjx   and the moves fmv.x.{w,d}, fmv.{w,d}.x
// Operands are raw bits: a binary32 operand is the low 32 bits of a_i/b_i
// (the caller has NaN-unboxed it); a binary32 result has its upper 32 bits
// zero, an integer result (to-int, compare, class, fmv.x) uses all 64.
//
// Two stages; one operation may enter every cycle and leaves exactly
// LATENCY cycles later; flush_i drops every operation in flight.
//   stage 1: operands classified; comparisons, class, sign injection and
//            moves finished, as are the special cases of the conversions
//            (NaN, infinity, zero, too big); float to integer: the
//            significand shifted to the binary point (round and sticky
//            bits kept); integer to float: magnitude normalized
//   stage 2: float to integer: rounded, range-checked, negated; integer to
//            float and float to float: rounded and packed by fpu_round
module fpu_convert #(
  parameter int unsigned TAG_W = $clog2(CFG_ROB_ENTRIES)
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic             flush_i,
  input  logic             valid_i,
  input  logic [4:0]       op_i,      // fcv_op_e
  input  logic             fmt_i,     // 0: binary32 (low 32 bits), 1: binary64
  input  logic [2:0]       rm_i,      // resolved: FP_RM_RNE .. FP_RM_RMM
  input  logic [63:0]      a_i,
  input  logic [63:0]      b_i,
  input  logic [63:0]      int_i,     // integer operand: fcvt.{s,d}.*, fmv.{w,d}.x
  input  logic [TAG_W-1:0] tag_i,
  output logic             valid_o,
  output logic [63:0]      result_o,
  output logic [4:0]       flags_o,
  output logic [TAG_W-1:0] tag_o
);
  localparam int unsigned LATENCY = FPU_CONVERT_LATENCY;
  localparam int unsigned SIG_W   = FP_SIG_W;
  localparam int unsigned EXP_W   = FP_EXP_W;
  localparam int unsigned SH_W    = 13;  // float to integer shift, signed
  localparam int unsigned LZ_W    = 7;   // leading zeros of 64 bits: 0..64

  // Leading zeros of a 64-bit integer (64 for 0).
  function automatic logic [LZ_W-1:0] lzc64(input logic [63:0] x);
    lzc64 = LZ_W'(64);
    for (int i = 0; i < 64; i++) begin
      if (x[i]) lzc64 = LZ_W'(63 - i);
    end
  endfunction

  // The result of an invalid float-to-integer conversion: the largest
  // integer of the form, or for a negative operand the smallest (0 when
  // unsigned); a 32-bit form's sign-extended.
  function automatic logic [63:0] int_sat(input logic is64, input logic unsgn,
                                          input logic neg);
    if (unsgn)     int_sat = neg ? 64'd0 : '1;
    else if (is64) int_sat = neg ? {1'b1, 63'b0} : {1'b0, {63{1'b1}}};
    else           int_sat = neg ? {{33{1'b1}}, 31'b0} : {33'b0, {31{1'b1}}};
  endfunction

  // The largest magnitude a conversion to an integer form may have, of a
  // positive (neg = 0) or negative operand.
  function automatic logic [63:0] int_limit(input logic is64, input logic unsgn,
                                            input logic neg);
    if (unsgn)     int_limit = neg ? 64'd0 : is64 ? '1 : 64'h0000_0000_ffff_ffff;
    else if (is64) int_limit = neg ? 64'h8000_0000_0000_0000 : 64'h7fff_ffff_ffff_ffff;
    else           int_limit = neg ? 64'h0000_0000_8000_0000 : 64'h0000_0000_7fff_ffff;
  endfunction

  // ---- stage 1: classify; finish what needs no rounding ----

  // The conversions' encodings: op_i[1:0] is the integer form (bit 1:
  // 64 bits, bit 0: unsigned), as in fcvt's rs2 field.
  logic [4:0] op;
  logic       is_f2i, is_i2f, is_f2f;
  logic       form64, form_unsigned;

  assign op            = op_i;
  assign is_f2i        = op[4:2] == 3'b000;
  assign is_i2f        = op[4:2] == 3'b001;
  assign is_f2f        = op_i == FCV_F2F;
  assign form64        = op[1];
  assign form_unsigned = op[0];

  // a is in the other format for fcvt.s.d and fcvt.d.s.
  logic                    a_fmt;
  logic                    a_sign, a_zero, a_inf, a_nan, a_snan;
  logic                    b_sign, b_nan, b_snan;
  logic [SIG_W-1:0]        a_sig;
  logic signed [EXP_W-1:0] a_exp;

  assign a_fmt = is_f2f ? !fmt_i : fmt_i;

  fpu_unpack u_unpack_a (
    .fmt_i(a_fmt), .bits_i(a_i), .sign_o(a_sign), .zero_o(a_zero), .inf_o(a_inf),
    .nan_o(a_nan), .snan_o(a_snan), .sig_o(a_sig), .exp_o(a_exp)
  );

  // Of b only the sign and NaN-ness matter (the quiet bit is the
  // fraction's top bit in both formats).
  logic b_ones;

  assign b_ones = fmt_i ? &b_i[62:52] : &b_i[30:23];
  assign b_sign = fmt_i ? b_i[63] : b_i[31];
  assign b_nan  = b_ones && (fmt_i ? b_i[51:0] != '0 : b_i[22:0] != '0);
  assign b_snan = b_nan && !(fmt_i ? b_i[51] : b_i[22]);

  // Operands as results of their format (binary32: upper half zero), their
  // magnitudes, and the sign bit's mask.
  logic [63:0] a_val, b_val, sign_mask;
  logic [62:0] a_mag, b_mag;

  assign a_val     = fmt_i ? a_i : {32'b0, a_i[31:0]};
  assign b_val     = fmt_i ? b_i : {32'b0, b_i[31:0]};
  assign a_mag     = fmt_i ? a_i[62:0] : {32'b0, a_i[30:0]};
  assign b_mag     = fmt_i ? b_i[62:0] : {32'b0, b_i[30:0]};
  assign sign_mask = fmt_i ? {1'b1, 63'b0} : {32'b0, 1'b1, 31'b0};

  // Comparison of non-NaN operands: lt in the total order with -0 < +0 (the
  // order of fmin/fmax), eq of the bits; feq/flt/fle also take -0 == +0.
  logic lt_total, bits_eq, both_zero, unordered;

  assign lt_total  = a_sign != b_sign ? a_sign : a_sign ? a_mag > b_mag : a_mag < b_mag;
  assign bits_eq   = a_val == b_val;
  assign both_zero = (a_mag | b_mag) == '0;
  assign unordered = a_nan || b_nan;

  // fclass: subnormal is a zero exponent field, not a zero.
  logic       a_subnormal;
  logic [9:0] class_mask;

  assign a_subnormal = (fmt_i ? a_i[62:52] == '0 : a_i[30:23] == '0) && !a_zero;

  always_comb begin
    class_mask = '0;
    if (a_inf)            class_mask[a_sign ? 0 : 7] = 1'b1;
    else if (a_zero)      class_mask[a_sign ? 3 : 4] = 1'b1;
    else if (a_snan)      class_mask[8] = 1'b1;
    else if (a_nan)       class_mask[9] = 1'b1;
    else if (a_subnormal) class_mask[a_sign ? 2 : 5] = 1'b1;
    else                  class_mask[a_sign ? 1 : 6] = 1'b1;
  end

  // Float to integer. The significand as stored (hidden bit and fraction,
  // a subnormal's unnormalized, binary32's widened) is f2i_sig * 2^(E - bias
  // - 63) with E the exponent field (1 for a subnormal); its integer part is
  // f2i_sig >> f2i_shift. A negative shift means at least 2^64 (infinities
  // too): out of every range. Shifts of 65 and more leave the whole
  // significand below the round bit.
  logic [10:0]              a_efield, a_e;
  logic [63:0]              f2i_sig;
  logic signed [SH_W-1:0]   f2i_shift;
  logic                     f2i_big;
  logic [6:0]               f2i_amt;
  logic [63:0]              f2i_kept;
  logic [64:0]              f2i_dropped;

  assign a_efield  = fmt_i ? a_i[62:52] : {3'b0, a_i[30:23]};
  assign a_e       = a_efield == '0 ? 11'd1 : a_efield;
  assign f2i_sig   = fmt_i ? {a_efield != '0, a_i[51:0], 11'b0}
                           : {a_efield != '0, a_i[22:0], 40'b0};
  assign f2i_shift = (fmt_i ? SH_W'(1023 + 63) : SH_W'(127 + 63)) - SH_W'(a_e);
  assign f2i_big   = f2i_shift < SH_W'(0);
  assign f2i_amt   = f2i_big ? 7'd0 : f2i_shift > SH_W'(65) ? 7'd65 : 7'(f2i_shift);
  assign {f2i_kept, f2i_dropped} = {f2i_sig, 65'b0} >> f2i_amt;

  // Integer to float: the operand's magnitude, normalized, and the biased
  // exponent of its leading bit.
  logic [63:0]             i2f_src, i2f_mag, i2f_norm;
  logic                    i2f_neg;
  logic [LZ_W-1:0]         i2f_lz;
  logic signed [EXP_W-1:0] i2f_exp;

  assign i2f_src  = form64 ? int_i : {{32{!form_unsigned & int_i[31]}}, int_i[31:0]};
  assign i2f_neg  = !form_unsigned && i2f_src[63];
  assign i2f_mag  = i2f_neg ? 64'd0 - i2f_src : i2f_src;
  assign i2f_lz   = lzc64(i2f_mag);
  assign i2f_norm = i2f_mag << i2f_lz;
  assign i2f_exp  = (fmt_i ? EXP_W'(1023 + 63) : EXP_W'(127 + 63)) - EXP_W'(i2f_lz);

  // Float to float: a normalized significand, its leading bit at bit 52, is
  // sig * 2^exp; the biased exponent of that bit in the result's format.
  logic signed [EXP_W-1:0] f2f_exp;

  assign f2f_exp = a_exp + EXP_W'(SIG_W - 1) + (fmt_i ? EXP_W'(1023) : EXP_W'(127));

  // What stage 1 hands on. done: x is the result and flags its flags.
  // Otherwise x is the significand that stage 2 rounds: to an integer
  // (to_int; rnd and stk are the dropped bits) or by fpu_round (sig_i).
  logic                    done_d, to_int_d, sign_d, rnd_d, stk_d;
  logic [63:0]             x_d;
  logic signed [EXP_W-1:0] exp_d;
  logic [4:0]              flags_d;

  always_comb begin
    done_d   = 1'b1;
    to_int_d = 1'b0;
    sign_d   = a_sign;
    rnd_d    = 1'b0;
    stk_d    = 1'b0;
    x_d      = '0;
    exp_d    = f2f_exp;
    flags_d  = '0;
    if (is_f2i) begin
      if (a_nan) begin
        x_d = int_sat(form64, form_unsigned, 1'b0);
        flags_d[FP_FLAG_NV] = 1'b1;
      end else if (f2i_big) begin
        x_d = int_sat(form64, form_unsigned, a_sign);
        flags_d[FP_FLAG_NV] = 1'b1;
      end else begin
        done_d   = 1'b0;
        to_int_d = 1'b1;
        x_d      = f2i_kept;
        rnd_d    = f2i_dropped[64];
        stk_d    = f2i_dropped[63:0] != '0;
      end
    end else if (is_i2f) begin
      sign_d = i2f_neg;
      exp_d  = i2f_exp;
      x_d    = i2f_norm;
      done_d = i2f_mag == '0;  // +0: x_d is zero too
    end else begin
      case (op_i)
        FCV_F2F: begin
          if (a_nan) begin
            x_d = fp_qnan(fmt_i);
            flags_d[FP_FLAG_NV] = a_snan;
          end else if (a_inf) begin
            x_d = fp_inf(fmt_i, a_sign);
          end else if (a_zero) begin
            x_d = fp_zero(fmt_i, a_sign);
          end else begin
            done_d = 1'b0;
            x_d    = {a_sig, (64 - SIG_W)'(0)};
          end
        end
        FCV_CLASS: x_d = 64'(class_mask);
        FCV_MV_X_F: x_d = fmt_i ? a_i : {{32{a_i[31]}}, a_i[31:0]};
        FCV_MV_F_X: x_d = fmt_i ? int_i : {32'b0, int_i[31:0]};
        FCV_SGNJ: x_d = (a_val & ~sign_mask) | (b_val & sign_mask);
        FCV_SGNJN: x_d = (a_val & ~sign_mask) | (~b_val & sign_mask);
        FCV_SGNJX: x_d = a_val ^ (b_val & sign_mask);
        FCV_LE: begin
          x_d = 64'(!unordered && (both_zero || bits_eq || lt_total));
          flags_d[FP_FLAG_NV] = unordered;
        end
        FCV_LT: begin
          x_d = 64'(!unordered && !both_zero && lt_total);
          flags_d[FP_FLAG_NV] = unordered;
        end
        FCV_EQ: begin
          x_d = 64'(!unordered && (both_zero || bits_eq));
          flags_d[FP_FLAG_NV] = a_snan || b_snan;
        end
        FCV_MIN, FCV_MAX: begin
          if (a_nan && b_nan) x_d = fp_qnan(fmt_i);
          else if (a_nan) x_d = b_val;
          else if (b_nan) x_d = a_val;
          else if (op_i == FCV_MIN) x_d = lt_total || bits_eq ? a_val : b_val;
          else x_d = lt_total ? b_val : a_val;
          flags_d[FP_FLAG_NV] = a_snan || b_snan;
        end
        default: ;  // unused encodings: 0, no flags
      endcase
    end
  end

  logic                    fmt1_q, done1_q, to_int1_q, sign1_q, rnd1_q, stk1_q;
  logic                    form64_1_q, form_unsigned1_q;
  logic [2:0]              rm1_q;
  logic [63:0]             x1_q;
  logic signed [EXP_W-1:0] exp1_q;
  logic [4:0]              flags1_q;
  logic [TAG_W-1:0]        tag1_q;

  always_ff @(posedge clk_i) begin
    fmt1_q           <= fmt_i;
    rm1_q            <= rm_i;
    done1_q          <= done_d;
    to_int1_q        <= to_int_d;
    sign1_q          <= sign_d;
    rnd1_q           <= rnd_d;
    stk1_q           <= stk_d;
    form64_1_q       <= form64;
    form_unsigned1_q <= form_unsigned;
    x1_q             <= x_d;
    exp1_q           <= exp_d;
    flags1_q         <= flags_d;
    tag1_q           <= tag_i;
  end

  // ---- stage 2: round ----

  logic [63:0] rounded;
  logic [4:0]  round_flags;

  fpu_round u_round (
    .fmt_i(fmt1_q), .rm_i(rm1_q), .sign_i(sign1_q), .exp_i(exp1_q), .sig_i(x1_q),
    .result_o(rounded), .flags_o(round_flags)
  );

  // Float to integer: the rounded magnitude (no carry out: a shift of 0
  // drops nothing, any other leaves at most 63 bits), checked against the
  // form's range, then signed.
  logic [63:0] int_mag, int_val;
  logic        int_invalid;

  assign int_mag     = x1_q + 64'(fp_round_up(rm1_q, sign1_q, rnd1_q, stk1_q, x1_q[0]));
  assign int_invalid = int_mag > int_limit(form64_1_q, form_unsigned1_q, sign1_q);
  assign int_val     = sign1_q ? 64'd0 - int_mag : int_mag;

  logic [63:0] result_d;
  logic [4:0]  res_flags_d;

  always_comb begin
    res_flags_d = '0;
    if (done1_q) begin
      result_d    = x1_q;
      res_flags_d = flags1_q;
    end else if (!to_int1_q) begin
      result_d    = rounded;
      res_flags_d = round_flags;
    end else if (int_invalid) begin
      result_d = int_sat(form64_1_q, form_unsigned1_q, sign1_q);
      res_flags_d[FP_FLAG_NV] = 1'b1;
    end else begin
      result_d = form64_1_q ? int_val : {{32{int_val[31]}}, int_val[31:0]};
      res_flags_d[FP_FLAG_NX] = rnd1_q | stk1_q;
    end
  end

  fpu_pipe_out #(.LATENCY(LATENCY), .TAG_W(TAG_W)) u_out (
    .clk_i, .rst_ni, .flush_i, .valid_i, .result_i(result_d), .flags_i(res_flags_d),
    .tag_i(tag1_q), .valid_o, .result_o, .flags_o, .tag_o
  );
endmodule
