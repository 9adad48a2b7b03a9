// Checks dcache against a flat reference memory, with a memory model behind
// the line port (in-order, LAT cycles, lines of one region always failing):
// - random loads, stores, AMOs and PTW reads: every response value, error
//   and flag (hit = answered the next cycle with miss 0; miss = later, with
//   llc_miss as the memory said), each load answered once;
// - random flushes: no response for a load accepted before one;
// - the line port: no two reads of the same line in flight, ids {1, mshr};
// - clean: afterwards the memory model equals the reference;
// - MSHRS independent misses complete in far less than MSHRS single misses;
// - prefetches (ld_req_prefetch_i): never answered and never counted as a
//   load miss; directed: a miss takes an MSHR and reads the line once, a
//   load to it afterwards hits, a load right after merges, a hit or a
//   pending line reads nothing, with every MSHR taken a prefetch is
//   refused; and mixed into the random traffic.
`include "core_types.svh"
`include "mem_types.svh"

module dcache_tb;
  localparam int MSHRS   = CFG_L1D_MSHRS;
  localparam int TB      = LQ_IDX_BITS;
  localparam int NTAGS   = 1 << TB;
  localparam int LAT     = 30;
  localparam int CACHE_LINES = CFG_L1D_KIB * 1024 / 64;
  localparam int WS_LINES    = 4 * CACHE_LINES;       // working set, 4x the cache
  localparam int HOT_LINES   = CACHE_LINES / 8;       // a part that stays cached
  localparam longint BASE      = 64'h8000_0000;
  localparam longint ERR_BASE  = 64'h8100_0000;     // lines here fail 2 in 3
  localparam int     ERR_LINES = 24;
  localparam longint FRESH     = 64'h8200_0000;     // never touched but by the overlap test
  localparam longint PF_BASE   = 64'h8300_0000;     // never touched but by the prefetch test
  localparam int CYCLES = 40000;

  logic clk = 0;
  logic rst_n = 0;
  always #5 clk = ~clk;

  logic                  flush = 0;
  logic                  ld_valid = 0, ld_ready;
  logic [PADDR_BITS-1:0] ld_addr = '0;
  logic [TB-1:0]         ld_tag = '0;
  logic                  ld_pf = 0;
  logic                  ld_resp_valid, ld_resp_miss, ld_resp_llc, ld_resp_err;
  logic [TB-1:0]         ld_resp_tag;
  logic [63:0]           ld_resp_data;
  logic                  st_valid = 0, st_ready, st_error;
  logic [PADDR_BITS-1:0] st_addr = '0;
  logic [63:0]           st_data = '0;
  logic [7:0]            st_strb = '0;
  logic                  amo_valid = 0, amo_ready, amo_word = 0;
  amo_op_e               amo_op = AMO_LR;
  logic [PADDR_BITS-1:0] amo_addr = '0;
  logic [63:0]           amo_data = '0;
  logic                  amo_resp_valid, amo_resp_err;
  logic [63:0]           amo_resp_data;
  logic                  ptw_valid = 0, ptw_ready, ptw_resp_valid, ptw_resp_err;
  logic [PADDR_BITS-1:0] ptw_addr = '0;
  logic [63:0]           ptw_resp_data;
  logic                  clean_req = 0, clean_done;
  logic                  lreq_valid, lreq_ready = 0, lreq_write;
  logic [PADDR_BITS-1:0] lreq_addr;
  logic [LINE_BITS-1:0]  lreq_data;
  logic [LP_ID_BITS-1:0] lreq_id;
  logic                  lresp_valid = 0, lresp_error = 0, lresp_llc = 0;
  logic [LP_ID_BITS-1:0] lresp_id = '0;
  logic [LINE_BITS-1:0]  lresp_data = '0;
  logic                  ev_miss;

  dcache dut (
    .clk_i(clk), .rst_ni(rst_n), .flush_i(flush),
    .ld_req_valid_i(ld_valid), .ld_req_ready_o(ld_ready), .ld_req_addr_i(ld_addr),
    .ld_req_tag_i(ld_tag), .ld_req_prefetch_i(ld_pf), .ld_resp_valid_o(ld_resp_valid), .ld_resp_tag_o(ld_resp_tag),
    .ld_resp_data_o(ld_resp_data), .ld_resp_miss_o(ld_resp_miss),
    .ld_resp_llc_miss_o(ld_resp_llc), .ld_resp_error_o(ld_resp_err),
    .st_req_valid_i(st_valid), .st_req_ready_o(st_ready), .st_req_addr_i(st_addr),
    .st_req_data_i(st_data), .st_req_strb_i(st_strb), .st_error_o(st_error),
    .amo_req_valid_i(amo_valid), .amo_req_ready_o(amo_ready), .amo_op_i(amo_op),
    .amo_word_i(amo_word), .amo_addr_i(amo_addr), .amo_data_i(amo_data),
    .amo_resp_valid_o(amo_resp_valid), .amo_resp_data_o(amo_resp_data),
    .amo_resp_error_o(amo_resp_err),
    .ptw_req_valid_i(ptw_valid), .ptw_req_ready_o(ptw_ready), .ptw_req_addr_i(ptw_addr),
    .ptw_resp_valid_o(ptw_resp_valid), .ptw_resp_data_o(ptw_resp_data),
    .ptw_resp_error_o(ptw_resp_err),
    .clean_req_i(clean_req), .clean_done_o(clean_done),
    .lreq_valid_o(lreq_valid), .lreq_ready_i(lreq_ready), .lreq_addr_o(lreq_addr),
    .lreq_write_o(lreq_write), .lreq_data_o(lreq_data), .lreq_id_o(lreq_id),
    .lresp_valid_i(lresp_valid), .lresp_id_i(lresp_id), .lresp_data_i(lresp_data),
    .lresp_error_i(lresp_error), .lresp_llc_miss_i(lresp_llc),
    .ev_load_miss_o(ev_miss));

  longint cyc = 0;
  int errors = 0;

  task automatic check(input bit ok, input string what);
    if (!ok) begin
      if (errors < 20) $display("FAIL cycle %0d: %s", cyc, what);
      errors++;
    end
  endtask

  // ------------------------------------------------------------ memories
  function automatic logic [63:0] init_word(input longint waddr);
    init_word = 64'(waddr) * 64'h9E37_79B9_7F4A_7C15 ^ 64'h0123_4567_89AB_CDEF;
  endfunction

  logic [63:0] refm [longint];              // reference, by 8-byte word address
  logic [LINE_BITS-1:0] mem [longint];      // memory model, by line address

  function automatic logic [63:0] ref_word(input longint addr);
    longint w = addr >> 3;
    ref_word = refm.exists(w) ? refm[w] : init_word(w);
  endfunction

  function automatic logic [LINE_BITS-1:0] mem_line(input longint line);
    logic [LINE_BITS-1:0] l;
    if (mem.exists(line)) l = mem[line];
    else for (int k = 0; k < 8; k++) l[k*64 +: 64] = init_word(line * 8 + k);
    mem_line = l;
  endfunction

  function automatic bit bad_line(input longint line);
    bad_line = line >= (ERR_BASE >> 6) && line < (ERR_BASE >> 6) + ERR_LINES && line % 3 != 0;
  endfunction

  function automatic bit llc_of(input longint line);
    llc_of = ((line ^ (line >> 3) ^ (line >> 7)) & 1) != 0;
  endfunction

  // ------------------------------------------------------------ memory model state
  longint q_due [$];
  int     q_id [$];
  logic [LINE_BITS-1:0] q_data [$];
  bit     q_err [$], q_llc [$];
  longint last_due = 0;
  bit     rd_out [MSHRS];
  longint rd_line [MSHRS];
  int     mem_ready_pct = 100;
  int     max_reads = 0, n_writebacks = 0;

  // ------------------------------------------------------------ outstanding requests
  bit     ld_out [NTAGS];
  longint ld_acc [NTAGS];
  longint ld_line [NTAGS];
  logic [63:0] ld_exp [NTAGS];
  longint ld_resp_cyc [NTAGS];
  bit     amo_pend = 0, ptw_pend = 0;
  longint amo_cyc, ptw_cyc;
  logic [63:0] amo_exp, ptw_exp;
  bit     amo_exp_err, ptw_exp_err;
  bit     clean_wait = 0;
  bit     ld_taken = 0;

  int n_hits = 0, n_miss = 0, n_llc = 0, n_lderr = 0, n_dropped = 0, n_flush = 0;
  int n_st = 0, n_sterr = 0, n_amo = 0, n_ptw = 0, n_clean = 0, n_ev_miss = 0;
  int n_loads = 0, n_pf = 0, n_reads = 0, n_resps = 0;

  task automatic compare_memory();
    int bad = 0;
    foreach (refm[w]) begin
      logic [LINE_BITS-1:0] l = mem_line(w >> 3);
      if (l[(w % 8) * 64 +: 64] != refm[w]) bad++;
    end
    foreach (mem[l]) begin
      for (int k = 0; k < 8; k++)
        if (mem[l][k*64 +: 64] != ref_word((l * 8 + k) * 8)) bad++;
    end
    check(bad == 0, $sformatf("after clean, %0d words of memory differ from the reference", bad));
  endtask

  function automatic logic [63:0] amo_apply(input amo_op_e op, input logic [63:0] a,
                                            input logic [63:0] b);
    case (op)
      AMO_ADD:  amo_apply = a + b;
      AMO_XOR:  amo_apply = a ^ b;
      AMO_AND:  amo_apply = a & b;
      AMO_OR:   amo_apply = a | b;
      AMO_MIN:  amo_apply = $signed(a) < $signed(b) ? a : b;
      AMO_MAX:  amo_apply = $signed(a) < $signed(b) ? b : a;
      AMO_MINU: amo_apply = a < b ? a : b;
      AMO_MAXU: amo_apply = a < b ? b : a;
      default:  amo_apply = b;
    endcase
  endfunction

  // One clock cycle: drive the memory side, check every output against the
  // model, account for this cycle's handshakes, then the edge.
  task automatic step();
    bit lresp_now;
    bit st_taken = 0, amo_taken = 0, ptw_taken = 0;
    lresp_now   = q_due.size() > 0 && q_due[0] <= cyc;
    lresp_valid = lresp_now;
    if (lresp_now) begin
      lresp_id    = LP_ID_BITS'(q_id[0]);
      lresp_data  = q_data[0];
      lresp_error = q_err[0];
      lresp_llc   = q_llc[0];
    end else begin
      lresp_data  = {16{32'hdead_beef}};
      lresp_error = 1'($urandom);
      lresp_llc   = 1'($urandom);
    end
    lreq_ready = $urandom_range(99, 0) < mem_ready_pct;
    #3;
    if (lresp_now) begin
      rd_out[q_id[0] % MSHRS] = 0;
      void'(q_due.pop_front()); void'(q_id.pop_front()); void'(q_data.pop_front());
      void'(q_err.pop_front()); void'(q_llc.pop_front());
    end
    if (lreq_valid && lreq_ready) begin
      longint line = longint'(lreq_addr) >> 6;
      check(lreq_addr[5:0] == 0, "line request not aligned");
      if (lreq_write) begin
        mem[line] = lreq_data;
        n_writebacks++;
      end else begin
        int m = int'(lreq_id[LP_ID_BITS-2:0]);
        int n = 0;
        check(lreq_id[LP_ID_BITS-1] == 1'b1 && m < MSHRS, $sformatf("read id %h", lreq_id));
        if (m < MSHRS) begin
          check(!rd_out[m], $sformatf("id %0d reused while in flight", m));
          for (int i = 0; i < MSHRS; i++)
            check(!(rd_out[i] && rd_line[i] == line), $sformatf("line %h read twice", line));
          rd_out[m] = 1;
          rd_line[m] = line;
          for (int i = 0; i < MSHRS; i++) n += rd_out[i];
          if (n > max_reads) max_reads = n;
        end
        n_reads++;
        last_due = cyc + LAT > last_due + 1 ? cyc + LAT : last_due + 1;
        q_due.push_back(last_due);
        q_id.push_back(m);
        q_data.push_back(mem_line(line));
        q_err.push_back(bad_line(line));
        q_llc.push_back(llc_of(line));
      end
    end

    // Responses.
    if (ld_resp_valid) begin
      int t = int'(ld_resp_tag);
      n_resps++;
      check(!flush, "load response in a flush cycle");
      check(ld_out[t], $sformatf("load response for tag %0d, which waits for none", t));
      if (ld_out[t]) begin
        bit bad = bad_line(ld_line[t]);
        ld_out[t] = 0;
        ld_resp_cyc[t] = cyc;
        check(ld_resp_err == bad, $sformatf("tag %0d line %h: error %0d", t, ld_line[t], ld_resp_err));
        if (!bad)
          check(ld_resp_data == ld_exp[t], $sformatf("tag %0d line %h: data %h expected %h",
                                                     t, ld_line[t], ld_resp_data, ld_exp[t]));
        if (ld_resp_miss) begin
          n_miss++;
          // A secondary miss merges into a read already on its way.
          check(cyc > ld_acc[t] + 2, $sformatf("tag %0d: miss answered after %0d cycles",
                                                  t, cyc - ld_acc[t]));
          check(ld_resp_llc == llc_of(ld_line[t]), $sformatf("tag %0d: llc_miss %0d", t, ld_resp_llc));
          if (ld_resp_llc && !bad) n_llc++;
          if (bad) n_lderr++;
        end else begin
          n_hits++;
          check(cyc == ld_acc[t] + 1 && !ld_resp_llc && !bad,
                $sformatf("tag %0d: hit answered after %0d cycles, llc %0d", t, cyc - ld_acc[t],
                          ld_resp_llc));
        end
      end
    end
    check(amo_resp_valid == (amo_pend && amo_cyc + 1 == cyc), "AMO response timing");
    if (amo_resp_valid && amo_pend) begin
      check(amo_resp_err == amo_exp_err, $sformatf("AMO error %0d", amo_resp_err));
      if (!amo_exp_err) check(amo_resp_data == amo_exp, $sformatf("AMO old value %h expected %h",
                                                                  amo_resp_data, amo_exp));
      amo_pend = 0;
    end
    check(ptw_resp_valid == (ptw_pend && ptw_cyc + 1 == cyc), "PTW response timing");
    if (ptw_resp_valid && ptw_pend) begin
      check(ptw_resp_err == ptw_exp_err, $sformatf("PTW error %0d", ptw_resp_err));
      if (!ptw_exp_err) check(ptw_resp_data == ptw_exp, $sformatf("PTW data %h expected %h",
                                                                  ptw_resp_data, ptw_exp));
      ptw_pend = 0;
    end
    if (clean_done) begin
      check(clean_wait, "clean_done without a clean");
      clean_wait = 0;
      n_clean++;
      compare_memory();
    end
    if (ev_miss) n_ev_miss++;
    check(!ev_miss || (ld_valid && ld_ready && !ld_pf), "load miss event without a load");

    // Requests accepted this cycle, in age order: store, AMO, PTW, load.
    check(!st_error || (st_valid && st_ready), "st_error without an accepted store");
    if (st_valid && st_ready) begin
      bit bad = bad_line(longint'(st_addr) >> 6);
      check(st_error == bad, $sformatf("store to %h: error %0d", st_addr, st_error));
      if (!bad) begin
        logic [63:0] w = ref_word(st_addr);
        for (int b = 0; b < 8; b++) if (st_strb[b]) w[b*8 +: 8] = st_data[b*8 +: 8];
        refm[longint'(st_addr) >> 3] = w;
      end else n_sterr++;
      n_st++;
      st_taken = 1;
    end
    if (amo_valid && amo_ready) begin
      logic [63:0] w = ref_word(amo_addr);
      logic [63:0] old, nv;
      amo_exp_err = bad_line(longint'(amo_addr) >> 6);
      if (amo_word) begin
        old = amo_addr[2] ? {{32{w[63]}}, w[63:32]} : {{32{w[31]}}, w[31:0]};
        nv  = amo_apply(amo_op, old, {{32{amo_data[31]}}, amo_data[31:0]});
        if (amo_addr[2]) w[63:32] = nv[31:0]; else w[31:0] = nv[31:0];
      end else begin
        old = w;
        nv  = amo_apply(amo_op, w, amo_data);
        w   = nv;
      end
      if (!amo_exp_err && amo_op != AMO_LR) refm[longint'(amo_addr) >> 3] = w;
      amo_exp  = old;
      amo_pend = 1;
      amo_cyc  = cyc;
      amo_taken = 1;
      n_amo++;
    end
    if (ptw_valid && ptw_ready) begin
      ptw_exp_err = bad_line(longint'(ptw_addr) >> 6);
      ptw_exp  = ref_word(ptw_addr);
      ptw_pend = 1;
      ptw_cyc  = cyc;
      ptw_taken = 1;
      n_ptw++;
    end
    if (flush) check(!ld_ready, "load accepted in a flush cycle");
    ld_taken = ld_valid && ld_ready;
    if (ld_valid && ld_ready && ld_pf) n_pf++;
    if (ld_valid && ld_ready && !ld_pf) begin
      int t = int'(ld_tag);
      check(!ld_out[t], $sformatf("bench error: tag %0d in use since %0d (valid %0d)", t, ld_acc[t], ld_valid));
      ld_out[t]  = 1;
      ld_acc[t]  = cyc;
      ld_line[t] = longint'(ld_addr) >> 6;
      ld_exp[t]  = ref_word(ld_addr);
      n_loads++;
    end
    if (flush) begin
      for (int t = 0; t < NTAGS; t++) begin
        if (ld_out[t]) n_dropped++;
        ld_out[t] = 0;
      end
      n_flush++;
    end
    if (clean_req) clean_wait = 1;

    // Inputs change only after the edge.
    @(posedge clk);
    cyc++;
    #1;
    if (st_taken) st_valid = 0;
    if (amo_taken) amo_valid = 0;
    if (ptw_taken) ptw_valid = 0;
  endtask

  function automatic int free_tag();
    int c [$];
    c.delete();
    for (int t = 0; t < NTAGS; t++) if (!ld_out[t]) c.push_back(t);
    free_tag = c.size() == 0 ? -1 : c[$urandom_range(c.size() - 1, 0)];
  endfunction

  function automatic longint rand_line();
    int r = $urandom_range(99, 0);
    if (r < 45)      rand_line = (BASE >> 6) + $urandom_range(HOT_LINES - 1, 0);
    else if (r < 94) rand_line = (BASE >> 6) + $urandom_range(WS_LINES - 1, 0);
    else             rand_line = (ERR_BASE >> 6) + $urandom_range(ERR_LINES - 1, 0);
  endfunction

  function automatic bit outstanding();
    outstanding = amo_pend || ptw_pend || st_valid || amo_valid || ptw_valid || clean_wait;
    for (int t = 0; t < NTAGS; t++) if (ld_out[t]) outstanding = 1;
  endfunction

  // Issues one load and waits until it is accepted.
  task automatic load_now(input longint addr, input int tag);
    ld_valid = 1;
    ld_addr  = PADDR_BITS'(addr);
    ld_tag   = TB'(tag);
    do step(); while (!ld_taken);
    ld_valid = 0;
  endtask

  // Offers one prefetch for one cycle; returns whether it was accepted.
  task automatic prefetch_try(input longint addr, output bit taken);
    ld_valid = 1;
    ld_pf    = 1;
    ld_addr  = PADDR_BITS'(addr);
    ld_tag   = '0;
    step();
    taken    = ld_taken;
    ld_valid = 0;
    ld_pf    = 0;
  endtask

  task automatic idle(input int n);
    for (int i = 0; i < n; i++) step();
  endtask

  task automatic prefetch_directed();
    bit ok;
    int reads0, resps0, miss0;
    idle(5);   // the last refill of the overlap test frees its MSHR
    reads0 = n_reads;
    resps0 = n_resps;
    miss0  = n_ev_miss;
    // a miss: accepted at once, one line read, no response
    prefetch_try(PF_BASE, ok);
    check(ok, "prefetch miss with free MSHRs not accepted");
    idle(LAT + 20);
    check(n_reads == reads0 + 1, $sformatf("prefetch miss: %0d line reads", n_reads - reads0));
    check(n_resps == resps0, "prefetch answered");
    check(n_ev_miss == miss0, "prefetch counted as a load miss");
    // the line is in: a load hits (the response check wants the next cycle)
    load_now(PF_BASE + 8, 0);
    idle(2);
    check(!ld_out[0] && ld_resp_cyc[0] == ld_acc[0] + 1, "load after a prefetch did not hit");
    // a prefetch that hits does nothing
    resps0 = n_resps;
    prefetch_try(PF_BASE + 40, ok);
    check(ok, "prefetch hit not accepted");
    idle(LAT + 20);
    check(n_reads == reads0 + 1 && n_resps == resps0, "prefetch hit read a line or was answered");
    // a load right behind a prefetch merges into its MSHR
    prefetch_try(PF_BASE + 64, ok);
    check(ok, "second prefetch not accepted");
    load_now(PF_BASE + 64 + 16, 1);
    idle(LAT + 20);
    check(!ld_out[1] && ld_resp_cyc[1] > ld_acc[1] + 2, "merged load not answered as a miss");
    check(n_reads == reads0 + 2, $sformatf("prefetch + load: %0d line reads", n_reads - reads0 - 1));
    // every MSHR taken by a prefetch: one more is refused, the same line again
    // is not (nothing to do), and no line is read twice
    for (int i = 0; i < MSHRS; i++) begin
      prefetch_try(PF_BASE + 64 * (10 + i), ok);
      check(ok, $sformatf("prefetch %0d of %0d not accepted", i, MSHRS));
    end
    prefetch_try(PF_BASE + 64 * (10 + MSHRS), ok);
    check(!ok, "prefetch accepted with every MSHR taken");
    prefetch_try(PF_BASE + 64 * 10 + 32, ok);
    check(ok, "prefetch of a pending line not accepted");
    idle(LAT + 2 * MSHRS + 20);
    check(n_reads == reads0 + 2 + MSHRS, $sformatf("MSHRS prefetches: %0d line reads",
                                                    n_reads - reads0 - 2));
    for (int i = 0; i < MSHRS; i++) begin
      load_now(PF_BASE + 64 * (10 + i), 0);
      idle(2);
      check(!ld_out[0] && ld_resp_cyc[0] == ld_acc[0] + 1,
            $sformatf("load to prefetched line %0d did not hit", i));
    end
    check(n_ev_miss == miss0 + 1, $sformatf("%0d load misses counted, 1 expected",
                                            n_ev_miss - miss0));
    $display("prefetch: %0d line reads for %0d prefetches and loads as expected", n_reads - reads0,
             n_pf);
  endtask

  initial begin
    longint t_one, t_first, t_last;
    int guard;

    step();
    rst_n = 1;
    step();

    // ---- Overlap: one miss alone, then MSHRS independent misses.
    load_now(FRESH, 0);
    t_first = ld_acc[0];
    guard = 0;
    while ((ld_out[0]) && guard < 1000) begin step(); guard++; end
    t_one = ld_resp_cyc[0] - t_first;
    load_now(FRESH + 64, 0);
    t_first = ld_acc[0];
    for (int i = 1; i < MSHRS && i < NTAGS; i++) load_now(FRESH + 64 * (i + 1), i);
    guard = 0;
    while ((outstanding()) && guard < 2000) begin step(); guard++; end
    t_last = 0;
    for (int i = 0; i < MSHRS && i < NTAGS; i++)
      if (ld_resp_cyc[i] > t_last) t_last = ld_resp_cyc[i];
    $display("overlap: one miss %0d cycles; %0d independent misses %0d cycles (%.2fx one miss)",
             t_one, MSHRS, t_last - t_first, real'(t_last - t_first) / real'(t_one));
    check(t_one > LAT && t_one < LAT + 20, "single miss latency");
    check(2 * (t_last - t_first) < MSHRS * t_one, "independent misses do not overlap");
    check(max_reads == MSHRS, $sformatf("at most %0d reads in flight, expected %0d", max_reads, MSHRS));

    // ---- Prefetches, directed.
    prefetch_directed();

    // ---- Random traffic.
    mem_ready_pct = 80;
    for (int c = 0; c < CYCLES; c++) begin
      int t;
      if (!st_valid && $urandom_range(99, 0) < 20) begin
        st_valid = 1;
        st_addr  = PADDR_BITS'(rand_line() * 64 + $urandom_range(7, 0) * 8);
        st_data  = {$urandom, $urandom};
        st_strb  = 8'($urandom_range(255, 1));
      end
      if (!amo_valid && !amo_pend && $urandom_range(99, 0) < 3) begin
        amo_valid = 1;
        amo_word  = 1'($urandom);
        amo_op    = amo_op_e'($urandom_range(10, 0));
        amo_addr  = PADDR_BITS'(rand_line() * 64 + $urandom_range(15, 0) * 4);
        if (!amo_word) amo_addr[2] = 0;
        amo_data  = {$urandom, $urandom};
      end
      if (!ptw_valid && !ptw_pend && $urandom_range(99, 0) < 3) begin
        ptw_valid = 1;
        ptw_addr  = PADDR_BITS'(rand_line() * 64 + $urandom_range(7, 0) * 8);
      end
      // Loads change every cycle, accepted or not.
      t = free_tag();
      ld_valid = t >= 0 && $urandom_range(99, 0) < 60;
      ld_pf    = $urandom_range(99, 0) < 10;
      if (t >= 0) begin
        int sz = $urandom_range(3, 0);
        ld_tag  = TB'(t);
        ld_addr = PADDR_BITS'(rand_line() * 64 + ($urandom_range(63, 0) & ~((1 << sz) - 1)));
      end
      flush     = $urandom_range(299, 0) == 0;
      clean_req = !clean_wait && $urandom_range(3999, 0) == 0;
      step();
      clean_req = 0;
      flush     = 0;
    end

    // ---- Drain, then clean and compare the memory with the reference.
    ld_valid = 0;
    ld_pf    = 0;
    guard = 0;
    while ((outstanding()) && guard < 5000) begin step(); guard++; end
    check(!outstanding(), "requests still waiting after the drain");
    clean_req = 1;
    step();
    clean_req = 0;
    guard = 0;
    while ((clean_wait) && guard < 20000) begin step(); guard++; end
    check(!clean_wait, "final clean never done");

    $display("%0d loads (%0d hits, %0d misses, %0d from memory, %0d errors, %0d dropped by %0d flushes), %0d prefetches",
             n_loads, n_hits, n_miss, n_llc, n_lderr, n_dropped, n_flush, n_pf);
    $display("%0d stores (%0d errors), %0d AMOs, %0d PTW reads, %0d cleans, %0d write-backs; events: %0d load misses",
             n_st, n_sterr, n_amo, n_ptw, n_clean, n_writebacks, n_ev_miss);
    check(n_hits > 1000 && n_miss > 1000 && n_lderr > 10 && n_dropped > 10 && n_sterr > 0,
          "traffic did not reach every case");
    check(n_clean >= 2 && n_writebacks > 100, "too few cleans or write-backs");
    check(n_pf > 500, "too few prefetches");
    check(n_ev_miss >= n_miss, "event counts below the misses seen");
    if (errors == 0) $display("PASS dcache_tb");
    else $fatal(1, "%0d errors", errors);
    $finish;
  end
endmodule
