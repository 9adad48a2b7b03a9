// A module uses only some of the shared sizes and names.
/* verilator lint_off UNUSEDPARAM */
`include "core_config.svh"
`include "tea_events.svh"
`include "tea_csr.svh"
/* verilator lint_on UNUSEDPARAM */

// Time-proportional sample selection at the ROB head (docs/tea.md) and the
// TEA sample CSRs (docs/tea-csr.md).
//
// Every `period` cycles (plus, with jitter on, a pseudo-random 0..2^JIT-1)
// the commit stage is looked at, and the cycle is given to:
// - Compute: the instructions committing in it (all of them, one slot each);
// - Stalled (ROB not empty, nothing commits): the head, latched when it
//   leaves the ROB so its PSV is complete;
// - Drained (ROB empty, no flush since it was last filled): the next
//   instruction to leave the ROB, latched then;
// - Flushed (ROB empty after a flush): the last instruction that left the
//   ROB, whose address and PSV are kept in a register.
// "Leaving" the head is committing, or trapping or being replayed (then
// alone, in lane 0, with its FL bit already set by the core). Each slot
// also holds the data address of its load, store or AMO (teadaddr, with
// teastat.DMASK saying which slots have one).
//
// A sample whose instructions ran in a privilege that teactl excludes is
// not taken: no interrupt, counted in teafilt instead.
//
// The sample stays in the CSRs, with the interrupt (irq_o) raised, until
// software writes teastat with V = 0. A sample that falls due while the
// last is unread or still waiting for its instruction is counted in
// tealost, never written over. Decisions use the state at the start of the
// cycle, so an acknowledge in a sample cycle frees the next sample, not this.
//
// In buffer mode (teactl.BUF) the buffer writer frees it instead: it
// writes the sample's record a word a cycle into a line register and
// offers each line (buf_*) to memory, which writes it coherently with the
// caches; when the last line is written teaptr moves past the record. The
// interrupt is then teastat.BIRQ: a record ended at or past the watermark,
// or the buffer is full (a record did not fit and was counted lost).
module tea_sampler #(
  parameter int unsigned W  = CFG_W,
  localparam int unsigned PS = PSV_BITS
) (
  input  logic              clk_i,
  input  logic              rst_ni,
  // commit stage, this cycle
  input  logic              rob_empty_i,     // the ROB holds nothing at the start of the cycle
  input  logic [W-1:0]      retire_i,        // lanes leaving the head, a prefix
  input  logic              retire_trap_i,   // lane 0 leaves without committing (trap, replay)
  input  logic [W*64-1:0]   retire_pc_i,
  input  logic [W*PS-1:0]   retire_psv_i,
  input  logic [W-1:0]      retire_dvalid_i, // the lane accessed memory, at ...
  input  logic [W*64-1:0]   retire_daddr_i,  // ... this (virtual) address
  input  logic              flush_i,         // the back end is flushed at the end of the cycle
  // CSR access, at commit (csr_file decodes the range; writes are legal ones)
  input  logic [1:0]        priv_i,
  input  logic [11:0]       csr_addr_i,
  input  logic              csr_write_i,     // the instruction writes (for the read-only check)
  input  logic              csr_we_i,        // perform the write this cycle
  input  logic [63:0]       csr_wdata_i,     // the value to write (after the RS/RC operation)
  output logic [63:0]       csr_rdata_o,     // combinational
  output logic              csr_illegal_o,   // combinational
  output logic              irq_o,           // a sample waits to be read, or the buffer's interrupt
  // the sample buffer's line writes, to memory
  output logic              buf_req_o,       // a line waits to be written
  output logic [TEA_BUF_BITS-7:0] buf_line_o, // its address / 64
  output logic [511:0]      buf_data_o,
  output logic [7:0]        buf_wmask_o,     // its 8-byte words to write
  input  logic              buf_ack_i,       // memory takes the line in this cycle
  input  logic              buf_done_i,      // memory has written the line it took
  input  logic              buf_error_i,     // ... or found it outside memory
  // the latched sample, for teasim's check against its model
  output logic              sample_valid_o,
  output logic [63:0]       sample_time_o,
  output logic [1:0]        sample_state_o,
  output logic [1:0]        sample_priv_o,
  output logic [W-1:0]      sample_mask_o,
  output logic [W*64-1:0]   sample_pc_o,
  output logic [W*PS-1:0]   sample_psv_o,
  output logic [W-1:0]      sample_dmask_o,
  output logic [W*64-1:0]   sample_daddr_o,
  output logic [31:0]       sample_seq_o,
  output logic [63:0]       lost_o,
  output logic [63:0]       filtered_o,
  output logic [63:0]       buf_ptr_o,
  output logic              buf_irq_o,
  output logic              buf_full_o
);
  localparam int unsigned LANE_BITS = W > 1 ? $clog2(W) : 1;
  localparam int unsigned REC_WORDS = 2 + 3 * W;    // a record: time, stat, W addresses, W PSVs, W data addresses
  localparam int unsigned IDX_BITS  = $clog2(REC_WORDS + 1);
  localparam int unsigned AB        = TEA_BUF_BITS;
  localparam logic [AB-1:0] REC_BYTES = AB'(8 * REC_WORDS);

  // ----------------------------------------------------------- registers
  logic [12:0]     ctl_q;         // TEA_CTL_MASK bits
  logic [31:0]     period_q;
  logic [31:0]     countdown_q;   // cycles to the next sample cycle
  logic [63:0]     cycle_q;       // cycles since reset: the timestamp
  logic [63:0]     lost_q;
  logic [63:0]     filt_q;        // samples not taken: excluded privilege
  logic            valid_q, wait_q, flushed_q;
  logic [1:0]      state_q;
  logic [63:0]     time_q;
  logic [W-1:0]    mask_q;
  logic [W*64-1:0] pc_q;
  logic [W*PS-1:0] psv_q;
  logic [W-1:0]    dmask_q;       // slots whose instruction accessed memory ...
  logic [W*64-1:0] daddr_q;       // ... at these addresses
  logic [63:0]     last_pc_q;     // the last instruction that left the ROB
  logic [PS-1:0]   last_psv_q;
  logic            last_dvalid_q;
  logic [63:0]     last_daddr_q;
  logic [1:0]      last_priv_q;   // ... and the privilege it ran in
  logic [1:0]      priv_q;        // the privilege the sampled instructions ran in
  logic [31:0]     seq_q;         // sample cycles so far
  logic [31:0]     sample_seq_q;  // ... before the sample's own
  // the sample buffer
  logic [AB-1:0]   base_q, limit_q, ptr_q, wmark_q;
  logic            birq_q, full_q;
  // the buffer writer: it owns the sample (wr_busy_q) and writes record
  // word wr_idx_q to wr_addr_q next; a line of them waits (wr_req_q) or
  // has gone to memory and waits for its end (wr_sent_q)
  logic            wr_busy_q, wr_req_q, wr_sent_q, wr_err_q;
  logic [IDX_BITS-1:0] wr_idx_q;
  logic [AB-1:0]   wr_addr_q;
  logic [AB-7:0]   wr_line_q;
  logic [511:0]    line_q;
  logic [7:0]      lmask_q;

  // -------------------------------------------------------- CSR decode
  logic        is_ctl, is_period, is_stat, is_time, is_lost, is_info, is_filt, is_count;
  logic        is_addr, is_psv, is_daddr, is_base, is_limit, is_ptr, is_wmark;
  logic [3:0]  slot;

  assign slot      = csr_addr_i[3:0];
  assign is_ctl    = csr_addr_i == TEA_CSR_CTL;
  assign is_period = csr_addr_i == TEA_CSR_PERIOD;
  assign is_stat   = csr_addr_i == TEA_CSR_STAT;
  assign is_time   = csr_addr_i == TEA_CSR_TIME;
  assign is_lost   = csr_addr_i == TEA_CSR_LOST;
  assign is_info   = csr_addr_i == TEA_CSR_INFO;
  assign is_filt   = csr_addr_i == TEA_CSR_FILT;
  assign is_count  = csr_addr_i == TEA_CSR_COUNT;
  assign is_base   = csr_addr_i == TEA_CSR_BASE;
  assign is_limit  = csr_addr_i == TEA_CSR_LIMIT;
  assign is_ptr    = csr_addr_i == TEA_CSR_PTR;
  assign is_wmark  = csr_addr_i == TEA_CSR_WMARK;
  assign is_addr   = csr_addr_i[11:4] == TEA_CSR_ADDR0[11:4] && 32'(slot) < W;
  assign is_psv    = csr_addr_i[11:4] == TEA_CSR_PSV0[11:4] && 32'(slot) < W;
  assign is_daddr  = csr_addr_i[11:4] == TEA_CSR_DADDR0[11:4] && 32'(slot) < W;

  logic [63:0] stat;
  logic        exists, writable;

  always_comb begin
    stat = '0;
    stat[TEA_STAT_V]             = valid_q;
    stat[TEA_STAT_WAIT]          = wait_q;
    stat[TEA_STAT_STATE +: 2]    = state_q;
    stat[TEA_STAT_MASK +: W]     = mask_q;
    stat[TEA_STAT_PRIV +: 2]     = priv_q;
    stat[TEA_STAT_DMASK +: W]    = dmask_q;
    stat[TEA_STAT_SEQ +: 32]     = sample_seq_q;
    stat[TEA_STAT_BIRQ]          = birq_q;
    stat[TEA_STAT_FULL]          = full_q;
  end

  always_comb begin
    csr_rdata_o = '0;
    if (is_ctl)    csr_rdata_o = 64'(ctl_q);
    if (is_period) csr_rdata_o = 64'(period_q);
    if (is_stat)   csr_rdata_o = stat;
    if (is_time)   csr_rdata_o = time_q;
    if (is_lost)   csr_rdata_o = lost_q;
    if (is_info)   csr_rdata_o = 64'(W) | (64'(PS) << 8) | (64'(TEA_MAP_VERSION) << 16);
    if (is_filt)   csr_rdata_o = filt_q;
    if (is_count)  csr_rdata_o = 64'(countdown_q);
    if (is_base)   csr_rdata_o = 64'(base_q);
    if (is_limit)  csr_rdata_o = 64'(limit_q);
    if (is_ptr)    csr_rdata_o = 64'(ptr_q);
    if (is_wmark)  csr_rdata_o = 64'(wmark_q);
    if (is_addr)   csr_rdata_o = pc_q[slot[LANE_BITS-1:0]*64 +: 64];
    if (is_psv)    csr_rdata_o = 64'(psv_q[slot[LANE_BITS-1:0]*PS +: PS]);
    if (is_daddr)  csr_rdata_o = daddr_q[slot[LANE_BITS-1:0]*64 +: 64];
  end

  assign exists        = is_ctl || is_period || is_stat || is_time || is_lost || is_info ||
                         is_filt || is_count || is_addr || is_psv || is_daddr || is_base ||
                         is_limit || is_ptr || is_wmark;
  assign writable      = is_ctl || is_period || is_stat || is_lost || is_filt || is_count ||
                         is_base || is_limit || is_ptr || is_wmark;
  assign csr_illegal_o = !exists || (csr_write_i && !writable) ||
                         (priv_i == 2'd0 && !ctl_q[TEA_CTL_UEN]);

  // ---------------------------------------------------------- sampling
  logic [15:0] lfsr;
  logic        sample_now, reload, committing;
  logic [4:0]  jit_bits;
  logic [31:0] jitter;

  assign sample_now = ctl_q[TEA_CTL_EN] && countdown_q == '0;
  assign jit_bits   = ctl_q[TEA_CTL_JIT +: 5] > 5'(TEA_CTL_JIT_MAX) ? 5'(TEA_CTL_JIT_MAX) :
                                                                     ctl_q[TEA_CTL_JIT +: 5];
  assign jitter     = 32'(lfsr) & ((32'd1 << jit_bits) - 32'd1);
  assign committing = retire_i != '0 && !retire_trap_i;
  // A new period or enable restarts the count, so the first sample comes a
  // full period after software set it up.
  assign reload     = csr_we_i && (is_period || is_ctl);

  // Periods 0 and 1 both sample every cycle.
  function automatic logic [31:0] first_wait(input logic [31:0] period);
    first_wait = period == '0 ? '0 : period - 32'd1;
  endfunction

  // Whether teactl excludes privilege p (bit 4 + p).
  function automatic logic excluded(input logic [12:0] ctl, input logic [1:0] p);
    excluded = ctl[TEA_CTL_X + 32'(p)];
  endfunction

  tea_lfsr u_lfsr (.clk_i, .rst_ni, .step_i(sample_now), .value_o(lfsr));

  // The last lane that leaves this cycle (retire_i is a prefix).
  logic [63:0]   leave_pc, leave_daddr;
  logic [PS-1:0] leave_psv;
  logic          leave_dvalid;
  always_comb begin
    leave_pc     = retire_pc_i[63:0];
    leave_psv    = retire_psv_i[PS-1:0];
    leave_dvalid = retire_dvalid_i[0];
    leave_daddr  = retire_daddr_i[63:0];
    for (int i = 1; i < W; i++)
      if (retire_i[i]) begin
        leave_pc     = retire_pc_i[i*64 +: 64];
        leave_psv    = retire_psv_i[i*PS +: PS];
        leave_dvalid = retire_dvalid_i[i];
        leave_daddr  = retire_daddr_i[i*64 +: 64];
      end
  end

  // A sample latched this cycle (by the sampling block below), and the
  // privilege its instructions ran in: the filter decides on it.
  logic       taken;
  logic [1:0] taken_priv;
  always_comb begin
    taken      = 1'b0;
    taken_priv = priv_i;
    if (wait_q && retire_i[0]) taken = 1'b1;
    if (sample_now && !valid_q && !wait_q) begin
      if (committing || (!rob_empty_i && retire_i[0])) taken = 1'b1;
      else if (rob_empty_i && flushed_q) begin
        taken      = 1'b1;
        taken_priv = last_priv_q;
      end
    end
  end

  // Masks a W-lane vector down to the lanes that hold an instruction.
  logic [W*64-1:0] retire_pc_valid, retire_daddr_valid;
  logic [W*PS-1:0] retire_psv_valid;
  always_comb begin
    for (int i = 0; i < W; i++) begin
      retire_pc_valid[i*64 +: 64]    = retire_i[i] ? retire_pc_i[i*64 +: 64] : '0;
      retire_psv_valid[i*PS +: PS]   = retire_i[i] ? retire_psv_i[i*PS +: PS] : '0;
      retire_daddr_valid[i*64 +: 64] = retire_dvalid_i[i] ? retire_daddr_i[i*64 +: 64] : '0;
    end
  end

  // ------------------------------------------------------- buffer writer
  // Record word i: teatime, teastat as the sample has it, the slot
  // addresses, the slot PSVs, the slot data addresses (0 where DMASK is
  // clear; the bare-metal runtime's log record).
  logic [63:0] rec_word;
  always_comb begin
    rec_word = '0;
    for (int i = 0; i < W; i++) begin
      if (32'(wr_idx_q) == 2 + i)     rec_word = pc_q[i*64 +: 64];
      if (32'(wr_idx_q) == 2 + W + i) rec_word = 64'(psv_q[i*PS +: PS]);
      if (32'(wr_idx_q) == 2 + 2 * W + i) rec_word = daddr_q[i*64 +: 64];
    end
    if (wr_idx_q == '0) rec_word = time_q;
    if (32'(wr_idx_q) == 1) begin
      rec_word                      = '0;
      rec_word[TEA_STAT_V]          = 1'b1;
      rec_word[TEA_STAT_STATE +: 2] = state_q;
      rec_word[TEA_STAT_MASK +: W]  = mask_q;
      rec_word[TEA_STAT_PRIV +: 2]  = priv_q;
      rec_word[TEA_STAT_DMASK +: W] = dmask_q;
      rec_word[TEA_STAT_SEQ +: 32]  = sample_seq_q;
    end
  end

  logic          buf_mode, wr_start, wr_drop, wr_emit, wr_done, wr_last, wr_fail;
  logic [AB:0]   ptr_end, base_end;   // one bit more: no wrap past 2^56
  logic [2:0]    wr_word;
  assign buf_mode = ctl_q[TEA_CTL_BUF];
  assign ptr_end  = {1'b0, ptr_q} + {1'b0, REC_BYTES};
  assign base_end = {1'b0, base_q} + {1'b0, REC_BYTES};
  // a sample to write: where it fits, at teaptr, or with WRAP at teabase
  assign wr_start = buf_mode && valid_q && !wr_busy_q;
  assign wr_drop  = wr_start && ptr_end > {1'b0, limit_q} &&
                    !(ctl_q[TEA_CTL_WRAP] && base_end <= {1'b0, limit_q});
  assign wr_emit  = wr_busy_q && !wr_req_q && 32'(wr_idx_q) < REC_WORDS;
  assign wr_word  = wr_addr_q[5:3];
  assign wr_done  = wr_sent_q && buf_done_i;
  assign wr_last  = wr_done && 32'(wr_idx_q) == REC_WORDS;
  assign wr_fail  = wr_last && (wr_err_q || buf_error_i);
  // the buffer's interrupt: a record ended at or past the watermark, or
  // one was lost (no room, or its address is outside memory)
  logic buf_irq_set, buf_full_set;
  assign buf_full_set = wr_drop || wr_fail;
  assign buf_irq_set  = buf_full_set || (wr_last && !wr_fail &&
                        wr_addr_q - REC_BYTES < wmark_q && wmark_q <= wr_addr_q);

  // Samples lost in this cycle: one falls due while the last is held,
  // and one the buffer could not take.
  logic [1:0]  lost_inc;
  logic [63:0] lost_sum;
  assign lost_inc = 2'(sample_now && (valid_q || wait_q)) + 2'(buf_full_set);
  assign lost_sum = lost_q > '1 - 64'(lost_inc) ? '1 : lost_q + 64'(lost_inc);

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      ctl_q       <= '0;
      period_q    <= '0;
      countdown_q <= '0;
      cycle_q     <= '0;
      lost_q      <= '0;
      filt_q      <= '0;
      valid_q     <= 1'b0;
      wait_q      <= 1'b0;
      flushed_q   <= 1'b0;
      state_q     <= TEA_COMPUTE;
      time_q      <= '0;
      mask_q      <= '0;
      pc_q        <= '0;
      psv_q       <= '0;
      dmask_q     <= '0;
      daddr_q     <= '0;
      last_pc_q   <= '0;
      last_psv_q  <= '0;
      last_dvalid_q <= 1'b0;
      last_daddr_q  <= '0;
      last_priv_q <= '0;
      priv_q      <= '0;
      seq_q       <= '0;
      sample_seq_q <= '0;
      base_q      <= '0;
      limit_q     <= '0;
      ptr_q       <= '0;
      wmark_q     <= '0;
      birq_q      <= 1'b0;
      full_q      <= 1'b0;
      wr_busy_q   <= 1'b0;
      wr_req_q    <= 1'b0;
      wr_sent_q   <= 1'b0;
      wr_err_q    <= 1'b0;
      wr_idx_q    <= '0;
      wr_addr_q   <= '0;
      wr_line_q   <= '0;
      line_q      <= '0;
      lmask_q     <= '0;
    end else begin
      cycle_q <= cycle_q + 64'd1;
      if (retire_i[0]) begin
        last_pc_q     <= leave_pc;
        last_psv_q    <= leave_psv;
        last_dvalid_q <= leave_dvalid;
        last_daddr_q  <= leave_dvalid ? leave_daddr : '0;
        last_priv_q   <= priv_i;
      end
      if (flush_i)           flushed_q <= 1'b1;
      else if (!rob_empty_i) flushed_q <= 1'b0;

      if (ctl_q[TEA_CTL_EN] && countdown_q != '0) countdown_q <= countdown_q - 32'd1;
      if (sample_now) begin
        countdown_q <= first_wait(period_q) + jitter;
        seq_q       <= seq_q + 32'd1;
      end

      // A sample waiting for its instruction takes the head as it leaves.
      if (wait_q && retire_i[0]) begin
        wait_q  <= 1'b0;
        priv_q  <= priv_i;
        mask_q  <= W'(1);
        pc_q    <= {{(W-1)*64{1'b0}}, retire_pc_i[63:0]};
        psv_q   <= {{(W-1)*PS{1'b0}}, retire_psv_i[PS-1:0]};
        dmask_q <= W'(retire_dvalid_i[0]);
        daddr_q <= {{(W-1)*64{1'b0}}, retire_daddr_valid[63:0]};
      end

      // the buffer writer
      if (wr_start) begin
        if (wr_drop) begin
          valid_q <= 1'b0;
        end else begin
          wr_busy_q <= 1'b1;
          wr_err_q  <= 1'b0;
          wr_idx_q  <= '0;
          wr_addr_q <= ptr_end <= {1'b0, limit_q} ? ptr_q : base_q;
        end
      end
      if (wr_emit) begin
        line_q[32'(wr_word)*64 +: 64] <= rec_word;
        lmask_q[wr_word]              <= 1'b1;
        wr_idx_q                      <= wr_idx_q + 1'b1;
        wr_addr_q                     <= wr_addr_q + AB'(8);
        if (wr_word == 3'd7 || 32'(wr_idx_q) + 1 == REC_WORDS) begin
          wr_req_q  <= 1'b1;
          wr_line_q <= wr_addr_q[AB-1:6];
        end
      end
      if (wr_req_q && !wr_sent_q && buf_ack_i) wr_sent_q <= 1'b1;
      if (wr_done) begin
        wr_req_q  <= 1'b0;
        wr_sent_q <= 1'b0;
        wr_err_q  <= wr_err_q || buf_error_i;
        line_q    <= '0;
        lmask_q   <= '0;
      end
      if (wr_last) begin
        wr_busy_q <= 1'b0;
        valid_q   <= 1'b0;
        if (!wr_fail) ptr_q <= wr_addr_q;
      end
      lost_q <= lost_sum;

      if (sample_now) begin
        if (!(valid_q || wait_q)) begin
          time_q       <= cycle_q;
          sample_seq_q <= seq_q;
          if (committing) begin
            state_q <= TEA_COMPUTE;
            priv_q  <= priv_i;
            mask_q  <= retire_i;
            pc_q    <= retire_pc_valid;
            psv_q   <= retire_psv_valid;
            dmask_q <= retire_dvalid_i;
            daddr_q <= retire_daddr_valid;
          end else if (!rob_empty_i) begin
            state_q <= TEA_STALLED;
            if (retire_i[0]) begin  // the head traps in this very cycle
              priv_q  <= priv_i;
              mask_q  <= W'(1);
              pc_q    <= {{(W-1)*64{1'b0}}, retire_pc_i[63:0]};
              psv_q   <= {{(W-1)*PS{1'b0}}, retire_psv_i[PS-1:0]};
              dmask_q <= W'(retire_dvalid_i[0]);
              daddr_q <= {{(W-1)*64{1'b0}}, retire_daddr_valid[63:0]};
            end else begin
              wait_q <= 1'b1;
            end
          end else if (flushed_q) begin
            state_q <= TEA_FLUSHED;
            priv_q  <= last_priv_q;
            mask_q  <= W'(1);
            pc_q    <= {{(W-1)*64{1'b0}}, last_pc_q};
            psv_q   <= {{(W-1)*PS{1'b0}}, last_psv_q};
            dmask_q <= W'(last_dvalid_q);
            daddr_q <= {{(W-1)*64{1'b0}}, last_daddr_q};
          end else begin
            state_q <= TEA_DRAINED;
            wait_q  <= 1'b1;
          end
        end
      end

      if (taken) begin
        valid_q <= !excluded(ctl_q, taken_priv);
        if (excluded(ctl_q, taken_priv) && filt_q != '1) filt_q <= filt_q + 64'd1;
      end

      // Software writes last, so that it wins over the sampler in the
      // same cycle, except that a latched sample is never freed by a write
      // that could not have seen it.
      if (csr_we_i) begin
        if (is_ctl)    ctl_q    <= csr_wdata_i[12:0] & TEA_CTL_MASK[12:0];
        if (is_period) period_q <= csr_wdata_i[31:0];
        if (is_lost)   lost_q   <= csr_wdata_i;
        if (is_filt)   filt_q   <= csr_wdata_i;
        if (is_base)   base_q   <= csr_wdata_i[AB-1:0] & ~AB'(7);
        if (is_limit)  limit_q  <= csr_wdata_i[AB-1:0] & ~AB'(7);
        if (is_wmark)  wmark_q  <= csr_wdata_i[AB-1:0] & ~AB'(7);
        if (is_ptr) begin
          ptr_q  <= csr_wdata_i[AB-1:0] & ~AB'(7);
          full_q <= 1'b0;
        end
        // in buffer mode, and until its record is written, the writer
        // frees the sample
        if (is_stat && !csr_wdata_i[TEA_STAT_V] && valid_q && !buf_mode && !wr_busy_q)
          valid_q <= 1'b0;
        if (is_stat && !csr_wdata_i[TEA_STAT_BIRQ]) birq_q <= 1'b0;
        if (reload)    countdown_q <= first_wait(is_period ? csr_wdata_i[31:0] : period_q);
        if (is_count)  countdown_q <= csr_wdata_i[31:0];
      end
      // ... but the buffer's interrupt and full state, set in the cycle
      // software clears them, stay set: software had not seen them
      if (buf_irq_set)  birq_q <= 1'b1;
      if (buf_full_set) full_q <= 1'b1;
    end
  end

  assign irq_o          = (valid_q && !buf_mode) || birq_q;
  assign buf_req_o      = wr_req_q && !wr_sent_q;
  assign buf_line_o     = wr_line_q;
  assign buf_data_o     = line_q;
  assign buf_wmask_o    = lmask_q;
  assign sample_seq_o   = sample_seq_q;
  assign buf_ptr_o      = 64'(ptr_q);
  assign buf_irq_o      = birq_q;
  assign buf_full_o     = full_q;
  assign sample_valid_o = valid_q;
  assign sample_time_o  = time_q;
  assign sample_state_o = state_q;
  assign sample_priv_o  = priv_q;
  assign sample_mask_o  = mask_q;
  assign sample_pc_o    = pc_q;
  assign sample_psv_o   = psv_q;
  assign sample_dmask_o = dmask_q;
  assign sample_daddr_o = daddr_q;
  assign lost_o         = lost_q;
  assign filtered_o     = filt_q;
endmodule
