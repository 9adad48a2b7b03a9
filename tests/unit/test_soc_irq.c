/* The PLIC and the UART, reached through soc_load/soc_store as a hart
 * reaches them, the UART's received-data interrupt as the PLIC's source. */
#include "soc_test_util.h"

/* ---- PLIC, with the UART's received-data interrupt as its source ---- */

static void uart_raise_rx_irq(struct soc *soc, const char *bytes)
{
	store(soc, UART_IER, 1, 0x01);
	for (; *bytes; bytes++)
		soc_uart_receive(soc, *bytes);
}

static void test_plic_routes_the_uart_by_priority_and_enable(void **state)
{
	struct fixture *f = *state;
	const uint32_t uart_bit = 1u << SOC_UART_IRQ;

	uart_raise_rx_irq(f->soc, "a");
	assert_int_equal(load(f->soc, PLIC_PENDING, 4), uart_bit);
	/* enabled but at priority 0: never interrupts */
	store(f->soc, PLIC_ENABLE(CTX_M(0)), 4, uart_bit);
	assert_int_equal(soc_irq_lines(f->soc, 0), 0);
	store(f->soc, PLIC_PRIORITY(SOC_UART_IRQ), 4, 1);
	assert_int_equal(soc_irq_lines(f->soc, 0), SOC_MIP_MEIP);
	assert_int_equal(soc_irq_lines(f->soc, 1), 0);
	/* the S context of hart 1 is separate */
	store(f->soc, PLIC_ENABLE(CTX_S(1)), 4, uart_bit);
	assert_int_equal(soc_irq_lines(f->soc, 1), SOC_MIP_SEIP);
	/* disabling drops the line */
	store(f->soc, PLIC_ENABLE(CTX_M(0)), 4, 0);
	assert_int_equal(soc_irq_lines(f->soc, 0), 0);
	/* bit 0 (no source) cannot be enabled, priorities are 3 bits */
	store(f->soc, PLIC_ENABLE(CTX_M(0)), 4, 0xffffffff);
	assert_int_equal(load(f->soc, PLIC_ENABLE(CTX_M(0)), 4), 0xfffffffe);
	store(f->soc, PLIC_PRIORITY(SOC_UART_IRQ), 4, 0xff);
	assert_int_equal(load(f->soc, PLIC_PRIORITY(SOC_UART_IRQ), 4), 7);
	store(f->soc, PLIC_PRIORITY(0), 4, 5);
	assert_int_equal(load(f->soc, PLIC_PRIORITY(0), 4), 0);
}

static void test_plic_threshold_masks_priorities_at_or_below_it(void **state)
{
	struct fixture *f = *state;

	uart_raise_rx_irq(f->soc, "a");
	store(f->soc, PLIC_PRIORITY(SOC_UART_IRQ), 4, 3);
	store(f->soc, PLIC_ENABLE(CTX_M(0)), 4, 1u << SOC_UART_IRQ);
	store(f->soc, PLIC_THRESHOLD(CTX_M(0)), 4, 3);
	assert_int_equal(load(f->soc, PLIC_THRESHOLD(CTX_M(0)), 4), 3);
	assert_int_equal(soc_irq_lines(f->soc, 0), 0);
	assert_int_equal(load(f->soc, PLIC_CLAIM(CTX_M(0)), 4), 0);
	/* thresholds keep their low 3 bits */
	store(f->soc, PLIC_THRESHOLD(CTX_M(0)), 4, 0xb);
	assert_int_equal(load(f->soc, PLIC_THRESHOLD(CTX_M(0)), 4), 3);
	store(f->soc, PLIC_THRESHOLD(CTX_M(0)), 4, 2);
	assert_int_equal(soc_irq_lines(f->soc, 0), SOC_MIP_MEIP);
}

