#!/usr/bin/env python3
"""Record the expected outputs of the ERB render goldens with real Puppet.

usage: record.py FILE.txtar...

Each archive holds cases: NAME.erb (the template) and optionally
NAME.vars (a JSON object of class variables; null is undef, a number
with a point or exponent is a Float, {"__sensitive": V} is Sensitive(V)). For every case this script runs
the template through Puppet's template() function in a class that sets
those variables, and writes NAME.out (the exact output and one newline,
as txtar files end in one) or NAME.err (the
line and detail Puppet reports, with the "Did you mean?" suggestions
Ruby appends; "syntax error" for a template Ruby cannot parse).
"""
import json
import os
import re
import shutil
import subprocess
import sys

WORK = "/tmp/ordoerb-record"


def parse_txtar(text):
    files, comment, name, buf = [], [], None, []
    for line in text.splitlines(keepends=True):
        m = re.match(r"^-- (.+) --\n?$", line)
        if m:
            if name is not None:
                files.append((name, "".join(buf)))
            name, buf = m.group(1).strip(), []
        elif name is None:
            comment.append(line)
        else:
            buf.append(line)
    if name is not None:
        files.append((name, "".join(buf)))
    return "".join(comment), files


def format_txtar(comment, files):
    out = [comment]
    for name, data in files:
        if data and not data.endswith("\n"):
            raise SystemExit(f"{name}: a txtar file must end with a newline")
        out.append(f"-- {name} --\n{data}")
    return "".join(out)


def puppet_literal(v):
    if v is None:
        return "undef"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return repr(v)
    if isinstance(v, float):
        r = repr(v)
        mant, e, exp = r.partition("e")
        if e and "." not in mant:
            r = mant + ".0e" + exp.lstrip("+")
        elif e:
            r = mant + "e" + exp.lstrip("+")
        return r
    if isinstance(v, str):
        return "'" + v.replace("\\", "\\\\").replace("'", "\\'") + "'"
    if isinstance(v, list):
        return "[" + ", ".join(puppet_literal(x) for x in v) + "]"
    if isinstance(v, dict) and list(v) == ["__sensitive"]:
        return "Sensitive(" + puppet_literal(v["__sensitive"]) + ")"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{puppet_literal(k)} => {puppet_literal(x)}" for k, x in v.items()) + "}"
    raise TypeError(v)


def manifest(cases):
    parts = []
    for i, (name, _, vars_) in enumerate(cases):
        body = "".join(f"  ${k} = {puppet_literal(v)}\n" for k, v in vars_.items())
        parts.append(
            f"class c_{i} {{\n{body}  file {{ '{WORK}/out/{i}': content => template('{WORK}/src/{name}') }}\n}}\ninclude c_{i}\n"
        )
    return "".join(parts)


def run(cases):
    shutil.rmtree(f"{WORK}/out", ignore_errors=True)
    os.makedirs(f"{WORK}/out")
    p = subprocess.run(
        ["puppet", "apply", "--color=false", "-e", manifest(cases)],
        capture_output=True, text=True,
    )
    return p.stdout + p.stderr


def main():
    global WORK
    base = WORK
    for path in sys.argv[1:]:
        WORK = base + "/" + os.path.basename(path)[:-6]
        comment, files = parse_txtar(open(path).read())
        names = [n for n, _ in files if n.endswith(".erb")]
        data = dict(files)
        shutil.rmtree(WORK, ignore_errors=True)
        os.makedirs(f"{WORK}/src")
        cases = []
        for n in names:
            with open(f"{WORK}/src/{n}", "w") as f:
                f.write(data[n])
            vars_ = json.loads(data.get(n[:-4] + ".vars", "{}") or "{}")
            cases.append((n, data[n], vars_))
        results = {}
        pending = list(cases)
        while pending:
            out = run(pending)
            m = re.search(r"Failed to parse template " + re.escape(WORK) + r"/src/(\S+?):\n  Filepath: .*?\n  Line: (\d*)\n  Detail: (.*?)\n \(line:", out, re.S)
            s = re.search(r"Could not run: " + re.escape(WORK) + r"/src/(\S+?):(\d+): (syntax error[^\n]*)", out)
            if m:
                results[m.group(1)] = ("err", f"line {m.group(2)}\n{m.group(3)}\n")
                pending = [c for c in pending if c[0] != m.group(1)]
                continue
            if s:
                results[s.group(1)] = ("err", f"line {s.group(2)}\nsyntax error\n")
                pending = [c for c in pending if c[0] != s.group(1)]
                continue
            if "Error:" in "\n".join(l for l in out.splitlines() if "Facter" not in l):
                raise SystemExit(f"{path}: puppet failed:\n{out}")
            for i, (n, _, _) in enumerate(pending):
                with open(f"{WORK}/out/{i}", newline="") as f:
                    # txtar files end in a newline: one more is always added
                    results[n] = ("out", f.read() + "\n")
            pending = []
        new = []
        for n, d in files:
            if n.endswith(".out") or n.endswith(".err"):
                continue
            new.append((n, d))
            if n.endswith(".erb"):
                kind, text = results[n]
                new.append((n[:-4] + "." + kind, text))
        with open(path, "w") as f:
            f.write(format_txtar(comment, new))
        print(f"{path}: {len(names)} cases")


if __name__ == "__main__":
    main()
