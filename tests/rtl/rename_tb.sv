// Checks rename against a model under random rename groups (intra-group
// dependences included), wakeups, in-order commits after random delays and
// random flushes: every source (rs1, rs2 and rs3) maps to its producer's
// physical register, readiness (busy table, this cycle's wakeups, earlier
// lanes), old mappings, can_alloc against the free count, no physical
// register handed out while in use, the RAT equal to the committed one
// after a flush, and at the end that no register leaked (exactly PRF - 64
// can be allocated, all distinct). The 64 architectural registers are
// x0-x31 and f0-f31 (32-63): only x0 is hardwired, so f0 (32) renames like
// any other, and x5 and f5 are different registers.
// Runs the configured size and a second, different width and size (both
// at least 64 + W registers).
`include "core_types.svh"

module rename_tb;
  logic clk = 0;
  always #5 clk = ~clk;
  bit done_cfg, done_alt;
  int errors_cfg, errors_alt;

  rename_check #(.W(CFG_W), .PRF(CFG_PRF_ENTRIES)) cfg (
    .clk(clk), .done(done_cfg), .errors(errors_cfg));
  // FL = 40 at 3 wide, as 72 was before the f registers; 128 at 2 wide is the default
  rename_check #(.W(CFG_W == 2 ? 3 : 2), .PRF(CFG_W == 2 ? 104 : 128)) alt (
    .clk(clk), .done(done_alt), .errors(errors_alt));

  initial begin
    wait (done_cfg && done_alt);
    if (errors_cfg + errors_alt == 0) $display("PASS rename_tb");
    else $fatal(1, "%0d errors", errors_cfg + errors_alt);
    $finish;
  end
endmodule

module rename_check #(
  parameter int unsigned W   = 2,
  parameter int unsigned PRF = 128
) (
  input  logic clk,
  output bit   done,
  output int   errors
);
  localparam int unsigned PB    = $clog2(PRF);
  localparam int unsigned NWAKE = 4;
  localparam int unsigned NAR   = 64;  // architectural registers: x0-x31, f0-f31
  localparam int unsigned FL    = PRF - NAR;

  logic rst_n = 0, flush = 0, fire = 0, can_alloc;
  logic [W-1:0] valid = '0, rd_used = '0, r1_rdy, r2_rdy, r3_rdy, commit_valid = '0;
  logic [W*6-1:0] rs1 = '0, rs2 = '0, rs3 = '0, rd = '0, commit_rd = '0;
  logic [W*PB-1:0] prs1, prs2, prs3, pdst, old_pdst, commit_pdst = '0, commit_old = '0;
  logic [NWAKE-1:0] wake_valid = '0;
  logic [NWAKE*PB-1:0] wake_pdst = '0;

  rename #(.W(W), .PRF(PRF), .NWAKE(NWAKE)) dut (
    .clk_i(clk), .rst_ni(rst_n), .flush_i(flush),
    .valid_i(valid), .fire_i(fire), .rs1_i(rs1), .rs2_i(rs2), .rs3_i(rs3), .rd_i(rd),
    .rd_used_i(rd_used), .prs1_o(prs1), .prs2_o(prs2), .prs3_o(prs3), .pdst_o(pdst),
    .old_pdst_o(old_pdst), .prs1_ready_o(r1_rdy), .prs2_ready_o(r2_rdy),
    .prs3_ready_o(r3_rdy), .can_alloc_o(can_alloc),
    .wake_valid_i(wake_valid), .wake_pdst_i(wake_pdst),
    .commit_valid_i(commit_valid), .commit_rd_i(commit_rd), .commit_pdst_i(commit_pdst),
    .commit_old_pdst_i(commit_old));

  typedef struct {
    bit      rd_used;
    int      rd;
    int      pdst;
    int      old_pdst;
    bit      done;  // woken in an earlier cycle (or writes nothing): may commit
  } inflight_t;

  inflight_t q [$];
  int spec_map [NAR], comm_map [NAR];
  bit ready [PRF];
  int n_alloc_total = 0, n_commits = 0, n_flushes = 0, n_full = 0, n_bypass = 0;
  int n_fp_alloc = 0, n_rs3_bypass = 0;

  task automatic check(input bit ok, input string what);
    if (!ok) begin
      if (errors < 10) $display("FAIL (W=%0d PRF=%0d): %s", W, PRF, what);
      errors++;
    end
  endtask

  function automatic bit in_use(input int p);
    in_use = p == 0;
    for (int r = 0; r < NAR; r++) if (comm_map[r] == p) in_use = 1;
    foreach (q[k]) if (q[k].rd_used && q[k].pdst == p) in_use = 1;
  endfunction

  function automatic int model_free();
    model_free = FL;
    foreach (q[k]) if (q[k].rd_used) model_free--;
  endfunction

  // A register number: often one of a few x and f registers (f0 among
  // them) so that dependences are common, across x5/f5-style pairs too.
  function automatic logic [5:0] pick_reg();
    if ($urandom_range(3, 0) == 0) return 6'($urandom);
    return 6'($urandom_range(1, 0) * 32 + $urandom_range(4, 0));
  endfunction

  initial begin
    int cyc, probe, drain, n_valid, n_rd, n_cpl, free_m, smap [NAR], src [3], d, p, k;
    inflight_t e;
    bit srdy [NAR], woke [PRF], fired;
    int lane_pdst [W];
    done = 0;
    errors = 0;
    for (int r = 0; r < NAR; r++) begin
      spec_map[r] = r;
      comm_map[r] = r;
    end
    for (int i = 0; i < PRF; i++) ready[i] = 1;

    @(posedge clk);
    #1;
    rst_n = 1;
    probe = 0;
    drain = 0;
    for (cyc = 0; cyc < 30000 + FL + 10; cyc++) begin
      // ---- stimulus ----
      if (cyc == 30000) drain = 1;
      flush = drain == 1 || (drain == 0 && probe == 0 && $urandom_range(149, 0) == 0);
      // commits: the oldest done entries, up to W; lanes not writing rd invalid
      n_cpl = drain != 0 || $urandom_range(2, 0) == 0 ? 0 : $urandom_range(W, 0);
      commit_valid = '0;
      for (int i = 0; i < n_cpl; i++) begin
        if (i >= q.size() || !q[i].done) begin
          n_cpl = i;
          break;
        end
        commit_valid[i]          = q[i].rd_used;
        commit_rd[i*6 +: 6]      = 6'(q[i].rd);
        commit_pdst[i*PB +: PB]  = PB'(q[i].pdst);
        commit_old[i*PB +: PB]   = PB'(q[i].old_pdst);
      end
      // wakeups: in-flight registers not yet ready
      wake_valid = '0;
      for (int j = 0; j < PRF; j++) woke[j] = 0;
      for (int w = 0; w < NWAKE; w++) begin
        if (q.size() > 0 && drain == 0 && $urandom_range(2, 0) != 0) begin
          k = $urandom_range(q.size() - 1, 0);
          if (q[k].rd_used && !ready[q[k].pdst] && !woke[q[k].pdst]) begin
            wake_valid[w] = 1;
            wake_pdst[w*PB +: PB] = PB'(q[k].pdst);
            woke[q[k].pdst] = 1;
          end
        end
        if (!wake_valid[w]) wake_pdst[w*PB +: PB] = PB'($urandom_range(PRF - 1, 0));
      end
      // a rename group: few registers so that dependences are common
      n_valid = $urandom_range(W, 0);
      valid = '0;
      for (int i = 0; i < W; i++) begin
        valid[i] = i < n_valid;
        rs1[i*6 +: 6] = pick_reg();
        rs2[i*6 +: 6] = pick_reg();
        rs3[i*6 +: 6] = pick_reg();
        rd[i*6 +: 6]  = pick_reg();
        rd_used[i]    = rd[i*6 +: 6] != 0 && $urandom_range(4, 0) != 0;
      end
      fire = $urandom_range(4, 0) != 0;
      if (probe > 0) begin
        // read the whole RAT after a flush, renaming nothing: rs1 from x0 up,
        // rs2 from f31 down, rs3 from f0 up
        for (int i = 0; i < W; i++) begin
          valid[i] = 1;
          rs1[i*6 +: 6] = 6'((probe - 1) * W + i);
          rs2[i*6 +: 6] = 6'(63 - (probe - 1) * W - i);
          rs3[i*6 +: 6] = 6'(32 + (probe - 1) * W + i);
        end
        fire = 0;
        n_cpl = 0;
        commit_valid = '0;
        probe = (probe - 1) * W + W >= NAR ? 0 : probe + 1;
      end
      if (drain > 1) begin
        // allocate one at a time until the free list runs dry
        valid = 1;
        rd_used = 1;
        rd[5:0] = 6'($urandom_range(NAR - 1, 1));
        fire = 1;
      end
      #1;

      // ---- check the combinational outputs against the model ----
      free_m = model_free();
      n_rd = 0;
      for (int i = 0; i < W; i++) if (valid[i] && rd_used[i]) n_rd++;
      check(can_alloc == (n_rd <= free_m),
            $sformatf("cycle %0d: can_alloc %0d with %0d to allocate, %0d free", cyc, can_alloc,
                      n_rd, free_m));
      if (n_rd > free_m) n_full++;
      smap = spec_map;
      for (int r = 0; r < NAR; r++) srdy[r] = ready[smap[r]] || woke[smap[r]];
      for (int i = 0; i < W; i++) begin
        logic [PB-1:0] got_p [3];
        logic          got_r [3];
        src[0] = rs1[i*6 +: 6];
        src[1] = rs2[i*6 +: 6];
        src[2] = rs3[i*6 +: 6];
        got_p  = '{prs1[i*PB +: PB], prs2[i*PB +: PB], prs3[i*PB +: PB]};
        got_r  = '{r1_rdy[i], r2_rdy[i], r3_rdy[i]};
        d = rd[i*6 +: 6];
        if (!valid[i]) continue;
        for (int s = 0; s < 3; s++)
          check(got_p[s] == PB'(smap[src[s]]) && got_r[s] == srdy[src[s]],
                $sformatf("cycle %0d lane %0d: rs%0d r%0d -> p%0d ready %0d, expected p%0d ready %0d",
                          cyc, i, s + 1, src[s], got_p[s], got_r[s], smap[src[s]],
                          srdy[src[s]]));
        check(old_pdst[i*PB +: PB] == PB'(smap[d]),
              $sformatf("cycle %0d lane %0d: old_pdst of r%0d p%0d, expected p%0d", cyc, i, d,
                        old_pdst[i*PB +: PB], smap[d]));
        if (rd_used[i]) begin
          p = pdst[i*PB +: PB];
          lane_pdst[i] = p;
          check(p < PRF && p != 0, $sformatf("cycle %0d lane %0d: pdst p%0d", cyc, i, p));
          if (n_rd <= free_m) begin
            check(!in_use(p), $sformatf("cycle %0d lane %0d: pdst p%0d is in use", cyc, i, p));
            for (int j = 0; j < i; j++)
              if (valid[j] && rd_used[j])
                check(lane_pdst[j] != p,
                      $sformatf("cycle %0d: lanes %0d and %0d both get p%0d", cyc, j, i, p));
          end
          for (int j = i + 1; j < W; j++) begin
            if (valid[j] && (rs1[j*6 +: 6] == d || rs2[j*6 +: 6] == d || rs3[j*6 +: 6] == d))
              n_bypass++;
            if (valid[j] && rs3[j*6 +: 6] == d) n_rs3_bypass++;
          end
          smap[d] = p;
          srdy[d] = 0;
        end else begin
          check(pdst[i*PB +: PB] == '0, $sformatf("cycle %0d lane %0d: pdst without rd", cyc, i));
        end
      end

      // ---- the model takes the same edge ----
      for (int i = 0; i < n_cpl; i++) begin
        e = q.pop_front();
        if (e.rd_used) comm_map[e.rd] = e.pdst;
        n_commits++;
      end
      foreach (q[k]) if (!q[k].rd_used || ready[q[k].pdst]) q[k].done = 1;
      for (int j = 0; j < PRF; j++) if (woke[j]) ready[j] = 1;
      fired = fire && n_rd <= free_m && !flush;
      if (fired) begin
        for (int i = 0; i < W; i++) begin
          if (!valid[i]) continue;
          e.rd_used  = rd_used[i];
          e.rd       = rd[i*6 +: 6];
          e.pdst     = rd_used[i] ? lane_pdst[i] : 0;
          e.old_pdst = spec_map[e.rd];
          e.done     = 0;
          q.push_back(e);
          if (rd_used[i]) begin
            spec_map[e.rd] = e.pdst;
            ready[e.pdst] = 0;
            n_alloc_total++;
            if (e.rd >= 32) n_fp_alloc++;
          end
        end
      end
      if (drain > 1) begin
        if (!fired) begin
          check(drain - 2 == FL,
                $sformatf("free list ran dry after %0d allocations, expected %0d", drain - 2, FL));
          drain = -1;
        end else begin
          drain++;
        end
      end
      if (drain == 1) drain = 2;
      if (flush) begin
        q.delete();
        spec_map = comm_map;
        for (int j = 0; j < PRF; j++) ready[j] = 1;
        n_flushes++;
        if (n_flushes % 4 == 1 && drain == 0) probe = 1;
      end
      @(posedge clk);
      #1;
      if (drain == -1) break;
    end
    check(drain == -1, "the final drain did not finish");
    $display("W=%0d PRF=%0d: %0d allocations (%0d to f registers), %0d commits, %0d flushes, %0d cycles full, %0d in-group dependences (%0d through rs3)",
             W, PRF, n_alloc_total, n_fp_alloc, n_commits, n_flushes, n_full, n_bypass,
             n_rs3_bypass);
    check(n_flushes > 50 && n_full > 100 && n_commits > 10000 && n_bypass > 1000 &&
          n_fp_alloc > 3000 && n_rs3_bypass > 300, "traffic too thin to mean anything");
    done = 1;
  end
endmodule
