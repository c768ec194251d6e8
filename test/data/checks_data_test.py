#!/usr/bin/env python3
"""The list of checks is kept once, in checker/data/checks.json (name, class,
summary, kb records, options; the registration and the SARIF rules are
generated from it). This test holds the rest of the repository to it:

- README.md's and docs/checks/README.md's tables list exactly its checks, and
  the latter's kb column names exactly each check's records;
- each check has its class (checker/checks/CLASS.h/.cpp), its docs page
  (docs/checks/NAME.md) and its lit test (test/checkers/NAME.cpp);
- each option is read in the class (Options.get("NAME")) and documented in the
  docs page;
- each check's kb list is the set of kb records whose `checks` field names
  it (that those fields name only its checks: test/kb/links_test.py);
- each flow check's finder is in checker/analysis/findings/<Name>.cpp, and
  "throws" both ways: each check marked so defines its throw sites there
  (<name>ThrowSites, which the table generated from checks.json names), and
  each such function is a check marked so; ThrowOrder.cpp runs no finder of
  its own.

usage: checks_data_test.py [ROOT]   Prints `N passed, N failed`.
"""
import glob
import json
import os
import re
import sys

ROOT = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.dirname(
    os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))  # test/
from testing import expect, finish  # noqa: E402


def read(*parts):
    with open(os.path.join(ROOT, *parts)) as f:
        return f.read()


checks = json.loads(read("checker", "data", "checks.json"))
names = [c["name"] for c in checks]
expect(len(names) == len(set(names)), "checks.json: each check once")

ROW = re.compile(r"^\| \[(torchdtype-[\w-]+)\]\(([^)]+)\) \|(.*)\|\s*$", re.M)
readme = {m.group(1): m for m in ROW.finditer(read("README.md"))}
expect(set(readme) == set(names), "README.md's table: the checks of checks.json (%s)"
       % sorted(set(readme) ^ set(names)))
docs = {m.group(1): m for m in ROW.finditer(read("docs", "checks", "README.md"))}
expect(set(docs) == set(names), "docs/checks/README.md's table: the checks of checks.json (%s)"
       % sorted(set(docs) ^ set(names)))

records = {}
for path in glob.glob(os.path.join(ROOT, "kb", "records", "*.json")):
    r = json.load(open(path))
    records[r["id"]] = r

pages = {os.path.basename(p)[:-3] for p in glob.glob(os.path.join(ROOT, "docs", "checks", "*.md"))}
expect(pages - {"README"} == {n[len("torchdtype-"):] for n in names},
       "docs/checks/: one page per check, no other (%s)"
       % sorted(pages - {"README"} ^ {n[len("torchdtype-"):] for n in names}))

for c in checks:
    name, short, cls = c["name"], c["name"][len("torchdtype-"):], c["class"]
    if name in readme:
        expect(readme[name].group(2) == "docs/checks/%s.md" % short,
               "README.md: %s links docs/checks/%s.md" % (name, short))
    if name in docs:
        row = docs[name]
        expect(row.group(2) == short + ".md", "docs/checks/README.md: %s links %s.md" % (name, short))
        listed = set(re.findall(r"`([\w/-]+)`", row.group(3).rsplit("|", 1)[-1]))
        want = {k[len("pytorch/"):] if k.startswith("pytorch/") else k for k in c["kb"]}
        expect(listed == want, "docs/checks/README.md: %s's kb records %s, checks.json %s"
               % (name, sorted(listed), sorted(want)))
    naming = [records[k].get("checks", []) for k in c["kb"] if k in records]
    expect(len(naming) == len(c["kb"]) and all(name in n for n in naming),
           "%s: each kb record it lists exists and names it" % name)
    expect(set(c["kb"]) == {rid for rid, r in records.items() if name in r.get("checks", [])},
           "%s: its kb list is the records that name it" % name)
    for f in ("checker/checks/%s.h" % cls, "checker/checks/%s.cpp" % cls, "docs/checks/%s.md" % short,
              "test/checkers/%s.cpp" % short):
        expect(os.path.exists(os.path.join(ROOT, f)), "%s: %s exists" % (name, f))
    source = read("checker", "checks", cls + ".cpp") if os.path.exists(os.path.join(ROOT, "checker", "checks", cls + ".cpp")) else ""
    page = read("docs", "checks", short + ".md") if short in pages else ""
    for o in c["options"]:
        expect('Options.get("%s"' % o["name"] in source, "%s: option %s read in %s.cpp" % (name, o["name"], cls))
        expect("`%s`" % o["name"] in page, "%s: option %s documented in its page" % (name, o["name"]))
    # and the other way: every option the class reads is listed
    for o in re.findall(r'Options\.get(?:LocalOrGlobal)?\("(\w+)"', source):
        expect(o in {x["name"] for x in c["options"]},
               "%s: option %s, read in %s.cpp, is listed in checks.json" % (name, o, cls))
    expect(c["summary"] and not c["summary"].endswith("."), "%s: a summary, without a period" % name)
    expect(isinstance(c.get("throws"), bool), "%s: throws is true or false" % name)

# Each flow check in one place: its finder in findings/<Id>.cpp (the check's
# name, as its class is), and for a check marked "throws" the function there
# that gives its findings' places (the generated table names it, so a check
# marked so without one does not link); code -> data: every such function
# belongs to a check marked "throws".
findings_dir = os.path.join(ROOT, "checker", "analysis", "findings")
defined = {}
for path in glob.glob(os.path.join(findings_dir, "*.cpp")):
    for fn in re.findall(r"^void (\w+ThrowSites)\(FunctionFindings &", open(path).read(), re.M):
        defined[fn] = os.path.basename(path)
for c in checks:
    cls = c["class"]
    ident = cls[:-len("Check")]
    src_path = os.path.join(ROOT, "checker", "checks", cls + ".cpp")
    source = open(src_path).read() if os.path.exists(src_path) else ""
    flow = "AC.findings(" in source
    finder = os.path.join(findings_dir, ident + ".cpp")
    if flow:
        expect(os.path.exists(finder), "%s: a flow check, its finder in checker/analysis/findings/%s.cpp"
               % (c["name"], ident))
    sites = ident[0].lower() + ident[1:] + "ThrowSites"
    if c.get("throws") is True:
        expect(defined.get(sites) == ident + ".cpp", "%s: marked throws, %s defined in findings/%s.cpp"
               % (c["name"], sites, ident))
        expect(flow, "%s: marked throws, a flow check (its class reads AC.findings)" % c["name"])
throwing_sites = {c["class"][0].lower() + c["class"][1:-len("Check")] + "ThrowSites"
                  for c in checks if c.get("throws") is True}
expect(not set(defined) - throwing_sites, "findings/ defines %s for checks checks.json does not mark throws"
       % sorted(set(defined) - throwing_sites))
registry = read("checker", "analysis", "findings", "FunctionFindings.cpp")
expect('#include "ChecksTables.inc"' in registry and "{Name, &Sites}" in registry,
       "FunctionFindings.cpp: the table of throwing checks is generated from checks.json")
order = read("checker", "analysis", "findings", "ThrowOrder.cpp")
expect(not re.search(r"\bfind[A-Z]\w*\(", order),
       "ThrowOrder.cpp runs no finder itself (its throwing checks come from checks.json)")

finish()
