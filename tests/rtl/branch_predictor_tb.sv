// Checks branch_predictor: a loop and an alternating branch that gshare
// learns completely, call/return nesting deeper than the RAS (exactly
// RAS_ENTRIES returns predicted), BTB aliasing without false hits, the first
// predicted-taken slot of a block, and history/RAS repair from checkpoints.
`include "frontend_types.svh"

module branch_predictor_tb;
  localparam int unsigned XLEN  = CFG_XLEN;
  localparam int unsigned SLOTS = CFG_FETCH_BYTES / 2;
  localparam int unsigned SB    = $clog2(CFG_FETCH_BYTES / 2);

  logic clk = 0;
  logic rst_n = 0;
  always #5 clk = ~clk;

  logic [XLEN-1:0] fetch_pc = '0;
  logic            fetch_fire = 0;
  logic            pred_taken;
  logic [SB-1:0]   pred_slot;
  logic [XLEN-1:0] pred_target;
  br_kind_e        pred_kind;
  bp_ckpt_t        ckpt;
  logic            upd_valid = 0, upd_rvc = 0, upd_taken = 0, upd_mispredict = 0;
  logic [XLEN-1:0] upd_pc = '0, upd_target = '0;
  br_kind_e        upd_kind = BR_KIND_BRANCH;
  bp_ckpt_t        upd_ckpt = '0;
  logic            flush = 0;
  bp_ckpt_t        flush_ckpt = '0;
  logic            confirm = 1;   // the front end's predecode: a control-flow instruction

  branch_predictor dut (
    .clk_i(clk), .rst_ni(rst_n),
    .fetch_pc_i(fetch_pc), .fetch_fire_i(fetch_fire),
    .pred_taken_o(pred_taken), .pred_slot_o(pred_slot), .pred_target_o(pred_target),
    .pred_kind_o(pred_kind), .pred_confirm_i(confirm), .ckpt_o(ckpt),
    .upd_valid_i(upd_valid), .upd_pc_i(upd_pc), .upd_rvc_i(upd_rvc), .upd_kind_i(upd_kind),
    .upd_taken_i(upd_taken), .upd_target_i(upd_target), .upd_mispredict_i(upd_mispredict),
    .upd_ckpt_i(upd_ckpt), .flush_i(flush), .flush_ckpt_i(flush_ckpt));

  int errors = 0;

  task automatic tick();
    @(posedge clk);
    #1;
  endtask

  task automatic check(input bit ok, input string what);
    if (!ok) begin
      $display("FAIL: %s", what);
      errors++;
    end
  endtask

  task automatic look(input logic [XLEN-1:0] pc);
    fetch_pc = pc;
    #1;
  endtask

  task automatic resolve(input logic [XLEN-1:0] pc, input logic rvc, input br_kind_e kind,
                         input logic taken, input logic [XLEN-1:0] target,
                         input logic mispredict, input bp_ckpt_t ck);
    upd_valid = 1; upd_pc = pc; upd_rvc = rvc; upd_kind = kind; upd_taken = taken;
    upd_target = target; upd_mispredict = mispredict; upd_ckpt = ck;
    tick();
    upd_valid = 0; upd_mispredict = 0;
  endtask

  // Fetches at the instruction's own pc, lets the predictor update its
  // speculative state, then resolves with the real outcome. Returns 1 when
  // the prediction for this instruction (direction and target) was right.
  function automatic logic [SB-1:0] slot_of(input logic [XLEN-1:0] pc);
    slot_of = pc[SB:1];
  endfunction

  task automatic run(input logic [XLEN-1:0] pc, input logic rvc, input br_kind_e kind,
                     input logic taken, input logic [XLEN-1:0] target, output bit ok);
    bit p_taken;
    logic [XLEN-1:0] p_target;
    bp_ckpt_t ck;
    look(pc);
    p_taken  = pred_taken && pred_slot == slot_of(pc);
    p_target = pred_target;
    ck = ckpt;
    fetch_fire = 1;
    tick();
    fetch_fire = 0;
    ok = p_taken == taken && (!taken || p_target == target);
    resolve(pc, rvc, kind, taken, target, !ok, ck);
  endtask

  // Calls use the lower half of the BTB index range, returns the upper
  // half, and the loop and alternating branches its top, so that only the
  // aliasing test has pcs that share a BTB entry.
  localparam logic [XLEN-1:0] LOOP_PC = 64'h1000_0000 + 2 * CFG_BTB_ENTRIES - 64'h3c;
  localparam logic [XLEN-1:0] ALT_PC  = 64'h1000_0000 + 2 * CFG_BTB_ENTRIES - 64'h1a;
  localparam int unsigned DEPTH = CFG_RAS_ENTRIES + 3;

  function automatic logic [XLEN-1:0] call_pc(input int i);
    call_pc = 64'h2000_0000 + XLEN'(i) * 64'h10 + XLEN'(i % 2) * 2;
  endfunction
  function automatic logic [XLEN-1:0] ret_pc(input int i);
    ret_pc = 64'h3000_0000 + CFG_BTB_ENTRIES + XLEN'(i) * 64'h10;
  endfunction
  function automatic logic [XLEN-1:0] link(input int i);
    link = call_pc(i) + (i % 3 == 0 ? 64'd2 : 64'd4);
  endfunction

  // One walk down DEPTH nested calls and back up; returns the number of
  // correct call and return predictions and, per return, whether it was right.
  task automatic nest(input int depth, output int calls_ok, output int rets_ok,
                      output bit ret_right [64]);
    bit ok;
    calls_ok = 0;
    rets_ok  = 0;
    for (int i = 0; i < depth; i++) begin
      run(call_pc(i), i % 3 == 0, BR_KIND_CALL, 1, 64'h8000_0000 + XLEN'(i) * 64'h100, ok);
      calls_ok += int'(ok);
    end
    for (int j = 0; j < depth; j++) begin
      int i = depth - 1 - j;
      run(ret_pc(i), 1'b0, BR_KIND_RETURN, 1, link(i), ok);
      ret_right[j] = ok;
      rets_ok += int'(ok);
    end
  endtask

  initial begin
    bit ok;
    int wrong, calls_ok, rets_ok;
    bit ret_right [64];
    bp_ckpt_t ck0, ck1;
    logic [XLEN-1:0] blk;

    tick();
    rst_n = 1;
    tick();

    // Nothing trained: nothing predicted taken.
    look(LOOP_PC);
    check(!pred_taken, "empty BTB predicts taken");

    // Loop branch taken 5 times, then falls through. History of 8+ bits
    // tells every iteration apart, so after training there is no miss
    // (a bimodal counter would miss every exit).
    wrong = 0;
    for (int n = 0; n < 60; n++) begin
      for (int k = 0; k < 6; k++) begin
        run(LOOP_PC, 1'b0, BR_KIND_BRANCH, k != 5, LOOP_PC - 64'h40, ok);
        if (n >= 30 && !ok) wrong++;
      end
    end
    $display("loop 5T+1N: %0d of 180 trained predictions wrong", wrong);
    check(wrong == 0, "trained loop branch mispredicted");

    // Alternating branch: learnt from history.
    wrong = 0;
    for (int n = 0; n < 200; n++) begin
      run(ALT_PC, 1'b1, BR_KIND_BRANCH, n % 2 == 0, ALT_PC + 64'h20, ok);
      if (n >= 100 && !ok) wrong++;
    end
    $display("alternating: %0d of 100 trained predictions wrong", wrong);
    check(wrong == 0, "trained alternating branch mispredicted");

    // Calls and returns: a first walk trains the BTB, the second must
    // predict every call and exactly the innermost RAS_ENTRIES returns
    // (the outer ones were overwritten when the stack wrapped).
    nest(DEPTH, calls_ok, rets_ok, ret_right);
    nest(DEPTH, calls_ok, rets_ok, ret_right);
    $display("nesting %0d deep, RAS %0d: %0d/%0d calls, %0d/%0d returns right",
             DEPTH, CFG_RAS_ENTRIES, calls_ok, DEPTH, rets_ok, DEPTH);
    check(calls_ok == DEPTH, "trained calls mispredicted");
    check(rets_ok == CFG_RAS_ENTRIES, "returns right != RAS entries");
    for (int j = 0; j < DEPTH; j++)
      check(ret_right[j] == (j < CFG_RAS_ENTRIES), $sformatf("return %0d from inside", j));
    nest(3, calls_ok, rets_ok, ret_right);
    check(calls_ok == 3 && rets_ok == 3, "shallow nesting after overflow mispredicted");

    // Aliasing: same BTB index, different tag. The newer entry replaces the
    // older one, and the older pc then misses instead of taking its target.
    resolve(64'h4000_0010, 1'b0, BR_KIND_JUMP, 1, 64'h4100_0000, 1'b0, ckpt);
    look(64'h4000_0010);
    check(pred_taken && pred_target == 64'h4100_0000 && pred_kind == BR_KIND_JUMP,
          "trained jump not predicted");
    resolve(64'h4000_0010 + 2 * CFG_BTB_ENTRIES, 1'b0, BR_KIND_JUMP, 1, 64'h4200_0000,
            1'b0, ckpt);
    look(64'h4000_0010);
    check(!pred_taken, "evicted alias still predicted (false hit)");
    look(64'h4000_0010 + 2 * CFG_BTB_ENTRIES);
    check(pred_taken && pred_target == 64'h4200_0000, "alias not predicted");

    // First predicted-taken slot of a block, from the fetch offset on: a
    // not-taken conditional branch in slot 0, jumps in slot 1 and the last.
    blk = 64'h5000_0000;
    resolve(blk, 1'b1, BR_KIND_BRANCH, 1, blk + 64'h80, 1'b0, ckpt);
    for (int n = 0; n < 3; n++) resolve(blk, 1'b1, BR_KIND_BRANCH, 0, blk + 64'h80, 1'b0, ckpt);
    resolve(blk + 2, 1'b1, BR_KIND_JUMP, 1, 64'h5100_0000, 1'b0, ckpt);
    resolve(blk + 2 * (SLOTS - 1), 1'b0, BR_KIND_JUMP, 1, 64'h5200_0000, 1'b0, ckpt);
    look(blk);
    check(pred_taken && pred_slot == 1 && pred_target == 64'h5100_0000,
          "block from offset 0: slot 1 expected");
    look(blk + 4);
    check(pred_taken && pred_slot == SB'(SLOTS - 1) && pred_target == 64'h5200_0000,
          "block from offset 4: last slot expected");
    look(blk + 2 * SLOTS);
    check(!pred_taken, "next block predicted taken");
    // The fetch from offset 0 saw a conditional branch not taken: one 0 bit.
    look(blk);
    ck0 = ckpt;
    fetch_fire = 1;
    tick();
    fetch_fire = 0;
    look(blk + 2 * SLOTS);
    check(ckpt.ghist == {ck0.ghist[FE_HIST_BITS-2:0], 1'b0}, "history not shifted by 0");
    // A fetch with no conditional branch leaves the history alone.
    ck0 = ckpt;
    look(blk + 4);
    fetch_fire = 1;
    tick();
    fetch_fire = 0;
    look(blk + 2 * SLOTS);
    check(ckpt.ghist == ck0.ghist, "jump-only fetch changed the history");

    // Repair. Wrong-path fetches push, pop and shift; a flush at commit
    // restores the checkpoint exactly.
    look(64'h6000_0000);
    ck0 = ckpt;
    for (int i = 0; i < 4; i++) begin
      look(call_pc(i));
      fetch_fire = 1;
      tick();
      fetch_fire = 0;
    end
    look(LOOP_PC);
    fetch_fire = 1;
    tick();
    fetch_fire = 0;
    look(64'h6000_0000);
    check(ckpt != ck0, "wrong path did not change the speculative state");
    flush = 1; flush_ckpt = ck0;
    tick();
    flush = 0;
    look(64'h6000_0000);
    check(ckpt == ck0, "flush did not restore the checkpoint");
    // A mispredicted call: checkpoint plus its own push.
    resolve(call_pc(1), 1'b0, BR_KIND_CALL, 1, 64'h7000_0000, 1'b1, ck0);
    look(64'h6000_0000);
    check(ckpt.ghist == ck0.ghist && ckpt.ras_ptr == ck0.ras_ptr + 1'b1 &&
          ckpt.ras_top == call_pc(1) + 4, "call repair");
    look(ret_pc(1));
    check(pred_taken && pred_target == call_pc(1) + 4, "return after call repair");
    ck1 = ckpt;
    // A mispredicted return pops back to the checkpoint before the call,
    // whose top entry was overwritten by the push and is written back.
    resolve(ret_pc(1), 1'b0, BR_KIND_RETURN, 1, call_pc(1) + 4, 1'b1, ck1);
    look(64'h6000_0000);
    check(ckpt.ras_ptr == ck0.ras_ptr && ckpt.ghist == ck0.ghist, "return repair");
    // A wrong-path return then call overwrite the entry under the
    // checkpoint's top; both a flush and a mispredict write it back.
    look(64'h6000_0000);
    ck0 = ckpt;
    for (int r = 0; r < 2; r++) begin
      look(ret_pc(1));
      fetch_fire = 1;
      tick();
      look(call_pc(2));
      tick();
      fetch_fire = 0;
      look(64'h6000_0000);
      check(ckpt.ras_ptr == ck0.ras_ptr && ckpt.ras_top != ck0.ras_top,
            "wrong-path return and call did not overwrite the top");
      if (r == 0) begin
        flush = 1; flush_ckpt = ck0;
        tick();
        flush = 0;
      end else begin
        resolve(LOOP_PC, 1'b0, BR_KIND_BRANCH, 1, LOOP_PC - 64'h40, 1'b1, ck0);
      end
      look(64'h6000_0000);
      check(ckpt.ras_ptr == ck0.ras_ptr && ckpt.ras_top == ck0.ras_top,
            r == 0 ? "flush did not restore the RAS top" : "mispredict did not restore the RAS top");
    end
    // A mispredicted conditional branch: checkpoint history plus its outcome.
    resolve(ALT_PC, 1'b1, BR_KIND_BRANCH, 1, ALT_PC + 64'h20, 1'b1, ck0);
    look(64'h6000_0000);
    check(ckpt.ghist == {ck0.ghist[FE_HIST_BITS-2:0], 1'b1} && ckpt.ras_ptr == ck0.ras_ptr &&
          ckpt.ras_top == ck0.ras_top, "branch repair");

    // A return predicted where the front end finds a plain instruction
    // (another code's BTB entry) is dropped: the RAS is not popped.
    look(64'h6000_0000);
    ck0 = ckpt;
    look(ret_pc(1));
    check(pred_taken, "the return is known to the BTB");
    confirm = 0;
    fetch_fire = 1;
    tick();
    fetch_fire = 0;
    confirm = 1;
    look(64'h6000_0000);
    check(ckpt.ras_ptr == ck0.ras_ptr && ckpt.ras_top == ck0.ras_top && ckpt.ghist == ck0.ghist,
          "an unconfirmed return popped the RAS");

    if (errors == 0) $display("PASS branch_predictor_tb");
    else $fatal(1, "%0d errors", errors);
    $finish;
  end
endmodule
