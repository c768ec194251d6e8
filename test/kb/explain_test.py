#!/usr/bin/env python3
"""Tests `torchdtype explain` (the built program, with its compiled-in records).

1. Every log of kb/explain-cases.json, given as arguments and on standard
   input: the expected record is the first one printed (exit 0), or, for
   unrelated errors, nothing matches (exit 1).
2. --kb DIR with a valid user record: it is found; with broken files: exit 2
   and an error naming the file and the field; no crash.
usage: explain_test.py TORCHDTYPE
"""
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def run(tool, args, stdin=None):
    r = subprocess.run([tool, "explain"] + args, input=stdin, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, text=True, timeout=60)
    return r.returncode, r.stdout, r.stderr


def first_id(out):
    return out.split("\n", 1)[0].strip() if out.strip() else None


def main():
    tool = sys.argv[1]
    cases = json.load(open(os.path.join(ROOT, "kb", "explain-cases.json"), encoding="utf-8"))
    passed, failed = 0, []
    for i, c in enumerate(cases):
        for mode in ("args", "stdin"):
            code, out, err = (run(tool, [c["text"]]) if mode == "args"
                              else run(tool, ["-"], c["text"]))
            want = c["expect"]
            ok = (code == 0 and first_id(out) == want) if want else code == 1
            if ok:
                passed += 1
            else:
                failed.append("case %d (%s, %s): expected %s, got exit %d, first %r %s"
                              % (i, c.get("note", ""), mode, want, code, first_id(out), err))

    # A message known only to the measured table: the generic record, the
    # measured message on its "matched" line, and the op that raised it.
    inplace = ("Bad in-place call: input tensor dtype double and output tensor "
               "dtype float should match")
    code, out, err = run(tool, [inplace])
    matched = [l for l in out.splitlines() if l.strip().startswith("matched:")]
    if (code == 0 and first_id(out) == "pytorch/op-dtype-contract" and matched
            and inplace in matched[0] and "raised by aten::" in out):
        passed += 1
    else:
        failed.append("measured-only message: exit %d %r" % (code, out[:300]))

    # The same message with a dtype no measured run had (the table's runs
    # use eight dtypes, Short is not one): still the table's message, said so.
    other = ("Bad in-place call: input tensor dtype float and output tensor "
             "dtype short int should match")
    code, out, err = run(tool, ["-"], "what():  " + other + "\n")
    matched = [l for l in out.splitlines() if l.strip().startswith("matched:")]
    if (code == 0 and first_id(out) == "pytorch/op-dtype-contract" and matched
            and "Bad in-place call" in matched[0]
            and "(measured, with other dtypes)" in matched[0]
            and "raised by aten::" in out):
        passed += 1
    else:
        failed.append("message with other dtypes: exit %d %r" % (code, out[:300]))

    with tempfile.TemporaryDirectory() as d:
        good = json.load(open(os.path.join(ROOT, "kb", "records", "half-overflow.json")))
        good["id"] = "user/my-error"
        good["regex"] = "my very own LibTorch error"
        good["aliases"] = []
        json.dump(good, open(os.path.join(d, "mine.json"), "w"))
        code, out, err = run(tool, ["--kb", d, "got my very own LibTorch error here"])
        if code == 0 and first_id(out) == "user/my-error" and "(from " in out:
            passed += 1
        else:
            failed.append("user record not found: exit %d %r %r" % (code, out, err))
        broken = {
            "syntax.json": ("{ \"id\": ", "not valid JSON"),
            "regex.json": (json.dumps(dict(good, id="user/bad-regex", regex="(unclosed")),
                           "field 'regex': not a valid regular expression"),
            "missing.json": (json.dumps({k: v for k, v in good.items() if k != "signature"}),
                             "field 'signature': missing"),
            "types.json": (json.dumps(dict(good, id="user/bad-type", workarounds="none")),
                           "field 'workarounds': must be an array"),
        }
        for name, (text, want) in broken.items():
            sub = os.path.join(d, "b-" + name)
            os.mkdir(sub)
            open(os.path.join(sub, name), "w").write(text)
            code, out, err = run(tool, ["--kb", sub, "anything"])
            if code == 2 and name in err and want in err:
                passed += 1
            else:
                failed.append("broken %s: exit %d, stderr %r" % (name, code, err))
        code, out, err = run(tool, ["--kb", os.path.join(d, "nonexistent"), "x"])
        if code == 2 and "cannot open the knowledge-base directory" in err:
            passed += 1
        else:
            failed.append("missing dir: exit %d %r" % (code, err))
        code, out, err = run(tool, ["--no-such-option"])
        if code == 2 and "unknown option" in err:
            passed += 1
        else:
            failed.append("unknown option: exit %d %r" % (code, err))

    for f in failed:
        print("FAIL " + f)
    print("%d passed, %d failed" % (passed, len(failed)))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
