"""Shared helpers of the torchdtype benchmark (see bench/run.py): running a
command with wall time, CPU time and peak memory, medians, compile-command
flags, and a description of the machine."""

import datetime
import json
import os
import platform
import re
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Options whose next argument is an output (dropped with it).
DROP_WITH_ARG = {"-o", "-MF", "-MT", "-MQ", "--serialize-diagnostics"}
DROP = {"-c", "-MD", "-MMD", "-MP", "-fsyntax-only"}


def log(msg):
    print("bench: " + msg, file=sys.stderr, flush=True)


def parse_list(text, kind=str):
    """'1,4, 16' -> [1, 4, 16]; empty items are ignored."""
    return [kind(x.strip()) for x in text.split(",") if x.strip()]


# ---- compile commands ------------------------------------------------------

def entry_args(entry):
    if "arguments" in entry:
        return list(entry["arguments"])
    return shlex.split(entry["command"])


def clean_flags(args, source):
    """Compiler flags of a compile command without compiler, source and outputs."""
    out = []
    src_abs = os.path.abspath(source)
    i = 1  # args[0] is the compiler
    while i < len(args):
        a = args[i]
        if a in DROP_WITH_ARG:
            i += 2
            continue
        if a in DROP or a.startswith("-o") and len(a) > 2 and not a.startswith("-obj"):
            i += 1
            continue
        if a.startswith(("-MF", "-MT", "-MQ")):
            i += 1
            continue
        if a == source or os.path.abspath(a) == src_abs:
            i += 1
            continue
        out.append(a)
        i += 1
    return out


def read_compile_db(path):
    """[(label, source, flags, directory)] of the C++ entries of a compilation
    database, sorted by label (the path relative to the repository)."""
    with open(path) as f:
        db = json.load(f)
    tus = []
    for e in db:
        src = e["file"]
        if not os.path.isabs(src):
            src = os.path.join(e["directory"], src)
        if not src.endswith((".cpp", ".cc", ".cxx")):
            continue
        flags = clean_flags(entry_args(e), e["file"])
        label = os.path.relpath(src, REPO) if src.startswith(REPO + os.sep) else src
        tus.append((label, src, flags, e["directory"]))
    tus.sort(key=lambda t: t[0])
    return tus


def write_compile_db(path, compiler, entries):
    """Writes a compile_commands.json; entries are (source, flags, directory)."""
    db = []
    for src, flags, directory in entries:
        obj = os.path.splitext(os.path.basename(src))[0] + ".o"
        db.append({"directory": directory,
                   "arguments": [compiler] + list(flags) + ["-c", src, "-o", obj],
                   "file": src})
    with open(path, "w") as f:
        json.dump(db, f, indent=1)


def write_if_changed(path, text):
    """Writes text to path unless it already holds it (keeps the mtime, so a
    warm cache stays warm across benchmark invocations)."""
    if os.path.exists(path):
        with open(path) as f:
            if f.read() == text:
                return
    with open(path, "w") as f:
        f.write(text)


# ---- measuring ---------------------------------------------------------------

class Measurement:
    """One run of a command: wall and CPU seconds, peak RSS in MiB, exit status,
    standard output and standard error."""

    def __init__(self, wall, cpu, rss, rc, out, err, timed_out=False):
        self.wall, self.cpu, self.rss, self.rc = wall, cpu, rss, rc
        self.out, self.err, self.timed_out = out, err, timed_out