static void test_plic_claim_hides_the_source_until_complete(void **state)
{
	struct fixture *f = *state;
	const uint32_t uart_bit = 1u << SOC_UART_IRQ;

	uart_raise_rx_irq(f->soc, "ab");
	store(f->soc, PLIC_PRIORITY(SOC_UART_IRQ), 4, 1);
	store(f->soc, PLIC_ENABLE(CTX_M(0)), 4, uart_bit);
	assert_int_equal(load(f->soc, PLIC_CLAIM(CTX_M(0)), 4), SOC_UART_IRQ);
	assert_int_equal(load(f->soc, PLIC_PENDING, 4), 0);
	assert_int_equal(soc_irq_lines(f->soc, 0), 0);
	assert_int_equal(load(f->soc, PLIC_CLAIM(CTX_M(0)), 4), 0);

	/* one byte is read, one still waits: the line stays high, so the
	 * source is pending again once completed */
	assert_int_equal(load(f->soc, UART_RBR, 1), 'a');
	store(f->soc, PLIC_CLAIM(CTX_M(0)), 4, SOC_UART_IRQ);
	assert_int_equal(load(f->soc, PLIC_PENDING, 4), uart_bit);
	assert_int_equal(soc_irq_lines(f->soc, 0), SOC_MIP_MEIP);

	/* drained before completion: nothing is pending afterwards */
	assert_int_equal(load(f->soc, PLIC_CLAIM(CTX_M(0)), 4), SOC_UART_IRQ);
	assert_int_equal(load(f->soc, UART_RBR, 1), 'b');
	store(f->soc, PLIC_CLAIM(CTX_M(0)), 4, SOC_UART_IRQ);
	assert_int_equal(load(f->soc, PLIC_PENDING, 4), 0);
	assert_int_equal(soc_irq_lines(f->soc, 0), 0);
}

/* Several sources need the PLIC on its own: the SoC has only the UART. */
static void test_plic_claims_highest_priority_then_lowest_id(void **state)
{
	struct plic p;
	uint64_t v;

	(void)state;
	assert_int_equal(plic_init(&p, 2), 0);
	assert_int_equal(plic_store(&p, 4 * 3, 4, 2), 0);
	assert_int_equal(plic_store(&p, 4 * 5, 4, 6), 0);
	assert_int_equal(plic_store(&p, 4 * 9, 4, 6), 0);
	assert_int_equal(plic_store(&p, 0x2000, 4, (1u << 3) | (1u << 5) | (1u << 9)), 0);
	plic_set_level(&p, 3, true);
	plic_set_level(&p, 9, true);
	plic_set_level(&p, 5, true);
	assert_true(p.ctx[0].eip);
	assert_false(p.ctx[1].eip);
	assert_int_equal(plic_load(&p, 0x1000, 4, &v), 0);
	assert_int_equal(v, (1u << 3) | (1u << 5) | (1u << 9));

	assert_int_equal(plic_load(&p, 0x200004, 4, &v), 0);
	assert_int_equal(v, 5);
	assert_int_equal(plic_load(&p, 0x200004, 4, &v), 0);
	assert_int_equal(v, 9);
	/* a line that falls while unclaimed is no longer pending */
	plic_set_level(&p, 3, false);
	assert_int_equal(plic_load(&p, 0x200004, 4, &v), 0);
	assert_int_equal(v, 0);
	assert_false(p.ctx[0].eip);
	/* completing 5 with its line still high makes it claimable again */
	assert_int_equal(plic_store(&p, 0x200004, 4, 5), 0);
	assert_true(p.ctx[0].eip);
	assert_int_equal(plic_load(&p, 0x200004, 4, &v), 0);
	assert_int_equal(v, 5);
	plic_free(&p);
}

/* ---- UART ---- */

static void test_uart_transmits_to_the_console(void **state)
{
	struct fixture *f = *state;
	const char *msg = "hello\n";

	for (const char *c = msg; *c; c++) {
		assert_int_equal(load(f->soc, UART_LSR, 1) & 0x60, 0x60);
		store(f->soc, UART_THR, 1, *c);
	}
	fflush(f->console);
	assert_int_equal(f->outlen, strlen(msg));
	assert_memory_equal(f->out, msg, strlen(msg));
}

