`include "core_types.svh"
`include "mem_types.svh"
`include "lsu_types.svh"

// The LSU's serial engine: one access at a time that must not be
// speculative, the device loads and the AMOs, LR and SC, and the LR/SC
// reservation.
//
// A device load starts once it is the oldest instruction (the load queue
// names it) and no committed store is left; it goes over the MMIO port.
//
// AMO/LR/SC (alone in the ROB): wait for an empty SQ, then behave as the
// ISS (sim/iss/execute.c): LR translates on the load port with load causes
// (4/5/13), SC and AMOs on the store port (6/7/15); an SC without a
// matching reservation fails (result 1) without touching memory. SC and
// AMOs where neither DRAM nor a device is (pma_writable: the boot ROM
// included) fault (7). LR and SC reach devices over the MMIO port; other
// AMOs to devices fault (7). The reservation is cleared by any SC, by
// resv_clear_i, and by a store or AMO to its block.
//
// While translating it has both D-TLB ports (xlate_o); the load and store
// pipes wait. Its result completes on port 0 when the load queue grants it
// (cpl_ack_i).
module serial_engine #(
  parameter int unsigned LQ_ENTRIES  = CFG_LQ_ENTRIES,
  parameter int unsigned ROB_ENTRIES = CFG_ROB_ENTRIES,
  parameter int unsigned PRF_ENTRIES = CFG_PRF_ENTRIES,
  localparam int unsigned LQB = $clog2(LQ_ENTRIES),
  localparam int unsigned RB  = $clog2(ROB_ENTRIES),
  localparam int unsigned PB  = $clog2(PRF_ENTRIES),
  localparam int unsigned PA  = PADDR_BITS
) (
  input  logic                clk_i,
  input  logic                rst_ni,
  input  logic                flush_i,
  // AMO/LR/SC issue
  input  logic                amo_issue_valid_i,
  output logic                amo_issue_ready_o,
  input  amo_op_e             amo_issue_op_i,
  input  logic                amo_issue_word_i,
  input  logic [63:0]         amo_issue_addr_i,
  input  logic [63:0]         amo_issue_data_i,
  input  logic [PB-1:0]       amo_issue_pdst_i,
  input  logic [RB-1:0]       amo_issue_rob_idx_i,
  // the load queue's oldest device load, when it is the oldest instruction;
  // io_ld_take_o: the engine takes it this cycle
  input  logic                io_ld_valid_i,
  input  logic [LQB-1:0]      io_ld_idx_i,
  input  logic [1:0]          io_ld_size_i,
  input  logic [1:0]          io_ld_ext_i,
  input  logic [63:0]         io_ld_vaddr_i,
  input  logic [PA-1:0]       io_ld_paddr_i,
  input  logic [PB-1:0]       io_ld_pdst_i,
  input  logic [RB-1:0]       io_ld_rob_i,
  input  logic                io_ld_tlb_i,
  output logic                io_ld_take_o,
  // the store queue
  input  logic                sq_empty_i,
  input  logic                sq_drained_i,
  input  logic                st_io_busy_i,
  input  logic                drain_pop_i,
  input  logic [60:0]         drain_block_i,
  input  logic                resv_clear_i,
  input  logic [PA-1:0]       htif_tohost_i,
  input  logic [PA-1:0]       htif_fromhost_i,
  input  logic [PA-1:0]       dram_size_i,
  // D-TLB, both ports, while xlate_o
  output logic                xlate_o,
  output logic [63:0]         dtlb_vaddr_o,
  output logic                dtlb_ld_valid_o,
  input  logic                dtlb_ld_hit_i,
  input  logic [PA-1:0]       dtlb_ld_paddr_i,
  input  logic                dtlb_ld_page_fault_i,
  input  logic                dtlb_ld_access_fault_i,
  input  logic                dtlb_ld_miss_i,
  output logic                dtlb_st_valid_o,
  input  logic                dtlb_st_hit_i,
  input  logic [PA-1:0]       dtlb_st_paddr_i,
  input  logic                dtlb_st_page_fault_i,
  input  logic                dtlb_st_access_fault_i,
  input  logic                dtlb_st_miss_i,
  // D-cache AMO port
  output logic                dc_amo_req_valid_o,
  input  logic                dc_amo_req_ready_i,
  output amo_op_e             dc_amo_op_o,
  output logic                dc_amo_word_o,
  output logic [PA-1:0]       dc_amo_addr_o,
  output logic [63:0]         dc_amo_data_o,
  input  logic                dc_amo_resp_valid_i,
  input  logic [63:0]         dc_amo_resp_data_i,
  input  logic                dc_amo_resp_error_i,
  // MMIO port (the store queue's device writes have it first)
  output logic                io_req_valid_o,
  output logic [PA-1:0]       io_req_addr_o,
  output logic                io_req_write_o,
  output mem_size_e           io_req_size_o,
  output logic [63:0]         io_req_wdata_o,
  output logic [7:0]          io_req_wstrb_o,
  input  logic                mmio_req_ready_i,
  input  logic                mmio_resp_valid_i,
  input  logic [63:0]         mmio_resp_rdata_i,
  input  logic                mmio_resp_error_i,
  // completion through port 0: held while done_o until cpl_ack_i
  output logic                done_o,
  input  logic                cpl_ack_i,
  output logic                cpl_ld_o,         // a device load (else AMO/LR/SC)
  output logic [LQB-1:0]      cpl_lq_idx_o,
  output logic                cpl_xcpt_o,
  output logic [3:0]          cpl_cause_o,
  output logic [RB-1:0]       cpl_rob_idx_o,
  output logic [63:0]         cpl_vaddr_o,
  output logic [PB-1:0]       cpl_pdst_o,
  output logic [63:0]         cpl_data_o,
  output logic                cpl_tlb_o         // ST-TLB
);
  // States.
  localparam logic [2:0] X_IDLE    = 3'd0;
  localparam logic [2:0] X_DRAIN   = 3'd1;  // AMO: wait for an empty SQ
  localparam logic [2:0] X_XLATE   = 3'd2;
  localparam logic [2:0] X_DC_REQ  = 3'd3;
  localparam logic [2:0] X_DC_RESP = 3'd4;
  localparam logic [2:0] X_IO_REQ  = 3'd5;
  localparam logic [2:0] X_IO_RESP = 3'd6;
  localparam logic [2:0] X_DONE    = 3'd7;

  // --------------------------------------------------------------- state
  logic [2:0]     ser_state_q, ser_state_d;
  logic           ser_ld_q, ser_ld_d;          // device load (else AMO/LR/SC)
  logic           ser_kill_q, ser_kill_d;      // flushed while its request is out
  amo_op_e        ser_op_q, ser_op_d;
  logic           ser_word_q, ser_word_d;
  logic [1:0]     ser_size_q, ser_size_d;
  logic [1:0]     ser_ext_q, ser_ext_d;
  logic [63:0]    ser_vaddr_q, ser_vaddr_d;
  logic [PA-1:0]  ser_paddr_q, ser_paddr_d;
  logic [63:0]    ser_wdata_q, ser_wdata_d;
  logic [PB-1:0]  ser_pdst_q, ser_pdst_d;
  logic [RB-1:0]  ser_rob_q, ser_rob_d;
  logic [LQB-1:0] ser_lq_q, ser_lq_d;
  logic           ser_tlb_q, ser_tlb_d;
  logic [63:0]    ser_res_q, ser_res_d;
  logic           ser_xcpt_q, ser_xcpt_d;
  logic [3:0]     ser_cause_q, ser_cause_d;

  // Reservation (LR/SC): the 8-byte block of the LR's virtual address.
  logic        resv_valid_q, resv_valid_d;
  logic [60:0] resv_addr_q, resv_addr_d;

  logic       io_ld_start;     // a device load may start
  logic       ser_xlate, ser_mis, ser_sc_fail;
  logic [7:0] ser_mask;

  assign ser_xlate = ser_state_q == X_XLATE;
  assign ser_mis   = lsu_misaligned(ser_vaddr_q[2:0], ser_size_q);
  assign ser_mask  = lsu_size_mask(ser_size_q) << ser_paddr_q[2:0];
  assign ser_sc_fail = ser_op_q == AMO_SC &&
                       (!resv_valid_q || resv_addr_q != ser_vaddr_q[63:3]);
  assign amo_issue_ready_o = ser_state_q == X_IDLE;

  assign xlate_o         = ser_xlate;
  assign dtlb_vaddr_o    = ser_vaddr_q;
  assign dtlb_ld_valid_o = ser_op_q == AMO_LR && !ser_mis;
  assign dtlb_st_valid_o = ser_op_q != AMO_LR && !ser_mis && !ser_sc_fail;

  // The oldest instruction is a device load and no committed store is left.
  assign io_ld_start  = io_ld_valid_i && sq_drained_i && !st_io_busy_i &&
                        ser_state_q == X_IDLE && !amo_issue_valid_i && !flush_i;
  assign io_ld_take_o = ser_state_q == X_IDLE && ser_state_d == X_IO_REQ;

  assign dc_amo_req_valid_o = ser_state_q == X_DC_REQ;
  assign dc_amo_op_o        = ser_op_q;
  assign dc_amo_word_o      = ser_word_q;
  assign dc_amo_addr_o      = ser_paddr_q;
  assign dc_amo_data_o      = ser_wdata_q;

  assign io_req_valid_o = ser_state_q == X_IO_REQ;
  assign io_req_addr_o  = ser_paddr_q;
  assign io_req_write_o = !ser_ld_q && ser_op_q == AMO_SC;
  assign io_req_size_o  = lsu_to_size(ser_size_q);
  assign io_req_wdata_o = ser_wdata_q << {ser_paddr_q[2:0], 3'b000};
  assign io_req_wstrb_o = ser_mask;

  assign done_o        = ser_state_q == X_DONE;
  assign cpl_ld_o      = ser_ld_q;
  assign cpl_lq_idx_o  = ser_lq_q;
  assign cpl_xcpt_o    = ser_xcpt_q;
  assign cpl_cause_o   = ser_cause_q;
  assign cpl_rob_idx_o = ser_rob_q;
  assign cpl_vaddr_o   = ser_vaddr_q;
  assign cpl_pdst_o    = ser_pdst_q;
  assign cpl_data_o    = ser_res_q;
  assign cpl_tlb_o     = ser_tlb_q;

  // --------------------------------------------------------------- next state
  always_comb begin
    logic [3:0]  acc_cause;
    logic        is_ld;
    ser_state_d = ser_state_q;
    ser_ld_d    = ser_ld_q;
    ser_kill_d  = ser_kill_q;
    ser_op_d    = ser_op_q;
    ser_word_d  = ser_word_q;
    ser_size_d  = ser_size_q;
    ser_ext_d   = ser_ext_q;
    ser_vaddr_d = ser_vaddr_q;
    ser_paddr_d = ser_paddr_q;
    ser_wdata_d = ser_wdata_q;
    ser_pdst_d  = ser_pdst_q;
    ser_rob_d   = ser_rob_q;
    ser_lq_d    = ser_lq_q;
    ser_tlb_d   = ser_tlb_q;
    ser_res_d   = ser_res_q;
    ser_xcpt_d  = ser_xcpt_q;
    ser_cause_d = ser_cause_q;
    resv_valid_d = resv_valid_q;
    resv_addr_d  = resv_addr_q;
    // loads and LR report load causes
    is_ld     = ser_ld_q || ser_op_q == AMO_LR;
    acc_cause = is_ld ? CAUSE_LD_ACCESS : CAUSE_ST_ACCESS;

    case (ser_state_q)
      X_IDLE: begin
        ser_kill_d = 1'b0;
        ser_tlb_d  = 1'b0;
        ser_xcpt_d = 1'b0;
        if (amo_issue_valid_i && !flush_i) begin
          ser_state_d = X_DRAIN;
          ser_ld_d    = 1'b0;
          ser_op_d    = amo_issue_op_i;
          ser_word_d  = amo_issue_word_i;
          ser_size_d  = amo_issue_word_i ? 2'd2 : 2'd3;
          ser_ext_d   = 2'b00;
          ser_vaddr_d = amo_issue_addr_i;
          ser_wdata_d = amo_issue_data_i;
          ser_pdst_d  = amo_issue_pdst_i;
          ser_rob_d   = amo_issue_rob_idx_i;
        end else if (io_ld_start) begin
          ser_state_d = X_IO_REQ;
          ser_ld_d    = 1'b1;
          ser_op_d    = AMO_LR;
          ser_size_d  = io_ld_size_i;
          ser_ext_d   = io_ld_ext_i;
          ser_vaddr_d = io_ld_vaddr_i;
          ser_paddr_d = io_ld_paddr_i;
          ser_pdst_d  = io_ld_pdst_i;
          ser_rob_d   = io_ld_rob_i;
          ser_lq_d    = io_ld_idx_i;
          ser_tlb_d   = io_ld_tlb_i;
        end
      end
      X_DRAIN: if (sq_empty_i) ser_state_d = X_XLATE;
      X_XLATE: begin
        if (ser_mis) begin
          ser_xcpt_d  = 1'b1;
          ser_cause_d = ser_op_q == AMO_LR ? CAUSE_LD_MISALIGNED : CAUSE_ST_MISALIGNED;
          ser_state_d = X_DONE;
        end else if (ser_sc_fail) begin
          // a failing SC touches no memory and raises nothing else
          ser_res_d    = 64'd1;
          resv_valid_d = 1'b0;
          ser_state_d  = X_DONE;
        end else if (ser_op_q == AMO_LR ? dtlb_ld_miss_i ||
                     !(dtlb_ld_hit_i || dtlb_ld_page_fault_i || dtlb_ld_access_fault_i)
                                        : dtlb_st_miss_i ||
                     !(dtlb_st_hit_i || dtlb_st_page_fault_i || dtlb_st_access_fault_i)) begin
          ser_tlb_d = 1'b1;
        end else if (ser_op_q == AMO_LR ? dtlb_ld_page_fault_i : dtlb_st_page_fault_i) begin
          ser_xcpt_d  = 1'b1;
          ser_cause_d = ser_op_q == AMO_LR ? CAUSE_LD_PAGE : CAUSE_ST_PAGE;
          ser_state_d = X_DONE;
        end else if (ser_op_q == AMO_LR ? dtlb_ld_access_fault_i : dtlb_st_access_fault_i) begin
          ser_xcpt_d  = 1'b1;
          ser_cause_d = acc_cause;
          ser_state_d = X_DONE;
        end else begin
          ser_paddr_d = ser_op_q == AMO_LR ? dtlb_ld_paddr_i : dtlb_st_paddr_i;
          if (ser_op_q != AMO_LR && !pma_writable(ser_paddr_d, dram_size_i)) begin
            ser_xcpt_d  = 1'b1;
            ser_cause_d = CAUSE_ST_ACCESS;
            ser_state_d = X_DONE;
          end else if (pma_cacheable(ser_paddr_d) &&
                       !pma_htif(ser_paddr_d, htif_tohost_i, htif_fromhost_i)) begin
            ser_state_d = X_DC_REQ;
          end else if (ser_op_q == AMO_LR || ser_op_q == AMO_SC) begin
            ser_state_d = X_IO_REQ;   // as the ISS: LR/SC reach devices
          end else begin
            ser_xcpt_d  = 1'b1;
            ser_cause_d = CAUSE_ST_ACCESS;
            ser_state_d = X_DONE;
          end
        end
      end
      X_DC_REQ: if (dc_amo_req_ready_i) ser_state_d = X_DC_RESP;
      X_DC_RESP: begin
        if (dc_amo_resp_valid_i) begin
          ser_state_d = ser_kill_q ? X_IDLE : X_DONE;
          if (dc_amo_resp_error_i) begin
            ser_xcpt_d  = 1'b1;
            ser_cause_d = acc_cause;
          end else if (!ser_kill_q) begin
            ser_res_d = ser_op_q == AMO_SC ? 64'd0 : dc_amo_resp_data_i;
            if (ser_op_q == AMO_LR) begin
              resv_valid_d = 1'b1;
              resv_addr_d  = ser_vaddr_q[63:3];
            end else if (ser_op_q == AMO_SC || resv_addr_q == ser_vaddr_q[63:3]) begin
              resv_valid_d = 1'b0;
            end
          end
        end
      end
      X_IO_REQ: if (mmio_req_ready_i) ser_state_d = X_IO_RESP;
      X_IO_RESP: begin
        if (mmio_resp_valid_i) begin
          ser_state_d = ser_kill_q ? X_IDLE : X_DONE;
          if (mmio_resp_error_i) begin
            ser_xcpt_d  = 1'b1;
            ser_cause_d = acc_cause;
          end else if (!ser_kill_q) begin
            ser_res_d = ser_op_q == AMO_SC && !ser_ld_q ? 64'd0 :
                        lsu_extend(mmio_resp_rdata_i >> {ser_paddr_q[2:0], 3'b000},
                                   ser_size_q, ser_ext_q);
            if (!ser_ld_q && ser_op_q == AMO_LR) begin
              resv_valid_d = 1'b1;
              resv_addr_d  = ser_vaddr_q[63:3];
            end else if (!ser_ld_q) begin
              resv_valid_d = 1'b0;
            end
          end
        end
      end
      default: if (cpl_ack_i) ser_state_d = X_IDLE;   // X_DONE
    endcase

    // A flush abandons the access unless its request is already out; then
    // the response is awaited and dropped.
    if (flush_i) begin
      case (ser_state_q)
        X_DC_REQ:  if (dc_amo_req_ready_i) ser_kill_d = 1'b1; else ser_state_d = X_IDLE;
        X_IO_REQ:  if (mmio_req_ready_i) ser_kill_d = 1'b1; else ser_state_d = X_IDLE;
        X_DC_RESP, X_IO_RESP: if (ser_state_d == ser_state_q) ser_kill_d = 1'b1;
                              else ser_state_d = X_IDLE;
        default:   ser_state_d = X_IDLE;
      endcase
    end

    // The drain retires a store to the reserved block: ISS hart_note_store.
    if (drain_pop_i && drain_block_i == resv_addr_q) resv_valid_d = 1'b0;
    if (resv_clear_i) resv_valid_d = 1'b0;
  end

  // --------------------------------------------------------------- registers
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      ser_state_q  <= X_IDLE;
      ser_kill_q   <= 1'b0;
      resv_valid_q <= 1'b0;
    end else begin
      ser_state_q  <= ser_state_d;
      ser_kill_q   <= ser_kill_d;
      resv_valid_q <= resv_valid_d;
    end
  end

  always_ff @(posedge clk_i) begin
    resv_addr_q  <= resv_addr_d;
    ser_ld_q     <= ser_ld_d;
    ser_op_q     <= ser_op_d;
    ser_word_q   <= ser_word_d;
    ser_size_q   <= ser_size_d;
    ser_ext_q    <= ser_ext_d;
    ser_vaddr_q  <= ser_vaddr_d;
    ser_paddr_q  <= ser_paddr_d;
    ser_wdata_q  <= ser_wdata_d;
    ser_pdst_q   <= ser_pdst_d;
    ser_rob_q    <= ser_rob_d;
    ser_lq_q     <= ser_lq_d;
    ser_tlb_q    <= ser_tlb_d;
    ser_res_q    <= ser_res_d;
    ser_xcpt_q   <= ser_xcpt_d;
    ser_cause_q  <= ser_cause_d;
  end
endmodule
