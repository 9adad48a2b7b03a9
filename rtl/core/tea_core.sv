`include "backend_types.svh"
`include "mem_types.svh"
`include "tea_events.svh"

// The out-of-order core (docs/microarchitecture.md): front end, decode and
// dispatch, rename, issue queues, execution units, LSU, caches, MMU, ROB,
// commit and the CSR file. This file is the wiring and the three small
// pieces of logic that belong to no unit: dispatch, branch resolution and
// commit.
//
// Pipeline timing of the back end:
//   D  fetch-buffer head decoded, renamed and dispatched (ROB, IQ, LQ/SQ)
//   S  issue queues select; single-cycle producers wake their consumers
//   E  integer ports read the register file and execute; results written
//      at the end of E. Memory ports read the register file already in S
//      (with a bypass from the ALUs in E) and hand the access to the LSU.
//   C  ROB head: up to W instructions commit; traps, xRET, serialized
//      instructions and flushes happen here.
// csr_file resets asynchronously, the rest synchronously: both come from
// the one reset input.
/* verilator lint_off SYNCASYNCNET */
module tea_core #(
  parameter logic [63:0] RESET_PC = 64'h1000,
  parameter logic [63:0] HARTID   = 0
) (
  input  logic                  clk_i,
  input  logic                  rst_ni,
  // line port to the LLC
  output logic                  lreq_valid_o,
  input  logic                  lreq_ready_i,
  output logic [PADDR_BITS-1:0] lreq_addr_o,
  output logic                  lreq_write_o,
  output logic [LINE_BITS-1:0]  lreq_data_o,
  output logic [LP_ID_BITS-1:0] lreq_id_o,
  input  logic                  lresp_valid_i,
  input  logic [LP_ID_BITS-1:0] lresp_id_i,
  input  logic [LINE_BITS-1:0]  lresp_data_i,
  input  logic                  lresp_error_i,
  input  logic                  lresp_llc_miss_i,
  // MMIO port: one uncached access at a time
  output logic                  mmio_req_valid_o,
  input  logic                  mmio_req_ready_i,
  output logic [PADDR_BITS-1:0] mmio_req_addr_o,
  output logic                  mmio_req_write_o,
  output mem_size_e             mmio_req_size_o,
  output logic [63:0]           mmio_req_wdata_o,
  output logic [7:0]            mmio_req_wstrb_o,
  input  logic                  mmio_resp_valid_i,
  input  logic [63:0]           mmio_resp_rdata_i,
  input  logic                  mmio_resp_error_i,
  // interrupts and time
  input  logic                  irq_m_soft_i,
  input  logic                  irq_m_timer_i,
  input  logic                  irq_m_ext_i,
  input  logic                  irq_s_ext_i,
  input  logic [63:0]           mtime_i,
  // HTIF words the simulator watches: uncached (0: none)
  input  logic [PADDR_BITS-1:0] htif_tohost_i,
  input  logic [PADDR_BITS-1:0] htif_fromhost_i,
  // Coherent host accesses (rtl/soc/host_dma.sv) probe the D-cache: the
  // line written back if dirty, dropped with probe_inval_i
  input  logic                  probe_valid_i,
  input  logic [PADDR_BITS-1:0] probe_addr_i,
  input  logic                  probe_inval_i,
  output logic                  probe_done_o,
  // Debug halt, what a debugger's dcsr.ebreakm/s/u do: with
  // dbg_halt_ebreak_i, an EBREAK at the ROB head halts the core (once the
  // stores before it have left the store queue) instead of trapping; it
  // does not retire, dbg_pc_o is its pc. While halted, a GPR is read and
  // written through dbg_reg_* (read data the cycle after the address);
  // dbg_resume_i restarts fetch at dbg_resume_pc_i. Inputs are registered.
  input  logic                  dbg_halt_ebreak_i,
  output logic                  dbg_halted_o,
  output logic [63:0]           dbg_pc_o,
  input  logic                  dbg_resume_i,
  input  logic [63:0]           dbg_resume_pc_i,
  input  logic [4:0]            dbg_reg_addr_i,
  output logic [63:0]           dbg_reg_rdata_o,
  input  logic                  dbg_reg_we_i,
  input  logic [63:0]           dbg_reg_wdata_i,
  // The TEA sampler's interrupt (a sample is waiting), for the SoC's PLIC:
  // stock SBI firmware delegates no local interrupt 16 to S-mode
  output logic                  tea_irq_o
`ifdef TEA_TRACE
  ,
  // Trace port (simulation only): what commits this cycle.
  output logic [CFG_W-1:0]          trace_valid_o,
  output logic [CFG_W*64-1:0]       trace_pc_o,
  output logic [CFG_W*32-1:0]       trace_insn_o,
  output logic [CFG_W*5-1:0]        trace_rd_o,       // 0: no register written
  output logic [CFG_W*64-1:0]       trace_rd_value_o,
  output logic [CFG_W*4-1:0]        trace_mem_size_o, // bytes stored, 0: none
  output logic [CFG_W*64-1:0]       trace_mem_addr_o,
  output logic [CFG_W*64-1:0]       trace_mem_value_o,
  output logic [CFG_W*PSV_BITS-1:0] trace_psv_o,
  output logic [1:0]                trace_priv_o,     // privilege they executed in
  output logic                      trace_trap_o,     // a trap instead (pc/insn in lane 0)
  output logic                      trace_interrupt_o,
  output logic [63:0]               trace_cause_o,
  output logic [63:0]               trace_tval_o,
  output logic                      trace_flush_o,    // the back end is flushed this cycle
  output logic [ROB_IDX_BITS-1:0]   trace_rob_head_o,
  output logic [ROB_IDX_BITS-1:0]   trace_rob_tail_o,
  output logic                      trace_rob_empty_o,
  output logic [CFG_W-1:0]          trace_dispatch_o, // lanes dispatched this cycle
  // TEA (docs/tea.md): what the sampler sees this cycle and its sample
  output logic [CFG_W-1:0]          trace_retire_o,   // lanes leaving the ROB head
  output logic                      trace_retire_trap_o,
  output logic [CFG_W*PSV_BITS-1:0] trace_retire_psv_o,
  output logic [$clog2(CFG_W+1)-1:0] trace_fb_enq_o,  // entering the fetch buffer
  output logic                      trace_fb_flush_o,
  output logic                      trace_tea_we_o,   // a TEA CSR write commits
  output logic [11:0]               trace_tea_addr_o,
  output logic [63:0]               trace_tea_wdata_o,
  output logic                      trace_tea_valid_o,
  output logic [63:0]               trace_tea_time_o,
  output logic [1:0]                trace_tea_state_o,
  output logic [1:0]                trace_tea_priv_o,
  output logic [CFG_W-1:0]          trace_tea_mask_o,
  output logic [CFG_W*64-1:0]       trace_tea_pc_o,
  output logic [CFG_W*PSV_BITS-1:0] trace_tea_psv_o,
  output logic [63:0]               trace_tea_lost_o,
  // the simulator's own TEA CSR writes, as if they committed in the next
  // cycle (debug port)
  input  logic                      dbg_tea_we_i,
  input  logic [11:0]               dbg_tea_addr_i,
  input  logic [63:0]               dbg_tea_wdata_i
`endif
);
  localparam int unsigned W         = CFG_W;
  localparam int unsigned LB        = $clog2(W + 1);
  localparam int unsigned N_ALU     = (W > 2) ? 3 : 2;      // port 0 also branches, port 1 multiplies
  localparam int unsigned P_DIV     = N_ALU;                // the divider's port
  localparam int unsigned INT_PORTS = N_ALU + 1;
  localparam int unsigned NWAKE     = N_ALU + 3;            // ALUs at select, MUL/DIV, LSU, commit
  localparam int unsigned WK_MD     = N_ALU;
  localparam int unsigned WK_LSU    = N_ALU + 1;
  localparam int unsigned WK_SER    = N_ALU + 2;
  localparam int unsigned CPL_PORTS = N_ALU + 3;            // ALUs, MUL/DIV, LSU load, LSU store
  localparam int unsigned CP_MD     = N_ALU;
  localparam int unsigned CP_LD     = N_ALU + 1;
  localparam int unsigned CP_ST     = N_ALU + 2;
  localparam int unsigned IPB       = INT_PAYLOAD_BITS;
  localparam int unsigned MPB       = MEM_PAYLOAD_BITS;
  localparam int unsigned RPB       = ROB_PAYLOAD_BITS;
  localparam int unsigned EW        = FETCH_ENTRY_BITS;
  localparam int unsigned PB        = PREG_BITS;
  localparam int unsigned RB        = ROB_IDX_BITS;
  // register-file read ports: two per integer port, load base, store base
  // and data, the two sources of the instruction at the ROB head
  localparam int unsigned RD_INT    = 0;
  localparam int unsigned RD_LD     = 2 * INT_PORTS;
  localparam int unsigned RD_ST     = RD_LD + 1;
  localparam int unsigned RD_HEAD   = RD_ST + 2;
`ifdef TEA_TRACE
  localparam int unsigned RD_TRACE  = RD_HEAD + 2;
  localparam int unsigned NREAD     = RD_TRACE + W;
