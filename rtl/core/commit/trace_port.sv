`include "core_types.svh"
`include "tea_events.svh"

// The trace port of tea_core (simulation only: tea_core instantiates it
// under TEA_TRACE). Every cycle it tells teasim what commits, with pc,
// bits, PSV, the register value written (read from the register file) and
// the memory written (the stores leaving the SQ, or the AMO's new value,
// recomputed here from its old value and its operand), the trap or flush,
// the ROB's head and tail, what dispatches, and what the TEA sampler sees
// and holds. The other way it brings the simulator's own TEA CSR writes,
// registered: a path from a top-level input into the commit logic would
// make Verilator evaluate most of the core twice.
module trace_port #(
  parameter int unsigned W  = CFG_W,
  localparam int unsigned PB = PREG_BITS,
  localparam int unsigned RB = ROB_IDX_BITS,
  localparam int unsigned PS = PSV_BITS
) (
  input  logic                  clk_i,
  input  logic                  rst_ni,
  // the ROB head and what commits
  input  logic [W-1:0]          commit_i,
  input  logic [W*64-1:0]       head_pc_i,
  input  logic [W*32-1:0]       head_insn_i,
  input  logic [W-1:0]          head_rd_used_i,
  input  logic [W*6-1:0]        head_rd_i,
  input  logic [W*PB-1:0]       head_pdst_i,
  input  logic [W*PS-1:0]       head_psv_i,
  input  logic [W-1:0]          head_is_store_i,
  // the values the committing lanes wrote: register-file reads (the CSR
  // file's for a CSR access) and the stores leaving the SQ, one per store
  output logic [W*PB-1:0]       raddr_o,
  input  logic [W*64-1:0]       rdata_i,
  input  logic                  csr_valid_i,
  input  logic [63:0]           csr_rdata_i,
  input  logic [W*64-1:0]       sq_commit_vaddr_i,
  input  logic [W*64-1:0]       sq_commit_data_i,
  input  logic [W*2-1:0]        sq_commit_size_i,
  // the AMO at the head: its operands and the LSU's writeback of its old value
  input  logic                  head_amo_i,
  input  amo_op_e               amo_op_i,
  input  logic                  amo_word_i,
  input  logic [63:0]           amo_addr_i,
  input  logic [63:0]           amo_data_i,
  input  logic                  lsu_wb_valid_i,
  input  logic [63:0]           lsu_wb_data_i,
  // the rest of the core's state this cycle
  input  logic [1:0]            priv_i,
  input  logic                  trap_valid_i,
  input  logic                  trap_irq_i,
  input  logic [63:0]           trap_cause_i,
  input  logic [63:0]           trap_tval_i,
  input  logic                  flush_i,
  input  logic [RB-1:0]         rob_head_idx_i,
  input  logic [RB-1:0]         rob_tail_idx_i,
  input  logic                  rob_empty_i,
  input  logic [W-1:0]          dispatch_i,
  // TEA: what the sampler sees, its CSR writes and its sample
  input  logic [W-1:0]          retire_i,
  input  logic                  retire_trap_i,
  input  logic [W*PS-1:0]       retire_psv_i,
  input  logic                  tea_we_i,
  input  logic [11:0]           tea_addr_i,
  input  logic [63:0]           tea_wdata_i,
  input  logic                  tea_valid_i,
  input  logic [63:0]           tea_time_i,
  input  logic [1:0]            tea_state_i,
  input  logic [1:0]            tea_priv_i,
  input  logic [W-1:0]          tea_mask_i,
  input  logic [W*64-1:0]       tea_pc_i,
  input  logic [W*PS-1:0]       tea_psv_i,
  input  logic [63:0]           tea_lost_i,
  input  logic [63:0]           tea_filtered_i,
  // the trace (tea_core's trace_* ports)
  output logic [W-1:0]          trace_valid_o,
  output logic [W*64-1:0]       trace_pc_o,
  output logic [W*32-1:0]       trace_insn_o,
  output logic [W*6-1:0]        trace_rd_o,
  output logic [W*64-1:0]       trace_rd_value_o,
  output logic [W*4-1:0]        trace_mem_size_o,
  output logic [W*64-1:0]       trace_mem_addr_o,
  output logic [W*64-1:0]       trace_mem_value_o,
  output logic [W*PS-1:0]       trace_psv_o,
  output logic [1:0]            trace_priv_o,
  output logic                  trace_trap_o,
  output logic                  trace_interrupt_o,
  output logic [63:0]           trace_cause_o,
  output logic [63:0]           trace_tval_o,
  output logic                  trace_flush_o,
  output logic [RB-1:0]         trace_rob_head_o,
  output logic [RB-1:0]         trace_rob_tail_o,
  output logic                  trace_rob_empty_o,
  output logic [W-1:0]          trace_dispatch_o,
  output logic [W-1:0]          trace_retire_o,
  output logic                  trace_retire_trap_o,
  output logic [W*PS-1:0]       trace_retire_psv_o,
  output logic                  trace_tea_we_o,
  output logic [11:0]           trace_tea_addr_o,
  output logic [63:0]           trace_tea_wdata_o,
  output logic                  trace_tea_valid_o,
  output logic [63:0]           trace_tea_time_o,
  output logic [1:0]            trace_tea_state_o,
  output logic [1:0]            trace_tea_priv_o,
  output logic [W-1:0]          trace_tea_mask_o,
  output logic [W*64-1:0]       trace_tea_pc_o,
  output logic [W*PS-1:0]       trace_tea_psv_o,
  output logic [63:0]           trace_tea_lost_o,
  output logic [63:0]           trace_tea_filtered_o,
  // the simulator's TEA CSR writes, as if they committed in the next cycle
  input  logic                  dbg_tea_we_i,
  input  logic [11:0]           dbg_tea_addr_i,
  input  logic [63:0]           dbg_tea_wdata_i,
  output logic                  dbg_tea_we_o,
  output logic [11:0]           dbg_tea_addr_o,
  output logic [63:0]           dbg_tea_wdata_o
);
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) dbg_tea_we_o <= 1'b0;
    else         dbg_tea_we_o <= dbg_tea_we_i;
  end
  always_ff @(posedge clk_i) begin
    dbg_tea_addr_o  <= dbg_tea_addr_i;
    dbg_tea_wdata_o <= dbg_tea_wdata_i;
  end

  // What an AMO wrote: its old value comes back on the LSU's writeback
  // (it is alone in the ROB, so that writeback is its own).
  logic [63:0] amo_old_q, amo_src, amo_old, amo_new;
  logic        amo_writes;
  always_ff @(posedge clk_i) begin
    if (head_amo_i && lsu_wb_valid_i) amo_old_q <= lsu_wb_data_i;
  end
  assign amo_src = amo_word_i ? {{32{amo_data_i[31]}}, amo_data_i[31:0]} : amo_data_i;
  assign amo_old = amo_word_i ? {{32{amo_old_q[31]}}, amo_old_q[31:0]} : amo_old_q;
  always_comb begin
    amo_writes = head_amo_i;
    case (amo_op_i)
      AMO_LR:   begin amo_new = amo_old; amo_writes = 1'b0; end
      AMO_SC:   begin amo_new = amo_src; amo_writes = head_amo_i && amo_old_q == 64'd0; end
      AMO_SWAP: amo_new = amo_src;
      AMO_ADD:  amo_new = amo_old + amo_src;
      AMO_XOR:  amo_new = amo_old ^ amo_src;
      AMO_AND:  amo_new = amo_old & amo_src;
      AMO_OR:   amo_new = amo_old | amo_src;
      AMO_MIN:  amo_new = $signed(amo_old) < $signed(amo_src) ? amo_old : amo_src;
      AMO_MAX:  amo_new = $signed(amo_old) > $signed(amo_src) ? amo_old : amo_src;
      AMO_MINU: amo_new = amo_old < amo_src ? amo_old : amo_src;
      AMO_MAXU: amo_new = amo_old > amo_src ? amo_old : amo_src;
      default:  begin amo_new = amo_old; amo_writes = 1'b0; end
    endcase
  end

  always_comb begin
    int unsigned st;
    st = 0;
    for (int i = 0; i < W; i++) begin
      trace_valid_o[i] = commit_i[i];
      trace_pc_o[i*64 +: 64] = head_pc_i[i*64 +: 64];
      trace_insn_o[i*32 +: 32] = head_insn_i[i*32 +: 32];
      trace_rd_o[i*6 +: 6] = head_rd_used_i[i] ? head_rd_i[i*6 +: 6] : 6'd0;
      trace_rd_value_o[i*64 +: 64] = (i == 0 && csr_valid_i) ? csr_rdata_i : rdata_i[i*64 +: 64];
      trace_psv_o[i*PS +: PS] = head_psv_i[i*PS +: PS];
      trace_mem_size_o[i*4 +: 4] = '0;
      trace_mem_addr_o[i*64 +: 64] = '0;
      trace_mem_value_o[i*64 +: 64] = '0;
      if (head_is_store_i[i]) begin
        trace_mem_size_o[i*4 +: 4] = 4'd1 << sq_commit_size_i[st*2 +: 2];
        trace_mem_addr_o[i*64 +: 64] = sq_commit_vaddr_i[st*64 +: 64];
        case (sq_commit_size_i[st*2 +: 2])
          2'd0:    trace_mem_value_o[i*64 +: 64] = {56'd0, sq_commit_data_i[st*64 +: 8]};
          2'd1:    trace_mem_value_o[i*64 +: 64] = {48'd0, sq_commit_data_i[st*64 +: 16]};
          2'd2:    trace_mem_value_o[i*64 +: 64] = {32'd0, sq_commit_data_i[st*64 +: 32]};
          default: trace_mem_value_o[i*64 +: 64] = sq_commit_data_i[st*64 +: 64];
        endcase
        st++;
      end
    end
    if (amo_writes) begin
      trace_mem_size_o[3:0] = amo_word_i ? 4'd4 : 4'd8;
      trace_mem_addr_o[63:0] = amo_addr_i;
      trace_mem_value_o[63:0] = amo_word_i ? {32'd0, amo_new[31:0]} : amo_new;
    end
  end
  assign raddr_o = head_pdst_i;

  assign trace_priv_o        = priv_i;
  assign trace_trap_o        = trap_valid_i;
  assign trace_interrupt_o   = trap_irq_i;
  assign trace_cause_o       = trap_cause_i;
  assign trace_tval_o        = trap_tval_i;
  assign trace_flush_o       = flush_i;
  assign trace_rob_head_o    = rob_head_idx_i;
  assign trace_rob_tail_o    = rob_tail_idx_i;
  assign trace_rob_empty_o   = rob_empty_i;
  assign trace_dispatch_o    = dispatch_i;
  assign trace_retire_o      = retire_i;
  assign trace_retire_trap_o = retire_trap_i;
  assign trace_retire_psv_o  = retire_psv_i;
  assign trace_tea_we_o      = tea_we_i;
  assign trace_tea_addr_o    = tea_addr_i;
  assign trace_tea_wdata_o   = tea_wdata_i;
  assign trace_tea_valid_o   = tea_valid_i;
  assign trace_tea_time_o    = tea_time_i;
  assign trace_tea_state_o   = tea_state_i;
  assign trace_tea_priv_o    = tea_priv_i;
  assign trace_tea_mask_o    = tea_mask_i;
  assign trace_tea_pc_o      = tea_pc_i;
  assign trace_tea_psv_o     = tea_psv_i;
  assign trace_tea_lost_o    = tea_lost_i;
  assign trace_tea_filtered_o = tea_filtered_i;
endmodule
