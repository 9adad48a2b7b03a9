/* The device tree of the SoC, written with libfdt's sequential-write API.
 * Node and property names follow the bindings Linux and OpenSBI use on QEMU
 * virt, so the same software finds the same devices. */
#include <limits.h>
#include <stdio.h>

#include <libfdt.h>

#include "soc/devicetree.h"

#define PHANDLE_TEST     1
#define PHANDLE_PLIC     2
#define PHANDLE_INTC(h)  (3 + (h))

/* Local interrupt numbers in mip/mie. */
#define IRQ_S_EXT  9
#define IRQ_M_EXT  11
#define IRQ_M_SOFT 3
#define IRQ_M_TIMER 7

#define UART_PATH  "/soc/serial@10000000"

/* Collects the first libfdt error so that the tree reads top to bottom
 * without a check after every property. */
struct dt_writer {
	void *fdt;
	int err;
};

static void begin_node(struct dt_writer *w, const char *name)
{
	if (!w->err)
		w->err = fdt_begin_node(w->fdt, name);
}

static void begin_node_at(struct dt_writer *w, const char *name, uint64_t addr)
{
	char buf[64];

	snprintf(buf, sizeof(buf), "%s@%llx", name, (unsigned long long)addr);
	begin_node(w, buf);
}

static void end_node(struct dt_writer *w)
{
	if (!w->err)
		w->err = fdt_end_node(w->fdt);
}

static void prop_bytes(struct dt_writer *w, const char *name, const void *val,
		       int len)
{
	if (!w->err)
		w->err = fdt_property(w->fdt, name, val, len);
}

static void prop_empty(struct dt_writer *w, const char *name)
{
	prop_bytes(w, name, NULL, 0);
}

static void prop_string(struct dt_writer *w, const char *name, const char *s)
{
	if (!w->err)
		w->err = fdt_property_string(w->fdt, name, s);
}

/* A string list given as one literal with embedded NULs: "a\0b". */
#define prop_strings(w, name, list) prop_bytes(w, name, list, sizeof(list))

static void prop_u32(struct dt_writer *w, const char *name, uint32_t v)
{
	if (!w->err)
		w->err = fdt_property_u32(w->fdt, name, v);
}

static void prop_u64(struct dt_writer *w, const char *name, uint64_t v)
{
	if (!w->err)
		w->err = fdt_property_u64(w->fdt, name, v);
}

/* Frequencies are one cell when they fit, two otherwise (the binding
 * allows both; Linux reads timebase-frequency as one). */
static void prop_frequency(struct dt_writer *w, const char *name, uint64_t hz)
{
	if (hz <= UINT32_MAX)
		prop_u32(w, name, hz);
	else
		prop_u64(w, name, hz);
}

/* Space for n cells, filled by the caller; NULL after an error. */
static fdt32_t *prop_cells(struct dt_writer *w, const char *name, unsigned n)
{
	void *val = NULL;

	if (!w->err && n > INT_MAX / sizeof(fdt32_t))
		w->err = -FDT_ERR_NOSPACE;
	if (!w->err)
		w->err = fdt_property_placeholder(w->fdt, name,
						  n * sizeof(fdt32_t), &val);
	return w->err ? NULL : val;
}

/* reg with two address and two size cells */
static void prop_reg(struct dt_writer *w, uint64_t base, uint64_t size)
{
	fdt32_t *c = prop_cells(w, "reg", 4);

	if (!c)
		return;
	c[0] = cpu_to_fdt32(base >> 32);
	c[1] = cpu_to_fdt32(base);
	c[2] = cpu_to_fdt32(size >> 32);
	c[3] = cpu_to_fdt32(size);
}

