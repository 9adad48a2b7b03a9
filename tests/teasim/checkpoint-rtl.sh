#!/usr/bin/env bash
# The RTL takes over from the ISS (docs/teasim.md): `--rtl --fast-forward
# POINT` and `--rtl --restore FILE` continue a run on the RTL core,
# co-simulated, with the commit log, output and exit status of the run
# straight through on the ISS; bare-metal programs at counts, a symbol
# and a marker, under Sv39, with timer interrupts and with semihosting;
# --warmup starts the counting later by exactly its instructions; TEA
# samples and the golden reference cover the RTL part; bad combinations
# and bad files are one error line.
# usage: [TEASIM_CONFIG=NAME] checkpoint-rtl.sh TEASIM PROGRAMS_DIR WORK_DIR [LINUX_IMAGE LINUX_CPIO]
set -u
teasim=$1 programs=$2 work=$3 image=${4:-} cpio=${5:-}
mkdir -p "$work"
# shellcheck source=tests/teasim/lib.sh
. "$(dirname "$0")/lib.sh"
# the core configuration: TEASIM_CONFIG, else the default
rtl=(--rtl --config "${TEASIM_CONFIG:-default}")

# The ISS's instruction count of a run: -v's last line.
iss_count() { tail -1 "$1" | cut -d, -f1 | awk '{ print $2 }'; }

# The straight ISS run against the RTL taking over at N, by
# --fast-forward and by a checkpoint file: output, status, commit log.
compare_at() { # program, N
	local prog=$1 n=$2 name="$1 at $2"
	"$teasim" -q --isa rv64imafdc -l "$work/straight.log" "$programs/$prog.elf" >"$work/straight.out" 2>/dev/null
	local want=$?
	"$teasim" -q "${rtl[@]}" --fast-forward "$n" -l "$work/ff.log" "$programs/$prog.elf" \
		>"$work/ff.out" 2>"$work/ff.err"
	local st=$?
	[ "$st" -eq "$want" ]; check "$name: fast-forward status $st, straight $want ($(head -c 300 "$work/ff.err"))" $?
	cmp -s "$work/straight.out" "$work/ff.out"; check "$name: fast-forward output differs" $?
	cmp -s "$work/straight.log" "$work/ff.log"; check "$name: fast-forward commit log differs" $?
	rm -f "$work/ck"
	"$teasim" -q --isa rv64imafdc --checkpoint-at "$n" --checkpoint "$work/ck" -l "$work/a.log" \
		"$programs/$prog.elf" >"$work/split.out" 2>/dev/null
	"$teasim" -q "${rtl[@]}" --restore "$work/ck" -l "$work/b.log" >>"$work/split.out" 2>"$work/restore.err"
	st=$?
	[ "$st" -eq "$want" ]; check "$name: restore status $st, straight $want ($(head -c 300 "$work/restore.err"))" $?
	cmp -s "$work/straight.out" "$work/split.out"; check "$name: restored output differs" $?
	cat "$work/a.log" "$work/b.log" | cmp -s - "$work/straight.log"
	check "$name: the halves' commit logs differ from the straight run's" $?
}

for prog in hello checksum paging; do
	"$teasim" -v --isa rv64imafdc "$programs/$prog.elf" >/dev/null 2>"$work/count.err"
	total=$(iss_count "$work/count.err")
	for n in 1 4097 $((total / 2)) $((total - 3)); do
		compare_at "$prog" "$n"
	done
done
compare_at hello main
compare_at marker marker:7

# Timer interrupts come when the RTL's time says: the output and status
# are the straight run's, not the log.
for prog in timer semihost-exit; do
	"$teasim" -v --isa rv64imafdc "$programs/$prog.elf" >"$work/straight.out" 2>"$work/count.err"
	want=$?
	total=$(iss_count "$work/count.err")
	"$teasim" -q "${rtl[@]}" --fast-forward $((total / 2)) "$programs/$prog.elf" >"$work/ff.out" 2>"$work/ff.err"
	st=$?
	[ "$st" -eq "$want" ] && cmp -s "$work/straight.out" "$work/ff.out"
	check "$prog at $((total / 2)): status $st (straight $want), output as straight ($(head -c 300 "$work/ff.err"))" $?
