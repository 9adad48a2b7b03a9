// Memory-side sizes and the physical memory attributes shared by the core,
// its caches and the SoC (docs/microarchitecture.md, memory).
`ifndef TEA_MEM_TYPES_SVH
`define TEA_MEM_TYPES_SVH

// verilator lint_off UNUSEDPARAM
`include "core_config.svh"

// Sv39 physical addresses are 56 bits.
localparam int unsigned PADDR_BITS = 56;
localparam int unsigned LINE_BITS = CFG_LINE_BYTES * 8;
localparam int unsigned LINE_OFF_BITS = $clog2(CFG_LINE_BYTES);

// Line port between the L1 caches and the LLC. The id says who asked:
// bit LP_ID_BITS-1 is 0 for the I-cache (id 0), 1 for the D-cache, whose
// low bits name the MSHR; LP_ID_HOST is the SoC's host port.
localparam int unsigned LP_ID_BITS = 5;
localparam logic [LP_ID_BITS-1:0] LP_ID_HOST = LP_ID_BITS'(1);

// Boot ROM (cacheable, read-only), DRAM and the devices' windows, as in
// sim/soc/soc.h. DRAM's size is the SoC's dram_size_i.
localparam logic [PADDR_BITS-1:0] PMA_BOOTROM_BASE = 56'h0000_1000;
localparam logic [PADDR_BITS-1:0] PMA_BOOTROM_SIZE = 56'h0000_f000;
localparam logic [PADDR_BITS-1:0] PMA_DRAM_BASE    = 56'h8000_0000;
localparam logic [PADDR_BITS-1:0] PMA_FIN_BASE     = 56'h0010_0000;  // test finisher
localparam logic [PADDR_BITS-1:0] PMA_FIN_SIZE     = 56'h0000_1000;
localparam logic [PADDR_BITS-1:0] PMA_HOSTF_BASE   = 56'h0010_1000;  // host file channel
localparam logic [PADDR_BITS-1:0] PMA_HOSTF_SIZE   = 56'h0000_1000;
localparam logic [PADDR_BITS-1:0] PMA_CLINT_BASE   = 56'h0200_0000;
localparam logic [PADDR_BITS-1:0] PMA_CLINT_SIZE   = 56'h0001_0000;
localparam logic [PADDR_BITS-1:0] PMA_PLIC_BASE    = 56'h0c00_0000;
localparam logic [PADDR_BITS-1:0] PMA_PLIC_SIZE    = 56'h0060_0000;
localparam logic [PADDR_BITS-1:0] PMA_UART_BASE    = 56'h1000_0000;
localparam logic [PADDR_BITS-1:0] PMA_UART_SIZE    = 56'h0000_0100;

// Cacheable: the boot ROM and everything from DRAM's base up (addresses
// beyond the DRAM's end come back from memory with an error, which is an
// access fault). Everything else is a device, reached uncached over the
// MMIO port, one access at a time, only when the access is no longer
// speculative.
function automatic logic pma_cacheable(input logic [PADDR_BITS-1:0] pa);
  pma_cacheable = pa >= PMA_DRAM_BASE ||
                  (pa >= PMA_BOOTROM_BASE && pa < PMA_BOOTROM_BASE + PMA_BOOTROM_SIZE);
endfunction

// Stores and AMOs may write DRAM and the devices' windows; anything else
// (the boot ROM, beyond DRAM, the holes between devices) is a store/AMO
// access fault, taken precisely when the store executes, as the ISS takes
// it (sim/soc/soc.c). What a device refuses (an access size it does not
// take) is only known from its answer: a bus error after commit.
function automatic logic pma_writable(input logic [PADDR_BITS-1:0] pa,
                                      input logic [PADDR_BITS-1:0] dram_size);
  pma_writable = (pa >= PMA_DRAM_BASE && pa - PMA_DRAM_BASE < dram_size) ||
                 (pa >= PMA_FIN_BASE && pa < PMA_FIN_BASE + PMA_FIN_SIZE) ||
                 (pa >= PMA_HOSTF_BASE && pa < PMA_HOSTF_BASE + PMA_HOSTF_SIZE) ||
                 (pa >= PMA_CLINT_BASE && pa < PMA_CLINT_BASE + PMA_CLINT_SIZE) ||
                 (pa >= PMA_PLIC_BASE && pa < PMA_PLIC_BASE + PMA_PLIC_SIZE) ||
                 (pa >= PMA_UART_BASE && pa < PMA_UART_BASE + PMA_UART_SIZE);
endfunction

// The HTIF words (tohost, fromhost) of a program built the riscv-tests way
// are kept out of the caches, so that the simulator sees the program's
// requests and the program sees the simulator's answers. 0: no such word.
// verilator lint_off UNUSEDSIGNAL
function automatic logic pma_htif(input logic [PADDR_BITS-1:0] pa,
                                  input logic [PADDR_BITS-1:0] tohost,
                                  input logic [PADDR_BITS-1:0] fromhost);
  pma_htif = (tohost != '0 && pa[PADDR_BITS-1:3] == tohost[PADDR_BITS-1:3]) ||
             (fromhost != '0 && pa[PADDR_BITS-1:3] == fromhost[PADDR_BITS-1:3]);
endfunction
// verilator lint_on UNUSEDSIGNAL

// verilator lint_on UNUSEDPARAM
`endif
