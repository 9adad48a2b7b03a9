/* The SoC's device tree: the nodes and properties firmware and Linux look
 * for, and the DTS printer behind `teasim --dump-dts`. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>
#include <libfdt.h>

#include "soc/devicetree.h"
#include "soc/soc.h"

#define NHARTS 2
#define DRAM_SIZE (5ull << 30)  /* above 4 GiB: both size cells matter */

static const struct soc_config config = {
	.dram_size = DRAM_SIZE, .nharts = NHARTS,
	.timebase_hz = 10000000, .clock_hz = 1000000000,
	.isa = "rv64imac_zicsr_zifencei", .mmu = "riscv,sv39",
};

static uint8_t *build(const struct soc_config *cfg, const struct dt_extras *x)
{
	static uint8_t buf[16384];
	int n = devicetree_build(cfg, x, buf, sizeof(buf));

	assert_true(n > 0);
	assert_int_equal(fdt_totalsize(buf), n);
	assert_int_equal(fdt_check_full(buf, n), 0);
	return buf;
}

static int node(const void *fdt, const char *path)
{
	int off = fdt_path_offset(fdt, path);

	if (off < 0)
		fail_msg("no node %s", path);
	return off;
}

static const void *prop(const void *fdt, const char *path, const char *name,
			int *len)
{
	const void *v = fdt_getprop(fdt, node(fdt, path), name, len);

	if (!v)
		fail_msg("no property %s in %s", name, path);
	return v;
}

static void assert_string_prop(const void *fdt, const char *path,
			       const char *name, const char *expected)
{
	int len;
	const char *v = prop(fdt, path, name, &len);

	assert_int_equal(len, strlen(expected) + 1);
	assert_string_equal(v, expected);
}

static uint32_t u32_prop(const void *fdt, const char *path, const char *name)
{
	int len;
	const fdt32_t *v = prop(fdt, path, name, &len);

	assert_int_equal(len, 4);
	return fdt32_ld(v);
}

static void assert_cells_prop(const void *fdt, const char *path,
			      const char *name, const uint32_t *cells, int n)
{
	int len;
	const fdt32_t *v = prop(fdt, path, name, &len);

	assert_int_equal(len, 4 * n);
	for (int i = 0; i < n; i++)
		assert_int_equal(fdt32_ld(v + i), cells[i]);
}

static void assert_empty_prop(const void *fdt, const char *path,
			      const char *name)
{
	int len;

	prop(fdt, path, name, &len);
	assert_int_equal(len, 0);
}

static void assert_no_prop(const void *fdt, const char *path, const char *name)
{
	assert_null(fdt_getprop(fdt, node(fdt, path), name, NULL));
}

static void assert_compatible(const void *fdt, const char *path,
			      const char *const *list, int n)
{
	int off = node(fdt, path);

	assert_int_equal(fdt_stringlist_count(fdt, off, "compatible"), n);
	for (int i = 0; i < n; i++)
		assert_string_equal(fdt_stringlist_get(fdt, off, "compatible", i, NULL),
				    list[i]);
}

/* ---- the tree ---- */

static void test_root_describes_the_soc(void **state)
{
	const uint8_t *fdt = build(&config, NULL);

	(void)state;
	assert_int_equal(u32_prop(fdt, "/", "#address-cells"), 2);
	assert_int_equal(u32_prop(fdt, "/", "#size-cells"), 2);
	assert_string_prop(fdt, "/", "compatible", "tea,soc");
	assert_non_null(fdt_getprop(fdt, 0, "model", NULL));
}

