"""Tables, targets and the markdown report of the torchdtype benchmark (see
bench/run.py). Everything here works on the results dictionary that
bench/run.py also writes with --json."""

import re

# The targets of issue 5 (upper bounds of ratios) and the project size they
# are judged on.
TIDY_WALL_TARGET = 1.05
CHECK_COLD_TARGET = 0.5
# issue 32: the shapes workload, cold, with -j 1
SHAPES_COLD_TARGET = 0.35
CHECK_WARM_TARGET = 0.05
MEMORY_TARGET = 1.1
PROJECT_TARGET_SIZE = 20

def ratio(a, b):
    return a / b if a is not None and b else None


def fx(x, digits=2):
    return "-" if x is None else "%.*fx" % (digits, x)


def fs(x):
    if x is None:
        return "-"
    return "%.2fs" % x if x < 100 else "%.0fs" % x


def fms(x):
    """Seconds, in milliseconds below 1 s (the checks' own times)."""
    if x is None:
        return "-"
    return "%.1fms" % (x * 1e3) if x < 1 else fs(x)


def fmib(x):
    return "-" if x is None else "%.0f" % x


def fus(x):
    return "-" if x is None else ("%.1f" % x if x < 100 else "%.0f" % x)


def get(d, *path):
    for p in path:
        if d is None:
            return None
        d = d.get(p) if isinstance(d, dict) else None
    return d


# ---- tables: (title, header, rows, notes) -----------------------------------

def per_tu_table(title, tus):
    hdr = ["TU", "clang++ wall", "clang-tidy wall", "x", "td-tidy wall", "x", "td-tidy cpu x",
           "clang++ MiB", "td-tidy MiB", "x", "findings"]
    rows, notes = [], []
    for t in tus:
        c = t["tools"].get("clang++")
        s = t["tools"].get("clang-tidy")
        d = t["tools"].get("torchdtype-tidy")
        rows.append([t["tu"], fs(get(c, "wall_s")), fs(get(s, "wall_s")),
                     fx(ratio(get(s, "wall_s"), get(c, "wall_s"))), fs(get(d, "wall_s")),
                     fx(ratio(get(d, "wall_s"), get(c, "wall_s"))),
                     fx(ratio(get(d, "cpu_s"), get(c, "cpu_s"))),
                     fmib(get(c, "maxrss_mib")), fmib(get(d, "maxrss_mib")),
                     fx(ratio(get(d, "maxrss_mib"), get(c, "maxrss_mib"))),
                     str(len(d["findings"])) if d else "-"])
        for m in t["tools"].values():
            for n in m.get("notes", []):
                notes.append("%s: %s" % (t["tu"], n))
    both = [t for t in tus if "clang++" in t["tools"] and "torchdtype-tidy" in t["tools"]]
    if len(both) > 1:
        pair = ("clang++", "torchdtype-tidy")
        tot = {k: sum(t["tools"][k]["wall_s"] for t in both) for k in pair}
        cpu = {k: sum(t["tools"][k]["cpu_s"] for t in both) for k in pair}
        mx = {k: max(t["tools"][k]["maxrss_mib"] for t in both) for k in pair}
        st = [t["tools"]["clang-tidy"]["wall_s"] for t in both if "clang-tidy" in t["tools"]]
        stock = sum(st) if len(st) == len(both) else None
        rows.append(["TOTAL (MiB: max)", fs(tot["clang++"]), fs(stock),
                     fx(ratio(stock, tot["clang++"])), fs(tot["torchdtype-tidy"]),
                     fx(ratio(tot["torchdtype-tidy"], tot["clang++"])),
                     fx(ratio(cpu["torchdtype-tidy"], cpu["clang++"])), fmib(mx["clang++"]),
                     fmib(mx["torchdtype-tidy"]), fx(ratio(mx["torchdtype-tidy"], mx["clang++"])),
                     str(sum(len(t["tools"]["torchdtype-tidy"]["findings"]) for t in both))])
    return (title, hdr, rows, notes)


