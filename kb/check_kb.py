#!/usr/bin/env python3
"""Validates the torchdtype knowledge base (kb/records/*.json).

Checks every record against kb/schema.json (python3-jsonschema) and then:
  - id is unique and equals pytorch/<file stem>; aliases are unique across records
    and never an id; transition_graph names known records;
  - regex compiles (Python re) and avoids what C++ std::regex ECMAScript lacks;
    every message_examples entry matches it;
  - workarounds_zh has one entry per workaround;
  - every name in checks is a check of checker/data/checks.json;
  - runtime_cases name cases of test/runtime/runtime_cases.cpp, and only records
    whose verification_tier includes runtime list any;
  - kb/explain-cases.json: each text matches its expected record's regex and no
    other record's (unless listed in the expected record's
    transition_graph.frequently_confused_with); texts expecting null match none.
Options:
  --cxx-regex BIN  the kb-regex-check helper: the same regex checks again with
                   C++ std::regex (ECMAScript), which must agree with Python re.
  --runtime BIN    the runtime tier's program (torchdtype-runtime): runs
                   `BIN -v -f '^(a|b)$'` per record; each case must PASS and its
                   observed message must match the record's regex. Exit 77 when
                   BIN does not exist (the runtime tier was skipped).
Exit status: 0 all good, 1 errors (each names the file and the field), 77 skip.
"""
import argparse
import glob
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
# Python re constructs that C++ std::regex (ECMAScript) does not have.
CXX_UNSUPPORTED = [
    (r"\(\?<[=!]", "lookbehind"),
    (r"\(\?P?<[A-Za-z_]", "named group"),
    (r"\(\?P[=>]", "named group reference"),
    (r"\(\?[aiLmsux-]+[:)]", "inline flags"),
    (r"(?<!\\)[*+?}]\+", "possessive quantifier"),
    (r"\\[AZzG]", "\\A/\\Z/\\z/\\G anchor"),
    (r"\(\?#", "comment group"),
    (r"\(\?>", "atomic group"),
    (r"\(\?\(", "conditional group"),
    # ECMAScript rejects a brace that is not a {n}, {n,} or {n,m} quantifier;
    # Python takes it as a literal.
    (r"(?<!\\)\{(?![0-9]+(,[0-9]*)?\})", "a literal { (escape it as \\{)"),
]


def import_jsonschema():
    try:
        import jsonschema  # noqa: F401
        return jsonschema
    except ImportError:
        pass
    # The interpreter CMake found may be a private one; Debian's python3 has
    # python3-jsonschema. Run again with it rather than failing.
    system = "/usr/bin/python3"
    if os.path.realpath(sys.executable) != os.path.realpath(system) and os.path.exists(system) \
            and not os.environ.get("TORCHDTYPE_KB_REEXEC"):
        env = dict(os.environ, TORCHDTYPE_KB_REEXEC="1")
        os.execve(system, [system] + sys.argv, env)
    print("error: the Python module jsonschema is missing: apt-get install python3-jsonschema")
    sys.exit(1)


class Report:
    def __init__(self):
        self.errors = []

    def error(self, where, field, msg):
        self.errors.append("%s: %s: %s" % (where, field, msg))


# Values for the placeholders of "messages", to try a text against the regex.
FILL_EXAMPLE = [("{expected:ScalarType}", "Float"), ("{found:ScalarType}", "Double"),
                ("{expected:TypeMeta}", "float"), ("{found:TypeMeta}", "double"),
                ("{expected:type}", "CPUFloatType"), ("{found:type}", "CPUDoubleType"),
                ("{fn}", "embedding")]


def fill_on(text, device):
    """{on:cpu=A|cuda=B} -> the text for device ('' when not written)."""
    def pick(m):
        for choice in m.group(1).split("|"):
            name, _, val = choice.partition("=")
            if name == device:
                return val
        return ""
    return re.sub(r"\{on:([^}]*)\}", pick, text)


def rel(path):
    return os.path.relpath(path, ROOT)


