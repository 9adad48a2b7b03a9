// A reset for one clock domain: asserted at once (asynchronously) when
// rst_ni falls, released on a clock edge STAGES edges after rst_ni rises,
// so that every register of the domain leaves reset in the same cycle.
module reset_sync #(
  parameter int unsigned STAGES = 2
) (
  input  logic clk_i,
  input  logic rst_ni,   // asynchronous
  output logic rst_no    // synchronous release
);
  logic [STAGES-1:0] sync_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) sync_q <= '0;
    else         sync_q <= {sync_q[STAGES-2:0], 1'b1};
  end

  assign rst_no = sync_q[STAGES-1];
endmodule
