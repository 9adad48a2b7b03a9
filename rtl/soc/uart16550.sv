// 16550A UART, register shift 0, behaving as sim/soc/uart.c: THR/RBR, IER,
// IIR/FCR, LCR, MCR, LSR, MSR, SCR and the DLAB divisor latches, byte
// accesses only (offsets 0..7; 8..0xff and other sizes are errors).
//
// Written bytes leave through tx_valid_o / tx_ready_i, in the cycle of
// their THR write when the line takes them then, else through a TX_DEPTH
// FIFO. The simulator takes every byte at once, so THR is always empty
// there, as in sim/soc/uart.c; a board's serializer (rtl/fpga/uart_tx.sv)
// takes one per frame at the rate of the divisor latch, which it reads
// from divisor_o with the frame format from lcr_o. LSR.THRE is set while
// the FIFO is empty, LSR.TEMT while the serializer is idle too
// (tx_idle_i of the cycle before: no register read depends on an input
// in its own cycle); a byte written to a full FIFO is dropped. Received bytes enter a RX_DEPTH FIFO through rx_valid_i
// / rx_ready_o, with the line errors the deserializer saw in rx_err_i
// (break, framing, parity: LSR.BI, FE, PE until LSR is read); in loopback
// (MCR.LOOP) written bytes enter it instead, and one that finds it full is
// dropped and sets LSR.OE. In FIFO mode, fewer bytes than the trigger
// level report the character timeout (IIR 0xc) at once, as the C model.
// irq_o goes to PLIC source 10. Register access as clint.sv.
`include "core_types.svh"

module uart16550 #(
  parameter int unsigned RX_DEPTH      = 16,
  parameter int unsigned TX_DEPTH      = 16,
  parameter logic [15:0] DIVISOR_RESET = '0   // a board's baud rate before software sets one
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
  input  logic        tx_ready_i,
  input  logic        tx_idle_i,   // the line sends nothing and takes no byte this cycle
                                   // (the simulator: always)
  input  logic        rx_valid_i,
  input  logic [7:0]  rx_data_i,
  input  logic [2:0]  rx_err_i,    // with rx_valid_i: break, framing, parity error
  output logic        rx_ready_o,  // low while full and in cycles with a register access
  output logic [15:0] divisor_o,   // DLM:DLL: a bit lasts 16 * divisor clock cycles
  output logic [6:0]  lcr_o,       // LCR but DLAB: frame format (word length, stop bits, parity), break

  output logic        irq_o
);
  localparam int unsigned IDX_BITS = RX_DEPTH > 1 ? $clog2(RX_DEPTH) : 1;
  localparam int unsigned CNT_BITS = $clog2(RX_DEPTH + 1);
  localparam int unsigned TX_IDX_BITS = TX_DEPTH > 1 ? $clog2(TX_DEPTH) : 1;
  localparam int unsigned TX_CNT_BITS = $clog2(TX_DEPTH + 1);

  localparam logic [3:0] IIR_NONE    = 4'h1;
  localparam logic [3:0] IIR_THRE    = 4'h2;
  localparam logic [3:0] IIR_RDA     = 4'h4;
  localparam logic [3:0] IIR_RLS     = 4'h6;
  localparam logic [3:0] IIR_TIMEOUT = 4'hc;

  logic [3:0] ier_q;
  logic [7:0] lcr_q, scr_q, dll_q, dlm_q, rbr_q;
  logic [4:0] mcr_q;
  logic       fifo_en_q, thre_pending_q, overrun_q;
  logic [2:0] line_err_q;          // BI, FE, PE
  logic [1:0] trig_sel_q;          // FCR bits 7:6: trigger 1, 4, 8 or 14 bytes
  logic [7:0] fifo_q [RX_DEPTH];
  logic [IDX_BITS-1:0] head_q;
  logic [CNT_BITS-1:0] count_q;
  logic [7:0] tx_fifo_q [TX_DEPTH];
  logic [TX_IDX_BITS-1:0] tx_head_q;
  logic [TX_CNT_BITS-1:0] tx_count_q;
  logic                   tx_idle_q;

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

  function automatic logic [TX_IDX_BITS-1:0] tx_wrap(input logic [TX_IDX_BITS:0] i);
    tx_wrap = i >= (TX_IDX_BITS + 1)'(TX_DEPTH) ? TX_IDX_BITS'(i - (TX_IDX_BITS + 1)'(TX_DEPTH))
                                                : TX_IDX_BITS'(i);
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
    if (ier_q[2] && (overrun_q || line_err_q != '0)) iir_id = IIR_RLS;
    else if (ier_q[0] && count_q != '0)
      iir_id = fifo_en_q && 5'(count_q) < trigger ? IIR_TIMEOUT : IIR_RDA;
    else if (ier_q[1] && thre_pending_q) iir_id = IIR_THRE;
    else iir_id = IIR_NONE;
    // Modem inputs: idle lines (DCD, DSR, CTS), or the MCR outputs in loopback.
    msr = loop ? {mcr_q[3], mcr_q[2], mcr_q[0], mcr_q[1], 4'h0} : 8'hb0;
    lsr = {1'b0, tx_count_q == '0 && tx_idle_q, tx_count_q == '0, line_err_q, overrun_q,
           count_q != '0};
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

  logic rd, wr, fifo_clear, push, pop, rx_push, loop_push, thr_write, tx_bypass, tx_push, tx_pop;
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
  assign thr_write  = wr && reg_idx == 3'd0 && !dlab && !loop;
  assign tx_bypass  = thr_write && tx_count_q == '0 && tx_ready_i;
  assign tx_push    = thr_write && !tx_bypass && tx_count_q != TX_CNT_BITS'(TX_DEPTH);
  assign tx_pop     = tx_count_q != '0 && tx_ready_i;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      ier_q          <= '0;
      lcr_q          <= '0;
      scr_q          <= '0;
      dll_q          <= DIVISOR_RESET[7:0];
      dlm_q          <= DIVISOR_RESET[15:8];
      rbr_q          <= '0;
      mcr_q          <= '0;
      fifo_en_q      <= 1'b0;
      thre_pending_q <= 1'b0;
      overrun_q      <= 1'b0;
      line_err_q     <= '0;
      trig_sel_q     <= '0;
      head_q         <= '0;
      count_q        <= '0;
      tx_head_q      <= '0;
      tx_count_q     <= '0;
      tx_idle_q      <= 1'b1;
    end else begin
      tx_idle_q <= tx_idle_i;
      if (tx_pop) tx_head_q <= tx_wrap((TX_IDX_BITS + 1)'(tx_head_q) + 1'b1);
      tx_count_q <= tx_count_q + TX_CNT_BITS'(tx_push) - TX_CNT_BITS'(tx_pop);
      // The FIFO ran empty: THR is empty again.
      if (tx_pop && tx_count_q == TX_CNT_BITS'(1) && !tx_push) thre_pending_q <= 1'b1;
      if (rx_push) line_err_q <= line_err_q | rx_err_i;
      if (fifo_clear) begin
        head_q  <= '0;
        count_q <= '0;
      end else begin
        if (pop) head_q <= wrap_inc(head_q);
        count_q <= count_q + CNT_BITS'(push) - CNT_BITS'(pop);
      end
      if (pop) rbr_q <= fifo_q[head_q];
      if (loop_push && count_q == CNT_BITS'(RX_DEPTH)) overrun_q <= 1'b1;
      if (rd && reg_idx == 3'd5) begin
        overrun_q  <= 1'b0;
        line_err_q <= '0;
      end
      // Reading IIR acknowledges the THR-empty interrupt it reports.
      if (rd && reg_idx == 3'd2 && iir_id == IIR_THRE) thre_pending_q <= 1'b0;
      if (wr) begin
        case (reg_idx)
          3'd0: begin
            if (dlab) dll_q <= wval;
            // Writing THR acknowledges THRE, unless the byte left at once
            // (to the line, or in loopback to the receiver).
            else thre_pending_q <= tx_bypass || loop;
          end
          3'd1: begin
            if (dlab) dlm_q <= wval;
            else begin
              ier_q <= wval[3:0];
              // Enabling the THR-empty interrupt raises it when THR is empty.
              if (wval[1] != ier_q[1]) thre_pending_q <= wval[1] && tx_count_q == '0;
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

  // FIFO payload needs no reset: the counts say which bytes are valid.
  always_ff @(posedge clk_i) begin
    if (push && !fifo_clear) fifo_q[tail] <= push_data;
    if (tx_push) tx_fifo_q[tx_wrap((TX_IDX_BITS + 1)'(tx_head_q) + (TX_IDX_BITS + 1)'(tx_count_q))] <= wval;
  end

  assign tx_valid_o = tx_count_q != '0 || thr_write;
  assign tx_data_o  = tx_count_q != '0 ? tx_fifo_q[tx_head_q] : wval;
  assign divisor_o  = {dlm_q, dll_q};
  assign lcr_o      = lcr_q[6:0];
  assign irq_o      = iir_id != IIR_NONE;
endmodule
