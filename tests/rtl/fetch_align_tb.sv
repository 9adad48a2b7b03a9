// Checks fetch_align: a random stream of 16- and 32-bit instructions is laid
// out in memory and fetched block by block, following next_pc_o as pc_gen
// would, with random stalls and redirects. Some instructions are predicted
// taken with their fall-through as target, so the stream stays the same
// while every stop-after-taken case (straddling ones too) is exercised.
// The instructions that come out must be the stream, in order, each once.
`include "frontend_types.svh"

module fetch_align_tb;
  localparam int unsigned XLEN  = CFG_XLEN;
  localparam int unsigned FB    = CFG_FETCH_BYTES;
  localparam int unsigned W     = CFG_W;
  localparam int unsigned SLOTS = CFG_FETCH_BYTES / 2;
  localparam int unsigned SB    = $clog2(CFG_FETCH_BYTES / 2);
  localparam int unsigned NI    = 4000;
  localparam logic [XLEN-1:0] BASE = 64'h8000_0006;

  logic clk = 0;
  logic rst_n = 0;
  always #5 clk = ~clk;

  logic            flush = 0, valid = 0, accept = 0;
  logic [XLEN-1:0] pc = '0;
  logic [8*FB-1:0] block = '0;
  logic            pred_taken = 0;
  logic [SB-1:0]   pred_slot = '0;
  logic [XLEN-1:0] pred_target = '0;
  logic [W-1:0]    ivalid, irvc, itaken;
  logic [W*XLEN-1:0] ipc, inpc;
  logic [W*32-1:0] ibits;
  logic [XLEN-1:0] next_pc;

  fetch_align dut (
    .clk_i(clk), .rst_ni(rst_n), .flush_i(flush),
    .valid_i(valid), .pc_i(pc), .block_i(block),
    .pred_taken_i(pred_taken), .pred_slot_i(pred_slot), .pred_target_i(pred_target),
    .accept_i(accept),
    .instr_valid_o(ivalid), .instr_pc_o(ipc), .instr_bits_o(ibits), .instr_rvc_o(irvc),
    .instr_taken_o(itaken), .instr_npc_o(inpc), .next_pc_o(next_pc));

  logic [XLEN-1:0] ins_pc [NI];
  logic [31:0]     ins_bits [NI];
  bit              ins_rvc [NI];
  bit              ins_taken [NI];
  int              idx_of [logic [XLEN-1:0]];
  logic [7:0]      mem [logic [XLEN-1:0]];
  int errors = 0;

  task automatic check(input bit ok, input string what);
    if (!ok) begin
      if (errors < 10) $display("FAIL: %s", what);
      errors++;
    end
  endtask

  function automatic logic [7:0] byte_at(input logic [XLEN-1:0] a);
    // Past the stream: 16-bit filler.
    byte_at = mem.exists(a) ? mem[a] : (a[0] ? 8'h00 : 8'h01);
  endfunction

  initial begin
    logic [XLEN-1:0] a, blk_base;
    int k, cycles, emitted, straddles, straddle_taken, redirects, stalls;
    bit seen_taken;

    // The stream: about half compressed, one in six predicted taken.
    a = BASE;
    for (int i = 0; i < NI; i++) begin
      ins_pc[i]    = a;
      ins_rvc[i]   = $urandom_range(1, 0) == 1;
      ins_taken[i] = $urandom_range(5, 0) == 0;
      ins_bits[i]  = $urandom;
      if (ins_rvc[i]) begin
        ins_bits[i][31:16] = '0;
        if (ins_bits[i][1:0] == 2'b11) ins_bits[i][1:0] = 2'b01;
      end else begin
        ins_bits[i][1:0] = 2'b11;
      end
      idx_of[a] = i;
      for (int b = 0; b < (ins_rvc[i] ? 2 : 4); b++) mem[a + XLEN'(b)] = ins_bits[i][8*b +: 8];
      a = a + (ins_rvc[i] ? 64'd2 : 64'd4);
    end

    @(posedge clk);
    #1;
    rst_n = 1;
    pc = BASE;
    k = 0;
    cycles = 0; emitted = 0; straddles = 0; straddle_taken = 0; redirects = 0; stalls = 0;
    while (k < NI - 8 && cycles < 20 * NI) begin
      cycles++;
      if ($urandom_range(199, 0) == 0) begin
        // Redirect to a nearby instruction, backwards or forwards: the
        // carry must be dropped.
        flush = 1; valid = 0;
        @(posedge clk);
        #1;
        flush = 0;
        k = k + $urandom_range(80, 0) - 40;
        if (k < 0) k = 0;
        if (k > NI - 16) k = NI - 16;
        pc = ins_pc[k];
        redirects++;
        continue;
      end
      blk_base = {pc[XLEN-1:SB+1], {(SB + 1){1'b0}}};
      for (int b = 0; b < FB; b++) block[8*b +: 8] = byte_at(blk_base + XLEN'(b));
      // Predictor model: first marked instruction starting at or after pc.
      pred_taken = 0;
      pred_slot  = '0;
      pred_target = '0;
      for (int s = SLOTS - 1; s >= 0; s--) begin
        logic [XLEN-1:0] sp = blk_base + XLEN'(2 * s);
        if (sp >= pc && idx_of.exists(sp) && ins_taken[idx_of[sp]]) begin
          pred_taken  = 1;
          pred_slot   = SB'(s);
          pred_target = sp + (ins_rvc[idx_of[sp]] ? 64'd2 : 64'd4);
        end
      end
      if (pred_taken && pred_slot == SB'(SLOTS - 1) && !ins_rvc[idx_of[blk_base + XLEN'(FB - 2)]])
        straddle_taken++;
      valid  = $urandom_range(9, 0) != 0;
      accept = $urandom_range(9, 0) != 0;
      if (!valid || !accept) stalls++;
      #1;
      seen_taken = 0;
      for (int l = 0; l < W; l++) begin
        if (l > 0) check(!ivalid[l] || ivalid[l - 1], "valid lanes not a prefix");
        if (valid && accept && ivalid[l]) begin
          logic [XLEN-1:0] lpc = ipc[l*XLEN +: XLEN];
          check(!seen_taken, "instruction after a predicted-taken one");
          check(lpc == ins_pc[k], $sformatf("instr %0d: pc %h expected %h", k, lpc, ins_pc[k]));
          check(ibits[l*32 +: 32] == ins_bits[k] && irvc[l] == ins_rvc[k],
                $sformatf("instr %0d at %h: bits %h expected %h", k, ins_pc[k],
                          ibits[l*32 +: 32], ins_bits[k]));
          check(itaken[l] == ins_taken[k], $sformatf("instr %0d: taken flag", k));
          check(inpc[l*XLEN +: XLEN] == ins_pc[k] + (ins_rvc[k] ? 64'd2 : 64'd4),
                $sformatf("instr %0d: next pc", k));
          if (!ins_rvc[k] && ins_pc[k][SB:0] == XLEN'(FB - 2)) straddles++;
          seen_taken = itaken[l];
          k++;
          emitted++;
        end
      end
      if (!valid) check(ivalid == '0, "output while not valid");
      a = next_pc;
      @(posedge clk);
      #1;
      if (valid && accept) pc = a;
    end

    $display("%0d instructions in %0d cycles: %0d straddling (%0d predicted taken), %0d redirects, %0d stalls",
             emitted, cycles, straddles, straddle_taken, redirects, stalls);
    check(k >= NI - 8, "stream not consumed (fetch stuck)");
    check(straddles > 50 && straddle_taken > 5 && redirects > 5, "too little coverage");
    if (errors == 0) $display("PASS fetch_align_tb");
    else $fatal(1, "%0d errors", errors);
    $finish;
  end
endmodule