def short_stats(line):
    """The --stats line of torchdtype check, shortened for a table cell."""
    line = re.sub(r"^torchdtype check: \d+ file\(s\): ", "", line)
    return (line.replace(" from the cache", " cached").replace("; pch:", ", pch")
            .replace(" not usable", " unusable"))


def check_cells(chk, base_wall, base_rss):
    """wall, x (vs base_wall), cpu, MiB, x (vs base_rss) of one check mode."""
    if not chk:
        return ["-"] * 5
    return [fs(chk["wall_s"]), fx(ratio(chk["wall_s"], base_wall), 3), fs(chk["cpu_s"]),
            fmib(chk["maxrss_mib"]), fx(ratio(chk["maxrss_mib"], base_rss))]


def check_table(title, projects, modes):
    """projects: [(label, units, clang++ sum wall, clang++ max MiB, tidy sum,
    {mode: summary}, expected findings or None)]."""
    hdr = ["project", "units", "clang++ sum", "td-tidy sum", "x"]
    for m in modes:
        hdr += ["check %s" % m, "x", "cpu", "MiB", "x"]
    hdr += ["findings (/expected)", "check stats (first run)"]
    rows, notes = [], []
    for label, units, cc_wall, cc_rss, tidy_wall, chk, expected in projects:
        row = [label, str(units), fs(cc_wall), fs(tidy_wall), fx(ratio(tidy_wall, cc_wall))]
        for m in modes:
            row += check_cells(chk.get(m), cc_wall, cc_rss)
        first = next((chk[m] for m in modes if m in chk), None)
        found = len(first["findings"]) if first else None
        row.append("-" if found is None else
                   ("%d" % found if expected is None else "%d/%d" % (found, len(expected))))
        stats = [get(chk, m, "stats") for m in modes]
        row.append("; ".join("%s: %s" % (m, short_stats(s[0]))
                             for m, s in zip(modes, stats) if s and s[0]) or "-")
        rows.append(row)
        for m in modes:
            for n in get(chk, m, "notes") or []:
                notes.append("%s: %s" % (label, n))
        if expected is not None and first and sorted(first["findings"]) != expected:
            notes.append("%s: check found %s, expected %s" % (label, first["findings"], expected))
    return (title, hdr, rows, notes)


def function_table(rows):
    hdr = ["function", "MaxSteps", "clang++ wall", "clang-tidy wall", "stock checks",
           "td-tidy wall", "td checks", "us/stmt", "marginal us/stmt", "clang++ MiB", "td-tidy MiB",
           "x", "skipped", "findings"]
    out, notes = [], []
    base = next((r for r in rows if r.get("baseline")), None)
    base_s = get(base, "tools", "torchdtype-tidy", "check_s")
    prev = None
    for r in rows:
        c = r["tools"].get("clang++")
        s = r["tools"].get("clang-tidy")
        d = r["tools"]["torchdtype-tidy"]
        n = r["statements"]
        chk = d.get("check_s")
        per = marginal = None
        if not r.get("default_budget") and chk is not None:
            if base and not r.get("baseline") and base_s is not None:
                per = (chk - base_s) / (n - base["statements"]) * 1e6
            if prev is not None:
                marginal = (chk - prev[1]) / (n - prev[0]) * 1e6
            prev = (n, chk)
        label = r["tu"] + (" (baseline)" if r.get("baseline") else "")
        budget = ("default %s" % (r["budget"] or "") if r.get("default_budget")
                  else ("%.0e" % r["budget"]).replace("e+0", "e").replace("e+", "e"))
        out.append([label, budget.strip(), fs(get(c, "wall_s")), fs(get(s, "wall_s")),
                    fms(get(s, "check_s")), fs(d["wall_s"]), fms(chk), fus(per), fus(marginal),
                    fmib(get(c, "maxrss_mib")), fmib(d["maxrss_mib"]),
                    fx(ratio(d["maxrss_mib"], get(c, "maxrss_mib"))),
                    str(d.get("skipped_functions", 0)), str(len(d["findings"]))])
        for m in r["tools"].values():
            for nt in m.get("notes", []):
                notes.append("%s: %s" % (r["tu"], nt))
    notes.append("td checks / stock checks: the checks' own time, the sum of the torchdtype-* "
                 "(bugprone-*) rows of --enable-check-profile; us/stmt = (td checks - baseline) / "
                 "(statements - baseline statements); marginal = the increase over the previous "
                 "row per added statement; skipped = functions over MaxStepsPerFunction "
                 "(ReportSkippedFunctions remarks); the function ends with a Float x Half mm, "
                 "found only if the function is analysed")
    return ("function workload (mock headers; one function of N statements)", hdr, out, notes)


