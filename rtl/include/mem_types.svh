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

// Boot ROM (cacheable, read-only) and DRAM, as in sim/soc/soc.h.
localparam logic [PADDR_BITS-1:0] PMA_BOOTROM_BASE = 56'h0000_1000;
localparam logic [PADDR_BITS-1:0] PMA_BOOTROM_SIZE = 56'h0000_f000;
localparam logic [PADDR_BITS-1:0] PMA_DRAM_BASE    = 56'h8000_0000;

// Cacheable: the boot ROM and everything from DRAM's base up (addresses
// beyond the DRAM's end come back from memory with an error, which is an
// access fault). Everything else is a device, reached uncached over the
// MMIO port, one access at a time, only when the access is no longer
// speculative.
function automatic logic pma_cacheable(input logic [PADDR_BITS-1:0] pa);
  pma_cacheable = pa >= PMA_DRAM_BASE ||
                  (pa >= PMA_BOOTROM_BASE && pa < PMA_BOOTROM_BASE + PMA_BOOTROM_SIZE);
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
