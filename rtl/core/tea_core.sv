`include "backend_types.svh"
`include "mem_types.svh"
`include "tea_events.svh"
`include "hpm_events.svh"
`include "stage_trace.svh"

// The out-of-order core (docs/microarchitecture.md). This file is wiring:
// the units of each stage, in the folder of that stage, and the nets
// between them.
//
// Pipeline timing of the back end:
//   D  fetch-buffer head decoded, renamed and dispatched (ROB, IQ, LQ/SQ)
//   S  issue queues select; single-cycle producers wake their consumers
//   E  integer ports read the register file and execute; results written
//      at the end of E. Memory ports read the register file already in S
//      (with a bypass from the ALUs in E) and hand the access to the LSU.
//   C  ROB head: up to W instructions commit; traps, xRET, serialized
//      instructions and flushes happen here.
//
// Where each part is:
//   front end        frontend/frontend.sv (pc_gen, branch_predictor,
//                    fetch_align, fetch_buffer), cache/icache.sv
//   D                decode/dispatch.sv (a decode/dispatch_lane.sv per
//                    lane: rvc_expand, decoder), rename/rename.sv
//   S                issue/issue_stage.sv (issue_queue: integer, memory
//                    and FP queues)
//   E                execute/int_cluster.sv (alu_port, multiplier,
//                    divider), execute/fp_cluster.sv (fpu_fma,
//                    fpu_convert, fpu_divsqrt), execute/branch_resolve.sv,
//                    execute/bypass.sv, execute/regfile.sv
//   memory           lsu/lsu.sv (load_queue, store_queue,
//                    serial_engine), cache/dcache.sv, mmu/mmu.sv,
//                    cache/line_arbiter.sv (the line port to the LLC)
//   C                commit/commit_stage.sv: rob, commit_lane (per lane),
//                    commit_ctrl (traps, serialization, flushes, the debug
//                    halt), csr_file
//   TEA              ../tea/tea_unit.sv (tea_sampler) at the ROB head
//   trace            commit/trace_port.sv (TEA_TRACE, simulation only)
//
// Every unit resets asynchronously on rst_ni, as everywhere in rtl/;
// registers that only carry data have no reset.
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
  // bytes of DRAM from PMA_DRAM_BASE: stores and AMOs beyond it fault
  input  logic [PADDR_BITS-1:0] dram_size_i,
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
  // dbg_resume_i restarts fetch at dbg_resume_pc_i in privilege
  // dbg_resume_priv_i (dcsr.prv's role: a checkpoint's restore enters any
  // privilege with mstatus as it was). Inputs are registered.
  input  logic                  dbg_halt_ebreak_i,
  output logic                  dbg_halted_o,
  output logic [63:0]           dbg_pc_o,
  input  logic                  dbg_resume_i,
  input  logic [63:0]           dbg_resume_pc_i,
  input  logic [1:0]            dbg_resume_priv_i,
  input  logic [4:0]            dbg_reg_addr_i,
  output logic [63:0]           dbg_reg_rdata_o,
  input  logic                  dbg_reg_we_i,
  input  logic [63:0]           dbg_reg_wdata_i,
  // The TEA sampler's interrupt (a sample is waiting), for the SoC's PLIC:
  // stock SBI firmware delegates no local interrupt 16 to S-mode
  output logic                  tea_irq_o,
  // The TEA sample buffer's line writes (tea_sampler.sv), for the SoC's
  // coherent port (host_dma.sv)
  output logic                  tea_buf_req_o,
  output logic [PADDR_BITS-LINE_OFF_BITS-1:0] tea_buf_line_o,
  output logic [LINE_BITS-1:0]  tea_buf_data_o,
  output logic [7:0]            tea_buf_wmask_o,   // 8-byte words to write
  input  logic                  tea_buf_ack_i,
  input  logic                  tea_buf_done_i,
  input  logic                  tea_buf_error_i
`ifdef TEA_TRACE
  ,
  // Trace port (simulation only): what commits this cycle.
  output logic [CFG_W-1:0]          trace_valid_o,
  output logic [CFG_W*64-1:0]       trace_pc_o,
  output logic [CFG_W*32-1:0]       trace_insn_o,
  output logic [CFG_W*6-1:0]        trace_rd_o,       // 0: none; 32-63: f0-f31
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
  output logic [CFG_W-1:0]          trace_retire_dvalid_o,
  output logic [CFG_W*64-1:0]       trace_retire_daddr_o,
  output logic [$clog2(CFG_FETCH_LANES+1)-1:0] trace_fb_enq_o,  // entering the fetch buffer
  output logic                      trace_fb_flush_o,
  // the stage view (stage_trace.svh): why nothing dispatched, the lanes
  // entering each issue queue ({FP, memory, integer}), the entries leaving
  // each (by position) and whether each queue's oldest entry has its
  // sources; for the FLOPS view, the flops of each lane entering the FP
  // queue (dispatch_lane.sv) and which FP entries have their sources, wait
  // for a load's result or for a divide's (issue_trace.sv)
  output logic [DISP_STALL_BITS-1:0]  trace_disp_stall_o,
  output logic [3*CFG_W-1:0]          trace_iq_enter_o,
  output logic [CFG_IQ_ENTRIES-1:0]   trace_int_iq_taken_o,
  output logic [CFG_IQ_ENTRIES-1:0]   trace_mem_iq_taken_o,
  output logic [CFG_IQ_ENTRIES-1:0]   trace_fp_iq_taken_o,
  output logic [2:0]                  trace_iq_ready_o,
  output logic [2*CFG_W-1:0]          trace_fp_flops_o,
  output logic [CFG_IQ_ENTRIES-1:0]   trace_fp_iq_ready_o,
  output logic [CFG_IQ_ENTRIES-1:0]   trace_fp_iq_wait_load_o,
  output logic [CFG_IQ_ENTRIES-1:0]   trace_fp_iq_wait_div_o,
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
  output logic [CFG_W-1:0]          trace_tea_dmask_o,
  output logic [CFG_W*64-1:0]       trace_tea_daddr_o,
  output logic [63:0]               trace_tea_lost_o,
  output logic [63:0]               trace_tea_filtered_o,
  output logic [31:0]               trace_tea_seq_o,
  output logic [63:0]               trace_tea_buf_ptr_o,
  output logic                      trace_tea_buf_irq_o,
  output logic                      trace_tea_buf_full_o,
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
  localparam int unsigned INT_PORTS = N_ALU + 1;            // the ALUs, then the divider
  localparam int unsigned NWAKE     = N_ALU + 4;            // ALUs at select, MUL/DIV, LSU, commit, FP
  localparam int unsigned WK_MULDIV = N_ALU;
  localparam int unsigned WK_LSU    = N_ALU + 1;
  localparam int unsigned WK_SER    = N_ALU + 2;
  localparam int unsigned WK_FP     = N_ALU + 3;
  localparam int unsigned CPL_PORTS = N_ALU + 4;            // ALUs, MUL/DIV, LSU load, LSU store, FP
  localparam int unsigned CP_LD     = N_ALU + 1;
  localparam int unsigned CP_ST     = N_ALU + 2;
  localparam int unsigned CP_FP     = N_ALU + 3;
  localparam int unsigned IPB       = INT_PAYLOAD_BITS;
  localparam int unsigned MPB       = MEM_PAYLOAD_BITS;
  localparam int unsigned FPB       = FP_PAYLOAD_BITS;
  localparam int unsigned RPB       = ROB_PAYLOAD_BITS;
  localparam int unsigned EW        = FETCH_ENTRY_BITS;
  localparam int unsigned PB        = PREG_BITS;
  localparam int unsigned RB        = ROB_IDX_BITS;
  // register-file read ports: two per ALU port (the divider shares the last
  // one's), load base, store base and data, five for the FP ports. The
  // instruction at the ROB head reads its two sources (a CSR write, an AMO,
  // the debugger) through integer port 0's while that port is idle, which
  // it always is then: the head is a serialized instruction, alone in the
  // ROB.
  localparam int unsigned RD_INT    = 0;
  localparam int unsigned RD_LD     = 2 * N_ALU;
  localparam int unsigned RD_ST     = RD_LD + 1;
  localparam int unsigned RD_FP     = RD_ST + 2;