static void test_chosen_points_stdout_at_the_uart(void **state)
{
	struct dt_extras x = { .bootargs = "console=ttyS0 earlycon=sbi",
			       .initrd_start = 0x84000000ull,
			       .initrd_end = 0x84100000ull };
	const uint8_t *fdt = build(&config, &x);
	const char *stdout_path;
	int len;

	(void)state;
	stdout_path = prop(fdt, "/chosen", "stdout-path", &len);
	assert_int_equal(node(fdt, stdout_path), node(fdt, "/soc/serial@10000000"));
	assert_string_prop(fdt, "/aliases", "serial0", stdout_path);
	assert_string_prop(fdt, "/chosen", "bootargs", "console=ttyS0 earlycon=sbi");
	assert_int_equal(fdt64_ld(prop(fdt, "/chosen", "linux,initrd-start", &len)),
			 0x84000000ull);
	assert_int_equal(len, 8);
	assert_int_equal(fdt64_ld(prop(fdt, "/chosen", "linux,initrd-end", &len)),
			 0x84100000ull);
	assert_int_equal(len, 8);
}

static void test_chosen_omits_what_was_not_given(void **state)
{
	struct dt_extras empty_initrd = { .initrd_start = 0x84000000ull,
					  .initrd_end = 0x84000000ull };
	const uint8_t *fdt = build(&config, NULL);

	(void)state;
	assert_no_prop(fdt, "/chosen", "bootargs");
	assert_no_prop(fdt, "/chosen", "linux,initrd-start");
	fdt = build(&config, &empty_initrd);
	assert_no_prop(fdt, "/chosen", "linux,initrd-start");
	assert_no_prop(fdt, "/chosen", "linux,initrd-end");
}

static void test_every_hart_has_a_cpu_node_with_an_intc(void **state)
{
	const uint8_t *fdt = build(&config, NULL);
	uint32_t phandles[NHARTS];

	(void)state;
	assert_int_equal(u32_prop(fdt, "/cpus", "timebase-frequency"), 10000000);
	assert_int_equal(u32_prop(fdt, "/cpus", "#address-cells"), 1);
	assert_int_equal(u32_prop(fdt, "/cpus", "#size-cells"), 0);
	for (unsigned h = 0; h < NHARTS; h++) {
		char cpu[32], intc[64];

		snprintf(cpu, sizeof(cpu), "/cpus/cpu@%u", h);
		snprintf(intc, sizeof(intc), "%s/interrupt-controller", cpu);
		assert_string_prop(fdt, cpu, "device_type", "cpu");
		assert_int_equal(u32_prop(fdt, cpu, "reg"), h);
		assert_string_prop(fdt, cpu, "status", "okay");
		assert_string_prop(fdt, cpu, "compatible", "riscv");
		assert_string_prop(fdt, cpu, "riscv,isa", "rv64imac_zicsr_zifencei");
		assert_string_prop(fdt, cpu, "mmu-type", "riscv,sv39");
		assert_int_equal(u32_prop(fdt, cpu, "clock-frequency"), 1000000000);
		assert_string_prop(fdt, intc, "compatible", "riscv,cpu-intc");
		assert_int_equal(u32_prop(fdt, intc, "#interrupt-cells"), 1);
		assert_empty_prop(fdt, intc, "interrupt-controller");
		phandles[h] = u32_prop(fdt, intc, "phandle");
		assert_int_equal(fdt_node_offset_by_phandle(fdt, phandles[h]),
				 node(fdt, intc));
	}
	assert_int_not_equal(phandles[0], phandles[1]);
}

static void test_memory_covers_dram(void **state)
{
	const uint8_t *fdt = build(&config, NULL);
	const uint32_t reg[] = { 0, 0x80000000, 1, 0x40000000 };

	(void)state;
	assert_string_prop(fdt, "/memory@80000000", "device_type", "memory");
	assert_cells_prop(fdt, "/memory@80000000", "reg", reg, 4);
}

/* interrupts-extended must name, for each hart in order, that hart's intc
 * with irq_a and then with irq_b. */
