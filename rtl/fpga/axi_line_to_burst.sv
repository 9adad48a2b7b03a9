// The SoC's line requests (one 64-byte line per AXI beat) as bursts on a
// memory controller's narrower AXI4 port: a line becomes one INCR burst of
// LINE_BITS / DATA_BITS beats. DRAM's addresses start at MEM_BASE in the
// SoC and at 0 on the controller; a line at or beyond MEM_BYTES is not
// passed on but answered here with DECERR, as the simulator's DRAM model
// answers it, once every request passed on before it has been answered (so
// that responses keep the order of their requests). One write's data beats
// go out at a time; reads may be many in flight, and the controller returns
// the beats of a burst together (MIG and the DDR4 IP do not interleave
// read bursts).
`include "mem_types.svh"

module axi_line_to_burst #(
  parameter int unsigned    DATA_BITS = 256,   // the controller's data width
  parameter int unsigned    ADDR_BITS = 30,    // its address width
  parameter int unsigned    ID_BITS   = 4,
  parameter logic [PADDR_BITS-1:0] MEM_BYTES = 56'h4000_0000,
  localparam int unsigned   BEATS     = LINE_BITS / DATA_BITS,
  localparam int unsigned   BEAT_BITS = BEATS > 1 ? $clog2(BEATS) : 1
) (
  input  logic                     clk_i,
  input  logic                     rst_ni,

  input  logic                     s_axi_awvalid,
  output logic                     s_axi_awready,
  input  logic [PADDR_BITS-1:0]    s_axi_awaddr,
  input  logic [ID_BITS-1:0]       s_axi_awid,
  input  logic                     s_axi_wvalid,
  output logic                     s_axi_wready,
  input  logic [LINE_BITS-1:0]     s_axi_wdata,
  input  logic [LINE_BITS/8-1:0]   s_axi_wstrb,
  output logic                     s_axi_bvalid,
  input  logic                     s_axi_bready,
  output logic [ID_BITS-1:0]       s_axi_bid,
  output logic [1:0]               s_axi_bresp,
  input  logic                     s_axi_arvalid,
  output logic                     s_axi_arready,
  input  logic [PADDR_BITS-1:0]    s_axi_araddr,
  input  logic [ID_BITS-1:0]       s_axi_arid,
  output logic                     s_axi_rvalid,
  input  logic                     s_axi_rready,
  output logic [LINE_BITS-1:0]     s_axi_rdata,
  output logic [ID_BITS-1:0]       s_axi_rid,
  output logic [1:0]               s_axi_rresp,

  output logic                     m_axi_awvalid,
  input  logic                     m_axi_awready,
  output logic [ADDR_BITS-1:0]     m_axi_awaddr,
  output logic [ID_BITS-1:0]       m_axi_awid,
  output logic [7:0]               m_axi_awlen,
  output logic [2:0]               m_axi_awsize,
  output logic [1:0]               m_axi_awburst,
  output logic                     m_axi_wvalid,
  input  logic                     m_axi_wready,
  output logic [DATA_BITS-1:0]     m_axi_wdata,
  output logic [DATA_BITS/8-1:0]   m_axi_wstrb,
  output logic                     m_axi_wlast,
  input  logic                     m_axi_bvalid,
  output logic                     m_axi_bready,
  input  logic [ID_BITS-1:0]       m_axi_bid,
  input  logic [1:0]               m_axi_bresp,
  output logic                     m_axi_arvalid,
  input  logic                     m_axi_arready,
  output logic [ADDR_BITS-1:0]     m_axi_araddr,
  output logic [ID_BITS-1:0]       m_axi_arid,
  output logic [7:0]               m_axi_arlen,
  output logic [2:0]               m_axi_arsize,
  output logic [1:0]               m_axi_arburst,
  input  logic                     m_axi_rvalid,
  output logic                     m_axi_rready,
  input  logic [DATA_BITS-1:0]     m_axi_rdata,
  input  logic [ID_BITS-1:0]       m_axi_rid,
  input  logic [1:0]               m_axi_rresp,
  input  logic                     m_axi_rlast
);
  localparam int unsigned SB = DATA_BITS / 8;
  localparam int unsigned CNT_BITS = 8;          // requests in flight, each way
  localparam logic [1:0]  RESP_DECERR = 2'b11;

  if (BEATS * DATA_BITS != LINE_BITS || DATA_BITS < 32) begin : g_width_check
    $error("axi_line_to_burst: DATA_BITS must divide the line and be at least 32");
  end

  function automatic logic in_memory(input logic [PADDR_BITS-1:0] pa);
    in_memory = pa >= PMA_DRAM_BASE && pa - PMA_DRAM_BASE < MEM_BYTES;
  endfunction

  // The line's offset in DRAM (the SoC's addresses are line aligned).
  function automatic logic [ADDR_BITS-1:0] mem_addr(input logic [PADDR_BITS-1:0] pa);
    mem_addr = ADDR_BITS'(pa - PMA_DRAM_BASE);
  endfunction

  assign m_axi_awlen   = 8'(BEATS - 1);
  assign m_axi_arlen   = 8'(BEATS - 1);
  assign m_axi_awsize  = 3'($clog2(SB));
  assign m_axi_arsize  = 3'($clog2(SB));
  assign m_axi_awburst = 2'b01;   // INCR
  assign m_axi_arburst = 2'b01;

  // ---- writes: the address and the line's beats ----
  logic [BEAT_BITS-1:0] w_beat_q;
  logic                 aw_sent_q;      // the address has gone out
  logic                 w_sent_q;       // so has the last beat
  logic                 aw_local;       // this request is answered here
  logic                 b_err_q;        // a DECERR write response waits
  logic [ID_BITS-1:0]   b_err_id_q;
  logic [CNT_BITS-1:0]  w_inflight_q;   // writes passed on, not yet answered

  assign aw_local = !in_memory(s_axi_awaddr);

  // A passed-on write holds its address and data at the slave port until
  // both its address and its last beat are taken (the two channels go
  // independently, as AXI wants); a local one waits for its data and for
  // the writes in flight, then answers.
  logic aw_done, w_done, local_w_done, b_pass;
  assign m_axi_awvalid = s_axi_awvalid && s_axi_wvalid && !aw_local && !aw_sent_q;
  assign m_axi_awaddr  = mem_addr(s_axi_awaddr);
  assign m_axi_awid    = s_axi_awid;
  assign m_axi_wvalid  = s_axi_awvalid && s_axi_wvalid && !aw_local && !w_sent_q;
  // Beats are picked and filled at constant slices: Yosys 0.23 makes a
  // variable slice of a wide vector a shifter across all of it.
  always_comb begin
    m_axi_wdata = '0;
    m_axi_wstrb = '0;
    for (int b = 0; b < BEATS; b++) begin
      if (w_beat_q == BEAT_BITS'(b)) begin
        m_axi_wdata = s_axi_wdata[b*DATA_BITS +: DATA_BITS];
        m_axi_wstrb = s_axi_wstrb[b*SB +: SB];
      end
    end
  end
  assign m_axi_wlast   = w_beat_q == BEAT_BITS'(BEATS - 1);

  assign aw_done      = aw_sent_q || (m_axi_awvalid && m_axi_awready);
  assign w_done       = w_sent_q || (m_axi_wvalid && m_axi_wready && m_axi_wlast);
  assign local_w_done = s_axi_awvalid && s_axi_wvalid && aw_local && !b_err_q &&
                        w_inflight_q == '0;
  assign s_axi_awready = (!aw_local && aw_done && w_done) || local_w_done;
  assign s_axi_wready  = s_axi_awready;

  // Responses: the controller's, or the local DECERR once nothing is in
  // flight (it waited for that before it was made).
  assign b_pass        = !b_err_q;
  assign s_axi_bvalid  = b_err_q || m_axi_bvalid;
  assign s_axi_bid     = b_err_q ? b_err_id_q : m_axi_bid;
  assign s_axi_bresp   = b_err_q ? RESP_DECERR : m_axi_bresp;
  assign m_axi_bready  = b_pass && s_axi_bready;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      w_beat_q     <= '0;
      aw_sent_q    <= 1'b0;
      w_sent_q     <= 1'b0;
      b_err_q      <= 1'b0;
      b_err_id_q   <= '0;
      w_inflight_q <= '0;
    end else begin
      if (m_axi_awvalid && m_axi_awready) aw_sent_q <= 1'b1;
      if (m_axi_wvalid && m_axi_wready) begin
        w_beat_q <= m_axi_wlast ? '0 : w_beat_q + 1'b1;
        if (m_axi_wlast) w_sent_q <= 1'b1;
      end
      if (s_axi_awvalid && s_axi_awready) begin
        aw_sent_q <= 1'b0;
        w_sent_q  <= 1'b0;
      end
      w_inflight_q <= w_inflight_q + CNT_BITS'(m_axi_awvalid && m_axi_awready) -
                      CNT_BITS'(m_axi_bvalid && m_axi_bready);
      if (local_w_done) begin
        b_err_q    <= 1'b1;
        b_err_id_q <= s_axi_awid;
      end else if (b_err_q && s_axi_bready) begin
        b_err_q <= 1'b0;
      end
    end
  end

  // ---- reads: addresses pass on; beats gather into a line ----
  logic                 ar_local;
  logic                 r_full_q;        // a whole line waits at the slave port
  logic                 r_err_q;         // it is a local DECERR
  logic [LINE_BITS-1:0] r_line_q;
  logic [ID_BITS-1:0]   r_id_q;
  logic [1:0]           r_resp_q;
  logic [BEAT_BITS-1:0] r_beat_q;
  logic [CNT_BITS-1:0]  r_inflight_q;

  assign ar_local      = !in_memory(s_axi_araddr);
  assign m_axi_arvalid = s_axi_arvalid && !ar_local;
  assign m_axi_araddr  = mem_addr(s_axi_araddr);
  assign m_axi_arid    = s_axi_arid;
  // A local read answers once the reads before it have, through the same
  // line register.
  logic local_r;
  assign local_r       = s_axi_arvalid && ar_local && r_inflight_q == '0 && !r_full_q;
  assign s_axi_arready = (m_axi_arvalid && m_axi_arready) || local_r;

  assign m_axi_rready  = !r_full_q;
  assign s_axi_rvalid  = r_full_q;
  assign s_axi_rdata   = r_line_q;
  assign s_axi_rid     = r_id_q;
  assign s_axi_rresp   = r_err_q ? RESP_DECERR : r_resp_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      r_full_q     <= 1'b0;
      r_err_q      <= 1'b0;
      r_beat_q     <= '0;
      r_resp_q     <= '0;
      r_id_q       <= '0;
      r_inflight_q <= '0;
    end else begin
      r_inflight_q <= r_inflight_q + CNT_BITS'(m_axi_arvalid && m_axi_arready) -
                      CNT_BITS'(m_axi_rvalid && m_axi_rready && m_axi_rlast);
      if (s_axi_rvalid && s_axi_rready) begin
        r_full_q <= 1'b0;
        r_err_q  <= 1'b0;
      end
      if (local_r) begin
        r_full_q <= 1'b1;
        r_err_q  <= 1'b1;
        r_id_q   <= s_axi_arid;
      end else if (m_axi_rvalid && m_axi_rready) begin
        // the worst response of the line's beats
        r_resp_q <= r_beat_q == '0 || m_axi_rresp > r_resp_q ? m_axi_rresp : r_resp_q;
        r_id_q   <= m_axi_rid;
        r_beat_q <= m_axi_rlast ? '0 : r_beat_q + 1'b1;
        r_full_q <= m_axi_rlast;
      end
    end
  end

  always_ff @(posedge clk_i) begin
    for (int b = 0; b < BEATS; b++) begin
      if (m_axi_rvalid && m_axi_rready && r_beat_q == BEAT_BITS'(b))
        r_line_q[b*DATA_BITS +: DATA_BITS] <= m_axi_rdata;
    end
  end
endmodule
