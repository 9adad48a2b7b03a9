// Bench wrapper: mmio_bus with the devices behind it, wired as in tea_soc,
// with the PLIC's other source lines brought out so that the bench can
// drive them (source 10 stays the UART's).
`include "core_types.svh"
`include "mem_types.svh"

module mmio_bus_tb_top (
  input  logic                  clk_i,
  input  logic                  rst_ni,
  input  logic                  req_valid_i,
  output logic                  req_ready_o,
  input  logic [PADDR_BITS-1:0] req_addr_i,
  input  logic                  req_write_i,
  input  logic [1:0]            req_size_i,
  input  logic [63:0]           req_wdata_i,
  input  logic [7:0]            req_wstrb_i,
  output logic                  resp_valid_o,
  output logic [63:0]           resp_rdata_o,
  output logic                  resp_error_o,
  output logic                  host_req_valid_o,
  output logic [PADDR_BITS-1:0] host_req_addr_o,
  output logic                  host_req_write_o,
  output logic [63:0]           host_req_wdata_o,
  output logic [7:0]            host_req_wstrb_o,
  input  logic                  host_resp_valid_i,
  input  logic [63:0]           host_resp_rdata_i,
  input  logic [31:0]           plic_src_i,
  output logic                  irq_m_soft_o,
  output logic                  irq_m_timer_o,
  output logic                  irq_m_ext_o,
  output logic                  irq_s_ext_o,
  output logic [63:0]           mtime_o,
  output logic                  uart_tx_valid_o,
  output logic [7:0]            uart_tx_data_o,
  input  logic                  uart_rx_valid_i,
  input  logic [7:0]            uart_rx_data_i,
  output logic                  uart_rx_ready_o,
  output logic                  uart_irq_o,
  output logic                  finish_valid_o,
  output logic [15:0]           finish_code_o,
  output logic                  finish_reset_o
);
  logic fin_req, clint_req, plic_req, uart_req, dev_we;
  logic [22:0] dev_addr;
  mem_size_e dev_size;
  logic [63:0] dev_wdata, fin_rdata, clint_rdata, plic_rdata, uart_rdata;
  logic fin_error, clint_error, plic_error, uart_error;

  mmio_bus u_bus (
    .clk_i, .rst_ni,
    .req_valid_i, .req_ready_o, .req_addr_i, .req_write_i,
    .req_size_i(mem_size_e'(req_size_i)), .req_wdata_i, .req_wstrb_i,
    .resp_valid_o, .resp_rdata_o, .resp_error_o,
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

  clint u_clint (
    .clk_i, .rst_ni, .req_i(clint_req), .we_i(dev_we), .addr_i(dev_addr[15:0]),
    .size_i(dev_size), .wdata_i(dev_wdata), .rdata_o(clint_rdata), .error_o(clint_error),
    .irq_m_soft_o, .irq_m_timer_o, .mtime_o);

  plic u_plic (
    .clk_i, .rst_ni, .req_i(plic_req), .we_i(dev_we), .addr_i(dev_addr),
    .size_i(dev_size), .wdata_i(dev_wdata), .rdata_o(plic_rdata), .error_o(plic_error),
    .src_i({plic_src_i[31:11], uart_irq_o, plic_src_i[9:0]}), .irq_m_ext_o, .irq_s_ext_o);

  uart16550 u_uart (
    .clk_i, .rst_ni, .req_i(uart_req), .we_i(dev_we), .addr_i(dev_addr[7:0]),
    .size_i(dev_size), .wdata_i(dev_wdata), .rdata_o(uart_rdata), .error_o(uart_error),
    .tx_valid_o(uart_tx_valid_o), .tx_data_o(uart_tx_data_o), .tx_ready_i(1'b1),
    .tx_idle_i(1'b1), .rx_valid_i(uart_rx_valid_i), .rx_data_i(uart_rx_data_i),
    .rx_err_i(3'b000), .rx_ready_o(uart_rx_ready_o), .divisor_o(), .lcr_o(),
    .irq_o(uart_irq_o));
endmodule
