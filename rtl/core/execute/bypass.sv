/* verilator lint_off UNUSEDPARAM */  // a module uses only some of the sizes
`include "core_config.svh"
/* verilator lint_on UNUSEDPARAM */

// Operand bypass into the memory ports: they read the register file in S,
// one cycle before the ALUs in E have written their results, so an operand
// that an ALU writes this cycle is taken from that ALU instead. One such
// operand per input; x0's physical register (0) is never bypassed.
module bypass #(
  parameter int unsigned N    = 3,                       // operands
  parameter int unsigned NSRC = (CFG_W > 2) ? 3 : 2,     // ALUs in E
  parameter int unsigned PB   = $clog2(CFG_PRF_ENTRIES)
) (
  input  logic [N*PB-1:0]    preg_i,       // the operands' physical registers
  input  logic [N*64-1:0]    prf_data_i,   // ... as the register file reads them
  input  logic [NSRC-1:0]    src_valid_i,  // the ALU writes a register at the end of E
  input  logic [NSRC*PB-1:0] src_pdst_i,
  input  logic [NSRC*64-1:0] src_data_i,
  output logic [N*64-1:0]    data_o
);
  always_comb begin
    for (int i = 0; i < N; i++) begin
      data_o[i*64 +: 64] = prf_data_i[i*64 +: 64];
      for (int p = 0; p < NSRC; p++)
        if (src_valid_i[p] && src_pdst_i[p*PB +: PB] == preg_i[i*PB +: PB] &&
            preg_i[i*PB +: PB] != '0)
          data_o[i*64 +: 64] = src_data_i[p*64 +: 64];
    end
  end
endmodule
