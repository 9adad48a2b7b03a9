`include "core_types.svh"
`include "mem_types.svh"
`include "tea_events.svh"

// Load/store unit (docs/microarchitecture.md, memory). This file is
// wiring; each part is a module of its own:
//   load_queue.sv     the LQ, the load pipe (D-TLB load port, D-cache load
//                     port), the memory-ordering check and completion
//                     port 0 (loads, and the serial engine's result)
//   store_queue.sv    the SQ, the store pipe (D-TLB store port) with
//                     completion port 1, the forwarding search for the load
//                     pipe, the in-order drain to the D-cache and, for
//                     device stores, the MMIO port
//   serial_engine.sv  device loads, AMOs, LR and SC one at a time, and the
//                     LR/SC reservation
// Here, what they share: the D-TLB ports (the serial engine's while it
// translates, else the pipes'), the MMIO port (the drain's device store,
// else the serial engine; they never overlap: the engine starts only with
// no committed store in the SQ) and the D-cache load port (the load pipe's
// request, else the SQ's prefetch of a committed store's line).
//
// Outputs: completion (both ports) and writeback come from registers, one
// cycle after the event (pipe cycle, D-cache or MMIO response). mo_* is
// combinational from registers. The request valids to the D-cache load
// port depend combinationally on the D-TLB answer of the same cycle.
module lsu #(
  parameter int unsigned W           = CFG_W,
  parameter int unsigned LQ_ENTRIES  = CFG_LQ_ENTRIES,
  parameter int unsigned SQ_ENTRIES  = CFG_SQ_ENTRIES,
  parameter int unsigned ROB_ENTRIES = CFG_ROB_ENTRIES,
  parameter int unsigned PRF_ENTRIES = CFG_PRF_ENTRIES,
  localparam int unsigned LQB = $clog2(LQ_ENTRIES),
  localparam int unsigned SQB = $clog2(SQ_ENTRIES),
  localparam int unsigned RB  = $clog2(ROB_ENTRIES),
  localparam int unsigned PB  = $clog2(PRF_ENTRIES),
  localparam int unsigned CB  = $clog2(W + 1),
  localparam int unsigned PA  = PADDR_BITS
) (
  input  logic                clk_i,
  input  logic                rst_ni,
  input  logic                flush_i,
  // dispatch
  input  logic [W-1:0]        disp_load_i,
  input  logic [W-1:0]        disp_store_i,
  input  logic [W*RB-1:0]     disp_rob_idx_i,
  output logic [W*LQB-1:0]    disp_lq_idx_o,
  output logic [W*SQB-1:0]    disp_sq_idx_o,
  output logic [LQB:0]        lq_free_o,
  output logic [SQB:0]        sq_free_o,
  // load issue
  input  logic                ld_issue_valid_i,
  output logic                ld_issue_ready_o,
  input  logic [LQB-1:0]      ld_issue_lq_idx_i,
  input  logic [63:0]         ld_issue_base_i,
  input  logic [63:0]         ld_issue_imm_i,
  input  mem_size_e           ld_issue_size_i,
  input  logic [1:0]          ld_issue_ext_i,       // lsu_extend's
  input  logic [PB-1:0]       ld_issue_pdst_i,
  input  logic                ld_issue_prefetch_i,   // Zicbop prefetch: no result, no trap
  // store issue
  input  logic                st_issue_valid_i,
  output logic                st_issue_ready_o,
  input  logic [SQB-1:0]      st_issue_sq_idx_i,
  input  logic [63:0]         st_issue_base_i,
  input  logic [63:0]         st_issue_imm_i,
  input  logic [63:0]         st_issue_data_i,
  input  mem_size_e           st_issue_size_i,
  // AMO/LR/SC issue
  input  logic                amo_issue_valid_i,
  output logic                amo_issue_ready_o,
  input  amo_op_e             amo_issue_op_i,
  input  logic                amo_issue_word_i,
  input  logic [63:0]         amo_issue_addr_i,
  input  logic [63:0]         amo_issue_data_i,
  input  logic [PB-1:0]       amo_issue_pdst_i,
  input  logic [RB-1:0]       amo_issue_rob_idx_i,
  // register writeback
  output logic                wb_valid_o,
  output logic [PB-1:0]       wb_pdst_o,
  output logic [63:0]         wb_data_o,
  // completion: port 0 loads and AMOs, port 1 stores
  output logic [1:0]          cpl_valid_o,
  output logic [2*RB-1:0]     cpl_rob_idx_o,
  output logic [1:0]          cpl_xcpt_o,
  output logic [2*4-1:0]      cpl_cause_o,
  output logic [2*64-1:0]     cpl_tval_o,
  output logic [2*PSV_BITS-1:0] cpl_psv_o,
  // memory-ordering violation
  output logic                mo_valid_o,
  output logic [RB-1:0]       mo_rob_idx_o,
  // commit
  input  logic [CB-1:0]       commit_loads_i,
  input  logic [CB-1:0]       commit_stores_i,
  input  logic [RB-1:0]       rob_head_idx_i,
  input  logic                resv_clear_i,
  input  logic [PADDR_BITS-1:0] htif_tohost_i,    // HTIF words: uncached (pma_htif)
  input  logic [PADDR_BITS-1:0] htif_fromhost_i,
  input  logic [PADDR_BITS-1:0] dram_size_i,       // bytes of DRAM: stores beyond fault
  output logic                sq_empty_o,
  output logic                sq_drained_o,   // no committed store left
  // the addresses of the oldest uncommitted loads and stores (TEA's data
  // addresses: load_queue.sv, store_queue.sv) and, for the trace port,
  // what the stores write
  output logic [W*64-1:0]     lq_commit_vaddr_o,
  output logic [W*64-1:0]     sq_commit_vaddr_o,
`ifdef TEA_TRACE
  output logic [W*64-1:0]     sq_commit_data_o,
  output logic [W*2-1:0]      sq_commit_size_o,
