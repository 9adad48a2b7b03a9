// What the back end of tea_core keeps per instruction: the payloads of the
// issue queues and of the reorder buffer (rtl/core/tea_core.sv). Widths
// are spelled out for flat ports (Yosys 0.23 has no $bits of a type);
// the width lint catches a disagreement with the structs.
`ifndef TEA_BACKEND_TYPES_SVH
`define TEA_BACKEND_TYPES_SVH

// verilator lint_off UNUSEDPARAM
`include "core_types.svh"
`include "frontend_types.svh"

localparam int unsigned CKPT_BITS = FE_HIST_BITS + FE_RAS_PTR_BITS + CFG_XLEN;

// Integer issue queue: ALU, branch, multiply and divide.
typedef struct packed {
  fu_e                     fu;
  uop_op_u                 op;
  logic                    word;
  opa_sel_e                opa_sel;
  opb_sel_e                opb_sel;
  logic                    compressed;
  logic [CFG_XLEN-1:0]     pc;
  logic [CFG_XLEN-1:0]     imm;
  logic [CFG_XLEN-1:0]     pred_npc;   // where fetch went after it
  bp_ckpt_t                ckpt;
  br_kind_e                br_kind;
  logic [ROB_IDX_BITS-1:0] rob_idx;
  logic [PREG_BITS-1:0]    pdst;
  logic                    rd_used;
} int_payload_t;

localparam int unsigned INT_PAYLOAD_BITS =
    4 + 4 + 1 + 2 + 1 + 1 + 3 * CFG_XLEN + CKPT_BITS + 2 + ROB_IDX_BITS + PREG_BITS + 1;

// FP issue queue: the FMA, conversion and divide/square-root ports.
typedef struct packed {
  fu_e                     fu;
  logic [4:0]              op;         // uop_t.fp_op
  logic                    fmt;        // uop_t.fp_fmt
  logic [2:0]              rm;         // resolved: frm in place of dynamic
  logic                    rd_fp;      // the result goes to an f register
  logic [ROB_IDX_BITS-1:0] rob_idx;
  logic [PREG_BITS-1:0]    pdst;
  logic                    rd_used;
} fp_payload_t;

localparam int unsigned FP_PAYLOAD_BITS = 4 + 5 + 1 + 3 + 1 + ROB_IDX_BITS + PREG_BITS + 1;

// Memory issue queue: loads and stores (AMOs run at the ROB head).
typedef struct packed {
  logic                   is_store;
  logic                   prefetch;   // Zicbop prefetch on the load port: no result
  logic                   box;        // FLW: the word NaN-boxed into an f register
  mem_size_e              size;
  logic                   mem_unsigned;
  logic [CFG_XLEN-1:0]    imm;
  logic [LQ_IDX_BITS-1:0] lq_idx;
  logic [SQ_IDX_BITS-1:0] sq_idx;
  logic [PREG_BITS-1:0]   pdst;
} mem_payload_t;

localparam int unsigned MEM_PAYLOAD_BITS =
    1 + 1 + 1 + 2 + 1 + CFG_XLEN + LQ_IDX_BITS + SQ_IDX_BITS + PREG_BITS;

// Reorder buffer: what commit needs to retire or trap, to free registers,
// to run a serialized instruction at the head and to restart fetch.
typedef struct packed {
  logic [CFG_XLEN-1:0]  pc;
  logic [31:0]          insn;      // raw bits; a compressed one in [15:0]
  logic                 rvc;
  fu_e                  fu;
  uop_op_u              op;
  logic                 word;
  logic [5:0]           rd;        // x0-x31, f0-f31 as 32-63
  logic                 rd_used;
  logic [PREG_BITS-1:0] pdst;
  logic [PREG_BITS-1:0] old_pdst;
  logic [PREG_BITS-1:0] prs1;
  logic [PREG_BITS-1:0] prs2;
  logic                 is_load;
  logic                 is_store;
  bp_ckpt_t             ckpt;
} rob_payload_t;

localparam int unsigned ROB_PAYLOAD_BITS =
    CFG_XLEN + 32 + 1 + 4 + 4 + 1 + 6 + 1 + 4 * PREG_BITS + 2 + CKPT_BITS;

// verilator lint_on UNUSEDPARAM
`endif
