#!/usr/bin/env bash
# Installs the Debian packages TEA builds and tests with, when they are
# missing. Safe to run again: it only installs what is not there.
# usage: install-deps.sh [slurm]
#   slurm: instead, the packages of a single-node Slurm cluster
#   (scripts/slurm-local.sh): not needed to build or test
set -euo pipefail

packages=(
	make gcc g++ pkg-config
	verilator yosys iverilog
	libfdt-dev device-tree-compiler
	libcmocka-dev
	libelf-dev libdw-dev
	jq python3 chromium
	man-db groff-base
	clang libclang-rt-14-dev
	libxml2-utils
	gcc-riscv64-unknown-elf binutils-riscv64-unknown-elf picolibc-riscv64-unknown-elf
	qemu-system-misc
	linux-source-6.1 gcc-riscv64-linux-gnu libc6-dev-riscv64-cross bc bison flex rsync patch opensbi
	openfpgaloader
)
if [ "${1:-}" = slurm ]; then
	packages=(slurmctld slurmd slurm-client munge)
fi

missing=()
for p in "${packages[@]}"; do
	status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
	[ "$status" = "install ok installed" ] || missing+=("$p")
done

if [ ${#missing[@]} -eq 0 ]; then
	exit 0
fi

echo "install-deps: missing Debian packages: ${missing[*]}"
if ! command -v apt-get >/dev/null 2>&1; then
	echo "install-deps: error: apt-get not found; this project needs Debian bookworm (install the packages above by hand)" >&2
	exit 1
fi
sudo=
if [ "$(id -u)" -ne 0 ]; then
	if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
		sudo=sudo
	else
		echo "install-deps: error: installing packages needs root; run as root or install them: apt-get install ${missing[*]}" >&2
		exit 1
	fi
fi
echo "install-deps: running apt-get update"
$sudo apt-get update -qq
echo "install-deps: installing ${missing[*]}"
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "install-deps: done"
