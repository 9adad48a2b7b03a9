`include "core_types.svh"

// Issue queue: a collapsing queue kept in insertion order (entry 0 is the
// oldest), so oldest-ready-first select is a priority pick from entry 0 up.
// Each cycle the issued entries leave and the rest move down to close the
// gaps (an entry moves at most PORTS places); inserted lanes go in behind
// them in lane order. Up to W instructions enter per cycle, any subset of
// lanes; the caller inserts at most free_o (occupancy before this cycle's
// issue).
//
// Entries have two sources, or three with NSRC = 3 (the FP queue: the
// FMADD family's addend); with two, the third-source ports are unused.
//
// Source readiness is registered: an entry woken in cycle t can be selected
// in cycle t + 1. Select is combinational from the registered state and
// port_ready_i; the entries selected leave at the clock edge. Nothing
// issues in a cycle with flush_i.
//
// With SHARE_LAST, the last port and the one before it read their operands
// through the same register-file ports (the integer queue's divider and the
// ALU before it, the FP queue's divider and conversion port): when both
// have an entry, the last port's issues, as a division is the long wait.
//
// Only the tags, readiness and ports move when the queue collapses; the
// payloads stay where they were written, in ENTRIES slots that an entry
// names, so that a wide payload is written once and read once instead of
// passing through a multiplexer at every move (on an FPGA: LUT RAM rather
// than flip-flops, a tenth of the LUTs): a RAM with a write port per lane
// and a read port per issue port (lvt_ram.sv).
module issue_queue #(
  parameter int unsigned ENTRIES      = CFG_IQ_ENTRIES,
  parameter int unsigned W            = CFG_W,
  parameter int unsigned PORTS        = 2,
  parameter int unsigned NWAKE        = 4,
  parameter int unsigned PAYLOAD_BITS = 8,
  parameter int unsigned NSRC         = 2,
  parameter bit          SHARE_LAST   = 1'b0,
  localparam int unsigned CNT_BITS    = $clog2(ENTRIES + 1)
) (
  input  logic                          clk_i,
  input  logic                          rst_ni,
  input  logic                          flush_i,          // empty the queue

  input  logic [W-1:0]                  ins_valid_i,      // program order = lane order
  input  logic [W*PAYLOAD_BITS-1:0]     ins_payload_i,
  input  logic [W*PREG_BITS-1:0]        ins_prs1_i,
  input  logic [W*PREG_BITS-1:0]        ins_prs2_i,
  input  logic [W*PREG_BITS-1:0]        ins_prs3_i,
  input  logic [W-1:0]                  ins_rs1_ready_i,  // unused sources come in ready
  input  logic [W-1:0]                  ins_rs2_ready_i,
  input  logic [W-1:0]                  ins_rs3_ready_i,
  input  logic [W*PORTS-1:0]            ins_ports_i,      // bit p of lane i: port p executes it
  output logic [CNT_BITS-1:0]           free_o,

  input  logic [NWAKE-1:0]              wake_valid_i,
  input  logic [NWAKE*PREG_BITS-1:0]    wake_pdst_i,

  input  logic [PORTS-1:0]              port_ready_i,
  output logic [PORTS-1:0]              iss_valid_o,
  output logic [PORTS*PAYLOAD_BITS-1:0] iss_payload_o,
  output logic [PORTS*PREG_BITS-1:0]    iss_prs1_o,
  output logic [PORTS*PREG_BITS-1:0]    iss_prs2_o,
  output logic [PORTS*PREG_BITS-1:0]    iss_prs3_o
`ifdef TEA_TRACE
  ,
  // Trace port (simulation only): the entries leaving this cycle, by
  // position before the collapse; the entries whose sources are ready; the
  // entries that wait for a source a load writes, and for one a divide or
  // square root writes (the physical registers each writes come in)
  input  logic [CFG_PRF_ENTRIES-1:0]    trace_load_preg_i,
  input  logic [CFG_PRF_ENTRIES-1:0]    trace_div_preg_i,
  output logic [ENTRIES-1:0]            trace_taken_o,
  output logic [ENTRIES-1:0]            trace_ready_o,
  output logic [ENTRIES-1:0]            trace_wait_load_o,
  output logic [ENTRIES-1:0]            trace_wait_div_o
