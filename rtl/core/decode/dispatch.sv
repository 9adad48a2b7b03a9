`include "backend_types.svh"
`include "tea_events.svh"
`include "stage_trace.svh"

// Dispatch (stage D of tea_core): the W dispatch lanes decode the
// fetch-buffer head, and the longest prefix of it that fits in the ROB, the
// issue queues and the LQ/SQ enters the back end, all at once (rename
// allocates registers for exactly that prefix). A serialized instruction
// dispatches alone into an empty ROB and nothing follows it until it
// commits; nothing dispatches while a mispredicted branch waits to commit,
// in the cycle of a flush or while the core is halted.
module dispatch #(
  parameter int unsigned W         = CFG_W,
  parameter int unsigned INT_PORTS = (CFG_W > 2) ? 4 : 3,  // ALUs, then the divider
  localparam int unsigned LB  = $clog2(W + 1),
  localparam int unsigned IQB = $clog2(CFG_IQ_ENTRIES + 1),
  localparam int unsigned EW  = FETCH_ENTRY_BITS,
  localparam int unsigned PB  = PREG_BITS,
  localparam int unsigned RB  = ROB_IDX_BITS,
  localparam int unsigned IPB = INT_PAYLOAD_BITS,
  localparam int unsigned MPB = MEM_PAYLOAD_BITS,
  localparam int unsigned FPB = FP_PAYLOAD_BITS,
  localparam int unsigned RPB = ROB_PAYLOAD_BITS
) (
  input  logic                     clk_i,
  input  logic                     rst_ni,
  input  logic                     flush_i,
  input  logic [1:0]               priv_i,
  input  logic                     fs_off_i,            // mstatus.FS is Off
  input  logic [2:0]               frm_i,
  // the fetch-buffer head
  input  logic [W-1:0]             fb_valid_i,
  input  logic [W*EW-1:0]          fb_entry_i,
  output logic [LB-1:0]            fb_deq_count_o,
  // what holds dispatch back besides space
  input  logic                     redirect_pending_i,  // a mispredicted branch waits to commit
  input  logic                     commit_i,            // something commits this cycle
  input  logic                     halted_i,            // debug halt
  input  logic [4:0]               dbg_reg_addr_i,      // while halted: the GPR the debugger accesses
  // free space before this cycle's allocation
  input  logic [RB:0]              rob_free_i,
  input  logic                     rob_empty_i,
  input  logic [IQB-1:0]           iq_int_free_i,
  input  logic [IQB-1:0]           iq_mem_free_i,
  input  logic [IQB-1:0]           iq_fp_free_i,
  input  logic [LQ_IDX_BITS:0]     lq_free_i,
  input  logic [SQ_IDX_BITS:0]     sq_free_i,
  // rename: sources and destinations of the lanes that fit, and the names
  // it gives them
  output logic [W-1:0]             rn_valid_o,
  output logic                     rn_fire_o,
  input  logic                     rn_can_alloc_i,
  output logic [W*6-1:0]           rn_rs1_o,
  output logic [W*6-1:0]           rn_rs2_o,
  output logic [W*6-1:0]           rn_rs3_o,
  output logic [W*6-1:0]           rn_rd_o,
  output logic [W-1:0]             rn_rd_used_o,
  input  logic [W*PB-1:0]          prs1_i,
  input  logic [W*PB-1:0]          prs2_i,
  input  logic [W*PB-1:0]          pdst_i,
  input  logic [W*PB-1:0]          old_pdst_i,
  input  logic [W-1:0]             prs1_ready_i,
  input  logic [W-1:0]             prs2_ready_i,
  input  logic [W-1:0]             prs3_ready_i,
  // the entries the ROB and the LSU give each lane
  input  logic [W*RB-1:0]          rob_idx_i,
  input  logic [W*LQ_IDX_BITS-1:0] lq_idx_i,
  input  logic [W*SQ_IDX_BITS-1:0] sq_idx_i,
  // the lanes that dispatch this cycle, and what they insert
  output logic [W-1:0]             lanes_o,
  output logic [W*RPB-1:0]         rob_payload_o,
  output logic [W*PSV_BITS-1:0]    rob_psv_o,
  output logic [W-1:0]             rob_done_o,
  output logic [W-1:0]             rob_xcpt_o,
  output logic [W*4-1:0]           rob_cause_o,
  output logic [W*64-1:0]          rob_tval_o,
  output logic [W-1:0]             iq_int_valid_o,
  output logic [W*IPB-1:0]         iq_int_payload_o,
  output logic [W*INT_PORTS-1:0]   iq_int_ports_o,
  output logic [W-1:0]             iq_int_rs1_ready_o,
  output logic [W-1:0]             iq_int_rs2_ready_o,
  output logic [W-1:0]             iq_mem_valid_o,
  output logic [W*MPB-1:0]         iq_mem_payload_o,
  output logic [W*2-1:0]           iq_mem_ports_o,
  output logic [W-1:0]             iq_mem_rs1_ready_o,
  output logic [W-1:0]             iq_mem_rs2_ready_o,
  output logic [W-1:0]             iq_fp_valid_o,
  output logic [W*FPB-1:0]         iq_fp_payload_o,
  output logic [W*3-1:0]           iq_fp_ports_o,
  output logic [W-1:0]             iq_fp_rs1_ready_o,
  output logic [W-1:0]             iq_fp_rs2_ready_o,
  output logic [W-1:0]             iq_fp_rs3_ready_o,
  output logic [W-1:0]             lsu_load_o,
  output logic [W-1:0]             lsu_store_o,
  output logic                     ev_sq_full_o       // HPM: a store waits for the SQ
`ifdef TEA_TRACE
  ,
  // Trace port (simulation only): why lane 0 did not dispatch this cycle
  // (stage_trace.svh; DISP_DISPATCHED when lanes did), and the flops each
  // lane does on the FMA unit (dispatch_lane)
  output logic [DISP_STALL_BITS-1:0] trace_stall_o,
  output logic [W*2-1:0]           trace_flops_o