`ifdef TEA_TRACE
  localparam int unsigned RD_TRACE  = RD_FP + 5;
  localparam int unsigned NREAD     = RD_TRACE + W;
`else
  localparam int unsigned NREAD     = RD_FP + 5;
`endif
  // register-file write ports: one per writer, but commit's (CSR results,
  // the debugger) shares MUL/DIV's bank, for the same reason: it writes for
  // an instruction alone in the ROB, when nothing else executes
  localparam int unsigned NWRITE    = NWAKE - 1;

  // ---------------------------------------------------------------------
  // Nets shared by several stages
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

  // writers of the register file, which also wake the issue queues and
  // rename's busy table: the ALUs and MUL/DIV (int_cluster), the LSU,
  // commit (CSR results, the debugger)
  logic [NWAKE-1:0]   wake_valid;
  logic [NWAKE*PB-1:0] wake_pdst;
  logic [NWAKE-1:0]   prf_we;
  logic [NWAKE*PB-1:0] prf_waddr;
  logic [NWAKE*64-1:0] prf_wdata;
  logic [NREAD*PB-1:0] prf_raddr;
  logic [NREAD*64-1:0] prf_rdata;

  // completions into the ROB: the ALUs and MUL/DIV, the LSU's two pipes
  logic [CPL_PORTS-1:0]          cpl_valid, cpl_xcpt;
  logic [CPL_PORTS*RB-1:0]       cpl_idx;
  logic [CPL_PORTS*4-1:0]        cpl_cause;
  logic [CPL_PORTS*64-1:0]       cpl_tval;
  logic [CPL_PORTS*PSV_BITS-1:0] cpl_psv;
  logic [CPL_PORTS*5-1:0]        cpl_fflags;

  logic               halted;           // debug halt
  logic [4:0]         dbg_reg_addr;     // the GPR the debugger accesses, registered

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

  logic ev_icache_miss, ev_itlb_miss, ev_dtlb_miss, ev_load_miss, ev_st_error;

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
    .lresp_valid_i(il_resp_valid), .lresp_id_i, .lresp_data_i, .lresp_error_i,
    .lresp_llc_miss_i,
    .ev_icache_miss_o(ev_icache_miss)
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
    .ev_itlb_miss_o(ev_itlb_miss), .ev_dtlb_miss_o(ev_dtlb_miss)
  );

  // Both caches see every response's id, data and error; the arbiter says
  // whose it is.
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
  // A committed store whose line cannot be fetched is lost; the LSU
  // reports it (HPM event 11). Stores where no memory is fault before.
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
    .lresp_valid_i(dl_resp_valid), .lresp_id_i, .lresp_data_i, .lresp_error_i,
    .lresp_llc_miss_i,
    .ev_load_miss_o(ev_load_miss)
  );

  // ---------------------------------------------------------------------
  // D: decode, rename, dispatch
  // ---------------------------------------------------------------------
  logic                     redirect_pending;     // a mispredicted branch waits to commit
  logic [RB:0]              rob_free;
  logic                     rob_empty;
  logic [RB-1:0]            rob_head_idx;
  /* verilator lint_off UNUSEDSIGNAL */  // read by the trace port
  logic [RB-1:0]            rob_tail_idx;
  /* verilator lint_on UNUSEDSIGNAL */
  logic [W*RB-1:0]          rob_alloc_idx;
  logic [$clog2(CFG_IQ_ENTRIES+1)-1:0] iq_int_free, iq_mem_free, iq_fp_free;
  logic [LQ_IDX_BITS:0]     lq_free;
  logic [SQ_IDX_BITS:0]     sq_free;
  logic [W*LQ_IDX_BITS-1:0] disp_lq_idx;
  logic [W*SQ_IDX_BITS-1:0] disp_sq_idx;
  logic [W-1:0]             disp_lanes;   // the lanes that dispatch this cycle
  logic                     ev_sq_full;

  logic [W-1:0]    rn_valid, rn_rd_used;
  logic            rn_fire, can_alloc;
  logic [W*6-1:0]  rn_rs1, rn_rs2, rn_rs3, rn_rd;
  logic [W*PB-1:0] prs1, prs2, prs3, pdst, old_pdst;
  logic [W-1:0]    prs1_ready, prs2_ready, prs3_ready;

  logic [W*RPB-1:0]       rob_alloc_payload;
  logic [W*PSV_BITS-1:0]  rob_alloc_psv;
  logic [W-1:0]           rob_alloc_done, rob_alloc_xcpt;
  logic [W*4-1:0]         rob_alloc_cause;
  logic [W*64-1:0]        rob_alloc_tval;
  logic [W-1:0]           iq_int_valid, iq_mem_valid;
  logic [W*IPB-1:0]       iq_int_payload;
  logic [W*MPB-1:0]       iq_mem_payload;
  logic [W*INT_PORTS-1:0] iq_int_ports;
  logic [W*2-1:0]         iq_mem_ports;
  logic [W-1:0]           iq_int_rs1_ready, iq_int_rs2_ready, iq_mem_rs1_ready, iq_mem_rs2_ready;
  logic [W-1:0]           iq_fp_valid, iq_fp_rs1_ready, iq_fp_rs2_ready, iq_fp_rs3_ready;
  logic [W*FPB-1:0]       iq_fp_payload;
  logic [W*3-1:0]         iq_fp_ports;
  logic                   fs_off;
  logic [2:0]             frm;
  logic [W-1:0]           disp_load, disp_store;

  logic [W-1:0]    cm_rd_valid;    // ... and write a register
  logic [W*6-1:0]  head_rd;
  logic [W*PB-1:0] head_pdst, head_old_pdst;

  dispatch #(.W(W), .INT_PORTS(INT_PORTS)) u_dispatch (
    .clk_i, .rst_ni, .flush_i(flush), .priv_i(priv), .fs_off_i(fs_off), .frm_i(frm),
    .fb_valid_i(fb_valid), .fb_entry_i(fb_entry), .fb_deq_count_o(fb_deq_count),
    .redirect_pending_i(redirect_pending), .commit_i(commit_count != '0), .halted_i(halted),
    .dbg_reg_addr_i(dbg_reg_addr),
    .rob_free_i(rob_free), .rob_empty_i(rob_empty), .iq_int_free_i(iq_int_free),
    .iq_mem_free_i(iq_mem_free), .iq_fp_free_i(iq_fp_free), .lq_free_i(lq_free),
    .sq_free_i(sq_free),
    .rn_valid_o(rn_valid), .rn_fire_o(rn_fire), .rn_can_alloc_i(can_alloc),
    .rn_rs1_o(rn_rs1), .rn_rs2_o(rn_rs2), .rn_rs3_o(rn_rs3), .rn_rd_o(rn_rd),
    .rn_rd_used_o(rn_rd_used),
    .prs1_i(prs1), .prs2_i(prs2), .pdst_i(pdst), .old_pdst_i(old_pdst),
    .prs1_ready_i(prs1_ready), .prs2_ready_i(prs2_ready), .prs3_ready_i(prs3_ready),
    .rob_idx_i(rob_alloc_idx), .lq_idx_i(disp_lq_idx), .sq_idx_i(disp_sq_idx),
    .lanes_o(disp_lanes),
    .rob_payload_o(rob_alloc_payload), .rob_psv_o(rob_alloc_psv), .rob_done_o(rob_alloc_done),
    .rob_xcpt_o(rob_alloc_xcpt), .rob_cause_o(rob_alloc_cause), .rob_tval_o(rob_alloc_tval),
    .iq_int_valid_o(iq_int_valid), .iq_int_payload_o(iq_int_payload),
    .iq_int_ports_o(iq_int_ports), .iq_int_rs1_ready_o(iq_int_rs1_ready),
    .iq_int_rs2_ready_o(iq_int_rs2_ready),
    .iq_mem_valid_o(iq_mem_valid), .iq_mem_payload_o(iq_mem_payload),
    .iq_mem_ports_o(iq_mem_ports), .iq_mem_rs1_ready_o(iq_mem_rs1_ready),
    .iq_mem_rs2_ready_o(iq_mem_rs2_ready),
    .iq_fp_valid_o(iq_fp_valid), .iq_fp_payload_o(iq_fp_payload), .iq_fp_ports_o(iq_fp_ports),
    .iq_fp_rs1_ready_o(iq_fp_rs1_ready), .iq_fp_rs2_ready_o(iq_fp_rs2_ready),
    .iq_fp_rs3_ready_o(iq_fp_rs3_ready),
    .lsu_load_o(disp_load), .lsu_store_o(disp_store), .ev_sq_full_o(ev_sq_full)
`ifdef TEA_TRACE
    , .trace_stall_o(trace_disp_stall_o), .trace_flops_o(trace_fp_flops_o)
