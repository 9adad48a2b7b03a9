#!/usr/bin/env bash
# A Slurm cluster of one node, this machine, from Debian's packages
# (slurmctld, slurmd, munge; installed when missing): for `make eval
# SCHED=slurm` without a cluster, and for its test. Everything it runs
# and writes is its own: a munge key and daemon on a private socket,
# slurmctld and slurmd on ports TEA_SLURM_PORT and the next (default 6917:
# not Slurm's own, so a real installation on the machine is left alone),
# state and logs under TEA_SLURM_DIR (default /tmp/tea-slurm-UID), one
# partition "tea" with the machine's cores. The daemons run as root (slurmd starts each job as its
# user): run as root or with passwordless sudo.
# usage: slurm-local.sh start|stop|status
#   start   brings the cluster up, waits until its node takes jobs, and
#           prints the line that points Slurm's commands at it:
#           export SLURM_CONF=DIR/slurm.conf
#   stop    stops the daemons and removes DIR
#   status  the node's state (sinfo); exit 1 when the cluster is down
set -euo pipefail
dir=${TEA_SLURM_DIR:-/tmp/tea-slurm-$(id -u)}
conf=$dir/slurm.conf
port=${TEA_SLURM_PORT:-6917}
here=$(cd "$(dirname "$0")" && pwd)

die() { echo "slurm-local: $*" >&2; exit 1; }

sudo=
if [ "$(id -u)" -ne 0 ]; then
	if ! command -v sudo >/dev/null 2>&1 || ! sudo -n true 2>/dev/null; then
		die "the daemons run as root: run as root or with passwordless sudo"
	fi
	sudo=sudo
fi

# Whether $dir is the cluster's own: a real folder of root's, which no one
# else can have planted (it is a known name in /tmp, and root kills the
# pids its files name and runs the daemons on its files).
ours() {
	[ -d "$dir" ] && [ ! -L "$dir" ] && [ "$(stat -c %u "$dir")" = 0 ]
}

# A daemon's pid from its pid file, when it runs.
running() {
	local pid
	[ -r "$1" ] && pid=$(cat "$1") && [ -n "$pid" ] && $sudo kill -0 "$pid" 2>/dev/null
}

write_conf() {
	local host mem
	host=$(hostname -s)
	mem=$(awk '/^MemTotal:/ { print int($2 / 1024 * 0.9) }' /proc/meminfo)
	$sudo tee "$conf" >/dev/null <<EOF
ClusterName=tea
SlurmctldHost=$host(127.0.0.1)
SlurmUser=root
SlurmctldPort=$port
SlurmdPort=$((port + 1))
AuthType=auth/munge
AuthInfo=socket=$dir/munge/munge.sock
CredType=cred/munge
StateSaveLocation=$dir/ctld
SlurmdSpoolDir=$dir/slurmd
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
MpiDefault=none
ReturnToService=2
NodeName=$host NodeAddr=127.0.0.1 CPUs=$(nproc) RealMemory=$mem State=UNKNOWN
PartitionName=tea Nodes=ALL Default=YES MaxTime=INFINITE State=UP
EOF
}

start() {
	"$here/install-deps.sh" slurm
	if ours && running "$dir/slurmctld.pid" && running "$dir/slurmd.pid"; then
		echo "export SLURM_CONF=$conf"
		return
	fi
	stop >/dev/null
	# made here, not found: munged wants its socket's folder searchable
	# by all, its key private
	$sudo mkdir -m 0755 "$dir" 2>/dev/null || die "$dir exists and is not the cluster's: remove it"
	$sudo mkdir -m 0755 "$dir/munge"
	$sudo mkdir "$dir/ctld" "$dir/slurmd"
	$sudo mungekey --create --keyfile="$dir/munge/munge.key"
	$sudo chmod 0600 "$dir/munge/munge.key"
	$sudo munged --socket="$dir/munge/munge.sock" --key-file="$dir/munge/munge.key" \
		--pid-file="$dir/munge/munged.pid" --log-file="$dir/munge/munged.log" \
		--seed-file="$dir/munge/munged.seed" ||
		die "munged did not start (see $dir/munge/munged.log)"
	write_conf
	$sudo slurmctld -f "$conf" || die "slurmctld did not start (see $dir/slurmctld.log)"
	$sudo slurmd -f "$conf" || die "slurmd did not start (see $dir/slurmd.log)"
	for _ in $(seq 60); do
		if SLURM_CONF=$conf sinfo -h -o %t 2>/dev/null | grep -qx idle; then
			echo "export SLURM_CONF=$conf"
			return
		fi
		sleep 1
	done
	die "the node did not come up within a minute (see $dir/slurmctld.log, $dir/slurmd.log)"
}

stop() {
	local f
	if [ -e "$dir" ] || [ -L "$dir" ]; then
		ours || die "$dir is not the cluster's (not root's own folder): left alone"
	fi
	if [ -f "$conf" ]; then
		SLURM_CONF=$conf scancel --quiet --user="$(id -un)" 2>/dev/null || true
	fi
	for f in "$dir/slurmd.pid" "$dir/slurmctld.pid" "$dir/munge/munged.pid"; do
		running "$f" && $sudo kill "$(cat "$f")"
	done
	for f in "$dir/slurmd.pid" "$dir/slurmctld.pid" "$dir/munge/munged.pid"; do
		for _ in $(seq 50); do running "$f" || break; sleep 0.1; done
		running "$f" && $sudo kill -9 "$(cat "$f")"
	done
	$sudo rm -rf "$dir"
	echo "slurm-local: stopped"
}

case ${1:-} in
start) start ;;
stop) stop ;;
status)
	[ -f "$conf" ] || die "not running (no $conf)"
	SLURM_CONF=$conf sinfo ;;
*) echo "usage: slurm-local.sh start|stop|status" >&2; exit 2 ;;
esac