done

# --warmup: the counting starts exactly its instructions after the point;
# TEA's samples and the golden reference cover what is counted.
"$teasim" -v --isa rv64imafdc "$programs/checksum.elf" >/dev/null 2>"$work/count.err"
total=$(iss_count "$work/count.err")
"$teasim" -v "${rtl[@]}" --fast-forward 100000 --warmup 50000 --tea-samples "$work/s.tea" --tea-period 1000 \
	--golden "$work/g.prof" "$programs/checksum.elf" >/dev/null 2>"$work/warm.err"
check "checksum with --warmup: status $?" $?
counted=$(grep -o '[0-9]* instructions in [0-9]* cycles' "$work/warm.err" | awk '{ print $1 }')
cycles=$(grep -o '[0-9]* instructions in [0-9]* cycles' "$work/warm.err" | awk '{ print $4 }')
[ "$counted" = "$((total - 150000))" ] && grep -q "counted from instruction 150000" "$work/warm.err"
check "checksum with --warmup: $counted counted, want $((total - 150000))" $?
samples=$(grep -o '[0-9]* samples taken' "$work/warm.err" | awk '{ print $1 }')
[ -n "$samples" ] && [ -n "$cycles" ] && [ "$samples" -ge $((cycles / 1000 - 2)) ] &&
	[ "$samples" -le $((cycles / 1000 + 1)) ]
check "checksum with --warmup: $samples samples in $cycles cycles at period 1000" $?

expect_error "--fast-forward without --rtl" 2 "needs --rtl" --fast-forward 10 "$programs/hello.elf"
expect_error "--warmup alone" 2 "needs --fast-forward, --restore or --sample-every" "${rtl[@]}" --warmup 10 "$programs/hello.elf"
expect_error "--fast-forward past the end" 125 "ended after" "${rtl[@]}" --fast-forward 100000000 \
	"$programs/hello.elf"
expect_error "--fast-forward to a missing symbol" 2 "no symbol nosuch" "${rtl[@]}" --fast-forward nosuch \
	"$programs/hello.elf"
"$teasim" -q --checkpoint-at 1000 --checkpoint "$work/ck" "$programs/hello.elf" >/dev/null
expect_error "--rtl --restore without F and D" 2 "no F and D" "${rtl[@]}" --restore "$work/ck"
"$teasim" -q --isa rv64imafdc --checkpoint-at 1000 --checkpoint "$work/ck" "$programs/hello.elf" >/dev/null
head -c 2000 "$work/ck" >"$work/bad"
expect_error "--rtl --restore of a truncated file" 125 "truncated" "${rtl[@]}" --restore "$work/bad"

# Linux: the boot on the ISS, /bin/hello on the RTL; by --fast-forward,
# and from a checkpoint file taken with the image's F and D.
if [ -n "$image" ]; then
	linux=(--kernel "$image" --initrd "$cpio" --append "console=ttyS0 -- /bin/hello")
	"$teasim" -q "${rtl[@]}" --fast-forward 30000000 "${linux[@]}" >"$work/linux.out" 2>"$work/linux.err"
	st=$?
	[ "$st" -eq 0 ] && grep -q "^hello from user space" "$work/linux.out"
	check "linux: /bin/hello on the RTL after 30 M instructions on the ISS (status $st, $(tail -c 300 "$work/linux.err"))" $?
	"$teasim" -q --isa rv64imafdc --checkpoint-at 32000000 --checkpoint "$work/linux.ck" "${linux[@]}" \
		>"$work/linux-a.out" 2>/dev/null
	"$teasim" -q "${rtl[@]}" --restore "$work/linux.ck" >"$work/linux-b.out" 2>"$work/linux.err"
	st=$?
	# (the kernel's messages carry the time, which the RTL keeps its own way)
	[ "$st" -eq 0 ] && grep -q "^hello from user space" "$work/linux-b.out" &&
		grep -q "/bin/hello exited with status 0" "$work/linux-b.out"
	check "linux: a checkpoint at 32 M restored on the RTL runs /bin/hello to its end (status $st, $(tail -c 300 "$work/linux.err"))" $?
fi

echo "checkpoint-rtl.sh: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
