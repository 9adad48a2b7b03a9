`include "core_types.svh"
`include "tea_events.svh"

// Reorder buffer: a circular buffer of ENTRIES (any multiple of W, not only
// powers of two), W-wide allocate at the tail and W-wide commit at the head.
// Each entry holds what commit needs: done, the exception flag, the PSV,
// the FP exception flags (fflags accrues them at commit), the mispredict
// and replay marks and an opaque payload. Only the oldest
// exception is ever taken (it is the first to reach the head, and a trap
// empties the buffer), so its cause and tval are kept once, for the oldest
// entry that recorded one, not per entry: 64-bit tvals in every entry,
// written by every allocation and completion port, were the largest part
// of the ROB on an FPGA.
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
  input  logic [CPL_PORTS*5-1:0]          cpl_fflags_i,

  input  logic                            mb_valid_i,
  input  logic [IDX-1:0]                  mb_idx_i,
  input  logic                            mo_valid_i,
  input  logic [IDX-1:0]                  mo_idx_i,

  output logic [W-1:0]                    head_valid_o,
  output logic [W-1:0]                    head_done_o,
  output logic [W-1:0]                    head_xcpt_o,
  output logic [3:0]                      head_cause_o,     // the oldest exception's
  output logic [63:0]                     head_tval_o,
  output logic [W*PSV_BITS-1:0]           head_psv_o,
  output logic [W*5-1:0]                  head_fflags_o,
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

  if (ENTRIES < W || ENTRIES < 2 || ENTRIES % W != 0) begin : g_size_check
    $error("rob needs a multiple of W entries, at least 2");
  end

  // The payload is written only at allocation and read only at the head,
  // W consecutive entries each time, so it is kept in W banks (entry e in
  // bank e % W, row e / W) with one write and one read port each: LUT RAM
  // instead of flip-flops and W-port write multiplexers.
  localparam int unsigned ROWS = ENTRIES / W;
  localparam int unsigned BANK_BITS = W > 1 ? $clog2(W) : 1;
  localparam int unsigned ROW_BITS  = ROWS > 1 ? $clog2(ROWS) : 1;
  logic [W-1:0]           bank_we;
  logic [W*ROW_BITS-1:0]  bank_waddr, bank_raddr;
  logic [W*PL-1:0]        bank_wdata, bank_rdata;

  // The PSV and the flags are ORed into by several ports in one cycle, so
  // they are updated entry by entry at constant slices.
  logic [ENTRIES*PS-1:0] psv_q, psv_d;
  logic [ENTRIES*5-1:0]  ff_q, ff_d;
  logic [ENTRIES-1:0]    done_q, done_d, xcpt_q, xcpt_d, mp_q, mp_d, rp_q, rp_d;
  logic [IDX-1:0]        head_q, head_d, tail_q, tail_d;
  logic [IDX:0]          count_q, count_d;
  // The oldest recorded exception.
  logic                  xc_valid_q, xc_valid_d;
  logic [IDX-1:0]        xc_idx_q, xc_idx_d;
  logic [3:0]            xc_cause_q, xc_cause_d;
  logic [63:0]           xc_tval_q, xc_tval_d;

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
    psv_d     = psv_q;
    ff_d      = ff_q;
    done_d    = done_q;
    xcpt_d    = xcpt_q;
    mp_d      = mp_q;
    rp_d      = rp_q;
    for (int e = 0; e < ENTRIES; e++) begin
      for (int i = 0; i < W; i++) begin
        if (LANE_BITS'(i) < n_alloc && alloc_idx_o[i*IDX +: IDX] == IDX'(e)) begin
          psv_d[e*PS +: PS]     = alloc_psv_i[i*PS +: PS] | (alloc_xcpt_i[i] ? psv_ex : '0);
          ff_d[e*5 +: 5]        = '0;
          done_d[e]             = alloc_done_i[i];
          xcpt_d[e]             = alloc_xcpt_i[i];
          mp_d[e]               = 1'b0;
          rp_d[e]               = 1'b0;
        end
      end
      for (int c = 0; c < CPL_PORTS; c++) begin
        if (cpl_valid_i[c] && cpl_idx_i[c*IDX +: IDX] == IDX'(e)) begin
          done_d[e]         = 1'b1;
          ff_d[e*5 +: 5]    = ff_d[e*5 +: 5] | cpl_fflags_i[c*5 +: 5];
          psv_d[e*PS +: PS] = psv_d[e*PS +: PS] | cpl_psv_i[c*PS +: PS] |
                              (cpl_xcpt_i[c] ? psv_ex : '0);
          if (cpl_xcpt_i[c]) xcpt_d[e] = 1'b1;
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
      head_mispredict_o[i]           = mp_q[idx];
      head_replay_o[i]               = rp_q[idx];
      // A multiplexer over constant slices, not psv_q[idx*PS +: PS].
      head_psv_o[i*PS +: PS]         = '0;
      head_fflags_o[i*5 +: 5]        = '0;
      for (int e = 0; e < ENTRIES; e++) begin
        if (idx == IDX'(e)) begin
          head_psv_o[i*PS +: PS]  = psv_q[e*PS +: PS];
          head_fflags_o[i*5 +: 5] = ff_q[e*5 +: 5];
        end
      end
    end
  end

  // Lane i of a group starting at entry t goes to bank (t + i) % W: each
  // bank sees exactly one lane, at allocation as at the head.
  always_comb begin
    logic [IDX-1:0] idx;
    bank_we    = '0;
    bank_waddr = '0;
    bank_wdata = '0;
    for (int i = 0; i < W; i++) begin
      for (int b = 0; b < W; b++) begin
        idx = alloc_idx_o[i*IDX +: IDX];
        if (BANK_BITS'(idx % IDX'(W)) == BANK_BITS'(b)) begin
          bank_we[b]                         = LANE_BITS'(i) < n_alloc;
          bank_waddr[b*ROW_BITS +: ROW_BITS] = ROW_BITS'(idx / IDX'(W));
          bank_wdata[b*PL +: PL]             = alloc_payload_i[i*PL +: PL];
        end
      end
    end
  end

  // Read addresses apart: they depend on head_q only (Verilator UNOPTFLAT).
  always_comb begin
    logic [IDX-1:0] idx;
    bank_raddr = '0;
    for (int i = 0; i < W; i++) begin
      for (int b = 0; b < W; b++) begin
        idx = wrap_add(head_q, LANE_BITS'(i));
        if (BANK_BITS'(idx % IDX'(W)) == BANK_BITS'(b))
          bank_raddr[b*ROW_BITS +: ROW_BITS] = ROW_BITS'(idx / IDX'(W));
      end
    end
  end

  for (genvar b = 0; b < W; b++) begin : g_bank
    logic [PL-1:0] mem_q [ROWS];

    always_ff @(posedge clk_i) begin
      if (bank_we[b]) mem_q[bank_waddr[b*ROW_BITS +: ROW_BITS]] <= bank_wdata[b*PL +: PL];
    end

    assign bank_rdata[b*PL +: PL] = mem_q[bank_raddr[b*ROW_BITS +: ROW_BITS]];
  end

  always_comb begin
    logic [IDX-1:0] idx;
    for (int i = 0; i < W; i++) begin
      idx = wrap_add(head_q, LANE_BITS'(i));
      head_payload_o[i*PL +: PL] = '0;
      for (int b = 0; b < W; b++) begin
        if (BANK_BITS'(idx % IDX'(W)) == BANK_BITS'(b))
          head_payload_o[i*PL +: PL] = bank_rdata[b*PL +: PL];
      end
    end
  end

  // Distance from the head: the smaller, the older.
  function automatic logic [IDX-1:0] age(input logic [IDX-1:0] idx, input logic [IDX-1:0] head);
    age = idx >= head ? idx - head : IDX'(ENTRIES) - head + idx;
  endfunction

  // The oldest exception: the recorded one or an older new one. For one
  // entry a later report wins (completions, in port order, after its
  // allocation), as per-entry fields written in that order would.
  always_comb begin
    xc_valid_d = xc_valid_q;
    xc_idx_d   = xc_idx_q;
    xc_cause_d = xc_cause_q;
    xc_tval_d  = xc_tval_q;
    for (int i = 0; i < W; i++) begin
      if (LANE_BITS'(i) < n_alloc && alloc_xcpt_i[i] &&
          (!xc_valid_d || age(alloc_idx_o[i*IDX +: IDX], head_q) <= age(xc_idx_d, head_q))) begin
        xc_valid_d = 1'b1;
        xc_idx_d   = alloc_idx_o[i*IDX +: IDX];
        xc_cause_d = alloc_cause_i[i*4 +: 4];
        xc_tval_d  = alloc_tval_i[i*64 +: 64];
      end
    end
    for (int c = 0; c < CPL_PORTS; c++) begin
      if (cpl_valid_i[c] && cpl_xcpt_i[c] &&
          (!xc_valid_d || age(cpl_idx_i[c*IDX +: IDX], head_q) <= age(xc_idx_d, head_q))) begin
        xc_valid_d = 1'b1;
        xc_idx_d   = cpl_idx_i[c*IDX +: IDX];
        xc_cause_d = cpl_cause_i[c*4 +: 4];
        xc_tval_d  = cpl_tval_i[c*64 +: 64];
      end
    end
    if (flush_i) xc_valid_d = 1'b0;
  end

  assign head_cause_o = xc_cause_q;
  assign head_tval_o  = xc_tval_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      head_q     <= '0;
      tail_q     <= '0;
      count_q    <= '0;
      xc_valid_q <= 1'b0;
    end else begin
      head_q     <= head_d;
      tail_q     <= tail_d;
      count_q    <= count_d;
      xc_valid_q <= xc_valid_d;
    end
  end

  // Entries need no reset: count_q says which hold instructions.
  always_ff @(posedge clk_i) begin
    xc_idx_q   <= xc_idx_d;
    xc_cause_q <= xc_cause_d;
    xc_tval_q  <= xc_tval_d;
  end

  always_ff @(posedge clk_i) begin
    psv_q     <= CFG_TEA != 0 ? psv_d : '0;  // TEA off: no PSV storage
    ff_q      <= ff_d;
    done_q    <= done_d;
    xcpt_q    <= xcpt_d;
    mp_q      <= mp_d;
    rp_q      <= rp_d;
  end
endmodule
