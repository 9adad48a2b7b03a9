#!/bin/sh
# The storage TEA adds to the core, in bits, from the parameters of
# rtl/include/core_config.svh (docs/tea.md, "Storage"): per-instruction PSV
# bits where instructions wait (fetch buffer, ROB, LSU) and the registers of
# the event sources and the sampler. Usage: tea-storage.sh [default|large]...
set -eu
cfg=rtl/include/core_config.svh

# The value of CFG_NAME in one config: the first definition in the
# config's branch of the `ifdef TEA_CONFIG_LARGE, or the shared one.
param() {
	awk -v want="$1" -v name="$2" '
		/^`ifdef TEA_CONFIG_LARGE/ { branch = "large"; next }
		/^`else/ && branch == "large" { branch = "default"; next }
		/^`endif/ { branch = "" }
		$4 == name && (branch == "" || branch == want) {
			v = $6; sub(/;.*/, "", v); print v; exit }' "$cfg"
}

for config in "${@:-default}"; do
	case $config in default|large) ;; *) echo "tea-storage.sh: unknown config '$config'" >&2; exit 2 ;; esac
	w=$(param "$config" CFG_W)
	fb=$(param "$config" CFG_FB_ENTRIES)
	rob=$(param "$config" CFG_ROB_ENTRIES)
	lq=$(param "$config" CFG_LQ_ENTRIES)
	sq=$(param "$config" CFG_SQ_ENTRIES)
	psv=$(awk '$4 == "PSV_BITS" { v = $6; sub(/;.*/, "", v); print v }' rtl/include/tea_events.svh)
	fe_psv=2       # DR-L1, DR-TLB: what a fetch-buffer entry carries
	# fetch buffer: the front-end events of each entry's packet
	fb_bits=$((fb * fe_psv))
	# ROB: a full PSV per entry
	rob_bits=$((rob * psv))
	# LSU: ST-TLB per load- and store-queue entry and for the uncached
	# load (the D-TLB miss counter reads them too), and the events of the
	# two completion ports: ST-TLB, ST-L1, ST-LLC for loads, ST-TLB for
	# stores
	lsu_bits=$((lq + sq + 1 + 4))
	# event sources: the fetch unit's pending DR-L1/DR-TLB, dispatch's DR-SQ
	src_bits=3
	# sampler (rtl/tea/tea_sampler.sv): teactl 13, teaperiod 32, countdown
	# 32, cycle counter 64, tealost 64, V/WAIT/flushed 3, state 2, teatime
	# 64, LFSR 16, last committed address 64, its PSV and its data address
	# with its valid bit (65), and per slot a mask bit, an address, a PSV, a
	# DMASK bit and a data address
	smp_bits=$((13 + 32 + 32 + 64 + 64 + 3 + 2 + 64 + 16 + 64 + psv + 65 + w * (1 + 64 + psv + 1 + 64)))
	# sample buffer (the same file): the sample cycle's number and the
	# sample's (32 each), teabase, tealimit, teaptr and teawmark (bits
	# 55:3), BIRQ and FULL, and the writer: 4 state bits, the record
	# word's index, the next word's address, the waiting line's address
	# (bits 55:6), the line (64 bytes) and its word mask
	rec_words=$((2 + 3 * w)) idx=0
	while [ $((1 << idx)) -lt $((rec_words + 1)) ]; do idx=$((idx + 1)); done
	buf_bits=$((32 + 32 + 4 * 53 + 2 + 4 + idx + 53 + 50 + 512 + 8))
	total=$((fb_bits + rob_bits + lsu_bits + src_bits + smp_bits + buf_bits))
	printf 'TEA storage, config %s (W=%s, FB %s, ROB %s, LQ %s, SQ %s)\n' "$config" "$w" "$fb" "$rob" "$lq" "$sq"
	printf '  %-22s %6s bits\n' "fetch buffer" "$fb_bits" "ROB" "$rob_bits" "LSU" "$lsu_bits" \
		"event sources" "$src_bits" "sampler and CSRs" "$smp_bits" "sample buffer" "$buf_bits" \
		"total" "$total"
	printf '  %-22s %6s bytes\n' "" "$(((total + 7) / 8))"
done
