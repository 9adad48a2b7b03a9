// The TEA events (docs/tea.md), one bit each in a Performance Signature
// Vector, in the order of enum pics_tea_event in pics/pics.h. This is the
// one list in the RTL; adding an event touches it and the structure that
// detects the event.
`ifndef TEA_EVENTS_SVH
`define TEA_EVENTS_SVH

typedef struct packed {
  logic st_div;  // ran on an iterative divide unit  (divider, FP div/sqrt, at completion)
  logic st_llc;  // load missed in the LLC           (LSU, at writeback)
  logic st_tlb;  // load/store missed in the D-TLB   (LSU entry)
  logic st_l1;   // load missed in the L1 D-cache    (LSU, at writeback)
  logic fl_mo;   // memory-ordering violation        (ROB, replayed load)
  logic fl_ex;   // exception or pipeline flush      (ROB)
  logic fl_mb;   // mispredicted branch              (ROB, at resolution)
  logic dr_sq;   // stalled at dispatch: SQ full     (dispatch)
  logic dr_tlb;  // I-TLB miss                       (fetch packet)
  logic dr_l1;   // I-cache miss                     (fetch packet)
} psv_t;

localparam int unsigned PSV_BITS = 10;

`endif
