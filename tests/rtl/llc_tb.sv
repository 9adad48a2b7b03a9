// Checks llc against a reference memory of lines, with an AXI slave model
// behind it (random ready, read latency, lines of one region answering
// SLVERR): random line reads and write-backs on a working set that
// overflows a few sets, so lines are evicted dirty and clean.
// - every read response: data (the latest write), id and order (requests
//   are answered in the order accepted), error for failing lines;
// - llc_miss: set exactly when the LLC read the line from memory for that
//   request; a hit answers HIT_LATENCY cycles after the request; the first
//   read of a line misses, a read right after a good read of it hits, a
//   failing line is never kept;
// - every AXI write-back carries the line's latest data; AXI fields fixed
//   (single 64-byte beat, INCR, full strobes).
`include "mem_types.svh"

module llc_tb;
  localparam int HIT_LAT = 4;
  localparam int R_LAT   = 20;
  localparam int SETS    = CFG_LLC_KIB * 1024 / 64 / CFG_LLC_WAYS;
  localparam longint BASE     = 64'h8000_0000;
  localparam longint ERR_BASE = 64'h9000_0000;    // lines here fail 1 in 2
  localparam int CYCLES = 30000;

  logic clk = 0;
  logic rst_n = 0;
  always #5 clk = ~clk;

  logic                  lreq_valid = 0, lreq_ready, lreq_write = 0;
  logic [PADDR_BITS-1:0] lreq_addr = '0;
  logic [LINE_BITS-1:0]  lreq_data = '0;
  logic [LP_ID_BITS-1:0] lreq_id = '0;
  logic                  lresp_valid, lresp_error, lresp_llc;
  logic [LP_ID_BITS-1:0] lresp_id;
  logic [LINE_BITS-1:0]  lresp_data;
  logic                  awvalid, awready = 0, wvalid, wready = 0, wlast, bvalid = 0, bready;
  logic [PADDR_BITS-1:0] awaddr, araddr;
  logic [3:0]            awid, arid, bid = '0, rid = '0;
  logic [7:0]            awlen, arlen;
  logic [2:0]            awsize, arsize;
  logic [1:0]            awburst, arburst, bresp = '0, rresp = '0;
  logic [LINE_BITS-1:0]  wdata, rdata = '0;
  logic [63:0]           wstrb;
  logic                  arvalid, arready = 0, rvalid = 0, rready, rlast = 0;
  logic                  ev_miss;

  llc #(.HIT_LATENCY(HIT_LAT)) dut (
    .clk_i(clk), .rst_ni(rst_n),
    .lreq_valid_i(lreq_valid), .lreq_ready_o(lreq_ready), .lreq_addr_i(lreq_addr),
    .lreq_write_i(lreq_write), .lreq_data_i(lreq_data), .lreq_id_i(lreq_id),
    .lresp_valid_o(lresp_valid), .lresp_id_o(lresp_id), .lresp_data_o(lresp_data),
    .lresp_error_o(lresp_error), .lresp_llc_miss_o(lresp_llc),
    .m_axi_awvalid(awvalid), .m_axi_awready(awready), .m_axi_awaddr(awaddr),
    .m_axi_awid(awid), .m_axi_awlen(awlen), .m_axi_awsize(awsize), .m_axi_awburst(awburst),
    .m_axi_wvalid(wvalid), .m_axi_wready(wready), .m_axi_wdata(wdata), .m_axi_wstrb(wstrb),
    .m_axi_wlast(wlast), .m_axi_bvalid(bvalid), .m_axi_bready(bready), .m_axi_bid(bid),
    .m_axi_bresp(bresp), .m_axi_arvalid(arvalid), .m_axi_arready(arready),
    .m_axi_araddr(araddr), .m_axi_arid(arid), .m_axi_arlen(arlen), .m_axi_arsize(arsize),
    .m_axi_arburst(arburst), .m_axi_rvalid(rvalid), .m_axi_rready(rready),
    .m_axi_rdata(rdata), .m_axi_rid(rid), .m_axi_rresp(rresp), .m_axi_rlast(rlast),
    .ev_llc_miss_o(ev_miss));

  longint cyc = 0;
  int errors = 0;

  task automatic check(input bit ok, input string what);
    if (!ok) begin
      if (errors < 20) $display("FAIL cycle %0d: %s", cyc, what);
      errors++;
    end
  endtask

  function automatic logic [LINE_BITS-1:0] init_line(input longint line);
    for (int k = 0; k < 16; k++) init_line[k*32 +: 32] = 32'(line * 2654435761 + k * 40503);
  endfunction

  logic [LINE_BITS-1:0] refm [longint];   // what the clients see
  logic [LINE_BITS-1:0] mem [longint];    // behind AXI

  function automatic logic [LINE_BITS-1:0] ref_line(input longint l);
    ref_line = refm.exists(l) ? refm[l] : init_line(l);
  endfunction
  function automatic logic [LINE_BITS-1:0] mem_line(input longint l);
    mem_line = mem.exists(l) ? mem[l] : init_line(l);
  endfunction
  function automatic bit bad_line(input longint l);
    bad_line = l >= (ERR_BASE >> 6) && (l % 2) == 1;
  endfunction

  // Accepted requests waiting for their answer (reads only), in order.
  longint p_line [$];
  int     p_id [$];
  longint p_acc [$];
  logic [LINE_BITS-1:0] p_exp [$];
  bit     p_expect_hit [$], p_first [$];
  int     ars_since = 0;          // AR handshakes since the head request was accepted
  bit     busy_read = 0;          // a read is being served
  bit     seen [longint];
  longint last_line = -1;
  bit     last_was_good_read = 0;

  // AXI slave state.
  bit     aw_got = 0, w_got = 0;
  longint aw_line;
  logic [LINE_BITS-1:0] w_data;
  longint b_due = -1;
  longint r_due [$];
  longint r_line [$];

  int n_reads = 0, n_writes = 0, n_hits = 0, n_miss = 0, n_err = 0, n_wb = 0, n_ev = 0;

  function automatic longint rand_line();
    int r = $urandom_range(99, 0);
    // Twelve lines in each of four sets: more than the ways, so evictions.
    if (r < 80) rand_line = (BASE >> 6) + $urandom_range(3, 0) + SETS * $urandom_range(11, 0);
    else if (r < 92) rand_line = (BASE >> 6) + $urandom_range(4095, 0);
    else rand_line = (ERR_BASE >> 6) + $urandom_range(15, 0);
  endfunction

  initial begin
    int guard = 0;
    rst_n = 0;
    @(posedge clk); #1;
    rst_n = 1;
    // Tag RAM clearing after reset.
    while (!lreq_ready && guard < 10000) begin @(posedge clk); #1; guard++; end
    check(lreq_ready, "never ready after reset");

    for (int c = 0; c < CYCLES + 2000; c++) begin
      bit r_now;
      // ---- inputs for this cycle
      if (!lreq_valid && c < CYCLES && $urandom_range(99, 0) < 50) begin
        longint l = rand_line();
        bit rep = last_line >= 0 && $urandom_range(99, 0) < 15;
        if (rep) l = last_line;
        lreq_valid = 1;
        lreq_write = !bad_line(l) && $urandom_range(99, 0) < 35;
        lreq_addr  = PADDR_BITS'(l * 64);
        lreq_id    = LP_ID_BITS'($urandom);
        for (int k = 0; k < 16; k++) lreq_data[k*32 +: 32] = $urandom;
      end
      awready = $urandom_range(99, 0) < 60;
      wready  = $urandom_range(99, 0) < 60;
      arready = $urandom_range(99, 0) < 60;
      r_now   = r_due.size() > 0 && r_due[0] <= cyc;
      rvalid  = r_now;
      if (r_now) begin
        rdata = mem_line(r_line[0]);
        rresp = bad_line(r_line[0]) ? 2'b10 : 2'b00;
        rlast = 1;
        rid   = arid;
      end else begin
        rdata = {16{32'hdead_beef}};
        rresp = 2'($urandom);
        rlast = 0;
      end
      bvalid = b_due >= 0 && b_due <= cyc;
      bresp  = 2'($urandom_range(1, 0));   // the LLC must not care
      #3;

      // ---- check and account
      if (lresp_valid) begin
        check(p_line.size() > 0, "response with no read waiting");
        if (p_line.size() > 0) begin
          longint l = p_line[0];
          bit bad = bad_line(l);
          check(lresp_id == LP_ID_BITS'(p_id[0]), $sformatf("response id %0d expected %0d (order)",
                                                            lresp_id, p_id[0]));
          check(lresp_error == bad, $sformatf("line %h: error %0d", l, lresp_error));
          if (!bad) check(lresp_data == p_exp[0], $sformatf("line %h: wrong data", l));
          check(lresp_llc == (ars_since > 0), $sformatf("line %h: llc_miss %0d with %0d reads from memory",
                                                      l, lresp_llc, ars_since));
          check(ars_since <= 1, "line read from memory more than once");
          if (p_first[0] || bad) check(lresp_llc, $sformatf("line %h: first read or failing, but a hit", l));
          if (p_expect_hit[0]) check(!lresp_llc, $sformatf("line %h: read twice in a row, second missed", l));
          if (!lresp_llc) begin
            n_hits++;
            check(cyc == p_acc[0] + HIT_LAT, $sformatf("hit answered after %0d cycles", cyc - p_acc[0]));
          end else n_miss++;
          if (bad) n_err++;
          void'(p_line.pop_front()); void'(p_id.pop_front()); void'(p_acc.pop_front());
          void'(p_exp.pop_front()); void'(p_expect_hit.pop_front()); void'(p_first.pop_front());
          busy_read = 0;
        end
      end
      if (ev_miss) n_ev++;

      if (arvalid && arready) begin
        longint l = longint'(araddr) >> 6;
        check(araddr[5:0] == 0 && arlen == 0 && arsize == 3'd6 && arburst == 2'b01, "AR fields");
        check(busy_read && p_line.size() > 0 && l == p_line[0], $sformatf("AR for line %h nobody asked for", l));
        r_due.push_back(cyc + R_LAT);
        r_line.push_back(l);
        ars_since++;
      end
      if (rvalid && rready) begin
        void'(r_due.pop_front());
        void'(r_line.pop_front());
      end
      if (awvalid && awready) begin
        check(!aw_got, "second AW before B");
        check(awaddr[5:0] == 0 && awlen == 0 && awsize == 3'd6 && awburst == 2'b01, "AW fields");
        aw_got = 1;
        aw_line = longint'(awaddr) >> 6;
      end
      if (wvalid && wready) begin
        check(!w_got, "second W before B");
        check(wlast && wstrb == '1, "W fields");
        w_got = 1;
        w_data = wdata;
      end
      if (aw_got && w_got && b_due < 0) begin
        check(w_data == ref_line(aw_line), $sformatf("write-back of line %h with stale data", aw_line));
        check(!bad_line(aw_line), "write-back of a failing line");
        mem[aw_line] = w_data;
        b_due = cyc + 5;
        n_wb++;
      end
      if (bvalid && bready) begin
        aw_got = 0;
        w_got  = 0;
        b_due  = -1;
      end

      if (lreq_valid && lreq_ready) begin
        longint l = longint'(lreq_addr) >> 6;
        check(!busy_read, "request accepted while a read is served");
        if (lreq_write) begin
          refm[l] = lreq_data;
          n_writes++;
          last_was_good_read = 0;
        end else begin
          p_line.push_back(l);
          p_id.push_back(int'(lreq_id));
          p_acc.push_back(cyc);
          p_exp.push_back(ref_line(l));
          p_expect_hit.push_back(last_line == l && last_was_good_read);
          p_first.push_back(!seen.exists(l));
          ars_since = 0;
          busy_read = 1;
          last_was_good_read = !bad_line(l);
          n_reads++;
        end
        seen[l] = 1;
        last_line = l;
      end

      @(posedge clk);
      cyc++;
      #1;
      if (lreq_valid && lreq_ready) lreq_valid = 0;
    end

    check(p_line.size() == 0, "reads never answered");
    $display("%0d reads (%0d hits, %0d misses, %0d errors), %0d writes, %0d write-backs to memory, %0d miss events",
             n_reads, n_hits, n_miss, n_err, n_writes, n_wb, n_ev);
    check(n_hits > 500 && n_miss > 400 && n_err > 50 && n_wb > 200, "traffic did not reach every case");
    check(n_ev == n_miss, "miss events differ from read misses");
    if (errors == 0) $display("PASS llc_tb");
    else $fatal(1, "%0d errors", errors);
    $finish;
  end
endmodule
