// A FIFO between two unrelated clocks. The pointers cross in Gray code
// through two-register synchronizers, so a pointer seen in the other domain
// is always one that was really there, at worst a few cycles old: the
// writer may think the FIFO fuller, the reader emptier, than it is, never
// the reverse. DEPTH is a power of two, at least 4; the words sit in an
// array written in the write domain and read combinationally in the read
// domain (LUT RAM on an FPGA). Both resets must be asserted together.
module async_fifo #(
  parameter int unsigned WIDTH = 8,
  parameter int unsigned DEPTH = 4,
  localparam int unsigned AW   = $clog2(DEPTH)
) (
  input  logic             wclk_i,
  input  logic             wrst_ni,
  input  logic             wvalid_i,
  output logic             wready_o,     // not full
  input  logic [WIDTH-1:0] wdata_i,

  input  logic             rclk_i,
  input  logic             rrst_ni,
  output logic             rvalid_o,     // not empty
  input  logic             rready_i,
  output logic [WIDTH-1:0] rdata_o
);
  if (DEPTH < 4 || (1 << AW) != DEPTH) begin : g_depth_check
    $error("async_fifo: DEPTH must be a power of two, at least 4");
  end

  logic [WIDTH-1:0] mem_q [DEPTH];
  // Pointers with one extra bit: equal means empty, equal but for the top
  // two Gray bits means full.
  logic [AW:0] wbin_q, wgray_q, rbin_q, rgray_q;
  logic [AW:0] rgray_w1_q, rgray_w2_q;   // read pointer in the write domain
  logic [AW:0] wgray_r1_q, wgray_r2_q;   // write pointer in the read domain
  logic [AW:0] wbin_d, rbin_d;

  function automatic logic [AW:0] gray(input logic [AW:0] b);
    gray = b ^ (b >> 1);
  endfunction

  assign wready_o = wgray_q != {~rgray_w2_q[AW:AW-1], rgray_w2_q[AW-2:0]};
  assign rvalid_o = rgray_q != wgray_r2_q;
  assign wbin_d   = wbin_q + (AW + 1)'(wvalid_i && wready_o);
  assign rbin_d   = rbin_q + (AW + 1)'(rvalid_o && rready_i);
  assign rdata_o  = mem_q[rbin_q[AW-1:0]];

  always_ff @(posedge wclk_i) begin
    if (wvalid_i && wready_o) mem_q[wbin_q[AW-1:0]] <= wdata_i;
  end

  always_ff @(posedge wclk_i or negedge wrst_ni) begin
    if (!wrst_ni) begin
      wbin_q     <= '0;
      wgray_q    <= '0;
      rgray_w1_q <= '0;
      rgray_w2_q <= '0;
    end else begin
      wbin_q     <= wbin_d;
      wgray_q    <= gray(wbin_d);
      rgray_w1_q <= rgray_q;
      rgray_w2_q <= rgray_w1_q;
    end
  end

  always_ff @(posedge rclk_i or negedge rrst_ni) begin
    if (!rrst_ni) begin
      rbin_q     <= '0;
      rgray_q    <= '0;
      wgray_r1_q <= '0;
      wgray_r2_q <= '0;
    end else begin
      rbin_q     <= rbin_d;
      rgray_q    <= gray(rbin_d);
      wgray_r1_q <= wgray_q;
      wgray_r2_q <= wgray_r1_q;
    end
  end
endmodule
