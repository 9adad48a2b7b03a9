// core and frontend types first: backend_types.svh then keeps its own
// lint waiver for the payload widths this file does not use
`include "core_types.svh"
`include "frontend_types.svh"
`include "backend_types.svh"
`include "tea_events.svh"

// The commit stage of tea_core (stage C): decides each cycle what leaves
// the ROB head. Either up to W completed instructions commit in order (the
// first mispredicted branch among them flushes the back end), or the
// instruction in lane 0 does something alone:
// - an interrupt, an exception found earlier or an illegal CSR or system
//   instruction traps (csr_file takes the trap);
// - a load that a store's address found out of order is replayed: a flush
//   that refetches it;
// - a CSR access, xRET, WFI, FENCE, FENCE.I or SFENCE.VMA (dispatched alone
//   into an empty ROB) runs, once what it waits for is done, then commits,
//   most of them flushing to the next instruction;
// - an AMO (alone as well) is issued to the LSU and commits when complete;
// - with the debug halt on, an EBREAK halts the core.
// It drives the flushes of the back end and the front end, the CSR file's
// access and the register file's commit write port (CSR results, the
// debugger's writes), and tells the TEA sampler what leaves the head.
module commit_ctrl #(
  parameter int unsigned W   = CFG_W,
  localparam int unsigned LB  = $clog2(W + 1),
  localparam int unsigned PB  = PREG_BITS,
  localparam int unsigned RPB = ROB_PAYLOAD_BITS,
  localparam int unsigned PS  = PSV_BITS
) (
  input  logic                  clk_i,
  input  logic                  rst_ni,
  // the ROB head: lane 0 is the oldest instruction, the only one that can
  // trap, replay or serialize
  input  logic [W-1:0]          head_valid_i,
  input  logic [W-1:0]          head_done_i,
  input  logic [W-1:0]          head_xcpt_i,
  input  logic [W-1:0]          head_replay_i,
  input  logic [W-1:0]          head_mispredict_i,
  input  logic [W*PS-1:0]       head_psv_i,
  input  logic [W-1:0]          head_is_load_i,
  input  logic [W-1:0]          head_is_store_i,
  input  logic [W-1:0]          head_csr_sys_i,     // commits only in lane 0
  input  logic [RPB-1:0]        head_payload_i,     // lane 0: rob_payload_t
  input  logic [3:0]            head_cause_i,       // the oldest exception: lane 0's when it has one
  input  logic [63:0]           head_tval_i,
  // what commits
  output logic [W-1:0]          commit_lanes_o,
  output logic [LB-1:0]         commit_count_o,
  output logic [LB-1:0]         commit_loads_o,
  output logic [LB-1:0]         commit_stores_o,
  // register-file head port (lane 0's sources, the value of rs1) and
  // commit write port
  output logic [2*PB-1:0]       head_raddr_o,
  input  logic [63:0]           head_rs1_i,
  output logic                  wake_valid_o,
  output logic [PB-1:0]         wake_pdst_o,
  output logic                  prf_we_o,
  output logic [PB-1:0]         prf_waddr_o,
  output logic [63:0]           prf_wdata_o,
  // the CSR file
  output logic                  csr_valid_o,
  output csr_op_e               csr_op_o,
  output logic [11:0]           csr_addr_o,
  output logic [63:0]           csr_wdata_o,
  output logic                  csr_write_o,
  output logic                  csr_read_o,
  input  logic [63:0]           csr_rdata_i,
  input  logic                  csr_illegal_i,
  input  logic                  mret_illegal_i,
  input  logic                  sret_illegal_i,
  input  logic                  wfi_illegal_i,
  input  logic                  sfence_illegal_i,
  output logic                  trap_valid_o,
  output logic                  trap_irq_o,         // the trap is an interrupt
  output logic [63:0]           trap_cause_o,
  output logic [63:0]           trap_tval_o,
  output logic [63:0]           trap_pc_o,
  input  logic [63:0]           trap_target_i,
  output logic                  mret_o,
  output logic                  sret_o,
  input  logic [63:0]           xret_target_i,
  input  logic                  irq_pending_i,
  input  logic [63:0]           irq_cause_i,
  input  logic                  wfi_wakeup_i,
  // the LSU and the D-cache: the AMO at the head, fences
  output logic                  head_amo_o,         // an AMO is at the head
  output logic                  amo_valid_o,
  input  logic                  amo_ready_i,
  output amo_op_e               amo_op_o,
  output logic                  amo_word_o,
  output logic [PB-1:0]         amo_pdst_o,
  input  logic                  sq_empty_i,
  input  logic                  sq_drained_i,       // no committed store left either
  output logic                  dc_clean_req_o,
  input  logic                  dc_clean_done_i,
  // flushes
  output logic                  flush_o,            // the back end, at the end of the cycle
  output logic                  fe_flush_o,         // the front end too (not for a mispredict)
  output logic [63:0]           fe_flush_pc_o,
  output bp_ckpt_t              fe_flush_ckpt_o,
  output logic                  icache_inval_o,
  output logic                  mmu_flush_o,
  // TEA: what leaves the ROB head, with FL-EX set on a flushing one
  output logic [W-1:0]          retire_o,
  output logic                  retire_trap_o,
  output logic [W*PS-1:0]       retire_psv_o,
  // HPM events
  output logic                  ev_mispredict_o,
  output logic                  ev_replay_o,
  output logic                  ev_xcpt_o,
  // debug halt (tea_core's dbg_* ports; inputs registered here)
  input  logic                  dbg_halt_ebreak_i,
  output logic                  dbg_halted_o,
  output logic [63:0]           dbg_pc_o,
  input  logic                  dbg_resume_i,
  input  logic [63:0]           dbg_resume_pc_i,
  input  logic [1:0]            dbg_resume_priv_i,
  output logic                  resume_o,           // the core resumes this cycle ...
  output logic [1:0]            resume_priv_o,      // ... in this privilege
  input  logic [4:0]            dbg_reg_addr_i,
  output logic [63:0]           dbg_reg_rdata_o,
  input  logic                  dbg_reg_we_i,
  input  logic [63:0]           dbg_reg_wdata_i,
  output logic [4:0]            dbg_reg_addr_o,     // registered, to rename's lane 0 rs1
  input  logic [PB-1:0]         dbg_preg_i          // ... and the physical register it names
);
  // RISC-V exception causes raised at commit (dispatch_lane raises the
  // ones found in fetch and decode)
  localparam logic [3:0] CAUSE_ILLEGAL    = 4'd2;
  localparam logic [3:0] CAUSE_BREAKPOINT = 4'd3;

  /* verilator lint_off UNUSEDSIGNAL */  // commit reads some fields
  rob_payload_t head_rp0;   // the oldest instruction
  /* verilator lint_on UNUSEDSIGNAL */
  assign head_rp0 = head_payload_i;

  logic        take_irq, take_xcpt, take_replay, take_halt, serial_commit;
  logic        serial_flush, serial_ready, commit_mispredict;
  logic [63:0] serial_flush_pc;
  logic        do_mret, do_sret;
  logic        dc_clean_req;

  // What the instruction at the head is
  logic head_csr, head_sys, head_amo;
  logic [63:0] head_npc;
  assign head_csr = head_valid_i[0] && !head_xcpt_i[0] && head_rp0.fu == FU_CSR;
  assign head_sys = head_valid_i[0] && !head_xcpt_i[0] && head_rp0.fu == FU_SYSTEM;
  assign head_amo = head_valid_i[0] && head_rp0.fu == FU_AMO;
  assign head_npc = head_rp0.pc + (head_rp0.rvc ? 64'd2 : 64'd4);
  assign head_amo_o = head_amo;

  // ---------------------------------------------------------------------
  // Debug halt. While halted nothing dispatches, so the ROB stays empty,
  // the speculative RAT is the committed one and the register file's head
  // and commit ports are free: lane 0's rs1 mapping names the register the
  // debugger reads (head port) and writes (commit port).
  // ---------------------------------------------------------------------
  logic          halted_q, resume;
  logic [63:0]   dpc_q;
  bp_ckpt_t      dckpt_q;
  logic          dbg_halt_ebreak_q, dbg_resume_q, dbg_reg_we_q;
  logic [63:0]   dbg_resume_pc_q, dbg_reg_wdata_q;
  logic [1:0]    dbg_resume_priv_q;
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
    dbg_resume_priv_q <= dbg_resume_priv_i;
    dbg_reg_addr_q  <= dbg_reg_addr_i;
    dbg_reg_wdata_q <= dbg_reg_wdata_i;
    if (take_halt) begin
      dpc_q   <= head_rp0.pc;
      dckpt_q <= head_rp0.ckpt;
    end
  end

  assign resume          = halted_q && dbg_resume_q;
  assign dbg_halted_o    = halted_q;
  assign resume_o        = resume;
  assign resume_priv_o   = dbg_resume_priv_q;
  assign dbg_pc_o        = dpc_q;
  assign dbg_reg_addr_o  = dbg_reg_addr_q;
  assign dbg_reg_rdata_o = head_rs1_i;

  assign head_raddr_o = {head_rp0.prs2, halted_q ? dbg_preg_i : head_rp0.prs1};

  // ---------------------------------------------------------------------
  // CSR access: the operand is rs1's value, or the zero-extended immediate
  // in rs1's field
  // ---------------------------------------------------------------------
  logic [4:0] head_rs1_field;
  logic       head_csr_imm;
  assign head_rs1_field = head_rp0.insn[19:15];
  assign head_csr_imm   = head_rp0.insn[14];
  assign csr_op_o    = head_rp0.op.csr;
  assign csr_addr_o  = head_rp0.insn[31:20];
  assign csr_wdata_o = head_csr_imm ? {59'd0, head_rs1_field} : head_rs1_i;
  assign csr_write_o = head_rp0.op.csr == CSR_RW || head_rs1_field != 5'd0;
  assign csr_read_o  = head_rp0.op.csr != CSR_RW || head_rp0.rd_used;

  // AMOs run when they reach the head (they are alone in the ROB)
  logic amo_issued_q;
  assign amo_valid_o = head_amo && !head_done_i[0] && !amo_issued_q && !flush_o;
  assign amo_op_o    = head_rp0.op.amo;
  assign amo_word_o  = head_rp0.word;
  assign amo_pdst_o  = head_rp0.pdst;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) amo_issued_q <= 1'b0;
    else if (flush_o || commit_count_o != '0) amo_issued_q <= 1'b0;
    else if (amo_valid_o && amo_ready_i) amo_issued_q <= 1'b1;
  end

  // FENCE.I: drain the SQ, then write the D-cache back, then commit
  logic clean_busy_q, clean_done_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      clean_busy_q <= 1'b0;
      clean_done_q <= 1'b0;
    end else if (flush_o) begin
      clean_busy_q <= 1'b0;
      clean_done_q <= 1'b0;
    end else if (dc_clean_req) begin
      clean_busy_q <= 1'b1;
    end else if (clean_busy_q && dc_clean_done_i) begin
      clean_busy_q <= 1'b0;
      clean_done_q <= 1'b1;
    end
  end
  assign dc_clean_req_o = dc_clean_req;

  // ---------------------------------------------------------------------
  // What leaves the head
  // ---------------------------------------------------------------------
  // xRETs go to xepc, everything else that flushes after committing to the
  // next instruction
  assign serial_flush_pc = (do_mret || do_sret) ? xret_target_i : head_npc;

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
    csr_valid_o = 1'b0;
    do_mret = 1'b0;
    do_sret = 1'b0;
    dc_clean_req = 1'b0;
    icache_inval_o = 1'b0;
    mmu_flush_o = 1'b0;
    trap_cause_o = '0;
    trap_tval_o = '0;
    commit_lanes_o = '0;
    commit_mispredict = 1'b0;

    if (head_valid_i[0]) begin
      if (irq_pending_i && !(head_amo && amo_issued_q) && !(head_sys && sop == SYS_WFI)) begin
        take_irq = 1'b1;
        trap_cause_o = irq_cause_i;
      end else if (head_done_i[0] && head_xcpt_i[0] && dbg_halt_ebreak_q &&
                   head_cause_i == CAUSE_BREAKPOINT) begin
        take_halt = sq_drained_i;   // the stores before it reach memory first
      end else if (head_done_i[0] && head_xcpt_i[0]) begin
        take_xcpt = 1'b1;
        trap_cause_o = {60'd0, head_cause_i};
        trap_tval_o = head_tval_i;
      end else if (head_done_i[0] && head_replay_i[0]) begin
        take_replay = 1'b1;
      end else if (head_csr) begin
        if (csr_illegal_i) begin
          take_xcpt = 1'b1;
          trap_cause_o = {60'd0, CAUSE_ILLEGAL};
          trap_tval_o = {32'd0, head_rp0.insn};
        end else begin
          serial_ready = 1'b1;
          csr_valid_o = 1'b1;
          serial_flush = 1'b1;
          mmu_flush_o = csr_write_o && head_rp0.insn[31:20] == 12'h180;
        end
      end else if (head_sys) begin
        if ((sop == SYS_MRET && mret_illegal_i) || (sop == SYS_SRET && sret_illegal_i) ||
            (sop == SYS_WFI && wfi_illegal_i) || (sop == SYS_SFENCE_VMA && sfence_illegal_i)) begin
          take_xcpt = 1'b1;
          trap_cause_o = {60'd0, CAUSE_ILLEGAL};
          trap_tval_o = {32'd0, head_rp0.insn};
        end else begin
          case (sop)
            SYS_MRET: begin
              serial_ready = 1'b1; do_mret = 1'b1; serial_flush = 1'b1;
            end
            SYS_SRET: begin
              serial_ready = 1'b1; do_sret = 1'b1; serial_flush = 1'b1;
            end
            SYS_WFI: serial_ready = wfi_wakeup_i;
            SYS_FENCE: serial_ready = sq_empty_i;
            SYS_FENCE_I: begin
              dc_clean_req = sq_empty_i && !clean_busy_q && !clean_done_q;
              serial_ready = clean_done_q;
              serial_flush = 1'b1;
              icache_inval_o = clean_done_q;
            end
            SYS_SFENCE_VMA: begin
              serial_ready = 1'b1; serial_flush = 1'b1; mmu_flush_o = 1'b1;
            end
            default: serial_ready = 1'b0;
          endcase
        end
      end else begin
        // ordinary instructions, AMOs included once complete
        for (int i = 0; i < W; i++) begin
          if (!stop && head_valid_i[i] && head_done_i[i] && !head_xcpt_i[i] && !head_replay_i[i] &&
              !(i > 0 && head_csr_sys_i[i])) begin
            commit_lanes_o[i] = 1'b1;
            if (head_mispredict_i[i]) begin
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
        commit_lanes_o[0] = 1'b1;
      end
      if (!serial_ready) begin
        serial_flush = 1'b0;
        mmu_flush_o = 1'b0;
      end
    end
  end

  assign trap_valid_o = take_irq || take_xcpt;
  assign trap_irq_o   = take_irq;
  assign trap_pc_o    = head_rp0.pc;
  assign mret_o       = do_mret;
  assign sret_o       = do_sret;

  always_comb begin
    commit_count_o  = '0;
    commit_loads_o  = '0;
    commit_stores_o = '0;
    for (int i = 0; i < W; i++) begin
      if (commit_lanes_o[i]) begin
        commit_count_o = commit_count_o + 1'b1;
        if (head_is_load_i[i]) commit_loads_o = commit_loads_o + 1'b1;
        if (head_is_store_i[i]) commit_stores_o = commit_stores_o + 1'b1;
      end
    end
  end

  // CSR results are written at commit
  assign wake_valid_o = csr_valid_o && head_rp0.rd_used;
  assign wake_pdst_o  = head_rp0.pdst;
  // ... and the debugger's register writes while halted
  assign prf_we_o    = (csr_valid_o && head_rp0.rd_used) || (halted_q && dbg_reg_we_q);
  assign prf_waddr_o = halted_q ? dbg_preg_i : head_rp0.pdst;
  assign prf_wdata_o = halted_q ? dbg_reg_wdata_q : csr_rdata_i;

  // Flushes; a halt flushes like a replay, a resume restarts fetch only
  assign flush_o         = trap_valid_o || take_replay || take_halt || commit_mispredict ||
                           (serial_commit && serial_flush);
  assign fe_flush_o      = trap_valid_o || take_replay || take_halt || resume ||
                           (serial_commit && serial_flush);
  assign fe_flush_pc_o   = resume ? dbg_resume_pc_q : trap_valid_o ? trap_target_i :
                           (take_replay || take_halt) ? head_rp0.pc : serial_flush_pc;
  assign fe_flush_ckpt_o = resume ? dckpt_q : head_rp0.ckpt;

  // TEA: what leaves the ROB head is the committing lanes, or lane 0 alone
  // when it traps or is replayed. A trap (interrupts included) and a
  // serialized instruction that flushes the pipeline set FL-EX as they leave.
  psv_t psv_flush;
  always_comb begin
    psv_flush       = '0;
    psv_flush.fl_ex = CFG_TEA != 0;
    retire_trap_o   = trap_valid_o || take_replay;
    retire_o        = retire_trap_o ? W'(1) : commit_lanes_o;
    retire_psv_o    = head_psv_i;
    if (trap_valid_o || (serial_commit && serial_flush))
      retire_psv_o[0 +: PS] = head_psv_i[0 +: PS] | psv_flush;
  end

  assign ev_mispredict_o = commit_mispredict;
  assign ev_replay_o     = take_replay;
  assign ev_xcpt_o       = take_xcpt;
endmodule
