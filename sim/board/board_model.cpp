// The Verilated board top (verilator --prefix Vboard) behind board_model.h.
// Everything here is glue: the pins, the time loop's steps, and the DPI
// function through which the memory controller model (boards/sim/
// axi_mem_model.sv) drives the DRAM model.
#include <cstring>
#include <new>

#include "Vboard.h"
#include "Vboard__Dpi.h"
#include "verilated.h"

extern "C" {
#include "board/board_model.h"
#include "board_sim.h"
#include "dram/dram.h"
}

struct board_model {
	VerilatedContext ctx;
	Vboard *top = nullptr;
};

// The one DRAM model of the process: the DPI function has no context.
static struct dram *board_dram;

namespace {

// The controller's addresses start at 0; the DRAM model's at DRAM's base.
constexpr uint64_t kDramBase = 0x80000000ull;

void line_from(const svBitVecVal *v, uint8_t *bytes)
{
	memcpy(bytes, v, DRAM_LINE_BYTES);
}

void line_to(svBitVecVal *v, const uint8_t *bytes)
{
	memcpy(v, bytes, DRAM_LINE_BYTES);
}

} // namespace

void board_dram_cycle(svBit arvalid, long long araddr, int arid, svBit rready, svBit awvalid,
		      long long awaddr, int awid, svBit wvalid, const svBitVecVal *wdata,
		      long long wstrb, svBit bready, svBit *arready, svBit *rvalid, int *rid,
		      svBitVecVal *rdata, int *rresp, svBit *awready, svBit *wready,
		      svBit *bvalid, int *bid, int *bresp)
{
	struct dram_in in = {};
	struct dram_out out;

	in.arvalid = arvalid;
	in.araddr = kDramBase + (uint64_t)araddr;
	in.arid = (unsigned)arid;
	in.rready = rready;
	in.awvalid = awvalid;
	in.awaddr = kDramBase + (uint64_t)awaddr;
	in.awid = (unsigned)awid;
	in.wvalid = wvalid;
	line_from(wdata, in.wdata);
	in.wstrb = (uint64_t)wstrb;
	in.bready = bready;
	dram_cycle(board_dram, &in, &out);
	*arready = out.arready;
	*rvalid = out.rvalid;
	*rid = (int)out.rid;
	line_to(rdata, out.rdata);
	*rresp = (int)out.rresp;
	*awready = out.awready;
	*wready = out.wready;
	*bvalid = out.bvalid;
	*bid = (int)out.bid;
	*bresp = (int)out.bresp;
}

struct board_model *board_model_create(struct dram *dram)
{
	struct board_model *m = new (std::nothrow) board_model;

	if (!m)
		return nullptr;
	board_dram = dram;
	m->top = new Vboard(&m->ctx, "board");
	m->top->uart_rx = 1;
	BOARD_RESET_PIN(m->top, false);
	return m;
}

void board_model_destroy(struct board_model *m)
{
	if (!m)
		return;
	m->top->final();
	delete m->top;
	delete m;
}

uint64_t board_model_advance(struct board_model *m, uint64_t until)
{
	m->top->eval();
	uint64_t next = m->top->eventsPending() ? m->top->nextTimeSlot() : until;

	m->ctx.time(next < until ? next : until);
	m->top->eval();
	return m->ctx.time();
}

void board_model_press_reset(struct board_model *m, bool pressed)
{
	BOARD_RESET_PIN(m->top, pressed);
}

bool board_model_uart_tx(const struct board_model *m)
{
	return m->top->uart_tx;
}

void board_model_set_uart_rx(struct board_model *m, bool level)
{
	m->top->uart_rx = level;
}

unsigned board_model_leds(const struct board_model *m)
{
	return m->top->led;
}
