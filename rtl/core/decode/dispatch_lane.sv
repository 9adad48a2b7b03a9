`include "backend_types.svh"
`include "fpu_types.svh"
`include "tea_events.svh"

// One dispatch lane of tea_core: decodes a fetch-buffer entry (RVC
// expansion, decoder, the exceptions found in fetch and decode), says what
// the dispatch logic needs to know about it, and builds its ROB, issue-queue
// and LSU payloads from the names rename and the queues give it. Purely
// combinational; dispatch has one per lane. (A module rather than a generate
// block so that the structs are module-level variables, which Yosys 0.23
// can select fields of.)
module dispatch_lane #(
  parameter int unsigned INT_PORTS = (CFG_W > 2) ? 4 : 3,  // ALUs, then the divider
  localparam int unsigned EW  = FETCH_ENTRY_BITS,
  localparam int unsigned PB  = PREG_BITS,
  localparam int unsigned RB  = ROB_IDX_BITS,
  localparam int unsigned IPB = INT_PAYLOAD_BITS,
  localparam int unsigned MPB = MEM_PAYLOAD_BITS,
  localparam int unsigned FPB = FP_PAYLOAD_BITS,
  localparam int unsigned RPB = ROB_PAYLOAD_BITS
) (
  input  logic [EW-1:0]          entry_i,        // fetch_entry_t
  input  logic [1:0]             priv_i,         // privilege, for the ECALL cause
  input  logic                   fs_off_i,       // mstatus.FS is Off: F/D are illegal
  input  logic [2:0]             frm_i,          // the dynamic rounding mode
  // what rename, the ROB and the LSU allocate for this lane
  input  logic [PB-1:0]          prs1_i,
  input  logic [PB-1:0]          prs2_i,
  input  logic [PB-1:0]          pdst_i,
  input  logic [PB-1:0]          old_pdst_i,
  input  logic [RB-1:0]          rob_idx_i,
  input  logic [LQ_IDX_BITS-1:0] lq_idx_i,
  input  logic [SQ_IDX_BITS-1:0] sq_idx_i,
  input  logic                   dr_sq_i,        // TEA: first store after the SQ was full
  // exception found in fetch or decode (the instruction is complete)
  output logic                   xcpt_o,
  output logic [3:0]             cause_o,
  output logic [63:0]            tval_o,
  // what the dispatch logic needs
  output logic                   int_o,          // goes to the integer issue queue
  output logic                   mem_o,          // goes to the memory issue queue
  output logic                   fp_o,           // goes to the FP issue queue
  output logic                   load_o,
  output logic                   store_o,
  output logic                   serial_o,       // dispatches alone into an empty ROB
  output logic                   csr_sys_o,      // CSR or system: done at dispatch
  output logic                   rs1_used_o,
  output logic                   rs2_used_o,
  output logic                   rs3_used_o,
  // to rename
  output logic [5:0]             rs1_o,
  output logic [5:0]             rs2_o,
  output logic [5:0]             rs3_o,
  output logic [5:0]             rd_o,
  output logic                   rd_used_o,
  // payloads
  output logic [RPB-1:0]         rob_payload_o,  // rob_payload_t
  output logic [PSV_BITS-1:0]    psv_o,          // psv_t
  output logic [IPB-1:0]         int_payload_o,  // int_payload_t
  output logic [INT_PORTS-1:0]   int_ports_o,    // integer ports that can execute it
  output logic [MPB-1:0]         mem_payload_o,  // mem_payload_t
  output logic [FPB-1:0]         fp_payload_o,   // fp_payload_t
  output logic [2:0]             fp_ports_o      // FP ports: FMA, conversions, divide
`ifdef TEA_TRACE
  ,
  // Trace port (simulation only): the flops it does on the FMA unit (2:
  // the FMADD family, 1: add, subtract, multiply, 0: none)
  output logic [1:0]             trace_flops_o