def paths_table(rows):
    hdr = ["function", "MaxPathsPerBlock", "td-tidy wall", "td checks", "x bound 1",
           "td-tidy MiB", "findings"]
    out, notes = [], []
    base = {}
    for r in rows:
        d = r["tools"]["torchdtype-tidy"]
        if r["bound"] == 1:
            base[r["source"]] = d.get("check_s")
        out.append([r["source"], str(r["bound"]), fs(d["wall_s"]), fms(d.get("check_s")),
                    fx(ratio(d.get("check_s"), base.get(r["source"]))), fmib(d["maxrss_mib"]),
                    str(len(d["findings"]))])
        for nt in d.get("notes", []):
            notes.append("%s: %s" % (r["tu"], nt))
    notes.append("td checks: the checks' own time (torchdtype-* rows of "
                 "--enable-check-profile), MaxStepsPerFunction raised; x bound 1: against the "
                 "same function with MaxPathsPerBlock 1 (no path sensitivity); k flags: each "
                 "flag converts its own tensor to float16 on its branch and an mm per tensor "
                 "throws on that path (k findings possible)")
    return ("paths workload (mock headers; MaxPathsPerBlock)", hdr, out, notes)


def tables(results):
    out = []
    w = results["workloads"]
    modes = results["check_modes"]
    if "examples" in w:
        ex = w["examples"]
        out.append(per_tu_table("examples: per TU", ex["tus"]))
        in_db = [t for t in ex["tus"] if t["tu"] in ex["check_units"]]
        cc = [get(t, "tools", "clang++") for t in in_db]
        td = [get(t, "tools", "torchdtype-tidy") for t in in_db]
        out.append(check_table("examples: torchdtype check (x: vs the clang++ sum; MiB x: vs the "
                               "largest clang++)", [(
                                   "examples", len(in_db),
                                   sum(c["wall_s"] for c in cc) if cc and all(cc) else None,
                                   max(c["maxrss_mib"] for c in cc) if cc and all(cc) else None,
                                   sum(d["wall_s"] for d in td) if td and all(td) else None,
                                   ex["check"], ex.get("expected_findings"))], modes))
    if "project" in w:
        p = w["project"]
        out.append(per_tu_table("generated project: per unit (LibTorch 1.13.1)", p["units"]))
        out.append(check_table(
            "generated project: sums over units (x: vs the sequential clang++ sum; MiB x: vs the "
            "largest clang++ unit); check -j %d" % results["jobs"],
            [("%d unit%s" % (s["units"], "" if s["units"] == 1 else "s"), s["units"],
              get(s, "sum", "clang++", "wall_s"), get(s, "sum", "clang++", "maxrss_mib"),
              get(s, "sum", "torchdtype-tidy", "wall_s"), s["check"], s["expected_findings"])
             for s in p["sizes"]], modes))
    if "versions" in w:
        items = [i for i in w["versions"]["items"] if not i["skipped"]]
        t = per_tu_table("LibTorch versions: a TU including <torch/torch.h>", items)
        t[3].extend("LibTorch %s skipped: %s" % (i["version"], i["skipped"])
                    for i in w["versions"]["items"] if i["skipped"])
        out.append(t)
        if any("check" in i for i in items):
            out.append(check_table("LibTorch versions: torchdtype check on that TU", [(
                "LibTorch " + i["version"], 1, get(i, "tools", "clang++", "wall_s"),
                get(i, "tools", "clang++", "maxrss_mib"),
                get(i, "tools", "torchdtype-tidy", "wall_s"), i.get("check", {}),
                None) for i in items], modes))
    for key in ("extension", "shapes", "database"):
        if key not in w:
            continue
        d = w[key]
        out.append(per_tu_table("%s: per unit (%s)" % (d["label"], d["compile_commands"]),
                                d["tus"]))
        out.append(check_table(
            "%s: torchdtype check -j %d (x: vs the sequential clang++ sum; MiB x: vs the "
            "largest clang++ unit)" % (d["label"], results["jobs"]),
            [(d["label"], len(d["tus"]), get(d, "sum", "clang++", "wall_s"),
              get(d, "sum", "clang++", "maxrss_mib"), get(d, "sum", "torchdtype-tidy", "wall_s"),
              d["check"], d.get("expected_findings"))], modes))
    if "function" in w:
        out.append(function_table(w["function"]["rows"]))
    if "paths" in w:
        out.append(paths_table(w["paths"]["rows"]))
    return out


