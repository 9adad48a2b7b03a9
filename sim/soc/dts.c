/* Prints a flattened device tree as DTS source that dtc accepts. A property
 * value is shown as strings when it is a list of printable NUL-terminated
 * strings, as 32-bit cells when its length is a multiple of 4, and as bytes
 * otherwise, which is how dtc itself decides when it decompiles. */
#include <stdbool.h>

#include <libfdt.h>

#include "soc/devicetree.h"

static void indent(FILE *out, int depth)
{
	for (int i = 0; i < depth; i++)
		fputc('\t', out);
}

static bool is_string_list(const char *v, int len)
{
	if (len == 0 || v[len - 1] != '\0')
		return false;
	for (int i = 0; i < len; i++) {
		if (v[i] == '\0') {
			if (i == 0 || v[i - 1] == '\0')
				return false;   /* empty string */
		} else if (v[i] < 0x20 || v[i] > 0x7e) {
			return false;
		}
	}
	return true;
}

static void print_strings(FILE *out, const char *v, int len)
{
	for (int i = 0; i < len; i++) {
		if (i == 0 || v[i - 1] == '\0')
			fputs(i ? ", \"" : "\"", out);
		if (v[i] == '\0') {
			fputc('"', out);
			continue;
		}
		if (v[i] == '"' || v[i] == '\\')
			fputc('\\', out);
		fputc(v[i], out);
	}
}

static void print_cells(FILE *out, const void *v, int len)
{
	fputc('<', out);
	for (int i = 0; i < len / 4; i++)
		fprintf(out, "%s0x%x", i ? " " : "",
			fdt32_ld((const fdt32_t *)v + i));
	fputc('>', out);
}

static void print_bytes(FILE *out, const uint8_t *v, int len)
{
	fputc('[', out);
	for (int i = 0; i < len; i++)
		fprintf(out, "%s%02x", i ? " " : "", v[i]);
	fputc(']', out);
}

static void print_property(FILE *out, const char *name, const void *v,
			   int len, int depth)
{
	indent(out, depth);
	fputs(name, out);
	if (len > 0) {
		fputs(" = ", out);
		if (is_string_list(v, len))
			print_strings(out, v, len);
		else if (len % 4 == 0)
			print_cells(out, v, len);
		else
			print_bytes(out, v, len);
	}
	fputs(";\n", out);
}

static void print_node_open(FILE *out, const void *fdt, int node, int depth)
{
	const char *name = fdt_get_name(fdt, node, NULL);
	int prop;

	indent(out, depth);
	fprintf(out, "%s {\n", depth == 0 ? "/" : name);
	fdt_for_each_property_offset(prop, fdt, node) {
		const char *pname;
		int len;
		const void *v = fdt_getprop_by_offset(fdt, prop, &pname, &len);

		if (v)
			print_property(out, pname, v, len, depth + 1);
	}
}

static void print_node_close(FILE *out, int depth)
{
	indent(out, depth);
	fputs("};\n", out);
}

static void print_memreserve(FILE *out, const void *fdt)
{
	int n = fdt_num_mem_rsv(fdt);

	for (int i = 0; i < n; i++) {
		uint64_t addr, size;

		if (fdt_get_mem_rsv(fdt, i, &addr, &size) == 0)
			fprintf(out, "/memreserve/ 0x%llx 0x%llx;\n",
				(unsigned long long)addr,
				(unsigned long long)size);
	}
}

int devicetree_print_dts(const void *fdt, FILE *out)
{
	int node, depth = -1, open = 0;

	if (!fdt || fdt_check_header(fdt) != 0 ||
	    fdt_check_full(fdt, fdt_totalsize(fdt)) != 0)
		return -1;
	fputs("/dts-v1/;\n\n", out);
	print_memreserve(out, fdt);
	/* Walk every node in order; depth says how many to close first. */
	for (node = fdt_next_node(fdt, -1, &depth); node >= 0 && depth >= 0;
	     node = fdt_next_node(fdt, node, &depth)) {
		for (; open > depth; open--)
			print_node_close(out, open - 1);
		print_node_open(out, fdt, node, depth);
		open++;
	}
	for (; open > 0; open--)
		print_node_close(out, open - 1);
	if (node < 0 && node != -FDT_ERR_NOTFOUND)
		return -1;
	return ferror(out) ? -1 : 0;
}
