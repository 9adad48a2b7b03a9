// Simulation model of the Xilinx global clock buffer.
module BUFG (
  input  logic I,
  output logic O
);
  assign O = I;
endmodule