`endif
);
  // RISC-V exception causes raised here
  localparam logic [3:0] CAUSE_FETCH_ACCESS = 4'd1;
  localparam logic [3:0] CAUSE_ILLEGAL      = 4'd2;
  localparam logic [3:0] CAUSE_BREAKPOINT   = 4'd3;
  localparam logic [3:0] CAUSE_ECALL_U      = 4'd8;
  localparam logic [3:0] CAUSE_FETCH_PAGE   = 4'd12;
  localparam int unsigned P_DIV = INT_PORTS - 1;

  fetch_entry_t fe;
  /* verilator lint_off UNUSEDSIGNAL */  // csr, compressed, illegal: read elsewhere
  uop_t         uop, dec;
  /* verilator lint_on UNUSEDSIGNAL */
  br_kind_e     kind;
  logic [31:0]  expanded, bits32, raw;
  logic         rvc_illegal;

  assign fe = entry_i;
  rvc_expand u_rvc (.instr_i(fe.bits[15:0]), .instr_o(expanded), .illegal_o(rvc_illegal));
  assign bits32 = fe.rvc ? expanded : fe.bits;
  decoder u_dec (.instr_i(bits32), .compressed_i(fe.rvc), .uop_o(dec));

  always_comb begin
    uop = dec;
    if (dec.prefetch) begin
      // Zicbop prefetch.r/.w: a load of the line at rs1 + imm[11:5] << 5
      // that writes nothing and never traps (the LSU drops what would)
      uop.fu       = FU_LOAD;
      uop.mem_size = MEM_B;
      uop.imm      = {dec.imm[CFG_XLEN-1:5], 5'b00000};
    end
    xcpt_o = 1'b0;
    cause_o = '0;
    tval_o = '0;
    raw = fe.bits;          // the raw bits as the commit record wants them
    if (fe.fault) begin
      xcpt_o = 1'b1;
      cause_o = fe.fault_page ? CAUSE_FETCH_PAGE : CAUSE_FETCH_ACCESS;
      tval_o = fe.pc + (fe.fault_hi ? 64'd2 : 64'd0);
      raw = '0;
    end else if (dec.illegal || (fe.rvc && rvc_illegal) || (dec.fp && fs_off_i) ||
                 (dec.fp_rm_used && dec.fp_rm == 3'd7 && frm_i > FP_RM_RMM)) begin
      xcpt_o = 1'b1;
      cause_o = CAUSE_ILLEGAL;
      tval_o = {32'd0, fe.bits};
    end else if (dec.fu == FU_SYSTEM && dec.op.sys == SYS_ECALL) begin
      xcpt_o = 1'b1;
      cause_o = CAUSE_ECALL_U + 4'(priv_i);
    end else if (dec.fu == FU_SYSTEM && dec.op.sys == SYS_EBREAK) begin
      xcpt_o = 1'b1;
      cause_o = CAUSE_BREAKPOINT;
      tval_o = fe.pc;
    end
    if (xcpt_o) begin
      // a faulting instruction reads and writes nothing
      uop.rs1_used = 1'b0;
      uop.rs2_used = 1'b0;
      uop.rs3_used = 1'b0;
      uop.rd_used  = 1'b0;
    end
  end

  // RISC-V calling convention hints: x1/x5 are link registers.
  logic rd_link, rs1_link;
  assign rd_link  = dec.rd == 6'd1 || dec.rd == 6'd5;
  assign rs1_link = dec.rs1 == 6'd1 || dec.rs1 == 6'd5;
  always_comb begin
    if (dec.op.br == BR_JAL || dec.op.br == BR_JALR) begin
      if (rd_link && dec.rd_used)                                kind = BR_KIND_CALL;
      else if (dec.op.br == BR_JALR && rs1_link && !dec.rd_used) kind = BR_KIND_RETURN;
      else                                                       kind = BR_KIND_JUMP;
    end else begin
      kind = BR_KIND_BRANCH;
    end
  end

  assign serial_o   = !xcpt_o && uop.serialize;
  assign load_o     = !xcpt_o && uop.fu == FU_LOAD;
  assign store_o    = !xcpt_o && uop.fu == FU_STORE;
  assign mem_o      = load_o || store_o;
  assign int_o      = !xcpt_o && (uop.fu == FU_ALU || uop.fu == FU_BRANCH ||
                                  uop.fu == FU_MUL || uop.fu == FU_DIV);
  assign fp_o       = !xcpt_o && (uop.fu == FU_FMA || uop.fu == FU_FMISC || uop.fu == FU_FDIV);
  assign fp_ports_o = {uop.fu == FU_FDIV, uop.fu == FU_FMISC, uop.fu == FU_FMA};
`ifdef TEA_TRACE
  assign trace_flops_o = uop.fu != FU_FMA ? 2'd0 : uop.fp_op[3:2] == 2'(FMA_FMADD) ? 2'd2 : 2'd1;