`endif
  );

  rename #(.NWAKE(NWAKE)) u_rename (
    .clk_i, .rst_ni, .flush_i(flush),
    .valid_i(rn_valid), .fire_i(rn_fire),
    .rs1_i(rn_rs1), .rs2_i(rn_rs2), .rs3_i(rn_rs3), .rd_i(rn_rd), .rd_used_i(rn_rd_used),
    .prs1_o(prs1), .prs2_o(prs2), .prs3_o(prs3), .pdst_o(pdst), .old_pdst_o(old_pdst),
    .prs1_ready_o(prs1_ready), .prs2_ready_o(prs2_ready), .prs3_ready_o(prs3_ready),
    .can_alloc_o(can_alloc),
    .wake_valid_i(wake_valid), .wake_pdst_i(wake_pdst),
    .commit_valid_i(cm_rd_valid), .commit_rd_i(head_rd), .commit_pdst_i(head_pdst),
    .commit_old_pdst_i(head_old_pdst)
  );

  // completions come back to the ROB (commit_stage below)
  logic [LB-1:0]         commit_count;
  logic                  mb_valid;     // a mispredicted branch resolved
  logic [RB-1:0]         mb_idx;
  logic                  mo_valid;     // a memory-ordering violation
  logic [RB-1:0]         mo_idx;

  // ---------------------------------------------------------------------
  // S: issue queues
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
  logic [2:0]               fp_port_ready, fp_iss_valid;
  logic [3*FPB-1:0]         fp_iss_payload;
  logic [3*PB-1:0]          fp_iss_prs1, fp_iss_prs2, fp_iss_prs3;

  issue_stage #(.W(W), .INT_PORTS(INT_PORTS), .NWAKE(NWAKE)) u_issue (
    .clk_i, .rst_ni, .flush_i(flush),
    .prs1_i(prs1), .prs2_i(prs2), .prs3_i(prs3),
    .int_valid_i(iq_int_valid), .int_payload_i(iq_int_payload), .int_ports_i(iq_int_ports),
    .int_rs1_ready_i(iq_int_rs1_ready), .int_rs2_ready_i(iq_int_rs2_ready),
    .int_free_o(iq_int_free),
    .mem_valid_i(iq_mem_valid), .mem_payload_i(iq_mem_payload), .mem_ports_i(iq_mem_ports),
    .mem_rs1_ready_i(iq_mem_rs1_ready), .mem_rs2_ready_i(iq_mem_rs2_ready),
    .mem_free_o(iq_mem_free),
    .fp_valid_i(iq_fp_valid), .fp_payload_i(iq_fp_payload), .fp_ports_i(iq_fp_ports),
    .fp_rs1_ready_i(iq_fp_rs1_ready), .fp_rs2_ready_i(iq_fp_rs2_ready),
    .fp_rs3_ready_i(iq_fp_rs3_ready), .fp_free_o(iq_fp_free),
    .wake_valid_i(wake_valid), .wake_pdst_i(wake_pdst),
    .int_port_ready_i(int_port_ready), .int_iss_valid_o(int_iss_valid),
    .int_iss_payload_o(int_iss_payload), .int_iss_prs1_o(int_iss_prs1),
    .int_iss_prs2_o(int_iss_prs2),
    .mem_port_ready_i(mem_port_ready), .mem_iss_valid_o(mem_iss_valid),
    .mem_iss_payload_o(mem_iss_payload), .mem_iss_prs1_o(mem_iss_prs1),
    .mem_iss_prs2_o(mem_iss_prs2),
    .fp_port_ready_i(fp_port_ready), .fp_iss_valid_o(fp_iss_valid),
    .fp_iss_payload_o(fp_iss_payload), .fp_iss_prs1_o(fp_iss_prs1),
    .fp_iss_prs2_o(fp_iss_prs2), .fp_iss_prs3_o(fp_iss_prs3)
`ifdef TEA_TRACE
    , .disp_lanes_i(disp_lanes), .disp_load_i(disp_load), .rd_used_i(rn_rd_used),
    .pdst_i(pdst),
    .trace_int_taken_o(trace_int_iq_taken_o), .trace_mem_taken_o(trace_mem_iq_taken_o),
    .trace_fp_taken_o(trace_fp_iq_taken_o), .trace_oldest_ready_o(trace_iq_ready_o),
    .trace_fp_ready_o(trace_fp_iq_ready_o), .trace_fp_wait_load_o(trace_fp_iq_wait_load_o),
    .trace_fp_wait_div_o(trace_fp_iq_wait_div_o)
