#!/usr/bin/env bash
# Differential mutation test against Puppet 7: makes N small random edits
# of the .pp files under SRC (default: the golden inputs), asks both
# `puppet parser validate` and `ordo parser validate` about each, and lists
# the files where one accepts what the other rejects, or where the first
# error is at a different place. Needs Puppet 7, python3 and an ordo binary.
#
#   testdata/mutate-with-puppet.sh ./ordo /tmp/corpus/apache 300
set -euo pipefail
ordo=${1:?usage: mutate-with-puppet.sh ORDO [SRC] [N]}
src=${2:-}
count=${3:-200}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ -z "$src" ]; then
  src=$work/src
  mkdir -p "$src"
  for ar in "$here"/*.txtar; do
    awk -v dir="$src" -v base="$(basename "$ar" .txtar)" '/^-- .*\.pp --$/ { f = dir "/" base "-" $2; next }
      /^-- / { f = ""; next } f { print > f }' "$ar"
  done
fi
python3 - "$src" "$work/m" "$count" <<'PY'
import glob, os, random, re, sys
src, out, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
os.makedirs(out)
files = [f for f in glob.glob(src + '/**/*', recursive=True) if os.path.isfile(f) and not f.endswith('.txtar')]
texts = [open(f, errors='replace').read() for f in files]
texts = [t for t in texts if t.strip() and len(t) < 8000]
tok = re.compile(r"\s+|'[^']*'|\"[^\"]*\"|\$?[A-Za-z_:][\w:]*|\d+|=>|->|~>|<-|<~|<\||\|>|==|!=|=~|!~|[^\s]")
extra = ['{', '}', '(', ')', '[', ']', ',', ';', ':', '=>', '+>', '$x', 'foo', 'File', '->', '|', '=', '?',
         '@', '*', '"a${b}"', "'s'", 'if', 'else', 'case', 'class', 'node', 'default', 'undef', '1', '/re/',
         '<|', '|>', 'and', 'in', '!', '-', '.', '\n']
random.seed(1)
for i in range(n):
    t = tok.findall(random.choice(texts))
    for _ in range(random.choice([1, 1, 2])):
        j = random.randrange(len(t))
        op = random.choice(['del', 'dup', 'swap', 'ins'])
        if op == 'del': del t[j]
        elif op == 'dup': t.insert(j, t[j])
        elif op == 'swap' and j + 1 < len(t): t[j], t[j + 1] = t[j + 1], t[j]
        else: t.insert(j, random.choice(extra))
    open('%s/m%04d.pp' % (out, i), 'w').write(''.join(t))
PY
cd "$work/m"
ls ./*.pp | xargs -P 2 -I{} sh -c 'puppet parser validate --color=false {} >{}.puppet 2>&1 || true'
agree=0
for f in ./*.pp; do
  perr=$(grep -m1 'Error' "$f.puppet" || true)
  oerr=$("$ordo" parser validate "$f" 2>&1 | grep -m1 'error:' || true)
  pat=$(echo "$perr" | sed -n 's/.*line: \([0-9]*\), column: \([0-9]*\)).*/\1:\2/p')
  oat=$(echo "$oerr" | sed -n 's/^[^:]*:\([0-9]*:[0-9]*\):.*/\1/p')
  pv=ok; [ -n "$perr" ] && pv=error
  ov=ok; [ -n "$oerr" ] && ov=error
  if [ "$pv" != "$ov" ] || { [ -n "$pat" ] && [ "$pat" != "$oat" ]; }; then
    echo "== $f"
    echo "   puppet: ${perr:-accepted}"
    echo "   ordo:   ${oerr:-accepted}"
  else
    agree=$((agree + 1))
  fi
done
echo "$agree of $count mutations: same verdict and first-error position"
