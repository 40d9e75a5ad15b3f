#!/usr/bin/env python3
"""cases.py — write the inputs of the malformed-catalog suite.

Each case becomes NAME.txtar in this folder, holding
  the comment    what the case tries, and `compare:` lines (README.md)
  catalog.json   the catalog, @ROOT@ for the sandbox
  setup.sh       (optional) sh run in the sandbox before the apply
The catalogs are built on the shape `puppet catalog find` printed for
../differential/file-create-content.json: Stage[main], Class[Settings] and
Class[main] containing the case's resources. Sections recorded by `record`
(puppet.*) are kept when a case's inputs did not change.

Run: python3 cases.py [NAME...]
"""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SKELETON = os.path.join(HERE, "..", "differential", "file-create-content.json")


def skeleton():
    base = json.load(open(SKELETON))
    base["resources"] = base["resources"][:3]
    base["edges"] = base["edges"][:2]
    return base


def res(typ, title, params=None, **extra):
    r = {"type": typ, "title": title, "tags": [typ.lower(), "class"],
         "file": "@ROOT@/case.pp", "line": 1, "exported": False, "kind": "compilable_type"}
    if params is not None:
        r["parameters"] = params
    r.update(extra)
    return r


def catalog(*resources, edges=None, **top):
    c = skeleton()
    for i, r in enumerate(resources):
        r = dict(r)
        if "line" in r and r["line"] == 1:
            r["line"] = i + 1
        c["resources"].append(r)
        if isinstance(r.get("type"), str) and isinstance(r.get("title"), str):
            c["edges"].append({"source": "Class[main]", "target": "%s[%s]" % (r["type"], r["title"])})
    if edges:
        c["edges"].extend(edges)
    c.update(top)
    return json.dumps(c, indent=2, ensure_ascii=False) + "\n"


def f(title, **params):
    return res("File", title, params)


R = "@ROOT@/r/"
CASES = []


def case(name, doc, cat, setup=None, compare=None, flags=None, after=None, runs=None, between=None):
    if isinstance(cat, str):
        cat = cat.encode()
    CASES.append((name, doc, compare or COMPARE.get(name, "log"), cat, setup, flags, after, runs, between))


# How each case's messages are compared (README.md); "log" when not listed.
# refused: Puppet's message is the Ruby error of its deserializer, so only
# the refusal is compared; refused-same: Puppet's specific message too.
COMPARE = {}
for n in ("cat-array cat-bom cat-empty-file cat-null cat-number cat-nul-byte cat-params-array "
          "cat-params-string cat-resources-object cat-trailing-garbage cat-truncated "
          "val-checksum-crc32").split():
    COMPARE[n] = "refused"
for n in ("cat-duplicate-resource cat-edge-missing-source cat-edge-missing-target cat-edge-not-ref "
          "cat-resource-no-title cat-resource-no-type cat-resource-string cat-rich-unknown-ptype "
          "cat-tags-odd cat-title-empty cat-unknown-type str-nul-in-path val-backup-integer "
          "val-content-and-source val-content-bool val-content-float val-content-hash val-content-integer "
          "val-content-null val-ensure-empty val-mode-huge val-mode-integer val-mode-invalid val-path-array "
          "val-replace-maybe meta-alias-clash meta-loglevel-bogus meta-noop-bogus meta-noop-string "
          "meta-require-not-ref meta-tag-odd exec-relative exec-timeout-string path-relative "
          "path-slash-variants path-two-resources src-relative").split():
    COMPARE[n] = "refused-same"
for n in ("sched-period-bogus sched-range-invalid sched-repeat-number sched-weekday-bogus sched-range-array-mixed "
          "sched-weekday-seven sched-repeat-string sched-periodmatch-bogus sched-range-minutes-bogus "
          "sched-range-hour-huge sched-weekday-hash host-two-same-name mount-two-same-name "
          "sshkey-two-users-one-file concat-two-same-path").split():
    COMPARE[n] = "refused-same"
for n in ("anchor-unknown-param concat-content-and-source concat-fragment-no-content concat-order-bogus concat-order-colon concat-path-relative cron-environment-bogus cron-hour-string cron-minute-bogus cron-special-and-minute cron-special-bogus cron-weekday-bogus fileline-multiple-bogus fileline-no-line fileline-path-relative group-ensure-bogus group-gid-string host-alias-space host-comment-newline host-ip-integer host-ip-invalid host-name-invalid mount-dump-bogus mount-ensure-bogus mount-options-empty pkg-name-empty pkg-provider-unknown pkg-reinstall-bogus sshkey-key-space sshkey-type-bogus svc-ensure-bogus svc-hasstatus-string svc-provider-unknown user-ensure-bogus user-expiry-bogus user-groups-comma user-membership-bogus user-password-max-age-bogus").split():
    COMPARE[n] = "refused-same"
# ordo's decoder says where in the catalog, and adds a "did you mean".
COMPARE["str-invalid-utf8-path"] = "refused; error ~ title of resource 4 \\(File\\): invalid byte sequence in UTF-8$"
COMPARE["str-lone-surrogate"] = "refused; error ~ incomplete surrogate pair at '\\\\ud800'$"
COMPARE["str-invalid-utf8-path-param"] = "refused-same"
COMPARE["str-invalid-utf8-target"] = "refused-same"
# Puppet's log holds a Ruby backtrace.
COMPARE["str-invalid-utf8-message"] = "errors"
COMPARE["cat-binary-invalid"] = "refused; error ~ : invalid base64 "
COMPARE["val-unknown-param"] = "refused; error ~ ^Error: no parameter named 'conten'"
COMPARE["anchor-unknown-param"] = "refused; error ~ ^Error: no parameter named 'knob'"
# Puppet's message is a Ruby NoMethodError.
COMPARE["ini-path-relative"] = "refused-same"
COMPARE["inisub-path-relative"] = "refused-same"
# Puppet's message is a Ruby NoMethodError.
COMPARE["ini-value-hash"] = "refused; error ~ Parameter value failed on Ini_setting\\[ordosuite\\]: Munging failed for value \\{\"a\"=>1\\}"
# --debug: Puppet's own debug lines are not compared, only what forcelocal does.
COMPARE["user-forcelocal-absent"] = ("line ~ ^Debug: .*User\\[ordosuite-u\\]: Provider useradd does not support features "
                                     "manages_local_users_and_groups. not managing attribute forcelocal$; "
                                     "line ~ ^Debug: .*User\\[ordosuite-u\\]: Nothing to manage: no ensure and the resource doesn't exist$")
COMPARE["user-forcelocal-absent-libuser"] = "line ~ ^Debug: .*User\\[ordosuite-u\\]: Nothing to manage: no ensure and the resource doesn't exist$"
# The time the request took is in Puppet's message.
COMPARE["http-connection-refused"] = ("error ~ ^Error: /Stage\\[main\\]/Main/File\\[@ROOT@/r/a\\]: Could not evaluate: Could not retrieve "
                                      "file metadata for http://127.0.0.1:1/plain.txt: Request to http://127.0.0.1:1/plain.txt failed after "
                                      "[0-9.]+ seconds: Failed to open TCP connection to 127.0.0.1:1 \\(Connection refused - connect\\(2\\) for 127.0.0.1:1\\)$")
COMPARE["host-ip-integer"] = "refused; error ~ Invalid IP address 3221225985"


# --- the catalog as a whole -----------------------------------------------
case("cat-null", "The catalog is JSON null.", "null\n")
case("cat-empty-object", "The catalog is {}: Puppet applies an empty catalog.", "{}\n")
case("cat-array", "The catalog is a JSON array.", "[]\n")
case("cat-string", "The catalog is a JSON string.", '"catalog"\n')
case("cat-number", "The catalog is a number.", "42\n")
case("cat-empty-file", "The catalog file is empty.", "")
case("cat-truncated", "The catalog is cut off in the middle of a resource.",
     catalog(f(R + "a", content="a\n"))[:700])
case("cat-trailing-garbage", "A valid catalog followed by garbage.",
     catalog(f(R + "a", content="a\n")) + "garbage\n")
case("cat-nul-byte", "A raw NUL byte between two tokens.",
     catalog(f(R + "a", content="a\n")).replace('"resources":', '"resources":\0', 1))
case("cat-bom", "A UTF-8 byte order mark before the catalog.",
     "\ufeff" + catalog(f(R + "a", content="a\n")))
case("cat-resources-object", "resources is an object, not an array.",
     json.dumps({**skeleton(), "resources": {"a": 1}}, indent=2) + "\n")
case("cat-resources-null", "resources is null.",
     json.dumps({**skeleton(), "resources": None, "edges": []}, indent=2) + "\n")
case("cat-resource-string", "A resource that is a string.",
     json.dumps({**skeleton(), "resources": skeleton()["resources"] + ["File[/x]"]}, indent=2) + "\n")
case("cat-no-resources-key", "No resources and no edges keys at all.",
     json.dumps({"name": "node.example", "version": 1, "catalog_format": 2, "environment": "production"}) + "\n")
case("cat-format-99", "catalog_format 99.", catalog(f(R + "a", content="a\n"), catalog_format=99))
case("cat-version-object", "The version is an object.", catalog(f(R + "a", content="a\n"), version={"a": 1}))
case("cat-environment-other", "environment names one that does not exist here.",
     catalog(f(R + "a", content="a\n"), environment="nosuchenv"))
case("cat-name-empty", "The node name is empty.", catalog(f(R + "a", content="a\n"), name=""))
case("cat-edge-missing-target", "A containment edge to a resource not in the catalog.",
     catalog(f(R + "a", content="a\n"), edges=[{"source": "Class[main]", "target": "File[/nonexistent/ordosuite]"}]))
case("cat-edge-missing-source", "A containment edge from a resource not in the catalog.",
     catalog(f(R + "a", content="a\n"), edges=[{"source": "Class[Nosuch]", "target": "File[" + R + "a]"}]))
case("cat-edge-not-ref", "An edge whose source is not a resource reference.",
     catalog(f(R + "a", content="a\n"), edges=[{"source": "nonsense", "target": "File[" + R + "a]"}]))
case("cat-edge-extra-key", "An edge with an unknown key.",
     catalog(f(R + "a", content="a\n"), edges=[{"source": "Class[main]", "target": "File[" + R + "a]", "weight": 3}]))
case("cat-duplicate-resource", "The same File twice.",
     catalog(f(R + "a", content="one\n"), f(R + "a", content="two\n")))
case("cat-duplicate-param-key", "A parameters object with the same key twice: the last wins in JSON parsers.",
     catalog(f(R + "a", content="one\n")).replace('"content": "one\\n"', '"content": "one\\n", "content": "two\\n"'))
case("cat-resource-no-type", "A resource without a type.",
     catalog({"title": R + "a", "exported": False, "parameters": {"content": "a"}}))
case("cat-resource-no-title", "A resource without a title.",
     catalog({"type": "File", "exported": False, "parameters": {"path": R + "a", "content": "a"}}))
case("cat-title-integer", "A notify whose title is an integer.", catalog(res("Notify", 42, {})))
case("cat-title-empty", "A notify whose title is empty.", catalog(res("Notify", "", {})))
case("cat-title-huge", "A notify with a 20000-character title.", catalog(res("Notify", "n" * 20000, {"message": "huge title"})))
case("cat-params-array", "parameters is an array.", catalog(res("Notify", "x", ["message", "hi"])))
case("cat-params-string", "parameters is a string.", catalog(res("Notify", "x", "message")))
case("cat-unknown-type", "A resource of a type that does not exist.",
     catalog(f(R + "first", content="x"), res("Frobnicate", "x", {"knob": 1})))
case("cat-lowercase-type", "The type written in lower case.", catalog(res("file", R + "a", {"content": "a\n"})))
case("cat-tags-odd", "Tags with upper case, spaces, an integer and an empty string.",
     catalog(res("Notify", "x", {"message": "tagged"}, tags=["Odd Tag", "UPPER", 42, ""])))
