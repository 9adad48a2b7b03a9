`include "mem_types.svh"

// Sv39 page-table walker, shared by the I-TLB and the D-TLB. It follows
// sv39_walk of the ISS (sim/iss/mmu.c) for everything that does not depend
// on the access: one 8-byte PTE read per level through the memory port; an
// error response is an access fault; V = 0, W without R, nonzero bits
// 63:54, a pointer at level 0, a misaligned superpage or a leaf with A = 0
// (Svade: nothing writes A or D) is a page fault. The leaf's R/W/X/U/D are
// handed back with it and checked by the caller on every TLB hit, so a
// permission fault (or a store to a D = 0 page) is found there; the result
// is the same page fault, and the leaf may be cached as it is valid.
// The canonical-address check is the caller's (no walk is needed for it).
//
// One walk at a time: start_i is taken while ready_o. done_o is a pulse in
// the cycle the last PTE arrives (combinational from the response).
// flush_i abandons the walk: a read already asked for is still completed on
// the memory port (mem_req_valid_o is held until accepted and the response
// is awaited) but nothing is reported.
module ptw (
  input  logic                  clk_i,
  input  logic                  rst_ni,
  input  logic                  flush_i,
  input  logic [43:0]           satp_ppn_i,      // root table
  // walk request
  input  logic                  start_i,
  output logic                  ready_o,
  input  logic [26:0]           start_vpn_i,
  // result
  output logic                  done_o,
  output logic [26:0]           done_vpn_o,
  output logic                  done_page_fault_o,
  output logic                  done_access_fault_o,
  output logic [1:0]            done_level_o,    // 0 = 4 KiB, 1 = 2 MiB, 2 = 1 GiB
  output logic [43:0]           done_ppn_o,
  output logic [4:0]            done_perm_o,     // {D, U, X, W, R}
  // memory port: 8-byte reads
  output logic                  mem_req_valid_o,
  input  logic                  mem_req_ready_i,
  output logic [PADDR_BITS-1:0] mem_req_addr_o,
  input  logic                  mem_resp_valid_i,
  input  logic [63:0]           mem_resp_data_i,
  input  logic                  mem_resp_error_i
);
  typedef enum logic [1:0] {
    IDLE = 2'd0,
    REQ  = 2'd1,  // asking for the PTE at addr_q
    WAIT = 2'd2   // waiting for it
  } state_e;

  state_e                state_q, state_d;
  logic                  dead_q, dead_d;   // flushed: finish the read, report nothing
  logic [1:0]            level_q, level_d;
  logic [26:0]           vpn_q;
  logic [PADDR_BITS-1:0] addr_q, addr_d;

  logic [63:0] pte;
  logic [43:0] pte_ppn;
  logic        pte_v, pte_r, pte_w, pte_x, pte_u, pte_a, pte_d;
  logic        pte_bad, pte_leaf, misaligned, last;
  logic [8:0]  next_idx;

  assign pte     = mem_resp_data_i;
  // G (no ASIDs) and the RSW bits mean nothing to the walker
  logic unused_pte_bits;
  assign unused_pte_bits = ^{pte[9:8], pte[5]};
  assign pte_v   = pte[0];
  assign pte_r   = pte[1];
  assign pte_w   = pte[2];
  assign pte_x   = pte[3];
  assign pte_u   = pte[4];
  assign pte_a   = pte[6];
  assign pte_d   = pte[7];
  assign pte_ppn = pte[53:10];
  assign pte_leaf = pte_r | pte_x;
  assign pte_bad  = !pte_v || (!pte_r && pte_w) || pte[63:54] != 10'd0;
  assign misaligned = (level_q == 2'd2 && pte_ppn[17:0] != 18'd0) ||
                      (level_q == 2'd1 && pte_ppn[8:0] != 9'd0);
  // this PTE ends the walk: an error, a fault or a leaf
  assign last = mem_resp_error_i || pte_bad || pte_leaf || level_q == 2'd0;
  assign next_idx = level_q == 2'd2 ? vpn_q[17:9] : vpn_q[8:0];

  assign ready_o         = state_q == IDLE && !flush_i;
  assign mem_req_valid_o = state_q == REQ;
  assign mem_req_addr_o  = addr_q;

  assign done_o              = state_q == WAIT && mem_resp_valid_i && !dead_q && !flush_i && last;
  assign done_vpn_o          = vpn_q;
  assign done_access_fault_o = mem_resp_error_i;
  assign done_page_fault_o   = !mem_resp_error_i &&
                               (pte_bad || !pte_leaf || misaligned || !pte_a);
  assign done_level_o        = level_q;
  assign done_ppn_o          = pte_ppn;
  assign done_perm_o         = {pte_d, pte_u, pte_x, pte_w, pte_r};

  always_comb begin
    state_d = state_q;
    dead_d  = dead_q;
    level_d = level_q;
    addr_d  = addr_q;
    case (state_q)
      IDLE: begin
        dead_d = 1'b0;
        if (start_i && ready_o) begin
          state_d = REQ;
          level_d = 2'd2;
          addr_d  = {satp_ppn_i, start_vpn_i[26:18], 3'b000};
        end
      end
      REQ: begin
        if (mem_req_ready_i) state_d = WAIT;
        if (flush_i) dead_d = 1'b1;
      end
      default: begin
        if (flush_i) dead_d = 1'b1;
        if (mem_resp_valid_i) begin
          if (dead_q || flush_i || last) begin
            state_d = IDLE;
          end else begin
            state_d = REQ;
            level_d = level_q - 2'd1;
            addr_d  = {pte_ppn, next_idx, 3'b000};
          end
        end
      end
    endcase
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      state_q <= IDLE;
      dead_q  <= 1'b0;
    end else begin
      state_q <= state_d;
      dead_q  <= dead_d;
    end
  end

  always_ff @(posedge clk_i) begin
    level_q <= level_d;
    addr_q  <= addr_d;
    if (start_i && ready_o) vpn_q <= start_vpn_i;
  end
endmodule
