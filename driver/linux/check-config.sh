#!/bin/sh
# Checks that every option of a config fragment took in the kernel's
# .config: Kconfig drops an option silently when its dependencies are not
# met. usage: check-config.sh FRAGMENT .config
frag=$1 config=$2
bad=0
for opt in $(grep -o '^CONFIG_[A-Z0-9_]*' "$frag"); do
	want=$(grep "^$opt=" "$frag" | cut -d= -f2-)
	have=$(grep "^$opt=" "$config" | cut -d= -f2-)
	[ -n "$have" ] || have=n
	if [ "$want" != "$have" ]; then
		echo "linux: $opt is $have in $config, $frag wants $want" >&2
		bad=1
	fi
done
exit $bad