`endif
  // D-TLB load port
  output logic                dtlb_ld_valid_o,
  output logic [63:0]         dtlb_ld_vaddr_o,
  input  logic                dtlb_ld_hit_i,
  input  logic [PA-1:0]       dtlb_ld_paddr_i,
  input  logic                dtlb_ld_page_fault_i,
  input  logic                dtlb_ld_access_fault_i,
  input  logic                dtlb_ld_miss_i,
  // D-TLB store port
  output logic                dtlb_st_valid_o,
  output logic [63:0]         dtlb_st_vaddr_o,
  input  logic                dtlb_st_hit_i,
  input  logic [PA-1:0]       dtlb_st_paddr_i,
  input  logic                dtlb_st_page_fault_i,
  input  logic                dtlb_st_access_fault_i,
  input  logic                dtlb_st_miss_i,
  // D-cache load port
  output logic                dc_ld_req_valid_o,
  input  logic                dc_ld_req_ready_i,
  output logic [PA-1:0]       dc_ld_req_addr_o,
  output logic [LQB-1:0]      dc_ld_req_tag_o,
  output logic                dc_ld_req_prefetch_o,
  input  logic                dc_ld_resp_valid_i,
  input  logic [LQB-1:0]      dc_ld_resp_tag_i,
  input  logic [63:0]         dc_ld_resp_data_i,
  input  logic                dc_ld_resp_miss_i,
  input  logic                dc_ld_resp_llc_miss_i,
  input  logic                dc_ld_resp_error_i,
  // D-cache store port
  output logic                dc_st_req_valid_o,
  input  logic                dc_st_req_ready_i,
  output logic [PA-1:0]       dc_st_req_addr_o,
  output logic [63:0]         dc_st_req_data_o,
  output logic [7:0]          dc_st_req_strb_o,
  input  logic                dc_st_error_i,
  // D-cache AMO port
  output logic                dc_amo_req_valid_o,
  input  logic                dc_amo_req_ready_i,
  output amo_op_e             dc_amo_op_o,
  output logic                dc_amo_word_o,
  output logic [PA-1:0]       dc_amo_addr_o,
  output logic [63:0]         dc_amo_data_o,
  input  logic                dc_amo_resp_valid_i,
  input  logic [63:0]         dc_amo_resp_data_i,
  input  logic                dc_amo_resp_error_i,
  // MMIO port
  output logic                mmio_req_valid_o,
  input  logic                mmio_req_ready_i,
  output logic [PA-1:0]       mmio_req_addr_o,
  output logic                mmio_req_write_o,
  output mem_size_e           mmio_req_size_o,
  output logic [63:0]         mmio_req_wdata_o,
  output logic [7:0]          mmio_req_wstrb_o,
  input  logic                mmio_resp_valid_i,
  input  logic [63:0]         mmio_resp_rdata_i,
  input  logic                mmio_resp_error_i,
  // a committed store lost to a bus error (HPM event 11)
  output logic                ev_st_error_o
);
  if (LQ_ENTRIES != (1 << LQB) || SQ_ENTRIES != (1 << SQB) || LQ_ENTRIES < W ||
      SQ_ENTRIES < W) begin : g_size_check
    $error("lsu needs power-of-two queues of at least W entries");
  end

  // the store queue's side
  logic [W*SQ_ENTRIES-1:0] disp_older;
  logic [SQB-1:0]      sq_head;
  logic                st_io_busy, drain_pop;
  logic [60:0]         drain_block;
  logic                fwd_hit, fwd_cover;
  logic [SQB-1:0]      fwd_idx;
  logic [63:0]         fwd_data;
  logic                chk_valid;
  logic [SQB-1:0]      chk_idx;
  logic [PA-1:3]       chk_paddr;
  logic [7:0]          chk_mask;
  logic                sq_io_req, sq_io_valid;
  logic [PA-1:0]       sq_io_addr;
  mem_size_e           sq_io_size;
  logic [63:0]         sq_io_wdata;
  logic [7:0]          sq_io_wstrb;
  logic                st_dtlb_valid;
  logic [63:0]         st_dtlb_vaddr;
  logic                sq_pf_valid, sq_pf_ready;
  logic [PA-1:0]       sq_pf_addr;
  logic [PSV_BITS-1:0] c0_psv, c1_psv;
  // the load queue's side
  logic [SQ_ENTRIES-1:0] fwd_older;
  logic [2:0]          fwd_off;
  logic [7:0]          fwd_mask;
  logic                ld_dtlb_valid;
  logic [63:0]         ld_dtlb_vaddr;
  logic                lq_dc_valid, lq_dc_prefetch;
  logic [PA-1:0]       lq_dc_addr;
  logic                io_ld_valid, io_ld_tlb;
  logic [1:0]          io_ld_ext;
  logic [LQB-1:0]      io_ld_idx;
  logic [1:0]          io_ld_size;
  logic [63:0]         io_ld_vaddr;
  logic [PA-1:0]       io_ld_paddr;
  logic [PB-1:0]       io_ld_pdst;
  logic [RB-1:0]       io_ld_rob;
  logic                ser_ack;
  // the serial engine's side
  logic                ser_xlate, ser_dtlb_ld_valid, ser_dtlb_st_valid;
  logic [63:0]         ser_dtlb_vaddr;
  logic                io_ld_take, ser_done, ser_ld, ser_xcpt, ser_tlb;
  logic [LQB-1:0]      ser_lq_idx;
  logic [3:0]          ser_cause;
  logic [RB-1:0]       ser_rob_idx;
  logic [63:0]         ser_vaddr, ser_data;
  logic [PB-1:0]       ser_pdst;
  logic                ser_io_valid, ser_io_write;
  logic [PA-1:0]       ser_io_addr;
  mem_size_e           ser_io_size;
  logic [63:0]         ser_io_wdata;
  logic [7:0]          ser_io_wstrb;

  load_queue #(
    .W(W), .LQ_ENTRIES(LQ_ENTRIES), .SQ_ENTRIES(SQ_ENTRIES), .ROB_ENTRIES(ROB_ENTRIES),
    .PRF_ENTRIES(PRF_ENTRIES)
  ) u_lq (
    .clk_i, .rst_ni, .flush_i,
    .disp_load_i, .disp_rob_idx_i, .disp_older_i(disp_older), .disp_lq_idx_o, .lq_free_o,
    .ld_issue_valid_i, .ld_issue_ready_o, .ld_issue_lq_idx_i, .ld_issue_base_i,
    .ld_issue_imm_i, .ld_issue_size_i, .ld_issue_ext_i, .ld_issue_pdst_i,
    .ld_issue_prefetch_i,
    .wb_valid_o, .wb_pdst_o, .wb_data_o,
    .cpl_valid_o(cpl_valid_o[0]), .cpl_rob_idx_o(cpl_rob_idx_o[0 +: RB]),
    .cpl_xcpt_o(cpl_xcpt_o[0]), .cpl_cause_o(cpl_cause_o[0 +: 4]),
    .cpl_tval_o(cpl_tval_o[0 +: 64]), .cpl_psv_o(c0_psv),
    .mo_valid_o, .mo_rob_idx_o,
    .commit_loads_i, .rob_head_idx_i, .lq_commit_vaddr_o, .htif_tohost_i, .htif_fromhost_i,
    .sq_head_i(sq_head), .drain_pop_i(drain_pop),
    .ser_xlate_i(ser_xlate),
    .dtlb_valid_o(ld_dtlb_valid), .dtlb_vaddr_o(ld_dtlb_vaddr), .dtlb_hit_i(dtlb_ld_hit_i),
    .dtlb_paddr_i(dtlb_ld_paddr_i), .dtlb_page_fault_i(dtlb_ld_page_fault_i),
    .dtlb_access_fault_i(dtlb_ld_access_fault_i), .dtlb_miss_i(dtlb_ld_miss_i),
    .fwd_older_o(fwd_older), .fwd_off_o(fwd_off), .fwd_mask_o(fwd_mask),
    .fwd_hit_i(fwd_hit), .fwd_cover_i(fwd_cover), .fwd_idx_i(fwd_idx), .fwd_data_i(fwd_data),
    .chk_valid_i(chk_valid), .chk_idx_i(chk_idx), .chk_paddr_i(chk_paddr),
    .chk_mask_i(chk_mask),
    .dc_ld_req_valid_o(lq_dc_valid), .dc_ld_req_ready_i, .dc_ld_req_addr_o(lq_dc_addr),
    .dc_ld_req_tag_o, .dc_ld_req_prefetch_o(lq_dc_prefetch), .dc_ld_resp_valid_i,
    .dc_ld_resp_tag_i, .dc_ld_resp_data_i,
    .dc_ld_resp_miss_i, .dc_ld_resp_llc_miss_i, .dc_ld_resp_error_i,
    .io_ld_valid_o(io_ld_valid), .io_ld_idx_o(io_ld_idx), .io_ld_size_o(io_ld_size),
    .io_ld_ext_o(io_ld_ext), .io_ld_vaddr_o(io_ld_vaddr), .io_ld_paddr_o(io_ld_paddr),
    .io_ld_pdst_o(io_ld_pdst), .io_ld_rob_o(io_ld_rob), .io_ld_tlb_o(io_ld_tlb),
    .io_ld_take_i(io_ld_take), .ser_done_i(ser_done), .ser_ack_o(ser_ack),
    .ser_ld_i(ser_ld), .ser_lq_idx_i(ser_lq_idx), .ser_xcpt_i(ser_xcpt),
    .ser_cause_i(ser_cause), .ser_rob_idx_i(ser_rob_idx), .ser_vaddr_i(ser_vaddr),
    .ser_pdst_i(ser_pdst), .ser_data_i(ser_data), .ser_tlb_i(ser_tlb)
  );

  store_queue #(
    .W(W), .SQ_ENTRIES(SQ_ENTRIES), .ROB_ENTRIES(ROB_ENTRIES)
  ) u_sq (
    .clk_i, .rst_ni, .flush_i,
    .disp_store_i, .disp_rob_idx_i, .disp_sq_idx_o, .disp_older_o(disp_older), .sq_free_o,
    .st_issue_valid_i, .st_issue_ready_o, .st_issue_sq_idx_i, .st_issue_base_i,
    .st_issue_imm_i, .st_issue_data_i, .st_issue_size_i,
    .cpl_valid_o(cpl_valid_o[1]), .cpl_rob_idx_o(cpl_rob_idx_o[RB +: RB]),
    .cpl_xcpt_o(cpl_xcpt_o[1]), .cpl_cause_o(cpl_cause_o[4 +: 4]),
    .cpl_tval_o(cpl_tval_o[64 +: 64]), .cpl_psv_o(c1_psv),
    .commit_stores_i, .htif_tohost_i, .htif_fromhost_i, .dram_size_i,
    .sq_head_o(sq_head), .sq_empty_o, .sq_drained_o, .st_io_busy_o(st_io_busy),
    .drain_pop_o(drain_pop), .drain_block_o(drain_block),
    .ser_xlate_i(ser_xlate),
    .dtlb_valid_o(st_dtlb_valid), .dtlb_vaddr_o(st_dtlb_vaddr), .dtlb_hit_i(dtlb_st_hit_i),
    .dtlb_paddr_i(dtlb_st_paddr_i), .dtlb_page_fault_i(dtlb_st_page_fault_i),
    .dtlb_access_fault_i(dtlb_st_access_fault_i), .dtlb_miss_i(dtlb_st_miss_i),
    .fwd_older_i(fwd_older), .fwd_paddr_i(dtlb_ld_paddr_i[PA-1:3]), .fwd_off_i(fwd_off),
    .fwd_mask_i(fwd_mask), .fwd_hit_o(fwd_hit), .fwd_cover_o(fwd_cover), .fwd_idx_o(fwd_idx),
    .fwd_data_o(fwd_data),
    .chk_valid_o(chk_valid), .chk_idx_o(chk_idx), .chk_paddr_o(chk_paddr),
    .chk_mask_o(chk_mask),
    .dc_st_req_valid_o, .dc_st_req_ready_i, .dc_st_req_addr_o, .dc_st_req_data_o,
    .dc_st_req_strb_o, .dc_st_error_i,
    .pf_valid_o(sq_pf_valid), .pf_ready_i(sq_pf_ready), .pf_addr_o(sq_pf_addr),
    .io_req_o(sq_io_req), .io_req_valid_o(sq_io_valid), .io_req_addr_o(sq_io_addr),
    .io_req_size_o(sq_io_size), .io_req_wdata_o(sq_io_wdata), .io_req_wstrb_o(sq_io_wstrb),
    .mmio_req_ready_i, .mmio_resp_valid_i, .mmio_resp_error_i,
    .sq_commit_vaddr_o,
`ifdef TEA_TRACE
    .sq_commit_data_o, .sq_commit_size_o,
