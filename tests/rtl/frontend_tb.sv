// Checks frontend as the back end sees it. A random program of 16- and
// 32-bit instructions with branches, jumps, calls and returns fills a
// 32 KiB region; the bench knows its true control flow and plays the back
// end: it dequeues instructions, checks each against the architectural
// stream (pc, bits, rvc, predicted next pc of straight-line code), resolves
// control flow (predictor update, redirect on a mispredict after a random
// delay, wrong-path instructions dropped) and flushes at random. Behind the
// ports: an I-TLB model (identity map but for pages 0-3, swapped in pairs; pages miss for a few cycles after a
// random eviction; a page-fault page, an access-fault page and a page mapped
// to a non-cacheable address) and a memory with random latency behind the
// line port, some of whose lines answer with a bus error, plus stray
// responses for the D-cache's ids. Faults must come at the right
// instruction (fault_hi for a 32-bit one whose second half is bad) with
// nothing after them until the bench's trap flush. DR-L1 and DR-TLB must
// mark exactly the first instruction enqueued after an I-cache miss / I-TLB
// miss of the fetch (not killed by a redirect). Control-flow instructions
// are encoded as such (the front end predecodes them); at flushes with a
// fence.i some become plain instructions, so the predictor's entries for
// them are stale and must not steer fetch. At the end a hot loop runs:
// after warm-up, no line requests and no fetch bubbles.
`include "frontend_types.svh"
`include "mem_types.svh"

