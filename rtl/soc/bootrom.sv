// Boot ROM (60 KiB at 0x1000): read a whole 64-byte line per access, with
// one cycle of latency (a block RAM with a registered output that holds its
// value until the next read). The simulator writes its contents before
// reset, one doubleword at a time, through the load port; on an FPGA they
// come from INIT_FILE, a $readmemh file with one line per 64-byte ROM line
// (128 hex digits, byte 0 in the last two), or zeros when it is empty.
`include "mem_types.svh"

module bootrom #(
  parameter int unsigned SIZE = 32'(PMA_BOOTROM_SIZE),   // bytes, a multiple of 64
  parameter INIT_FILE = "",
  localparam int unsigned LINES     = SIZE / CFG_LINE_BYTES,
  localparam int unsigned LINE_IDX  = $clog2(LINES),
  localparam int unsigned ADDR_BITS = $clog2(SIZE)
) (
  input  logic                 clk_i,

  input  logic                 rd_en_i,
  input  logic [LINE_IDX-1:0]  rd_line_i,  // line index from the ROM's base
  output logic [LINE_BITS-1:0] rd_data_o,  // the cycle after rd_en_i, held until the next

  input  logic                 wr_valid_i,
  input  logic [ADDR_BITS-1:0] wr_addr_i,  // byte offset from the ROM's base, 8-byte aligned
  input  logic [63:0]          wr_data_i
);
  localparam int unsigned DWORDS = CFG_LINE_BYTES / 8;

  logic [LINE_IDX-1:0] wr_line;
  logic [2:0] unused_wr_addr;
  assign wr_line = wr_addr_i[ADDR_BITS-1:LINE_OFF_BITS];
  assign unused_wr_addr = wr_addr_i[2:0];

  logic [LINE_BITS-1:0] mem_q [LINES];

  initial begin
    if (INIT_FILE != "") $readmemh(INIT_FILE, mem_q);
    else for (int i = 0; i < LINES; i++) mem_q[i] = '0;
  end

  // Each doubleword lane of a line is its own write enable, so the memory
  // maps to block RAM with byte-wide write enables.
  always_ff @(posedge clk_i) begin
    for (int d = 0; d < DWORDS; d++)
      if (wr_valid_i && wr_addr_i[LINE_OFF_BITS-1:3] == 3'(d)) mem_q[wr_line][d*64 +: 64] <= wr_data_i;
    if (rd_en_i) rd_data_o <= mem_q[rd_line_i];
  end
endmodule
