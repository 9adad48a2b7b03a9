// Checks tage: with nothing allocated it predicts what the base predictor
// says; a loop of 20 iterations, whose exit only a history longer than 20
// outcomes tells apart, and a branch taken every third time are learnt
// completely over a base that always says taken; two branches in the slots
// of one block keep apart; a pattern the base gets right allocates nothing;
// a reset clears what was learnt (the tables clear a row a cycle after it).
`include "frontend_types.svh"

module tage_tb;
  localparam int unsigned XLEN  = 64;
  localparam int unsigned SLOTS = 4;
  localparam int unsigned HB    = 64;

  logic clk = 0;
  logic rst_n = 1;   // falls at the start: the reset is asynchronous
  always #5 clk = ~clk;

  logic [XLEN-1:0]  fetch_pc = '0, upd_pc = '0;
  logic [HB-1:0]    fetch_hist = '0, upd_hist = '0;
  logic [SLOTS-1:0] fetch_base = '1, taken;
  logic             upd_valid = 0, upd_base = 1, upd_taken = 0;

  tage #(.XLEN(XLEN), .SLOTS(SLOTS), .ROWS(64), .HIST_BITS(HB)) dut (
    .clk_i(clk), .rst_ni(rst_n),
    .fetch_pc_i(fetch_pc), .fetch_hist_i(fetch_hist), .fetch_base_i(fetch_base),
    .fetch_taken_o(taken),
    .upd_valid_i(upd_valid), .upd_pc_i(upd_pc), .upd_hist_i(upd_hist),
    .upd_base_i(upd_base), .upd_taken_i(upd_taken));

  int errors = 0;
  logic [HB-1:0] hist = '0;   // the outcomes so far, newest in [0]

  task automatic check(input bit ok, input string what);
    if (!ok) begin
      $display("FAIL: %s", what);
      errors++;
    end
  endtask

  // Predicts the branch at pc with the history so far (base: taken), then
  // resolves it with the real outcome and shifts that into the history.
  // Returns 1 when the prediction was right.
  task automatic run(input logic [XLEN-1:0] pc, input logic outcome, output bit ok);
    logic [1:0] slot;
    slot = pc[2:1];
    fetch_pc   = pc;
    fetch_hist = hist;
    #1;
    ok = taken[slot] == outcome;
    upd_valid = 1; upd_pc = pc; upd_hist = hist; upd_base = fetch_base[slot];
    upd_taken = outcome;
    @(posedge clk);
    #1;
    upd_valid = 0;
    hist = {hist[HB-2:0], outcome};
  endtask

  initial begin
    bit ok;
    int wrong;
    logic [HB-1:0] exit_hist;

    #1 rst_n = 0;
    @(posedge clk);
    rst_n = 1;
    @(posedge clk);
    #1;

    // Nothing allocated: the base's direction, slot by slot.
    fetch_pc = 64'h1000; fetch_base = 4'b0101;
    #1;
    check(taken == 4'b0101, "untrained tables override the base");
    fetch_base = '1;

    // Loop of 20 iterations: the base's "taken" misses every exit.
    wrong = 0;
    for (int n = 0; n < 80; n++) begin
      for (int k = 0; k < 20; k++) begin
        if (k == 19) exit_hist = hist;
        run(64'h2000, k != 19, ok);
        if (n >= 40 && !ok) wrong++;
      end
    end
    $display("loop 19T+1N: %0d of 800 trained predictions wrong", wrong);
    check(wrong == 0, "trained loop exit mispredicted");

    // Taken every third time, in slot 1 of a block whose slot 0 holds a
    // branch always taken: both learnt, neither disturbs the other.
    wrong = 0;
    for (int n = 0; n < 300; n++) begin
      run(64'h3000, 1'b1, ok);
      if (n >= 150 && !ok) wrong++;
      run(64'h3002, n % 3 == 0, ok);
      if (n >= 150 && !ok) wrong++;
    end
    $display("period 3 beside always taken: %0d of 300 trained predictions wrong", wrong);
    check(wrong == 0, "trained period-3 branch mispredicted");

    // A branch the base always gets right takes no entry: at a new pc,
    // after many runs, the tables still give the base's direction.
    for (int n = 0; n < 50; n++) run(64'h4006, 1'b1, ok);
    fetch_pc = 64'h4006; fetch_hist = hist; fetch_base = 4'b0000;
    #1;
    check(taken[3] == 1'b0, "a branch the base predicts allocated an entry");

    // Reset: the loop's exit is the base's "taken" again.
    fetch_pc = 64'h2000; fetch_hist = exit_hist; fetch_base = '1;
    #1;
    check(taken[0] == 1'b0, "trained loop exit not predicted before the reset");
    rst_n = 0;
    #1 rst_n = 1;
    repeat (64) @(posedge clk);
    #1;
    check(taken[0] == 1'b1, "a reset left the trained entries");

    if (errors == 0) $display("PASS: tage");
    else $display("FAILED: %0d errors", errors);
    $finish;
  end
endmodule
