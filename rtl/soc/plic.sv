// PLIC with sources 1..31 and two contexts (0: hart 0 M, 1: hart 0 S), in
// QEMU virt's layout exactly as sim/soc/plic.c: priorities at 4*src,
// pending bits at 0x1000, enables at 0x2000 + 0x80*ctx, threshold at
// 0x200000 + 0x1000*ctx and claim/complete 4 bytes after it. 32-bit accesses
// only; other offsets inside the region read as zero and ignore writes.
//
// Sources are level-triggered: pending while the line is high and not
// claimed. A claim returns the enabled pending source of highest priority
// above the threshold (ties: lowest ID) and hides it until its complete.
// Priorities and thresholds keep 3 bits. Register access as clint.sv; a
// claim takes effect at the edge of the reading cycle.
`include "core_types.svh"

module plic (
  input  logic        clk_i,
  input  logic        rst_ni,

  input  logic        req_i,
  input  logic        we_i,
  input  logic [22:0] addr_i,      // offset from the PLIC base
  input  mem_size_e   size_i,
  input  logic [63:0] wdata_i,     // lane aligned
  output logic [63:0] rdata_o,     // lane aligned
  output logic        error_o,

  input  logic [31:0] src_i,       // interrupt lines; bit 0 is no source
  output logic        irq_m_ext_o,
  output logic        irq_s_ext_o
);
  localparam int unsigned NSRC = 31;
  localparam int unsigned NCTX = 2;
  localparam logic [31:0] SRC_MASK = 32'hffff_fffe;

  logic [32*3-1:0]   prio_q;        // source i at [i*3 +: 3]; source 0 stays 0
  logic [NCTX*32-1:0] enable_q;
  logic [NCTX*3-1:0] thresh_q;
  logic [31:0]       claimed_q;

  logic [31:0] pending;
  logic [NCTX*5-1:0] best;          // per context: the source a claim returns

  assign pending = src_i & ~claimed_q & SRC_MASK;

  always_comb begin
    for (int c = 0; c < NCTX; c++) begin
      logic [2:0] best_prio;
      logic [31:0] cand;
      best[c*5 +: 5] = '0;
      best_prio = thresh_q[c*3 +: 3];
      cand = pending & enable_q[c*32 +: 32];
      // Ascending scan with a strict compare: ties go to the lowest ID.
      for (int s = 1; s <= NSRC; s++) begin
        if (cand[s] && prio_q[s*3 +: 3] > best_prio) begin
          best[c*5 +: 5] = 5'(s);
          best_prio = prio_q[s*3 +: 3];
        end
      end
    end
  end

  // Decode of the offset into the register it names.
  logic       sel_prio, sel_pending, sel_enable, sel_thresh, sel_claim;
  logic       ctx_idx;          // context of an enable/threshold/claim offset
  logic [4:0] src_idx;
  logic [31:0] rval, wval;

  always_comb begin
    sel_prio    = addr_i < 23'h80;
    sel_pending = addr_i == 23'h1000;
    sel_enable  = addr_i[22:8] == 15'h20 && addr_i[6:0] == '0;  // 0x2000, 0x2080
    sel_thresh  = addr_i[22:13] == 10'h100 && addr_i[11:0] == 12'h0;  // 0x200000, 0x201000
    sel_claim   = addr_i[22:13] == 10'h100 && addr_i[11:0] == 12'h4;
    ctx_idx     = sel_enable ? addr_i[7] : addr_i[12];
    src_idx     = addr_i[6:2];
    wval        = addr_i[2] ? wdata_i[63:32] : wdata_i[31:0];

    rval = '0;
    if (sel_prio) rval = 32'(prio_q[src_idx*3 +: 3]);
    if (sel_pending) rval = pending;
    if (sel_enable) rval = enable_q[ctx_idx*32 +: 32];
    if (sel_thresh) rval = 32'(thresh_q[ctx_idx*3 +: 3]);
    if (sel_claim) rval = 32'(best[ctx_idx*5 +: 5]);
    error_o = size_i != MEM_W;
    rdata_o = addr_i[2] ? {rval, 32'h0} : {32'h0, rval};
  end

  logic rd_ok, wr_ok;
  assign rd_ok = req_i && !we_i && !error_o;
  assign wr_ok = req_i && we_i && !error_o;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      prio_q    <= '0;
      enable_q  <= '0;
      thresh_q  <= '0;
      claimed_q <= '0;
    end else begin
      if (wr_ok && sel_prio && src_idx != '0) prio_q[src_idx*3 +: 3] <= wval[2:0];
      if (wr_ok && sel_enable) enable_q[ctx_idx*32 +: 32] <= wval & SRC_MASK;
      if (wr_ok && sel_thresh) thresh_q[ctx_idx*3 +: 3] <= wval[2:0];
      // Complete: a write of the source ID; IDs out of range are ignored.
      if (wr_ok && sel_claim && wval != '0 && wval <= 32'(NSRC)) claimed_q[wval[4:0]] <= 1'b0;
      if (rd_ok && sel_claim && best[ctx_idx*5 +: 5] != '0)
        claimed_q[best[ctx_idx*5 +: 5]] <= 1'b1;
    end
  end

  assign irq_m_ext_o = best[0 +: 5] != '0;
  assign irq_s_ext_o = best[5 +: 5] != '0;
endmodule
