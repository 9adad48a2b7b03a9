#!/usr/bin/env bash
# TEA under Linux (docs/linux.md): one boot runs, in turn, the driver's
# checks from user space (tests/linux/tea-pmu.c), teaperf record of
# /bin/loop into the host folder and again onto the console (as on a
# board, for teaperf extract), and a 1 MiB file through the host file
# channel; the host then reads the sample files with teaperf (symbols of
# the program and the kernel) and checks the big file byte for byte. Then, on
# the ISS only, teaperf record of a forking command (--inherit: each
# sample attributed to its task's binary at its cycle), call chains (-g,
# on the target and through the host's teaperf record), --max-size (the
# command runs on, the file says where sampling stopped), and bad input to
# teaperf record: each a clear message and a non-zero status, and no file.
# With --rtl among the teasim options the commands run on the RTL core
# (the boot on the ISS, which hands over where init starts them);
# --quick keeps to that one boot.
# usage: perf.sh [--quick] LINUX_DIR TEAPERF TEASIM [TEASIM OPTIONS...]
set -u
quick=0
[ "$1" = --quick ] && { quick=1; shift; }
linux=$1
teaperf=$2
shift 2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/host"
fails=0
append="console=ttyS0 earlycon panic=-1 oops=panic --"
boot=(--kernel "$linux/Image" --initrd "$linux/tea.cpio")

# shellcheck source=tests/linux/lib.sh
. "$(dirname "$0")/lib.sh"
# shellcheck disable=SC2207
boot+=($(commands_on_rtl "$@"))

run series "$@" "${boot[@]}" --host-dir "$work/host" --append "$append /bin/tea-pmu ; \
/bin/teaperf record --period 20000 -o host:loop.tea /bin/loop 8000 ; \
/bin/teaperf record --period 20000 -o console:loop.tea /bin/loop 8000 ; \
/bin/host-write 1048576 big.bin"
grep -E '^(ok|FAIL): ' "$work/series.out" | sed 's/^/    tea-pmu: /'
[ $status -eq 0 ] && has series "tea-pmu: 0 failed"
check "the driver's checks from user space pass (status $status)" $? series

# The target's account of the recording, and the host's of the file.
line=$(grep -E '^teaperf: [0-9]+ samples of /bin/loop in host:' "$work/series.out")
samples=$(sed -E 's/^teaperf: ([0-9]+) samples.*/\1/' <<<"$line")
hw=$(sed -E 's/.*lost ([0-9]+) in the hardware.*/\1/' <<<"$line")
kernel=$(sed -E 's/.*, ([0-9]+) in the kernel.*/\1/' <<<"$line")
head=$("$teaperf" report --no-symbols "$work/host/loop.tea" 2>&1 | head -1)
[ -n "$line" ] && [ "${samples:-0}" -ge 20 ] &&
	grep -qF ", $samples samples, $((hw + kernel)) lost" <<<"$head"
check "teaperf record's file reaches the host, complete: ${samples:-no} samples, lost ${hw:-?}+${kernel:-?} ($head)" $? series

# The recording on the console: teaperf extract writes it back, whole; a
# copy with one hex digit changed is refused in one line.
cline=$(grep -aE '^teaperf: [0-9]+ samples of /bin/loop in console:' "$work/series.out")
csamples=$(sed -E 's/^teaperf: ([0-9]+) samples.*/\1/' <<<"$cline")
mkdir -p "$work/console"
"$teaperf" extract -d "$work/console" "$work/series.out" 2>"$work/extract.err"
chead=$("$teaperf" report --no-symbols "$work/console/loop.tea" 2>&1 | head -1)
[ -n "$cline" ] && [ "${csamples:-0}" -ge 20 ] && grep -qF ", $csamples samples, " <<<"$chead"
check "teaperf record -o console: comes back through teaperf extract: ${csamples:-no} samples ($chead)" \
	$? series
awk '/^TEA-FILE-DATA / && !done { c = substr($2, 1, 1); $2 = (c == "0" ? "1" : "0") substr($2, 2); done = 1 }
	{ print }' "$work/series.out" >"$work/garbled.out"
"$teaperf" extract -d "$work/console" "$work/garbled.out" 2>"$work/garbled.err"
[ $? -eq 1 ] && [ "$(wc -l <"$work/garbled.err")" -eq 1 ] && grep -q "CRC does not match" "$work/garbled.err"
check "a garbled console file is one line, status 1 ($(cat "$work/garbled.err"))" $? series