# ---- targets ------------------------------------------------------------------

def _target(name, bound, value, detail, info=False):
    """A target row; info rows (bound None or info) get no verdict."""
    info = info or bound is None
    met = None if value is None or info else value <= bound
    return {"name": name, "target": "-" if bound is None else "<= %.2fx" % bound, "bound": bound,
            "measured": value, "met": met, "detail": detail, "info": info}


def _function_rows(rows):
    """Info rows of the function workload: the growth of the checks' time per
    statement, and what the default budget does on the largest function."""
    base = next((r for r in rows if r.get("baseline")), None)
    base_s = get(base, "tools", "torchdtype-tidy", "check_s")
    per = []
    for r in rows:
        chk = get(r, "tools", "torchdtype-tidy", "check_s")
        if r.get("baseline") or r.get("default_budget") or chk is None or base_s is None:
            continue
        per.append((r["statements"], (chk - base_s) / (r["statements"] - base["statements"])))
    out = []
    if len(per) > 1 and per[0][1] > 0:
        out.append(_target("function: checks' time per statement, %d vs %d statements (1x: "
                           "linear)" % (per[-1][0], per[0][0]), None, per[-1][1] / per[0][1],
                           ", ".join("%d: %.1f us" % (n, v * 1e6) for n, v in per)))
    dflt = next((r for r in rows if r.get("default_budget")), None)
    full = next((r for r in rows if not r.get("default_budget") and dflt
                 and r["statements"] == dflt["statements"]), None)
    if dflt and full:
        d, f = dflt["tools"]["torchdtype-tidy"], full["tools"]["torchdtype-tidy"]
        out.append(_target(
            "function: %d statements, default budget / raised budget, checks' time"
            % dflt["statements"], None, ratio(d.get("check_s"), f.get("check_s")),
            "%s function(s) skipped, %d finding(s), %s and %.0f MiB; raised budget: %d "
            "finding(s), %s and %.0f MiB" % (d.get("skipped_functions"), len(d["findings"]),
                                             fms(d.get("check_s")), d["maxrss_mib"],
                                             len(f["findings"]), fms(f.get("check_s")),
                                             f["maxrss_mib"])))
    return out


def _tidy_targets(label, tus):
    both = [t for t in tus if "clang++" in t["tools"] and "torchdtype-tidy" in t["tools"]]
    if not both:
        return []
    cw = sum(t["tools"]["clang++"]["wall_s"] for t in both)
    tw = sum(t["tools"]["torchdtype-tidy"]["wall_s"] for t in both)
    worst = max(both, key=lambda t: t["tools"]["torchdtype-tidy"]["wall_s"]
                / t["tools"]["clang++"]["wall_s"])
    wr = worst["tools"]["torchdtype-tidy"]["wall_s"] / worst["tools"]["clang++"]["wall_s"]
    mem = max(both, key=lambda t: t["tools"]["torchdtype-tidy"]["maxrss_mib"]
              / t["tools"]["clang++"]["maxrss_mib"])
    mr = mem["tools"]["torchdtype-tidy"]["maxrss_mib"] / mem["tools"]["clang++"]["maxrss_mib"]
    detail = "%.2fs / %.2fs" % (tw, cw)
    if len(both) > 1:
        detail = "sums over %d TUs: %s; worst TU %s %.2fx" % (len(both), detail, worst["tu"], wr)
    return [
        _target("%s: torchdtype-tidy / clang++ wall per TU" % label, TIDY_WALL_TARGET,
                tw / cw, detail),
        _target("%s: torchdtype-tidy / clang++ peak memory per TU (worst TU)" % label,
                MEMORY_TARGET, mr, "%s: %.0f / %.0f MiB" % (
                    mem["tu"], mem["tools"]["torchdtype-tidy"]["maxrss_mib"],
                    mem["tools"]["clang++"]["maxrss_mib"])),
    ]