`endif
);
  // One dispatch_lane per lane: its structs are module-level there, which
  // Yosys 0.23 needs; the loops below use these flat vectors.
  logic [W-1:0]   lane_int, lane_mem, lane_fp, lane_load, lane_store, lane_serial;
  logic [W-1:0]   lane_rs1_used, lane_rs2_used, lane_rs3_used, lane_csr_sys;
  logic [W*6-1:0] lane_rs1;

  logic         serial_inflight_q;  // a serialized instruction is in the ROB
  logic         drsq_q;             // the next store waited for the SQ
  logic [W-1:0] cand;               // the prefix that fits in the queues
  logic         sq_blocked;         // a store was cut off because the SQ is full
  logic         fire;
  logic [W-1:0] first_store;        // the first store of the dispatched group

  always_comb begin
    int unsigned n_int, n_mem, n_fp, n_ld, n_st;
    logic stop;
    n_int = 0; n_mem = 0; n_fp = 0; n_ld = 0; n_st = 0;
    stop = redirect_pending_i || serial_inflight_q || flush_i || halted_i;
    sq_blocked = 1'b0;
    for (int i = 0; i < W; i++) begin
      cand[i] = 1'b0;
      if (!stop && fb_valid_i[i]) begin
        if (lane_serial[i] && (i != 0 || !rob_empty_i)) begin
          stop = 1'b1;          // dispatches alone into an empty ROB
        end else if (32'(i) + 1 > 32'(rob_free_i) ||
                     (lane_int[i] && n_int + 1 > 32'(iq_int_free_i)) ||
                     (lane_mem[i] && n_mem + 1 > 32'(iq_mem_free_i)) ||
                     (lane_fp[i] && n_fp + 1 > 32'(iq_fp_free_i)) ||
                     (lane_load[i] && n_ld + 1 > 32'(lq_free_i))) begin
          stop = 1'b1;
        end else if (lane_store[i] && n_st + 1 > 32'(sq_free_i)) begin
          stop = 1'b1;
          sq_blocked = 1'b1;
        end else begin
          cand[i] = 1'b1;
          if (lane_int[i]) n_int++;
          if (lane_mem[i]) n_mem++;
          if (lane_fp[i]) n_fp++;
          if (lane_load[i]) n_ld++;
          if (lane_store[i]) n_st++;
          if (lane_serial[i]) stop = 1'b1;   // nothing after it
        end
      end else begin
        stop = 1'b1;
      end
    end
  end

  assign fire    = cand[0] && rn_can_alloc_i;
  assign lanes_o = fire ? cand : '0;
  always_comb begin
    fb_deq_count_o = '0;
    for (int i = 0; i < W; i++) if (lanes_o[i]) fb_deq_count_o = LB'(i + 1);
  end

`ifdef TEA_TRACE
  // The first reason, in the order of the checks above, that keeps lane 0
  // back; what is left is rename's free list.
  always_comb begin
    if (fire)                                                trace_stall_o = DISP_DISPATCHED;
    else if (halted_i)                                       trace_stall_o = DISP_HALTED;
    else if (flush_i)                                        trace_stall_o = DISP_FLUSH;
    else if (redirect_pending_i)                             trace_stall_o = DISP_REDIRECT;
    else if (!fb_valid_i[0])                                 trace_stall_o = DISP_FE_EMPTY;
    else if (serial_inflight_q || (lane_serial[0] && !rob_empty_i))
                                                             trace_stall_o = DISP_SERIAL;
    else if (rob_free_i == '0)                               trace_stall_o = DISP_ROB_FULL;
    else if ((lane_int[0] && iq_int_free_i == '0) || (lane_mem[0] && iq_mem_free_i == '0) ||
             (lane_fp[0] && iq_fp_free_i == '0))
                                                             trace_stall_o = DISP_IQ_FULL;
    else if (lane_load[0] && lq_free_i == '0)                trace_stall_o = DISP_LQ_FULL;
    else if (lane_store[0] && sq_free_i == '0)               trace_stall_o = DISP_SQ_FULL;
    else                                                     trace_stall_o = DISP_REGS_FULL;
  end
`endif

  assign rn_valid_o   = cand;
  assign rn_fire_o    = fire;
  assign ev_sq_full_o = sq_blocked && !redirect_pending_i && !serial_inflight_q;

  // While halted, lane 0's rs1 mapping names the register the debugger
  // reads and writes (nothing dispatches, so the mapping is the committed one).
  always_comb begin
    rn_rs1_o = lane_rs1;
    if (halted_i) rn_rs1_o[5:0] = {1'b0, dbg_reg_addr_i};
  end

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
      rob_done_o[i]         = rob_xcpt_o[i] || lane_csr_sys[i];
      iq_int_rs1_ready_o[i] = !lane_rs1_used[i] || prs1_ready_i[i];
      iq_int_rs2_ready_o[i] = !lane_rs2_used[i] || prs2_ready_i[i];
      iq_mem_rs1_ready_o[i] = prs1_ready_i[i];
      iq_mem_rs2_ready_o[i] = !lane_store[i] || prs2_ready_i[i];
      iq_mem_ports_o[i*2 +: 2] = lane_store[i] ? 2'b10 : 2'b01;
      iq_fp_rs1_ready_o[i]  = !lane_rs1_used[i] || prs1_ready_i[i];
      iq_fp_rs2_ready_o[i]  = !lane_rs2_used[i] || prs2_ready_i[i];
      iq_fp_rs3_ready_o[i]  = !lane_rs3_used[i] || prs3_ready_i[i];
    end
  end

  assign iq_int_valid_o = lanes_o & lane_int;
  assign iq_mem_valid_o = lanes_o & lane_mem;
  assign iq_fp_valid_o  = lanes_o & lane_fp;
  assign lsu_load_o     = lanes_o & lane_load;
  assign lsu_store_o    = lanes_o & lane_store;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      serial_inflight_q <= 1'b0;
    end else if (flush_i) begin
      serial_inflight_q <= 1'b0;
    end else if (fire && |(lanes_o & lane_serial)) begin
      serial_inflight_q <= 1'b1;
    end else if (commit_i) begin
      serial_inflight_q <= 1'b0;   // it was alone in the ROB
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      drsq_q <= 1'b0;
    end else if (flush_i) begin
      drsq_q <= 1'b0;
    end else if (fire && |(lanes_o & lane_store)) begin
      drsq_q <= 1'b0;
    end else if (sq_blocked) begin
      drsq_q <= 1'b1;
    end
  end

  // Decode and the dispatch payloads, per lane
  for (genvar i = 0; i < W; i++) begin : g_lane
    dispatch_lane #(.INT_PORTS(INT_PORTS)) u_lane (
      .entry_i(fb_entry_i[i*EW +: EW]), .priv_i, .fs_off_i, .frm_i,
      .prs1_i(prs1_i[i*PB +: PB]), .prs2_i(prs2_i[i*PB +: PB]),
      .pdst_i(pdst_i[i*PB +: PB]), .old_pdst_i(old_pdst_i[i*PB +: PB]),
      .rob_idx_i(rob_idx_i[i*RB +: RB]),
      .lq_idx_i(lq_idx_i[i*LQ_IDX_BITS +: LQ_IDX_BITS]),
      .sq_idx_i(sq_idx_i[i*SQ_IDX_BITS +: SQ_IDX_BITS]),
      .dr_sq_i(first_store[i] && drsq_q),
      .xcpt_o(rob_xcpt_o[i]), .cause_o(rob_cause_o[i*4 +: 4]), .tval_o(rob_tval_o[i*64 +: 64]),
      .int_o(lane_int[i]), .mem_o(lane_mem[i]), .fp_o(lane_fp[i]), .load_o(lane_load[i]),
      .store_o(lane_store[i]),
      .serial_o(lane_serial[i]), .csr_sys_o(lane_csr_sys[i]),
      .rs1_used_o(lane_rs1_used[i]), .rs2_used_o(lane_rs2_used[i]),
      .rs3_used_o(lane_rs3_used[i]),
      .rs1_o(lane_rs1[i*6 +: 6]), .rs2_o(rn_rs2_o[i*6 +: 6]), .rs3_o(rn_rs3_o[i*6 +: 6]),
      .rd_o(rn_rd_o[i*6 +: 6]),
      .rd_used_o(rn_rd_used_o[i]),
      .rob_payload_o(rob_payload_o[i*RPB +: RPB]), .psv_o(rob_psv_o[i*PSV_BITS +: PSV_BITS]),
      .int_payload_o(iq_int_payload_o[i*IPB +: IPB]),
      .int_ports_o(iq_int_ports_o[i*INT_PORTS +: INT_PORTS]),
      .mem_payload_o(iq_mem_payload_o[i*MPB +: MPB]),
      .fp_payload_o(iq_fp_payload_o[i*FPB +: FPB]),
      .fp_ports_o(iq_fp_ports_o[i*3 +: 3])
`ifdef TEA_TRACE
      , .trace_flops_o(trace_flops_o[i*2 +: 2])
`endif
    );
  end
endmodule
