// Simulation model of the Xilinx differential input buffer: the positive
// leg is the signal.
module IBUFDS (
  input  logic I,
  /* verilator lint_off UNUSEDSIGNAL */
  input  logic IB,
  /* verilator lint_on UNUSEDSIGNAL */
  output logic O
);
  assign O = I;
endmodule
