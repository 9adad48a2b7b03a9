/* 16550A UART, register shift 0. Transmission is instant: THR is always
 * empty (LSR.THRE and LSR.TEMT stay set) and a written byte goes straight to
 * the console. Received bytes wait in a queue larger than the 16-byte FIFO so
 * that console input is not lost; a byte that arrives when it is full is
 * dropped and sets LSR.OE, as an overrun does.
 *
 * Without real character times there is no receive timeout to wait for: in
 * FIFO mode, fewer bytes than the trigger level report the character timeout
 * interrupt (IIR 0xc) at once, so drivers read them without delay. */
#include <string.h>

#include "checkpoint/stream.h"
#include "soc/devices.h"

enum uart_reg {
	UART_RBR_THR = 0,       /* DLAB: divisor latch low */
	UART_IER = 1,           /* DLAB: divisor latch high */
	UART_IIR_FCR = 2,
	UART_LCR = 3,
	UART_MCR = 4,
	UART_LSR = 5,
	UART_MSR = 6,
	UART_SCR = 7,
};

#define IER_RDA       0x01      /* received data available */
#define IER_THRE      0x02      /* transmitter holding register empty */
#define IER_RLS       0x04      /* receiver line status */
#define IER_MASK      0x0f

#define IIR_NONE      0x01
#define IIR_THRE      0x02
#define IIR_RDA       0x04
#define IIR_RLS       0x06
#define IIR_TIMEOUT   0x0c
#define IIR_FIFOS_ON  0xc0

#define FCR_ENABLE    0x01
#define FCR_CLEAR_RX  0x02

#define LCR_DLAB      0x80

#define MCR_DTR       0x01
#define MCR_RTS       0x02
#define MCR_OUT1      0x04
#define MCR_OUT2      0x08
#define MCR_LOOP      0x10
#define MCR_MASK      0x1f

#define LSR_DR        0x01
#define LSR_OE        0x02
#define LSR_THRE      0x20
#define LSR_TEMT      0x40

#define MSR_CTS       0x10
#define MSR_DSR       0x20
#define MSR_RI        0x40
#define MSR_DCD       0x80

/* With no modem attached, QEMU reports carrier, data set ready and clear
 * to send. */
#define MSR_IDLE      (MSR_DCD | MSR_DSR | MSR_CTS)

void uart_init(struct uart *u, FILE *console)
{
	memset(u, 0, sizeof(*u));
	u->console = console;
	u->rx_trigger = 1;
}

/* Modem status inputs: in loopback they are wired to the MCR outputs. As on
 * QEMU, the inputs never change on their own and loopback reports no delta
 * bits, so the modem status interrupt never fires. */
static uint8_t modem_inputs(const struct uart *u)
{
	uint8_t msr = 0;

	if (!(u->mcr & MCR_LOOP))
		return MSR_IDLE;
	if (u->mcr & MCR_RTS)
		msr |= MSR_CTS;
	if (u->mcr & MCR_DTR)
		msr |= MSR_DSR;
	if (u->mcr & MCR_OUT1)
		msr |= MSR_RI;
	if (u->mcr & MCR_OUT2)
		msr |= MSR_DCD;
	return msr;
}

/* The pending interrupt of highest priority, as IIR bits 3:0. */
static uint8_t uart_iir_id(const struct uart *u)
{
	if ((u->ier & IER_RLS) && u->overrun)
		return IIR_RLS;
	if ((u->ier & IER_RDA) && u->rx_count) {
		if (u->fifo_enabled && u->rx_count < u->rx_trigger)
			return IIR_TIMEOUT;
		return IIR_RDA;
	}
	if ((u->ier & IER_THRE) && u->thre_pending)
		return IIR_THRE;
	return IIR_NONE;
}

bool uart_irq(const struct uart *u)
{
	return uart_iir_id(u) != IIR_NONE;
}

void uart_receive(struct uart *u, uint8_t byte)
{
	if (u->rx_count == UART_RX_QUEUE) {
		u->overrun = true;
		return;
	}
	u->rx[(u->rx_head + u->rx_count) % UART_RX_QUEUE] = byte;
	u->rx_count++;
}

static uint8_t rx_pop(struct uart *u)
{
	if (u->rx_count) {
		u->rbr = u->rx[u->rx_head];
		u->rx_head = (u->rx_head + 1) % UART_RX_QUEUE;
		u->rx_count--;
	}
	return u->rbr;
}

static void rx_clear(struct uart *u)
{
	u->rx_head = 0;
	u->rx_count = 0;
}

static void transmit(struct uart *u, uint8_t byte)
{
	if (u->mcr & MCR_LOOP) {
		uart_receive(u, byte);
	} else if (u->console) {
		fputc(byte, u->console);
		if (byte == '\n')
			fflush(u->console);
	}
	/* the byte left at once, so THR is empty again */
	u->thre_pending = true;
}

static uint8_t read_iir(struct uart *u)
{
	uint8_t id = uart_iir_id(u);

	/* reading IIR acknowledges a THR-empty interrupt it reports */
	if (id == IIR_THRE)
		u->thre_pending = false;
	return id | (u->fifo_enabled ? IIR_FIFOS_ON : 0);
}

static uint8_t read_lsr(struct uart *u)
{
	uint8_t lsr = LSR_THRE | LSR_TEMT;

	if (u->rx_count)
		lsr |= LSR_DR;
	if (u->overrun)
		lsr |= LSR_OE;
	u->overrun = false;
	return lsr;
}

