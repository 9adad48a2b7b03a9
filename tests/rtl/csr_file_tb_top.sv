// Bench top for csr_file: a hart id other than 0, so that mhartid is seen
// to come from the parameter (the bench's ISS hart is hart 3 of 4), and
// the configured width for the C++ side.
`include "core_types.svh"
`include "hpm_events.svh"

module csr_file_tb_top #(
  localparam int unsigned LB = $clog2(CFG_W + 1)
) (
  input  logic                         clk_i,
  input  logic                         rst_ni,
  input  logic                         csr_valid_i,
  input  csr_op_e                      csr_op_i,
  input  logic [11:0]                  csr_addr_i,
  input  logic [63:0]                  csr_wdata_i,
  input  logic                         csr_write_i,
  input  logic                         csr_read_i,
  output logic [63:0]                  csr_rdata_o,
  output logic                         csr_illegal_o,
  output logic                         mret_illegal_o,
  output logic                         sret_illegal_o,
  output logic                         wfi_illegal_o,
  output logic                         sfence_illegal_o,
  input  logic                         trap_valid_i,
  input  logic [63:0]                  trap_cause_i,
  input  logic [63:0]                  trap_pc_i,
  input  logic [63:0]                  trap_tval_i,
  output logic [63:0]                  trap_target_o,
  input  logic                         mret_i,
  input  logic                         sret_i,
  output logic [63:0]                  xret_target_o,
  input  logic                         resume_i,
  input  logic [1:0]                   resume_priv_i,
  input  logic                         irq_m_soft_i,
  input  logic                         irq_m_timer_i,
  input  logic                         irq_m_ext_i,
  input  logic                         irq_s_ext_i,
  input  logic                         irq_tea_i,
  input  logic [63:0]                  mtime_i,
  output logic                         irq_pending_o,
  output logic [63:0]                  irq_cause_o,
  output logic                         wfi_wakeup_o,
  input  logic [LB-1:0]                instret_i,
  input  logic [HPM_NUM_EVENTS*LB-1:0] events_i,
  output logic [1:0]                   priv_o,
  output logic [1:0]                   priv_data_o,
  output logic [63:0]                  satp_o,
  output logic                         sum_o,
  output logic                         mxr_o,
  input  logic [4:0]                   fp_flags_i,
  input  logic                         fp_dirty_i,
  output logic [2:0]                   frm_o,
  output logic                         fs_off_o,
  output logic                         ext_valid_o,
  input  logic [63:0]                  ext_rdata_i,
  input  logic                         ext_illegal_i,
  output logic                         ext_we_o,
  output logic [63:0]                  ext_wdata_o,
  output logic [7:0]                   cfg_w_o         // CFG_W, for the C++ side
);
  assign cfg_w_o = 8'(CFG_W);
  csr_file #(.HARTID(64'd3)) dut (.*);
endmodule
