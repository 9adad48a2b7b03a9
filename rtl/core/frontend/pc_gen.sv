// Fetch pc: the pc of the block looked up this cycle, and the one of the
// next cycle, by priority: flush at commit, redirect at resolution, then
// what fetch_align says when the block was taken (predicted target or
// sequential), else the same pc again. npc_o is what the I-cache's
// synchronous arrays are read with.
module pc_gen #(
  parameter int unsigned      XLEN     = 64,
  parameter logic [XLEN-1:0]  RESET_PC = 64'h1000
) (
  input  logic            clk_i,
  input  logic            rst_ni,
  input  logic            flush_i,
  input  logic [XLEN-1:0] flush_pc_i,
  input  logic            redirect_i,
  input  logic [XLEN-1:0] redirect_pc_i,
  input  logic            advance_i,   // the block at pc_o was taken
  input  logic [XLEN-1:0] next_pc_i,   // where fetch goes after it
  output logic [XLEN-1:0] pc_o,
  output logic [XLEN-1:0] npc_o
);
  logic [XLEN-1:0] pc_q;

  always_comb begin
    npc_o = pc_q;
    if (flush_i)         npc_o = flush_pc_i;
    else if (redirect_i) npc_o = redirect_pc_i;
    else if (advance_i)  npc_o = next_pc_i;
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) pc_q <= RESET_PC;
    else         pc_q <= npc_o;
  end

  assign pc_o = pc_q;
endmodule