int uart_load(struct uart *u, uint64_t off, uint8_t *val)
{
	bool dlab = u->lcr & LCR_DLAB;

	switch (off) {
	case UART_RBR_THR:
		*val = dlab ? u->dll : rx_pop(u);
		return 0;
	case UART_IER:
		*val = dlab ? u->dlm : u->ier;
		return 0;
	case UART_IIR_FCR:
		*val = read_iir(u);
		return 0;
	case UART_LCR:
		*val = u->lcr;
		return 0;
	case UART_MCR:
		*val = u->mcr;
		return 0;
	case UART_LSR:
		*val = read_lsr(u);
		return 0;
	case UART_MSR:
		*val = modem_inputs(u);
		return 0;
	case UART_SCR:
		*val = u->scr;
		return 0;
	}
	return -1;
}

static void write_ier(struct uart *u, uint8_t val)
{
	uint8_t old = u->ier;

	u->ier = val & IER_MASK;
	/* enabling the THR-empty interrupt raises it, since THR is empty */
	if ((u->ier ^ old) & IER_THRE)
		u->thre_pending = u->ier & IER_THRE;
}

static const uint8_t trigger_levels[4] = { 1, 4, 8, 14 };

static void write_fcr(struct uart *u, uint8_t val)
{
	bool enable = val & FCR_ENABLE;

	/* switching the FIFOs on or off empties them */
	if (enable != u->fifo_enabled || (enable && (val & FCR_CLEAR_RX)))
		rx_clear(u);
	u->fifo_enabled = enable;
	if (enable)
		u->rx_trigger = trigger_levels[val >> 6];
}

int uart_store(struct uart *u, uint64_t off, uint8_t val)
{
	bool dlab = u->lcr & LCR_DLAB;

	switch (off) {
	case UART_RBR_THR:
		if (dlab)
			u->dll = val;
		else
			transmit(u, val);
		return 0;
	case UART_IER:
		if (dlab)
			u->dlm = val;
		else
			write_ier(u, val);
		return 0;
	case UART_IIR_FCR:
		write_fcr(u, val);
		return 0;
	case UART_LCR:
		u->lcr = val;
		return 0;
	case UART_MCR:
		u->mcr = val & MCR_MASK;
		return 0;
	case UART_LSR:
	case UART_MSR:
		return 0;       /* status registers: writes have no effect */
	case UART_SCR:
		u->scr = val;
		return 0;
	}
	return -1;
}

/* The divisor through DLAB, then the line control as it was; the FIFO
 * trigger by its FCR code. Enabling the THR-empty interrupt raises it on
 * the other UART, as a 16550 does: a driver takes that in its stride. */
int uart_mmio_writes(const struct uart *u, struct soc_mmio_write *w)
{
	uint8_t fcr = 0;

	if (u->rx_count)
		return -1;
	for (uint8_t i = 0; u->fifo_enabled && i < 4; i++)
		if (trigger_levels[i] == u->rx_trigger)
			fcr = (uint8_t)(FCR_ENABLE | i << 6);
	w[0] = (struct soc_mmio_write){ UART_LCR, u->lcr | LCR_DLAB, 1 };
	w[1] = (struct soc_mmio_write){ UART_RBR_THR, u->dll, 1 };
	w[2] = (struct soc_mmio_write){ UART_IER, u->dlm, 1 };
	w[3] = (struct soc_mmio_write){ UART_LCR, u->lcr, 1 };
	w[4] = (struct soc_mmio_write){ UART_IIR_FCR, fcr, 1 };
	w[5] = (struct soc_mmio_write){ UART_IER, u->ier, 1 };
	w[6] = (struct soc_mmio_write){ UART_MCR, u->mcr, 1 };
	w[7] = (struct soc_mmio_write){ UART_SCR, u->scr, 1 };
	return UART_MMIO_WRITES;
}

void uart_save(const struct uart *u, struct ckpt_out *o)
{
	const uint8_t regs[] = { u->ier, u->lcr, u->mcr, u->scr, u->dll, u->dlm,
				 u->fifo_enabled, u->rx_trigger, u->thre_pending, u->overrun,
				 u->rbr };

	ckpt_put_tag(o, "UART");
	ckpt_put(o, regs, sizeof(regs));
	ckpt_put_u32(o, u->rx_count);
	for (unsigned k = 0; k < u->rx_count; k++)
		ckpt_put(o, &u->rx[(u->rx_head + k) % UART_RX_QUEUE], 1);
}

/* The queue comes back from its head at the start of the buffer. */
void uart_restore(struct uart *u, struct ckpt_in *in)
{
	uint8_t regs[11];
	uint64_t count;

	if (!ckpt_expect_tag(in, "UART") || !ckpt_get(in, regs, sizeof(regs)))
		return;
	if (regs[6] > 1 || regs[8] > 1 || regs[9] > 1) {
		ckpt_fail(in, "corrupt: UART flags");
		return;
	}
	u->ier = regs[0];
	u->lcr = regs[1];
	u->mcr = regs[2];
	u->scr = regs[3];
	u->dll = regs[4];
	u->dlm = regs[5];
	u->fifo_enabled = regs[6];
	u->rx_trigger = regs[7];
	u->thre_pending = regs[8];
	u->overrun = regs[9];
	u->rbr = regs[10];
	count = ckpt_get_u32(in);
	if (count > UART_RX_QUEUE) {
		ckpt_fail(in, "corrupt: %llu bytes in the UART's receive queue of %d",
			  (unsigned long long)count, UART_RX_QUEUE);
		return;
	}
	u->rx_head = 0;
	u->rx_count = (unsigned)count;
	ckpt_get(in, u->rx, count);
}
