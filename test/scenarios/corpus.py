"""Reads and validates the scenario corpus (format: README.md beside this)."""
import glob
import os
import re

HERE = os.path.dirname(os.path.abspath(__file__))
# The corpus read: this directory, or another laid out the same way (the
# blind corpus, test/blind), chosen with set_root.
ROOT = HERE


def set_root(path):
    global ROOT
    ROOT = os.path.abspath(path)
TIERS = {"1-straight": 1, "2-paths": 2, "3-calls": 3, "4-modules": 4, "5-autocast": 5}
TIER_NAMES = {1: "straight-line", 2: "branches, loops, reassignment",
              3: "across functions", 4: "class members and modules",
              5: "autocast regions"}
FAMILIES = {"mixed-precision", "device-mismatch", "module-input-dtype", "half-on-cpu",
            "loss-target-dtype", "autocast-unsafe-op", "from-blob-dtype", "mps-float64",
            "inplace-dtype", "out-dtype"}


class Scenario:
    def __init__(self, path):
        self.path = os.path.abspath(path)
        self.rel = os.path.relpath(self.path, ROOT).replace(os.sep, "/")
        self.ident = "td_" + re.sub(r"\W", "_", self.rel[:-len(".cpp")])
        self.header = {}
        self.bug_lines = []
        self.includes = []
        self.macros = []
        with open(self.path, encoding="utf-8") as f:
            self.lines = f.read().split("\n")
        in_header = True
        for n, text in enumerate(self.lines, 1):
            m = re.match(r"//\s*([a-z]+):\s*(.*?)\s*$", text)
            if in_header and m:
                self.header[m.group(1)] = m.group(2)
                continue
            in_header = False
            if re.search(r"//\s*BUG\b", text):
                self.bug_lines.append(n)
            m = re.match(r"\s*#\s*include\s*([<\"].*[>\"])", text)
            if m:
                self.includes.append(m.group(1))
            m = re.match(r"\s*#\s*define\s+(\w+)", text)
            if m:
                self.macros.append(m.group(1))
        self.tier = self.header.get("tier", "")
        self.family = self.header.get("family", "")
        self.expect = self.header.get("expect", "")
        self.verified = self.header.get("verified", "")
        self.raises = self.header.get("raises", "")
        self.bug_line = self.bug_lines[0] if self.bug_lines else None

    def errors(self):
        e = []
        d = self.rel.split("/")[0]
        if d not in TIERS or str(TIERS[d]) != self.tier:
            e.append("tier %r does not match its directory %s" % (self.tier, d))
        if self.family not in FAMILIES:
            e.append("unknown family %r" % self.family)
        if "scenario" not in self.header:
            e.append("no 'scenario:' line")
        if self.expect == "bug":
            if len(self.bug_lines) != 1:
                e.append("a bug scenario has exactly one // BUG line (found %d)"
                         % len(self.bug_lines))
            if self.verified == "cpu-1.13.1" and not self.raises:
                e.append("a bug verified on the CPU needs a 'raises:' line")
        elif self.expect == "ok":
            if self.bug_lines:
                e.append("an ok scenario has no // BUG line")
        else:
            e.append("expect must be bug or ok, not %r" % self.expect)
        if self.verified == "source":
            if not self.header.get("source"):
                e.append("a source-verified scenario needs a 'source:' line")
        elif self.verified != "cpu-1.13.1":
            e.append("verified must be cpu-1.13.1 or source, not %r" % self.verified)
        return ["%s: %s" % (self.rel, x) for x in e]


def load(files=None):
    """The scenarios (all of the corpus when files is empty) and the format
    errors found in them."""
    if not files:
        files = sorted(glob.glob(os.path.join(ROOT, "[1-5]-*", "*.cpp")))
    scenarios = [Scenario(f) for f in files]
    errors = [x for s in scenarios for x in s.errors()]
    return scenarios, errors
