// Routes the core's line port: lines of the boot ROM to the ROM, all others
// to the LLC, and merges the responses. The ROM serves one read at a time;
// its answer waits while the LLC answers in the same cycle (the line port
// has no response ready, and the ROM's output holds its value). A
// write-back to the ROM cannot happen (the core never dirties a ROM line)
// and would be dropped. Responses of the two sides may pass each other:
// the core matches them by id.
`include "mem_types.svh"

module soc_line_router #(
  localparam int unsigned ROM_LINES = 32'(PMA_BOOTROM_SIZE) / CFG_LINE_BYTES,
  localparam int unsigned ROM_IDX   = $clog2(ROM_LINES)
) (
  input  logic                  clk_i,
  input  logic                  rst_ni,

  // from the core
  input  logic                  lreq_valid_i,
  output logic                  lreq_ready_o,
  input  logic [PADDR_BITS-1:0] lreq_addr_i,
  input  logic                  lreq_write_i,
  input  logic [LINE_BITS-1:0]  lreq_data_i,
  input  logic [LP_ID_BITS-1:0] lreq_id_i,
  output logic                  lresp_valid_o,
  output logic [LP_ID_BITS-1:0] lresp_id_o,
  output logic [LINE_BITS-1:0]  lresp_data_o,
  output logic                  lresp_error_o,
  output logic                  lresp_llc_miss_o,

  // to the LLC
  output logic                  llc_lreq_valid_o,
  input  logic                  llc_lreq_ready_i,
  output logic [PADDR_BITS-1:0] llc_lreq_addr_o,
  output logic                  llc_lreq_write_o,
  output logic [LINE_BITS-1:0]  llc_lreq_data_o,
  output logic [LP_ID_BITS-1:0] llc_lreq_id_o,
  input  logic                  llc_lresp_valid_i,
  input  logic [LP_ID_BITS-1:0] llc_lresp_id_i,
  input  logic [LINE_BITS-1:0]  llc_lresp_data_i,
  input  logic                  llc_lresp_error_i,
  input  logic                  llc_lresp_llc_miss_i,

  // to the boot ROM
  output logic                  rom_rd_en_o,
  output logic [ROM_IDX-1:0]    rom_rd_line_o,
  input  logic [LINE_BITS-1:0]  rom_rd_data_i
);
  logic is_rom;
  logic rom_pend_q;                 // the ROM's output holds an undelivered line
  logic [LP_ID_BITS-1:0] rom_id_q;
  logic [PADDR_BITS-1:0] rom_off;
  logic rom_deliver;

  assign is_rom  = lreq_addr_i >= PMA_BOOTROM_BASE &&
                   lreq_addr_i < PMA_BOOTROM_BASE + PMA_BOOTROM_SIZE;
  assign rom_off = lreq_addr_i - PMA_BOOTROM_BASE;

  logic [PADDR_BITS-ROM_IDX-1:0] unused_rom_off;
  assign unused_rom_off = {rom_off[PADDR_BITS-1:LINE_OFF_BITS+ROM_IDX],
                           rom_off[LINE_OFF_BITS-1:0]};

  assign llc_lreq_valid_o = lreq_valid_i && !is_rom;
  assign llc_lreq_addr_o  = lreq_addr_i;
  assign llc_lreq_write_o = lreq_write_i;
  assign llc_lreq_data_o  = lreq_data_i;
  assign llc_lreq_id_o    = lreq_id_i;

  assign rom_rd_en_o   = lreq_valid_i && is_rom && !lreq_write_i && !rom_pend_q;
  assign rom_rd_line_o = rom_off[LINE_OFF_BITS +: ROM_IDX];
  assign lreq_ready_o  = is_rom ? (lreq_write_i || !rom_pend_q) : llc_lreq_ready_i;

  assign rom_deliver = rom_pend_q && !llc_lresp_valid_i;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      rom_pend_q <= 1'b0;
      rom_id_q   <= '0;
    end else begin
      if (rom_rd_en_o) begin
        rom_pend_q <= 1'b1;
        rom_id_q   <= lreq_id_i;
      end else if (rom_deliver) begin
        rom_pend_q <= 1'b0;
      end
    end
  end

  assign lresp_valid_o    = llc_lresp_valid_i || rom_pend_q;
  assign lresp_id_o       = llc_lresp_valid_i ? llc_lresp_id_i : rom_id_q;
  assign lresp_data_o     = llc_lresp_valid_i ? llc_lresp_data_i : rom_rd_data_i;
  assign lresp_error_o    = llc_lresp_valid_i && llc_lresp_error_i;
  assign lresp_llc_miss_o = llc_lresp_valid_i && llc_lresp_llc_miss_i;
endmodule
