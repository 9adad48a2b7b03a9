#!/usr/bin/env bash
# make install and make uninstall (scripts/install.mk): copies files into
# $DESTDIR and writes each path it installed, and each folder it created,
# to a manifest installed with them, so that uninstall removes exactly
# those, whatever the build tree holds by then.
# usage: install.sh install MANIFEST [KIND SOURCE DEST]...
#        install.sh uninstall MANIFEST
# KIND is bin (mode 755), data (644), tree (a folder, copied file by file
# with its modes and symbolic links) or link (DEST a symbolic link to
# SOURCE); with a leading '?', a SOURCE that is missing is skipped (the
# files of make linux, which not every build tree has). DEST and MANIFEST are installed paths: $DESTDIR goes before them.
set -euo pipefail

mode=$1 manifest=$2
shift 2
D=${DESTDIR:-}

# Folders are created one level at a time so that the manifest names
# those that did not exist before, and only those are removed.
make_dir() {
	local dir=$1
	[ -d "$D$dir" ] && return 0
	# DESTDIR itself is the caller's, made but not recorded.
	case $dir in /|.) mkdir -p "$D/"; return 0 ;; esac
	make_dir "$(dirname "$dir")"
	mkdir "$D$dir"
	echo "dir $dir" >>"$list"
}

put() {
	local kind=$1 src=$2 dest=$3
	make_dir "$(dirname "$dest")"
	case $kind in
	bin) install -m 755 "$src" "$D$dest" ;;
	data) install -m 644 "$src" "$D$dest" ;;
	link) ln -sfn "$src" "$D$dest" ;;
	tree)
		local rel
		make_dir "$dest"
		while IFS= read -r -d '' rel; do
			rel=${rel#./}
			if [ -d "$src/$rel" ] && [ ! -L "$src/$rel" ]; then
				make_dir "$dest/$rel"
			else
				cp -P --preserve=mode "$src/$rel" "$D$dest/$rel"
				echo "file $dest/$rel" >>"$list"
			fi
		done < <(cd "$src" && find . -mindepth 1 -print0 | sort -z)
		return 0
		;;
	*) echo "install.sh: unknown kind $kind" >&2; exit 1 ;;
	esac
	echo "file $dest" >>"$list"
}

case $mode in
install)
	# A second install over the first: remove the first's files, so that
	# the manifest stays exact when the list changed between them.
	[ -f "$D$manifest" ] && "$0" uninstall "$manifest" >/dev/null
	list=$(mktemp)
	trap 'rm -f "$list"' EXIT
	while [ $# -ge 3 ]; do
		kind=$1
		if [ "${kind#\?}" != "$kind" ]; then
			kind=${kind#\?}
			[ -e "$2" ] || { shift 3; continue; }
		fi
		echo "  INSTALL $3"
		put "$kind" "$2" "$3"
		shift 3
	done
	make_dir "$(dirname "$manifest")"
	echo "file $manifest" >>"$list"
	install -m 644 "$list" "$D$manifest"
	;;
uninstall)
	if [ ! -f "$D$manifest" ]; then
		echo "uninstall: nothing installed ($D$manifest is missing)"
		exit 0
	fi
	# Files first (the manifest among them), then the folders install
	# created, deepest first, each only if nothing else was put there since.
	entries=$(cat "$D$manifest")
	while read -r kind path; do
		[ "$kind" = file ] && rm -f "$D$path"
	done <<<"$entries"
	while IFS= read -r path; do
		[ -n "$path" ] && { rmdir "$D$path" 2>/dev/null || true; }
	done < <(sed -n 's/^dir //p' <<<"$entries" | sort -r)
	echo "  UNINSTALL $D$manifest"
	;;
*)
	echo "usage: install.sh install|uninstall MANIFEST [KIND SOURCE DEST]..." >&2
	exit 2
	;;
esac
