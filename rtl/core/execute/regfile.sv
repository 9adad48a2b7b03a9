`include "core_types.svh"

// The physical integer register file: combinational reads, writes at the
// clock edge. A value written at the end of cycle t is read in t+1, which
// is what lets a single-cycle producer feed a consumer issued one cycle
// after it without a bypass (docs/microarchitecture.md, issue and execute).
// p0 is x0's register: it reads zero and ignores writes.
module regfile #(
  parameter int unsigned ENTRIES = CFG_PRF_ENTRIES,
  parameter int unsigned NREAD   = 2,
  parameter int unsigned NWRITE  = 1,
  parameter int unsigned XLEN    = CFG_XLEN,
  localparam int unsigned IDX    = $clog2(ENTRIES)
) (
  input  logic               clk_i,
  input  logic [NREAD*IDX-1:0]   raddr_i,
  output logic [NREAD*XLEN-1:0]  rdata_o,
  input  logic [NWRITE-1:0]      we_i,
  input  logic [NWRITE*IDX-1:0]  waddr_i,
  input  logic [NWRITE*XLEN-1:0] wdata_i
);
  // An array, not a packed vector: Yosys 0.23 turns a write to a variable
  // slice of a packed vector into shifters across the whole vector (2R/1W:
  // 34k LUTs, 5 minutes), while an array becomes LUT RAM (one write port)
  // or flip-flops with a write decoder and read multiplexers (the core's
  // several write ports). A later write port still wins.
  logic [XLEN-1:0] regs_q [ENTRIES];

  always_ff @(posedge clk_i) begin
    for (int w = 0; w < NWRITE; w++) begin
      if (we_i[w] && waddr_i[w*IDX +: IDX] != '0)
        regs_q[waddr_i[w*IDX +: IDX]] <= wdata_i[w*XLEN +: XLEN];
    end
  end

  always_comb begin
    for (int r = 0; r < NREAD; r++) begin
      if (raddr_i[r*IDX +: IDX] == '0)
        rdata_o[r*XLEN +: XLEN] = '0;
      else
        rdata_o[r*XLEN +: XLEN] = regs_q[raddr_i[r*IDX +: IDX]];
    end
  end
endmodule
