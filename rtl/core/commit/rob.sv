`include "core_types.svh"
`include "tea_events.svh"

// Reorder buffer: a circular buffer of ENTRIES (any size, not only powers
// of two), W-wide allocate at the tail and W-wide commit at the head.
// Each entry holds what commit needs: done, the exception (cause, tval),
// the PSV, the mispredict and replay marks and an opaque payload.
//
// The head outputs show the state at the start of the cycle: a completion
// or mark in cycle t is visible at the head in cycle t + 1. alloc_idx_o is
// combinational from the tail. flush_i empties the buffer after this
// cycle's commits (head and tail meet where the commits left the head);
// allocation is ignored in a flush cycle. The caller allocates at most
// free_o lanes and commits at most the valid head lanes.
//
// PSV bits the ROB sets itself: FL-MB with a mispredict mark, FL-MO with a
// replay mark, FL-EX whenever an exception is recorded (at allocation or
// completion).
module rob #(
  parameter int unsigned ENTRIES      = CFG_ROB_ENTRIES,
  parameter int unsigned W            = CFG_W,
  parameter int unsigned PAYLOAD_BITS = 8,
  parameter int unsigned CPL_PORTS    = 4,
  localparam int unsigned IDX         = $clog2(ENTRIES),  // ROB_IDX_BITS for CFG_ROB_ENTRIES
  localparam int unsigned LANE_BITS   = $clog2(W + 1)
) (
  input  logic                            clk_i,
  input  logic                            rst_ni,
  input  logic                            flush_i,

  input  logic [W-1:0]                    alloc_valid_i,    // a prefix, in program order
  input  logic [W*PAYLOAD_BITS-1:0]       alloc_payload_i,
  input  logic [W*PSV_BITS-1:0]           alloc_psv_i,
  input  logic [W-1:0]                    alloc_done_i,
  input  logic [W-1:0]                    alloc_xcpt_i,
  input  logic [W*4-1:0]                  alloc_cause_i,
  input  logic [W*64-1:0]                 alloc_tval_i,
  output logic [W*IDX-1:0]                alloc_idx_o,
  output logic [IDX:0]                    free_o,

  input  logic [CPL_PORTS-1:0]            cpl_valid_i,
  input  logic [CPL_PORTS*IDX-1:0]        cpl_idx_i,
  input  logic [CPL_PORTS-1:0]            cpl_xcpt_i,
  input  logic [CPL_PORTS*4-1:0]          cpl_cause_i,
  input  logic [CPL_PORTS*64-1:0]         cpl_tval_i,
  input  logic [CPL_PORTS*PSV_BITS-1:0]   cpl_psv_i,

  input  logic                            mb_valid_i,
  input  logic [IDX-1:0]                  mb_idx_i,
  input  logic                            mo_valid_i,
  input  logic [IDX-1:0]                  mo_idx_i,

  output logic [W-1:0]                    head_valid_o,
  output logic [W-1:0]                    head_done_o,
  output logic [W-1:0]                    head_xcpt_o,
  output logic [W*4-1:0]                  head_cause_o,
  output logic [W*64-1:0]                 head_tval_o,
  output logic [W*PSV_BITS-1:0]           head_psv_o,
  output logic [W-1:0]                    head_mispredict_o,
  output logic [W-1:0]                    head_replay_o,
  output logic [W*PAYLOAD_BITS-1:0]       head_payload_o,
  output logic [IDX-1:0]                  head_idx_o,
  output logic [IDX-1:0]                  tail_idx_o,
  output logic                            empty_o,
  input  logic [LANE_BITS-1:0]            commit_count_i
);
  localparam int unsigned PL = PAYLOAD_BITS;
  localparam int unsigned PS = PSV_BITS;

  if (ENTRIES < W || ENTRIES < 2) begin : g_size_check
    $error("rob needs at least W entries");
  end

  logic [ENTRIES*PL-1:0] payload_q, payload_d;
  logic [ENTRIES*PS-1:0] psv_q, psv_d;
  logic [ENTRIES*4-1:0]  cause_q, cause_d;
  logic [ENTRIES*64-1:0] tval_q, tval_d;
  logic [ENTRIES-1:0]    done_q, done_d, xcpt_q, xcpt_d, mp_q, mp_d, rp_q, rp_d;
  logic [IDX-1:0]        head_q, head_d, tail_q, tail_d;
  logic [IDX:0]          count_q, count_d;

  // Index arithmetic that wraps at ENTRIES.
  function automatic logic [IDX-1:0] wrap_add(input logic [IDX-1:0] idx,
                                              input logic [LANE_BITS-1:0] n);
    logic [IDX:0] sum;
    sum = {1'b0, idx} + (IDX + 1)'(n);
    if (sum >= (IDX + 1)'(ENTRIES)) sum = sum - (IDX + 1)'(ENTRIES);
    wrap_add = sum[IDX-1:0];
  endfunction

  // The PSV bits the ROB sets itself.
  psv_t psv_mb, psv_ex, psv_mo;

  always_comb begin
    psv_mb       = '0;
    psv_mb.fl_mb = 1'b1;
    psv_ex       = '0;
    psv_ex.fl_ex = 1'b1;
    psv_mo       = '0;
    psv_mo.fl_mo = 1'b1;
  end

  logic [LANE_BITS-1:0] n_alloc, n_commit;

  always_comb begin
    n_alloc = '0;
    for (int i = 0; i < W; i++) begin
      alloc_idx_o[i*IDX +: IDX] = wrap_add(tail_q, LANE_BITS'(i));
      if (alloc_valid_i[i] && !flush_i && n_alloc == LANE_BITS'(i)) n_alloc = LANE_BITS'(i + 1);
    end
    n_commit = (IDX + 1)'(commit_count_i) > count_q ? LANE_BITS'(count_q) : commit_count_i;
  end

  assign free_o     = (IDX + 1)'(ENTRIES) - count_q;
  assign head_idx_o = head_q;
  assign tail_idx_o = tail_q;
  assign empty_o    = count_q == '0;

  always_comb begin
    head_d  = wrap_add(head_q, n_commit);
    tail_d  = wrap_add(tail_q, n_alloc);
    count_d = count_q + (IDX + 1)'(n_alloc) - (IDX + 1)'(n_commit);
    if (flush_i) begin
      tail_d  = head_d;
      count_d = '0;
    end
  end

  // Entry updates: allocation writes every field; completions and marks
  // come for allocated entries only, so they never meet an allocation.
  always_comb begin
    payload_d = payload_q;
    psv_d     = psv_q;
    cause_d   = cause_q;
    tval_d    = tval_q;
    done_d    = done_q;
    xcpt_d    = xcpt_q;
    mp_d      = mp_q;
    rp_d      = rp_q;
    for (int e = 0; e < ENTRIES; e++) begin
      for (int i = 0; i < W; i++) begin
        if (LANE_BITS'(i) < n_alloc && alloc_idx_o[i*IDX +: IDX] == IDX'(e)) begin
          payload_d[e*PL +: PL] = alloc_payload_i[i*PL +: PL];
          psv_d[e*PS +: PS]     = alloc_psv_i[i*PS +: PS] | (alloc_xcpt_i[i] ? psv_ex : '0);
          cause_d[e*4 +: 4]     = alloc_cause_i[i*4 +: 4];
          tval_d[e*64 +: 64]    = alloc_tval_i[i*64 +: 64];
          done_d[e]             = alloc_done_i[i];
          xcpt_d[e]             = alloc_xcpt_i[i];
          mp_d[e]               = 1'b0;
          rp_d[e]               = 1'b0;
        end
      end
      for (int c = 0; c < CPL_PORTS; c++) begin
        if (cpl_valid_i[c] && cpl_idx_i[c*IDX +: IDX] == IDX'(e)) begin
          done_d[e]         = 1'b1;
          psv_d[e*PS +: PS] = psv_d[e*PS +: PS] | cpl_psv_i[c*PS +: PS] |
                              (cpl_xcpt_i[c] ? psv_ex : '0);
          if (cpl_xcpt_i[c]) begin
            xcpt_d[e]          = 1'b1;
            cause_d[e*4 +: 4]  = cpl_cause_i[c*4 +: 4];
            tval_d[e*64 +: 64] = cpl_tval_i[c*64 +: 64];
          end
        end
      end
      if (mb_valid_i && mb_idx_i == IDX'(e)) begin
        mp_d[e]           = 1'b1;
        psv_d[e*PS +: PS] = psv_d[e*PS +: PS] | psv_mb;
      end
      if (mo_valid_i && mo_idx_i == IDX'(e)) begin
        rp_d[e]           = 1'b1;
        psv_d[e*PS +: PS] = psv_d[e*PS +: PS] | psv_mo;
      end
    end
  end

  // The W oldest entries.
  always_comb begin
    logic [IDX-1:0] idx;
    for (int i = 0; i < W; i++) begin
      idx = wrap_add(head_q, LANE_BITS'(i));
      head_valid_o[i]                = (IDX + 1)'(i) < count_q;
      head_done_o[i]                 = done_q[idx];
      head_xcpt_o[i]                 = xcpt_q[idx];
      head_cause_o[i*4 +: 4]         = cause_q[idx*4 +: 4];
      head_tval_o[i*64 +: 64]        = tval_q[idx*64 +: 64];
      head_psv_o[i*PS +: PS]         = psv_q[idx*PS +: PS];
      head_mispredict_o[i]           = mp_q[idx];
      head_replay_o[i]               = rp_q[idx];
      head_payload_o[i*PL +: PL]     = payload_q[idx*PL +: PL];
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      head_q  <= '0;
      tail_q  <= '0;
      count_q <= '0;
    end else begin
      head_q  <= head_d;
      tail_q  <= tail_d;
      count_q <= count_d;
    end
  end

  // Entries need no reset: count_q says which hold instructions.
  always_ff @(posedge clk_i) begin
    payload_q <= payload_d;
    psv_q     <= CFG_TEA != 0 ? psv_d : '0;  // TEA off: no PSV storage
    cause_q   <= cause_d;
    tval_q    <= tval_d;
    done_q    <= done_d;
    xcpt_q    <= xcpt_d;
    mp_q      <= mp_d;
    rp_q      <= rp_d;
  end
endmodule
