// Checks the non-blocking llc against a reference memory of lines, with an
// AXI slave model behind it: random ready on every channel, up to 16 reads
// in flight (like sim/dram) each with its own random latency, R answered out
// of order across ids, B delayed and out of order, lines of one region
// answering SLVERR. A write reaches the slave's memory only when its B is
// sent, so a line read again before its write-back's B gets stale data.
//
// Requesters are the ids that occur on the real line port: 0 (I-cache) and
// 16 + m (D-cache MSHR m), each with at most one read outstanding; writes
// (dirty L1 lines) carry a D id and get no answer. The working set overflows
// four sets (twelve lines each), keeps four lines in each of four other sets
// (never evicted), and adds lines all over the cache and failing lines.
// - each read is answered exactly once, on its id, never without request:
//   data = the latest write accepted before it, error iff its line fails;
// - llc_miss set iff the LLC read the line from memory for it: a miss must
//   carry an R beat of its line that came after the request was accepted
//   (same data, same error), every R beat is claimed by such a miss (joined
//   requests share it); a never-seen line misses, a loaded line of the
//   never-evicted sets hits; hits no sooner than 3 cycles, miss events =
//   misses;
// - every AXI write-back carries a version of the line written by a client,
//   newer than the line's previous write-back (the last one at the end:
//   every line is read back); no AR for a line being written back nor AW
//   for a line being read; AR/AW ids unique while outstanding, AR id < the
//   MSHRs; fixed fields (single 64-byte beat, INCR, full strobes), payload
//   stable while valid waits;
// - the LLC is non-blocking: at some point at least 2 (in fact all MSHRS)
//   reads are outstanding on AR, and hits are answered while reads are.
// +seed=N picks the random seed.
`include "mem_types.svh"

module llc_tb;
  localparam int SETS     = CFG_LLC_KIB * 1024 / CFG_LINE_BYTES / CFG_LLC_WAYS;
  localparam int NREQ     = 1 + CFG_L1D_MSHRS;       // requester k: id_of(k)
  localparam int R_MAX    = 16;                      // reads the slave takes in flight
  localparam longint BASE     = 64'h8000_0000;
  localparam longint ERR_BASE = 64'h9000_0000;       // odd lines here fail
  localparam int CYCLES   = 40000;

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

  llc dut (
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

  function automatic int id_of(input int k);
    id_of = k == 0 ? 0 : (1 << (LP_ID_BITS - 1)) + k - 1;
  endfunction

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
  function automatic bit sticky_line(input longint l);
    sticky_line = l >= (BASE >> 6) && l < (ERR_BASE >> 6) &&
                  (l % SETS) >= 4 && (l % SETS) < 8;
  endfunction

  // Reads waiting for their answer, by requester.
  bit     p_valid [NREQ];
  longint p_line [NREQ];
  longint p_acc [NREQ];
  logic [LINE_BITS-1:0] p_exp [NREQ];
  bit     p_must_miss [NREQ], p_must_hit [NREQ];
  bit     seen [longint];        // some request named the line
  bit     loaded [longint];      // a good read answered or a write accepted

  // Client writes: sequence number by the low 64 bits of their (random) data.
  int     w_seq_of [longint];
  longint w_line [int];
  logic [LINE_BITS-1:0] w_data [int];
  int     wb_last [longint];     // sequence number of the line's last write-back
  int     n_wseq = 0;

  // R beats sent, in cycle order; claimed by miss answers.
  longint bt_cyc [$], bt_line [$], bt_arcyc [$];
  logic [LINE_BITS-1:0] bt_data [$];
  bit     bt_err [$];
  int     bt_claims [$];

  // AXI slave state. Reads accepted (line, id, earliest R cycle), and the
  // one presented on R; writes: AWs and Ws waiting for each other, then
  // waiting for B (memory gets the data when B is sent).
  longint ar_line [$], ar_due [$], ar_cyc [$];
  int     ar_id [$];
  bit     r_pres = 0;
  longint r_cur_line, r_cur_arcyc;
  longint aw_line [$];
  int     aw_id [$];
  logic [LINE_BITS-1:0] w_q [$];
  longint b_line [$], b_due [$];
  int     b_id [$];
  logic [LINE_BITS-1:0] b_data [$];
  bit     b_pres = 0;
  longint b_cur_line;
  logic [LINE_BITS-1:0] b_cur_data;

  int n_reads = 0, n_writes = 0, n_hits = 0, n_miss = 0, n_join = 0, n_err = 0, n_wb = 0,
      n_ev = 0, n_hit_under_miss = 0, max_ar = 0;

  function automatic int ar_out();
    ar_out = ar_line.size() + int'(r_pres);
  endfunction
  function automatic bit reading(input longint l);
    reading = r_pres && r_cur_line == l;
    foreach (ar_line[i]) if (ar_line[i] == l) reading = 1;
  endfunction
  function automatic bit writing(input longint l);
    writing = b_pres && b_cur_line == l;
    foreach (aw_line[i]) if (aw_line[i] == l) writing = 1;
    foreach (b_line[i]) if (b_line[i] == l) writing = 1;
  endfunction
  function automatic bit ar_id_busy(input int id);
    ar_id_busy = r_pres && int'(rid) == id;
    foreach (ar_id[i]) if (ar_id[i] == id) ar_id_busy = 1;
  endfunction
  function automatic bit aw_id_busy(input int id);
    aw_id_busy = b_pres && int'(bid) == id;
    foreach (aw_id[i]) if (aw_id[i] == id) aw_id_busy = 1;
    foreach (b_id[i]) if (b_id[i] == id) aw_id_busy = 1;
  endfunction

  function automatic longint rand_line();
    int r = $urandom_range(99, 0);
    // Sets 0-3: twelve lines each (evictions); sets 4-7: four lines each
    // (never evicted); anywhere from set 8 up; failing region from set 16.
    if (r < 45) rand_line = (BASE >> 6) + $urandom_range(3, 0) + SETS * $urandom_range(11, 0);
    else if (r < 60) rand_line = (BASE >> 6) + 4 + $urandom_range(3, 0) + SETS * $urandom_range(3, 0);
    else if (r < 88) rand_line = (BASE >> 6) + 8 + $urandom_range(SETS - 9, 0) +
                                 SETS * $urandom_range(7, 0);
    else rand_line = (ERR_BASE >> 6) + 16 + $urandom_range(15, 0);
  endfunction

  longint sweep [$];             // end: every line read once more
  longint last_line = -1;

  // Previous cycle's AXI valids that waited, for the stability rules.
  bit     ar_wait = 0, aw_wait = 0, w_wait = 0;
  logic [PADDR_BITS-1:0] ar_addr_q, aw_addr_q;
  logic [3:0]            ar_id_q, aw_id_q;
  logic [LINE_BITS-1:0]  w_data_q;

  // Automatic, so that the declarations in its loops initialize every time.
  task automatic run();
    int guard = 0, seed = 0, rate = 50;
    bit idle = 0;
    if ($value$plusargs("seed=%d", seed)) void'($urandom(seed));
    rst_n = 0;
    @(posedge clk); #1;
    rst_n = 1;
    // Tag RAM clearing after reset.
    while (!lreq_ready && guard < 10000) begin @(posedge clk); #1; guard++; end
    check(lreq_ready, "never ready after reset");

    for (int c = 0; !idle && c < CYCLES + 200000; c++) begin : cycle
      // ---------------- inputs for this cycle
      if (c % 500 == 0) rate = $urandom_range(2, 0) == 0 ? 25 : $urandom_range(1, 0) ? 70 : 100;
      if (c == CYCLES) foreach (seen[l]) sweep.push_back(l);
      if (!lreq_valid && (c < CYCLES ? $urandom_range(99, 1) <= rate : sweep.size() > 0)) begin : gen
        int free [$];
        int k;
        longint l;
        free.delete();   // (Verilator keeps a block's queue from the last time)
        for (int i = 0; i < NREQ; i++) if (!p_valid[i]) free.push_back(i);
        if (c >= CYCLES) begin
          if (free.size() > 0) begin
            l = sweep.pop_front();
            k = free[$urandom_range(free.size() - 1, 0)];
            lreq_valid = 1;
            lreq_write = 0;
            lreq_addr  = PADDR_BITS'(l * 64);
            lreq_id    = LP_ID_BITS'(id_of(k));
          end
        end else begin
          l = rand_line();
          // The line just asked for again: requests joining a line in flight.
          if (last_line >= 0 && $urandom_range(99, 0) < 15) l = last_line;
          if (free.size() == 0 && bad_line(l)) l = (BASE >> 6) + 8;
          lreq_valid = 1;
          lreq_write = !bad_line(l) && (free.size() == 0 || $urandom_range(99, 0) < 30);
          lreq_addr  = PADDR_BITS'(l * 64);
          if (lreq_write) begin
            lreq_id = LP_ID_BITS'(id_of(1 + $urandom_range(NREQ - 2, 0)));
            for (int j = 0; j < 16; j++) lreq_data[j*32 +: 32] = $urandom;
          end else begin
            lreq_id = LP_ID_BITS'(id_of(free[$urandom_range(free.size() - 1, 0)]));
            lreq_data = {16{32'hbad0_da7a}};
          end
          last_line = l;
        end
      end
      awready = $urandom_range(99, 0) < 60;
      wready  = $urandom_range(99, 0) < 60;
      arready = ar_out() < R_MAX && $urandom_range(99, 0) < 60;
      // R: a read whose latency is over, picked at random among them.
      if (!r_pres && $urandom_range(99, 0) < 70) begin : pick_r
        int due [$];
        due.delete();
        foreach (ar_due[i]) if (ar_due[i] <= cyc) due.push_back(i);
        if (due.size() > 0) begin : pres_r
          int i = due[$urandom_range(due.size() - 1, 0)];
          r_pres     = 1;
          r_cur_line = ar_line[i];
          r_cur_arcyc = ar_cyc[i];
          rid        = 4'(ar_id[i]);
          rdata      = bad_line(ar_line[i]) ? {16{32'hdead_beef}} : mem_line(ar_line[i]);
          rresp      = bad_line(ar_line[i]) ? ($urandom_range(1, 0) ? 2'b10 : 2'b11) : 2'b00;
          ar_line.delete(i); ar_due.delete(i); ar_id.delete(i); ar_cyc.delete(i);
        end
      end
      rvalid = r_pres;
      rlast  = r_pres;
      if (!r_pres) begin
        rdata = {16{32'hdead_beef}};
        rresp = 2'($urandom);
        rid   = 4'($urandom);
      end
      if (!b_pres && $urandom_range(99, 0) < 50) begin : pick_b
        int due [$];
        due.delete();
        foreach (b_due[i]) if (b_due[i] <= cyc) due.push_back(i);
        if (due.size() > 0) begin : pres_b
          int i = due[$urandom_range(due.size() - 1, 0)];
          b_pres     = 1;
          b_cur_line = b_line[i];
          b_cur_data = b_data[i];
          bid        = 4'(b_id[i]);
          b_line.delete(i); b_due.delete(i); b_id.delete(i); b_data.delete(i);
        end
      end
      bvalid = b_pres;
      bresp  = 2'($urandom_range(1, 0));   // the LLC must not care
      if (!b_pres) bid = 4'($urandom);
      #3;

      // ---------------- check and account
      if (lresp_valid) begin : resp
        int k = -1;
        for (int i = 0; i < NREQ; i++) if (int'(lresp_id) == id_of(i)) k = i;
        check(k >= 0 && p_valid[k], $sformatf("response on id %0d with no read waiting", lresp_id));
        if (k >= 0 && p_valid[k]) begin : resp_ok
          longint l = p_line[k];
          bit bad = bad_line(l);
          check(lresp_error == bad, $sformatf("line %h: error %0d", l, lresp_error));
          if (!bad) check(lresp_data == p_exp[k], $sformatf("line %h: wrong data", l));
          check(cyc >= p_acc[k] + 3, $sformatf("answered %0d cycles after the request",
                                               cyc - p_acc[k]));
          if (lresp_llc) begin : resp_miss
            // The R beat it got: after the request, same line, same content.
            int b = -1;
            for (int i = bt_cyc.size() - 1; i >= 0 && bt_cyc[i] > p_acc[k]; i--) begin
              if (b < 0 && bt_line[i] == l && bt_err[i] == lresp_error &&
                  (bad || bt_data[i] == lresp_data)) b = i;
            end
            check(b >= 0, $sformatf("line %h: llc_miss but no read of it from memory since the request", l));
            if (b >= 0) begin
              if (bt_claims[b] > 0) n_join++;
              bt_claims[b]++;
            end
            n_miss++;
          end else begin : resp_hit
            // Its line was on its way from memory when it came, and nothing
            // could hold it back from joining: the next R beat was its line's,
            // 2 or more cycles later.
            int f = -1;
            for (int i = bt_cyc.size() - 1; i >= 0 && bt_cyc[i] > p_acc[k]; i--) f = i;
            check(!(f >= 0 && bt_line[f] == l && bt_arcyc[f] < p_acc[k] && bt_cyc[f] >= p_acc[k] + 2),
                  $sformatf("line %h: joined a read in flight but answered as a hit", l));
            n_hits++;
            if (ar_out() > 0) n_hit_under_miss++;
          end
          if (p_must_miss[k] || bad) check(lresp_llc, $sformatf("line %h: new or failing, but a hit", l));
          if (p_must_hit[k]) check(!lresp_llc, $sformatf("line %h: loaded and never evicted, but a miss", l));
          if (bad) n_err++;
          else loaded[l] = 1;
          p_valid[k] = 0;
        end
      end
      if (ev_miss) n_ev++;
      for (int i = 0; i < NREQ; i++) begin
        if (p_valid[i] && cyc - p_acc[i] > 5000) begin
          check(0, $sformatf("read of line %h on id %0d never answered", p_line[i], id_of(i)));
          p_valid[i] = 0;
        end
      end

      if (rvalid && rready) begin
        bt_cyc.push_back(cyc);
        bt_line.push_back(r_cur_line);
        bt_arcyc.push_back(r_cur_arcyc);
        bt_data.push_back(rdata);
        bt_err.push_back(rresp != 2'b00);
        bt_claims.push_back(0);
      end

      if (ar_wait) check(arvalid && araddr == ar_addr_q && arid == ar_id_q, "AR changed while waiting");
      if (aw_wait) check(awvalid && awaddr == aw_addr_q && awid == aw_id_q, "AW changed while waiting");
      if (w_wait) check(wvalid && wdata == w_data_q, "W changed while waiting");
      ar_wait = arvalid && !arready;
      aw_wait = awvalid && !awready;
      w_wait  = wvalid && !wready;
      ar_addr_q = araddr; ar_id_q = arid;
      aw_addr_q = awaddr; aw_id_q = awid;
      w_data_q  = wdata;

      if (arvalid && arready) begin : ar
        longint l = longint'(araddr) >> 6;
        bit asked = 0;
        for (int i = 0; i < NREQ; i++) if (p_valid[i] && p_line[i] == l) asked = 1;
        check(araddr[5:0] == 0 && arlen == 0 && arsize == 3'd6 && arburst == 2'b01, "AR fields");
        check(asked, $sformatf("AR for line %h nobody waits for", l));
        check(!writing(l), $sformatf("AR for line %h before its write-back's B", l));
        check(int'(arid) < CFG_LLC_MSHRS && !ar_id_busy(int'(arid)),
              $sformatf("AR id %0d out of range or in use", arid));
        ar_line.push_back(l);
        ar_id.push_back(int'(arid));
        ar_cyc.push_back(cyc);
        // Mostly DRAM-like, sometimes much longer: answers pass each other.
        ar_due.push_back(cyc + ($urandom_range(3, 0) == 0 ? $urandom_range(150, 40)
                                                          : $urandom_range(40, 8)));
        if (ar_out() > max_ar) max_ar = ar_out();
      end
      if (rvalid && rready) r_pres = 0;

      if (awvalid && awready) begin : aw
        longint l = longint'(awaddr) >> 6;
        check(awaddr[5:0] == 0 && awlen == 0 && awsize == 3'd6 && awburst == 2'b01, "AW fields");
        check(!aw_id_busy(int'(awid)), $sformatf("AW id %0d in use", awid));
        check(!writing(l), $sformatf("second write-back of line %h before B", l));
        check(!reading(l), $sformatf("write-back of line %h while it is read", l));
        check(!bad_line(l), "write-back of a failing line");
        aw_line.push_back(l);
        aw_id.push_back(int'(awid));
      end
      if (wvalid && wready) begin
        check(wlast && wstrb == '1, "W fields");
        w_q.push_back(wdata);
      end
      while (aw_line.size() > 0 && w_q.size() > 0) begin : pair
        longint l = aw_line.pop_front();
        int id = aw_id.pop_front();
        logic [LINE_BITS-1:0] d = w_q.pop_front();
        longint key = longint'(d[63:0]);
        bit ok = w_seq_of.exists(key) != 0 && w_line[w_seq_of[key]] == l && w_data[w_seq_of[key]] == d;
        check(ok, $sformatf("write-back of line %h with data no client wrote there", l));
        if (ok) begin
          check(wb_last.exists(l) == 0 || w_seq_of[key] > wb_last[l],
                $sformatf("write-back of line %h older than its previous one", l));
          wb_last[l] = w_seq_of[key];
        end
        b_line.push_back(l);
        b_id.push_back(id);
        b_data.push_back(d);
        b_due.push_back(cyc + longint'($urandom_range(30, 2)));
        n_wb++;
      end
      if (bvalid && bready) begin
        mem[b_cur_line] = b_cur_data;
        b_pres = 0;
      end

      if (lreq_valid && lreq_ready) begin : acc
        longint l = longint'(lreq_addr) >> 6;
        if (lreq_write) begin
          refm[l] = lreq_data;
          w_seq_of[longint'(lreq_data[63:0])] = n_wseq;
          w_line[n_wseq] = l;
          w_data[n_wseq] = lreq_data;
          n_wseq++;
          loaded[l] = 1;
          n_writes++;
        end else begin : acc_rd
          int k = -1;
          for (int i = 0; i < NREQ; i++) if (int'(lreq_id) == id_of(i)) k = i;
          p_valid[k]     = 1;
          p_line[k]      = l;
          p_acc[k]       = cyc;
          p_exp[k]       = ref_line(l);
          p_must_miss[k] = seen.exists(l) == 0;
          p_must_hit[k]  = sticky_line(l) && loaded.exists(l) != 0;
          n_reads++;
        end
        seen[l] = 1;
      end

      // Done: everything answered, written back and read back.
      idle = c > CYCLES && sweep.size() == 0 && !lreq_valid && ar_out() == 0 &&
             aw_line.size() == 0 && w_q.size() == 0 && b_line.size() == 0 && !b_pres;
      for (int i = 0; i < NREQ; i++) if (p_valid[i]) idle = 0;

      @(posedge clk);
      cyc++;
      #1;
      if (lreq_valid && lreq_ready) lreq_valid = 0;
    end

    check(idle, "requests never answered or write-backs never done");
    foreach (bt_claims[i]) check(bt_claims[i] > 0,
        $sformatf("line %h read from memory at cycle %0d, no miss answer got it", bt_line[i], bt_cyc[i]));
    $display("%0d reads (%0d hits, %0d misses of which %0d joined a line in flight, %0d errors), %0d writes",
             n_reads, n_hits, n_miss, n_join, n_err, n_writes);
    $display("%0d write-backs, %0d miss events, up to %0d reads outstanding, %0d hits under a miss",
             n_wb, n_ev, max_ar, n_hit_under_miss);
    check(n_hits > 1000 && n_miss > 1000 && n_join > 20 && n_err > 50 && n_wb > 300,
          "traffic did not reach every case");
    check(n_ev == n_miss, "miss events differ from read misses");
    check(max_ar >= 2 && max_ar == CFG_LLC_MSHRS, $sformatf("misses did not overlap (%0d reads at most)", max_ar));
    check(n_hit_under_miss > 100, "hits not served while misses are outstanding");
    if (errors == 0) $display("PASS llc_tb");
    else $fatal(1, "%0d errors", errors);
    $finish;
  endtask

  initial run();
endmodule
