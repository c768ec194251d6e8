#!/usr/bin/env python3
"""Every check links existing knowledge-base records, and back.

- every record id the checks use (string literals "pytorch/..." in
  checker/checks/*Check.cpp and *Check.h, and the "kb" fields of checker/data/api.json) exists in
  kb/records (as an id);
- every check of checker/data/checks.json (the list the module registers)
  links at least one
  record, has a docs/checks page and a lit test, and is named in the `checks`
  field of at least one record;
- every name in a record's `checks` field is a registered check.
"""
import glob
import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "test"))
from testing import expect, finish  # noqa: E402


def main():
    records = {}
    for f in glob.glob(os.path.join(ROOT, "kb", "records", "*.json")):
        r = json.load(open(f, encoding="utf-8"))
        records[r["id"]] = r
    checks = [(c["class"], c["name"]) for c in
              json.load(open(os.path.join(ROOT, "checker", "data", "checks.json")))]
    api = json.load(open(os.path.join(ROOT, "checker", "data", "api.json")))
    api_ids = set()
    for op, info in api["same_dtype_ops"].items():
        if op != "_doc":
            # (null: not judged so from that version on)
            api_ids.update(v for v in info["kb"].values() if v is not None)
    for name, info in api["modules"].items():
        if name != "_doc":
            api_ids.add(info["kb"])
    for name, info in api["source_dtype_ops"].items():
        if name != "_doc":
            api_ids.add(info["kb"])
    for rid in sorted(api_ids):
        expect(rid in records, "api.json links %s, which is not in kb/records" % rid)

    linked_by = {}
    for cls, name in checks:
        # the check's source and its header (where its record names are
        # declared, as static members)
        src = "".join(open(os.path.join(ROOT, "checker", "checks", cls + ext)).read()
                      for ext in (".cpp", ".h"))
        ids = set(re.findall(r'"(pytorch/[a-z0-9-]+)"', src))
        if cls == "MixedPrecisionCheck":
            ids |= {i for op, info in api["same_dtype_ops"].items() if op != "_doc"
                    for i in info["kb"].values() if i is not None}
        if cls == "ModuleInputDtypeCheck":
            ids |= {info["kb"] for n, info in api["modules"].items() if n != "_doc"}
        if cls == "InplaceDtypeCheck":
            # the op records are data; the arithmetic one is the analysis'
            ids |= {info["kb"] for n, info in api["source_dtype_ops"].items() if n != "_doc"}
            ids |= set(re.findall(r'"(pytorch/[a-z0-9-]+)"', open(os.path.join(
                ROOT, "checker", "analysis", "findings", "InplaceDtype.cpp")).read()))
        linked_by[name] = ids
        expect(ids, "%s links no record" % name)
        for rid in sorted(ids):
            expect(rid in records, "%s links %s, which is not in kb/records" % (name, rid))
        expect(any(name in r.get("checks", []) for r in records.values()),
           "no record names %s in its checks" % name)
    names = {n for _, n in checks}
    for rid, r in sorted(records.items()):
        for c in r.get("checks", []):
            expect(c in names, "%s names %s, which is not a registered check" % (rid, c))
    finish()


if __name__ == "__main__":
    main()
