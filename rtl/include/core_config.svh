// The one place where the core's sizes are chosen (docs/microarchitecture.md).
// `default` is simulated in CI; define TEA_CONFIG_LARGE for `large`, the
// size of the BOOM configuration the TEA paper evaluated.
`ifndef TEA_CORE_CONFIG_SVH
`define TEA_CORE_CONFIG_SVH

localparam int unsigned CFG_XLEN = 64;

`ifdef TEA_CONFIG_LARGE
localparam int unsigned CFG_W = 4;
localparam int unsigned CFG_FETCH_BYTES = 16;
localparam int unsigned CFG_FETCH_LANES = 6;
localparam int unsigned CFG_FB_ENTRIES = 48;
localparam int unsigned CFG_ROB_ENTRIES = 192;
localparam int unsigned CFG_PRF_ENTRIES = 256;
localparam int unsigned CFG_IQ_ENTRIES = 32;
localparam int unsigned CFG_LQ_ENTRIES = 64;
localparam int unsigned CFG_SQ_ENTRIES = 64;
localparam int unsigned CFG_BTB_ENTRIES = 1024;
localparam int unsigned CFG_BHT_ENTRIES = 4096;
localparam int unsigned CFG_TAGE = 1;  // TAGE tables over the gshare counters
localparam int unsigned CFG_RAS_ENTRIES = 16;
localparam int unsigned CFG_L1I_KIB = 32;
localparam int unsigned CFG_L1D_KIB = 32;
localparam int unsigned CFG_L1D_MSHRS = 8;
localparam int unsigned CFG_TLB_ENTRIES = 32;
localparam int unsigned CFG_LLC_KIB = 2048;
localparam int unsigned CFG_LLC_MSHRS = 8;
`else
localparam int unsigned CFG_W = 2;
localparam int unsigned CFG_FETCH_BYTES = 8;
localparam int unsigned CFG_FETCH_LANES = 3;
localparam int unsigned CFG_FB_ENTRIES = 16;
localparam int unsigned CFG_ROB_ENTRIES = 64;
localparam int unsigned CFG_PRF_ENTRIES = 128;
localparam int unsigned CFG_IQ_ENTRIES = 16;
localparam int unsigned CFG_LQ_ENTRIES = 16;
localparam int unsigned CFG_SQ_ENTRIES = 16;
localparam int unsigned CFG_BTB_ENTRIES = 256;
localparam int unsigned CFG_BHT_ENTRIES = 1024;
localparam int unsigned CFG_TAGE = 0;
localparam int unsigned CFG_RAS_ENTRIES = 8;
localparam int unsigned CFG_L1I_KIB = 8;
localparam int unsigned CFG_L1D_KIB = 8;
localparam int unsigned CFG_L1D_MSHRS = 4;
localparam int unsigned CFG_TLB_ENTRIES = 8;
localparam int unsigned CFG_LLC_KIB = 256;
localparam int unsigned CFG_LLC_MSHRS = 4;
`endif

localparam int unsigned CFG_LINE_BYTES = 64;
localparam int unsigned CFG_L1_WAYS = 4;
localparam int unsigned CFG_LLC_WAYS = 8;
// TEA (PSV bits, sampler, sample CSRs); define TEA_OFF to build the core
// without it (docs/tea.md, storage accounting).
`ifdef TEA_OFF
localparam int unsigned CFG_TEA = 0;
`else
localparam int unsigned CFG_TEA = 1;
`endif

`endif