/* interrupts-extended: for every hart, its intc with irq_a, then irq_b. */
static void prop_hart_irqs(struct dt_writer *w, unsigned nharts,
			   uint32_t irq_a, uint32_t irq_b)
{
	fdt32_t *c = prop_cells(w, "interrupts-extended", 4 * nharts);

	if (!c)
		return;
	for (unsigned h = 0; h < nharts; h++) {
		c[4 * h + 0] = cpu_to_fdt32(PHANDLE_INTC(h));
		c[4 * h + 1] = cpu_to_fdt32(irq_a);
		c[4 * h + 2] = cpu_to_fdt32(PHANDLE_INTC(h));
		c[4 * h + 3] = cpu_to_fdt32(irq_b);
	}
}

static void write_chosen(struct dt_writer *w, const struct dt_extras *extras)
{
	begin_node(w, "chosen");
	prop_string(w, "stdout-path", UART_PATH);
	if (extras && extras->bootargs)
		prop_string(w, "bootargs", extras->bootargs);
	if (extras && extras->initrd_end > extras->initrd_start) {
		prop_u64(w, "linux,initrd-start", extras->initrd_start);
		prop_u64(w, "linux,initrd-end", extras->initrd_end);
	}
	end_node(w);
}

static void write_cpu(struct dt_writer *w, const struct soc_config *cfg,
		      unsigned hart)
{
	begin_node_at(w, "cpu", hart);
	prop_string(w, "device_type", "cpu");
	prop_u32(w, "reg", hart);
	prop_string(w, "status", "okay");
	prop_string(w, "compatible", "riscv");
	prop_string(w, "riscv,isa", cfg->isa);
	if (cfg->mmu)
		prop_string(w, "mmu-type", cfg->mmu);
	prop_frequency(w, "clock-frequency", cfg->clock_hz);

	begin_node(w, "interrupt-controller");
	prop_u32(w, "#interrupt-cells", 1);
	prop_empty(w, "interrupt-controller");
	prop_string(w, "compatible", "riscv,cpu-intc");
	prop_u32(w, "phandle", PHANDLE_INTC(hart));
	end_node(w);

	end_node(w);
}

static void write_cpus(struct dt_writer *w, const struct soc_config *cfg)
{
	begin_node(w, "cpus");
	prop_u32(w, "#address-cells", 1);
	prop_u32(w, "#size-cells", 0);
	prop_frequency(w, "timebase-frequency", cfg->timebase_hz);
	for (unsigned h = 0; h < cfg->nharts; h++)
		write_cpu(w, cfg, h);
	end_node(w);
}

static void write_memory(struct dt_writer *w, const struct soc_config *cfg)
{
	begin_node_at(w, "memory", SOC_DRAM_BASE);
	prop_string(w, "device_type", "memory");
	prop_reg(w, SOC_DRAM_BASE, cfg->dram_size);
	end_node(w);
}

static void write_devices(struct dt_writer *w, const struct soc_config *cfg)
{
	begin_node(w, "soc");
	prop_u32(w, "#address-cells", 2);
	prop_u32(w, "#size-cells", 2);
	prop_string(w, "compatible", "simple-bus");
	prop_empty(w, "ranges");

	begin_node_at(w, "test", SOC_FINISHER_BASE);
	prop_strings(w, "compatible", "sifive,test1\0sifive,test0\0syscon");
	prop_reg(w, SOC_FINISHER_BASE, SOC_FINISHER_SIZE);
	prop_u32(w, "phandle", PHANDLE_TEST);
	end_node(w);

	/* teasim's host file channel (sim/host/host_files.h) */
	begin_node_at(w, "host-files", SOC_HOST_FILES_BASE);
	prop_string(w, "compatible", "tea,host-files");
	prop_reg(w, SOC_HOST_FILES_BASE, SOC_HOST_FILES_SIZE);
	end_node(w);

	begin_node_at(w, "clint", SOC_CLINT_BASE);
	prop_strings(w, "compatible", "sifive,clint0\0riscv,clint0");
	prop_reg(w, SOC_CLINT_BASE, SOC_CLINT_SIZE);
	prop_hart_irqs(w, cfg->nharts, IRQ_M_SOFT, IRQ_M_TIMER);
	end_node(w);

	begin_node_at(w, "plic", SOC_PLIC_BASE);
	prop_strings(w, "compatible", "sifive,plic-1.0.0\0riscv,plic0");
	prop_reg(w, SOC_PLIC_BASE, SOC_PLIC_SIZE);
	prop_u32(w, "#address-cells", 0);
	prop_u32(w, "#interrupt-cells", 1);
	prop_empty(w, "interrupt-controller");
	prop_u32(w, "riscv,ndev", SOC_PLIC_NDEV);
	prop_hart_irqs(w, cfg->nharts, IRQ_M_EXT, IRQ_S_EXT);
	prop_u32(w, "phandle", PHANDLE_PLIC);
	end_node(w);

	begin_node_at(w, "serial", SOC_UART_BASE);
	prop_string(w, "compatible", "ns16550a");
	prop_reg(w, SOC_UART_BASE, SOC_UART_SIZE);
	prop_u32(w, "clock-frequency", SOC_UART_CLOCK_HZ);
	prop_u32(w, "interrupt-parent", PHANDLE_PLIC);
	prop_u32(w, "interrupts", SOC_UART_IRQ);
	end_node(w);

	end_node(w);
}