module frontend_tb;
  localparam int unsigned W     = CFG_W;
  localparam int unsigned EW    = FETCH_ENTRY_BITS;
  localparam int unsigned LB    = $clog2(CFG_W + 1);
  localparam int unsigned SIZE  = 32768;
  localparam logic [63:0] BASE  = 64'h8000_0000;
  localparam int unsigned LOOP  = 'h240;   // hot loop, page 0
  localparam int unsigned LOOP_BYTES = 120;
  localparam int unsigned PHASE1_CYCLES = 150000;
  localparam int unsigned PHASE2_CYCLES = 6000;
  localparam int unsigned WARMUP = 2000;

  // Kinds of the 2-byte locations.
  localparam int K_OK = 0, K_PAGE = 1, K_ACCESS = 2;
  // Control-flow kinds of instructions (CF_NONE or br_kind_e + 1).
  localparam int CF_NONE = 0;

  logic clk = 0;
  logic rst_n = 0;
  always #5 clk = ~clk;

  // ------------------------------------------------------------ DUT
  logic [W-1:0]      fb_valid;
  logic [W*EW-1:0]   fb_entry;
  logic [LB-1:0]     deq_count = '0;
  logic              redirect = 0, upd_valid = 0, upd_rvc = 0, upd_taken = 0, upd_mispredict = 0;
  logic [63:0]       redirect_pc = '0, upd_pc = '0, upd_target = '0, flush_pc = '0;
  br_kind_e          upd_kind = BR_KIND_BRANCH;
  bp_ckpt_t          upd_ckpt = '0, flush_ckpt = '0;
  logic              flush = 0, inval = 0;
  logic              itlb_valid, itlb_hit = 0, itlb_pf = 0, itlb_af = 0, itlb_miss = 0;
  logic [63:0]       itlb_vaddr;
  logic [PADDR_BITS-1:0] itlb_paddr = '0;
  logic              lreq_valid, lreq_ready = 0, lreq_write;
  logic [PADDR_BITS-1:0] lreq_addr;
  logic [LINE_BITS-1:0]  lreq_data;
  logic [LP_ID_BITS-1:0] lreq_id;
  logic              lresp_valid = 0, lresp_error = 0;
  logic [LP_ID_BITS-1:0] lresp_id = '0;
  logic [LINE_BITS-1:0]  lresp_data = '0;
  logic              ev_ic_miss;

  frontend #(.RESET_PC(BASE + 64'(LOOP))) dut (
    .clk_i(clk), .rst_ni(rst_n),
    .fb_valid_o(fb_valid), .fb_entry_o(fb_entry), .fb_deq_count_i(deq_count),
    .redirect_i(redirect), .redirect_pc_i(redirect_pc),
    .upd_valid_i(upd_valid), .upd_pc_i(upd_pc), .upd_rvc_i(upd_rvc), .upd_kind_i(upd_kind),
    .upd_taken_i(upd_taken), .upd_target_i(upd_target), .upd_mispredict_i(upd_mispredict),
    .upd_ckpt_i(upd_ckpt),
    .flush_i(flush), .flush_pc_i(flush_pc), .flush_ckpt_i(flush_ckpt),
    .icache_inval_i(inval),
    .itlb_valid_o(itlb_valid), .itlb_vaddr_o(itlb_vaddr), .itlb_hit_i(itlb_hit),
    .itlb_paddr_i(itlb_paddr), .itlb_page_fault_i(itlb_pf), .itlb_access_fault_i(itlb_af),
    .itlb_miss_i(itlb_miss),
    .lreq_valid_o(lreq_valid), .lreq_ready_i(lreq_ready), .lreq_addr_o(lreq_addr),
    .lreq_write_o(lreq_write), .lreq_data_o(lreq_data), .lreq_id_o(lreq_id),
    .lresp_valid_i(lresp_valid), .lresp_id_i(lresp_id), .lresp_data_i(lresp_data),
    .lresp_error_i(lresp_error), .lresp_llc_miss_i(1'b0),
    .ev_icache_miss_o(ev_ic_miss));

  // ------------------------------------------------------------ program
  logic [7:0] img [SIZE];
  bit         start [SIZE];    // an instruction starts here
  bit         is32 [SIZE];
  int         cf [SIZE];       // CF_NONE or kind + 1
  int         tgt [SIZE];      // target offset (jumps, calls, branches, empty-stack returns)
  int         pat [SIZE];      // branch pattern
  int         execs [SIZE];
  int         stack [$];
  int         phase = 1;

  int errors = 0;
  task automatic fail(input string what);
    if (errors < 15) $display("FAIL @%0t: %s", $time, what);
    errors++;
  endtask

  function automatic int page_of(input logic [63:0] a);
    page_of = (a >= BASE && a < BASE + 64'(SIZE)) ? int'((a - BASE) >> 12) : -1;
  endfunction

  // Lines of page 4 with index 3 mod 8 answer with a bus error.
  function automatic bit bad_line(input logic [63:0] a);
    bad_line = page_of(a) == 4 && ((a - BASE) >> 6) % 8 == 3;
  endfunction

  function automatic int loc_kind(input logic [63:0] a);
    int p;
    p = page_of(a);
    if (p < 0 || p == 6) loc_kind = K_PAGE;
    else if (p == 5 || p == 7 || bad_line(a)) loc_kind = K_ACCESS;
    else loc_kind = K_OK;
  endfunction

  // A random instruction start, mostly in the good pages.
  function automatic int random_start();
    int o, r;
    r = $urandom_range(99);
    if (r < 82) o = $urandom_range(4 * 4096 - 1);
    else if (r < 91) o = 4 * 4096 + $urandom_range(4095);
    else o = 5 * 4096 + $urandom_range(3 * 4096 - 1);
    o = o & ~1;
    while (!start[o]) o -= 2;
    random_start = o;
  endfunction

  function automatic int good_start();
    int o;
    o = $urandom_range(4 * 4096 - 1) & ~1;
    while (!start[o]) o -= 2;
    good_start = o;
  endfunction

  // Gives the instruction at o the encoding of its control-flow kind:
  // BRANCH, JAL, JALR; C.BEQZ, C.J, C.JALR (call), C.JR ra (return).
  task automatic encode_cf(input int o);
    if (is32[o]) begin
      case (cf[o] - 1)
        int'(BR_KIND_BRANCH): img[o][6:0] = 7'b1100011;
        int'(BR_KIND_RETURN): img[o][6:0] = 7'b1100111;
        default:              img[o][6:0] = 7'b1101111;
      endcase
    end else begin
      case (cf[o] - 1)
        int'(BR_KIND_BRANCH): begin img[o][1:0] = 2'b01; img[o+1][7:5] = 3'b110; end
        int'(BR_KIND_JUMP):   begin img[o][1:0] = 2'b01; img[o+1][7:5] = 3'b101; end
        default: begin
          // rs2 = 0, rs1 = ra; bit 12 set for the call (C.JALR)
          img[o] = {1'b1, 5'b00000, 2'b10};
          img[o+1] = {3'b100, cf[o] - 1 == int'(BR_KIND_CALL), 4'b0000};
        end
      endcase
    end
  endtask

  // Code changes under the predictor (a store and a fence.i): the
  // control-flow instruction at o becomes a plain one.
  int rewrites = 0;
  task automatic rewrite_plain(input int o);
    cf[o] = CF_NONE;
    if (is32[o]) img[o][6:0] = 7'b0010011;   // OP-IMM
    else img[o][1:0] = 2'b00;                // quadrant 0 holds no control flow
    rewrites++;
  endtask

  task automatic rewrite_some();
    int o;
    for (int i = 0; i < 3; i++) begin
      o = $urandom_range(SIZE - 2) & ~1;
      while (o > 0 && !(start[o] && cf[o] != CF_NONE)) o -= 2;
      if (start[o] && cf[o] != CF_NONE && (o < LOOP || o >= LOOP + LOOP_BYTES + 4))
        rewrite_plain(o);
    end
  endtask

  task automatic build_program();
    int o, len, k;
    o = 0;
    while (o < SIZE) begin
      // Force 32-bit instructions straddling into pages and bad lines.
      if (((o + 2) % 4096 == 0 && o + 2 >= 4 * 4096) || (o + 2 < SIZE && bad_line(BASE + 64'(o + 2)) &&
          !bad_line(BASE + 64'(o))))
        len = 4;
      else
        len = $urandom_range(1) ? 4 : 2;
      if (o + len > SIZE) len = 2;
      start[o] = 1;
      is32[o]  = len == 4;
      img[o]   = 8'($urandom);
      img[o+1] = 8'($urandom);
      if (len == 4) begin
        img[o] = img[o] | 8'h03;
        img[o+2] = 8'($urandom);
        img[o+3] = 8'($urandom);
      end else if (img[o][1:0] == 2'b11) begin
        img[o][1:0] = 2'b10;
      end
      cf[o] = CF_NONE;
      if ($urandom_range(7) == 0) begin
        k = $urandom_range(99);
        if (k < 50) cf[o] = int'(BR_KIND_BRANCH) + 1;
        else if (k < 70) cf[o] = int'(BR_KIND_JUMP) + 1;
        else if (k < 85) cf[o] = int'(BR_KIND_CALL) + 1;
        else cf[o] = int'(BR_KIND_RETURN) + 1;
        pat[o] = $urandom_range(4);
        encode_cf(o);
      end
      o += len;
    end
    for (o = 0; o < SIZE; o += 2) begin
      if (start[o] && cf[o] != CF_NONE) begin
        if (cf[o] == int'(BR_KIND_BRANCH) + 1 && $urandom_range(1)) begin
          // A near branch, forwards or backwards.
          k = o + 2 * ($urandom_range(120) - 60);
          if (k < 0) k = 0;
          if (k >= SIZE) k = SIZE - 2;
          while (!start[k]) k -= 2;
          tgt[o] = k;
          if (k <= o && pat[o] == 0) pat[o] = 4;
        end else begin
          tgt[o] = random_start();
        end
      end
    end
    // The hot loop: straight-line code with one forward jump, closed by a
    // branch back that phase 2 always takes.
    for (o = LOOP; o < LOOP + LOOP_BYTES; o += 2) cf[o] = CF_NONE;
    o = LOOP + LOOP_BYTES / 2;
    while (!start[o]) o -= 2;
    cf[o] = int'(BR_KIND_JUMP) + 1;
    encode_cf(o);
    k = o + 12;
    while (!start[k]) k -= 2;
    tgt[o] = k;
    o = LOOP + LOOP_BYTES;
    while (!start[o]) o -= 2;
    cf[o]  = int'(BR_KIND_BRANCH) + 1;
    encode_cf(o);
    pat[o] = 5;
    tgt[o] = LOOP;
  endtask

  function automatic logic [31:0] bits_at(input int o);
    bits_at = is32[o] ? {img[o+3], img[o+2], img[o+1], img[o]} : {16'h0, img[o+1], img[o]};
  endfunction

  // Executes the control-flow instruction at offset o: taken and next pc.
  task automatic execute(input int o, output bit taken, output logic [63:0] npc);
    int n;
    n = execs[o];
    execs[o] = n + 1;
    taken = 1;
    case (pat[o])
      0: taken = 1;
      1: taken = 0;
      2: taken = n % 2 == 0;
      3: taken = $urandom_range(1) == 1;
      4: taken = n % 4 != 3;
      default: taken = phase == 2 || n % 8 != 7;
    endcase
    npc = BASE + 64'(o) + (is32[o] ? 64'd4 : 64'd2);
    case (cf[o] - 1)
      int'(BR_KIND_BRANCH): if (taken) npc = BASE + 64'(tgt[o]);
      int'(BR_KIND_JUMP): npc = BASE + 64'(tgt[o]);
      int'(BR_KIND_CALL): begin
        stack.push_back(o + (is32[o] ? 4 : 2));
        if (stack.size() > 64) void'(stack.pop_front());
        npc = BASE + 64'(tgt[o]);
      end
      default: npc = BASE + 64'(stack.size() > 0 ? stack.pop_back() : tgt[o]);
    endcase
    if (cf[o] - 1 != int'(BR_KIND_BRANCH)) taken = 1;
  endtask

  // ------------------------------------------------------------ I-TLB model
  function automatic logic [63:0] phys(input logic [63:0] a);
    phys = page_of(a) >= 0 && page_of(a) < 4 ? a ^ 64'h1000 : a;
  endfunction

  bit tlb_cached [8];
  int tlb_walk [8];

  task automatic tlb_answer();
    int p;
    itlb_hit = 0; itlb_pf = 0; itlb_af = 0; itlb_miss = 0; itlb_paddr = '0;
    if (!itlb_valid) return;
    p = page_of(itlb_vaddr);
    if (p >= 0 && !tlb_cached[p]) begin
      if (tlb_walk[p] == 0) tlb_walk[p] = $urandom_range(12, 2);
      tlb_walk[p]--;
      if (tlb_walk[p] == 0) tlb_cached[p] = 1;
      itlb_miss = 1;
      return;
    end
    itlb_hit   = 1;
    itlb_pf    = p < 0 || p == 6;
    itlb_af    = p == 7;
    // Page 5 maps to the CLINT: not cacheable. Pages 0-3 swap pairs, so
    // that tags are physical and indexes virtual.
    itlb_paddr = p == 5 ? PADDR_BITS'(64'h0200_0000 + (itlb_vaddr & 64'hfff))
                        : PADDR_BITS'(phys(itlb_vaddr));
  endtask

  // ------------------------------------------------------------ memory model
  logic [PADDR_BITS-1:0] mem_addr_q [$];
  longint                mem_due_q [$];
  longint cycle = 0;
  logic [PADDR_BITS-1:0] last_req = '1;
  bit     progress = 1;
  int requests = 0, miss_events = 0, stray = 0;

  task automatic mem_drive();
    logic [PADDR_BITS-1:0] a;
    lresp_valid = 0; lresp_error = 0; lresp_id = '0; lresp_data = '0;
    lreq_ready = $urandom_range(3) != 0;
    if (mem_addr_q.size() > 0 && mem_due_q[0] <= cycle) begin
      a = mem_addr_q.pop_front();
      void'(mem_due_q.pop_front());
      lresp_valid = 1;
      // phys() is its own inverse.
      lresp_error = bad_line(phys(64'(a)));
      for (int b = 0; b < CFG_LINE_BYTES; b++)
        lresp_data[8*b +: 8] = lresp_error ? 8'($urandom)
                                           : img[int'(phys(64'(a)) - BASE) + b];
    end else if ($urandom_range(9) == 0) begin
      // A response of the D-cache's: not ours.
      lresp_valid = 1;
      lresp_id    = {1'b1, 4'($urandom)};
      lresp_error = 1'($urandom);
      for (int b = 0; b < LINE_BITS / 32; b++) lresp_data[32*b +: 32] = $urandom;
      stray++;
    end
  endtask

  // ------------------------------------------------------------ back end
  // Expected front-end events of the entries in the fetch buffer, in
  // enqueue order, and the ones pending for the next packet.
  fe_psv_t psv_q [$];
  bit      pend_l1 = 0, pend_tlb = 0;
  // Whether the refill in flight belongs to the current fetch: its miss
  // came after the last redirect or flush.
  bit      l1_live = 0;

  logic [63:0] expect_pc;
  bit          redir_pending = 0;
  int          redir_delay = 0;
  logic [63:0] redir_target;
  fetch_entry_t redir_entry;
  bit          redir_taken;
  bit          fault_wait = 0;
  int          fault_delay = 0;
  fetch_entry_t fault_entry;

  int checked = 0, mispredicts = 0, flushes = 0, faults_page = 0, faults_access = 0;
  int faults_hi = 0, faults_bus = 0, marks_l1 = 0, marks_tlb = 0, inval_count = 0;
  int p2_carries = 0, p2_reqs = 0, p2_instrs = 0, p2_bubbles = 0, p2_cycles = 0;

  task automatic check_entry(input fetch_entry_t e, output bit is_fault);
    int o, k, kh;
    string s;
    o = int'(expect_pc - BASE);
    is_fault = 0;
    if (e.pc != expect_pc) begin
      $sformat(s, "pc %h, expected %h", e.pc, expect_pc);
      fail(s);
      return;
    end
    k  = loc_kind(expect_pc);
    kh = K_OK;
    if (k == K_OK && is32[o]) kh = loc_kind(expect_pc + 2);
    if (k != K_OK || kh != K_OK) begin
      is_fault = 1;
      if (!e.fault || e.fault_hi != (k == K_OK) ||
          e.fault_page != ((k == K_OK ? kh : k) == K_PAGE)) begin
        $sformat(s, "pc %h: fault %0d page %0d hi %0d, expected page %0d hi %0d", e.pc,
                 e.fault, e.fault_page, e.fault_hi, (k == K_OK ? kh : k) == K_PAGE, k == K_OK);
        fail(s);
      end
      if ((k == K_OK ? kh : k) == K_PAGE) faults_page++;
      else faults_access++;
      if (k == K_OK) faults_hi++;
      if (bad_line(expect_pc) || (k == K_OK && bad_line(expect_pc + 2))) faults_bus++;
      return;
    end
    if (e.fault) begin
      $sformat(s, "pc %h: unexpected fault", e.pc);
      fail(s);
      return;
    end
    if (e.bits != bits_at(o) || e.rvc != !is32[o]) begin
      $sformat(s, "pc %h: bits %h rvc %0d, expected %h rvc %0d", e.pc, e.bits, e.rvc,
               bits_at(o), !is32[o]);
      fail(s);
    end
    if (cf[o] == CF_NONE && e.pred_npc != expect_pc + (is32[o] ? 64'd4 : 64'd2)) begin
      $sformat(s, "pc %h: straight-line code predicted to %h", e.pc, e.pred_npc);
      fail(s);
    end
    checked++;
  endtask

  task automatic check_psv(input fetch_entry_t e);
    fe_psv_t want;
    string   s;
    if (psv_q.size() == 0) begin
      fail("dequeued more entries than were enqueued");
      return;
    end
    want = psv_q.pop_front();
    if (e.psv != want) begin
      $sformat(s, "pc %h: dr_l1 %0d dr_tlb %0d, expected %0d %0d", e.pc, e.psv.dr_l1,
               e.psv.dr_tlb, want.dr_l1, want.dr_tlb);
      fail(s);
    end
    if (e.psv.dr_l1) marks_l1++;
    if (e.psv.dr_tlb) marks_tlb++;
  endtask

  // One cycle of the back end: sets the inputs for the coming clock edge.
  task automatic back_end();
    fetch_entry_t e;
    int n, o;
    bit f, taken;
    logic [63:0] npc;
    deq_count = '0; redirect = 0; flush = 0; inval = 0; upd_valid = 0; upd_mispredict = 0;

    if (redir_pending) begin
      if (redir_delay == 0) begin
        redir_pending = 0;
        redirect = 1;
        redirect_pc = redir_target;
        upd_valid = 1;
        upd_pc = redir_entry.pc;
        upd_rvc = redir_entry.rvc;
        o = int'(redir_entry.pc - BASE);
        upd_kind = br_kind_e'(cf[o] - 1);
        upd_taken = redir_taken;
        upd_target = redir_taken ? redir_target : BASE + 64'(tgt[o]);
        upd_mispredict = 1;
        upd_ckpt = redir_entry.ckpt;
        expect_pc = redir_target;
      end else begin
        redir_delay--;
        // Wrong path: drop what comes.
        n = 0;
        for (int l = 0; l < W; l++) if (fb_valid[l]) n++;
        n = $urandom_range(n);
        for (int l = 0; l < n; l++) check_psv(fetch_entry_t'(fb_entry[l*EW +: EW]));
        deq_count = LB'(n);
      end
      return;
    end

    if (fault_wait) begin
      if (fb_valid != '0) fail("entries after a fault");
      if (fault_delay-- == 0) begin
        fault_wait = 0;
        flush = 1;
        expect_pc = BASE + 64'(good_start());
        flush_pc = expect_pc;
        flush_ckpt = fault_entry.ckpt;
        inval = $urandom_range(3) == 0;
        flushes++;
      end
      return;
    end

    if (phase == 1 && fb_valid[0] && $urandom_range(299) == 0) begin
      // Flush at commit of the oldest entry: it is fetched again.
      e = fetch_entry_t'(fb_entry[0 +: EW]);
      if (e.pc != expect_pc) fail("flushed entry is off the path");
      flush = 1;
      // Half of them are interrupts: the handler is elsewhere.
      if ($urandom_range(1)) expect_pc = BASE + 64'(good_start());
      flush_pc = expect_pc;
      flush_ckpt = e.ckpt;
      inval = $urandom_range(2) == 0;
      if (inval) rewrite_some();
      flushes++;
      return;
    end

    n = phase == 2 ? W : $urandom_range(W + 1);
    if (n > W) n = W;
    for (int l = 0; l < n; l++) begin
      if (!fb_valid[l]) break;
      e = fetch_entry_t'(fb_entry[l*EW +: EW]);
      deq_count = LB'(l + 1);
      check_psv(e);
      check_entry(e, f);
      if (f) begin
        fault_wait  = 1;
        fault_delay = $urandom_range(15, 2);
        fault_entry = e;
        for (int m = l + 1; m < W; m++) if (fb_valid[m]) fail("entry after a fault entry");
        break;
      end
      if (e.pc != expect_pc) break;   // reported; resynchronise
      o = int'(e.pc - BASE);
      if (cf[o] == CF_NONE) begin
        expect_pc = e.pc + (e.rvc ? 64'd2 : 64'd4);
        continue;
      end
      execute(o, taken, npc);
      if (e.pred_npc != npc) begin
        mispredicts++;
        redir_pending = 1;
        redir_delay   = $urandom_range(1) ? 0 : $urandom_range(4);
        redir_target  = npc;
        redir_entry   = e;
        redir_taken   = taken;
        if (redir_delay == 0) begin
          redir_pending = 0;
          redirect = 1;
          redirect_pc = npc;
          upd_mispredict = 1;
        end
      end
      upd_valid = 1;
      upd_pc = e.pc;
      upd_rvc = e.rvc;
      upd_kind = br_kind_e'(cf[o] - 1);
      upd_taken = taken;
      upd_target = taken ? npc : BASE + 64'(tgt[o]);
      upd_ckpt = e.ckpt;
      if (redir_pending) upd_valid = 0;   // goes with the redirect
      expect_pc = npc;
      break;   // one resolution per cycle
    end
  endtask

  // After the inputs are set: what happens at the coming edge.
  task automatic observe();
    bit kill;
    int enq;
    kill = flush || redirect;
    if (lreq_valid && lreq_ready) begin
      requests++;
      if (lreq_write || lreq_id != '0 || lreq_data != '0) fail("line request is not a plain read");
      if (lreq_addr[5:0] != 0 || page_of(64'(lreq_addr)) < 0 || page_of(64'(lreq_addr)) > 4)
        fail("line request outside cacheable memory");
      // A filled line must hit: the same line twice with no progress in
      // between means the refill did not land. A refill that failed fills
      // nothing: the fetch after a redirect asks again for its own fault.
      if (lreq_addr == last_req && !progress) fail("line requested twice in a row");
      last_req = lreq_addr;
      progress = 0;
      mem_addr_q.push_back(lreq_addr);
      mem_due_q.push_back(cycle + longint'($urandom_range(30, 10)));
      if (phase == 2 && p2_cycles > WARMUP) p2_reqs++;
    end
    if (ev_ic_miss) miss_events++;
    if (inval) inval_count++;
    if (ev_ic_miss && fault_wait) fail("I-cache miss after a fault");
    enq = int'(dut.u_fb.enq_n);
    if (kill || enq > 0 || (lresp_valid && lresp_id == '0 && lresp_error)) progress = 1;
    if (kill) begin
      psv_q.delete();
      pend_l1 = 0;
      pend_tlb = 0;
    end else if (enq > 0) begin
      psv_q.push_back(fe_psv_t'({pend_l1, pend_tlb}));
      for (int i = 1; i < enq; i++) psv_q.push_back('0);
      pend_l1 = 0;
      pend_tlb = 0;
    end else begin
      // The refill of a miss that no redirect has killed, the TLB walk of
      // the current fetch.
      if (lresp_valid && lresp_id == '0 && l1_live) pend_l1 = 1;
      if (itlb_valid && itlb_miss) pend_tlb = 1;
    end
    if (phase == 2 && p2_cycles > WARMUP) begin
      p2_instrs += int'(deq_count);
      // A cycle that only takes the first half of a 32-bit instruction from
      // the last slot of a block is no bubble.
      if (enq == 0 && dut.fb_ready) begin
        if (dut.pc % CFG_FETCH_BYTES == CFG_FETCH_BYTES - 2 && is32[int'(dut.pc - BASE)])
          p2_carries++;
        else
          p2_bubbles++;
      end
    end
  endtask

  task automatic track_miss();
    if (flush || redirect) l1_live = 0;
    else if (ev_ic_miss) l1_live = 1;
  endtask

  initial begin
    string s;
    build_program();
    repeat (3) @(posedge clk);
    rst_n = 1;
    expect_pc = BASE + 64'(LOOP);
    for (int p = 0; p < 8; p++) tlb_cached[p] = 0;

    for (cycle = 0; cycle < PHASE1_CYCLES + PHASE2_CYCLES; cycle++) begin
      @(negedge clk);
      if (phase == 1 && cycle >= PHASE1_CYCLES && !redir_pending && !fault_wait) begin
        // The hot loop, from a flush.
        phase = 2;
        flush = 1;
        flush_pc = BASE + 64'(LOOP);
        flush_ckpt = '0;
        expect_pc = flush_pc;
        deq_count = '0; redirect = 0; inval = 0; upd_valid = 0;
      end else begin
        back_end();
      end
      if (phase == 1 && $urandom_range(149) == 0) tlb_cached[$urandom_range(7)] = 0;
      if (phase == 2) p2_cycles++;
      tlb_answer();
      mem_drive();
      #1;
      observe();
      // lresp of a refill ends it: the next miss starts a new one.
      if (lresp_valid && lresp_id == '0) l1_live = 0;
      track_miss();
    end

    $sformat(s, "%0d instructions checked, %0d mispredicts, %0d flushes (%0d with fence.i, %0d control-flow instructions rewritten as plain ones)",
             checked, mispredicts, flushes, inval_count, rewrites);
    $display("%s", s);
    $display("%0d line requests (%0d miss events), %0d stray responses, DR-L1 %0d, DR-TLB %0d",
             requests, miss_events, stray, marks_l1, marks_tlb);
    $display("faults: %0d page, %0d access (%0d bus error), %0d second half",
             faults_page, faults_access, faults_bus, faults_hi);
    $display("hot loop after warm-up: %0d line requests, %0.2f instructions/cycle, %0d bubbles, %0d carry-only cycles",
             p2_reqs, real'(p2_instrs) / real'(p2_cycles - WARMUP), p2_bubbles, p2_carries);
    if (checked < 10000) fail("too few instructions checked");
    if (marks_l1 == 0 || marks_tlb == 0) fail("no DR-L1 or DR-TLB marks seen");
    if (faults_page == 0 || faults_access == 0 || faults_hi == 0 || faults_bus == 0)
      fail("some kind of fault never happened");
    if (miss_events != requests && miss_events != requests + 1)
      fail("I-cache miss events do not match line requests");
    if (p2_reqs != 0) fail("the hot loop still requests lines");
    if (p2_bubbles != 0) fail("the hot loop has fetch bubbles");
    if (errors == 0) $display("PASS frontend_tb");
    else $fatal(1, "%0d errors", errors);
    $finish;
  end
endmodule
