`include "core_types.svh"

// The physical register file (x and f registers): combinational reads,
// writes at the clock edge. A value written at the end of cycle t is read
// in t+1, which is what lets a single-cycle producer feed a consumer issued
// one cycle after it without a bypass (docs/microarchitecture.md, issue and execute).
// p0 is x0's register: it reads zero. The core's several write ports make
// it a live-value-table RAM (lvt_ram.sv), whose size grows with every port:
// 21k LUTs for the default core's 12 reads and 5 writes on an FPGA
// (docs/results.md).
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
  logic [NREAD*XLEN-1:0] ram_rdata;

  lvt_ram #(.ENTRIES(ENTRIES), .WIDTH(XLEN), .NREAD(NREAD), .NWRITE(NWRITE)) u_ram (
    .clk_i, .we_i, .waddr_i, .wdata_i, .raddr_i, .rdata_o(ram_rdata));

  always_comb begin
    for (int r = 0; r < NREAD; r++) begin
      rdata_o[r*XLEN +: XLEN] = raddr_i[r*IDX +: IDX] == '0 ? '0 : ram_rdata[r*XLEN +: XLEN];
    end
  end
endmodule
