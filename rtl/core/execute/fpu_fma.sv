`include "core_types.svh"
`include "fpu_types.svh"

// Pipelined fused multiply-add for binary32 and binary64: FMADD, FMSUB,
// FNMSUB, FNMADD, and FADD, FSUB, FMUL on the same datapath (fma_mode_e).
// Bit-exact, flags included, with sim/iss/ieee754.c: one rounding, subnormal
// operands and results, canonical NaNs, NV for 0 * inf even with a quiet NaN
// addend (RISC-V), tininess detected after rounding, all five rounding modes.
// One operation may enter every cycle and leaves exactly LATENCY cycles
// later; flush_i drops every operation in flight.
//
// Both formats share the binary64 datapath: binary32 significands are
// widened by zeros below, and the one rounding (fpu_round) rounds at the
// format's own precision and exponent range.
//   stage 1: unpack (subnormals normalized); special cases decided
//   stage 2: product of the significands; addend aligned to it
//   stage 3: product and addend added or subtracted
//   stage 4: leading zeros counted and shifted out; narrowed to 64 bits
//   stage 5: rounded and packed
//
// The sum window (SUM_W bits) holds the 106-bit product at bits [107:2] and
// the 53-bit addend at its place relative to it. An addend more than two
// bits above the product is clamped to bits [162:110]: the product then
// stays below a quarter of the addend's last bit, which is all the rounding
// can tell apart. An addend below the window is ORed into bit 0 (sticky);
// that only happens when it is far smaller than the product, so the
// rounding point is far above bit 0 and cannot cancel down to it.
module fpu_fma #(
  parameter int unsigned TAG_W = $clog2(CFG_ROB_ENTRIES)
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic             flush_i,
  input  logic             valid_i,
  input  logic             fmt_i,     // 0: binary32 (low 32 bits), 1: binary64
  input  logic [1:0]       mode_i,    // fma_mode_e
  input  logic [1:0]       op_i,      // bit 0 negates the addend, bit 1 the product
  input  logic [2:0]       rm_i,      // resolved: FP_RM_RNE .. FP_RM_RMM
  input  logic [63:0]      a_i,
  input  logic [63:0]      b_i,
  input  logic [63:0]      c_i,
  input  logic [TAG_W-1:0] tag_i,
  output logic             valid_o,
  output logic [63:0]      result_o,  // binary32: upper 32 bits zero (unboxed)
  output logic [4:0]       flags_o,
  output logic [TAG_W-1:0] tag_o
);
  localparam int unsigned LATENCY = FPU_FMA_LATENCY;
  localparam int unsigned SIG_W   = FP_SIG_W;
  localparam int unsigned EXP_W   = FP_EXP_W;
  localparam int unsigned PROD_W  = 2 * SIG_W;                // 106
  localparam int unsigned GUARD   = 2;                        // window bits below the product
  localparam int unsigned ADD_LO  = GUARD + PROD_W + 2;       // 110: lowest clamped addend bit
  localparam int unsigned SUM_W   = ADD_LO + SIG_W + 1;       // 164: carry bit on top
  localparam int unsigned EXT_W   = SUM_W - 1 + SIG_W;        // addend window and its sticky part
  localparam int unsigned SH_W    = $clog2(EXT_W);            // addend shift
  localparam int unsigned SH_MAX  = SUM_W - 1 + 10;           // anything from SUM_W - 1 drops it all
  localparam int unsigned LZ_W    = $clog2(SUM_W + 1);

  // Leading zeros of the sum (SUM_W for 0).
  function automatic logic [LZ_W-1:0] lzc(input logic [SUM_W-1:0] x);
    lzc = LZ_W'(SUM_W);
    for (int i = 0; i < SUM_W; i++) begin
      if (x[i]) lzc = LZ_W'(SUM_W - 1 - i);
    end
  endfunction

  // ---- stage 1: unpack, special cases ----

  logic [63:0]             b_op, c_op;
  logic                    a_sign, b_sign, c_sign;
  logic                    a_zero, b_zero, c_zero, a_inf, b_inf, c_inf;
  logic                    a_nan, b_nan, c_nan, a_snan, b_snan, c_snan;
  logic [SIG_W-1:0]        a_sig, b_sig, c_sig;
  logic signed [EXP_W-1:0] a_exp, b_exp, c_exp;
  logic                    prod_sign, add_sign, mul_zero_sign;
  logic                    special_d;
  logic [63:0]             special_res_d;
  logic                    special_nv_d;

  // FADD is a * 1.0 + c. FMUL adds a zero of the product's sign (given
  // before op_i[0] negates it), which leaves a zero product's sign alone.
  assign b_op = mode_i == FMA_ADD ? (fmt_i ? 64'h3ff0_0000_0000_0000 : 64'h3f80_0000) : b_i;
  assign mul_zero_sign = a_sign ^ b_sign ^ op_i[1] ^ op_i[0];
  assign c_op = mode_i == FMA_MUL ? fp_zero(fmt_i, mul_zero_sign) : c_i;

  fpu_unpack u_unpack_a (
    .fmt_i(fmt_i), .bits_i(a_i), .sign_o(a_sign), .zero_o(a_zero), .inf_o(a_inf),
    .nan_o(a_nan), .snan_o(a_snan), .sig_o(a_sig), .exp_o(a_exp)
  );
  fpu_unpack u_unpack_b (
    .fmt_i(fmt_i), .bits_i(b_op), .sign_o(b_sign), .zero_o(b_zero), .inf_o(b_inf),
    .nan_o(b_nan), .snan_o(b_snan), .sig_o(b_sig), .exp_o(b_exp)
  );
  fpu_unpack u_unpack_c (
    .fmt_i(fmt_i), .bits_i(c_op), .sign_o(c_sign), .zero_o(c_zero), .inf_o(c_inf),
    .nan_o(c_nan), .snan_o(c_snan), .sig_o(c_sig), .exp_o(c_exp)
  );

  assign prod_sign = a_sign ^ b_sign ^ op_i[1];
  assign add_sign  = c_sign ^ op_i[0];

  // Results that need no arithmetic, in the order ieee754.c decides them.
  always_comb begin
    special_d     = 1'b1;
    special_res_d = fp_qnan(fmt_i);
    special_nv_d  = a_snan | b_snan | c_snan;
    if ((a_inf && b_zero) || (a_zero && b_inf)) begin
      special_nv_d = 1'b1;  // even with a quiet NaN addend
    end else if (a_nan || b_nan || c_nan) begin
      // the canonical NaN, invalid only for a signaling one
    end else if (a_inf || b_inf) begin
      if (c_inf && add_sign != prod_sign) special_nv_d = 1'b1;  // inf - inf
      else special_res_d = fp_inf(fmt_i, prod_sign);
    end else if (c_inf) begin
      special_res_d = fp_inf(fmt_i, add_sign);
    end else if (a_zero || b_zero) begin
      // An exact zero sum of opposite zeros is +0, -0 when rounding down.
      if (!c_zero) special_res_d = fmt_i ? {add_sign, c_op[62:0]} : {32'b0, add_sign, c_op[30:0]};
      else if (prod_sign == add_sign) special_res_d = fp_zero(fmt_i, prod_sign);
      else special_res_d = fp_zero(fmt_i, rm_i == FP_RM_RDN);
    end else begin
      special_d = 1'b0;  // a finite nonzero product, a finite addend
    end
  end

  logic                    fmt1_q, prod_sign1_q, add_sign1_q, add_zero1_q;
  logic [2:0]              rm1_q;
  logic [SIG_W-1:0]        a_sig1_q, b_sig1_q, c_sig1_q;
  logic signed [EXP_W-1:0] prod_exp1_q, c_exp1_q;
  logic                    special1_q, special_nv1_q;
  logic [63:0]             special_res1_q;
  logic [TAG_W-1:0]        tag1_q;

  always_ff @(posedge clk_i) begin
    fmt1_q         <= fmt_i;
    rm1_q          <= rm_i;
    prod_sign1_q   <= prod_sign;
    add_sign1_q    <= add_sign;
    add_zero1_q    <= c_zero;
    a_sig1_q       <= a_sig;
    b_sig1_q       <= b_sig;
    c_sig1_q       <= c_sig;
    prod_exp1_q    <= a_exp + b_exp;
    c_exp1_q       <= c_exp;
    special1_q     <= special_d;
    special_res1_q <= special_res_d;
    special_nv1_q  <= special_nv_d;
    tag1_q         <= tag_i;
  end

  // ---- stage 2: product, addend alignment ----

  logic [PROD_W-1:0]       prod_d;
  logic signed [EXP_W-1:0] add_shift_raw;
  logic [SH_W-1:0]         add_shift;
  logic                    add_above;  // addend clamped to the top of the window
  logic [EXT_W-1:0]        add_ext;
  logic signed [EXP_W-1:0] win_exp_d;  // exponent of window bit 0

  assign prod_d = PROD_W'(a_sig1_q) * PROD_W'(b_sig1_q);

  // Shift right from the clamped place: the addend's last bit is GUARD bits
  // below the product's when the exponents are equal. A zero addend sits
  // below the window and changes nothing.
  assign add_shift_raw = prod_exp1_q - c_exp1_q + EXP_W'(ADD_LO - GUARD);
  assign add_above     = !add_zero1_q && add_shift_raw < EXP_W'(0);
  assign add_shift     = add_zero1_q || add_shift_raw > $signed(EXP_W'(SH_MAX)) ? SH_W'(SH_MAX)
                       : add_above ? '0 : SH_W'(add_shift_raw);
  assign add_ext       = {c_sig1_q, (SUM_W - 1)'(0)} >> add_shift;
  assign win_exp_d     = add_above ? c_exp1_q - EXP_W'(ADD_LO) : prod_exp1_q - EXP_W'(GUARD);

  logic                    fmt2_q, prod_sign2_q, add_sign2_q;
  logic [2:0]              rm2_q;
  logic [PROD_W-1:0]       prod2_q;
  logic [SUM_W-2:0]        add_win2_q;  // addend in the window, sticky in bit 0
  logic signed [EXP_W-1:0] win_exp2_q;
  logic                    special2_q, special_nv2_q;
  logic [63:0]             special_res2_q;
  logic [TAG_W-1:0]        tag2_q;

  always_ff @(posedge clk_i) begin
    fmt2_q         <= fmt1_q;
    rm2_q          <= rm1_q;
    prod_sign2_q   <= prod_sign1_q;
    add_sign2_q    <= add_sign1_q;
    prod2_q        <= prod_d;
    add_win2_q     <= add_ext[EXT_W-1:SIG_W] | (SUM_W - 1)'(add_ext[SIG_W-1:0] != '0);
    win_exp2_q     <= win_exp_d;
    special2_q     <= special1_q;
    special_res2_q <= special_res1_q;
    special_nv2_q  <= special_nv1_q;
    tag2_q         <= tag1_q;
  end

  // ---- stage 3: add or subtract ----

  logic [SUM_W-1:0] prod_win, add_win, sum, diff_pa, diff_ap;
  logic             sub;
  logic [SUM_W-1:0] mag_d;
  logic             sign_d;

  assign prod_win = SUM_W'(prod2_q) << GUARD;
  assign add_win  = SUM_W'(add_win2_q);
  assign sub      = prod_sign2_q != add_sign2_q;
  assign sum      = prod_win + add_win;
  assign diff_pa  = prod_win - add_win;
  assign diff_ap  = add_win - prod_win;

  // The magnitude of the result takes the sign of the larger term.
  always_comb begin
    if (!sub) begin
      mag_d  = sum;
      sign_d = prod_sign2_q;
    end else if (add_win > prod_win) begin
      mag_d  = diff_ap;
      sign_d = add_sign2_q;
    end else begin
      mag_d  = diff_pa;
      sign_d = prod_sign2_q;
    end
  end

  logic                    fmt3_q, sign3_q;
  logic [2:0]              rm3_q;
  logic [SUM_W-1:0]        mag3_q;
  logic signed [EXP_W-1:0] win_exp3_q;
  logic                    special3_q, special_nv3_q;
  logic [63:0]             special_res3_q;
  logic [TAG_W-1:0]        tag3_q;

  always_ff @(posedge clk_i) begin
    fmt3_q         <= fmt2_q;
    rm3_q          <= rm2_q;
    sign3_q        <= sign_d;
    mag3_q         <= mag_d;
    win_exp3_q     <= win_exp2_q;
    special3_q     <= special2_q;
    special_res3_q <= special_res2_q;
    special_nv3_q  <= special_nv2_q;
    tag3_q         <= tag2_q;
  end

  // ---- stage 4: normalize, narrow to 64 bits ----

  logic [LZ_W-1:0]         lz;
  logic [SUM_W-1:0]        norm;
  logic [63:0]             sig_d;
  logic signed [EXP_W-1:0] exp_d;   // biased exponent of sig_d[63]
  logic                    exact_zero_d;

  assign lz           = lzc(mag3_q);
  assign norm         = mag3_q << lz;
  assign sig_d        = norm[SUM_W-1:SUM_W-64] | 64'(norm[SUM_W-65:0] != '0);
  assign exp_d        = win_exp3_q + EXP_W'(SUM_W - 1) - EXP_W'(lz) +
                        (fmt3_q ? EXP_W'(1023) : EXP_W'(127));
  assign exact_zero_d = mag3_q == '0;

  logic                    fmt4_q, sign4_q, exact_zero4_q;
  logic [2:0]              rm4_q;
  logic [63:0]             sig4_q;
  logic signed [EXP_W-1:0] exp4_q;
  logic                    special4_q, special_nv4_q;
  logic [63:0]             special_res4_q;
  logic [TAG_W-1:0]        tag4_q;

  always_ff @(posedge clk_i) begin
    fmt4_q         <= fmt3_q;
    rm4_q          <= rm3_q;
    sign4_q        <= sign3_q;
    sig4_q         <= sig_d;
    exp4_q         <= exp_d;
    exact_zero4_q  <= exact_zero_d;
    special4_q     <= special3_q;
    special_res4_q <= special_res3_q;
    special_nv4_q  <= special_nv3_q;
    tag4_q         <= tag3_q;
  end

  // ---- stage 5: round, pack ----

  logic [63:0] rounded;
  logic [4:0]  round_flags;
  logic [63:0] result_d;
  logic [4:0]  flags_d;

  fpu_round u_round (
    .fmt_i(fmt4_q), .rm_i(rm4_q), .sign_i(sign4_q), .exp_i(exp4_q), .sig_i(sig4_q),
    .result_o(rounded), .flags_o(round_flags)
  );

  // A sum that cancels exactly is +0, -0 when rounding down (IEEE 754 6.3).
  always_comb begin
    if (special4_q) begin
      result_d = special_res4_q;
      flags_d  = 5'(special_nv4_q) << FP_FLAG_NV;
    end else if (exact_zero4_q) begin
      result_d = fp_zero(fmt4_q, rm4_q == FP_RM_RDN);
      flags_d  = '0;
    end else begin
      result_d = rounded;
      flags_d  = round_flags;
    end
  end

  fpu_pipe_out #(.LATENCY(LATENCY), .TAG_W(TAG_W)) u_out (
    .clk_i, .rst_ni, .flush_i, .valid_i, .result_i(result_d), .flags_i(flags_d),
    .tag_i(tag4_q), .valid_o, .result_o, .flags_o, .tag_o
  );
endmodule
