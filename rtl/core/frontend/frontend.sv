// The front end: pc generation, I-TLB lookup (through a port), the I-cache,
// the branch predictor, fetch alignment and the fetch buffer.
//
// One fetch stage: in the cycle a block's pc is in pc_gen, the I-TLB
// answers for it, the I-cache compares tags (its arrays were read with the
// pc in the cycle before), the predictor predicts, fetch_align cuts the
// block (up to FETCH_LANES instructions, more than the W that decode takes,
// so that the buffer fills ahead of dispatch) and the fetch buffer takes the
// packet. A hit therefore delivers a block per cycle; anything else (TLB
// walk, I-cache refill, full fetch buffer) holds the pc until it can.
//
// Events: a TLB miss or an I-cache refill of the current fetch leaves
// dr_tlb / dr_l1 pending; the next packet enqueued carries them (on its
// first instruction, fetch_buffer's job). Faults: a TLB page or access
// fault, a physical address that is not cacheable, or a bus error on the
// refill make one entry with fault set, at the pc of the block, or at the
// pc of a 32-bit instruction whose first half ended the previous block
// (the entry's fault_hi). Fetch then stops until a redirect or flush.
//
// The predictor's speculative update (fetch_fire_i) happens when fetch_align
// finishes a block, not when it stops early for lack of lanes: the rest of
// the block is looked up again, and its instructions get the same
// checkpoint as the first part's.
//
// A 32-bit instruction straddling two blocks is predicted, and its outcome
// shifted into the history, with the first block; it keeps that block's
// checkpoint (carry_ckpt_q), so that it is trained at the history it was
// read with. The second block is looked up from its second slot (the first
// holds the straddler's upper half), and when the straddler is predicted
// taken that block only completes it: the predictor does not update.
//
// A prediction stands only when the half-word at the predicted slot starts
// a control-flow instruction (predecode of the block, in the same cycle).
// The BTB is a hint keyed by address: code can change under it (another
// process at the same virtual address, code rewritten and fenced), and a
// plain instruction predicted taken would be followed by the wrong path
// with nothing left to check it, since only control-flow instructions are
// resolved.
`include "frontend_types.svh"
`include "mem_types.svh"

