// The SoC (docs/microarchitecture.md): the core and the host's memory port
// (host_dma) sharing the line router, with the boot ROM and the LLC behind
// it (AXI4 memory port out), and the MMIO devices (test finisher, CLINT,
// PLIC, UART) behind mmio_bus. The simulator loads the boot ROM through
// rom_wr_* before reset, answers the memory port with its DRAM model
// (sim/dram) and the host port for the HTIF words, reaches memory through
// host_dma_* and the halted core through dbg_*, prints uart_tx_* and stops
// on finish_valid_o.
`include "core_types.svh"
`include "mem_types.svh"
`include "tea_events.svh"
`include "stage_trace.svh"

module tea_soc #(
  parameter logic [63:0] RESET_PC      = 64'h1000,
  parameter int unsigned TICK_DIV      = 10,   // core cycles per mtime tick
  parameter int unsigned AXI_ID_BITS   = 4,
  parameter              BOOTROM_INIT  = "",   // $readmemh file for FPGAs (bootrom.sv)
  parameter logic [15:0] UART_DIVISOR  = '0,   // the UART's divisor latch at reset
  localparam int unsigned ROM_ADDR_BITS = $clog2(32'(PMA_BOOTROM_SIZE))
) (
  input  logic                     clk_i,
  input  logic                     rst_ni,

  // memory port (AXI4, single-beat bursts of one line)
  output logic                     m_axi_awvalid,
  input  logic                     m_axi_awready,
  output logic [PADDR_BITS-1:0]    m_axi_awaddr,
  output logic [AXI_ID_BITS-1:0]   m_axi_awid,
  output logic [7:0]               m_axi_awlen,
  output logic [2:0]               m_axi_awsize,
  output logic [1:0]               m_axi_awburst,
  output logic                     m_axi_wvalid,
  input  logic                     m_axi_wready,
  output logic [LINE_BITS-1:0]     m_axi_wdata,
  output logic [LINE_BITS/8-1:0]   m_axi_wstrb,
  output logic                     m_axi_wlast,
  input  logic                     m_axi_bvalid,
  output logic                     m_axi_bready,
  input  logic [AXI_ID_BITS-1:0]   m_axi_bid,
  input  logic [1:0]               m_axi_bresp,
  output logic                     m_axi_arvalid,
  input  logic                     m_axi_arready,
  output logic [PADDR_BITS-1:0]    m_axi_araddr,
  output logic [AXI_ID_BITS-1:0]   m_axi_arid,
  output logic [7:0]               m_axi_arlen,
  output logic [2:0]               m_axi_arsize,
  output logic [1:0]               m_axi_arburst,
  input  logic                     m_axi_rvalid,
  output logic                     m_axi_rready,
  input  logic [LINE_BITS-1:0]     m_axi_rdata,
  input  logic [AXI_ID_BITS-1:0]   m_axi_rid,
  input  logic [1:0]               m_axi_rresp,
  input  logic                     m_axi_rlast,
  // bytes of DRAM behind it from PMA_DRAM_BASE (held, like the HTIF words):
  // the core's stores and AMOs beyond it fault
  input  logic [PADDR_BITS-1:0]    dram_size_i,

  // boot ROM loader (before reset): byte offset from the ROM base, 8-aligned
  input  logic                     rom_wr_valid_i,
  input  logic [ROM_ADDR_BITS-1:0] rom_wr_addr_i,
  input  logic [63:0]              rom_wr_data_i,

  // UART bytes out and in (uart16550.sv): the simulator takes every byte
  // at once; a board has its serializers here, at the divisor's rate
  output logic                     uart_tx_valid_o,
  output logic [7:0]               uart_tx_data_o,
  input  logic                     uart_tx_ready_i,
  input  logic                     uart_tx_idle_i,
  input  logic                     uart_rx_valid_i,
  input  logic [7:0]               uart_rx_data_i,
  input  logic [2:0]               uart_rx_err_i,
  output logic                     uart_rx_ready_o,
  output logic [15:0]              uart_divisor_o,
  output logic [6:0]               uart_lcr_o,

  // test finisher: raised (and held) by the first request
  output logic                     finish_valid_o,
  output logic [15:0]              finish_code_o,
  output logic                     finish_reset_o,

  // HTIF: the words the core keeps uncached, and the port that serves them
  input  logic [PADDR_BITS-1:0]    htif_tohost_i,
  input  logic [PADDR_BITS-1:0]    htif_fromhost_i,
  output logic                     host_req_valid_o,
  output logic [PADDR_BITS-1:0]    host_req_addr_o,
  output logic                     host_req_write_o,
  output logic [63:0]              host_req_wdata_o,
  output logic [7:0]               host_req_wstrb_o,
  input  logic                     host_resp_valid_i,
  input  logic [63:0]              host_resp_rdata_i,

  // the host's coherent memory port (host_dma.sv): one line at a time
  input  logic                     host_dma_req_valid_i,
  output logic                     host_dma_req_ready_o,
  input  logic [PADDR_BITS-LINE_OFF_BITS-1:0] host_dma_req_line_i,
  input  logic                     host_dma_req_write_i,
  input  logic [LINE_BITS-1:0]     host_dma_req_wdata_i,
  input  logic [LINE_BITS/8-1:0]   host_dma_req_wstrb_i,
  output logic                     host_dma_resp_valid_o,
  output logic [LINE_BITS-1:0]     host_dma_resp_rdata_o,
  output logic                     host_dma_resp_error_o,

  // the core's debug halt (tea_core.sv)
  input  logic                     dbg_halt_ebreak_i,
  output logic                     dbg_halted_o,
  output logic [63:0]              dbg_pc_o,
  input  logic                     dbg_resume_i,
  input  logic [63:0]              dbg_resume_pc_i,
  input  logic [1:0]               dbg_resume_priv_i,
  input  logic [4:0]               dbg_reg_addr_i,
  output logic [63:0]              dbg_reg_rdata_o,
  input  logic                     dbg_reg_we_i,
  input  logic [63:0]              dbg_reg_wdata_i,

  output logic                     ev_llc_miss_o,   // pulse per LLC read miss
  output logic [63:0]              mtime_o
`ifdef TEA_TRACE
  ,
  output logic [CFG_W-1:0]          trace_valid_o,
  output logic [CFG_W*64-1:0]       trace_pc_o,
  output logic [CFG_W*32-1:0]       trace_insn_o,
  output logic [CFG_W*6-1:0]        trace_rd_o,
  output logic [CFG_W*64-1:0]       trace_rd_value_o,
  output logic [CFG_W*4-1:0]        trace_mem_size_o,
  output logic [CFG_W*64-1:0]       trace_mem_addr_o,
  output logic [CFG_W*64-1:0]       trace_mem_value_o,
  output logic [CFG_W*PSV_BITS-1:0] trace_psv_o,
  output logic [1:0]                trace_priv_o,
  output logic                      trace_trap_o,
  output logic                      trace_interrupt_o,
  output logic [63:0]               trace_cause_o,
  output logic [63:0]               trace_tval_o,
  output logic                      trace_flush_o,
  output logic [ROB_IDX_BITS-1:0]   trace_rob_head_o,
  output logic [ROB_IDX_BITS-1:0]   trace_rob_tail_o,
  output logic                      trace_rob_empty_o,
  output logic [CFG_W-1:0]          trace_dispatch_o,
  output logic [CFG_W-1:0]          trace_retire_o,
  output logic                      trace_retire_trap_o,
  output logic [CFG_W*PSV_BITS-1:0] trace_retire_psv_o,
  output logic [CFG_W-1:0]          trace_retire_dvalid_o,
  output logic [CFG_W*64-1:0]       trace_retire_daddr_o,
  output logic [$clog2(CFG_FETCH_LANES+1)-1:0] trace_fb_enq_o,
  output logic                      trace_fb_flush_o,
  output logic [DISP_STALL_BITS-1:0]  trace_disp_stall_o,
  output logic [3*CFG_W-1:0]          trace_iq_enter_o,
  output logic [CFG_IQ_ENTRIES-1:0]   trace_int_iq_taken_o,
  output logic [CFG_IQ_ENTRIES-1:0]   trace_mem_iq_taken_o,
  output logic [CFG_IQ_ENTRIES-1:0]   trace_fp_iq_taken_o,
  output logic [2:0]                  trace_iq_ready_o,
  output logic [2*CFG_W-1:0]          trace_fp_flops_o,
  output logic [CFG_IQ_ENTRIES-1:0]   trace_fp_iq_ready_o,
  output logic [CFG_IQ_ENTRIES-1:0]   trace_fp_iq_wait_load_o,
  output logic [CFG_IQ_ENTRIES-1:0]   trace_fp_iq_wait_div_o,
  output logic                      trace_tea_we_o,
  output logic [11:0]               trace_tea_addr_o,
  output logic [63:0]               trace_tea_wdata_o,
  output logic                      trace_tea_valid_o,
  output logic [63:0]               trace_tea_time_o,
  output logic [1:0]                trace_tea_state_o,
  output logic [1:0]                trace_tea_priv_o,
  output logic [CFG_W-1:0]          trace_tea_mask_o,
  output logic [CFG_W*64-1:0]       trace_tea_pc_o,
  output logic [CFG_W*PSV_BITS-1:0] trace_tea_psv_o,
  output logic [CFG_W-1:0]          trace_tea_dmask_o,
  output logic [CFG_W*64-1:0]       trace_tea_daddr_o,
  output logic [63:0]               trace_tea_lost_o,
  output logic [63:0]               trace_tea_filtered_o,
  output logic [31:0]               trace_tea_seq_o,
  output logic [63:0]               trace_tea_buf_ptr_o,
  output logic                      trace_tea_buf_irq_o,
  output logic                      trace_tea_buf_full_o,
  // the sampler's line write to memory, and memory's answer
  output logic                      trace_tea_buf_req_o,
  output logic [PADDR_BITS-LINE_OFF_BITS-1:0] trace_tea_buf_line_o,
  output logic [LINE_BITS-1:0]      trace_tea_buf_data_o,
  output logic [7:0]                trace_tea_buf_wmask_o,
  output logic                      trace_tea_buf_ack_o,
  output logic                      trace_tea_buf_done_o,
  output logic                      trace_tea_buf_error_o,
  input  logic                      dbg_tea_we_i,
  input  logic [11:0]               dbg_tea_addr_i,
  input  logic [63:0]               dbg_tea_wdata_i
`endif
);
  localparam int unsigned ROM_LINES = 32'(PMA_BOOTROM_SIZE) / CFG_LINE_BYTES;
  localparam int unsigned ROM_IDX   = $clog2(ROM_LINES);

  // core <-> arbiter
  logic                  c_lreq_valid, c_lreq_ready, c_lreq_write, c_lresp_valid;
  logic [PADDR_BITS-1:0] c_lreq_addr;
  logic [LINE_BITS-1:0]  c_lreq_data;
  logic [LP_ID_BITS-1:0] c_lreq_id;
  // host_dma <-> arbiter, and the core's D-cache probe
  logic                  h_lreq_valid, h_lreq_ready, h_lreq_write, h_lresp_valid;
  logic [PADDR_BITS-1:0] h_lreq_addr;
  logic [LINE_BITS-1:0]  h_lreq_data;
  logic [LP_ID_BITS-1:0] h_lreq_id;
  logic                  probe_valid, probe_inval, probe_done;
  logic [PADDR_BITS-1:0] probe_addr;
  // the TEA sampler's buffer writes and the host's requests -> host_dma
  logic                  tea_buf_req, tea_buf_ack, tea_buf_done;
  logic [PADDR_BITS-LINE_OFF_BITS-1:0] tea_buf_line, dma_req_line;
  logic [LINE_BITS-1:0]  tea_buf_data, dma_req_wdata;
  logic [7:0]            tea_buf_wmask;
  logic                  dma_req_valid, dma_req_ready, dma_req_write, dma_resp_valid;
  logic [LINE_BITS/8-1:0] dma_req_wstrb;
  // arbiter <-> router
  logic                  r_lreq_valid, r_lreq_ready, r_lreq_write;
  logic [PADDR_BITS-1:0] r_lreq_addr;
  logic [LINE_BITS-1:0]  r_lreq_data, r_lresp_data;
  logic [LP_ID_BITS-1:0] r_lreq_id, r_lresp_id;
  logic                  r_lresp_valid, r_lresp_error, r_lresp_llc_miss;
  // router <-> LLC
  logic                  l_lreq_valid, l_lreq_ready, l_lreq_write;
  logic [PADDR_BITS-1:0] l_lreq_addr;
  logic [LINE_BITS-1:0]  l_lreq_data, l_lresp_data;
  logic [LP_ID_BITS-1:0] l_lreq_id, l_lresp_id;
  logic                  l_lresp_valid, l_lresp_error, l_lresp_llc_miss;
  // router <-> ROM
  logic                  rom_rd_en;
  logic [ROM_IDX-1:0]    rom_rd_line;
  logic [LINE_BITS-1:0]  rom_rd_data;
  // core <-> mmio_bus
  logic                  mmio_req_valid, mmio_req_ready, mmio_req_write;
  logic [PADDR_BITS-1:0] mmio_req_addr;
  mem_size_e             mmio_req_size;
  logic [63:0]           mmio_req_wdata, mmio_resp_rdata;
  logic [7:0]            mmio_req_wstrb;
  logic                  mmio_resp_valid, mmio_resp_error;
  // mmio_bus <-> devices
  logic        fin_req, clint_req, plic_req, uart_req, dev_we;
  logic [22:0] dev_addr;
  mem_size_e   dev_size;
  logic [63:0] dev_wdata, fin_rdata, clint_rdata, plic_rdata, uart_rdata;
  logic        fin_error, clint_error, plic_error, uart_error;
  // The held configuration (set before reset, never changed while running)
  // reaches the core through registers: logic fed by a top-level input
  // combinationally is evaluated again at every step of a simulator
  // (Verilator's input region), and the LSU's address checks are large.
  logic [PADDR_BITS-1:0] htif_tohost_q, htif_fromhost_q, dram_size_q;
  always_ff @(posedge clk_i) begin
    htif_tohost_q   <= htif_tohost_i;
    htif_fromhost_q <= htif_fromhost_i;
    dram_size_q     <= dram_size_i;
  end

  // interrupts
  logic irq_m_soft, irq_m_timer, irq_m_ext, irq_s_ext, uart_irq, tea_irq;
  logic [63:0] mtime;

  tea_core #(.RESET_PC(RESET_PC), .HARTID(64'd0)) u_core (
    .clk_i, .rst_ni,
    .lreq_valid_o(c_lreq_valid), .lreq_ready_i(c_lreq_ready), .lreq_addr_o(c_lreq_addr),
    .lreq_write_o(c_lreq_write), .lreq_data_o(c_lreq_data), .lreq_id_o(c_lreq_id),
    .lresp_valid_i(c_lresp_valid), .lresp_id_i(r_lresp_id), .lresp_data_i(r_lresp_data),
    .lresp_error_i(r_lresp_error), .lresp_llc_miss_i(r_lresp_llc_miss),
    .mmio_req_valid_o(mmio_req_valid), .mmio_req_ready_i(mmio_req_ready),
    .mmio_req_addr_o(mmio_req_addr), .mmio_req_write_o(mmio_req_write),
    .mmio_req_size_o(mmio_req_size), .mmio_req_wdata_o(mmio_req_wdata),
    .mmio_req_wstrb_o(mmio_req_wstrb), .mmio_resp_valid_i(mmio_resp_valid),
    .mmio_resp_rdata_i(mmio_resp_rdata), .mmio_resp_error_i(mmio_resp_error),
    .irq_m_soft_i(irq_m_soft), .irq_m_timer_i(irq_m_timer),
    .irq_m_ext_i(irq_m_ext), .irq_s_ext_i(irq_s_ext), .mtime_i(mtime),
    .htif_tohost_i(htif_tohost_q), .htif_fromhost_i(htif_fromhost_q), .dram_size_i(dram_size_q),
    .probe_valid_i(probe_valid), .probe_addr_i(probe_addr), .probe_inval_i(probe_inval),
    .probe_done_o(probe_done),
    .dbg_halt_ebreak_i, .dbg_halted_o, .dbg_pc_o, .dbg_resume_i, .dbg_resume_pc_i,
    .dbg_resume_priv_i,
    .dbg_reg_addr_i, .dbg_reg_rdata_o, .dbg_reg_we_i, .dbg_reg_wdata_i, .tea_irq_o(tea_irq),
    .tea_buf_req_o(tea_buf_req), .tea_buf_line_o(tea_buf_line), .tea_buf_data_o(tea_buf_data),
    .tea_buf_wmask_o(tea_buf_wmask), .tea_buf_ack_i(tea_buf_ack), .tea_buf_done_i(tea_buf_done),
    .tea_buf_error_i(host_dma_resp_error_o)
