// A RAM with several write ports and several combinational read ports,
// built for FPGAs as a live-value table: each write port owns a bank that
// only it writes (one write port and NREAD read ports: LUT RAM, replicated
// per group of read ports), and a small table in flip-flops remembers, per
// entry, which bank wrote it last; a read takes that bank's word. Many
// write ports on one array of flip-flops would cost a write decoder and an
// NWRITE-way multiplexer on every bit. When two ports write one entry in a
// cycle the later port wins, as it would in a single array. A word written
// at the end of cycle t is read in t + 1.
module lvt_ram #(
  parameter int unsigned ENTRIES = 16,
  parameter int unsigned WIDTH   = 8,
  parameter int unsigned NREAD   = 2,
  parameter int unsigned NWRITE  = 2,
  localparam int unsigned IDX    = ENTRIES > 1 ? $clog2(ENTRIES) : 1,
  localparam int unsigned BANK_BITS = NWRITE > 1 ? $clog2(NWRITE) : 1
) (
  input  logic                    clk_i,
  input  logic [NWRITE-1:0]       we_i,
  input  logic [NWRITE*IDX-1:0]   waddr_i,
  input  logic [NWRITE*WIDTH-1:0] wdata_i,
  input  logic [NREAD*IDX-1:0]    raddr_i,
  output logic [NREAD*WIDTH-1:0]  rdata_o
);
  // Arrays, not packed vectors: Yosys 0.23 turns a variable slice of a
  // packed vector into shifters across the whole vector.
  logic [BANK_BITS-1:0] live_q [ENTRIES];
  logic [WIDTH-1:0]     bank_rdata [NWRITE][NREAD];

  always_ff @(posedge clk_i) begin
    for (int w = 0; w < NWRITE; w++) begin
      if (we_i[w]) live_q[waddr_i[w*IDX +: IDX]] <= BANK_BITS'(w);
    end
  end

  for (genvar w = 0; w < NWRITE; w++) begin : g_bank
    logic [WIDTH-1:0] mem_q [ENTRIES];

    always_ff @(posedge clk_i) begin
      if (we_i[w]) mem_q[waddr_i[w*IDX +: IDX]] <= wdata_i[w*WIDTH +: WIDTH];
    end
    for (genvar r = 0; r < NREAD; r++) begin : g_read
      assign bank_rdata[w][r] = mem_q[raddr_i[r*IDX +: IDX]];
    end
  end

  always_comb begin
    logic [BANK_BITS-1:0] live;
    for (int r = 0; r < NREAD; r++) begin
      live = live_q[raddr_i[r*IDX +: IDX]];
      rdata_o[r*WIDTH +: WIDTH] = '0;
      for (int w = 0; w < NWRITE; w++) begin
        if (live == BANK_BITS'(w)) rdata_o[r*WIDTH +: WIDTH] = bank_rdata[w][r];
      end
    end
  end
endmodule