case("cat-tags-number", "Tags with an integer, a float and a boolean among them.",
     catalog(res("Notify", "x", {"message": "tagged"}, tags=["notify", 42, 1.5, True])), flags="--tags 42")
case("cat-sensitive-param", "content listed in sensitive_parameters.",
     catalog(res("File", R + "secret", {"content": "s3cret\n"}, sensitive_parameters=["content"])))
case("cat-sensitive-rich", "content as a rich-data Sensitive value.",
     catalog(f(R + "secret", content={"__ptype": "Sensitive", "__pvalue": "s3cret\n"})))
case("cat-sensitive-unknown", "sensitive_parameters names a parameter the resource does not have.",
     catalog(res("File", R + "a", {"content": "a\n"}, sensitive_parameters=["nosuch"])))
case("cat-sensitive-noop", "Sensitive content under --noop, over other content.",
     catalog(res("File", R + "secret", {"content": "s3cret\n", "mode": "0600"}, sensitive_parameters=["content"])),
     setup="echo old > r/secret", flags="--noop")
case("cat-sensitive-message", "A notify whose message is sensitive.",
     catalog(res("Notify", "n", {"message": "s3cret"}, sensitive_parameters=["message"])))
case("cat-rich-unknown-ptype", "A rich-data value of an unknown __ptype.",
     catalog(f(R + "a", content={"__ptype": "Nosuch::Type", "__pvalue": "x"})))
case("cat-binary-content", "content as a rich-data Binary value with a NUL and a 0xff byte.",
     catalog(f(R + "bin", content={"__ptype": "Binary", "__pvalue": "AP9hCg=="})))
case("cat-binary-invalid", "content as a Binary value that is not base64.",
     catalog(f(R + "bin", content={"__ptype": "Binary", "__pvalue": "!!not base64!!"})))
case("cat-virtual", "A virtual resource in the catalog is not applied.",
     catalog(res("File", R + "virtual", {"content": "v"}, virtual=True)))
case("cat-exported", "An exported resource in the catalog.",
     catalog(res("File", R + "exported", {"content": "e"}, exported=True)))

# --- strings: NUL, UTF-8 ----------------------------------------------------
BAD = "@BADUTF8@"
case("str-invalid-utf8-content", "Content with bytes that are not UTF-8 (0xff 0xfe, a lone continuation byte).",
     catalog(f(R + "bin", content="a" + BAD + "b\n")))
case("str-invalid-utf8-path", "A path with a byte that is not UTF-8.",
     catalog(f(R + "x" + BAD, content="a\n")))
case("str-invalid-utf8-path-param", "path => a path with bytes that are not UTF-8, under a plain title.",
     catalog(res("File", "bin", {"path": R + "x" + BAD, "content": "a\n"})))
case("str-invalid-utf8-target", "A link whose target has bytes that are not UTF-8.",
     catalog(f(R + "l", ensure="link", target="t" + BAD)))
case("str-invalid-utf8-message", "A notify message with bytes that are not UTF-8.",
     catalog(res("Notify", "n", {"message": "hi " + BAD})))
case("str-unicode-escapes", "Content with \\u escapes: an accent, an astral character as a surrogate pair.",
     catalog(f(R + "u", content="caf\u00e9 \U0001f600\n")).replace("café", "caf\\u00e9").replace("\U0001f600", "\\ud83d\\ude00"))
case("str-lone-surrogate", "Content with a lone \\ud800 escape.",
     catalog(f(R + "s", content="a@SURR@b\n")).replace("@SURR@", "\\ud800"))
case("str-nul-in-content", "Content holding a NUL character (\\u0000).",
     catalog(f(R + "nul", content="a\u0000b\n")))
case("str-nul-in-path", "A path holding a NUL character.",
     catalog(f(R + "a\u0000b", content="x\n")))
case("str-newline-in-path", "A path holding a newline.",
     catalog(f(R + "a\nb", content="x\n")))

# --- where a string is expected ---------------------------------------------
case("val-content-hash", "content is a hash.", catalog(f(R + "a", content={"k": "v"})))
case("val-content-integer", "content is an integer.", catalog(f(R + "a", content=42)))
case("val-content-float", "content is a float.", catalog(f(R + "a", content=1.5)))
case("val-content-array", "content is an array of strings.", catalog(f(R + "a", content=["x", "y"])))
case("val-content-bool", "content is true.", catalog(f(R + "a", content=True)))
case("val-content-null", "content is null.", catalog(f(R + "a", content=None)))
case("val-content-empty", "content is the empty string.", catalog(f(R + "a", content="")))
case("val-path-array", "path is an array.", catalog(res("File", "a", {"path": [R + "a", R + "b"], "content": "x"})))
case("val-ensure-array", "ensure is ['file'].", catalog(f(R + "a", ensure=["file"])))
case("val-ensure-integer", "ensure is 1.", catalog(f(R + "a", ensure=1)))
case("val-ensure-bogus", "ensure is a word that is no ensure value: it becomes a link target.",
     catalog(f(R + "a", ensure="bogus")))
case("val-ensure-empty", "ensure is ''.", catalog(f(R + "a", ensure="")))
case("val-mode-integer", "mode is the integer 644.", catalog(f(R + "a", content="a", mode=644)))
case("val-mode-huge", "mode is '77777'.", catalog(f(R + "a", content="a", mode="77777")))
case("val-mode-invalid", "mode is 'rwx'.", catalog(f(R + "a", content="a", mode="rwx")))
case("val-mode-symbolic-odd", "mode is 'a=rwx,o-w,+t'.", catalog(f(R + "a", content="a", mode="a=rwx,o-w,+t")))
case("val-mode-zero", "mode => '0'.", catalog(f(R + "a", content="a", mode="0")))
case("val-mode-7777", "mode => '7777' on a directory.", catalog(f(R + "d", ensure="directory", mode="7777")))
case("val-mode-dir-x", "mode => '0644' on a directory: search bits are added.",
     catalog(f(R + "d", ensure="directory", mode="0644")))
case("val-mode-symbolic-dir", "mode => 'a=r' on an existing directory.",
     catalog(f(R + "d", ensure="directory", mode="a=r")), setup="mkdir r/d")
case("val-owner-missing", "owner names no user.", catalog(f(R + "a", content="a", owner="ordosuite_nouser")))
case("val-owner-uid-free", "owner is a uid with no user.", catalog(f(R + "a", content="a", owner=54321)))
case("val-owner-uid-huge", "owner is 2^32.", catalog(f(R + "a", content="a", owner=4294967296)))
case("val-owner-negative", "owner is -1.", catalog(f(R + "a", content="a", owner=-1)))
case("val-group-missing", "group names no group.", catalog(f(R + "a", content="a", group="ordosuite_nogroup")))
case("val-group-gid-huge", "group is 2^32.", catalog(f(R + "a", content="a", group=4294967296)))
case("val-checksum-crc32", "checksum => crc32.", catalog(f(R + "a", content="a", checksum="crc32")))
case("val-checksum-md5", "checksum => md5.", catalog(f(R + "a", content="a", checksum="md5")))
case("val-replace-maybe", "replace => maybe.", catalog(f(R + "a", content="a", replace="maybe")))
case("val-backup-integer", "backup => 42 on a file that exists.", catalog(f(R + "a", content="new", backup=42)),
     setup="echo old > r/a")
case("val-unknown-param", "A parameter file does not have (conten).", catalog(f(R + "a", conten="a")))
case("val-content-and-source", "Both content and source.",
     catalog(f(R + "a", content="a", source="@ROOT@/src")), setup="echo src > src")

# --- paths --------------------------------------------------------------------
case("path-relative", "A relative path.", catalog(f("r/relative", content="a\n")))
case("path-trailing-slash", "A directory with a trailing slash in its title.",
     catalog(f(R + "d/", ensure="directory")))
case("path-double-slashes", "Doubled slashes and a dot in the path.",
     catalog(f(R.replace("/r/", "//r/./") + "x", content="x\n")))
case("path-two-resources", "File[a] and File[other] with path => a.",
     catalog(f(R + "a", content="one\n"), res("File", "other", {"path": R + "a", "content": "two\n"})))
case("path-slash-variants", "File[r/d] and File[r/d/]: the same file.",
     catalog(f(R + "d", ensure="directory"), f(R + "d/", ensure="directory")))
case("path-too-long", "A file name of 300 characters.", catalog(f(R + "n" * 300, content="x\n")))
case("path-parent-missing", "A file whose parent directory does not exist.",
     catalog(f(R + "nodir/a", content="x\n")))
case("path-parent-is-file", "A file whose parent is a plain file.",
     catalog(f(R + "plain/a", content="x\n")), setup="echo p > r/plain")
case("path-under-proc", "A file in a place no file can be written (/proc).",
     catalog(f("/proc/ordosuite-nowrite", content="x\n")))

# --- sources ------------------------------------------------------------------
case("src-fifo", "source is a FIFO, ensure => file.",
     catalog(f(R + "f", ensure="file", source="@ROOT@/fifo")), setup="mkfifo fifo")
case("src-fifo-noensure", "source is a FIFO, no ensure.",
     catalog(f(R + "f", source="@ROOT@/fifo")), setup="mkfifo fifo")
case("src-devnull", "source is /dev/null.", catalog(f(R + "f", ensure="file", source="/dev/null")))
case("src-devzero", "source is /dev/zero.", catalog(f(R + "f", source="/dev/zero")))
case("src-socket", "source is a Unix socket.",
     catalog(f(R + "f", ensure="file", source="@ROOT@/sock")),
     setup="mksock sock")
case("src-dir-ensure-file", "source is a directory, ensure => file.",
     catalog(f(R + "f", ensure="file", source="@ROOT@/srcdir")), setup="mkdir srcdir && echo x > srcdir/a")
case("src-dir-noensure", "source is a directory, no ensure.",
     catalog(f(R + "f", source="@ROOT@/srcdir")), setup="mkdir srcdir && echo x > srcdir/a")
case("src-dir-over-file", "source is a directory, ensure => file, a file is there.",
     catalog(f(R + "f", ensure="file", source="@ROOT@/srcdir")), setup="mkdir srcdir && echo old > r/f")
case("src-file-ensure-directory", "source is a plain file, ensure => directory.",
     catalog(f(R + "f", ensure="directory", source="@ROOT@/src")), setup="echo src > src")
case("src-file-ensure-link", "source is a plain file, ensure => link.",
     catalog(f(R + "f", ensure="link", source="@ROOT@/src")), setup="echo src > src")
case("src-dir-ensure-link", "source is a directory, ensure => link.",
     catalog(f(R + "f", ensure="link", source="@ROOT@/srcdir")), setup="mkdir srcdir")
case("src-link-ensure-directory", "source is a dangling link, ensure => directory: a missing source.",
     catalog(f(R + "f", ensure="directory", source="@ROOT@/lnk")), setup="ln -s elsewhere lnk")
case("src-file-ensure-absent", "source is a plain file, ensure => absent, a file is there.",
     catalog(f(R + "f", ensure="absent", source="@ROOT@/src")), setup="echo src > src && echo old > r/f")
case("src-file-mode-owner", "source with mode and owner, over a file with other content.",
     catalog(f(R + "f", source="@ROOT@/src", mode="0600", owner="nobody")), setup="echo src > src && echo old > r/f")
case("src-file-uri", "source as a file:/// URI.",
     catalog(f(R + "f", source="file://@ROOT@/src")), setup="echo src > src")
case("src-file-uri-host", "source as a file:// URI with a host.",
     catalog(f(R + "f", source="file://otherhost@ROOT@/src")), setup="echo src > src")
case("src-file-uri-encoded", "source as a file URI with a %20 in it.",
     catalog(f(R + "f", source="file://@ROOT@/a%20b")), setup="echo spaced > 'a b'")
case("src-puppet-uri", "source as a puppet:/// URI (no server).",
     catalog(f(R + "f", source="puppet:///modules/x/y")))
case("src-missing", "source does not exist.", catalog(f(R + "f", source="@ROOT@/nosuch")))
case("src-missing-then-present", "The first source is missing, the second exists.",
     catalog(f(R + "f", source=["@ROOT@/nosuch", "@ROOT@/src"])), setup="echo second > src")
