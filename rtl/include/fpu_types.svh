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

/* verilator lint_on UNUSEDPARAM */

`endif
