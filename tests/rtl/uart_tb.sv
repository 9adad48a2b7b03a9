// Checks the UART as a board has it: uart_tx's frames against an
// independent reading of the line at each bit's middle (every word length,
// stop-bit count and parity mode, several divisors, break); uart_rx on
// frames from an independent sender, at a bit rate up to 2% off and at any
// phase, with parity errors, framing errors and breaks; and the 16550's
// transmit FIFO behind a slow line: LSR.THRE and TEMT, the THR-empty
// interrupt, order, and a byte written to a full FIFO dropped.
`include "core_types.svh"

module uart_tb;
  logic clk = 0, rst_n = 0;
  always #5 clk = !clk;
  int errors = 0;

  task automatic fail(input string what);
    if (errors < 10) $display("FAIL: %s", what);
    errors++;
  endtask

  // ---- the serializer ----
  logic [15:0] tx_div = 16'd1;
  logic [6:0]  tx_lcr = 7'h03;
  logic        tx_valid = 0, tx_ready, tx_line, tx_idle;
  logic [7:0]  tx_data = 0;

  uart_tx u_tx (.clk_i(clk), .rst_ni(rst_n), .divisor_i(tx_div), .lcr_i(tx_lcr),
                .valid_i(tx_valid), .data_i(tx_data), .ready_o(tx_ready), .tx_o(tx_line),
                .idle_o(tx_idle));

  // ---- the deserializer ----
  logic [15:0] rx_div = 16'd1;
  logic [5:0]  rx_lcr = 6'h03;
  logic        rx_line = 1, rx_valid, rx_ready = 1;
  logic [7:0]  rx_data;
  logic [2:0]  rx_err;

  uart_rx u_rx (.clk_i(clk), .rst_ni(rst_n), .divisor_i(rx_div), .lcr_i(rx_lcr), .rx_i(rx_line),
                .valid_o(rx_valid), .data_o(rx_data), .err_o(rx_err), .ready_i(rx_ready));

  // ---- a 16550 whose line takes a byte every 37 cycles ----
  logic        u_req = 0, u_we = 0, u_txv, u_irq;
  logic [7:0]  u_addr = 0, u_txd;
  logic [63:0] u_wdata = 0, u_rdata;
  logic        u_err, u_rx_ready;
  logic        slow_ready = 0;
  logic [15:0] u_div;
  logic [6:0]  u_lcr;

  uart16550 u_uart (.clk_i(clk), .rst_ni(rst_n), .req_i(u_req), .we_i(u_we), .addr_i(u_addr),
                    .size_i(MEM_B), .wdata_i(u_wdata), .rdata_o(u_rdata), .error_o(u_err),
                    .tx_valid_o(u_txv), .tx_data_o(u_txd), .tx_ready_i(slow_ready),
                    .tx_idle_i(!slow_busy), .rx_valid_i(1'b0), .rx_data_i('0), .rx_err_i('0),
                    .rx_ready_o(u_rx_ready), .divisor_o(u_div), .lcr_o(u_lcr), .irq_o(u_irq));

  // The line: ready one cycle in 37, busy after each byte it takes.
  logic slow_busy = 0;
  int slow_cnt = 0;
  logic [7:0] line_bytes [$];
  always @(posedge clk) begin
    if (u_txv && slow_ready) line_bytes.push_back(u_txd);
    slow_cnt <= slow_cnt == 36 ? 0 : slow_cnt + 1;
  end
  assign slow_ready = slow_cnt == 36 && rst_n;
  always @(posedge clk) slow_busy <= slow_cnt != 36 && slow_cnt > 30;

  // ---- helpers ----
  function automatic int word_len(input logic [1:0] wls);
    word_len = 5 + int'(wls);
  endfunction

  function automatic logic parity(input logic [7:0] d, input int wl, input logic eps,
                                  input logic stick);
    logic p = 0;
    for (int i = 0; i < wl; i++) p ^= d[i];
    parity = stick ? !eps : (eps ? p : !p);
  endfunction

  // Reads the line of the serializer as a receiver would: the bits of a
  // frame in their middles, counting cycles from the start bit's edge.
  task automatic expect_frame(input logic [7:0] d);
    int bit_cycles = 16 * int'(tx_div);
    int wl = word_len(tx_lcr[1:0]);
    logic [7:0] got = 0;
    int stop_half = !tx_lcr[2] ? 2 : (tx_lcr[1:0] == 0 ? 3 : 4);   // halves of a bit
    while (tx_line) @(posedge clk);
    repeat (bit_cycles / 2) @(posedge clk);
    if (tx_line) fail("start bit not low in its middle");
    for (int i = 0; i < wl; i++) begin
      repeat (bit_cycles) @(posedge clk);
      got[i] = tx_line;
    end
    if (got != (d & 8'(8'hff >> (8 - wl)))) fail($sformatf("sent %h as %h (lcr %h div %0d)", d, got,
                                                        tx_lcr, tx_div));
    if (tx_lcr[3]) begin
      repeat (bit_cycles) @(posedge clk);
      if (tx_line != parity(d, wl, tx_lcr[4], tx_lcr[5]))
        fail($sformatf("parity of %h wrong (lcr %h)", d, tx_lcr));
    end
    repeat (bit_cycles) @(posedge clk);
    if (!tx_line) fail("stop bit low");
    // the frame ends (idle) when its stop bits are over
    repeat (bit_cycles * stop_half / 2 - bit_cycles / 2 - 2) @(posedge clk);
    if (tx_idle) fail($sformatf("idle before the stop bits end (lcr %h)", tx_lcr));
    repeat (4) @(posedge clk);
    if (!tx_idle) fail($sformatf("not idle after the stop bits (lcr %h)", tx_lcr));
  endtask

  // The frame's bits on the line, start bit first, then ones.
  function automatic logic [11:0] line_bits(input logic [7:0] d, input logic [5:0] lcr,
                                            input bit bad_parity, input bit bad_stop);
    int wl = word_len(lcr[1:0]);
    line_bits = '1;
    line_bits[0] = 0;
    for (int i = 0; i < wl; i++) line_bits[1 + i] = d[i];
    if (lcr[3]) line_bits[1 + wl] = parity(d, wl, lcr[4], lcr[5]) ^ bad_parity;
    line_bits[1 + wl + int'(lcr[3])] = !bad_stop;
  endfunction

  task automatic reg_write(input logic [2:0] r, input logic [7:0] v);
    @(posedge clk);
    #1;
    u_req = 1;
    u_we = 1;
    u_addr = 8'(r);
    u_wdata = 64'(v) << (8 * r);
    @(posedge clk);
    #1;
    u_req = 0;
    u_we = 0;
  endtask

  task automatic reg_read(input logic [2:0] r, output logic [7:0] v);
    @(posedge clk);
    #1;
    u_req = 1;
    u_we = 0;
    u_addr = 8'(r);
    #1;
    v = u_rdata[8 * r +: 8];
    @(posedge clk);
    #1;
    u_req = 0;
  endtask

  int n_tx = 0, n_rx = 0, n_rx_err = 0;

  // The sender: a frame's bits, send_bit time units each, from a start
  // time; the line changes at the clock edge after each bit's start (a
  // tenth of a bit at the fastest rate).
  bit sending = 0;
  logic [11:0] send_bits;
  int send_bit, send_start;
  always @(posedge clk) begin
    if (sending) begin
      int i = (int'($time) - send_start) / send_bit;
      rx_line <= i >= 12 ? 1'b1 : send_bits[i];
      if (i >= 12) sending <= 0;
    end
  end

  initial begin
    logic [7:0] d, lsr, iir;
    logic [5:0] lcr;
    int bit_time, got_rx;
    logic [2:0] got_err;
    void'($urandom(7));
    repeat (2) @(posedge clk);
    rst_n = 1;

    // ---- serializer: every format ----
    for (int k = 0; k < 200; k++) begin
      tx_lcr = 7'($urandom_range(63, 0));
      tx_div = 16'($urandom_range(3, 1));
      d = 8'($urandom);
      @(posedge clk);
      #1;
      if (!tx_ready) fail("serializer not ready when idle");
      tx_valid = 1;
      tx_data = d;
      @(posedge clk);
      #1;
      tx_valid = 0;
      expect_frame(d);
      n_tx++;
    end
    // break holds the line low
    tx_lcr = 7'h43;
    repeat (3) @(posedge clk);
    if (tx_line) fail("break does not hold the line low");
    tx_lcr = 7'h03;

    // ---- deserializer: formats, rate 2% off, errors, breaks ----
    for (int k = 0; k < 300; k++) begin
      bit bad_p, bad_s;
      lcr = 6'($urandom_range(63, 0));
      rx_lcr = lcr;
      rx_div = 16'($urandom_range(3, 1));
      // 16 * divisor cycles of 10 time units, up to 2% fast or slow
      bit_time = 160 * int'(rx_div) * (98 + $urandom_range(4, 0)) / 100;
      bad_p = lcr[3] && $urandom_range(7, 0) == 0;
      bad_s = $urandom_range(9, 0) == 0;
      d = $urandom_range(15, 0) == 0 ? 8'h00 : 8'($urandom);
      repeat ($urandom_range(15, 0)) @(posedge clk);
      got_rx = -1;
      send_bits = line_bits(d, lcr, bad_p, bad_s);
      send_bit = bit_time;
      send_start = int'($time);
      sending = 1;
      while (!rx_valid && sending) @(posedge clk);
      if (rx_valid) begin
        got_rx = int'(rx_data);
        got_err = rx_err;
        n_rx++;
      end
      while (sending) @(posedge clk);
      // A low stop bit looks like the next start bit to a receiver, which
      // then takes a frame of ones from the idle line: let it pass.
      if (bad_s) repeat (12 * bit_time / 10) @(posedge clk);
      begin
        int wl = word_len(lcr[1:0]);
        logic brk = (d & 8'(8'hff >> (8 - wl))) == 0 && bad_s &&
                    !(lcr[3] && (parity(d, wl, lcr[4], lcr[5]) ^ bad_p));
        if (got_rx != int'(d & 8'(8'hff >> (8 - wl))))
          fail($sformatf("received %h as %h (lcr %h)", d, got_rx, lcr));
        // on a break the parity bit is as low as the rest: either way
        if (got_err[2:1] != {brk, bad_s} || (!brk && got_err[0] != bad_p))
          fail($sformatf("errors %b for %h, parity %0d stop %0d break %0d (lcr %h)", got_err, d,
                         bad_p, bad_s, brk, lcr));
        n_rx_err += bad_p || bad_s;
      end
      @(posedge clk);
    end

    // ---- the 16550's transmit FIFO behind the slow line ----
    reg_write(3'd3, 8'h03);
    reg_write(3'd1, 8'h02);           // THR-empty interrupt on
    reg_read(3'd2, iir);              // acknowledges the one enabling raised
    for (int i = 0; i < 20; i++) reg_write(3'd0, 8'(8'h40 + i));
    reg_read(3'd5, lsr);
    if (lsr[5] || lsr[6]) fail($sformatf("LSR %h: THRE or TEMT with bytes waiting", lsr));
    if (u_irq) fail("THR-empty interrupt with bytes waiting");
    while (line_bytes.size() < 17 && !u_irq) @(posedge clk);
    repeat (60) @(posedge clk);
    reg_read(3'd5, lsr);
    if (!lsr[5] || !lsr[6]) fail($sformatf("LSR %h: not empty once the line took all", lsr));
    if (!u_irq) fail("no THR-empty interrupt once the FIFO ran empty");
    // the first bytes may have left before the FIFO filled: 16 to 17 of 20
    if (line_bytes.size() < 16 || line_bytes.size() > 17)
      fail($sformatf("%0d bytes on the line, 16 or 17 expected", line_bytes.size()));
    for (int i = 0; i < line_bytes.size(); i++)
      if (line_bytes[i] != 8'(8'h40 + i)) fail($sformatf("byte %0d on the line: %h", i, line_bytes[i]));

    $display("%0d frames sent, %0d received (%0d with errors)", n_tx, n_rx, n_rx_err);
    if (n_rx_err < 10) fail("too few line errors to mean anything");
    if (errors == 0) $display("PASS uart_tb");
    else $fatal(1, "%0d errors", errors);
    $finish;
  end
endmodule
