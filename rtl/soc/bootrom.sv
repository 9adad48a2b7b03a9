// Boot ROM (60 KiB at 0x1000): read a whole 64-byte line per access, with
// one cycle of latency (a block RAM with a registered output that holds its
// value until the next read). The simulator writes its contents before
// reset, one doubleword at a time, through the load port; on an FPGA they
// come from INIT_FILE, a $readmemh file with one line per 64-byte ROM line
// (128 hex digits, byte 0 in the last two), or zeros when it is empty.
// Eight 64-bit-wide memories, one per doubleword of a line, so that each
// maps to block RAM with a plain write port.
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

  for (genvar d = 0; d < DWORDS; d++) begin : g_dword
    logic [63:0] mem_q [LINES];
    logic [63:0] rd_q;

    // $readmemh fills the eight lane memories from one file of whole lines.
    initial begin
      if (INIT_FILE != "") begin
        logic [LINE_BITS-1:0] lines [LINES];
        $readmemh(INIT_FILE, lines);
        for (int i = 0; i < LINES; i++) mem_q[i] = lines[i][d*64 +: 64];
      end else begin
        for (int i = 0; i < LINES; i++) mem_q[i] = '0;
      end
    end

    always_ff @(posedge clk_i) begin
      if (wr_valid_i && wr_addr_i[LINE_OFF_BITS-1:3] == 3'(d)) mem_q[wr_line] <= wr_data_i;
      if (rd_en_i) rd_q <= mem_q[rd_line_i];
    end
    assign rd_data_o[d*64 +: 64] = rd_q;
  end
endmodule