case("src-relative", "source is a relative path.", catalog(f(R + "f", source="src")), setup="echo src > src")
case("src-link", "source is a symbolic link to a file.",
     catalog(f(R + "f", source="@ROOT@/lnk")), setup="echo real > real && ln -s real lnk")
case("src-unreadable-mode", "source has mode 0000 (root reads it anyway).",
     catalog(f(R + "f", source="@ROOT@/src")), setup="echo secret > src && chmod 0 src")
case("src-itself", "source is the file itself.",
     catalog(f(R + "f", source=R + "f")), setup="echo self > r/f")

# --- links and kinds on disk ---------------------------------------------------
case("link-no-target", "ensure => link without target.", catalog(f(R + "l", ensure="link")))
case("link-dangling", "A link to a target that does not exist.", catalog(f(R + "l", ensure="link", target="nosuch")))
case("link-over-dir", "ensure => link where a directory is, without force.",
     catalog(f(R + "l", ensure="link", target="/tmp")), setup="mkdir r/l && echo x > r/l/a")
case("link-to-self", "A link whose target is its own path.",
     catalog(f(R + "l", ensure="link", target=R + "l")))
case("link-mode-owner", "A link with mode and owner.",
     catalog(f(R + "l", ensure="link", target="t", mode="0600", owner="nobody")))
case("link-retarget", "A link that points elsewhere.",
     catalog(f(R + "l", ensure="link", target="new")), setup="ln -s old r/l")
case("file-over-dir", "ensure => file where a directory is, without force.",
     catalog(f(R + "d", ensure="file", content="x")), setup="mkdir r/d && echo x > r/d/a")
case("file-over-fifo", "content for a path where a FIFO is.",
     catalog(f(R + "p", content="x\n")), setup="mkfifo r/p")
case("file-through-link", "content for a path that is a link to another file.",
     catalog(f(R + "l", content="new\n")), setup="echo old > r/target && ln -s target r/l")
case("dir-over-file", "ensure => directory where a file is.",
     catalog(f(R + "d", ensure="directory")), setup="echo x > r/d")
case("absent-dir-noforce", "ensure => absent on a directory without force.",
     catalog(f(R + "d", ensure="absent")), setup="mkdir r/d && echo x > r/d/a")

case("present-over-fifo", "ensure => present where a FIFO is.",
     catalog(f(R + "p", ensure="present")), setup="mkfifo r/p")
case("present-content-over-dir", "ensure => present with content where a directory is.",
     catalog(f(R + "d", ensure="present", content="x\n")), setup="mkdir r/d")
case("present-content-over-link", "ensure => present with content where a link to a file is.",
     catalog(f(R + "l", ensure="present", content="new\n")), setup="echo old > r/t && ln -s t r/l")
case("present-content-over-dangling", "ensure => present with content where a dangling link is.",
     catalog(f(R + "l", ensure="present", content="new\n")), setup="ln -s nosuch r/l")
case("file-hardlink", "New content for a file with a second hard link.",
     catalog(f(R + "a", content="new\n")), setup="echo old > r/a && ln r/a r/b")
case("file-replace-keeps-owner-mode", "New content for a setuid file owned by nobody: owner and mode stay.",
     catalog(f(R + "a", content="new\n")), setup="echo old > r/a && chown nobody r/a && chmod 4755 r/a")
case("validate-no-replacement", "validate_cmd without the % that names the new content.",
     catalog(f(R + "a", content="new\n", validate_cmd="/bin/true")), setup="echo old > r/a")
case("validate-fails-new-dir", "A failing validate_cmd for a new file in a missing folder.",
     catalog(f(R + "nodir/a", content="new\n", validate_cmd="/bin/false %")))
case("file-over-socket", "ensure => file without content where a socket is.",
     catalog(f(R + "s", ensure="file")),
     setup="mksock r/s")
case("absent-fifo", "ensure => absent on a FIFO.", catalog(f(R + "p", ensure="absent")), setup="mkfifo r/p")
case("dir-over-link", "ensure => directory where a link to a directory is.",
     catalog(f(R + "d", ensure="directory")), setup="mkdir r/real && ln -s real r/d")
case("link-over-file", "ensure => link where a plain file is.",
     catalog(f(R + "l", ensure="link", target="elsewhere")), setup="echo x > r/l")
case("file-over-dir-force", "content with force => true where a directory is.",
     catalog(f(R + "d", content="x\n", force=True)), setup="mkdir r/d && echo x > r/d/a")
case("path-dotdot", "A path with .. in it.", catalog(f(R + "sub/../x", content="x\n")), setup="mkdir r/sub")
case("str-huge-content", "Content of 1 MiB.", catalog(f(R + "big", content="0123456789abcdef" * 65536)))
case("src-huge", "A source of 4 MiB.", catalog(f(R + "big", source="@ROOT@/big")),
     setup="yes 0123456789abcdef | head -c 4194304 > big")
case("staging-missing", "staging_location that does not exist, replacing a file.",
     catalog(f(R + "a", content="new\n", staging_location="@ROOT@/nostage")), setup="echo old > r/a")
case("content-invalid-utf8-diff", "Replacing content that is not UTF-8, with show_diff.",
     catalog(f(R + "bin", content="new" + BAD + "\n")), setup="printf 'old\\377\\n' > r/bin")

case("immutable-file", "Changing the content of an immutable file (chattr +i).",
     catalog(f(R + "i", content="new\n")), setup="echo old > r/i && chattr +i r/i")
case("immutable-file-mode", "Changing the mode of an immutable file.",
     catalog(f(R + "i", mode="0600")), setup="echo old > r/i && chattr +i r/i")
case("immutable-dir", "A new file in an immutable folder.",
     catalog(f(R + "d/new", content="x\n")), setup="mkdir r/d && chattr +i r/d")
case("immutable-dir-absent", "Removing a file from an immutable folder.",
     catalog(f(R + "d/old", ensure="absent")), setup="mkdir r/d && echo x > r/d/old && chattr +i r/d")
case("readonly-new-file", "A new file on a read-only file system.",
     catalog(f(R + "ro/new", content="x\n")), setup="mkdir r/ro && mount -t tmpfs -o ro,size=64k ordosuite r/ro")
case("readonly-replace", "Replacing a file on a read-only file system.",
     catalog(f(R + "ro/a", content="new\n")),
     setup="mkdir r/ro && mount -t tmpfs -o size=64k,mode=0755 ordosuite r/ro && echo old > r/ro/a && mount -o remount,ro r/ro")
case("full-disk", "Content larger than the file system has room for.",
     catalog(f(R + "small/big", content="0123456789abcdef" * 65536)),
     setup="mkdir r/small && mount -t tmpfs -o size=64k,mode=0755 ordosuite r/small")
RO = "mkdir r/ro && mount -t tmpfs -o size=64k,mode=0755 ordosuite r/ro && echo old > r/ro/a && mount -o remount,ro r/ro"
case("readonly-mkdir", "A new directory on a read-only file system.",
     catalog(f(R + "ro/d", ensure="directory")), setup=RO)
case("readonly-link", "A new link on a read-only file system.",
     catalog(f(R + "ro/l", ensure="link", target="a")), setup=RO)
case("readonly-absent", "Removing a file on a read-only file system.",
     catalog(f(R + "ro/a", ensure="absent")), setup=RO)
case("readonly-mode", "Changing a mode on a read-only file system.",
     catalog(f(R + "ro/a", mode="0600")), setup=RO)
case("full-disk-replace", "Replacing a file with content larger than the file system has room for.",
     catalog(f(R + "small/a", content="0123456789abcdef" * 65536)),
     setup="mkdir r/small && mount -t tmpfs -o size=64k,mode=0755 ordosuite r/small && echo old > r/small/a")
case("noop-src-fifo", "--noop with a FIFO source.",
     catalog(f(R + "f", source="@ROOT@/fifo")), setup="mkfifo fifo", flags="--noop")
case("noop-src-device", "--noop with a device source.",
     catalog(f(R + "f", source="/dev/null")), flags="--noop")
case("noop-path-too-long", "--noop with a file name of 300 characters.",
     catalog(f(R + "n" * 300, content="x\n")), flags="--noop")
case("show-diff-invalid-utf8", "--show_diff replacing content that is not UTF-8.",
     catalog(f(R + "bin", content="new" + BAD + "\n")), setup="printf 'old\\377\\n' > r/bin",
     flags="--show_diff", compare="errors; line ~ ^Binary files @ROOT@/r/bin and /tmp/\\S+ differ$")
case("show-diff-sensitive", "--show_diff replacing sensitive content.",
     catalog(res("File", R + "s", {"content": "new secret\n"}, sensitive_parameters=["content"])),
     setup="echo old > r/s", flags="--show_diff")

case("backup-dir-in-way", "backup => '.bak' where a directory is at the backup's path.",
     catalog(f(R + "a", content="new\n", backup=".bak")), setup="echo old > r/a && mkdir r/a.bak")
case("backup-suffix-fifo-in-way", "backup => '.bak' where a FIFO is at the backup's path.",
     catalog(f(R + "a", content="new\n", backup=".bak")), setup="echo old > r/a && mkfifo r/a.bak")
case("dir-over-fifo", "ensure => directory where a FIFO is.",
     catalog(f(R + "d", ensure="directory")), setup="mkfifo r/d")
case("file-through-dangling-link", "content for a path that is a dangling link.",
     catalog(f(R + "l", content="new\n")), setup="ln -s nosuch r/l")
case("replace-false-fifo", "replace => false where a FIFO is.",
     catalog(f(R + "p", content="new\n", replace=False)), setup="mkfifo r/p")

# --- metaparameters ----------------------------------------------------------
case("meta-schedule-missing", "schedule names a schedule that does not exist.",
     catalog(f(R + "a", content="a", schedule="nosuch")))
case("meta-require-missing", "require names a resource not in the catalog.",
     catalog(f(R + "a", content="a", require="File[/nonexistent/ordosuite]")))
case("meta-require-not-ref", "require is a string that is no reference.",
     catalog(f(R + "a", content="a", require="not a reference")))
case("meta-before-self", "before names the resource itself.",
     catalog(f(R + "a", content="a", before="File[" + R + "a]")))
case("meta-noop-string", "noop => 'yes'.", catalog(f(R + "a", content="a", noop="yes")))
case("meta-noop-bogus", "noop => 'maybe'.", catalog(f(R + "a", content="a", noop="maybe")))
case("meta-loglevel-bogus", "loglevel => shout.", catalog(res("Notify", "x", {"message": "hi", "loglevel": "shout"})))
case("meta-alias-clash", "alias equal to another resource's title.",
     catalog(res("Notify", "a", {"message": "a"}), res("Notify", "b", {"message": "b", "alias": "a"})))
case("meta-tag-odd", "tag with odd values.", catalog(res("Notify", "x", {"message": "hi", "tag": ["Odd Tag", "ok"]})))
case("meta-audit", "audit => all (deprecated).", catalog(f(R + "a", content="a", audit="all")))
case("audit-mode-changed", "audit => mode on a file not otherwise managed, its mode changed by hand between two runs.",
     catalog(f(R + "a", audit="mode")), setup="echo a > r/a && chmod 0644 r/a", runs=2, between="chmod 0600 r/a")
case("audit-content-managed", "content managed and audited, changed by hand between two runs.",
     catalog(f(R + "a", content="managed\n", audit=["content", "ensure"])), runs=2, between="echo changed > r/a")
case("audit-unchanged-twice", "audit => [mode, owner, content] on a file left alone: newly recorded, then nothing.",
     catalog(f(R + "a", audit=["mode", "owner", "content"])), setup="echo a > r/a", runs=2)
case("audit-not-a-property", "audit names a parameter that is not a property.",
     catalog(f(R + "a", content="a\n", audit=["backup"])))
case("audit-noop", "--noop with content audited over other content.",
     catalog(f(R + "a", content="new\n", audit="content")), setup="echo old > r/a", flags="--noop")

