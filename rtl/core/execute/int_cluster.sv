// core and frontend types first: backend_types.svh then keeps its own
// lint waiver for the payload widths this file does not use
`include "core_types.svh"
`include "frontend_types.svh"
`include "backend_types.svh"
`include "tea_events.svh"

// The integer cluster of tea_core: the S -> E registers of the integer
// ports, their register-file reads in E, the ALU ports (port 0 also
// resolves branches, see branch_resolve.sv), the multiplier on port 1 and
// the divider on the last port. The divider reads its operands through the
// last ALU port's two register-file reads (the issue queue never issues to
// both in one cycle: SHARE_LAST). The multiplier and the divider share one
// write port; the multiplier cannot wait, so the divider holds its result
// meanwhile. Writers are numbered ALUs first, then that shared port.
// A division completes with the TEA event ST-DIV: the divider is the
// structure that sees the instruction take up to 64 cycles.
module int_cluster #(
  parameter int unsigned N_ALU = (CFG_W > 2) ? 3 : 2,
  localparam int unsigned PORTS = N_ALU + 1,   // the ALUs, then the divider
  localparam int unsigned NWR   = N_ALU + 1,   // the ALUs, then MUL/DIV
  localparam int unsigned P_DIV = N_ALU,
  localparam int unsigned P_SHR = N_ALU - 1,   // the ALU port whose reads the divider shares
  localparam int unsigned PB    = PREG_BITS,
  localparam int unsigned RB    = ROB_IDX_BITS,
  localparam int unsigned IPB   = INT_PAYLOAD_BITS,
  localparam int unsigned PS    = PSV_BITS,
  localparam int unsigned MDTAG = RB + PB + 1
) (
  input  logic                  clk_i,
  input  logic                  rst_ni,
  input  logic                  flush_i,
  // S: what the integer issue queue selects, per port
  output logic [PORTS-1:0]      port_ready_o,
  input  logic [PORTS-1:0]      iss_valid_i,
  input  logic [PORTS*IPB-1:0]  iss_payload_i,    // int_payload_t
  input  logic [PORTS*PB-1:0]   iss_prs1_i,
  input  logic [PORTS*PB-1:0]   iss_prs2_i,
  // E: two register-file reads per ALU port, read data the same cycle
  output logic [2*N_ALU*PB-1:0] raddr_o,
  input  logic [2*N_ALU*64-1:0] rdata_i,
  // writeback: wake-up, register-file write and ROB completion per writer
  output logic [NWR-1:0]        wake_valid_o,
  output logic [NWR*PB-1:0]     wake_pdst_o,
  output logic [NWR-1:0]        prf_we_o,
  output logic [NWR*PB-1:0]     prf_waddr_o,
  output logic [NWR*64-1:0]     prf_wdata_o,
  output logic [NWR-1:0]        cpl_valid_o,
  output logic [NWR*RB-1:0]     cpl_idx_o,
  output logic [NWR*PS-1:0]     cpl_psv_o,        // psv_t
  // the ALU results being written at the end of E, for the bypass
  output logic [N_ALU-1:0]      byp_valid_o,
  output logic [N_ALU*PB-1:0]   byp_pdst_o,
  output logic [N_ALU*64-1:0]   byp_data_o,
  // port 0 in E, for branch resolution
  output logic                  br_valid_o,
  output logic [IPB-1:0]        br_payload_o,     // int_payload_t
  output logic                  br_taken_o,
  output logic [63:0]           br_target_o
);
  logic [PORTS-1:0]     ex_valid_q;
  logic [PORTS*IPB-1:0] ex_payload_q;
  logic [PORTS*PB-1:0]  ex_prs1_q, ex_prs2_q;
  /* verilator lint_off UNUSEDSIGNAL */
  int_payload_t         ex1, exdiv;    // ports 1 (multiply) and P_DIV (divide)
  /* verilator lint_on UNUSEDSIGNAL */
  logic [N_ALU-1:0]     alu_writes, alu_rd_used;
  logic [N_ALU*PB-1:0]  alu_pdst;
  logic [N_ALU*64-1:0]  alu_result;

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
  end

  for (genvar p = 0; p < N_ALU; p++) begin : g_read
    if (p == P_SHR) begin : g_shared   // the divider's while it is in E
      assign raddr_o[2*p*PB +: PB]     = ex_valid_q[P_DIV] ? ex_prs1_q[P_DIV*PB +: PB]
                                                           : ex_prs1_q[p*PB +: PB];
      assign raddr_o[(2*p+1)*PB +: PB] = ex_valid_q[P_DIV] ? ex_prs2_q[P_DIV*PB +: PB]
                                                           : ex_prs2_q[p*PB +: PB];
    end else begin : g_own
      assign raddr_o[2*p*PB +: PB]     = ex_prs1_q[p*PB +: PB];
      assign raddr_o[(2*p+1)*PB +: PB] = ex_prs2_q[p*PB +: PB];
    end
  end

  assign ex1   = ex_payload_q[IPB +: IPB];
  assign exdiv = ex_payload_q[P_DIV*IPB +: IPB];

  // The ALU ports (alu_port.sv): execute in E, wake at S
  for (genvar p = 0; p < N_ALU; p++) begin : g_alu
    logic        taken;
    /* verilator lint_off UNUSEDSIGNAL */  // only port 0 resolves branches
    logic [63:0] target;
    /* verilator lint_on UNUSEDSIGNAL */
    alu_port u_port (
      .sel_valid_i(iss_valid_i[p]), .sel_payload_i(iss_payload_i[p*IPB +: IPB]),
      .wake_valid_o(wake_valid_o[p]), .wake_pdst_o(wake_pdst_o[p*PB +: PB]),
      .ex_valid_i(ex_valid_q[p]), .ex_payload_i(ex_payload_q[p*IPB +: IPB]),
      .rs1_i(rdata_i[2*p*64 +: 64]), .rs2_i(rdata_i[(2*p+1)*64 +: 64]),
      .writes_o(alu_writes[p]), .rd_used_o(alu_rd_used[p]), .pdst_o(alu_pdst[p*PB +: PB]),
      .result_o(alu_result[p*64 +: 64]), .rob_idx_o(cpl_idx_o[p*RB +: RB]),
      .prf_we_o(prf_we_o[p]), .taken_o(taken), .target_o(target)
    );
    assign prf_waddr_o[p*PB +: PB] = alu_pdst[p*PB +: PB];
    assign prf_wdata_o[p*64 +: 64] = alu_result[p*64 +: 64];
    assign cpl_valid_o[p]          = alu_writes[p];
    assign byp_valid_o[p]          = alu_writes[p] && alu_rd_used[p];
    if (p == 0) begin : g_branch
      assign br_taken_o  = taken;
      assign br_target_o = target;
    end else begin : g_no_branch
      logic unused;
      assign unused = taken ^ target[0];
    end
  end
  assign byp_pdst_o   = alu_pdst;
  assign byp_data_o   = alu_result;
  assign br_valid_o   = ex_valid_q[0];
  assign br_payload_o = ex_payload_q[0 +: IPB];

  // multiplier (port 1) and divider (port P_DIV) share the writer after the ALUs
  logic             mul_valid, div_valid, div_ready, div_busy;
  logic [MDTAG-1:0] mul_tag, div_tag;
  logic [63:0]      mul_result, div_result;
  logic             md_valid;
  logic [MDTAG-1:0] md_tag;

  multiplier #(.TAG_W(MDTAG)) u_mul (
    .clk_i, .rst_ni, .flush_i,
    .valid_i(ex_valid_q[1] && ex1.fu == FU_MUL), .op_i(ex1.op.mul), .word_i(ex1.word),
    .a_i(rdata_i[2*64 +: 64]), .b_i(rdata_i[3*64 +: 64]),
    .tag_i({ex1.rob_idx, ex1.pdst, ex1.rd_used}),
    .valid_o(mul_valid), .tag_o(mul_tag), .result_o(mul_result)
  );

  divider #(.TAG_W(MDTAG)) u_div (
    .clk_i, .rst_ni, .flush_i,
    .valid_i(ex_valid_q[P_DIV]), .ready_o(div_ready), .op_i(exdiv.op.div),
    .word_i(exdiv.word),
    .a_i(rdata_i[2*P_SHR*64 +: 64]), .b_i(rdata_i[(2*P_SHR+1)*64 +: 64]),
    .tag_i({exdiv.rob_idx, exdiv.pdst, exdiv.rd_used}),
    .busy_o(div_busy), .valid_o(div_valid), .ready_i(!mul_valid), .tag_o(div_tag),
    .result_o(div_result)
  );

  assign md_valid = mul_valid || div_valid;
  assign md_tag   = mul_valid ? mul_tag : div_tag;
  assign wake_valid_o[N_ALU]          = md_valid && md_tag[0];
  assign wake_pdst_o[N_ALU*PB +: PB]  = md_tag[1 +: PB];
  assign prf_we_o[N_ALU]              = md_valid && md_tag[0];
  assign prf_waddr_o[N_ALU*PB +: PB]  = md_tag[1 +: PB];
  assign prf_wdata_o[N_ALU*64 +: 64]  = mul_valid ? mul_result : div_result;
  assign cpl_valid_o[N_ALU]           = md_valid;
  assign cpl_idx_o[N_ALU*RB +: RB]    = md_tag[1 + PB +: RB];

  // TEA: the ALUs and the multiplier (pipelined) set no PSV bit, the
  // divider (iterative) ST-DIV on whatever it completes
  psv_t md_psv;
  always_comb begin
    md_psv        = '0;
    md_psv.st_div = CFG_TEA != 0 && !mul_valid && div_valid;
  end
  assign cpl_psv_o[0 +: N_ALU*PS]  = '0;
  assign cpl_psv_o[N_ALU*PS +: PS] = md_psv;

  always_comb begin
    for (int p = 0; p < PORTS; p++) port_ready_o[p] = 1'b1;
    // one division at a time: the one in E has not reached the divider yet
    port_ready_o[P_DIV] = div_ready && !div_busy && !ex_valid_q[P_DIV];
  end
endmodule