static void assert_hart_irqs(const void *fdt, const char *path,
			     uint32_t irq_a, uint32_t irq_b)
{
	int len;
	const fdt32_t *v = prop(fdt, path, "interrupts-extended", &len);

	assert_int_equal(len, 4 * 4 * NHARTS);
	for (unsigned h = 0; h < NHARTS; h++) {
		char cpu[16];
		int intc_a = fdt_node_offset_by_phandle(fdt, fdt32_ld(v + 4 * h));
		int intc_b = fdt_node_offset_by_phandle(fdt, fdt32_ld(v + 4 * h + 2));

		snprintf(cpu, sizeof(cpu), "cpu@%u", h);
		assert_true(intc_a >= 0);
		assert_int_equal(intc_a, intc_b);
		assert_string_equal(fdt_get_name(fdt, fdt_parent_offset(fdt, intc_a), NULL),
				    cpu);
		assert_int_equal(fdt32_ld(v + 4 * h + 1), irq_a);
		assert_int_equal(fdt32_ld(v + 4 * h + 3), irq_b);
	}
}

static void test_clint_and_plic_reach_every_hart(void **state)
{
	const uint8_t *fdt = build(&config, NULL);
	const char *const clint[] = { "sifive,clint0", "riscv,clint0" };
	const char *const plic[] = { "sifive,plic-1.0.0", "riscv,plic0" };
	const uint32_t clint_reg[] = { 0, 0x2000000, 0, 0x10000 };
	const uint32_t plic_reg[] = { 0, 0xc000000, 0, 0x600000 };

	(void)state;
	assert_string_prop(fdt, "/soc", "compatible", "simple-bus");
	assert_empty_prop(fdt, "/soc", "ranges");
	assert_int_equal(u32_prop(fdt, "/soc", "#address-cells"), 2);

	assert_compatible(fdt, "/soc/clint@2000000", clint, 2);
	assert_cells_prop(fdt, "/soc/clint@2000000", "reg", clint_reg, 4);
	assert_hart_irqs(fdt, "/soc/clint@2000000", 3, 7);

	assert_compatible(fdt, "/soc/plic@c000000", plic, 2);
	assert_cells_prop(fdt, "/soc/plic@c000000", "reg", plic_reg, 4);
	assert_int_equal(u32_prop(fdt, "/soc/plic@c000000", "#interrupt-cells"), 1);
	assert_empty_prop(fdt, "/soc/plic@c000000", "interrupt-controller");
	assert_int_equal(u32_prop(fdt, "/soc/plic@c000000", "riscv,ndev"), 31);
	assert_hart_irqs(fdt, "/soc/plic@c000000", 11, 9);
}

static void test_uart_and_finisher_are_wired(void **state)
{
	const uint8_t *fdt = build(&config, NULL);
	const char *const test[] = { "sifive,test1", "sifive,test0", "syscon" };
	const uint32_t uart_reg[] = { 0, 0x10000000, 0, 0x100 };
	const uint32_t test_reg[] = { 0, 0x100000, 0, 0x1000 };
	uint32_t plic = u32_prop(fdt, "/soc/plic@c000000", "phandle");
	uint32_t finisher = u32_prop(fdt, "/soc/test@100000", "phandle");

	(void)state;
	assert_string_prop(fdt, "/soc/serial@10000000", "compatible", "ns16550a");
	assert_cells_prop(fdt, "/soc/serial@10000000", "reg", uart_reg, 4);
	assert_int_equal(u32_prop(fdt, "/soc/serial@10000000", "clock-frequency"),
			 3686400);
	assert_int_equal(u32_prop(fdt, "/soc/serial@10000000", "interrupt-parent"), plic);
	assert_int_equal(u32_prop(fdt, "/soc/serial@10000000", "interrupts"), 10);

	assert_compatible(fdt, "/soc/test@100000", test, 3);
	assert_cells_prop(fdt, "/soc/test@100000", "reg", test_reg, 4);
	assert_int_not_equal(plic, finisher);
	assert_string_prop(fdt, "/poweroff", "compatible", "syscon-poweroff");
	assert_int_equal(u32_prop(fdt, "/poweroff", "regmap"), finisher);
	assert_int_equal(u32_prop(fdt, "/poweroff", "offset"), 0);
	assert_int_equal(u32_prop(fdt, "/poweroff", "value"), 0x5555);
	assert_string_prop(fdt, "/reboot", "compatible", "syscon-reboot");
	assert_int_equal(u32_prop(fdt, "/reboot", "regmap"), finisher);
	assert_int_equal(u32_prop(fdt, "/reboot", "value"), 0x7777);
}

