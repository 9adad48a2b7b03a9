`include "core_types.svh"

// Iterative radix-2 divider for DIV, DIVU, REM, REMU and their W forms:
// restoring division of the operands' magnitudes, one quotient bit per
// cycle, signs applied at the end. With la and lb the bit lengths of the
// magnitudes, the quotient has at most la - lb + 1 bits: the dividend's top
// lb - 1 significant bits start as the partial remainder (they are below
// the divisor) and only la - lb + 1 steps run, none when the dividend is
// shorter than the divisor or the divisor is 0. Results
// follow the M extension: x / 0 = -1, x % 0 = x, and the overflowing
// signed division gives the dividend with remainder 0, which the magnitude
// algorithm produces without a special case.
// One operation at a time: ready_o while idle; the result is held with
// valid_o until ready_i takes it. flush_i abandons the operation.
module divider #(
  parameter int unsigned XLEN  = CFG_XLEN,
  parameter int unsigned TAG_W = $clog2(CFG_ROB_ENTRIES)
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic             flush_i,
  input  logic             valid_i,
  output logic             ready_o,
  input  div_op_e          op_i,
  input  logic             word_i,
  input  logic [XLEN-1:0]  a_i,       // dividend
  input  logic [XLEN-1:0]  b_i,       // divisor
  input  logic [TAG_W-1:0] tag_i,
  output logic             busy_o,    // an operation is in progress or waiting
  output logic             valid_o,
  input  logic             ready_i,
  output logic [TAG_W-1:0] tag_o,
  output logic [XLEN-1:0]  result_o
);
  localparam int unsigned CNT_W = $clog2(XLEN + 1);

  // Bit length: the index of the highest set bit plus one, 0 for 0.
  function automatic logic [CNT_W-1:0] bit_length(input logic [XLEN-1:0] x);
    bit_length = '0;
    for (int i = 0; i < XLEN; i++) begin
      if (x[i]) bit_length = CNT_W'(i + 1);
    end
  endfunction

  typedef enum logic [1:0] {
    IDLE = 2'd0,
    RUN  = 2'd1,
    DONE = 2'd2
  } state_e;

  state_e           state_q, state_d;
  logic [CNT_W-1:0] count_q;          // quotient bits still to produce
  logic [XLEN-1:0]  rem_q;            // partial remainder, below the divisor
  logic [XLEN-1:0]  quo_q;            // dividend bits shifted out, quotient bits in
  logic [XLEN-1:0]  divisor_q;
  logic [XLEN-1:0]  dividend_q;       // as extended, for x % 0
  logic             want_rem_q, word_q, neg_quo_q, neg_rem_q, by_zero_q;
  logic [TAG_W-1:0] tag_q;

  logic             is_signed;
  logic [XLEN-1:0]  a_ext, b_ext, a_mag, b_mag;
  logic [CNT_W-1:0] a_len, b_len, steps;
  logic [XLEN:0]    rem_shift, trial;
  logic [XLEN-1:0]  quo, rem, res;

  // W forms divide the sign- or zero-extended low words.
  assign is_signed = op_i == DIV_DIV || op_i == DIV_REM;
  assign a_ext = word_i ? {{(XLEN-32){is_signed & a_i[31]}}, a_i[31:0]} : a_i;
  assign b_ext = word_i ? {{(XLEN-32){is_signed & b_i[31]}}, b_i[31:0]} : b_i;
  assign a_mag = is_signed && a_ext[XLEN-1] ? -a_ext : a_ext;
  assign b_mag = is_signed && b_ext[XLEN-1] ? -b_ext : b_ext;

  // W forms need no case of their own: their magnitudes fit in 32 bits.
  assign a_len = bit_length(a_mag);
  assign b_len = bit_length(b_mag);
  assign steps = b_len == '0 || a_len < b_len ? '0 : a_len - b_len + CNT_W'(1);

  // One restoring step: subtract the divisor when it fits.
  assign rem_shift = {rem_q, quo_q[XLEN-1]};
  assign trial     = rem_shift - {1'b0, divisor_q};

  always_comb begin
    state_d = state_q;
    case (state_q)
      IDLE:    if (valid_i) state_d = steps == '0 ? DONE : RUN;
      RUN:     if (count_q == CNT_W'(1)) state_d = DONE;
      default: if (ready_i) state_d = IDLE;
    endcase
    if (flush_i) state_d = IDLE;
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) state_q <= IDLE;
    else         state_q <= state_d;
  end

  // The datapath needs no reset: state_q says what is meaningful.
  always_ff @(posedge clk_i) begin
    if (state_q == IDLE && valid_i) begin
      // The bits the steps consume go to the top of quo_q, the ones above
      // them are the partial remainder (all of the dividend when no step runs).
      count_q    <= steps;
      rem_q      <= a_mag >> steps;
      quo_q      <= a_mag << (CNT_W'(XLEN) - steps);
      divisor_q  <= b_mag;
      dividend_q <= a_ext;
      want_rem_q <= op_i == DIV_REM || op_i == DIV_REMU;
      word_q     <= word_i;
      neg_quo_q  <= is_signed && (a_ext[XLEN-1] ^ b_ext[XLEN-1]);
      neg_rem_q  <= is_signed && a_ext[XLEN-1];
      by_zero_q  <= b_ext == '0;
      tag_q      <= tag_i;
    end else if (state_q == RUN) begin
      count_q <= count_q - CNT_W'(1);
      if (!trial[XLEN]) begin
        rem_q <= trial[XLEN-1:0];
        quo_q <= {quo_q[XLEN-2:0], 1'b1};
      end else begin
        rem_q <= rem_shift[XLEN-1:0];  // below the divisor, so it fits
        quo_q <= {quo_q[XLEN-2:0], 1'b0};
      end
    end
  end

  always_comb begin
    quo = neg_quo_q ? -quo_q : quo_q;
    rem = neg_rem_q ? -rem_q : rem_q;
    if (by_zero_q) begin
      quo = '1;
      rem = dividend_q;
    end
    res = want_rem_q ? rem : quo;
    if (word_q) res = {{(XLEN-32){res[31]}}, res[31:0]};
  end

  assign ready_o  = state_q == IDLE;
  assign busy_o   = state_q != IDLE;
  assign valid_o  = state_q == DONE;
  assign tag_o    = tag_q;
  assign result_o = res;
endmodule
