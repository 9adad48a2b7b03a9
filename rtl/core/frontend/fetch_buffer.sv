// Fetch buffer: a circular FIFO of fetched instructions between fetch and
// decode. Up to ENQ_W instructions enter per cycle as one fetch packet and
// up to W leave. A packet enters whole or not at all: enq_ready_o says there
// is room for ENQ_W, judged on the occupancy before this cycle's dequeue. The
// packet's front-end events (I-cache and I-TLB miss) land on its first
// instruction only, so TEA blames the miss on one instruction (docs/tea.md).
// Enqueued and dequeued lanes are a prefix: lanes 0 .. count-1.
`include "frontend_types.svh"

module fetch_buffer #(
  parameter int unsigned ENTRIES  = CFG_FB_ENTRIES,
  parameter int unsigned W        = CFG_W,
  parameter int unsigned ENQ_W    = W,
  localparam int unsigned EW        = FETCH_ENTRY_BITS,
  localparam int unsigned LANE_BITS = $clog2(W + 1),
  localparam int unsigned ENQ_BITS  = $clog2(ENQ_W + 1)
) (
  input  logic                 clk_i,
  input  logic                 rst_ni,
  input  logic                 flush_i,

  input  logic [ENQ_BITS-1:0]  enq_count_i,
  input  logic [ENQ_W*EW-1:0]  enq_i,       // lane i at [i*EW +: EW]; psv ignored
  input  fe_psv_t              enq_psv_i,   // events of the whole packet
  output logic                 enq_ready_o,

  output logic [W-1:0]         deq_valid_o,
  output logic [W*EW-1:0]      deq_o,
  input  logic [LANE_BITS-1:0] deq_count_i  // at most the valid lanes
);
  localparam int unsigned IDX_BITS   = $clog2(ENTRIES);
  localparam int unsigned COUNT_BITS = $clog2(ENTRIES + 1);

  if (W < 1 || ENQ_W < 1 || ENTRIES < W || ENTRIES < ENQ_W) begin : g_size_check
    $error("fetch_buffer needs at least W and ENQ_W entries");
  end

  logic [EW-1:0] mem_q [ENTRIES];
  logic [ENQ_W*EW-1:0] lane_entries;
  logic [IDX_BITS-1:0]   head_q, head_d, tail_q, tail_d;
  logic [COUNT_BITS-1:0] count_q, count_d;

  localparam int unsigned N_BITS = ENQ_BITS > LANE_BITS ? ENQ_BITS : LANE_BITS;

  // Index arithmetic that works for sizes that are not powers of two.
  function automatic logic [IDX_BITS-1:0] wrap_add(input logic [IDX_BITS-1:0] idx,
                                                   input logic [N_BITS-1:0] n);
    logic [IDX_BITS:0] sum;
    sum = {1'b0, idx} + (IDX_BITS + 1)'(n);
    if (sum >= (IDX_BITS + 1)'(ENTRIES)) sum = sum - (IDX_BITS + 1)'(ENTRIES);
    wrap_add = sum[IDX_BITS-1:0];
  endfunction

  logic                 enq_fire;
  logic [ENQ_BITS-1:0]  enq_n;
  logic [LANE_BITS-1:0] deq_n;

  assign enq_ready_o = count_q <= COUNT_BITS'(ENTRIES - ENQ_W);
  assign enq_fire    = enq_ready_o && !flush_i && enq_count_i != '0;
  assign enq_n       = enq_fire ? enq_count_i : '0;
  assign deq_n       = flush_i ? '0 :
                       (COUNT_BITS'(deq_count_i) > count_q ? LANE_BITS'(count_q) : deq_count_i);

  // psv is the last field of fetch_entry_t, so it sits in the low bits of
  // each lane.
  for (genvar i = 0; i < ENQ_W; i++) begin : g_lane
    logic [FE_PSV_BITS-1:0] unused_lane_psv;
    assign unused_lane_psv = enq_i[i*EW +: FE_PSV_BITS];
    assign lane_entries[i*EW +: EW] = {enq_i[i*EW + FE_PSV_BITS +: EW - FE_PSV_BITS],
                                       i == 0 ? enq_psv_i : FE_PSV_BITS'(0)};
  end

  always_comb begin
    head_d  = wrap_add(head_q, N_BITS'(deq_n));
    tail_d  = wrap_add(tail_q, N_BITS'(enq_n));
    count_d = count_q + COUNT_BITS'(enq_n) - COUNT_BITS'(deq_n);
    if (flush_i) begin
      head_d  = '0;
      tail_d  = '0;
      count_d = '0;
    end
  end

  always_comb begin
    for (int i = 0; i < W; i++) begin
      deq_valid_o[i]    = COUNT_BITS'(i) < count_q;
      deq_o[i*EW +: EW] = mem_q[wrap_add(head_q, N_BITS'(i))];
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      head_q  <= '0;
      tail_q  <= '0;
      count_q <= '0;
    end else begin
      head_q  <= head_d;
      tail_q  <= tail_d;
      count_q <= count_d;
    end
  end

  // Payload needs no reset: count_q says which entries hold instructions.
  always_ff @(posedge clk_i) begin
    for (int i = 0; i < ENQ_W; i++) begin
      if (ENQ_BITS'(i) < enq_n) mem_q[wrap_add(tail_q, N_BITS'(i))] <= lane_entries[i*EW +: EW];
    end
  end
endmodule
