// Test finisher (sifive,test0), as sim/soc/soc.c: a 16- or 32-bit write of
// 0x5555 (pass), 0x3333 | code << 16 (fail with code) or 0x7777 (reset, an
// exit with code 0) to its first word stops the simulation. The first
// request wins and stays raised. Reads return zero; other sizes are errors.
// Register access as clint.sv.
`include "core_types.svh"

module finisher (
  input  logic        clk_i,
  input  logic        rst_ni,

  input  logic        req_i,
  input  logic        we_i,
  input  logic [11:0] addr_i,      // offset from the finisher base
  input  mem_size_e   size_i,
  input  logic [63:0] wdata_i,     // lane aligned
  output logic [63:0] rdata_o,
  output logic        error_o,

  output logic        finish_valid_o,
  output logic [15:0] finish_code_o,
  output logic        finish_reset_o  // the request was 0x7777
);
  localparam logic [15:0] FAIL  = 16'h3333;
  localparam logic [15:0] PASS  = 16'h5555;
  localparam logic [15:0] RESET = 16'h7777;

  logic        valid_q, reset_q;
  logic [15:0] code_q;
  logic        write0;
  logic [15:0] cmd, code;
  logic [47:0] unused_wdata;

  assign error_o = size_i != MEM_H && size_i != MEM_W;
  assign rdata_o = '0;
  assign write0  = req_i && we_i && !error_o && addr_i == '0;
  assign cmd     = wdata_i[15:0];
  // A 16-bit write has no upper half: its code is zero.
  assign code    = size_i == MEM_W ? wdata_i[31:16] : 16'h0;
  assign unused_wdata = wdata_i[63:16];

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      valid_q <= 1'b0;
      reset_q <= 1'b0;
      code_q  <= '0;
    end else if (write0 && !valid_q && (cmd == PASS || cmd == FAIL || cmd == RESET)) begin
      valid_q <= 1'b1;
      reset_q <= cmd == RESET;
      code_q  <= cmd == FAIL ? code : 16'h0;
    end
  end

  assign finish_valid_o = valid_q;
  assign finish_code_o  = code_q;
  assign finish_reset_o = reset_q;
endmodule
