`include "core_types.svh"

// Register renaming: speculative RAT, committed RAT, free list, busy table,
// for the 64 architectural registers (x0-x31, then f0-f31) in one physical
// register file: an FP result and an integer one are both 64 bits, and an
// instruction that moves between the two classes needs nothing special.
// Recovery happens at commit only (docs/microarchitecture.md): on flush_i
// every instruction in flight is squashed, the speculative RAT becomes the
// committed RAT (with this cycle's commits) and all physical registers are
// ready.
//
// The free list is a ring of the PRF - 64 registers that the committed RAT
// does not hold. Rename allocates at a speculative head; commit advances a
// committed head over the same entries in the same order and writes the
// freed old mapping into the slot it leaves, so the ring always holds every
// register outside the committed RAT and a flush only moves the speculative
// head back to the committed one.
//
// Rename outputs are combinational from the registered state and the lane
// inputs; can_alloc_o judges the free count before this cycle's commits.
// Lanes with fire_i allocate only when can_alloc_o and not flush_i.
module rename #(
  parameter int unsigned W     = CFG_W,
  parameter int unsigned PRF   = CFG_PRF_ENTRIES,
  parameter int unsigned NWAKE = 4,
  localparam int unsigned PB   = $clog2(PRF)   // PREG_BITS for PRF = CFG_PRF_ENTRIES
) (
  input  logic                clk_i,
  input  logic                rst_ni,
  input  logic                flush_i,

  input  logic [W-1:0]        valid_i,         // a prefix: lanes 0 .. n-1
  input  logic                fire_i,          // the valid lanes dispatch this cycle
  input  logic [W*6-1:0]      rs1_i,
  input  logic [W*6-1:0]      rs2_i,
  input  logic [W*6-1:0]      rs3_i,
  input  logic [W*6-1:0]      rd_i,
  input  logic [W-1:0]        rd_used_i,       // writes rd (rd != 0)
  output logic [W*PB-1:0]     prs1_o,
  output logic [W*PB-1:0]     prs2_o,
  output logic [W*PB-1:0]     prs3_o,
  output logic [W*PB-1:0]     pdst_o,          // zero when the lane does not write rd
  output logic [W*PB-1:0]     old_pdst_o,
  output logic [W-1:0]        prs1_ready_o,
  output logic [W-1:0]        prs2_ready_o,
  output logic [W-1:0]        prs3_ready_o,
  output logic                can_alloc_o,

  input  logic [NWAKE-1:0]    wake_valid_i,
  input  logic [NWAKE*PB-1:0] wake_pdst_i,

  input  logic [W-1:0]        commit_valid_i,  // committing lanes that write rd, in order
  input  logic [W*6-1:0]      commit_rd_i,
  input  logic [W*PB-1:0]     commit_pdst_i,
  input  logic [W*PB-1:0]     commit_old_pdst_i
);
  localparam int unsigned NAR       = 64;   // architectural registers
  localparam int unsigned FL        = PRF - NAR;
  localparam int unsigned FL_IDX    = $clog2(FL);
  localparam int unsigned FL_CNT    = $clog2(FL + 1);
  localparam int unsigned LANE_BITS = $clog2(W + 1);

  if (PRF < NAR + W || PRF > (1 << PB)) begin : g_size_check
    $error("rename needs at least 64 + W physical registers");
  end

  // Entry 0 of both RATs stays p0 (x0 is never renamed).
  logic [NAR*PB-1:0] spec_rat_q, spec_rat_d, comm_rat_q, comm_rat_d;
  logic [FL*PB-1:0]  fl_q, fl_d;
  logic [FL_IDX-1:0] spec_head_q, spec_head_d, comm_head_q, comm_head_d;
  logic [FL_CNT-1:0] free_q, free_d;
  logic [PRF-1:0]    ready_q, ready_d;

  // Ring index arithmetic that works for sizes that are not powers of two.
  function automatic logic [FL_IDX-1:0] wrap_add(input logic [FL_IDX-1:0] idx,
                                                 input logic [LANE_BITS-1:0] n);
    logic [FL_IDX:0] sum;
    sum = {1'b0, idx} + (FL_IDX + 1)'(n);
    if (sum >= (FL_IDX + 1)'(FL)) sum = sum - (FL_IDX + 1)'(FL);
    wrap_add = sum[FL_IDX-1:0];
  endfunction

  // A register woken this cycle counts as ready for a consumer that issues
  // next cycle.
  function automatic logic woken(input logic [NWAKE-1:0] wv, input logic [NWAKE*PB-1:0] wp,
                                 input logic [PB-1:0] p);
    woken = 1'b0;
    for (int k = 0; k < NWAKE; k++) begin
      if (wv[k] && wp[k*PB +: PB] == p) woken = 1'b1;
    end
  endfunction

  logic [W-1:0]         alloc_lane;
  logic [LANE_BITS-1:0] n_alloc, n_commit;
  logic                 fire;

  // Rename: new destinations from the ring, sources through the RAT with
  // the group's earlier destinations taking precedence.
  always_comb begin
    logic [3*6-1:0]    rs;   // rs1, rs2, rs3
    logic [3*PB-1:0]   p;
    logic [2:0]        r;
    logic [5:0]        rd;
    logic [PB-1:0]     pold;
    logic [FL_IDX-1:0] slot;
    n_alloc = '0;
    for (int i = 0; i < W; i++) begin
      rs    = {rs3_i[i*6 +: 6], rs2_i[i*6 +: 6], rs1_i[i*6 +: 6]};
      rd    = rd_i[i*6 +: 6];
      alloc_lane[i] = valid_i[i] && rd_used_i[i] && rd != 6'd0;
      slot = wrap_add(spec_head_q, n_alloc);
      pdst_o[i*PB +: PB] = alloc_lane[i] ? fl_q[slot*PB +: PB] : '0;
      n_alloc = n_alloc + LANE_BITS'(alloc_lane[i]);

      pold = spec_rat_q[rd*PB +: PB];
      for (int k = 0; k < 3; k++) begin
        p[k*PB +: PB] = spec_rat_q[rs[k*6 +: 6]*PB +: PB];
        r[k]          = ready_q[p[k*PB +: PB]] || woken(wake_valid_i, wake_pdst_i, p[k*PB +: PB]);
      end
      for (int j = 0; j < i; j++) begin
        for (int k = 0; k < 3; k++) begin
          if (alloc_lane[j] && rd_i[j*6 +: 6] == rs[k*6 +: 6]) begin
            p[k*PB +: PB] = pdst_o[j*PB +: PB];
            r[k] = 1'b0;
          end
        end
        if (alloc_lane[j] && rd_i[j*6 +: 6] == rd) pold = pdst_o[j*PB +: PB];
      end
      for (int k = 0; k < 3; k++) begin
        if (rs[k*6 +: 6] == 6'd0) begin
          p[k*PB +: PB] = '0;
          r[k] = 1'b1;
        end
      end
      prs1_o[i*PB +: PB]     = p[0 +: PB];
      prs2_o[i*PB +: PB]     = p[PB +: PB];
      prs3_o[i*PB +: PB]     = p[2*PB +: PB];
      old_pdst_o[i*PB +: PB] = pold;
      prs1_ready_o[i]        = r[0];
      prs2_ready_o[i]        = r[1];
      prs3_ready_o[i]        = r[2];
    end
  end

  assign can_alloc_o = FL_CNT'(n_alloc) <= free_q;
  assign fire        = fire_i && can_alloc_o && !flush_i;

  always_comb begin
    logic [5:0]        rd;
    logic [FL_IDX-1:0] slot;
    // Commit: the committed RAT takes the new mapping, the old one goes back
    // into the ring where the committed head leaves it.
    rd         = '0;
    slot       = '0;
    comm_rat_d = comm_rat_q;
    fl_d       = fl_q;
    n_commit   = '0;
    for (int i = 0; i < W; i++) begin
      if (commit_valid_i[i]) begin
        rd   = commit_rd_i[i*6 +: 6];
        slot = wrap_add(comm_head_q, n_commit);
        for (int r = 1; r < NAR; r++) begin
          if (rd == 6'(r)) comm_rat_d[r*PB +: PB] = commit_pdst_i[i*PB +: PB];
        end
        for (int k = 0; k < FL; k++) begin
          if (slot == FL_IDX'(k)) fl_d[k*PB +: PB] = commit_old_pdst_i[i*PB +: PB];
        end
        n_commit = n_commit + LANE_BITS'(1);
      end
    end
    comm_head_d = wrap_add(comm_head_q, n_commit);

    // Rename: the speculative RAT and the busy table.
    spec_rat_d  = spec_rat_q;
    spec_head_d = spec_head_q;
    free_d      = free_q + FL_CNT'(n_commit);
    ready_d     = ready_q;
    for (int p = 0; p < PRF; p++) begin
      if (woken(wake_valid_i, wake_pdst_i, PB'(p))) ready_d[p] = 1'b1;
    end
    if (fire) begin
      spec_head_d = wrap_add(spec_head_q, n_alloc);
      free_d      = free_d - FL_CNT'(n_alloc);
      for (int i = 0; i < W; i++) begin
        if (alloc_lane[i]) begin
          rd = rd_i[i*6 +: 6];
          for (int r = 1; r < NAR; r++) begin
            if (rd == 6'(r)) spec_rat_d[r*PB +: PB] = pdst_o[i*PB +: PB];
          end
          for (int p = 1; p < PRF; p++) begin
            if (pdst_o[i*PB +: PB] == PB'(p)) ready_d[p] = 1'b0;
          end
        end
      end
    end
    if (flush_i) begin
      spec_rat_d  = comm_rat_d;
      spec_head_d = comm_head_d;
      free_d      = FL_CNT'(FL);
      ready_d     = '1;
    end
    ready_d[0] = 1'b1;
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      // architectural register r maps to p(r); p64 .. PRF-1 are free.
      for (int r = 0; r < NAR; r++) begin
        spec_rat_q[r*PB +: PB] <= PB'(r);
        comm_rat_q[r*PB +: PB] <= PB'(r);
      end
      for (int k = 0; k < FL; k++) fl_q[k*PB +: PB] <= PB'(NAR + k);
      spec_head_q <= '0;
      comm_head_q <= '0;
      free_q      <= FL_CNT'(FL);
      ready_q     <= '1;
    end else begin
      spec_rat_q  <= spec_rat_d;
      comm_rat_q  <= comm_rat_d;
      fl_q        <= fl_d;
      spec_head_q <= spec_head_d;
      comm_head_q <= comm_head_d;
      free_q      <= free_d;
      ready_q     <= ready_d;
    end
  end
endmodule
