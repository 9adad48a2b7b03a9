// Instruction cache: blocking, set-associative, virtually indexed and
// physically tagged, refilled one line at a time over the line port.
//
// Tags and data sit in synchronous-read arrays (block RAM on an FPGA) read
// with the index of next_vaddr_i, the fetch pc of the next cycle; the tag
// compare against paddr_i (the I-TLB's answer for vaddr_i) happens in the
// cycle after. Valid and MRU bits are flip-flops. A line write makes the
// read of that cycle stale, so the cycle after a refill does no lookup
// (neither hit nor miss) and reads again; so does the first one after reset.
//
// When the index reaches above the page offset (large config), the tag
// keeps the physical bits from the page offset up, so two physical lines
// that share a virtual index can never match each other's tag.
//
// A lookup that misses while idle starts a refill: one read of the line,
// written into the victim way (an invalid way, else the first one not
// marked recently used) when the response with id 0 comes, whatever the
// fetch has done in between. inval_i clears every valid bit; a refill in
// flight then completes without writing, so no line read before the
// invalidation survives it.
`include "mem_types.svh"

module icache #(
  parameter int unsigned XLEN        = CFG_XLEN,
  parameter int unsigned KIB         = CFG_L1I_KIB,
  parameter int unsigned WAYS        = CFG_L1_WAYS,
  parameter int unsigned LINE_BYTES  = CFG_LINE_BYTES,
  parameter int unsigned FETCH_BYTES = CFG_FETCH_BYTES,
  localparam int unsigned LB         = 8 * LINE_BYTES
) (
  input  logic                     clk_i,
  input  logic                     rst_ni,
  input  logic                     inval_i,

  // Lookup of the block holding vaddr_i, whose read was started in the
  // previous cycle with next_vaddr_i.
  input  logic [XLEN-1:0]          next_vaddr_i,
  input  logic                     lookup_i,      // vaddr_i translated, cacheable
  input  logic [XLEN-1:0]          vaddr_i,
  input  logic [PADDR_BITS-1:0]    paddr_i,
  output logic                     hit_o,
  output logic [8*FETCH_BYTES-1:0] block_o,       // byte 0 at [7:0]
  output logic                     miss_o,        // lookup missed: a refill starts
  output logic                     refill_done_o, // refill answered this cycle
  output logic                     refill_error_o,// with a bus error (no line written)

  // Line port, reads only.
  output logic                     lreq_valid_o,
  input  logic                     lreq_ready_i,
  output logic [PADDR_BITS-1:0]    lreq_addr_o,
  input  logic                     lresp_valid_i,
  input  logic [LP_ID_BITS-1:0]    lresp_id_i,
  input  logic [LB-1:0]            lresp_data_i,
  input  logic                     lresp_error_i
);
  localparam int unsigned SETS      = KIB * 1024 / (WAYS * LINE_BYTES);
  localparam int unsigned OFF_BITS  = $clog2(LINE_BYTES);
  localparam int unsigned IDX_BITS  = $clog2(SETS);
  localparam int unsigned PAGE_BITS = 12;
  localparam int unsigned TAG_LO    = OFF_BITS + IDX_BITS < PAGE_BITS ? OFF_BITS + IDX_BITS
                                                                      : PAGE_BITS;
  localparam int unsigned TAG_BITS  = PADDR_BITS - TAG_LO;
  localparam int unsigned WORDS     = LINE_BYTES / FETCH_BYTES;
  localparam int unsigned WORD_BITS = $clog2(WORDS);
  localparam int unsigned FB_BITS   = $clog2(FETCH_BYTES);

  if ((1 << IDX_BITS) != SETS || SETS < 2 || (1 << OFF_BITS) != LINE_BYTES ||
      (1 << WORD_BITS) != WORDS || WORDS < 2 || (1 << FB_BITS) != FETCH_BYTES ||
      WAYS < 1) begin : g_size_check
    $error("icache sizes must be powers of two");
  end

  typedef enum logic [1:0] {
    IDLE = 2'd0,
    REQ  = 2'd1,  // line request offered, waiting for lreq_ready_i
    RESP = 2'd2   // waiting for the response with id 0
  } state_e;

  state_e                state_q, state_d;
  logic                  fresh_q;
  logic [PADDR_BITS-1:0] miss_addr_q;
  logic [IDX_BITS-1:0]   miss_idx_q;
  logic                  drop_q;     // invalidated while in flight: do not write
  logic [SETS*WAYS-1:0]  valid_q;    // way w of set s at [s*WAYS + w]
  logic [SETS*WAYS-1:0]  mru_q;

  logic [IDX_BITS-1:0]   rd_idx, idx;
  logic [TAG_BITS-1:0]   tag;
  assign rd_idx = next_vaddr_i[OFF_BITS +: IDX_BITS];
  assign idx    = vaddr_i[OFF_BITS +: IDX_BITS];
  assign tag    = paddr_i[PADDR_BITS-1:TAG_LO];

  logic                  resp_ours, fill;
  logic [WAYS-1:0]       set_valid, set_mru, way_hit, way_fill;
  logic [WAYS*LB-1:0]       rd_line;  // way w at [w*LB +: LB]
  logic [WAYS*TAG_BITS-1:0] rd_tag;

  assign resp_ours = state_q == RESP && lresp_valid_i && lresp_id_i == '0;
  assign fill      = resp_ours && !lresp_error_i && !drop_q && !inval_i;
  assign set_valid = valid_q[idx*WAYS +: WAYS];
  assign set_mru   = mru_q[idx*WAYS +: WAYS];

  for (genvar w = 0; w < WAYS; w++) begin : g_way
    // block RAM: Yosys would map so few sets to LUT RAM on its own
    (* ram_style = "block" *)
    logic [LB-1:0]       data_mem [SETS];
    logic [TAG_BITS-1:0] tag_mem [SETS];

    always_ff @(posedge clk_i) begin
      if (fill && way_fill[w]) begin
        data_mem[miss_idx_q] <= lresp_data_i;
        tag_mem[miss_idx_q]  <= miss_addr_q[PADDR_BITS-1:TAG_LO];
      end
      rd_line[w*LB +: LB]             <= data_mem[rd_idx];
      rd_tag[w*TAG_BITS +: TAG_BITS] <= tag_mem[rd_idx];
    end

    assign way_hit[w] = set_valid[w] && rd_tag[w*TAG_BITS +: TAG_BITS] == tag;
  end

  // Victim: the first invalid way of the refilled set, else the first way
  // not recently used (one always exists: the MRU bits never all stay set).
  logic [WAYS-1:0] fill_valid, fill_mru;
  assign fill_valid = valid_q[miss_idx_q*WAYS +: WAYS];
  assign fill_mru   = mru_q[miss_idx_q*WAYS +: WAYS];
  always_comb begin
    logic found;
    way_fill = '0;
    found    = 1'b0;
    for (int w = 0; w < WAYS; w++) begin
      if (!found && !fill_valid[w]) begin
        way_fill[w] = 1'b1;
        found       = 1'b1;
      end
    end
    for (int w = 0; w < WAYS; w++) begin
      if (!found && !fill_mru[w]) begin
        way_fill[w] = 1'b1;
        found       = 1'b1;
      end
    end
    if (!found) way_fill[0] = 1'b1;
  end

  // The hit way's line, cut to the fetch block of vaddr_i.
  logic [LB-1:0]        hit_line;
  logic [WORD_BITS-1:0] word;
  always_comb begin
    hit_line = '0;
    for (int w = 0; w < WAYS; w++) begin
      if (way_hit[w]) hit_line = hit_line | rd_line[w*LB +: LB];
    end
  end
  assign word    = vaddr_i[FB_BITS +: WORD_BITS];
  assign block_o = hit_line[word*8*FETCH_BYTES +: 8*FETCH_BYTES];

  logic lookup;
  assign lookup  = lookup_i && fresh_q && state_q == IDLE && !inval_i;
  assign hit_o   = lookup && way_hit != '0;
  assign miss_o  = lookup && way_hit == '0;

  assign refill_done_o  = resp_ours;
  assign refill_error_o = resp_ours && lresp_error_i;
  assign lreq_valid_o   = state_q == REQ;
  assign lreq_addr_o    = miss_addr_q;

  always_comb begin
    state_d = state_q;
    case (state_q)
      IDLE:    if (miss_o) state_d = REQ;
      REQ:     if (lreq_ready_i) state_d = RESP;
      RESP:    if (resp_ours) state_d = IDLE;
      default: state_d = IDLE;
    endcase
  end

  // MRU update: mark the used way; when that would mark every way, keep
  // only it.
  function automatic logic [WAYS-1:0] mru_touch(input logic [WAYS-1:0] mru,
                                                input logic [WAYS-1:0] way);
    mru_touch = (mru | way) == {WAYS{1'b1}} ? way : (mru | way);
  endfunction

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      state_q <= IDLE;
      fresh_q <= 1'b0;
      drop_q  <= 1'b0;
      valid_q <= '0;
      mru_q   <= '0;
    end else begin
      state_q <= state_d;
      fresh_q <= !fill;
      if (miss_o) drop_q <= 1'b0;
      else if (inval_i && state_q != IDLE) drop_q <= 1'b1;
      if (inval_i) begin
        valid_q <= '0;
      end else if (fill) begin
        valid_q[miss_idx_q*WAYS +: WAYS] <= fill_valid | way_fill;
        mru_q[miss_idx_q*WAYS +: WAYS]   <= mru_touch(fill_mru, way_fill);
      end else if (hit_o) begin
        mru_q[idx*WAYS +: WAYS] <= mru_touch(set_mru, way_hit);
      end
    end
  end

  always_ff @(posedge clk_i) begin
    if (miss_o) begin
      miss_addr_q <= {paddr_i[PADDR_BITS-1:OFF_BITS], {OFF_BITS{1'b0}}};
      miss_idx_q  <= idx;
    end
  end

  logic unused_vaddr;
  assign unused_vaddr = ^{next_vaddr_i[XLEN-1:OFF_BITS+IDX_BITS], next_vaddr_i[OFF_BITS-1:0],
                          vaddr_i[XLEN-1:OFF_BITS+IDX_BITS], vaddr_i[FB_BITS-1:0],
                          paddr_i[OFF_BITS-1:0]};
endmodule
