// The SoC as a board runs it (boards/<board>/<board>_top.sv puts the
// clocks, the memory controller and the pins around it): tea_soc on the
// core clock; its memory port carried to the memory controller's clock
// (axi_line_cdc) and cut into the controller's bursts (axi_line_to_burst);
// the UART's serializers on the pins; status on the LEDs. What only a
// simulator drives (the boot ROM's loader port, the HTIF words, the host
// ports, the debug halt) is tied off: the boot ROM comes from BOOTROM_INIT.
//
// The core stays in reset until the memory controller is calibrated. A
// finisher request to reset (0x7777) restarts the SoC; pass or fail stops
// nothing (the program waits in WFI), and the LEDs show the exit code once
// the UART has sent everything:
//   running: led[0] heartbeat (1 Hz), led[1] memory calibrated, led[2] core
//            out of reset, led[3] UART sending or receiving
//   done:    led[7] set, led[6:0] the exit code (0: pass; 127 for 127 and up)
`include "mem_types.svh"

module fpga_soc #(
  parameter int unsigned          CORE_HZ      = 50_000_000,
  parameter int unsigned          MEM_DATA_BITS = 256,
  parameter int unsigned          MEM_ADDR_BITS = 30,
  parameter logic [PADDR_BITS-1:0] MEM_BYTES   = 56'h4000_0000,
  parameter int unsigned          AXI_ID_BITS  = 4,
  parameter logic [15:0]          UART_DIVISOR = 16'd27,
  parameter                       BOOTROM_INIT = ""
) (
  input  logic                       core_clk_i,
  input  logic                       core_rst_ni,     // asynchronous (button, clock locked)
  input  logic                       mem_clk_i,
  input  logic                       mem_rst_ni,      // asynchronous
  input  logic                       mem_ready_i,     // calibrated (any clock)

  output logic                       m_axi_awvalid,
  input  logic                       m_axi_awready,
  output logic [MEM_ADDR_BITS-1:0]   m_axi_awaddr,
  output logic [AXI_ID_BITS-1:0]     m_axi_awid,
  output logic [7:0]                 m_axi_awlen,
  output logic [2:0]                 m_axi_awsize,
  output logic [1:0]                 m_axi_awburst,
  output logic                       m_axi_wvalid,
  input  logic                       m_axi_wready,
  output logic [MEM_DATA_BITS-1:0]   m_axi_wdata,
  output logic [MEM_DATA_BITS/8-1:0] m_axi_wstrb,
  output logic                       m_axi_wlast,
  input  logic                       m_axi_bvalid,
  output logic                       m_axi_bready,
  input  logic [AXI_ID_BITS-1:0]     m_axi_bid,
  input  logic [1:0]                 m_axi_bresp,
  output logic                       m_axi_arvalid,
  input  logic                       m_axi_arready,
  output logic [MEM_ADDR_BITS-1:0]   m_axi_araddr,
  output logic [AXI_ID_BITS-1:0]     m_axi_arid,
  output logic [7:0]                 m_axi_arlen,
  output logic [2:0]                 m_axi_arsize,
  output logic [1:0]                 m_axi_arburst,
  input  logic                       m_axi_rvalid,
  output logic                       m_axi_rready,
  input  logic [MEM_DATA_BITS-1:0]   m_axi_rdata,
  input  logic [AXI_ID_BITS-1:0]     m_axi_rid,
  input  logic [1:0]                 m_axi_rresp,
  input  logic                       m_axi_rlast,

  output logic                       uart_tx_o,
  input  logic                       uart_rx_i,       // asynchronous
  output logic [7:0]                 led_o
);
  localparam int unsigned IDB = AXI_ID_BITS;

  // ---- resets ----
  logic ready_sync_q, ready_q, reboot_q, core_arst_n, core_rst_n, mem_rst_n;
  logic finish_valid, finish_reset;
  logic [15:0] finish_code;

  reset_sync u_mem_rst (.clk_i(mem_clk_i), .rst_ni(mem_rst_ni), .rst_no(mem_rst_n));

  // Calibration is a level from the controller's domain.
  always_ff @(posedge core_clk_i or negedge core_rst_ni) begin
    if (!core_rst_ni) {ready_q, ready_sync_q} <= '0;
    else              {ready_q, ready_sync_q} <= {ready_sync_q, mem_ready_i};
  end

  // A reboot request resets the SoC (the finisher with it) for a cycle.
  always_ff @(posedge core_clk_i or negedge core_rst_ni) begin
    if (!core_rst_ni) reboot_q <= 1'b0;
    else              reboot_q <= finish_valid && finish_reset && !reboot_q;
  end

  assign core_arst_n = core_rst_ni && ready_q && mem_rst_n && !reboot_q;
  reset_sync u_core_rst (.clk_i(core_clk_i), .rst_ni(core_arst_n), .rst_no(core_rst_n));

  // ---- the SoC ----
  logic                    s_awvalid, s_awready, s_wvalid, s_wready, s_bvalid, s_bready;
  logic                    s_arvalid, s_arready, s_rvalid, s_rready;
  logic [PADDR_BITS-1:0]   s_awaddr, s_araddr;
  logic [IDB-1:0]          s_awid, s_bid, s_arid, s_rid;
  logic [LINE_BITS-1:0]    s_wdata, s_rdata;
  logic [LINE_BITS/8-1:0]  s_wstrb;
  logic [1:0]              s_bresp, s_rresp;
  /* verilator lint_off UNUSEDSIGNAL */  // every request is one whole line
  logic [7:0]              s_awlen, s_arlen;
  logic [2:0]              s_awsize, s_arsize;
  logic [1:0]              s_awburst, s_arburst;
  logic                    s_wlast;
  /* verilator lint_on UNUSEDSIGNAL */
  logic                    tx_valid, tx_ready, tx_idle, rx_valid, rx_ready;
  logic [7:0]              tx_data, rx_data;
  logic [6:0]              uart_lcr;
  logic [2:0]              rx_err;
  logic [15:0]             uart_divisor;
  /* verilator lint_off UNUSEDSIGNAL */  // simulator ports
  logic                    host_req_valid, host_req_write, host_dma_req_ready, host_dma_resp_valid;
  logic                    host_dma_resp_error, dbg_halted, ev_llc_miss;
  logic [PADDR_BITS-1:0]   host_req_addr;
  logic [63:0]             host_req_wdata, dbg_pc, dbg_reg_rdata, mtime;
  logic [7:0]              host_req_wstrb;
  logic [LINE_BITS-1:0]    host_dma_resp_rdata;
  /* verilator lint_on UNUSEDSIGNAL */

  tea_soc #(.BOOTROM_INIT(BOOTROM_INIT), .UART_DIVISOR(UART_DIVISOR),
            .AXI_ID_BITS(IDB)) u_soc (
    .clk_i(core_clk_i), .rst_ni(core_rst_n),
    .m_axi_awvalid(s_awvalid), .m_axi_awready(s_awready), .m_axi_awaddr(s_awaddr),
    .m_axi_awid(s_awid), .m_axi_awlen(s_awlen), .m_axi_awsize(s_awsize),
    .m_axi_awburst(s_awburst), .m_axi_wvalid(s_wvalid), .m_axi_wready(s_wready),
    .m_axi_wdata(s_wdata), .m_axi_wstrb(s_wstrb), .m_axi_wlast(s_wlast),
    .m_axi_bvalid(s_bvalid), .m_axi_bready(s_bready), .m_axi_bid(s_bid),
    .m_axi_bresp(s_bresp), .m_axi_arvalid(s_arvalid), .m_axi_arready(s_arready),
    .m_axi_araddr(s_araddr), .m_axi_arid(s_arid), .m_axi_arlen(s_arlen),
    .m_axi_arsize(s_arsize), .m_axi_arburst(s_arburst), .m_axi_rvalid(s_rvalid),
    .m_axi_rready(s_rready), .m_axi_rdata(s_rdata), .m_axi_rid(s_rid),
    .m_axi_rresp(s_rresp), .m_axi_rlast(1'b1),
    .dram_size_i(MEM_BYTES),
    .rom_wr_valid_i(1'b0), .rom_wr_addr_i('0), .rom_wr_data_i('0),
    .uart_tx_valid_o(tx_valid), .uart_tx_data_o(tx_data), .uart_tx_ready_i(tx_ready),
    .uart_tx_idle_i(tx_idle), .uart_rx_valid_i(rx_valid), .uart_rx_data_i(rx_data),
    .uart_rx_err_i(rx_err), .uart_rx_ready_o(rx_ready), .uart_divisor_o(uart_divisor),
    .uart_lcr_o(uart_lcr),
    .finish_valid_o(finish_valid), .finish_code_o(finish_code), .finish_reset_o(finish_reset),
    .htif_tohost_i('0), .htif_fromhost_i('0),
    .host_req_valid_o(host_req_valid), .host_req_addr_o(host_req_addr),
    .host_req_write_o(host_req_write), .host_req_wdata_o(host_req_wdata),
    .host_req_wstrb_o(host_req_wstrb), .host_resp_valid_i(host_req_valid),
    .host_resp_rdata_i('0),
    .host_dma_req_valid_i(1'b0), .host_dma_req_ready_o(host_dma_req_ready),
    .host_dma_req_line_i('0), .host_dma_req_write_i(1'b0), .host_dma_req_wdata_i('0),
    .host_dma_req_wstrb_i('0), .host_dma_resp_valid_o(host_dma_resp_valid),
    .host_dma_resp_rdata_o(host_dma_resp_rdata), .host_dma_resp_error_o(host_dma_resp_error),
    .dbg_halt_ebreak_i(1'b0), .dbg_halted_o(dbg_halted), .dbg_pc_o(dbg_pc),
    .dbg_resume_i(1'b0), .dbg_resume_pc_i('0), .dbg_resume_priv_i(2'd3), .dbg_reg_addr_i('0),
    .dbg_reg_rdata_o(dbg_reg_rdata), .dbg_reg_we_i(1'b0), .dbg_reg_wdata_i('0),
    .ev_llc_miss_o(ev_llc_miss), .mtime_o(mtime));

  // ---- memory: to the controller's clock, then its bursts ----
  logic                    c_awvalid, c_awready, c_wvalid, c_wready, c_bvalid, c_bready;
  logic                    c_arvalid, c_arready, c_rvalid, c_rready;
  logic [PADDR_BITS-1:0]   c_awaddr, c_araddr;
  logic [IDB-1:0]          c_awid, c_bid, c_arid, c_rid;
  logic [LINE_BITS-1:0]    c_wdata, c_rdata;
  logic [LINE_BITS/8-1:0]  c_wstrb;
  logic [1:0]              c_bresp, c_rresp;

  axi_line_cdc #(.ID_BITS(IDB)) u_cdc (
    .s_clk_i(core_clk_i), .s_rst_ni(core_rst_n),
    .s_axi_awvalid(s_awvalid), .s_axi_awready(s_awready), .s_axi_awaddr(s_awaddr),
    .s_axi_awid(s_awid), .s_axi_wvalid(s_wvalid), .s_axi_wready(s_wready),
    .s_axi_wdata(s_wdata), .s_axi_wstrb(s_wstrb), .s_axi_bvalid(s_bvalid),
    .s_axi_bready(s_bready), .s_axi_bid(s_bid), .s_axi_bresp(s_bresp),
    .s_axi_arvalid(s_arvalid), .s_axi_arready(s_arready), .s_axi_araddr(s_araddr),
    .s_axi_arid(s_arid), .s_axi_rvalid(s_rvalid), .s_axi_rready(s_rready),
    .s_axi_rdata(s_rdata), .s_axi_rid(s_rid), .s_axi_rresp(s_rresp),
    .m_clk_i(mem_clk_i), .m_rst_ni(mem_rst_n),
    .m_axi_awvalid(c_awvalid), .m_axi_awready(c_awready), .m_axi_awaddr(c_awaddr),
    .m_axi_awid(c_awid), .m_axi_wvalid(c_wvalid), .m_axi_wready(c_wready),
    .m_axi_wdata(c_wdata), .m_axi_wstrb(c_wstrb), .m_axi_bvalid(c_bvalid),
    .m_axi_bready(c_bready), .m_axi_bid(c_bid), .m_axi_bresp(c_bresp),
    .m_axi_arvalid(c_arvalid), .m_axi_arready(c_arready), .m_axi_araddr(c_araddr),
    .m_axi_arid(c_arid), .m_axi_rvalid(c_rvalid), .m_axi_rready(c_rready),
    .m_axi_rdata(c_rdata), .m_axi_rid(c_rid), .m_axi_rresp(c_rresp));

  axi_line_to_burst #(.DATA_BITS(MEM_DATA_BITS), .ADDR_BITS(MEM_ADDR_BITS), .ID_BITS(IDB),
                      .MEM_BYTES(MEM_BYTES)) u_burst (
    .clk_i(mem_clk_i), .rst_ni(mem_rst_n),
    .s_axi_awvalid(c_awvalid), .s_axi_awready(c_awready), .s_axi_awaddr(c_awaddr),
    .s_axi_awid(c_awid), .s_axi_wvalid(c_wvalid), .s_axi_wready(c_wready),
    .s_axi_wdata(c_wdata), .s_axi_wstrb(c_wstrb), .s_axi_bvalid(c_bvalid),
    .s_axi_bready(c_bready), .s_axi_bid(c_bid), .s_axi_bresp(c_bresp),
    .s_axi_arvalid(c_arvalid), .s_axi_arready(c_arready), .s_axi_araddr(c_araddr),
    .s_axi_arid(c_arid), .s_axi_rvalid(c_rvalid), .s_axi_rready(c_rready),
    .s_axi_rdata(c_rdata), .s_axi_rid(c_rid), .s_axi_rresp(c_rresp),
    .m_axi_awvalid, .m_axi_awready, .m_axi_awaddr, .m_axi_awid, .m_axi_awlen, .m_axi_awsize,
    .m_axi_awburst, .m_axi_wvalid, .m_axi_wready, .m_axi_wdata, .m_axi_wstrb, .m_axi_wlast,
    .m_axi_bvalid, .m_axi_bready, .m_axi_bid, .m_axi_bresp, .m_axi_arvalid, .m_axi_arready,
    .m_axi_araddr, .m_axi_arid, .m_axi_arlen, .m_axi_arsize, .m_axi_arburst, .m_axi_rvalid,
    .m_axi_rready, .m_axi_rdata, .m_axi_rid, .m_axi_rresp, .m_axi_rlast);

  // ---- UART pins ----
  logic tx_pin;
  uart_tx u_uart_tx (
    .clk_i(core_clk_i), .rst_ni(core_rst_n), .divisor_i(uart_divisor), .lcr_i(uart_lcr),
    .valid_i(tx_valid), .data_i(tx_data), .ready_o(tx_ready), .tx_o(tx_pin), .idle_o(tx_idle));

  uart_rx u_uart_rx (
    .clk_i(core_clk_i), .rst_ni(core_rst_n), .divisor_i(uart_divisor), .lcr_i(uart_lcr[5:0]),
    .rx_i(uart_rx_i), .valid_o(rx_valid), .data_o(rx_data), .err_o(rx_err), .ready_i(rx_ready));

  // The output pin is registered: no glitches from the serializer's logic.
  always_ff @(posedge core_clk_i or negedge core_rst_n) begin
    if (!core_rst_n) uart_tx_o <= 1'b1;
    else             uart_tx_o <= tx_pin;
  end

  // ---- LEDs ----
  localparam int unsigned BEAT_CYCLES = CORE_HZ / 2;
  localparam int unsigned SHOW_CYCLES = CORE_HZ / 20;   // activity stays lit 50 ms
  logic [$clog2(BEAT_CYCLES)-1:0] beat_cnt_q;
  logic [$clog2(SHOW_CYCLES)-1:0] act_cnt_q;
  logic                           beat_q, done;
  logic [6:0]                     code;

  always_ff @(posedge core_clk_i or negedge core_rst_ni) begin
    if (!core_rst_ni) begin
      beat_cnt_q <= '0;
      beat_q     <= 1'b0;
      act_cnt_q  <= '0;
    end else begin
      beat_cnt_q <= beat_cnt_q == $bits(beat_cnt_q)'(BEAT_CYCLES - 1) ? '0 : beat_cnt_q + 1'b1;
      if (beat_cnt_q == '0) beat_q <= !beat_q;
      if (!tx_idle || rx_valid) act_cnt_q <= $bits(act_cnt_q)'(SHOW_CYCLES - 1);
      else if (act_cnt_q != '0) act_cnt_q <= act_cnt_q - 1'b1;
    end
  end

  assign done  = finish_valid && !finish_reset && !tx_valid && tx_idle;
  assign code  = finish_code > 16'd127 ? 7'd127 : finish_code[6:0];
  assign led_o = done ? {1'b1, code}
                      : {4'b0000, act_cnt_q != '0, core_rst_n, ready_q, beat_q};
endmodule