`endif
  assign csr_sys_o  = uop.fu == FU_CSR || uop.fu == FU_SYSTEM;
  assign rs1_used_o = uop.rs1_used;
  assign rs2_used_o = uop.rs2_used;
  assign rs3_used_o = uop.rs3_used;
  assign rs1_o      = uop.rs1;
  assign rs2_o      = uop.rs2;
  assign rs3_o      = uop.rs3;
  assign rd_o       = uop.rd;
  assign rd_used_o  = uop.rd_used;

  // Port 0 also branches, port 1 also multiplies, the last port divides.
  always_comb begin
    for (int p = 0; p < INT_PORTS; p++) begin
      if (p == P_DIV)  int_ports_o[p] = uop.fu == FU_DIV;
      else if (p == 0) int_ports_o[p] = uop.fu == FU_ALU || uop.fu == FU_BRANCH;
      else if (p == 1) int_ports_o[p] = uop.fu == FU_ALU || uop.fu == FU_MUL;
      else             int_ports_o[p] = uop.fu == FU_ALU;
    end
  end

  rob_payload_t rp;
  int_payload_t ip;
  mem_payload_t mp;
  fp_payload_t  fpp;
  psv_t         psv;

  always_comb begin
    rp = '0;
    rp.pc       = fe.pc;
    rp.insn     = raw;
    rp.rvc      = fe.rvc;
    rp.fu       = uop.fu;
    rp.op.alu   = uop.op.alu;  // all of the union (Yosys 0.23: not rp.op as a whole)
    rp.word     = uop.fu == FU_AMO ? uop.mem_size == MEM_W : uop.word;  // AMO .W
    rp.rd       = uop.rd;
    rp.rd_used  = uop.rd_used;
    rp.pdst     = pdst_i;
    rp.old_pdst = old_pdst_i;
    rp.prs1     = prs1_i;
    rp.prs2     = prs2_i;
    rp.is_load  = load_o;
    rp.is_store = store_o;
    rp.ckpt     = fe.ckpt;

    psv = '0;
    psv.dr_l1  = fe.psv.dr_l1;
    psv.dr_tlb = fe.psv.dr_tlb;
    psv.dr_sq  = CFG_TEA != 0 && dr_sq_i;

    ip = '0;
    ip.fu         = uop.fu;
    ip.op.alu     = uop.op.alu;  // all of the union, as for rp
    ip.word       = uop.word;
    ip.opa_sel    = uop.opa_sel;
    ip.opb_sel    = uop.opb_sel;
    ip.compressed = fe.rvc;
    ip.pc         = fe.pc;
    ip.imm        = uop.imm;
    ip.pred_npc   = fe.pred_npc;
    ip.ckpt       = fe.ckpt;
    ip.br_kind    = kind;
    ip.rob_idx    = rob_idx_i;
    ip.pdst       = pdst_i;
    ip.rd_used    = uop.rd_used;

    mp = '0;
    mp.is_store     = store_o;
    mp.prefetch     = uop.prefetch;
    mp.size         = uop.mem_size;
    mp.mem_unsigned = uop.mem_unsigned;
    mp.box          = uop.rd[5] && uop.mem_size == MEM_W;
    mp.imm          = uop.imm;
    mp.lq_idx       = lq_idx_i;
    mp.sq_idx       = sq_idx_i;
    mp.pdst         = pdst_i;

    fpp = '0;
    fpp.fu      = uop.fu;
    fpp.op      = uop.fp_op;
    fpp.fmt     = uop.fp_fmt;
    fpp.rm      = uop.fp_rm == 3'd7 ? frm_i : uop.fp_rm;
    fpp.rd_fp   = uop.rd[5];
    fpp.rob_idx = rob_idx_i;
    fpp.pdst    = pdst_i;
    fpp.rd_used = uop.rd_used;
  end

  assign rob_payload_o = rp;
  assign psv_o         = psv;
  assign int_payload_o = ip;
  assign mem_payload_o = mp;
  assign fp_payload_o  = fpp;
endmodule
