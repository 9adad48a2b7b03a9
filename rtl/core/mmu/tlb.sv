`include "mem_types.svh"

// Fully associative TLB of Sv39 leaves: 4 KiB, 2 MiB and 1 GiB pages. An
// entry keeps the leaf's permission bits (perm = {D, U, X, W, R}; A is 1 in
// every entry, the walker never fills a leaf with A = 0), so the caller
// checks permissions on every hit with the current privilege, SUM and MXR.
// Lookups are combinational, one per port. Entries are replaced round
// robin; since the only invalidation is flush_i, which empties the table
// and restarts the pointer, invalid entries are always the ones filled
// first. No ASIDs: flush_i drops everything.
module tlb #(
  parameter int unsigned ENTRIES = CFG_TLB_ENTRIES,
  parameter int unsigned PORTS   = 1
) (
  input  logic                 clk_i,
  input  logic                 rst_ni,
  input  logic                 flush_i,
  // lookups: virtual page number (vaddr[38:12]) per port
  input  logic [PORTS*27-1:0]  lookup_vpn_i,
  output logic [PORTS-1:0]     lookup_hit_o,
  output logic [PORTS*44-1:0]  lookup_ppn_o,   // 4 KiB frame of that page
  output logic [PORTS*5-1:0]   lookup_perm_o,  // {D, U, X, W, R}
  // fill from the walker; level 0 = 4 KiB, 1 = 2 MiB, 2 = 1 GiB
  input  logic                 fill_valid_i,
  input  logic [26:0]          fill_vpn_i,
  input  logic [1:0]           fill_level_i,
  input  logic [43:0]          fill_ppn_i,
  input  logic [4:0]           fill_perm_i
);
  localparam int unsigned IDX_W = ENTRIES > 1 ? $clog2(ENTRIES) : 1;

  logic [ENTRIES-1:0]    valid_q;
  logic [ENTRIES*27-1:0] vpn_q;
  logic [ENTRIES*2-1:0]  level_q;
  logic [ENTRIES*44-1:0] ppn_q;
  logic [ENTRIES*5-1:0]  perm_q;
  logic [IDX_W-1:0]      ptr_q;

  // An entry covers the VPN bits above its page size.
  function automatic logic entry_match(input logic [26:0] vpn, input logic [26:0] tag,
                                       input logic [1:0] level);
    entry_match = vpn[26:18] == tag[26:18] &&
                  (level == 2'd2 || vpn[17:9] == tag[17:9]) &&
                  (level != 2'd0 || vpn[8:0] == tag[8:0]);
  endfunction

  // A superpage's frame takes the low VPN bits from the virtual address.
  function automatic logic [43:0] page_frame(input logic [17:0] vpn_lo, input logic [43:0] ppn,
                                             input logic [1:0] level);
    if (level == 2'd2)      page_frame = {ppn[43:18], vpn_lo};
    else if (level == 2'd1) page_frame = {ppn[43:9], vpn_lo[8:0]};
    else                    page_frame = ppn;
  endfunction

  always_comb begin
    lookup_hit_o  = '0;
    lookup_ppn_o  = '0;
    lookup_perm_o = '0;
    for (int unsigned p = 0; p < PORTS; p++) begin
      // the lowest matching entry wins (there is never more than one)
      for (int unsigned e = 0; e < ENTRIES; e++) begin
        if (!lookup_hit_o[p] && valid_q[e] && entry_match(lookup_vpn_i[p*27 +: 27], vpn_q[e*27 +: 27],
                                      level_q[e*2 +: 2])) begin
          lookup_hit_o[p]         = 1'b1;
          lookup_ppn_o[p*44 +: 44] = page_frame(lookup_vpn_i[p*27 +: 18], ppn_q[e*44 +: 44],
                                                level_q[e*2 +: 2]);
          lookup_perm_o[p*5 +: 5]  = perm_q[e*5 +: 5];
        end
      end
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      valid_q <= '0;
      ptr_q   <= '0;
    end else if (flush_i) begin
      valid_q <= '0;
      ptr_q   <= '0;
    end else if (fill_valid_i) begin
      valid_q[ptr_q] <= 1'b1;
      ptr_q <= ptr_q == IDX_W'(ENTRIES - 1) ? '0 : ptr_q + 1'b1;
    end
  end

  // The entry contents need no reset: valid_q says what is meaningful.
  always_ff @(posedge clk_i) begin
    if (fill_valid_i && !flush_i) begin
      vpn_q[ptr_q*27 +: 27]  <= fill_vpn_i;
      level_q[ptr_q*2 +: 2]  <= fill_level_i;
      ppn_q[ptr_q*44 +: 44]  <= fill_ppn_i;
      perm_q[ptr_q*5 +: 5]   <= fill_perm_i;
    end
  end
endmodule
