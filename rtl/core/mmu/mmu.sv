`include "mem_types.svh"

// Address translation for the core: an I-TLB (port 0, fetch), a D-TLB
// (port 1 loads, port 2 stores and AMOs) and one Sv39 walker shared by both,
// with the rules of the ISS (sim/iss/mmu.c).
//
// Each port answers in the same cycle (combinational):
// - bare (satp.MODE = 0, or the port's privilege is M): hit, paddr = vaddr;
// - vaddr bits 63:39 not all equal to bit 38: hit with a page fault;
// - in a cycle with flush_i: miss;
// - the port's last walk ended in a fault for this page: hit with that
//   fault (page or access), once;
// - TLB hit: hit, with a page fault when the cached leaf does not permit
//   the access under the current privilege, SUM and MXR (or a store finds
//   D = 0);
// - otherwise miss: a walk is started when the walker is free (round robin
//   over the missing ports) or is already running; ask again.
// A walk that ends in a fault fills nothing; its fault is kept per port
// until that port's next lookup (a lookup of another page drops it).
// flush_i (SFENCE.VMA, satp write) empties both TLBs and the kept faults
// and abandons the walk in progress.
// resp_paddr_o is meaningful with a hit without fault.
module mmu #(
  parameter int unsigned TLB_ENTRIES = CFG_TLB_ENTRIES
) (
  input  logic                    clk_i,
  input  logic                    rst_ni,
  // translation context from the CSR file
  input  logic [63:0]             satp_i,
  input  logic [1:0]              priv_fetch_i,   // privilege of instruction fetch
  input  logic [1:0]              priv_data_i,    // effective privilege of loads/stores (MPRV applied)
  input  logic                    sum_i,
  input  logic                    mxr_i,
  input  logic                    flush_i,        // SFENCE.VMA or satp write
  // lookups: port 0 fetch, 1 load, 2 store/AMO
  input  logic [2:0]              req_valid_i,
  input  logic [3*64-1:0]         req_vaddr_i,
  output logic [2:0]              resp_hit_o,
  output logic [3*PADDR_BITS-1:0] resp_paddr_o,
  output logic [2:0]              resp_page_fault_o,
  output logic [2:0]              resp_access_fault_o,
  output logic [2:0]              resp_miss_o,
  // memory port of the walker: 8-byte reads at a physical address
  output logic                    mem_req_valid_o,
  input  logic                    mem_req_ready_i,
  output logic [PADDR_BITS-1:0]   mem_req_addr_o,
  input  logic                    mem_resp_valid_i,
  input  logic [63:0]             mem_resp_data_i,
  input  logic                    mem_resp_error_i,
  // performance events: a walk started for the I-TLB / for the D-TLB
  output logic                    ev_itlb_miss_o,
  output logic                    ev_dtlb_miss_o
);
  localparam logic [1:0] PRIV_U = 2'd0;
  localparam logic [1:0] PRIV_M = 2'd3;

  // TLB lookups: port 0 on the I-TLB, ports 1 and 2 on the D-TLB
  logic [3*27-1:0] vpn;
  logic [2:0]      tlb_hit;
  logic [3*44-1:0] tlb_ppn;
  logic [3*5-1:0]  tlb_perm;

  // the walker
  logic        walk_start, walk_ready;
  logic [1:0]  walk_port;            // granted this cycle
  logic [1:0]  walk_port_q;          // whose walk is running
  logic        done, done_pf, done_af;
  logic [26:0] done_vpn;
  logic [1:0]  done_level;
  logic [43:0] done_ppn;
  logic [4:0]  done_perm;
  logic        fill_i, fill_d;

  // faults kept for the port whose walk found them
  logic [2:0]    fault_valid_q;
  logic [3*27-1:0] fault_vpn_q;
  logic [2:0]    fault_access_q;

  logic [1:0]  rr_q;                 // port with the first claim on the walker
  logic [2:0]  miss;
  logic [63:0] va;                   // loop temporaries of the combinational blocks
  logic [1:0]  va_priv;
  logic [2:0]  rr_sum;

  logic        sv39;
  assign sv39 = satp_i[63:60] != 4'd0;
  // no ASIDs: flush_i comes with every satp write
  logic unused_asid;
  assign unused_asid = ^satp_i[59:44];

  for (genvar p = 0; p < 3; p++) begin : g_vpn
    assign vpn[p*27 +: 27] = req_vaddr_i[p*64 + 12 +: 27];
  end

  tlb #(.ENTRIES(TLB_ENTRIES), .PORTS(1)) u_itlb (
    .clk_i, .rst_ni, .flush_i,
    .lookup_vpn_i (vpn[26:0]),
    .lookup_hit_o (tlb_hit[0]),
    .lookup_ppn_o (tlb_ppn[43:0]),
    .lookup_perm_o(tlb_perm[4:0]),
    .fill_valid_i (fill_i),
    .fill_vpn_i   (done_vpn),
    .fill_level_i (done_level),
    .fill_ppn_i   (done_ppn),
    .fill_perm_i  (done_perm)
  );

  tlb #(.ENTRIES(TLB_ENTRIES), .PORTS(2)) u_dtlb (
    .clk_i, .rst_ni, .flush_i,
    .lookup_vpn_i (vpn[80:27]),
    .lookup_hit_o (tlb_hit[2:1]),
    .lookup_ppn_o (tlb_ppn[131:44]),
    .lookup_perm_o(tlb_perm[14:5]),
    .fill_valid_i (fill_d),
    .fill_vpn_i   (done_vpn),
    .fill_level_i (done_level),
    .fill_ppn_i   (done_ppn),
    .fill_perm_i  (done_perm)
  );

  // The access checks of leaf_permits (A is 1 in every TLB entry).
  function automatic logic leaf_permits(input logic [4:0] perm, input logic [1:0] acc,
                                        input logic [1:0] priv, input logic sum,
                                        input logic mxr);
    logic r, w, x, u, d, type_ok, priv_ok;
    {d, u, x, w, r} = perm;
    if (acc == 2'd0)      type_ok = x;
    else if (acc == 2'd1) type_ok = r || (mxr && x);
    else                  type_ok = w && d;
    if (priv == PRIV_U)   priv_ok = u;
    else                  priv_ok = !u || (acc != 2'd0 && sum);
    leaf_permits = type_ok && priv_ok;
  endfunction

  always_comb begin
    resp_hit_o          = '0;
    resp_paddr_o        = '0;
    resp_page_fault_o   = '0;
    resp_access_fault_o = '0;
    miss                = '0;
    for (int unsigned p = 0; p < 3; p++) begin
      va   = req_vaddr_i[p*64 +: 64];
      va_priv = p == 0 ? priv_fetch_i : priv_data_i;
      if (req_valid_i[p]) begin
        if (!sv39 || va_priv == PRIV_M) begin
          resp_hit_o[p] = 1'b1;
          resp_paddr_o[p*PADDR_BITS +: PADDR_BITS] = va[PADDR_BITS-1:0];
        end else if (va[63:39] != {25{va[38]}}) begin
          resp_hit_o[p]        = 1'b1;
          resp_page_fault_o[p] = 1'b1;
        end else if (flush_i) begin
          // the entries belong to the old satp: ask again after the flush
          miss[p] = 1'b1;
        end else if (fault_valid_q[p] && fault_vpn_q[p*27 +: 27] == vpn[p*27 +: 27]) begin
          resp_hit_o[p]          = 1'b1;
          resp_page_fault_o[p]   = !fault_access_q[p];
          resp_access_fault_o[p] = fault_access_q[p];
        end else if (tlb_hit[p]) begin
          resp_hit_o[p]        = 1'b1;
          resp_page_fault_o[p] = !leaf_permits(tlb_perm[p*5 +: 5], 2'(p), va_priv, sum_i,
                                               mxr_i && p == 1);
          resp_paddr_o[p*PADDR_BITS +: PADDR_BITS] = {tlb_ppn[p*44 +: 44], va[11:0]};
        end else begin
          miss[p] = 1'b1;
        end
      end
    end
  end
  assign resp_miss_o = miss;

  // Round robin: the first missing port at or after rr_q gets the walker.
  always_comb begin
    walk_port = rr_q;
    for (int k = 2; k >= 0; k--) begin
      rr_sum = {1'b0, rr_q} + 3'(k);
      if (miss[rr_sum >= 3'd3 ? 2'(rr_sum - 3'd3) : rr_sum[1:0]]) begin
        walk_port = rr_sum >= 3'd3 ? 2'(rr_sum - 3'd3) : rr_sum[1:0];
      end
    end
  end
  assign walk_start = |miss && walk_ready;

  ptw u_ptw (
    .clk_i, .rst_ni, .flush_i,
    .satp_ppn_i         (satp_i[43:0]),
    .start_i            (walk_start),
    .ready_o            (walk_ready),
    .start_vpn_i        (vpn[walk_port*27 +: 27]),
    .done_o             (done),
    .done_vpn_o         (done_vpn),
    .done_page_fault_o  (done_pf),
    .done_access_fault_o(done_af),
    .done_level_o       (done_level),
    .done_ppn_o         (done_ppn),
    .done_perm_o        (done_perm),
    .mem_req_valid_o,
    .mem_req_ready_i,
    .mem_req_addr_o,
    .mem_resp_valid_i,
    .mem_resp_data_i,
    .mem_resp_error_i
  );

  // done is never set while flush_i is.
  assign fill_i = done && !done_pf && !done_af && walk_port_q == 2'd0;
  assign fill_d = done && !done_pf && !done_af && walk_port_q != 2'd0;

  assign ev_itlb_miss_o = walk_start && walk_port == 2'd0;
  assign ev_dtlb_miss_o = walk_start && walk_port != 2'd0;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      rr_q          <= '0;
      fault_valid_q <= '0;
    end else begin
      if (walk_start) rr_q <= walk_port == 2'd2 ? 2'd0 : walk_port + 2'd1;
      // a lookup consumes the kept fault, or gives it up
      fault_valid_q <= fault_valid_q & ~req_valid_i;
      if (done && (done_pf || done_af)) fault_valid_q[walk_port_q] <= 1'b1;
      if (flush_i) fault_valid_q <= '0;
    end
  end

  always_ff @(posedge clk_i) begin
    if (walk_start) walk_port_q <= walk_port;
    if (done && (done_pf || done_af)) begin
      fault_vpn_q[walk_port_q*27 +: 27] <= done_vpn;
      fault_access_q[walk_port_q]       <= done_af;
    end
  end
endmodule
