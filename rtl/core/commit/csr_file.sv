`include "core_types.svh"
`include "hpm_events.svh"
`include "tea_csr.svh"

// The CSR file of privileged spec 1.12 for an RV64 M/S/U hart with F and D
// (fflags, frm, fcsr, mstatus.FS) and no PMP entries, with the same choices
// as the reference ISS (the header comment of sim/iss/csr.c lists them), plus
// trap entry, xRET and interrupt selection as in sim/iss/trap.c.
//
// Everything happens at commit. A CSR instruction is serialized, so it is
// the only one in flight: its old value (csr_rdata_o) and legality
// (csr_illegal_o) are combinational from csr_addr_i and the state, and its
// write lands at the clock edge of the cycle csr_valid_i is high. One of
// CSR write, xRET or trap per cycle.
//
// Counters: mcycle counts clock cycles, minstret instret_i. A write to
// either (or to an mhpmcounter) replaces that cycle's increment, so the
// next instruction reads the value written; the writing cycle counts with
// the mcountinhibit it writes, as the ISS. There is one counter per event
// (hpm_events.svh), mhpmcounter3 .. mhpmcounter(2 + HPM_NUM_EVENTS), so all
// can be counted at once: mhpmcounterN counts event mhpmeventN unless
// inhibited; other values count nothing. The counters above, their
// mhpmevents and mcountinhibit bits are read-only zero, as the spec allows
// for counters a hart does not implement.
//
// 0x5C0-0x5FF (TEA CSRs) are served outside: for them csr_rdata_o is
// ext_rdata_i, csr_illegal_o is ext_illegal_i (the outside unit applies
// its own access rules; it has priv_o), and nothing here changes.
module csr_file #(
  parameter logic [63:0]  HARTID = 64'd0,
  parameter int unsigned  W      = CFG_W,
  localparam int unsigned LB     = $clog2(W + 1)
) (
  input  logic                       clk_i,
  input  logic                       rst_ni,
  // a CSR instruction committing (it is serialized: the only instruction in flight)
  input  logic                       csr_valid_i,   // perform it this cycle (only if !csr_illegal_o)
  input  csr_op_e                    csr_op_i,
  input  logic [11:0]                csr_addr_i,
  input  logic [63:0]                csr_wdata_i,   // rs1 value or zero-extended immediate
  input  logic                       csr_write_i,   // CSRRW/I always; CSRRS/C only if rs1/uimm != 0
  // Reads have no side effects here; the outside TEA unit may use it.
  /* verilator lint_off UNUSEDSIGNAL */
  input  logic                       csr_read_i,    // CSRRW/I with rd = x0 do not read
  /* verilator lint_on UNUSEDSIGNAL */
  output logic [63:0]                csr_rdata_o,   // combinational: old value (what rd gets)
  output logic                       csr_illegal_o, // combinational: raise illegal instruction instead
  // checks for other instructions at the head (combinational)
  output logic                       mret_illegal_o,
  output logic                       sret_illegal_o,
  output logic                       wfi_illegal_o,
  output logic                       sfence_illegal_o,
  // trap at commit: cause bit 63 set for interrupts; pc of the trapping
  // instruction (for an interrupt, of the next instruction)
  input  logic                       trap_valid_i,
  input  logic [63:0]                trap_cause_i,
  input  logic [63:0]                trap_pc_i,
  input  logic [63:0]                trap_tval_i,
  output logic [63:0]                trap_target_o, // combinational: where the trap goes
  input  logic                       mret_i,        // commit an MRET this cycle
  input  logic                       sret_i,        // commit an SRET this cycle
  output logic [63:0]                xret_target_o, // combinational: mret_i ? mepc : sepc
  input  logic                       resume_i,      // the debug halt ends this cycle ...
  input  logic [1:0]                 resume_priv_i, // ... in this privilege (dcsr.prv)
  // interrupts
  input  logic                       irq_m_soft_i,
  input  logic                       irq_m_timer_i,
  input  logic                       irq_m_ext_i,
  input  logic                       irq_s_ext_i,
  input  logic                       irq_tea_i,     // a TEA sample waits (mip bit 16)
  input  logic [63:0]                mtime_i,
  output logic                       irq_pending_o, // take an interrupt at the next commit boundary
  output logic [63:0]                irq_cause_o,   // its cause (bit 63 set), by the spec's priority
  output logic                       wfi_wakeup_o,  // an interrupt is pending and enabled in mie
  // counting
  input  logic [LB-1:0]              instret_i,     // instructions retired this cycle
  input  logic [HPM_NUM_EVENTS*LB-1:0] events_i,    // event e (1..11) at [(e-1)*LB +: LB]
  // state for the rest of the core
  output logic [1:0]                 priv_o,        // current privilege
  output logic [1:0]                 priv_data_o,   // effective privilege of loads/stores (MPRV)
  output logic [63:0]                satp_o,
  output logic                       sum_o,
  output logic                       mxr_o,
  // F and D: what committing FP instructions raised, and whether one wrote
  // an f register or raised a flag (FS becomes Dirty); frm and FS for dispatch
  input  logic [4:0]                 fp_flags_i,
  input  logic                       fp_dirty_i,
  output logic [2:0]                 frm_o,
  output logic                       fs_off_o,
  // TEA CSRs (0x5C0-0x5FF) are served outside
  output logic                       ext_valid_o,   // csr_addr_i is in 0x5C0-0x5FF
  input  logic [63:0]                ext_rdata_i,
  input  logic                       ext_illegal_i, // the outside unit refuses the access
  output logic                       ext_we_o,      // write ext_wdata_o to it this cycle
  output logic [63:0]                ext_wdata_o    // after the RS/RC operation on ext_rdata_i
);
  localparam logic [1:0] PRIV_U = 2'd0;
  localparam logic [1:0] PRIV_S = 2'd1;
  localparam logic [1:0] PRIV_M = 2'd3;

  localparam logic [11:0] CSR_FFLAGS        = 12'h001;
  localparam logic [11:0] CSR_FRM           = 12'h002;
  localparam logic [11:0] CSR_FCSR          = 12'h003;
  localparam logic [11:0] CSR_SSTATUS       = 12'h100;
  localparam logic [11:0] CSR_SIE           = 12'h104;
  localparam logic [11:0] CSR_STVEC         = 12'h105;
  localparam logic [11:0] CSR_SCOUNTEREN    = 12'h106;
  localparam logic [11:0] CSR_SENVCFG       = 12'h10a;
  localparam logic [11:0] CSR_SSCRATCH      = 12'h140;
  localparam logic [11:0] CSR_SEPC          = 12'h141;
  localparam logic [11:0] CSR_SCAUSE        = 12'h142;
  localparam logic [11:0] CSR_STVAL         = 12'h143;
  localparam logic [11:0] CSR_SIP           = 12'h144;
  localparam logic [11:0] CSR_SATP          = 12'h180;
  localparam logic [11:0] CSR_MSTATUS       = 12'h300;
  localparam logic [11:0] CSR_MISA          = 12'h301;
  localparam logic [11:0] CSR_MEDELEG       = 12'h302;
  localparam logic [11:0] CSR_MIDELEG       = 12'h303;
  localparam logic [11:0] CSR_MIE           = 12'h304;
  localparam logic [11:0] CSR_MTVEC         = 12'h305;
  localparam logic [11:0] CSR_MCOUNTEREN    = 12'h306;
  localparam logic [11:0] CSR_MENVCFG       = 12'h30a;
  localparam logic [11:0] CSR_MCOUNTINHIBIT = 12'h320;
  localparam logic [11:0] CSR_MHPMEVENT3    = 12'h323;
  localparam logic [11:0] CSR_MSCRATCH      = 12'h340;
  localparam logic [11:0] CSR_MEPC          = 12'h341;
  localparam logic [11:0] CSR_MCAUSE        = 12'h342;
  localparam logic [11:0] CSR_MTVAL         = 12'h343;
  localparam logic [11:0] CSR_MIP           = 12'h344;
  localparam logic [11:0] CSR_TSELECT       = 12'h7a0;
  localparam logic [11:0] CSR_TDATA1        = 12'h7a1;
  localparam logic [11:0] CSR_TDATA2        = 12'h7a2;
  localparam logic [11:0] CSR_TDATA3        = 12'h7a3;
  localparam logic [11:0] CSR_MCYCLE        = 12'hb00;
  localparam logic [11:0] CSR_MINSTRET      = 12'hb02;
  localparam logic [11:0] CSR_MHPMCOUNTER3  = 12'hb03;
  localparam logic [11:0] CSR_CYCLE         = 12'hc00;
  localparam logic [11:0] CSR_TIME          = 12'hc01;
  localparam logic [11:0] CSR_INSTRET       = 12'hc02;
  localparam logic [11:0] CSR_MVENDORID     = 12'hf11;
  localparam logic [11:0] CSR_MARCHID       = 12'hf12;
  localparam logic [11:0] CSR_MIMPID        = 12'hf13;
  localparam logic [11:0] CSR_MHARTID       = 12'hf14;
  localparam logic [11:0] CSR_MCONFIGPTR    = 12'hf15;

  // mstatus bits
  localparam int unsigned ST_SIE  = 1;
  localparam int unsigned ST_MIE  = 3;
  localparam int unsigned ST_SPIE = 5;
  localparam int unsigned ST_MPIE = 7;
  localparam int unsigned ST_SPP  = 8;
  localparam int unsigned ST_MPP  = 11;  // 12:11
  localparam int unsigned ST_FS   = 13;  // 14:13
  localparam int unsigned ST_MPRV = 17;
  localparam int unsigned ST_SUM  = 18;
  localparam int unsigned ST_MXR  = 19;
  localparam int unsigned ST_TVM  = 20;
  localparam int unsigned ST_TW   = 21;
  localparam int unsigned ST_TSR  = 22;
  // UXL = SXL = 2: U and S run with XLEN 64. VS = XS = 0, so SD = (FS == Dirty).
  localparam logic [63:0] MSTATUS_XL64     = 64'h0000_000a_0000_0000;
  localparam logic [63:0] MSTATUS_SD       = 64'h8000_0000_0000_0000;
  localparam logic [63:0] MSTATUS_WRITABLE = 64'h0000_0000_007e_79aa;
  localparam logic [63:0] SSTATUS_WRITABLE = 64'h0000_0000_000c_6122;
  localparam logic [63:0] SSTATUS_VISIBLE  = SSTATUS_WRITABLE | MSTATUS_SD |
                                             64'h0000_0003_0000_0000;

  // mip/mie bits: SSI 1, MSI 3, STI 5, MTI 7, SEI 9, MEI 11
  localparam logic [63:0] MIP_SEIP   = 64'h200;
  localparam logic [63:0] MIP_S_MASK = 64'h222;          // software-writable in mip
  localparam logic [63:0] MIP_TEA    = 64'h1 << TEA_IRQ;  // the TEA sample interrupt
  localparam logic [63:0] MIP_DELEG  = MIP_S_MASK | MIP_TEA;
  localparam logic [63:0] MIP_ALL    = 64'haaa | MIP_TEA;

  // RV64 ACDFIMSU
  localparam logic [63:0] MISA_VALUE = 64'h8000_0000_0014_112d;
  localparam logic [63:0] MEDELEG_WRITABLE = 64'hb3ff;
  localparam int unsigned HPM_N = HPM_NUM_EVENTS;  // mhpmcounter3 .. mhpmcounter(2 + HPM_N)
  // CY, IR and the implemented HPM counters
  localparam logic [63:0] MCOUNTINHIBIT_WRITABLE = ((64'd1 << (HPM_N + 3)) - 64'd1) & ~64'd2;
  // satp: MODE (Bare 0 or Sv39 8, so only bit 63 varies), 16 ASID bits, 44 PPN bits
  localparam logic [63:0] SATP_STORED = 64'h8fff_ffff_ffff_ffff;

  // ---------------------------------------------------------------- state
  // Each register keeps only its writable bits (the rest are cut by the
  // masks below and read as the constants of the ISS).
  logic [1:0]  priv_q, priv_d;
  logic [63:0] mstatus_q, mstatus_d;
  logic [4:0]  fflags_q, fflags_d;
  logic [2:0]  frm_q, frm_d;
  logic [63:0] mie_q, mie_d;
  logic [63:0] mip_sw_q, mip_sw_d;      // software-writable SSIP, STIP, SEIP
  logic [63:0] mideleg_q, mideleg_d;
  logic [63:0] medeleg_q, medeleg_d;
  logic [63:0] mtvec_q, mtvec_d, stvec_q, stvec_d;
  logic [63:0] mepc_q, mepc_d, sepc_q, sepc_d;
  logic [63:0] mcause_q, mcause_d, scause_q, scause_d;
  logic [63:0] mtval_q, mtval_d, stval_q, stval_d;
  logic [63:0] mscratch_q, mscratch_d, sscratch_q, sscratch_d;
  logic [63:0] satp_q, satp_d;
  logic [31:0] mcounteren_q, mcounteren_d, scounteren_q, scounteren_d;
  logic [31:0] mcountinhibit_q, mcountinhibit_d;
  logic [63:0] mcycle_q, mcycle_d, minstret_q, minstret_d;
  logic [HPM_N*64-1:0] hpmcnt, hpmevt;  // read views of the per-counter registers

  // ------------------------------------------------------- derived views
  logic [63:0] mip, mstatus;
  logic        ext_range;

  assign mip     = mip_sw_q | {47'b0, irq_tea_i, 4'b0, irq_m_ext_i, 1'b0, irq_s_ext_i, 1'b0,
                               irq_m_timer_i, 3'b0, irq_m_soft_i, 3'b0};
  assign mstatus = mstatus_q | MSTATUS_XL64 | (mstatus_q[ST_FS +: 2] == 2'd3 ? MSTATUS_SD : '0);
  assign ext_range = csr_addr_i[11:6] == 6'b0101_11;  // 0x5C0-0x5FF

  // ------------------------------------------------------------ CSR read
  logic [63:0] rdata;
  logic        exists;
  logic [4:0]  hpm_idx;  // counter number - 3, for 0x?03-0x?1f
  logic        hpm_implemented;

  assign hpm_idx         = csr_addr_i[4:0] - 5'd3;
  assign hpm_implemented = 32'(hpm_idx) < HPM_N;

  always_comb begin
    rdata  = '0;
    exists = 1'b1;
    case (csr_addr_i)
      CSR_FFLAGS:        rdata = {59'b0, fflags_q};
      CSR_FRM:           rdata = {61'b0, frm_q};
      CSR_FCSR:          rdata = {56'b0, frm_q, fflags_q};
      CSR_SSTATUS:       rdata = mstatus & SSTATUS_VISIBLE;
      CSR_SIE:           rdata = mie_q & mideleg_q;
      CSR_STVEC:         rdata = stvec_q;
      CSR_SCOUNTEREN:    rdata = {32'b0, scounteren_q};
      CSR_SENVCFG:       rdata = '0;
      CSR_SSCRATCH:      rdata = sscratch_q;
      CSR_SEPC:          rdata = sepc_q;
      CSR_SCAUSE:        rdata = scause_q;
      CSR_STVAL:         rdata = stval_q;
      CSR_SIP:           rdata = mip & mideleg_q;
      CSR_SATP:          rdata = satp_q;
      CSR_MSTATUS:       rdata = mstatus;
      CSR_MISA:          rdata = MISA_VALUE;
      CSR_MEDELEG:       rdata = medeleg_q;
      CSR_MIDELEG:       rdata = mideleg_q;
      CSR_MIE:           rdata = mie_q;
      CSR_MIP:           rdata = mip;
      CSR_MTVEC:         rdata = mtvec_q;
      CSR_MCOUNTEREN:    rdata = {32'b0, mcounteren_q};
      CSR_MCOUNTINHIBIT: rdata = {32'b0, mcountinhibit_q};
      CSR_MSCRATCH:      rdata = mscratch_q;
      CSR_MEPC:          rdata = mepc_q;
      CSR_MCAUSE:        rdata = mcause_q;
      CSR_MTVAL:         rdata = mtval_q;
      CSR_MHARTID:       rdata = HARTID;
      CSR_MVENDORID, CSR_MARCHID, CSR_MIMPID, CSR_MCONFIGPTR, CSR_MENVCFG,
      CSR_TSELECT, CSR_TDATA1, CSR_TDATA2, CSR_TDATA3:
                         rdata = '0;
      CSR_MCYCLE, CSR_CYCLE:     rdata = mcycle_q;
      CSR_MINSTRET, CSR_INSTRET: rdata = minstret_q;
      CSR_TIME:          rdata = mtime_i;
      default: begin
        if (ext_range) begin
          rdata = ext_rdata_i;
        end else if (csr_addr_i >= CSR_MHPMEVENT3 && csr_addr_i <= 12'h33f) begin
          if (hpm_implemented) rdata = hpmevt[hpm_idx*64 +: 64];
        end else if ((csr_addr_i >= CSR_MHPMCOUNTER3 && csr_addr_i <= 12'hb1f) ||
                     (csr_addr_i >= 12'hc03 && csr_addr_i <= 12'hc1f)) begin
          if (hpm_implemented) rdata = hpmcnt[hpm_idx*64 +: 64];
        end else if ((csr_addr_i >= 12'h3a0 && csr_addr_i <= 12'h3af && !csr_addr_i[0]) ||
                     (csr_addr_i >= 12'h3b0 && csr_addr_i <= 12'h3ef)) begin
          rdata = '0;  // pmpcfg (even only on RV64) and pmpaddr: no PMP entries
        end else begin
          exists = 1'b0;
        end
      end
    endcase
  end

  // Privilege in the address, read-only range, TVM, counter enables.
  logic permitted;

  always_comb begin
    permitted = 1'b1;
    if (csr_addr_i[9:8] > priv_q) permitted = 1'b0;
    if (csr_write_i && csr_addr_i[11:10] == 2'b11) permitted = 1'b0;
    if (csr_addr_i >= CSR_FFLAGS && csr_addr_i <= CSR_FCSR && mstatus_q[ST_FS +: 2] == 2'd0)
      permitted = 1'b0;
    if (csr_addr_i == CSR_SATP && priv_q == PRIV_S && mstatus_q[ST_TVM]) permitted = 1'b0;
    if (csr_addr_i[11:5] == 7'b1100_000) begin  // 0xc00-0xc1f
      if (priv_q != PRIV_M && !mcounteren_q[csr_addr_i[4:0]]) permitted = 1'b0;
      if (priv_q == PRIV_U && !scounteren_q[csr_addr_i[4:0]]) permitted = 1'b0;
    end
  end

  assign csr_rdata_o   = rdata;
  assign csr_illegal_o = ext_range ? ext_illegal_i : !exists || !permitted;
  assign ext_valid_o   = ext_range;

  // The value a write stores (before each CSR's WARL masks). Only the
  // software-writable SEIP takes part in a read-modify-write of mip; the
  // external line is ORed in for reads only.
  logic [63:0] wbase, wval;
  logic        csr_we;

  always_comb begin
    wbase = rdata;
    if (csr_addr_i == CSR_MIP) wbase = (rdata & ~MIP_SEIP) | (mip_sw_q & MIP_SEIP);
    case (csr_op_i)
      CSR_RW:  wval = csr_wdata_i;
      CSR_RS:  wval = wbase | csr_wdata_i;
      default: wval = wbase & ~csr_wdata_i;
    endcase
  end

  assign csr_we = csr_valid_i && csr_write_i && !csr_illegal_o && !ext_range;
  assign ext_we_o    = csr_valid_i && csr_write_i && !csr_illegal_o && ext_range;
  assign ext_wdata_o = wval;

  // -------------------------------------------------------- trap target
  logic        trap_irq, trap_deleg;
  logic [63:0] trap_tvec;

  assign trap_irq   = trap_cause_i[63];
  // Delegated from S and U only; the code must fit the delegation register.
  assign trap_deleg = priv_q != PRIV_M && trap_cause_i[62:6] == '0 &&
                      (trap_irq ? mideleg_q[trap_cause_i[5:0]] : medeleg_q[trap_cause_i[5:0]]);
  assign trap_tvec  = trap_deleg ? stvec_q : mtvec_q;
  // Vectored mode (MODE = 1) sends interrupts to base + 4 * code.
  assign trap_target_o = (trap_tvec & ~64'd3) +
                         ((trap_tvec[0] && trap_irq) ? {trap_cause_i[61:0], 2'b00} : 64'd0);

  assign xret_target_o = mret_i ? mepc_q : sepc_q;

  // ---------------------------------------------------------- interrupts
  // The highest-priority interrupt of a set: MEI, MSI, MTI, SEI, SSI, STI,
  // then the TEA sample interrupt. Only those seven bits of the set matter.
  /* verilator lint_off UNUSEDSIGNAL */
  function automatic logic [5:0] highest_irq(input logic [63:0] set);
    highest_irq = 6'd0;
    // lowest priority first, so that a higher one overrides
    if (set[16]) highest_irq = 6'd16;
    if (set[5])  highest_irq = 6'd5;
    if (set[1])  highest_irq = 6'd1;
    if (set[9])  highest_irq = 6'd9;
    if (set[7])  highest_irq = 6'd7;
    if (set[3])  highest_irq = 6'd3;
    if (set[11]) highest_irq = 6'd11;
  endfunction
  /* verilator lint_on UNUSEDSIGNAL */

  logic [63:0] irq_enabled, irq_to_m, irq_to_s;
  logic        m_on, s_on, take_m, take_s;

  // Interrupts to M are enabled below M, or in M with MIE; those delegated
  // to S in U, or in S with SIE, never in M. Those to M go first.
  assign irq_enabled = mip & mie_q;
  assign irq_to_m    = irq_enabled & ~mideleg_q;
  assign irq_to_s    = irq_enabled & mideleg_q;
  assign m_on        = priv_q != PRIV_M || mstatus_q[ST_MIE];
  assign s_on        = priv_q == PRIV_U || (priv_q == PRIV_S && mstatus_q[ST_SIE]);
  assign take_m      = irq_to_m != '0 && m_on;
  assign take_s      = irq_to_s != '0 && s_on;

  assign irq_pending_o = take_m || take_s;
  assign irq_cause_o   = !irq_pending_o ? 64'd0 :
                         {1'b1, 57'b0, highest_irq(take_m ? irq_to_m : irq_to_s)};
  assign wfi_wakeup_o  = irq_enabled != '0;

  // ------------------------------------------- instructions at the head
  assign mret_illegal_o   = priv_q != PRIV_M;
  assign sret_illegal_o   = priv_q == PRIV_U || (priv_q == PRIV_S && mstatus_q[ST_TSR]);
  assign wfi_illegal_o    = priv_q == PRIV_U || (priv_q == PRIV_S && mstatus_q[ST_TW]);
  assign sfence_illegal_o = priv_q == PRIV_U || (priv_q == PRIV_S && mstatus_q[ST_TVM]);

  // ---------------------------------------------------------- next state
  // mstatus write: MPP = 2 (reserved) keeps the old MPP.
  function automatic logic [63:0] mstatus_write(input logic [63:0] old, input logic [63:0] v,
                                                input logic [63:0] writable);
    mstatus_write = (old & ~writable) | (v & writable);
    if (mstatus_write[ST_MPP +: 2] == 2'd2) mstatus_write[ST_MPP +: 2] = old[ST_MPP +: 2];
  endfunction

  logic [63:0] ms;  // mstatus as it changes through the cycle

  always_comb begin
    priv_d          = priv_q;
    mie_d           = mie_q;
    mip_sw_d        = mip_sw_q;
    mideleg_d       = mideleg_q;
    medeleg_d       = medeleg_q;
    mtvec_d         = mtvec_q;
    stvec_d         = stvec_q;
    mepc_d          = mepc_q;
    sepc_d          = sepc_q;
    mcause_d        = mcause_q;
    scause_d        = scause_q;
    mtval_d         = mtval_q;
    stval_d         = stval_q;
    mscratch_d      = mscratch_q;
    sscratch_d      = sscratch_q;
    satp_d          = satp_q;
    mcounteren_d    = mcounteren_q;
    scounteren_d    = scounteren_q;
    mcountinhibit_d = mcountinhibit_q;
    ms              = mstatus_q;
    fflags_d        = fflags_q | fp_flags_i;
    frm_d           = frm_q;
    if (fp_dirty_i) ms[ST_FS +: 2] = 2'd3;

    if (csr_we) begin
      case (csr_addr_i)
        CSR_FFLAGS:        fflags_d = wval[4:0];
        CSR_FRM:           frm_d = wval[2:0];
        CSR_FCSR:          {frm_d, fflags_d} = wval[7:0];
        CSR_SSTATUS:       ms = mstatus_write(ms, wval, SSTATUS_WRITABLE);
        CSR_SIE:           mie_d = (mie_q & ~mideleg_q) | (wval & mideleg_q);
        CSR_SIP:           mip_sw_d = (mip_sw_q & ~(mideleg_q & 64'h2)) |
                                      (wval & mideleg_q & 64'h2);
        CSR_STVEC:         stvec_d = wval;
        CSR_SCOUNTEREN:    scounteren_d = wval[31:0];
        CSR_SSCRATCH:      sscratch_d = wval;
        CSR_SEPC:          sepc_d = wval;
        CSR_SCAUSE:        scause_d = wval;
        CSR_STVAL:         stval_d = wval;
        // Other MODEs than Bare and Sv39 leave satp unchanged.
        CSR_SATP:          if (wval[63:60] == 4'd0 || wval[63:60] == 4'd8) satp_d = wval;
        CSR_MSTATUS:       ms = mstatus_write(ms, wval, MSTATUS_WRITABLE);
        CSR_MEDELEG:       medeleg_d = wval;
        CSR_MIDELEG:       mideleg_d = wval;
        CSR_MIE:           mie_d = wval;
        CSR_MIP:           mip_sw_d = wval;
        CSR_MTVEC:         mtvec_d = wval;
        CSR_MCOUNTEREN:    mcounteren_d = wval[31:0];
        CSR_MCOUNTINHIBIT: mcountinhibit_d = wval[31:0];
        CSR_MSCRATCH:      mscratch_d = wval;
        CSR_MEPC:          mepc_d = wval;
        CSR_MCAUSE:        mcause_d = wval;
        CSR_MTVAL:         mtval_d = wval;
        default: ;  // counters below; the rest ignore writes
      endcase
      if (csr_addr_i >= CSR_FFLAGS && csr_addr_i <= CSR_FCSR) ms[ST_FS +: 2] = 2'd3;
    end

    // xRET: xIE = xPIE, xPIE = 1, xPP = U; leaving M clears MPRV.
    if (mret_i && !mret_illegal_o) begin
      priv_d = ms[ST_MPP +: 2];
      if (ms[ST_MPP +: 2] != PRIV_M) ms[ST_MPRV] = 1'b0;
      ms[ST_MIE]       = ms[ST_MPIE];
      ms[ST_MPIE]      = 1'b1;
      ms[ST_MPP +: 2]  = PRIV_U;
    end else if (sret_i && !sret_illegal_o) begin
      priv_d = ms[ST_SPP] ? PRIV_S : PRIV_U;
      ms[ST_MPRV] = 1'b0;
      ms[ST_SIE]  = ms[ST_SPIE];
      ms[ST_SPIE] = 1'b1;
      ms[ST_SPP]  = 1'b0;
    end

    // A resume from the debug halt sets the privilege alone, as dret does
    // with dcsr.prv: mstatus stays as written.
    if (resume_i) priv_d = resume_priv_i == 2'd2 ? PRIV_M : resume_priv_i;

    // Trap entry: xPIE = xIE, xIE = 0, xPP = the privilege it came from.
    if (trap_valid_i) begin
      if (trap_deleg) begin
        scause_d     = trap_cause_i;
        sepc_d       = trap_pc_i;
        stval_d      = trap_tval_i;
        ms[ST_SPIE]  = ms[ST_SIE];
        ms[ST_SPP]   = priv_q == PRIV_S;
        ms[ST_SIE]   = 1'b0;
        priv_d       = PRIV_S;
      end else begin
        mcause_d        = trap_cause_i;
        mepc_d          = trap_pc_i;
        mtval_d         = trap_tval_i;
        ms[ST_MPIE]     = ms[ST_MIE];
        ms[ST_MPP +: 2] = priv_q;
        ms[ST_MIE]      = 1'b0;
        priv_d          = PRIV_M;
      end
    end

    // WARL masks: what is cut here is not stored at all.
    mstatus_d       = ms & MSTATUS_WRITABLE;
    mie_d           = mie_d & MIP_ALL;
    mip_sw_d        = mip_sw_d & MIP_S_MASK;
    mideleg_d       = mideleg_d & MIP_DELEG;
    medeleg_d       = medeleg_d & MEDELEG_WRITABLE;
    mtvec_d         = mtvec_d & ~64'h2;    // MODE bit 1 hardwired to 0
    stvec_d         = stvec_d & ~64'h2;
    mepc_d          = mepc_d & ~64'h1;     // IALIGN = 16
    sepc_d          = sepc_d & ~64'h1;
    satp_d          = satp_d & SATP_STORED;
    mcountinhibit_d = mcountinhibit_d & MCOUNTINHIBIT_WRITABLE[31:0];
  end

  // mcycle and minstret: a write replaces the cycle's increment.
  always_comb begin
    mcycle_d   = mcycle_q + {63'b0, !mcountinhibit_d[0]};
    minstret_d = minstret_q + (mcountinhibit_d[2] ? 64'd0 : {{(64 - LB){1'b0}}, instret_i});
    if (csr_we && csr_addr_i == CSR_MCYCLE) mcycle_d = wval;
    if (csr_we && csr_addr_i == CSR_MINSTRET) minstret_d = wval;
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      priv_q          <= PRIV_M;
      mstatus_q       <= '0;
      fflags_q        <= '0;
      frm_q           <= '0;
      mie_q           <= '0;
      mip_sw_q        <= '0;
      mideleg_q       <= '0;
      medeleg_q       <= '0;
      mtvec_q         <= '0;
      stvec_q         <= '0;
      mepc_q          <= '0;
      sepc_q          <= '0;
      mcause_q        <= '0;
      scause_q        <= '0;
      mtval_q         <= '0;
      stval_q         <= '0;
      mscratch_q      <= '0;
      sscratch_q      <= '0;
      satp_q          <= '0;
      mcounteren_q    <= '0;
      scounteren_q    <= '0;
      mcountinhibit_q <= '0;
      mcycle_q        <= '0;
      minstret_q      <= '0;
    end else begin
      priv_q          <= priv_d;
      mstatus_q       <= mstatus_d;
      fflags_q        <= fflags_d;
      frm_q           <= frm_d;
      mie_q           <= mie_d;
      mip_sw_q        <= mip_sw_d;
      mideleg_q       <= mideleg_d;
      medeleg_q       <= medeleg_d;
      mtvec_q         <= mtvec_d;
      stvec_q         <= stvec_d;
      mepc_q          <= mepc_d;
      sepc_q          <= sepc_d;
      mcause_q        <= mcause_d;
      scause_q        <= scause_d;
      mtval_q         <= mtval_d;
      stval_q         <= stval_d;
      mscratch_q      <= mscratch_d;
      sscratch_q      <= sscratch_d;
      satp_q          <= satp_d;
      mcounteren_q    <= mcounteren_d;
      scounteren_q    <= scounteren_d;
      mcountinhibit_q <= mcountinhibit_d;
      mcycle_q        <= mcycle_d;
      minstret_q      <= minstret_d;
    end
  end

  // ------------------------------------------ hardware performance counters
  // Event lanes padded so that lane e is event e and every other selector
  // value (0, 12-15) reads a zero count.
  logic [16*LB-1:0] ev_lanes;

  assign ev_lanes = {{((16 - 1 - HPM_NUM_EVENTS) * LB){1'b0}}, events_i, {LB{1'b0}}};

  for (genvar i = 0; i < HPM_N; i++) begin : g_hpm
    logic [63:0] evt_q, evt_d, cnt_q, cnt_d;
    logic [11:0] evt_addr, cnt_addr;

    assign evt_addr = CSR_MHPMEVENT3 + 12'(i);
    assign cnt_addr = CSR_MHPMCOUNTER3 + 12'(i);

    // Counts when mhpmevent holds an event number, unless inhibited; the
    // cycle that writes mhpmevent or mcountinhibit counts with the new value.
    always_comb begin
      evt_d = evt_q;
      if (csr_we && csr_addr_i == evt_addr) evt_d = wval;
      cnt_d = cnt_q;
      if (evt_d[63:4] == '0 && !mcountinhibit_d[i + 3])
        cnt_d = cnt_q + {{(64 - LB){1'b0}}, ev_lanes[evt_d[3:0]*LB +: LB]};
      if (csr_we && csr_addr_i == cnt_addr) cnt_d = wval;
    end

    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        evt_q <= '0;
        cnt_q <= '0;
      end else begin
        evt_q <= evt_d;
        cnt_q <= cnt_d;
      end
    end

    assign hpmevt[i*64 +: 64] = evt_q;
    assign hpmcnt[i*64 +: 64] = cnt_q;
  end

  // ------------------------------------------------- state for the core
  assign priv_o      = priv_q;
  assign priv_data_o = priv_q == PRIV_M && mstatus_q[ST_MPRV] ? mstatus_q[ST_MPP +: 2] : priv_q;
  assign satp_o      = satp_q;
  assign sum_o       = mstatus_q[ST_SUM];
  assign mxr_o       = mstatus_q[ST_MXR];
  assign frm_o       = frm_q;
  assign fs_off_o    = mstatus_q[ST_FS +: 2] == 2'd0;
endmodule
