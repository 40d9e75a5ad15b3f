#!/bin/sh
# Records Puppet 7.23's `puppet lookup --explain` for each line of
# explain.txt into explain.golden, with this folder's path as @HERE@.
cd "$(dirname "$0")" || exit 1
here=$(pwd)
grep -v '^#' explain.txt | grep -v '^$' | while IFS= read -r q; do
	echo "== $q"
	# shellcheck disable=SC2086
	puppet lookup --environmentpath "$here/environments" --environment production \
		--hiera_config "$here/global/hiera.yaml" --facts "$here/facts.yaml" \
		--explain $q 2>/dev/null | sed "s#$here#@HERE@#g"
done > explain.golden