# Symbols from the target's files: the loop's three functions lead (its
# set-up, a store miss per node, is the heaviest of them on the RTL). The
# kernel's zeroing of the pages that set-up touches first (__memset) may
# come among them: on the large config it weighs about as much as the
# set-up itself.
"$teaperf" report --symfs "$linux/rootfs" --vmlinux "$linux/vmlinux" --sort func \
	--format csv "$work/host/loop.tea" >"$work/report.csv" 2>"$work/report.err"
# (CSV: a row per unit and signature, heaviest unit first; cycles in column 6)
top=$(awk -F, 'NR > 1 && !seen[$1]++ { print $1 }' "$work/report.csv" | head -4 | tr '\n' ' ')
lead=$(tr ' ' '\n' <<<"$top" | grep -vx __memset | head -3 | sort | tr '\n' ' ')
[ "$lead" = "chase compute main " ] && ! grep -q . "$work/report.err"
check "the host's report names the program's functions (top four: $top)" $? series

# Every sample is the command's or the kernel's working for it.
"$teaperf" report --no-symbols --dsos /bin/loop,[kernel] --sort func --format csv \
	"$work/host/loop.tea" >"$work/dsos.csv" 2>&1
"$teaperf" report --no-symbols --sort func --format csv "$work/host/loop.tea" >"$work/all.csv" 2>&1
# (the cycles of a wide commit are fractions: sum them as whole numbers)
in_dsos=$(awk -F, 'NR > 1 { s += $6 } END { printf "%.0f\n", s }' "$work/dsos.csv")
all=$(awk -F, 'NR > 1 { s += $6 } END { printf "%.0f\n", s }' "$work/all.csv")
[ "$in_dsos" -gt 0 ] && [ "$in_dsos" -eq "$all" ]
check "every sample lies in /bin/loop or the kernel ($in_dsos of $all cycles)" $? series

