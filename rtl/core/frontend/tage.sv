// TAGE direction predictor ("A case for (partially) TAgged GEometric
// history length branch prediction", JILP 2006): four
// tagged tables indexed with ever longer global histories over a base
// predictor (branch_predictor's gshare counters, whose direction comes in).
//
// Banked like the gshare table: every table has one bank per 2-byte slot of
// the fetch block, so the SLOTS predictions of a block read SLOTS banks at
// the same row. A slot's prediction comes from its provider, the hitting
// table of the longest history; a provider entry that is weak and not yet
// useful gives way to the alternate (the next hitting table, or the base).
//
// Update at resolution of a conditional branch, with the history of its
// fetch (the checkpoint): the tables are read again at its rows, so what
// the update sees is the tables' state now, not at the prediction. The
// provider's counter moves towards the outcome; its useful bits count
// whether it beat the alternate where they disagreed. When the provider
// was wrong, one entry of a longer table is taken (the first one whose
// useful bits are zero, sometimes the second, by an LFSR), and the longer
// tables' entries that were not free age by one: an entry that stops being
// useful is taken in the end, without a periodic reset of all of them.
`include "frontend_types.svh"

module tage #(
  parameter int unsigned XLEN      = CFG_XLEN,
  parameter int unsigned SLOTS     = FE_SLOTS,
  parameter int unsigned ROWS      = 128,   // per table and slot
  parameter int unsigned TAG_BITS  = 9,
  parameter int unsigned HIST_BITS = TAGE_HIST_BITS, // the longest table's
  localparam int unsigned TABLES    = 4,
  localparam int unsigned SLOT_BITS = $clog2(SLOTS),
  localparam int unsigned ROW_BITS  = $clog2(ROWS)
) (
  input  logic                 clk_i,
  input  logic                 rst_ni,

  input  logic [XLEN-1:0]      fetch_pc_i,
  input  logic [HIST_BITS-1:0] fetch_hist_i,
  input  logic [SLOTS-1:0]     fetch_base_i,   // the base predictor's direction per slot
  output logic [SLOTS-1:0]     fetch_taken_o,

  input  logic                 upd_valid_i,    // a conditional branch resolved
  input  logic [XLEN-1:0]      upd_pc_i,
  input  logic [HIST_BITS-1:0] upd_hist_i,
  input  logic                 upd_base_i,     // the base predictor's direction for it
  input  logic                 upd_taken_i
);
  if ((1 << SLOT_BITS) != SLOTS || (1 << ROW_BITS) != ROWS || ROW_BITS < 2 ||
      TAG_BITS < 4 || TAG_BITS > 16 || ROW_BITS > 16 || HIST_BITS < 29) begin : g_size_check
    $error("tage: SLOTS and ROWS powers of two, tags of 4 to 16 bits, history of 29 bits at least");
  end

  // History lengths, roughly geometric; the last table uses all of it.
  function automatic int unsigned hist_len(input int unsigned t);
    case (t)
      0:       hist_len = 5;
      1:       hist_len = 12;
      2:       hist_len = 28;
      default: hist_len = HIST_BITS;
    endcase
  endfunction

  // The first len bits of the history folded by XOR into w bits.
  function automatic logic [15:0] fold(input logic [HIST_BITS-1:0] h, input int unsigned len,
                                       input int unsigned w);
    fold = '0;
    for (int unsigned i = 0; i < HIST_BITS; i++) begin
      if (i < len) fold[i % w] = fold[i % w] ^ h[i];
    end
  endfunction

  // Only the low bits of the block address and of the folds are used.
  // verilator lint_off UNUSEDSIGNAL
  // A table's row and tag for a block address (pc above the slot bits) and
  // history. The tag folds the history twice, shifted, so that two
  // histories that fold to the same row rarely give the same tag.
  function automatic logic [ROW_BITS-1:0] row_of(input logic [XLEN-1:0] pc,
                                                  input logic [HIST_BITS-1:0] h,
                                                  input int unsigned t);
    logic [XLEN-1:0] blk;
    logic [15:0]     f;
    blk    = pc >> (SLOT_BITS + 1);
    f      = fold(h, hist_len(t), ROW_BITS);
    row_of = blk[ROW_BITS-1:0] ^ blk[2*ROW_BITS-1:ROW_BITS] ^ f[ROW_BITS-1:0];
  endfunction
  function automatic logic [TAG_BITS-1:0] tag_of(input logic [XLEN-1:0] pc,
                                                  input logic [HIST_BITS-1:0] h,
                                                  input int unsigned t);
    logic [XLEN-1:0] blk;
    logic [15:0]     f;
    blk    = pc >> (SLOT_BITS + 1);
    f      = fold(h, hist_len(t), TAG_BITS) ^ (fold(h, hist_len(t), TAG_BITS - 1) << 1);
    tag_of = blk[TAG_BITS-1:0] ^ f[TAG_BITS-1:0];
  endfunction
  // verilator lint_on UNUSEDSIGNAL

  // 3-bit counters: [2] set predicts taken; 3 and 4 are the weak values.
  function automatic logic is_weak(input logic [2:0] c);
    is_weak = c == 3'd3 || c == 3'd4;
  endfunction

  logic [SLOT_BITS-1:0] upd_slot;
  assign upd_slot = upd_pc_i[SLOT_BITS:1];

  logic [ROW_BITS-1:0] fetch_row [TABLES];
  logic [TAG_BITS-1:0] fetch_tag [TABLES];
  logic [ROW_BITS-1:0] upd_row [TABLES];
  logic [TAG_BITS-1:0] upd_tag [TABLES];
  for (genvar t = 0; t < TABLES; t++) begin : g_hash
    assign fetch_row[t] = row_of(fetch_pc_i, fetch_hist_i, t);
    assign fetch_tag[t] = tag_of(fetch_pc_i, fetch_hist_i, t);
    assign upd_row[t]   = row_of(upd_pc_i, upd_hist_i, t);
    assign upd_tag[t]   = tag_of(upd_pc_i, upd_hist_i, t);
  end

  // After reset the tables clear one row a cycle (all banks at once), so
  // that they can be LUT RAM: no flip-flop per entry for a reset. Updates
  // wait for it; predictions meanwhile read what the rows hold.
  logic [ROW_BITS:0] clear_q;   // rows cleared; ROWS when done
  logic              clearing;
  assign clearing = !clear_q[ROW_BITS];
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni)       clear_q <= '0;
    else if (clearing) clear_q <= clear_q + 1'b1;
  end

  // What every bank reads at the fetch rows and at the update rows, entry
  // s * TABLES + t for slot s's bank of table t.
  localparam int unsigned BANKS = SLOTS * TABLES;
  logic [BANKS-1:0] fetch_hit, bank_upd_hit, bank_upd_free;
  logic [2:0]       fetch_ctr [BANKS];
  logic [1:0]       fetch_u [BANKS];
  logic [2:0]       bank_upd_ctr [BANKS];
  logic [1:0]       bank_upd_u [BANKS];

  // The update's decisions, per table: one write a table a cycle.
  logic [TABLES-1:0] wr_ctr, wr_u, wr_alloc;
  logic [2:0]        new_ctr [TABLES];
  logic [1:0]        new_u [TABLES];

  for (genvar s = 0; s < SLOTS; s++) begin : g_bank
    for (genvar t = 0; t < TABLES; t++) begin : g_table
      localparam int unsigned B = s * TABLES + t;
      logic                valid_q [ROWS];
      logic [TAG_BITS-1:0] tag_q [ROWS];
      logic [2:0]          ctr_q [ROWS];
      logic [1:0]          u_q [ROWS];
      logic                mine;
      logic [ROW_BITS-1:0] wrow;     // the update's row, or the clearing's
      assign mine = upd_valid_i && upd_slot == SLOT_BITS'(s);
      assign wrow = clearing ? clear_q[ROW_BITS-1:0] : upd_row[t];

      assign fetch_hit[B]     = valid_q[fetch_row[t]] && tag_q[fetch_row[t]] == fetch_tag[t];
      assign fetch_ctr[B]     = ctr_q[fetch_row[t]];
      assign fetch_u[B]       = u_q[fetch_row[t]];
      assign bank_upd_hit[B]  = valid_q[wrow] && tag_q[wrow] == upd_tag[t];
      assign bank_upd_free[B] = !valid_q[wrow] || u_q[wrow] == 2'd0;
      assign bank_upd_ctr[B]  = ctr_q[wrow];
      assign bank_upd_u[B]    = u_q[wrow];

      always_ff @(posedge clk_i) begin
        if (clearing || (mine && wr_alloc[t])) begin
          valid_q[wrow] <= !clearing;
          tag_q[wrow]   <= clearing ? '0 : upd_tag[t];
        end
        if (clearing || (mine && (wr_ctr[t] || wr_alloc[t])))
          ctr_q[wrow] <= clearing ? '0 : new_ctr[t];
        if (clearing || (mine && (wr_u[t] || wr_alloc[t])))
          u_q[wrow] <= clearing ? '0 : new_u[t];
      end
    end
  end

  // Prediction, per slot: provider and alternate by history length.
  for (genvar s = 0; s < SLOTS; s++) begin : g_predict
    always_comb begin
      logic       found_prov, found_alt, alt_taken;
      logic [2:0] prov_ctr;
      logic [1:0] prov_u;
      found_prov = 1'b0;
      found_alt  = 1'b0;
      alt_taken  = fetch_base_i[s];
      prov_ctr   = '0;
      prov_u     = '0;
      for (int t = TABLES - 1; t >= 0; t--) begin
        if (fetch_hit[s*TABLES+t]) begin
          if (!found_prov) begin
            found_prov = 1'b1;
            prov_ctr   = fetch_ctr[s*TABLES+t];
            prov_u     = fetch_u[s*TABLES+t];
          end else if (!found_alt) begin
            found_alt = 1'b1;
            alt_taken = fetch_ctr[s*TABLES+t][2];
          end
        end
      end
      if (!found_prov)                         fetch_taken_o[s] = fetch_base_i[s];
      else if (is_weak(prov_ctr) && prov_u == '0) fetch_taken_o[s] = alt_taken;
      else                                     fetch_taken_o[s] = prov_ctr[2];
    end
  end

  // Update: the resolved slot's bank.
  logic [TABLES-1:0] upd_hit, upd_free;
  logic [2:0]        upd_ctr [TABLES];
  logic [1:0]        upd_u [TABLES];
  for (genvar t = 0; t < TABLES; t++) begin : g_upd_read
    assign upd_hit[t]  = bank_upd_hit[upd_slot*TABLES+t];
    assign upd_free[t] = bank_upd_free[upd_slot*TABLES+t];
    assign upd_ctr[t]  = bank_upd_ctr[upd_slot*TABLES+t];
    assign upd_u[t]    = bank_upd_u[upd_slot*TABLES+t];
  end

  // Tables above the provider (all of them when the base provided) may
  // take the entry; the provider's own counter and useful bits move.
  logic [15:0] lfsr_q;
  always_comb begin
    logic              found_prov, found_alt, alt_taken, prov_taken;
    logic [TABLES-1:0] above, free_above, second;
    found_prov = 1'b0;
    found_alt  = 1'b0;
    alt_taken  = upd_base_i;
    prov_taken = upd_base_i;
    above      = '0;
    wr_ctr     = '0;
    wr_u       = '0;
    wr_alloc   = '0;
    for (int t = 0; t < TABLES; t++) begin
      new_ctr[t] = upd_ctr[t];
      new_u[t]   = upd_u[t];
    end
    for (int t = TABLES - 1; t >= 0; t--) begin
      if (upd_hit[t]) begin
        if (!found_prov) begin
          found_prov = 1'b1;
          prov_taken = upd_ctr[t][2];
          wr_ctr[t]  = 1'b1;
        end else if (!found_alt) begin
          found_alt = 1'b1;
          alt_taken = upd_ctr[t][2];
        end
      end
      if (!found_prov) above[t] = 1'b1;
    end
    for (int t = 0; t < TABLES; t++) begin
      if (wr_ctr[t]) begin
        if (upd_taken_i && upd_ctr[t] != 3'd7)       new_ctr[t] = upd_ctr[t] + 3'd1;
        else if (!upd_taken_i && upd_ctr[t] != 3'd0) new_ctr[t] = upd_ctr[t] - 3'd1;
        if (prov_taken != alt_taken) begin
          wr_u[t] = 1'b1;
          if (prov_taken == upd_taken_i && upd_u[t] != 2'd3)      new_u[t] = upd_u[t] + 2'd1;
          else if (prov_taken != upd_taken_i && upd_u[t] != 2'd0) new_u[t] = upd_u[t] - 2'd1;
        end
      end
    end
    // The first free table above the provider, or the second one.
    free_above = above & upd_free;
    second     = free_above & (free_above - 1'b1);
    if (prov_taken != upd_taken_i) begin
      if (free_above != '0) begin
        wr_alloc = (second != '0 && lfsr_q[1:0] == 2'b00) ? second & -second
                                                           : free_above & -free_above;
      end
      for (int t = 0; t < TABLES; t++) begin
        if (wr_alloc[t]) begin
          new_ctr[t] = upd_taken_i ? 3'd4 : 3'd3;
          new_u[t]   = 2'd0;
        end else if (above[t] && !upd_free[t]) begin
          wr_u[t]  = 1'b1;
          new_u[t] = upd_u[t] - 2'd1;
        end
      end
    end
  end

  // Advances once per resolved branch.
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni)          lfsr_q <= 16'h1;
    else if (upd_valid_i) lfsr_q <= {1'b0, lfsr_q[15:1]} ^ (lfsr_q[0] ? 16'hb400 : 16'h0);
  end
endmodule
