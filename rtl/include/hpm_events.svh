// Hardware performance event numbers: the value software writes into an
// mhpmevent to make the matching mhpmcounter count that event (csr_file,
// which has one counter per event). Event e arrives at csr_file as a
// count of 0..W per cycle in lane e-1 of events_i. Any other mhpmevent
// value counts nothing. Numbers are part of the software interface
// (driver, teaperf): never renumber.
`ifndef TEA_HPM_EVENTS_SVH
`define TEA_HPM_EVENTS_SVH

// A module uses only some of the event numbers.
// verilator lint_off UNUSEDPARAM
localparam int unsigned HPM_EV_ICACHE_MISS = 1;   // I-cache miss (fetch)
localparam int unsigned HPM_EV_ITLB_MISS   = 2;   // I-TLB miss: a walk for fetch (MMU)
localparam int unsigned HPM_EV_DCACHE_MISS = 3;   // D-cache load miss, merged ones too (D-cache)
localparam int unsigned HPM_EV_DTLB_MISS   = 4;   // D-TLB miss: a walk for a load or store (MMU)
localparam int unsigned HPM_EV_LLC_MISS    = 5;   // LLC miss of any L1 refill, wrong path too (LLC)
localparam int unsigned HPM_EV_BR_MISPRED  = 6;   // mispredicted branch that commits
localparam int unsigned HPM_EV_MEM_ORDER   = 7;   // memory-ordering violation (flush at commit)
localparam int unsigned HPM_EV_SQ_FULL     = 8;   // cycle dispatch stalled: store queue full
localparam int unsigned HPM_EV_EXCEPTION   = 9;   // exception taken (commit)
localparam int unsigned HPM_EV_INTERRUPT   = 10;  // interrupt taken (commit)
localparam int unsigned HPM_EV_ST_ERROR    = 11;  // committed store lost to a bus error (LSU)

// How many events there are: events_i has this many lanes.
localparam int unsigned HPM_NUM_EVENTS = 11;
// verilator lint_on UNUSEDPARAM

`endif
