// Non-blocking L1 data cache (docs/microarchitecture.md, memory): 4-way,
// write-back, write-allocate, physically indexed and tagged, MSHRS miss
// status holding registers so that independent misses overlap on the line
// port (ids {1'b1, mshr}), and a secondary load miss to a line already being
// fetched merges into that MSHR's target list.
//
// Organisation. Tags, valid and dirty bits are flip-flops, so the hit test
// is done in the request cycle; the data array is a single-port RAM with a
// registered read (block RAM on an FPGA), so load, PTW and AMO data comes
// out the cycle after the request. Every cycle one of these uses the data
// port:
// - the maintenance machine: refill of an MSHR whose line arrived (read the
//   victim, then write the new line; then answer the MSHR's loads one per
//   cycle) or, for clean, read one dirty line into the write-back buffer;
// - the second half of an AMO (the write of the new value);
// - one request, by priority AMO, PTW, store, load. Store, AMO and PTW
//   requests are accepted only when they hit (a miss allocates an MSHR and
//   the port waits until the line is in); a store hit writes at once, so a
//   later load sees it. Loads are accepted on a hit, on a merge into a
//   pending MSHR with a free target slot, or with a free MSHR.
// A load request with ld_req_prefetch_i (Zicbop prefetch) is never
// answered: a hit or a line already pending is accepted and does nothing,
// a miss is accepted with a free MSHR, which it takes with no target (the
// refill fills the line and frees it); with none free it is not accepted
// (the LSU decides whether to ask again or drop it).
// A refill that comes back with a bus error is not kept: its loads get
// error responses, and when a store, AMO or PTW read waited for it the
// line is remembered, so that the next such request to it is accepted with
// an error (st_error_o, amo_resp_error_o, ptw_resp_error_o).
// Write-backs (victims, clean) go out before any line read, so the LLC,
// which serves in order, never returns stale data.
// A probe (the SoC's coherent host port, rtl/soc/host_dma.sv) waits until
// no MSHR fetches its line, writes the line back when it is dirty and,
// with probe_inval_i, drops it; probe_done_o once the write-back is on its
// way to the LLC. Then the LLC holds the newest data. Requests are held off
// for as long as probe_valid_i is up, so the host port, keeping it up
// until its own write has reached the LLC, sees no refill bring the old
// line back.
`include "core_types.svh"
`include "mem_types.svh"

