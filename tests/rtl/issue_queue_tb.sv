// Checks issue_queue against a model under random inserts (any subset of
// lanes, sources depending on recent instructions), wakeups some cycles after
// the producer issues, random port readiness and flushes: every cycle each
// port issues exactly the oldest entry the model says it should (sources
// ready by a wakeup of an earlier cycle, executable on the port, not taken by
// a lower port), with its payload and tags; no entry issues twice or before
// its sources are produced; free_o; and at the end every instruction left
// issues (none lost). Runs the configured size and a second shape with two
// sources (NSRC = 2: the third source's ports get random tags, often not
// ready, which the entries must ignore), and the FP queue's shape with
// three (NSRC = 3: an entry waits for all three, the third tag issues with
// it) and, as there, a last port that shares reads with the one before it:
// when both have an entry, the last port's issues (SHARE_LAST).
`include "core_types.svh"

module issue_queue_tb;
  logic clk = 0;
  always #5 clk = ~clk;
  bit done_cfg, done_alt;
  int errors_cfg, errors_alt;

  issue_queue_check #(.N(CFG_IQ_ENTRIES), .W(CFG_W), .PORTS(2)) cfg (
    .clk(clk), .done(done_cfg), .errors(errors_cfg));
  issue_queue_check #(.N(CFG_W == 2 ? 12 : 20), .W(3), .PORTS(3)) alt (
    .clk(clk), .done(done_alt), .errors(errors_alt));
  // as tea_core's FP queue
  bit done_fp;
  int errors_fp;
  issue_queue_check #(.N(CFG_IQ_ENTRIES), .W(CFG_W), .PORTS(3), .NSRC(3), .SHARE_LAST(1'b1)) fp (
    .clk(clk), .done(done_fp), .errors(errors_fp));

  initial begin
    wait (done_cfg && done_alt && done_fp);
    if (errors_cfg + errors_alt + errors_fp == 0) $display("PASS issue_queue_tb");
    else $fatal(1, "%0d errors", errors_cfg + errors_alt + errors_fp);
    $finish;
  end
endmodule

module issue_queue_check #(
  parameter int unsigned N     = 16,
  parameter int unsigned W     = 2,
  parameter int unsigned PORTS = 2,
  parameter int unsigned NSRC  = 2,
  parameter bit          SHARE_LAST = 1'b0
) (
  input  logic clk,
  output bit   done,
  output int   errors
);
  localparam int unsigned PB    = PREG_BITS;
  localparam int unsigned PL    = 16;
  localparam int unsigned NWAKE = 4;
  localparam int unsigned CB    = $clog2(N + 1);
  localparam int unsigned NTAGS = 1 << PB;

  logic rst_n = 0, flush = 0;
  logic [W-1:0] ins_valid = '0, ins_r1 = '0, ins_r2 = '0, ins_r3 = '0;
  logic [W*PL-1:0] ins_payload = '0;
  logic [W*PB-1:0] ins_prs1 = '0, ins_prs2 = '0, ins_prs3 = '0;
  logic [W*PORTS-1:0] ins_ports = '0;
  logic [CB-1:0] free;
  logic [NWAKE-1:0] wake_valid = '0;
  logic [NWAKE*PB-1:0] wake_pdst = '0;
  logic [PORTS-1:0] port_ready = '0, iss_valid;
  logic [PORTS*PL-1:0] iss_payload;
  logic [PORTS*PB-1:0] iss_prs1, iss_prs2, iss_prs3;

  issue_queue #(.ENTRIES(N), .W(W), .PORTS(PORTS), .NWAKE(NWAKE), .PAYLOAD_BITS(PL),
                .NSRC(NSRC), .SHARE_LAST(SHARE_LAST)) dut (
    .clk_i(clk), .rst_ni(rst_n), .flush_i(flush),
    .ins_valid_i(ins_valid), .ins_payload_i(ins_payload), .ins_prs1_i(ins_prs1),
    .ins_prs2_i(ins_prs2), .ins_prs3_i(ins_prs3), .ins_rs1_ready_i(ins_r1),
    .ins_rs2_ready_i(ins_r2), .ins_rs3_ready_i(ins_r3),
    .ins_ports_i(ins_ports), .free_o(free), .wake_valid_i(wake_valid), .wake_pdst_i(wake_pdst),
    .port_ready_i(port_ready), .iss_valid_o(iss_valid), .iss_payload_o(iss_payload),
    .iss_prs1_o(iss_prs1), .iss_prs2_o(iss_prs2), .iss_prs3_o(iss_prs3));

  typedef struct {
    int seq;
    int prs1, prs2, prs3, pdst;
    bit r1, r2, r3;  // with NSRC = 2, r3 tracks the junk third source, which must not count
    int ports;
  } entry_t;

  typedef struct {
    int tag;
    int due;
  } wake_t;

  entry_t q [$];
  wake_t  wakes [$];
  bit     produced [NTAGS];  // value exists (woken in an earlier cycle)
  bit     busy [NTAGS];      // tag belongs to an instruction in flight
  bit     issued_seq [int];
  int     next_tag = 1, seq = 0, n_issued = 0, n_inserted = 0, n_flushes = 0, n_full = 0;
  int     n_waiting = 0, n_waiting3 = 0, n_ignored3 = 0;
  int     n_gave = 0;   // SHARE_LAST: cycles the port before the last had an entry and gave way

  task automatic check(input bit ok, input string what);
    if (!ok) begin
      if (errors < 10) $display("FAIL (%0d entries, %0d wide, %0d ports): %s", N, W, PORTS, what);
      errors++;
    end
  endtask

  function automatic int alloc_tag();
    int t = next_tag;
    while (busy[t] || t == 0) t = (t + 1) % NTAGS;
    next_tag = (t + 1) % NTAGS;
    busy[t] = 1;
    produced[t] = 0;
    alloc_tag = t;
  endfunction

  // A source: often a recent destination, sometimes an old produced value.
  function automatic int pick_source(input int recent [$]);
    if (recent.size() > 0 && $urandom_range(2, 0) != 0)
      pick_source = recent[$urandom_range(recent.size() - 1, 0)];
    else
      pick_source = $urandom_range(NTAGS - 1, 0);
  endfunction

  initial begin
    // (per-lane arrays: an unpacked array of structs here confused Verilator 5.006
    // in the second instance)
    entry_t e;
    int l_prs1 [W], l_prs2 [W], l_prs3 [W], l_ports [W];
    bit l_r1 [W], l_r2 [W], l_r3 [W];
    wake_t wk;
    int recent [$];
    int n_ins, room, cyc, drain, k;
    int want [PORTS];
    bit taken [$], woke [NTAGS];
    done = 0;
    errors = 0;
    for (int t = 0; t < NTAGS; t++) begin
      produced[t] = 1;
      busy[t] = 0;
    end

    @(posedge clk);
    #1;
    rst_n = 1;
    drain = 0;
    for (cyc = 0; cyc < 40000; cyc++) begin
      if (cyc == 30000) drain = 1;
      if (drain && q.size() == 0) break;
      // ---- stimulus: flush, port readiness, inserts ----
      flush = !drain && $urandom_range(299, 0) == 0;
      // phases of busy and free units, so that the queue fills and drains
      for (int p = 0; p < PORTS; p++)
        port_ready[p] = drain != 0 || ((cyc / 500) % 2 == 0 ? $urandom_range(3, 0) == 0
                                                            : $urandom_range(3, 0) != 0);
      room = N - q.size();
      n_ins = 0;
      ins_valid = '0;
      for (int i = 0; i < W; i++) begin
        l_prs1[i]  = pick_source(recent);
        l_prs2[i]  = pick_source(recent);
        l_prs3[i]  = pick_source(recent);
        l_ports[i] = $urandom_range((1 << PORTS) - 1, 1);
        // an unused source comes in ready whatever its tag
        l_r1[i] = $urandom_range(4, 0) == 0 || produced[l_prs1[i]];
        l_r2[i] = $urandom_range(4, 0) == 0 || produced[l_prs2[i]];
        // with two sources the third carries junk: a tag that may never
        // wake, often not ready; the queue must not wait for it
        l_r3[i] = NSRC == 3 ? $urandom_range(4, 0) == 0 || produced[l_prs3[i]]
                            : $urandom_range(1, 0);
        ins_payload[i*PL +: PL] = PL'(seq + i);
        ins_prs1[i*PB +: PB]    = PB'(l_prs1[i]);
        ins_prs2[i*PB +: PB]    = PB'(l_prs2[i]);
        ins_prs3[i*PB +: PB]    = PB'(l_prs3[i]);
        ins_r1[i]               = l_r1[i];
        ins_r2[i]               = l_r2[i];
        ins_r3[i]               = l_r3[i];
        ins_ports[i*PORTS +: PORTS] = PORTS'(l_ports[i]);
        if (!drain && n_ins < room && $urandom_range(2, 0) != 0) begin
          ins_valid[i] = 1;
          n_ins++;
        end
      end
      if (room < W) n_full++;
      wake_valid = '0;
      #1;

      // ---- select against the model ----
      check(free == CB'(room), $sformatf("cycle %0d: free %0d, expected %0d", cyc, free, room));
      taken = {};
      foreach (q[i]) taken.push_back(0);
      foreach (q[i]) if (!(q[i].r1 && q[i].r2 && (NSRC < 3 || q[i].r3))) n_waiting++;
      foreach (q[i]) if (NSRC == 3 && q[i].r1 && q[i].r2 && !q[i].r3) n_waiting3++;
      // the last port before the one it shares reads with, which then idles
      for (int k = 0; k < PORTS; k++) begin
        int p;
        p = (SHARE_LAST && k == PORTS - 2) ? PORTS - 1 :
            (SHARE_LAST && k == PORTS - 1) ? PORTS - 2 : k;
        want[p] = -1;
        if (port_ready[p] && !flush) begin
          foreach (q[i]) begin
            if (want[p] < 0 && !taken[i] && q[i].r1 && q[i].r2 && (NSRC < 3 || q[i].r3) &&
                q[i].ports[p])
              want[p] = i;
          end
          if (want[p] >= 0 && SHARE_LAST && p == PORTS - 2 && want[PORTS-1] >= 0) begin
            want[p] = -1;
            n_gave++;
          end
          if (want[p] >= 0) taken[want[p]] = 1;
        end
      end
      for (int p = 0; p < PORTS; p++) begin
        check(iss_valid[p] == (want[p] >= 0),
              $sformatf("cycle %0d port %0d: iss_valid %0d, expected %0d", cyc, p, iss_valid[p],
                        want[p] >= 0));
        if (want[p] >= 0 && iss_valid[p]) begin
          e = q[want[p]];
          check(iss_payload[p*PL +: PL] == PL'(e.seq) && iss_prs1[p*PB +: PB] == PB'(e.prs1) &&
                iss_prs2[p*PB +: PB] == PB'(e.prs2) &&
                (NSRC < 3 || iss_prs3[p*PB +: PB] == PB'(e.prs3)),
                $sformatf("cycle %0d port %0d: issued #%0d (p%0d p%0d p%0d), expected #%0d (p%0d p%0d p%0d)",
                          cyc, p, iss_payload[p*PL +: PL], iss_prs1[p*PB +: PB],
                          iss_prs2[p*PB +: PB], iss_prs3[p*PB +: PB], PL'(e.seq), e.prs1,
                          e.prs2, e.prs3));
          check(!issued_seq.exists(e.seq), $sformatf("cycle %0d: #%0d issued twice", cyc, e.seq));
          issued_seq[e.seq] = 1;
          n_issued++;
          if (NSRC < 3 && !e.r3) n_ignored3++;
          // Execution: the destination wakes 0 to 3 cycles from now.
          wk.tag = e.pdst;
          wk.due = cyc + $urandom_range(3, 0);
          wakes.push_back(wk);
        end
      end
      // Wakeups due now, at most NWAKE (the rest wait); they only change
      // the state after the edge, so they are set after the select.
      for (int t = 0; t < NTAGS; t++) woke[t] = 0;
      k = 0;
      for (int i = 0; i < wakes.size() && k < NWAKE; i++) begin
        if (wakes[i].due <= cyc) begin
          wake_valid[k] = 1;
          wake_pdst[k*PB +: PB] = PB'(wakes[i].tag);
          woke[wakes[i].tag] = 1;
          k++;
          wakes.delete(i);
          i--;
        end
      end
      for (int w = k; w < NWAKE; w++) wake_pdst[w*PB +: PB] = PB'($urandom);
      #1;

      // ---- the model takes the edge ----
      for (int i = q.size() - 1; i >= 0; i--) begin
        if (taken[i]) begin
          busy[q[i].pdst] = 1;  // stays busy until woken
          q.delete(i);
        end
      end
      foreach (q[i]) begin
        if (woke[q[i].prs1]) q[i].r1 = 1;
        if (woke[q[i].prs2]) q[i].r2 = 1;
        if (woke[q[i].prs3]) q[i].r3 = 1;
      end
      for (int i = 0; i < W; i++) begin
        if (!ins_valid[i] || flush) continue;
        e.seq   = seq + i;
        e.prs1  = l_prs1[i];
        e.prs2  = l_prs2[i];
        e.prs3  = l_prs3[i];
        e.ports = l_ports[i];
        e.r1    = l_r1[i];
        e.r2    = l_r2[i];
        e.r3    = l_r3[i];
        if (woke[e.prs1]) e.r1 = 1;
        if (woke[e.prs2]) e.r2 = 1;
        if (woke[e.prs3]) e.r3 = 1;
        e.pdst = alloc_tag();
        q.push_back(e);
        recent.push_back(e.pdst);
        if (recent.size() > 8) void'(recent.pop_front());
        n_inserted++;
      end
      seq += W;
      for (int t = 0; t < NTAGS; t++) begin
        if (woke[t]) begin
          produced[t] = 1;
          busy[t] = 0;
        end
      end
      if (flush) begin
        // everything in flight is gone; every value counts as produced
        q.delete();
        wakes.delete();
        recent.delete();
        for (int t = 0; t < NTAGS; t++) begin
          produced[t] = 1;
          busy[t] = 0;
        end
        n_flushes++;
      end
      @(posedge clk);
      #1;
    end
    ins_valid = '0;
    check(q.size() == 0, $sformatf("%0d instructions never issued", q.size()));
    #1;
    check(free == CB'(N), $sformatf("free %0d after draining", free));
    if (NSRC == 3)
      $display("%0d entries, %0d wide, %0d ports, 3 sources: %0d inserted, %0d issued, %0d flushes, %0d cycles nearly full, %0d entry-cycles waiting (%0d for the third source only), %0d cycles the port before the last gave way",
               N, W, PORTS, n_inserted, n_issued, n_flushes, n_full, n_waiting, n_waiting3, n_gave);
    else
      $display("%0d entries, %0d wide, %0d ports, 2 sources: %0d inserted, %0d issued (%0d with the unused third not ready), %0d flushes, %0d cycles nearly full, %0d entry-cycles waiting",
               N, W, PORTS, n_inserted, n_issued, n_ignored3, n_flushes, n_full, n_waiting);
    check(n_issued > 20000 && n_full > 1000 && n_waiting > 20000 && n_flushes > 50 &&
          (NSRC == 3 ? n_waiting3 > 5000 : n_ignored3 > 2000) && (!SHARE_LAST || n_gave > 1000),
          "traffic too thin to mean anything");
    done = 1;
  end
endmodule