def known_checks():
    with open(os.path.join(ROOT, "checker", "data", "checks.json")) as f:
        return {c["name"] for c in json.load(f)}


def runtime_case_names(path):
    if not os.path.exists(path):
        return None
    return set(re.findall(r'^\s*\{"([A-Za-z0-9_]+)",', open(path, encoding="utf-8").read(), re.M))


def json_path(parts):
    out = ""
    for p in parts:
        out += "[%d]" % p if isinstance(p, int) else ("." if out else "") + str(p)
    return out or "(record)"


class CxxRegex:
    """Talks to kb-regex-check: one process, many (regex, text) questions."""

    def __init__(self, binary):
        self.binary = binary

    def ask(self, pairs):
        data = b""
        for regex, text in pairs:
            r, t = regex.encode(), text.encode()
            data += b"%d\n%s%d\n%s" % (len(r), r, len(t), t)
        out = subprocess.run([self.binary], input=data, stdout=subprocess.PIPE, check=True).stdout
        answers = out.decode().splitlines()
        if len(answers) != len(pairs):
            raise RuntimeError("%s answered %d of %d questions" % (self.binary, len(answers), len(pairs)))
        return answers


def load_records(report, schema):
    import jsonschema
    validator = jsonschema.Draft202012Validator(schema)
    records = {}
    for path in sorted(glob.glob(os.path.join(HERE, "records", "*.json"))):
        where = rel(path)
        try:
            with open(path, encoding="utf-8") as f:
                rec = json.load(f)
        except (OSError, ValueError) as e:
            report.error(where, "(file)", "not valid JSON: %s" % e)
            continue
        errs = sorted(validator.iter_errors(rec), key=lambda e: list(e.absolute_path))
        for e in errs:
            report.error(where, json_path(e.absolute_path), e.message)
        if not isinstance(rec, dict):
            continue
        stem = os.path.splitext(os.path.basename(path))[0]
        if rec.get("id") != "pytorch/" + stem:
            report.error(where, "id", "is %r, must be %r (the file name)" % (rec.get("id"), "pytorch/" + stem))
        records[where] = rec
    return records


