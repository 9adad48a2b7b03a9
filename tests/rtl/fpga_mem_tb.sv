// Checks the boards' memory path, axi_line_cdc then axi_line_to_burst, with
// the core's and the memory controller's clocks unrelated (20 ns and
// 5.013 ns): random line reads and writes with random strobes, ids and
// ready timing on both sides, some beyond the memory. A behavioural AXI4
// slave at the far side takes bursts as a controller does (address and data
// channels independent, responses in order) and checks each burst's shape.
// Every read returns what the model memory holds at that line (the writes
// before it answered), every line beyond MEM_BYTES gets DECERR and reaches
// no slave, responses of one id keep their order, nothing is lost. Runs a
// 256-bit and a 64-bit controller port.
`include "mem_types.svh"

module fpga_mem_tb;
  bit done_a, done_b;
  int errors_a, errors_b;

  fpga_mem_check #(.DATA_BITS(256), .SEED(1)) a (.done(done_a), .errors(errors_a));
  fpga_mem_check #(.DATA_BITS(64), .SEED(2)) b (.done(done_b), .errors(errors_b));

  initial begin
    wait (done_a && done_b);
    if (errors_a + errors_b == 0) $display("PASS fpga_mem_tb");
    else $fatal(1, "%0d errors", errors_a + errors_b);
    $finish;
  end
endmodule

module fpga_mem_check #(
  parameter int unsigned DATA_BITS = 256,
  parameter int unsigned SEED      = 1
) (
  output bit done,
  output int errors
);
  localparam int unsigned IDB   = 4;
  localparam int unsigned AB    = 20;                       // 1 MiB controller window
  localparam logic [PADDR_BITS-1:0] MEM_BYTES = 56'h8_0000; // 512 KiB of it is memory
  localparam int unsigned LINES = 32;                       // lines the traffic touches
  localparam int unsigned BEATS = LINE_BITS / DATA_BITS;
  localparam int unsigned SB    = DATA_BITS / 8;
  localparam int unsigned REQS  = 3000;

  logic s_clk = 0, m_clk = 0, s_rst_n = 0, m_rst_n = 0;
  always #10000 s_clk = !s_clk;
  always #2507 m_clk = !m_clk;

  // core side
  logic s_awvalid = 0, s_awready, s_wvalid = 0, s_wready, s_bvalid, s_bready = 0;
  logic s_arvalid = 0, s_arready, s_rvalid, s_rready = 0;
  logic [PADDR_BITS-1:0] s_awaddr, s_araddr;
  logic [IDB-1:0] s_awid, s_arid, s_bid, s_rid;
  logic [LINE_BITS-1:0] s_wdata, s_rdata;
  logic [LINE_BITS/8-1:0] s_wstrb;
  logic [1:0] s_bresp, s_rresp;
  // between the two
  logic c_awvalid, c_awready, c_wvalid, c_wready, c_bvalid, c_bready;
  logic c_arvalid, c_arready, c_rvalid, c_rready;
  logic [PADDR_BITS-1:0] c_awaddr, c_araddr;
  logic [IDB-1:0] c_awid, c_arid, c_bid, c_rid;
  logic [LINE_BITS-1:0] c_wdata, c_rdata;
  logic [LINE_BITS/8-1:0] c_wstrb;
  logic [1:0] c_bresp, c_rresp;
  // controller side
  logic m_awvalid, m_awready = 0, m_wvalid, m_wready = 0, m_wlast, m_bvalid = 0, m_bready;
  logic m_arvalid, m_arready = 0, m_rvalid = 0, m_rready, m_rlast = 0;
  logic [AB-1:0] m_awaddr, m_araddr;
  logic [IDB-1:0] m_awid, m_arid, m_bid = '0, m_rid = '0;
  logic [7:0] m_awlen, m_arlen;
  logic [2:0] m_awsize, m_arsize;
  logic [1:0] m_awburst, m_arburst, m_bresp = '0, m_rresp = '0;
  logic [DATA_BITS-1:0] m_wdata, m_rdata = '0;
  logic [SB-1:0] m_wstrb;

  axi_line_cdc #(.ID_BITS(IDB)) u_cdc (
    .s_clk_i(s_clk), .s_rst_ni(s_rst_n),
    .s_axi_awvalid(s_awvalid), .s_axi_awready(s_awready), .s_axi_awaddr(s_awaddr),
    .s_axi_awid(s_awid), .s_axi_wvalid(s_wvalid), .s_axi_wready(s_wready),
    .s_axi_wdata(s_wdata), .s_axi_wstrb(s_wstrb), .s_axi_bvalid(s_bvalid),
    .s_axi_bready(s_bready), .s_axi_bid(s_bid), .s_axi_bresp(s_bresp),
    .s_axi_arvalid(s_arvalid), .s_axi_arready(s_arready), .s_axi_araddr(s_araddr),
    .s_axi_arid(s_arid), .s_axi_rvalid(s_rvalid), .s_axi_rready(s_rready),
    .s_axi_rdata(s_rdata), .s_axi_rid(s_rid), .s_axi_rresp(s_rresp),
    .m_clk_i(m_clk), .m_rst_ni(m_rst_n),
    .m_axi_awvalid(c_awvalid), .m_axi_awready(c_awready), .m_axi_awaddr(c_awaddr),
    .m_axi_awid(c_awid), .m_axi_wvalid(c_wvalid), .m_axi_wready(c_wready),
    .m_axi_wdata(c_wdata), .m_axi_wstrb(c_wstrb), .m_axi_bvalid(c_bvalid),
    .m_axi_bready(c_bready), .m_axi_bid(c_bid), .m_axi_bresp(c_bresp),
    .m_axi_arvalid(c_arvalid), .m_axi_arready(c_arready), .m_axi_araddr(c_araddr),
    .m_axi_arid(c_arid), .m_axi_rvalid(c_rvalid), .m_axi_rready(c_rready),
    .m_axi_rdata(c_rdata), .m_axi_rid(c_rid), .m_axi_rresp(c_rresp));

  axi_line_to_burst #(.DATA_BITS(DATA_BITS), .ADDR_BITS(AB), .ID_BITS(IDB),
                      .MEM_BYTES(MEM_BYTES)) u_burst (
    .clk_i(m_clk), .rst_ni(m_rst_n),
    .s_axi_awvalid(c_awvalid), .s_axi_awready(c_awready), .s_axi_awaddr(c_awaddr),
    .s_axi_awid(c_awid), .s_axi_wvalid(c_wvalid), .s_axi_wready(c_wready),
    .s_axi_wdata(c_wdata), .s_axi_wstrb(c_wstrb), .s_axi_bvalid(c_bvalid),
    .s_axi_bready(c_bready), .s_axi_bid(c_bid), .s_axi_bresp(c_bresp),
    .s_axi_arvalid(c_arvalid), .s_axi_arready(c_arready), .s_axi_araddr(c_araddr),
    .s_axi_arid(c_arid), .s_axi_rvalid(c_rvalid), .s_axi_rready(c_rready),
    .s_axi_rdata(c_rdata), .s_axi_rid(c_rid), .s_axi_rresp(c_rresp),
    .m_axi_awvalid(m_awvalid), .m_axi_awready(m_awready), .m_axi_awaddr(m_awaddr),
    .m_axi_awid(m_awid), .m_axi_awlen(m_awlen), .m_axi_awsize(m_awsize),
    .m_axi_awburst(m_awburst), .m_axi_wvalid(m_wvalid), .m_axi_wready(m_wready),
    .m_axi_wdata(m_wdata), .m_axi_wstrb(m_wstrb), .m_axi_wlast(m_wlast),
    .m_axi_bvalid(m_bvalid), .m_axi_bready(m_bready), .m_axi_bid(m_bid),
    .m_axi_bresp(m_bresp), .m_axi_arvalid(m_arvalid), .m_axi_arready(m_arready),
    .m_axi_araddr(m_araddr), .m_axi_arid(m_arid), .m_axi_arlen(m_arlen),
    .m_axi_arsize(m_arsize), .m_axi_arburst(m_arburst), .m_axi_rvalid(m_rvalid),
    .m_axi_rready(m_rready), .m_axi_rdata(m_rdata), .m_axi_rid(m_rid),
    .m_axi_rresp(m_rresp), .m_axi_rlast(m_rlast));

  task automatic fail(input string what);
    if (errors < 10) $display("FAIL (%0d-bit port): %s", DATA_BITS, what);
    errors++;
  endtask

  // ---- the controller: its memory, and the bursts in flight ----
  logic [LINE_BITS-1:0] slave_mem [LINES];
  typedef struct { logic [AB-1:0] addr; logic [IDB-1:0] id; } req_t;
  req_t aw_q [$], ar_q [$], b_q [$];
  logic [LINE_BITS-1:0] wline, w_lines [$];
  logic [LINE_BITS/8-1:0] wmask, w_masks [$];
  int wbeat = 0, rbeat = 0;
  int n_bursts = 0;

  function automatic req_t req(input logic [AB-1:0] addr, input logic [IDB-1:0] id);
    req.addr = addr;
    req.id = id;
  endfunction

  function automatic int line_of(input logic [AB-1:0] a);
    line_of = int'(a / 64) % LINES;
  endfunction

  always @(posedge m_clk) begin
    if (m_rst_n) begin
      if (m_awvalid && m_awready) begin
        if (m_awlen != 8'(BEATS - 1) || m_awsize != 3'($clog2(SB)) || m_awburst != 2'b01 ||
            m_awaddr % 64 != 0 || int'(m_awaddr) >= int'(MEM_BYTES))
          fail($sformatf("write burst addr %h len %0d size %0d burst %0d", m_awaddr, m_awlen,
                         m_awsize, m_awburst));
        aw_q.push_back(req(m_awaddr, m_awid));
      end
      if (m_wvalid && m_wready) begin
        if (m_wlast != (wbeat == BEATS - 1)) fail($sformatf("WLAST on beat %0d", wbeat));
        wline[wbeat * DATA_BITS +: DATA_BITS] = m_wdata;
        wmask[wbeat * SB +: SB] = m_wstrb;
        wbeat = m_wlast ? 0 : wbeat + 1;
        if (m_wlast) begin
          w_lines.push_back(wline);
          w_masks.push_back(wmask);
        end
      end
      // a burst's data may come before its address
      while (aw_q.size() > 0 && w_lines.size() > 0) begin
        wline = w_lines.pop_front();
        wmask = w_masks.pop_front();
        for (int i = 0; i < LINE_BITS / 8; i++)
          if (wmask[i]) slave_mem[line_of(aw_q[0].addr)][i * 8 +: 8] = wline[i * 8 +: 8];
        b_q.push_back(aw_q.pop_front());
        n_bursts++;
      end
      if (m_bvalid && m_bready) m_bvalid <= 0;
      if (m_rvalid && m_rready) begin
        rbeat = m_rlast ? 0 : rbeat + 1;
        if (m_rlast) begin
          void'(ar_q.pop_front());
          n_bursts++;
        end
        m_rvalid <= 0;
      end
      if (m_arvalid && m_arready) begin
        if (m_arlen != 8'(BEATS - 1) || m_arsize != 3'($clog2(SB)) || m_arburst != 2'b01 ||
            m_araddr % 64 != 0 || int'(m_araddr) >= int'(MEM_BYTES))
          fail($sformatf("read burst addr %h len %0d", m_araddr, m_arlen));
        ar_q.push_back(req(m_araddr, m_arid));
      end
      #1;
      m_awready <= $urandom_range(2, 0) != 0;
      m_wready  <= $urandom_range(2, 0) != 0;
      m_arready <= $urandom_range(2, 0) != 0;
      if (!m_bvalid && b_q.size() > 0 && $urandom_range(1, 0) == 0) begin
        m_bvalid <= 1;
        m_bid    <= b_q[0].id;
        m_bresp  <= 2'b00;
        void'(b_q.pop_front());
      end
      if (!m_rvalid && ar_q.size() > 0 && $urandom_range(1, 0) == 0) begin
        m_rvalid <= 1;
        m_rid    <= ar_q[0].id;
        m_rresp  <= 2'b00;
        m_rdata  <= slave_mem[line_of(ar_q[0].addr)][rbeat * DATA_BITS +: DATA_BITS];
        m_rlast  <= rbeat == BEATS - 1;
      end
    end
  end

  // ---- the core: requests, and the expected responses per id ----
  // A request waits while its line has a write in flight (or, for a write,
  // a read): AXI keeps no order between reads and writes, nor does a cache.
  typedef struct packed {
    logic write;
    logic err;
    logic [7:0] line;
    logic [LINE_BITS-1:0] data;
  } resp_t;
  resp_t want [2][16][$];   // [write][id]: AXI orders each id's reads, and its writes
  logic [LINE_BITS-1:0] core_mem [LINES];
  int busy_w [LINES], busy_r [LINES];
  int n_reads = 0, n_writes = 0, n_errs = 0;

  function automatic logic [PADDR_BITS-1:0] pick_addr(input bit err, input int line);
    pick_addr = PMA_DRAM_BASE + (err ? MEM_BYTES + PADDR_BITS'($urandom_range(1000, 0) * 64)
                                     : PADDR_BITS'(line * 64));
  endfunction

  function automatic resp_t expect_resp(input bit write, input bit err, input int line,
                                        input logic [LINE_BITS-1:0] data);
    expect_resp.write = write;
    expect_resp.err = err;
    expect_resp.line = 8'(line);
    expect_resp.data = data;
  endfunction

  function automatic int outstanding();
    outstanding = 0;
    for (int i = 0; i < 16; i++) outstanding += want[0][i].size() + want[1][i].size();
  endfunction

  initial begin
    int sent = 0, line, idle = 0;
    bit err, aw_hs, w_hs, ar_hs, b_hs, r_hs;
    logic [IDB-1:0] id, bid, rid;
    logic [LINE_BITS-1:0] line_data;
    logic [1:0] resp, bresp, rresp;
    resp_t r;
    done = 0;
    errors = 0;
    void'($urandom(SEED));
    for (int i = 0; i < LINES; i++) begin
      for (int k = 0; k < LINE_BITS / 32; k++) slave_mem[i][k * 32 +: 32] = $urandom;
      core_mem[i] = slave_mem[i];
      busy_w[i] = 0;
      busy_r[i] = 0;
    end
    repeat (3) @(posedge s_clk);
    #1;
    s_rst_n = 1;
    m_rst_n = 1;
    while ((sent < REQS || outstanding() > 0) && idle < 5000) begin
      @(posedge s_clk);
      aw_hs = s_awvalid && s_awready;
      w_hs  = s_wvalid && s_wready;
      ar_hs = s_arvalid && s_arready;
      b_hs  = s_bvalid && s_bready;
      r_hs  = s_rvalid && s_rready;
      bid = s_bid;
      bresp = s_bresp;
      rid = s_rid;
      rresp = s_rresp;
      line_data = s_rdata;
      #1;
      idle++;
      if (aw_hs) s_awvalid = 0;
      if (w_hs) s_wvalid = 0;
      if (ar_hs) s_arvalid = 0;
      for (int k = 0; k < 2; k++) begin
        if (k == 0 ? !b_hs : !r_hs) continue;
        id = k ? rid : bid;
        resp = k ? rresp : bresp;
        idle = 0;
        if (want[k == 0][id].size() == 0) begin
          fail($sformatf("a %s response for id %0d that asked nothing", k ? "read" : "write", id));
          continue;
        end
        r = want[k == 0][id].pop_front();
        if ((resp == 2'b11) != r.err) fail($sformatf("id %0d: response %0d", id, resp));
        else if (k == 1 && !r.err && line_data != r.data)
          fail($sformatf("id %0d: read of line %0d returned other data: %h, expected %h", id,
                         r.line, line_data[127:0], r.data[127:0]));
        if (!r.err) begin
          if (r.write) busy_w[r.line]--;
          else busy_r[r.line]--;
        end
      end
      // new requests
      if (sent < REQS && !s_awvalid && !s_wvalid && $urandom_range(2, 0) == 0) begin
        err = $urandom_range(9, 0) == 0;
        line = $urandom_range(LINES - 1, 0);
        if (err || (busy_w[line] == 0 && busy_r[line] == 0)) begin
          id = IDB'($urandom);
          s_awaddr = pick_addr(err, line);
          s_awid = id;
          for (int k = 0; k < LINE_BITS / 32; k++) s_wdata[k * 32 +: 32] = $urandom;
          s_wstrb = {$urandom, $urandom};
          if ($urandom_range(1, 0) == 0) s_wstrb = '1;
          s_awvalid = 1;
          s_wvalid = 1;
          if (!err) begin
            for (int b = 0; b < LINE_BITS / 8; b++)
              if (s_wstrb[b]) core_mem[line][b * 8 +: 8] = s_wdata[b * 8 +: 8];
            busy_w[line]++;
          end
          want[1][id].push_back(expect_resp(1, err, line, '0));
          sent++;
          n_writes++;
          n_errs += err;
        end
      end
      if (sent < REQS && !s_arvalid && $urandom_range(2, 0) == 0) begin
        err = $urandom_range(9, 0) == 0;
        line = $urandom_range(LINES - 1, 0);
        if (err || busy_w[line] == 0) begin
          id = IDB'($urandom);
          s_araddr = pick_addr(err, line);
          s_arid = id;
          s_arvalid = 1;
          if (!err) busy_r[line]++;
          want[0][id].push_back(expect_resp(0, err, line, core_mem[line]));
          sent++;
          n_reads++;
          n_errs += err;
        end
      end
      s_bready = $urandom_range(3, 0) != 0;
      s_rready = $urandom_range(3, 0) != 0;
    end
    if (outstanding() > 0) fail($sformatf("%0d requests never answered", outstanding()));
    $display("%0d-bit port: %0d reads, %0d writes (%0d beyond memory), %0d bursts", DATA_BITS,
             n_reads, n_writes, n_errs, n_bursts);
    if (n_bursts < REQS / 2 || n_errs < REQS / 20) fail("traffic too thin to mean anything");
    done = 1;
  end
endmodule