module frontend #(
  parameter logic [63:0]  RESET_PC    = 64'h1000,
  parameter int unsigned  W           = CFG_W,
  parameter int unsigned  FETCH_BYTES = CFG_FETCH_BYTES,
  parameter int unsigned  FB_ENTRIES  = CFG_FB_ENTRIES,
  parameter int unsigned  L1I_KIB     = CFG_L1I_KIB,
  parameter int unsigned  L1_WAYS     = CFG_L1_WAYS,
  parameter int unsigned  LINE_BYTES  = CFG_LINE_BYTES,
  parameter int unsigned  BTB_ENTRIES = CFG_BTB_ENTRIES,
  parameter int unsigned  BHT_ENTRIES = CFG_BHT_ENTRIES,
  parameter int unsigned  RAS_ENTRIES = CFG_RAS_ENTRIES,
  parameter int unsigned  FETCH_LANES = CFG_FETCH_LANES,
  localparam int unsigned LANE_BITS   = $clog2(W + 1),
  localparam int unsigned FL_BITS     = $clog2(FETCH_LANES + 1)
) (
  input  logic                          clk_i,
  input  logic                          rst_ni,

  // Fetch buffer dequeue: up to W entries, oldest in lane 0.
  output logic [W-1:0]                  fb_valid_o,
  output logic [W*FETCH_ENTRY_BITS-1:0] fb_entry_o,
  input  logic [LANE_BITS-1:0]          fb_deq_count_i,

  // Redirect at branch resolution, and the predictor update.
  input  logic                          redirect_i,
  input  logic [63:0]                   redirect_pc_i,
  input  logic                          upd_valid_i,
  input  logic [63:0]                   upd_pc_i,
  input  logic                          upd_rvc_i,
  input  br_kind_e                      upd_kind_i,
  input  logic                          upd_taken_i,
  input  logic [63:0]                   upd_target_i,
  input  logic                          upd_mispredict_i,
  input  bp_ckpt_t                      upd_ckpt_i,

  // Flush at commit; wins over a redirect.
  input  logic                          flush_i,
  input  logic [63:0]                   flush_pc_i,
  input  bp_ckpt_t                      flush_ckpt_i,
  input  logic                          icache_inval_i,

  // I-TLB lookup, answered combinationally.
  output logic                          itlb_valid_o,
  output logic [63:0]                   itlb_vaddr_o,
  input  logic                          itlb_hit_i,
  input  logic [PADDR_BITS-1:0]         itlb_paddr_i,
  input  logic                          itlb_page_fault_i,
  input  logic                          itlb_access_fault_i,
  input  logic                          itlb_miss_i,

  // Line port to the LLC, reads only.
  output logic                          lreq_valid_o,
  input  logic                          lreq_ready_i,
  output logic [PADDR_BITS-1:0]         lreq_addr_o,
  output logic                          lreq_write_o,
  output logic [LINE_BITS-1:0]          lreq_data_o,
  output logic [LP_ID_BITS-1:0]         lreq_id_o,
  input  logic                          lresp_valid_i,
  input  logic [LP_ID_BITS-1:0]         lresp_id_i,
  input  logic [LINE_BITS-1:0]          lresp_data_i,
  input  logic                          lresp_error_i,
  input  logic                          lresp_llc_miss_i,

  // Performance events, one-cycle pulses.
  output logic                          ev_icache_miss_o
`ifdef TEA_TRACE
  ,
  // Trace port (simulation only): instructions entering the fetch buffer
  // this cycle, and whether it is emptied at the end of the cycle.
  output logic [FL_BITS-1:0]            trace_fb_enq_o,
  output logic                          trace_fb_flush_o
`endif
);
  localparam int unsigned XLEN      = 64;
  localparam int unsigned EW        = FETCH_ENTRY_BITS;
  localparam int unsigned SLOT_BITS = $clog2(FETCH_BYTES / 2);
  localparam int unsigned BLK_BITS  = $clog2(FETCH_BYTES);

  logic kill;
  assign kill = flush_i || redirect_i;

  // Whether a half-word starts a control-flow instruction: JAL, JALR or a
  // conditional branch; C.J, C.BEQZ, C.BNEZ, C.JR or C.JALR (RV64 has no
  // C.JAL). Bit 12 tells C.JR from C.JALR: both count.
  // verilator lint_off UNUSEDSIGNAL
  function automatic logic is_cti(input logic [15:0] h);
    if (h[1:0] == 2'b11)
      is_cti = h[6:0] == 7'b1101111 || h[6:0] == 7'b1100111 || h[6:0] == 7'b1100011;
    else if (h[1:0] == 2'b01)
      is_cti = h[15:13] == 3'b101 || h[15:13] == 3'b110 || h[15:13] == 3'b111;
    else
      is_cti = h[1:0] == 2'b10 && h[15:13] == 3'b100 && h[11:7] != 5'd0 && h[6:2] == 5'd0;
  endfunction
  // verilator lint_on UNUSEDSIGNAL

  // ---------------------------------------------------------------- pc
  logic [XLEN-1:0] pc, npc, align_next_pc;
  logic            fire;

  pc_gen #(.XLEN(XLEN), .RESET_PC(RESET_PC)) u_pc_gen (
    .clk_i, .rst_ni,
    .flush_i, .flush_pc_i,
    .redirect_i, .redirect_pc_i,
    .advance_i(fire), .next_pc_i(align_next_pc),
    .pc_o(pc), .npc_o(npc));

  // ---------------------------------------------------------------- state
  logic            stopped_q;    // a fault entry went out: wait for a redirect
  logic            acc_fault_q;  // the refill of this block failed
  logic            miss_mine_q;  // the refill in flight is this block's
  logic            dr_tlb_q, dr_l1_q;
  logic            carry_q;      // fetch_align holds the first half at carry_pc_q
  logic [XLEN-1:0] carry_pc_q;
  bp_ckpt_t        carry_ckpt_q; // the checkpoint of the block it started in
  logic            carry_used;   // this block completes it
  bp_ckpt_t        first_ckpt;   // of the block's first entry: the straddler's own
  assign carry_used = carry_q && pc == carry_pc_q + XLEN'(2);

  // ---------------------------------------------------------------- I-TLB
  logic tlb_ok, tlb_fault;
  assign itlb_valid_o = !stopped_q && !acc_fault_q;
  assign itlb_vaddr_o = pc;
  assign tlb_fault    = itlb_valid_o && itlb_hit_i &&
                        (itlb_page_fault_i || itlb_access_fault_i ||
                         !pma_cacheable(itlb_paddr_i));
  assign tlb_ok       = itlb_valid_o && itlb_hit_i && !tlb_fault;

  // ---------------------------------------------------------------- I-cache
  logic                     ic_hit, ic_miss, ic_done, ic_error;
  logic [8*FETCH_BYTES-1:0] ic_block;

  icache #(
    .XLEN(XLEN), .KIB(L1I_KIB), .WAYS(L1_WAYS), .LINE_BYTES(LINE_BYTES),
    .FETCH_BYTES(FETCH_BYTES)
  ) u_icache (
    .clk_i, .rst_ni,
    .inval_i(icache_inval_i),
    .next_vaddr_i(npc),
    .lookup_i(tlb_ok && !kill),
    .vaddr_i(pc),
    .paddr_i(itlb_paddr_i),
    .hit_o(ic_hit),
    .block_o(ic_block),
    .miss_o(ic_miss),
    .refill_done_o(ic_done),
    .refill_error_o(ic_error),
    .lreq_valid_o, .lreq_ready_i, .lreq_addr_o,
    .lresp_valid_i, .lresp_id_i, .lresp_data_i, .lresp_error_i);

  assign lreq_write_o     = 1'b0;
  assign lreq_data_o      = '0;
  assign lreq_id_o        = '0;
  assign ev_icache_miss_o = ic_miss;

  // ---------------------------------------------------------------- predictor
  logic                 bp_taken, bp_fire, bp_cti;
  logic [SLOT_BITS-1:0] bp_slot;
  logic [XLEN-1:0]      bp_target;
  br_kind_e             bp_kind;
  bp_ckpt_t             bp_ckpt;
  logic [XLEN-1:0]      bp_pc;

  // A block that completes a straddler starts at offset 0: skip that slot.
  assign bp_pc      = {pc[XLEN-1:2], pc[1] | carry_used, pc[0]};
  assign first_ckpt = carry_used ? carry_ckpt_q : bp_ckpt;

  branch_predictor #(
    .XLEN(XLEN), .FETCH_BYTES(FETCH_BYTES), .BTB_ENTRIES(BTB_ENTRIES),
    .BHT_ENTRIES(BHT_ENTRIES), .RAS_ENTRIES(RAS_ENTRIES)
  ) u_bp (
    .clk_i, .rst_ni,
    .fetch_pc_i(bp_pc), .fetch_fire_i(bp_fire),
    .pred_taken_o(bp_taken), .pred_slot_o(bp_slot), .pred_target_o(bp_target),
    .pred_kind_o(bp_kind), .pred_confirm_i(bp_cti), .ckpt_o(bp_ckpt),
    .upd_valid_i, .upd_pc_i, .upd_rvc_i, .upd_kind_i, .upd_taken_i, .upd_target_i,
    .upd_mispredict_i, .upd_ckpt_i,
    .flush_i, .flush_ckpt_i);

  assign bp_cti = is_cti(ic_block[16*bp_slot +: 16]);

  // ---------------------------------------------------------------- align
  logic                        fb_ready;
  logic [FETCH_LANES-1:0]      al_valid, al_rvc, al_taken;
  logic [FETCH_LANES*XLEN-1:0] al_pc, al_npc;
  logic [FETCH_LANES*32-1:0]   al_bits;

  fetch_align #(.XLEN(XLEN), .FETCH_BYTES(FETCH_BYTES), .W(FETCH_LANES)) u_align (
    .clk_i, .rst_ni,
    .flush_i(kill),
    .valid_i(ic_hit),
    .pc_i(pc),
    .block_i(ic_block),
    .pred_taken_i(bp_taken && bp_cti), .pred_slot_i(bp_slot), .pred_target_i(bp_target),
    .accept_i(fb_ready),
    .instr_valid_o(al_valid), .instr_pc_o(al_pc), .instr_bits_o(al_bits),
    .instr_rvc_o(al_rvc), .instr_taken_o(al_taken), .instr_npc_o(al_npc),
    .next_pc_o(align_next_pc));

  assign fire = ic_hit && fb_ready && !kill;

  // What fetch_align did with the block: the last lane out, whether it
  // stopped early for lack of lanes (next pc in the same block, not
  // predicted), and whether it kept a 32-bit first half from the last slot.
  logic [XLEN-1:0] last_end, blk_end;
  logic            last_taken, any_valid, split, carry_d;
  always_comb begin
    last_end   = pc;
    last_taken = 1'b0;
    for (int l = 0; l < FETCH_LANES; l++) begin
      if (al_valid[l]) begin
        last_end   = al_pc[l*XLEN +: XLEN] + (al_rvc[l] ? XLEN'(2) : XLEN'(4));
        last_taken = al_taken[l];
      end
    end
  end
  assign any_valid = al_valid != '0;
  assign blk_end   = {pc[XLEN-1:BLK_BITS], {BLK_BITS{1'b0}}} + XLEN'(FETCH_BYTES);
  assign split     = !last_taken &&
                     align_next_pc[XLEN-1:BLK_BITS] == pc[XLEN-1:BLK_BITS];
  assign carry_d   = !last_taken && align_next_pc == blk_end &&
                     last_end == blk_end - XLEN'(2);
  assign bp_fire   = fire && !split && !(carry_used && al_taken[0]);

  // ---------------------------------------------------------------- faults
  logic            fault_now, fault_enq, pkt_enq;
  logic [XLEN-1:0] fault_pc;
  assign fault_now = !stopped_q && (acc_fault_q || tlb_fault);
  assign fault_pc  = carry_used ? carry_pc_q : pc;
  assign fault_enq = fault_now && fb_ready && !kill;
  assign pkt_enq   = (fire && any_valid) || fault_enq;

  // ---------------------------------------------------------------- fetch buffer
  logic [FL_BITS-1:0]        enq_count;
  logic [FETCH_LANES*EW-1:0] enq;
  fe_psv_t                   enq_psv;

  fetch_entry_t e;
  always_comb begin
    enq_count = '0;
    enq       = '0;
    for (int l = 0; l < FETCH_LANES; l++) begin
      e          = '0;
      e.pc       = al_pc[l*XLEN +: XLEN];
      e.bits     = al_bits[l*32 +: 32];
      e.rvc      = al_rvc[l];
      e.pred_npc = al_npc[l*XLEN +: XLEN];
      e.ckpt     = l == 0 ? first_ckpt : bp_ckpt;
      enq[l*EW +: EW] = e;
      if (al_valid[l] && fire) enq_count = FL_BITS'(l + 1);
    end
    if (fault_now) begin
      e            = '0;
      e.pc         = fault_pc;
      e.pred_npc   = fault_pc;
      e.ckpt       = first_ckpt;
      e.fault      = 1'b1;
      e.fault_page = !acc_fault_q && itlb_page_fault_i;
      e.fault_hi   = carry_used;
      enq[0 +: EW] = e;
      enq_count    = FL_BITS'(1);
    end
  end
  assign enq_psv.dr_l1  = CFG_TEA != 0 && dr_l1_q;
  assign enq_psv.dr_tlb = CFG_TEA != 0 && dr_tlb_q;

  fetch_buffer #(.ENTRIES(FB_ENTRIES), .W(W), .ENQ_W(FETCH_LANES)) u_fb (
    .clk_i, .rst_ni,
    .flush_i(kill),
    .enq_count_i(enq_count), .enq_i(enq), .enq_psv_i(enq_psv), .enq_ready_o(fb_ready),
    .deq_valid_o(fb_valid_o), .deq_o(fb_entry_o), .deq_count_i(fb_deq_count_i));
`ifdef TEA_TRACE
  // as the fetch buffer takes them (enq_ready_o, flush_i)
  assign trace_fb_enq_o   = fb_ready && !kill ? enq_count : '0;
  assign trace_fb_flush_o = kill;
`endif

  // ---------------------------------------------------------------- state update
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      stopped_q   <= 1'b0;
      acc_fault_q <= 1'b0;
      miss_mine_q <= 1'b0;
      dr_tlb_q    <= 1'b0;
      dr_l1_q     <= 1'b0;
      carry_q     <= 1'b0;
    end else begin
      if (kill) begin
        stopped_q   <= 1'b0;
        acc_fault_q <= 1'b0;
        miss_mine_q <= 1'b0;
        dr_tlb_q    <= 1'b0;
        dr_l1_q     <= 1'b0;
        carry_q     <= 1'b0;
      end else begin
        if (fault_enq) begin
          stopped_q   <= 1'b1;
          acc_fault_q <= 1'b0;
        end else if (ic_done && ic_error && miss_mine_q) begin
          acc_fault_q <= 1'b1;
        end
        if (ic_miss) miss_mine_q <= 1'b1;
        else if (ic_done) miss_mine_q <= 1'b0;
        // A packet takes the pending events; new ones wait for the next.
        if (pkt_enq) begin
          dr_tlb_q <= 1'b0;
          dr_l1_q  <= 1'b0;
        end else begin
          if (itlb_valid_o && itlb_miss_i) dr_tlb_q <= 1'b1;
          if (ic_done && miss_mine_q) dr_l1_q <= 1'b1;
        end
        if (fire) carry_q <= carry_d;
      end
    end
  end

  always_ff @(posedge clk_i) begin
    if (fire && carry_d) begin
      carry_pc_q   <= last_end;
      carry_ckpt_q <= bp_ckpt;
    end
  end

  logic unused;
  assign unused = ^{lresp_llc_miss_i, bp_kind};
endmodule