static void test_uart_lsr_reports_received_bytes(void **state)
{
	struct fixture *f = *state;

	assert_int_equal(load(f->soc, UART_LSR, 1), 0x60);
	soc_uart_receive(f->soc, 'x');
	soc_uart_receive(f->soc, 'y');
	assert_int_equal(load(f->soc, UART_LSR, 1), 0x61);
	assert_int_equal(load(f->soc, UART_RBR, 1), 'x');
	assert_int_equal(load(f->soc, UART_LSR, 1), 0x61);
	assert_int_equal(load(f->soc, UART_RBR, 1), 'y');
	assert_int_equal(load(f->soc, UART_LSR, 1), 0x60);
}

static void test_uart_overrun_sets_oe_until_lsr_is_read(void **state)
{
	struct fixture *f = *state;

	for (unsigned i = 0; i <= UART_RX_QUEUE; i++)
		soc_uart_receive(f->soc, i);
	store(f->soc, UART_IER, 1, 0x04);
	assert_int_equal(load(f->soc, UART_IIR, 1), 0x06);
	assert_int_equal(load(f->soc, UART_LSR, 1), 0x63);
	assert_int_equal(load(f->soc, UART_LSR, 1), 0x61);
	assert_int_equal(load(f->soc, UART_IIR, 1), 0x01);
	/* the queued bytes are the first ones, in order */
	assert_int_equal(load(f->soc, UART_RBR, 1), 0);
	assert_int_equal(load(f->soc, UART_RBR, 1), 1);
}

static void test_uart_dlab_switches_to_the_divisor_latch(void **state)
{
	struct fixture *f = *state;

	store(f->soc, UART_IER, 1, 0x05);
	store(f->soc, UART_LCR, 1, 0x83);
	store(f->soc, UART_DLL, 1, 0x12);
	store(f->soc, UART_DLM, 1, 0x34);
	assert_int_equal(load(f->soc, UART_DLL, 1), 0x12);
	assert_int_equal(load(f->soc, UART_DLM, 1), 0x34);
	assert_int_equal(load(f->soc, UART_LCR, 1), 0x83);
	store(f->soc, UART_LCR, 1, 0x03);
	assert_int_equal(load(f->soc, UART_IER, 1), 0x05);
	/* the divisor writes did not transmit anything */
	fflush(f->console);
	assert_int_equal(f->outlen, 0);
	store(f->soc, UART_LCR, 1, 0x80);
	assert_int_equal(load(f->soc, UART_DLL, 1), 0x12);
	store(f->soc, UART_SCR, 1, 0xa5);
	assert_int_equal(load(f->soc, UART_SCR, 1), 0xa5);
}

static void test_uart_iir_reports_thr_empty_until_read(void **state)
{
	struct fixture *f = *state;

	assert_int_equal(load(f->soc, UART_IIR, 1), 0x01);
	store(f->soc, UART_FCR, 1, 0x01);
	assert_int_equal(load(f->soc, UART_IIR, 1), 0xc1);
	store(f->soc, UART_IER, 1, 0x02);
	assert_int_equal(load(f->soc, UART_IIR, 1), 0xc2);
	assert_int_equal(load(f->soc, UART_IIR, 1), 0xc1);
	store(f->soc, UART_THR, 1, 'z');
	assert_int_equal(load(f->soc, UART_IIR, 1), 0xc2);
}

