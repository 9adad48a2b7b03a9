// The TEA sample CSRs (docs/tea-csr.md). The same numbers and fields are
// in driver/include/tea/csr.h for the software; a unit test checks the
// two against each other.
`ifndef TEA_CSR_SVH
`define TEA_CSR_SVH

// A module uses only some of the names.
// verilator lint_off UNUSEDPARAM

localparam logic [11:0] TEA_CSR_CTL    = 12'h5c0;  // RW: EN, UEN, XU/XS/XM, JIT
localparam logic [11:0] TEA_CSR_PERIOD = 12'h5c1;  // RW: cycles between samples, 32 bits
localparam logic [11:0] TEA_CSR_STAT   = 12'h5c2;  // RW: V, WAIT, STATE, MASK, PRIV; writing V=0 frees the sample
localparam logic [11:0] TEA_CSR_TIME   = 12'h5c3;  // RO: cycle of the sample
localparam logic [11:0] TEA_CSR_LOST   = 12'h5c4;  // RW: samples lost because the last was unread
localparam logic [11:0] TEA_CSR_INFO   = 12'h5c5;  // RO: W, PSV bits, map version
localparam logic [11:0] TEA_CSR_FILT   = 12'h5c6;  // RW: samples not taken: their privilege is excluded
localparam logic [11:0] TEA_CSR_COUNT  = 12'h5c7;  // RW: cycles to the next sample cycle
localparam logic [11:0] TEA_CSR_BASE   = 12'h5c8;  // RW: sample buffer: where the records wrap to
localparam logic [11:0] TEA_CSR_LIMIT  = 12'h5c9;  // RW: sample buffer: no record at or past it
localparam logic [11:0] TEA_CSR_PTR    = 12'h5ca;  // RW: sample buffer: where the next record goes
localparam logic [11:0] TEA_CSR_WMARK  = 12'h5cb;  // RW: sample buffer: interrupt when a record ends at or past it
localparam logic [11:0] TEA_CSR_ADDR0  = 12'h5d0;  // RO: 0x5d0 + i, address of slot i
localparam logic [11:0] TEA_CSR_PSV0   = 12'h5e0;  // RO: 0x5e0 + i, PSV of slot i
localparam logic [11:0] TEA_CSR_DADDR0 = 12'h5f0;  // RO: 0x5f0 + i, data address of slot i

// The buffer CSRs hold physical addresses, bits 55:3.
localparam int unsigned TEA_BUF_BITS    = 56;

// teactl fields
localparam int unsigned TEA_CTL_EN      = 0;       // sampling on
localparam int unsigned TEA_CTL_UEN     = 1;       // U mode may access the TEA CSRs
localparam int unsigned TEA_CTL_BUF     = 2;       // samples go to the buffer in memory
localparam int unsigned TEA_CTL_WRAP    = 3;       // a record that does not fit goes to teabase
localparam int unsigned TEA_CTL_X       = 4;       // bit 4 + p: take no sample of privilege p (U 4, S 5, M 7)
localparam int unsigned TEA_CTL_JIT     = 8;       // [12:8]: jitter bits, 0..16
localparam int unsigned TEA_CTL_JIT_MAX = 16;
localparam logic [63:0] TEA_CTL_MASK    = 64'h1fbf;

// teastat fields
localparam int unsigned TEA_STAT_V     = 0;        // a sample is latched and unread
localparam int unsigned TEA_STAT_WAIT  = 1;        // sampled, waiting for the instruction to commit
localparam int unsigned TEA_STAT_STATE = 2;        // [3:2]: commit state of the sample
localparam int unsigned TEA_STAT_BIRQ  = 4;        // buffer interrupt: watermark passed, or full
localparam int unsigned TEA_STAT_FULL  = 5;        // a record did not fit: samples lost until teaptr moves
localparam int unsigned TEA_STAT_MASK  = 8;        // [15:8]: slots holding an instruction
localparam int unsigned TEA_STAT_PRIV  = 16;       // [17:16]: privilege the sampled instructions ran in
localparam int unsigned TEA_STAT_DMASK = 18;       // [25:18]: slots whose instruction accessed memory
localparam int unsigned TEA_STAT_SEQ   = 32;       // [63:32]: the sample cycle's number, mod 2^32

// commit states, as enum pics_commit_state
localparam logic [1:0] TEA_COMPUTE = 2'd0;
localparam logic [1:0] TEA_STALLED = 2'd1;
localparam logic [1:0] TEA_DRAINED = 2'd2;
localparam logic [1:0] TEA_FLUSHED = 2'd3;

localparam int unsigned TEA_MAP_VERSION = 7;      // 7: buffer records hold data addresses; 6: data addresses; 5: the sample buffer, teastat.SEQ; 4: privilege filter
localparam int unsigned TEA_IRQ         = 16;      // mip/mie bit and interrupt cause

// verilator lint_on UNUSEDPARAM

`endif
