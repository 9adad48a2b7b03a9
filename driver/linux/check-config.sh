#!/bin/sh
# Checks that every option of the config fragments took in the kernel's
# .config: Kconfig drops an option silently when its dependencies are not
# met. A later fragment's value of an option is the one wanted, as
# merge_config.sh merges them.
# usage: check-config.sh .config FRAGMENT...
config=$1
shift
bad=0
for opt in $(cat "$@" | grep -o '^CONFIG_[A-Z0-9_]*' | sort -u); do
	want=$(cat "$@" | grep "^$opt=" | tail -n 1 | cut -d= -f2-)
	have=$(grep "^$opt=" "$config" | cut -d= -f2-)
	[ -n "$have" ] || have=n
	if [ "$want" != "$have" ]; then
		echo "linux: $opt is $have in $config, the fragments ($*) want $want" >&2
		bad=1
	fi
done
exit $bad