`endif
    .ev_st_error_o
  );

  serial_engine #(
    .LQ_ENTRIES(LQ_ENTRIES), .ROB_ENTRIES(ROB_ENTRIES), .PRF_ENTRIES(PRF_ENTRIES)
  ) u_ser (
    .clk_i, .rst_ni, .flush_i,
    .amo_issue_valid_i, .amo_issue_ready_o, .amo_issue_op_i, .amo_issue_word_i,
    .amo_issue_addr_i, .amo_issue_data_i, .amo_issue_pdst_i, .amo_issue_rob_idx_i,
    .io_ld_valid_i(io_ld_valid), .io_ld_idx_i(io_ld_idx), .io_ld_size_i(io_ld_size),
    .io_ld_ext_i(io_ld_ext), .io_ld_vaddr_i(io_ld_vaddr), .io_ld_paddr_i(io_ld_paddr),
    .io_ld_pdst_i(io_ld_pdst), .io_ld_rob_i(io_ld_rob), .io_ld_tlb_i(io_ld_tlb),
    .io_ld_take_o(io_ld_take),
    .sq_empty_i(sq_empty_o), .sq_drained_i(sq_drained_o), .st_io_busy_i(st_io_busy),
    .drain_pop_i(drain_pop), .drain_block_i(drain_block), .resv_clear_i,
    .htif_tohost_i, .htif_fromhost_i, .dram_size_i,
    .xlate_o(ser_xlate), .dtlb_vaddr_o(ser_dtlb_vaddr),
    .dtlb_ld_valid_o(ser_dtlb_ld_valid), .dtlb_ld_hit_i, .dtlb_ld_paddr_i,
    .dtlb_ld_page_fault_i, .dtlb_ld_access_fault_i, .dtlb_ld_miss_i,
    .dtlb_st_valid_o(ser_dtlb_st_valid), .dtlb_st_hit_i, .dtlb_st_paddr_i,
    .dtlb_st_page_fault_i, .dtlb_st_access_fault_i, .dtlb_st_miss_i,
    .dc_amo_req_valid_o, .dc_amo_req_ready_i, .dc_amo_op_o, .dc_amo_word_o, .dc_amo_addr_o,
    .dc_amo_data_o, .dc_amo_resp_valid_i, .dc_amo_resp_data_i, .dc_amo_resp_error_i,
    .io_req_valid_o(ser_io_valid), .io_req_addr_o(ser_io_addr), .io_req_write_o(ser_io_write),
    .io_req_size_o(ser_io_size), .io_req_wdata_o(ser_io_wdata), .io_req_wstrb_o(ser_io_wstrb),
    .mmio_req_ready_i, .mmio_resp_valid_i, .mmio_resp_rdata_i, .mmio_resp_error_i,
    .done_o(ser_done), .cpl_ack_i(ser_ack), .cpl_ld_o(ser_ld), .cpl_lq_idx_o(ser_lq_idx),
    .cpl_xcpt_o(ser_xcpt), .cpl_cause_o(ser_cause), .cpl_rob_idx_o(ser_rob_idx),
    .cpl_vaddr_o(ser_vaddr), .cpl_pdst_o(ser_pdst), .cpl_data_o(ser_data),
    .cpl_tlb_o(ser_tlb)
  );

  // The D-TLB ports: the serial engine's while it translates (the pipes
  // then wait), else the load and store pipes'.
  assign dtlb_ld_valid_o = ser_xlate ? ser_dtlb_ld_valid : ld_dtlb_valid;
  assign dtlb_ld_vaddr_o = ser_xlate ? ser_dtlb_vaddr : ld_dtlb_vaddr;
  assign dtlb_st_valid_o = ser_xlate ? ser_dtlb_st_valid : st_dtlb_valid;
  assign dtlb_st_vaddr_o = ser_xlate ? ser_dtlb_vaddr : st_dtlb_vaddr;

  // The D-cache load port: the load pipe, else the SQ's prefetch (never
  // answered, so the tag is the load pipe's, unused).
  assign dc_ld_req_valid_o    = lq_dc_valid || sq_pf_valid;
  assign dc_ld_req_addr_o     = lq_dc_valid ? lq_dc_addr : sq_pf_addr;
  assign dc_ld_req_prefetch_o = lq_dc_valid ? lq_dc_prefetch : 1'b1;
  assign sq_pf_ready          = !lq_dc_valid && dc_ld_req_ready_i;

  // The MMIO port: the drain's device store, else the serial engine.
  always_comb begin
    if (sq_io_req) begin
      mmio_req_valid_o = sq_io_valid;
      mmio_req_addr_o  = sq_io_addr;
      mmio_req_write_o = 1'b1;
      mmio_req_size_o  = sq_io_size;
      mmio_req_wdata_o = sq_io_wdata;
      mmio_req_wstrb_o = sq_io_wstrb;
    end else begin
      mmio_req_valid_o = ser_io_valid;
      mmio_req_addr_o  = ser_io_addr;
      mmio_req_write_o = ser_io_write;
      mmio_req_size_o  = ser_io_size;
      mmio_req_wdata_o = ser_io_wdata;
      mmio_req_wstrb_o = ser_io_wstrb;
    end
  end

  assign cpl_psv_o = CFG_TEA != 0 ? {c1_psv, c0_psv} : '0;  // TEA off: no PSV bits
endmodule
