// Checks mmio_bus with the finisher, CLINT, PLIC and UART behind it (wrapper
// mmio_bus_tb_top.sv) against the C device models of sim/soc/ that the
// reference ISS uses: random accesses of every size, aligned and not, to
// every register, hole and unmapped address; every response value and error,
// the interrupt lines, mtime (one tick per TICK_DIV cycles), UART transmit
// and receive, the finisher's request, and the host port with random answer
// delays. The routing mirrors sim/soc/soc.c, except that the boot ROM is
// not on the MMIO port (the core reads it as cacheable lines) and that DRAM
// addresses (HTIF's words) and the host file channel's window go to the
// host port.
#include <cstdint>
#include <cstdio>
#include <deque>
#include <random>

#include "Vmmio_bus_tb_top.h"
#include "verilated.h"

extern "C" {
#include "soc/devices.h"
#include "soc/soc.h"
}

namespace {

const unsigned TICK_DIV = 10;
const unsigned RX_DEPTH = 16;

enum dev { DEV_NONE, DEV_FIN, DEV_CLINT, DEV_PLIC, DEV_UART, DEV_HOST };

bool in_range(uint64_t pa, uint64_t base, uint64_t size)
{
	return pa >= base && pa - base < size;
}

dev decode(uint64_t pa)
{
	if (in_range(pa, SOC_FINISHER_BASE, SOC_FINISHER_SIZE))
		return DEV_FIN;
	if (in_range(pa, SOC_CLINT_BASE, SOC_CLINT_SIZE))
		return DEV_CLINT;
	if (in_range(pa, SOC_PLIC_BASE, SOC_PLIC_SIZE))
		return DEV_PLIC;
	if (in_range(pa, SOC_UART_BASE, SOC_UART_SIZE))
		return DEV_UART;
	if (pa >= SOC_DRAM_BASE)
		return DEV_HOST;
	if (in_range(pa, SOC_HOST_FILES_BASE, SOC_HOST_FILES_SIZE))
		return DEV_HOST;
	return DEV_NONE;
}

struct model {
	struct clint clint;
	struct plic plic;
	struct uart uart;
	bool fin_valid = false, fin_reset = false;
	unsigned fin_code = 0;
	uint32_t ext_src = 0;   // bench-driven PLIC lines (not source 10)

	void sync_uart_irq()
	{
		plic_set_level(&plic, SOC_UART_IRQ, uart_irq(&uart));
	}

	void set_ext_levels()
	{
		for (unsigned s = 1; s <= SOC_PLIC_NDEV; s++)
			if (s != SOC_UART_IRQ)
				plic_set_level(&plic, s, ext_src >> s & 1);
	}

	int fin_access(uint64_t off, unsigned size, bool store, uint64_t val, uint64_t *out)
	{
		*out = 0;
		if (size != 2 && size != 4)
			return -1;
		if (!store || off != 0 || fin_valid)
			return 0;
		switch (val & 0xffff) {
		case SOC_FINISHER_PASS:
			fin_valid = true;
			fin_code = 0;
			break;
		case SOC_FINISHER_FAIL:
			fin_valid = true;
			fin_code = (val >> 16) & 0xffff;
			break;
		case SOC_FINISHER_RESET:
			fin_valid = true;
			fin_reset = true;
			fin_code = 0;
			break;
		}
		return 0;
	}

	/* The UART as soc.c drives it, with the RTL's RX_DEPTH-byte FIFO in place
	 * of the C model's larger queue: a loopback byte that finds it full is
	 * an overrun. Sets *tx when a byte leaves on the transmit line. */
	int uart_access(uint64_t off, unsigned size, bool store, uint64_t val, uint64_t *out,
			int *tx)
	{
		uint8_t byte = val;
		int ret;
		bool dlab = uart.lcr & 0x80, loop = uart.mcr & 0x10;

		*out = 0;
		if (size != 1)
			return -1;
		if (store) {
			if (off == 0 && !dlab && loop && uart.rx_count == RX_DEPTH) {
				uart.overrun = true;
				uart.thre_pending = true;
				ret = 0;
			} else {
				ret = uart_store(&uart, off, byte);
				if (ret == 0 && off == 0 && !dlab && !loop)
					*tx = byte;
			}
		} else {
			ret = uart_load(&uart, off, &byte);
			*out = byte;
		}
		sync_uart_irq();
		return ret;
	}
};

uint64_t size_mask(unsigned size)
{
	return size == 8 ? ~0ull : (1ull << (8 * size)) - 1;
}

}  // namespace

