// Branch predictor of the front end: a tagged direct-mapped BTB, a gshare
// table of 2-bit counters, with TAGE's tagged tables over them where TAGE
// is on (tage.sv), and a return-address stack.
//
// Prediction is combinational on the fetch pc and covers one fetch block of
// FETCH_BYTES: every 2-byte slot from the fetch pc's offset to the end of the
// block is looked up, and the first slot predicted taken ends the block.
// The BTB is indexed by instruction pc (pc[IDX:1]), so the SLOTS entries of
// one block sit in SLOTS different banks, one bank per slot, each read once
// a cycle. The gshare index keeps the slot bits of the pc and XORs the
// global history into the block bits above them, so it is banked the same
// way.
//
// History: a fetch that contains a conditional branch known to the BTB at
// or before its predicted-taken slot shifts in one bit, 1 when it ends on a
// taken conditional branch. A prediction the front end finds on a plain
// instruction (pred_confirm_i low: the BTB entry is another code's) is
// dropped: the fetch goes on as if nothing were predicted taken. The speculative update (history, RAS push on a
// call, pop on a return) happens when fetch_fire_i says the block was used.
// Every instruction carries ckpt_o of its fetch; a mispredict at resolution
// restores that checkpoint and applies the resolved instruction (its
// history bit, its push or pop); a flush at commit restores it unchanged.
// Counters and the BTB are trained at resolution; the BTB allocates on taken
// outcomes only, so a branch never taken costs no entry.
`include "frontend_types.svh"

module branch_predictor #(
  parameter int unsigned XLEN        = CFG_XLEN,
  parameter int unsigned FETCH_BYTES = CFG_FETCH_BYTES,
  parameter int unsigned BTB_ENTRIES = CFG_BTB_ENTRIES,
  parameter int unsigned BHT_ENTRIES = CFG_BHT_ENTRIES,
  parameter int unsigned RAS_ENTRIES = CFG_RAS_ENTRIES,
  parameter bit          TAGE        = CFG_TAGE != 0,
  localparam int unsigned SLOTS      = FETCH_BYTES / 2,
  localparam int unsigned SLOT_BITS  = $clog2(SLOTS)
) (
  input  logic                 clk_i,
  input  logic                 rst_ni,

  // Prediction for the block holding fetch_pc_i, from its offset onwards.
  input  logic [XLEN-1:0]      fetch_pc_i,
  input  logic                 fetch_fire_i,
  output logic                 pred_taken_o,
  output logic [SLOT_BITS-1:0] pred_slot_o,
  output logic [XLEN-1:0]      pred_target_o,
  output br_kind_e             pred_kind_o,
  input  logic                 pred_confirm_i,  // the slot holds a control-flow instruction
  output bp_ckpt_t             ckpt_o,

  // Resolution of a control-flow instruction.
  input  logic                 upd_valid_i,
  input  logic [XLEN-1:0]      upd_pc_i,
  input  logic                 upd_rvc_i,
  input  br_kind_e             upd_kind_i,
  input  logic                 upd_taken_i,
  input  logic [XLEN-1:0]      upd_target_i,
  input  logic                 upd_mispredict_i,
  input  bp_ckpt_t             upd_ckpt_i,

  // Flush at commit: the flushed instruction is fetched again.
  input  logic                 flush_i,
  input  bp_ckpt_t             flush_ckpt_i
);
  localparam int unsigned BTB_IDX_BITS = $clog2(BTB_ENTRIES);
  localparam int unsigned BTB_ROWS     = BTB_ENTRIES / SLOTS;
  localparam int unsigned BTB_ROW_BITS = BTB_IDX_BITS - SLOT_BITS;
  localparam int unsigned TAG_BITS     = XLEN - 1 - BTB_IDX_BITS;
  localparam int unsigned BHT_IDX_BITS = $clog2(BHT_ENTRIES);
  localparam int unsigned BHT_ROWS     = BHT_ENTRIES / SLOTS;
  localparam int unsigned GSHARE_BITS  = BHT_IDX_BITS - SLOT_BITS;
  localparam int unsigned HIST_BITS    = TAGE ? TAGE_HIST_BITS : GSHARE_BITS;
  localparam int unsigned RAS_PTR_BITS = $clog2(RAS_ENTRIES);

  if (XLEN != CFG_XLEN || HIST_BITS != FE_HIST_BITS ||
      RAS_PTR_BITS != FE_RAS_PTR_BITS) begin : g_ckpt_check
    $error("branch_predictor parameters disagree with bp_ckpt_t");
  end
  if (SLOTS < 2 || (1 << SLOT_BITS) != SLOTS ||
      (1 << BTB_IDX_BITS) != BTB_ENTRIES || BTB_ROWS < 2 ||
      (1 << BHT_IDX_BITS) != BHT_ENTRIES || BHT_ROWS < 2 ||
      (1 << RAS_PTR_BITS) != RAS_ENTRIES || RAS_ENTRIES < 2) begin : g_size_check
    $error("branch_predictor sizes must be powers of two, two rows at least");
  end

  logic [HIST_BITS-1:0]    ghist_q, ghist_d;
  logic [RAS_PTR_BITS-1:0] ras_ptr_q, ras_ptr_d;
  logic [XLEN-1:0]         ras_q [RAS_ENTRIES];
  logic [XLEN-1:0]         ras_d [RAS_ENTRIES];

  // Per-slot lookup results.
  logic [SLOTS-1:0]    slot_hit, slot_cond, slot_taken, slot_rvc;
  logic [SLOTS-1:0]    gshare_taken, dir_taken, upd_gshare_taken;
  logic [XLEN-1:0]     slot_target [SLOTS];
  br_kind_e            slot_kind [SLOTS];

  logic [SLOT_BITS-1:0]    start_slot;
  logic [BTB_ROW_BITS-1:0] fetch_btb_row;
  logic [TAG_BITS-1:0]     fetch_tag;
  logic [GSHARE_BITS-1:0]  fetch_bht_row;
  assign start_slot    = fetch_pc_i[SLOT_BITS:1];
  assign fetch_btb_row = fetch_pc_i[BTB_IDX_BITS:SLOT_BITS+1];
  assign fetch_tag     = fetch_pc_i[XLEN-1:BTB_IDX_BITS+1];
  assign fetch_bht_row = fetch_pc_i[BHT_IDX_BITS:SLOT_BITS+1] ^ ghist_q[GSHARE_BITS-1:0];

  // Slots before the fetch pc's offset are not on the path.
  logic [SLOTS-1:0] in_range;
  assign in_range = {SLOTS{1'b1}} << start_slot;

  logic [SLOT_BITS-1:0]    upd_slot;
  logic [BTB_ROW_BITS-1:0] upd_btb_row;
  logic [GSHARE_BITS-1:0]  upd_bht_row;
  logic                    upd_is_cond;
  assign upd_slot    = upd_pc_i[SLOT_BITS:1];
  assign upd_btb_row = upd_pc_i[BTB_IDX_BITS:SLOT_BITS+1];
  assign upd_bht_row = upd_pc_i[BHT_IDX_BITS:SLOT_BITS+1] ^ upd_ckpt_i.ghist[GSHARE_BITS-1:0];
  assign upd_is_cond = upd_kind_i == BR_KIND_BRANCH;

  for (genvar s = 0; s < SLOTS; s++) begin : g_bank
    logic [BTB_ROWS-1:0] btb_valid_q;
    logic [TAG_BITS-1:0] btb_tag_q [BTB_ROWS];
    logic [XLEN-1:0]     btb_target_q [BTB_ROWS];
    br_kind_e            btb_kind_q [BTB_ROWS];
    logic                btb_rvc_q [BTB_ROWS];
    logic [2*BHT_ROWS-1:0] bht_q; // 2-bit counter r at [2r+1:2r]
    logic                btb_write, bht_write;
    logic [1:0]          ctr, upd_ctr, upd_ctr_next;

    assign btb_write = upd_valid_i && upd_taken_i && upd_slot == SLOT_BITS'(s);
    assign bht_write = upd_valid_i && upd_is_cond && upd_slot == SLOT_BITS'(s);

    // Saturating 2-bit counter; [1] set means predict taken.
    assign upd_ctr = bht_q[2*upd_bht_row +: 2];
    always_comb begin
      upd_ctr_next = upd_ctr;
      if (upd_taken_i && upd_ctr != 2'b11)       upd_ctr_next = upd_ctr + 2'd1;
      else if (!upd_taken_i && upd_ctr != 2'b00) upd_ctr_next = upd_ctr - 2'd1;
    end

    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        btb_valid_q <= '0;
        // Weakly not taken, so one taken outcome is not yet enough.
        bht_q <= {BHT_ROWS{2'b01}};
      end else begin
        if (btb_write) btb_valid_q[upd_btb_row] <= 1'b1;
        if (bht_write) bht_q[2*upd_bht_row +: 2] <= upd_ctr_next;
      end
    end

    always_ff @(posedge clk_i) begin
      if (btb_write) begin
        btb_tag_q[upd_btb_row]    <= upd_pc_i[XLEN-1:BTB_IDX_BITS+1];
        btb_target_q[upd_btb_row] <= upd_target_i;
        btb_kind_q[upd_btb_row]   <= upd_kind_i;
        btb_rvc_q[upd_btb_row]    <= upd_rvc_i;
      end
    end

    // Only the direction bit of the counter matters for the prediction.
    logic unused_ctr_low;
    assign ctr                 = bht_q[2*fetch_bht_row +: 2];
    assign unused_ctr_low      = ctr[0];
    assign gshare_taken[s]     = ctr[1];
    assign upd_gshare_taken[s] = upd_ctr[1];
    assign slot_hit[s]      = in_range[s] && btb_valid_q[fetch_btb_row] &&
                              btb_tag_q[fetch_btb_row] == fetch_tag;
    assign slot_kind[s]     = btb_kind_q[fetch_btb_row];
    assign slot_target[s]   = btb_target_q[fetch_btb_row];
    assign slot_rvc[s]      = btb_rvc_q[fetch_btb_row];
    assign slot_cond[s]     = slot_hit[s] && slot_kind[s] == BR_KIND_BRANCH;
    assign slot_taken[s]    = slot_hit[s] && (slot_kind[s] != BR_KIND_BRANCH || dir_taken[s]);
  end

  // The direction of a conditional branch: TAGE over the gshare counters,
  // or the counters alone.
  if (TAGE) begin : g_tage
    tage #(.XLEN(XLEN), .SLOTS(SLOTS), .HIST_BITS(HIST_BITS)) u_tage (
      .clk_i, .rst_ni,
      .fetch_pc_i, .fetch_hist_i(ghist_q), .fetch_base_i(gshare_taken),
      .fetch_taken_o(dir_taken),
      .upd_valid_i(upd_valid_i && upd_is_cond), .upd_pc_i, .upd_hist_i(upd_ckpt_i.ghist),
      .upd_base_i(upd_gshare_taken[upd_slot]), .upd_taken_i);
  end else begin : g_gshare
    logic unused_upd_gshare;
    assign dir_taken         = gshare_taken;
    assign unused_upd_gshare = ^upd_gshare_taken;
  end

  // The first slot predicted taken, and whether a known conditional branch
  // lies at or before it (all of the block when none is taken).
  logic                 any_taken, taken, cond_seen;
  logic [SLOT_BITS-1:0] sel;
  always_comb begin
    any_taken = 1'b0;
    sel       = '0;
    for (int s = SLOTS - 1; s >= 0; s--) begin
      if (slot_taken[s]) begin
        any_taken = 1'b1;
        sel       = SLOT_BITS'(s);
      end
    end
  end
  // apart from the selection: the front end confirms from pred_slot_o
  always_comb begin
    taken     = any_taken && pred_confirm_i;
    cond_seen = 1'b0;
    for (int s = 0; s < SLOTS; s++) begin
      if (slot_cond[s] && (!taken || SLOT_BITS'(s) <= sel)) cond_seen = 1'b1;
    end
  end

  br_kind_e        sel_kind;
  logic [XLEN-1:0] sel_pc, sel_link;
  assign sel_kind = slot_kind[sel];
  assign sel_pc   = {fetch_pc_i[XLEN-1:SLOT_BITS+1], sel, 1'b0};
  assign sel_link = sel_pc + (slot_rvc[sel] ? XLEN'(2) : XLEN'(4));

  assign pred_taken_o  = any_taken;
  assign pred_slot_o   = sel;
  assign pred_kind_o   = sel_kind;
  assign pred_target_o = sel_kind == BR_KIND_RETURN ? ras_q[ras_ptr_q] : slot_target[sel];
  assign ckpt_o.ghist   = ghist_q;
  assign ckpt_o.ras_ptr = ras_ptr_q;
  assign ckpt_o.ras_top = ras_q[ras_ptr_q];

  logic [XLEN-1:0] upd_link;
  assign upd_link = upd_pc_i + (upd_rvc_i ? XLEN'(2) : XLEN'(4));

  // Speculative state: a flush at commit wins over a mispredict at
  // resolution, which wins over the (wrong-path) fetch of this cycle.
  always_comb begin
    ghist_d   = ghist_q;
    ras_ptr_d = ras_ptr_q;
    for (int i = 0; i < RAS_ENTRIES; i++) ras_d[i] = ras_q[i];
    if (flush_i) begin
      ghist_d                      = flush_ckpt_i.ghist;
      ras_ptr_d                    = flush_ckpt_i.ras_ptr;
      ras_d[flush_ckpt_i.ras_ptr]  = flush_ckpt_i.ras_top;
    end else if (upd_valid_i && upd_mispredict_i) begin
      ghist_d   = upd_is_cond ? {upd_ckpt_i.ghist[HIST_BITS-2:0], upd_taken_i}
                              : upd_ckpt_i.ghist;
      ras_ptr_d = upd_ckpt_i.ras_ptr;
      ras_d[upd_ckpt_i.ras_ptr] = upd_ckpt_i.ras_top;
      if (upd_kind_i == BR_KIND_CALL) begin
        ras_ptr_d        = upd_ckpt_i.ras_ptr + 1'b1;
        ras_d[ras_ptr_d] = upd_link;
      end else if (upd_kind_i == BR_KIND_RETURN) begin
        ras_ptr_d = upd_ckpt_i.ras_ptr - 1'b1;
      end
    end else if (fetch_fire_i) begin
      if (cond_seen) begin
        ghist_d = {ghist_q[HIST_BITS-2:0], taken && sel_kind == BR_KIND_BRANCH};
      end
      if (taken && sel_kind == BR_KIND_CALL) begin
        ras_ptr_d        = ras_ptr_q + 1'b1;
        ras_d[ras_ptr_d] = sel_link;
      end else if (taken && sel_kind == BR_KIND_RETURN) begin
        ras_ptr_d = ras_ptr_q - 1'b1;
      end
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      ghist_q   <= '0;
      ras_ptr_q <= '0;
      for (int i = 0; i < RAS_ENTRIES; i++) ras_q[i] <= '0;
    end else begin
      ghist_q   <= ghist_d;
      ras_ptr_q <= ras_ptr_d;
      for (int i = 0; i < RAS_ENTRIES; i++) ras_q[i] <= ras_d[i];
    end
  end

  logic unused_pc_bits;
  assign unused_pc_bits = ^{fetch_pc_i[0], upd_pc_i[0]};
endmodule
