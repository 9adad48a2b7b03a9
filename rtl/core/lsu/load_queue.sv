`include "core_types.svh"
`include "mem_types.svh"
`include "tea_events.svh"
`include "lsu_types.svh"

// The LSU's load queue (docs/microarchitecture.md, memory): allocated at
// dispatch in program order, a load leaves it at commit. Each load keeps a
// mask of the SQ entries older than itself, set at dispatch and cleared as
// stores leave, so "older" never needs pointer arithmetic across
// wrap-around.
//
// Load pipe, one load a cycle: the oldest load whose address is known and
// that waits for translation, else the one issued this cycle. In that cycle
// it is translated (D-TLB load port, combinational), searched against the
// SQ (store_queue's forwarding search) and, when no older store overlaps,
// sent to the D-cache. A TLB miss leaves it in its entry to retry; a
// partial overlap parks it until that store has left the SQ; a device load
// waits to be the oldest instruction, then goes through the serial engine.
//
// Ordering check: one cycle after a store's address is written to the SQ,
// younger loads that already read memory and overlap it are checked; the
// oldest offender is reported on mo_* in the same cycle as the store's
// completion.
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
// Completion port 0 is this queue's: D-cache responses first, then the
// serial engine's result, then the load pipe.
module load_queue #(
  parameter int unsigned W           = CFG_W,
  parameter int unsigned LQ_ENTRIES  = CFG_LQ_ENTRIES,
  parameter int unsigned SQ_ENTRIES  = CFG_SQ_ENTRIES,
  parameter int unsigned ROB_ENTRIES = CFG_ROB_ENTRIES,
  parameter int unsigned PRF_ENTRIES = CFG_PRF_ENTRIES,
  localparam int unsigned LQ  = LQ_ENTRIES,
  localparam int unsigned SQ  = SQ_ENTRIES,
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
  // dispatch: lanes take consecutive entries from the tail
  input  logic [W-1:0]        disp_load_i,
  input  logic [W*RB-1:0]     disp_rob_idx_i,
  input  logic [W*SQ-1:0]     disp_older_i,     // SQ entries older than lane l
  output logic [W*LQB-1:0]    disp_lq_idx_o,
  output logic [LQB:0]        lq_free_o,
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
  // register writeback and completion port 0
  output logic                wb_valid_o,
  output logic [PB-1:0]       wb_pdst_o,
  output logic [63:0]         wb_data_o,
  output logic                cpl_valid_o,
  output logic [RB-1:0]       cpl_rob_idx_o,
  output logic                cpl_xcpt_o,
  output logic [3:0]          cpl_cause_o,
  output logic [63:0]         cpl_tval_o,
  output logic [PSV_BITS-1:0] cpl_psv_o,
  // memory-ordering violation
  output logic                mo_valid_o,
  output logic [RB-1:0]       mo_rob_idx_o,
  // commit
  input  logic [CB-1:0]       commit_loads_i,
  input  logic [RB-1:0]       rob_head_idx_i,
  output logic [W*64-1:0]     lq_commit_vaddr_o,  // the address of load l of those that commit next
  input  logic [PA-1:0]       htif_tohost_i,
  input  logic [PA-1:0]       htif_fromhost_i,
  // the store queue: its head, and whether that store leaves this cycle
  input  logic [SQB-1:0]      sq_head_i,
  input  logic                drain_pop_i,
  // the serial engine has the D-TLB this cycle
  input  logic                ser_xlate_i,
  // D-TLB load port
  output logic                dtlb_valid_o,
  output logic [63:0]         dtlb_vaddr_o,
  input  logic                dtlb_hit_i,
  input  logic [PA-1:0]       dtlb_paddr_i,
  input  logic                dtlb_page_fault_i,
  input  logic                dtlb_access_fault_i,
  input  logic                dtlb_miss_i,
  // forwarding search in the store queue (the address: dtlb_paddr_i)
  output logic [SQ-1:0]       fwd_older_o,
  output logic [2:0]          fwd_off_o,
  output logic [7:0]          fwd_mask_o,
  input  logic                fwd_hit_i,
  input  logic                fwd_cover_i,
  input  logic [SQB-1:0]      fwd_idx_i,
  input  logic [63:0]         fwd_data_i,
  // the store to check younger loads against
  input  logic                chk_valid_i,
  input  logic [SQB-1:0]      chk_idx_i,
  input  logic [PA-1:3]       chk_paddr_i,
  input  logic [7:0]          chk_mask_i,
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
  // the serial engine: the device load it may take (the oldest
  // instruction), and its result for port 0
  output logic                io_ld_valid_o,
  output logic [LQB-1:0]      io_ld_idx_o,
  output logic [1:0]          io_ld_size_o,
  output logic [1:0]          io_ld_ext_o,
  output logic [63:0]         io_ld_vaddr_o,
  output logic [PA-1:0]       io_ld_paddr_o,
  output logic [PB-1:0]       io_ld_pdst_o,
  output logic [RB-1:0]       io_ld_rob_o,
  output logic                io_ld_tlb_o,
  input  logic                io_ld_take_i,
  input  logic                ser_done_i,
  output logic                ser_ack_o,        // port 0 takes its result
  input  logic                ser_ld_i,
  input  logic [LQB-1:0]      ser_lq_idx_i,
  input  logic                ser_xcpt_i,
  input  logic [3:0]          ser_cause_i,
  input  logic [RB-1:0]       ser_rob_idx_i,
  input  logic [63:0]         ser_vaddr_i,
  input  logic [PB-1:0]       ser_pdst_i,
  input  logic [63:0]         ser_data_i,
  input  logic                ser_tlb_i
);
  if (LQ != (1 << LQB) || SQ != (1 << SQB) || LQ < W) begin : g_size_check
    $error("load_queue needs power-of-two queues, of at least W loads");
  end

  // Entry states.
  localparam logic [2:0] L_IDLE = 3'd0;  // allocated, address not yet known
  localparam logic [2:0] L_ADDR = 3'd1;  // address known: to translate and search
  localparam logic [2:0] L_WAIT = 3'd2;  // parked behind a partially overlapping store
  localparam logic [2:0] L_IO   = 3'd3;  // device load: waits to be the oldest
  localparam logic [2:0] L_IOB  = 3'd4;  // device load in the serial engine
  localparam logic [2:0] L_MEM  = 3'd5;  // D-cache request sent
  localparam logic [2:0] L_DONE = 3'd6;  // completed

  // --------------------------------------------------------------- state
  logic [LQB-1:0] lq_head_q, lq_head_d, lq_tail_q, lq_tail_d;
  logic [LQB:0]   lq_count_q, lq_count_d;

  // Payload: narrow fields as packed vectors, entry i at [i*width +:
  // width]; the wide ones as arrays of words, which Yosys reads through a
  // multiplexer per port instead of a shifter across the whole vector.
  logic [LQ*3-1:0]   lq_state_q, lq_state_d;
  logic [LQ*RB-1:0]  lq_rob_q, lq_rob_d;
  logic [LQ*SQ-1:0]  lq_older_q, lq_older_d;   // SQ entries older than the load
  logic [63:0]       lq_vaddr_q [LQ];
  logic [PA-1:0]     lq_paddr_q [LQ];
  logic [LQ*2-1:0]   lq_size_q, lq_size_d;
  logic [LQ*2-1:0]   lq_ext_q, lq_ext_d;
  logic [LQ*PB-1:0]  lq_pdst_q, lq_pdst_d;
  logic [LQ-1:0]     lq_exec_q, lq_exec_d;     // has read memory or a store
  logic [LQ-1:0]     lq_fwd_q, lq_fwd_d;       // value forwarded from a store still in the SQ
  logic [LQ*SQB-1:0] lq_fwd_idx_q, lq_fwd_idx_d;
  logic [LQ*SQB-1:0] lq_wait_q, lq_wait_d;     // L_WAIT: the store it waits for
  logic [LQ-1:0]     lq_tlb_q, lq_tlb_d;       // ST-TLB
  logic [LQ-1:0]     lq_pf_q, lq_pf_d;         // prefetch

  // Completion register.
  logic          c0_valid_q, c0_valid_d, c0_xcpt_q, c0_xcpt_d;
  logic [RB-1:0] c0_rob_q, c0_rob_d;
  logic [3:0]    c0_cause_q, c0_cause_d;
  logic [63:0]   c0_tval_q, c0_tval_d, c0_data_q, c0_data_d;
  logic [PB-1:0] c0_pdst_q, c0_pdst_d;
  logic          c0_wb_q, c0_wb_d;             // writes its register (not a prefetch)
  psv_t          c0_psv_q, c0_psv_d;

  // Bit s of one load's older-store bits: a multiplexer of SQ bits, where
  // an index into all of lq_older_q is a shifter across LQ * SQ bits.
  function automatic logic older_bit(input logic [SQ-1:0] older, input logic [SQB-1:0] s);
    older_bit = older[s];
  endfunction

  // ------------------------------------------------------- occupancy
  logic [LQ-1:0]   lq_valid;
  logic [LQ*8-1:0] lq_mask;

  always_comb begin
    for (int i = 0; i < LQ; i++) begin
      lq_valid[i] = {1'b0, LQB'(LQB'(i) - lq_head_q)} < lq_count_q;
      lq_mask[i*8 +: 8] = lsu_size_mask(lq_size_q[i*2 +: 2]) << lq_paddr_q[i][2:0];
    end
  end

  assign lq_free_o = (LQB + 1)'(LQ) - lq_count_q;

  // Dispatch.
  logic [W-1:0] disp_ld;
  assign disp_ld = flush_i ? '0 : disp_load_i;

  always_comb begin
    logic [CB-1:0] nl;
    nl = '0;
    for (int l = 0; l < W; l++) begin
      disp_lq_idx_o[l*LQB +: LQB] = lq_tail_q + LQB'(nl);
      if (disp_ld[l]) nl = nl + 1'b1;
    end
  end

  // ------------------------------------------------------- load pipe
  logic           ld_issue_fire;
  logic           ldp_pending;           // an entry in L_ADDR waits
  logic [LQB-1:0] ldp_idx;
  logic           ldp_valid;
  logic [63:0]    ldp_vaddr;
  logic [1:0]     ldp_size;
  logic [1:0]     ldp_ext;
  logic [PB-1:0]  ldp_pdst;
  logic           ldp_tlb;
  logic           ldp_pf;
  logic           ldp_mis;
  logic [7:0]     ldp_mask;
  logic [63:0]    fwd_value;

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

  assign ldp_valid = (ldp_pending || ld_issue_fire) && !flush_i && !ser_xlate_i;
  assign ldp_vaddr = ldp_pending ? lq_vaddr_q[ldp_idx] : ld_issue_base_i + ld_issue_imm_i;
  assign ldp_size  = ldp_pending ? lq_size_q[ldp_idx*2 +: 2] : lsu_from_size(ld_issue_size_i);
  assign ldp_ext   = ldp_pending ? lq_ext_q[ldp_idx*2 +: 2] : ld_issue_ext_i;
  assign ldp_pdst  = ldp_pending ? lq_pdst_q[ldp_idx*PB +: PB] : ld_issue_pdst_i;
  assign ldp_tlb   = ldp_pending && lq_tlb_q[ldp_idx];
  assign ldp_pf    = ldp_pending ? lq_pf_q[ldp_idx] : ld_issue_prefetch_i;
  assign ldp_mis   = lsu_misaligned(ldp_vaddr[2:0], ldp_size) && !ldp_pf;
  assign ldp_mask  = lsu_size_mask(ldp_size) << ldp_vaddr[2:0];

  assign fwd_older_o = lq_older_q[ldp_idx*SQ +: SQ];
  assign fwd_off_o   = ldp_vaddr[2:0];
  assign fwd_mask_o  = ldp_mask;
  assign fwd_value   = lsu_extend(fwd_data_i, ldp_size, ldp_ext);

  // What the load pipe does this cycle. A prefetch never forwards or waits
  // for a store: it only fetches the line.
  logic ldp_xcpt, ldp_fwd, ldp_wait, ldp_io, ldp_mem, ldp_retry, ldp_tlb_miss;
  logic ldp_drop;   // prefetch given up: would trap, device, or oldest and must wait
  logic ldp_head;   // the load in the pipe is the oldest instruction
  logic ldp_pf_sent;  // prefetch taken by the D-cache this cycle
  logic [3:0] ldp_cause;
  logic       resp_live;    // a D-cache response completes this cycle
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
    end else if (dtlb_miss_i || !(dtlb_hit_i || dtlb_page_fault_i || dtlb_access_fault_i)) begin
      ldp_tlb_miss = 1'b1;
    end else if (dtlb_page_fault_i) begin
      ldp_xcpt  = 1'b1;
      ldp_cause = CAUSE_LD_PAGE;
    end else if (dtlb_access_fault_i) begin
      ldp_xcpt  = 1'b1;
      ldp_cause = CAUSE_LD_ACCESS;
    end else if (!pma_cacheable(dtlb_paddr_i) ||
                 pma_htif(dtlb_paddr_i, htif_tohost_i, htif_fromhost_i)) begin
      ldp_io = 1'b1;
    end else if (ldp_pf) begin
      ldp_mem = 1'b1;
    end else if (fwd_hit_i && fwd_cover_i) begin
      ldp_fwd = 1'b1;
    end else if (fwd_hit_i) begin
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

  assign dtlb_valid_o         = ldp_valid && !ldp_mis;
  assign dtlb_vaddr_o         = ldp_vaddr;
  assign dc_ld_req_valid_o    = ldp_valid && ldp_mem && !(ldp_pf && port0_busy);
  assign dc_ld_req_addr_o     = dtlb_paddr_i;
  assign dc_ld_req_tag_o      = ldp_idx;
  assign dc_ld_req_prefetch_o = ldp_pf;

  // ------------------------------------------------------- ordering check
  // Every entry checks itself against the resolving store; the oldest that
  // matches (the first from the head) is the load to replay. Each entry
  // reads its own bits at fixed positions: only the result is selected by
  // the head.
  logic [SQB-1:0] chk_age;
  logic [LQ-1:0]  mo_match;
  assign chk_age = chk_idx_i - sq_head_i;
  for (genvar i = 0; i < LQ; i++) begin : g_order
    logic newer_src;
    // forwarded from a store younger than the resolving one: not stale
    assign newer_src = lq_fwd_q[i] && SQB'(lq_fwd_idx_q[i*SQB +: SQB] - sq_head_i) > chk_age;
    assign mo_match[i] = chk_valid_i && lq_valid[i] && lq_exec_q[i] &&
                         older_bit(lq_older_q[i*SQ +: SQ], chk_idx_i) &&
                         lq_paddr_q[i][PA-1:3] == chk_paddr_i &&
                         (lq_mask[i*8 +: 8] & chk_mask_i) != 8'h00 && !newer_src;
  end
  always_comb begin
    logic [2*LQ-1:0] from_head;
    logic [LQB-1:0]  oldest;
    from_head = {mo_match, mo_match} >> lq_head_q;
    oldest    = '0;
    for (int k = LQ - 1; k >= 0; k--) begin
      if (from_head[k]) oldest = LQB'(k);
    end
    mo_valid_o   = mo_match != '0;
    mo_rob_idx_o = lq_rob_q[LQB'(lq_head_q + oldest)*RB +: RB];
  end

  // The oldest loads' addresses, for TEA's data addresses.
  always_comb begin
    for (int l = 0; l < W; l++) lq_commit_vaddr_o[l*64 +: 64] = lq_vaddr_q[lq_head_q + LQB'(l)];
  end

  // ------------------------------------------------------- device loads
  // The oldest instruction is a device load.
  always_comb begin
    io_ld_valid_o = 1'b0;
    io_ld_idx_o   = lq_head_q;
    for (int k = LQ - 1; k >= 0; k--) begin
      logic [LQB-1:0] i;
      i = lq_head_q + LQB'(k);
      if (lq_valid[i] && lq_state_q[i*3 +: 3] == L_IO &&
          lq_rob_q[i*RB +: RB] == rob_head_idx_i) begin
        io_ld_valid_o = 1'b1;
        io_ld_idx_o   = i;
      end
    end
  end

  assign io_ld_size_o  = lq_size_q[io_ld_idx_o*2 +: 2];
  assign io_ld_ext_o   = lq_ext_q[io_ld_idx_o*2 +: 2];
  assign io_ld_vaddr_o = lq_vaddr_q[io_ld_idx_o];
  assign io_ld_paddr_o = lq_paddr_q[io_ld_idx_o];
  assign io_ld_pdst_o  = lq_pdst_q[io_ld_idx_o*PB +: PB];
  assign io_ld_rob_o   = lq_rob_q[io_ld_idx_o*RB +: RB];
  assign io_ld_tlb_o   = lq_tlb_q[io_ld_idx_o];

  // ------------------------------------------------------- completion
  logic [LQB-1:0] rsp_idx;
  assign rsp_idx    = dc_ld_resp_tag_i;
  assign resp_live  = dc_ld_resp_valid_i && !flush_i && lq_valid[rsp_idx] &&
                      lq_state_q[rsp_idx*3 +: 3] == L_MEM;
  assign port0_busy = resp_live || ser_done_i;
  assign ser_ack_o  = ser_done_i && !resp_live;

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
      c0_data_d  = lsu_extend(dc_ld_resp_data_i >> {lq_paddr_q[rsp_idx][2:0], 3'b000},
                              lq_size_q[rsp_idx*2 +: 2], lq_ext_q[rsp_idx*2 +: 2]);
      c0_psv_d.st_tlb = lq_tlb_q[rsp_idx];
      c0_psv_d.st_l1  = dc_ld_resp_miss_i;
      c0_psv_d.st_llc = dc_ld_resp_llc_miss_i;
    end else if (ser_ack_o) begin
      c0_valid_d = 1'b1;
      c0_xcpt_d  = ser_xcpt_i;
      c0_rob_d   = ser_rob_idx_i;
      c0_cause_d = ser_cause_i;
      c0_tval_d  = ser_vaddr_i;
      c0_pdst_d  = ser_pdst_i;
      c0_data_d  = ser_data_i;
      c0_psv_d.st_tlb = ser_tlb_i;
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

  assign wb_valid_o    = c0_valid_q && !c0_xcpt_q && c0_wb_q;
  assign wb_pdst_o     = c0_pdst_q;
  assign wb_data_o     = c0_data_q;
  assign cpl_valid_o   = c0_valid_q;
  assign cpl_rob_idx_o = c0_rob_q;
  assign cpl_xcpt_o    = c0_xcpt_q;
  assign cpl_cause_o   = c0_cause_q;
  assign cpl_tval_o    = c0_tval_q;
  assign cpl_psv_o     = c0_psv_q;

  // ------------------------------------------------------- next state
  always_comb begin
    logic [LQB:0] nl;
    lq_state_d   = lq_state_q;
    lq_rob_d     = lq_rob_q;
    lq_older_d   = lq_older_q;
    lq_size_d    = lq_size_q;
    lq_ext_d     = lq_ext_q;
    lq_pdst_d    = lq_pdst_q;
    lq_exec_d    = lq_exec_q;
    lq_fwd_d     = lq_fwd_q;
    lq_fwd_idx_d = lq_fwd_idx_q;
    lq_wait_d    = lq_wait_q;
    lq_tlb_d     = lq_tlb_q;
    lq_pf_d      = lq_pf_q;

    // entries taken at dispatch
    nl = '0;
    for (int l = 0; l < W; l++) nl = nl + (LQB + 1)'(disp_ld[l]);

    for (int i = 0; i < LQ; i++) begin
      // issue writes the operands; the pipe may handle it in the same cycle
      if (ld_issue_fire && ld_issue_lq_idx_i == LQB'(i)) begin
        lq_state_d[i*3 +: 3]  = L_ADDR;
        lq_size_d[i*2 +: 2]   = lsu_from_size(ld_issue_size_i);
        lq_ext_d[i*2 +: 2]    = ld_issue_ext_i;
        lq_pdst_d[i*PB +: PB] = ld_issue_pdst_i;
        lq_pf_d[i]            = ld_issue_prefetch_i;
      end
      // the parked load may go again once its store has left
      if (lq_valid[i] && lq_state_q[i*3 +: 3] == L_WAIT &&
          !older_bit(lq_older_q[i*SQ +: SQ], lq_wait_q[i*SQB +: SQB]))
        lq_state_d[i*3 +: 3] = L_ADDR;
      if (ldp_valid && ldp_idx == LQB'(i)) begin
        if (ldp_tlb_miss) lq_tlb_d[i] = 1'b1;
        if (!ldp_retry) begin
          lq_state_d[i*3 +: 3] = ldp_pf ? L_DONE : ldp_io ? L_IO : ldp_wait ? L_WAIT :
                                 ldp_mem ? L_MEM : L_DONE;
          lq_exec_d[i]             = (ldp_fwd || ldp_mem) && !ldp_pf;
          lq_fwd_d[i]              = ldp_fwd;
          lq_fwd_idx_d[i*SQB +: SQB] = fwd_idx_i;
          lq_wait_d[i*SQB +: SQB]    = fwd_idx_i;
        end
      end
      if (resp_live && rsp_idx == LQB'(i)) lq_state_d[i*3 +: 3] = L_DONE;
      if (io_ld_take_i && io_ld_idx_o == LQB'(i)) lq_state_d[i*3 +: 3] = L_IOB;
      if (ser_ack_o && ser_ld_i && ser_lq_idx_i == LQB'(i)) lq_state_d[i*3 +: 3] = L_DONE;
      // allocation last: it overrides what happened to a flushed load
      for (int l = 0; l < W; l++) begin
        if (disp_ld[l] && disp_lq_idx_o[l*LQB +: LQB] == LQB'(i)) begin
          lq_state_d[i*3 +: 3]   = L_IDLE;
          lq_rob_d[i*RB +: RB]   = disp_rob_idx_i[l*RB +: RB];
          lq_older_d[i*SQ +: SQ] = disp_older_i[l*SQ +: SQ];
          lq_exec_d[i] = 1'b0;
          lq_fwd_d[i]  = 1'b0;
          lq_tlb_d[i]  = 1'b0;
        end
      end
      // a store leaving the SQ is no longer older than anyone
      if (drain_pop_i) begin
        lq_older_d[i*SQ +: SQ] = lq_older_d[i*SQ +: SQ] & ~(SQ'(1) << sq_head_i);
        if (lq_fwd_idx_d[i*SQB +: SQB] == sq_head_i) lq_fwd_d[i] = 1'b0;
      end
    end

    // pointers: commits first, then the flush
    lq_head_d  = lq_head_q + LQB'(commit_loads_i);
    lq_count_d = lq_count_q - (LQB + 1)'(commit_loads_i) + nl;
    lq_tail_d  = lq_tail_q + LQB'(nl);
    if (flush_i) begin
      lq_tail_d  = lq_head_d;
      lq_count_d = '0;
    end
  end

  // ------------------------------------------------------- registers
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      lq_head_q  <= '0;
      lq_tail_q  <= '0;
      lq_count_q <= '0;
      lq_state_q <= '0;
      c0_valid_q <= 1'b0;
    end else begin
      lq_head_q  <= lq_head_d;
      lq_tail_q  <= lq_tail_d;
      lq_count_q <= lq_count_d;
      lq_state_q <= lq_state_d;
      c0_valid_q <= c0_valid_d;
    end
  end

  // Payload: the state fields above say which of it is meaningful. The
  // word arrays have one write port each: issue writes the virtual
  // address, the pipe the physical address it translated.
  always_ff @(posedge clk_i) begin
    if (ld_issue_fire) lq_vaddr_q[ld_issue_lq_idx_i] <= ld_issue_base_i + ld_issue_imm_i;
    if (ldp_valid) lq_paddr_q[ldp_idx] <= dtlb_paddr_i;
    lq_rob_q     <= lq_rob_d;
    lq_older_q   <= lq_older_d;
    lq_size_q    <= lq_size_d;
    lq_ext_q     <= lq_ext_d;
    lq_pdst_q    <= lq_pdst_d;
    lq_exec_q    <= lq_exec_d;
    lq_fwd_q     <= lq_fwd_d;
    lq_fwd_idx_q <= lq_fwd_idx_d;
    lq_wait_q    <= lq_wait_d;
    lq_tlb_q     <= lq_tlb_d;
    lq_pf_q      <= lq_pf_d;
    c0_xcpt_q    <= c0_xcpt_d;
    c0_rob_q     <= c0_rob_d;
    c0_cause_q   <= c0_cause_d;
    c0_tval_q    <= c0_tval_d;
    c0_data_q    <= c0_data_d;
    c0_pdst_q    <= c0_pdst_d;
    c0_wb_q      <= c0_wb_d;
    c0_psv_q     <= c0_psv_d;
  end
endmodule
