// The Verilated SoC behind the C interface of rtl_soc.h. Everything here is
// glue: signals in and out of the model once a clock cycle. The build
// defines TEA_SOC_W (commit width) and TEA_SOC_CONFIG (its name).
#include <cstdlib>
#include <cstring>

#include "Vtea_soc.h"
#include "Vtea_soc___024root.h"
#include "verilated.h"

extern "C" {
#include "dram/dram.h"
#include "pics.h"
#include "rtl/rtl_soc.h"
#include "attribution/sampler_model.h"
#include "attribution/tea_cycle.h"
}

namespace {

constexpr uint64_t kDramBase = 0x80000000ull;
constexpr size_t kRomSize = 0xf000;
constexpr unsigned kWidth = TEA_SOC_W;
constexpr unsigned kResetCycles = 4;
// PSV width: the events of tea_events.svh, which a unit test checks against pics.h
constexpr unsigned kPsvBits = PICS_TEA_NUM_EVENTS;

// Bits [lo, lo+n) of a signal, n <= 64, whatever type Verilator chose.
template <typename T> uint64_t bits(const T &v, unsigned lo, unsigned n)
{
	uint64_t x = (uint64_t)v >> lo;

	return n >= 64 ? x : x & ((1ull << n) - 1);
}

template <std::size_t N> uint64_t bits(const VlWide<N> &v, unsigned lo, unsigned n)
{
	unsigned w = lo / 32, sh = lo % 32;
	uint64_t x = v[w] >> sh;

	if (w + 1 < N)
		x |= (uint64_t)v[w + 1] << (32 - sh);
	if (sh && w + 2 < N)
		x |= (uint64_t)v[w + 2] << (64 - sh);
	return n >= 64 ? x : x & ((1ull << n) - 1);
}

// Faster path for word-aligned 64-bit lanes of wide signals.
template <std::size_t N> uint64_t lane64(const VlWide<N> &v, unsigned i)
{
	return (uint64_t)v[2 * i] | (uint64_t)v[2 * i + 1] << 32;
}

template <typename T> uint64_t lane64(const T &v, unsigned i)
{
	return bits(v, 64 * i, 64);
}

template <std::size_t N> void put_bits(VlWide<N> &v, unsigned lo, unsigned n, uint64_t x)
{
	for (unsigned i = 0; i < n; i++, lo++) {
		uint32_t bit = 1u << (lo % 32);

		v[lo / 32] = (x >> i & 1) ? (v[lo / 32] | bit) : (v[lo / 32] & ~bit);
	}
}

// The entries of an unpacked array of the model.
template <typename T> struct entries;
template <typename T, std::size_t N> struct entries<VlUnpacked<T, N>> {
	static constexpr std::size_t value = N;
};

template <std::size_t N> void line_out(const VlWide<N> &v, uint8_t *bytes)
{
	for (unsigned i = 0; i < DRAM_LINE_BYTES / 4; i++) {
		uint32_t w = v[i];

		memcpy(bytes + 4 * i, &w, 4);
	}
}

template <std::size_t N> void line_in(VlWide<N> &v, const uint8_t *bytes)
{
	for (unsigned i = 0; i < DRAM_LINE_BYTES / 4; i++) {
		uint32_t w;

		memcpy(&w, bytes + 4 * i, 4);
		v[i] = w;
	}
}

} // namespace

struct rtl_soc {
	VerilatedContext ctx;
	Vtea_soc *top = nullptr;
	struct dram *dram = nullptr;
	struct rtl_soc_config cfg;
	struct dram_out dout;
	uint64_t cycles = 0;
	// the host port's request in flight and its answer
	bool dma_busy = false, dma_done = false, dma_error = false;
	uint8_t dma_line[DRAM_LINE_BYTES];
	bool resuming = false;   // a resume is on its way: no longer halted
};

static void drive_memory(struct rtl_soc *s)
{
	Vtea_soc *t = s->top;
	const struct dram_out *o = &s->dout;

	t->m_axi_arready = o->arready;
	t->m_axi_rvalid = o->rvalid;
	t->m_axi_rid = o->rid;
	line_in(t->m_axi_rdata, o->rdata);
	t->m_axi_rresp = o->rresp;
	t->m_axi_rlast = o->rlast;
	t->m_axi_awready = o->awready;
	t->m_axi_wready = o->wready;
	t->m_axi_bvalid = o->bvalid;
	t->m_axi_bid = o->bid;
	t->m_axi_bresp = o->bresp;
}

