// Checks rob against a queue model under random allocation (done and faulted
// at allocation included), completions on several ports (exceptions, PSV
// bits, FP exception flags), mispredict and ordering-violation marks,
// commits of the done head and flushes: every cycle the W head lanes
// (valid, done, exception, PSV with the ROB's own FL bits, fflags, marks,
// payload), the oldest exception's cause and tval, the head and tail
// indices, alloc_idx, free and empty; a completion shows at the head one
// cycle later, not in its own cycle. An entry's fflags are the OR of every
// report to it: several ports in one cycle, and reports in later cycles to
// an entry already done; allocation clears them (an entry allocated done
// must not show its previous occupant's flags). As
// in the core, an entry with an exception never commits: it waits at the
// head for the flush its trap causes. Runs 64 and 192 entries (index
// arithmetic must wrap at a size that is not a power of two).
`include "core_types.svh"
`include "tea_events.svh"

module rob_tb;
  logic clk = 0;
  always #5 clk = ~clk;
  bit done_cfg, done_alt;
  int errors_cfg, errors_alt;

  rob_check #(.N(CFG_ROB_ENTRIES), .W(CFG_W)) cfg (
    .clk(clk), .done(done_cfg), .errors(errors_cfg));
  rob_check #(.N(CFG_ROB_ENTRIES == 64 ? 192 : 64), .W(CFG_W == 2 ? 4 : 2)) alt (
    .clk(clk), .done(done_alt), .errors(errors_alt));

  initial begin
    wait (done_cfg && done_alt);
    if (errors_cfg + errors_alt == 0) $display("PASS rob_tb");
    else $fatal(1, "%0d errors", errors_cfg + errors_alt);
    $finish;
  end
endmodule

