// The UART's serializer: one frame per byte on tx_o, in the format the
// 16550's line control register sets (5 to 8 data bits, least significant
// first, optional parity, 1, 1.5 or 2 stop bits) at 16 * divisor clock
// cycles a bit, as a 16550 with the same divisor latch sends. Format and
// rate are taken when a byte is accepted; LCR's break bit holds the line
// low at once.
module uart_tx (
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic [15:0] divisor_i,   // 0 counts as 1
  input  logic [6:0]  lcr_i,
  input  logic        valid_i,
  input  logic [7:0]  data_i,
  output logic        ready_o,
  output logic        tx_o,
  output logic        idle_o       // nothing on the line, and no byte taken this cycle
);
  logic [15:0] div_q, div_cnt_q;
  logic [3:0]  sub_q;             // sixteenths of the current bit
  logic [8:0]  left_q;            // sixteenths left in the frame
  logic [11:0] frame_q;           // bits still to send, next in bit 0
  logic        busy_q, tick;

  // The frame of a byte: start bit, data, parity, then ones.
  // LCR: [1:0] word length - 5, [2] more stop bits, [3] parity on, [4]
  // even parity, [5] stick parity, [6] break.
  function automatic logic [11:0] frame(input logic [7:0] d, input logic [1:0] wls,
                                        input logic pen, input logic eps, input logic stick);
    logic [3:0] wl;
    logic [7:0] data;
    logic       par;
    wl   = 4'd5 + 4'(wls);
    data = d & (8'hff >> (2'd3 - wls));
    // stick parity sends !EPS; else even (EPS) or odd parity over the data
    par  = stick ? !eps : (^data) ^ !eps;
    frame = '1;
    frame[0] = 1'b0;
    for (int i = 0; i < 9; i++) begin
      if (4'(i) < wl) frame[1 + i] = data[i % 8];
      else if (4'(i) == wl && pen) frame[1 + i] = par;
    end
  endfunction

  // Its length in sixteenths of a bit.
  function automatic logic [8:0] frame_len(input logic [1:0] wls, input logic stb,
                                           input logic pen);
    logic [8:0] stop;
    stop = !stb ? 9'd16 : (wls == 2'd0 ? 9'd24 : 9'd32);
    frame_len = 9'd16 * (9'd6 + 9'(wls) + 9'(pen)) + stop;
  endfunction

  assign tick    = busy_q && div_cnt_q == div_q - 1'b1;
  assign ready_o = !busy_q;
  assign idle_o  = !busy_q && !valid_i;
  assign tx_o    = !lcr_i[6] && (!busy_q || frame_q[0]);

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      busy_q    <= 1'b0;
      div_q     <= 16'd1;
      div_cnt_q <= '0;
      sub_q     <= '0;
      left_q    <= '0;
      frame_q   <= '1;
    end else if (!busy_q) begin
      if (valid_i) begin
        busy_q    <= 1'b1;
        div_q     <= divisor_i == '0 ? 16'd1 : divisor_i;
        div_cnt_q <= '0;
        sub_q     <= '0;
        left_q    <= frame_len(lcr_i[1:0], lcr_i[2], lcr_i[3]);
        frame_q   <= frame(data_i, lcr_i[1:0], lcr_i[3], lcr_i[4], lcr_i[5]);
      end
    end else begin
      div_cnt_q <= tick ? '0 : div_cnt_q + 1'b1;
      if (tick) begin
        sub_q  <= sub_q + 1'b1;
        left_q <= left_q - 1'b1;
        if (sub_q == 4'd15) frame_q <= {1'b1, frame_q[11:1]};
        if (left_q == 9'd1) busy_q <= 1'b0;
      end
    end
  end
endmodule