# --- other types ---------------------------------------------------------------
case("notify-message-hash", "A notify message that is a hash with nested values.",
     catalog(res("Notify", "x", {"message": {"a": [1, 2.5, None, True], "b": {"c": "d"}}})))
case("notify-message-empty-array", "A notify whose message is []: the property has no should, nothing is logged.",
     catalog(res("Notify", "e", {"message": []})))
case("notify-message-array", "A notify whose message is an array of two strings.",
     catalog(res("Notify", "a", {"message": ["one", "two"]})))
case("notify-message-nested-empty", "A notify whose message is [[]].",
     catalog(res("Notify", "e", {"message": [[]]})))
case("exec-relative", "exec with a relative command and no path.",
     catalog(res("Exec", "echo hi", {})))
case("exec-timeout-string", "exec timeout => 'abc'.",
     catalog(res("Exec", "/bin/true", {"timeout": "abc"})))
case("exec-returns-string", "exec returns => 'zero'.",
     catalog(res("Exec", "/bin/true", {"returns": "zero"})))
case("exec-command-array", "exec command given as an array.",
     catalog(res("Exec", "arr", {"command": ["/bin/touch", R + "arr"]})))


# --- the types added since: package, service, host, cron, keys, mount, -------
# --- concat, file_line, anchor, user and group ------------------------------
# Names are ordosuite*; files live in the sandbox (targets); packages are
# .deb files the setup builds; services are small scripts in the sandbox.
# An after.sh runs once the apply is over, before the sandbox is read: it
# copies state kept outside the sandbox (a crontab, dpkg's status) into it
# and removes what the case made outside it.
def pkg(title, **params):
    return res("Package", title, params)


def svc(title, **params):
    return res("Service", title, params)


DEB = ("mkdir -p deb/DEBIAN deb/usr/share/ordosuite-pkg && "
       "printf 'Package: ordosuite-pkg\\nVersion: 1.0\\nArchitecture: all\\nMaintainer: ordo <ordo@example.invalid>\\n"
       "Description: ordo suite package\\n' > deb/DEBIAN/control && echo 1.0 > deb/usr/share/ordosuite-pkg/version && "
       "dpkg-deb --root-owner-group --build deb ordosuite-pkg.deb >/dev/null && rm -rf deb")
DEB_AFTER = ("rm -f ordosuite-pkg.deb; (dpkg-query -W -f='${Status} ${Version}\\n' ordosuite-pkg 2>/dev/null || echo not-installed) > r/dpkg-status; "
             # dpkg's lock may be held by another program for a while.
             "for i in $(seq 60); do dpkg-query -W ordosuite-pkg >/dev/null 2>&1 || break; "
             "dpkg --purge ordosuite-pkg >/dev/null 2>&1 || sleep 3; done")
case("pkg-provider-unknown", "A package with a provider that does not exist.",
     catalog(pkg("ordosuite-pkg", ensure="installed", provider="nosuch")))
case("pkg-ensure-array", "A package whose ensure is ['absent'].",
     catalog(pkg("ordosuite-nopkg", ensure=["absent"])))
case("pkg-ensure-hash", "A package whose ensure is a hash.",
     catalog(pkg("ordosuite-nopkg", ensure={"a": 1})))
case("pkg-absent-missing", "ensure => absent for a package that is not installed.",
     catalog(pkg("ordosuite-nopkg", ensure="absent")))
case("pkg-purged-missing", "ensure => purged for a package that is not installed.",
     catalog(pkg("ordosuite-nopkg", ensure="purged")))
case("pkg-dpkg-no-source", "provider => dpkg without a source.",
     catalog(pkg("ordosuite-nopkg", ensure="installed", provider="dpkg")))
case("pkg-dpkg-source-missing", "provider => dpkg with a source that does not exist.",
     catalog(pkg("ordosuite-nopkg", ensure="installed", provider="dpkg", source="@ROOT@/nosuch.deb")))
case("pkg-dpkg-source-not-deb", "provider => dpkg with a source that is no .deb.",
     catalog(pkg("ordosuite-nopkg", ensure="installed", provider="dpkg", source="@ROOT@/not.deb")),
     setup="echo 'not a package' > not.deb", after=DEB_AFTER)
case("pkg-dpkg-install", "provider => dpkg installs a .deb the setup built, then a file that requires it.",
     catalog(pkg("ordosuite-pkg", ensure="installed", provider="dpkg", source="@ROOT@/ordosuite-pkg.deb"),
             f(R + "after", content="x\n", require="Package[ordosuite-pkg]")),
     setup=DEB, after=DEB_AFTER)
case("pkg-dpkg-latest", "provider => dpkg, ensure => latest, from a .deb the setup built.",
     catalog(pkg("ordosuite-pkg", ensure="latest", provider="dpkg", source="@ROOT@/ordosuite-pkg.deb")),
     setup=DEB, after=DEB_AFTER)
case("pkg-reinstall-bogus", "reinstall_on_refresh => 'maybe'.",
     catalog(pkg("ordosuite-nopkg", ensure="absent", reinstall_on_refresh="maybe")))
case("pkg-name-empty", "A package whose name is empty.", catalog(pkg("", ensure="absent")))
case("pkg-install-options-hash", "install_options with a hash, for a package to remove that is not there.",
     catalog(pkg("ordosuite-nopkg", ensure="absent", install_options=[{"--foo": "bar"}, "-q"])))
case("pkg-failed-dependent", "A package that fails to install, a file that requires it, and one that does not.",
     catalog(pkg("ordosuite-nopkg", ensure="installed", provider="dpkg", source="@ROOT@/nosuch.deb"),
             f(R + "dependent", content="x\n", require="Package[ordosuite-nopkg]"),
             f(R + "independent", content="y\n")))

SVC = ("mkdir -p bin && printf '#!/bin/sh\\ntest -e %s/r/running\\n' \"$ROOT\" > bin/status && "
       "printf '#!/bin/sh\\necho started >> %s/r/log; touch %s/r/running\\n' \"$ROOT\" \"$ROOT\" > bin/start && "
       "printf '#!/bin/sh\\necho stopped >> %s/r/log; rm -f %s/r/running\\n' \"$ROOT\" \"$ROOT\" > bin/stop && "
       "printf '#!/bin/sh\\necho restarted >> %s/r/log\\n' \"$ROOT\" > bin/restart && chmod +x bin/*")
B = "@ROOT@/bin/"
case("svc-base-start", "A base service started by its start command, its status by a status command.",
     catalog(svc("ordosuite-svc", ensure="running", provider="base", start=B + "start", stop=B + "stop", status=B + "status")),
     setup=SVC)
case("svc-base-stop", "A running base service stopped.",
     catalog(svc("ordosuite-svc", ensure="stopped", provider="base", start=B + "start", stop=B + "stop", status=B + "status")),
     setup=SVC + " && touch r/running")
case("svc-base-no-start", "A base service with no start command and no binary.",
     catalog(svc("ordosuite-svc", ensure="running", provider="base", status=B + "status")), setup=SVC)
case("svc-base-start-fails", "A base service whose start command fails.",
     catalog(svc("ordosuite-svc", ensure="running", provider="base", start="/bin/false", status=B + "status"),
             f(R + "dependent", content="x\n", require="Service[ordosuite-svc]")), setup=SVC)
case("svc-base-refresh", "A file change notifies a running base service: it is restarted.",
     catalog(f(R + "conf", content="new\n", notify="Service[ordosuite-svc]"),
             svc("ordosuite-svc", ensure="running", provider="base", start=B + "start", stop=B + "stop",
                 status=B + "status", restart=B + "restart")),
     setup=SVC + " && touch r/running")
case("svc-base-refresh-stopped", "A file change notifies a base service that ensure => stopped keeps stopped.",
     catalog(f(R + "conf", content="new\n", notify="Service[ordosuite-svc]"),
             svc("ordosuite-svc", ensure="stopped", provider="base", start=B + "start", stop=B + "stop",
                 status=B + "status", restart=B + "restart")),
     setup=SVC)
case("svc-ensure-bogus", "A service whose ensure is 'sleeping'.",
     catalog(svc("ordosuite-svc", ensure="sleeping", provider="base", start=B + "start")))
case("svc-enable-bogus", "A service whose enable is 'maybe'.",
     catalog(svc("ordosuite-svc", enable="maybe", provider="base", start=B + "start")))
case("svc-hasstatus-string", "hasstatus => 'yes'.",
     catalog(svc("ordosuite-svc", ensure="stopped", hasstatus="yes", provider="base", start=B + "start", status=B + "status")),
     setup=SVC)
case("svc-provider-unknown", "A service with a provider that does not exist.",
     catalog(svc("ordosuite-svc", ensure="running", provider="nosuch")))
case("svc-systemd-unsuitable", "provider => systemd where systemd does not run: deferred to the end, then failed.",
     catalog(svc("ordosuite-svc", ensure="running", provider="systemd"),
             f(R + "dependent", content="x\n", require="Service[ordosuite-svc]"),
             f(R + "independent", content="y\n")))
case("svc-base-enable", "enable => true on a base service, which cannot enable.",
     catalog(svc("ordosuite-svc", ensure="running", enable=True, provider="base", start=B + "start", status=B + "status")),
     setup=SVC)

HOSTS = "@ROOT@/r/hosts"
def host(title, **params):
    params.setdefault("target", HOSTS)
    return res("Host", title, params)
case("host-create", "A host entry in a hosts file that does not exist yet.",
     catalog(host("ordosuite.example", ip="192.0.2.1", host_aliases=["ordosuite", "os"], comment="a suite host")))
case("host-ip-invalid", "A host whose ip is 999.1.1.1.", catalog(host("ordosuite.example", ip="999.1.1.1")))
case("host-ipv6", "A host with an IPv6 address.", catalog(host("ordosuite6.example", ip="2001:db8::1")))
case("host-name-invalid", "A host name with a space and an underscore.",
     catalog(host("ordosuite bad_name", ip="192.0.2.1")))
case("host-alias-space", "host_aliases with a space in one alias.",
     catalog(host("ordosuite.example", ip="192.0.2.1", host_aliases=["a b"])))
case("host-no-ip", "A host without an ip.", catalog(host("ordosuite.example")))
case("host-comment-newline", "A host comment with a newline in it.",
     catalog(host("ordosuite.example", ip="192.0.2.1", comment="one\ntwo")))
case("host-target-dir", "A host whose target is a directory.",
     catalog(host("ordosuite.example", ip="192.0.2.1", target="@ROOT@/r/d")), setup="mkdir r/d")
case("host-change-keeps-others", "Changing one entry of a hosts file keeps the others and its comments.",
     catalog(host("ordosuite.example", ip="192.0.2.2")),
     setup="printf '# the suite\\n127.0.0.1\\tlocalhost\\n192.0.2.1\\tordosuite.example\\tos\\n' > r/hosts")
case("host-absent", "ensure => absent removes an entry.", catalog(host("ordosuite.example", ensure="absent")),
     setup="printf '127.0.0.1\\tlocalhost\\n192.0.2.1\\tordosuite.example\\n' > r/hosts")
case("host-ip-integer", "A host whose ip is an integer.", catalog(host("ordosuite.example", ip=3221225985)))

CRON_SETUP = "id ordosuitecron >/dev/null 2>&1 || useradd -M ordosuitecron 2>/dev/null || useradd -M -g ordosuitecron ordosuitecron; crontab -u ordosuitecron -r 2>/dev/null || true"
CRON_AFTER = ("crontab -u ordosuitecron -l > r/crontab 2>&1 || true; crontab -u ordosuitecron -r 2>/dev/null || true; "
              "userdel ordosuitecron 2>/dev/null || true")
def cron(title, **params):
    params.setdefault("user", "ordosuitecron")
    return res("Cron", title, params)
case("cron-create", "A cron job in a user's crontab.",
     catalog(cron("ordosuite-job", command="/bin/true", minute=5, hour=[1, 13], weekday="Monday")),
     setup=CRON_SETUP, after=CRON_AFTER)
