#!/usr/bin/env bash
# Runs each libFuzzer harness for SECONDS (0: every seed once) and reports
# which crashed. The grown corpus stays in FUZZ_DIR/corpus/NAME for the
# next run; a crashing input lands in FUZZ_DIR/crashes/.
# usage: run-fuzz.sh FUZZ_DIR SECONDS HARNESS...
set -u
# Absolute: the command-line harness works in a scratch folder.
dir=$(mkdir -p "$1" && cd "$1" && pwd) seconds=$2
shift 2
here=$(cd "$(dirname "$0")" && pwd)
files=$here/../corpus

# Seeds for the command-line harness: arguments, an empty argument, then a
# file ("@" in the arguments is its path).
make_teaperf_seeds() {
	local out=$dir/seeds/fuzz_teaperf i=0
	rm -rf "$out" && mkdir -p "$out"
	local commands=(
		"report @" "report --sort func --format json @"
		"report --sort line --format folded --top 2 @"
		"report --format csv -i @" "stat @" "stat --format json @"
		"compare -r @ @" "compare -r @ --sort func --format csv @"
		"script @" "plot -o out.svg @" "plot -o out.html --top 3 @"
		"plot --sort func -o out.svg @" "diff @ @"
		"diff --sort func --format json @ @" "diff --format csv --top 1 @ @"
		"report --dsos prog,[kernel] --sort func @" "stat --dsos prog @"
		"compare -r @ --dsos [kernel] @" "diff --dsos prog @ @"
		"report --children @" "report --children --format csv --dsos prog @"
		"flame -o out.svg @" "flame --folded @"
	)
	for f in valid-samples.tea valid-profile.prof sample-cut.tea \
		 prof-unsorted.prof valid-maps.tea map-len-short.tea \
		 valid-callchains.tea callchain-then-task.tea; do
		for c in "${commands[@]}"; do
			# shellcheck disable=SC2086 # word splitting wanted
			{ printf '%s\0' $c; printf '\0'; cat "$files/$f"; } >"$out/seed-$i"
			i=$((i + 1))
		done
	done
	{ printf '%s\0' synth -o out.tea @; printf '\0'; cat "$here/seeds/synth.txt"; } >"$out/seed-synth"
	{ printf '%s\0' synth -o out.prof @; printf '\0'; cat "$here/seeds/synth-profile.txt"; } >"$out/seed-synth-profile"
	{ printf '%s\0' synth -o out.tea @; printf '\0'; cat "$here/seeds/synth-maps.txt"; } >"$out/seed-synth-maps"
	{ printf '%s\0' chart -k bars -o out.svg @; printf '\0'; cat "$here/seeds/chart-table.txt"; } >"$out/seed-chart-bars"
	{ printf '%s\0' chart -k lines --log-x -o out.svg @; printf '\0'; cat "$here/seeds/chart-table.txt"; } >"$out/seed-chart-lines"
	{ printf '%s\0' chart -k points --log-x --log-y -o out.svg @; printf '\0'; cat "$here/seeds/chart-points.txt"; } >"$out/seed-chart-points"
	echo "$out"
}

# Seeds for teasim's command line: NUL-separated arguments.
make_teasim_seeds() {
	local out=$dir/seeds/fuzz_teasim_options i=0
	rm -rf "$out" && mkdir -p "$out"
	local lines=(
		"prog.elf" "-q -m 1000 prog.elf alpha -o" "-v --log - --signature sig prog.elf"
		"--isa rv64imafdc -M 64 prog.elf" "--dump-dts" "--rtl --dump-dts"
		"--rtl --config default --tea-samples t.tea --tea-period 500 --tea-jitter 4 prog.elf"
		"--rtl --golden g.prof --stages --stall-lengths s prog.elf"
		"--rtl --tea-samples t.tea --baselines b --period-sweep 100,200 prog.elf"
		"--rtl --tea-source program --tea-samples t.tea prog.elf"
		"--kernel Image --bios fw.elf --initrd init.cpio --append console=ttyS0"
		"--dtb board.dtb prog.elf a b" "--bootargs x --no-semihosting prog.elf"
		"--host-dir out --host-max-files 4 --host-max-bytes 4096 prog.elf"
		"--semihosting-userspace --dram-latency 10 --dram-bandwidth 2 prog.elf"
	)
	for l in "${lines[@]}"; do
		# shellcheck disable=SC2086 # word splitting wanted
		printf '%s\0' $l >"$out/seed-$i"
		i=$((i + 1))
	done
	echo "$out"
}

# Seeds for the ELF harnesses: the end-to-end test's program, with its line
# tables, stripped, and as an object file.
make_elf_seeds() {
	local out=$dir/seeds/$1
	rm -rf "$out" && mkdir -p "$out"
	riscv64-unknown-elf-gcc -g -O1 -march=rv64imac -mabi=lp64 -mcmodel=medany \
		-nostdlib -Wl,-Ttext=0x80000000 -Wl,--build-id \
		-o "$out/prog.elf" "$here/../teaperf/prog.c" &&
		riscv64-unknown-elf-gcc -g -O1 -march=rv64imac -mabi=lp64 -c \
			-o "$out/prog.o" "$here/../teaperf/prog.c" &&
		riscv64-unknown-elf-strip -o "$out/stripped.elf" "$out/prog.elf" ||
		{ echo "run-fuzz: cannot build the ELF seeds" >&2; return 1; }
	echo "$out"
}

# Seeds made here, or tests/fuzz/seeds/NAME (fuzz_NAME with "_" as "-"),
# or none: libFuzzer then starts from nothing.
seeds_for() {
	local named=${1#fuzz_}
	named=$here/seeds/${named//_/-}
	case $1 in
	fuzz_sample_file | fuzz_profile_file) echo "$files" ;;
	fuzz_teaperf) make_teaperf_seeds ;;
	fuzz_teasim_options) make_teasim_seeds ;;
	fuzz_symbols | fuzz_elf_loader) make_elf_seeds "$1" ;;
	*)
		if [ -d "$named" ]; then
			echo "$named"
		else
			mkdir -p "$dir/seeds/$1" && echo "$dir/seeds/$1"
		fi
		;;
	esac
}

crashed=0
for bin in "$@"; do
	bin=$(realpath "$bin")
	name=$(basename "$bin")
	seeds=$(seeds_for "$name") || exit 1
	mkdir -p "$dir/corpus/$name" "$dir/crashes"
	if [ "$seconds" -eq 0 ]; then
		budget=(-runs=0)
	else
		budget=(-max_total_time="$seconds")
	fi
	# Inputs that once crashed a harness run first, every time.
	regressions=()
	[ -d "$here/regressions/$name" ] && regressions=("$here/regressions/$name")
	log=$dir/$name.log
	"$bin" "${budget[@]}" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
		-artifact_prefix="$dir/crashes/$name-" \
		"$dir/corpus/$name" "$seeds" "${regressions[@]}" >"$log" 2>&1
	rc=$?
	runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
	cov=$(grep -Eo 'cov: [0-9]+' "$log" | tail -1)
	if [ "$rc" -eq 0 ]; then
		echo "fuzz $name: ok, ${runs:-?} runs, ${cov:-cov: ?}"
		continue
	fi
	crashed=$((crashed + 1))
	echo "fuzz $name: CRASH (exit $rc), log $log"
	grep -E 'ERROR: |SUMMARY: |check failed|runtime error|Test unit written to' "$log" |
		head -8 | sed 's/^/    /'
done
echo "fuzz: $# harnesses, $crashed crashed"
[ "$crashed" -eq 0 ]
