#!/usr/bin/env python3
"""Re-measures a deterministic sample of the operators in op_contracts.json
and compares the outcomes with the table.

Usage: check_sample.py [--build-dir DIR] [--table FILE] [-n N] [--seed S]
                       [--ops KEY,KEY...]

Exit 0: the sample matches; 1: it does not (the differences are printed);
77: LibTorch 1.13 is not installed (or measure cannot be built).
A difference in an overload the table marks unstable (a call crashed, timed
out or varied between runs), or where one side crashed or timed out, is
reported as a NOTE, not failed: the alarm depends on the machine's load, and
the out= overloads that corrupt the heap do not always crash.
"""
import argparse
import os
import random
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import assemble  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build-dir", default=os.path.join(ROOT, "build",
                                                       "op-contracts"))
    ap.add_argument("--table", default=os.path.join(ROOT, "checker", "data",
                                                    "op_contracts.json"))
    ap.add_argument("-n", type=int, default=40)
    ap.add_argument("--seed", type=int, default=30)
    ap.add_argument("--ops", help="comma-separated keys instead of a sample")
    args = ap.parse_args()

    os.makedirs(args.build_dir, exist_ok=True)
    exe = os.path.join(args.build_dir, "measure")
    build = subprocess.run(["sh", os.path.join(HERE, "build.sh"), exe])
    if build.returncode == 77:
        return 77
    if build.returncode != 0:
        print("FAIL: measure.cpp does not build")
        return 1

    import json
    with open(args.table, encoding="utf-8") as f:
        data = json.load(f)
    table = assemble.decode(data)
    schemas = {k: v["schema"] for k, v in data["ops"].items()}
    if args.ops:
        keys = args.ops.split(",")
    else:
        keys = random.Random(args.seed).sample(sorted(table),
                                               min(args.n, len(table)))
    keys.sort()

    # measure's --only names an operator `name.overload`, `name.` for none.
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        for k in keys:
            name, _, overload = k.partition(".")
            f.write(name + "." + overload + "\n")
        only = f.name
    raw = only + ".tsv"
    try:
        with open(raw, "w") as out:
            r = subprocess.run(["nice", "-n", "10", exe, "--only", only],
                               stdout=out, stderr=subprocess.DEVNULL)
        if r.returncode != 0:
            print("FAIL: measure exited %d" % r.returncode)
            return 1
        ops, skipped = assemble.read_raw(raw)
    finally:
        os.unlink(only)
        if os.path.exists(raw):
            os.unlink(raw)

    fails, notes, combos = [], [], 0
    for k in keys:
        if k not in ops:
            why = skipped.get(k, ("", "not found"))[1]
            fails.append("%s: in the table, not measured now (%s)" % (k, why))
            continue
        shapes = data["ops"][k].get("shapes", "")
        if ops[k]["shapes"] != shapes:
            fails.append("%s: shapes: table %r, now %r"
                         % (k, shapes, ops[k]["shapes"]))
        if ops[k]["schema"] != schemas[k]:
            fails.append("%s: schema\n  table: %s\n  now:   %s"
                         % (k, schemas[k], ops[k]["schema"]))
        now, then = ops[k]["results"], table[k]
        for combo in sorted(set(now) | set(then)):
            combos += 1
            a, b = then.get(combo), now.get(combo)
            if a == b:
                continue
            line = "%s [%s]\n  table: %s\n  now:   %s" % (k, combo, a, b)
            unstable = ("timeout", "crashed", "unstable")
            if (data["ops"][k].get("unstable") or (a and a[0] in unstable)
                    or (b and b[0] in unstable)):
                notes.append(line)
            else:
                fails.append(line)
    for n in notes:
        print("NOTE (unstable): " + n)
    for f in fails:
        print("FAIL " + f)
    print("%d operators, %d combinations re-measured: %d differ%s"
          % (len(keys), combos, len(fails),
             ", %d unstable differ" % len(notes) if notes else ""))
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
