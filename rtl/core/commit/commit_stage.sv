// core and frontend types first: backend_types.svh then keeps its own
// lint waiver for the payload widths this file does not use
`include "core_types.svh"
`include "frontend_types.svh"
`include "backend_types.svh"
`include "tea_events.svh"
`include "hpm_events.svh"
`include "lsu_types.svh"

// C: the reorder buffer and what happens at its head: the lanes' payloads
// decoded (commit_lane), what commits, traps and flushes (commit_ctrl),
// the CSRs (csr_file) with the performance events the core's units report.
module commit_stage #(
  parameter logic [63:0]  HARTID    = 0,
  parameter int unsigned  W         = CFG_W,
  parameter int unsigned  CPL_PORTS = 8,
  localparam int unsigned LB        = $clog2(W + 1),
  localparam int unsigned PB        = PREG_BITS,
  localparam int unsigned RB        = ROB_IDX_BITS,
  localparam int unsigned RPB       = ROB_PAYLOAD_BITS,
  localparam int unsigned PS        = PSV_BITS
) (
  input  logic                    clk_i,
  input  logic                    rst_ni,

  // dispatch writes the ROB (rob.sv)
  input  logic [W-1:0]            alloc_valid_i,
  input  logic [W*RPB-1:0]        alloc_payload_i,
  input  logic [W*PS-1:0]         alloc_psv_i,
  input  logic [W-1:0]            alloc_done_i,
  input  logic [W-1:0]            alloc_xcpt_i,
  input  logic [W*4-1:0]          alloc_cause_i,
  input  logic [W*64-1:0]         alloc_tval_i,
  output logic [W*RB-1:0]         alloc_idx_o,
  output logic [RB:0]             rob_free_o,
  output logic                    rob_empty_o,
  output logic [RB-1:0]           rob_head_idx_o,
  output logic [RB-1:0]           rob_tail_idx_o,
  // completions, mispredicted branches, memory-ordering replays
  input  logic [CPL_PORTS-1:0]    cpl_valid_i,
  input  logic [CPL_PORTS*RB-1:0] cpl_idx_i,
  input  logic [CPL_PORTS-1:0]    cpl_xcpt_i,
  input  logic [CPL_PORTS*4-1:0]  cpl_cause_i,
  input  logic [CPL_PORTS*64-1:0] cpl_tval_i,
  input  logic [CPL_PORTS*PS-1:0] cpl_psv_i,
  input  logic [CPL_PORTS*5-1:0]  cpl_fflags_i,
  input  logic                    mb_valid_i,
  input  logic [RB-1:0]           mb_idx_i,
  input  logic                    mo_valid_i,
  input  logic [RB-1:0]           mo_idx_i,

  // what commits, and the head lanes as rename and the trace see them
  output logic [W-1:0]            commit_lanes_o,
  output logic [LB-1:0]           commit_count_o,
  output logic [LB-1:0]           commit_loads_o,
  output logic [LB-1:0]           commit_stores_o,
  output logic [W-1:0]            rd_commit_o,
  output logic [W*6-1:0]          head_rd_o,
  output logic [W*PB-1:0]         head_pdst_o,
  output logic [W*PB-1:0]         head_old_pdst_o,
  output logic [W-1:0]            head_rd_used_o,
  output logic [W-1:0]            head_is_store_o,
  output logic [W*64-1:0]         head_pc_o,
  output logic [W*32-1:0]         head_insn_o,
  output logic [W*PS-1:0]         head_psv_o,

  // register file: the head's sources and commit's write port
  output logic [2*PB-1:0]         head_raddr_o,
  input  logic [63:0]             head_rs1_i,
  output logic                    wake_valid_o,
  output logic [PB-1:0]           wake_pdst_o,
  output logic                    prf_we_o,
  output logic [PB-1:0]           prf_waddr_o,
  output logic [63:0]             prf_wdata_o,

  // the CSR instruction at the head, and the TEA sampler's CSRs behind
  // csr_file's external range
  output logic                    csr_valid_o,
  output logic [11:0]             csr_addr_o,
  output logic                    csr_write_o,
  output logic [63:0]             csr_rdata_o,
  input  logic [63:0]             tea_rdata_i,
  input  logic                    tea_illegal_i,
  input  logic                    tea_irq_i,
  output logic                    tea_we_o,
  output logic [63:0]             tea_wdata_o,

  // traps, flushes and what leaves the head (TEA)
  output logic                    trap_valid_o,
  output logic                    trap_irq_o,
  output logic [63:0]             trap_cause_o,
  output logic [63:0]             trap_tval_o,
  output logic                    flush_o,
  output logic                    fe_flush_o,
  output logic [63:0]             fe_flush_pc_o,
  output bp_ckpt_t                fe_flush_ckpt_o,
  output logic                    icache_inval_o,
  output logic                    mmu_flush_o,
  output logic [W-1:0]            retire_o,
  output logic                    retire_trap_o,
  output logic [W*PS-1:0]         retire_psv_o,
  output logic [W-1:0]            retire_dvalid_o,  // the lane accessed memory, at ...
  output logic [W*64-1:0]         retire_daddr_o,   // ... this address
  // the addresses of the oldest uncommitted loads and stores (lsu.sv)
  input  logic [W*64-1:0]         lq_commit_vaddr_i,
  input  logic [W*64-1:0]         sq_commit_vaddr_i,

  // the LSU and the D-cache: the AMO at the head, fences
  output logic                    head_amo_o,
  output logic                    amo_valid_o,
  input  logic                    amo_ready_i,
  output amo_op_e                 amo_op_o,
  output logic                    amo_word_o,
  output logic [PB-1:0]           amo_pdst_o,
  input  logic                    sq_empty_i,
  input  logic                    sq_drained_i,
  output logic                    dc_clean_req_o,
  input  logic                    dc_clean_done_i,

  // privilege, translation and FP state
  output logic [1:0]              priv_o,
  output logic [1:0]              priv_data_o,
  output logic [63:0]             satp_o,
  output logic                    sum_o,
  output logic                    mxr_o,
  output logic [2:0]              frm_o,
  output logic                    fs_off_o,

  // interrupts and time
  input  logic                    irq_m_soft_i,
  input  logic                    irq_m_timer_i,
  input  logic                    irq_m_ext_i,
  input  logic                    irq_s_ext_i,
  input  logic [63:0]             mtime_i,

  // performance events the other units see (hpm_events.svh)
  input  logic                    ev_icache_miss_i,
  input  logic                    ev_itlb_miss_i,
  input  logic                    ev_load_miss_i,
  input  logic                    ev_dtlb_miss_i,
  input  logic                    ev_llc_miss_i,
  input  logic                    ev_sq_full_i,
  input  logic                    ev_st_error_i,

  // debug halt (tea_core's dbg_* ports, commit_ctrl.sv)
  input  logic                    dbg_halt_ebreak_i,
  output logic                    dbg_halted_o,
  output logic [63:0]             dbg_pc_o,
  input  logic                    dbg_resume_i,
  input  logic [63:0]             dbg_resume_pc_i,
  input  logic [1:0]              dbg_resume_priv_i,
  input  logic [4:0]              dbg_reg_addr_i,
  output logic [63:0]             dbg_reg_rdata_o,
  input  logic                    dbg_reg_we_i,
  input  logic [63:0]             dbg_reg_wdata_i,
  output logic [4:0]              dbg_reg_addr_o,
  input  logic [PB-1:0]           dbg_preg_i
);
  // ---------------------------------------------------------------------
  // Reorder buffer
  // ---------------------------------------------------------------------
  logic [W-1:0]     head_valid, head_done, head_xcpt, head_mispredict, head_replay;
  logic [3:0]       head_cause;         // the oldest exception's
  logic [63:0]      head_tval;
  logic [W*5-1:0]   head_fflags;
  logic [W*RPB-1:0] head_payload;

  rob #(.PAYLOAD_BITS(RPB), .CPL_PORTS(CPL_PORTS)) u_rob (
    .clk_i, .rst_ni, .flush_i(flush_o),
    .alloc_valid_i, .alloc_payload_i, .alloc_psv_i, .alloc_done_i, .alloc_xcpt_i,
    .alloc_cause_i, .alloc_tval_i, .alloc_idx_o, .free_o(rob_free_o),
    .cpl_valid_i, .cpl_idx_i, .cpl_xcpt_i, .cpl_cause_i, .cpl_tval_i, .cpl_psv_i, .cpl_fflags_i,
    .mb_valid_i, .mb_idx_i, .mo_valid_i, .mo_idx_i,
    .head_valid_o(head_valid), .head_done_o(head_done), .head_xcpt_o(head_xcpt),
    .head_cause_o(head_cause), .head_tval_o(head_tval), .head_psv_o,
    .head_fflags_o(head_fflags),
    .head_mispredict_o(head_mispredict), .head_replay_o(head_replay),
    .head_payload_o(head_payload), .head_idx_o(rob_head_idx_o), .tail_idx_o(rob_tail_idx_o),
    .empty_o(rob_empty_o), .commit_count_i(commit_count_o)
  );

  // ---------------------------------------------------------------------
  // The head lanes
  // ---------------------------------------------------------------------
  logic [W-1:0]   head_is_load, head_csr_sys;
  logic [W*5-1:0] head_fp_flags;
  logic [W-1:0]   head_fp_dirty;
  logic [4:0]     fp_flags;
  for (genvar i = 0; i < W; i++) begin : g_head
    commit_lane u_lane (
      .payload_i(head_payload[i*RPB +: RPB]), .commit_i(commit_lanes_o[i]),
      .fflags_i(head_fflags[i*5 +: 5]),
      .fp_flags_o(head_fp_flags[i*5 +: 5]), .fp_dirty_o(head_fp_dirty[i]),
      .is_load_o(head_is_load[i]), .is_store_o(head_is_store_o[i]), .csr_sys_o(head_csr_sys[i]),
      .rd_used_o(head_rd_used_o[i]), .rd_commit_o(rd_commit_o[i]), .rd_o(head_rd_o[i*6 +: 6]),
      .pdst_o(head_pdst_o[i*PB +: PB]), .old_pdst_o(head_old_pdst_o[i*PB +: PB]),
      .pc_o(head_pc_o[i*64 +: 64]), .insn_o(head_insn_o[i*32 +: 32])
    );
  end

  always_comb begin
    fp_flags = '0;
    for (int i = 0; i < W; i++) fp_flags = fp_flags | head_fp_flags[i*5 +: 5];
  end

  // ---------------------------------------------------------------------
  // Commit control and the CSRs
  // ---------------------------------------------------------------------
  logic        csr_read, csr_illegal;
  csr_op_e     csr_op;
  logic [63:0] csr_wdata;
  logic        mret_illegal, sret_illegal, wfi_illegal, sfence_illegal;
  logic [63:0] trap_pc, trap_target, xret_target;
  logic        do_mret, do_sret;
  logic        dbg_resume;
  logic [1:0]  dbg_resume_priv;
  logic        irq_pending, wfi_wakeup;
  logic [63:0] irq_cause;
  logic        ev_mispredict, ev_replay, ev_xcpt;

  commit_ctrl #(.W(W)) u_commit (
    .clk_i, .rst_ni,
    .head_valid_i(head_valid), .head_done_i(head_done), .head_xcpt_i(head_xcpt),
    .head_replay_i(head_replay), .head_mispredict_i(head_mispredict), .head_psv_i(head_psv_o),
    .head_is_load_i(head_is_load), .head_is_store_i(head_is_store_o),
    .head_csr_sys_i(head_csr_sys), .head_payload_i(head_payload[0 +: RPB]),
    .head_cause_i(head_cause), .head_tval_i(head_tval),
    .commit_lanes_o, .commit_count_o, .commit_loads_o, .commit_stores_o,
    .head_raddr_o, .head_rs1_i,
    .wake_valid_o, .wake_pdst_o, .prf_we_o, .prf_waddr_o, .prf_wdata_o,
    .csr_valid_o, .csr_op_o(csr_op), .csr_addr_o,
    .csr_wdata_o(csr_wdata), .csr_write_o, .csr_read_o(csr_read),
    .csr_rdata_i(csr_rdata_o), .csr_illegal_i(csr_illegal),
    .mret_illegal_i(mret_illegal), .sret_illegal_i(sret_illegal), .wfi_illegal_i(wfi_illegal),
    .sfence_illegal_i(sfence_illegal),
    .trap_valid_o, .trap_irq_o, .trap_cause_o, .trap_tval_o,
    .trap_pc_o(trap_pc), .trap_target_i(trap_target),
    .mret_o(do_mret), .sret_o(do_sret), .xret_target_i(xret_target),
    .irq_pending_i(irq_pending), .irq_cause_i(irq_cause), .wfi_wakeup_i(wfi_wakeup),
    .head_amo_o, .amo_valid_o, .amo_ready_i, .amo_op_o, .amo_word_o, .amo_pdst_o,
    .sq_empty_i, .sq_drained_i, .dc_clean_req_o, .dc_clean_done_i,
    .flush_o, .fe_flush_o, .fe_flush_pc_o, .fe_flush_ckpt_o, .icache_inval_o, .mmu_flush_o,
    .retire_o, .retire_trap_o, .retire_psv_o,
    .ev_mispredict_o(ev_mispredict), .ev_replay_o(ev_replay), .ev_xcpt_o(ev_xcpt),
    .dbg_halt_ebreak_i, .dbg_halted_o, .dbg_pc_o, .dbg_resume_i, .dbg_resume_pc_i,
    .dbg_resume_priv_i, .resume_o(dbg_resume), .resume_priv_o(dbg_resume_priv),
    .dbg_reg_addr_i, .dbg_reg_rdata_o, .dbg_reg_we_i, .dbg_reg_wdata_i,
    .dbg_reg_addr_o, .dbg_preg_i
  );

  // The data address of each lane that leaves the head, for TEA: the k-th
  // load (store) among the lanes is the k-th oldest in the load (store)
  // queue; an AMO's address is its rs1. A lane that leaves without
  // committing has one when it is replayed or traps on its access (an
  // address fault), not when an interrupt or another exception takes its
  // place.
  logic       mem_fault;
  logic [3:0] xc;
  assign xc        = trap_cause_o[3:0];
  assign mem_fault = trap_valid_o && !trap_irq_o &&
                     (xc == CAUSE_LD_MISALIGNED || xc == CAUSE_LD_ACCESS || xc == CAUSE_LD_PAGE ||
                      xc == CAUSE_ST_MISALIGNED || xc == CAUSE_ST_ACCESS || xc == CAUSE_ST_PAGE);
  always_comb begin
    int unsigned nl, ns;
    nl = 0;
    ns = 0;
    retire_dvalid_o = '0;
    retire_daddr_o  = '0;
    for (int i = 0; i < W; i++) begin
      if (retire_o[i] && (!retire_trap_o || !trap_valid_o || mem_fault)) begin
        if (head_is_load[i]) begin
          retire_dvalid_o[i]         = 1'b1;
          retire_daddr_o[i*64 +: 64] = lq_commit_vaddr_i[nl*64 +: 64];
        end else if (head_is_store_o[i]) begin
          retire_dvalid_o[i]         = 1'b1;
          retire_daddr_o[i*64 +: 64] = sq_commit_vaddr_i[ns*64 +: 64];
        end else if (i == 0 && head_amo_o) begin
          retire_dvalid_o[i]         = 1'b1;
          retire_daddr_o[i*64 +: 64] = head_rs1_i;
        end
      end
      if (head_is_load[i])    nl++;
      if (head_is_store_o[i]) ns++;
    end
  end

  // Performance events (hpm_events.svh numbering, 1-based)
  logic [HPM_NUM_EVENTS*LB-1:0] events;
  always_comb begin
    events = '0;
    events[0*LB +: LB] = LB'(ev_icache_miss_i);
    events[1*LB +: LB] = LB'(ev_itlb_miss_i);
    events[2*LB +: LB] = LB'(ev_load_miss_i);
    events[3*LB +: LB] = LB'(ev_dtlb_miss_i);
    events[4*LB +: LB] = LB'(ev_llc_miss_i);
    events[5*LB +: LB] = LB'(ev_mispredict);
    events[6*LB +: LB] = LB'(ev_replay);
    events[7*LB +: LB] = LB'(ev_sq_full_i);
    events[8*LB +: LB] = LB'(ev_xcpt);
    events[9*LB +: LB] = LB'(trap_irq_o);
    events[10*LB +: LB] = LB'(ev_st_error_i);
  end

  /* verilator lint_off UNUSEDSIGNAL */  // the sampler decodes its own range
  logic ext_valid;
  /* verilator lint_on UNUSEDSIGNAL */

  csr_file #(.HARTID(HARTID)) u_csr (
    .clk_i, .rst_ni,
    .csr_valid_i(csr_valid_o), .csr_op_i(csr_op), .csr_addr_i(csr_addr_o),
    .csr_wdata_i(csr_wdata), .csr_write_i(csr_write_o), .csr_read_i(csr_read),
    .csr_rdata_o, .csr_illegal_o(csr_illegal),
    .mret_illegal_o(mret_illegal), .sret_illegal_o(sret_illegal), .wfi_illegal_o(wfi_illegal),
    .sfence_illegal_o(sfence_illegal),
    .trap_valid_i(trap_valid_o), .trap_cause_i(trap_cause_o), .trap_pc_i(trap_pc),
    .trap_tval_i(trap_tval_o), .trap_target_o(trap_target),
    .mret_i(do_mret), .sret_i(do_sret), .xret_target_o(xret_target),
    .resume_i(dbg_resume), .resume_priv_i(dbg_resume_priv),
    .irq_m_soft_i, .irq_m_timer_i, .irq_m_ext_i, .irq_s_ext_i, .mtime_i,
    .irq_pending_o(irq_pending), .irq_cause_o(irq_cause), .wfi_wakeup_o(wfi_wakeup),
    .instret_i(commit_count_o), .events_i(events),
    .priv_o, .priv_data_o, .satp_o, .sum_o, .mxr_o,
    .fp_flags_i(fp_flags), .fp_dirty_i(|head_fp_dirty), .frm_o, .fs_off_o,
    .irq_tea_i(tea_irq_i),
    .ext_valid_o(ext_valid), .ext_rdata_i(tea_rdata_i), .ext_illegal_i(tea_illegal_i),
    .ext_we_o(tea_we_o), .ext_wdata_o(tea_wdata_o)
  );
endmodule