`ifdef TEA_TRACE
    ,
    .trace_valid_o, .trace_pc_o, .trace_insn_o, .trace_rd_o, .trace_rd_value_o,
    .trace_mem_size_o, .trace_mem_addr_o, .trace_mem_value_o, .trace_psv_o,
    .trace_priv_o, .trace_trap_o, .trace_interrupt_o, .trace_cause_o, .trace_tval_o,
    .trace_flush_o, .trace_rob_head_o, .trace_rob_tail_o, .trace_rob_empty_o,
    .trace_dispatch_o,
    .trace_retire_o, .trace_retire_trap_o, .trace_retire_psv_o, .trace_retire_dvalid_o,
    .trace_retire_daddr_o, .trace_fb_enq_o,
    .trace_fb_flush_o, .trace_disp_stall_o, .trace_iq_enter_o,
    .trace_int_iq_taken_o, .trace_mem_iq_taken_o, .trace_fp_iq_taken_o, .trace_iq_ready_o,
    .trace_fp_flops_o, .trace_fp_iq_ready_o, .trace_fp_iq_wait_load_o, .trace_fp_iq_wait_div_o,
    .trace_tea_we_o, .trace_tea_addr_o, .trace_tea_wdata_o,
    .trace_tea_valid_o, .trace_tea_time_o, .trace_tea_state_o, .trace_tea_priv_o, .trace_tea_mask_o,
    .trace_tea_pc_o, .trace_tea_psv_o, .trace_tea_dmask_o, .trace_tea_daddr_o,
    .trace_tea_lost_o, .trace_tea_filtered_o,
    .trace_tea_seq_o, .trace_tea_buf_ptr_o, .trace_tea_buf_irq_o, .trace_tea_buf_full_o,
    .dbg_tea_we_i, .dbg_tea_addr_i, .dbg_tea_wdata_i
`endif
  );

  host_port_arbiter u_host_port_arbiter (
    .clk_i, .rst_ni,
    .host_req_valid_i(host_dma_req_valid_i), .host_req_ready_o(host_dma_req_ready_o),
    .host_req_line_i(host_dma_req_line_i), .host_req_write_i(host_dma_req_write_i),
    .host_req_wdata_i(host_dma_req_wdata_i), .host_req_wstrb_i(host_dma_req_wstrb_i),
    .host_resp_valid_o(host_dma_resp_valid_o),
    .tea_req_valid_i(tea_buf_req), .tea_req_ready_o(tea_buf_ack), .tea_req_line_i(tea_buf_line),
    .tea_req_wdata_i(tea_buf_data), .tea_req_wmask_i(tea_buf_wmask),
    .tea_resp_valid_o(tea_buf_done),
    .req_valid_o(dma_req_valid), .req_ready_i(dma_req_ready), .req_line_o(dma_req_line),
    .req_write_o(dma_req_write), .req_wdata_o(dma_req_wdata), .req_wstrb_o(dma_req_wstrb),
    .resp_valid_i(dma_resp_valid));

  host_dma u_host_dma (
    .clk_i, .rst_ni,
    .req_valid_i(dma_req_valid), .req_ready_o(dma_req_ready),
    .req_line_i(dma_req_line), .req_write_i(dma_req_write),
    .req_wdata_i(dma_req_wdata), .req_wstrb_i(dma_req_wstrb),
    .resp_valid_o(dma_resp_valid), .resp_rdata_o(host_dma_resp_rdata_o),
    .resp_error_o(host_dma_resp_error_o),
    .probe_valid_o(probe_valid), .probe_addr_o(probe_addr), .probe_inval_o(probe_inval),
    .probe_done_i(probe_done),
    .lreq_valid_o(h_lreq_valid), .lreq_ready_i(h_lreq_ready), .lreq_addr_o(h_lreq_addr),
    .lreq_write_o(h_lreq_write), .lreq_data_o(h_lreq_data), .lreq_id_o(h_lreq_id),
    .lresp_valid_i(h_lresp_valid), .lresp_id_i(r_lresp_id), .lresp_data_i(r_lresp_data),
    .lresp_error_i(r_lresp_error));

  // The core's ids pass unchanged; the host port's is LP_ID_HOST.
  line_arbiter #(.A_ID_CLR('0), .B_MASK('1), .B_ID(LP_ID_HOST)) u_line_arbiter (
    .clk_i, .rst_ni,
    .a_lreq_valid_i(c_lreq_valid), .a_lreq_ready_o(c_lreq_ready), .a_lreq_addr_i(c_lreq_addr),
    .a_lreq_write_i(c_lreq_write), .a_lreq_data_i(c_lreq_data), .a_lreq_id_i(c_lreq_id),
    .a_lresp_valid_o(c_lresp_valid),
    .b_lreq_valid_i(h_lreq_valid), .b_lreq_ready_o(h_lreq_ready), .b_lreq_addr_i(h_lreq_addr),
    .b_lreq_write_i(h_lreq_write), .b_lreq_data_i(h_lreq_data), .b_lreq_id_i(h_lreq_id),
    .b_lresp_valid_o(h_lresp_valid),
    .lreq_valid_o(r_lreq_valid), .lreq_ready_i(r_lreq_ready), .lreq_addr_o(r_lreq_addr),
    .lreq_write_o(r_lreq_write), .lreq_data_o(r_lreq_data), .lreq_id_o(r_lreq_id),
    .lresp_valid_i(r_lresp_valid), .lresp_id_i(r_lresp_id));

  soc_line_router u_router (
    .clk_i, .rst_ni,
    .lreq_valid_i(r_lreq_valid), .lreq_ready_o(r_lreq_ready), .lreq_addr_i(r_lreq_addr),
    .lreq_write_i(r_lreq_write), .lreq_data_i(r_lreq_data), .lreq_id_i(r_lreq_id),
    .lresp_valid_o(r_lresp_valid), .lresp_id_o(r_lresp_id), .lresp_data_o(r_lresp_data),
    .lresp_error_o(r_lresp_error), .lresp_llc_miss_o(r_lresp_llc_miss),
    .llc_lreq_valid_o(l_lreq_valid), .llc_lreq_ready_i(l_lreq_ready),
    .llc_lreq_addr_o(l_lreq_addr), .llc_lreq_write_o(l_lreq_write),
    .llc_lreq_data_o(l_lreq_data), .llc_lreq_id_o(l_lreq_id),
    .llc_lresp_valid_i(l_lresp_valid), .llc_lresp_id_i(l_lresp_id),
    .llc_lresp_data_i(l_lresp_data), .llc_lresp_error_i(l_lresp_error),
    .llc_lresp_llc_miss_i(l_lresp_llc_miss),
    .rom_rd_en_o(rom_rd_en), .rom_rd_line_o(rom_rd_line), .rom_rd_data_i(rom_rd_data));

  bootrom #(.INIT_FILE(BOOTROM_INIT)) u_rom (
    .clk_i,
    .rd_en_i(rom_rd_en), .rd_line_i(rom_rd_line), .rd_data_o(rom_rd_data),
    .wr_valid_i(rom_wr_valid_i), .wr_addr_i(rom_wr_addr_i), .wr_data_i(rom_wr_data_i));

  llc #(.AXI_ID_BITS(AXI_ID_BITS)) u_llc (
    .clk_i, .rst_ni,
    .lreq_valid_i(l_lreq_valid), .lreq_ready_o(l_lreq_ready), .lreq_addr_i(l_lreq_addr),
    .lreq_write_i(l_lreq_write), .lreq_data_i(l_lreq_data), .lreq_id_i(l_lreq_id),
    .lresp_valid_o(l_lresp_valid), .lresp_id_o(l_lresp_id), .lresp_data_o(l_lresp_data),
    .lresp_error_o(l_lresp_error), .lresp_llc_miss_o(l_lresp_llc_miss),
    .m_axi_awvalid, .m_axi_awready, .m_axi_awaddr, .m_axi_awid, .m_axi_awlen,
    .m_axi_awsize, .m_axi_awburst, .m_axi_wvalid, .m_axi_wready, .m_axi_wdata,
    .m_axi_wstrb, .m_axi_wlast, .m_axi_bvalid, .m_axi_bready, .m_axi_bid, .m_axi_bresp,
    .m_axi_arvalid, .m_axi_arready, .m_axi_araddr, .m_axi_arid, .m_axi_arlen,
    .m_axi_arsize, .m_axi_arburst, .m_axi_rvalid, .m_axi_rready, .m_axi_rdata,
    .m_axi_rid, .m_axi_rresp, .m_axi_rlast,
    .ev_llc_miss_o);

  mmio_bus u_bus (
    .clk_i, .rst_ni,
    .req_valid_i(mmio_req_valid), .req_ready_o(mmio_req_ready), .req_addr_i(mmio_req_addr),
    .req_write_i(mmio_req_write), .req_size_i(mmio_req_size), .req_wdata_i(mmio_req_wdata),
    .req_wstrb_i(mmio_req_wstrb), .resp_valid_o(mmio_resp_valid),
    .resp_rdata_o(mmio_resp_rdata), .resp_error_o(mmio_resp_error),
    .fin_req_o(fin_req), .clint_req_o(clint_req), .plic_req_o(plic_req), .uart_req_o(uart_req),
    .dev_we_o(dev_we), .dev_addr_o(dev_addr), .dev_size_o(dev_size), .dev_wdata_o(dev_wdata),
    .fin_rdata_i(fin_rdata), .fin_error_i(fin_error),
    .clint_rdata_i(clint_rdata), .clint_error_i(clint_error),
    .plic_rdata_i(plic_rdata), .plic_error_i(plic_error),
    .uart_rdata_i(uart_rdata), .uart_error_i(uart_error),
    .host_req_valid_o, .host_req_addr_o, .host_req_write_o, .host_req_wdata_o,
    .host_req_wstrb_o, .host_resp_valid_i, .host_resp_rdata_i);

  finisher u_fin (
    .clk_i, .rst_ni, .req_i(fin_req), .we_i(dev_we), .addr_i(dev_addr[11:0]),
    .size_i(dev_size), .wdata_i(dev_wdata), .rdata_o(fin_rdata), .error_o(fin_error),
    .finish_valid_o, .finish_code_o, .finish_reset_o);

  clint #(.TICK_DIV(TICK_DIV)) u_clint (
    .clk_i, .rst_ni, .req_i(clint_req), .we_i(dev_we), .addr_i(dev_addr[15:0]),
    .size_i(dev_size), .wdata_i(dev_wdata), .rdata_o(clint_rdata), .error_o(clint_error),
    .irq_m_soft_o(irq_m_soft), .irq_m_timer_o(irq_m_timer), .mtime_o(mtime));

  // The UART is PLIC source 10, the TEA sampler 11 (sim/soc/soc.h); the
  // other sources are unused.
  plic u_plic (
    .clk_i, .rst_ni, .req_i(plic_req), .we_i(dev_we), .addr_i(dev_addr),
    .size_i(dev_size), .wdata_i(dev_wdata), .rdata_o(plic_rdata), .error_o(plic_error),
    .src_i(32'(uart_irq) << 10 | 32'(tea_irq) << 11), .irq_m_ext_o(irq_m_ext),
    .irq_s_ext_o(irq_s_ext));

  uart16550 #(.DIVISOR_RESET(UART_DIVISOR)) u_uart (
    .clk_i, .rst_ni, .req_i(uart_req), .we_i(dev_we), .addr_i(dev_addr[7:0]),
    .size_i(dev_size), .wdata_i(dev_wdata), .rdata_o(uart_rdata), .error_o(uart_error),
    .tx_valid_o(uart_tx_valid_o), .tx_data_o(uart_tx_data_o), .tx_ready_i(uart_tx_ready_i),
    .tx_idle_i(uart_tx_idle_i), .rx_valid_i(uart_rx_valid_i), .rx_data_i(uart_rx_data_i),
    .rx_err_i(uart_rx_err_i), .rx_ready_o(uart_rx_ready_o), .divisor_o(uart_divisor_o),
    .lcr_o(uart_lcr_o), .irq_o(uart_irq));

  assign mtime_o = mtime;
`ifdef TEA_TRACE
  assign trace_tea_buf_req_o   = tea_buf_req;
  assign trace_tea_buf_line_o  = tea_buf_line;
  assign trace_tea_buf_data_o  = tea_buf_data;
  assign trace_tea_buf_wmask_o = tea_buf_wmask;
  assign trace_tea_buf_ack_o   = tea_buf_ack;
  assign trace_tea_buf_done_o  = tea_buf_done;
  assign trace_tea_buf_error_o = tea_buf_done && host_dma_resp_error_o;
`endif
endmodule
