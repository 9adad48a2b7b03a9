// CLINT for one hart in the SiFive layout of QEMU virt (sim/soc/clint.c):
// msip at 0x0 (32-bit accesses only), mtimecmp at 0x4000 and mtime at
// 0xbff8 (32-bit halves or 64-bit). Other msip words and timer registers
// (harts that do not exist) read as zero and ignore writes; offsets from
// 0xc000 and wrong sizes are errors. mtime advances one tick every TICK_DIV
// core cycles (100 MHz core, 10 MHz timebase by default).
//
// Register access: req_i for one cycle; rdata_o (lane aligned) and error_o
// are combinational in that cycle, the write and any side effect happen at
// its clock edge.
`include "core_types.svh"

module clint #(
  parameter int unsigned TICK_DIV = 10
) (
  input  logic        clk_i,
  input  logic        rst_ni,

  input  logic        req_i,
  input  logic        we_i,
  input  logic [15:0] addr_i,    // offset from the CLINT base
  input  mem_size_e   size_i,
  input  logic [63:0] wdata_i,   // lane aligned
  output logic [63:0] rdata_o,   // lane aligned
  output logic        error_o,

  output logic        irq_m_soft_o,
  output logic        irq_m_timer_o,
  output logic [63:0] mtime_o
);
  localparam logic [15:0] MTIMECMP  = 16'h4000;
  localparam logic [15:0] MTIME     = 16'hbff8;
  localparam logic [15:0] TIMER_END = 16'hc000;
  localparam int unsigned DIV_BITS  = TICK_DIV > 1 ? $clog2(TICK_DIV) : 1;

  logic        msip_q;
  logic [63:0] mtimecmp_q, mtime_q;
  logic [DIV_BITS-1:0] div_q;
  logic        tick;

  logic in_msip, sel_mtime, sel_mtimecmp;
  logic [63:0] timer_val, wmask, merged;

  assign in_msip      = addr_i < MTIMECMP;
  assign sel_mtime    = addr_i >= MTIME;
  assign sel_mtimecmp = addr_i[15:3] == MTIMECMP[15:3];

  always_comb begin
    timer_val = sel_mtime ? mtime_q : (sel_mtimecmp ? mtimecmp_q : 64'h0);
    if (in_msip) begin
      error_o = size_i != MEM_W;
      // Lane aligned: hart 0's word is the low half of the first doubleword.
      rdata_o = addr_i[13:2] == '0 ? 64'(msip_q) : 64'h0;
    end else begin
      error_o = addr_i >= TIMER_END || size_i == MEM_B || size_i == MEM_H;
      // A 32-bit half sits in its own lane, so the whole register is the
      // lane-aligned answer for either size.
      rdata_o = timer_val;
    end
    // The bits a write replaces: the whole register, or one 32-bit half.
    if (size_i == MEM_D) wmask = '1;
    else wmask = addr_i[2] ? 64'hffff_ffff_0000_0000 : 64'h0000_0000_ffff_ffff;
    merged = (timer_val & ~wmask) | (wdata_i & wmask);
  end

  logic wr_ok;
  assign wr_ok = req_i && we_i && !error_o;
  assign tick  = TICK_DIV <= 1 || div_q == DIV_BITS'(TICK_DIV - 1);

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      msip_q     <= 1'b0;
      mtimecmp_q <= '1;    // no timer interrupt until software programs it
      mtime_q    <= '0;
      div_q      <= '0;
    end else begin
      div_q <= tick ? '0 : div_q + 1'b1;
      if (wr_ok && sel_mtime && !in_msip) mtime_q <= merged;
      else if (tick) mtime_q <= mtime_q + 64'd1;
      if (wr_ok && in_msip && addr_i[13:2] == '0) msip_q <= wdata_i[0];
      if (wr_ok && sel_mtimecmp && !in_msip) mtimecmp_q <= merged;
    end
  end

  assign irq_m_soft_o  = msip_q;
  assign irq_m_timer_o = mtime_q >= mtimecmp_q;
  assign mtime_o       = mtime_q;
endmodule