`else
  localparam int unsigned NREAD     = RD_HEAD + 2;
`endif
  localparam int unsigned MDTAG     = RB + PB + 1;

  // RISC-V exception cause raised at commit (dispatch_lane raises the
  // ones found in fetch and decode)
  localparam logic [3:0] CAUSE_ILLEGAL      = 4'd2;
  localparam logic [3:0] CAUSE_BREAKPOINT   = 4'd3;

  // ---------------------------------------------------------------------
  // Declarations shared between the sections below
  // ---------------------------------------------------------------------
  logic               flush;            // back end flush at commit
  logic               fe_flush;         // front end flush too (not for a mispredict)
  logic [63:0]        fe_flush_pc;
  bp_ckpt_t           fe_flush_ckpt;
  logic               icache_inval;
  logic               mmu_flush;

  logic [1:0]         priv, priv_data;
  logic [63:0]        satp;
  logic               sum, mxr;

  logic [NWAKE-1:0]   wake_valid;
  logic [NWAKE*PB-1:0] wake_pdst;
  logic [NWAKE-1:0]   prf_we;
  logic [NWAKE*PB-1:0] prf_waddr;
  logic [NWAKE*64-1:0] prf_wdata;
  logic [NREAD*PB-1:0] prf_raddr;
  logic [NREAD*64-1:0] prf_rdata;

  logic [CPL_PORTS-1:0]          cpl_valid, cpl_xcpt;
  logic [CPL_PORTS*RB-1:0]       cpl_idx;
  logic [CPL_PORTS*4-1:0]        cpl_cause;
  logic [CPL_PORTS*64-1:0]       cpl_tval;
  logic [CPL_PORTS*PSV_BITS-1:0] cpl_psv;
  /* verilator lint_off UNUSEDSIGNAL */  // payloads: each user reads some fields
  rob_payload_t                  head_rp0;   // the oldest instruction
  /* verilator lint_on UNUSEDSIGNAL */

  // ---------------------------------------------------------------------
  // Decode
  // ---------------------------------------------------------------------
  // One dispatch_lane per lane (rtl/core/decode/): its structs are
  // module-level there, which Yosys 0.23 needs; loops use these flat vectors.
  logic [W-1:0]         lane_xcpt;
  logic [W*4-1:0]       lane_cause;
  logic [W*64-1:0]      lane_tval;
  logic [W-1:0] lane_int, lane_mem, lane_load, lane_store, lane_serial;
  logic [W-1:0] lane_rs1_used, lane_rs2_used;
  logic [W-1:0] lane_csr_sys;

  // ---------------------------------------------------------------------
  // Front end, MMU, caches
  // ---------------------------------------------------------------------
  logic [W-1:0]      fb_valid;
  logic [W*EW-1:0]   fb_entry;
  logic [LB-1:0]     fb_deq_count;
  logic              redirect;
  logic [63:0]       redirect_pc;
  logic              upd_valid, upd_rvc, upd_taken, upd_mispredict;
  logic [63:0]       upd_pc, upd_target;
  br_kind_e          upd_kind;
  bp_ckpt_t          upd_ckpt;

  logic [2:0]              tlb_req_valid, tlb_hit, tlb_pf, tlb_af, tlb_miss;
  logic [3*64-1:0]         tlb_req_vaddr;
  logic [3*PADDR_BITS-1:0] tlb_paddr;

  logic                  il_req_valid, il_req_ready, il_req_write, il_resp_valid;
  logic [PADDR_BITS-1:0] il_req_addr;
  logic [LINE_BITS-1:0]  il_req_data;
  logic [LP_ID_BITS-1:0] il_req_id;
  // The D-cache computes its request and reacts to ready in one block;
  // there is no loop through the arbiter bit by bit.
  /* verilator lint_off UNOPTFLAT */
  logic                  dl_req_valid, dl_req_ready, dl_req_write, dl_resp_valid;
  /* verilator lint_on UNOPTFLAT */
  logic [PADDR_BITS-1:0] dl_req_addr;
  logic [LINE_BITS-1:0]  dl_req_data;
  logic [LP_ID_BITS-1:0] dl_req_id;
  logic [LP_ID_BITS-1:0] il_resp_id, dl_resp_id;
  logic [LINE_BITS-1:0]  il_resp_data, dl_resp_data;
  logic                  il_resp_error, dl_resp_error, il_resp_llc_miss, dl_resp_llc_miss;

  logic ev_icache_miss, ev_itlb_miss_fe, ev_itlb_miss, ev_dtlb_miss_mmu, ev_dtlb_miss_lsu;
  logic ev_load_miss, ev_load_llc_miss, ev_mo;

  frontend #(.RESET_PC(RESET_PC)) u_frontend (
    .clk_i, .rst_ni,
    .fb_valid_o(fb_valid), .fb_entry_o(fb_entry), .fb_deq_count_i(fb_deq_count),
    .redirect_i(redirect), .redirect_pc_i(redirect_pc),
    .upd_valid_i(upd_valid), .upd_pc_i(upd_pc), .upd_rvc_i(upd_rvc), .upd_kind_i(upd_kind),
    .upd_taken_i(upd_taken), .upd_target_i(upd_target), .upd_mispredict_i(upd_mispredict),
    .upd_ckpt_i(upd_ckpt),
    .flush_i(fe_flush), .flush_pc_i(fe_flush_pc), .flush_ckpt_i(fe_flush_ckpt),
    .icache_inval_i(icache_inval),
    .itlb_valid_o(tlb_req_valid[0]), .itlb_vaddr_o(tlb_req_vaddr[0 +: 64]),
    .itlb_hit_i(tlb_hit[0]), .itlb_paddr_i(tlb_paddr[0 +: PADDR_BITS]),
    .itlb_page_fault_i(tlb_pf[0]), .itlb_access_fault_i(tlb_af[0]), .itlb_miss_i(tlb_miss[0]),
    .lreq_valid_o(il_req_valid), .lreq_ready_i(il_req_ready), .lreq_addr_o(il_req_addr),
    .lreq_write_o(il_req_write), .lreq_data_o(il_req_data), .lreq_id_o(il_req_id),
    .lresp_valid_i(il_resp_valid), .lresp_id_i(il_resp_id), .lresp_data_i(il_resp_data),
    .lresp_error_i(il_resp_error), .lresp_llc_miss_i(il_resp_llc_miss),
    .ev_icache_miss_o(ev_icache_miss), .ev_itlb_miss_o(ev_itlb_miss_fe)