def run_measured(cmd, cwd, timeout=None):
    """Runs cmd in cwd. CPU time is user+sys of the child and of the children
    it waited for, all threads included (wait4 rusage); peak RSS is ru_maxrss
    (the largest of those processes). stdout and stderr go to temporary files,
    not pipes, so wait4 can reap the child itself."""
    with tempfile.TemporaryFile() as fo, tempfile.TemporaryFile() as fe:
        t0 = time.perf_counter()
        try:
            p = subprocess.Popen(cmd, cwd=cwd, stdout=fo, stderr=fe, stdin=subprocess.DEVNULL)
        except OSError as e:  # e.g. a binary being relinked by a build
            raise SystemExit("bench: cannot run %s: %s" % (cmd[0], e))
        killed = []
        timer = None
        if timeout:
            def kill():
                killed.append(True)
                try:
                    p.kill()
                except OSError:
                    pass
            timer = threading.Timer(timeout, kill)
            timer.start()
        _, status, ru = os.wait4(p.pid, 0)
        wall = time.perf_counter() - t0
        if timer:
            timer.cancel()
        p.returncode = os.waitstatus_to_exitcode(status)
        fo.seek(0)
        fe.seek(0)
        out = fo.read().decode("utf-8", "replace")
        err = fe.read().decode("utf-8", "replace")
    return Measurement(wall, ru.ru_utime + ru.ru_stime, ru.ru_maxrss / 1024.0, p.returncode,
                       out, err, bool(killed))


def median_of(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def summarize(measurements, **extra):
    """Medians of wall, CPU and RSS over runs, plus the raw runs."""
    row = {"wall_s": median_of(m.wall for m in measurements),
           "cpu_s": median_of(m.cpu for m in measurements),
           "maxrss_mib": median_of(m.rss for m in measurements),
           "runs": [{"wall_s": round(m.wall, 4), "cpu_s": round(m.cpu, 4),
                     "maxrss_mib": round(m.rss, 1), "rc": m.rc} for m in measurements]}
    row.update(extra)
    return row


# ---- counting diagnostics ---------------------------------------------------

ERROR_RE = re.compile(r"\berror: ")
TORCHDTYPE_WARNING_RE = re.compile(r"\bwarning: .*\[(torchdtype-[a-z0-9-]+)\]")
STOCK_WARNING_RE = re.compile(r"\bwarning: .*\[((?:bugprone|clang-analyzer)-[a-zA-Z0-9.-]+)\]")


def count_errors(text):
    return len(ERROR_RE.findall(text))


def torchdtype_findings(text):
    """Names of the torchdtype checks of the warnings in a tool's output, one per
    warning (a sorted list)."""
    return sorted(TORCHDTYPE_WARNING_RE.findall(text))


# ---- the machine -------------------------------------------------------------

def _first_line(cmd):
    try:
        r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                           timeout=30)
        return r.stdout.strip().splitlines()[0] if r.stdout.strip() else ""
    except (OSError, subprocess.SubprocessError):
        return ""


def memory_gib():
    try:
        with open("/proc/meminfo") as f:
            for line in f:
                if line.startswith("MemTotal:"):
                    return int(line.split()[1]) / (1024.0 * 1024.0)
    except OSError:
        pass
    return None


def os_name():
    try:
        with open("/etc/os-release") as f:
            for line in f:
                if line.startswith("PRETTY_NAME="):
                    return line.split("=", 1)[1].strip().strip('"')
    except OSError:
        pass
    return platform.platform()


def cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor()


def git_revision():
    rev = _first_line(["git", "-C", REPO, "rev-parse", "--short", "HEAD"])
    if not re.fullmatch(r"[0-9a-f]{4,40}", rev or ""):
        return None
    dirty = subprocess.run(["git", "-C", REPO, "status", "--porcelain", "--untracked-files=no"],
                           stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True).stdout
    return rev + ("+uncommitted changes" if dirty.strip() else "")


def machine_info(compiler, clang_tidy):
    load = os.getloadavg() if hasattr(os, "getloadavg") else None
    return {
        "date": datetime.datetime.now().astimezone().strftime("%Y-%m-%d %H:%M %Z"),
        "cores": os.cpu_count(),
        "cpu": cpu_model(),
        "memory_gib": memory_gib(),
        "os": os_name(),
        "kernel": platform.release(),
        "python": platform.python_version(),
        "compiler": _first_line([compiler, "--version"]),
        "clang_tidy": " ".join(_first_line([clang_tidy, "--version"]).split()),
        "git": git_revision(),
        "loadavg_start": list(load) if load else None,
    }


def which(path):
    """path if it is an existing file or a command on PATH, else None."""
    if os.sep in path:
        return path if os.path.exists(path) else None
    return shutil.which(path)