def check_records(report, records, cases_file, cxx):
    checks = known_checks()
    case_names = runtime_case_names(cases_file)
    ids = {}
    for where, rec in records.items():
        rid = rec.get("id")
        if rid in ids:
            report.error(where, "id", "%s is also the id of %s" % (rid, ids[rid]))
        ids.setdefault(rid, where)
    aliases = {}
    for where, rec in records.items():
        for a in rec.get("aliases", []) or []:
            if a in ids:
                report.error(where, "aliases", "%s is the id of %s" % (a, ids[a]))
            if a in aliases and aliases[a] != where:
                report.error(where, "aliases", "%s is also an alias in %s" % (a, aliases[a]))
            aliases.setdefault(a, where)
    known = set(ids) | set(aliases)
    compiled = {}
    for where, rec in records.items():
        regex = rec.get("regex")
        if not isinstance(regex, str):
            continue
        try:
            compiled[rec["id"]] = re.compile(regex)
        except re.error as e:
            report.error(where, "regex", "does not compile in Python re: %s" % e)
            continue
        for pattern, what in CXX_UNSUPPORTED:
            if re.search(pattern, regex):
                report.error(where, "regex", "uses %s, which C++ std::regex (ECMAScript) lacks" % what)
        for i, ex in enumerate(rec.get("message_examples", []) or []):
            if isinstance(ex, str) and not compiled[rec["id"]].search(ex):
                report.error(where, "message_examples[%d]" % i, "regex does not match %r" % ex)
        # A message filled in must still be what the regex finds in a log.
        for version, texts in sorted((rec.get("messages") or {}).items()):
            if isinstance(texts, str):
                texts = {"": texts}
            for shape, text in sorted((texts or {}).items()):
                for device in sorted(set(re.findall(r"([A-Za-z]+)=", " ".join(
                        re.findall(r"\{on:([^}]*)\}", text)))) or {"cpu"}):
                    filled = fill_on(text, device)
                    for ph, val in FILL_EXAMPLE:
                        filled = filled.replace(ph, val)
                    if not compiled[rec["id"]].search(filled):
                        report.error(where, "messages.%s%s" % (version, "." + shape if shape else ""),
                                     "regex does not match it filled in: %r" % filled)
        if len(rec.get("workarounds_zh", []) or []) != len(rec.get("workarounds", []) or []):
            report.error(where, "workarounds_zh", "has %d entries, workarounds has %d"
                         % (len(rec.get("workarounds_zh") or []), len(rec.get("workarounds") or [])))
        for c in rec.get("checks", []) or []:
            if c not in checks:
                report.error(where, "checks", "unknown check %s (known: %s)" % (c, ", ".join(sorted(checks))))
        tg = rec.get("transition_graph") or {}
        for key in ("leads_to", "preceded_by", "frequently_confused_with"):
            for other in tg.get(key, []) or []:
                if other == rec.get("id"):
                    report.error(where, "transition_graph.%s" % key, "names the record itself")
                elif other not in known:
                    report.error(where, "transition_graph.%s" % key, "unknown record %s" % other)
        tier = rec.get("verification_tier", "")
        rcases = rec.get("runtime_cases", []) or []
        if rcases and "runtime" not in tier:
            report.error(where, "runtime_cases", "listed but verification_tier is %r (use runtime+source)" % tier)
        if case_names is None:
            if rcases:
                report.error(where, "runtime_cases", "cannot check: %s is missing" % rel(cases_file))
        else:
            for name in rcases:
                if name not in case_names:
                    report.error(where, "runtime_cases", "no case %r in %s" % (name, rel(cases_file)))
    if cxx:
        pairs, whats = [], []
        for where, rec in records.items():
            if rec.get("id") not in compiled:
                continue
            for i, ex in enumerate(rec.get("message_examples", []) or []):
                pairs.append((rec["regex"], ex))
                whats.append((where, "message_examples[%d]" % i))
        rejected = set()
        for (where, field), ans in zip(whats, cxx.ask(pairs)):
            if ans.startswith("E"):
                if where not in rejected:
                    report.error(where, "regex", "C++ std::regex (ECMAScript) rejects it: %s" % ans[2:])
                rejected.add(where)
            elif ans != "1":
                report.error(where, field, "C++ std::regex_search does not match it (Python re does)")
    return compiled, known


def check_explain(report, records, compiled, cxx):
    path = os.path.join(HERE, "explain-cases.json")
    where = rel(path)
    try:
        with open(path, encoding="utf-8") as f:
            cases = json.load(f)
    except (OSError, ValueError) as e:
        report.error(where, "(file)", "cannot read: %s" % e)
        return
    by_id = {rec["id"]: rec for rec in records.values() if "id" in rec}
    if not isinstance(cases, list) or not cases:
        report.error(where, "(file)", "must be a non-empty list")
        return
    questions, qwhere = [], []
    for i, case in enumerate(cases):
        field = "[%d]" % i
        if not isinstance(case, dict) or not isinstance(case.get("text"), str) or "expect" not in case \
                or set(case) - {"text", "expect", "note"}:
            report.error(where, field, "must be {text, expect[, note]}")
            continue
        expect, text = case["expect"], case["text"]
        label = "%s (%s)" % (field, case.get("note", ""))
        if expect is not None and expect not in by_id:
            report.error(where, label + ".expect", "unknown record %s" % expect)
            continue
        matching = sorted(rid for rid, rx in compiled.items() if rx.search(text))
        if expect is None:
            if matching:
                report.error(where, label, "expects no record but %s matched" % ", ".join(matching))
        else:
            if expect not in matching:
                report.error(where, label, "%s's regex does not match the text" % expect)
            allowed = set((by_id[expect].get("transition_graph") or {}).get("frequently_confused_with", []) or [])
            for other in matching:
                if other != expect and other not in allowed:
                    report.error(where, label, "ambiguous: %s matches as well (not in %s's frequently_confused_with)"
                                 % (other, expect))
        for rid, rx in compiled.items():
            questions.append((by_id[rid]["regex"], text))
            qwhere.append((label, rid, bool(rx.search(text))))
    if cxx and questions:
        for (label, rid, py), ans in zip(qwhere, cxx.ask(questions)):
            if ans.startswith("E"):
                continue  # reported with the record
            if (ans == "1") != py:
                report.error(where, label, "%s: C++ std::regex_search says %s, Python re says %s"
                             % (rid, ans == "1", py))


