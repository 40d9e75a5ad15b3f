#!/bin/sh
# Records Puppet 7.23's answers to queries.txt into queries.golden:
# "== <query>" then the JSON `puppet lookup --render-as json` printed, or
# "(not found, exit N)". It works in the folder named as its argument
# (lookup-v3 records through it), or else its own; @ROOT@ in the folder's
# facts.yaml stands for the folder, for the datadirs of hiera.yaml.
cd "${1:-$(dirname "$0")}" || exit 1
here=$(pwd)
facts=$(mktemp --suffix=.yaml)
sed "s#@ROOT@#$here#" facts.yaml > "$facts"
grep -v '^#' queries.txt | grep -v '^$' | while IFS= read -r q; do
	echo "== $q"
	# shellcheck disable=SC2086
	out=$(puppet lookup --environmentpath "$here/environments" --environment production \
		--hiera_config "$here/global/hiera.yaml" --facts "$facts" \
		--render-as json $q 2>/dev/null)
	rc=$?
	if [ $rc -eq 0 ]; then echo "$out"; else echo "(not found, exit $rc)"; fi
done > queries.golden
rm -f "$facts"
