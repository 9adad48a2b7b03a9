// Checks fetch_buffer against a queue model under random enqueue, dequeue
// and flush: order and contents, enq_ready only with room for a whole
// packet (ENQ_W), the valid lanes, and the packet's PSV bits landing on its
// first instruction only. Runs the configured size (packets of
// CFG_FETCH_LANES, dequeues of CFG_W) and one that is not a power of two
// (as `large`), with packets wider than the dequeue.
`include "frontend_types.svh"

module fetch_buffer_tb;
  logic clk = 0;
  always #5 clk = ~clk;
  bit done_cfg, done_odd;
  int errors_cfg, errors_odd;

  fetch_buffer_check #(.N(CFG_FB_ENTRIES), .W(CFG_W), .EQ(CFG_FETCH_LANES)) cfg (
    .clk(clk), .done(done_cfg), .errors(errors_cfg));
  fetch_buffer_check #(.N(12), .W(3), .EQ(5)) odd (.clk(clk), .done(done_odd), .errors(errors_odd));

  initial begin
    wait (done_cfg && done_odd);
    if (errors_cfg + errors_odd == 0) $display("PASS fetch_buffer_tb");
    else $fatal(1, "%0d errors", errors_cfg + errors_odd);
    $finish;
  end
endmodule

module fetch_buffer_check #(
  parameter int unsigned N = 16,
  parameter int unsigned W = 2,
  parameter int unsigned EQ = 4   // lanes of a packet
) (
  input  logic clk,
  output bit   done,
  output int   errors
);
  localparam int unsigned EW = FETCH_ENTRY_BITS;
  localparam int unsigned LB = $clog2(W + 1);
  localparam int unsigned QB = $clog2(EQ + 1);

  logic rst_n = 0;

  logic          flush = 0;
  logic [QB-1:0] enq_count = '0;
  logic [LB-1:0] deq_count = '0;
  logic [EQ*EW-1:0] enq = '0;
  logic [W*EW-1:0] deq;
  fe_psv_t       enq_psv = '0;
  logic          enq_ready;
  logic [W-1:0]  deq_valid;

  fetch_buffer #(.ENTRIES(N), .W(W), .ENQ_W(EQ)) dut (
    .clk_i(clk), .rst_ni(rst_n), .flush_i(flush),
    .enq_count_i(enq_count), .enq_i(enq), .enq_psv_i(enq_psv), .enq_ready_o(enq_ready),
    .deq_valid_o(deq_valid), .deq_o(deq), .deq_count_i(deq_count));

  fetch_entry_t model [$];
  int max_seen = 0, full_cycles = 0, empty_cycles = 0, psv_first = 0, packets = 0;

  function automatic fetch_entry_t random_entry();
    fetch_entry_t e;
    e.pc       = {$urandom, $urandom};
    e.rvc      = 1'($urandom);
    e.bits     = e.rvc ? {16'h0, 16'($urandom)} : $urandom;
    e.pred_npc = {$urandom, $urandom};
    e.ckpt     = {$urandom, $urandom, $urandom};
    e.psv      = '0;
    random_entry = e;
  endfunction

  task automatic check(input bit ok, input string what);
    if (!ok) begin
      if (errors < 10) $display("FAIL (%0d entries): %s", N, what);
      errors++;
    end
  endtask

  initial begin
    fetch_entry_t lanes [EQ];
    fetch_entry_t got;
    int n_enq, n_deq;
    errors = 0;
    done = 0;

    @(posedge clk);
    #1;
    rst_n = 1;
    check(deq_valid == '0 && enq_ready, "not empty after reset");

    for (int cyc = 0; cyc < 20000; cyc++) begin
      // Outputs before the edge, against the model.
      check(enq_ready == (model.size() <= N - EQ),
            $sformatf("cycle %0d: enq_ready %0d with %0d entries", cyc, enq_ready, model.size()));
      for (int i = 0; i < W; i++) begin
        check(deq_valid[i] == (i < model.size()), $sformatf("cycle %0d: deq_valid[%0d]", cyc, i));
        if (i < model.size()) begin
          got = deq[i*EW +: EW];
          check(got == model[i], $sformatf("cycle %0d: lane %0d entry %h expected %h",
                                           cyc, i, got, model[i]));
        end
      end
      if (model.size() > max_seen) max_seen = model.size();
      if (model.size() > N - EQ) full_cycles++;
      if (model.size() == 0) empty_cycles++;

      // Random stimulus; phases bias towards filling or draining so that
      // both full and empty are reached often.
      n_enq = $urandom_range(EQ, 0);
      n_deq = ((cyc / 500) % 2 == 0) ? $urandom_range(W / 2, 0) : $urandom_range(W, 0);
      if (n_deq > model.size()) n_deq = model.size();
      flush = $urandom_range(99, 0) == 0;
      enq_count = QB'(n_enq);
      deq_count = LB'(n_deq);
      enq_psv   = fe_psv_t'(2'($urandom));
      for (int i = 0; i < EQ; i++) begin
        lanes[i] = random_entry();
        // The buffer must ignore the psv field of the lanes.
        lanes[i].psv = fe_psv_t'(2'($urandom));
        enq[i*EW +: EW] = lanes[i];
      end
      #1;
      // Model of the same edge.
      if (flush) begin
        model.delete();
      end else begin
        bit room = model.size() <= N - EQ;
        for (int i = 0; i < n_deq; i++) void'(model.pop_front());
        if (room && n_enq > 0) begin
          packets++;
          if (enq_psv != '0) psv_first++;
          for (int i = 0; i < n_enq; i++) begin
            fetch_entry_t e = lanes[i];
            e.psv = i == 0 ? enq_psv : '0;
            model.push_back(e);
          end
        end
      end
      @(posedge clk);
      #1;
    end

    $display("%0d entries, packets of %0d, %0d out: %0d cycles full, %0d empty, peak %0d of %0d, %0d packets (%0d with misses)",
             N, EQ, W, full_cycles, empty_cycles, max_seen, N, packets, psv_first);
    check(max_seen == N || max_seen > N - EQ, "buffer never filled");
    check(full_cycles > 100 && empty_cycles > 100, "full or empty rarely reached");
    done = 1;
  end
endmodule