`endif
  );

  // ---------------------------------------------------------------------
  // E: the integer ports (S -> E), branch resolution on port 0
  // ---------------------------------------------------------------------
  logic [N_ALU-1:0]    byp_valid;   // what the ALUs in E write, for the bypass
  logic [N_ALU*PB-1:0] byp_pdst;
  logic [N_ALU*64-1:0] byp_data;
  logic                br_valid, br_taken;
  logic [IPB-1:0]      br_payload;
  logic [63:0]         br_target;

  logic [2*N_ALU*PB-1:0] int_raddr;
  logic [2*PB-1:0]     head_raddr;   // the ROB head's sources

  int_cluster #(.N_ALU(N_ALU)) u_int (
    .clk_i, .rst_ni, .flush_i(flush),
    .port_ready_o(int_port_ready), .iss_valid_i(int_iss_valid), .iss_payload_i(int_iss_payload),
    .iss_prs1_i(int_iss_prs1), .iss_prs2_i(int_iss_prs2),
    .raddr_o(int_raddr), .rdata_i(prf_rdata[RD_INT*64 +: 2*N_ALU*64]),
    .wake_valid_o(wake_valid[0 +: N_ALU+1]), .wake_pdst_o(wake_pdst[0 +: (N_ALU+1)*PB]),
    .prf_we_o(prf_we[0 +: N_ALU+1]), .prf_waddr_o(prf_waddr[0 +: (N_ALU+1)*PB]),
    .prf_wdata_o(prf_wdata[0 +: (N_ALU+1)*64]),
    .cpl_valid_o(cpl_valid[0 +: N_ALU+1]), .cpl_idx_o(cpl_idx[0 +: (N_ALU+1)*RB]),
    .cpl_psv_o(cpl_psv[0 +: (N_ALU+1)*PSV_BITS]),
    .byp_valid_o(byp_valid), .byp_pdst_o(byp_pdst), .byp_data_o(byp_data),
    .br_valid_o(br_valid), .br_payload_o(br_payload), .br_taken_o(br_taken),
    .br_target_o(br_target)
  );
  // br_valid: integer port 0 (the one that also branches) is in E
  assign prf_raddr[RD_INT*PB +: 2*N_ALU*PB] =
      {int_raddr[2*PB +: 2*(N_ALU-1)*PB], br_valid ? int_raddr[0 +: 2*PB] : head_raddr};
  // integer instructions raise no exception after decode
  assign cpl_xcpt[0 +: N_ALU+1]             = '0;
  assign cpl_cause[0 +: (N_ALU+1)*4]        = '0;
  assign cpl_tval[0 +: (N_ALU+1)*64]        = '0;
  assign cpl_fflags[0 +: CP_FP*5]           = '0;   // nor any FP flag, nor do loads and stores

  // ---------------------------------------------------------------------
  // E: the FP ports (S -> E)
  // ---------------------------------------------------------------------
  fp_cluster u_fp (
    .clk_i, .rst_ni, .flush_i(flush),
    .port_ready_o(fp_port_ready), .iss_valid_i(fp_iss_valid), .iss_payload_i(fp_iss_payload),
    .iss_prs1_i(fp_iss_prs1), .iss_prs2_i(fp_iss_prs2), .iss_prs3_i(fp_iss_prs3),
    .raddr_o(prf_raddr[RD_FP*PB +: 5*PB]), .rdata_i(prf_rdata[RD_FP*64 +: 5*64]),
    .wake_valid_o(wake_valid[WK_FP]), .wake_pdst_o(wake_pdst[WK_FP*PB +: PB]),
    .prf_we_o(prf_we[WK_FP]), .prf_waddr_o(prf_waddr[WK_FP*PB +: PB]),
    .prf_wdata_o(prf_wdata[WK_FP*64 +: 64]),
    .cpl_valid_o(cpl_valid[CP_FP]), .cpl_idx_o(cpl_idx[CP_FP*RB +: RB]),
    .cpl_fflags_o(cpl_fflags[CP_FP*5 +: 5]),
    .cpl_psv_o(cpl_psv[CP_FP*PSV_BITS +: PSV_BITS])
  );
  // FP instructions raise no exception after dispatch
  assign cpl_xcpt[CP_FP]                  = '0;
  assign cpl_cause[CP_FP*4 +: 4]          = '0;
  assign cpl_tval[CP_FP*64 +: 64]         = '0;

  branch_resolve u_branch (
    .clk_i, .rst_ni, .flush_i(flush),
    .ex_valid_i(br_valid), .ex_payload_i(br_payload), .taken_i(br_taken), .target_i(br_target),
    .rob_head_idx_i(rob_head_idx),
    .redirect_o(redirect), .redirect_pc_o(redirect_pc),
    .upd_valid_o(upd_valid), .upd_pc_o(upd_pc), .upd_rvc_o(upd_rvc), .upd_kind_o(upd_kind),
    .upd_taken_o(upd_taken), .upd_target_o(upd_target), .upd_mispredict_o(upd_mispredict),
    .upd_ckpt_o(upd_ckpt),
    .mb_valid_o(mb_valid), .mb_idx_o(mb_idx), .redirect_pending_o(redirect_pending)
  );

  // ---------------------------------------------------------------------
  // Memory ports (S): register file read with a bypass from the ALUs in E,
  // then the LSU. The ROB index of a memory access: the LQ/SQ entry knows
  // it from dispatch.
  // ---------------------------------------------------------------------
  /* verilator lint_off UNUSEDSIGNAL */
  mem_payload_t ld_sel, st_sel;
  /* verilator lint_on UNUSEDSIGNAL */
  logic [63:0]  ld_base, st_base, st_data;
  assign ld_sel = mem_iss_payload[0 +: MPB];
  assign st_sel = mem_iss_payload[MPB +: MPB];
  assign prf_raddr[RD_LD * PB +: PB]       = mem_iss_prs1[0 +: PB];
  assign prf_raddr[RD_ST * PB +: PB]       = mem_iss_prs1[PB +: PB];
  assign prf_raddr[(RD_ST + 1) * PB +: PB] = mem_iss_prs2[PB +: PB];

  bypass #(.N(3), .NSRC(N_ALU), .PB(PB)) u_bypass (
    .preg_i({mem_iss_prs2[PB +: PB], mem_iss_prs1[PB +: PB], mem_iss_prs1[0 +: PB]}),
    .prf_data_i(prf_rdata[RD_LD*64 +: 3*64]),
    .src_valid_i(byp_valid), .src_pdst_i(byp_pdst), .src_data_i(byp_data),
    .data_o({st_data, st_base, ld_base})
  );

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
  logic [W*64-1:0]       lq_commit_vaddr, sq_commit_vaddr;   // TEA's data addresses
`ifdef TEA_TRACE
  logic [W*64-1:0]       sq_commit_data;                     // for the trace port
  logic [W*2-1:0]        sq_commit_size;
