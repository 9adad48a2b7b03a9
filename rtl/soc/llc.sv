// Shared last-level cache (docs/microarchitecture.md, memory): 8-way,
// 64-byte lines, write-back, non-blocking. Behind it an AXI4 master with a
// 512-bit data bus moves one line per single-beat burst.
//
// Tags (with valid and dirty bits, all ways of a set in one word) and data
// are single-port RAMs with a registered read. After reset the machine
// clears the tag RAM, one set per cycle, before it takes requests.
//
// Requests go through one lookup stage in the order accepted; nothing waits
// there for memory except in the rare cases below, so hits and further
// misses are served while up to MSHRS line reads are outstanding:
// - a read hit answers 3 cycles after the cycle it was accepted in;
// - a read miss takes an MSHR (AXI read id = MSHR number) and a victim way,
//   whose tag is set to the new line at once (the way is reserved until the
//   line arrives, so no other miss picks it); a dirty victim is read out
//   into a write-back buffer entry (AXI write id = entry number) first. The
//   line is answered with llc_miss set when it arrives; an R error answers
//   with error set and the line is not kept;
// - a read of a line an MSHR is already fetching joins that MSHR (a mask of
//   line-port ids): it is answered, llc_miss set, when the line arrives;
// - a write (an L1's dirty line) that hits overwrites the line; one that
//   misses takes a victim's place without reading memory.
// The lookup stage waits (and so holds back the requests behind it) when it
// has no free MSHR, write-back entry or unreserved way, when a write finds
// the line still being fetched, and when a request finds its line in the
// write-back buffer: that read or write waits for the write's B, so memory
// has the data before the line is read again. Ids are all a requester has
// to match responses: misses are answered when their line arrives, out of
// order with respect to other requests.
`include "mem_types.svh"

module llc #(
  parameter int unsigned KIB         = CFG_LLC_KIB,
  parameter int unsigned WAYS        = CFG_LLC_WAYS,
  parameter int unsigned MSHRS       = CFG_LLC_MSHRS,  // line reads outstanding
  parameter int unsigned WBS         = 2,              // victim write-backs outstanding
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
  localparam int unsigned M_BITS     = MSHRS > 1 ? $clog2(MSHRS) : 1;
  localparam int unsigned WB_BITS    = WBS > 1 ? $clog2(WBS) : 1;
  localparam int unsigned IDS        = 1 << LP_ID_BITS;

  if (WAYS < 2 || (1 << WAY_BITS) != WAYS || (1 << SET_BITS) != SETS || MSHRS < 1 ||
      WBS < 1 || MSHRS > (1 << AXI_ID_BITS) || WBS > (1 << AXI_ID_BITS))
  begin : g_size_check
    $error("llc: unsupported size");
  end

  // teasim fills free ways directly when it warms the cache (functional
  // warming, docs/teasim.md): the simulator reaches both RAMs by name.
  logic [WAYS*TW-1:0]   tag_ram [SETS] /*verilator public_flat_rw*/;
  logic [LINE_BITS-1:0] data_ram [LINES] /*verilator public_flat_rw*/;   // line i: set i / WAYS, way i % WAYS
  logic [WAYS*TW-1:0]   tag_rd_q;
  logic [LINE_BITS-1:0] data_rd_q;

  logic                 init_done_q;
  logic [SET_BITS-1:0]  init_q;
  logic [WAY_BITS-1:0]  rr_q;

  // Lookup stage: the request accepted last; its set's tags are in tag_rd_q
  // (read again when an R error invalidated a way of that set meanwhile).
  logic                  lk_valid_q, lk_write_q, lk_stale_q, lk_ph2_q;
  logic [LADDR_BITS-1:0] lk_line_q;
  logic [LP_ID_BITS-1:0] lk_id_q;
  logic [LINE_BITS-1:0]  lk_data_q;
  logic [WAY_BITS-1:0]   lk_way_q;   // lk_ph2_q: a write miss writes its line here now

  // MSHRs: line, reserved way, the ids waiting for the line, AR sent.
  logic [MSHRS-1:0]            m_valid_q, m_ar_q;
  logic [MSHRS*LADDR_BITS-1:0] m_line_q;
  logic [MSHRS*WAY_BITS-1:0]   m_way_q;
  logic [MSHRS*IDS-1:0]        m_wait_q;

  // Write-back buffer: victim line and data (captured the cycle after its
  // data RAM read), AW and W sent; freed by its B.
  logic [WBS-1:0]            wb_valid_q, wb_full_q, wb_aw_q, wb_w_q;
  logic [WBS*LADDR_BITS-1:0] wb_line_q;
  logic [WBS*LINE_BITS-1:0]  wb_data_q;
  logic                      wbcap_q;
  logic [WB_BITS-1:0]        wbcap_idx_q;

  // A line that arrived, answered to its waiting ids one per cycle.
  logic                  fill_valid_q, fill_err_q;
  logic [IDS-1:0]        fill_wait_q;
  logic [LINE_BITS-1:0]  fill_data_q;

  logic                  hit_pend_q;   // data_rd_q holds a read hit's line
  logic [LP_ID_BITS-1:0] hit_id_q;

  logic                  resp_valid_q, resp_error_q, resp_miss_q;
  logic [LP_ID_BITS-1:0] resp_id_q;
  logic [LINE_BITS-1:0]  resp_data_q;

  logic                  ar_hold_q, wb_hold_q;   // a valid on AR / AW or W waits for ready
  logic [M_BITS-1:0]     ar_cur_q;
  logic [WB_BITS-1:0]    wb_cur_q;

  logic [SET_BITS-1:0]   lk_set;
  logic [TAG_BITS-1:0]   lk_tag;
  assign lk_set = lk_line_q[SET_BITS-1:0];
  assign lk_tag = lk_line_q[LADDR_BITS-1:SET_BITS];

  // ---- R channel: a line arrives for MSHR rid. It takes both RAM ports
  // first; the lookup stage and new requests wait that cycle.
  logic                  rready, r_fire, r_err;
  logic [M_BITS-1:0]     r_m;
  logic [SET_BITS-1:0]   r_set;
  logic [WAY_BITS-1:0]   r_way;
  assign rready = init_done_q && !fill_valid_q && !lk_ph2_q;
  assign r_fire = m_axi_rvalid && rready;
  assign r_err  = m_axi_rresp != 2'b00;
  assign r_m    = M_BITS'(m_axi_rid);
  assign r_set  = m_line_q[r_m*LADDR_BITS +: SET_BITS];
  assign r_way  = m_way_q[r_m*WAY_BITS +: WAY_BITS];

  // ---- Lookup: tags, MSHRs, write-back buffer, victim.
  logic [WAYS-1:0]     hit_vec, reserved;
  logic                hit, hit_dirty, v_ok, vdirty;
  logic [WAY_BITS-1:0] hit_way, vway;
  logic [MSHRS-1:0]    m_match;
  logic [M_BITS-1:0]   m_match_idx, m_free_idx;
  logic                m_free;
  logic [WBS-1:0]      wb_match;
  logic [WB_BITS-1:0]  wb_free_idx;
  logic                wb_free;

  always_comb begin
    hit_way   = '0;
    reserved  = '0;
    for (int w = WAYS - 1; w >= 0; w--) begin
      hit_vec[w] = tag_rd_q[w*TW + TW - 1] && tag_rd_q[w*TW +: TAG_BITS] == lk_tag;
      if (hit_vec[w]) hit_way = WAY_BITS'(w);
    end
    hit       = |hit_vec;
    hit_dirty = tag_rd_q[hit_way*TW + TAG_BITS];

    m_match_idx = '0;
    m_free_idx  = '0;
    m_free      = 1'b0;
    for (int m = MSHRS - 1; m >= 0; m--) begin
      m_match[m] = m_valid_q[m] && m_line_q[m*LADDR_BITS +: LADDR_BITS] == lk_line_q;
      if (m_match[m]) m_match_idx = M_BITS'(m);
      if (!m_valid_q[m]) begin
        m_free_idx = M_BITS'(m);
        m_free     = 1'b1;
      end
      // A way waiting for its line is not a victim.
      if (m_valid_q[m] && m_line_q[m*LADDR_BITS +: SET_BITS] == lk_set)
        reserved[m_way_q[m*WAY_BITS +: WAY_BITS]] = 1'b1;
    end

    wb_free_idx = '0;
    wb_free     = 1'b0;
    for (int e = WBS - 1; e >= 0; e--) begin
      wb_match[e] = wb_valid_q[e] && wb_line_q[e*LADDR_BITS +: LADDR_BITS] == lk_line_q;
      if (!wb_valid_q[e]) begin
        wb_free_idx = WB_BITS'(e);
        wb_free     = 1'b1;
      end
    end

    // Victim: the first free unreserved way, else round robin from rr_q
    // over the unreserved ones.
    v_ok = ~&reserved;
    vway = rr_q;
    for (int k = WAYS - 1; k >= 0; k--) begin
      if (!reserved[rr_q + WAY_BITS'(k)]) vway = rr_q + WAY_BITS'(k);
    end
    for (int w = WAYS - 1; w >= 0; w--) begin
      if (!reserved[w] && !tag_rd_q[w*TW + TW - 1]) vway = WAY_BITS'(w);
    end
    vdirty = tag_rd_q[vway*TW + TW - 1] && tag_rd_q[vway*TW + TAG_BITS];
  end

  // ---- RAM ports and what the lookup stage does this cycle.
  logic                         accept;
  logic                         tag_re, tag_we, data_re, data_we;
  logic [SET_BITS-1:0]          tag_set;
  logic [WAYS-1:0]              tag_wmask;
  logic [TW-1:0]                tag_wdata;
  logic [SET_BITS+WAY_BITS-1:0] data_idx;
  logic [LINE_BITS-1:0]         data_wdata;
  logic                         lk_done, lk_reread, lk_to_ph2, lk_evict, hit_issue;
  logic                         m_alloc, m_merge, wb_alloc;

  always_comb begin
    tag_re     = 1'b0;
    tag_we     = 1'b0;
    tag_set    = lk_set;
    tag_wmask  = '0;
    tag_wdata  = {1'b1, lk_write_q, lk_tag};
    data_re    = 1'b0;
    data_we    = 1'b0;
    data_idx   = {lk_set, lk_way_q};
    data_wdata = lk_data_q;
    lk_done    = 1'b0;
    lk_reread  = 1'b0;
    lk_to_ph2  = 1'b0;
    lk_evict   = 1'b0;
    hit_issue  = 1'b0;
    m_alloc    = 1'b0;
    m_merge    = 1'b0;
    wb_alloc   = 1'b0;
    ev_llc_miss_o = 1'b0;

    if (!init_done_q) begin
      tag_we    = 1'b1;
      tag_set   = init_q;
      tag_wmask = '1;
      tag_wdata = '0;
    end else if (r_fire) begin
      // The way's tag was set when the miss took it; only a failed line
      // must go.
      data_we    = 1'b1;
      data_idx   = {r_set, r_way};
      data_wdata = m_axi_rdata;
      if (r_err) begin
        tag_we    = 1'b1;
        tag_set   = r_set;
        tag_wmask = WAYS'(1) << r_way;
        tag_wdata = '0;
      end
    end else if (lk_valid_q) begin
      if (lk_ph2_q) begin
        data_we = 1'b1;
        lk_done = 1'b1;
      end else if (lk_stale_q) begin
        tag_re    = 1'b1;
        lk_reread = 1'b1;
      end else if (|wb_match) begin
        // Wait until memory has the line.
      end else if (|m_match) begin
        if (!lk_write_q) begin
          m_merge       = 1'b1;
          ev_llc_miss_o = 1'b1;
          lk_done       = 1'b1;
        end
      end else if (hit) begin
        data_idx = {lk_set, hit_way};
        if (lk_write_q) begin
          data_we   = 1'b1;
          tag_we    = !hit_dirty;
          tag_wmask = WAYS'(1) << hit_way;
          lk_done   = 1'b1;
        end else if (!fill_valid_q) begin
          // (An arrived line answers first: its answers cannot wait forever.)
          data_re   = 1'b1;
          hit_issue = 1'b1;
          lk_done   = 1'b1;
        end
      end else if (v_ok && (lk_write_q || m_free) && (!vdirty || wb_free)) begin
        data_idx  = {lk_set, vway};
        lk_evict  = 1'b1;
        tag_we    = 1'b1;
        tag_wmask = WAYS'(1) << vway;
        if (vdirty) begin
          data_re  = 1'b1;
          wb_alloc = 1'b1;
        end
        if (!lk_write_q) begin
          m_alloc       = 1'b1;
          ev_llc_miss_o = 1'b1;
          lk_done       = 1'b1;
        end else if (vdirty) begin
          lk_to_ph2 = 1'b1;   // the victim is read now, the line written next cycle
        end else begin
          data_we = 1'b1;
          lk_done = 1'b1;
        end
      end
    end
  end

  assign lreq_ready_o = init_done_q && !r_fire && !tag_we && !tag_re && (!lk_valid_q || lk_done);
  assign accept       = lreq_valid_i && lreq_ready_o;

  logic                tag_re_any;
  logic [SET_BITS-1:0] tag_set_any;
  assign tag_re_any  = tag_re || accept;
  assign tag_set_any = accept ? lreq_addr_i[LINE_OFF_BITS +: SET_BITS] : tag_set;

  // ---- Answers: a read hit's line (fixed timing) first, else the next id
  // waiting for the arrived line.
  logic                  drain, drain_last;
  logic [LP_ID_BITS-1:0] drain_id;
  always_comb begin
    drain_id = '0;
    for (int i = IDS - 1; i >= 0; i--) if (fill_wait_q[i]) drain_id = LP_ID_BITS'(i);
  end
  assign drain      = fill_valid_q && !hit_pend_q;
  assign drain_last = (fill_wait_q & ~(IDS'(1) << drain_id)) == '0;

  assign lresp_valid_o    = resp_valid_q;
  assign lresp_id_o       = resp_id_q;
  assign lresp_data_o     = resp_data_q;
  assign lresp_error_o    = resp_error_q;
  assign lresp_llc_miss_o = resp_miss_q;

  // ---- AR: the lowest MSHR whose read is not sent; kept while it waits.
  logic              ar_any;
  logic [M_BITS-1:0] ar_sel;
  always_comb begin
    ar_any = 1'b0;
    ar_sel = ar_cur_q;
    if (!ar_hold_q) begin
      for (int m = MSHRS - 1; m >= 0; m--) begin
        if (m_valid_q[m] && !m_ar_q[m]) ar_sel = M_BITS'(m);
      end
    end
    ar_any = m_valid_q[ar_sel] && !m_ar_q[ar_sel];
  end

  assign m_axi_arvalid = ar_any;
  assign m_axi_araddr  = {m_line_q[ar_sel*LADDR_BITS +: LADDR_BITS], LINE_OFF_BITS'(0)};
  assign m_axi_arid    = AXI_ID_BITS'(ar_sel);
  assign m_axi_arlen   = 8'd0;
  assign m_axi_arsize  = 3'd6;
  assign m_axi_arburst = 2'b01;
  assign m_axi_rready  = rready;

  // ---- AW and W: one entry at a time (W follows AW's order), the lowest
  // captured one not yet sent; kept until both are through.
  logic               wb_any, aw_after, w_after;
  logic [WB_BITS-1:0] wb_sel;
  always_comb begin
    wb_sel = wb_cur_q;
    if (!wb_hold_q) begin
      for (int e = WBS - 1; e >= 0; e--) begin
        if (wb_full_q[e] && !(wb_aw_q[e] && wb_w_q[e])) wb_sel = WB_BITS'(e);
      end
    end
    wb_any   = wb_full_q[wb_sel] && !(wb_aw_q[wb_sel] && wb_w_q[wb_sel]);
    aw_after = wb_aw_q[wb_sel] || m_axi_awready;
    w_after  = wb_w_q[wb_sel] || m_axi_wready;
  end

  assign m_axi_awvalid = wb_any && !wb_aw_q[wb_sel];
  assign m_axi_awaddr  = {wb_line_q[wb_sel*LADDR_BITS +: LADDR_BITS], LINE_OFF_BITS'(0)};
  assign m_axi_awid    = AXI_ID_BITS'(wb_sel);
  assign m_axi_awlen   = 8'd0;
  assign m_axi_awsize  = 3'd6;
  assign m_axi_awburst = 2'b01;
  assign m_axi_wvalid  = wb_any && !wb_w_q[wb_sel];
  assign m_axi_wdata   = wb_data_q[wb_sel*LINE_BITS +: LINE_BITS];
  assign m_axi_wstrb   = '1;
  assign m_axi_wlast   = 1'b1;
  assign m_axi_bready  = 1'b1;

  logic [WB_BITS-1:0] b_e;
  assign b_e = WB_BITS'(m_axi_bid);

  // Single beats; the ids are ours (their low bits name the MSHR or entry);
  // a write's B status carries nothing this master needs.
  logic unused_axi;
  assign unused_axi = ^{m_axi_bid, m_axi_bresp, m_axi_rid, m_axi_rlast};
  // Requests are line aligned.
  logic [LINE_OFF_BITS-1:0] unused_off;
  assign unused_off = lreq_addr_i[LINE_OFF_BITS-1:0];

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      init_done_q  <= 1'b0;
      init_q       <= '0;
      rr_q         <= '0;
      lk_valid_q   <= 1'b0;
      lk_write_q   <= 1'b0;
      lk_stale_q   <= 1'b0;
      lk_ph2_q     <= 1'b0;
      lk_line_q    <= '0;
      lk_id_q      <= '0;
      lk_way_q     <= '0;
      m_valid_q    <= '0;
      m_ar_q       <= '0;
      m_line_q     <= '0;
      m_way_q      <= '0;
      m_wait_q     <= '0;
      wb_valid_q   <= '0;
      wb_full_q    <= '0;
      wb_aw_q      <= '0;
      wb_w_q       <= '0;
      wb_line_q    <= '0;
      wbcap_q      <= 1'b0;
      wbcap_idx_q  <= '0;
      fill_valid_q <= 1'b0;
      fill_err_q   <= 1'b0;
      fill_wait_q  <= '0;
      hit_pend_q   <= 1'b0;
      hit_id_q     <= '0;
      resp_valid_q <= 1'b0;
      resp_error_q <= 1'b0;
      resp_miss_q  <= 1'b0;
      resp_id_q    <= '0;
      ar_hold_q    <= 1'b0;
      ar_cur_q     <= '0;
      wb_hold_q    <= 1'b0;
      wb_cur_q     <= '0;
    end else begin
      init_q <= init_q + SET_BITS'(1);
      if (init_q == SET_BITS'(SETS - 1)) init_done_q <= 1'b1;

      // Lookup stage.
      if (accept) begin
        lk_valid_q <= 1'b1;
        lk_line_q  <= lreq_addr_i[PADDR_BITS-1:LINE_OFF_BITS];
        lk_write_q <= lreq_write_i;
        lk_id_q    <= lreq_id_i;
        lk_stale_q <= 1'b0;
        lk_ph2_q   <= 1'b0;
      end else if (lk_done) begin
        lk_valid_q <= 1'b0;
        lk_ph2_q   <= 1'b0;
      end else begin
        if (lk_to_ph2) begin
          lk_ph2_q <= 1'b1;
          lk_way_q <= vway;
        end
        if (lk_reread) lk_stale_q <= 1'b0;
        if (r_fire && r_err && lk_valid_q && r_set == lk_set) lk_stale_q <= 1'b1;
      end
      if (lk_evict) rr_q <= rr_q + WAY_BITS'(1);

      // MSHRs.
      if (m_alloc) begin
        m_valid_q[m_free_idx] <= 1'b1;
        m_ar_q[m_free_idx]    <= 1'b0;
        m_line_q[m_free_idx*LADDR_BITS +: LADDR_BITS] <= lk_line_q;
        m_way_q[m_free_idx*WAY_BITS +: WAY_BITS]      <= vway;
        m_wait_q[m_free_idx*IDS +: IDS]               <= IDS'(1) << lk_id_q;
      end
      if (m_merge) m_wait_q[m_match_idx*IDS + 32'(lk_id_q)] <= 1'b1;
      if (m_axi_arvalid && m_axi_arready) m_ar_q[ar_sel] <= 1'b1;
      ar_hold_q <= m_axi_arvalid && !m_axi_arready;
      ar_cur_q  <= ar_sel;
      if (r_fire) m_valid_q[r_m] <= 1'b0;

      // Arrived line.
      if (r_fire) begin
        fill_valid_q <= |m_wait_q[r_m*IDS +: IDS];
        fill_wait_q  <= m_wait_q[r_m*IDS +: IDS];
        fill_err_q   <= r_err;
      end else if (drain) begin
        fill_wait_q[drain_id] <= 1'b0;
        if (drain_last) fill_valid_q <= 1'b0;
      end

      // Write-back buffer.
      if (wb_alloc) begin
        wb_valid_q[wb_free_idx] <= 1'b1;
        wb_full_q[wb_free_idx]  <= 1'b0;
        wb_aw_q[wb_free_idx]    <= 1'b0;
        wb_w_q[wb_free_idx]     <= 1'b0;
        wb_line_q[wb_free_idx*LADDR_BITS +: LADDR_BITS] <=
            {tag_rd_q[vway*TW +: TAG_BITS], lk_set};
      end
      wbcap_q     <= wb_alloc;
      wbcap_idx_q <= wb_free_idx;
      if (wbcap_q) wb_full_q[wbcap_idx_q] <= 1'b1;
      if (m_axi_awvalid && m_axi_awready) wb_aw_q[wb_sel] <= 1'b1;
      if (m_axi_wvalid && m_axi_wready) wb_w_q[wb_sel] <= 1'b1;
      wb_hold_q <= wb_any && !(aw_after && w_after);
      wb_cur_q  <= wb_sel;
      if (m_axi_bvalid) begin
        wb_valid_q[b_e] <= 1'b0;
        wb_full_q[b_e]  <= 1'b0;
      end

      // Answers.
      hit_pend_q   <= hit_issue;
      hit_id_q     <= lk_id_q;
      resp_valid_q <= hit_pend_q || drain;
      if (hit_pend_q) begin
        resp_id_q    <= hit_id_q;
        resp_error_q <= 1'b0;
        resp_miss_q  <= 1'b0;
      end else if (drain) begin
        resp_id_q    <= drain_id;
        resp_error_q <= fill_err_q;
        resp_miss_q  <= 1'b1;
      end
    end
  end

  // RAMs and the data registers need no reset: the state says what is valid.
  always_ff @(posedge clk_i) begin
    if (accept) lk_data_q <= lreq_data_i;
    if (r_fire) fill_data_q <= m_axi_rdata;
    if (wbcap_q) wb_data_q[wbcap_idx_q*LINE_BITS +: LINE_BITS] <= data_rd_q;
    if (hit_pend_q) resp_data_q <= data_rd_q;
    else if (drain) resp_data_q <= fill_data_q;
    if (tag_we) begin
      for (int w = 0; w < WAYS; w++) if (tag_wmask[w]) tag_ram[tag_set][w*TW +: TW] <= tag_wdata;
    end else if (tag_re_any) begin
      tag_rd_q <= tag_ram[tag_set_any];
    end
    if (data_we) data_ram[data_idx] <= data_wdata;
    else if (data_re) data_rd_q <= data_ram[data_idx];
  end
endmodule
