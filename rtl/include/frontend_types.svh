// Types the front end hands down the pipeline with every instruction
// (docs/microarchitecture.md, front end). Widths follow core_config.svh;
// branch_predictor checks at elaboration that its parameters agree with
// bp_ckpt_t. Module ports carry arrays of these structs as flat vectors
// (Yosys 0.23 has neither multi-dimensional packed ports nor a reliable
// unpacked array of structs).
`ifndef TEA_FRONTEND_TYPES_SVH
`define TEA_FRONTEND_TYPES_SVH

// Not every user of these types needs every constant.
// verilator lint_off UNUSEDPARAM
`include "core_config.svh"

// Control-flow kinds the BTB remembers. Decode classifies with the RISC-V
// hint convention (x1 and x5 are link registers): JAL/JALR writing a link
// register is a call, JALR reading a link register and writing x0 is a
// return, any other JAL/JALR is a jump; BRANCH is a conditional branch.
typedef enum logic [1:0] {
  BR_KIND_BRANCH = 2'd0,
  BR_KIND_JUMP   = 2'd1,
  BR_KIND_CALL   = 2'd2,
  BR_KIND_RETURN = 2'd3
} br_kind_e;

// Fetch blocks are cut into 2-byte slots, where an instruction may start.
localparam int unsigned FE_SLOTS = CFG_FETCH_BYTES / 2;
// The gshare index is the slot-granular pc XOR the history shifted past the
// slot bits, so gshare uses as much history as the block part of the index;
// with TAGE (CFG_TAGE) the history is as long as its longest table's.
// ($clog2 of a derived localparam is beyond Yosys 0.23 at $unit scope.)
localparam int unsigned FE_GSHARE_HIST_BITS = $clog2(CFG_BHT_ENTRIES) - $clog2(CFG_FETCH_BYTES / 2);
localparam int unsigned TAGE_HIST_BITS = 64;
localparam int unsigned FE_HIST_BITS = CFG_TAGE != 0 ? TAGE_HIST_BITS : FE_GSHARE_HIST_BITS;
localparam int unsigned FE_RAS_PTR_BITS = $clog2(CFG_RAS_ENTRIES);

// Predictor state before the prediction of the fetch an instruction came
// from. On a mispredict at resolution the predictor restores it and then
// applies the resolved instruction's own effect; on a flush at commit it
// restores it as is, because the flushed instruction is fetched again.
typedef struct packed {
  logic [FE_HIST_BITS-1:0]    ghist;   // global history, newest bit in [0]
  logic [FE_RAS_PTR_BITS-1:0] ras_ptr; // RAS entry holding the top
  logic [CFG_XLEN-1:0]        ras_top; // value of that entry
} bp_ckpt_t;

// TEA front-end events (docs/tea.md): set on the first instruction of the
// fetch packet that suffered the miss.
typedef struct packed {
  logic dr_l1;  // I-cache miss
  logic dr_tlb; // I-TLB miss
} fe_psv_t;

localparam int unsigned FE_PSV_BITS = 2;

// One fetch-buffer entry. A compressed instruction keeps its 16 bits in
// bits[15:0] with bits[31:16] zero and rvc set.
typedef struct packed {
  logic [CFG_XLEN-1:0] pc;
  logic [31:0]         bits;
  logic                rvc;
  logic [CFG_XLEN-1:0] pred_npc; // pc + length unless predicted taken
  bp_ckpt_t            ckpt;
  logic                fault;      // fetching it faulted: it must not execute
  logic                fault_page; // instruction page fault (12), else access fault (1)
  logic                fault_hi;   // the fault hit the second half: tval = pc + 2
  fe_psv_t             psv;      // last: fetch_buffer relies on it
} fetch_entry_t;

// Width of fetch_entry_t, for flat ports (Yosys 0.23 has no $bits of a
// type); Verilator's width lint catches a disagreement with the struct.
localparam int unsigned FETCH_ENTRY_BITS =
    3 * CFG_XLEN + 32 + 1 + FE_HIST_BITS + FE_RAS_PTR_BITS + 3 + FE_PSV_BITS;

// verilator lint_on UNUSEDPARAM
`endif