/* one PLIC source per hart, the n-th for hart n (docs/linux.md) */
static void test_tea_sampler_node_names_each_harts_plic_source_and_width(void **state)
{
	static const uint32_t sources[NHARTS] = { 11, 12 };
	struct soc_config one = config;
	const uint8_t *fdt = build(&config, &(struct dt_extras){ .tea_width = 4 });
	uint32_t plic = u32_prop(fdt, "/soc/plic@c000000", "phandle");

	(void)state;
	assert_string_prop(fdt, "/tea-sampler", "compatible", "tea,sampler");
	assert_int_equal(u32_prop(fdt, "/tea-sampler", "interrupt-parent"), plic);
	assert_cells_prop(fdt, "/tea-sampler", "interrupts", sources, NHARTS);
	assert_int_equal(u32_prop(fdt, "/tea-sampler", "tea,commit-width"), 4);
	one.nharts = 1;
	fdt = build(&one, &(struct dt_extras){ .tea_width = 2 });
	assert_int_equal(u32_prop(fdt, "/tea-sampler", "interrupts"), SOC_TEA_IRQ);
	fdt = build(&config, NULL);
	assert_true(fdt_path_offset(fdt, "/tea-sampler") < 0);   /* no sampler, no node */
}

static void test_frequencies_above_32_bits_take_two_cells(void **state)
{
	struct soc_config cfg = config;
	const uint8_t *fdt;
	int len;

	(void)state;
	cfg.clock_hz = 5000000000ull;
	cfg.mmu = NULL;
	fdt = build(&cfg, NULL);
	assert_int_equal(fdt64_ld(prop(fdt, "/cpus/cpu@0", "clock-frequency", &len)),
			 5000000000ull);
	assert_int_equal(len, 8);
	assert_no_prop(fdt, "/cpus/cpu@0", "mmu-type");
}

static void test_build_fails_cleanly(void **state)
{
	struct soc_config no_isa = config;
	uint8_t small[256], buf[16384];

	(void)state;
	assert_int_equal(devicetree_build(&config, NULL, small, sizeof(small)), -1);
	no_isa.isa = NULL;
	assert_int_equal(devicetree_build(&no_isa, NULL, buf, sizeof(buf)), -1);
	assert_int_equal(devicetree_build(NULL, NULL, buf, sizeof(buf)), -1);
}

/* ---- the DTS printer ---- */

static char *print_to_string(const void *fdt, int *ret)
{
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);

	assert_non_null(out);
	*ret = devicetree_print_dts(fdt, out);
	fclose(out);
	return text;
}

