// core and frontend types first: backend_types.svh then keeps its own
// lint waiver for the payload widths this file does not use
`include "core_types.svh"
`include "frontend_types.svh"
`include "backend_types.svh"

// S: the three issue queues that dispatch fills (integer, memory, FP) and
// the ports they issue to. Every queue takes the renamed sources of all
// lanes and picks its own; every result woken anywhere wakes all three.
module issue_stage #(
  parameter int unsigned W         = CFG_W,
  parameter int unsigned INT_PORTS = 3,
  parameter int unsigned NWAKE     = 8,
  localparam int unsigned PB       = PREG_BITS,
  localparam int unsigned IPB      = INT_PAYLOAD_BITS,
  localparam int unsigned MPB      = MEM_PAYLOAD_BITS,
  localparam int unsigned FPB      = FP_PAYLOAD_BITS,
  localparam int unsigned CB       = $clog2(CFG_IQ_ENTRIES + 1)
) (
  input  logic                   clk_i,
  input  logic                   rst_ni,
  input  logic                   flush_i,

  // from rename and dispatch: the lanes' sources and each queue's lanes
  input  logic [W*PB-1:0]        prs1_i,
  input  logic [W*PB-1:0]        prs2_i,
  input  logic [W*PB-1:0]        prs3_i,
  input  logic [W-1:0]           int_valid_i,
  input  logic [W*IPB-1:0]       int_payload_i,
  input  logic [W*INT_PORTS-1:0] int_ports_i,
  input  logic [W-1:0]           int_rs1_ready_i,
  input  logic [W-1:0]           int_rs2_ready_i,
  output logic [CB-1:0]          int_free_o,
  input  logic [W-1:0]           mem_valid_i,
  input  logic [W*MPB-1:0]       mem_payload_i,
  input  logic [W*2-1:0]         mem_ports_i,      // load, store
  input  logic [W-1:0]           mem_rs1_ready_i,
  input  logic [W-1:0]           mem_rs2_ready_i,
  output logic [CB-1:0]          mem_free_o,
  input  logic [W-1:0]           fp_valid_i,
  input  logic [W*FPB-1:0]       fp_payload_i,
  input  logic [W*3-1:0]         fp_ports_i,       // FMA, conversions, divide/square root
  input  logic [W-1:0]           fp_rs1_ready_i,
  input  logic [W-1:0]           fp_rs2_ready_i,
  input  logic [W-1:0]           fp_rs3_ready_i,
  output logic [CB-1:0]          fp_free_o,

  input  logic [NWAKE-1:0]       wake_valid_i,
  input  logic [NWAKE*PB-1:0]    wake_pdst_i,

  // to the integer ports (int_cluster)
  input  logic [INT_PORTS-1:0]     int_port_ready_i,
  output logic [INT_PORTS-1:0]     int_iss_valid_o,
  output logic [INT_PORTS*IPB-1:0] int_iss_payload_o,
  output logic [INT_PORTS*PB-1:0]  int_iss_prs1_o,
  output logic [INT_PORTS*PB-1:0]  int_iss_prs2_o,
  // to the memory ports (register read, then the LSU)
  input  logic [1:0]             mem_port_ready_i,
  output logic [1:0]             mem_iss_valid_o,
  output logic [2*MPB-1:0]       mem_iss_payload_o,
  output logic [2*PB-1:0]        mem_iss_prs1_o,
  output logic [2*PB-1:0]        mem_iss_prs2_o,
  // to the FP ports (fp_cluster)
  input  logic [2:0]             fp_port_ready_i,
  output logic [2:0]             fp_iss_valid_o,
  output logic [3*FPB-1:0]       fp_iss_payload_o,
  output logic [3*PB-1:0]        fp_iss_prs1_o,
  output logic [3*PB-1:0]        fp_iss_prs2_o,
  output logic [3*PB-1:0]        fp_iss_prs3_o
`ifdef TEA_TRACE
  ,
  // Trace port (simulation only; stage_trace.svh): what dispatch writes,
  // for issue_trace; the entries leaving each queue; whether each queue's
  // oldest entry has its sources; which FP entries have their sources and
  // which wait for a load's or a divide's result
  input  logic [W-1:0]                disp_lanes_i,
  input  logic [W-1:0]                disp_load_i,
  input  logic [W-1:0]                rd_used_i,
  input  logic [W*PB-1:0]             pdst_i,
  output logic [CFG_IQ_ENTRIES-1:0]   trace_int_taken_o,
  output logic [CFG_IQ_ENTRIES-1:0]   trace_mem_taken_o,
  output logic [CFG_IQ_ENTRIES-1:0]   trace_fp_taken_o,
  output logic [2:0]                  trace_oldest_ready_o,   // {FP, memory, integer}
  output logic [CFG_IQ_ENTRIES-1:0]   trace_fp_ready_o,
  output logic [CFG_IQ_ENTRIES-1:0]   trace_fp_wait_load_o,
  output logic [CFG_IQ_ENTRIES-1:0]   trace_fp_wait_div_o
