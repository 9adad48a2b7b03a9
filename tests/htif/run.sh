#!/bin/sh
# Runs one program of tests/htif on teasim: it must exit with 0, having
# printed the lines it is meant to (htif-write: 42 on stdout, the last
# "htif-write: every answer arrived"; the ISA test: nothing).
# usage: run.sh PROGRAM.elf TEASIM [TEASIM OPTIONS...]
set -u
elf=$1
shift
name=$(basename "$elf" .elf)
out=$("$@" -q --max-insns 20000000 "$elf")
rc=$?
echo "$out"
[ "$rc" -eq 0 ] || { echo "$name: exit code $rc"; exit 1; }
case $name in
htif-write)
	[ "$(echo "$out" | wc -l)" -eq 42 ] || { echo "$name: expected 42 lines"; exit 1; }
	[ "$(echo "$out" | tail -n 1)" = "htif-write: every answer arrived" ] ||
		{ echo "$name: the last line is wrong"; exit 1; }
	;;
*)
	[ -z "$out" ] || { echo "$name: printed something"; exit 1; }
	;;
esac
