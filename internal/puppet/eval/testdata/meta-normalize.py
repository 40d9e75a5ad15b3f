#!/usr/bin/env python3
"""Print the tags, file and line of each resource of a Puppet catalog
(JSON on stdin), one line per resource in catalog order, and the
catalog's classes; nothing when there is no catalog. argv[1]: sandbox
root to replace with @ROOT@."""
import json, sys

text = sys.stdin.read()
if len(sys.argv) > 1:
    text = text.replace(sys.argv[1], "@ROOT@")
import re
m = re.search(r"^\{", text, re.M)
if not m:
    sys.exit(0)
start = m.start()
cat = json.loads(text[start:])
for r in cat.get("resources", []):
    if r["type"] == "Class" and r["title"] == "Settings":
        continue
    print("%s[%s] tags=%s file=%s line=%s" % (r["type"], r["title"], ",".join(r.get("tags", [])), r.get("file", "-"), r.get("line", "-")))
print("classes " + ",".join(cat.get("classes", [])))