case("cron-minute-bogus", "minute => 61.", catalog(cron("ordosuite-job", command="/bin/true", minute=61)))
case("cron-hour-string", "hour => 'noon'.", catalog(cron("ordosuite-job", command="/bin/true", hour="noon")))
case("cron-weekday-bogus", "weekday => 'Funday'.", catalog(cron("ordosuite-job", command="/bin/true", weekday="Funday")))
case("cron-special-and-minute", "special => daily together with minute.",
     catalog(cron("ordosuite-job", command="/bin/true", special="daily", minute=5)))
case("cron-special-bogus", "special => 'fortnightly'.",
     catalog(cron("ordosuite-job", command="/bin/true", special="fortnightly")))
case("cron-environment-bogus", "environment without an =.",
     catalog(cron("ordosuite-job", command="/bin/true", environment="NOEQUALS")))
case("cron-no-command", "A cron job without a command.",
     catalog(cron("ordosuite-job", minute=5)), setup=CRON_SETUP, after=CRON_AFTER)
case("cron-user-missing", "A cron job for a user that does not exist.",
     catalog(cron("ordosuite-job", command="/bin/true", user="ordosuite_nouser")))
case("cron-step-range", "minute => '*/15' and hour => '8-17'.",
     catalog(cron("ordosuite-job", command="/bin/true", minute="*/15", hour="8-17")),
     setup=CRON_SETUP, after=CRON_AFTER)

KEYS = "@ROOT@/r/authorized_keys"
KEY = "AAAAC3NzaC1lZDI1NTE5AAAAIGordosuiteordosuiteordosuiteordosuiteordo"
def sshkey(title, **params):
    params.setdefault("user", "root")
    params.setdefault("target", KEYS)
    return res("Ssh_authorized_key", title, params)
case("sshkey-create", "A key in an authorized_keys file that does not exist yet.",
     catalog(sshkey("ordosuite@example", type="ssh-ed25519", key=KEY)))
case("sshkey-options-dropped", "A key declared without options, in the file with options: Puppet's options default is absent, so they go; applied twice.",
     catalog(sshkey("ordosuite@example", type="ssh-ed25519", key=KEY)),
     setup="printf 'no-pty,from=\"192.0.2.0/24\" ssh-ed25519 %s ordosuite@example\\n' " + KEY + " > r/authorized_keys", runs=2)
case("sshkey-options", "A key with options.",
     catalog(sshkey("ordosuite@example", type="ssh-ed25519", key=KEY, options=["no-pty", 'command="/bin/true"'])))
case("sshkey-type-bogus", "A key of type 'ssh-bogus'.",
     catalog(sshkey("ordosuite@example", type="ssh-bogus", key=KEY)))
case("sshkey-key-space", "A key with a space in it.",
     catalog(sshkey("ordosuite@example", type="ssh-ed25519", key="AAAA BBBB")))
case("sshkey-name-space", "A key whose name has a space.",
     catalog(sshkey("ordosuite key", type="ssh-ed25519", key=KEY)))
case("sshkey-no-key", "A key without a key.", catalog(sshkey("ordosuite@example", type="ssh-ed25519")))
case("sshkey-user-missing", "A key for a user that does not exist, target given.",
     catalog(sshkey("ordosuite@example", type="ssh-ed25519", key=KEY, user="ordosuite_nouser")))
case("sshkey-target-relative", "A key whose target is relative.",
     catalog(sshkey("ordosuite@example", type="ssh-ed25519", key=KEY, target="authorized_keys")))
case("sshkey-option-newline", "A key with a newline in an option.",
     catalog(sshkey("ordosuite@example", type="ssh-ed25519", key=KEY, options=["no-pty\nfrom=x"])))

FSTAB = "@ROOT@/r/fstab"
def mnt(title, **params):
    params.setdefault("target", FSTAB)
    return res("Mount", title, params)
case("mount-defined", "ensure => defined writes an fstab entry without mounting.",
     catalog(mnt("/mnt/ordosuite", ensure="defined", device="/dev/ordosuite", fstype="ext4", options="defaults,noatime")))
case("mount-ensure-bogus", "ensure => 'attached'.",
     catalog(mnt("/mnt/ordosuite", ensure="attached", device="/dev/ordosuite", fstype="ext4")))
case("mount-device-space", "A device with a space.",
     catalog(mnt("/mnt/ordosuite", ensure="defined", device="/dev/a b", fstype="ext4")))
case("mount-options-empty", "options => ''.",
     catalog(mnt("/mnt/ordosuite", ensure="defined", device="/dev/ordosuite", fstype="ext4", options="")))
case("mount-dump-bogus", "dump => 3.",
     catalog(mnt("/mnt/ordosuite", ensure="defined", device="/dev/ordosuite", fstype="ext4", dump=3)))
case("mount-pass-string", "pass => 'first'.",
     catalog(mnt("/mnt/ordosuite", ensure="defined", device="/dev/ordosuite", fstype="ext4", **{"pass": "first"})))
case("mount-name-space", "A mount point with a space.",
     catalog(mnt("/mnt/ordo suite", ensure="defined", device="/dev/ordosuite", fstype="ext4")))
case("mount-absent-missing", "ensure => absent for an entry not in the fstab (and not mounted).",
     catalog(mnt("/mnt/ordosuite", ensure="absent")),
     setup="printf '/dev/other\\t/mnt/other\\text4\\tdefaults\\t0\\t0\\n' > r/fstab")
case("mount-unmounted-change", "ensure => unmounted changes the options of an entry that is not mounted.",
     catalog(mnt("/mnt/ordosuite", ensure="unmounted", device="/dev/ordosuite", fstype="ext4", options="ro")),
     setup="printf '/dev/ordosuite\\t/mnt/ordosuite\\text4\\tdefaults\\t0\\t0\\n' > r/fstab")

def concat(title, **params):
    return res("Concat_file", title, params)
def frag(title, **params):
    return res("Concat_fragment", title, params)
case("concat-order", "A concat_file of three fragments, ordered by order (numbers sort as strings).",
     catalog(concat("ordosuite", path=R + "c"),
             frag("b", target="ordosuite", content="b\n", order="10"),
             frag("a", target="ordosuite", content="a\n", order="9"),
             frag("c", target="ordosuite", content="c\n", order=10)))
case("concat-target-missing", "A fragment whose target names no concat_file.",
     catalog(concat("ordosuite", path=R + "c"), frag("a", target="nosuch", content="a\n")))
case("concat-content-and-source", "A fragment with both content and source.",
     catalog(concat("ordosuite", path=R + "c"), frag("a", target="ordosuite", content="a\n", source="@ROOT@/src")),
     setup="echo src > src")
case("concat-order-colon", "A fragment whose order has a colon.",
     catalog(concat("ordosuite", path=R + "c"), frag("a", target="ordosuite", content="a\n", order="1:2")))
case("concat-no-fragments", "A concat_file with no fragment.", catalog(concat("ordosuite", path=R + "c")))
case("concat-path-relative", "A concat_file whose path is relative.",
     catalog(concat("ordosuite", path="r/c"), frag("a", target="ordosuite", content="a\n")))
case("concat-ensure-newline", "ensure_newline => true with fragments that lack one.",
     catalog(concat("ordosuite", path=R + "c", ensure_newline=True),
             frag("a", target="ordosuite", content="a", order="1"), frag("b", target="ordosuite", content="b", order="2")))
case("concat-fragment-source-missing", "A fragment whose source does not exist.",
     catalog(concat("ordosuite", path=R + "c"), frag("a", target="ordosuite", source="@ROOT@/nosuch")))
case("concat-fragment-no-content", "A fragment with neither content nor source.",
     catalog(concat("ordosuite", path=R + "c"), frag("a", target="ordosuite")))
case("concat-order-bogus", "order => 'numeric-ish' on the concat_file.",
     catalog(concat("ordosuite", path=R + "c", order="sideways"), frag("a", target="ordosuite", content="a\n")))

def fl(title, **params):
    return res("File_line", title, params)
case("fileline-append", "A line appended to a file.",
     catalog(fl("ordosuite", path=R + "f", line="new")), setup="printf 'one\\ntwo\\n' > r/f")
case("fileline-match-replace", "A line replacing the one matching match.",
     catalog(fl("ordosuite", path=R + "f", line="key=new", match="^key=")), setup="printf 'a\\nkey=old\\nb\\n' > r/f")
case("fileline-no-line", "A file_line without line.",
     catalog(fl("ordosuite", path=R + "f", match="^x")), setup="printf 'x\\n' > r/f")
case("fileline-path-relative", "A file_line whose path is relative.", catalog(fl("ordosuite", path="r/f", line="x")))
case("fileline-match-bad-regexp", "A file_line whose match is not a valid regular expression.",
     catalog(fl("ordosuite", path=R + "f", line="x", match="[")), setup="printf 'x\\n' > r/f")
case("fileline-after-bad-regexp", "A file_line whose after is '(' and a file after it: only the file_line fails.",
     catalog(fl("ordosuite", path=R + "f", line="x", after="("), f(R + "g", content="g\n")), setup="printf 'a\\n' > r/f")
case("fileline-file-missing", "A file_line for a file that does not exist.", catalog(fl("ordosuite", path=R + "nosuch", line="x")))
case("fileline-match-many", "match matches two lines, multiple not set.",
     catalog(fl("ordosuite", path=R + "f", line="k=new", match="^k=")), setup="printf 'k=1\\nk=2\\n' > r/f")
case("fileline-match-many-multiple", "match matches two lines, multiple => true.",
     catalog(fl("ordosuite", path=R + "f", line="k=new", match="^k=", multiple=True)), setup="printf 'k=1\\nk=2\\n' > r/f")
case("fileline-absent-match", "ensure => absent by match, match_for_absence => true.",
     catalog(fl("ordosuite", path=R + "f", ensure="absent", line="unused", match="^drop", match_for_absence=True)),
     setup="printf 'keep\\ndrop me\\nkeep too\\n' > r/f")
case("fileline-multiple-bogus", "multiple => 'often'.",
     catalog(fl("ordosuite", path=R + "f", line="x", multiple="often")), setup="printf 'x\\n' > r/f")
case("fileline-after-nomatch", "after matching no line: the line goes at the end.",
     catalog(fl("ordosuite", path=R + "f", line="new", after="^nosuch")), setup="printf 'a\\nb\\n' > r/f")
case("fileline-line-newline", "A line holding a newline.",
     catalog(fl("ordosuite", path=R + "f", line="one\ntwo")), setup="printf 'a\\n' > r/f")

case("anchor-order", "Two anchors around a file, chained by before.",
     catalog(res("Anchor", "ordosuite::begin", {"before": "File[" + R + "a]"}),
             f(R + "a", content="a\n", before="Anchor[ordosuite::end]"),
             res("Anchor", "ordosuite::end", {})))
case("anchor-unknown-param", "An anchor with a parameter it does not have.",
     catalog(res("Anchor", "ordosuite::begin", {"knob": 1})))

def user(title, **params):
    return res("User", title, params)
def group(title, **params):
    return res("Group", title, params)
case("user-uid-huge", "A user whose uid is 2^32.", catalog(user("ordosuite-u", ensure="present", uid=4294967296)))
case("user-uid-string", "A user whose uid is 'abc'.", catalog(user("ordosuite-u", ensure="present", uid="abc")))
case("user-groups-comma", "groups as one comma-separated string.",
     catalog(user("ordosuite-u", ensure="absent", groups="a,b")))
case("user-home-relative", "A user whose home is relative.",
     catalog(user("ordosuite-u", ensure="absent", home="home/x")))
case("user-expiry-bogus", "expiry => '2020/01/01'.",
     catalog(user("ordosuite-u", ensure="absent", expiry="2020/01/01")))
case("user-ensure-bogus", "A user whose ensure is 'enabled'.", catalog(user("ordosuite-u", ensure="enabled")))
case("user-membership-bogus", "membership => 'some'.",
     catalog(user("ordosuite-u", ensure="absent", membership="some")))
case("user-name-colon", "A user name with a colon.", catalog(user("ordosuite:u", ensure="present")))
case("user-password-max-age-bogus", "password_max_age => 'forever'.",
     catalog(user("ordosuite-u", ensure="absent", password_max_age="forever")))
