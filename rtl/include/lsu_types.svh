// What the LSU's units (rtl/core/lsu/) share: access sizes as byte masks
// and load values, and the exception causes they report.
`ifndef TEA_LSU_TYPES_SVH
`define TEA_LSU_TYPES_SVH

`include "core_types.svh"

// verilator lint_off UNUSEDPARAM
localparam logic [3:0] CAUSE_LD_MISALIGNED = 4'd4;
localparam logic [3:0] CAUSE_LD_ACCESS     = 4'd5;
localparam logic [3:0] CAUSE_ST_MISALIGNED = 4'd6;
localparam logic [3:0] CAUSE_ST_ACCESS     = 4'd7;
localparam logic [3:0] CAUSE_LD_PAGE       = 4'd13;
localparam logic [3:0] CAUSE_ST_PAGE       = 4'd15;
// verilator lint_on UNUSEDPARAM

// Sizes are log2 of the bytes (0: byte .. 3: doubleword).
function automatic logic [7:0] lsu_size_mask(input logic [1:0] sz);
  case (sz)
    2'd0:    lsu_size_mask = 8'h01;
    2'd1:    lsu_size_mask = 8'h03;
    2'd2:    lsu_size_mask = 8'h0f;
    default: lsu_size_mask = 8'hff;
  endcase
endfunction

function automatic logic lsu_misaligned(input logic [2:0] off, input logic [1:0] sz);
  case (sz)
    2'd0:    lsu_misaligned = 1'b0;
    2'd1:    lsu_misaligned = off[0];
    2'd2:    lsu_misaligned = off[1:0] != 2'b00;
    default: lsu_misaligned = off != 3'b000;
  endcase
endfunction

// How a load's value fills the register (ext[1:0]): sign-extended (0),
// zero-extended (LBU, LHU, LWU: bit 0) or, for FLW, NaN-boxed (bit 1: the
// upper 32 bits set).
function automatic logic [63:0] lsu_extend(input logic [63:0] v, input logic [1:0] sz,
                                       input logic [1:0] ext);
  case (sz)
    2'd0:    lsu_extend = {{56{!ext[0] & v[7]}}, v[7:0]};
    2'd1:    lsu_extend = {{48{!ext[0] & v[15]}}, v[15:0]};
    2'd2:    lsu_extend = {{32{ext[1] | (!ext[0] & v[31])}}, v[31:0]};
    default: lsu_extend = v;
  endcase
endfunction

function automatic mem_size_e lsu_to_size(input logic [1:0] sz);
  case (sz)
    2'd0:    lsu_to_size = MEM_B;
    2'd1:    lsu_to_size = MEM_H;
    2'd2:    lsu_to_size = MEM_W;
    default: lsu_to_size = MEM_D;
  endcase
endfunction

function automatic logic [1:0] lsu_from_size(input mem_size_e sz);
  case (sz)
    MEM_B:   lsu_from_size = 2'd0;
    MEM_H:   lsu_from_size = 2'd1;
    MEM_W:   lsu_from_size = 2'd2;
    default: lsu_from_size = 2'd3;
  endcase
endfunction

`endif