python3 - "$work/host/big.bin" <<'EOF'
import struct, sys
m, s, out = (1 << 64) - 1, 1, bytearray()
for _ in range(1048576 // 8):
    s = (s + 0x9e3779b97f4a7c15) & m
    z = ((s ^ (s >> 30)) * 0xbf58476d1ce4e5b9) & m
    z = ((z ^ (z >> 27)) * 0x94d049bb133111eb) & m
    out += struct.pack('<Q', z ^ (z >> 31))
sys.exit(open(sys.argv[1], 'rb').read() != bytes(out))
EOF
check "1 MiB through the host file channel arrives intact ($(grep -o 'host-write: .*' "$work/series.out"))" $? series

[ $quick -eq 1 ] && { [ $fails -eq 0 ]; exit; }

# A period shorter than the interrupt's cost (on the ISS a cycle is an
# instruction): perf throttles the event, the command finishes, and the
# ring loses nothing. (Before the driver reported its handler's time to
# perf, the task got no time at all.) The file's throttle record accounts
# for the time throttled: from the first sample to the last, every cycle
# either fell in a period that brought a sample or a loss, or was
# throttled (within 5%: the clocks' conversion, the periods cut short).
run short "$@" "${boot[@]}" --max-insns 400000000 --host-dir "$work/host" \
	--append "$append /bin/teaperf record --mode interrupt -c 1000 -o host:short.tea /bin/loop 2000 ; \
/bin/teaperf record --mode buffer -c 1000 -o host:shortbuf.tea /bin/loop 2000"
[ $status -eq 0 ] && grep -qE '^teaperf: [0-9]+ samples of /bin/loop in host:short.tea \(interrupt mode\); lost [0-9]+ in the hardware, 0 in the kernel; throttled [1-9]' "$work/short.out"
check "at period 1000 perf throttles, the command finishes, the ring loses nothing (status $status)" $? short
account=$("$teaperf" script "$work/host/short.tea" 2>&1 | awk '
	/^sample / { n++; if (n == 1) first = $2; last = $2 }
	/^lost / { lost = $2 } /^throttled / { times = $2; cycles = $3 }
	END { span = last - first; covered = (n + lost - 1) * 1000 + cycles
	      printf "%d samples, %d lost, throttled %d times for %d cycles: %d of the %d cycles accounted for",
		n, lost, times, cycles, covered, span
	      d = covered - span; if (d < 0) d = -d; exit !(times > 0 && cycles > 0 && d <= span / 20) }')
check "the throttle record accounts for the run ($account)" $? short
# In buffer mode the sampler writes the samples itself: at the same
# period nothing throttles and nothing is lost, and nearly every sample
# comes a period after the last (no jitter), none sooner: the others
# follow a sample of the firmware (not taken: a gap of two periods) or a
# time the command was not running.
account=$("$teaperf" script "$work/host/shortbuf.tea" 2>&1 | awk '
	/^sample / { n++; if (n > 1) { d = $2 - last; if (d == 1000) exact++; if (d < 1000) sooner++ }
		     last = $2 }
	/^lost / { lost = $2 } /^throttled / { times = $2 }
	END { printf "%d samples, %d lost, throttled %d times, %d a period after the last, %d sooner",
		n, lost, times, exact, sooner
	      exit !(n > 100 && lost == 0 && times == 0 && exact >= 0.95 * (n - 1) && sooner == 0) }')
[ $? -eq 0 ] && grep -qE '^teaperf: [0-9]+ samples of /bin/loop in host:shortbuf.tea \(buffer mode\); lost [0-9]+ in the hardware, 0 in the kernel; throttled 0 times' "$work/short.out"
check "buffer mode at period 1000: no throttling, no loss, a sample every period ($account)" $? short
# The buffer's records carry the data addresses: /bin/loop's chase reads
# its array next, which the report by data names (beside the kernel's
# pages). (tea-pmu checks interrupt mode's: there, without jitter, each
# sample falls the same cycles after the handler, at the same
# instruction of the loop.)
next=$("$teaperf" report --sort data --symfs "$linux/rootfs" "$work/host/shortbuf.tea" 2>&1 |
	awk '/^ +[0-9.]+% +[0-9]+  next / { print $1; exit }')
[ -n "$next" ]
check "teaperf report --sort data of buffer mode's file names /bin/loop's array next (${next:-not at all})" \
	$? short

run nodir "$@" "${boot[@]}" --append "$append /bin/teaperf record -o host:x.tea /bin/hello"
[ $status -eq 1 ] && has nodir "teaperf: teasim was started without --host-dir"
check "-o host:NAME without teasim --host-dir: one line, status 1 (got $status)" $? nodir

run badname "$@" "${boot[@]}" --host-dir "$work/host" --append "$append /bin/teaperf record -o host:../x /bin/hello"
[ $status -eq 1 ] && has badname "teaperf: the name is not one the host takes" && [ ! -e "$work/x" ]
check "-o host:../x is refused: one line, status 1 (got $status)" $? badname

# A forking command: /bin/forks runs /bin/loop in a child, both at
# 0x10000. With --inherit the child's samples come too, each after a task
# record, and the maps say whose they are and from which cycle: every user
# sample lies in its own task's binary at its cycle (the child's in
# /bin/loop, the parent's in /bin/forks, never the other). Without it, the
# parent alone; a command without '/' is found in PATH (unset: /bin).
run tasks "$@" "${boot[@]}" --host-dir "$work/host" --append "$append \
/bin/teaperf record --inherit --period 20000 -o host:forks.tea /bin/forks 4000 ; \
/bin/teaperf record --period 20000 -o host:parent.tea forks 4000"
child=$(sed -n 's/^forks: child \([0-9]*\) exited with 0$/\1/p' "$work/tasks.out" | head -1)
"$teaperf" script "$work/host/forks.tea" >"$work/forks.txt" 2>&1
# (each user address's mapping, by the rule of docs/formats.md: of the
# mappings of its task or of every task that hold it from its cycle or
# before, the latest; "TASK:PATH:SAMPLES" per pair)
attribute() {
	python3 - "$1" <<'EOF'
import collections, sys
maps, samples, task = [], [], 0
for line in open(sys.argv[1]):
    f = line.split()
    if f and f[0] == "map":
        maps.append((0, 0, int(f[1], 16), int(f[2], 16), f[5]))
    elif f and f[0] == "task-map":
        maps.append((int(f[1]), int(f[2]), int(f[3], 16), int(f[4], 16), f[7]))
    elif f and f[0] == "task":
        task = int(f[1])
    elif f and f[0] == "sample":
        samples += [(task, int(f[1]), int(s.split(":")[0], 16))
                    for s in f[3:] if s != "-" and int(s.split(":")[0], 16) < 1 << 63]
def find(pid, cycle, addr):
    best = None
    for m in maps:
        if m[2] <= addr < m[3] and m[1] <= cycle and not (pid and m[0] and m[0] != pid):
            if best is None or m[1] >= best[1]:
                best = m
    return best[4] if best else "?"
n = collections.Counter((p, find(p, c, a)) for p, c, a in samples)
print(" ".join("%d:%s:%d" % (p, path, k) for (p, path), k in sorted(n.items())))
EOF
}
got=$(attribute "$work/forks.txt")
# the parent: the task other than the child
parent=$(tr ' ' '\n' <<<"$got" | cut -d: -f1 | grep -vx "${child:-x}" | head -1)
ok=1
[ -n "$child" ] && [ -n "$parent" ] || ok=0
# (each computes for about as long: a good share each, 30 of 150 at least)
for want in "$child:/bin/loop" "$parent:/bin/forks"; do
	k=$(tr ' ' '\n' <<<"$got" | sed -n "s|^$want:||p")
	[ "${k:-0}" -ge 30 ] || ok=0
done
tr ' ' '\n' <<<"$got" | grep -qE "^($parent:/bin/loop|$child:/bin/forks|[0-9]+:\?):" && ok=0
grep -qE "^task-map $child [1-9][0-9]* 0x10000 .* /bin/loop$" "$work/forks.txt" || ok=0
[ $status -eq 0 ] && [ $ok -eq 1 ]
check "--inherit: each task's samples in its own binary at its cycle (child ${child:-?}, parent ${parent:-?}: $got; status $status)" \
	$? tasks
# The report keeps the two binaries apart though both lie at 0x10000:
# each one's cycles are its samples' (docs/formats.md, address spaces).
dso_cycles() {
	"$teaperf" report --sort func --format csv --top 0 --symfs "$linux/rootfs" --dsos "$1" \
		"$work/host/forks.tea" 2>/dev/null | awk -F, 'NR > 1 { c += $6 } END { print c + 0 }'
}
ok=1
reported=
for want in "$child:/bin/loop" "$parent:/bin/forks"; do
	k=$(tr ' ' '\n' <<<"$got" | sed -n "s|^$want:||p")
	c=$(dso_cycles "${want#*:}")
	reported="$reported ${want#*:} $c"
	[ "${k:-0}" -ge 10 ] && [ "$c" = $((k * 20000)) ] || ok=0
done
[ $ok -eq 1 ]
check "--inherit: teaperf report gives each binary at 0x10000 its own samples' cycles (${reported# })" $? tasks
"$teaperf" script "$work/host/parent.tea" >"$work/parent.txt" 2>&1
[ $status -eq 0 ] && grep -q "^sample " "$work/parent.txt" &&
	grep -qE '^teaperf: [0-9]+ samples of /bin/forks in host:parent.tea' "$work/tasks.out" &&
	! grep -qE '^task|/bin/loop$' "$work/parent.txt"
check "without --inherit the parent alone, its command found in PATH (status $status)" $? tasks

# Call chains (-g): /bin/callers, built with frame pointers, spends its
# time in leaf, which middle calls, which outer calls. In the file every
# call-chain record stands right before a sample (or its data-address
# record) and does not repeat its
# address, kernel frames come before user ones, and nearly every sample
# in leaf has middle and outer among its callers, by the program's
# symbols (the callers are those of the interrupt, a few cycles later:
# rarely, a sample at leaf's end is walked after its return). The same
# into the console with --inherit, and through the host's teaperf record.
# usage: chains FILE: prints what it found; fails unless all holds
chains() {
	riscv64-linux-gnu-nm -S "$linux/rootfs/bin/callers" >"$work/callers.nm" &&
	python3 - "$1" "$work/callers.nm" <<'EOF'
import struct, sys
syms = {}
for line in open(sys.argv[2]):
    f = line.split()
    if len(f) == 4 and f[2] in "tT":
        syms[f[3]] = (int(f[0], 16), int(f[0], 16) + int(f[1], 16))
def within(name, addrs):
    lo, hi = syms.get(name, (0, 0))
    return any(lo <= a < hi for a in addrs)
d = open(sys.argv[1], "rb").read()
minor, h = struct.unpack_from("<HI", d, 10)
width, events = d[17 + d[16]], d[18 + d[16]]
at, pending, problems = 16 + h, None, []
samples = with_callers = in_leaf = nested = 0
while at < len(d):
    kind, at = d[at], at + 1
    if kind == 1:
        valid, at = d[at + 1], at + 10
        addrs = []
        for i in range(width):
            if valid >> i & 1:
                addrs.append(struct.unpack_from("<Q", d, at)[0])
                at += 8 + (events + 7) // 8
        callers, pending = pending or (), None
        samples += 1
        with_callers += bool(callers)
        if callers and callers[0] == addrs[0]:
            problems.append("a chain repeats its sample's address")
        if within("leaf", addrs[:1]):
            in_leaf += 1
            nested += within("middle", callers) and within("outer", callers)
    elif kind == 2:
        break
    else:
        length = struct.unpack_from("<I", d, at)[0]
        body, at = d[at + 4:at + 4 + length], at + 4 + length
        if pending is not None and kind != 0x87:
            problems.append("a chain record not right before a sample")
        if kind == 0x85:
            n = struct.unpack_from("<I", body)[0]
            pending = struct.unpack_from("<%dQ" % n, body, 4)
            user = [a < 1 << 63 for a in pending]
            if not 1 <= n <= 127 or length != 4 + 8 * n or user != sorted(user):
                problems.append("a chain record of %d callers, %d bytes, kernel after user"
                                % (n, length))
print("minor version %d, %d samples, %d with callers, %d in leaf, %d of them with middle "
      "and outer%s" % (minor, samples, with_callers, in_leaf, nested,
                       "; " + problems[0] if problems else ""))
sys.exit(not (minor == 7 and not problems and in_leaf >= 30 and nested * 10 >= in_leaf * 9))
EOF
}
run chains "$@" "${boot[@]}" --host-dir "$work/host" --append "$append \
/bin/teaperf record -g --period 20000 -o host:callers.tea /bin/callers 50000 ; \
/bin/teaperf record -g --inherit --period 20000 -o console:callers.tea callers 50000"
got=$(chains "$work/host/callers.tea")
ok=$?
[ $status -eq 0 ] && [ $ok -eq 0 ] &&
	grep -qE '^teaperf: [0-9]+ samples of /bin/callers in host:callers.tea \(interrupt mode, call chains\)' \
		"$work/chains.out"
check "teaperf record -g: leaf's samples have middle and outer among their callers ($got; status $status)" \
	$? chains
mkdir -p "$work/chains"
"$teaperf" extract -d "$work/chains" "$work/chains.out" 2>"$work/chains-extract.err"
got=$(chains "$work/chains/callers.tea")
check "teaperf record -g --inherit onto the console: the same ($got)" $? chains

run ibuf "$@" "${boot[@]}" --host-dir "$work/host" --append "$append \
/bin/teaperf record --mode buffer --inherit -o host:ibuf.tea /bin/forks"
[ $status -eq 2 ] && has ibuf "teaperf: --inherit: in buffer mode perf may name" &&
	[ "$(grep -c '^teaperf: ' "$work/ibuf.out")" -eq 1 ] && [ ! -e "$work/host/ibuf.tea" ] &&
	! grep -q '^forks: ' "$work/ibuf.out"
check "--mode buffer --inherit on the target: one line, status 2, no file (got $status)" $? ibuf

run gbuf "$@" "${boot[@]}" --host-dir "$work/host" --append "$append \
/bin/teaperf record --mode buffer -g -o host:gbuf.tea /bin/callers"
[ $status -eq 2 ] && has gbuf "teaperf: -g: buffer mode has no call chains" &&
	[ "$(grep -c '^teaperf: ' "$work/gbuf.out")" -eq 1 ] && [ ! -e "$work/host/gbuf.tea" ] &&
	! grep -q '^callers: ' "$work/gbuf.out"
check "--mode buffer -g on the target: one line, status 2, no file (got $status)" $? gbuf

# The host's teaperf record passes -g to the target's, and refuses
# --mode buffer -g before booting.
run hostg "$teaperf" record --sim --linux "$linux" --iss --teasim "$1" -g -c 20000 \
	-o "$work/hostg.tea" /bin/callers 50000
got=$(chains "$work/hostg.tea")
ok=$?
[ $status -eq 0 ] && [ $ok -eq 0 ] && has hostg "(interrupt mode, call chains)"
check "teaperf record --sim --linux --iss -g: the same through the host ($got; status $status)" \
	$? hostg
# teaperf report --children reads it: outer holds leaf's time as its
# children's and none of its own (CSV: share in column 7, self_share in 10)
"$teaperf" report --children --symfs "$linux/rootfs" --format csv "$work/hostg.tea" \
	>"$work/children.csv" 2>"$work/children.err"
got=$(awk -F, '$1 == "outer" { print $7, $10 }' "$work/children.csv")
awk -F, '$1 == "outer" && $7 >= 0.8 && $10 == 0 { ok = 1 } END { exit !ok }' "$work/children.csv"
check "teaperf report --children: outer's children hold most of the run, itself nothing (share, self: ${got:-none})" \
	$? hostg
run hostgbuf "$teaperf" record --sim --linux "$linux" --iss --teasim "$1" --mode buffer -g \
	-o "$work/hostgbuf.tea" /bin/callers
[ $status -eq 2 ] && [ "$(wc -l <"$work/hostgbuf.err")" -eq 1 ] &&
	grep -q "buffer mode has no call chains" "$work/hostgbuf.err" &&
	[ ! -e "$work/hostgbuf.tea" ] && [ ! -s "$work/hostgbuf.out" ]
check "teaperf record --sim --linux --mode buffer -g: one line, status 2, no boot ($(cat "$work/hostgbuf.err"))" \
	$? hostgbuf

# --max-size: sampling stops before the file outgrows it, the command runs
# on to its end (its last line, status 0), the file ends with a stop record
# and its end, on the console (teaperf extract) as in the host folder.
run cut "$@" "${boot[@]}" --host-dir "$work/host" --append "$append \
/bin/teaperf record --period 5000 --max-size 4K -o console:cut.tea loop 8000 ; \
/bin/teaperf record --period 5000 --max-size 4K -o host:hcut.tea /bin/loop 8000"
mkdir -p "$work/cut"
"$teaperf" extract -d "$work/cut" "$work/cut.out" 2>"$work/cut.err"
ok=1
for f in "$work/cut/cut.tea" "$work/host/hcut.tea"; do
	size=$(stat -c %s "$f" 2>/dev/null || echo 0)
	"$teaperf" script "$f" >"$work/cut.txt" 2>&1
	lost=$(sed -n 's/^lost //p' "$work/cut.txt")
	[ "$size" -gt 2048 ] && [ "$size" -le 4096 ] && grep -qE '^stop [1-9]' "$work/cut.txt" &&
		[ "${lost:-0}" -gt 0 ] || ok=0
done
[ $status -eq 0 ] && [ $ok -eq 1 ] && [ "$(grep -c '^loop: ' "$work/cut.out")" -eq 2 ] &&
	[ "$(grep -cE '^teaperf: (console:cut|host:hcut).tea reached --max-size 4096 bytes: sampling stopped at cycle [0-9]+, /bin/loop ran on to its end; [1-9][0-9]* samples left out' "$work/cut.out")" -eq 2 ]
check "--max-size 4K: sampling stops, the command runs to its end, the files say so (status $status)" $? cut

# A command that cannot run: one line with the reason, a shell's status
# (127: none such, 126: cannot run), and no file, in the host folder or
# on the console.
run nocmd "$@" "${boot[@]}" --host-dir "$work/host" --append "$append /bin/teaperf record -o host:y.tea /bin/nonexistent"
[ $status -eq 127 ] && has nocmd "teaperf: cannot run /bin/nonexistent: No such file or directory" &&
	[ ! -e "$work/host/y.tea" ]
check "a command that does not exist: one line, status 127, no file (got $status)" $? nocmd

run norel "$@" "${boot[@]}" --append "$append /bin/teaperf record -o console:q.tea nonexistent"
[ $status -eq 127 ] && has norel "teaperf: cannot run nonexistent: No such file or directory" &&
	! grep -q '^TEA-FILE' "$work/norel.out"
check "a command not in PATH: status 127, nothing on the console (got $status)" $? norel

run nopath "$@" "${boot[@]}" --host-dir "$work/host" --append "console=ttyS0 earlycon panic=-1 oops=panic \
PATH=/usr:/sbin -- /bin/teaperf record -o host:p.tea loop"
[ $status -eq 127 ] && has nopath "teaperf: cannot run loop: No such file or directory" &&
	[ ! -e "$work/host/p.tea" ]
check "PATH is searched when set (PATH=/usr:/sbin: no loop; got $status)" $? nopath

run noexec "$@" "${boot[@]}" --host-dir "$work/host" --append "$append /bin/teaperf record -o host:w.tea /lib/modules/tea_pmu.ko"
[ $status -eq 126 ] && has noexec "teaperf: cannot run /lib/modules/tea_pmu.ko: Permission denied" &&
	[ ! -e "$work/host/w.tea" ]
check "a file that is not executable: status 126, no file (got $status)" $? noexec

run period "$@" "${boot[@]}" --append "$append /bin/teaperf record --period 0 /bin/hello"
[ $status -eq 2 ] && has period "usage: teaperf record"
check "--period 0: the usage, status 2 (got $status)" $? period

[ $fails -eq 0 ] && echo "all TEA-under-Linux checks passed"
[ $fails -eq 0 ]