`endif
);
  /* verilator lint_off UNUSEDSIGNAL */  // a load has no second source; only FMAs a third
  logic [2*PB-1:0]         mem_iss_prs3;
  logic [INT_PORTS*PB-1:0] int_iss_prs3;
  /* verilator lint_on UNUSEDSIGNAL */

`ifdef TEA_TRACE
  logic [CFG_PRF_ENTRIES-1:0] load_preg, div_preg;
  /* verilator lint_off UNUSEDSIGNAL */  // the stage view needs the oldest's readiness only
  logic [CFG_IQ_ENTRIES-1:0]  int_ready, mem_ready;
  logic [CFG_IQ_ENTRIES-1:0]  int_wait_load, mem_wait_load;
  logic [CFG_IQ_ENTRIES-1:0]  int_wait_div, mem_wait_div;
  /* verilator lint_on UNUSEDSIGNAL */

  issue_trace #(.W(W)) u_issue_trace (
    .clk_i, .disp_lanes_i, .disp_load_i, .rd_used_i, .pdst_i,
    .iq_fp_valid_i(fp_valid_i), .iq_fp_ports_i(fp_ports_i),
    .load_preg_o(load_preg), .div_preg_o(div_preg)
  );
  assign trace_oldest_ready_o = {trace_fp_ready_o[0], mem_ready[0], int_ready[0]};
`endif

  issue_queue #(.PORTS(INT_PORTS), .NWAKE(NWAKE), .PAYLOAD_BITS(IPB),
                .SHARE_LAST(1'b1)) u_iq_int (
    .clk_i, .rst_ni, .flush_i,
    .ins_valid_i(int_valid_i), .ins_payload_i(int_payload_i),
    .ins_prs1_i(prs1_i), .ins_prs2_i(prs2_i), .ins_prs3_i('0),
    .ins_rs1_ready_i(int_rs1_ready_i), .ins_rs2_ready_i(int_rs2_ready_i), .ins_rs3_ready_i('1),
    .ins_ports_i(int_ports_i), .free_o(int_free_o),
    .wake_valid_i, .wake_pdst_i,
    .port_ready_i(int_port_ready_i), .iss_valid_o(int_iss_valid_o),
    .iss_payload_o(int_iss_payload_o),
    .iss_prs1_o(int_iss_prs1_o), .iss_prs2_o(int_iss_prs2_o), .iss_prs3_o(int_iss_prs3)
`ifdef TEA_TRACE
    , .trace_load_preg_i(load_preg), .trace_div_preg_i(div_preg),
    .trace_taken_o(trace_int_taken_o), .trace_ready_o(int_ready),
    .trace_wait_load_o(int_wait_load), .trace_wait_div_o(int_wait_div)
`endif
  );

  issue_queue #(.PORTS(2), .NWAKE(NWAKE), .PAYLOAD_BITS(MPB)) u_iq_mem (
    .clk_i, .rst_ni, .flush_i,
    .ins_valid_i(mem_valid_i), .ins_payload_i(mem_payload_i),
    .ins_prs1_i(prs1_i), .ins_prs2_i(prs2_i), .ins_prs3_i('0),
    .ins_rs1_ready_i(mem_rs1_ready_i), .ins_rs2_ready_i(mem_rs2_ready_i), .ins_rs3_ready_i('1),
    .ins_ports_i(mem_ports_i), .free_o(mem_free_o),
    .wake_valid_i, .wake_pdst_i,
    .port_ready_i(mem_port_ready_i), .iss_valid_o(mem_iss_valid_o),
    .iss_payload_o(mem_iss_payload_o),
    .iss_prs1_o(mem_iss_prs1_o), .iss_prs2_o(mem_iss_prs2_o), .iss_prs3_o(mem_iss_prs3)
`ifdef TEA_TRACE
    , .trace_load_preg_i(load_preg), .trace_div_preg_i(div_preg),
    .trace_taken_o(trace_mem_taken_o), .trace_ready_o(mem_ready),
    .trace_wait_load_o(mem_wait_load), .trace_wait_div_o(mem_wait_div)
`endif
  );

  // The FP queue: three sources (the FMADD family's addend); its conversion
  // and divide ports take turns on two register-file reads
  issue_queue #(.PORTS(3), .NWAKE(NWAKE), .PAYLOAD_BITS(FPB), .NSRC(3), .SHARE_LAST(1'b1)) u_iq_fp (
    .clk_i, .rst_ni, .flush_i,
    .ins_valid_i(fp_valid_i), .ins_payload_i(fp_payload_i),
    .ins_prs1_i(prs1_i), .ins_prs2_i(prs2_i), .ins_prs3_i(prs3_i),
    .ins_rs1_ready_i(fp_rs1_ready_i), .ins_rs2_ready_i(fp_rs2_ready_i),
    .ins_rs3_ready_i(fp_rs3_ready_i),
    .ins_ports_i(fp_ports_i), .free_o(fp_free_o),
    .wake_valid_i, .wake_pdst_i,
    .port_ready_i(fp_port_ready_i), .iss_valid_o(fp_iss_valid_o),
    .iss_payload_o(fp_iss_payload_o),
    .iss_prs1_o(fp_iss_prs1_o), .iss_prs2_o(fp_iss_prs2_o), .iss_prs3_o(fp_iss_prs3_o)
`ifdef TEA_TRACE
    , .trace_load_preg_i(load_preg), .trace_div_preg_i(div_preg),
    .trace_taken_o(trace_fp_taken_o), .trace_ready_o(trace_fp_ready_o),
    .trace_wait_load_o(trace_fp_wait_load_o), .trace_wait_div_o(trace_fp_wait_div_o)
`endif
  );
endmodule