`endif
  logic                  amo_issue_valid, amo_issue_ready, amo_issue_word;
  amo_op_e               amo_issue_op;
  logic [PB-1:0]         amo_issue_pdst;
  logic                  trap_valid;

  lsu u_lsu (
    .clk_i, .rst_ni, .flush_i(flush),
    .disp_load_i(disp_load), .disp_store_i(disp_store),
    .disp_rob_idx_i(rob_alloc_idx), .disp_lq_idx_o(disp_lq_idx), .disp_sq_idx_o(disp_sq_idx),
    .lq_free_o(lq_free), .sq_free_o(sq_free),
    .ld_issue_valid_i(mem_iss_valid[0]), .ld_issue_ready_o(mem_port_ready[0]),
    .ld_issue_lq_idx_i(ld_sel.lq_idx), .ld_issue_base_i(ld_base), .ld_issue_imm_i(ld_sel.imm),
    .ld_issue_size_i(ld_sel.size), .ld_issue_ext_i({ld_sel.box, ld_sel.mem_unsigned}),
    .ld_issue_pdst_i(ld_sel.pdst), .ld_issue_prefetch_i(ld_sel.prefetch),
    .st_issue_valid_i(mem_iss_valid[1]), .st_issue_ready_o(mem_port_ready[1]),
    .st_issue_sq_idx_i(st_sel.sq_idx), .st_issue_base_i(st_base), .st_issue_imm_i(st_sel.imm),
    .st_issue_data_i(st_data), .st_issue_size_i(st_sel.size),
    .amo_issue_valid_i(amo_issue_valid), .amo_issue_ready_o(amo_issue_ready),
    .amo_issue_op_i(amo_issue_op), .amo_issue_word_i(amo_issue_word),
    .amo_issue_addr_i(prf_rdata[RD_INT*64 +: 64]), .amo_issue_data_i(prf_rdata[(RD_INT+1)*64 +: 64]),
    .amo_issue_pdst_i(amo_issue_pdst), .amo_issue_rob_idx_i(rob_head_idx),
    .wb_valid_o(lsu_wb_valid), .wb_pdst_o(lsu_wb_pdst), .wb_data_o(lsu_wb_data),
    .cpl_valid_o(lsu_cpl_valid), .cpl_rob_idx_o(lsu_cpl_idx), .cpl_xcpt_o(lsu_cpl_xcpt),
    .cpl_cause_o(lsu_cpl_cause), .cpl_tval_o(lsu_cpl_tval), .cpl_psv_o(lsu_cpl_psv),
    .mo_valid_o(mo_valid), .mo_rob_idx_o(mo_idx),
    .commit_loads_i(commit_loads), .commit_stores_i(commit_stores),
    .rob_head_idx_i(rob_head_idx), .resv_clear_i(trap_valid), .sq_empty_o(sq_empty),
    .sq_drained_o(sq_drained),
    .htif_tohost_i, .htif_fromhost_i, .dram_size_i,
    .lq_commit_vaddr_o(lq_commit_vaddr), .sq_commit_vaddr_o(sq_commit_vaddr),
`ifdef TEA_TRACE
    .sq_commit_data_o(sq_commit_data), .sq_commit_size_o(sq_commit_size),