static void sample_memory(struct rtl_soc *s, struct dram_in *in)
{
	Vtea_soc *t = s->top;

	in->arvalid = t->m_axi_arvalid;
	in->araddr = t->m_axi_araddr;
	in->arid = t->m_axi_arid;
	in->rready = t->m_axi_rready;
	in->awvalid = t->m_axi_awvalid;
	in->awaddr = t->m_axi_awaddr;
	in->awid = t->m_axi_awid;
	in->wvalid = t->m_axi_wvalid;
	line_out(t->m_axi_wdata, in->wdata);
	in->wstrb = t->m_axi_wstrb;
	in->bready = t->m_axi_bready;
}

// One rising edge with the inputs as they are, then the new inputs.
static void clock(struct rtl_soc *s)
{
	Vtea_soc *t = s->top;
	struct dram_in in;

	sample_memory(s, &in);
	if (t->uart_tx_valid_o && s->cfg.console)
		fputc(t->uart_tx_data_o, s->cfg.console);
	bool host_req = t->host_req_valid_o, host_write = t->host_req_write_o;
	uint64_t host_addr = t->host_req_addr_o, host_wdata = t->host_req_wdata_o;
	uint8_t host_wstrb = t->host_req_wstrb_o;
	bool dma_taken = t->host_dma_req_valid_i && t->host_dma_req_ready_o;

	dram_cycle(s->dram, &in, &s->dout);
	t->clk_i = 1;
	t->eval();
	s->cycles++;

	drive_memory(s);
	// The host port answers the next cycle.
	t->host_resp_valid_i = host_req;
	t->host_resp_rdata_i = host_req && s->cfg.host_access ?
			       s->cfg.host_access(s->cfg.host_ctx, host_addr, host_write,
						  host_wdata, host_wstrb) : 0;
	t->uart_rx_valid_i = 0;
	// Requests and pulses were taken by the edge.
	if (dma_taken)
		t->host_dma_req_valid_i = 0;
	if (s->dma_busy && t->host_dma_resp_valid_o) {
		line_out(t->host_dma_resp_rdata_o, s->dma_line);
		s->dma_error = t->host_dma_resp_error_o;
		s->dma_done = true;
		s->dma_busy = false;
	}
	t->dbg_resume_i = 0;
	t->dbg_reg_we_i = 0;
	if (!t->dbg_halted_o)
		s->resuming = false;
	t->clk_i = 0;
	t->eval();
}

static struct rtl_soc *rtl_soc_create(const struct rtl_soc_config *cfg)
{
	struct rtl_soc *s = new (std::nothrow) rtl_soc;

	if (!s)
		return NULL;
	s->cfg = *cfg;
	s->dram = dram_create(kDramBase, cfg->dram_size, cfg->dram_latency, cfg->dram_cycles_per_line);
	if (!s->dram) {
		delete s;
		return NULL;
	}
	s->top = new Vtea_soc(&s->ctx, "tea_soc");
	return s;
}

static void rtl_soc_destroy(struct rtl_soc *s)
{
	if (!s)
		return;
	if (s->top) {
		s->top->final();
		delete s->top;
	}
	dram_destroy(s->dram);
	delete s;
}

static uint8_t *rtl_soc_dram(struct rtl_soc *s, uint64_t pa, uint64_t len)
{
	return dram_mem(s->dram, pa, len);
}