case("user-absent-missing", "ensure => absent for a user that does not exist.",
     catalog(user("ordosuite-u", ensure="absent")))
case("group-gid-string", "A group whose gid is 'abc'.", catalog(group("ordosuite-g", ensure="present", gid="abc")))
case("group-gid-huge", "A group whose gid is 2^32.", catalog(group("ordosuite-g", ensure="present", gid=4294967296)))
case("group-members-comma", "members as one comma-separated string.",
     catalog(group("ordosuite-g", ensure="absent", members="a,b")))
case("group-ensure-bogus", "A group whose ensure is 'enabled'.", catalog(group("ordosuite-g", ensure="enabled")))
case("group-absent-missing", "ensure => absent for a group that does not exist.",
     catalog(group("ordosuite-g", ensure="absent")))
case("audit-user", "audit of a user's properties that are not managed, its comment changed by hand between two runs.",
     catalog(user("ordosuiteaud", audit=["shell", "comment", "home", "expiry", "groups", "uid"])),
     setup="userdel ordosuiteaud 2>/dev/null || true; useradd -M -u 64341 -s /bin/sh -c first -d /nonexistent-ordosuite ordosuiteaud",
     runs=2, between="usermod -c second ordosuiteaud", after="userdel ordosuiteaud 2>/dev/null || true")
case("audit-group", "audit of a group's ensure and gid, the gid changed by hand between two runs.",
     catalog(group("ordosuiteaudg", audit=["ensure", "gid"])),
     setup="groupdel ordosuiteaudg 2>/dev/null || true; groupadd -g 64342 ordosuiteaudg",
     runs=2, between="groupmod -g 64343 ordosuiteaudg", after="groupdel ordosuiteaudg 2>/dev/null || true")
case("audit-user-missing", "audit of a user that does not exist.",
     catalog(user("ordosuiteaudnone", audit=["shell", "uid"])), runs=2)


# --- schedules: a "runs" section applies the catalog that many times in a
# row, in the same sandbox; each run's output after the first is preceded
# by a line "Notice: -- run N --" that the harness writes.
def note(title, **params):
    return res("Notify", title, params)


def sched(title, **params):
    return res("Schedule", title, params)


# puppet apply --catalog does not add the schedules Puppet's agent and
# puppet apply of a manifest add to every catalog (its catalog is not
# finalized); the cases that use them carry them as the agent adds them.
def builtins():
    return [sched("puppet", period="hourly", repeat="2")] + [sched(p, period=p) for p in
                                                             ("hourly", "daily", "weekly", "monthly", "never")]


case("sched-builtin-apply-catalog", "A notify on the daily schedule, which puppet apply --catalog does not add.",
     catalog(note("n", message="daily", schedule="daily")))
case("sched-daily-twice", "A notify on the daily schedule, applied twice: the second run skips it.",
     catalog(*builtins(), note("n", message="daily", schedule="daily")), runs=2)
case("sched-never", "A notify on the never schedule.", catalog(*builtins(), note("n", message="never", schedule="never")))
case("sched-puppet-twice", "The default schedule puppet (hourly, repeat 2), applied twice.",
     catalog(*builtins(), note("n", message="puppet", schedule="puppet")), runs=2)
case("sched-custom-repeat", "A schedule of its own, hourly with repeat 6, applied twice.",
     catalog(sched("often", period="hourly", repeat=6), note("n", message="often", schedule="often")), runs=2)
case("sched-range-all-day", "A range that covers the whole day, no period: applied on both runs.",
     catalog(sched("allday", range="0:00 - 23:59:59"), note("n", message="in range", schedule="allday")), runs=2)
case("sched-range-excluded", "A range of one second at midnight: the notify is not in it.",
     catalog(sched("midnight", range="23:59:59 - 0:00:00"), note("n", message="midnight", schedule="midnight")))
case("sched-weekday-all", "Every day of the week, daily: applied once in two runs.",
     catalog(sched("week", weekday=["Sun", "mon", "Tuesday", "3", 4, "Fri", "Saturday"], period="daily"),
             note("n", message="weekday", schedule="week")), runs=2)
case("sched-periodmatch-number", "hourly by number, applied twice within the hour.\n"
     "not-at-hour: 0 (a first run compares the hour with the epoch's, 0 in UTC: then neither Puppet nor ordo applies it)",
     catalog(sched("hour", period="hourly", periodmatch="number"), note("n", message="this hour", schedule="hour")), runs=2)
case("sched-refresh-dropped", "A file change notifies an exec whose schedule is never: the refresh is dropped.",
     catalog(*builtins(), f(R + "conf", content="x\n", notify="Exec[/bin/touch @ROOT@/r/ran]"),
             res("Exec", "/bin/touch @ROOT@/r/ran", {"refreshonly": True, "schedule": "never"})))
case("sched-dependent-runs", "A resource out of its schedule does not stop what requires it.",
     catalog(*builtins(), note("n", message="never", schedule="never"), f(R + "after", content="x\n", require="Notify[n]")))
case("sched-noop-twice", "--noop twice: the first noop run counts as a check.",
     catalog(*builtins(), note("n", message="daily", schedule="daily")), runs=2, flags="--noop")
case("sched-file-changed-between", "A file on the daily schedule, changed by hand between two runs: not put back.",
     catalog(*builtins(), f(R + "a", content="managed\n", schedule="daily")), runs=2, between="echo changed > r/a")
case("sched-repeat-zero", "repeat => 0.", catalog(sched("zero", period="hourly", repeat=0), note("n", message="zero", schedule="zero")))
case("sched-range-invalid", "range => '25 - 26'.", catalog(sched("bad", range="25 - 26"), note("n", message="bad", schedule="bad")))
case("sched-weekday-bogus", "weekday => 'Funday'.", catalog(sched("bad", weekday="Funday"), note("n", message="bad", schedule="bad")))
case("sched-repeat-number", "repeat => 2 with periodmatch => number.",
     catalog(sched("bad", period="hourly", periodmatch="number", repeat=2), note("n", message="bad", schedule="bad")))
case("sched-period-bogus", "period => 'fortnightly'.",
     catalog(sched("bad", period="fortnightly"), note("n", message="bad", schedule="bad")))
case("sched-name-array", "schedule => ['daily'], an array.",
     catalog(*builtins(), note("n", message="array", schedule=["daily"])), runs=2)
case("sched-self", "A schedule that names itself as its schedule, applied twice.",
     catalog(*builtins(), sched("self", period="daily", schedule="self"), note("n", message="self", schedule="self")), runs=2)
case("sched-range-array-mixed", "range => ['1 - 2', 'bogus'].",
     catalog(sched("bad", range=["1 - 2", "bogus"]), note("n", message="bad", schedule="bad")))
case("sched-weekday-seven", "weekday => 7.", catalog(sched("bad", weekday=7), note("n", message="bad", schedule="bad")))
case("sched-repeat-string", "repeat => 'abc'.", catalog(sched("bad", period="daily", repeat="abc"), note("n", message="bad", schedule="bad")))
case("sched-periodmatch-bogus", "periodmatch => 'closest'.",
     catalog(sched("bad", period="daily", periodmatch="closest"), note("n", message="bad", schedule="bad")))
case("sched-two-resources", "Two notifies on one daily schedule, applied twice: each is skipped on the second run.",
     catalog(*builtins(), note("a", message="a", schedule="daily"), note("b", message="b", schedule="daily")), runs=2)
case("sched-range-minutes-bogus", "range => '1:75 - 2'.",
     catalog(sched("bad", range="1:75 - 2"), note("n", message="bad", schedule="bad")))
case("sched-repeat-huge", "repeat => '99999999999999999999', past 64 bits, hourly.",
     catalog(sched("huge", period="hourly", repeat="99999999999999999999"), note("n", message="huge", schedule="huge")), runs=2)
case("sched-range-hour-huge", "range => '99999999999 - 1'.",
     catalog(sched("bad", range="99999999999 - 1"), note("n", message="bad", schedule="bad")))
case("sched-weekday-hash", "weekday => a hash.",
     catalog(sched("bad", weekday={"mon": 1}), note("n", message="bad", schedule="bad")))
case("sched-range-seconds-huge", "range => '1:00:99 - 2', seconds past 59 (not checked).",
     catalog(sched("secs", range="1:00:99 - 2"), note("n", message="secs", schedule="secs")))
case("sched-by-name", "A schedule found by its name, not its title.",
     catalog(sched("title", name="byname", period="daily"), note("n", message="byname", schedule="byname")), runs=2)


case("host-target-fifo", "A host whose target is a FIFO: Puppet waits for a writer until it is killed.",
     catalog(host("ordosuite.example", ip="192.0.2.1", target="@ROOT@/r/p"), f(R + "after", content="x\n")),
     setup="mkfifo r/p")
case("sshkey-target-dir", "A key whose target is a directory.",
     catalog(sshkey("ordosuite@example", type="ssh-ed25519", key=KEY, target="@ROOT@/r/d")), setup="mkdir r/d")
case("mount-target-dir", "A mount whose target is a directory.",
     catalog(mnt("/mnt/ordosuite", ensure="defined", device="/dev/ordosuite", fstype="ext4", target="@ROOT@/r/d")),
     setup="mkdir r/d")
case("host-two-same-name", "Two host resources with one name under two titles.",
     catalog(host("one", name="ordosuite.example", ip="192.0.2.1"), host("two", name="ordosuite.example", ip="192.0.2.2")))
case("mount-two-same-name", "Two mount resources for one mount point.",
     catalog(mnt("/mnt/ordosuite", ensure="defined", device="/dev/a", fstype="ext4"),
             mnt("other", name="/mnt/ordosuite", ensure="defined", device="/dev/b", fstype="ext4")))
case("fileline-and-file", "A file with content and a file_line on it: the file first, then the line.",
     catalog(fl("ordosuite", path=R + "f", line="added"), f(R + "f", content="base\n")))
case("concat-and-file-same-path", "A concat_file and a file on one path, applied twice: the file takes the concat_file's content, once.",
     catalog(concat("ordosuite", path=R + "c"), frag("a", target="ordosuite", content="a\n"), f(R + "c", content="file\n")), runs=2)
case("concat-and-file-alias", "A concat_file and a file titled otherwise whose path is the concat_file's, with its own mode, applied twice.",
     catalog(concat("ordosuite", path=R + "c", mode="0600"), frag("a", target="ordosuite", content="a\n"), f("other", path=R + "c", content="file\n", mode="0640")), runs=2)
case("concat-and-file-directory", "A concat_file whose path a file resource makes a directory.",
     catalog(concat("ordosuite", path=R + "c"), frag("a", target="ordosuite", content="a\n"), f(R + "c", ensure="directory")))
case("concat-and-file-no-content", "A concat_file and a file on its path with only a mode, applied twice.",
     catalog(concat("ordosuite", path=R + "c"), frag("a", target="ordosuite", content="a\n"), f(R + "c", mode="0600")), runs=2)
case("concat-two-same-path", "Two concat_files on one path.",
     catalog(concat("ordosuite1", path=R + "c"), concat("ordosuite2", path=R + "c"), frag("a", target="ordosuite1", content="a\n"), frag("b", target="ordosuite2", content="b\n")))
case("sshkey-two-users-one-file", "Two keys of one name in one target file for two users.",
     catalog(sshkey("k1", name="ordosuite@example", type="ssh-ed25519", key=KEY),
             sshkey("k2", name="ordosuite@example", type="ssh-ed25519", key=KEY + "x", user="nobody")))
case("fileline-absent-file-missing", "ensure => absent for a line of a file that does not exist.",
     catalog(fl("ordosuite", path=R + "nosuch", line="x", ensure="absent")))


# --- ini_setting and ini_subsetting (puppetlabs-inifile 6.3.1) --------------
def ini(title, **params):
    return res("Ini_setting", title, params)
def inisub(title, **params):
    return res("Ini_subsetting", title, params)
