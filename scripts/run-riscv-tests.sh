#!/usr/bin/env bash
# Builds the rv64 ISA tests of a riscv-tests checkout (the p and v
# environments) for RV64IMAC out of tree and runs them on teasim, or on QEMU's
# spike machine for comparison. Prints one line per test and a closing line
# "N passed, N failed"; exits 1 when a test failed or did not build.
#
# riscv-tests builds every suite with -march=rv64g (rv64gc for rv64uc); here
# each is built for what it tests: rv64ima, with F and D for rv64uf and
# rv64ud, with C for rv64uc (as upstream adds C only there). The core
# implements F and D; teasim's ISS does with --isa rv64imafdc (its default is
# rv64imac), which the F and D suites run with, the others keeping the
# default. Tests for extensions the core does not implement are skipped with
# a reason.
set -u -o pipefail

usage() {
	cat <<'EOF'
usage: scripts/run-riscv-tests.sh [options] [RISCV_TESTS_DIR]
Builds and runs the rv64 ISA tests of a riscv-tests checkout (with its env
submodule); RISCV_TESTS_DIR defaults to $RISCV_TESTS.

  -o, --out DIR        build folder (default: build/riscv-tests)
  -s, --sim SIM        teasim (default) or qemu (qemu-system-riscv64 -M spike)
  -t, --teasim PATH    teasim binary (default: build/bin/teasim)
  -e, --env LIST       environments, comma separated (default: p,v)
  -u, --suites LIST    suites, comma separated
                       (default: rv64ui,rv64um,rv64ua,rv64uf,rv64ud,rv64uc,
                       rv64si,rv64mi)
  -k, --only GLOB      only tests whose name (e.g. rv64ui-p-add) matches GLOB
  -j, --jobs N         parallel jobs (default: number of CPUs)
  -m, --max-insns N    instruction limit per test on teasim (default 50000000)
  -c, --compressed     build every suite with C; several upstream tests assume
                       4-byte instructions and then fail for that reason alone
      --no-skip        also run tests of extensions the core does not have
  -h, --help           show this help

Exit status: 0 when every test passed, 1 when one failed or did not build,
2 on a usage or setup error. Logs: <out>/log/<test>.log; to see where a test
went wrong: teasim --log - <out>/<test> | tail -50
EOF
}

die() {
	echo "run-riscv-tests: error: $*" >&2
	exit 2
}

# Tests of features the core leaves out on purpose (docs/teasim.md).
skip_reason() {
	case $1 in
	rv64ui-ma_data) echo "misaligned loads and stores trap on this core; the test needs them to complete" ;;
	rv64ua-amocas_*) echo "Zacas (amocas) not implemented" ;;
	rv64ua-amo*_b|rv64ua-amo*_h) echo "Zabha (byte and halfword AMOs) not implemented" ;;
	rv64ua-zalasr) echo "Zalasr not implemented" ;;
	rv64mi-pmpaddr) echo "no PMP entries (the PMP CSRs read as zero)" ;;
	rv64si-spmp*) echo "S-mode PMP (not ratified) not implemented" ;;
	*) return 1 ;;
	esac
}

root_dir=$(cd "$(dirname "$0")/.." && pwd)
out=$root_dir/build/riscv-tests
sim=teasim
teasim=$root_dir/build/bin/teasim
envs=p,v
suites=rv64ui,rv64um,rv64ua,rv64uf,rv64ud,rv64uc,rv64si,rv64mi
only='*'
jobs=$(nproc 2>/dev/null || echo 2)
max_insns=50000000
compressed=0
no_skip=0
src=${RISCV_TESTS:-}

while [ $# -gt 0 ]; do
	case $1 in
	-o|--out) out=${2:?}; shift ;;
	-s|--sim) sim=${2:?}; shift ;;
	-t|--teasim) teasim=${2:?}; shift ;;
	-e|--env) envs=${2:?}; shift ;;
	-u|--suites) suites=${2:?}; shift ;;
	-k|--only) only=${2:?}; shift ;;
	-j|--jobs) jobs=${2:?}; shift ;;
	-j[0-9]*) jobs=${1#-j} ;;
	-m|--max-insns) max_insns=${2:?}; shift ;;
	-c|--compressed) compressed=1 ;;
	--no-skip) no_skip=1 ;;
	-h|--help) usage; exit 0 ;;
	-*) echo "run-riscv-tests: unknown option '$1'" >&2; usage >&2; exit 2 ;;
	*) src=$1 ;;
	esac
	shift
done

[ -n "$src" ] || { usage >&2; die "no riscv-tests checkout given (argument or RISCV_TESTS)"; }
src=$(cd "$src" 2>/dev/null && pwd) || die "cannot open '$src'"
[ -d "$src/isa" ] || die "$src has no isa/ folder: not a riscv-tests checkout"
[ -f "$src/env/p/riscv_test.h" ] ||
	die "$src/env is empty: run 'git submodule update --init' in the checkout"
case $jobs in ''|*[!0-9]*|0) die "--jobs needs a positive number" ;; esac
case $max_insns in ''|*[!0-9]*) die "--max-insns needs a number" ;; esac

cc=riscv64-unknown-elf-gcc
command -v $cc >/dev/null || die "$cc not found (scripts/install-deps.sh installs it)"
case $sim in
teasim) [ -x "$teasim" ] || die "$teasim not found: build it with 'make'" ;;
qemu) command -v qemu-system-riscv64 >/dev/null || die "qemu-system-riscv64 not found" ;;
*) die "--sim must be teasim or qemu, not '$sim'" ;;
esac

