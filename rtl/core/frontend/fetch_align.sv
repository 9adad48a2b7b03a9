// Cuts a fetch block (FETCH_BYTES at an aligned address, entered at the
// fetch pc's offset) into up to W instructions of 16 or 32 bits.
//
// A 32-bit instruction that starts in the last slot of a block is held in a
// carry register (its low half, pc and prediction), even in a cycle whose
// lanes are all used, and completed by the
// first half-word of the next block, when that block is fetched from its
// start. The block ends after the predicted-taken slot, or when W
// instructions are out; next_pc_o is where fetch goes next if this cycle's
// instructions are taken (accept_i): the rest of the same block, the
// predicted target, or the next block. A straddling instruction predicted
// taken sends fetch to the next block first, and its target comes with it
// when it completes. pc_gen overrides next_pc_o on redirects and flushes.
`include "frontend_types.svh"

module fetch_align #(
  parameter int unsigned XLEN        = CFG_XLEN,
  parameter int unsigned FETCH_BYTES = CFG_FETCH_BYTES,
  parameter int unsigned W           = CFG_W,
  localparam int unsigned SLOTS      = FETCH_BYTES / 2,
  localparam int unsigned SLOT_BITS  = $clog2(SLOTS)
) (
  input  logic                   clk_i,
  input  logic                   rst_ni,
  input  logic                   flush_i,   // drop the carry (redirect)

  input  logic                   valid_i,
  input  logic [XLEN-1:0]        pc_i,
  input  logic [8*FETCH_BYTES-1:0] block_i, // byte 0 at [7:0]
  input  logic                   pred_taken_i,
  input  logic [SLOT_BITS-1:0]   pred_slot_i,
  input  logic [XLEN-1:0]        pred_target_i,
  input  logic                   accept_i,

  output logic [W-1:0]           instr_valid_o,
  output logic [W*XLEN-1:0]      instr_pc_o,
  output logic [W*32-1:0]        instr_bits_o,  // 16-bit ones zero-extended
  output logic [W-1:0]           instr_rvc_o,
  output logic [W-1:0]           instr_taken_o,
  output logic [W*XLEN-1:0]      instr_npc_o,   // predicted next pc
  output logic [XLEN-1:0]        next_pc_o
);
  localparam int unsigned POS_BITS  = SLOT_BITS + 1;
  localparam int unsigned LANE_BITS = $clog2(W + 1);

  if (SLOTS < 2 || (1 << SLOT_BITS) != SLOTS || W < 1) begin : g_size_check
    $error("fetch_align needs a power-of-two block of two slots at least");
  end

  logic            carry_valid_q, carry_valid_d;
  logic [15:0]     carry_half_q, carry_half_d;
  logic [XLEN-1:0] carry_pc_q, carry_pc_d;
  logic            carry_taken_q, carry_taken_d;
  logic [XLEN-1:0] carry_target_q, carry_target_d;

  logic [XLEN-1:0] base;
  logic            carry_used;
  assign base       = {pc_i[XLEN-1:SLOT_BITS+1], {(SLOT_BITS + 1){1'b0}}};
  assign carry_used = carry_valid_q && pc_i == carry_pc_q + XLEN'(2);

  // Per-lane results, written at the lane index n as the walk goes.
  always_comb begin
    logic [POS_BITS-1:0]  pos;
    logic [LANE_BITS-1:0] n;
    logic                 stop;
    logic [15:0]          lo, hi;
    logic                 is32, taken;
    logic [XLEN-1:0]      ipc;
    logic [SLOT_BITS-1:0] hi_slot;

    instr_valid_o  = '0;
    instr_pc_o     = '0;
    instr_bits_o   = '0;
    instr_rvc_o    = '0;
    instr_taken_o  = '0;
    instr_npc_o    = '0;
    carry_valid_d  = 1'b0;
    carry_half_d   = carry_half_q;
    carry_pc_d     = carry_pc_q;
    carry_taken_d  = carry_taken_q;
    carry_target_d = carry_target_q;
    next_pc_o      = base + XLEN'(FETCH_BYTES);
    pos            = {1'b0, pc_i[SLOT_BITS:1]};
    n              = '0;
    stop           = 1'b0;
    lo             = '0;
    hi             = '0;
    hi_slot        = '0;
    is32           = 1'b0;
    taken          = 1'b0;
    ipc            = '0;

    if (carry_used) begin
      instr_valid_o[0]        = 1'b1;
      instr_pc_o[0 +: XLEN]   = carry_pc_q;
      instr_bits_o[0 +: 32]   = {block_i[15:0], carry_half_q};
      instr_taken_o[0]        = carry_taken_q;
      instr_npc_o[0 +: XLEN]  = carry_taken_q ? carry_target_q : carry_pc_q + XLEN'(4);
      n    = LANE_BITS'(1);
      pos  = POS_BITS'(1);
      stop = carry_taken_q;
      if (carry_taken_q) next_pc_o = carry_target_q;
    end

    // Each step takes at least one slot, so SLOTS steps cover the block.
    for (int step = 0; step < SLOTS; step++) begin
      if (!stop && pos < POS_BITS'(SLOTS)) begin
        lo    = block_i[16*pos[SLOT_BITS-1:0] +: 16];
        is32  = lo[1:0] == 2'b11;
        taken = pred_taken_i && pred_slot_i == pos[SLOT_BITS-1:0];
        ipc   = base + XLEN'({pos, 1'b0});
        if (is32 && pos == POS_BITS'(SLOTS - 1)) begin
          // Also when the lanes are used up: the half needs no lane, and
          // fetching the block again for it would cost a cycle.
          carry_valid_d  = 1'b1;
          carry_half_d   = lo;
          carry_pc_d     = ipc;
          carry_taken_d  = taken;
          carry_target_d = pred_target_i;
          stop           = 1'b1;
        end else if (n == LANE_BITS'(W)) begin
          // Out of lanes: the rest of the block is fetched again.
          stop      = 1'b1;
          next_pc_o = ipc;
        end else begin
          hi_slot = pos[SLOT_BITS-1:0] + 1'b1;
          hi      = is32 ? block_i[16*hi_slot +: 16] : 16'h0;
          for (int l = 0; l < W; l++) begin
            if (n == LANE_BITS'(l)) begin
              instr_valid_o[l]           = 1'b1;
              instr_pc_o[l*XLEN +: XLEN] = ipc;
              instr_bits_o[l*32 +: 32]   = {hi, lo};
              instr_rvc_o[l]             = !is32;
              instr_taken_o[l]           = taken;
              instr_npc_o[l*XLEN +: XLEN] = taken ? pred_target_i
                                                  : ipc + (is32 ? XLEN'(4) : XLEN'(2));
            end
          end
          n   = n + 1'b1;
          pos = pos + (is32 ? POS_BITS'(2) : POS_BITS'(1));
          if (taken) begin
            stop      = 1'b1;
            next_pc_o = pred_target_i;
          end
        end
      end
    end

    if (!valid_i) begin
      instr_valid_o = '0;
      next_pc_o     = pc_i;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      carry_valid_q <= 1'b0;
    end else if (flush_i) begin
      carry_valid_q <= 1'b0;
    end else if (valid_i && accept_i) begin
      carry_valid_q <= carry_valid_d;
    end
  end

  always_ff @(posedge clk_i) begin
    if (valid_i && accept_i && carry_valid_d) begin
      carry_half_q   <= carry_half_d;
      carry_pc_q     <= carry_pc_d;
      carry_taken_q  <= carry_taken_d;
      carry_target_q <= carry_target_d;
    end
  end
endmodule