INI = "printf '[main]\\nkey = old\\n' > r/i.ini"
case("ini-value-hash", "An ini_setting whose value is a hash.",
     catalog(ini("ordosuite", path=R + "i.ini", section="main", setting="key", value={"a": 1})), setup=INI)
case("ini-value-array", "An ini_setting whose value is an array.",
     catalog(ini("ordosuite", path=R + "i.ini", section="main", setting="key", value=["a", "b"])), setup=INI)
case("ini-value-integer", "An ini_setting whose value is an integer.",
     catalog(ini("ordosuite", path=R + "i.ini", section="main", setting="key", value=42)), setup=INI)
case("ini-path-relative", "An ini_setting whose path is relative.",
     catalog(ini("ordosuite", path="r/i.ini", section="main", setting="key", value="v")), setup=INI)
case("ini-path-fifo", "An ini_setting whose path is a FIFO.",
     catalog(ini("ordosuite", path=R + "p", section="main", setting="key", value="v"), f(R + "after", content="x\n")),
     setup="mkfifo r/p")
case("ini-path-dir", "An ini_setting whose path is a directory.",
     catalog(ini("ordosuite", path=R + "d", section="main", setting="key", value="v"), f(R + "after", content="x\n")),
     setup="mkdir r/d")
case("ini-path-dangling-link", "An ini_setting whose path is a link to a missing file.",
     catalog(ini("ordosuite", path=R + "l", section="main", setting="key", value="v")), setup="ln -s nosuch r/l")
case("ini-path-missing-folder", "An ini_setting whose file is in a folder that does not exist.",
     catalog(ini("ordosuite", path=R + "nosuch/i.ini", section="main", setting="key", value="v"), f(R + "after", content="x\n")))
case("ini-no-trailing-newline", "A setting added to a file whose last line has no newline.",
     catalog(ini("ordosuite", path=R + "i.ini", section="main", setting="new", value="v")),
     setup="printf '[main]\\nkey = old' > r/i.ini")
case("ini-change-no-trailing-newline", "The last setting of a file without a trailing newline changed.",
     catalog(ini("ordosuite", path=R + "i.ini", section="main", setting="key", value="v")),
     setup="printf '[main]\\nkey = old' > r/i.ini")
case("ini-nul-bytes", "A setting changed in a file with NUL bytes in another line.",
     catalog(ini("ordosuite", path=R + "i.ini", section="main", setting="key", value="v")),
     setup="printf '[main]\\nbin = a\\000b\\nkey = old\\n' > r/i.ini")
case("ini-invalid-utf8", "A setting changed in a file with bytes that are not UTF-8 in another line.",
     catalog(ini("ordosuite", path=R + "i.ini", section="main", setting="key", value="v")),
     setup="printf '[main]\\nbin = \\377\\376\\nkey = old\\n' > r/i.ini")
case("ini-crlf", "A setting changed and one added in a file of CRLF lines.",
     catalog(ini("ordosuite", path=R + "i.ini", section="main", setting="key", value="v"),
             ini("ordosuite2", path=R + "i.ini", section="main", setting="new", value="w")),
     setup="printf '[main]\\r\\nkey = old\\r\\n[other]\\r\\nx = 1\\r\\n' > r/i.ini")
case("ini-section-empty", "A setting in the section '' (before the first section header).",
     catalog(ini("ordosuite", path=R + "i.ini", section="", setting="top", value="v")), setup=INI)
case("ini-key-equals", "A setting whose name has an = in it.",
     catalog(ini("ordosuite", path=R + "i.ini", section="main", setting="a=b", value="v")), setup=INI)
case("ini-two-same-setting", "Two ini_settings under two titles on one setting, with two values.",
     catalog(ini("one", path=R + "i.ini", section="main", setting="key", value="first"),
             ini("two", path=R + "i.ini", section="main", setting="key", value="second")), setup=INI)
case("ini-absent-missing-file", "ensure => absent for a setting of a file that does not exist.",
     catalog(ini("ordosuite", path=R + "nosuch.ini", section="main", setting="key", ensure="absent")))
case("ini-noop", "A setting changed and one added under --noop.",
     catalog(ini("ordosuite", path=R + "i.ini", section="main", setting="key", value="v"),
             ini("ordosuite2", path=R + "i.ini", section="new", setting="k", value="w")), setup=INI, flags="--noop")
case("ini-show-diff-false", "show_diff => false on a changed setting.",
     catalog(ini("ordosuite", path=R + "i.ini", section="main", setting="key", value="secret", show_diff=False)), setup=INI, flags="--show_diff")
case("ini-show-diff-md5", "show_diff => md5 on a changed setting.",
     catalog(ini("ordosuite", path=R + "i.ini", section="main", setting="key", value="secret", show_diff="md5")), setup=INI, flags="--show_diff")
case("ini-show-diff-true", "show_diff => true (the default) on a changed setting, with --show_diff.",
     catalog(ini("ordosuite", path=R + "i.ini", section="main", setting="key", value="secret")), setup=INI, flags="--show_diff")
case("ini-value-bool", "An ini_setting whose value is a boolean.",
     catalog(ini("ordosuite", path=R + "i.ini", section="main", setting="key", value=True)), setup=INI)
case("ini-value-empty", "An ini_setting whose value is ''.",
     catalog(ini("ordosuite", path=R + "i.ini", section="main", setting="key", value="")), setup=INI)
case("ini-value-spaces", "An ini_setting whose value has white space around it.",
     catalog(ini("ordosuite", path=R + "i.ini", section="main", setting="key", value="  v  ")), setup=INI)
case("ini-new-file-missing", "A setting of a file that does not exist yet.",
     catalog(ini("ordosuite", path=R + "new.ini", section="main", setting="key", value="v")))
case("ini-separator-equals", "key_val_separator => '=' over a file written key=old.",
     catalog(ini("ordosuite", path=R + "i.ini", section="main", setting="key", value="v", key_val_separator="=")),
     setup="printf '[main]\\nkey=old\\n' > r/i.ini")
case("ini-absent-show-diff", "ensure => absent on a setting, with --show_diff.",
     catalog(ini("ordosuite", path=R + "i.ini", section="main", setting="key", ensure="absent")), setup=INI, flags="--show_diff")
case("inisub-two-same", "Two ini_subsettings under two titles on one item, with two values.",
     catalog(inisub("one", path=R + "i.ini", section="main", setting="opts", subsetting="-X", value="1"),
             inisub("two", path=R + "i.ini", section="main", setting="opts", subsetting="-X", value="2")),
     setup="printf '[main]\\nopts = -a\\n' > r/i.ini")
case("inisub-quote-char", "quote_char => '\"' on a new setting.",
     catalog(inisub("ordosuite", path=R + "i.ini", section="main", setting="opts", subsetting="-a", quote_char='"')), setup=INI)
case("inisub-key-val-separator", "subsetting_key_val_separator => '=' with a value, over an item with another.",
     catalog(inisub("ordosuite", path=R + "i.ini", section="main", setting="opts", subsetting="a", subsetting_key_val_separator="=", value="2")),
     setup="printf '[main]\\nopts = a=1 b=1\\n' > r/i.ini")
case("ini-path-link", "An ini_setting whose path is a link to an existing file.",
     catalog(ini("ordosuite", path=R + "l", section="main", setting="key", value="v")), setup=INI + "; ln -s i.ini r/l")
case("ini-section-bracket", "A section whose name has a ] in it.",
     catalog(ini("ordosuite", path=R + "i.ini", section="a]b", setting="key", value="v")), setup=INI)
case("ini-setting-space", "A setting whose name has a space inside.",
     catalog(ini("ordosuite", path=R + "i.ini", section="main", setting="my key", value="v")), setup=INI)
case("ini-value-newline", "A value with a newline in it.",
     catalog(ini("ordosuite", path=R + "i.ini", section="main", setting="key", value="a\nb")), setup=INI)
case("ini-absent-dir", "ensure => absent on a setting of a path that is a directory.",
     catalog(ini("ordosuite", path=R + "d", section="main", setting="key", ensure="absent")), setup="mkdir r/d")
case("ini-readonly-fs", "A setting changed in a file on a read-only file system.",
     catalog(ini("ordosuite", path=R + "ro/i.ini", section="main", setting="key", value="v")),
     setup="mkdir r/ro && mount -t tmpfs -o size=64k,mode=0755 ordosuite r/ro && printf '[main]\\nkey = old\\n' > r/ro/i.ini && mount -o remount,ro r/ro")
case("inisub-invalid-utf8", "An item added in a file with bytes that are not UTF-8 in another line.",
     catalog(inisub("ordosuite", path=R + "i.ini", section="main", setting="opts", subsetting="-b")),
     setup="printf '[main]\\nbin = \\377\\nopts = -a\\n' > r/i.ini")
case("ini-noop-missing-folder", "A setting of a file in a missing folder, under --noop.",
     catalog(ini("ordosuite", path=R + "nosuch/i.ini", section="main", setting="key", value="v")), flags="--noop")
case("ini-refreshonly-no-event", "refreshonly => true with no event: the setting is left alone.",
     catalog(ini("ordosuite", path=R + "i.ini", section="main", setting="key", value="v", refreshonly=True)), setup=INI)
case("ini-refreshonly-event", "refreshonly => true, notified by a file that changes.",
     catalog(f(R + "trigger", content="x\n", notify="Ini_setting[ordosuite]"),
             ini("ordosuite", path=R + "i.ini", section="main", setting="key", value="v", refreshonly=True)), setup=INI)
case("ini-evaltrace", "Two settings of one file, with --evaltrace.",
     catalog(*builtins(), res("Filebucket", "puppet", {"name": "puppet"}), ini("one", path=R + "i.ini", section="main", setting="a", value="1"),
             ini("two", path=R + "i.ini", section="main", setting="b", value="2")), setup=INI, flags="--evaltrace")
case("ini-audit-value", "audit => value on a setting it also changes.",
     catalog(ini("ordosuite", path=R + "i.ini", section="main", setting="key", value="v", audit="value")), setup=INI)
case("inisub-value-integer", "An ini_subsetting whose value is an integer, added to a setting.",
     catalog(inisub("ordosuite", path=R + "i.ini", section="main", setting="opts", subsetting="-Xmx", value=512)),
     setup="printf '[main]\\nopts = -Xms1\\n' > r/i.ini")
case("inisub-path-relative", "An ini_subsetting whose path is relative.",
     catalog(inisub("ordosuite", path="r/i.ini", section="main", setting="opts", subsetting="-a")))
case("inisub-path-dir", "An ini_subsetting whose path is a directory.",
     catalog(inisub("ordosuite", path=R + "d", section="main", setting="opts", subsetting="-a")), setup="mkdir r/d")
case("inisub-crlf-noop", "An item added to a setting of a CRLF file, under --noop, and one for real.",
     catalog(inisub("ordosuite", path=R + "i.ini", section="main", setting="opts", subsetting="-b")),
     setup="printf '[main]\\r\\nopts = -a\\r\\n' > r/i.ini", flags="--noop")
case("inisub-crlf", "An item added to a setting of a CRLF file.",
     catalog(inisub("ordosuite", path=R + "i.ini", section="main", setting="opts", subsetting="-b")),
     setup="printf '[main]\\r\\nopts = -a\\r\\n' > r/i.ini")
case("inisub-absent-missing-file", "ensure => absent for an item of a file that does not exist.",
     catalog(inisub("ordosuite", path=R + "nosuch.ini", section="main", setting="opts", subsetting="-a", ensure="absent")))

# --- file sources over http: the recorder and the test serve the folder
# http/ on 127.0.0.1:HTTP_PORT (README.md).
HTTP = "http://127.0.0.1:47391/"
# The server sends no checksum: Puppet compares a file's mtime with the
# Last-Modified (2023), so a file to be replaced is made older.
case("http-404", "A file whose http source is missing (404).",
     catalog(f(R + "a", source=HTTP + "nosuch.txt"), f(R + "after", content="x\n")))
case("http-array-first-missing", "A source array whose first entry is missing over http.",
     catalog(f(R + "a", source=[HTTP + "nosuch.txt", HTTP + "plain.txt"])))