static void test_uart_received_data_takes_priority_over_thr_empty(void **state)
{
	struct fixture *f = *state;

	store(f->soc, UART_IER, 1, 0x03);
	soc_uart_receive(f->soc, 'q');
	assert_int_equal(load(f->soc, UART_IIR, 1), 0x04);
	assert_int_equal(load(f->soc, UART_RBR, 1), 'q');
	assert_int_equal(load(f->soc, UART_IIR, 1), 0x02);
	assert_int_equal(load(f->soc, UART_IIR, 1), 0x01);

	/* FIFO trigger level 4: one byte reports the character timeout,
	 * four bytes report received data available */
	store(f->soc, UART_FCR, 1, 0x41);
	soc_uart_receive(f->soc, '1');
	assert_int_equal(load(f->soc, UART_IIR, 1), 0xcc);
	soc_uart_receive(f->soc, '2');
	soc_uart_receive(f->soc, '3');
	soc_uart_receive(f->soc, '4');
	assert_int_equal(load(f->soc, UART_IIR, 1), 0xc4);
	/* clearing the receive FIFO drops the bytes and the interrupt */
	store(f->soc, UART_FCR, 1, 0x43);
	assert_int_equal(load(f->soc, UART_LSR, 1), 0x60);
	assert_int_equal(load(f->soc, UART_IIR, 1), 0xc1);
}

static void test_uart_loopback_returns_transmitted_bytes(void **state)
{
	struct fixture *f = *state;

	store(f->soc, UART_LCR, 1, 0x03);               /* 8N1 */
	assert_int_equal(load(f->soc, UART_MSR, 1), 0xb0);
	store(f->soc, UART_MCR, 1, 0x10 | 0x02);        /* loop, RTS */
	/* CTS follows RTS, DSR follows DTR, DCD follows OUT2 */
	assert_int_equal(load(f->soc, UART_MSR, 1), 0x10);
	store(f->soc, UART_MCR, 1, 0x10 | 0x08 | 0x01);
	assert_int_equal(load(f->soc, UART_MSR, 1), 0x80 | 0x20);
	store(f->soc, UART_THR, 1, 'L');
	assert_int_equal(load(f->soc, UART_LSR, 1), 0x61);
	assert_int_equal(load(f->soc, UART_RBR, 1), 'L');
	fflush(f->console);
	assert_int_equal(f->outlen, 0);
}

static void test_uart_interrupt_line_reaches_the_plic(void **state)
{
	struct fixture *f = *state;

	store(f->soc, PLIC_PRIORITY(SOC_UART_IRQ), 4, 1);
	store(f->soc, PLIC_ENABLE(CTX_S(0)), 4, 1u << SOC_UART_IRQ);
	soc_uart_receive(f->soc, 'k');
	/* received data waits, but its interrupt is not enabled */
	assert_int_equal(soc_irq_lines(f->soc, 0), 0);
	store(f->soc, UART_IER, 1, 0x01);
	assert_int_equal(soc_irq_lines(f->soc, 0), SOC_MIP_SEIP);
	assert_int_equal(load(f->soc, UART_RBR, 1), 'k');
	assert_int_equal(soc_irq_lines(f->soc, 0), 0);
	/* THR empty: raised on enable, cleared by reading IIR */
	store(f->soc, UART_IER, 1, 0x02);
	assert_int_equal(soc_irq_lines(f->soc, 0), SOC_MIP_SEIP);
	assert_int_equal(load(f->soc, UART_IIR, 1), 0x02);
	assert_int_equal(soc_irq_lines(f->soc, 0), 0);
}

#define T(name) cmocka_unit_test_setup_teardown(name, setup, teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_plic_routes_the_uart_by_priority_and_enable),
		T(test_plic_threshold_masks_priorities_at_or_below_it),
		T(test_plic_claim_hides_the_source_until_complete),
		cmocka_unit_test(test_plic_claims_highest_priority_then_lowest_id),
		T(test_uart_transmits_to_the_console),
		T(test_uart_lsr_reports_received_bytes),
		T(test_uart_overrun_sets_oe_until_lsr_is_read),
		T(test_uart_dlab_switches_to_the_divisor_latch),
		T(test_uart_iir_reports_thr_empty_until_read),
		T(test_uart_received_data_takes_priority_over_thr_empty),
		T(test_uart_loopback_returns_transmitted_bytes),
		T(test_uart_interrupt_line_reaches_the_plic),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