static void test_printer_formats_each_kind_of_value(void **state)
{
	static const char expected[] =
		"/dts-v1/;\n"
		"\n"
		"/memreserve/ 0x80000000 0x10000;\n"
		"/ {\n"
		"\tquoted = \"a\\\"b\\\\c\";\n"
		"\tlist = \"x\", \"yz\";\n"
		"\tflag;\n"
		"\tcells = <0x1 0xdeadbeef>;\n"
		"\tbytes = [01 02 ff];\n"
		"\tnot-text = [61 00 00 62 00];\n"
		"\touter@1 {\n"
		"\t\tinner {\n"
		"\t\t\tx = <0x0>;\n"
		"\t\t};\n"
		"\t};\n"
		"\tsibling {\n"
		"\t};\n"
		"};\n";
	const uint8_t bytes[] = { 1, 2, 0xff };
	const char not_text[] = { 'a', 0, 0, 'b', 0 };  /* empty string inside */
	uint8_t fdt[1024];
	char *text;
	int ret;

	(void)state;
	assert_int_equal(fdt_create(fdt, sizeof(fdt)), 0);
	assert_int_equal(fdt_add_reservemap_entry(fdt, 0x80000000, 0x10000), 0);
	assert_int_equal(fdt_finish_reservemap(fdt), 0);
	assert_int_equal(fdt_begin_node(fdt, ""), 0);
	assert_int_equal(fdt_property_string(fdt, "quoted", "a\"b\\c"), 0);
	assert_int_equal(fdt_property(fdt, "list", "x\0yz", 5), 0);
	assert_int_equal(fdt_property(fdt, "flag", NULL, 0), 0);
	assert_int_equal(fdt_property_u64(fdt, "cells", 0x1deadbeefull), 0);
	assert_int_equal(fdt_property(fdt, "bytes", bytes, 3), 0);
	assert_int_equal(fdt_property(fdt, "not-text", not_text, 5), 0);
	assert_int_equal(fdt_begin_node(fdt, "outer@1"), 0);
	assert_int_equal(fdt_begin_node(fdt, "inner"), 0);
	assert_int_equal(fdt_property_u32(fdt, "x", 0), 0);
	assert_int_equal(fdt_end_node(fdt), 0);
	assert_int_equal(fdt_end_node(fdt), 0);
	assert_int_equal(fdt_begin_node(fdt, "sibling"), 0);
	assert_int_equal(fdt_end_node(fdt), 0);
	assert_int_equal(fdt_end_node(fdt), 0);
	assert_int_equal(fdt_finish(fdt), 0);

	text = print_to_string(fdt, &ret);
	assert_int_equal(ret, 0);
	assert_string_equal(text, expected);
	free(text);
}

static void test_printer_shows_the_soc_devices(void **state)
{
	const uint8_t *fdt = build(&config, NULL);
	const char *lines[] = {
		"/ {\n\t#address-cells = <0x2>;\n",
		"\tmemory@80000000 {\n\t\tdevice_type = \"memory\";\n"
		"\t\treg = <0x0 0x80000000 0x1 0x40000000>;\n",
		"\t\tclint@2000000 {\n\t\t\tcompatible = \"sifive,clint0\", \"riscv,clint0\";\n",
		"\t\tserial@10000000 {\n\t\t\tcompatible = \"ns16550a\";\n",
		"\t\t\tinterrupts = <0xa>;\n",
		"\t\tranges;\n",
	};
	char *text;
	int ret;

	(void)state;
	text = print_to_string(fdt, &ret);
	assert_int_equal(ret, 0);
	for (size_t i = 0; i < sizeof(lines) / sizeof(lines[0]); i++)
		if (!strstr(text, lines[i]))
			fail_msg("missing from the DTS: %s", lines[i]);
	free(text);
}

static void test_printer_rejects_a_corrupt_blob(void **state)
{
	uint8_t copy[16384];
	const uint8_t *fdt = build(&config, NULL);
	uint32_t size = fdt_totalsize(fdt);
	char *text;
	int ret;

	(void)state;
	memcpy(copy, fdt, size);
	copy[0] ^= 0xff;                        /* magic */
	text = print_to_string(copy, &ret);
	assert_int_equal(ret, -1);
	assert_string_equal(text, "");
	free(text);

	memcpy(copy, fdt, size);
	/* the first token of the structure block is no longer BEGIN_NODE */
	memset(copy + fdt_off_dt_struct(copy), 0x7f, 4);
	text = print_to_string(copy, &ret);
	assert_int_equal(ret, -1);
	assert_string_equal(text, "");
	free(text);
}

/* Every single-byte corruption is either rejected or printed without
 * reading outside the blob (run under a sanitizer to see the latter). */