`endif
);
  localparam int unsigned PB = PREG_BITS;
  localparam int unsigned PL = PAYLOAD_BITS;
  localparam int unsigned SH_BITS = $clog2(PORTS + 1);

  if (ENTRIES < W || PORTS < 1) begin : g_size_check
    $error("issue_queue needs at least W entries and one port");
  end

  localparam int unsigned SB = ENTRIES > 1 ? $clog2(ENTRIES) : 1;   // a payload slot

  logic [ENTRIES*SB-1:0]    slot_q, slot_d;     // each entry's payload slot
  logic [ENTRIES-1:0]       slot_free_q, slot_free_d;
  logic [W*SB-1:0]          ins_slot;           // where each lane's payload goes
  logic [ENTRIES*PB-1:0]    prs1_q, prs1_d, prs2_q, prs2_d, prs3_q, prs3_d;
  logic [ENTRIES-1:0]       rdy1_q, rdy1_d, rdy2_q, rdy2_d, rdy3_q, rdy3_d;
  logic [ENTRIES*PORTS-1:0] ports_q, ports_d;
  logic [CNT_BITS-1:0]      count_q, count_d;

  function automatic logic woken(input logic [NWAKE-1:0] wv, input logic [NWAKE*PB-1:0] wp,
                                 input logic [PB-1:0] p);
    woken = 1'b0;
    for (int k = 0; k < NWAKE; k++) begin
      if (wv[k] && wp[k*PB +: PB] == p) woken = 1'b1;
    end
  endfunction

  function automatic logic [CNT_BITS-1:0] popcount_taken(input logic [ENTRIES-1:0] t);
    popcount_taken = '0;
    for (int e = 0; e < ENTRIES; e++) popcount_taken = popcount_taken + CNT_BITS'(t[e]);
  endfunction

  assign free_o = CNT_BITS'(ENTRIES) - count_q;

  // Select: port p takes the oldest ready entry it can execute that no
  // port before it took. With SHARE_LAST the last port goes before the one
  // before it, which stays idle when the last issues.
  logic [ENTRIES-1:0] ready_e, taken;
  logic [PORTS*ENTRIES-1:0] grant;

  always_comb begin
    logic found;
    int unsigned p;
    for (int e = 0; e < ENTRIES; e++) begin
      ready_e[e] = CNT_BITS'(e) < count_q && rdy1_q[e] && rdy2_q[e] && (NSRC < 3 || rdy3_q[e]);
    end
    taken = '0;
    grant = '0;
    iss_valid_o = '0;
    for (int k = 0; k < PORTS; k++) begin
      p = (SHARE_LAST && k == PORTS - 2) ? PORTS - 1 :
          (SHARE_LAST && k == PORTS - 1) ? PORTS - 2 : k;
      found = 1'b0;
      for (int e = 0; e < ENTRIES; e++) begin
        if (!found && ready_e[e] && !taken[e] && ports_q[e*PORTS + p] && port_ready_i[p] &&
            !(SHARE_LAST && p == PORTS - 2 && iss_valid_o[PORTS-1]) && !flush_i) begin
          grant[p*ENTRIES + e] = 1'b1;
          taken[e] = 1'b1;
          found = 1'b1;
        end
      end
      iss_valid_o[p] = found;
    end
  end

`ifdef TEA_TRACE
  assign trace_taken_o = taken;
  assign trace_ready_o = ready_e;
  // a source that is not ready and that a register of @pregs holds
  function automatic logic waits_on(input logic [CFG_PRF_ENTRIES-1:0] pregs, input logic rdy,
                                    input logic [PB-1:0] prs);
    waits_on = !rdy && pregs[prs];
  endfunction

  always_comb begin
    for (int e = 0; e < ENTRIES; e++) begin
      trace_wait_load_o[e] = CNT_BITS'(e) < count_q &&
          (waits_on(trace_load_preg_i, rdy1_q[e], prs1_q[e*PB +: PB]) ||
           waits_on(trace_load_preg_i, rdy2_q[e], prs2_q[e*PB +: PB]) ||
           (NSRC == 3 && waits_on(trace_load_preg_i, rdy3_q[e], prs3_q[e*PB +: PB])));
      trace_wait_div_o[e]  = CNT_BITS'(e) < count_q &&
          (waits_on(trace_div_preg_i, rdy1_q[e], prs1_q[e*PB +: PB]) ||
           waits_on(trace_div_preg_i, rdy2_q[e], prs2_q[e*PB +: PB]) ||
           (NSRC == 3 && waits_on(trace_div_preg_i, rdy3_q[e], prs3_q[e*PB +: PB])));
    end
  end
