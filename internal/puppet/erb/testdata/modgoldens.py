#!/usr/bin/env python3
"""Make golden archives from the templates of Puppet modules.

usage: modgoldens.py MODULES_DIR OUT_DIR

MODULES_DIR holds modules fetched from their public repositories (never
committed here). For every .erb template outside spec/ that needs nothing
but its variables (no Puppet function, scope lookup or $name/$title),
this writes a case with generated variables into OUT_DIR/modNN.txtar, 40
cases an archive: names read like booleans get true, plural names a list
of two strings, numeric-sounding names 10, *options/*hash names a small
hash, the rest a string. Record the outputs with record.py, then run
TestRenderGoldens with ORDO_ERB_GOLDENS=OUT_DIR.
"""
import json
import os
import re
import sys

NEEDS_MORE = re.compile(
    r"function_(?!fail)|call_function|@name\b|@title\b|@module_name|scope\.|scope\[|to_hash|classes|has_variable"
)
RESERVED = {"name", "title", "facts", "trusted", "server_facts"}


def value_for(n):
    if re.search(r"(^|_)(enable|enabled|manage|ensure_|use|purge)(_|$)|_enable$|^(ssl|ipv6|debug|sendfile)$", n):
        return True
    if n.endswith("s") and not n.endswith("ss") and not n.endswith("status"):
        return [f"{n}_a", f"{n}_b"]
    if re.search(r"(port|timeout|size|count|interval|max|min|number|level|limit)", n):
        return 10
    if re.search(r"(options|hash|params|settings|config)$", n):
        return {"k1": "v1", "k2": ["a", "b"], "k3": True}
    return f"{n}_value"


def main():
    mods, out_dir = sys.argv[1], sys.argv[2]
    paths = []
    for root, _, files in os.walk(mods):
        if "/spec/" in root + "/":
            continue
        paths += [os.path.join(root, f) for f in files if f.endswith(".erb")]
    paths.sort()
    cases, skipped = [], 0
    for p in paths:
        src = open(p).read()
        if NEEDS_MORE.search(src):
            skipped += 1
            continue
        names = sorted(set(re.findall(r"@([a-z_][a-z0-9_]*)", src)) - RESERVED)
        name = re.sub(r"[^a-z0-9_]", "_", os.path.relpath(p, mods).lower())
        cases.append((name, src, {n: value_for(n) for n in names}))
    os.makedirs(out_dir, exist_ok=True)
    for i in range(0, len(cases), 40):
        parts = ["Modules' templates with generated variables.\n"]
        for name, src, vars_ in cases[i : i + 40]:
            parts.append(f"-- {name}.erb --\n{src}" + ("" if src.endswith("\n") else "\n"))
            parts.append(f"-- {name}.vars --\n{json.dumps(vars_)}\n")
        with open(os.path.join(out_dir, f"mod{i // 40:02d}.txtar"), "w") as f:
            f.write("".join(parts))
    print(f"{len(paths)} templates, {skipped} need more than variables, {len(cases)} cases", file=sys.stderr)


if __name__ == "__main__":
    main()
