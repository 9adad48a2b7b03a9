// A module uses only some of the shared sizes and names.
/* verilator lint_off UNUSEDPARAM */
`include "core_config.svh"
`include "tea_events.svh"
`include "tea_csr.svh"
/* verilator lint_on UNUSEDPARAM */

// TEA as the core holds it: the sampler (tea_sampler.sv) with its CSR port
// shared between the CSR instruction at the ROB head and, in simulation,
// the simulator's own writes (which win); with CFG_TEA = 0 nothing at all:
// the CSRs do not exist and nothing samples.
module tea_unit #(
  parameter int unsigned W  = CFG_W,
  localparam int unsigned PS = PSV_BITS
) (
  input  logic              clk_i,
  input  logic              rst_ni,
  // commit stage, this cycle (tea_sampler.sv)
  input  logic              rob_empty_i,
  input  logic [W-1:0]      retire_i,
  input  logic              retire_trap_i,
  input  logic [W*64-1:0]   retire_pc_i,
  input  logic [W*PS-1:0]   retire_psv_i,
  input  logic [W-1:0]      retire_dvalid_i,
  input  logic [W*64-1:0]   retire_daddr_i,
  input  logic              flush_i,
  input  logic [1:0]        priv_i,
  // the CSR instruction at the ROB head
  input  logic [11:0]       csr_addr_i,
  input  logic              csr_write_i,
  input  logic              csr_we_i,
  input  logic [63:0]       csr_wdata_i,
  output logic [63:0]       csr_rdata_o,
  output logic              csr_illegal_o,
  output logic              irq_o,
  // the sample buffer's line writes, to memory (tea_sampler.sv)
  output logic              buf_req_o,
  output logic [TEA_BUF_BITS-7:0] buf_line_o,
  output logic [511:0]      buf_data_o,
  output logic [7:0]        buf_wmask_o,
  input  logic              buf_ack_i,
  input  logic              buf_done_i,
  input  logic              buf_error_i,
  // the simulator's write, as if it committed this cycle (0 in hardware)
  input  logic              sim_we_i,
  input  logic [11:0]       sim_addr_i,
  input  logic [63:0]       sim_wdata_i,
  // what the CSRs see, and the latched sample, for the trace port
  output logic [11:0]       port_addr_o,
  output logic              port_we_o,
  output logic [63:0]       port_wdata_o,
  output logic              sample_valid_o,
  output logic [63:0]       sample_time_o,
  output logic [1:0]        sample_state_o,
  output logic [1:0]        sample_priv_o,
  output logic [W-1:0]      sample_mask_o,
  output logic [W*64-1:0]   sample_pc_o,
  output logic [W*PS-1:0]   sample_psv_o,
  output logic [W-1:0]      sample_dmask_o,
  output logic [W*64-1:0]   sample_daddr_o,
  output logic [31:0]       sample_seq_o,
  output logic [63:0]       lost_o,
  output logic [63:0]       filtered_o,
  output logic [63:0]       buf_ptr_o,
  output logic              buf_irq_o,
  output logic              buf_full_o
);
  logic port_write;
  assign port_addr_o  = sim_we_i ? sim_addr_i : csr_addr_i;
  assign port_write   = sim_we_i || csr_write_i;
  assign port_we_o    = sim_we_i || csr_we_i;
  assign port_wdata_o = sim_we_i ? sim_wdata_i : csr_wdata_i;

  if (CFG_TEA != 0) begin : g_tea
    tea_sampler #(.W(W)) u_sampler (
      .clk_i, .rst_ni,
      .rob_empty_i, .retire_i, .retire_trap_i, .retire_pc_i, .retire_psv_i, .retire_dvalid_i,
      .retire_daddr_i, .flush_i, .priv_i,
      .csr_addr_i(port_addr_o), .csr_write_i(port_write), .csr_we_i(port_we_o),
      .csr_wdata_i(port_wdata_o), .csr_rdata_o, .csr_illegal_o, .irq_o,
      .buf_req_o, .buf_line_o, .buf_data_o, .buf_wmask_o, .buf_ack_i, .buf_done_i, .buf_error_i,
      .sample_valid_o, .sample_time_o, .sample_state_o, .sample_priv_o, .sample_mask_o,
      .sample_pc_o, .sample_psv_o, .sample_dmask_o, .sample_daddr_o, .sample_seq_o, .lost_o, .filtered_o,
      .buf_ptr_o, .buf_irq_o, .buf_full_o
    );
  end else begin : g_no_tea
    logic unused;
    assign unused = ^{clk_i, rst_ni, rob_empty_i, retire_i, retire_trap_i, retire_pc_i,
                      retire_psv_i, retire_dvalid_i, retire_daddr_i, flush_i, priv_i,
                      port_write, buf_ack_i, buf_done_i,
                      buf_error_i};
    assign csr_rdata_o    = '0;
    assign csr_illegal_o  = 1'b1;
    assign irq_o          = 1'b0;
    assign sample_valid_o = 1'b0;
    assign sample_time_o  = '0;
    assign sample_state_o = '0;
    assign sample_priv_o  = '0;
    assign sample_mask_o  = '0;
    assign sample_pc_o    = '0;
    assign sample_psv_o   = '0;
    assign sample_dmask_o = '0;
    assign sample_daddr_o = '0;
    assign lost_o         = '0;
    assign filtered_o     = '0;
    assign buf_req_o      = 1'b0;
    assign buf_line_o     = '0;
    assign buf_data_o     = '0;
    assign buf_wmask_o    = '0;
    assign sample_seq_o   = '0;
    assign buf_ptr_o      = '0;
    assign buf_irq_o      = 1'b0;
    assign buf_full_o     = 1'b0;
  end
endmodule
