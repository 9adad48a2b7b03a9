// The UART's deserializer: frames from rx_i in the format of the 16550's
// line control register (as uart_tx.sv sends them), sampled at 16 times the
// bit rate of the divisor latch: a falling edge starts a frame, which is
// kept when the line is still low half a bit later, and each further bit
// is taken in its middle. A finished byte waits in a holding register
// until the 16550 takes it (valid_o / ready_i); one finished while the
// previous still waits replaces it. err_o says what the line did wrong:
// break (every bit low, stop bit included), framing (a low stop bit),
// parity.
module uart_rx (
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic [15:0] divisor_i,   // 0 counts as 1
  input  logic [5:0]  lcr_i,       // [1:0] word length - 5, [3] parity, [4] even, [5] stick
  input  logic        rx_i,        // asynchronous
  output logic        valid_o,
  output logic [7:0]  data_o,
  output logic [2:0]  err_o,       // break, framing, parity
  input  logic        ready_i
);
  typedef enum logic [1:0] {
    RX_IDLE,
    RX_START,       // half a bit into a start bit
    RX_BITS,        // data, parity and stop bits
    RX_BREAK        // a break: wait for the line to go high again
  } rx_state_e;

  rx_state_e   state_q;
  logic [1:0]  sync_q;            // two synchronizing registers
  logic [15:0] div_cnt_q;
  logic [3:0]  sub_q;             // sixteenths of a bit
  logic [3:0]  nbits_q, bit_q;    // bits after the start bit (data, parity, stop), taken so far
  logic [9:1]  shift_q;           // taken bits, the last in bit 9
  logic        rx, tick;
  logic [1:0]  unused_lcr;

  assign unused_lcr = lcr_i[2:1];
  assign rx   = sync_q[1];
  // >=: a divisor written smaller than the count so far takes effect at once
  assign tick = div_cnt_q >= (divisor_i == '0 ? 16'd0 : divisor_i - 1'b1);

  // The frame with the bit sampled now shifted in: once the stop bit is
  // in bit 9, the parity bit (if any) is in bit 8 and the data end below.
  logic [9:0] shift_d;
  logic [7:0] data;
  logic       par_bit, par_ok, stop_bit, all_low, last_bit;
  assign shift_d  = {rx, shift_q[9:1]};
  assign last_bit = bit_q + 1'b1 == nbits_q;
  always_comb begin
    logic [3:0] wl;
    wl = 4'd5 + 4'(lcr_i[1:0]);
    data = 8'(shift_d >> (4'd10 - nbits_q)) & (8'hff >> (4'd8 - wl));
    par_bit  = shift_d[8];
    stop_bit = shift_d[9];
    par_ok   = !lcr_i[3] || (lcr_i[5] ? par_bit == !lcr_i[4] : ((^data) ^ par_bit) == !lcr_i[4]);
    all_low  = data == '0 && !stop_bit && !(lcr_i[3] && par_bit);
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      state_q   <= RX_IDLE;
      sync_q    <= '1;
      div_cnt_q <= '0;
      sub_q     <= '0;
      nbits_q   <= '0;
      bit_q     <= '0;
      shift_q   <= '0;
      valid_o   <= 1'b0;
      data_o    <= '0;
      err_o     <= '0;
    end else begin
      sync_q    <= {sync_q[0], rx_i};
      div_cnt_q <= tick ? '0 : div_cnt_q + 1'b1;
      if (valid_o && ready_i) valid_o <= 1'b0;
      if (tick) begin
        sub_q <= sub_q + 1'b1;
        case (state_q)
          RX_IDLE: if (!rx) begin
            state_q <= RX_START;
            sub_q   <= '0;
          end
          RX_START: if (sub_q == 4'd7) begin
            state_q <= rx ? RX_IDLE : RX_BITS;   // a glitch is no start bit
            sub_q   <= '0;
            bit_q   <= '0;
            nbits_q <= 4'd6 + 4'(lcr_i[1:0]) + 4'(lcr_i[3]);
          end
          RX_BITS: if (sub_q == 4'd15) begin
            shift_q <= shift_d[9:1];
            bit_q   <= bit_q + 1'b1;
            if (last_bit) begin
              state_q <= all_low ? RX_BREAK : RX_IDLE;
              valid_o <= 1'b1;
              data_o  <= data;
              err_o   <= {all_low, !stop_bit, !par_ok};
            end
          end
          default: if (rx) state_q <= RX_IDLE;   // RX_BREAK
        endcase
      end
    end
  end
endmodule