`ifdef TEA_TRACE
    , .trace_fb_enq_o, .trace_fb_flush_o
`endif
  );

  logic                  ptw_req_valid, ptw_req_ready, ptw_resp_valid, ptw_resp_error;
  logic [PADDR_BITS-1:0] ptw_req_addr;
  logic [63:0]           ptw_resp_data;

  mmu u_mmu (
    .clk_i, .rst_ni,
    .satp_i(satp), .priv_fetch_i(priv), .priv_data_i(priv_data), .sum_i(sum), .mxr_i(mxr),
    .flush_i(mmu_flush),
    .req_valid_i(tlb_req_valid), .req_vaddr_i(tlb_req_vaddr),
    .resp_hit_o(tlb_hit), .resp_paddr_o(tlb_paddr), .resp_page_fault_o(tlb_pf),
    .resp_access_fault_o(tlb_af), .resp_miss_o(tlb_miss),
    .mem_req_valid_o(ptw_req_valid), .mem_req_ready_i(ptw_req_ready), .mem_req_addr_o(ptw_req_addr),
    .mem_resp_valid_i(ptw_resp_valid), .mem_resp_data_i(ptw_resp_data),
    .mem_resp_error_i(ptw_resp_error),
    .ev_itlb_miss_o(ev_itlb_miss), .ev_dtlb_miss_o(ev_dtlb_miss_mmu)
  );

  line_arbiter u_line_arbiter (
    .clk_i, .rst_ni,
    .a_lreq_valid_i(il_req_valid), .a_lreq_ready_o(il_req_ready), .a_lreq_addr_i(il_req_addr),
    .a_lreq_write_i(il_req_write), .a_lreq_data_i(il_req_data), .a_lreq_id_i(il_req_id),
    .a_lresp_valid_o(il_resp_valid),
    .b_lreq_valid_i(dl_req_valid), .b_lreq_ready_o(dl_req_ready), .b_lreq_addr_i(dl_req_addr),
    .b_lreq_write_i(dl_req_write), .b_lreq_data_i(dl_req_data), .b_lreq_id_i(dl_req_id),
    .b_lresp_valid_o(dl_resp_valid),
    .lreq_valid_o, .lreq_ready_i, .lreq_addr_o, .lreq_write_o, .lreq_data_o, .lreq_id_o,
    .lresp_valid_i, .lresp_id_i
  );
  assign il_resp_id       = lresp_id_i;
  assign dl_resp_id       = lresp_id_i;
  assign il_resp_data     = lresp_data_i;
  assign dl_resp_data     = lresp_data_i;
  assign il_resp_error    = lresp_error_i;
  assign dl_resp_error    = lresp_error_i;
  assign il_resp_llc_miss = lresp_llc_miss_i;
  assign dl_resp_llc_miss = lresp_llc_miss_i;

  // D-cache ports driven by the LSU
  logic                   dc_ld_req_valid, dc_ld_req_ready, dc_ld_resp_valid;
  logic                   dc_ld_req_prefetch;
  logic [PADDR_BITS-1:0]  dc_ld_req_addr;
  logic [LQ_IDX_BITS-1:0] dc_ld_req_tag, dc_ld_resp_tag;
  logic [63:0]            dc_ld_resp_data;
  logic                   dc_ld_resp_miss, dc_ld_resp_llc_miss, dc_ld_resp_error;
  logic                   dc_st_req_valid, dc_st_req_ready;
  logic [PADDR_BITS-1:0]  dc_st_req_addr;
  logic [63:0]            dc_st_req_data;
  logic [7:0]             dc_st_req_strb;
  logic                   dc_amo_req_valid, dc_amo_req_ready, dc_amo_word;
  amo_op_e                dc_amo_op;
  logic [PADDR_BITS-1:0]  dc_amo_addr;
  logic [63:0]            dc_amo_data, dc_amo_resp_data;
  logic                   dc_amo_resp_valid, dc_amo_resp_error;
  logic                   dc_clean_req, dc_clean_done;
  // A committed store whose line cannot be fetched (beyond the end of
  // DRAM) is lost: the core does not know where DRAM ends, so it cannot
  // raise the access fault precisely.
  logic                   dc_st_error;

  dcache u_dcache (
    .clk_i, .rst_ni, .flush_i(flush),
    .ld_req_valid_i(dc_ld_req_valid), .ld_req_ready_o(dc_ld_req_ready),
    .ld_req_addr_i(dc_ld_req_addr), .ld_req_tag_i(dc_ld_req_tag),
    .ld_req_prefetch_i(dc_ld_req_prefetch),
    .ld_resp_valid_o(dc_ld_resp_valid), .ld_resp_tag_o(dc_ld_resp_tag),
    .ld_resp_data_o(dc_ld_resp_data), .ld_resp_miss_o(dc_ld_resp_miss),
    .ld_resp_llc_miss_o(dc_ld_resp_llc_miss), .ld_resp_error_o(dc_ld_resp_error),
    .st_req_valid_i(dc_st_req_valid), .st_req_ready_o(dc_st_req_ready),
    .st_req_addr_i(dc_st_req_addr), .st_req_data_i(dc_st_req_data), .st_req_strb_i(dc_st_req_strb),
    .st_error_o(dc_st_error),
    .amo_req_valid_i(dc_amo_req_valid), .amo_req_ready_o(dc_amo_req_ready), .amo_op_i(dc_amo_op),
    .amo_word_i(dc_amo_word), .amo_addr_i(dc_amo_addr), .amo_data_i(dc_amo_data),
    .amo_resp_valid_o(dc_amo_resp_valid), .amo_resp_data_o(dc_amo_resp_data),
    .amo_resp_error_o(dc_amo_resp_error),
    .ptw_req_valid_i(ptw_req_valid), .ptw_req_ready_o(ptw_req_ready), .ptw_req_addr_i(ptw_req_addr),
    .ptw_resp_valid_o(ptw_resp_valid), .ptw_resp_data_o(ptw_resp_data),
    .ptw_resp_error_o(ptw_resp_error),
    .clean_req_i(dc_clean_req), .clean_done_o(dc_clean_done),
    .probe_valid_i, .probe_addr_i, .probe_inval_i, .probe_done_o,
    .lreq_valid_o(dl_req_valid), .lreq_ready_i(dl_req_ready), .lreq_addr_o(dl_req_addr),
    .lreq_write_o(dl_req_write), .lreq_data_o(dl_req_data), .lreq_id_o(dl_req_id),
    .lresp_valid_i(dl_resp_valid), .lresp_id_i(dl_resp_id), .lresp_data_i(dl_resp_data),
    .lresp_error_i(dl_resp_error), .lresp_llc_miss_i(dl_resp_llc_miss),
    .ev_load_miss_o(ev_load_miss), .ev_load_llc_miss_o(ev_load_llc_miss)
  );

  // ---------------------------------------------------------------------
  // Debug halt. While halted nothing dispatches, so the ROB stays empty,
  // the speculative RAT is the committed one and the register file's head
  // and commit ports are free: lane 0's rs1 mapping names the register the
  // debugger reads (head port) and writes (commit port).
  // ---------------------------------------------------------------------
  logic          halted_q, take_halt, resume;
  logic [63:0]   dpc_q;
  bp_ckpt_t      dckpt_q;
  logic          dbg_halt_ebreak_q, dbg_resume_q, dbg_reg_we_q;
  logic [63:0]   dbg_resume_pc_q, dbg_reg_wdata_q;
  logic [4:0]    dbg_reg_addr_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      dbg_halt_ebreak_q <= 1'b0;
      dbg_resume_q      <= 1'b0;
      dbg_reg_we_q      <= 1'b0;
      halted_q          <= 1'b0;
    end else begin
      dbg_halt_ebreak_q <= dbg_halt_ebreak_i;
      dbg_resume_q      <= dbg_resume_i;
      dbg_reg_we_q      <= dbg_reg_we_i;
      if (take_halt)   halted_q <= 1'b1;
      else if (resume) halted_q <= 1'b0;
    end
  end
  always_ff @(posedge clk_i) begin
    dbg_resume_pc_q <= dbg_resume_pc_i;
    dbg_reg_addr_q  <= dbg_reg_addr_i;
    dbg_reg_wdata_q <= dbg_reg_wdata_i;
    if (take_halt) begin
      dpc_q   <= head_rp0.pc;
      dckpt_q <= head_rp0.ckpt;
    end
  end

  assign resume       = halted_q && dbg_resume_q;
  assign dbg_halted_o = halted_q;
  assign dbg_pc_o     = dpc_q;
  always_comb begin
    rn_rs1 = lane_rs1;
    if (halted_q) rn_rs1[4:0] = dbg_reg_addr_q;
  end

  // ---------------------------------------------------------------------
  // Dispatch: the longest prefix of the fetch-buffer head that fits, all
  // at once (rename allocates for exactly that prefix).
  // ---------------------------------------------------------------------
  logic                     redirect_pending_q;   // a mispredicted branch waits to commit
  logic [RB-1:0]            redirect_idx_q;
  logic                     serial_inflight_q;    // a serialized instruction is in the ROB
  logic                     drsq_q;               // the next store waited for the SQ

  logic [RB:0]              rob_free;
  logic                     rob_empty;
  logic [RB-1:0]            rob_head_idx, rob_tail_idx;
  logic [W*RB-1:0]          rob_alloc_idx;
  logic [$clog2(CFG_IQ_ENTRIES+1)-1:0] iq_int_free, iq_mem_free;
  logic [LQ_IDX_BITS:0]     lq_free;
  logic [SQ_IDX_BITS:0]     sq_free;
  logic [W*LQ_IDX_BITS-1:0] disp_lq_idx;
  logic [W*SQ_IDX_BITS-1:0] disp_sq_idx;

  logic [W-1:0] disp_cand;     // the prefix that fits in the queues
  logic         sq_blocked;    // a store was cut off because the SQ is full
  logic         can_alloc;
  logic         dispatch;
  logic [W-1:0] disp_lanes;

  always_comb begin
    int unsigned n_int, n_mem, n_ld, n_st;
    logic stop;
    n_int = 0; n_mem = 0; n_ld = 0; n_st = 0;
    stop = redirect_pending_q || serial_inflight_q || flush || halted_q;
    sq_blocked = 1'b0;
    for (int i = 0; i < W; i++) begin
      disp_cand[i] = 1'b0;
      if (!stop && fb_valid[i]) begin
        if (lane_serial[i] && (i != 0 || !rob_empty)) begin
          stop = 1'b1;          // dispatches alone into an empty ROB
        end else if (32'(i) + 1 > 32'(rob_free) ||
                     (lane_int[i] && n_int + 1 > 32'(iq_int_free)) ||
                     (lane_mem[i] && n_mem + 1 > 32'(iq_mem_free)) ||
                     (lane_load[i] && n_ld + 1 > 32'(lq_free))) begin
          stop = 1'b1;
        end else if (lane_store[i] && n_st + 1 > 32'(sq_free)) begin
          stop = 1'b1;
          sq_blocked = 1'b1;
        end else begin
          disp_cand[i] = 1'b1;
          if (lane_int[i]) n_int++;
          if (lane_mem[i]) n_mem++;
          if (lane_load[i]) n_ld++;
          if (lane_store[i]) n_st++;
          if (lane_serial[i]) stop = 1'b1;   // nothing after it
        end
      end else begin
        stop = 1'b1;
      end
    end
  end

  assign dispatch   = disp_cand[0] && can_alloc;
  assign disp_lanes = dispatch ? disp_cand : '0;
  always_comb begin
    fb_deq_count = '0;
    for (int i = 0; i < W; i++) if (disp_lanes[i]) fb_deq_count = LB'(i + 1);
  end

  // rename
  logic [W*5-1:0]  lane_rs1, rn_rs1, rn_rs2, rn_rd;
  logic [W-1:0]    rn_rd_used;
  logic [W*PB-1:0] prs1, prs2, pdst, old_pdst;
  logic [W-1:0]    prs1_ready, prs2_ready;
  logic [W-1:0]    cm_rd_valid;
  logic [W*5-1:0]  cm_rd;
  logic [W*PB-1:0] cm_pdst, cm_old_pdst;

  rename #(.NWAKE(NWAKE)) u_rename (
    .clk_i, .rst_ni, .flush_i(flush),
    .valid_i(disp_cand), .fire_i(dispatch),
    .rs1_i(rn_rs1), .rs2_i(rn_rs2), .rd_i(rn_rd), .rd_used_i(rn_rd_used),
    .prs1_o(prs1), .prs2_o(prs2), .pdst_o(pdst), .old_pdst_o(old_pdst),
    .prs1_ready_o(prs1_ready), .prs2_ready_o(prs2_ready), .can_alloc_o(can_alloc),
    .wake_valid_i(wake_valid), .wake_pdst_i(wake_pdst),
    .commit_valid_i(cm_rd_valid), .commit_rd_i(cm_rd), .commit_pdst_i(cm_pdst),
    .commit_old_pdst_i(cm_old_pdst)
  );

  // ROB allocation, issue-queue insertion, LQ/SQ allocation
  logic [W*RPB-1:0]      rob_alloc_payload;
  logic [W*PSV_BITS-1:0] rob_alloc_psv;
  logic [W-1:0]          rob_alloc_done;
  logic [W*IPB-1:0]      iq_int_payload;
  logic [W*MPB-1:0]      iq_mem_payload;
  logic [W*INT_PORTS-1:0] iq_int_ports;
  logic [W*2-1:0]        iq_mem_ports;
  logic [W-1:0]          iq_int_rs1_ready, iq_int_rs2_ready, iq_mem_rs1_ready, iq_mem_rs2_ready;
  logic [W-1:0]          first_store;   // the first store of the dispatched group

  always_comb begin
    logic seen;
    seen = 1'b0;
    for (int i = 0; i < W; i++) begin
      first_store[i] = lane_store[i] && !seen;
      if (lane_store[i]) seen = 1'b1;
    end
  end

  always_comb begin
    for (int i = 0; i < W; i++) begin
      // Exceptions found in fetch and decode, CSR accesses and system
      // instructions are complete at dispatch: commit does the rest.
      rob_alloc_done[i]   = lane_xcpt[i] || lane_csr_sys[i];
      iq_int_rs1_ready[i] = !lane_rs1_used[i] || prs1_ready[i];
      iq_int_rs2_ready[i] = !lane_rs2_used[i] || prs2_ready[i];
      iq_mem_rs1_ready[i] = prs1_ready[i];
      iq_mem_rs2_ready[i] = !lane_store[i] || prs2_ready[i];
      iq_mem_ports[i*2 +: 2] = lane_store[i] ? 2'b10 : 2'b01;
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni || flush) begin
      drsq_q <= 1'b0;
    end else if (dispatch && |(disp_lanes & lane_store)) begin
      drsq_q <= 1'b0;
    end else if (sq_blocked) begin
      drsq_q <= 1'b1;
    end
  end

  // Decode and the dispatch payloads, per lane
  for (genvar i = 0; i < W; i++) begin : g_decode
    dispatch_lane #(.INT_PORTS(INT_PORTS)) u_lane (
      .entry_i(fb_entry[i*EW +: EW]), .priv_i(priv),
      .prs1_i(prs1[i*PB +: PB]), .prs2_i(prs2[i*PB +: PB]),
      .pdst_i(pdst[i*PB +: PB]), .old_pdst_i(old_pdst[i*PB +: PB]),
      .rob_idx_i(rob_alloc_idx[i*RB +: RB]),
      .lq_idx_i(disp_lq_idx[i*LQ_IDX_BITS +: LQ_IDX_BITS]),
      .sq_idx_i(disp_sq_idx[i*SQ_IDX_BITS +: SQ_IDX_BITS]),
      .dr_sq_i(first_store[i] && drsq_q),
      .xcpt_o(lane_xcpt[i]), .cause_o(lane_cause[i*4 +: 4]), .tval_o(lane_tval[i*64 +: 64]),
      .int_o(lane_int[i]), .mem_o(lane_mem[i]), .load_o(lane_load[i]), .store_o(lane_store[i]),
      .serial_o(lane_serial[i]), .csr_sys_o(lane_csr_sys[i]),
      .rs1_used_o(lane_rs1_used[i]), .rs2_used_o(lane_rs2_used[i]),
      .rs1_o(lane_rs1[i*5 +: 5]), .rs2_o(rn_rs2[i*5 +: 5]), .rd_o(rn_rd[i*5 +: 5]),
      .rd_used_o(rn_rd_used[i]),
      .rob_payload_o(rob_alloc_payload[i*RPB +: RPB]), .psv_o(rob_alloc_psv[i*PSV_BITS +: PSV_BITS]),
      .int_payload_o(iq_int_payload[i*IPB +: IPB]),
      .int_ports_o(iq_int_ports[i*INT_PORTS +: INT_PORTS]),
      .mem_payload_o(iq_mem_payload[i*MPB +: MPB])
    );
  end

  // ---------------------------------------------------------------------
  // Reorder buffer
  // ---------------------------------------------------------------------
  logic [W-1:0]          head_valid, head_done, head_xcpt, head_mispredict, head_replay;
  /* verilator lint_off UNUSEDSIGNAL */  // traps are taken from lane 0 only
  logic [W*4-1:0]        head_cause;
  logic [W*64-1:0]       head_tval;
  logic [W*PSV_BITS-1:0] head_psv;       // read by the trace port and the TEA sampler
  /* verilator lint_on UNUSEDSIGNAL */
  logic [W*RPB-1:0]      head_payload;
  logic [LB-1:0]         commit_count;
  logic                  mb_valid;
  logic [RB-1:0]         mb_idx;
  logic                  mo_valid;
  logic [RB-1:0]         mo_idx;

  rob #(.PAYLOAD_BITS(RPB), .CPL_PORTS(CPL_PORTS)) u_rob (
    .clk_i, .rst_ni, .flush_i(flush),
    .alloc_valid_i(disp_lanes), .alloc_payload_i(rob_alloc_payload), .alloc_psv_i(rob_alloc_psv),
    .alloc_done_i(rob_alloc_done), .alloc_xcpt_i(lane_xcpt), .alloc_cause_i(lane_cause),
    .alloc_tval_i(lane_tval), .alloc_idx_o(rob_alloc_idx), .free_o(rob_free),
    .cpl_valid_i(cpl_valid), .cpl_idx_i(cpl_idx), .cpl_xcpt_i(cpl_xcpt), .cpl_cause_i(cpl_cause),
    .cpl_tval_i(cpl_tval), .cpl_psv_i(cpl_psv),
    .mb_valid_i(mb_valid), .mb_idx_i(mb_idx), .mo_valid_i(mo_valid), .mo_idx_i(mo_idx),
    .head_valid_o(head_valid), .head_done_o(head_done), .head_xcpt_o(head_xcpt),
    .head_cause_o(head_cause), .head_tval_o(head_tval), .head_psv_o(head_psv),
    .head_mispredict_o(head_mispredict), .head_replay_o(head_replay),
    .head_payload_o(head_payload), .head_idx_o(rob_head_idx), .tail_idx_o(rob_tail_idx),
    .empty_o(rob_empty), .commit_count_i(commit_count)
  );

  // ---------------------------------------------------------------------
  // Issue queues
  // ---------------------------------------------------------------------
  logic [INT_PORTS-1:0]     int_port_ready, int_iss_valid;
  logic [INT_PORTS*IPB-1:0] int_iss_payload;
  logic [INT_PORTS*PB-1:0]  int_iss_prs1, int_iss_prs2;
  logic [1:0]               mem_port_ready, mem_iss_valid;
  logic [2*MPB-1:0]         mem_iss_payload;
  logic [2*PB-1:0]          mem_iss_prs1;
  /* verilator lint_off UNUSEDSIGNAL */  // a load has no second source
  logic [2*PB-1:0]          mem_iss_prs2;
  /* verilator lint_on UNUSEDSIGNAL */

  issue_queue #(.PORTS(INT_PORTS), .NWAKE(NWAKE), .PAYLOAD_BITS(IPB)) u_iq_int (
    .clk_i, .rst_ni, .flush_i(flush),
    .ins_valid_i(disp_lanes & lane_int), .ins_payload_i(iq_int_payload),
    .ins_prs1_i(prs1), .ins_prs2_i(prs2),
    .ins_rs1_ready_i(iq_int_rs1_ready), .ins_rs2_ready_i(iq_int_rs2_ready),
    .ins_ports_i(iq_int_ports), .free_o(iq_int_free),
    .wake_valid_i(wake_valid), .wake_pdst_i(wake_pdst),
    .port_ready_i(int_port_ready), .iss_valid_o(int_iss_valid), .iss_payload_o(int_iss_payload),
    .iss_prs1_o(int_iss_prs1), .iss_prs2_o(int_iss_prs2)
  );

  issue_queue #(.PORTS(2), .NWAKE(NWAKE), .PAYLOAD_BITS(MPB)) u_iq_mem (
    .clk_i, .rst_ni, .flush_i(flush),
    .ins_valid_i(disp_lanes & lane_mem), .ins_payload_i(iq_mem_payload),
    .ins_prs1_i(prs1), .ins_prs2_i(prs2),
    .ins_rs1_ready_i(iq_mem_rs1_ready), .ins_rs2_ready_i(iq_mem_rs2_ready),
    .ins_ports_i(iq_mem_ports), .free_o(iq_mem_free),
    .wake_valid_i(wake_valid), .wake_pdst_i(wake_pdst),
    .port_ready_i(mem_port_ready), .iss_valid_o(mem_iss_valid), .iss_payload_o(mem_iss_payload),
    .iss_prs1_o(mem_iss_prs1), .iss_prs2_o(mem_iss_prs2)
  );

  // ---------------------------------------------------------------------
  // Integer execution: select (S) -> execute (E)
  // ---------------------------------------------------------------------
  logic [INT_PORTS-1:0]     ex_valid_q;
  logic [INT_PORTS*IPB-1:0] ex_payload_q;
  logic [INT_PORTS*PB-1:0]  ex_prs1_q, ex_prs2_q;
  /* verilator lint_off UNUSEDSIGNAL */
  int_payload_t             ex0, ex1, exdiv;   // ports 0 (branch), 1 (multiply), divide
  /* verilator lint_on UNUSEDSIGNAL */
  logic [N_ALU-1:0]         ex_rd_used;    // what the ALUs in E write, for the bypass
  logic [N_ALU*PB-1:0]      ex_pdst;
  logic [N_ALU*64-1:0]      alu_result;
  logic [N_ALU-1:0]         alu_writes;
  logic                     br_taken;
  logic [63:0]              br_target;

  always_ff @(posedge clk_i) begin
    if (!rst_ni || flush) begin
      ex_valid_q <= '0;
    end else begin
      ex_valid_q <= int_iss_valid;
    end
    ex_payload_q <= int_iss_payload;
    ex_prs1_q    <= int_iss_prs1;
    ex_prs2_q    <= int_iss_prs2;
  end

  for (genvar p = 0; p < INT_PORTS; p++) begin : g_int_port
    assign prf_raddr[(RD_INT + 2*p) * PB +: PB]     = ex_prs1_q[p*PB +: PB];
    assign prf_raddr[(RD_INT + 2*p + 1) * PB +: PB] = ex_prs2_q[p*PB +: PB];
  end

  assign ex0   = ex_payload_q[0 +: IPB];
  assign ex1   = ex_payload_q[IPB +: IPB];
  assign exdiv = ex_payload_q[P_DIV*IPB +: IPB];

  // The ALU ports (rtl/core/execute/alu_port.sv): execute in E, wake at S
  for (genvar p = 0; p < N_ALU; p++) begin : g_alu
    logic        taken;
    /* verilator lint_off UNUSEDSIGNAL */  // only port 0 resolves branches
    logic [63:0] target;
    /* verilator lint_on UNUSEDSIGNAL */
    alu_port u_port (
      .sel_valid_i(int_iss_valid[p]), .sel_payload_i(int_iss_payload[p*IPB +: IPB]),
      .wake_valid_o(wake_valid[p]), .wake_pdst_o(wake_pdst[p*PB +: PB]),
      .ex_valid_i(ex_valid_q[p]), .ex_payload_i(ex_payload_q[p*IPB +: IPB]),
      .rs1_i(prf_rdata[(RD_INT + 2*p) * 64 +: 64]), .rs2_i(prf_rdata[(RD_INT + 2*p + 1) * 64 +: 64]),
      .writes_o(alu_writes[p]), .rd_used_o(ex_rd_used[p]), .pdst_o(ex_pdst[p*PB +: PB]),
      .result_o(alu_result[p*64 +: 64]), .rob_idx_o(cpl_idx[p*RB +: RB]),
      .prf_we_o(prf_we[p]), .taken_o(taken), .target_o(target)
    );
    assign prf_waddr[p*PB +: PB] = ex_pdst[p*PB +: PB];
    assign prf_wdata[p*64 +: 64] = alu_result[p*64 +: 64];
    assign cpl_valid[p] = alu_writes[p];
    assign cpl_xcpt[p] = 1'b0;
    assign cpl_cause[p*4 +: 4] = '0;
    assign cpl_tval[p*64 +: 64] = '0;
    assign cpl_psv[p*PSV_BITS +: PSV_BITS] = '0;
    if (p == 0) begin : g_branch
      assign br_taken  = taken;
      assign br_target = target;
    end else begin : g_no_branch
      logic unused;
      assign unused = taken ^ target[0];
    end
  end

  // multiplier (port 1) and divider (port P_DIV) share a write port; the
  // multiplier cannot wait, so the divider holds its result meanwhile
  logic             mul_valid, div_valid, div_ready, div_busy;
  logic [MDTAG-1:0] mul_tag, div_tag;
  logic [63:0]      mul_result, div_result;
  logic             md_valid;
  logic [MDTAG-1:0] md_tag;

  multiplier #(.TAG_W(MDTAG)) u_mul (
    .clk_i, .rst_ni, .flush_i(flush),
    .valid_i(ex_valid_q[1] && ex1.fu == FU_MUL), .op_i(ex1.op.mul), .word_i(ex1.word),
    .a_i(prf_rdata[(RD_INT + 2) * 64 +: 64]), .b_i(prf_rdata[(RD_INT + 3) * 64 +: 64]),
    .tag_i({ex1.rob_idx, ex1.pdst, ex1.rd_used}),
    .valid_o(mul_valid), .tag_o(mul_tag), .result_o(mul_result)
  );

  divider #(.TAG_W(MDTAG)) u_div (
    .clk_i, .rst_ni, .flush_i(flush),
    .valid_i(ex_valid_q[P_DIV]), .ready_o(div_ready), .op_i(exdiv.op.div),
    .word_i(exdiv.word),
    .a_i(prf_rdata[(RD_INT + 2*P_DIV) * 64 +: 64]), .b_i(prf_rdata[(RD_INT + 2*P_DIV + 1) * 64 +: 64]),
    .tag_i({exdiv.rob_idx, exdiv.pdst, exdiv.rd_used}),
    .busy_o(div_busy), .valid_o(div_valid), .ready_i(!mul_valid), .tag_o(div_tag),
    .result_o(div_result)
  );

  assign md_valid = mul_valid || div_valid;
  assign md_tag   = mul_valid ? mul_tag : div_tag;
  assign wake_valid[WK_MD] = md_valid && md_tag[0];
  assign wake_pdst[WK_MD*PB +: PB] = md_tag[1 +: PB];
  assign prf_we[WK_MD] = md_valid && md_tag[0];
  assign prf_waddr[WK_MD*PB +: PB] = md_tag[1 +: PB];
  assign prf_wdata[WK_MD*64 +: 64] = mul_valid ? mul_result : div_result;
  assign cpl_valid[CP_MD] = md_valid;
  assign cpl_idx[CP_MD*RB +: RB] = md_tag[1 + PB +: RB];
  assign cpl_xcpt[CP_MD] = 1'b0;
  assign cpl_cause[CP_MD*4 +: 4] = '0;
  assign cpl_tval[CP_MD*64 +: 64] = '0;
  assign cpl_psv[CP_MD*PSV_BITS +: PSV_BITS] = '0;

  always_comb begin
    for (int p = 0; p < INT_PORTS; p++) int_port_ready[p] = 1'b1;
    // one division at a time: the one in E has not reached the divider yet
    int_port_ready[P_DIV] = div_ready && !div_busy && !ex_valid_q[P_DIV];
  end

  // ---------------------------------------------------------------------
  // Branch resolution (ALU 0, in E). A mispredict redirects fetch at once;
  // the younger instructions already dispatched leave when the branch
  // commits, and nothing dispatches until then.
  // ---------------------------------------------------------------------
  function automatic logic [RB-1:0] rob_age(input logic [RB-1:0] idx, input logic [RB-1:0] head);
    if (idx >= head) rob_age = idx - head;
    else rob_age = RB'(32'(idx) + CFG_ROB_ENTRIES - 32'(head));
  endfunction

  logic        br_valid, br_accept, br_mispredict;
  logic [63:0] br_npc;

  assign br_valid  = ex_valid_q[0] && ex0.fu == FU_BRANCH && !flush;
  assign br_npc    = br_taken ? br_target : ex0.pc + (ex0.compressed ? 64'd2 : 64'd4);
  assign br_mispredict = br_npc != ex0.pred_npc;
  assign br_accept = br_valid && !(redirect_pending_q &&
                     rob_age(ex0.rob_idx, rob_head_idx) > rob_age(redirect_idx_q, rob_head_idx));

  assign redirect       = br_accept && br_mispredict;
  assign redirect_pc    = br_npc;
  assign upd_valid      = br_accept;
  assign upd_pc         = ex0.pc;
  assign upd_rvc        = ex0.compressed;
  assign upd_kind       = ex0.br_kind;
  assign upd_taken      = br_taken;
  assign upd_target     = br_target;
  assign upd_mispredict = br_mispredict;
  assign upd_ckpt       = ex0.ckpt;
  assign mb_valid       = redirect;
  assign mb_idx         = ex0.rob_idx;

  // ---------------------------------------------------------------------
  // Memory issue (S): register file read with a bypass from the ALUs in E
  // ---------------------------------------------------------------------
  function automatic logic [63:0] bypass(input logic [PB-1:0] r, input logic [63:0] from_prf,
                                         input logic [N_ALU-1:0] writes,
                                         input logic [N_ALU-1:0] rd_used,
                                         input logic [N_ALU*PB-1:0] dst,
                                         input logic [N_ALU*64-1:0] results);
    bypass = from_prf;
    for (int p = 0; p < N_ALU; p++)
      if (writes[p] && rd_used[p] && dst[p*PB +: PB] == r && r != '0)
        bypass = results[p*64 +: 64];
  endfunction

  /* verilator lint_off UNUSEDSIGNAL */
  mem_payload_t ld_sel, st_sel;
  /* verilator lint_on UNUSEDSIGNAL */
  logic [63:0]  ld_base, st_base, st_data;
  assign ld_sel = mem_iss_payload[0 +: MPB];
  assign st_sel = mem_iss_payload[MPB +: MPB];
  assign prf_raddr[RD_LD * PB +: PB]       = mem_iss_prs1[0 +: PB];
  assign prf_raddr[RD_ST * PB +: PB]       = mem_iss_prs1[PB +: PB];
  assign prf_raddr[(RD_ST + 1) * PB +: PB] = mem_iss_prs2[PB +: PB];
  assign ld_base = bypass(mem_iss_prs1[0 +: PB], prf_rdata[RD_LD*64 +: 64], alu_writes, ex_rd_used, ex_pdst, alu_result);
  assign st_base = bypass(mem_iss_prs1[PB +: PB], prf_rdata[RD_ST*64 +: 64], alu_writes, ex_rd_used, ex_pdst, alu_result);
  assign st_data = bypass(mem_iss_prs2[PB +: PB], prf_rdata[(RD_ST+1)*64 +: 64], alu_writes, ex_rd_used,
                          ex_pdst, alu_result);

  // The ROB index of a memory access: the LQ/SQ entry knows it from dispatch.
  logic                  lsu_wb_valid;
  logic [PB-1:0]         lsu_wb_pdst;
  logic [63:0]           lsu_wb_data;
  logic [1:0]            lsu_cpl_valid, lsu_cpl_xcpt;
  logic [2*RB-1:0]       lsu_cpl_idx;
  logic [2*4-1:0]        lsu_cpl_cause;
  logic [2*64-1:0]       lsu_cpl_tval;
  logic [2*PSV_BITS-1:0] lsu_cpl_psv;
  logic [LB-1:0]         commit_loads, commit_stores;
  logic                  sq_empty, sq_drained;
  logic [W*64-1:0]       sq_commit_vaddr, sq_commit_data;
  logic [W*2-1:0]        sq_commit_size;
  logic                  amo_issue_valid, amo_issue_ready;
  logic                  resv_clear;
  logic [W*RB-1:0]       disp_rob_idx;

  assign disp_rob_idx = rob_alloc_idx;

  lsu u_lsu (
    .clk_i, .rst_ni, .flush_i(flush),
    .disp_load_i(disp_lanes & lane_load), .disp_store_i(disp_lanes & lane_store),
    .disp_rob_idx_i(disp_rob_idx), .disp_lq_idx_o(disp_lq_idx), .disp_sq_idx_o(disp_sq_idx),
    .lq_free_o(lq_free), .sq_free_o(sq_free),
    .ld_issue_valid_i(mem_iss_valid[0]), .ld_issue_ready_o(mem_port_ready[0]),
    .ld_issue_lq_idx_i(ld_sel.lq_idx), .ld_issue_base_i(ld_base), .ld_issue_imm_i(ld_sel.imm),
    .ld_issue_size_i(ld_sel.size), .ld_issue_unsigned_i(ld_sel.mem_unsigned),
    .ld_issue_pdst_i(ld_sel.pdst), .ld_issue_prefetch_i(ld_sel.prefetch),
    .st_issue_valid_i(mem_iss_valid[1]), .st_issue_ready_o(mem_port_ready[1]),
    .st_issue_sq_idx_i(st_sel.sq_idx), .st_issue_base_i(st_base), .st_issue_imm_i(st_sel.imm),
    .st_issue_data_i(st_data), .st_issue_size_i(st_sel.size),
    .amo_issue_valid_i(amo_issue_valid), .amo_issue_ready_o(amo_issue_ready),
    .amo_issue_op_i(head_rp0.op.amo), .amo_issue_word_i(head_rp0.word),
    .amo_issue_addr_i(prf_rdata[RD_HEAD*64 +: 64]), .amo_issue_data_i(prf_rdata[(RD_HEAD+1)*64 +: 64]),
    .amo_issue_pdst_i(head_rp0.pdst), .amo_issue_rob_idx_i(rob_head_idx),
    .wb_valid_o(lsu_wb_valid), .wb_pdst_o(lsu_wb_pdst), .wb_data_o(lsu_wb_data),
    .cpl_valid_o(lsu_cpl_valid), .cpl_rob_idx_o(lsu_cpl_idx), .cpl_xcpt_o(lsu_cpl_xcpt),
    .cpl_cause_o(lsu_cpl_cause), .cpl_tval_o(lsu_cpl_tval), .cpl_psv_o(lsu_cpl_psv),
    .mo_valid_o(mo_valid), .mo_rob_idx_o(mo_idx),
    .commit_loads_i(commit_loads), .commit_stores_i(commit_stores),
    .rob_head_idx_i(rob_head_idx), .resv_clear_i(resv_clear), .sq_empty_o(sq_empty),
    .sq_drained_o(sq_drained),
    .htif_tohost_i, .htif_fromhost_i,
    .sq_commit_vaddr_o(sq_commit_vaddr), .sq_commit_data_o(sq_commit_data),
    .sq_commit_size_o(sq_commit_size),
    .dtlb_ld_valid_o(tlb_req_valid[1]), .dtlb_ld_vaddr_o(tlb_req_vaddr[64 +: 64]),
    .dtlb_ld_hit_i(tlb_hit[1]), .dtlb_ld_paddr_i(tlb_paddr[PADDR_BITS +: PADDR_BITS]),
    .dtlb_ld_page_fault_i(tlb_pf[1]), .dtlb_ld_access_fault_i(tlb_af[1]),
    .dtlb_ld_miss_i(tlb_miss[1]),
    .dtlb_st_valid_o(tlb_req_valid[2]), .dtlb_st_vaddr_o(tlb_req_vaddr[128 +: 64]),
    .dtlb_st_hit_i(tlb_hit[2]), .dtlb_st_paddr_i(tlb_paddr[2*PADDR_BITS +: PADDR_BITS]),
    .dtlb_st_page_fault_i(tlb_pf[2]), .dtlb_st_access_fault_i(tlb_af[2]),
    .dtlb_st_miss_i(tlb_miss[2]),
    .dc_ld_req_valid_o(dc_ld_req_valid), .dc_ld_req_ready_i(dc_ld_req_ready),
    .dc_ld_req_addr_o(dc_ld_req_addr), .dc_ld_req_tag_o(dc_ld_req_tag),
    .dc_ld_req_prefetch_o(dc_ld_req_prefetch),
    .dc_ld_resp_valid_i(dc_ld_resp_valid), .dc_ld_resp_tag_i(dc_ld_resp_tag),
    .dc_ld_resp_data_i(dc_ld_resp_data), .dc_ld_resp_miss_i(dc_ld_resp_miss),
    .dc_ld_resp_llc_miss_i(dc_ld_resp_llc_miss), .dc_ld_resp_error_i(dc_ld_resp_error),
    .dc_st_req_valid_o(dc_st_req_valid), .dc_st_req_ready_i(dc_st_req_ready),
    .dc_st_req_addr_o(dc_st_req_addr), .dc_st_req_data_o(dc_st_req_data),
    .dc_st_req_strb_o(dc_st_req_strb),
    .dc_amo_req_valid_o(dc_amo_req_valid), .dc_amo_req_ready_i(dc_amo_req_ready),
    .dc_amo_op_o(dc_amo_op), .dc_amo_word_o(dc_amo_word), .dc_amo_addr_o(dc_amo_addr),
    .dc_amo_data_o(dc_amo_data), .dc_amo_resp_valid_i(dc_amo_resp_valid),
    .dc_amo_resp_data_i(dc_amo_resp_data), .dc_amo_resp_error_i(dc_amo_resp_error),
    .mmio_req_valid_o, .mmio_req_ready_i, .mmio_req_addr_o, .mmio_req_write_o, .mmio_req_size_o,
    .mmio_req_wdata_o, .mmio_req_wstrb_o, .mmio_resp_valid_i, .mmio_resp_rdata_i,
    .mmio_resp_error_i,
    .ev_mo_o(ev_mo), .ev_dtlb_miss_o(ev_dtlb_miss_lsu)
  );

  assign wake_valid[WK_LSU] = lsu_wb_valid;
  assign wake_pdst[WK_LSU*PB +: PB] = lsu_wb_pdst;
  assign prf_we[WK_LSU] = lsu_wb_valid;
  assign prf_waddr[WK_LSU*PB +: PB] = lsu_wb_pdst;
  assign prf_wdata[WK_LSU*64 +: 64] = lsu_wb_data;
  assign cpl_valid[CP_LD] = lsu_cpl_valid[0];
  assign cpl_valid[CP_ST] = lsu_cpl_valid[1];
  assign cpl_idx[CP_LD*RB +: 2*RB] = lsu_cpl_idx;
  assign cpl_xcpt[CP_ST:CP_LD] = lsu_cpl_xcpt;
  assign cpl_cause[CP_LD*4 +: 8] = lsu_cpl_cause;
  assign cpl_tval[CP_LD*64 +: 128] = lsu_cpl_tval;
  assign cpl_psv[CP_LD*PSV_BITS +: 2*PSV_BITS] = lsu_cpl_psv;

  // ---------------------------------------------------------------------
  // Commit
  // ---------------------------------------------------------------------
  logic [W-1:0]    commit_lanes;   // the head lanes that commit this cycle
  logic [W-1:0]    head_is_load, head_is_store, head_csr_sys;
  logic [W*5-1:0]  head_rd;
  logic [W*PB-1:0] head_pdst, head_old_pdst;
  /* verilator lint_off UNUSEDSIGNAL */  // read by the trace port
  logic [W-1:0]    head_rd_used;
  logic [W*64-1:0] head_pc;
  logic [W*32-1:0] head_insn;
  /* verilator lint_on UNUSEDSIGNAL */
  for (genvar i = 0; i < W; i++) begin : g_head
    commit_lane u_lane (
      .payload_i(head_payload[i*RPB +: RPB]), .commit_i(commit_lanes[i]),
      .is_load_o(head_is_load[i]), .is_store_o(head_is_store[i]), .csr_sys_o(head_csr_sys[i]),
      .rd_used_o(head_rd_used[i]), .rd_commit_o(cm_rd_valid[i]), .rd_o(head_rd[i*5 +: 5]),
      .pdst_o(head_pdst[i*PB +: PB]), .old_pdst_o(head_old_pdst[i*PB +: PB]),
      .pc_o(head_pc[i*64 +: 64]), .insn_o(head_insn[i*32 +: 32])
    );
  end
  assign head_rp0 = head_payload[0 +: RPB];

  // CSR file
  logic        csr_valid, csr_write, csr_read, csr_illegal;
  logic [63:0] csr_rdata, csr_wdata;
  logic        mret_illegal, sret_illegal, wfi_illegal, sfence_illegal;
  logic        trap_valid;
  logic [63:0] trap_cause, trap_tval, trap_pc, trap_target, xret_target;
  logic        do_mret, do_sret;
  logic        irq_pending, wfi_wakeup;
  logic [63:0] irq_cause;
  logic [LB-1:0] instret;
  logic [10*LB-1:0] events;
  logic        ext_valid;
  logic        tea_irq, tea_illegal, tea_we;   // the TEA sampler's CSRs and interrupt
  assign tea_irq_o = tea_irq;
  logic [63:0] tea_rdata, tea_wdata;

  assign prf_raddr[RD_HEAD * PB +: PB]       = halted_q ? prs1[0 +: PB] : head_rp0.prs1;
  assign dbg_reg_rdata_o                     = prf_rdata[RD_HEAD*64 +: 64];
  assign prf_raddr[(RD_HEAD + 1) * PB +: PB] = head_rp0.prs2;

  // CSR operand: rs1's value, or the zero-extended immediate in rs1's field
  logic [4:0] head_rs1_field;
  logic       head_csr_imm;
  assign head_rs1_field = head_rp0.insn[19:15];
  assign head_csr_imm   = head_rp0.insn[14];
  assign csr_wdata = head_csr_imm ? {59'd0, head_rs1_field} : prf_rdata[RD_HEAD*64 +: 64];
  assign csr_write = head_rp0.op.csr == CSR_RW || head_rs1_field != 5'd0;
  assign csr_read  = head_rp0.op.csr != CSR_RW || head_rp0.rd_used;

  csr_file #(.HARTID(HARTID)) u_csr (
    .clk_i, .rst_ni,
    .csr_valid_i(csr_valid), .csr_op_i(head_rp0.op.csr), .csr_addr_i(head_rp0.insn[31:20]),
    .csr_wdata_i(csr_wdata), .csr_write_i(csr_write), .csr_read_i(csr_read),
    .csr_rdata_o(csr_rdata), .csr_illegal_o(csr_illegal),
    .mret_illegal_o(mret_illegal), .sret_illegal_o(sret_illegal), .wfi_illegal_o(wfi_illegal),
    .sfence_illegal_o(sfence_illegal),
    .trap_valid_i(trap_valid), .trap_cause_i(trap_cause), .trap_pc_i(trap_pc),
    .trap_tval_i(trap_tval), .trap_target_o(trap_target),
    .mret_i(do_mret), .sret_i(do_sret), .xret_target_o(xret_target),
    .irq_m_soft_i, .irq_m_timer_i, .irq_m_ext_i, .irq_s_ext_i, .mtime_i,
    .irq_pending_o(irq_pending), .irq_cause_o(irq_cause), .wfi_wakeup_o(wfi_wakeup),
    .instret_i(instret), .events_i(events),
    .priv_o(priv), .priv_data_o(priv_data), .satp_o(satp), .sum_o(sum), .mxr_o(mxr),
    .irq_tea_i(tea_irq),
    .ext_valid_o(ext_valid), .ext_rdata_i(tea_rdata), .ext_illegal_i(tea_illegal),
    .ext_we_o(tea_we), .ext_wdata_o(tea_wdata)
  );

  // What the instruction at the head is
  logic head_csr, head_sys, head_amo;
  logic [63:0] head_npc;
  assign head_csr = head_valid[0] && !head_xcpt[0] && head_rp0.fu == FU_CSR;
  assign head_sys = head_valid[0] && !head_xcpt[0] && head_rp0.fu == FU_SYSTEM;
  assign head_amo = head_valid[0] && head_rp0.fu == FU_AMO;
  assign head_npc = head_rp0.pc + (head_rp0.rvc ? 64'd2 : 64'd4);

  // AMOs run when they reach the head (they are alone in the ROB)
  logic amo_issued_q;
  assign amo_issue_valid = head_amo && !head_done[0] && !amo_issued_q && !flush;
  always_ff @(posedge clk_i) begin
    if (!rst_ni || flush || commit_count != '0) amo_issued_q <= 1'b0;
    else if (amo_issue_valid && amo_issue_ready) amo_issued_q <= 1'b1;
  end

  // FENCE.I: drain the SQ, then write the D-cache back, then commit
  logic clean_busy_q, clean_done_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni || flush) begin
      clean_busy_q <= 1'b0;
      clean_done_q <= 1'b0;
    end else if (dc_clean_req) begin
      clean_busy_q <= 1'b1;
    end else if (clean_busy_q && dc_clean_done) begin
      clean_busy_q <= 1'b0;
      clean_done_q <= 1'b1;
    end
  end

  logic          take_irq, take_xcpt, take_replay, serial_commit;
  logic [63:0]   serial_flush_pc;
  // xRETs go to xepc, everything else that flushes after committing to the
  // next instruction
  assign serial_flush_pc = (do_mret || do_sret) ? xret_target : head_npc;
  logic          serial_flush, serial_ready;
  logic          commit_mispredict;

  always_comb begin
    sys_op_e sop;
    logic    stop;
    sop = head_rp0.op.sys;
    stop = 1'b0;
    take_irq = 1'b0;
    take_xcpt = 1'b0;
    take_replay = 1'b0;
    take_halt = 1'b0;
    serial_commit = 1'b0;
    serial_flush = 1'b0;
    serial_ready = 1'b0;
    csr_valid = 1'b0;
    do_mret = 1'b0;
    do_sret = 1'b0;
    dc_clean_req = 1'b0;
    icache_inval = 1'b0;
    mmu_flush = 1'b0;
    trap_cause = '0;
    trap_tval = '0;
    commit_lanes = '0;
    commit_mispredict = 1'b0;

    if (head_valid[0]) begin
      if (irq_pending && !(head_amo && amo_issued_q) && !(head_sys && sop == SYS_WFI)) begin
        take_irq = 1'b1;
        trap_cause = irq_cause;
      end else if (head_done[0] && head_xcpt[0] && dbg_halt_ebreak_q &&
                   head_cause[3:0] == CAUSE_BREAKPOINT) begin
        take_halt = sq_drained;   // the stores before it reach memory first
      end else if (head_done[0] && head_xcpt[0]) begin
        take_xcpt = 1'b1;
        trap_cause = {60'd0, head_cause[3:0]};
        trap_tval = head_tval[63:0];
      end else if (head_done[0] && head_replay[0]) begin
        take_replay = 1'b1;
      end else if (head_csr) begin
        if (csr_illegal) begin
          take_xcpt = 1'b1;
          trap_cause = {60'd0, CAUSE_ILLEGAL};
          trap_tval = {32'd0, head_rp0.insn};
        end else begin
          serial_ready = 1'b1;
          csr_valid = 1'b1;
          serial_flush = 1'b1;
          mmu_flush = csr_write && head_rp0.insn[31:20] == 12'h180;
        end
      end else if (head_sys) begin
        if ((sop == SYS_MRET && mret_illegal) || (sop == SYS_SRET && sret_illegal) ||
            (sop == SYS_WFI && wfi_illegal) || (sop == SYS_SFENCE_VMA && sfence_illegal)) begin
          take_xcpt = 1'b1;
          trap_cause = {60'd0, CAUSE_ILLEGAL};
          trap_tval = {32'd0, head_rp0.insn};
        end else begin
          case (sop)
            SYS_MRET: begin
              serial_ready = 1'b1; do_mret = 1'b1; serial_flush = 1'b1;
            end
            SYS_SRET: begin
              serial_ready = 1'b1; do_sret = 1'b1; serial_flush = 1'b1;
            end
            SYS_WFI: serial_ready = wfi_wakeup;
            SYS_FENCE: serial_ready = sq_empty;
            SYS_FENCE_I: begin
              dc_clean_req = sq_empty && !clean_busy_q && !clean_done_q;
              serial_ready = clean_done_q;
              serial_flush = 1'b1;
              icache_inval = clean_done_q;
            end
            SYS_SFENCE_VMA: begin
              serial_ready = 1'b1; serial_flush = 1'b1; mmu_flush = 1'b1;
            end
            default: serial_ready = 1'b0;
          endcase
        end
      end else begin
        // ordinary instructions, AMOs included once complete
        for (int i = 0; i < W; i++) begin
          if (!stop && head_valid[i] && head_done[i] && !head_xcpt[i] && !head_replay[i] &&
              !(i > 0 && head_csr_sys[i])) begin
            commit_lanes[i] = 1'b1;
            if (head_mispredict[i]) begin
              commit_mispredict = 1'b1;
              stop = 1'b1;
            end
          end else begin
            stop = 1'b1;
          end
        end
      end
      if (serial_ready) begin
        serial_commit = 1'b1;
        commit_lanes[0] = 1'b1;
      end
      if (!serial_ready) begin
        serial_flush = 1'b0;
        mmu_flush = 1'b0;
      end
    end
  end

  assign trap_valid = take_irq || take_xcpt;
  assign trap_pc    = head_rp0.pc;
  assign resv_clear = trap_valid;

  always_comb begin
    commit_count = '0;
    commit_loads = '0;
    commit_stores = '0;
    instret = '0;
    for (int i = 0; i < W; i++) begin
      if (commit_lanes[i]) begin
        commit_count = commit_count + 1'b1;
        if (head_is_load[i]) commit_loads = commit_loads + 1'b1;
        if (head_is_store[i]) commit_stores = commit_stores + 1'b1;
      end
      cm_rd[i*5 +: 5] = head_rd[i*5 +: 5];
      cm_pdst[i*PB +: PB] = head_pdst[i*PB +: PB];
      cm_old_pdst[i*PB +: PB] = head_old_pdst[i*PB +: PB];
    end
    instret = commit_count;
  end

  // CSR results are written at commit
  assign wake_valid[WK_SER] = csr_valid && head_rp0.rd_used;
  assign wake_pdst[WK_SER*PB +: PB] = head_rp0.pdst;
  // ... and the debugger's register writes while halted
  assign prf_we[WK_SER] = (csr_valid && head_rp0.rd_used) || (halted_q && dbg_reg_we_q);
  assign prf_waddr[WK_SER*PB +: PB] = halted_q ? prs1[0 +: PB] : head_rp0.pdst;
  assign prf_wdata[WK_SER*64 +: 64] = halted_q ? dbg_reg_wdata_q : csr_rdata;

  // Flushes
  // Flushes; a halt flushes like a replay, a resume restarts fetch only
  assign flush         = trap_valid || take_replay || take_halt || commit_mispredict ||
                         (serial_commit && serial_flush);
  assign fe_flush      = trap_valid || take_replay || take_halt || resume ||
                         (serial_commit && serial_flush);
  assign fe_flush_pc   = resume ? dbg_resume_pc_q : trap_valid ? trap_target :
                         (take_replay || take_halt) ? head_rp0.pc : serial_flush_pc;
  assign fe_flush_ckpt = resume ? dckpt_q : head_rp0.ckpt;

  always_ff @(posedge clk_i) begin
    if (!rst_ni || flush) begin
      redirect_pending_q <= 1'b0;
      serial_inflight_q  <= 1'b0;
      redirect_idx_q     <= '0;
    end else begin
      if (redirect) begin
        redirect_pending_q <= 1'b1;
        redirect_idx_q     <= ex0.rob_idx;
      end
      if (dispatch && |(disp_lanes & lane_serial)) serial_inflight_q <= 1'b1;
      else if (commit_count != '0) serial_inflight_q <= 1'b0;   // it was alone in the ROB
    end
  end

  // ---------------------------------------------------------------------
  // TEA: the time-proportional sample selector (rtl/tea/tea_sampler.sv)
  // ---------------------------------------------------------------------
  // What leaves the ROB head: the committing lanes, or lane 0 alone when it
  // traps or is replayed. A trap (interrupts included) and a serialized
  // instruction that flushes the pipeline set FL-EX as they leave.
  logic [W-1:0]          retire_lanes;
  logic                  retire_trap;
  logic [W*PSV_BITS-1:0] retire_psv;
  psv_t                  psv_flush;
  always_comb begin
    psv_flush       = '0;
    psv_flush.fl_ex = CFG_TEA != 0;
    retire_trap     = trap_valid || take_replay;
    retire_lanes    = retire_trap ? W'(1) : commit_lanes;
    retire_psv      = head_psv;
    if (trap_valid || (serial_commit && serial_flush))
      retire_psv[0 +: PSV_BITS] = head_psv[0 +: PSV_BITS] | psv_flush;
  end

  // The sampler's CSR port: the instruction at the head, or in simulation
  // the simulator's debug write, which wins.
  logic [11:0] tea_addr;
  logic        tea_write, tea_commit_we;
  logic [63:0] tea_commit_wdata;
`ifdef TEA_TRACE
  // The debug write is registered: a path from a top-level input into the
  // commit logic would make Verilator evaluate most of the core twice.
  logic        dbg_we_q;
  logic [11:0] dbg_addr_q;
  logic [63:0] dbg_wdata_q;
  always_ff @(posedge clk_i) begin
    dbg_we_q    <= rst_ni && dbg_tea_we_i;
    dbg_addr_q  <= dbg_tea_addr_i;
    dbg_wdata_q <= dbg_tea_wdata_i;
  end
  assign tea_addr         = dbg_we_q ? dbg_addr_q : head_rp0.insn[31:20];
  assign tea_write        = dbg_we_q || csr_write;
  assign tea_commit_we    = dbg_we_q || tea_we;
  assign tea_commit_wdata = dbg_we_q ? dbg_wdata_q : tea_wdata;
`else
  assign tea_addr         = head_rp0.insn[31:20];
  assign tea_write        = csr_write;
  assign tea_commit_we    = tea_we;
  assign tea_commit_wdata = tea_wdata;
`endif

  /* verilator lint_off UNUSEDSIGNAL */  // the sample is read by the trace port
  logic                  tea_valid;
  logic [63:0]           tea_time, tea_lost;
  logic [1:0]            tea_state, tea_priv;
  logic [W-1:0]          tea_mask;
  logic [W*64-1:0]       tea_pc;
  logic [W*PSV_BITS-1:0] tea_psv;
  /* verilator lint_on UNUSEDSIGNAL */
  if (CFG_TEA != 0) begin : g_tea
    tea_sampler #(.W(W)) u_sampler (
      .clk_i, .rst_ni,
      .rob_empty_i(rob_empty), .retire_i(retire_lanes), .retire_trap_i(retire_trap),
      .retire_pc_i(head_pc), .retire_psv_i(retire_psv), .flush_i(flush),
      .priv_i(priv), .csr_addr_i(tea_addr), .csr_write_i(tea_write),
      .csr_we_i(tea_commit_we), .csr_wdata_i(tea_commit_wdata),
      .csr_rdata_o(tea_rdata), .csr_illegal_o(tea_illegal), .irq_o(tea_irq),
      .sample_valid_o(tea_valid), .sample_time_o(tea_time), .sample_state_o(tea_state),
      .sample_priv_o(tea_priv),
      .sample_mask_o(tea_mask), .sample_pc_o(tea_pc), .sample_psv_o(tea_psv),
      .lost_o(tea_lost)
    );
  end else begin : g_no_tea
    // TEA removed: its CSRs do not exist, and nothing samples.
    logic unused_tea;
    assign unused_tea  = ^{rob_empty, retire_lanes, retire_trap, retire_psv, tea_addr, tea_write,
                           tea_commit_we, tea_commit_wdata};
    assign tea_rdata   = '0;
    assign tea_illegal = 1'b1;
    assign tea_irq     = 1'b0;
    assign tea_valid   = 1'b0;
    assign tea_time    = '0;
    assign tea_state   = '0;
    assign tea_priv    = '0;
    assign tea_mask    = '0;
    assign tea_pc      = '0;
    assign tea_psv     = '0;
    assign tea_lost    = '0;
  end

  // Performance events (hpm_events.svh numbering, 1-based)
  always_comb begin
    events = '0;
    events[0*LB +: LB] = LB'(ev_icache_miss);
    events[1*LB +: LB] = LB'(ev_itlb_miss);
    events[2*LB +: LB] = LB'(ev_load_miss);
    events[3*LB +: LB] = LB'(ev_dtlb_miss_mmu);
    events[4*LB +: LB] = LB'(lresp_valid_i && lresp_llc_miss_i);
    events[5*LB +: LB] = LB'(commit_mispredict);
    events[6*LB +: LB] = LB'(take_replay);
    events[7*LB +: LB] = LB'(sq_blocked && !redirect_pending_q && !serial_inflight_q);
    events[8*LB +: LB] = LB'(take_xcpt);
    events[9*LB +: LB] = LB'(take_irq);
  end

  logic unused_ev;
  assign unused_ev = dc_st_error ^ ev_itlb_miss_fe ^ ev_dtlb_miss_lsu ^ ev_load_llc_miss ^ ev_mo ^ ext_valid ^
                     (|rob_tail_idx) ^ (|sq_commit_vaddr) ^ (|sq_commit_data) ^ (|sq_commit_size);

  // ---------------------------------------------------------------------
  // Register file
  // ---------------------------------------------------------------------
  regfile #(.NREAD(NREAD), .NWRITE(NWAKE)) u_regfile (
    .clk_i, .raddr_i(prf_raddr), .rdata_o(prf_rdata),
    .we_i(prf_we), .waddr_i(prf_waddr), .wdata_i(prf_wdata)
  );

`ifdef TEA_TRACE
  // ---------------------------------------------------------------------
  // Trace port
  // ---------------------------------------------------------------------
  // What an AMO wrote: its old value comes back on the LSU's writeback
  // (it is alone in the ROB, so that writeback is its own).
  logic [63:0] amo_old_q, amo_src, amo_old, amo_new;
  logic        amo_writes;
  always_ff @(posedge clk_i) begin
    if (head_amo && lsu_wb_valid) amo_old_q <= lsu_wb_data;
  end
  assign amo_src = head_rp0.word ? {{32{prf_rdata[(RD_HEAD+1)*64 + 31]}}, prf_rdata[(RD_HEAD+1)*64 +: 32]}
                                 : prf_rdata[(RD_HEAD+1)*64 +: 64];
  assign amo_old = head_rp0.word ? {{32{amo_old_q[31]}}, amo_old_q[31:0]} : amo_old_q;
  always_comb begin
    amo_writes = head_amo;
    case (head_rp0.op.amo)
      AMO_LR:   begin amo_new = amo_old; amo_writes = 1'b0; end
      AMO_SC:   begin amo_new = amo_src; amo_writes = head_amo && amo_old_q == 64'd0; end
      AMO_SWAP: amo_new = amo_src;
      AMO_ADD:  amo_new = amo_old + amo_src;
      AMO_XOR:  amo_new = amo_old ^ amo_src;
      AMO_AND:  amo_new = amo_old & amo_src;
      AMO_OR:   amo_new = amo_old | amo_src;
      AMO_MIN:  amo_new = $signed(amo_old) < $signed(amo_src) ? amo_old : amo_src;
      AMO_MAX:  amo_new = $signed(amo_old) > $signed(amo_src) ? amo_old : amo_src;
      AMO_MINU: amo_new = amo_old < amo_src ? amo_old : amo_src;
      AMO_MAXU: amo_new = amo_old > amo_src ? amo_old : amo_src;
      default:  begin amo_new = amo_old; amo_writes = 1'b0; end
    endcase
  end

  always_comb begin
    int unsigned st;
    st = 0;
    for (int i = 0; i < W; i++) begin
      trace_valid_o[i] = commit_lanes[i];
      trace_pc_o[i*64 +: 64] = head_pc[i*64 +: 64];
      trace_insn_o[i*32 +: 32] = head_insn[i*32 +: 32];
      trace_rd_o[i*5 +: 5] = head_rd_used[i] ? head_rd[i*5 +: 5] : 5'd0;
      trace_rd_value_o[i*64 +: 64] = (i == 0 && csr_valid) ? csr_rdata : prf_rdata[(RD_TRACE + i)*64 +: 64];
      trace_psv_o[i*PSV_BITS +: PSV_BITS] = head_psv[i*PSV_BITS +: PSV_BITS];
      trace_mem_size_o[i*4 +: 4] = '0;
      trace_mem_addr_o[i*64 +: 64] = '0;
      trace_mem_value_o[i*64 +: 64] = '0;
      if (head_is_store[i]) begin
        trace_mem_size_o[i*4 +: 4] = 4'd1 << sq_commit_size[st*2 +: 2];
        trace_mem_addr_o[i*64 +: 64] = sq_commit_vaddr[st*64 +: 64];
        case (sq_commit_size[st*2 +: 2])
          2'd0:    trace_mem_value_o[i*64 +: 64] = {56'd0, sq_commit_data[st*64 +: 8]};
          2'd1:    trace_mem_value_o[i*64 +: 64] = {48'd0, sq_commit_data[st*64 +: 16]};
          2'd2:    trace_mem_value_o[i*64 +: 64] = {32'd0, sq_commit_data[st*64 +: 32]};
          default: trace_mem_value_o[i*64 +: 64] = sq_commit_data[st*64 +: 64];
        endcase
        st++;
      end
    end
    if (amo_writes) begin
      trace_mem_size_o[3:0] = head_rp0.word ? 4'd4 : 4'd8;
      trace_mem_addr_o[63:0] = prf_rdata[RD_HEAD*64 +: 64];
      trace_mem_value_o[63:0] = head_rp0.word ? {32'd0, amo_new[31:0]} : amo_new;
    end
  end
  for (genvar i = 0; i < W; i++) begin : g_trace_read
    assign prf_raddr[(RD_TRACE + i) * PB +: PB] = head_pdst[i*PB +: PB];
  end
  assign trace_priv_o      = priv;
  assign trace_trap_o      = trap_valid;
  assign trace_interrupt_o = take_irq;
  assign trace_cause_o     = trap_cause;
  assign trace_tval_o      = trap_tval;
  assign trace_flush_o     = flush;
  assign trace_rob_head_o  = rob_head_idx;
  assign trace_rob_tail_o  = rob_tail_idx;
  assign trace_rob_empty_o = rob_empty;
  assign trace_dispatch_o  = disp_lanes;
  assign trace_retire_o      = retire_lanes;
  assign trace_retire_trap_o = retire_trap;
  assign trace_retire_psv_o  = retire_psv;
  assign trace_tea_we_o      = tea_commit_we;
  assign trace_tea_addr_o    = tea_addr;
  assign trace_tea_wdata_o   = tea_commit_wdata;
  assign trace_tea_valid_o   = tea_valid;
  assign trace_tea_time_o    = tea_time;
  assign trace_tea_state_o   = tea_state;
  assign trace_tea_priv_o    = tea_priv;
  assign trace_tea_mask_o    = tea_mask;
  assign trace_tea_pc_o      = tea_pc;
  assign trace_tea_psv_o     = tea_psv;
  assign trace_tea_lost_o    = tea_lost;
`endif
endmodule