`endif
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
    .dc_st_req_strb_o(dc_st_req_strb), .dc_st_error_i(dc_st_error),
    .dc_amo_req_valid_o(dc_amo_req_valid), .dc_amo_req_ready_i(dc_amo_req_ready),
    .dc_amo_op_o(dc_amo_op), .dc_amo_word_o(dc_amo_word), .dc_amo_addr_o(dc_amo_addr),
    .dc_amo_data_o(dc_amo_data), .dc_amo_resp_valid_i(dc_amo_resp_valid),
    .dc_amo_resp_data_i(dc_amo_resp_data), .dc_amo_resp_error_i(dc_amo_resp_error),
    .mmio_req_valid_o, .mmio_req_ready_i, .mmio_req_addr_o, .mmio_req_write_o, .mmio_req_size_o,
    .mmio_req_wdata_o, .mmio_req_wstrb_o, .mmio_resp_valid_i, .mmio_resp_rdata_i,
    .mmio_resp_error_i,
    .ev_st_error_o(ev_st_error)
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
  // Register file
  // ---------------------------------------------------------------------
  logic [NWRITE-1:0]    rf_we;
  logic [NWRITE*PB-1:0] rf_waddr;
  logic [NWRITE*64-1:0] rf_wdata;

  always_comb begin
    rf_we    = {prf_we[NWAKE-1:WK_SER+1], prf_we[WK_SER-1:0]};
    rf_waddr = {prf_waddr[NWAKE*PB-1:(WK_SER+1)*PB], prf_waddr[WK_SER*PB-1:0]};
    rf_wdata = {prf_wdata[NWAKE*64-1:(WK_SER+1)*64], prf_wdata[WK_SER*64-1:0]};
    if (prf_we[WK_SER]) begin
      rf_we[WK_MULDIV]                = 1'b1;
      rf_waddr[WK_MULDIV*PB +: PB]    = prf_waddr[WK_SER*PB +: PB];
      rf_wdata[WK_MULDIV*64 +: 64]    = prf_wdata[WK_SER*64 +: 64];
    end
  end

  regfile #(.NREAD(NREAD), .NWRITE(NWRITE)) u_regfile (
    .clk_i, .raddr_i(prf_raddr), .rdata_o(prf_rdata),
    .we_i(rf_we), .waddr_i(rf_waddr), .wdata_i(rf_wdata)
  );

  // ---------------------------------------------------------------------
  // C: the ROB, commit, the CSRs
  // ---------------------------------------------------------------------
  /* verilator lint_off UNUSEDSIGNAL */  // read by the trace port
  logic [W-1:0]          head_rd_used, head_is_store;
  logic [W*64-1:0]       head_pc;
  logic [W*32-1:0]       head_insn;
  logic [W*PSV_BITS-1:0] head_psv;
  logic                  head_amo;
  logic [11:0]           csr_addr;
  logic                  csr_valid, csr_write;
  logic [63:0]           csr_rdata;
  logic [W-1:0]          commit_lanes;   // the head lanes that commit this cycle
  logic                  trap_irq;
  logic [63:0]           trap_cause, trap_tval;
  /* verilator lint_on UNUSEDSIGNAL */
  logic [W-1:0]          retire_lanes;    // what leaves the ROB head, for the TEA sampler
  logic                  retire_trap;
  logic [W*PSV_BITS-1:0] retire_psv;
  logic [W-1:0]          retire_dvalid;
  logic [W*64-1:0]       retire_daddr;
  logic                  tea_irq, tea_illegal, tea_we;   // the TEA sampler's CSRs and interrupt
  logic [63:0]           tea_rdata, tea_wdata;
  assign tea_irq_o = tea_irq;

  commit_stage #(.HARTID(HARTID), .W(W), .CPL_PORTS(CPL_PORTS)) u_commit_stage (
    .clk_i, .rst_ni,
    .alloc_valid_i(disp_lanes), .alloc_payload_i(rob_alloc_payload), .alloc_psv_i(rob_alloc_psv),
    .alloc_done_i(rob_alloc_done), .alloc_xcpt_i(rob_alloc_xcpt), .alloc_cause_i(rob_alloc_cause),
    .alloc_tval_i(rob_alloc_tval), .alloc_idx_o(rob_alloc_idx), .rob_free_o(rob_free),
    .rob_empty_o(rob_empty), .rob_head_idx_o(rob_head_idx), .rob_tail_idx_o(rob_tail_idx),
    .cpl_valid_i(cpl_valid), .cpl_idx_i(cpl_idx), .cpl_xcpt_i(cpl_xcpt), .cpl_cause_i(cpl_cause),
    .cpl_tval_i(cpl_tval), .cpl_psv_i(cpl_psv), .cpl_fflags_i(cpl_fflags),
    .mb_valid_i(mb_valid), .mb_idx_i(mb_idx), .mo_valid_i(mo_valid), .mo_idx_i(mo_idx),
    .commit_lanes_o(commit_lanes), .commit_count_o(commit_count),
    .commit_loads_o(commit_loads), .commit_stores_o(commit_stores),
    .rd_commit_o(cm_rd_valid), .head_rd_o(head_rd), .head_pdst_o(head_pdst),
    .head_old_pdst_o(head_old_pdst), .head_rd_used_o(head_rd_used),
    .head_is_store_o(head_is_store), .head_pc_o(head_pc), .head_insn_o(head_insn),
    .head_psv_o(head_psv),
    .head_raddr_o(head_raddr), .head_rs1_i(prf_rdata[RD_INT*64 +: 64]),
    .wake_valid_o(wake_valid[WK_SER]), .wake_pdst_o(wake_pdst[WK_SER*PB +: PB]),
    .prf_we_o(prf_we[WK_SER]), .prf_waddr_o(prf_waddr[WK_SER*PB +: PB]),
    .prf_wdata_o(prf_wdata[WK_SER*64 +: 64]),
    .csr_valid_o(csr_valid), .csr_addr_o(csr_addr), .csr_write_o(csr_write),
    .csr_rdata_o(csr_rdata), .tea_rdata_i(tea_rdata), .tea_illegal_i(tea_illegal),
    .tea_irq_i(tea_irq), .tea_we_o(tea_we), .tea_wdata_o(tea_wdata),
    .trap_valid_o(trap_valid), .trap_irq_o(trap_irq), .trap_cause_o(trap_cause),
    .trap_tval_o(trap_tval),
    .flush_o(flush), .fe_flush_o(fe_flush), .fe_flush_pc_o(fe_flush_pc),
    .fe_flush_ckpt_o(fe_flush_ckpt), .icache_inval_o(icache_inval), .mmu_flush_o(mmu_flush),
    .retire_o(retire_lanes), .retire_trap_o(retire_trap), .retire_psv_o(retire_psv),
    .retire_dvalid_o(retire_dvalid), .retire_daddr_o(retire_daddr),
    .lq_commit_vaddr_i(lq_commit_vaddr), .sq_commit_vaddr_i(sq_commit_vaddr),
    .head_amo_o(head_amo), .amo_valid_o(amo_issue_valid), .amo_ready_i(amo_issue_ready),
    .amo_op_o(amo_issue_op), .amo_word_o(amo_issue_word), .amo_pdst_o(amo_issue_pdst),
    .sq_empty_i(sq_empty), .sq_drained_i(sq_drained),
    .dc_clean_req_o(dc_clean_req), .dc_clean_done_i(dc_clean_done),
    .priv_o(priv), .priv_data_o(priv_data), .satp_o(satp), .sum_o(sum), .mxr_o(mxr),
    .frm_o(frm), .fs_off_o(fs_off),
    .irq_m_soft_i, .irq_m_timer_i, .irq_m_ext_i, .irq_s_ext_i, .mtime_i,
    .ev_icache_miss_i(ev_icache_miss), .ev_itlb_miss_i(ev_itlb_miss),
    .ev_load_miss_i(ev_load_miss), .ev_dtlb_miss_i(ev_dtlb_miss),
    .ev_llc_miss_i(lresp_valid_i && lresp_llc_miss_i), .ev_sq_full_i(ev_sq_full),
    .ev_st_error_i(ev_st_error),
    .dbg_halt_ebreak_i, .dbg_halted_o, .dbg_pc_o, .dbg_resume_i, .dbg_resume_pc_i,
    .dbg_resume_priv_i,
    .dbg_reg_addr_i, .dbg_reg_rdata_o, .dbg_reg_we_i, .dbg_reg_wdata_i,
    .dbg_reg_addr_o(dbg_reg_addr), .dbg_preg_i(prs1[0 +: PB])
  );
  assign halted = dbg_halted_o;

  // ---------------------------------------------------------------------
  // TEA: the time-proportional sample selector (rtl/tea/tea_sampler.sv)
  // ---------------------------------------------------------------------
  logic        sim_tea_we;             // the simulator's write (trace port)
  logic [11:0] sim_tea_addr;
  logic [63:0] sim_tea_wdata;
  /* verilator lint_off UNUSEDSIGNAL */  // the trace port reads these
  logic [11:0] tea_addr;               // what the sampler's CSRs see
  logic        tea_commit_we;
  logic [63:0] tea_commit_wdata;
  logic                  tea_valid;
  logic [63:0]           tea_time, tea_lost, tea_filtered;
  logic [1:0]            tea_state, tea_priv;
  logic [W-1:0]          tea_mask;
  logic [W*64-1:0]       tea_pc;
  logic [W*PSV_BITS-1:0] tea_psv;
  logic [W-1:0]          tea_dmask;
  logic [W*64-1:0]       tea_daddr;
  logic [31:0]           tea_seq;
  logic [63:0]           tea_buf_ptr;
  logic                  tea_buf_irq, tea_buf_full;
  /* verilator lint_on UNUSEDSIGNAL */

  tea_unit #(.W(W)) u_tea (
    .clk_i, .rst_ni,
    .rob_empty_i(rob_empty), .retire_i(retire_lanes), .retire_trap_i(retire_trap),
    .retire_pc_i(head_pc), .retire_psv_i(retire_psv), .retire_dvalid_i(retire_dvalid),
    .retire_daddr_i(retire_daddr), .flush_i(flush), .priv_i(priv),
    .csr_addr_i(csr_addr), .csr_write_i(csr_write), .csr_we_i(tea_we), .csr_wdata_i(tea_wdata),
    .csr_rdata_o(tea_rdata), .csr_illegal_o(tea_illegal), .irq_o(tea_irq),
    .buf_req_o(tea_buf_req_o), .buf_line_o(tea_buf_line_o), .buf_data_o(tea_buf_data_o),
    .buf_wmask_o(tea_buf_wmask_o), .buf_ack_i(tea_buf_ack_i), .buf_done_i(tea_buf_done_i),
    .buf_error_i(tea_buf_error_i),
    .sim_we_i(sim_tea_we), .sim_addr_i(sim_tea_addr), .sim_wdata_i(sim_tea_wdata),
    .port_addr_o(tea_addr), .port_we_o(tea_commit_we), .port_wdata_o(tea_commit_wdata),
    .sample_valid_o(tea_valid), .sample_time_o(tea_time), .sample_state_o(tea_state),
    .sample_priv_o(tea_priv), .sample_mask_o(tea_mask), .sample_pc_o(tea_pc),
    .sample_psv_o(tea_psv), .sample_dmask_o(tea_dmask), .sample_daddr_o(tea_daddr),
    .sample_seq_o(tea_seq), .lost_o(tea_lost),
    .filtered_o(tea_filtered), .buf_ptr_o(tea_buf_ptr), .buf_irq_o(tea_buf_irq),
    .buf_full_o(tea_buf_full)
  );

  // ---------------------------------------------------------------------
  // Trace port (simulation only)
  // ---------------------------------------------------------------------
`ifdef TEA_TRACE
  trace_port #(.W(W)) u_trace (
    .clk_i, .rst_ni,
    .commit_i(commit_lanes), .head_pc_i(head_pc), .head_insn_i(head_insn),
    .head_rd_used_i(head_rd_used), .head_rd_i(head_rd), .head_pdst_i(head_pdst),
    .head_psv_i(head_psv), .head_is_store_i(head_is_store),
    .raddr_o(prf_raddr[RD_TRACE*PB +: W*PB]), .rdata_i(prf_rdata[RD_TRACE*64 +: W*64]),
    .csr_valid_i(csr_valid), .csr_rdata_i(csr_rdata),
    .sq_commit_vaddr_i(sq_commit_vaddr), .sq_commit_data_i(sq_commit_data),
    .sq_commit_size_i(sq_commit_size),
    .head_amo_i(head_amo), .amo_op_i(amo_issue_op), .amo_word_i(amo_issue_word),
    .amo_addr_i(prf_rdata[RD_INT*64 +: 64]), .amo_data_i(prf_rdata[(RD_INT+1)*64 +: 64]),
    .lsu_wb_valid_i(lsu_wb_valid), .lsu_wb_data_i(lsu_wb_data),
    .priv_i(priv), .trap_valid_i(trap_valid), .trap_irq_i(trap_irq),
    .trap_cause_i(trap_cause), .trap_tval_i(trap_tval), .flush_i(flush),
    .rob_head_idx_i(rob_head_idx), .rob_tail_idx_i(rob_tail_idx), .rob_empty_i(rob_empty),
    .dispatch_i(disp_lanes),
    .retire_i(retire_lanes), .retire_trap_i(retire_trap), .retire_psv_i(retire_psv),
    .tea_we_i(tea_commit_we), .tea_addr_i(tea_addr), .tea_wdata_i(tea_commit_wdata),
    .tea_valid_i(tea_valid), .tea_time_i(tea_time), .tea_state_i(tea_state),
    .tea_priv_i(tea_priv), .tea_mask_i(tea_mask), .tea_pc_i(tea_pc), .tea_psv_i(tea_psv),
    .tea_lost_i(tea_lost), .tea_filtered_i(tea_filtered),
    .trace_valid_o, .trace_pc_o, .trace_insn_o, .trace_rd_o, .trace_rd_value_o,
    .trace_mem_size_o, .trace_mem_addr_o, .trace_mem_value_o, .trace_psv_o, .trace_priv_o,
    .trace_trap_o, .trace_interrupt_o, .trace_cause_o, .trace_tval_o, .trace_flush_o,
    .trace_rob_head_o, .trace_rob_tail_o, .trace_rob_empty_o, .trace_dispatch_o,
    .trace_retire_o, .trace_retire_trap_o, .trace_retire_psv_o,
    .trace_tea_we_o, .trace_tea_addr_o, .trace_tea_wdata_o, .trace_tea_valid_o,
    .trace_tea_time_o, .trace_tea_state_o, .trace_tea_priv_o, .trace_tea_mask_o,
    .trace_tea_pc_o, .trace_tea_psv_o, .trace_tea_lost_o, .trace_tea_filtered_o,
    .dbg_tea_we_i, .dbg_tea_addr_i, .dbg_tea_wdata_i,
    .dbg_tea_we_o(sim_tea_we), .dbg_tea_addr_o(sim_tea_addr), .dbg_tea_wdata_o(sim_tea_wdata)
  );
  assign trace_iq_enter_o     = {iq_fp_valid, iq_mem_valid, iq_int_valid};
  assign trace_tea_seq_o      = tea_seq;
  assign trace_retire_dvalid_o = retire_dvalid;
  assign trace_retire_daddr_o  = retire_daddr;
  assign trace_tea_dmask_o     = tea_dmask;
  assign trace_tea_daddr_o     = tea_daddr;
  assign trace_tea_buf_ptr_o  = tea_buf_ptr;
  assign trace_tea_buf_irq_o  = tea_buf_irq;
  assign trace_tea_buf_full_o = tea_buf_full;
`else
  assign sim_tea_we    = 1'b0;
  assign sim_tea_addr  = '0;
  assign sim_tea_wdata = '0;
`endif
endmodule