module rob_check #(
  parameter int unsigned N = 64,
  parameter int unsigned W = 2
) (
  input  logic clk,
  output bit   done,
  output int   errors
);
  localparam int unsigned IB  = $clog2(N);
  localparam int unsigned LB  = $clog2(W + 1);
  localparam int unsigned PL  = 16;
  localparam int unsigned CPL = 4;
  localparam int unsigned PS  = PSV_BITS;

  logic rst_n = 0, flush = 0;
  logic [W-1:0] alloc_valid = '0, alloc_done = '0, alloc_xcpt = '0;
  logic [W*PL-1:0] alloc_payload = '0;
  logic [W*PS-1:0] alloc_psv = '0;
  logic [W*4-1:0] alloc_cause = '0;
  logic [W*64-1:0] alloc_tval = '0;
  logic [W*IB-1:0] alloc_idx;
  logic [IB:0] free;
  logic [CPL-1:0] cpl_valid = '0, cpl_xcpt = '0;
  logic [CPL*IB-1:0] cpl_idx = '0;
  logic [CPL*4-1:0] cpl_cause = '0;
  logic [CPL*64-1:0] cpl_tval = '0;
  logic [CPL*PS-1:0] cpl_psv = '0;
  logic [CPL*5-1:0] cpl_fflags = '0;
  logic mb_valid = 0, mo_valid = 0;
  logic [IB-1:0] mb_idx = '0, mo_idx = '0;
  logic [W-1:0] h_valid, h_done, h_xcpt, h_mp, h_rp;
  logic [3:0] h_cause;
  logic [63:0] h_tval;
  logic [W*PS-1:0] h_psv;
  logic [W*5-1:0] h_ff;
  logic [W*PL-1:0] h_payload;
  logic [IB-1:0] head_idx, tail_idx;
  logic empty;
  logic [LB-1:0] commit_count = '0;

  rob #(.ENTRIES(N), .W(W), .PAYLOAD_BITS(PL), .CPL_PORTS(CPL)) dut (
    .clk_i(clk), .rst_ni(rst_n), .flush_i(flush),
    .alloc_valid_i(alloc_valid), .alloc_payload_i(alloc_payload), .alloc_psv_i(alloc_psv),
    .alloc_done_i(alloc_done), .alloc_xcpt_i(alloc_xcpt), .alloc_cause_i(alloc_cause),
    .alloc_tval_i(alloc_tval), .alloc_idx_o(alloc_idx), .free_o(free),
    .cpl_valid_i(cpl_valid), .cpl_idx_i(cpl_idx), .cpl_xcpt_i(cpl_xcpt),
    .cpl_cause_i(cpl_cause), .cpl_tval_i(cpl_tval), .cpl_psv_i(cpl_psv),
    .cpl_fflags_i(cpl_fflags),
    .mb_valid_i(mb_valid), .mb_idx_i(mb_idx), .mo_valid_i(mo_valid), .mo_idx_i(mo_idx),
    .head_valid_o(h_valid), .head_done_o(h_done), .head_xcpt_o(h_xcpt),
    .head_cause_o(h_cause), .head_tval_o(h_tval), .head_psv_o(h_psv), .head_fflags_o(h_ff),
    .head_mispredict_o(h_mp), .head_replay_o(h_rp), .head_payload_o(h_payload),
    .head_idx_o(head_idx), .tail_idx_o(tail_idx), .empty_o(empty),
    .commit_count_i(commit_count));

  // One model entry; kept as a packed struct so that the queue compares whole.
  typedef struct packed {
    logic [PL-1:0] payload;
    logic [PS-1:0] psv;
    logic [4:0]    ff;
    logic          done;
    logic          xcpt;
    logic [3:0]    cause;
    logic [63:0]   tval;
    logic          mp;
    logic          rp;
  } entry_t;

  entry_t q [$];
  int head = 0;
  int n_alloc_total = 0, n_commit_total = 0, n_flushes = 0, n_full = 0, n_wraps = 0;
  int n_cpl = 0, n_marks = 0, n_xcpt = 0, n_ff_same = 0, n_ff_later = 0, n_ff_commit = 0;

  task automatic check(input bit ok, input string what);
    if (!ok) begin
      if (errors < 10) $display("FAIL (%0d entries, %0d wide): %s", N, W, what);
      errors++;
    end
  endtask

  function automatic logic [PS-1:0] fl_bit(input int which);
    psv_t v;
    v = '0;
    if (which == 0) v.fl_mb = 1;
    if (which == 1) v.fl_ex = 1;
    if (which == 2) v.fl_mo = 1;
    fl_bit = v;
  endfunction

  initial begin
    entry_t e, got;
    int n_al, n_cm, room, k, phase, pos [CPL], mb_pos, mo_pos, oldest, first;
    bit picked [int];
    done = 0;
    errors = 0;

    @(posedge clk);
    #1;
    rst_n = 1;
    for (int cyc = 0; cyc < 40000; cyc++) begin
      phase = (cyc / 700) % 3;  // 0: fill, 1: drain, 2: balanced
      room = N - q.size();
      // ---- stimulus ----
      // a random flush, or the trap of an exception at the head
      flush = $urandom_range(249, 0) == 0 ||
              (q.size() > 0 && q[0].done && q[0].xcpt && $urandom_range(3, 0) == 0);
      n_al = $urandom_range(W, phase == 1 ? W : 0);
      n_al = phase == 1 ? (($urandom_range(3, 0) == 0) ? $urandom_range(W, 0) : 0) : n_al;
      if (n_al > room) n_al = room;
      for (int i = 0; i < W; i++) begin
        alloc_valid[i] = i < n_al;
        alloc_payload[i*PL +: PL] = PL'($urandom);
        alloc_psv[i*PS +: PS] = $urandom_range(3, 0) == 0 ? PS'($urandom) : '0;
        alloc_done[i] = $urandom_range(9, 0) == 0;
        alloc_xcpt[i] = alloc_done[i] && $urandom_range(7, 0) == 0;
        alloc_cause[i*4 +: 4] = 4'($urandom);
        alloc_tval[i*64 +: 64] = {$urandom, $urandom};
      end
      // completions to distinct entries not yet done; now and then a second
      // port reports to an entry an earlier port completes in this cycle,
      // or a port reports flags to an entry already done (no exception)
      picked.delete();
      first = -1;
      for (int c = 0; c < CPL; c++) begin
        pos[c] = -1;
        cpl_valid[c] = 0;
        cpl_xcpt[c] = $urandom_range(47, 0) == 0;
        k = q.size() > 0 ? $urandom_range(q.size() - 1, 0) : 0;
        if (first >= 0 && $urandom_range(5, 0) == 0) begin
          pos[c] = first;
          cpl_valid[c] = 1;
          n_ff_same++;
        end else if (q.size() > 0 && q[k].done && !q[k].xcpt && $urandom_range(7, 0) == 0) begin
          pos[c] = k;
          cpl_valid[c] = 1;
          cpl_xcpt[c] = 0;
          n_ff_later++;
        end else if (q.size() > 0 && $urandom_range(2, 0) != 0) begin
          k = $urandom_range(q.size() - 1, 0);
          // favour the head so that commits happen
          if ($urandom_range(1, 0) == 0) k = $urandom_range(q.size() < 4 ? q.size() - 1 : 3, 0);
          if (!q[k].done && !picked.exists(k)) begin
            picked[k] = 1;
            pos[c] = k;
            cpl_valid[c] = 1;
            if (first < 0) first = k;
          end
        end
        cpl_idx[c*IB +: IB] = pos[c] >= 0 ? IB'((head + pos[c]) % N) : IB'($urandom_range(N - 1, 0));
        // mostly one or two flags, so that ORs and stale flags show
        cpl_fflags[c*5 +: 5] = $urandom_range(3, 0) == 0 ? 5'($urandom)
                                                         : 5'(1 << $urandom_range(4, 0));
        cpl_cause[c*4 +: 4] = 4'($urandom);
        cpl_tval[c*64 +: 64] = {$urandom, $urandom};
        cpl_psv[c*PS +: PS] = $urandom_range(2, 0) == 0 ? PS'($urandom) : '0;
      end
      mb_pos = q.size() > 0 && $urandom_range(7, 0) == 0 ? $urandom_range(q.size() - 1, 0) : -1;
      mo_pos = q.size() > 0 && $urandom_range(7, 0) == 0 ? $urandom_range(q.size() - 1, 0) : -1;
      mb_valid = mb_pos >= 0;
      mo_valid = mo_pos >= 0;
      mb_idx = mb_valid ? IB'((head + mb_pos) % N) : IB'($urandom_range(N - 1, 0));
      mo_idx = mo_valid ? IB'((head + mo_pos) % N) : IB'($urandom_range(N - 1, 0));
      // commit the leading done entries, as far as the model says (the
      // head outputs are checked against the model below)
      n_cm = 0;
      while (n_cm < W && n_cm < q.size() && q[n_cm].done && !q[n_cm].xcpt) n_cm++;
      n_cm = phase == 0 && $urandom_range(3, 0) != 0 ? 0 : $urandom_range(n_cm, 0);
      commit_count = LB'(n_cm);
      #1;

      // ---- outputs against the model ----
      check(free == (IB + 1)'(room) && empty == (q.size() == 0),
            $sformatf("cycle %0d: free %0d empty %0d, expected %0d", cyc, free, empty, room));
      check(head_idx == IB'(head) && tail_idx == IB'((head + q.size()) % N),
            $sformatf("cycle %0d: head %0d tail %0d, expected %0d %0d", cyc, head_idx, tail_idx,
                      head, (head + q.size()) % N));
      for (int i = 0; i < W; i++) begin
        check(alloc_idx[i*IB +: IB] == IB'((head + q.size() + i) % N),
              $sformatf("cycle %0d: alloc_idx lane %0d %0d", cyc, i, alloc_idx[i*IB +: IB]));
        check(h_valid[i] == (i < q.size()), $sformatf("cycle %0d: head_valid lane %0d", cyc, i));
        if (i < q.size()) begin
          got.payload = h_payload[i*PL +: PL];
          got.psv     = h_psv[i*PS +: PS];
          got.ff      = h_ff[i*5 +: 5];
          got.done    = h_done[i];
          got.xcpt    = h_xcpt[i];
          got.cause   = q[i].cause;  // checked once below
          got.tval    = q[i].tval;
          got.mp      = h_mp[i];
          got.rp      = h_rp[i];
          check(got == q[i], $sformatf("cycle %0d: head lane %0d (entry %0d) %h, expected %h",
                                       cyc, i, (head + i) % N, got, q[i]));
        end
      end
      oldest = -1;
      for (int i = q.size() - 1; i >= 0; i--) if (q[i].xcpt) oldest = i;
      if (oldest >= 0)
        check(h_cause == q[oldest].cause && h_tval == q[oldest].tval,
              $sformatf("cycle %0d: cause %h tval %h, expected entry %0d's %h %h", cyc, h_cause,
                        h_tval, (head + oldest) % N, q[oldest].cause, q[oldest].tval));
      if (q.size() > N - W) n_full++;

      // ---- the model takes the edge ----
      for (int c = 0; c < CPL; c++) begin
        if (pos[c] < 0) continue;
        n_cpl++;
        q[pos[c]].done = 1;
        q[pos[c]].psv = q[pos[c]].psv | cpl_psv[c*PS +: PS];
        q[pos[c]].ff  = q[pos[c]].ff | cpl_fflags[c*5 +: 5];
        if (cpl_xcpt[c]) begin
          n_xcpt++;
          q[pos[c]].xcpt  = 1;
          q[pos[c]].cause = cpl_cause[c*4 +: 4];
          q[pos[c]].tval  = cpl_tval[c*64 +: 64];
          q[pos[c]].psv   = q[pos[c]].psv | fl_bit(1);
        end
      end
      if (mb_pos >= 0) begin
        q[mb_pos].mp = 1;
        q[mb_pos].psv = q[mb_pos].psv | fl_bit(0);
        n_marks++;
      end
      if (mo_pos >= 0) begin
        q[mo_pos].rp = 1;
        q[mo_pos].psv = q[mo_pos].psv | fl_bit(2);
        n_marks++;
      end
      for (int i = 0; i < n_cm; i++) begin
        if (q[0].ff != 0) n_ff_commit++;
        void'(q.pop_front());
      end
      if (head + n_cm >= N) n_wraps++;
      head = (head + n_cm) % N;
      n_commit_total += n_cm;
      if (flush) begin
        q.delete();
        n_flushes++;
      end else begin
        for (int i = 0; i < n_al; i++) begin
          e.payload = alloc_payload[i*PL +: PL];
          e.psv     = alloc_psv[i*PS +: PS] | (alloc_xcpt[i] ? fl_bit(1) : '0);
          e.ff      = '0;
          e.done    = alloc_done[i];
          e.xcpt    = alloc_xcpt[i];
          e.cause   = alloc_cause[i*4 +: 4];
          e.tval    = alloc_tval[i*64 +: 64];
          e.mp      = 0;
          e.rp      = 0;
          q.push_back(e);
          n_alloc_total++;
        end
      end
      @(posedge clk);
      #1;
    end
    $display("%0d entries, %0d wide: %0d allocated, %0d committed (%0d with fflags), %0d completions (%0d exceptions; %0d to an entry another port completes, %0d to one already done), %0d marks, %0d flushes, %0d cycles full, head wrapped %0d times",
             N, W, n_alloc_total, n_commit_total, n_ff_commit, n_cpl, n_xcpt, n_ff_same,
             n_ff_later, n_marks, n_flushes, n_full, n_wraps);
    check(n_full > 500 && n_wraps > 20 && n_flushes > 50 && n_commit_total > 10000 &&
          n_ff_commit > 5000 && n_ff_same > 1000 && n_ff_later > 1000,
          "traffic too thin to mean anything");
    done = 1;
  end
endmodule