module dcache #(
  parameter int unsigned KIB         = CFG_L1D_KIB,
  parameter int unsigned WAYS        = CFG_L1_WAYS,
  parameter int unsigned MSHRS       = CFG_L1D_MSHRS,
  parameter int unsigned TARGETS     = 4,           // waiting loads per MSHR
  parameter int unsigned LD_TAG_BITS = LQ_IDX_BITS
) (
  input  logic                   clk_i,
  input  logic                   rst_ni,
  input  logic                   flush_i,

  input  logic                   ld_req_valid_i,
  output logic                   ld_req_ready_o,
  input  logic [PADDR_BITS-1:0]  ld_req_addr_i,
  input  logic [LD_TAG_BITS-1:0] ld_req_tag_i,
  input  logic                   ld_req_prefetch_i,  // fill the line, no response
  output logic                   ld_resp_valid_o,
  output logic [LD_TAG_BITS-1:0] ld_resp_tag_o,
  output logic [63:0]            ld_resp_data_o,
  output logic                   ld_resp_miss_o,
  output logic                   ld_resp_llc_miss_o,
  output logic                   ld_resp_error_o,

  input  logic                   st_req_valid_i,
  output logic                   st_req_ready_o,
  input  logic [PADDR_BITS-1:0]  st_req_addr_i,
  input  logic [63:0]            st_req_data_i,
  input  logic [7:0]             st_req_strb_i,
  output logic                   st_error_o,

  input  logic                   amo_req_valid_i,
  output logic                   amo_req_ready_o,
  input  amo_op_e                amo_op_i,
  input  logic                   amo_word_i,
  input  logic [PADDR_BITS-1:0]  amo_addr_i,
  input  logic [63:0]            amo_data_i,
  output logic                   amo_resp_valid_o,
  output logic [63:0]            amo_resp_data_o,
  output logic                   amo_resp_error_o,

  input  logic                   ptw_req_valid_i,
  output logic                   ptw_req_ready_o,
  input  logic [PADDR_BITS-1:0]  ptw_req_addr_i,
  output logic                   ptw_resp_valid_o,
  output logic [63:0]            ptw_resp_data_o,
  output logic                   ptw_resp_error_o,

  input  logic                   clean_req_i,
  output logic                   clean_done_o,

  input  logic                   probe_valid_i,   // held until probe_done_o
  input  logic [PADDR_BITS-1:0]  probe_addr_i,
  input  logic                   probe_inval_i,
  output logic                   probe_done_o,

  output logic                   lreq_valid_o,
  input  logic                   lreq_ready_i,
  output logic [PADDR_BITS-1:0]  lreq_addr_o,
  output logic                   lreq_write_o,
  output logic [LINE_BITS-1:0]   lreq_data_o,
  output logic [LP_ID_BITS-1:0]  lreq_id_o,
  input  logic                   lresp_valid_i,
  input  logic [LP_ID_BITS-1:0]  lresp_id_i,
  input  logic [LINE_BITS-1:0]   lresp_data_i,
  input  logic                   lresp_error_i,
  input  logic                   lresp_llc_miss_i,

  output logic                   ev_load_miss_o
);
  localparam int unsigned LINES      = KIB * 1024 / CFG_LINE_BYTES;
  localparam int unsigned SETS       = LINES / WAYS;
  localparam int unsigned SET_BITS   = $clog2(SETS);
  localparam int unsigned WAY_BITS   = $clog2(WAYS);
  localparam int unsigned IDX_BITS   = $clog2(LINES);
  localparam int unsigned LADDR_BITS = PADDR_BITS - LINE_OFF_BITS;
  localparam int unsigned TAG_BITS   = LADDR_BITS - SET_BITS;
  localparam int unsigned M_BITS     = $clog2(MSHRS);
  localparam int unsigned T_BITS     = $clog2(TARGETS);
  localparam int unsigned WORD_BITS  = LINE_OFF_BITS - 3;   // 8-byte words in a line
  localparam int unsigned NT         = MSHRS * TARGETS;
  localparam int unsigned BYTES      = CFG_LINE_BYTES;

  // Line and target indices are built by concatenation: powers of two.
  if (WAYS < 2 || MSHRS < 2 || TARGETS < 2 || SETS < 2 || M_BITS > LP_ID_BITS - 1 ||
      (1 << WAY_BITS) != WAYS || (1 << SET_BITS) != SETS || (1 << T_BITS) != TARGETS)
  begin : g_size_check
    $error("dcache: unsupported size");
  end

  typedef enum logic [1:0] {
    F_IDLE  = 2'd0,  // start a refill or a clean step, else let requests in
    F_WRITE = 2'd1,  // victim data is out of the RAM: keep it, write the new line
    F_RESP  = 2'd2,  // answer the refilled MSHR's loads, then free it
    C_WB    = 2'd3   // clean: the dirty line is out of the RAM, into the WB buffer
  } fsm_e;

  typedef enum logic [2:0] {
    SEL_NONE = 3'd0,
    SEL_AMO  = 3'd1,
    SEL_PTW  = 3'd2,
    SEL_ST   = 3'd3,
    SEL_LD   = 3'd4
  } sel_e;

  // ---------------------------------------------------------------- state
  // Line i of the cache is set i / WAYS, way i % WAYS.
  logic [TAG_BITS-1:0]  tag_q [LINES];
  logic [LINES-1:0]     valid_q, valid_d, dirty_q, dirty_d;
  // block RAM: Yosys would map its 128 lines to LUT RAM on its own
  (* ram_style = "block" *)
  logic [LINE_BITS-1:0] data_q [LINES];
  logic [LINE_BITS-1:0] rdata_q;               // registered read of the data RAM
  logic [WAY_BITS-1:0]  rr_q, rr_d;            // round-robin victim when the set is full

  // MSHRs: the line, whether its read went out and came back, and the data.
  logic [MSHRS-1:0]            m_valid_q, m_valid_d, m_sent_q, m_sent_d, m_arrived_q, m_arrived_d;
  logic [MSHRS-1:0]            m_error_q, m_error_d, m_llc_q, m_llc_d, m_held_q, m_held_d;
  logic [MSHRS*LADDR_BITS-1:0] m_line_q, m_line_d;
  logic [LINE_BITS-1:0]        m_data_q [MSHRS];
  // Load targets, MSHR m's slot k at m*TARGETS+k. live = still wants the
  // answer (a flush clears it; the refill goes on).
  logic [NT-1:0]             t_valid_q, t_valid_d, t_live_q, t_live_d;
  logic [NT*LD_TAG_BITS-1:0] t_tag_q, t_tag_d;
  logic [NT*WORD_BITS-1:0]   t_word_q, t_word_d;

  // Write-back buffer: one dirty line on its way to the LLC.
  logic                  wb_valid_q, wb_valid_d;
  logic [LADDR_BITS-1:0] wb_line_q, wb_line_d;
  logic [LINE_BITS-1:0]  wb_data_q;
  logic                  wb_load;              // take rdata_q into wb_data_q

  // Line whose refill failed while a store, AMO or PTW read waited for it.
  logic                  err_valid_q, err_valid_d;
  logic [LADDR_BITS-1:0] err_line_q, err_line_d;

  logic clean_pending_q, clean_pending_d;

  fsm_e                  fsm_q, fsm_d;
  logic [M_BITS-1:0]     fsm_m_q, fsm_m_d;     // MSHR being refilled
  logic [IDX_BITS-1:0]   fsm_idx_q, fsm_idx_d; // line written (refill) or cleaned
  logic                  fsm_vdirty_q, fsm_vdirty_d;
  logic [LADDR_BITS-1:0] fsm_vline_q, fsm_vline_d;

  // Second cycle of a request whose data comes from the RAM.
  logic                   s1_ld_q, s1_ld_d;
  logic [LD_TAG_BITS-1:0] s1_ld_tag_q, s1_ld_tag_d;
  logic                   s1_ptw_q, s1_ptw_d, s1_amo_q, s1_amo_d, s1_err_q, s1_err_d;
  logic [WORD_BITS-1:0]   s1_word_q, s1_word_d;
  logic                   s1_half_q, s1_half_d;  // AMO .W on the upper half of the word
  amo_op_e                s1_op_q, s1_op_d;
  logic                   s1_amo_w_q, s1_amo_w_d;
  logic [63:0]            s1_amo_data_q, s1_amo_data_d;
  logic [IDX_BITS-1:0]    s1_idx_q, s1_idx_d;

  // ---------------------------------------------------------------- helpers
  // Each picks its field of a whole address.
  // verilator lint_off UNUSEDSIGNAL
  function automatic logic [LADDR_BITS-1:0] line_of(input logic [PADDR_BITS-1:0] a);
    line_of = a[PADDR_BITS-1:LINE_OFF_BITS];
  endfunction

  function automatic logic [SET_BITS-1:0] set_of(input logic [PADDR_BITS-1:0] a);
    set_of = a[LINE_OFF_BITS +: SET_BITS];
  endfunction

  function automatic logic [WORD_BITS-1:0] word_of(input logic [PADDR_BITS-1:0] a);
    word_of = a[3 +: WORD_BITS];
  endfunction

  // verilator lint_on UNUSEDSIGNAL

  function automatic logic [MSHRS-1:0] pending(input logic [LADDR_BITS-1:0] line,
                                               input logic [MSHRS-1:0] valid,
                                               input logic [MSHRS*LADDR_BITS-1:0] lines);
    for (int m = 0; m < MSHRS; m++)
      pending[m] = valid[m] && lines[m*LADDR_BITS +: LADDR_BITS] == line;
  endfunction

  function automatic logic [M_BITS-1:0] first_m(input logic [MSHRS-1:0] v);
    first_m = '0;
    for (int m = MSHRS - 1; m >= 0; m--) if (v[m]) first_m = M_BITS'(m);
  endfunction

  // ---------------------------------------------------------------- request select
  logic [MSHRS-1:0] st_pm, amo_pm, ptw_pm, s0_pm;
  logic             st_want, amo_want, ptw_want, ld_want;
  logic             fill_cand;
  logic [M_BITS-1:0] cand_m;
  logic             s0_free;
  sel_e             sel;
  logic [PADDR_BITS-1:0] s0_addr;

  assign st_pm  = pending(line_of(st_req_addr_i), m_valid_q, m_line_q);
  assign amo_pm = pending(line_of(amo_addr_i), m_valid_q, m_line_q);
  assign ptw_pm = pending(line_of(ptw_req_addr_i), m_valid_q, m_line_q);

  // A store, AMO or PTW read whose line is on its way waits without taking
  // the port, so loads go on meanwhile.
  assign amo_want = amo_req_valid_i && amo_pm == '0;
  assign ptw_want = ptw_req_valid_i && ptw_pm == '0;
  assign st_want  = st_req_valid_i && st_pm == '0;
  assign ld_want  = ld_req_valid_i && !flush_i;

  assign fill_cand = |(m_valid_q & m_arrived_q);
  assign cand_m    = first_m(m_valid_q & m_arrived_q);
  assign s0_free   = fsm_q == F_IDLE && !fill_cand && !clean_pending_q && !s1_amo_q &&
                     !probe_valid_i;

  always_comb begin
    sel = SEL_NONE;
    if (s0_free) begin
      if (amo_want)      sel = SEL_AMO;
      else if (ptw_want) sel = SEL_PTW;
      else if (st_want)  sel = SEL_ST;
      else if (ld_want)  sel = SEL_LD;
    end
    case (sel)
      SEL_AMO: s0_addr = amo_addr_i;
      SEL_PTW: s0_addr = ptw_req_addr_i;
      SEL_ST:  s0_addr = st_req_addr_i;
      SEL_LD:  s0_addr = ld_req_addr_i;
      // no request while a probe waits: the lookup is the probe's
      default: s0_addr = probe_valid_i ? probe_addr_i : ld_req_addr_i;
    endcase
  end

  // Lookup of the selected request.
  logic [WAYS-1:0]     s0_hit_vec;
  logic                s0_hit;
  logic [WAY_BITS-1:0] s0_way;
  logic [IDX_BITS-1:0] s0_idx;
  logic                s0_err;
  logic                any_free;
  logic [M_BITS-1:0]   free_m, pm_m;
  logic [TARGETS-1:0]  pm_tfree;
  logic [T_BITS-1:0]   pm_slot;

  always_comb begin
    s0_way = '0;
    for (int w = 0; w < WAYS; w++) begin
      s0_hit_vec[w] = valid_q[{set_of(s0_addr), WAY_BITS'(w)}] &&
                      tag_q[{set_of(s0_addr), WAY_BITS'(w)}] == s0_addr[PADDR_BITS-1 -: TAG_BITS];
      if (s0_hit_vec[w]) s0_way = WAY_BITS'(w);
    end
    s0_hit = |s0_hit_vec;
    s0_idx = {set_of(s0_addr), s0_way};
  end

  assign s0_pm    = pending(line_of(s0_addr), m_valid_q, m_line_q);
  // The remembered error applies while the line is still not in the cache.
  assign s0_err   = err_valid_q && err_line_q == line_of(s0_addr) && !s0_hit;
  assign any_free = ~&m_valid_q;
  assign free_m   = first_m(~m_valid_q);
  assign pm_m     = first_m(s0_pm);
  assign pm_tfree = ~t_valid_q[pm_m*TARGETS +: TARGETS];

  always_comb begin
    pm_slot = '0;
    for (int k = TARGETS - 1; k >= 0; k--) if (pm_tfree[k]) pm_slot = T_BITS'(k);
  end

  // What the selected request does this cycle.
  logic s0_accept, s0_alloc, s0_merge;
  always_comb begin
    s0_accept = 1'b0;
    s0_alloc  = 1'b0;
    s0_merge  = 1'b0;
    case (sel)
      SEL_LD: begin
        if (ld_req_prefetch_i) begin
          s0_accept = s0_hit || |s0_pm || any_free;
          s0_alloc  = !s0_hit && s0_pm == '0 && any_free;
        end else if (s0_hit) begin
          s0_accept = 1'b1;
        end else if (|s0_pm) begin
          s0_accept = |pm_tfree;
          s0_merge  = |pm_tfree;
        end else if (any_free) begin
          s0_accept = 1'b1;
          s0_alloc  = 1'b1;
        end
      end
      SEL_AMO, SEL_PTW, SEL_ST: begin
        // s0_pm is empty: a pending line is never selected.
        if (s0_err || s0_hit) s0_accept = 1'b1;
        else                  s0_alloc  = any_free;
      end
      default: ;
    endcase
  end

  assign ld_req_ready_o  = sel == SEL_LD && s0_accept;
  assign st_req_ready_o  = sel == SEL_ST && s0_accept;
  assign amo_req_ready_o = sel == SEL_AMO && s0_accept;
  assign ptw_req_ready_o = sel == SEL_PTW && s0_accept;
  assign st_error_o      = sel == SEL_ST && s0_err;
  assign ev_load_miss_o  = sel == SEL_LD && s0_accept && !s0_hit && !ld_req_prefetch_i;

  // ---------------------------------------------------------------- AMO datapath (second cycle)
  logic [63:0] s1_word, amo_old, amo_a, amo_b, amo_new, amo_wdata;
  logic [7:0]  amo_strb;
  logic        amo_writes;
  logic        amo_lt, amo_ltu;

  assign s1_word = rdata_q[s1_word_q*64 +: 64];

  always_comb begin
    if (s1_amo_w_q) begin
      amo_old = {{32{s1_word[s1_half_q*32 + 31]}}, s1_word[s1_half_q*32 +: 32]};
      amo_a   = amo_old;
      amo_b   = {{32{s1_amo_data_q[31]}}, s1_amo_data_q[31:0]};
    end else begin
      amo_old = s1_word;
      amo_a   = s1_word;
      amo_b   = s1_amo_data_q;
    end
    // Both operands are sign-extended, so 64-bit compares serve .W too.
    amo_lt  = $signed(amo_a) < $signed(amo_b);
    amo_ltu = amo_a < amo_b;
    case (s1_op_q)
      AMO_ADD:  amo_new = amo_a + amo_b;
      AMO_XOR:  amo_new = amo_a ^ amo_b;
      AMO_AND:  amo_new = amo_a & amo_b;
      AMO_OR:   amo_new = amo_a | amo_b;
      AMO_MIN:  amo_new = amo_lt ? amo_a : amo_b;
      AMO_MAX:  amo_new = amo_lt ? amo_b : amo_a;
      AMO_MINU: amo_new = amo_ltu ? amo_a : amo_b;
      AMO_MAXU: amo_new = amo_ltu ? amo_b : amo_a;
      default:  amo_new = amo_b;   // SWAP, SC
    endcase
    amo_writes = s1_amo_q && !s1_err_q && s1_op_q != AMO_LR;
    if (s1_amo_w_q) begin
      amo_wdata = {amo_new[31:0], amo_new[31:0]};
      amo_strb  = s1_half_q ? 8'hf0 : 8'h0f;
    end else begin
      amo_wdata = amo_new;
      amo_strb  = 8'hff;
    end
  end

  assign amo_resp_valid_o = s1_amo_q;
  assign amo_resp_data_o  = amo_old;
  assign amo_resp_error_o = s1_err_q;
  assign ptw_resp_valid_o = s1_ptw_q;
  assign ptw_resp_data_o  = s1_word;
  assign ptw_resp_error_o = s1_err_q;

  // ---------------------------------------------------------------- maintenance machine
  logic [SET_BITS-1:0] cand_set;
  logic [WAYS-1:0]     cand_inv;
  logic [WAY_BITS-1:0] vway;
  logic [IDX_BITS-1:0] vidx;
  logic                vdirty;
  logic [LINES-1:0]    dirty_lines;
  logic [IDX_BITS-1:0] clean_idx;
  logic [NT-1:0]       resp_tv;
  logic [TARGETS-1:0]  resp_slots;
  logic [T_BITS-1:0]   resp_k;
  logic [NT-1:0]       resp_bit;               // the target answered this cycle
  logic                resp_any;
  logic                resp_live;

  assign cand_set = m_line_q[cand_m*LADDR_BITS +: SET_BITS];

  always_comb begin
    vway = rr_q;
    for (int w = WAYS - 1; w >= 0; w--) begin
      cand_inv[w] = !valid_q[{cand_set, WAY_BITS'(w)}];
      if (cand_inv[w]) vway = WAY_BITS'(w);
    end
    vidx   = {cand_set, vway};
    vdirty = valid_q[vidx] && dirty_q[vidx];
  end

  assign dirty_lines = valid_q & dirty_q;
  always_comb begin
    clean_idx = '0;
    for (int i = LINES - 1; i >= 0; i--) if (dirty_lines[i]) clean_idx = IDX_BITS'(i);
  end

  assign resp_tv    = t_valid_q;
  assign resp_slots = resp_tv[fsm_m_q*TARGETS +: TARGETS];
  always_comb begin
    resp_k = '0;
    for (int k = TARGETS - 1; k >= 0; k--) if (resp_slots[k]) resp_k = T_BITS'(k);
    resp_any  = fsm_q == F_RESP && |resp_slots;
    resp_bit  = '0;
    if (resp_any) resp_bit[{fsm_m_q, resp_k}] = 1'b1;
    resp_live = |(resp_bit & t_live_q);
  end

  // Load responses: a hit answers the cycle after its request; refilled
  // loads are answered while nothing else can hit (requests are held off
  // from the moment a refill is pending).
  logic [LINE_BITS-1:0]   fsm_line;
  logic [WORD_BITS-1:0]   resp_word;
  assign fsm_line  = m_data_q[fsm_m_q];
  assign resp_word = t_word_q[{fsm_m_q, resp_k}*WORD_BITS +: WORD_BITS];

  always_comb begin
    ld_resp_valid_o    = 1'b0;
    ld_resp_tag_o      = s1_ld_tag_q;
    ld_resp_data_o     = s1_word;
    ld_resp_miss_o     = 1'b0;
    ld_resp_llc_miss_o = 1'b0;
    ld_resp_error_o    = 1'b0;
    if (s1_ld_q) begin
      ld_resp_valid_o = !flush_i;
    end else if (resp_any) begin
      ld_resp_valid_o    = resp_live && !flush_i;
      ld_resp_tag_o      = t_tag_q[{fsm_m_q, resp_k}*LD_TAG_BITS +: LD_TAG_BITS];
      ld_resp_data_o     = fsm_line[resp_word*64 +: 64];
      ld_resp_miss_o     = 1'b1;
      ld_resp_llc_miss_o = m_llc_q[fsm_m_q];
      ld_resp_error_o    = m_error_q[fsm_m_q];
    end
  end
  // ---------------------------------------------------------------- data RAM port
  logic                 d_re, d_we;
  logic [IDX_BITS-1:0]  d_idx;
  logic [BYTES-1:0]     d_be;
  logic [LINE_BITS-1:0] d_wdata;
  logic                 tag_we;
  logic [IDX_BITS-1:0]  tag_widx;
  logic [TAG_BITS-1:0]  tag_wdata;
  logic                 clean_done, probe_done;
  logic [M_BITS-1:0]    send_m;

  assign send_m = first_m(m_valid_q & ~m_sent_q);

  // Line port: the write-back buffer first, then the oldest unsent read.
  // Outputs come from registers only (nothing here depends on lreq_ready_i).
  assign lreq_valid_o = wb_valid_q || |(m_valid_q & ~m_sent_q);
  assign lreq_write_o = wb_valid_q;
  assign lreq_addr_o  = {wb_valid_q ? wb_line_q : m_line_q[send_m*LADDR_BITS +: LADDR_BITS],
                         LINE_OFF_BITS'(0)};
  assign lreq_data_o  = wb_data_q;
  assign lreq_id_o    = {1'b1, (LP_ID_BITS - 1)'(send_m)};  // don't care for writes

  always_comb begin
    fsm_d         = fsm_q;
    fsm_m_d       = fsm_m_q;
    fsm_idx_d     = fsm_idx_q;
    fsm_vdirty_d  = fsm_vdirty_q;
    fsm_vline_d   = fsm_vline_q;
    valid_d       = valid_q;
    dirty_d       = dirty_q;
    rr_d          = rr_q;
    m_valid_d     = m_valid_q;
    m_sent_d      = m_sent_q;
    m_arrived_d   = m_arrived_q;
    m_error_d     = m_error_q;
    m_llc_d       = m_llc_q;
    m_held_d      = m_held_q;
    m_line_d      = m_line_q;
    t_valid_d     = t_valid_q;
    t_live_d      = t_live_q;
    t_tag_d       = t_tag_q;
    t_word_d      = t_word_q;
    wb_valid_d    = wb_valid_q;
    wb_line_d     = wb_line_q;
    wb_load       = 1'b0;
    err_valid_d   = err_valid_q;
    err_line_d    = err_line_q;
    clean_pending_d = clean_pending_q || clean_req_i;
    clean_done    = 1'b0;
    probe_done    = 1'b0;
    d_re          = 1'b0;
    d_we          = 1'b0;
    d_idx         = s0_idx;
    d_be          = '0;
    d_wdata       = '0;
    tag_we        = 1'b0;
    tag_widx      = fsm_idx_q;
    tag_wdata     = m_line_q[fsm_m_q*LADDR_BITS + SET_BITS +: TAG_BITS];
    s1_ld_d       = 1'b0;
    s1_ld_tag_d   = ld_req_tag_i;
    s1_ptw_d      = 1'b0;
    s1_amo_d      = 1'b0;
    s1_err_d      = 1'b0;
    s1_word_d     = word_of(s0_addr);
    s1_half_d     = s0_addr[2];
    s1_op_d       = amo_op_i;
    s1_amo_w_d    = amo_word_i;
    s1_amo_data_d = amo_data_i;
    s1_idx_d      = s0_idx;

    if (flush_i) t_live_d = '0;

    if (lreq_ready_i) begin
      if (wb_valid_q) wb_valid_d = 1'b0;
      else if (lreq_valid_o) m_sent_d[send_m] = 1'b1;
    end
    if (lresp_valid_i) begin
      m_arrived_d[lresp_id_i[M_BITS-1:0]] = 1'b1;
      m_error_d[lresp_id_i[M_BITS-1:0]]   = lresp_error_i;
      m_llc_d[lresp_id_i[M_BITS-1:0]]     = lresp_llc_miss_i;
    end

    // Stores, AMOs and PTW reads that wait for a line.
    if (st_req_valid_i)  m_held_d = m_held_d | st_pm;
    if (amo_req_valid_i) m_held_d = m_held_d | amo_pm;
    if (ptw_req_valid_i) m_held_d = m_held_d | ptw_pm;

    // Second half of an AMO: write the new value.
    if (amo_writes) begin
      d_we    = 1'b1;
      d_idx   = s1_idx_q;
      d_be    = BYTES'(amo_strb) << (s1_word_q * 8);
      d_wdata = {(LINE_BITS / 64){amo_wdata}};
      dirty_d[s1_idx_q] = 1'b1;
    end

    case (fsm_q)
      F_IDLE: begin
        if (fill_cand) begin
          fsm_m_d = cand_m;
          if (m_error_q[cand_m]) begin
            // Not kept: answer the loads with the error.
            fsm_d = F_RESP;
          end else if (!s1_amo_q && !(vdirty && wb_valid_q)) begin
            d_re         = 1'b1;
            d_idx        = vidx;
            fsm_idx_d    = vidx;
            fsm_vdirty_d = vdirty;
            fsm_vline_d  = {tag_q[vidx], cand_set};
            fsm_d        = F_WRITE;
          end
        end else if (clean_pending_q && !s1_amo_q) begin
          if (|dirty_lines) begin
            if (!wb_valid_q) begin
              d_re        = 1'b1;
              d_idx       = clean_idx;
              fsm_idx_d   = clean_idx;
              fsm_vline_d = {tag_q[clean_idx], clean_idx[WAY_BITS +: SET_BITS]};
              fsm_d       = C_WB;
            end
          end else if (!wb_valid_q) begin
            clean_done      = 1'b1;
            clean_pending_d = 1'b0;
          end
        end else if (probe_valid_i && !s1_amo_q && s0_pm == '0) begin
          if (s0_hit && dirty_q[s0_idx]) begin
            if (!wb_valid_q) begin
              d_re        = 1'b1;
              d_idx       = s0_idx;
              fsm_idx_d   = s0_idx;
              fsm_vline_d = line_of(probe_addr_i);
              fsm_d       = C_WB;
            end
          end else if (!wb_valid_q) begin
            if (s0_hit && probe_inval_i) valid_d[s0_idx] = 1'b0;
            probe_done = 1'b1;
          end
        end
      end
      F_WRITE: begin
        if (fsm_vdirty_q) begin
          wb_valid_d = 1'b1;
          wb_line_d  = fsm_vline_q;
          wb_load    = 1'b1;
        end
        d_we    = 1'b1;
        d_idx   = fsm_idx_q;
        d_be    = '1;
        d_wdata = fsm_line;
        tag_we  = 1'b1;
        valid_d[fsm_idx_q] = 1'b1;
        dirty_d[fsm_idx_q] = 1'b0;
        rr_d    = rr_q + WAY_BITS'(1);
        fsm_d   = F_RESP;
      end
      F_RESP: begin
        if (resp_any) begin
          t_valid_d = t_valid_d & ~resp_bit;
        end else begin
          if (m_error_q[fsm_m_q] && m_held_q[fsm_m_q]) begin
            err_valid_d = 1'b1;
            err_line_d  = m_line_q[fsm_m_q*LADDR_BITS +: LADDR_BITS];
          end
          m_valid_d[fsm_m_q] = 1'b0;
          fsm_d = F_IDLE;
        end
      end
      default: begin  // C_WB
        wb_valid_d = 1'b1;
        wb_line_d  = fsm_vline_q;
        wb_load    = 1'b1;
        dirty_d[fsm_idx_q] = 1'b0;
        fsm_d = F_IDLE;
      end
    endcase

    // The selected request.
    if (sel != SEL_NONE) begin
      if (s0_accept && s0_hit) begin
        if (sel == SEL_ST) begin
          d_we    = 1'b1;
          d_be    = BYTES'(st_req_strb_i) << (word_of(st_req_addr_i) * 8);
          d_wdata = {(LINE_BITS / 64){st_req_data_i}};
          dirty_d[s0_idx] = 1'b1;
        end else begin
          d_re = !(sel == SEL_LD && ld_req_prefetch_i);
        end
      end
      if (s0_accept && sel != SEL_LD && s0_err) err_valid_d = 1'b0;
      s1_ld_d  = sel == SEL_LD && s0_accept && s0_hit && !ld_req_prefetch_i;
      s1_ptw_d = sel == SEL_PTW && s0_accept;
      s1_amo_d = sel == SEL_AMO && s0_accept;
      s1_err_d = sel != SEL_LD && s0_err;
      if (s0_alloc) begin
        m_valid_d[free_m]   = 1'b1;
        m_sent_d[free_m]    = 1'b0;
        m_arrived_d[free_m] = 1'b0;
        m_held_d[free_m]    = sel != SEL_LD;
        m_line_d[free_m*LADDR_BITS +: LADDR_BITS] = line_of(s0_addr);
        t_valid_d[free_m*TARGETS +: TARGETS] = '0;
      end
      if (sel == SEL_LD && !ld_req_prefetch_i && (s0_alloc || s0_merge)) begin
        t_valid_d[{s0_alloc ? free_m : pm_m, s0_alloc ? T_BITS'(0) : pm_slot}] = 1'b1;
        t_live_d[{s0_alloc ? free_m : pm_m, s0_alloc ? T_BITS'(0) : pm_slot}]  = 1'b1;
        t_tag_d[{s0_alloc ? free_m : pm_m, s0_alloc ? T_BITS'(0) : pm_slot}*LD_TAG_BITS +:
                LD_TAG_BITS] = ld_req_tag_i;
        t_word_d[{s0_alloc ? free_m : pm_m, s0_alloc ? T_BITS'(0) : pm_slot}*WORD_BITS +:
                 WORD_BITS] = word_of(ld_req_addr_i);
      end
    end
  end

  assign clean_done_o = clean_done;
  assign probe_done_o = probe_done;

  // Only the D-cache's own ids come back here.
  logic [LP_ID_BITS-M_BITS-1:0] unused_id;
  assign unused_id = lresp_id_i[LP_ID_BITS-1:M_BITS];

  // ---------------------------------------------------------------- registers
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      valid_q         <= '0;
      dirty_q         <= '0;
      rr_q            <= '0;
      m_valid_q       <= '0;
      m_sent_q        <= '0;
      m_arrived_q     <= '0;
      m_error_q       <= '0;
      m_llc_q         <= '0;
      m_held_q        <= '0;
      m_line_q        <= '0;
      t_valid_q       <= '0;
      t_live_q        <= '0;
      t_tag_q         <= '0;
      t_word_q        <= '0;
      wb_valid_q      <= 1'b0;
      wb_line_q       <= '0;
      err_valid_q     <= 1'b0;
      err_line_q      <= '0;
      clean_pending_q <= 1'b0;
      fsm_q           <= F_IDLE;
      fsm_m_q         <= '0;
      fsm_idx_q       <= '0;
      fsm_vdirty_q    <= 1'b0;
      fsm_vline_q     <= '0;
      s1_ld_q         <= 1'b0;
      s1_ld_tag_q     <= '0;
      s1_ptw_q        <= 1'b0;
      s1_amo_q        <= 1'b0;
      s1_err_q        <= 1'b0;
      s1_word_q       <= '0;
      s1_half_q       <= 1'b0;
      s1_op_q         <= AMO_LR;
      s1_amo_w_q      <= 1'b0;
      s1_amo_data_q   <= '0;
      s1_idx_q        <= '0;
    end else begin
      valid_q         <= valid_d;
      dirty_q         <= dirty_d;
      rr_q            <= rr_d;
      m_valid_q       <= m_valid_d;
      m_sent_q        <= m_sent_d;
      m_arrived_q     <= m_arrived_d;
      m_error_q       <= m_error_d;
      m_llc_q         <= m_llc_d;
      m_held_q        <= m_held_d;
      m_line_q        <= m_line_d;
      t_valid_q       <= t_valid_d;
      t_live_q        <= t_live_d;
      t_tag_q         <= t_tag_d;
      t_word_q        <= t_word_d;
      wb_valid_q      <= wb_valid_d;
      wb_line_q       <= wb_line_d;
      err_valid_q     <= err_valid_d;
      err_line_q      <= err_line_d;
      clean_pending_q <= clean_pending_d;
      fsm_q           <= fsm_d;
      fsm_m_q         <= fsm_m_d;
      fsm_idx_q       <= fsm_idx_d;
      fsm_vdirty_q    <= fsm_vdirty_d;
      fsm_vline_q     <= fsm_vline_d;
      s1_ld_q         <= s1_ld_d;
      s1_ld_tag_q     <= s1_ld_tag_d;
      s1_ptw_q        <= s1_ptw_d;
      s1_amo_q        <= s1_amo_d;
      s1_err_q        <= s1_err_d;
      s1_word_q       <= s1_word_d;
      s1_half_q       <= s1_half_d;
      s1_op_q         <= s1_op_d;
      s1_amo_w_q      <= s1_amo_w_d;
      s1_amo_data_q   <= s1_amo_data_d;
      s1_idx_q        <= s1_idx_d;
    end
  end

  // Arrays need no reset: valid_q, m_valid_q and wb_valid_q say what holds data.
  always_ff @(posedge clk_i) begin
    if (d_we) begin
      for (int b = 0; b < BYTES; b++) if (d_be[b]) data_q[d_idx][b*8 +: 8] <= d_wdata[b*8 +: 8];
    end else if (d_re) begin
      rdata_q <= data_q[d_idx];
    end
    if (tag_we) tag_q[tag_widx] <= tag_wdata;
    if (lresp_valid_i) m_data_q[lresp_id_i[M_BITS-1:0]] <= lresp_data_i;
    if (wb_load) wb_data_q <= rdata_q;
  end
endmodule