def targets(results):
    out = []
    w = results["workloads"]
    if "examples" in w:
        ex = w["examples"]
        out += _tidy_targets("examples", ex["tus"])
        in_db = [t for t in ex["tus"] if t["tu"] in ex["check_units"]]
        cc = [get(t, "tools", "clang++", "wall_s") for t in in_db]
        if cc and all(cc):
            for mode, bound in (("cold", CHECK_COLD_TARGET), ("warm", CHECK_WARM_TARGET)):
                v = get(ex, "check", mode, "wall_s")
                if v is not None:
                    out.append(_target("examples (%d unit%s): check %s / sequential clang++ "
                                       "sum" % (len(in_db), "" if len(in_db) == 1 else "s",
                                                mode), bound, v / sum(cc),
                                       "%.2fs / %.2fs (not a goal of issue 5; for reference)"
                                       % (v, sum(cc)), info=True))
    if "project" in w:
        p = w["project"]
        out += _tidy_targets("generated project", p["units"])
        sizes = [s for s in p["sizes"] if get(s, "sum", "clang++")]
        pick = next((s for s in sizes if s["units"] == PROJECT_TARGET_SIZE), None)
        note = ""
        if pick is None and sizes:
            pick = sizes[-1]
            note = " (no %d-unit project was measured: the %d-unit one instead)" % (
                PROJECT_TARGET_SIZE, pick["units"])
        if pick:
            cc = pick["sum"]["clang++"]["wall_s"]
            for mode, bound in (("cold", CHECK_COLD_TARGET), ("warm", CHECK_WARM_TARGET)):
                v = get(pick, "check", mode, "wall_s")
                if v is not None:
                    out.append(_target("%d-unit project: check %s (-j %d) / sequential clang++ "
                                       "sum" % (pick["units"], mode, results["jobs"]), bound,
                                       v / cc, "%.2fs / %.2fs%s" % (v, cc, note)))
        one = next((s for s in sizes if s["units"] == 1), None)
        if one and get(one, "check", "cold"):
            v, c = one["check"]["cold"]["maxrss_mib"], one["sum"]["clang++"]["maxrss_mib"]
            out.append(_target("1-unit project: check cold / clang++ peak memory", MEMORY_TARGET,
                               v / c, "%.0f / %.0f MiB" % (v, c)))
    if "versions" in w:
        for i in w["versions"]["items"]:
            if not i["skipped"]:
                out += _tidy_targets("LibTorch %s" % i["version"], [i])
    for key in ("extension", "shapes", "database"):
        if key not in w or not get(w[key], "sum", "clang++"):
            continue
        d = w[key]
        cc = d["sum"]["clang++"]["wall_s"]
        cold = SHAPES_COLD_TARGET if key == "shapes" else CHECK_COLD_TARGET
        for mode, bound in (("cold", cold), ("warm", CHECK_WARM_TARGET)):
            v = get(d, "check", mode, "wall_s")
            if v is not None:
                out.append(_target("%s (%d units): check %s (-j %d) / sequential clang++ sum"
                                   % (d["label"], len(d["tus"]), mode, results["jobs"]), bound,
                                   v / cc, "%.2fs / %.2fs" % (v, cc)))
    if "function" in w:
        out += _function_rows(w["function"]["rows"])
    return out


# ---- rendering --------------------------------------------------------------------