int main(int argc, char **argv)
{
	Verilated::commandArgs(argc, argv);
	Vmmio_bus_tb_top dut;
	std::mt19937_64 rng(2024);
	model m;
	unsigned errors = 0, edges = 0;
	unsigned n_access = 0, n_err = 0, n_host = 0, n_tx = 0, n_rx = 0, n_claims = 0;
	unsigned seen_mti = 0, seen_msi = 0, seen_mei = 0, seen_sei = 0;
	int tx_expect = -1;
	char what[256];

	if (clint_init(&m.clint, 1) < 0 || plic_init(&m.plic, 2) < 0)
		return 1;
	uart_init(&m.uart, nullptr);

	auto fail = [&](const char *msg) {
		if (errors++ < 15)
			printf("FAIL (cycle %u): %s\n", edges, msg);
	};

	/* Checks of the outputs that follow device state, after each edge. */
	auto check_state = [&]() {
		uint64_t lines = clint_irq_lines(&m.clint, 0);

		if (dut.mtime_o != m.clint.mtime) {
			snprintf(what, sizeof(what), "mtime %llx expected %llx",
				 (unsigned long long)dut.mtime_o,
				 (unsigned long long)m.clint.mtime);
			fail(what);
		}
		if (dut.irq_m_soft_o != !!(lines & SOC_MIP_MSIP))
			fail("irq_m_soft");
		if (dut.irq_m_timer_o != !!(lines & SOC_MIP_MTIP))
			fail("irq_m_timer");
		if (dut.irq_m_ext_o != m.plic.ctx[0].eip)
			fail("irq_m_ext");
		if (dut.irq_s_ext_o != m.plic.ctx[1].eip)
			fail("irq_s_ext");
		if (dut.uart_irq_o != uart_irq(&m.uart))
			fail("uart irq");
		if (dut.finish_valid_o != m.fin_valid ||
		    (m.fin_valid && (dut.finish_code_o != m.fin_code ||
				     dut.finish_reset_o != m.fin_reset)))
			fail("finisher request");
		seen_mti += dut.irq_m_timer_o;
		seen_msi += dut.irq_m_soft_o;
		seen_mei += dut.irq_m_ext_o;
		seen_sei += dut.irq_s_ext_o;
	};

	/* One clock edge. The caller has set the inputs; mtime_write says the
	 * access of this edge writes mtime (the write wins over the tick). */
	auto edge = [&](bool mtime_write) {
		bool rx_push;

		dut.clk_i = 0;
		dut.eval();
		/* receive: random bytes, taken when the FIFO has room and no
		 * register access is on the UART */
		rx_push = dut.uart_rx_valid_i && dut.uart_rx_ready_o;
		/* a transmitted byte shows in exactly the cycle of its write:
		 * the line (always ready here) takes it at once */
		if (dut.uart_tx_valid_o != (tx_expect >= 0) ||
		    (tx_expect >= 0 && dut.uart_tx_data_o != tx_expect))
			fail("uart transmit");
		n_tx += tx_expect >= 0;
		tx_expect = -1;
		dut.clk_i = 1;
		dut.eval();
		edges++;
		if (rx_push) {
			uart_receive(&m.uart, dut.uart_rx_data_i);
			m.sync_uart_irq();
			n_rx++;
		}
		if (edges % TICK_DIV == 0 && !mtime_write)
			m.clint.mtime++;
		check_state();
	};

	/* Random inputs that are not part of an access: PLIC lines, UART rx. */
	auto randomize_lines = [&]() {
		if (rng() % 16 == 0) {
			m.ext_src ^= 1u << (1 + rng() % 31);
			m.ext_src &= ~(1u << SOC_UART_IRQ | 1u);
		}
		dut.plic_src_i = m.ext_src;
		dut.uart_rx_valid_i = rng() % 6 == 0;
		dut.uart_rx_data_i = rng();
		m.set_ext_levels();
	};

	dut.rst_ni = 0;
	dut.req_valid_i = 0;
	dut.host_resp_valid_i = 0;
	dut.plic_src_i = 0;
	dut.uart_rx_valid_i = 0;
	dut.clk_i = 0;
	dut.eval();
	dut.clk_i = 1;
	dut.eval();
	dut.rst_ni = 1;
	dut.clk_i = 0;
	dut.eval();
	check_state();

	static const uint64_t clint_offs[] = { 0x0, 0x4, 0x8, 0x4000, 0x4004, 0x4008,
					       0x4010, 0xbff8, 0xbffc, 0xbff0, 0xc000,
					       0xfff8 };
	static const uint64_t plic_offs[] = { 0x1000, 0x1004, 0x2000, 0x2004, 0x2080,
					      0x2084, 0x2100, 0x200000, 0x200004,
					      0x200008, 0x201000, 0x201004, 0x202000,
					      0x202004, 0x5ffffc, 0x100 };

	for (int i = 0; i < 60000; i++) {
		unsigned kind = rng() % 100;
		unsigned lg = rng() % 4, size;
		uint64_t pa, wval;
		bool store = rng() % 2;

		if (kind < 20) {
			pa = SOC_CLINT_BASE + clint_offs[rng() % 12];
			lg = rng() % 3 ? (rng() % 2 ? 2 : 3) : lg;
		} else if (kind < 45) {
			if (rng() % 2)
				pa = SOC_PLIC_BASE + 4 * (rng() % 34);
			else
				pa = SOC_PLIC_BASE + plic_offs[rng() % 16];
			lg = rng() % 6 ? 2 : lg;
		} else if (kind < 75) {
			pa = SOC_UART_BASE + (rng() % 8 ? rng() % 8 : rng() % 0x100);
			lg = rng() % 6 ? 0 : lg;
		} else if (kind < 80) {
			pa = SOC_FINISHER_BASE + (rng() % 2 ? 0 : rng() % 0x1000);
			lg = rng() % 2 ? 1 + rng() % 2 : lg;
		} else if (kind < 88) {
			pa = SOC_DRAM_BASE + (rng() % 0x10000);
		} else {
			static const uint64_t odd[] = { SOC_BOOTROM_BASE, 0x0, 0x2010000,
							0xc600000, 0x10000100, 0x7ffffff8,
							0x101000, 0x101ff8, 0x102000,
							0xfff8 };
			pa = odd[rng() % 10];
		}
		size = 1u << lg;
		/* mostly aligned, sometimes not */
		if (rng() % 10)
			pa &= ~(uint64_t)(size - 1);
		wval = rng() & size_mask(size);
		/* keep DLAB mostly clear and loopback off often enough */
		if (decode(pa) == DEV_UART && (pa & 7) == 3 && rng() % 4)
			wval &= 0x7f;
		if (decode(pa) == DEV_UART && (pa & 7) == 4 && rng() % 2)
			wval &= ~0x10ull;
		/* the finisher's commands now and then, once near the end */
		if (decode(pa) == DEV_FIN && rng() % 4 == 0 && i > 50000)
			wval = (rng() % 3 == 0 ? 0x5555 : 0x3333) | (rng() % 0x10000) << 16;
		wval &= size_mask(size);
		/* CLINT compare near mtime, so the timer interrupt comes and goes */
		if (decode(pa) == DEV_CLINT && (pa & 0xfff8) == 0x4000 && rng() % 2 && size == 8)
			wval = m.clint.mtime + rng() % 40 - 20;

		randomize_lines();
		dut.req_valid_i = 1;
		dut.req_addr_i = pa;
		dut.req_write_i = store;
		dut.req_size_i = lg;
		dut.req_wdata_i = wval << (8 * (pa & 7));
		dut.req_wstrb_i = ((1u << size) - 1) << (pa & 7);
		dut.clk_i = 0;
		dut.eval();
		if (!dut.req_ready_o)
			fail("req_ready low when idle");

		/* the model's access at this edge */
		dev d = decode(pa);
		bool misaligned = pa & (size - 1);
		uint64_t want = 0;
		int ret = -1;
		bool mtime_write = false;
		if (!misaligned) {
			uint64_t out = 0;
			switch (d) {
			case DEV_FIN:
				ret = m.fin_access(pa - SOC_FINISHER_BASE, size, store, wval, &out);
				break;
			case DEV_CLINT: {
				uint64_t off = pa - SOC_CLINT_BASE;
				if (store) {
					ret = clint_store(&m.clint, off, size, wval);
					mtime_write = ret == 0 && off >= 0xbff8;
				} else {
					ret = clint_load(&m.clint, off, size, &out);
				}
				break;
			}
			case DEV_PLIC: {
				uint64_t off = pa - SOC_PLIC_BASE;
				uint32_t before = m.plic.claimed;
				ret = store ? plic_store(&m.plic, off, size, wval) :
					      plic_load(&m.plic, off, size, &out);
				n_claims += m.plic.claimed != before && !store;
				break;
			}
			case DEV_UART:
				ret = m.uart_access(pa - SOC_UART_BASE, size, store, wval, &out,
						    &tx_expect);
				break;
			default:
				break;
			}
			want = out;
		}
		n_access++;

		if (d == DEV_HOST && !misaligned) {
			uint64_t hdata = rng();
			unsigned delay = rng() % 5;

			edge(false);
			dut.req_valid_i = 0;
			if (!dut.host_req_valid_o || dut.host_req_addr_o != pa ||
			    dut.host_req_write_o != store ||
			    (store && (dut.host_req_wdata_o != dut.req_wdata_i ||
				       dut.host_req_wstrb_o != dut.req_wstrb_i)))
				fail("host request");
			for (unsigned k = 0; k < delay; k++) {
				randomize_lines();
				edge(false);
				if (dut.resp_valid_o || dut.host_req_valid_o)
					fail("host access answered early or repeated");
			}
			dut.host_resp_valid_i = 1;
			dut.host_resp_rdata_i = hdata;
			randomize_lines();
			edge(false);
			dut.host_resp_valid_i = 0;
			if (!dut.resp_valid_o || dut.resp_error_o || dut.resp_rdata_o != hdata)
				fail("host response");
			n_host++;
		} else {
			edge(mtime_write);
			dut.req_valid_i = 0;
			if (dut.host_req_valid_o)
				fail("device access went to the host port");
			if (!dut.resp_valid_o) {
				fail("no response in the cycle after the request");
			} else if (dut.resp_error_o != (ret != 0)) {
				snprintf(what, sizeof(what), "%s of %u bytes at %llx: error %d expected %d",
					 store ? "store" : "load", size, (unsigned long long)pa,
					 dut.resp_error_o, ret != 0);
				fail(what);
			} else if (!store && ret == 0 &&
				   ((dut.resp_rdata_o >> (8 * (pa & 7))) & size_mask(size)) != want) {
				snprintf(what, sizeof(what), "load of %u bytes at %llx: %llx expected %llx",
					 size, (unsigned long long)pa,
					 (unsigned long long)dut.resp_rdata_o,
					 (unsigned long long)want);
				fail(what);
			}
			n_err += ret != 0;
		}
		/* idle cycles between accesses */
		for (unsigned k = rng() % 3; k; k--) {
			randomize_lines();
			edge(false);
			if (dut.resp_valid_o)
				fail("response without a request");
		}
	}

	printf("%u accesses (%u errors, %u host), %u tx, %u rx bytes, %u claims; "
	       "irq cycles mti %u msi %u mei %u sei %u\n",
	       n_access, n_err, n_host, n_tx, n_rx, n_claims, seen_mti, seen_msi, seen_mei,
	       seen_sei);
	if (!n_tx || !n_rx || !n_claims || !n_host || !seen_mti || !seen_mei || !seen_sei ||
	    !seen_msi || !m.fin_valid)
		fail("coverage: some behaviour never happened");
	clint_free(&m.clint);
	plic_free(&m.plic);
	if (errors) {
		printf("FAIL: %u errors\n", errors);
		return 1;
	}
	printf("PASS mmio_bus\n");
	return 0;
}
