// Checks soc_line_router with the boot ROM behind it and a model of the LLC
// (random ready, random latency, random error and llc_miss flags, answers
// often in the same cycle as the ROM): the ROM loaded through its load port
// answers its lines with the loaded data; every other request reaches the
// LLC unchanged and exactly once; every read gets exactly one response with
// its id, data and flags; ROM write-backs are dropped.
`include "mem_types.svh"

module soc_line_router_tb;
  localparam int unsigned ROM_LINES = 32'(PMA_BOOTROM_SIZE) / CFG_LINE_BYTES;
  localparam int unsigned ROM_IDX   = $clog2(ROM_LINES);
  localparam int unsigned NID       = 1 << LP_ID_BITS;

  logic clk = 0, rst_n = 0;
  always #5 clk = ~clk;

  logic lreq_valid = 0, lreq_ready, lreq_write = 0;
  logic [PADDR_BITS-1:0] lreq_addr = '0;
  logic [LINE_BITS-1:0] lreq_data = '0;
  logic [LP_ID_BITS-1:0] lreq_id = '0;
  logic lresp_valid, lresp_error, lresp_llc_miss;
  logic [LP_ID_BITS-1:0] lresp_id;
  logic [LINE_BITS-1:0] lresp_data;

  logic llc_valid, llc_ready = 0, llc_write;
  logic [PADDR_BITS-1:0] llc_addr;
  logic [LINE_BITS-1:0] llc_data;
  logic [LP_ID_BITS-1:0] llc_id;
  logic llc_rvalid = 0, llc_rerror = 0, llc_rmiss = 0;
  logic [LP_ID_BITS-1:0] llc_rid = '0;
  logic [LINE_BITS-1:0] llc_rdata = '0;

  logic rom_rd_en;
  logic [ROM_IDX-1:0] rom_rd_line;
  logic [LINE_BITS-1:0] rom_rd_data;
  logic rom_wr_valid = 0;
  logic [15:0] rom_wr_addr = '0;
  logic [63:0] rom_wr_data = '0;

  soc_line_router dut (
    .clk_i(clk), .rst_ni(rst_n),
    .lreq_valid_i(lreq_valid), .lreq_ready_o(lreq_ready), .lreq_addr_i(lreq_addr),
    .lreq_write_i(lreq_write), .lreq_data_i(lreq_data), .lreq_id_i(lreq_id),
    .lresp_valid_o(lresp_valid), .lresp_id_o(lresp_id), .lresp_data_o(lresp_data),
    .lresp_error_o(lresp_error), .lresp_llc_miss_o(lresp_llc_miss),
    .llc_lreq_valid_o(llc_valid), .llc_lreq_ready_i(llc_ready), .llc_lreq_addr_o(llc_addr),
    .llc_lreq_write_o(llc_write), .llc_lreq_data_o(llc_data), .llc_lreq_id_o(llc_id),
    .llc_lresp_valid_i(llc_rvalid), .llc_lresp_id_i(llc_rid), .llc_lresp_data_i(llc_rdata),
    .llc_lresp_error_i(llc_rerror), .llc_lresp_llc_miss_i(llc_rmiss),
    .rom_rd_en_o(rom_rd_en), .rom_rd_line_o(rom_rd_line), .rom_rd_data_i(rom_rd_data));

  bootrom rom (
    .clk_i(clk), .rd_en_i(rom_rd_en), .rd_line_i(rom_rd_line), .rd_data_o(rom_rd_data),
    .wr_valid_i(rom_wr_valid), .wr_addr_i(rom_wr_addr), .wr_data_i(rom_wr_data));

  logic [LINE_BITS-1:0] rom_model [ROM_LINES];
  int errors = 0;

  task automatic check(input bit ok, input string what);
    if (!ok) begin
      if (errors < 10) $display("FAIL: %s", what);
      errors++;
    end
  endtask

  // The LLC model's answer for a line: a pattern of address and id.
  function automatic logic [LINE_BITS-1:0] llc_line(input logic [PADDR_BITS-1:0] a);
    logic [LINE_BITS-1:0] v;
    for (int i = 0; i < LINE_BITS / 64; i++) v[i*64 +: 64] = {8'(i), a} ^ 64'h9e37_79b9_7f4a_7c15;
    llc_line = v;
  endfunction

  // Requests in flight, by id: what the response must be.
  bit inflight [NID];
  bit exp_rom [NID];
  logic [PADDR_BITS-1:0] exp_addr [NID];
  bit exp_err [NID], exp_miss [NID];

  // LLC side: accepted requests, answered after a random latency in order.
  typedef struct packed {
    logic [PADDR_BITS-1:0] addr;
    logic [LP_ID_BITS-1:0] id;
    logic err, miss;
    int unsigned due;
  } llc_req_t;
  llc_req_t llc_q [$];
  // What the LLC must see next, in order.
  typedef struct packed {
    logic [PADDR_BITS-1:0] addr;
    logic write;
    logic [LP_ID_BITS-1:0] id;
  } fwd_t;
  fwd_t fwd_q [$];
  logic [LINE_BITS-1:0] fwd_data_q [$];  // the write data, beside fwd_q

  int unsigned cyc = 0, n_rom = 0, n_llc = 0, n_resp = 0, n_wb = 0, n_both = 0;

  initial begin
    // Load the ROM as the simulator does, before reset.
    for (int l = 0; l < ROM_LINES; l++) begin
      for (int d = 0; d < 8; d++) begin
        rom_model[l][d*64 +: 64] = {$urandom, $urandom};
        rom_wr_valid = 1;
        rom_wr_addr  = 16'(l * 64 + d * 8);
        rom_wr_data  = rom_model[l][d*64 +: 64];
        @(posedge clk);
        #1;
      end
    end
    rom_wr_valid = 0;
    rst_n = 1;

    for (int i = 0; i < 40000; i++) begin
      int id;
      bit fire, llc_fire;
      fwd_t f;
      llc_req_t r;
      logic [LINE_BITS-1:0] wdata;

      // Stimulus for this cycle.
      id = -1;
      for (int k = 0; k < 4 && id < 0; k++) begin
        int c = $urandom_range(NID - 1, 0);
        if (!inflight[c]) id = c;
      end
      lreq_valid = id >= 0 && $urandom_range(2, 0) != 0;
      lreq_id    = LP_ID_BITS'(id < 0 ? 0 : id);
      lreq_write = $urandom_range(5, 0) == 0;
      case ($urandom_range(3, 0))
        0, 1: lreq_addr = PMA_BOOTROM_BASE + PADDR_BITS'(64 * $urandom_range(ROM_LINES - 1, 0));
        2: lreq_addr = PMA_DRAM_BASE + PADDR_BITS'(64 * $urandom_range(1 << 20, 0));
        default: lreq_addr = PADDR_BITS'(64 * $urandom_range(1 << 20, 0));
      endcase
      // Built whole and assigned at once, so that the DUT sees the change.
      for (int d = 0; d < LINE_BITS / 32; d++) wdata[d*32 +: 32] = $urandom;
      lreq_data = wdata;
      llc_ready = $urandom_range(3, 0) != 0;
      llc_rvalid = llc_q.size() != 0 && llc_q[0].due <= cyc && $urandom_range(3, 0) != 0;
      if (llc_rvalid) begin
        llc_rid    = llc_q[0].id;
        llc_rdata  = llc_line(llc_q[0].addr);
        llc_rerror = llc_q[0].err;
        llc_rmiss  = llc_q[0].miss;
      end
      #1;

      // Outputs of this cycle.
      if (lresp_valid) begin
        int rid = int'(lresp_id);
        n_resp++;
        check(inflight[rid], $sformatf("cycle %0d: response for id %0d not in flight", cyc, rid));
        if (inflight[rid]) begin
          if (exp_rom[rid]) begin
            check(lresp_data == rom_model[(exp_addr[rid] - PMA_BOOTROM_BASE) >> 6] &&
                  !lresp_error && !lresp_llc_miss,
                  $sformatf("cycle %0d: ROM line %h wrong", cyc, exp_addr[rid]));
          end else begin
            check(lresp_data == llc_line(exp_addr[rid]) && lresp_error == exp_err[rid] &&
                  lresp_llc_miss == exp_miss[rid],
                  $sformatf("cycle %0d: LLC line %h wrong", cyc, exp_addr[rid]));
          end
        end
        inflight[rid] = 0;
      end
      check(!llc_rvalid || (lresp_valid && lresp_id == llc_rid),
            $sformatf("cycle %0d: LLC response not passed on", cyc));
      if (llc_rvalid && dut.rom_pend_q) n_both++;

      fire = lreq_valid && lreq_ready;
      llc_fire = llc_valid && llc_ready;
      if (fire) begin
        bit rom = lreq_addr >= PMA_BOOTROM_BASE &&
                  lreq_addr < PMA_BOOTROM_BASE + PMA_BOOTROM_SIZE;
        if (rom && lreq_write) n_wb++;
        if (!rom) begin
          f.addr = lreq_addr;
          f.write = lreq_write;
          f.id = lreq_id;
          fwd_q.push_back(f);
          fwd_data_q.push_back(lreq_data);
        end
        if (!lreq_write) begin
          inflight[id] = 1;
          exp_rom[id]  = rom;
          exp_addr[id] = lreq_addr;
          exp_err[id]  = $urandom_range(7, 0) == 0;
          exp_miss[id] = $urandom_range(1, 0) == 0;
          if (rom) n_rom++;
          else n_llc++;
        end
      end
      check(llc_fire == (fire && fwd_q.size() != 0 && !(lreq_addr >= PMA_BOOTROM_BASE &&
                         lreq_addr < PMA_BOOTROM_BASE + PMA_BOOTROM_SIZE)),
            $sformatf("cycle %0d: LLC handshake does not match the core's", cyc));
      if (llc_fire) begin
        logic [LINE_BITS-1:0] fd;
        f = fwd_q.pop_front();
        fd = fwd_data_q.pop_front();
        check(llc_addr == f.addr && llc_write == f.write && llc_id == f.id &&
              (!f.write || llc_data == fd),
              $sformatf("cycle %0d: LLC request %h %0d %0d differs from %h %0d %0d", cyc, llc_addr, llc_write, llc_id, f.addr, f.write, f.id));
        if (!llc_write) begin
          r.addr = llc_addr;
          r.id   = llc_id;
          r.err  = exp_err[int'(llc_id)];
          r.miss = exp_miss[int'(llc_id)];
          r.due  = cyc + $urandom_range(12, 1);
          llc_q.push_back(r);
        end
      end
      if (llc_rvalid) void'(llc_q.pop_front());
      @(posedge clk);
      #1;
      cyc++;
    end
    check(n_rom > 1000 && n_llc > 1000 && n_both > 10 && n_wb > 10, "coverage");
    $display("%0d ROM reads, %0d LLC reads, %0d responses, %0d ROM write-backs, %0d collisions",
             n_rom, n_llc, n_resp, n_wb, n_both);
    if (errors == 0) $display("PASS soc_line_router_tb");
    else $fatal(1, "%0d errors", errors);
    $finish;
  end
endmodule
