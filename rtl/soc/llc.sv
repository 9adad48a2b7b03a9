// Shared last-level cache (docs/microarchitecture.md, memory): 8-way,
// 64-byte lines, write-back, blocking: one line-port request at a time, in
// the order accepted, so a read after the write-back of the same line sees
// the new data. Behind it an AXI4 master with a 512-bit data bus moves one
// line per single-beat burst.
//
// Tags (with valid and dirty bits, all ways of a set in one word) and data
// are single-port RAMs with a registered read. After reset the machine
// clears the tag RAM, one set per cycle, before it takes requests.
//
// A read hit answers HIT_LATENCY cycles after the cycle it was accepted
// in. A miss writes a dirty victim back (AW + W, then B), reads the line
// (AR, then R), keeps it and answers with llc_miss set; an R error answers
// with error set and the line is not kept. A write (an L1's dirty line)
// that misses takes the victim's place without reading memory: the whole
// line is written. The B response of a victim write-back is not checked:
// nobody waits for it.
`include "mem_types.svh"

module llc #(
  parameter int unsigned KIB         = CFG_LLC_KIB,
  parameter int unsigned WAYS        = CFG_LLC_WAYS,
  parameter int unsigned HIT_LATENCY = 4,  // cycles from request to response, at least 3
  parameter int unsigned AXI_ID_BITS = 4
) (
  input  logic                   clk_i,
  input  logic                   rst_ni,

  input  logic                   lreq_valid_i,
  output logic                   lreq_ready_o,
  input  logic [PADDR_BITS-1:0]  lreq_addr_i,
  input  logic                   lreq_write_i,
  input  logic [LINE_BITS-1:0]   lreq_data_i,
  input  logic [LP_ID_BITS-1:0]  lreq_id_i,
  output logic                   lresp_valid_o,
  output logic [LP_ID_BITS-1:0]  lresp_id_o,
  output logic [LINE_BITS-1:0]   lresp_data_o,
  output logic                   lresp_error_o,
  output logic                   lresp_llc_miss_o,

  output logic                   m_axi_awvalid,
  input  logic                   m_axi_awready,
  output logic [PADDR_BITS-1:0]  m_axi_awaddr,
  output logic [AXI_ID_BITS-1:0] m_axi_awid,
  output logic [7:0]             m_axi_awlen,
  output logic [2:0]             m_axi_awsize,
  output logic [1:0]             m_axi_awburst,
  output logic                   m_axi_wvalid,
  input  logic                   m_axi_wready,
  output logic [LINE_BITS-1:0]   m_axi_wdata,
  output logic [LINE_BITS/8-1:0] m_axi_wstrb,
  output logic                   m_axi_wlast,
  input  logic                   m_axi_bvalid,
  output logic                   m_axi_bready,
  input  logic [AXI_ID_BITS-1:0] m_axi_bid,
  input  logic [1:0]             m_axi_bresp,
  output logic                   m_axi_arvalid,
  input  logic                   m_axi_arready,
  output logic [PADDR_BITS-1:0]  m_axi_araddr,
  output logic [AXI_ID_BITS-1:0] m_axi_arid,
  output logic [7:0]             m_axi_arlen,
  output logic [2:0]             m_axi_arsize,
  output logic [1:0]             m_axi_arburst,
  input  logic                   m_axi_rvalid,
  output logic                   m_axi_rready,
  input  logic [LINE_BITS-1:0]   m_axi_rdata,
  input  logic [AXI_ID_BITS-1:0] m_axi_rid,
  input  logic [1:0]             m_axi_rresp,
  input  logic                   m_axi_rlast,

  output logic                   ev_llc_miss_o   // a read missed: the line comes from memory
);
  localparam int unsigned LINES      = KIB * 1024 / CFG_LINE_BYTES;
  localparam int unsigned SETS       = LINES / WAYS;
  localparam int unsigned SET_BITS   = $clog2(SETS);
  localparam int unsigned WAY_BITS   = $clog2(WAYS);
  localparam int unsigned LADDR_BITS = PADDR_BITS - LINE_OFF_BITS;
  localparam int unsigned TAG_BITS   = LADDR_BITS - SET_BITS;
  localparam int unsigned TW         = TAG_BITS + 2;   // {valid, dirty, tag}
  localparam int unsigned CNT_BITS   = $clog2(HIT_LATENCY + 1);

  if (WAYS < 2 || (1 << WAY_BITS) != WAYS || (1 << SET_BITS) != SETS || HIT_LATENCY < 3)
  begin : g_size_check
    $error("llc: unsupported size or latency");
  end

  typedef enum logic [2:0] {
    S_INIT   = 3'd0,  // clearing the tag RAM
    S_IDLE   = 3'd1,  // ready for a request
    S_LOOKUP = 3'd2,  // the set's tags are out of the RAM
    S_HIT    = 3'd3,  // read hit: data is out of the RAM, wait for the latency
    S_WB     = 3'd4,  // victim on AW and W
    S_WB_B   = 3'd5,  // waiting for B
    S_AR     = 3'd6,
    S_R      = 3'd7
  } state_e;

  state_e state_q, state_d;

  logic [WAYS*TW-1:0]   tag_ram [SETS];
  logic [LINE_BITS-1:0] data_ram [LINES];   // line i: set i / WAYS, way i % WAYS
  logic [WAYS*TW-1:0]   tag_rd_q;
  logic [LINE_BITS-1:0] data_rd_q;

  // The request being served.
  logic [LADDR_BITS-1:0] req_line_q;
  logic                  req_write_q;
  logic [LINE_BITS-1:0]  req_data_q;
  logic [LP_ID_BITS-1:0] req_id_q;
  logic [WAY_BITS-1:0]   way_q, way_d;        // hit way or victim
  logic [LADDR_BITS-1:0] victim_q, victim_d;
  logic [CNT_BITS-1:0]   cnt_q;               // cycles since the request
  logic [SET_BITS-1:0]   init_q;
  logic [WAY_BITS-1:0]   rr_q;
  logic                  aw_done_q, w_done_q;

  logic                  resp_valid_q, resp_error_q, resp_miss_q;
  logic [LINE_BITS-1:0]  resp_data_q;

  logic [SET_BITS-1:0]   req_set;
  logic [TAG_BITS-1:0]   req_tag;
  assign req_set = req_line_q[SET_BITS-1:0];
  assign req_tag = req_line_q[LADDR_BITS-1:SET_BITS];

  // Lookup.
  logic [WAYS-1:0]     hit_vec;
  logic                hit;
  logic [WAY_BITS-1:0] hit_way, vway;
  logic                vdirty;

  always_comb begin
    hit_way = '0;
    vway    = rr_q;
    for (int w = WAYS - 1; w >= 0; w--) begin
      hit_vec[w] = tag_rd_q[w*TW + TW - 1] && tag_rd_q[w*TW +: TAG_BITS] == req_tag;
      if (hit_vec[w]) hit_way = WAY_BITS'(w);
      if (!tag_rd_q[w*TW + TW - 1]) vway = WAY_BITS'(w);
    end
    hit    = |hit_vec;
    vdirty = tag_rd_q[vway*TW + TW - 1] && tag_rd_q[vway*TW + TAG_BITS];
  end

  // RAM ports and the next state.
  logic                 accept;
  logic                 tag_re, tag_we, data_re, data_we;
  logic [SET_BITS-1:0]  tag_set;
  logic [WAYS-1:0]      tag_wmask;
  logic [TW-1:0]        tag_wdata;
  logic [LINE_BITS-1:0] data_wdata;
  logic                 respond, resp_error, resp_miss;
  logic [LINE_BITS-1:0] resp_data;

  // The way is decided in S_LOOKUP and kept in way_q after it.
  logic [SET_BITS+WAY_BITS-1:0] data_idx;
  assign data_idx = {req_set, state_q == S_LOOKUP ? way_d : way_q};

  assign lreq_ready_o = state_q == S_IDLE;
  assign accept       = lreq_valid_i && lreq_ready_o;

  always_comb begin
    state_d    = state_q;
    way_d      = way_q;
    victim_d   = victim_q;
    tag_re     = 1'b0;
    tag_we     = 1'b0;
    tag_set    = req_set;
    tag_wmask  = '0;
    tag_wdata  = {1'b1, 1'b0, req_tag};
    data_re    = 1'b0;
    data_we    = 1'b0;
    data_wdata = req_data_q;
    respond    = 1'b0;
    resp_error = 1'b0;
    resp_miss  = 1'b0;
    resp_data  = data_rd_q;
    ev_llc_miss_o = 1'b0;

    case (state_q)
      S_INIT: begin
        tag_we    = 1'b1;
        tag_set   = init_q;
        tag_wmask = '1;
        tag_wdata = '0;
        if (init_q == SET_BITS'(SETS - 1)) state_d = S_IDLE;
      end
      S_IDLE: begin
        if (accept) begin
          tag_re  = 1'b1;
          tag_set = lreq_addr_i[LINE_OFF_BITS +: SET_BITS];
          state_d = S_LOOKUP;
        end
      end
      S_LOOKUP: begin
        if (hit) begin
          way_d = hit_way;
          if (req_write_q) begin
            data_we   = 1'b1;
            tag_we    = 1'b1;
            tag_wmask = WAYS'(1) << hit_way;
            tag_wdata = {1'b1, 1'b1, req_tag};
            state_d   = S_IDLE;
          end else begin
            data_re = 1'b1;
            state_d = S_HIT;
          end
        end else begin
          way_d         = vway;
          victim_d      = {tag_rd_q[vway*TW +: TAG_BITS], req_set};
          ev_llc_miss_o = !req_write_q;
          if (vdirty) begin
            data_re = 1'b1;
            state_d = S_WB;
          end else if (req_write_q) begin
            data_we   = 1'b1;
            tag_we    = 1'b1;
            tag_wmask = WAYS'(1) << vway;
            tag_wdata = {1'b1, 1'b1, req_tag};
            state_d   = S_IDLE;
          end else begin
            state_d = S_AR;
          end
        end
      end
      S_HIT: begin
        if (cnt_q >= CNT_BITS'(HIT_LATENCY - 2)) begin
          respond = 1'b1;
          state_d = S_IDLE;
        end
      end
      S_WB: begin
        if ((aw_done_q || m_axi_awready) && (w_done_q || m_axi_wready)) state_d = S_WB_B;
      end
      S_WB_B: begin
        if (m_axi_bvalid) begin
          if (req_write_q) begin
            data_we   = 1'b1;
            tag_we    = 1'b1;
            tag_wmask = WAYS'(1) << way_q;
            tag_wdata = {1'b1, 1'b1, req_tag};
            state_d   = S_IDLE;
          end else begin
            state_d = S_AR;
          end
        end
      end
      S_AR: begin
        if (m_axi_arready) state_d = S_R;
      end
      default: begin  // S_R
        if (m_axi_rvalid) begin
          // The victim is gone either way; the new line stays only if good.
          data_we    = 1'b1;
          data_wdata = m_axi_rdata;
          tag_we     = 1'b1;
          tag_wmask  = WAYS'(1) << way_q;
          tag_wdata  = {m_axi_rresp == 2'b00, 1'b0, req_tag};
          respond    = 1'b1;
          resp_error = m_axi_rresp != 2'b00;
          resp_miss  = 1'b1;
          resp_data  = m_axi_rdata;
          state_d    = S_IDLE;
        end
      end
    endcase
  end

  assign m_axi_awvalid = state_q == S_WB && !aw_done_q;
  assign m_axi_awaddr  = {victim_q, LINE_OFF_BITS'(0)};
  assign m_axi_awid    = '0;
  assign m_axi_awlen   = 8'd0;
  assign m_axi_awsize  = 3'd6;
  assign m_axi_awburst = 2'b01;
  assign m_axi_wvalid  = state_q == S_WB && !w_done_q;
  assign m_axi_wdata   = data_rd_q;
  assign m_axi_wstrb   = '1;
  assign m_axi_wlast   = 1'b1;
  assign m_axi_bready  = state_q == S_WB_B;
  assign m_axi_arvalid = state_q == S_AR;
  assign m_axi_araddr  = {req_line_q, LINE_OFF_BITS'(0)};
  assign m_axi_arid    = '0;
  assign m_axi_arlen   = 8'd0;
  assign m_axi_arsize  = 3'd6;
  assign m_axi_arburst = 2'b01;
  assign m_axi_rready  = state_q == S_R;

  // Single beats with one id: the ids, rlast and a write's B status carry
  // nothing this master needs.
  logic unused_axi;
  assign unused_axi = ^{m_axi_bid, m_axi_bresp, m_axi_rid, m_axi_rlast};
  // Requests are line aligned.
  logic [LINE_OFF_BITS-1:0] unused_off;
  assign unused_off = lreq_addr_i[LINE_OFF_BITS-1:0];

  assign lresp_valid_o    = resp_valid_q;
  assign lresp_id_o       = req_id_q;
  assign lresp_data_o     = resp_data_q;
  assign lresp_error_o    = resp_error_q;
  assign lresp_llc_miss_o = resp_miss_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      state_q      <= S_INIT;
      init_q       <= '0;
      rr_q         <= '0;
      way_q        <= '0;
      victim_q     <= '0;
      cnt_q        <= '0;
      aw_done_q    <= 1'b0;
      w_done_q     <= 1'b0;
      resp_valid_q <= 1'b0;
      resp_error_q <= 1'b0;
      resp_miss_q  <= 1'b0;
      req_line_q   <= '0;
      req_write_q  <= 1'b0;
      req_id_q     <= '0;
    end else begin
      state_q      <= state_d;
      init_q       <= init_q + SET_BITS'(1);
      way_q        <= way_d;
      victim_q     <= victim_d;
      resp_valid_q <= respond;
      if (respond) begin
        resp_error_q <= resp_error;
        resp_miss_q  <= resp_miss;
      end
      if (accept) begin
        req_line_q  <= lreq_addr_i[PADDR_BITS-1:LINE_OFF_BITS];
        req_write_q <= lreq_write_i;
        req_id_q    <= lreq_id_i;
        cnt_q       <= '0;
      end else if (cnt_q != CNT_BITS'(HIT_LATENCY)) begin
        cnt_q <= cnt_q + CNT_BITS'(1);
      end
      if (state_q == S_LOOKUP && !hit) rr_q <= rr_q + WAY_BITS'(1);
      if (state_q == S_WB) begin
        aw_done_q <= aw_done_q || m_axi_awready;
        w_done_q  <= w_done_q || m_axi_wready;
      end else begin
        aw_done_q <= 1'b0;
        w_done_q  <= 1'b0;
      end
    end
  end

  // RAMs and the data registers need no reset: the state says what is valid.
  always_ff @(posedge clk_i) begin
    if (accept) req_data_q <= lreq_data_i;
    if (respond) resp_data_q <= resp_data;
    if (tag_we) begin
      for (int w = 0; w < WAYS; w++) if (tag_wmask[w]) tag_ram[tag_set][w*TW +: TW] <= tag_wdata;
    end else if (tag_re) begin
      tag_rd_q <= tag_ram[tag_set];
    end
    if (data_we) data_ram[data_idx] <= data_wdata;
    else if (data_re) data_rd_q <= data_ram[data_idx];
  end
endmodule