static int rtl_soc_boot(struct rtl_soc *s, const uint8_t *rom, size_t len)
{
	Vtea_soc *t = s->top;

	if (len > kRomSize)
		return -1;
	t->htif_tohost_i = s->cfg.tohost;
	t->htif_fromhost_i = s->cfg.fromhost;
	t->dram_size_i = s->cfg.dram_size;
	// The console takes every UART byte at once.
	t->uart_tx_ready_i = 1;
	t->uart_tx_idle_i = 1;
	t->uart_rx_err_i = 0;
	t->dbg_resume_priv_i = 3;
	t->rst_ni = 0;
	t->clk_i = 0;
	dram_outputs(s->dram, &s->dout);
	drive_memory(s);
	t->eval();
	// The ROM is written through its loader port while the core is in reset.
	for (size_t off = 0; off < kRomSize; off += 8) {
		uint8_t word[8] = { 0 };

		if (off < len)
			memcpy(word, rom + off, len - off < 8 ? len - off : 8);
		uint64_t v;

		memcpy(&v, word, 8);
		t->rom_wr_valid_i = 1;
		t->rom_wr_addr_i = off;
		t->rom_wr_data_i = v;
		clock(s);
	}
	t->rom_wr_valid_i = 0;
	for (unsigned i = 0; i < kResetCycles; i++)
		clock(s);
	t->rst_ni = 1;
	t->eval();
	s->cycles = 0;
	return 0;
}

static unsigned rtl_soc_cycle(struct rtl_soc *s, struct commit *out)
{
	Vtea_soc *t = s->top;
	unsigned n = 0, priv = t->trace_priv_o;

	for (unsigned i = 0; i < kWidth; i++) {
		if (!((t->trace_valid_o >> i) & 1))
			continue;
		struct commit *c = &out[n++];

		memset(c, 0, sizeof(*c));
		c->pc = lane64(t->trace_pc_o, i);
		c->insn = (uint32_t)bits(t->trace_insn_o, 32 * i, 32);
		c->priv = (uint8_t)priv;
		c->rd = (uint8_t)bits(t->trace_rd_o, 6 * i, 6);   /* 32-63: f0-f31 */
		c->rd_value = c->rd ? lane64(t->trace_rd_value_o, i) : 0;
		c->mem_size = (uint8_t)bits(t->trace_mem_size_o, 4 * i, 4);
		if (c->mem_size) {
			c->mem_addr = lane64(t->trace_mem_addr_o, i);
			c->mem_value = lane64(t->trace_mem_value_o, i);
		}
		c->daccess = (t->trace_retire_dvalid_o >> i) & 1;
		c->daddr = c->daccess ? lane64(t->trace_retire_daddr_o, i) : 0;
	}
	if (t->trace_trap_o) {
		struct commit *c = &out[n++];

		memset(c, 0, sizeof(*c));
		c->pc = lane64(t->trace_pc_o, 0);
		c->priv = (uint8_t)priv;
		c->trap = true;
		c->interrupt = t->trace_interrupt_o;
		c->insn = c->interrupt ? 0 : (uint32_t)bits(t->trace_insn_o, 0, 32);
		c->cause = t->trace_cause_o;
		c->tval = t->trace_tval_o;
		c->daccess = t->trace_retire_dvalid_o & 1;
		c->daddr = c->daccess ? lane64(t->trace_retire_daddr_o, 0) : 0;
	}
	clock(s);
	return n;
}

static uint64_t rtl_soc_cycles(const struct rtl_soc *s)
{
	return s->cycles;
}

static void rtl_soc_dma_start(struct rtl_soc *s, uint64_t pa, const uint8_t *data, uint64_t mask)
{
	Vtea_soc *t = s->top;

	t->host_dma_req_valid_i = 1;
	t->host_dma_req_line_i = pa / DRAM_LINE_BYTES;
	t->host_dma_req_write_i = mask != 0;
	t->host_dma_req_wstrb_i = mask;
	if (mask)
		line_in(t->host_dma_req_wdata_i, data);
	s->dma_busy = true;
	s->dma_done = false;
}

static bool rtl_soc_dma_done(struct rtl_soc *s, uint8_t *line, bool *error)
{
	if (!s->dma_done)
		return false;
	memcpy(line, s->dma_line, DRAM_LINE_BYTES);
	*error = s->dma_error;
	s->dma_done = false;
	return true;
}

static void rtl_soc_set_halt_on_ebreak(struct rtl_soc *s, bool on)
{
	s->top->dbg_halt_ebreak_i = on;
}

static bool rtl_soc_halted(const struct rtl_soc *s, uint64_t *pc)
{
	*pc = s->top->dbg_pc_o;
	return s->top->dbg_halted_o && !s->resuming;
}

