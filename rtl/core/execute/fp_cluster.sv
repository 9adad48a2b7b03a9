// core types first: backend_types.svh then keeps its own lint waiver for
// the payload widths this file does not use
`include "core_types.svh"
`include "frontend_types.svh"
`include "backend_types.svh"
`include "fpu_types.svh"
`include "tea_events.svh"

// The FP cluster of tea_core (F and D): the S -> E registers of the FP
// issue queue's three ports, their register-file reads in E, and the units
// behind them:
//   port 0  fpu_fma       FMADD family, FADD, FSUB, FMUL (5 cycles, pipelined)
//   port 1  fpu_convert   conversions, compares, min/max, class, sign
//                         injection, moves (2 cycles, pipelined)
//   port 2  fpu_divsqrt   FDIV, FSQRT (iterative, one at a time)
// Ports 1 and 2 share two register-file reads (the FP queue never issues to
// both in one cycle), and all three share one writer, which the FMA always
// has: a conversion does not issue in the cycle that would make it finish
// with an FMA (FPU_FMA_LATENCY - FPU_CONVERT_LATENCY cycles after one
// issued), and a divider result that meets either waits in a register,
// with no FMA or conversion issued until it is written (the divider takes
// nothing new meanwhile). The writer wakes consumers as it writes, and
// completes the instruction in the ROB with the exception flags it raised;
// the divider's completions carry the TEA event ST-DIV (up to 57 cycles,
// one at a time: what the instruction waits for).
//
// binary32 operands are NaN-unboxed here (an f register whose upper 32 bits
// are not all ones reads as the canonical NaN) and binary32 results bound
// for an f register are NaN-boxed; FMV.X.W and the integer operands of
// FCVT.fmt.* and FMV.fmt.X are taken as they are.
module fp_cluster #(
  localparam int unsigned PORTS = 3,
  localparam int unsigned NRD   = 5,         // rs1-rs3 on port 0, rs1-rs2 on port 1 or 2
  localparam int unsigned PB    = PREG_BITS,
  localparam int unsigned RB    = ROB_IDX_BITS,
  localparam int unsigned FPB   = FP_PAYLOAD_BITS,
  localparam int unsigned PS    = PSV_BITS,
  localparam int unsigned TAG   = RB + PB + 2  // rob_idx, pdst, rd_used, box
) (
  input  logic                  clk_i,
  input  logic                  rst_ni,
  input  logic                  flush_i,
  // S: what the FP issue queue selects, per port
  output logic [PORTS-1:0]      port_ready_o,
  input  logic [PORTS-1:0]      iss_valid_i,
  input  logic [PORTS*FPB-1:0]  iss_payload_i,    // fp_payload_t
  input  logic [PORTS*PB-1:0]   iss_prs1_i,
  input  logic [PORTS*PB-1:0]   iss_prs2_i,
  input  logic [PORTS*PB-1:0]   iss_prs3_i,
  // E: register-file reads, read data the same cycle
  output logic [NRD*PB-1:0]     raddr_o,
  input  logic [NRD*64-1:0]     rdata_i,
  // writeback: wake-up, register-file write and ROB completion
  output logic                  wake_valid_o,
  output logic [PB-1:0]         wake_pdst_o,
  output logic                  prf_we_o,
  output logic [PB-1:0]         prf_waddr_o,
  output logic [63:0]           prf_wdata_o,
  output logic                  cpl_valid_o,
  output logic [RB-1:0]         cpl_idx_o,
  output logic [4:0]            cpl_fflags_o,
  output logic [PS-1:0]         cpl_psv_o         // psv_t
);
  localparam int unsigned P_FMA  = 0;
  localparam int unsigned P_MISC = 1;
  localparam int unsigned P_DIV  = 2;

  logic [PORTS-1:0]     ex_valid_q;
  logic [PORTS*FPB-1:0] ex_payload_q;
  logic [PORTS*PB-1:0]  ex_prs1_q, ex_prs2_q, ex_prs3_q;
  /* verilator lint_off UNUSEDSIGNAL */  // each port reads the fields its unit needs
  fp_payload_t          ex_fma, ex_misc, ex_div;
  logic [PB-1:0]        unused_prs3;
  /* verilator lint_on UNUSEDSIGNAL */

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni)      ex_valid_q <= '0;
    else if (flush_i) ex_valid_q <= '0;
    else              ex_valid_q <= iss_valid_i;
  end
  // the rest needs no reset: ex_valid_q says what is meaningful
  always_ff @(posedge clk_i) begin
    ex_payload_q <= iss_payload_i;
    ex_prs1_q    <= iss_prs1_i;
    ex_prs2_q    <= iss_prs2_i;
    ex_prs3_q    <= iss_prs3_i;
  end

  logic [PB-1:0] shared_rs1, shared_rs2;   // port 1's or port 2's
  assign shared_rs1 = ex_valid_q[P_DIV] ? ex_prs1_q[P_DIV*PB +: PB] : ex_prs1_q[P_MISC*PB +: PB];
  assign shared_rs2 = ex_valid_q[P_DIV] ? ex_prs2_q[P_DIV*PB +: PB] : ex_prs2_q[P_MISC*PB +: PB];
  assign raddr_o = {shared_rs2, shared_rs1, ex_prs3_q[P_FMA*PB +: PB],
                    ex_prs2_q[P_FMA*PB +: PB], ex_prs1_q[P_FMA*PB +: PB]};
  assign unused_prs3 = ex_prs3_q[P_MISC*PB +: PB] ^ ex_prs3_q[P_DIV*PB +: PB];

  assign ex_fma  = ex_payload_q[P_FMA*FPB +: FPB];
  assign ex_misc = ex_payload_q[P_MISC*FPB +: FPB];
  assign ex_div  = ex_payload_q[P_DIV*FPB +: FPB];

  // An operand of the given format: binary32 must be NaN-boxed.
  function automatic logic [63:0] unbox(input logic [63:0] v, input logic single);
    if (!single)                unbox = v;
    else if (v[63:32] == '1)    unbox = {32'b0, v[31:0]};
    else                        unbox = fp_qnan(1'b0);
  endfunction

  function automatic logic [63:0] box(input logic [63:0] v, input logic boxed);
    box = boxed ? {32'hffff_ffff, v[31:0]} : v;
  endfunction

  // ---- port 0: fused multiply-add ----
  logic             fma_valid;
  logic [63:0]      fma_result;
  logic [4:0]       fma_flags;
  logic [TAG-1:0]   fma_tag;

  fpu_fma #(.TAG_W(TAG)) u_fma (
    .clk_i, .rst_ni, .flush_i,
    .valid_i(ex_valid_q[P_FMA]), .fmt_i(ex_fma.fmt), .mode_i(ex_fma.op[3:2]),
    .op_i(ex_fma.op[1:0]), .rm_i(ex_fma.rm),
    .a_i(unbox(rdata_i[0*64 +: 64], !ex_fma.fmt)),
    .b_i(unbox(rdata_i[1*64 +: 64], !ex_fma.fmt)),
    .c_i(unbox(rdata_i[2*64 +: 64], !ex_fma.fmt)),
    .tag_i({ex_fma.rob_idx, ex_fma.pdst, ex_fma.rd_used, !ex_fma.fmt}),
    .valid_o(fma_valid), .result_o(fma_result), .flags_o(fma_flags), .tag_o(fma_tag)
  );

  // ---- port 1: conversions and the rest ----
  logic [4:0]       misc_op;     // fcv_op_e
  logic             misc_a_single;
  logic             misc_valid;
  logic [63:0]      misc_result;
  logic [4:0]       misc_flags;
  logic [TAG-1:0]   misc_tag;

  assign misc_op = ex_misc.op;
  // FCVT.D.S reads a binary32, FCVT.S.D a binary64; FMV.X.W the raw bits
  always_comb begin
    if (misc_op == 5'(FCV_F2F))       misc_a_single = ex_misc.fmt;
    else if (misc_op == 5'(FCV_MV_X_F)) misc_a_single = 1'b0;
    else                            misc_a_single = !ex_misc.fmt;
  end

  fpu_convert #(.TAG_W(TAG)) u_convert (
    .clk_i, .rst_ni, .flush_i,
    .valid_i(ex_valid_q[P_MISC]), .op_i(misc_op), .fmt_i(ex_misc.fmt), .rm_i(ex_misc.rm),
    .a_i(unbox(rdata_i[3*64 +: 64], misc_a_single)),
    .b_i(unbox(rdata_i[4*64 +: 64], !ex_misc.fmt)),
    .int_i(rdata_i[3*64 +: 64]),
    .tag_i({ex_misc.rob_idx, ex_misc.pdst, ex_misc.rd_used, ex_misc.rd_fp && !ex_misc.fmt}),
    .valid_o(misc_valid), .result_o(misc_result), .flags_o(misc_flags), .tag_o(misc_tag)
  );

  // ---- port 2: divide and square root ----
  logic             div_ready, div_valid;
  logic [63:0]      div_result;
  logic [4:0]       div_flags;
  logic [TAG-1:0]   div_tag;

  fpu_divsqrt #(.TAG_W(TAG)) u_divsqrt (
    .clk_i, .rst_ni, .flush_i,
    .valid_i(ex_valid_q[P_DIV]), .ready_o(div_ready), .is_sqrt_i(ex_div.op[0]),
    .fmt_i(ex_div.fmt), .rm_i(ex_div.rm),
    .a_i(unbox(rdata_i[3*64 +: 64], !ex_div.fmt)),
    .b_i(unbox(rdata_i[4*64 +: 64], !ex_div.fmt)),
    .tag_i({ex_div.rob_idx, ex_div.pdst, ex_div.rd_used, !ex_div.fmt}),
    .valid_o(div_valid), .result_o(div_result), .flags_o(div_flags), .tag_o(div_tag)
  );

  // A divider result that meets an FMA or conversion result waits here.
  logic           pipe_valid;    // the FMA or the conversion unit writes
  logic           hold_q;
  logic [63:0]    hold_result_q;
  logic [4:0]     hold_flags_q;
  logic [TAG-1:0] hold_tag_q;

  assign pipe_valid = fma_valid || misc_valid;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni)                      hold_q <= 1'b0;
    else if (flush_i)                 hold_q <= 1'b0;
    else if (div_valid && pipe_valid) hold_q <= 1'b1;
    else if (!pipe_valid)             hold_q <= 1'b0;
  end
  always_ff @(posedge clk_i) begin
    if (div_valid && pipe_valid) begin
      hold_result_q <= div_result;
      hold_flags_q  <= div_flags;
      hold_tag_q    <= div_tag;
    end
  end

  // The FMAs issued in the last cycles: a conversion issued now finishes
  // with the one issued FPU_FMA_LATENCY - FPU_CONVERT_LATENCY cycles ago.
  localparam int unsigned GAP = FPU_FMA_LATENCY - FPU_CONVERT_LATENCY;
  if (GAP < 2) begin : g_gap_check
    $error("fp_cluster schedules its writer for an FMA at least 2 cycles longer than a conversion");
  end
  logic [GAP-1:0] fma_issued_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni)      fma_issued_q <= '0;
    else if (flush_i) fma_issued_q <= '0;
    else              fma_issued_q <= {fma_issued_q[GAP-2:0], iss_valid_i[P_FMA]};
  end

  // ---- the writer: the FMA, else the conversion unit, else the divider ----
  logic           wr_valid;
  logic [63:0]    wr_result;
  logic [4:0]     wr_flags;
  logic [TAG-1:0] wr_tag;

  always_comb begin
    wr_valid  = pipe_valid || hold_q || div_valid;
    wr_result = div_result;
    wr_flags  = div_flags;
    wr_tag    = div_tag;
    if (fma_valid) begin
      wr_result = fma_result;
      wr_flags  = fma_flags;
      wr_tag    = fma_tag;
    end else if (misc_valid) begin
      wr_result = misc_result;
      wr_flags  = misc_flags;
      wr_tag    = misc_tag;
    end else if (hold_q) begin
      wr_result = hold_result_q;
      wr_flags  = hold_flags_q;
      wr_tag    = hold_tag_q;
    end
  end

  // tag: {rob_idx, pdst, rd_used, box}
  assign wake_valid_o = wr_valid && wr_tag[1];
  assign wake_pdst_o  = wr_tag[2 +: PB];
  assign prf_we_o     = wr_valid && wr_tag[1];
  assign prf_waddr_o  = wr_tag[2 +: PB];
  assign prf_wdata_o  = box(wr_result, wr_tag[0]);
  assign cpl_valid_o  = wr_valid;
  assign cpl_idx_o    = wr_tag[2 + PB +: RB];
  assign cpl_fflags_o = wr_flags;

  // TEA: the writer completes a division or square root unless a pipelined
  // unit (no bit) has it
  psv_t wr_psv;
  always_comb begin
    wr_psv        = '0;
    wr_psv.st_div = CFG_TEA != 0 && !pipe_valid && (hold_q || div_valid);
  end
  assign cpl_psv_o = wr_psv;

  // Nothing that writes while a divider result waits; a conversion not
  // into an FMA's writing cycle; one division at a time: the divider idle,
  // none in E, none held.
  assign port_ready_o[P_FMA]  = !hold_q;
  assign port_ready_o[P_MISC] = !hold_q && !fma_issued_q[GAP-1];
  assign port_ready_o[P_DIV]  = div_ready && !div_valid && !ex_valid_q[P_DIV] && !hold_q;
endmodule
