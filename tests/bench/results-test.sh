#!/usr/bin/env bash
# eval/results/results.sh, which `make results` runs, on a page of its own
# in a scratch git repository with a stand-in for make: the blocks it is
# asked for get what their command printed, less the build lines, and the
# commit it ran at; the others stay as they were, with theirs; the header
# names the commit most blocks were measured at; a failing command leaves
# its block and fails the run; an uncommitted tree is refused.
# usage: results-test.sh RESULTS_SH
set -u
results=$(realpath "$1")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
fails=0
check() {
	if [ "$2" -eq 0 ]; then echo "ok: $1"; else echo "FAIL: $1"; fails=$((fails + 1)); fi
}

# The stand-in for make: `fake-make --no-print-directory V=0 TARGET ARGS...`.
cat >fake-make <<'EOF'
#!/bin/sh
[ "$2" = V=0 ] || { echo "make without V=0"; exit 2; }
shift 2
case $1 in
table) echo "  CC      build/x.o"; echo "make[1]: Entering directory"; echo "row $2"
	echo "  indented row"; echo "  ROB    640 bits" ;;
md) printf '| a | b |\n|---|---|\n| 1 | 2 |\n' ;;
broken) [ -f fixed ] && echo fixed && exit 0; echo "no such program"; exit 2 ;;
esac
EOF
chmod +x fake-make
cat >page.md <<'EOF'
# Results

<!-- commit -->Measured at commit 1111111 unless a section names another.<!-- /commit -->

One table:

<!-- run: make table A=1 -->
```
row old
```
<!-- end -->

Another:

<!-- run-md: make md -->
Measured at commit 2222222:

| old |
<!-- end -->

<!-- run: make broken -->
```
kept
```
<!-- end -->
EOF
git init -q . && git add -A && git -c user.name=t -c user.email=t@t commit -qm page
head=$(git rev-parse --short=7 HEAD)

"$results" ./fake-make page.md table >out 2>&1
check "a block that ran exits 0 (status $?)" $?
awk '/<!-- run: make table A=1 -->/ { f = 1; next } f && /<!-- end -->/ { exit } f' page.md >block
# shellcheck disable=SC2016 # the backquotes are the block's fence
printf '```\nrow A=1\n  indented row\n  ROB    640 bits\n```\n' | cmp -s - block
check "its block holds what the command printed, without build lines" $?
grep -qx "Measured at commit 2222222:" page.md && grep -qx "| old |" page.md &&
	grep -qx "kept" page.md
check "the blocks not asked for keep their output and their commit" $?
grep -qx "Measured at commit 1111111:" page.md
check "a block that named no commit gets the old header's" $?
grep -qx "<!-- commit -->Measured at commit $head, except where a section names another commit.<!-- /commit -->" page.md
check "with blocks at several commits, one each, the header names the one just measured and says so" $?

commit() { git -c user.name=t -c user.email=t@t commit -qam "$1" && git rev-parse --short=7 HEAD; }
head=$(commit measured)
"$results" ./fake-make page.md table md >out 2>&1
grep -qx "<!-- commit -->Measured at commit $head, except where a section names another commit.<!-- /commit -->" page.md &&
	! grep -qx "Measured at commit $head:" page.md && grep -qx "| 1 | 2 |" page.md &&
	grep -qx "Measured at commit 1111111:" page.md
check "the header names the commit most blocks have, and only the others name theirs" $?

head=$(commit again)
"$results" ./fake-make page.md broken >out 2>&1
status=$?
[ $status -ne 0 ] && grep -q "'make broken' failed" out && grep -qx kept page.md
check "a failing command fails the run and leaves its block (status $status)" $?

touch fixed
"$results" ./fake-make page.md >out 2>&1
grep -qx "<!-- commit -->Every figure below was measured at commit $head.<!-- /commit -->" page.md &&
	! grep -q "^Measured at commit" page.md && grep -qx "fixed" page.md
check "with every block run at one commit the header alone names it" $?

git checkout -q page.md
echo change >>fake-make
before=$(md5sum <page.md)
"$results" ./fake-make page.md >out 2>&1
status=$?
[ $status -eq 2 ] && grep -q "uncommitted changes" out && [ "$before" = "$(md5sum <page.md)" ]
check "an uncommitted tree is refused, the page untouched (status $status)" $?

echo "$((8 - fails)) passed, $fails failed"
[ $fails -eq 0 ]