static void test_printer_survives_every_corrupted_byte(void **state)
{
	const uint8_t *fdt = build(&config, NULL);
	uint32_t size = fdt_totalsize(fdt);
	uint8_t *copy = malloc(size);   /* exactly sized, so overreads show */
	FILE *sink = fopen("/dev/null", "w");
	unsigned rejected = 0;

	(void)state;
	assert_non_null(copy);
	assert_non_null(sink);
	for (uint32_t i = 0; i < size; i++) {
		int ret;

		memcpy(copy, fdt, size);
		copy[i] ^= 0xa5;
		ret = devicetree_print_dts(copy, sink);
		assert_true(ret == 0 || ret == -1);
		rejected += ret == -1;
	}
	fclose(sink);
	free(copy);
	/* header, tokens and name offsets are checked: most flips are caught */
	assert_true(rejected > size / 4);
}

static int dtc_available(void)
{
	return system("command -v dtc >/dev/null 2>&1") == 0;
}

static char *read_whole(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf;

	assert_non_null(f);
	assert_int_equal(fseek(f, 0, SEEK_END), 0);
	*len = ftell(f);
	rewind(f);
	buf = malloc(*len + 1);
	assert_non_null(buf);
	assert_int_equal(fread(buf, 1, *len, f), *len);
	fclose(f);
	return buf;
}

/* dtc compiles the printed source back into a tree that prints the same. */
static void test_printed_dts_compiles_back_with_dtc(void **state)
{
	const uint8_t *fdt = build(&config, &(struct dt_extras){
		.bootargs = "console=ttyS0", .initrd_start = 0x84000000ull,
		.initrd_end = 0x84100000ull });
	char dir[] = "/tmp/test_devicetree.XXXXXX";
	char dts[64], dtb[64], cmd[256];
	char *first, *second, *blob;
	size_t blob_len;
	FILE *f;
	int ret;

	(void)state;
	if (!dtc_available()) {
		print_message("dtc not found: skipping the round trip\n");
		skip();
	}
	assert_non_null(mkdtemp(dir));
	snprintf(dts, sizeof(dts), "%s/tree.dts", dir);
	snprintf(dtb, sizeof(dtb), "%s/tree.dtb", dir);
	first = print_to_string(fdt, &ret);
	assert_int_equal(ret, 0);
	f = fopen(dts, "w");
	assert_non_null(f);
	fputs(first, f);
	fclose(f);

	snprintf(cmd, sizeof(cmd), "dtc -q -I dts -O dtb -o %s %s", dtb, dts);
	assert_int_equal(system(cmd), 0);
	blob = read_whole(dtb, &blob_len);
	assert_int_equal(fdt_check_full(blob, blob_len), 0);
	second = print_to_string(blob, &ret);
	assert_int_equal(ret, 0);
	assert_string_equal(second, first);

	unlink(dts);
	unlink(dtb);
	rmdir(dir);
	free(blob);
	free(first);
	free(second);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_root_describes_the_soc),
		cmocka_unit_test(test_chosen_points_stdout_at_the_uart),
		cmocka_unit_test(test_chosen_omits_what_was_not_given),
		cmocka_unit_test(test_every_hart_has_a_cpu_node_with_an_intc),
		cmocka_unit_test(test_memory_covers_dram),
		cmocka_unit_test(test_clint_and_plic_reach_every_hart),
		cmocka_unit_test(test_uart_and_finisher_are_wired),
		cmocka_unit_test(test_tea_sampler_node_names_each_harts_plic_source_and_width),
		cmocka_unit_test(test_frequencies_above_32_bits_take_two_cells),
		cmocka_unit_test(test_build_fails_cleanly),
		cmocka_unit_test(test_printer_formats_each_kind_of_value),
		cmocka_unit_test(test_printer_shows_the_soc_devices),
		cmocka_unit_test(test_printer_rejects_a_corrupt_blob),
		cmocka_unit_test(test_printer_survives_every_corrupted_byte),
		cmocka_unit_test(test_printed_dts_compiles_back_with_dtc),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