`endif

  // The one-hot grants drive AND-OR multiplexers.
  logic [PORTS*SB-1:0] iss_slot;

  always_comb begin
    iss_slot   = '0;
    iss_prs1_o = '0;
    iss_prs2_o = '0;
    iss_prs3_o = '0;
    for (int p = 0; p < PORTS; p++) begin
      for (int e = 0; e < ENTRIES; e++) begin
        if (grant[p*ENTRIES + e]) begin
          iss_slot[p*SB +: SB]   = iss_slot[p*SB +: SB] | slot_q[e*SB +: SB];
          iss_prs1_o[p*PB +: PB] = iss_prs1_o[p*PB +: PB] | prs1_q[e*PB +: PB];
          iss_prs2_o[p*PB +: PB] = iss_prs2_o[p*PB +: PB] | prs2_q[e*PB +: PB];
          iss_prs3_o[p*PB +: PB] = iss_prs3_o[p*PB +: PB] | prs3_q[e*PB +: PB];
        end
      end
    end
  end

  // The payload slots: each valid lane takes the lowest free one the lanes
  // before it left. There are at least as many free slots as the queue has
  // free entries (free_o), the most that may be inserted.
  always_comb begin
    logic [ENTRIES-1:0] avail;
    avail    = slot_free_q;
    ins_slot = '0;
    for (int i = 0; i < W; i++) begin
      for (int e = ENTRIES - 1; e >= 0; e--) begin
        if (avail[e]) ins_slot[i*SB +: SB] = SB'(e);
      end
      if (ins_valid_i[i]) avail[ins_slot[i*SB +: SB]] = 1'b0;
    end
  end

  always_comb begin
    slot_free_d = slot_free_q;
    for (int p = 0; p < PORTS; p++) begin
      if (iss_valid_o[p]) slot_free_d[iss_slot[p*SB +: SB]] = 1'b1;
    end
    for (int i = 0; i < W; i++) begin
      if (ins_valid_i[i]) slot_free_d[ins_slot[i*SB +: SB]] = 1'b0;
    end
    if (flush_i) slot_free_d = '1;
  end

  // The payloads: written by the inserting lanes, read by the ports.
  lvt_ram #(.ENTRIES(ENTRIES), .WIDTH(PL), .NREAD(PORTS), .NWRITE(W)) u_payload (
    .clk_i, .we_i(ins_valid_i), .waddr_i(ins_slot), .wdata_i(ins_payload_i),
    .raddr_i(iss_slot), .rdata_o(iss_payload_o));

  // Collapse and insert.
  logic [ENTRIES*SH_BITS-1:0] removed_below;  // issued entries below entry e
  logic [ENTRIES-1:0]         wake1, wake2, wake3;  // sources ready after this cycle's wakeups

  always_comb begin
    logic [SH_BITS-1:0] n;
    n = '0;
    for (int e = 0; e < ENTRIES; e++) begin
      removed_below[e*SH_BITS +: SH_BITS] = n;
      n = n + SH_BITS'(taken[e]);
      wake1[e] = rdy1_q[e] || woken(wake_valid_i, wake_pdst_i, prs1_q[e*PB +: PB]);
      wake2[e] = rdy2_q[e] || woken(wake_valid_i, wake_pdst_i, prs2_q[e*PB +: PB]);
      wake3[e] = rdy3_q[e] || woken(wake_valid_i, wake_pdst_i, prs3_q[e*PB +: PB]);
    end
  end

  always_comb begin
    logic [CNT_BITS-1:0] kept, pos;
    logic                r1, r2, r3;
    r1        = 1'b0;
    r2        = 1'b0;
    r3        = 1'b0;
    slot_d    = slot_q;
    prs1_d    = prs1_q;
    prs2_d    = prs2_q;
    prs3_d    = prs3_q;
    rdy1_d    = rdy1_q;
    rdy2_d    = rdy2_q;
    rdy3_d    = rdy3_q;
    ports_d   = ports_q;

    // An entry that stays moves down by the number of issued entries below
    // it. Entries past the count move too; they land at or above the new
    // count, where nothing valid goes.
    for (int s = 0; s <= PORTS; s++) begin
      for (int e = s; e < ENTRIES; e++) begin
        if (!taken[e] && removed_below[e*SH_BITS +: SH_BITS] == SH_BITS'(s)) begin
          slot_d[(e-s)*SB +: SB]        = slot_q[e*SB +: SB];
          prs1_d[(e-s)*PB +: PB]        = prs1_q[e*PB +: PB];
          prs2_d[(e-s)*PB +: PB]        = prs2_q[e*PB +: PB];
          prs3_d[(e-s)*PB +: PB]        = prs3_q[e*PB +: PB];
          rdy1_d[e-s]                   = wake1[e];
          rdy2_d[e-s]                   = wake2[e];
          rdy3_d[e-s]                   = wake3[e];
          ports_d[(e-s)*PORTS +: PORTS] = ports_q[e*PORTS +: PORTS];
        end
      end
    end
    kept = count_q - CNT_BITS'(popcount_taken(taken));

    // New entries go in behind the survivors, in lane order.
    pos = kept;
    for (int i = 0; i < W; i++) begin
      if (ins_valid_i[i]) begin
        r1 = ins_rs1_ready_i[i] || woken(wake_valid_i, wake_pdst_i, ins_prs1_i[i*PB +: PB]);
        r2 = ins_rs2_ready_i[i] || woken(wake_valid_i, wake_pdst_i, ins_prs2_i[i*PB +: PB]);
        r3 = ins_rs3_ready_i[i] || woken(wake_valid_i, wake_pdst_i, ins_prs3_i[i*PB +: PB]);
        for (int e = 0; e < ENTRIES; e++) begin
          if (pos == CNT_BITS'(e)) begin
            slot_d[e*SB +: SB]          = ins_slot[i*SB +: SB];
            prs1_d[e*PB +: PB]          = ins_prs1_i[i*PB +: PB];
            prs2_d[e*PB +: PB]          = ins_prs2_i[i*PB +: PB];
            prs3_d[e*PB +: PB]          = ins_prs3_i[i*PB +: PB];
            rdy1_d[e]                   = r1;
            rdy2_d[e]                   = r2;
            rdy3_d[e]                   = r3;
            ports_d[e*PORTS +: PORTS]   = ins_ports_i[i*PORTS +: PORTS];
          end
        end
        pos = pos + CNT_BITS'(1);
      end
    end
    count_d = flush_i ? '0 : pos;
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      count_q     <= '0;
      slot_free_q <= '1;
    end else begin
      count_q     <= count_d;
      slot_free_q <= slot_free_d;
    end
  end

  // Contents need no reset: count_q says which entries hold instructions.
  always_ff @(posedge clk_i) begin
    slot_q    <= slot_d;
    prs1_q    <= prs1_d;
    prs2_q    <= prs2_d;
    prs3_q    <= prs3_d;
    rdy1_q    <= rdy1_d;
    rdy2_q    <= rdy2_d;
    rdy3_q    <= rdy3_d;
    ports_q   <= ports_d;
  end
endmodule
