#!/usr/bin/env bash
# Prepares input for TestPuppetDumps: copies every .pp and .epp file under
# SRC to DEST and writes beside each one Puppet's own tree for it
# (`puppet parser dump` / `puppet epp dump`). Needs Puppet 7 on PATH.
#
#   testdata/puppet-dumps.sh /tmp/corpus /tmp/dumps
#   ORDO_PUPPET_DUMPS=/tmp/dumps go test ./internal/puppet/parser -run TestPuppetDumps -v
set -euo pipefail
src=${1:?usage: puppet-dumps.sh SRC DEST}
dest=${2:?usage: puppet-dumps.sh SRC DEST}
mkdir -p "$dest"
cd "$src"
find . \( -name '*.pp' -o -name '*.epp' \) -type f | sort | while read -r f; do
  mkdir -p "$dest/$(dirname "$f")"
  cp "$f" "$dest/$f"
done
cd "$dest"
# One Puppet process per kind of file; the outputs are split per file.
find . -name '*.pp' -type f | sort >pp.list
find . -name '*.epp' -type f | sort >epp.list
if [ -s pp.list ]; then
  xargs puppet parser dump --color=false <pp.list >pp.dump 2>/dev/null || true
  awk '/^--- \.\/.*\.pp/ { match($0, /^--- [^(:]*\.pp/); out = substr($0, 5, RLENGTH - 4) ".puppetdump"; $0 = substr($0, RLENGTH + 1) }
       out { print > out }' pp.dump
fi
while read -r f; do
  puppet epp dump --no-header --color=false "$f" >"$f.puppetdump" 2>/dev/null || true
done <epp.list
rm -f pp.list epp.list pp.dump
