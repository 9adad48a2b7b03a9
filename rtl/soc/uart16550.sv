// 16550A UART, register shift 0, behaving as sim/soc/uart.c: THR/RBR, IER,
// IIR/FCR, LCR, MCR, LSR, MSR, SCR and the DLAB divisor latches, byte
// accesses only (offsets 0..7; 8..0xff and other sizes are errors).
//
// Transmission is instant: a THR write leaves as a one-cycle pulse on
// tx_valid_o / tx_data_o in the next cycle (the simulator prints it; a board
// puts a serializer behind it), so THR is always empty. Received bytes enter
// a RX_DEPTH FIFO through rx_valid_i / rx_ready_o; in loopback (MCR.LOOP)
// written bytes enter it instead, and one that finds it full is dropped and
// sets LSR.OE. In FIFO mode, fewer bytes than the trigger level report the
// character timeout (IIR 0xc) at once, as the C model. irq_o goes to PLIC
// source 10. Register access as clint.sv.
`include "core_types.svh"

module uart16550 #(
  parameter int unsigned RX_DEPTH = 16
) (
  input  logic        clk_i,
  input  logic        rst_ni,

  input  logic        req_i,
  input  logic        we_i,
  input  logic [7:0]  addr_i,      // offset from the UART base
  input  mem_size_e   size_i,
  input  logic [63:0] wdata_i,     // lane aligned
  output logic [63:0] rdata_o,     // lane aligned
  output logic        error_o,

  output logic        tx_valid_o,
  output logic [7:0]  tx_data_o,
  input  logic        rx_valid_i,
  input  logic [7:0]  rx_data_i,
  output logic        rx_ready_o,  // low while full and in cycles with a register access

  output logic        irq_o
);
  localparam int unsigned IDX_BITS = RX_DEPTH > 1 ? $clog2(RX_DEPTH) : 1;
  localparam int unsigned CNT_BITS = $clog2(RX_DEPTH + 1);

  localparam logic [3:0] IIR_NONE    = 4'h1;
  localparam logic [3:0] IIR_THRE    = 4'h2;
  localparam logic [3:0] IIR_RDA     = 4'h4;
  localparam logic [3:0] IIR_RLS     = 4'h6;
  localparam logic [3:0] IIR_TIMEOUT = 4'hc;

  logic [3:0] ier_q;
  logic [7:0] lcr_q, scr_q, dll_q, dlm_q, rbr_q;
  logic [4:0] mcr_q;
  logic       fifo_en_q, thre_pending_q, overrun_q;
  logic [1:0] trig_sel_q;          // FCR bits 7:6: trigger 1, 4, 8 or 14 bytes
  logic [7:0] fifo_q [RX_DEPTH];
  logic [IDX_BITS-1:0] head_q;
  logic [CNT_BITS-1:0] count_q;
  logic       tx_valid_q;
  logic [7:0] tx_data_q;

  logic       dlab, loop;
  logic [2:0] reg_idx;
  logic [7:0] wval, rval, msr, lsr;
  logic [4:0] trigger;
  logic [3:0] iir_id;
  logic [IDX_BITS-1:0] tail;

  assign dlab    = lcr_q[7];
  assign loop    = mcr_q[4];
  assign reg_idx = addr_i[2:0];
  assign wval    = wdata_i[reg_idx*8 +: 8];

  function automatic logic [IDX_BITS-1:0] wrap_inc(input logic [IDX_BITS-1:0] i);
    wrap_inc = i == IDX_BITS'(RX_DEPTH - 1) ? '0 : i + 1'b1;
  endfunction

  always_comb begin
    tail = head_q + IDX_BITS'(count_q);
    if ({1'b0, head_q} + (IDX_BITS + 1)'(count_q) >= (IDX_BITS + 1)'(RX_DEPTH))
      tail = IDX_BITS'({1'b0, head_q} + (IDX_BITS + 1)'(count_q) - (IDX_BITS + 1)'(RX_DEPTH));
    case (trig_sel_q)
      2'd0: trigger = 5'd1;
      2'd1: trigger = 5'd4;
      2'd2: trigger = 5'd8;
      default: trigger = 5'd14;
    endcase
    // The pending interrupt of highest priority.
    if (ier_q[2] && overrun_q) iir_id = IIR_RLS;
    else if (ier_q[0] && count_q != '0)
      iir_id = fifo_en_q && 5'(count_q) < trigger ? IIR_TIMEOUT : IIR_RDA;
    else if (ier_q[1] && thre_pending_q) iir_id = IIR_THRE;
    else iir_id = IIR_NONE;
    // Modem inputs: idle lines (DCD, DSR, CTS), or the MCR outputs in loopback.
    msr = loop ? {mcr_q[3], mcr_q[2], mcr_q[0], mcr_q[1], 4'h0} : 8'hb0;
    lsr = {1'b0, 2'b11, 3'b000, overrun_q, count_q != '0};
    case (reg_idx)
      3'd0: rval = dlab ? dll_q : (count_q != '0 ? fifo_q[head_q] : rbr_q);
      3'd1: rval = dlab ? dlm_q : {4'h0, ier_q};
      3'd2: rval = {fifo_en_q, fifo_en_q, 2'b00, iir_id};
      3'd3: rval = lcr_q;
      3'd4: rval = {3'b000, mcr_q};
      3'd5: rval = lsr;
      3'd6: rval = msr;
      default: rval = scr_q;
    endcase
    error_o = size_i != MEM_B || addr_i[7:3] != '0;
    rdata_o = 64'(rval) << (reg_idx * 8);
  end

  logic rd, wr, fifo_clear, push, pop, rx_push, loop_push;
  logic [7:0] push_data;
  logic new_en;

  assign rd = req_i && !we_i && !error_o;
  assign wr = req_i && we_i && !error_o;
  assign new_en = wval[0];
  assign fifo_clear = wr && reg_idx == 3'd2 && (new_en != fifo_en_q || (new_en && wval[1]));
  assign loop_push  = wr && reg_idx == 3'd0 && !dlab && loop;
  assign rx_ready_o = count_q != CNT_BITS'(RX_DEPTH) && !req_i;
  assign rx_push    = rx_valid_i && rx_ready_o;
  assign push       = (loop_push || rx_push) && count_q != CNT_BITS'(RX_DEPTH);
  assign push_data  = loop_push ? wval : rx_data_i;
  assign pop        = rd && reg_idx == 3'd0 && !dlab && count_q != '0;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      ier_q          <= '0;
      lcr_q          <= '0;
      scr_q          <= '0;
      dll_q          <= '0;
      dlm_q          <= '0;
      rbr_q          <= '0;
      mcr_q          <= '0;
      fifo_en_q      <= 1'b0;
      thre_pending_q <= 1'b0;
      overrun_q      <= 1'b0;
      trig_sel_q     <= '0;
      head_q         <= '0;
      count_q        <= '0;
      tx_valid_q     <= 1'b0;
      tx_data_q      <= '0;
    end else begin
      tx_valid_q <= 1'b0;
      if (fifo_clear) begin
        head_q  <= '0;
        count_q <= '0;
      end else begin
        if (pop) head_q <= wrap_inc(head_q);
        count_q <= count_q + CNT_BITS'(push) - CNT_BITS'(pop);
      end
      if (pop) rbr_q <= fifo_q[head_q];
      if (loop_push && count_q == CNT_BITS'(RX_DEPTH)) overrun_q <= 1'b1;
      if (rd && reg_idx == 3'd5) overrun_q <= 1'b0;
      // Reading IIR acknowledges the THR-empty interrupt it reports.
      if (rd && reg_idx == 3'd2 && iir_id == IIR_THRE) thre_pending_q <= 1'b0;
      if (wr) begin
        case (reg_idx)
          3'd0: begin
            if (dlab) dll_q <= wval;
            else begin
              tx_valid_q     <= !loop;
              tx_data_q      <= wval;
              thre_pending_q <= 1'b1;  // the byte left at once: THR is empty again
            end
          end
          3'd1: begin
            if (dlab) dlm_q <= wval;
            else begin
              ier_q <= wval[3:0];
              // Enabling the THR-empty interrupt raises it, since THR is empty.
              if (wval[1] != ier_q[1]) thre_pending_q <= wval[1];
            end
          end
          3'd2: begin
            fifo_en_q <= new_en;
            if (new_en) trig_sel_q <= wval[7:6];
          end
          3'd3: lcr_q <= wval;
          3'd4: mcr_q <= wval[4:0];
          3'd7: scr_q <= wval;
          default: ;
        endcase
      end
    end
  end

  // FIFO payload needs no reset: count_q says which bytes are valid.
  always_ff @(posedge clk_i) begin
    if (push && !fifo_clear) fifo_q[tail] <= push_data;
  end

  assign tx_valid_o = tx_valid_q;
  assign tx_data_o  = tx_data_q;
  assign irq_o      = iir_id != IIR_NONE;
endmodule
