# Reads a Yosys `stat` of a synth_xilinx netlist and prints one line per
# module: its name without parameters, its instances, and its LUTs (all,
# then logic, LUT RAM and shift registers) and flip-flops summed over
# every instance and parameter set: "module instances lut logic lutram
# srl ff". A flattened
# netlist has no design hierarchy; each module then counts once.
# LUT RAM counts in the LUTs it takes: a RAM32M or RAM64M is four, a
# RAM32M16, RAM64M8 or RAM512X1S (UltraScale) eight.
# Usage: awk -f modules.awk STAT

function lutram_weight(cell) {
	if (cell ~ /^RAM(32M|64M|128X1D|256X1S)$/) return 4
	if (cell ~ /^RAM(32X1D|64X1D|128X1S)$/) return 2
	if (cell ~ /^RAM(32X1S|64X1S)$/) return 1
	if (cell ~ /^RAM(32M16|64M8|512X1S)$/) return 8
	return 0
}

# "$paramod$<hash>\name" or "$paramod\name\P=V..." to "name"
function base_name(m) {
	sub(/^\$paramod(\$[0-9a-f]+)?\\/, "", m)
	sub(/\\.*/, "", m)
	return m
}

/^=== design hierarchy ===$/ { section = ""; in_hier = 1; next }
/^=== .* ===$/ { section = $2; seen[section] = 1; in_hier = 0; next }

in_hier && NF == 2 && $2 ~ /^[0-9]+$/ {
	depth = match($0, /[^ ]/)
	while (top > 0 && stack_depth[top] >= depth) top--
	n = $2 * (top > 0 ? stack_count[top] : 1)
	top++
	stack_depth[top] = depth
	stack_count[top] = n
	instances[$1] += n
	hier = 1
	next
}
in_hier && NF == 0 && hier { in_hier = 0 }

section != "" && NF == 2 && $2 ~ /^[0-9]+$/ {
	if ($1 ~ /^LUT[1-6]$/) logic[section] += $2
	else if ($1 ~ /^SRL/) srl[section] += $2
	else if ($1 ~ /^FD[CPRSE]*$/) ff[section] += $2
	else lutram[section] += $2 * lutram_weight($1)
}

END {
	for (m in seen) {
		k = hier ? instances[m] : 1
		if (k == 0) continue
		b = base_name(m)
		total_k[b] += k
		total_logic[b] += logic[m] * k
		total_lutram[b] += lutram[m] * k
		total_srl[b] += srl[m] * k
		total_ff[b] += ff[m] * k
	}
	for (b in total_k)
		printf "%s %d %d %d %d %d %d\n", b, total_k[b],
			total_logic[b] + total_lutram[b] + total_srl[b], total_logic[b],
			total_lutram[b], total_srl[b], total_ff[b]
}