/* The TEA sampler (docs/linux.md): its sample CSRs are the hart's, so the
 * node has no reg; each hart's interrupt reaches S-mode as a PLIC source,
 * the n-th for hart n. */
static void write_tea(struct dt_writer *w, unsigned nharts, unsigned width)
{
	fdt32_t *c;

	begin_node(w, "tea-sampler");
	prop_string(w, "compatible", "tea,sampler");
	prop_u32(w, "interrupt-parent", PHANDLE_PLIC);
	c = prop_cells(w, "interrupts", nharts);
	for (unsigned h = 0; c && h < nharts; h++)
		c[h] = cpu_to_fdt32(SOC_TEA_IRQ + h);
	prop_u32(w, "tea,commit-width", width);
	end_node(w);
}

/* Power-off and reboot write the finisher's commands through its syscon. */
static void write_syscon_action(struct dt_writer *w, const char *node,
				const char *compatible, uint32_t value)
{
	begin_node(w, node);
	prop_string(w, "compatible", compatible);
	prop_u32(w, "regmap", PHANDLE_TEST);
	prop_u32(w, "offset", 0);
	prop_u32(w, "value", value);
	end_node(w);
}

int devicetree_build(const struct soc_config *cfg, const struct dt_extras *extras,
		     void *buf, size_t buflen)
{
	struct dt_writer w = { .fdt = buf };

	if (!cfg || !cfg->isa || !buf)
		return -1;
	w.err = fdt_create(buf, buflen > INT_MAX ? INT_MAX : (int)buflen);
	if (!w.err)
		w.err = fdt_finish_reservemap(buf);

	begin_node(&w, "");
	prop_u32(&w, "#address-cells", 2);
	prop_u32(&w, "#size-cells", 2);
	prop_string(&w, "compatible", "tea,soc");
	prop_string(&w, "model", "TEA SoC (QEMU virt memory map)");

	begin_node(&w, "aliases");
	prop_string(&w, "serial0", UART_PATH);
	end_node(&w);

	write_chosen(&w, extras);
	write_cpus(&w, cfg);
	write_memory(&w, cfg);
	write_devices(&w, cfg);
	write_syscon_action(&w, "poweroff", "syscon-poweroff",
			    SOC_FINISHER_PASS);
	write_syscon_action(&w, "reboot", "syscon-reboot",
			    SOC_FINISHER_RESET);
	if (extras && extras->tea_width && cfg->nharts <= SOC_TEA_MAX_HARTS)
		write_tea(&w, cfg->nharts, extras->tea_width);
	end_node(&w);

	if (!w.err)
		w.err = fdt_finish(buf);
	return w.err ? -1 : (int)fdt_totalsize(buf);
}
