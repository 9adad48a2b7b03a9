// Why nothing dispatched in a cycle, as the trace port tells the simulator
// for its stage view (sim/attribution/stages.h, docs/teaperf.md). The codes are
// those of enum tea_disp_stall; a unit test checks that the two agree.
`ifndef TEA_STAGE_TRACE_SVH
`define TEA_STAGE_TRACE_SVH

// verilator lint_off UNUSEDPARAM
localparam int unsigned DISP_STALL_BITS   = 4;
localparam logic [3:0]  DISP_DISPATCHED   = 4'd0;  // lanes dispatched
localparam logic [3:0]  DISP_FE_EMPTY     = 4'd1;  // the fetch buffer is empty
localparam logic [3:0]  DISP_FLUSH        = 4'd2;  // the back end is flushed this cycle
localparam logic [3:0]  DISP_REDIRECT     = 4'd3;  // a mispredicted branch waits to commit
localparam logic [3:0]  DISP_SERIAL       = 4'd4;  // a serialized instruction waits for the ROB
localparam logic [3:0]  DISP_ROB_FULL     = 4'd5;
localparam logic [3:0]  DISP_IQ_FULL      = 4'd6;  // its issue queue
localparam logic [3:0]  DISP_LQ_FULL      = 4'd7;
localparam logic [3:0]  DISP_SQ_FULL      = 4'd8;
localparam logic [3:0]  DISP_REGS_FULL    = 4'd9;  // no free physical register
localparam logic [3:0]  DISP_HALTED       = 4'd10; // debug halt
// verilator lint_on UNUSEDPARAM

`endif