def check_runtime(report, records, binary):
    for where, rec in records.items():
        names = rec.get("runtime_cases") or []
        if not names or not isinstance(rec.get("regex"), str):
            continue
        try:
            rx = re.compile(rec["regex"])
        except re.error:
            continue
        flt = "^(%s)$" % "|".join(names)
        try:
            proc = subprocess.run([binary, "-v", "-f", flt], stdout=subprocess.PIPE,
                                  stderr=subprocess.STDOUT, timeout=600)
        except (OSError, subprocess.TimeoutExpired) as e:
            report.error(where, "runtime_cases", "running %s failed: %s" % (binary, e))
            continue
        seen = {}
        for line in proc.stdout.decode(errors="replace").splitlines():
            m = re.match(r"^(PASS|FAIL) ([A-Za-z0-9_]+)(?:: (.*))?$", line)
            if m:
                seen[m.group(2)] = (m.group(1), m.group(3) or "")
        for name in names:
            if name not in seen:
                report.error(where, "runtime_cases", "%s: not run by %s (exit %d)" % (name, binary, proc.returncode))
                continue
            status, rest = seen[name]
            if status != "PASS":
                report.error(where, "runtime_cases", "%s: FAIL %s" % (name, rest))
                continue
            m = re.match(r"^\[([^\]]+)\] (.*)$", rest)
            if not m:
                report.error(where, "runtime_cases", "%s: ran without an error (a RUNS case?); it must throw" % name)
                continue
            if not rx.search(m.group(2)):
                report.error(where, "runtime_cases", "%s: observed message %r does not match regex %r"
                             % (name, m.group(2), rec["regex"]))
            else:
                print("ok %s %s: [%s] %s" % (rec["id"], name, m.group(1), m.group(2)))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runtime", metavar="BIN", help="the runtime tier's program (torchdtype-runtime)")
    ap.add_argument("--cxx-regex", metavar="BIN", help="the kb-regex-check helper")
    ap.add_argument("--cases", default=os.path.join(ROOT, "test", "runtime", "runtime_cases.cpp"),
                    help="runtime_cases.cpp (default: %(default)s)")
    args = ap.parse_args()
    if args.runtime and not os.path.exists(args.runtime):
        print("SKIP kb-runtime: %s does not exist (the runtime-1.13.1 tier did not build it)" % args.runtime)
        return 77
    import_jsonschema()
    report = Report()
    schema_path = os.path.join(HERE, "schema.json")
    try:
        with open(schema_path, encoding="utf-8") as f:
            schema = json.load(f)
        import jsonschema
        jsonschema.Draft202012Validator.check_schema(schema)
    except Exception as e:  # noqa: BLE001 - report any schema problem
        print("%s: (schema): %s" % (rel(schema_path), e))
        return 1
    cxx = CxxRegex(args.cxx_regex) if args.cxx_regex else None
    if cxx and not os.path.exists(args.cxx_regex):
        print("error: --cxx-regex %s does not exist" % args.cxx_regex)
        return 1
    records = load_records(report, schema)
    if not records:
        report.error(rel(os.path.join(HERE, "records")), "(dir)", "no records")
    compiled, _ = check_records(report, records, args.cases, cxx)
    check_explain(report, records, compiled, cxx)
    if args.runtime:
        check_runtime(report, records, args.runtime)
    for e in report.errors:
        print("error: " + e)
    n_cases = "" if args.runtime is None else ", runtime cases checked against %s" % args.runtime
    print("%d records, %d errors%s" % (len(records), len(report.errors), n_cases))
    return 1 if report.errors else 0


if __name__ == "__main__":
    sys.exit(main())
