`include "core_types.svh"
`include "mem_types.svh"
`include "tea_events.svh"
`include "lsu_types.svh"

// The LSU's store queue (docs/microarchitecture.md, memory): allocated at
// dispatch in program order, a store leaves it when the D-cache (or the
// device) accepted it after commit.
//
// Store pipe, one store a cycle: the oldest store whose address is known
// and that waits for translation, else the one issued this cycle. It is
// translated on the D-TLB store port (combinational) and completes on port
// 1 the cycle after; a TLB miss leaves it in its entry to retry. A physical
// address that neither DRAM nor a device has (pma_writable) is a store
// access fault there, precise. The store translated last cycle is handed
// to the load queue's ordering check.
//
// Forwarding: the load pipe's search for the youngest older store with a
// known address overlapping the load, over every entry.
//
// Drain, in order from the head, one store at a time: to the D-cache's
// store port, or for a device (or HTIF) address over the MMIO port, whose
// response pops it. A bus error there (the line's refill failed, the
// device answered with an error) comes after commit: the store is lost,
// and ev_st_error_o says so (HPM event 11), an imprecise report.
//
// Store prefetch: a store waits at the head until its line is in the
// D-cache, so the committed stores behind it ask for their lines ahead,
// one a cycle in order, as prefetches (pf_*, on the D-cache's load port
// when the load pipe leaves it free): the misses of a run of stores
// overlap, up to the D-cache's MSHRs, instead of following one another.
module store_queue #(
  parameter int unsigned W           = CFG_W,
  parameter int unsigned SQ_ENTRIES  = CFG_SQ_ENTRIES,
  parameter int unsigned ROB_ENTRIES = CFG_ROB_ENTRIES,
  localparam int unsigned SQ  = SQ_ENTRIES,
  localparam int unsigned SQB = $clog2(SQ_ENTRIES),
  localparam int unsigned RB  = $clog2(ROB_ENTRIES),
  localparam int unsigned CB  = $clog2(W + 1),
  localparam int unsigned PA  = PADDR_BITS
) (
  input  logic                clk_i,
  input  logic                rst_ni,
  input  logic                flush_i,
  // dispatch: lanes take consecutive entries from the tail
  input  logic [W-1:0]        disp_store_i,
  input  logic [W*RB-1:0]     disp_rob_idx_i,
  output logic [W*SQB-1:0]    disp_sq_idx_o,
  output logic [W*SQ-1:0]     disp_older_o,     // SQ entries older than lane l
  output logic [SQB:0]        sq_free_o,
  // store issue
  input  logic                st_issue_valid_i,
  output logic                st_issue_ready_o,
  input  logic [SQB-1:0]      st_issue_sq_idx_i,
  input  logic [63:0]         st_issue_base_i,
  input  logic [63:0]         st_issue_imm_i,
  input  logic [63:0]         st_issue_data_i,
  input  mem_size_e           st_issue_size_i,
  // completion port 1
  output logic                cpl_valid_o,
  output logic [RB-1:0]       cpl_rob_idx_o,
  output logic                cpl_xcpt_o,
  output logic [3:0]          cpl_cause_o,
  output logic [63:0]         cpl_tval_o,
  output logic [PSV_BITS-1:0] cpl_psv_o,
  // commit
  input  logic [CB-1:0]       commit_stores_i,
  input  logic [PA-1:0]       htif_tohost_i,
  input  logic [PA-1:0]       htif_fromhost_i,
  input  logic [PA-1:0]       dram_size_i,
  output logic [SQB-1:0]      sq_head_o,
  output logic                sq_empty_o,
  output logic                sq_drained_o,     // no committed store left
  output logic                st_io_busy_o,     // the drain's device write is out
  output logic                drain_pop_o,      // the head store leaves this cycle
  output logic [60:0]         drain_block_o,    // its virtual 8-byte block
  // the serial engine has the D-TLB this cycle
  input  logic                ser_xlate_i,
  // D-TLB store port
  output logic                dtlb_valid_o,
  output logic [63:0]         dtlb_vaddr_o,
  input  logic                dtlb_hit_i,
  input  logic [PA-1:0]       dtlb_paddr_i,
  input  logic                dtlb_page_fault_i,
  input  logic                dtlb_access_fault_i,
  input  logic                dtlb_miss_i,
  // forwarding search of the load pipe: the load's address and bytes, the
  // stores older than it; the data of the youngest overlapping one, shifted
  // to the load's offset
  input  logic [SQ-1:0]       fwd_older_i,
  input  logic [PA-1:3]       fwd_paddr_i,
  input  logic [2:0]          fwd_off_i,
  input  logic [7:0]          fwd_mask_i,
  output logic                fwd_hit_o,
  output logic                fwd_cover_o,      // it has every byte of the load
  output logic [SQB-1:0]      fwd_idx_o,
  output logic [63:0]         fwd_data_o,
  // the store translated last cycle, for the ordering check
  output logic                chk_valid_o,
  output logic [SQB-1:0]      chk_idx_o,
  output logic [PA-1:3]       chk_paddr_o,
  output logic [7:0]          chk_mask_o,
  // D-cache store port
  output logic                dc_st_req_valid_o,
  input  logic                dc_st_req_ready_i,
  output logic [PA-1:0]       dc_st_req_addr_o,
  output logic [63:0]         dc_st_req_data_o,
  output logic [7:0]          dc_st_req_strb_o,
  input  logic                dc_st_error_i,    // the store it takes is lost
  // D-cache load port: a prefetch of a committed store's line
  output logic                pf_valid_o,
  input  logic                pf_ready_i,
  output logic [PA-1:0]       pf_addr_o,
  // MMIO port, while io_req_o: a device store (a write)
  output logic                io_req_o,
  output logic                io_req_valid_o,
  output logic [PA-1:0]       io_req_addr_o,
  output mem_size_e           io_req_size_o,
  output logic [63:0]         io_req_wdata_o,
  output logic [7:0]          io_req_wstrb_o,
  input  logic                mmio_req_ready_i,
  input  logic                mmio_resp_valid_i,
  input  logic                mmio_resp_error_i,
  // the oldest uncommitted stores' addresses (TEA's data addresses), and
  // for the trace port what they write
  output logic [W*64-1:0]     sq_commit_vaddr_o,
`ifdef TEA_TRACE
  output logic [W*64-1:0]     sq_commit_data_o,
  output logic [W*2-1:0]      sq_commit_size_o,
`endif
  output logic                ev_st_error_o     // a committed store lost to a bus error
);
  if (SQ != (1 << SQB) || SQ < W) begin : g_size_check
    $error("store_queue needs a power-of-two queue of at least W entries");
  end

  // Entry states.
  localparam logic [1:0] S_IDLE  = 2'd0;
  localparam logic [1:0] S_ADDR  = 2'd1;  // issued: to translate
  localparam logic [1:0] S_DONE  = 2'd2;  // physical address known
  localparam logic [1:0] S_FAULT = 2'd3;  // completed with an exception

  // --------------------------------------------------------------- state
  logic [SQB-1:0] sq_head_q, sq_head_d, sq_tail_q, sq_tail_d;
  logic [SQB:0]   sq_count_q, sq_count_d, sq_cmt_q, sq_cmt_d;

  // Payload: narrow fields as packed vectors, entry j at [j*width +:
  // width]; the wide ones as arrays of words, which Yosys reads through a
  // multiplexer per port instead of a shifter across the whole vector.
  logic [SQ*2-1:0]   sq_state_q, sq_state_d;
  logic [SQ*RB-1:0]  sq_rob_q, sq_rob_d;
  logic [63:0]       sq_vaddr_q [SQ];
  logic [PA-1:0]     sq_paddr_q [SQ];
  logic [63:0]       sq_data_q [SQ];           // value in the low bits
  logic [SQ*2-1:0]   sq_size_q, sq_size_d;
  logic [SQ-1:0]     sq_io_q, sq_io_d;         // non-cacheable
  logic [SQ-1:0]     sq_tlb_q, sq_tlb_d;       // ST-TLB

  logic st_io_busy_q, st_io_busy_d;            // drain: device write in flight

  // Ordering check of the store translated last cycle.
  logic           chk_valid_q, chk_valid_d;
  logic [SQB-1:0] chk_idx_q, chk_idx_d;

  // Completion register.
  logic          c1_valid_q, c1_valid_d, c1_xcpt_q, c1_xcpt_d;
  logic [RB-1:0] c1_rob_q, c1_rob_d;
  logic [3:0]    c1_cause_q, c1_cause_d;
  logic [63:0]   c1_tval_q, c1_tval_d;
  psv_t          c1_psv_q, c1_psv_d;

  // ------------------------------------------------------- occupancy
  logic [SQ-1:0]   sq_valid;
  logic [SQ*8-1:0] sq_mask;

  always_comb begin
    for (int j = 0; j < SQ; j++) begin
      sq_valid[j] = {1'b0, SQB'(SQB'(j) - sq_head_q)} < sq_count_q;
      sq_mask[j*8 +: 8] = lsu_size_mask(sq_size_q[j*2 +: 2]) << sq_paddr_q[j][2:0];
    end
  end

  assign sq_free_o    = (SQB + 1)'(SQ) - sq_count_q;
  assign sq_head_o    = sq_head_q;
  assign sq_empty_o   = sq_count_q == '0;
  assign sq_drained_o = sq_cmt_q == '0;
  assign st_io_busy_o = st_io_busy_q;

  // Dispatch: a load in lane l is younger than every store in the SQ and
  // than those of the lanes before it.
  logic [W-1:0] disp_st;
  assign disp_st = flush_i ? '0 : disp_store_i;

  always_comb begin
    logic [CB-1:0] ns;
    logic [SQ-1:0] older;
    ns = '0;
    older = sq_valid;
    for (int l = 0; l < W; l++) begin
      disp_sq_idx_o[l*SQB +: SQB] = sq_tail_q + SQB'(ns);
      disp_older_o[l*SQ +: SQ] = older;
      if (disp_st[l]) begin
        older[sq_tail_q + SQB'(ns)] = 1'b1;
        ns = ns + 1'b1;
      end
    end
  end

  // The oldest uncommitted stores: store l of those that commit next.
  always_comb begin
    for (int l = 0; l < W; l++)
      sq_commit_vaddr_o[l*64 +: 64] = sq_vaddr_q[sq_head_q + SQB'(sq_cmt_q) + SQB'(l)];
  end
`ifdef TEA_TRACE
  always_comb begin
    for (int l = 0; l < W; l++) begin
      logic [SQB-1:0] idx;
      idx = sq_head_q + SQB'(sq_cmt_q) + SQB'(l);
      sq_commit_data_o[l*64 +: 64]  = sq_data_q[idx];
      sq_commit_size_o[l*2 +: 2]    = sq_size_q[idx*2 +: 2];
    end
  end
`endif

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

  assign stp_valid = (stp_pending || st_issue_fire) && !flush_i && !ser_xlate_i;
  assign stp_vaddr = stp_pending ? sq_vaddr_q[stp_idx] : st_issue_base_i + st_issue_imm_i;
  assign stp_size  = stp_pending ? sq_size_q[stp_idx*2 +: 2] : lsu_from_size(st_issue_size_i);
  assign stp_tlb   = stp_pending && sq_tlb_q[stp_idx];
  assign stp_mis   = lsu_misaligned(stp_vaddr[2:0], stp_size);

  always_comb begin
    stp_xcpt     = 1'b0;
    stp_cause    = CAUSE_ST_MISALIGNED;
    stp_done     = 1'b0;
    stp_tlb_miss = 1'b0;
    if (stp_mis) begin
      stp_xcpt = 1'b1;
    end else if (dtlb_miss_i || !(dtlb_hit_i || dtlb_page_fault_i || dtlb_access_fault_i)) begin
      stp_tlb_miss = 1'b1;
    end else if (dtlb_page_fault_i) begin
      stp_xcpt  = 1'b1;
      stp_cause = CAUSE_ST_PAGE;
    end else if (dtlb_access_fault_i || !pma_writable(dtlb_paddr_i, dram_size_i)) begin
      stp_xcpt  = 1'b1;
      stp_cause = CAUSE_ST_ACCESS;
    end else begin
      stp_done = 1'b1;
    end
  end

  assign dtlb_valid_o = stp_valid && !stp_mis;
  assign dtlb_vaddr_o = stp_vaddr;

  // ------------------------------------------------------- forwarding
  // Youngest older store with a known address overlapping the load.
  always_comb begin
    fwd_hit_o = 1'b0;
    fwd_idx_o = '0;
    for (int k = 0; k < SQ; k++) begin
      logic [SQB-1:0] j;
      j = sq_head_q + SQB'(k);
      if (fwd_older_i[j] && sq_state_q[j*2 +: 2] == S_DONE &&
          sq_paddr_q[j][PA-1:3] == fwd_paddr_i &&
          (sq_mask[j*8 +: 8] & fwd_mask_i) != 8'h00) begin
        fwd_hit_o = 1'b1;
        fwd_idx_o = j;
      end
    end
    fwd_cover_o = (fwd_mask_i & ~sq_mask[fwd_idx_o*8 +: 8]) == 8'h00;
    fwd_data_o  = sq_data_q[fwd_idx_o] >> {3'(fwd_off_i - sq_paddr_q[fwd_idx_o][2:0]), 3'b000};
  end

  // ------------------------------------------------------- drain
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
  assign drain_strb  = lsu_size_mask(sq_size_q[drain_idx*2 +: 2]) << drain_off;
  assign drain_pop   = drain_req && (drain_io ? st_io_busy_q && mmio_resp_valid_i
                                              : dc_st_req_ready_i);
  assign drain_pop_o   = drain_pop;
  assign drain_block_o = sq_vaddr_q[drain_idx][63:3];
  assign ev_st_error_o = drain_pop && (drain_io ? mmio_resp_error_i : dc_st_error_i);

  assign dc_st_req_valid_o = drain_req && !drain_io;
  assign dc_st_req_addr_o  = {sq_paddr_q[drain_idx][PA-1:3], 3'b000};
  assign dc_st_req_data_o  = drain_wdata;
  assign dc_st_req_strb_o  = drain_strb;

  // Prefetch: pf_off_q counts from the head to the next committed store to
  // ask for (the head's own line the drain asks for); one to a device is
  // passed over.
  logic [SQB:0]   pf_off_q, pf_off_d;
  logic [SQB-1:0] pf_idx;
  logic           pf_cand, pf_next;

  assign pf_idx     = sq_head_q + SQB'(pf_off_q);
  assign pf_cand    = pf_off_q < sq_cmt_q;
  assign pf_valid_o = pf_cand && pf_off_q != '0 && !sq_io_q[pf_idx];
  assign pf_addr_o  = sq_paddr_q[pf_idx];
  assign pf_next    = pf_cand && (pf_off_q == '0 || sq_io_q[pf_idx] || pf_ready_i);

  always_comb begin
    pf_off_d = pf_off_q + (SQB + 1)'(pf_next);
    if (drain_pop && pf_off_d != '0) pf_off_d = pf_off_d - 1'b1;
  end

  // One device write at a time: asked until the port takes it, popped by
  // its response.
  assign io_req_o       = drain_req && drain_io;
  assign io_req_valid_o = !st_io_busy_q;
  assign io_req_addr_o  = sq_paddr_q[drain_idx];
  assign io_req_size_o  = lsu_to_size(sq_size_q[drain_idx*2 +: 2]);
  assign io_req_wdata_o = drain_wdata;
  assign io_req_wstrb_o = drain_strb;

  // ------------------------------------------------------- completion
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

  assign cpl_valid_o   = c1_valid_q;
  assign cpl_rob_idx_o = c1_rob_q;
  assign cpl_xcpt_o    = c1_xcpt_q;
  assign cpl_cause_o   = c1_cause_q;
  assign cpl_tval_o    = c1_tval_q;
  assign cpl_psv_o     = c1_psv_q;

  assign chk_valid_o = chk_valid_q;
  assign chk_idx_o   = chk_idx_q;
  assign chk_paddr_o = sq_paddr_q[chk_idx_q][PA-1:3];
  assign chk_mask_o  = sq_mask[chk_idx_q*8 +: 8];

  // ------------------------------------------------------- next state
  always_comb begin
    logic [SQB:0] ns;
    sq_state_d   = sq_state_q;
    sq_rob_d     = sq_rob_q;
    sq_size_d    = sq_size_q;
    sq_io_d      = sq_io_q;
    sq_tlb_d     = sq_tlb_q;
    st_io_busy_d = st_io_busy_q;

    // entries taken at dispatch
    ns = '0;
    for (int l = 0; l < W; l++) ns = ns + (SQB + 1)'(disp_st[l]);

    for (int j = 0; j < SQ; j++) begin
      if (st_issue_fire && st_issue_sq_idx_i == SQB'(j)) begin
        sq_state_d[j*2 +: 2]   = S_ADDR;
        sq_size_d[j*2 +: 2]    = lsu_from_size(st_issue_size_i);
      end
      if (stp_valid && stp_idx == SQB'(j)) begin
        if (stp_tlb_miss) sq_tlb_d[j] = 1'b1;
        sq_io_d[j] = !pma_cacheable(dtlb_paddr_i) ||
                     pma_htif(dtlb_paddr_i, htif_tohost_i, htif_fromhost_i);
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

    if (io_req_o && io_req_valid_o && mmio_req_ready_i) st_io_busy_d = 1'b1;
    if (drain_pop) st_io_busy_d = 1'b0;

    // pointers: commits and the drain first, then the flush, which keeps
    // the committed stores
    sq_head_d  = sq_head_q + SQB'(drain_pop);
    sq_cmt_d   = sq_cmt_q + (SQB + 1)'(commit_stores_i) - (SQB + 1)'(drain_pop);
    sq_count_d = sq_count_q + ns - (SQB + 1)'(drain_pop);
    sq_tail_d  = sq_tail_q + SQB'(ns);
    if (flush_i) begin
      sq_tail_d  = sq_head_d + SQB'(sq_cmt_d);
      sq_count_d = sq_cmt_d;
    end
  end

  // ------------------------------------------------------- registers
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      sq_head_q    <= '0;
      sq_tail_q    <= '0;
      sq_count_q   <= '0;
      sq_cmt_q     <= '0;
      pf_off_q     <= '0;
      sq_state_q   <= '0;
      st_io_busy_q <= 1'b0;
      chk_valid_q  <= 1'b0;
      c1_valid_q   <= 1'b0;
    end else begin
      sq_head_q    <= sq_head_d;
      sq_tail_q    <= sq_tail_d;
      sq_count_q   <= sq_count_d;
      sq_cmt_q     <= sq_cmt_d;
      pf_off_q     <= pf_off_d;
      sq_state_q   <= sq_state_d;
      st_io_busy_q <= st_io_busy_d;
      chk_valid_q  <= chk_valid_d && !flush_i;
      c1_valid_q   <= c1_valid_d && !flush_i;
    end
  end

  // Payload: the state fields above say which of it is meaningful. The
  // word arrays have one write port each: issue writes the virtual address
  // and the store data, the pipe the physical address it translated.
  always_ff @(posedge clk_i) begin
    if (st_issue_fire) begin
      sq_vaddr_q[st_issue_sq_idx_i] <= st_issue_base_i + st_issue_imm_i;
      sq_data_q[st_issue_sq_idx_i]  <= st_issue_data_i;
    end
    if (stp_valid) sq_paddr_q[stp_idx] <= dtlb_paddr_i;
    sq_rob_q   <= sq_rob_d;
    sq_size_q  <= sq_size_d;
    sq_io_q    <= sq_io_d;
    sq_tlb_q   <= sq_tlb_d;
    chk_idx_q  <= chk_idx_d;
    c1_xcpt_q  <= c1_xcpt_d;
    c1_rob_q   <= c1_rob_d;
    c1_cause_q <= c1_cause_d;
    c1_tval_q  <= c1_tval_d;
    c1_psv_q   <= c1_psv_d;
  end
endmodule
