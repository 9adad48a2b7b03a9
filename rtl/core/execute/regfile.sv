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
  logic [ENTRIES*XLEN-1:0] regs_q;

  always_ff @(posedge clk_i) begin
    for (int w = 0; w < NWRITE; w++) begin
      if (we_i[w] && waddr_i[w*IDX +: IDX] != '0)
        regs_q[32'(waddr_i[w*IDX +: IDX]) * XLEN +: XLEN] <= wdata_i[w*XLEN +: XLEN];
    end
  end

  always_comb begin
    for (int r = 0; r < NREAD; r++) begin
      if (raddr_i[r*IDX +: IDX] == '0)
        rdata_o[r*XLEN +: XLEN] = '0;
      else
        rdata_o[r*XLEN +: XLEN] = regs_q[32'(raddr_i[r*IDX +: IDX]) * XLEN +: XLEN];
    end
  end
endmodule
