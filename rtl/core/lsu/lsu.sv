`include "core_types.svh"
`include "mem_types.svh"
`include "tea_events.svh"

// Load/store unit (docs/microarchitecture.md, memory): the load queue, the
// store queue, store-to-load forwarding, memory-ordering checks, the
// in-order store drain to the D-cache and the MMIO port, and a small
// serial engine for device loads, AMOs, LR and SC.
//
// Queues: circular, allocated at dispatch in program order; loads leave at
// commit, stores when the D-cache (or the device) accepted them after
// commit. Each load keeps a mask of the SQ entries older than itself, set
// at dispatch and cleared as stores leave, so "older" never needs pointer
// arithmetic across wrap-around.
//
// Load pipe, one load a cycle: the oldest load whose address is known and
// that waits for translation, else the one issued this cycle. In that cycle
// it is translated (D-TLB load port, combinational), searched against the
// SQ and, when no older store overlaps, sent to the D-cache. A TLB miss
// leaves it in its entry to retry; a partial overlap parks it until that
// store has left the SQ; a device load waits to be the oldest instruction
// with no committed store left, then goes through the serial engine.
// Store pipe likewise, one store a cycle. One cycle after a store's
// address is written to the SQ, younger loads that already read memory and
// overlap it are checked: the oldest offender is reported on mo_* in the
// same cycle as the store's completion.
//
// AMO/LR/SC (alone in the ROB): wait for an empty SQ, then behave as the
// ISS (sim/iss/execute.c): LR translates on the load port with load causes
// (4/5/13), SC and AMOs on the store port (6/7/15); an SC without a
// matching reservation fails (result 1) without touching memory. LR and SC
// reach devices over the MMIO port; other AMOs to devices fault (7). The
// reservation is cleared by any SC, by resv_clear_i, and by a store or AMO
// to its block.
//
// Prefetches (Zicbop prefetch.r/.w, ld_issue_prefetch_i) take an LQ entry
// and the load pipe like a load, TLB misses and walks included, but search
// no store and write no register. What would trap (misalignment is
// ignored; page and access faults) and device addresses are dropped;
// otherwise the request goes to the D-cache marked as a prefetch, and
// while the D-cache cannot take it (no free MSHR) it asks again like a
// load. Once it is the oldest instruction it is dropped instead of waiting
// (for a walk or an MSHR), so a prefetch never holds up commit. It
// completes, with no exception and no PSV bit, as soon as it was dropped
// or the D-cache accepted it, not when the line arrives; it is never
// marked executed, so no store replays it.
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
  input  logic                ld_issue_unsigned_i,
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
  output logic                sq_empty_o,
  output logic                sq_drained_o,   // no committed store left
  output logic [W*64-1:0]     sq_commit_vaddr_o,
  output logic [W*64-1:0]     sq_commit_data_o,
  output logic [W*2-1:0]      sq_commit_size_o,
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
  // performance events
  output logic                ev_mo_o,
  output logic                ev_dtlb_miss_o
);
  localparam int unsigned LQ = LQ_ENTRIES;
  localparam int unsigned SQ = SQ_ENTRIES;

  if (LQ != (1 << LQB) || SQ != (1 << SQB) || LQ < W || SQ < W) begin : g_size_check
    $error("lsu needs power-of-two queues of at least W entries");
  end

  // Load entry states.
  localparam logic [2:0] L_IDLE = 3'd0;  // allocated, address not yet known
  localparam logic [2:0] L_ADDR = 3'd1;  // address known: to translate and search
  localparam logic [2:0] L_WAIT = 3'd2;  // parked behind a partially overlapping store
  localparam logic [2:0] L_IO   = 3'd3;  // device load: waits to be the oldest
  localparam logic [2:0] L_IOB  = 3'd4;  // device load in the serial engine
  localparam logic [2:0] L_MEM  = 3'd5;  // D-cache request sent
  localparam logic [2:0] L_DONE = 3'd6;  // completed
  // Store entry states.
  localparam logic [1:0] S_IDLE  = 2'd0;
  localparam logic [1:0] S_ADDR  = 2'd1;  // issued: to translate
  localparam logic [1:0] S_DONE  = 2'd2;  // physical address known
  localparam logic [1:0] S_FAULT = 2'd3;  // completed with an exception
  // Serial engine states.
  localparam logic [2:0] X_IDLE    = 3'd0;
  localparam logic [2:0] X_DRAIN   = 3'd1;  // AMO: wait for an empty SQ
  localparam logic [2:0] X_XLATE   = 3'd2;
  localparam logic [2:0] X_DC_REQ  = 3'd3;
  localparam logic [2:0] X_DC_RESP = 3'd4;
  localparam logic [2:0] X_IO_REQ  = 3'd5;
  localparam logic [2:0] X_IO_RESP = 3'd6;
  localparam logic [2:0] X_DONE    = 3'd7;

  localparam logic [3:0] CAUSE_LD_MISALIGNED = 4'd4;
  localparam logic [3:0] CAUSE_LD_ACCESS     = 4'd5;
  localparam logic [3:0] CAUSE_ST_MISALIGNED = 4'd6;
  localparam logic [3:0] CAUSE_ST_ACCESS     = 4'd7;
  localparam logic [3:0] CAUSE_LD_PAGE       = 4'd13;
  localparam logic [3:0] CAUSE_ST_PAGE       = 4'd15;

  // ---------------------------------------------------------------- helpers
  function automatic logic [7:0] size_mask(input logic [1:0] sz);
    case (sz)
      2'd0:    size_mask = 8'h01;
      2'd1:    size_mask = 8'h03;
      2'd2:    size_mask = 8'h0f;
      default: size_mask = 8'hff;
    endcase
  endfunction

  function automatic logic misaligned(input logic [2:0] off, input logic [1:0] sz);
    case (sz)
      2'd0:    misaligned = 1'b0;
      2'd1:    misaligned = off[0];
      2'd2:    misaligned = off[1:0] != 2'b00;
      default: misaligned = off != 3'b000;
    endcase
  endfunction

  // The value in the low bits, sign- or zero-extended from the access size.
  function automatic logic [63:0] extend(input logic [63:0] v, input logic [1:0] sz,
                                         input logic uns);
    case (sz)
      2'd0:    extend = {{56{!uns & v[7]}}, v[7:0]};
      2'd1:    extend = {{48{!uns & v[15]}}, v[15:0]};
      2'd2:    extend = {{32{!uns & v[31]}}, v[31:0]};
      default: extend = v;
    endcase
  endfunction

  function automatic mem_size_e to_size(input logic [1:0] sz);
    case (sz)
      2'd0:    to_size = MEM_B;
      2'd1:    to_size = MEM_H;
      2'd2:    to_size = MEM_W;
      default: to_size = MEM_D;
    endcase
  endfunction

  function automatic logic [1:0] from_size(input mem_size_e sz);
    case (sz)
      MEM_B:   from_size = 2'd0;
      MEM_H:   from_size = 2'd1;
      MEM_W:   from_size = 2'd2;
      default: from_size = 2'd3;
    endcase
  endfunction

  // --------------------------------------------------------------- state
  logic [LQB-1:0] lq_head_q, lq_head_d, lq_tail_q, lq_tail_d;
  logic [LQB:0]   lq_count_q, lq_count_d;
  logic [SQB-1:0] sq_head_q, sq_head_d, sq_tail_q, sq_tail_d;
  logic [SQB:0]   sq_count_q, sq_count_d, sq_cmt_q, sq_cmt_d;

  // LQ payload: narrow fields as packed vectors, entry i at [i*width +:
  // width]; the wide ones as arrays of words, which Yosys reads through a
  // multiplexer per port instead of a shifter across the whole vector.
  logic [LQ*3-1:0]   lq_state_q, lq_state_d;
  logic [LQ*RB-1:0]  lq_rob_q, lq_rob_d;
  logic [LQ*SQ-1:0]  lq_older_q, lq_older_d;   // SQ entries older than the load
  logic [63:0]       lq_vaddr_q [LQ];
  logic [PA-1:0]     lq_paddr_q [LQ];
  logic [LQ*2-1:0]   lq_size_q, lq_size_d;
  logic [LQ-1:0]     lq_uns_q, lq_uns_d;
  logic [LQ*PB-1:0]  lq_pdst_q, lq_pdst_d;
  logic [LQ-1:0]     lq_exec_q, lq_exec_d;     // has read memory or a store
  logic [LQ-1:0]     lq_fwd_q, lq_fwd_d;       // value forwarded from a store still in the SQ
  logic [LQ*SQB-1:0] lq_fwd_idx_q, lq_fwd_idx_d;
  logic [LQ*SQB-1:0] lq_wait_q, lq_wait_d;     // L_WAIT: the store it waits for
  logic [LQ-1:0]     lq_tlb_q, lq_tlb_d;       // ST-TLB
  logic [LQ-1:0]     lq_pf_q, lq_pf_d;         // prefetch

  // SQ payload.
  logic [SQ*2-1:0]   sq_state_q, sq_state_d;
  logic [SQ*RB-1:0]  sq_rob_q, sq_rob_d;
  logic [63:0]       sq_vaddr_q [SQ];
  logic [PA-1:0]     sq_paddr_q [SQ];
  logic [63:0]       sq_data_q [SQ];           // value in the low bits
  logic [SQ*2-1:0]   sq_size_q, sq_size_d;
  logic [SQ-1:0]     sq_io_q, sq_io_d;         // non-cacheable
  logic [SQ-1:0]     sq_tlb_q, sq_tlb_d;

  logic st_io_busy_q, st_io_busy_d;            // drain: device write in flight

  // Ordering check of the store translated last cycle.
  logic           chk_valid_q, chk_valid_d;
  logic [SQB-1:0] chk_idx_q, chk_idx_d;

  // Reservation (LR/SC): the 8-byte block of the LR's virtual address.
  logic        resv_valid_q, resv_valid_d;
  logic [60:0] resv_addr_q, resv_addr_d;

  // Serial engine.
  logic [2:0]     ser_state_q, ser_state_d;
  logic           ser_ld_q, ser_ld_d;          // device load (else AMO/LR/SC)
  logic           ser_kill_q, ser_kill_d;      // flushed while its request is out
  amo_op_e        ser_op_q, ser_op_d;
  logic           ser_word_q, ser_word_d;
  logic [1:0]     ser_size_q, ser_size_d;
  logic           ser_uns_q, ser_uns_d;
  logic [63:0]    ser_vaddr_q, ser_vaddr_d;
  logic [PA-1:0]  ser_paddr_q, ser_paddr_d;
  logic [63:0]    ser_wdata_q, ser_wdata_d;
  logic [PB-1:0]  ser_pdst_q, ser_pdst_d;
  logic [RB-1:0]  ser_rob_q, ser_rob_d;
  logic [LQB-1:0] ser_lq_q, ser_lq_d;
  logic           ser_tlb_q, ser_tlb_d;
  logic [63:0]    ser_res_q, ser_res_d;
  logic           ser_xcpt_q, ser_xcpt_d;
  logic [3:0]     ser_cause_q, ser_cause_d;

  // Completion registers.
  logic          c0_valid_q, c0_valid_d, c0_xcpt_q, c0_xcpt_d;
  logic [RB-1:0] c0_rob_q, c0_rob_d;
  logic [3:0]    c0_cause_q, c0_cause_d;
  logic [63:0]   c0_tval_q, c0_tval_d, c0_data_q, c0_data_d;
  logic [PB-1:0] c0_pdst_q, c0_pdst_d;
  logic          c0_wb_q, c0_wb_d;             // writes its register (not a prefetch)
  psv_t          c0_psv_q, c0_psv_d;
  logic          c1_valid_q, c1_valid_d, c1_xcpt_q, c1_xcpt_d;
  logic [RB-1:0] c1_rob_q, c1_rob_d;
  logic [3:0]    c1_cause_q, c1_cause_d;
  logic [63:0]   c1_tval_q, c1_tval_d;
  psv_t          c1_psv_q, c1_psv_d;

  // ------------------------------------------------------- occupancy
  logic [LQ-1:0] lq_valid;
  logic [SQ-1:0] sq_valid;
  logic [SQ*8-1:0] sq_mask;
  logic [LQ*8-1:0] lq_mask;

  always_comb begin
    for (int i = 0; i < LQ; i++) begin
      lq_valid[i] = {1'b0, LQB'(LQB'(i) - lq_head_q)} < lq_count_q;
      lq_mask[i*8 +: 8] = size_mask(lq_size_q[i*2 +: 2]) << lq_paddr_q[i][2:0];
    end
    for (int j = 0; j < SQ; j++) begin
      sq_valid[j] = {1'b0, SQB'(SQB'(j) - sq_head_q)} < sq_count_q;
      sq_mask[j*8 +: 8] = size_mask(sq_size_q[j*2 +: 2]) << sq_paddr_q[j][2:0];
    end
  end

  assign lq_free_o  = (LQB + 1)'(LQ) - lq_count_q;
  assign sq_free_o  = (SQB + 1)'(SQ) - sq_count_q;
  assign sq_empty_o = sq_count_q == '0;
  assign sq_drained_o = sq_cmt_q == '0;

  // Dispatch: lanes take consecutive entries from the tails.
  logic [W-1:0] disp_ld, disp_st;
  logic [W*SQ-1:0] disp_older;   // older-store mask of a load in lane l
  assign disp_ld = flush_i ? '0 : disp_load_i;
  assign disp_st = flush_i ? '0 : disp_store_i;

  always_comb begin
    logic [CB-1:0] nl, ns;
    logic [SQ-1:0] older;
    nl = '0;
    ns = '0;
    older = sq_valid;
    for (int l = 0; l < W; l++) begin
      disp_lq_idx_o[l*LQB +: LQB] = lq_tail_q + LQB'(nl);
      disp_sq_idx_o[l*SQB +: SQB] = sq_tail_q + SQB'(ns);
      disp_older[l*SQ +: SQ] = older;
      if (disp_ld[l]) nl = nl + 1'b1;
      if (disp_st[l]) begin
        older[sq_tail_q + SQB'(ns)] = 1'b1;
        ns = ns + 1'b1;
      end
    end
  end

  // Trace of the oldest uncommitted stores.
  always_comb begin
    for (int l = 0; l < W; l++) begin
      logic [SQB-1:0] idx;
      idx = sq_head_q + SQB'(sq_cmt_q) + SQB'(l);
      sq_commit_vaddr_o[l*64 +: 64] = sq_vaddr_q[idx];
      sq_commit_data_o[l*64 +: 64]  = sq_data_q[idx];
      sq_commit_size_o[l*2 +: 2]    = sq_size_q[idx*2 +: 2];
    end
  end

  // ------------------------------------------------------- load pipe
  logic           ld_issue_fire;
  logic           ldp_pending;           // an entry in L_ADDR waits
  logic [LQB-1:0] ldp_idx;
  logic           ldp_valid;
  logic [63:0]    ldp_vaddr;
  logic [1:0]     ldp_size;
  logic           ldp_uns;
  logic [PB-1:0]  ldp_pdst;
  logic [SQ-1:0]  ldp_older;
  logic           ldp_tlb;
  logic           ldp_pf;
  logic           ldp_mis;
  logic [7:0]     ldp_mask;
  logic           ser_xlate;             // the serial engine owns both TLB ports

  assign ld_issue_ready_o = 1'b1;
  assign ld_issue_fire    = ld_issue_valid_i && !flush_i;

  always_comb begin
    ldp_pending = 1'b0;
    ldp_idx     = ld_issue_lq_idx_i;
    for (int k = LQ - 1; k >= 0; k--) begin
      logic [LQB-1:0] i;
      i = lq_head_q + LQB'(k);
      if (lq_valid[i] && lq_state_q[i*3 +: 3] == L_ADDR) begin
        ldp_pending = 1'b1;
        ldp_idx     = i;
      end
    end
  end

  assign ldp_valid = (ldp_pending || ld_issue_fire) && !flush_i && !ser_xlate;
  assign ldp_vaddr = ldp_pending ? lq_vaddr_q[ldp_idx] : ld_issue_base_i + ld_issue_imm_i;
  assign ldp_size  = ldp_pending ? lq_size_q[ldp_idx*2 +: 2] : from_size(ld_issue_size_i);
  assign ldp_uns   = ldp_pending ? lq_uns_q[ldp_idx] : ld_issue_unsigned_i;
  assign ldp_pdst  = ldp_pending ? lq_pdst_q[ldp_idx*PB +: PB] : ld_issue_pdst_i;
  assign ldp_tlb   = ldp_pending && lq_tlb_q[ldp_idx];
  assign ldp_pf    = ldp_pending ? lq_pf_q[ldp_idx] : ld_issue_prefetch_i;
  assign ldp_older = lq_older_q[ldp_idx*SQ +: SQ];
  assign ldp_mis   = misaligned(ldp_vaddr[2:0], ldp_size) && !ldp_pf;
  assign ldp_mask  = size_mask(ldp_size) << ldp_vaddr[2:0];

  // Youngest older store with a known address overlapping the load.
  logic           fwd_any, fwd_cover;
  logic [SQB-1:0] fwd_sel;
  logic [63:0]    fwd_value;
  always_comb begin
    fwd_any = 1'b0;
    fwd_sel = '0;
    for (int k = 0; k < SQ; k++) begin
      logic [SQB-1:0] j;
      j = sq_head_q + SQB'(k);
      if (ldp_older[j] && sq_state_q[j*2 +: 2] == S_DONE &&
          sq_paddr_q[j][PA-1:3] == dtlb_ld_paddr_i[PA-1:3] &&
          (sq_mask[j*8 +: 8] & ldp_mask) != 8'h00) begin
        fwd_any = 1'b1;
        fwd_sel = j;
      end
    end
    fwd_cover = (ldp_mask & ~sq_mask[fwd_sel*8 +: 8]) == 8'h00;
    fwd_value = extend(sq_data_q[fwd_sel] >>
                       {3'(ldp_vaddr[2:0] - sq_paddr_q[fwd_sel][2:0]), 3'b000},
                       ldp_size, ldp_uns);
  end

  // What the load pipe does this cycle. A prefetch never forwards or waits
  // for a store: it only fetches the line.
  logic ldp_xcpt, ldp_fwd, ldp_wait, ldp_io, ldp_mem, ldp_retry, ldp_tlb_miss;
  logic ldp_drop;   // prefetch given up: would trap, device, or oldest and must wait
  logic ldp_head;   // the load in the pipe is the oldest instruction
  logic ldp_pf_sent;  // prefetch taken by the D-cache this cycle
  logic [3:0] ldp_cause;
  logic       port0_busy;   // a D-cache response or the serial engine has port 0
  logic       ldp_cpl;      // completes through port 0 this cycle

  always_comb begin
    ldp_xcpt     = 1'b0;
    ldp_cause    = CAUSE_LD_MISALIGNED;
    ldp_fwd      = 1'b0;
    ldp_wait     = 1'b0;
    ldp_io       = 1'b0;
    ldp_mem      = 1'b0;
    ldp_tlb_miss = 1'b0;
    if (ldp_mis) begin
      ldp_xcpt = 1'b1;
    end else if (dtlb_ld_miss_i || !(dtlb_ld_hit_i || dtlb_ld_page_fault_i ||
                                     dtlb_ld_access_fault_i)) begin
      ldp_tlb_miss = 1'b1;
    end else if (dtlb_ld_page_fault_i) begin
      ldp_xcpt  = 1'b1;
      ldp_cause = CAUSE_LD_PAGE;
    end else if (dtlb_ld_access_fault_i) begin
      ldp_xcpt  = 1'b1;
      ldp_cause = CAUSE_LD_ACCESS;
    end else if (!pma_cacheable(dtlb_ld_paddr_i) ||
                 pma_htif(dtlb_ld_paddr_i, htif_tohost_i, htif_fromhost_i)) begin
      ldp_io = 1'b1;
    end else if (ldp_pf) begin
      ldp_mem = 1'b1;
    end else if (fwd_any && fwd_cover) begin
      ldp_fwd = 1'b1;
    end else if (fwd_any) begin
      ldp_wait = 1'b1;
    end else begin
      ldp_mem = 1'b1;
    end
  end

  // Apart from the block above: the D-cache's ready may depend on our valid.
  // A prefetch goes to the D-cache only when port 0 is free to complete it.
  assign ldp_head    = lq_rob_q[ldp_idx*RB +: RB] == rob_head_idx_i;
  assign ldp_pf_sent = ldp_pf && ldp_mem && !port0_busy && dc_ld_req_ready_i;
  assign ldp_drop    = ldp_pf && (ldp_xcpt || ldp_io ||
                                  (ldp_head && (ldp_tlb_miss || (ldp_mem && !ldp_pf_sent))));
  assign ldp_cpl   = ldp_valid && !port0_busy && (ldp_xcpt || ldp_fwd || ldp_drop || ldp_pf_sent);
  // stays in L_ADDR: TLB miss, port 0 taken, D-cache not ready (a prefetch:
  // not sent), unless a prefetch is dropped
  assign ldp_retry = (ldp_tlb_miss && !ldp_drop) ||
                     ((ldp_xcpt || ldp_fwd || ldp_drop) && port0_busy) ||
                     (ldp_mem && !ldp_drop && (ldp_pf ? !ldp_pf_sent : !dc_ld_req_ready_i));

  assign dtlb_ld_valid_o      = ser_xlate ? ser_op_q == AMO_LR && !ser_mis : ldp_valid && !ldp_mis;
  assign dtlb_ld_vaddr_o      = ser_xlate ? ser_vaddr_q : ldp_vaddr;
  assign dc_ld_req_valid_o    = ldp_valid && ldp_mem && !(ldp_pf && port0_busy);
  assign dc_ld_req_addr_o     = dtlb_ld_paddr_i;
  assign dc_ld_req_tag_o      = ldp_idx;
  assign dc_ld_req_prefetch_o = ldp_pf;

  // ------------------------------------------------------- store pipe
  logic           st_issue_fire;
  logic           stp_pending, stp_valid, stp_mis;
  logic [SQB-1:0] stp_idx;
  logic [63:0]    stp_vaddr;
  logic [1:0]     stp_size;
  logic           stp_tlb;
  logic           stp_xcpt, stp_done, stp_tlb_miss;
  logic [3:0]     stp_cause;

  assign st_issue_ready_o = 1'b1;
  assign st_issue_fire    = st_issue_valid_i && !flush_i;

  always_comb begin
    stp_pending = 1'b0;
    stp_idx     = st_issue_sq_idx_i;
    for (int k = SQ - 1; k >= 0; k--) begin
      logic [SQB-1:0] j;
      j = sq_head_q + SQB'(k);
      if (sq_valid[j] && sq_state_q[j*2 +: 2] == S_ADDR) begin
        stp_pending = 1'b1;
        stp_idx     = j;
      end
    end
  end

  assign stp_valid = (stp_pending || st_issue_fire) && !flush_i && !ser_xlate;
  assign stp_vaddr = stp_pending ? sq_vaddr_q[stp_idx] : st_issue_base_i + st_issue_imm_i;
  assign stp_size  = stp_pending ? sq_size_q[stp_idx*2 +: 2] : from_size(st_issue_size_i);
  assign stp_tlb   = stp_pending && sq_tlb_q[stp_idx];
  assign stp_mis   = misaligned(stp_vaddr[2:0], stp_size);

  always_comb begin
    stp_xcpt     = 1'b0;
    stp_cause    = CAUSE_ST_MISALIGNED;
    stp_done     = 1'b0;
    stp_tlb_miss = 1'b0;
    if (stp_mis) begin
      stp_xcpt = 1'b1;
    end else if (dtlb_st_miss_i || !(dtlb_st_hit_i || dtlb_st_page_fault_i ||
                                     dtlb_st_access_fault_i)) begin
      stp_tlb_miss = 1'b1;
    end else if (dtlb_st_page_fault_i) begin
      stp_xcpt  = 1'b1;
      stp_cause = CAUSE_ST_PAGE;
    end else if (dtlb_st_access_fault_i) begin
      stp_xcpt  = 1'b1;
      stp_cause = CAUSE_ST_ACCESS;
    end else begin
      stp_done = 1'b1;
    end
  end

  // ------------------------------------------------------- store drain
  logic           drain_req, drain_io, drain_pop;
  logic [SQB-1:0] drain_idx;
  logic [2:0]     drain_off;
  logic [63:0]    drain_wdata;
  logic [7:0]     drain_strb;

  assign drain_idx   = sq_head_q;
  assign drain_req   = sq_cmt_q != '0 && sq_state_q[drain_idx*2 +: 2] == S_DONE;
  assign drain_io    = sq_io_q[drain_idx];
  assign drain_off   = sq_paddr_q[drain_idx][2:0];
  assign drain_wdata = sq_data_q[drain_idx] << {drain_off, 3'b000};
  assign drain_strb  = size_mask(sq_size_q[drain_idx*2 +: 2]) << drain_off;
  assign drain_pop   = drain_req && (drain_io ? st_io_busy_q && mmio_resp_valid_i
                                              : dc_st_req_ready_i);

  assign dc_st_req_valid_o = drain_req && !drain_io;
  assign dc_st_req_addr_o  = {sq_paddr_q[drain_idx][PA-1:3], 3'b000};
  assign dc_st_req_data_o  = drain_wdata;
  assign dc_st_req_strb_o  = drain_strb;

  // ------------------------------------------------------- ordering check
  logic [SQB-1:0] chk_age;
  logic [PA-1:3]  chk_paddr;
  logic [7:0]     chk_mask;
  always_comb begin
    chk_age   = chk_idx_q - sq_head_q;
    chk_paddr = sq_paddr_q[chk_idx_q][PA-1:3];
    chk_mask  = sq_mask[chk_idx_q*8 +: 8];
    mo_valid_o   = 1'b0;
    mo_rob_idx_o = '0;
    for (int k = LQ - 1; k >= 0; k--) begin
      logic [LQB-1:0] i;
      logic           newer_src;
      i = lq_head_q + LQB'(k);
      // forwarded from a store younger than the resolving one: not stale
      newer_src = lq_fwd_q[i] && SQB'(lq_fwd_idx_q[i*SQB +: SQB] - sq_head_q) > chk_age;
      if (chk_valid_q && lq_valid[i] && lq_exec_q[i] && lq_older_q[i*SQ + 32'(chk_idx_q)] &&
          lq_paddr_q[i][PA-1:3] == chk_paddr[PA-1:3] &&
          (lq_mask[i*8 +: 8] & chk_mask) != 8'h00 && !newer_src) begin
        mo_valid_o   = 1'b1;
        mo_rob_idx_o = lq_rob_q[i*RB +: RB];
      end
    end
  end
  assign ev_mo_o = mo_valid_o;

  // ------------------------------------------------------- serial engine
  logic           io_ld_start;     // a device load may start
  logic [LQB-1:0] io_ld_idx;
  logic           ser_mis, ser_sc_fail, ser_cpl;
  logic [7:0]     ser_mask;
  logic           resp_live;

  assign ser_xlate = ser_state_q == X_XLATE;
  assign ser_mis   = misaligned(ser_vaddr_q[2:0], ser_size_q);
  assign ser_mask  = size_mask(ser_size_q) << ser_paddr_q[2:0];
  assign ser_sc_fail = ser_op_q == AMO_SC &&
                       (!resv_valid_q || resv_addr_q != ser_vaddr_q[63:3]);
  assign ser_cpl   = ser_state_q == X_DONE && !resp_live;
  assign amo_issue_ready_o = ser_state_q == X_IDLE;

  assign dtlb_st_valid_o = ser_xlate ? ser_op_q != AMO_LR && !ser_mis && !ser_sc_fail
                                     : stp_valid && !stp_mis;
  assign dtlb_st_vaddr_o = ser_xlate ? ser_vaddr_q : stp_vaddr;

  // The oldest instruction is a device load and no committed store is left.
  always_comb begin
    io_ld_start = 1'b0;
    io_ld_idx   = lq_head_q;
    for (int k = LQ - 1; k >= 0; k--) begin
      logic [LQB-1:0] i;
      i = lq_head_q + LQB'(k);
      if (lq_valid[i] && lq_state_q[i*3 +: 3] == L_IO &&
          lq_rob_q[i*RB +: RB] == rob_head_idx_i) begin
        io_ld_start = 1'b1;
        io_ld_idx   = i;
      end
    end
    io_ld_start = io_ld_start && sq_cmt_q == '0 && !st_io_busy_q && ser_state_q == X_IDLE &&
                  !amo_issue_valid_i && !flush_i;
  end

  assign dc_amo_req_valid_o = ser_state_q == X_DC_REQ;
  assign dc_amo_op_o        = ser_op_q;
  assign dc_amo_word_o      = ser_word_q;
  assign dc_amo_addr_o      = ser_paddr_q;
  assign dc_amo_data_o      = ser_wdata_q;

  // MMIO port: the drain's device store, else the serial engine. They never
  // overlap: the engine starts only with no committed store in the SQ.
  always_comb begin
    if (drain_req && drain_io) begin
      mmio_req_valid_o = !st_io_busy_q;
      mmio_req_addr_o  = sq_paddr_q[drain_idx];
      mmio_req_write_o = 1'b1;
      mmio_req_size_o  = to_size(sq_size_q[drain_idx*2 +: 2]);
      mmio_req_wdata_o = drain_wdata;
      mmio_req_wstrb_o = drain_strb;
    end else begin
      mmio_req_valid_o = ser_state_q == X_IO_REQ;
      mmio_req_addr_o  = ser_paddr_q;
      mmio_req_write_o = !ser_ld_q && ser_op_q == AMO_SC;
      mmio_req_size_o  = to_size(ser_size_q);
      mmio_req_wdata_o = ser_wdata_q << {ser_paddr_q[2:0], 3'b000};
      mmio_req_wstrb_o = ser_mask;
    end
  end

  always_comb begin
    logic [3:0]  acc_cause;
    logic        is_ld;
    ser_state_d = ser_state_q;
    ser_ld_d    = ser_ld_q;
    ser_kill_d  = ser_kill_q;
    ser_op_d    = ser_op_q;
    ser_word_d  = ser_word_q;
    ser_size_d  = ser_size_q;
    ser_uns_d   = ser_uns_q;
    ser_vaddr_d = ser_vaddr_q;
    ser_paddr_d = ser_paddr_q;
    ser_wdata_d = ser_wdata_q;
    ser_pdst_d  = ser_pdst_q;
    ser_rob_d   = ser_rob_q;
    ser_lq_d    = ser_lq_q;
    ser_tlb_d   = ser_tlb_q;
    ser_res_d   = ser_res_q;
    ser_xcpt_d  = ser_xcpt_q;
    ser_cause_d = ser_cause_q;
    resv_valid_d = resv_valid_q;
    resv_addr_d  = resv_addr_q;
    // loads and LR report load causes
    is_ld     = ser_ld_q || ser_op_q == AMO_LR;
    acc_cause = is_ld ? CAUSE_LD_ACCESS : CAUSE_ST_ACCESS;

    case (ser_state_q)
      X_IDLE: begin
        ser_kill_d = 1'b0;
        ser_tlb_d  = 1'b0;
        ser_xcpt_d = 1'b0;
        if (amo_issue_valid_i && !flush_i) begin
          ser_state_d = X_DRAIN;
          ser_ld_d    = 1'b0;
          ser_op_d    = amo_issue_op_i;
          ser_word_d  = amo_issue_word_i;
          ser_size_d  = amo_issue_word_i ? 2'd2 : 2'd3;
          ser_uns_d   = 1'b0;
          ser_vaddr_d = amo_issue_addr_i;
          ser_wdata_d = amo_issue_data_i;
          ser_pdst_d  = amo_issue_pdst_i;
          ser_rob_d   = amo_issue_rob_idx_i;
        end else if (io_ld_start) begin
          ser_state_d = X_IO_REQ;
          ser_ld_d    = 1'b1;
          ser_op_d    = AMO_LR;
          ser_size_d  = lq_size_q[io_ld_idx*2 +: 2];
          ser_uns_d   = lq_uns_q[io_ld_idx];
          ser_vaddr_d = lq_vaddr_q[io_ld_idx];
          ser_paddr_d = lq_paddr_q[io_ld_idx];
          ser_pdst_d  = lq_pdst_q[io_ld_idx*PB +: PB];
          ser_rob_d   = lq_rob_q[io_ld_idx*RB +: RB];
          ser_lq_d    = io_ld_idx;
          ser_tlb_d   = lq_tlb_q[io_ld_idx];
        end
      end
      X_DRAIN: if (sq_count_q == '0) ser_state_d = X_XLATE;
      X_XLATE: begin
        if (ser_mis) begin
          ser_xcpt_d  = 1'b1;
          ser_cause_d = ser_op_q == AMO_LR ? CAUSE_LD_MISALIGNED : CAUSE_ST_MISALIGNED;
          ser_state_d = X_DONE;
        end else if (ser_sc_fail) begin
          // a failing SC touches no memory and raises nothing else
          ser_res_d    = 64'd1;
          resv_valid_d = 1'b0;
          ser_state_d  = X_DONE;
        end else if (ser_op_q == AMO_LR ? dtlb_ld_miss_i ||
                     !(dtlb_ld_hit_i || dtlb_ld_page_fault_i || dtlb_ld_access_fault_i)
                                        : dtlb_st_miss_i ||
                     !(dtlb_st_hit_i || dtlb_st_page_fault_i || dtlb_st_access_fault_i)) begin
          ser_tlb_d = 1'b1;
        end else if (ser_op_q == AMO_LR ? dtlb_ld_page_fault_i : dtlb_st_page_fault_i) begin
          ser_xcpt_d  = 1'b1;
          ser_cause_d = ser_op_q == AMO_LR ? CAUSE_LD_PAGE : CAUSE_ST_PAGE;
          ser_state_d = X_DONE;
        end else if (ser_op_q == AMO_LR ? dtlb_ld_access_fault_i : dtlb_st_access_fault_i) begin
          ser_xcpt_d  = 1'b1;
          ser_cause_d = acc_cause;
          ser_state_d = X_DONE;
        end else begin
          ser_paddr_d = ser_op_q == AMO_LR ? dtlb_ld_paddr_i : dtlb_st_paddr_i;
          if (pma_cacheable(ser_paddr_d) && !pma_htif(ser_paddr_d, htif_tohost_i, htif_fromhost_i)) begin
            ser_state_d = X_DC_REQ;
          end else if (ser_op_q == AMO_LR || ser_op_q == AMO_SC) begin
            ser_state_d = X_IO_REQ;   // as the ISS: LR/SC reach devices
          end else begin
            ser_xcpt_d  = 1'b1;
            ser_cause_d = CAUSE_ST_ACCESS;
            ser_state_d = X_DONE;
          end
        end
      end
      X_DC_REQ: if (dc_amo_req_ready_i) ser_state_d = X_DC_RESP;
      X_DC_RESP: begin
        if (dc_amo_resp_valid_i) begin
          ser_state_d = ser_kill_q ? X_IDLE : X_DONE;
          if (dc_amo_resp_error_i) begin
            ser_xcpt_d  = 1'b1;
            ser_cause_d = acc_cause;
          end else if (!ser_kill_q) begin
            ser_res_d = ser_op_q == AMO_SC ? 64'd0 : dc_amo_resp_data_i;
            if (ser_op_q == AMO_LR) begin
              resv_valid_d = 1'b1;
              resv_addr_d  = ser_vaddr_q[63:3];
            end else if (ser_op_q == AMO_SC || resv_addr_q == ser_vaddr_q[63:3]) begin
              resv_valid_d = 1'b0;
            end
          end
        end
      end
      X_IO_REQ: if (mmio_req_ready_i) ser_state_d = X_IO_RESP;
      X_IO_RESP: begin
        if (mmio_resp_valid_i) begin
          ser_state_d = ser_kill_q ? X_IDLE : X_DONE;
          if (mmio_resp_error_i) begin
            ser_xcpt_d  = 1'b1;
            ser_cause_d = acc_cause;
          end else if (!ser_kill_q) begin
            ser_res_d = ser_op_q == AMO_SC && !ser_ld_q ? 64'd0 :
                        extend(mmio_resp_rdata_i >> {ser_paddr_q[2:0], 3'b000}, ser_size_q,
                               ser_uns_q);
            if (!ser_ld_q && ser_op_q == AMO_LR) begin
              resv_valid_d = 1'b1;
              resv_addr_d  = ser_vaddr_q[63:3];
            end else if (!ser_ld_q) begin
              resv_valid_d = 1'b0;
            end
          end
        end
      end
      default: if (ser_cpl) ser_state_d = X_IDLE;   // X_DONE
    endcase

    // A flush abandons the access unless its request is already out; then
    // the response is awaited and dropped.
    if (flush_i) begin
      case (ser_state_q)
        X_DC_REQ:  if (dc_amo_req_ready_i) ser_kill_d = 1'b1; else ser_state_d = X_IDLE;
        X_IO_REQ:  if (mmio_req_ready_i) ser_kill_d = 1'b1; else ser_state_d = X_IDLE;
        X_DC_RESP, X_IO_RESP: if (ser_state_d == ser_state_q) ser_kill_d = 1'b1;
                              else ser_state_d = X_IDLE;
        default:   ser_state_d = X_IDLE;
      endcase
    end

    // The drain retires a store to the reserved block: ISS hart_note_store.
    if (drain_pop && sq_vaddr_q[drain_idx][63:3] == resv_addr_q) resv_valid_d = 1'b0;
    if (resv_clear_i) resv_valid_d = 1'b0;
  end

  // ------------------------------------------------------- completion port 0
  logic [LQB-1:0] rsp_idx;
  assign rsp_idx    = dc_ld_resp_tag_i;
  assign resp_live  = dc_ld_resp_valid_i && !flush_i && lq_valid[rsp_idx] &&
                      lq_state_q[rsp_idx*3 +: 3] == L_MEM;
  assign port0_busy = resp_live || (ser_state_q == X_DONE);

  always_comb begin
    c0_valid_d = 1'b0;
    c0_xcpt_d  = 1'b0;
    c0_rob_d   = c0_rob_q;
    c0_cause_d = c0_cause_q;
    c0_tval_d  = c0_tval_q;
    c0_data_d  = c0_data_q;
    c0_pdst_d  = c0_pdst_q;
    c0_wb_d    = 1'b1;
    c0_psv_d   = '0;
    if (flush_i) begin
      c0_valid_d = 1'b0;
    end else if (resp_live) begin
      c0_valid_d = 1'b1;
      c0_xcpt_d  = dc_ld_resp_error_i;
      c0_rob_d   = lq_rob_q[rsp_idx*RB +: RB];
      c0_cause_d = CAUSE_LD_ACCESS;
      c0_tval_d  = lq_vaddr_q[rsp_idx];
      c0_pdst_d  = lq_pdst_q[rsp_idx*PB +: PB];
      c0_data_d  = extend(dc_ld_resp_data_i >> {lq_paddr_q[rsp_idx][2:0], 3'b000},
                          lq_size_q[rsp_idx*2 +: 2], lq_uns_q[rsp_idx]);
      c0_psv_d.st_tlb = lq_tlb_q[rsp_idx];
      c0_psv_d.st_l1  = dc_ld_resp_miss_i;
      c0_psv_d.st_llc = dc_ld_resp_llc_miss_i;
    end else if (ser_cpl) begin
      c0_valid_d = 1'b1;
      c0_xcpt_d  = ser_xcpt_q;
      c0_rob_d   = ser_rob_q;
      c0_cause_d = ser_cause_q;
      c0_tval_d  = ser_vaddr_q;
      c0_pdst_d  = ser_pdst_q;
      c0_data_d  = ser_res_q;
      c0_psv_d.st_tlb = ser_tlb_q;
    end else if (ldp_cpl) begin
      c0_valid_d = 1'b1;
      c0_xcpt_d  = ldp_xcpt && !ldp_pf;
      c0_rob_d   = lq_rob_q[ldp_idx*RB +: RB];
      c0_cause_d = ldp_cause;
      c0_tval_d  = ldp_vaddr;
      c0_pdst_d  = ldp_pdst;
      c0_data_d  = fwd_value;
      c0_wb_d    = !ldp_pf;
      // a prefetch never stalls commit: no ST-TLB (nor ST-L1/ST-LLC)
      c0_psv_d.st_tlb = ldp_tlb && !ldp_pf;
    end
  end

  // ------------------------------------------------------- completion port 1
  always_comb begin
    c1_valid_d = stp_valid && (stp_xcpt || stp_done);
    c1_xcpt_d  = stp_xcpt;
    c1_rob_d   = sq_rob_q[stp_idx*RB +: RB];
    c1_cause_d = stp_cause;
    c1_tval_d  = stp_vaddr;
    c1_psv_d   = '0;
    c1_psv_d.st_tlb = stp_tlb;
    chk_valid_d = stp_valid && stp_done;
    chk_idx_d   = stp_idx;
  end

  assign wb_valid_o = c0_valid_q && !c0_xcpt_q && c0_wb_q;
  assign wb_pdst_o  = c0_pdst_q;
  assign wb_data_o  = c0_data_q;
  assign cpl_valid_o   = {c1_valid_q, c0_valid_q};
  assign cpl_rob_idx_o = {c1_rob_q, c0_rob_q};
  assign cpl_xcpt_o    = {c1_xcpt_q, c0_xcpt_q};
  assign cpl_cause_o   = {c1_cause_q, c0_cause_q};
  assign cpl_tval_o    = {c1_tval_q, c0_tval_q};
  assign cpl_psv_o     = CFG_TEA != 0 ? {c1_psv_q, c0_psv_q} : '0;  // TEA off: no PSV bits

  assign ev_dtlb_miss_o = (ldp_valid && ldp_tlb_miss && !ldp_tlb) ||
                          (stp_valid && stp_tlb_miss && !stp_tlb) ||
                          (ser_xlate && ser_tlb_d && !ser_tlb_q);

  // ------------------------------------------------------- queue next state
  always_comb begin
    logic [LQB:0] nl;
    logic [SQB:0] ns;
    lq_state_d   = lq_state_q;
    lq_rob_d     = lq_rob_q;
    lq_older_d   = lq_older_q;
    lq_size_d    = lq_size_q;
    lq_uns_d     = lq_uns_q;
    lq_pdst_d    = lq_pdst_q;
    lq_exec_d    = lq_exec_q;
    lq_fwd_d     = lq_fwd_q;
    lq_fwd_idx_d = lq_fwd_idx_q;
    lq_wait_d    = lq_wait_q;
    lq_tlb_d     = lq_tlb_q;
    lq_pf_d      = lq_pf_q;
    sq_state_d   = sq_state_q;
    sq_rob_d     = sq_rob_q;
    sq_size_d    = sq_size_q;
    sq_io_d      = sq_io_q;
    sq_tlb_d     = sq_tlb_q;
    st_io_busy_d = st_io_busy_q;

    // entries taken at dispatch
    nl = '0;
    ns = '0;
    for (int l = 0; l < W; l++) begin
      nl = nl + (LQB + 1)'(disp_ld[l]);
      ns = ns + (SQB + 1)'(disp_st[l]);
    end
    for (int i = 0; i < LQ; i++) begin
      // issue writes the operands; the pipe may handle it in the same cycle
      if (ld_issue_fire && ld_issue_lq_idx_i == LQB'(i)) begin
        lq_state_d[i*3 +: 3]  = L_ADDR;
        lq_size_d[i*2 +: 2]   = from_size(ld_issue_size_i);
        lq_uns_d[i]           = ld_issue_unsigned_i;
        lq_pdst_d[i*PB +: PB] = ld_issue_pdst_i;
        lq_pf_d[i]            = ld_issue_prefetch_i;
      end
      // the parked load may go again once its store has left
      if (lq_valid[i] && lq_state_q[i*3 +: 3] == L_WAIT &&
          !lq_older_q[i*SQ + 32'(lq_wait_q[i*SQB +: SQB])])
        lq_state_d[i*3 +: 3] = L_ADDR;
      if (ldp_valid && ldp_idx == LQB'(i)) begin
        if (ldp_tlb_miss) lq_tlb_d[i] = 1'b1;
        if (!ldp_retry) begin
          lq_state_d[i*3 +: 3] = ldp_pf ? L_DONE : ldp_io ? L_IO : ldp_wait ? L_WAIT :
                                 ldp_mem ? L_MEM : L_DONE;
          lq_exec_d[i]             = (ldp_fwd || ldp_mem) && !ldp_pf;
          lq_fwd_d[i]              = ldp_fwd;
          lq_fwd_idx_d[i*SQB +: SQB] = fwd_sel;
          lq_wait_d[i*SQB +: SQB]    = fwd_sel;
        end
      end
      if (resp_live && rsp_idx == LQB'(i)) lq_state_d[i*3 +: 3] = L_DONE;
      if (ser_state_q == X_IDLE && ser_state_d == X_IO_REQ && io_ld_idx == LQB'(i))
        lq_state_d[i*3 +: 3] = L_IOB;
      if (ser_cpl && ser_ld_q && ser_lq_q == LQB'(i)) lq_state_d[i*3 +: 3] = L_DONE;
      // allocation last: it overrides what happened to a flushed load
      for (int l = 0; l < W; l++) begin
        if (disp_ld[l] && disp_lq_idx_o[l*LQB +: LQB] == LQB'(i)) begin
          lq_state_d[i*3 +: 3]   = L_IDLE;
          lq_rob_d[i*RB +: RB]   = disp_rob_idx_i[l*RB +: RB];
          lq_older_d[i*SQ +: SQ] = disp_older[l*SQ +: SQ];
          lq_exec_d[i] = 1'b0;
          lq_fwd_d[i]  = 1'b0;
          lq_tlb_d[i]  = 1'b0;
        end
      end
      // a store leaving the SQ is no longer older than anyone
      if (drain_pop) begin
        lq_older_d[i*SQ + 32'(drain_idx)] = 1'b0;
        if (lq_fwd_idx_d[i*SQB +: SQB] == drain_idx) lq_fwd_d[i] = 1'b0;
      end
    end

    for (int j = 0; j < SQ; j++) begin
      if (st_issue_fire && st_issue_sq_idx_i == SQB'(j)) begin
        sq_state_d[j*2 +: 2]   = S_ADDR;
        sq_size_d[j*2 +: 2]    = from_size(st_issue_size_i);
      end
      if (stp_valid && stp_idx == SQB'(j)) begin
        if (stp_tlb_miss) sq_tlb_d[j] = 1'b1;
        sq_io_d[j] = !pma_cacheable(dtlb_st_paddr_i) ||
                     pma_htif(dtlb_st_paddr_i, htif_tohost_i, htif_fromhost_i);
        if (stp_xcpt) sq_state_d[j*2 +: 2] = S_FAULT;
        if (stp_done) sq_state_d[j*2 +: 2] = S_DONE;
      end
      for (int l = 0; l < W; l++) begin
        if (disp_st[l] && disp_sq_idx_o[l*SQB +: SQB] == SQB'(j)) begin
          sq_state_d[j*2 +: 2]  = S_IDLE;
          sq_rob_d[j*RB +: RB]  = disp_rob_idx_i[l*RB +: RB];
          sq_tlb_d[j] = 1'b0;
        end
      end
    end

    if (drain_req && drain_io && mmio_req_valid_o && mmio_req_ready_i) st_io_busy_d = 1'b1;
    if (drain_pop) st_io_busy_d = 1'b0;

    // pointers: commits and the drain first, then the flush
    lq_head_d  = lq_head_q + LQB'(commit_loads_i);
    lq_count_d = lq_count_q - (LQB + 1)'(commit_loads_i) + nl;
    lq_tail_d  = lq_tail_q + LQB'(nl);
    sq_head_d  = sq_head_q + SQB'(drain_pop);
    sq_cmt_d   = sq_cmt_q + (SQB + 1)'(commit_stores_i) - (SQB + 1)'(drain_pop);
    sq_count_d = sq_count_q + ns - (SQB + 1)'(drain_pop);
    sq_tail_d  = sq_tail_q + SQB'(ns);
    if (flush_i) begin
      lq_tail_d  = lq_head_d;
      lq_count_d = '0;
      sq_tail_d  = sq_head_d + SQB'(sq_cmt_d);
      sq_count_d = sq_cmt_d;
    end
  end

  // ------------------------------------------------------- registers
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      lq_head_q    <= '0;
      lq_tail_q    <= '0;
      lq_count_q   <= '0;
      sq_head_q    <= '0;
      sq_tail_q    <= '0;
      sq_count_q   <= '0;
      sq_cmt_q     <= '0;
      lq_state_q   <= '0;
      sq_state_q   <= '0;
      st_io_busy_q <= 1'b0;
      chk_valid_q  <= 1'b0;
      resv_valid_q <= 1'b0;
      ser_state_q  <= X_IDLE;
      ser_kill_q   <= 1'b0;
      c0_valid_q   <= 1'b0;
      c1_valid_q   <= 1'b0;
    end else begin
      lq_head_q    <= lq_head_d;
      lq_tail_q    <= lq_tail_d;
      lq_count_q   <= lq_count_d;
      sq_head_q    <= sq_head_d;
      sq_tail_q    <= sq_tail_d;
      sq_count_q   <= sq_count_d;
      sq_cmt_q     <= sq_cmt_d;
      lq_state_q   <= lq_state_d;
      sq_state_q   <= sq_state_d;
      st_io_busy_q <= st_io_busy_d;
      chk_valid_q  <= chk_valid_d && !flush_i;
      resv_valid_q <= resv_valid_d;
      ser_state_q  <= ser_state_d;
      ser_kill_q   <= ser_kill_d;
      c0_valid_q   <= c0_valid_d;
      c1_valid_q   <= c1_valid_d && !flush_i;
    end
  end

  // Payload: the state fields above say which of it is meaningful. The
  // word arrays have one write port each: issue writes the virtual address
  // and the store data, the pipe the physical address it translated.
  always_ff @(posedge clk_i) begin
    if (ld_issue_fire) lq_vaddr_q[ld_issue_lq_idx_i] <= ld_issue_base_i + ld_issue_imm_i;
    if (ldp_valid) lq_paddr_q[ldp_idx] <= dtlb_ld_paddr_i;
    if (st_issue_fire) begin
      sq_vaddr_q[st_issue_sq_idx_i] <= st_issue_base_i + st_issue_imm_i;
      sq_data_q[st_issue_sq_idx_i]  <= st_issue_data_i;
    end
    if (stp_valid) sq_paddr_q[stp_idx] <= dtlb_st_paddr_i;
    lq_rob_q     <= lq_rob_d;
    lq_older_q   <= lq_older_d;
    lq_size_q    <= lq_size_d;
    lq_uns_q     <= lq_uns_d;
    lq_pdst_q    <= lq_pdst_d;
    lq_exec_q    <= lq_exec_d;
    lq_fwd_q     <= lq_fwd_d;
    lq_fwd_idx_q <= lq_fwd_idx_d;
    lq_wait_q    <= lq_wait_d;
    lq_tlb_q     <= lq_tlb_d;
    lq_pf_q      <= lq_pf_d;
    sq_rob_q     <= sq_rob_d;
    sq_size_q    <= sq_size_d;
    sq_io_q      <= sq_io_d;
    sq_tlb_q     <= sq_tlb_d;
    chk_idx_q    <= chk_idx_d;
    resv_addr_q  <= resv_addr_d;
    ser_ld_q     <= ser_ld_d;
    ser_op_q     <= ser_op_d;
    ser_word_q   <= ser_word_d;
    ser_size_q   <= ser_size_d;
    ser_uns_q    <= ser_uns_d;
    ser_vaddr_q  <= ser_vaddr_d;
    ser_paddr_q  <= ser_paddr_d;
    ser_wdata_q  <= ser_wdata_d;
    ser_pdst_q   <= ser_pdst_d;
    ser_rob_q    <= ser_rob_d;
    ser_lq_q     <= ser_lq_d;
    ser_tlb_q    <= ser_tlb_d;
    ser_res_q    <= ser_res_d;
    ser_xcpt_q   <= ser_xcpt_d;
    ser_cause_q  <= ser_cause_d;
    c0_xcpt_q    <= c0_xcpt_d;
    c0_rob_q     <= c0_rob_d;
    c0_cause_q   <= c0_cause_d;
    c0_tval_q    <= c0_tval_d;
    c0_data_q    <= c0_data_d;
    c0_pdst_q    <= c0_pdst_d;
    c0_wb_q      <= c0_wb_d;
    c0_psv_q     <= c0_psv_d;
    c1_xcpt_q    <= c1_xcpt_d;
    c1_rob_q     <= c1_rob_d;
    c1_cause_q   <= c1_cause_d;
    c1_tval_q    <= c1_tval_d;
    c1_psv_q     <= c1_psv_d;
  end
endmodule