case("http-plain", "A file from an http source.", catalog(f(R + "a", source=HTTP + "plain.txt")))
case("http-dir-listing", "An http source that is a folder: the server's listing becomes the content.",
     catalog(f(R + "a", source=HTTP + "dir/")))
case("http-checksum-md5", "An http source with checksum => md5, over a file with other content.",
     catalog(f(R + "a", source=HTTP + "plain.txt", checksum="md5")), setup="echo old > r/a; touch -d 2020-01-01 r/a")
case("http-source-permissions-use", "source_permissions => use on an http source.",
     catalog(f(R + "a", source=HTTP + "plain.txt", source_permissions="use")))
case("http-array-all-missing", "A source array whose entries are all missing over http.",
     catalog(f(R + "a", source=[HTTP + "nosuch.txt", HTTP + "nosuch2.txt"])))
case("http-noop-changed", "An http source over a file with other content, under --noop.",
     catalog(f(R + "a", source=HTTP + "plain.txt")), setup="echo old > r/a; touch -d 2020-01-01 r/a", flags="--noop")
case("http-replace-false", "An http source with replace => false over a file with other content.",
     catalog(f(R + "a", source=HTTP + "plain.txt", replace=False)), setup="echo old > r/a")
case("http-ensure-directory", "An http source under ensure => directory.",
     catalog(f(R + "a", source=HTTP + "plain.txt", ensure="directory")))
case("http-show-diff", "An http source over a file with other content, with --show_diff.",
     catalog(f(R + "a", source=HTTP + "plain.txt")), setup="echo old > r/a; touch -d 2020-01-01 r/a", flags="--show_diff",
     compare="errors; line ~ ^--- @ROOT@/r/a\\t2020-01-01 00:00:00.000000000 \\+0000$; line ~ ^-old$; line ~ ^\\+hello over http$; "
             "line ~ ^Notice: /Stage\\[main\\]/Main/File\\[@ROOT@/r/a\\]/content: content changed '\\{mtime\\}2020-01-01 00:00:00 \\+0000' to '\\{mtime\\}2023-01-02 03:04:05 UTC'$")
case("http-show-diff-noop", "An http source over a file with other content, with --show_diff under --noop.",
     catalog(f(R + "a", source=HTTP + "plain.txt")), setup="echo old > r/a; touch -d 2020-01-01 r/a", flags="--show_diff --noop",
     compare="errors; line ~ ^--- @ROOT@/r/a\\t2020-01-01 00:00:00.000000000 \\+0000$; line ~ ^-old$; line ~ ^\\+hello over http$; "
             "line ~ ^Notice: /Stage\\[main\\]/Main/File\\[@ROOT@/r/a\\]/content: current_value '\\{mtime\\}2020-01-01 00:00:00 \\+0000', should be '\\{mtime\\}2023-01-02 03:04:05 UTC' \\(noop\\)$")
case("http-checksum-sha256", "An http source with checksum => sha256, over a file with other content.",
     catalog(f(R + "a", source=HTTP + "plain.txt", checksum="sha256")), setup="echo old > r/a; touch -d 2020-01-01 r/a")
case("http-checksum-mtime", "An http source with checksum => mtime, over an older file with other content.",
     catalog(f(R + "a", source=HTTP + "plain.txt", checksum="mtime")), setup="echo old > r/a; touch -d 2020-01-01 r/a")
case("http-path-is-dir", "An http source for a file whose path is a directory.",
     catalog(f(R + "a", source=HTTP + "plain.txt")), setup="mkdir r/a")
case("http-connection-refused", "An http source on a port where nothing listens.",
     catalog(f(R + "a", source="http://127.0.0.1:1/plain.txt")))
case("http-recurse", "recurse => true with an http source of a folder.",
     catalog(f(R + "a", source=HTTP + "dir/", recurse=True, ensure="directory")))
case("http-absent", "ensure => absent with an http source, over an existing file.",
     catalog(f(R + "a", source=HTTP + "plain.txt", ensure="absent")), setup="echo old > r/a")
case("src-permissions-use-local", "source_permissions => use on a local source of mode 0600.",
     catalog(f(R + "a", source="@ROOT@/src", source_permissions="use")), setup="echo src > src; chmod 0600 src")

# --- user forcelocal, concat under --noop and --evaltrace -------------------
# The --evaltrace cases carry the built-in schedules (as the agent adds
# them) and Filebucket[puppet], which ordo adds to every catalog: they
# count in "N of M".
def bucket():
    return res("Filebucket", "puppet", {"name": "puppet"})
case("user-forcelocal-absent", "forcelocal => true on a user that does not exist, ensure => absent (no libuser).",
     catalog(user("ordosuite-u", ensure="absent", forcelocal=True)), flags="--debug")
case("user-forcelocal-present", "forcelocal => true on a new user (no libuser): made with useradd.",
     catalog(user("ordosuitefl", ensure="present", forcelocal=True, uid=64351, home="/nonexistent-ordosuite", shell="/bin/sh")),
     setup="userdel ordosuitefl 2>/dev/null || true",
     after="grep '^ordosuitefl:' /etc/passwd | cut -d: -f1,3,6,7 > passwd-line; userdel ordosuitefl 2>/dev/null || true")
case("user-forcelocal-absent-libuser", "forcelocal => true on a user that does not exist, ensure => absent (libuser).",
     catalog(user("ordosuite-u", ensure="absent", forcelocal=True)), flags="--debug")
case("user-forcelocal-present-libuser", "forcelocal => true on a new user (libuser): made with luseradd.",
     catalog(user("ordosuitefl", ensure="present", forcelocal=True, uid=64351, home="/nonexistent-ordosuite", shell="/bin/sh")),
     setup="userdel ordosuitefl 2>/dev/null || true",
     after="grep '^ordosuitefl:' /etc/passwd | cut -d: -f1,3,6,7 > passwd-line; userdel ordosuitefl 2>/dev/null || true")
case("concat-target-missing-noop", "A fragment whose target names no concat_file, under --noop.",
     catalog(concat("ordosuite", path=R + "c"), frag("a", target="nosuch", content="a\n")), flags="--noop")
case("concat-noop-evaltrace", "A concat_file of one fragment under --noop with --evaltrace.",
     catalog(*builtins(), bucket(), concat("ordosuite", path=R + "c"), frag("a", target="ordosuite", content="a\n")),
     flags="--noop --evaltrace")
case("concat-fragment-source-missing-noop", "A fragment whose source does not exist, under --noop.",
     catalog(concat("ordosuite", path=R + "c"), frag("a", target="ordosuite", source="@ROOT@/nosuch")), flags="--noop")
case("user-forcelocal-bogus", "forcelocal => 'sometimes'.",
     catalog(user("ordosuite-u", ensure="absent", forcelocal="sometimes")))
case("concat-show-diff", "A concat_file over a file with other content, with --show_diff.",
     catalog(concat("ordosuite", path=R + "c"), frag("a", target="ordosuite", content="a\n")),
     setup="echo old > r/c", flags="--show_diff",
     compare="errors; line ~ ^--- @ROOT@/r/c\\t; line ~ ^-old$; line ~ ^\\+a$; "
             "line ~ ^Notice: /Stage\\[main\\]/Main/File\\[@ROOT@/r/c\\]/content: content changed '\\{sha256\\}01d09d19c2139a46aebfb577780d123d7396e97201bc7ead210a2ebff8239dee' to")
case("concat-absent-noop", "A concat_file with ensure => absent over an existing file, under --noop.",
     catalog(concat("ordosuite", path=R + "c", ensure="absent"), frag("a", target="ordosuite", content="a\n")),
     setup="echo old > r/c", flags="--noop")
case("concat-replace-false", "A concat_file with replace => false over a file with other content.",
     catalog(concat("ordosuite", path=R + "c", replace=False), frag("a", target="ordosuite", content="a\n")),
     setup="echo old > r/c")
case("concat-validate-fails", "A concat_file whose validate_cmd fails.",
     catalog(concat("ordosuite", path=R + "c", validate_cmd="/bin/false %"), frag("a", target="ordosuite", content="a\n")))
case("concat-format-json-bad", "format => json with a fragment that is not JSON.",
     catalog(concat("ordosuite", path=R + "c", format="json"), frag("a", target="ordosuite", content="not json\n")))
case("concat-mode-noop", "A concat_file whose mode differs, with the same content, under --noop.",
     catalog(concat("ordosuite", path=R + "c", mode="0600"), frag("a", target="ordosuite", content="a\n")),
     setup="echo a > r/c", flags="--noop")
case("concat-noop", "A concat_file of two fragments under --noop.",
     catalog(concat("ordosuite", path=R + "c"), frag("a", target="ordosuite", content="a\n"),
             frag("b", target="ordosuite", content="b\n")), flags="--noop")
case("concat-noop-changed", "A concat_file whose file exists with other content, under --noop.",
     catalog(concat("ordosuite", path=R + "c"), frag("a", target="ordosuite", content="a\n")),
     setup="echo old > r/c", flags="--noop")
case("concat-evaltrace", "A concat_file of two fragments with --evaltrace.",
     catalog(*builtins(), bucket(), concat("ordosuite", path=R + "c"), frag("a", target="ordosuite", content="a\n"),
             frag("b", target="ordosuite", content="b\n")), flags="--evaltrace")
case("concat-no-fragments-evaltrace", "A concat_file with no fragment, with --evaltrace.",
     catalog(*builtins(), bucket(), concat("ordosuite", path=R + "c")), flags="--evaltrace")
case("concat-no-fragments-noop", "A concat_file with no fragment, under --noop.",
     catalog(concat("ordosuite", path=R + "c")), flags="--noop")
case("concat-same-order", "Two fragments with the same order: by title.",
     catalog(*builtins(), bucket(), concat("ordosuite", path=R + "c"), frag("z", target="ordosuite", content="z\n", order="5"),
             frag("a", target="ordosuite", content="a\n", order="5")), flags="--evaltrace")
case("concat-target-missing-evaltrace", "A fragment whose target names no concat_file, with --evaltrace.",
     catalog(*builtins(), bucket(), concat("ordosuite", path=R + "c"), frag("a", target="nosuch", content="a\n")), flags="--evaltrace")

def txtar(doc, compare, cat, setup, flags, after, runs, between, recorded):
    out = doc.rstrip("\n").encode() + b"\n"
    for c in compare.split(";"):
        out += b"compare: " + c.strip().encode() + b"\n"
    out += b"-- catalog.json --\n" + cat
    if not cat.endswith(b"\n"):
        out += b"\n"  # (the section then ends with a newline txtar adds; see README)
    if setup:
        out += b"-- setup.sh --\n" + setup.encode() + b"\n"
    if flags:
        out += b"-- flags --\n" + flags.encode() + b"\n"
    if after:
        out += b"-- after.sh --\n" + after.encode() + b"\n"
    if runs:
        out += b"-- runs --\n" + str(runs).encode() + b"\n"
    if between:
        out += b"-- between.sh --\n" + between.encode() + b"\n"
    return out + recorded


def main(names):
    seen = set()
    for name, doc, compare, cat, setup, flags, after, runs, between in CASES:
        assert name not in seen, name
        seen.add(name)
        if names and name not in names:
            continue
        cat = cat.replace(BAD.encode(), b"\xff\xfe\x80")
        path = os.path.join(HERE, name + ".txtar")
        recorded = b""
        if os.path.exists(path):
            old = open(path, "rb").read()
            k = old.find(b"\n-- puppet.")
            if k >= 0:
                recorded = old[k + 1:]
                # The recording depends on the catalog and the setup only.
                body = txtar(doc, compare, cat, setup, flags, after, runs, between, b"")
                if old[old.find(b"-- catalog.json --"):k + 1] != body[body.find(b"-- catalog.json --"):]:
                    recorded = b""
        open(path, "wb").write(txtar(doc, compare, cat, setup, flags, after, runs, between, recorded))
    print(len(CASES), "cases")


if __name__ == "__main__":
    main(set(sys.argv[1:]))
