`include "core_types.svh"
`include "fpu_types.svh"

// Iterative divide and square root for binary32 and binary64: FDIV.S/D and
// FSQRT.S/D, bit-exact, flags included, with fp_div and fp_sqrt of
// sim/iss/ieee754.c: one rounding, subnormal operands and results,
// canonical NaNs, tininess detected after rounding, all five rounding modes.
//
// Radix-2 restoring digit recurrence, one quotient or root bit per cycle,
// on the significands that fpu_unpack normalizes (binary32 ones widened by
// zeros below, so that both formats share the binary64 datapath and differ
// only in the number of steps). The recurrence produces the format's p bits,
// a round bit and, for a quotient below 1, one bit more; the final partial
// remainder gives the sticky bit, and fpu_round rounds and packs.
//
// Divide: with A and B the 53-bit significands, the remainder starts as A
// (A < 2B) and each step subtracts B when it fits, then doubles:
//   R < 2B throughout;  Q = floor(A * 2^(n-1) / B), n = DIV_STEPS_[SD].
// Square root: the exponent is made even (the significand doubled when it
// is odd), giving a radicand X < 2^54, and the root of N = X * 2^54 is
// formed a bit at a time from two radicand bits per step:
//   R' = 4R + next pair;  Q' = 2Q + (R' >= 4Q + 1), R' -= 4Q + 1 when set;
//   R <= 2Q throughout;  Q = floor(sqrt(top 2n bits of N)), n = SQRT_STEPS_[SD].
// The bits of N below the 2n consumed are zero for binary32 (its low
// significand bits are), so the remainder alone decides the sticky bit.
//
// Latency, from the cycle in which an operation is taken to the cycle in
// which valid_o is high (for one cycle), is steps + 2 (the steps, a cycle
// of rounding, and the result registered):
//   fdiv.s 28, fdiv.d 57, fsqrt.s 27, fsqrt.d 56 cycles;
// NaN, infinite and zero operands, negative square roots and division by
// zero take 1.
// One operation at a time: ready_o while idle and while the result is out
// (valid_o); an operation is taken when valid_i and ready_o are both high.
// flush_i abandons the operation in flight (and one offered in that cycle);
// it does not withdraw a result that is on valid_o in the same cycle.
module fpu_divsqrt #(
  parameter int unsigned TAG_W = $clog2(CFG_ROB_ENTRIES)
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic             flush_i,
  input  logic             valid_i,
  output logic             ready_o,
  input  logic             is_sqrt_i,  // 1: sqrt(a_i); b_i is ignored
  input  logic             fmt_i,      // 0: binary32 (low 32 bits), 1: binary64
  input  logic [2:0]       rm_i,       // resolved: FP_RM_RNE .. FP_RM_RMM
  input  logic [63:0]      a_i,        // dividend or radicand
  input  logic [63:0]      b_i,        // divisor
  input  logic [TAG_W-1:0] tag_i,
  output logic             valid_o,
  output logic [63:0]      result_o,   // binary32: upper 32 bits zero (unboxed)
  output logic [4:0]       flags_o,
  output logic [TAG_W-1:0] tag_o
);
  localparam int unsigned SIG_W = FP_SIG_W;  // 53
  localparam int unsigned EXP_W = FP_EXP_W;
  // Steps: p bits, a round bit, and for division a leading bit that may be 0.
  localparam int unsigned DIV_STEPS_S  = 26;
  localparam int unsigned DIV_STEPS_D  = 55;
  localparam int unsigned SQRT_STEPS_S = 25;
  localparam int unsigned SQRT_STEPS_D = 54;
  localparam int unsigned Q_W   = DIV_STEPS_D;    // quotient or root bits
  localparam int unsigned RAD_W = SIG_W + 1;      // radicand X, even exponent
  localparam int unsigned REM_W = SQRT_STEPS_D + 1;  // R <= 2Q < 2^55; R < 2B < 2^54
  localparam int unsigned CNT_W = $clog2(DIV_STEPS_D + 1);

  typedef enum logic [1:0] {
    IDLE  = 2'd0,
    RUN   = 2'd1,  // one recurrence step per cycle
    ROUND = 2'd2,  // normalize, round, pack
    DONE  = 2'd3   // result on the outputs
  } state_e;

  state_e                  state_q, state_d;
  logic                    accept;

  // ---- operands: unpack, special cases ----

  logic                    a_sign, b_sign, a_zero, b_zero, a_inf, b_inf;
  logic                    a_nan, b_nan, a_snan, b_snan;
  logic [SIG_W-1:0]        a_sig, b_sig;
  logic signed [EXP_W-1:0] a_exp, b_exp;

  fpu_unpack u_unpack_a (
    .fmt_i(fmt_i), .bits_i(a_i), .sign_o(a_sign), .zero_o(a_zero), .inf_o(a_inf),
    .nan_o(a_nan), .snan_o(a_snan), .sig_o(a_sig), .exp_o(a_exp)
  );
  fpu_unpack u_unpack_b (
    .fmt_i(fmt_i), .bits_i(b_i), .sign_o(b_sign), .zero_o(b_zero), .inf_o(b_inf),
    .nan_o(b_nan), .snan_o(b_snan), .sig_o(b_sig), .exp_o(b_exp)
  );

  logic        special;
  logic [63:0] special_res;
  logic [4:0]  special_flags;

  // Results that need no arithmetic, in the order ieee754.c decides them.
  always_comb begin
    special       = 1'b1;
    special_res   = fp_qnan(fmt_i);
    special_flags = '0;
    if (is_sqrt_i) begin
      if (a_nan) special_flags[FP_FLAG_NV] = a_snan;
      else if (a_zero) special_res = fp_zero(fmt_i, a_sign);  // sqrt(-0) = -0
      else if (a_sign) special_flags[FP_FLAG_NV] = 1'b1;
      else if (a_inf) special_res = fp_inf(fmt_i, 1'b0);
      else special = 1'b0;
    end else begin
      if (a_nan || b_nan) special_flags[FP_FLAG_NV] = a_snan | b_snan;
      else if ((a_inf && b_inf) || (a_zero && b_zero)) special_flags[FP_FLAG_NV] = 1'b1;
      else if (a_inf) special_res = fp_inf(fmt_i, a_sign ^ b_sign);
      else if (b_inf || a_zero) special_res = fp_zero(fmt_i, a_sign ^ b_sign);
      else if (b_zero) begin
        special_res = fp_inf(fmt_i, a_sign ^ b_sign);
        special_flags[FP_FLAG_DZ] = 1'b1;
      end else special = 1'b0;
    end
  end

  // Starting point of the recurrence. The exponent is the biased one of
  // the quotient's or root's leading bit when that bit is set. a / b is
  // A / B * 2^(a_exp - b_exp), the leading bit of A / B is its unit bit;
  // sqrt(a) is sqrt(X * 2^54) * 2^(sqrt_exp / 2 - 27), whose leading bit is
  // bit 53, worth 2^(sqrt_exp / 2 + 26).
  logic                    a_exp_odd;
  logic signed [EXP_W-1:0] sqrt_exp;   // even exponent of the radicand X
  logic signed [EXP_W-1:0] sqrt_half;  // half of it
  logic [RAD_W-1:0]        radicand;
  logic [CNT_W-1:0]        steps;
  logic signed [EXP_W-1:0] bias;
  logic signed [EXP_W-1:0] start_exp;

  assign a_exp_odd = a_exp[0];
  assign sqrt_exp  = a_exp - EXP_W'(a_exp_odd);
  assign sqrt_half = sqrt_exp >>> 1;
  assign radicand  = a_exp_odd ? {a_sig, 1'b0} : {1'b0, a_sig};
  assign bias      = fmt_i ? EXP_W'(1023) : EXP_W'(127);
  assign steps     = is_sqrt_i ? (fmt_i ? CNT_W'(SQRT_STEPS_D) : CNT_W'(SQRT_STEPS_S))
                               : (fmt_i ? CNT_W'(DIV_STEPS_D) : CNT_W'(DIV_STEPS_S));
  assign start_exp = is_sqrt_i ? sqrt_half + EXP_W'((SIG_W - 1) / 2) + bias
                               : a_exp - b_exp + bias;

  // ---- recurrence ----

  logic                    fmt_q, sqrt_q, sign_q;
  logic [2:0]              rm_q;
  logic signed [EXP_W-1:0] exp_q;
  logic [CNT_W-1:0]        count_q;     // steps still to run
  logic [SIG_W-1:0]        divisor_q;
  logic [RAD_W-1:0]        rad_q;       // radicand pairs not yet consumed, at the top
  logic [REM_W-1:0]        rem_q;
  logic [Q_W-1:0]          quo_q;
  logic [63:0]             result_q;
  logic [4:0]              flags_q;
  logic [TAG_W-1:0]        tag_q;

  logic [REM_W:0]          div_trial;   // R - B; its top bit is the borrow
  logic [REM_W+1:0]        sqrt_rem;    // 4R + next radicand pair
  logic [REM_W+1:0]        sqrt_trial;  // that minus 4Q + 1
  logic                    digit;
  logic [REM_W-1:0]        rem_next;

  assign div_trial  = {1'b0, rem_q} - (REM_W + 1)'(divisor_q);
  assign sqrt_rem   = {rem_q, rad_q[RAD_W-1 -: 2]};
  assign sqrt_trial = sqrt_rem - {quo_q, 2'b01};

  // R stays below 2B (divide) or at most 2Q (root): the kept values fit.
  always_comb begin
    if (sqrt_q) begin
      digit    = !sqrt_trial[REM_W+1];
      rem_next = digit ? sqrt_trial[REM_W-1:0] : sqrt_rem[REM_W-1:0];
    end else begin
      digit    = !div_trial[REM_W];
      rem_next = digit ? {div_trial[REM_W-2:0], 1'b0} : {rem_q[REM_W-2:0], 1'b0};
    end
  end

  // ---- normalize and round ----

  logic [5:0]              q_shift;     // 64 - steps: the leading bit to bit 63
  logic [63:0]             q_top;
  logic                    q_low;       // division: the leading bit is 0
  logic [63:0]             sig;
  logic signed [EXP_W-1:0] sig_exp;
  logic [63:0]             rounded;
  logic [4:0]              round_flags;

  always_comb begin
    case ({sqrt_q, fmt_q})
      2'b00:   q_shift = 6'(64 - DIV_STEPS_S);
      2'b01:   q_shift = 6'(64 - DIV_STEPS_D);
      2'b10:   q_shift = 6'(64 - SQRT_STEPS_S);
      default: q_shift = 6'(64 - SQRT_STEPS_D);
    endcase
  end

  // The quotient's bits end above bit 10, the round bit of binary64, when
  // its leading bit is 0: one bit more, the sticky bit in bit 0, is enough.
  assign q_top   = 64'(quo_q) << q_shift;
  assign q_low   = !q_top[63];
  assign sig     = (q_low ? {q_top[62:0], 1'b0} : q_top) | 64'(rem_q != '0);
  assign sig_exp = exp_q - EXP_W'(q_low);

  fpu_round u_round (
    .fmt_i(fmt_q), .rm_i(rm_q), .sign_i(sign_q), .exp_i(sig_exp), .sig_i(sig),
    .result_o(rounded), .flags_o(round_flags)
  );

  // ---- control ----

  assign ready_o = state_q == IDLE || state_q == DONE;
  assign accept  = valid_i && ready_o;

  always_comb begin
    state_d = state_q;
    case (state_q)
      RUN:   if (count_q == CNT_W'(1)) state_d = ROUND;
      ROUND: state_d = DONE;
      default: begin  // IDLE, DONE
        if (accept) state_d = special ? DONE : RUN;
        else state_d = IDLE;
      end
    endcase
    if (flush_i) state_d = IDLE;
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) state_q <= IDLE;
    else         state_q <= state_d;
  end

  // The datapath needs no reset: state_q says what is meaningful.
  always_ff @(posedge clk_i) begin
    if (accept) begin
      fmt_q     <= fmt_i;
      sqrt_q    <= is_sqrt_i;
      sign_q    <= !is_sqrt_i && (a_sign ^ b_sign);
      rm_q      <= rm_i;
      exp_q     <= start_exp;
      count_q   <= steps;
      divisor_q <= b_sig;
      rad_q     <= radicand;
      rem_q     <= is_sqrt_i ? '0 : REM_W'(a_sig);
      quo_q     <= '0;
      result_q  <= special_res;
      flags_q   <= special_flags;
      tag_q     <= tag_i;
    end else if (state_q == RUN) begin
      count_q <= count_q - CNT_W'(1);
      rad_q   <= {rad_q[RAD_W-3:0], 2'b00};
      rem_q   <= rem_next;
      quo_q   <= {quo_q[Q_W-2:0], digit};
    end else if (state_q == ROUND) begin
      result_q <= rounded;
      flags_q  <= round_flags;
    end
  end

  assign valid_o  = state_q == DONE;
  assign result_o = result_q;
  assign flags_o  = flags_q;
  assign tag_o    = tag_q;
endmodule
