// The AXI4 slave of a memory controller model (beside it in boards/sim/):
// whole-line INCR bursts of LINE_BITS / DATA_BITS beats, as the boards'
// axi_line_to_burst issues them, gathered into and cut out of 64-byte
// lines for the simulator's DRAM model (sim/dram), which board-sim's
// harness runs behind board_dram_cycle() once a clock cycle, just before
// the edge, with its outputs taking effect after it (dram.h's timing
// contract). Addresses are offsets into the controller's memory. Other
// bursts stop the simulation: nothing on the boards issues them.
module axi_mem_model #(
  parameter int unsigned DATA_BITS = 256,
  parameter int unsigned ID_BITS   = 4,
  parameter int unsigned ADDR_BITS = 30,
  localparam int unsigned LINE     = 512,
  localparam int unsigned BEATS    = LINE / DATA_BITS,
  localparam int unsigned SB       = DATA_BITS / 8
) (
  input  logic                 clk_i,
  input  logic                 s_axi_awvalid,
  output logic                 s_axi_awready,
  input  logic [ADDR_BITS-1:0] s_axi_awaddr,
  input  logic [ID_BITS-1:0]   s_axi_awid,
  input  logic [7:0]           s_axi_awlen,
  input  logic [2:0]           s_axi_awsize,
  input  logic                 s_axi_wvalid,
  output logic                 s_axi_wready,
  input  logic [DATA_BITS-1:0] s_axi_wdata,
  input  logic [SB-1:0]        s_axi_wstrb,
  input  logic                 s_axi_wlast,
  output logic                 s_axi_bvalid,
  input  logic                 s_axi_bready,
  output logic [ID_BITS-1:0]   s_axi_bid,
  output logic [1:0]           s_axi_bresp,
  input  logic                 s_axi_arvalid,
  output logic                 s_axi_arready,
  input  logic [ADDR_BITS-1:0] s_axi_araddr,
  input  logic [ID_BITS-1:0]   s_axi_arid,
  input  logic [7:0]           s_axi_arlen,
  input  logic [2:0]           s_axi_arsize,
  output logic                 s_axi_rvalid,
  input  logic                 s_axi_rready,
  output logic [DATA_BITS-1:0] s_axi_rdata,
  output logic [ID_BITS-1:0]   s_axi_rid,
  output logic [1:0]           s_axi_rresp,
  output logic                 s_axi_rlast
);
  import "DPI-C" function void board_dram_cycle(
    input  bit arvalid, input longint araddr, input int arid, input bit rready,
    input  bit awvalid, input longint awaddr, input int awid,
    input  bit wvalid, input bit [511:0] wdata, input longint wstrb, input bit bready,
    output bit arready, output bit rvalid, output int rid, output bit [511:0] rdata,
    output int rresp, output bit awready, output bit wready, output bit bvalid,
    output int bid, output int bresp);

  // The DRAM model's outputs, as they stand after the last edge.
  bit               d_arready, d_rvalid, d_awready, d_wready, d_bvalid;
  bit [ID_BITS-1:0] d_rid, d_bid;
  bit [1:0]         d_rresp, d_bresp;
  bit [511:0]       d_rdata;

  // A write's line, gathered from its beats.
  logic [511:0] wline_q;
  logic [63:0]  wstrb_q;
  int unsigned  wbeat_q, rbeat_q;
  logic         wfull_q, aw_sent_q, w_sent_q;
  logic         line_awvalid, line_wvalid, aw_done, w_done;

  assign line_awvalid  = s_axi_awvalid && wfull_q && !aw_sent_q;
  assign line_wvalid   = s_axi_awvalid && wfull_q && !w_sent_q;
  assign aw_done       = aw_sent_q || (line_awvalid && d_awready);
  assign w_done        = w_sent_q || (line_wvalid && d_wready);
  assign s_axi_awready = s_axi_awvalid && wfull_q && aw_done && w_done;
  assign s_axi_wready  = !wfull_q;
  assign s_axi_bvalid  = d_bvalid;
  assign s_axi_bid     = d_bid;
  assign s_axi_bresp   = d_bresp;

  assign s_axi_arready = d_arready;
  assign s_axi_rvalid  = d_rvalid;
  assign s_axi_rdata   = d_rdata[rbeat_q * DATA_BITS +: DATA_BITS];
  assign s_axi_rid     = d_rid;
  assign s_axi_rresp   = d_rresp;
  assign s_axi_rlast   = rbeat_q == BEATS - 1;

  initial begin
    wfull_q   = 1'b0;
    aw_sent_q = 1'b0;
    w_sent_q  = 1'b0;
    wbeat_q   = 0;
    rbeat_q   = 0;
    wstrb_q   = '0;
    d_arready = 1'b1;
    d_awready = 1'b1;
    d_wready  = 1'b1;
  end

  always @(posedge clk_i) begin
    bit         arready, rvalid, awready, wready, bvalid;
    /* verilator lint_off UNUSEDSIGNAL */  // C's ints, of which the low bits count
    int         rid, rresp, bid, bresp;
    /* verilator lint_on UNUSEDSIGNAL */
    bit [511:0] rdata;

    if (s_axi_arvalid && (32'(s_axi_arlen) != BEATS - 1 || 32'(s_axi_arsize) != $clog2(SB)))
      $fatal(1, "axi_mem_model: read burst of %0d beats of 2^%0d bytes, not a line",
             s_axi_arlen + 1, s_axi_arsize);
    if (s_axi_awvalid && (32'(s_axi_awlen) != BEATS - 1 || 32'(s_axi_awsize) != $clog2(SB)))
      $fatal(1, "axi_mem_model: write burst of %0d beats of 2^%0d bytes, not a line",
             s_axi_awlen + 1, s_axi_awsize);

    board_dram_cycle(s_axi_arvalid, 64'(s_axi_araddr), 32'(s_axi_arid),
                     s_axi_rvalid && s_axi_rready && s_axi_rlast,
                     line_awvalid, 64'(s_axi_awaddr), 32'(s_axi_awid),
                     line_wvalid, wline_q, wstrb_q, s_axi_bready,
                     arready, rvalid, rid, rdata, rresp, awready, wready, bvalid, bid, bresp);

    if (s_axi_wvalid && s_axi_wready) begin
      wline_q[wbeat_q * DATA_BITS +: DATA_BITS] <= s_axi_wdata;
      wstrb_q[wbeat_q * SB +: SB] <= s_axi_wstrb;
      wbeat_q <= s_axi_wlast ? 0 : wbeat_q + 1;
      if (s_axi_wlast != (wbeat_q == BEATS - 1))
        $fatal(1, "axi_mem_model: WLAST on beat %0d of %0d", wbeat_q, BEATS);
      if (s_axi_wlast) wfull_q <= 1'b1;
    end
    if (line_awvalid && d_awready) aw_sent_q <= 1'b1;
    if (line_wvalid && d_wready) w_sent_q <= 1'b1;
    if (s_axi_awvalid && s_axi_awready) begin
      wfull_q   <= 1'b0;
      aw_sent_q <= 1'b0;
      w_sent_q  <= 1'b0;
    end
    if (s_axi_rvalid && s_axi_rready) rbeat_q <= s_axi_rlast ? 0 : rbeat_q + 1;

    d_arready <= arready;
    d_rvalid  <= rvalid;
    d_rid     <= ID_BITS'(rid);
    d_rdata   <= rdata;
    d_rresp   <= 2'(rresp);
    d_awready <= awready;
    d_wready  <= wready;
    d_bvalid  <= bvalid;
    d_bid     <= ID_BITS'(bid);
    d_bresp   <= 2'(bresp);
  end
endmodule