static void rtl_soc_write_reg(struct rtl_soc *s, unsigned reg, uint64_t value)
{
	Vtea_soc *t = s->top;

	t->dbg_reg_addr_i = reg;
	t->dbg_reg_we_i = 1;
	t->dbg_reg_wdata_i = value;
}

static void rtl_soc_select_reg(struct rtl_soc *s, unsigned reg)
{
	s->top->dbg_reg_addr_i = reg;
}

static uint64_t rtl_soc_mtime(const struct rtl_soc *s)
{
	return s->top->mtime_o;
}

static uint64_t rtl_soc_reg(const struct rtl_soc *s)
{
	return s->top->dbg_reg_rdata_o;
}

static void rtl_soc_resume(struct rtl_soc *s, uint64_t pc, unsigned priv)
{
	Vtea_soc *t = s->top;

	t->dbg_resume_i = 1;
	t->dbg_resume_pc_i = pc;
	t->dbg_resume_priv_i = priv & 3;
	s->resuming = true;
}

static void rtl_soc_tea_write(struct rtl_soc *s, bool valid, unsigned addr, uint64_t data)
{
	Vtea_soc *t = s->top;

	/* registered in the core: the clock edge takes it, no eval needed */
	t->dbg_tea_we_i = valid;
	t->dbg_tea_addr_i = addr;
	t->dbg_tea_wdata_i = data;
}

static void rtl_soc_tea_cycle(const struct rtl_soc *s, struct tea_cycle *c)
{
	const Vtea_soc *t = s->top;

	c->rob_empty = t->trace_rob_empty_o;
	c->retire = t->trace_retire_o;
	c->retire_trap = t->trace_retire_trap_o;
	c->flush = t->trace_flush_o;
	c->priv = t->trace_priv_o;
	for (unsigned i = 0; i < kWidth && (c->retire >> i & 1); i++) {
		c->pc[i] = lane64(t->trace_pc_o, i);
		c->psv[i] = bits(t->trace_retire_psv_o, kPsvBits * i, kPsvBits);
		c->daddr[i] = lane64(t->trace_retire_daddr_o, i);
	}
	c->daccess = t->trace_retire_dvalid_o;
	c->fetched = t->trace_fb_enq_o;
	c->dispatched = __builtin_popcount(t->trace_dispatch_o);
	c->fetch_flush = t->trace_fb_flush_o;
	c->disp_stall = t->trace_disp_stall_o;
	for (unsigned q = 0; q < 3; q++)
		c->iq_enter[q] = (unsigned)bits(t->trace_iq_enter_o, q * kWidth, kWidth);
	c->iq_taken[0] = bits(t->trace_int_iq_taken_o, 0, 64);
	c->iq_taken[1] = bits(t->trace_mem_iq_taken_o, 0, 64);
	c->iq_taken[2] = bits(t->trace_fp_iq_taken_o, 0, 64);
	c->iq_ready = t->trace_iq_ready_o;
	c->fp_flops = (unsigned)bits(t->trace_fp_flops_o, 0, 2 * kWidth);
	c->fp_ready = bits(t->trace_fp_iq_ready_o, 0, 64);
	c->fp_wait_load = bits(t->trace_fp_iq_wait_load_o, 0, 64);
	c->fp_wait_div = bits(t->trace_fp_iq_wait_div_o, 0, 64);
	c->csr_we = t->trace_tea_we_o;
	c->csr_addr = t->trace_tea_addr_o;
	c->csr_wdata = t->trace_tea_wdata_o;
	c->buf_ack = t->trace_tea_buf_ack_o;
	c->buf_done = t->trace_tea_buf_done_o;
	c->buf_error = t->trace_tea_buf_error_o;
}

// The LLC's RAMs (rtl/soc/llc.sv), which it marks public: a set's tag
// word holds per way {valid, dirty, tag}, line i of the data RAM is set
// i / ways, way i % ways.
using Root = Vtea_soc___024root;
constexpr unsigned kLlcSets = entries<decltype(Root::tea_soc__DOT__u_llc__DOT__tag_ram)>::value;
constexpr unsigned kLlcWays = entries<decltype(Root::tea_soc__DOT__u_llc__DOT__data_ram)>::value / kLlcSets;
constexpr unsigned kLineAddrBits = 56 - 6;   // PADDR_BITS - LINE_OFF_BITS