# Prints the space-separated value of a variable set in a Makefrag.
makefrag_var() {
	make -s --no-print-directory -f - <<EOF 2>/dev/null
include $1
\$(info \$(strip \$($2)))
all: ;
EOF
}

mkdir -p "$out/log" "$out/result" || die "cannot create $out"
rm -f "$out"/result/*

# One job per line: "<test name> <suite> <env> <source name>".
joblist=$out/jobs
: >"$joblist"
skipped=()
for suite in ${suites//,/ }; do
	frag=$src/isa/$suite/Makefrag
	[ -f "$frag" ] || die "$frag not found"
	names=$(makefrag_var "$frag" "${suite}_sc_tests")
	[ -n "$names" ] || die "$frag lists no ${suite}_sc_tests"
	for env in ${envs//,/ }; do
		case $env in p|v) ;; *) die "--env takes p and v, not '$env'" ;; esac
		# Suites without a v list (rv64si, rv64mi) run in p only, as upstream.
		[ -n "$(makefrag_var "$frag" "${suite}_${env}_tests")" ] || continue
		for name in $names; do
			test=$suite-$env-$name
			# shellcheck disable=SC2254
			case $test in $only) ;; *) continue ;; esac
			if [ $no_skip = 0 ] && reason=$(skip_reason "$suite-$name"); then
				skipped+=("SKIP $test ($reason)")
				continue
			fi
			echo "$test $suite $env $name" >>"$joblist"
		done
	done
done

# has_fp SUITE: whether the suite tests F and D, so needs them built and run.
has_fp() {
	case $1 in rv64uf|rv64ud) return 0 ;; *) return 1 ;; esac
}

# Word-split on use, so the flags survive the export to the xargs children.
common_flags="-mabi=lp64 -static -mcmodel=medany -fvisibility=hidden -nostdlib -nostartfiles"

# Builds one test; its compiler messages go to the log. $common_flags is
# split into words on purpose.
# shellcheck disable=SC2086
build_test() {
	local test=$1 suite=$2 env=$3 name=$4 base=rv64ima rvc="" march march_fd
	local isa=$src/isa envdir=$src/env elf=$out/$test objdir=$out/obj/$test entropy c

	has_fp "$suite" && base=rv64imafd
	[ "$suite" = rv64uc ] || [ "$compressed" = 1 ] && rvc=c
	march=$base${rvc}_zicsr_zifencei march_fd=rv64imafd${rvc}_zicsr_zifencei
	if [ "$env" = p ]; then
		$cc -march=$march $common_flags -I"$envdir/p" -I"$isa/macros/scalar" \
			-T"$envdir/p/link.ld" "$isa/$suite/$name.S" -o "$elf"
		return
	fi
	# The v environment's random seed comes from the test name, as upstream.
	entropy=0x$(echo "$test" | md5sum | cut -c 1-7)
	mkdir -p "$objdir" || return
	# Its C is built against picolibc's headers. vm.c names an FP
	# instruction (fssr) as a constant to compare against, so that C is
	# assembled with F/D allowed; it contains no FP code.
	for c in "$envdir"/v/*.c; do
		$cc -march=$march_fd $common_flags --specs=picolibc.specs \
			-std=gnu99 -O2 -DENTROPY=$entropy -I"$envdir/v" -I"$isa/macros/scalar" \
			-c "$c" -o "$objdir/$(basename "$c" .c).o" || return
	done
	$cc -march=$march $common_flags -std=gnu99 -O2 -DENTROPY=$entropy \
		-I"$envdir/v" -I"$isa/macros/scalar" -T"$envdir/v/link.ld" \
		"$envdir/v/entry.S" "$objdir"/*.o "$isa/$suite/$name.S" -o "$elf"
}

# run_test TEST SUITE
run_test() {
	local elf=$out/$1 isa=rv64imac fd=off
	has_fp "$2" && isa=rv64imafdc fd=on
	if [ "$sim" = teasim ]; then
		timeout 120 "$teasim" -q --isa "$isa" --max-insns "$max_insns" "$elf" </dev/null
	else
		timeout 60 qemu-system-riscv64 -M spike -cpu "rv64,f=$fd,d=$fd" -nographic \
			-bios none -kernel "$elf" </dev/null
	fi
}

# Runs one job line; writes "PASS ..." or "FAIL ..." to the result folder.
one_job() {
	local test=$1 log=$out/log/$1.log rc
	if ! build_test "$@" >"$log" 2>&1; then
		echo "FAIL $test (does not build: see $log)" >"$out/result/$test"
		return
	fi
	run_test "$test" "$2" >>"$log" 2>&1
	rc=$?
	case $rc in
	0) echo "PASS $test" ;;
	124) echo "FAIL $test (timed out: the program did not exit)" ;;
	*) echo "FAIL $test (exit status $rc)" ;;
	esac >"$out/result/$test"
}

export -f one_job build_test run_test has_fp
export src out sim teasim max_insns compressed cc common_flags
# shellcheck disable=SC2016
xargs -a "$joblist" -P "$jobs" -L 1 bash -c 'one_job "$@"' _ </dev/null

pass=0 fail=0
while read -r test _; do
	line=$(cat "$out/result/$test" 2>/dev/null || echo "FAIL $test (no result)")
	echo "$line"
	case $line in PASS*) pass=$((pass + 1)) ;; *) fail=$((fail + 1)) ;; esac
done < <(sort "$joblist")
for s in "${skipped[@]}"; do
	echo "$s"
done
[ ${#skipped[@]} -gt 0 ] && echo "${#skipped[@]} skipped (features the core does not implement)"
[ "$fail" -gt 0 ] && [ "$sim" = teasim ] &&
	echo "to see where a test goes wrong: $teasim --log - $out/<test> | less"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
