// The micro-op: what the decoder makes of one instruction and what rename,
// the issue queues and the execution units carry. This is the one
// definition of it; enum values are fixed so that C++ benches can name them.
`ifndef TEA_CORE_TYPES_SVH
`define TEA_CORE_TYPES_SVH

// A module uses only some of the shared sizes and types; the rest are not
// unused in any sense that matters.
/* verilator lint_off UNUSEDPARAM */
`include "core_config.svh"
/* verilator lint_on UNUSEDPARAM */

// Which execution unit (and so which issue queue) takes the micro-op.
typedef enum logic [3:0] {
  FU_ALU    = 4'd0,  // integer arithmetic, logic, shifts, LUI, AUIPC
  FU_BRANCH = 4'd1,  // conditional branches, JAL, JALR (resolved on ALU0)
  FU_MUL    = 4'd2,  // MUL forms, pipelined multiplier
  FU_DIV    = 4'd3,  // DIV and REM forms, iterative divider
  FU_LOAD   = 4'd4,  // loads
  FU_STORE  = 4'd5,  // stores
  FU_AMO    = 4'd6,  // LR, SC and AMOs (serialized)
  FU_CSR    = 4'd7,  // CSRRW/S/C and their immediate forms (serialized)
  FU_SYSTEM = 4'd8,  // ECALL, EBREAK, xRET, WFI, fences (serialized)
  FU_FMA    = 4'd9,  // FMADD family, FADD, FSUB, FMUL (pipelined fpu_fma)
  FU_FDIV   = 4'd10, // FDIV, FSQRT (iterative fpu_divsqrt)
  FU_FMISC  = 4'd11  // conversions, compares, min/max, class, sign injection,
                     // moves (fpu_convert)
} fu_e;

// FU_ALU operations; uop_t.word selects the 32-bit W form.
typedef enum logic [3:0] {
  ALU_ADD  = 4'd0,
  ALU_SUB  = 4'd1,
  ALU_SLL  = 4'd2,
  ALU_SLT  = 4'd3,
  ALU_SLTU = 4'd4,
  ALU_XOR  = 4'd5,
  ALU_SRL  = 4'd6,
  ALU_SRA  = 4'd7,
  ALU_OR   = 4'd8,
  ALU_AND  = 4'd9
} alu_op_e;

// FU_BRANCH operations: the condition of a branch, or an unconditional jump.
typedef enum logic [3:0] {
  BR_EQ   = 4'd0,
  BR_NE   = 4'd1,
  BR_LT   = 4'd2,
  BR_GE   = 4'd3,
  BR_LTU  = 4'd4,
  BR_GEU  = 4'd5,
  BR_JAL  = 4'd6,  // target pc + imm
  BR_JALR = 4'd7   // target (rs1 + imm) & ~1
} br_op_e;

// FU_MUL operations; uop_t.word with MUL_MUL is MULW.
typedef enum logic [3:0] {
  MUL_MUL    = 4'd0,
  MUL_MULH   = 4'd1,
  MUL_MULHSU = 4'd2,
  MUL_MULHU  = 4'd3
} mul_op_e;

// FU_DIV operations; uop_t.word selects DIVW, DIVUW, REMW, REMUW.
typedef enum logic [3:0] {
  DIV_DIV  = 4'd0,
  DIV_DIVU = 4'd1,
  DIV_REM  = 4'd2,
  DIV_REMU = 4'd3
} div_op_e;

// FU_LOAD and FU_STORE have one operation each; FU_AMO has these.
typedef enum logic [3:0] {
  AMO_LR   = 4'd0,
  AMO_SC   = 4'd1,
  AMO_SWAP = 4'd2,
  AMO_ADD  = 4'd3,
  AMO_XOR  = 4'd4,
  AMO_AND  = 4'd5,
  AMO_OR   = 4'd6,
  AMO_MIN  = 4'd7,
  AMO_MAX  = 4'd8,
  AMO_MINU = 4'd9,
  AMO_MAXU = 4'd10
} amo_op_e;

// FU_CSR operations. The immediate forms have rs1_used = 0 and the
// zero-extended 5-bit immediate in uop_t.imm.
typedef enum logic [3:0] {
  CSR_RW = 4'd0,
  CSR_RS = 4'd1,
  CSR_RC = 4'd2
} csr_op_e;

// FU_SYSTEM operations.
typedef enum logic [3:0] {
  SYS_ECALL      = 4'd0,
  SYS_EBREAK     = 4'd1,
  SYS_MRET       = 4'd2,
  SYS_SRET       = 4'd3,
  SYS_WFI        = 4'd4,
  SYS_FENCE      = 4'd5,
  SYS_FENCE_I    = 4'd6,
  SYS_SFENCE_VMA = 4'd7   // rs1 = address (x0: all), rs2 = ASID (x0: all)
} sys_op_e;

// Size of a memory access (loads, stores, AMOs).
typedef enum logic [1:0] {
  MEM_B = 2'd0,
  MEM_H = 2'd1,
  MEM_W = 2'd2,
  MEM_D = 2'd3
} mem_size_e;

// First ALU operand.
typedef enum logic [1:0] {
  OPA_RS1  = 2'd0,
  OPA_PC   = 2'd1,  // AUIPC
  OPA_ZERO = 2'd2   // LUI
} opa_sel_e;

// Second ALU operand.
typedef enum logic {
  OPB_RS2 = 1'b0,
  OPB_IMM = 1'b1
} opb_sel_e;

// The operation, read as the enum of uop_t.fu.
typedef union packed {
  alu_op_e alu;
  br_op_e  br;
  mul_op_e mul;
  div_op_e div;
  amo_op_e amo;
  csr_op_e csr;
  sys_op_e sys;
} uop_op_u;

// Index widths of the back end's structures.
/* verilator lint_off UNUSEDPARAM */
localparam int unsigned ROB_IDX_BITS = $clog2(CFG_ROB_ENTRIES);
localparam int unsigned PREG_BITS = $clog2(CFG_PRF_ENTRIES);
localparam int unsigned LQ_IDX_BITS = $clog2(CFG_LQ_ENTRIES);
localparam int unsigned SQ_IDX_BITS = $clog2(CFG_SQ_ENTRIES);
/* verilator lint_on UNUSEDPARAM */

typedef struct packed {
  logic                illegal;     // reserved or unknown encoding: raise cause 2
  fu_e                 fu;          // unit that executes it
  uop_op_u             op;          // operation within that unit
  logic                word;        // W form: 32-bit operation, result sign-extended
  opa_sel_e            opa_sel;     // FU_ALU first operand
  opb_sel_e            opb_sel;     // FU_ALU second operand
  mem_size_e           mem_size;    // FU_LOAD/STORE/AMO access size
  logic                mem_unsigned;// FU_LOAD: zero-extend (LBU, LHU, LWU)
  // Architectural registers are 6 bits: 0-31 are x0-x31, 32-63 f0-f31.
  logic [5:0]          rs1;         // source registers
  logic [5:0]          rs2;
  logic [5:0]          rs3;         // FMADD family only
  logic [5:0]          rd;          // destination register
  logic                rs1_used;    // reads rs1 (x0 included: it reads as zero)
  logic                rs2_used;    // reads rs2 (x0 included)
  logic                rs3_used;
  logic                rd_used;     // writes rd, and rd is not x0
  logic [CFG_XLEN-1:0] imm;         // immediate, sign-extended (shift amounts
                                    // and CSR immediates zero-extended)
  logic [11:0]         csr;         // FU_CSR: CSR address
  logic                serialize;   // dispatch alone into an empty ROB
  logic                compressed;  // came from a 16-bit instruction (pc + 2)
  logic                prefetch;    // Zicbop prefetch.r/.w: architecturally the ORI
                                    // x0 the other fields describe; dispatch sends
                                    // it to the LSU to fetch the line (a hint)
  // F and D
  logic                fp;          // an F/D instruction: illegal while mstatus.FS is Off
  logic                fp_fmt;      // 0: binary32, 1: binary64 (fcvt.s.d/d.s: the result's)
  logic [2:0]          fp_rm;       // the rm field (7: dynamic, frm)
  logic                fp_rm_used;  // rounds: a reserved rm is illegal
  logic [4:0]          fp_op;       // FU_FMA: {fma_mode_e, negate product, negate addend};
                                    // FU_FDIV: 1 for FSQRT; FU_FMISC: fcv_op_e
} uop_t;

`endif