static bool rtl_soc_llc_fill(struct rtl_soc *s, uint64_t pa)
{
	auto *root = s->top->rootp;
	const unsigned sets = kLlcSets, ways = kLlcWays, set_bits = __builtin_ctz(sets);
	const unsigned tag_bits = kLineAddrBits - set_bits, tw = tag_bits + 2;
	unsigned way = ways;
	uint64_t line = pa >> 6, set = line & (sets - 1), tag = line >> set_bits;
	const uint8_t *data = rtl_soc_dram(s, line << 6, DRAM_LINE_BYTES);
	auto &tags = root->tea_soc__DOT__u_llc__DOT__tag_ram[set];

	if (!data)
		return false;
	for (unsigned w = 0; w < ways; w++) {
		bool valid = bits(tags, w * tw + tw - 1, 1);

		if (valid && bits(tags, w * tw, tag_bits) == tag)
			return false;
		if (!valid && way == ways)
			way = w;
	}
	if (way == ways)
		return false;
	line_in(root->tea_soc__DOT__u_llc__DOT__data_ram[set * ways + way], data);
	put_bits(tags, way * tw, tag_bits, tag);
	put_bits(tags, way * tw + tag_bits, 1, 0);
	put_bits(tags, way * tw + tw - 1, 1, 1);
	return true;
}

static void rtl_soc_tea_regs(const struct rtl_soc *s, struct tea_sample_regs *r)
{
	const Vtea_soc *t = s->top;

	r->valid = t->trace_tea_valid_o;
	r->time = t->trace_tea_time_o;
	r->state = t->trace_tea_state_o;
	r->priv = t->trace_tea_priv_o;
	r->mask = t->trace_tea_mask_o;
	for (unsigned i = 0; i < kWidth; i++) {
		r->pc[i] = lane64(t->trace_tea_pc_o, i);
		r->psv[i] = bits(t->trace_tea_psv_o, kPsvBits * i, kPsvBits);
		r->daddr[i] = lane64(t->trace_tea_daddr_o, i);
	}
	r->dmask = t->trace_tea_dmask_o;
	r->lost = t->trace_tea_lost_o;
	r->filtered = t->trace_tea_filtered_o;
	r->seq = t->trace_tea_seq_o;
	r->buf_ptr = t->trace_tea_buf_ptr_o;
	r->buf_irq = t->trace_tea_buf_irq_o;
	r->buf_full = t->trace_tea_buf_full_o;
	r->buf_req = t->trace_tea_buf_req_o;
	r->buf_addr = (uint64_t)t->trace_tea_buf_line_o << 6;
	r->buf_mask = t->trace_tea_buf_wmask_o;
	for (unsigned i = 0; i < TEA_LINE_WORDS; i++)
		r->buf_line[i] = lane64(t->trace_tea_buf_data_o, i);
}

const struct rtl_backend tea_rtl_backend = {
	.layout = RTL_BACKEND_LAYOUT,
	.config = TEA_SOC_CONFIG,
	.width = kWidth,
	.create = rtl_soc_create,
	.destroy = rtl_soc_destroy,
	.dram = rtl_soc_dram,
	.boot = rtl_soc_boot,
	.cycle = rtl_soc_cycle,
	.cycles = rtl_soc_cycles,
	.mtime = rtl_soc_mtime,
	.dma_start = rtl_soc_dma_start,
	.dma_done = rtl_soc_dma_done,
	.llc_sets = kLlcSets,
	.llc_ways = kLlcWays,
	.llc_fill = rtl_soc_llc_fill,
	.set_halt_on_ebreak = rtl_soc_set_halt_on_ebreak,
	.halted = rtl_soc_halted,
	.write_reg = rtl_soc_write_reg,
	.select_reg = rtl_soc_select_reg,
	.reg = rtl_soc_reg,
	.resume = rtl_soc_resume,
	.tea_write = rtl_soc_tea_write,
	.tea_cycle = rtl_soc_tea_cycle,
	.tea_regs = rtl_soc_tea_regs,
};
