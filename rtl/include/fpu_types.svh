// Types and constants of the floating-point units (F and D extensions). The
// arithmetic they implement is the ISS's sim/iss/ieee754.c; the encodings
// below are RISC-V's, so an instruction's fields can be passed as they are.
`ifndef TEA_FPU_TYPES_SVH
`define TEA_FPU_TYPES_SVH

/* verilator lint_off UNUSEDPARAM */

// What the fused multiply-add unit computes. FADD/FSUB and FMUL run on the
// same datapath: FADD is a * 1.0 + c, FMUL is a * b + (a zero of the
// product's sign), which leaves every product, zero products included, as
// it is in every rounding mode.
typedef enum logic [1:0] {
  FMA_FMADD = 2'd0,  // a * b + c (op_i picks fmsub, fnmsub, fnmadd)
  FMA_ADD   = 2'd1,  // a + c (op_i bit 0: a - c)
  FMA_MUL   = 2'd2   // a * b
} fma_mode_e;

// Rounding modes, as frm encodes them (5-7 are rejected before an FPU).
localparam logic [2:0] FP_RM_RNE = 3'd0;  // to nearest, ties to even
localparam logic [2:0] FP_RM_RTZ = 3'd1;  // towards zero
localparam logic [2:0] FP_RM_RDN = 3'd2;  // down
localparam logic [2:0] FP_RM_RUP = 3'd3;  // up
localparam logic [2:0] FP_RM_RMM = 3'd4;  // to nearest, ties away from zero

// Cycles from an operation entering a pipelined unit to its result; the FP
// cluster's one writer is scheduled from their difference.
localparam int unsigned FPU_FMA_LATENCY     = 5;
localparam int unsigned FPU_CONVERT_LATENCY = 2;

// Exception flags: bit positions in fflags.
localparam int unsigned FP_FLAG_NX = 0;  // inexact
localparam int unsigned FP_FLAG_UF = 1;  // underflow
localparam int unsigned FP_FLAG_OF = 2;  // overflow
localparam int unsigned FP_FLAG_DZ = 3;  // divide by zero
localparam int unsigned FP_FLAG_NV = 4;  // invalid

// Unpacked operands: a significand of binary64's precision (binary32
// significands are widened, low bits zero) normalized so that its top bit
// is set, and a signed exponent with value = sig * 2^exp. The exponent is
// wide enough for a product of two subnormals and for the sums and
// normalization shifts of an FMA.
localparam int unsigned FP_SIG_W = 53;
localparam int unsigned FP_EXP_W = 14;

// What the conversion unit (fpu_convert) computes. The low two bits are an
// instruction field: a conversion's integer form as fcvt's rs2 encodes it
// (bit 1: 64 bits, bit 0: unsigned), or the funct3 of fsgnj*, fle/flt/feq
// and fmin/fmax. FCV_F2F is fcvt.s.d or fcvt.d.s: fmt_i is the result's
// format, the operand is in the other one.
typedef enum logic [4:0] {
  FCV_F2I_W  = 5'd0,   // fcvt.w.{s,d}
  FCV_F2I_WU = 5'd1,   // fcvt.wu.{s,d}
  FCV_F2I_L  = 5'd2,   // fcvt.l.{s,d}
  FCV_F2I_LU = 5'd3,   // fcvt.lu.{s,d}
  FCV_I2F_W  = 5'd4,   // fcvt.{s,d}.w
  FCV_I2F_WU = 5'd5,   // fcvt.{s,d}.wu
  FCV_I2F_L  = 5'd6,   // fcvt.{s,d}.l
  FCV_I2F_LU = 5'd7,   // fcvt.{s,d}.lu
  FCV_F2F    = 5'd8,   // fcvt.s.d, fcvt.d.s
  FCV_CLASS  = 5'd9,   // fclass
  FCV_MV_X_F = 5'd10,  // fmv.x.w (sign-extended), fmv.x.d
  FCV_MV_F_X = 5'd11,  // fmv.w.x, fmv.d.x
  FCV_SGNJ   = 5'd12,
  FCV_SGNJN  = 5'd13,
  FCV_SGNJX  = 5'd14,
  FCV_LE     = 5'd16,  // fle
  FCV_LT     = 5'd17,  // flt
  FCV_EQ     = 5'd18,  // feq
  FCV_MIN    = 5'd20,
  FCV_MAX    = 5'd21
} fcv_op_e;

/* verilator lint_on UNUSEDPARAM */

// Whether a truncated magnitude goes up by one ulp under rounding mode rm,
// given its sign, the first dropped bit (rnd), whether any bit below it is
// set (stk) and the lowest kept bit (lsb).
function automatic logic fp_round_up(input logic [2:0] rm, input logic sign, input logic rnd,
                                     input logic stk, input logic lsb);
  case (rm)
    FP_RM_RNE: fp_round_up = rnd & (stk | lsb);
    FP_RM_RDN: fp_round_up = sign & (rnd | stk);
    FP_RM_RUP: fp_round_up = !sign & (rnd | stk);
    FP_RM_RMM: fp_round_up = rnd;
    default:   fp_round_up = 1'b0;  // RTZ
  endcase
endfunction

// Results of a format (fmt 0: binary32, upper 32 bits zero; 1: binary64):
// a zero or an infinity with its sign, the canonical NaN.
function automatic logic [63:0] fp_zero(input logic fmt, input logic sign);
  fp_zero = fmt ? {sign, 63'b0} : {32'b0, sign, 31'b0};
endfunction

function automatic logic [63:0] fp_inf(input logic fmt, input logic sign);
  fp_inf = fmt ? {sign, 11'h7ff, 52'b0} : {32'b0, sign, 8'hff, 23'b0};
endfunction

function automatic logic [63:0] fp_qnan(input logic fmt);
  fp_qnan = fmt ? 64'h7ff8_0000_0000_0000 : 64'h0000_0000_7fc0_0000;
endfunction

`endif
