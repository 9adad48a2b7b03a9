// The core's MMIO port decoded to the devices (sim/soc/soc.h): test
// finisher, CLINT, PLIC and UART, one access at a time. Accesses at or
// above DRAM's base reach the MMIO port only for the HTIF tohost/fromhost
// words, which go to the host port for the simulator to answer, as does
// the window of the simulator's host file channel (sim/host/host_files.h). Misaligned
// accesses and addresses no device has (the boot ROM included: the core
// reads it through the line port) get an error response (access fault).
//
// Timing: a request is taken when req_valid_i && req_ready_o; a device
// access answers with resp_valid_o in the next cycle. A host access raises
// host_req_valid_o for one cycle in the next cycle, and the response comes
// one cycle after host_resp_valid_i. req_ready_o is low from a request until
// its response (the next request may come in the response cycle).
`include "core_types.svh"
`include "mem_types.svh"

module mmio_bus (
  input  logic                  clk_i,
  input  logic                  rst_ni,

  // from the core
  input  logic                  req_valid_i,
  output logic                  req_ready_o,
  input  logic [PADDR_BITS-1:0] req_addr_i,   // byte address
  input  logic                  req_write_i,
  input  mem_size_e             req_size_i,
  input  logic [63:0]           req_wdata_i,  // lane aligned
  input  logic [7:0]            req_wstrb_i,
  output logic                  resp_valid_o,
  output logic [63:0]           resp_rdata_o, // lane aligned
  output logic                  resp_error_o,

  // to the devices: one select per device, the rest shared
  output logic                  fin_req_o,
  output logic                  clint_req_o,
  output logic                  plic_req_o,
  output logic                  uart_req_o,
  output logic                  dev_we_o,
  output logic [22:0]           dev_addr_o,   // offset from the device's base
  output mem_size_e             dev_size_o,
  output logic [63:0]           dev_wdata_o,
  input  logic [63:0]           fin_rdata_i,
  input  logic                  fin_error_i,
  input  logic [63:0]           clint_rdata_i,
  input  logic                  clint_error_i,
  input  logic [63:0]           plic_rdata_i,
  input  logic                  plic_error_i,
  input  logic [63:0]           uart_rdata_i,
  input  logic                  uart_error_i,

  // to the simulator (HTIF words)
  output logic                  host_req_valid_o,
  output logic [PADDR_BITS-1:0] host_req_addr_o,
  output logic                  host_req_write_o,
  output logic [63:0]           host_req_wdata_o,
  output logic [7:0]            host_req_wstrb_o,
  input  logic                  host_resp_valid_i,
  input  logic [63:0]           host_resp_rdata_i
);
  logic host_wait_q;            // a host access is out, waiting for its answer
  logic resp_valid_q, resp_error_q;
  logic [63:0] resp_rdata_q;
  logic host_req_valid_q, host_req_write_q;
  logic [PADDR_BITS-1:0] host_req_addr_q;
  logic [63:0] host_req_wdata_q;
  logic [7:0]  host_req_wstrb_q;

  logic take, misaligned, in_fin, in_clint, in_plic, in_uart, in_host;
  logic [PADDR_BITS-1:0] off;

  assign req_ready_o = !host_wait_q;
  assign take        = req_valid_i && req_ready_o;

  always_comb begin
    case (req_size_i)
      MEM_B:   misaligned = 1'b0;
      MEM_H:   misaligned = req_addr_i[0];
      MEM_W:   misaligned = req_addr_i[1:0] != '0;
      default: misaligned = req_addr_i[2:0] != '0;
    endcase
    in_fin   = req_addr_i >= PMA_FIN_BASE && req_addr_i < PMA_FIN_BASE + PMA_FIN_SIZE;
    in_clint = req_addr_i >= PMA_CLINT_BASE && req_addr_i < PMA_CLINT_BASE + PMA_CLINT_SIZE;
    in_plic  = req_addr_i >= PMA_PLIC_BASE && req_addr_i < PMA_PLIC_BASE + PMA_PLIC_SIZE;
    in_uart  = req_addr_i >= PMA_UART_BASE && req_addr_i < PMA_UART_BASE + PMA_UART_SIZE;
    in_host  = req_addr_i >= PMA_DRAM_BASE ||
               (req_addr_i >= PMA_HOSTF_BASE && req_addr_i < PMA_HOSTF_BASE + PMA_HOSTF_SIZE);
    if (in_fin) off = req_addr_i - PMA_FIN_BASE;
    else if (in_clint) off = req_addr_i - PMA_CLINT_BASE;
    else if (in_plic) off = req_addr_i - PMA_PLIC_BASE;
    else off = req_addr_i - PMA_UART_BASE;
  end

  logic [PADDR_BITS-24:0] unused_off;
  assign unused_off = off[PADDR_BITS-1:23];

  assign fin_req_o   = take && !misaligned && in_fin;
  assign clint_req_o = take && !misaligned && in_clint;
  assign plic_req_o  = take && !misaligned && in_plic;
  assign uart_req_o  = take && !misaligned && in_uart;
  assign dev_we_o    = req_write_i;
  assign dev_addr_o  = off[22:0];
  assign dev_size_o  = req_size_i;
  assign dev_wdata_o = req_wdata_i;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      host_wait_q      <= 1'b0;
      resp_valid_q     <= 1'b0;
      resp_error_q     <= 1'b0;
      resp_rdata_q     <= '0;
      host_req_valid_q <= 1'b0;
      host_req_write_q <= 1'b0;
      host_req_addr_q  <= '0;
      host_req_wdata_q <= '0;
      host_req_wstrb_q <= '0;
    end else begin
      resp_valid_q     <= 1'b0;
      host_req_valid_q <= 1'b0;
      if (take) begin
        if (!misaligned && in_host) begin
          host_wait_q      <= 1'b1;
          host_req_valid_q <= 1'b1;
          host_req_write_q <= req_write_i;
          host_req_addr_q  <= req_addr_i;
          host_req_wdata_q <= req_wdata_i;
          host_req_wstrb_q <= req_wstrb_i;
        end else begin
          resp_valid_q <= 1'b1;
          resp_error_q <= 1'b1;
          resp_rdata_q <= '0;
          if (!misaligned) begin
            if (in_fin) begin
              resp_error_q <= fin_error_i;
              resp_rdata_q <= fin_rdata_i;
            end
            if (in_clint) begin
              resp_error_q <= clint_error_i;
              resp_rdata_q <= clint_rdata_i;
            end
            if (in_plic) begin
              resp_error_q <= plic_error_i;
              resp_rdata_q <= plic_rdata_i;
            end
            if (in_uart) begin
              resp_error_q <= uart_error_i;
              resp_rdata_q <= uart_rdata_i;
            end
          end
        end
      end else if (host_wait_q && host_resp_valid_i) begin
        host_wait_q  <= 1'b0;
        resp_valid_q <= 1'b1;
        resp_error_q <= 1'b0;
        resp_rdata_q <= host_resp_rdata_i;
      end
    end
  end

  assign resp_valid_o     = resp_valid_q;
  assign resp_rdata_o     = resp_rdata_q;
  assign resp_error_o     = resp_error_q;
  assign host_req_valid_o = host_req_valid_q;
  assign host_req_addr_o  = host_req_addr_q;
  assign host_req_write_o = host_req_write_q;
  assign host_req_wdata_o = host_req_wdata_q;
  assign host_req_wstrb_o = host_req_wstrb_q;
endmodule
