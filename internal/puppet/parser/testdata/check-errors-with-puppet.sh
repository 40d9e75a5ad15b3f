#!/usr/bin/env bash
# Checks errors.pp against Puppet 7: parses each manifest chunk with
# `puppet parser validate` and prints the chunks whose first error differs
# from the first "### col: message" marker (message prefix, line, column).
# Needs Puppet 7 on PATH. Known, deliberate differences: ordo names an
# illegal character and an empty "${}" where Puppet says "Syntax error at ''".
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
awk -v dir="$work" 'BEGIN { n = 0; f = sprintf("%s/c%03d.pp", dir, n) }
  /^---$/ { n++; f = sprintf("%s/c%03d.pp", dir, n); next }
  { print > f }' "$here/errors.pp"
for f in "$work"/c*.pp; do
  head -c 8 "$f" | grep -q '<%#epp%>' && continue
  marker=$(grep -n -m1 '### [0-9]*: ' "$f" | sed 's/^\([0-9]*\):.*### \([0-9]*\): \(.*\)$/\1:\2 \3/') || continue
  out=$(puppet parser validate --color=false "$f" 2>&1 | grep -m1 Error | sed 's/.*Error: Could not parse for environment production: //; s/^.*Error: //') || true
  at=$(echo "$out" | sed -n 's/.*line: \([0-9]*\), column: \([0-9]*\)).*/\1:\2/p')
  msg=$(echo "$out" | sed 's/ (file: .*//; s/ (line: .*//')
  want_at=${marker%% *}
  want_msg=${marker#* }
  case "$msg" in "$want_msg"*) same_msg=1 ;; *) same_msg=0 ;; esac
  if [ "$same_msg" = 0 ] || { [ -n "$at" ] && [ "$at" != "$want_at" ]; }; then
    echo "$(basename "$f"): errors.pp says [$want_at $want_msg], Puppet says [$at $msg]"
    sed 's/^/    /' "$f"
  fi
done
