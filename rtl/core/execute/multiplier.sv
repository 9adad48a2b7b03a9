`include "core_types.svh"

// Pipelined multiplier for MUL, MULH, MULHSU, MULHU and MULW: one operation
// may enter every cycle and leaves exactly three cycles later.
//   stage 1: operands extended to XLEN+1 bits by their signedness
//   stage 2: two partial products, operand b split at bit XLEN/2
//   stage 3: the partial products added; the wanted half selected
// flush_i drops every operation in flight.
module multiplier #(
  parameter int unsigned XLEN  = CFG_XLEN,
  parameter int unsigned TAG_W = $clog2(CFG_ROB_ENTRIES)
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic             flush_i,
  input  logic             valid_i,
  input  mul_op_e          op_i,
  input  logic             word_i,    // MULW
  input  logic [XLEN-1:0]  a_i,
  input  logic [XLEN-1:0]  b_i,
  input  logic [TAG_W-1:0] tag_i,
  output logic             valid_o,
  output logic [TAG_W-1:0] tag_o,
  output logic [XLEN-1:0]  result_o
);
  localparam int unsigned HALF = XLEN / 2;
  localparam int unsigned PPW  = XLEN + 1 + HALF + 1;  // partial product width

  // Which half of the product an operation wants, and how to format it.
  typedef enum logic [1:0] {
    SEL_LOW  = 2'd0,
    SEL_HIGH = 2'd1,
    SEL_WORD = 2'd2
  } sel_e;

  logic [2:0]       valid_q;
  logic [TAG_W-1:0] tag1_q, tag2_q, tag3_q;
  sel_e             sel1_q, sel2_q;
  logic [XLEN:0]    a1_q, b1_q;          // stage 1: extended operands
  logic [PPW-1:0]   pp_lo_q, pp_hi_q;    // stage 2: a * b[HALF-1:0], a * b[XLEN:HALF]
  logic [XLEN-1:0]  result_q;            // stage 3

  logic             a_signed, b_signed;
  sel_e             sel_d;
  logic [PPW-1:0]   pp_lo_d, pp_hi_d;
  logic [2*XLEN-1:0] product;
  logic [XLEN-1:0]  result_d;

  assign a_signed = op_i == MUL_MULH || op_i == MUL_MULHSU;
  assign b_signed = op_i == MUL_MULH;
  assign sel_d    = word_i ? SEL_WORD : op_i == MUL_MUL ? SEL_LOW : SEL_HIGH;

  // Signed products: the low half of b is a non-negative signed number.
  assign pp_lo_d = $signed(a1_q) * $signed({1'b0, b1_q[HALF-1:0]});
  assign pp_hi_d = $signed(a1_q) * $signed(b1_q[XLEN:HALF]);

  assign product = (2*XLEN)'($signed(pp_lo_q)) + ((2*XLEN)'($signed(pp_hi_q)) << HALF);

  always_comb begin
    case (sel2_q)
      SEL_HIGH: result_d = product[2*XLEN-1:XLEN];
      SEL_WORD: result_d = {{(XLEN-32){product[31]}}, product[31:0]};
      default:  result_d = product[XLEN-1:0];
    endcase
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni)      valid_q <= '0;
    else if (flush_i) valid_q <= '0;
    else              valid_q <= {valid_q[1:0], valid_i};
  end

  // The datapath needs no reset: valid_q says what is meaningful.
  always_ff @(posedge clk_i) begin
    a1_q     <= {a_signed & a_i[XLEN-1], a_i};
    b1_q     <= {b_signed & b_i[XLEN-1], b_i};
    sel1_q   <= sel_d;
    tag1_q   <= tag_i;
    pp_lo_q  <= pp_lo_d;
    pp_hi_q  <= pp_hi_d;
    sel2_q   <= sel1_q;
    tag2_q   <= tag1_q;
    result_q <= result_d;
    tag3_q   <= tag2_q;
  end

  assign valid_o  = valid_q[2];
  assign tag_o    = tag3_q;
  assign result_o = result_q;
endmodule
