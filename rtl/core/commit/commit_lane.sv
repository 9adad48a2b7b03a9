// core and frontend types first: backend_types.svh then keeps its own
// lint waiver for the payload widths this file does not use
`include "core_types.svh"
`include "frontend_types.svh"
`include "backend_types.svh"

// One commit lane of tea_core: unpacks the ROB payload of one head entry
// into what commit needs (the LSU's load/store counts, rename's commit
// port, serialization, the trace), and says whether it frees a register
// mapping when it commits. Purely combinational; tea_core has one per
// lane. (A module rather than a generate block so that the payload struct
// is a module-level variable, which Yosys 0.23 can select fields of.)
module commit_lane #(
  parameter int unsigned XLEN = CFG_XLEN,
  localparam int unsigned PB  = PREG_BITS,
  localparam int unsigned RPB = ROB_PAYLOAD_BITS
) (
  input  logic [RPB-1:0]  payload_i,   // rob_payload_t of this head entry
  input  logic            commit_i,    // it commits this cycle
  input  logic [4:0]      fflags_i,    // the FP exception flags it raised
  output logic            is_load_o,
  output logic            is_store_o,
  output logic            csr_sys_o,   // CSR or system instruction: commits only in lane 0
  output logic            rd_used_o,
  output logic            rd_commit_o, // commits and writes rd: rename's commit port
  output logic [5:0]      rd_o,
  output logic [PB-1:0]   pdst_o,
  output logic [PB-1:0]   old_pdst_o,
  output logic [XLEN-1:0] pc_o,
  output logic [31:0]     insn_o,
  output logic [4:0]      fp_flags_o,  // fflags accrues these
  output logic            fp_dirty_o   // it makes mstatus.FS Dirty
);
  /* verilator lint_off UNUSEDSIGNAL */  // lane 0's payload is read in commit_ctrl too
  rob_payload_t rp;
  /* verilator lint_on UNUSEDSIGNAL */
  assign rp = payload_i;

  assign is_load_o   = rp.is_load;
  assign is_store_o  = rp.is_store;
  assign csr_sys_o   = rp.fu == FU_CSR || rp.fu == FU_SYSTEM;
  assign rd_used_o   = rp.rd_used;
  assign rd_commit_o = commit_i && rp.rd_used;
  assign rd_o        = rp.rd;
  assign pdst_o      = rp.pdst;
  assign old_pdst_o  = rp.old_pdst;
  assign pc_o        = rp.pc;
  assign insn_o      = rp.insn;
  assign fp_flags_o  = commit_i ? fflags_i : '0;
  assign fp_dirty_o  = commit_i && ((rp.rd_used && rp.rd[5]) || fflags_i != '0);
endmodule
