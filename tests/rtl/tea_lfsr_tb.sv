// Checks that tea_lfsr never reaches zero, holds when not stepped, and visits
// every non-zero state once per period (2^WIDTH - 1), for two polynomials.
module tea_lfsr_tb;
  logic clk = 0;
  logic rst_n = 0;
  logic step = 0;
  logic [15:0] v16;
  logic [7:0] v8;

  tea_lfsr #(.WIDTH(16), .TAPS(16'hB400), .SEED(16'h1)) lfsr16 (
    .clk_i(clk), .rst_ni(rst_n), .step_i(step), .value_o(v16));
  tea_lfsr #(.WIDTH(8), .TAPS(8'hB8), .SEED(8'h5A)) lfsr8 (
    .clk_i(clk), .rst_ni(rst_n), .step_i(step), .value_o(v8));

  always #5 clk = ~clk;

  bit seen16 [65536];
  bit seen8 [256];
  int errors = 0;

  task automatic tick();
    @(posedge clk);
    #1;
  endtask

  initial begin
    tick();
    rst_n = 1;
    if (v16 != 16'h1 || v8 != 8'h5A) begin
      $display("FAIL: reset values %h %h", v16, v8);
      errors++;
    end
    // Not stepped: the state must hold.
    repeat (3) tick();
    if (v16 != 16'h1) begin
      $display("FAIL: state changed without step");
      errors++;
    end
    step = 1;
    for (int i = 0; i < 65535; i++) begin
      if (v16 == 0 || seen16[v16]) begin
        $display("FAIL: 16-bit state %h repeated or zero at step %0d", v16, i);
        errors++;
        break;
      end
      seen16[v16] = 1;
      if (i < 255) begin
        if (v8 == 0 || seen8[v8]) begin
          $display("FAIL: 8-bit state %h repeated or zero at step %0d", v8, i);
          errors++;
        end
        seen8[v8] = 1;
      end
      tick();
    end
    if (v16 != 16'h1) begin
      $display("FAIL: 16-bit period is not 65535 (state %h)", v16);
      errors++;
    end
    if (errors == 0) $display("PASS tea_lfsr_tb");
    else $fatal(1, "%0d errors", errors);
    $finish;
  end
endmodule