def text_table(title, hdr, rows):
    widths = [max(len(str(r[i])) for r in rows + [hdr]) for i in range(len(hdr))]
    fmt = "  ".join("%%-%ds" % w if i == 0 else "%%%ds" % w for i, w in enumerate(widths))
    lines = [title, fmt % tuple(hdr)]
    lines += [fmt % tuple(r) for r in rows]
    return "\n".join(l.rstrip() for l in lines)


def md_table(hdr, rows):
    def cell(x):
        return str(x).replace("|", "\\|")
    lines = ["| " + " | ".join(cell(h) for h in hdr) + " |",
             "|" + "|".join("---" for _ in hdr) + "|"]
    lines += ["| " + " | ".join(cell(c) for c in r) + " |" for r in rows]
    return "\n".join(lines)


def verdict(t):
    if t["info"]:
        return "info"
    return {True: "met", False: "NOT met", None: "not measured"}[t["met"]]


def render_text(results):
    out = ["torchdtype bench: median of %d run(s); x = tool / clang++-19 -fsyntax-only on the "
           "same files and flags" % results["runs"]]
    for title, hdr, rows, notes in tables(results):
        out.append("")
        out.append(text_table(title, hdr, rows))
        out += ["note: " + n for n in notes]
    tg = results["targets"]
    if tg:
        out.append("")
        out.append(text_table("targets", ["target", "bound", "measured", "verdict", "detail"],
                              [[t["name"], t["target"], fx(t["measured"], 3), verdict(t),
                                t["detail"]] for t in tg]))
    out += ["note: " + n for n in results["notes"]]
    return "\n".join(out) + "\n"


def render_markdown(results):
    m = results["machine"]
    lines = ["# torchdtype benchmark", ""]
    lines.append("- date: %s" % m["date"])
    lines.append("- machine: %s cores (%s), %.1f GiB memory, %s (kernel %s)" % (
        m["cores"], m["cpu"] or "?", m["memory_gib"] or 0, m["os"], m["kernel"]))
    if m.get("loadavg_start"):
        lines.append("- load average at start / end: %s / %s" % (
            " ".join("%.2f" % x for x in m["loadavg_start"]),
            " ".join("%.2f" % x for x in m.get("loadavg_end") or [])))
    lines.append("- compiler: %s; clang-tidy: %s" % (m["compiler"], m["clang_tidy"]))
    lines.append("- LibTorch: %s" % (", ".join(results["libtorch"]) or "-"))
    lines.append("- torchdtype: %s and %s (git %s)" % (results["tools"]["tidy"],
                                                       results["tools"]["check"], m["git"] or "?"))
    lines.append("- runs: median of %d; `torchdtype check -j %d`; check modes: %s" % (
        results["runs"], results["jobs"], ", ".join(results["check_modes"])))
    lines.append("")
    lines.append("Reproduce:")
    lines.append("")
    lines.append("```sh")
    lines.append(results["command"])
    lines.append("```")
    tg = results["targets"]
    if tg:
        lines += ["", "## Targets", ""]
        lines.append(md_table(["target", "bound", "measured", "verdict", "detail"],
                              [[t["name"], t["target"], fx(t["measured"], 3), verdict(t),
                                t["detail"]] for t in tg]))
    for title, hdr, rows, notes in tables(results):
        lines += ["", "## " + title, "", md_table(hdr, rows)]
        if notes:
            lines.append("")
            lines += ["- " + n for n in notes]
    if results["notes"]:
        lines += ["", "## Notes", ""]
        lines += ["- " + n for n in results["notes"]]
    lines.append("")
    lines.append("Wall and CPU are medians; CPU is user+sys of the process and its threads "
                 "and waited-for children (wait4); MiB is peak RSS (ru_maxrss). clang++ = "
                 "`clang++-19 -fsyntax-only`; clang-tidy = `clang-tidy-19 -checks=%s`; "
                 "td-tidy = `torchdtype-tidy -checks=%s`." % (results["stock_checks"],
                                                               results["checks"]))
    return "\n".join(lines) + "\n"
