#!/usr/bin/env python3
"""Extract PyTorch's autocast op policies into checker/data/autocast.json.

Reads aten/src/ATen/autocast_mode.cpp and aten/src/ATen/autocast_mode.h of each
PyTorch version and writes, per version and autocast device, the ops run in lower
precision, in float32, promoted, or banned, the default autocast dtype, and the
dtypes its setter accepts where the setter checks them (accepted_dtypes, with
the check's message as refusal).

Sources (Debian, see the shared reference material's libtorch-versions.md):
  1.13  pytorch 1.13.1+dfsg-4 (bookworm)  source package
  2.6   pytorch 2.6.0+dfsg-7  (trixie)    source package
  2.14  pytorch 2.14.1+dfsg-1 (sid)       source package when the mirror has it;
        otherwise (as of 2026-11 the mirror answers 404 for the sid source files)
        autocast_mode.h from the binary package libtorch-dev 2.14.1+dfsg-1 (its
        AT_FORALL_* op lists) combined with the registration code of the newest
        older autocast_mode.cpp (2.6.0). The output's "_provenance" says which.

Usage:
  tools/extract-autocast-policy.py [--fetch] [--cache DIR] [-o checker/data/autocast.json]
  --fetch   download the source packages with apt-get (private sources list and
            state, nothing installed) and unpack the two files from the orig
            tarballs into DIR/pytorch-src/<version>/aten/src/ATen/.
Default DIR: ${TORCHDTYPE_CACHE:-~/.cache/torchdtype}. The libtorch-dev 2.14.1
header is looked up in DIR/libtorch/2.14.1 (tools/fetch-libtorch-headers.sh).
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tarfile

VERSIONS = [
    # key, full version, debian source version, suite
    ("1.13", "1.13.1", "1.13.1+dfsg-4", "bookworm"),
    ("2.6", "2.6.0", "2.6.0+dfsg-7", "trixie"),
    ("2.14", "2.14.1", "2.14.1+dfsg-1", "sid"),
]

DISPATCH_KEY_DEVICE = {
    "Autocast": "cuda",          # 1.x and 2.x: the CUDA autocast key
    "AutocastCUDA": "cuda",
    "AutocastCPU": "cpu",
    "AutocastXPU": "xpu",
    "AutocastMPS": "mps",
}
DEVICES = ["cuda", "cpu", "xpu", "mps"]

POLICY_MAP = {
    "lower_precision_fp": "lower_precision_fp",
    "fp16": "lower_precision_fp",      # very old name
    "fp32": "fp32",
    "fp32_set_opt_dtype": "fp32",
    "fp32_append_dtype": "fp32",
    "promote": "promote",
}

SCALAR = {"kHalf": "Half", "kBFloat16": "BFloat16", "kFloat": "Float",
          "Half": "Half", "BFloat16": "BFloat16", "Float": "Float"}


def die(msg):
    print("extract-autocast-policy: error: " + msg, file=sys.stderr)
    sys.exit(1)


# ----------------------------------------------------------------------------
# fetching
# ----------------------------------------------------------------------------

def mirror_uri():
    path = "/etc/apt/sources.list.d/debian.sources"
    try:
        with open(path) as f:
            for line in f:
                if line.startswith("URIs:"):
                    for u in line.split()[1:]:
                        if "security" not in u:
                            return u
    except OSError:
        pass
    die("cannot find the Debian mirror URI in " + path)


def fetch(cache):
    apt = os.path.join(cache, "apt-src")
    dl = os.path.join(cache, "pytorch-src", "dl")
    for d in (os.path.join(apt, "lists", "partial"),
              os.path.join(apt, "cache", "archives", "partial"), dl):
        os.makedirs(d, exist_ok=True)
    open(os.path.join(apt, "status"), "a").close()
    uri = mirror_uri()
    with open(os.path.join(apt, "sources.list"), "w") as f:
        for _, _, _, suite in VERSIONS:
            f.write("deb-src %s %s main\n" % (uri, suite))
    opts = ["-o", "Dir::Etc::SourceList=" + os.path.join(apt, "sources.list"),
            "-o", "Dir::Etc::SourceParts=/dev/null",
            "-o", "Dir::State::Lists=" + os.path.join(apt, "lists"),
            "-o", "Dir::State::Status=" + os.path.join(apt, "status"),
            "-o", "Dir::Cache=" + os.path.join(apt, "cache"),
            "-o", "APT::Sandbox::User=root", "-o", "Debug::NoLocking=1"]
    subprocess.run(["apt-get", *opts, "-qq", "update"], check=True)
    for key, full, debver, suite in VERSIONS:
        out = os.path.join(cache, "pytorch-src", full, "aten", "src", "ATen")
        if os.path.exists(os.path.join(out, "autocast_mode.cpp")):
            continue
        upstream = debver.split("-")[0]
        orig = os.path.join(dl, "pytorch_%s.orig.tar.xz" % upstream)
        if not os.path.exists(orig):
            # only the orig tarball is needed; a missing .debian.tar.xz is fine
            r = subprocess.run(["apt-get", *opts, "-qq", "source", "--download-only",
                                "pytorch=" + debver], cwd=dl)
            if not os.path.exists(orig):
                print("extract-autocast-policy: warning: pytorch=%s (%s) source "
                      "not downloadable (apt-get exit %d)" % (debver, suite, r.returncode),
                      file=sys.stderr)
                continue
        os.makedirs(out, exist_ok=True)
        with tarfile.open(orig) as tar:
            for m in tar:
                if m.name.endswith(("aten/src/ATen/autocast_mode.cpp",
                                    "aten/src/ATen/autocast_mode.h")) and \
                        m.name.count("/") == 4:
                    with tar.extractfile(m) as src, \
                            open(os.path.join(out, os.path.basename(m.name)), "wb") as dst:
                        dst.write(src.read())
        print("extract-autocast-policy: unpacked autocast_mode.{cpp,h} of %s into %s"
              % (debver, out), file=sys.stderr)


# ----------------------------------------------------------------------------
# parsing
# ----------------------------------------------------------------------------

def strip_comments(text):
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if c == '"' or c == "'":
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            out.append(text[i:j + 1])
            i = j + 1
        elif text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            # keep a line continuation that ends a // comment inside a macro? (rare)
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(" " * 0 + "\n" * text.count("\n", i, j))
            i = j
        else:
            out.append(c)
            i += 1
    return "".join(out)


def join_continuations(text):
    return re.sub(r"\\\s*\n", " ", text)


def balanced(text, open_idx):
    """text[open_idx] == '('; return (inner, index after ')')."""
    depth, i = 0, open_idx
    while i < len(text):
        c = text[i]
        if c == '"':
            j = i + 1
            while text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            i = j
        elif c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                return text[open_idx + 1:i], i + 1
        i += 1
    raise ValueError("unbalanced parentheses")


def split_args(s):
    args, depth, cur, i = [], 0, [], 0
    while i < len(s):
        c = s[i]
        if c == '"':
            j = i + 1
            while s[j] != '"':
                j += 2 if s[j] == "\\" else 1
            cur.append(s[i:j + 1])
            i = j + 1
            continue
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        if c == "," and depth == 0:
            args.append("".join(cur).strip())
            cur = []
        else:
            cur.append(c)
        i += 1
    if "".join(cur).strip():
        args.append("".join(cur).strip())
    return args


def parse_macros(text):
    """#define NAME(PARAMS) BODY  -> {NAME: (params, body)} (comments stripped)."""
    text = join_continuations(strip_comments(text))
    macros = {}
    for m in re.finditer(r"^[ \t]*#[ \t]*define[ \t]+(\w+)\(([^)]*)\)(.*)$", text, re.M):
        macros[m.group(1)] = ([p.strip() for p in m.group(2).split(",")], m.group(3))
    return macros


def forall_entries(macros, name):
    """Entries _(a, b, ...) of an AT_FORALL_X(_) list macro."""
    if name not in macros:
        die("list macro %s not found" % name)
    params, body = macros[name]
    p = params[0]
    entries = []
    for m in re.finditer(r"(?<![\w])" + re.escape(p) + r"\s*\(", body):
        inner, _ = balanced(body, m.end() - 1)
        entries.append(split_args(inner))
    return entries


def op_of_args(args):
    """Op base name from a KERNEL* / list entry argument list."""
    a0 = args[0]
    m = re.match(r"ADD_NS\((\w+)\)", a0)
    if m:  # 1.x style: KERNEL(ADD_NS(op), "op.overload", SIG, POLICY)
        for a in args[1:]:
            s = re.match(r'"(?:aten::)?([\w]+)(?:\.\w+)?"', a)
            if s:
                return s.group(1)
        return m.group(1)
    s = re.match(r'"(?:aten::)?(\w+)', a0)
    if s:
        return s.group(1)
    return a0.strip()


def registrations(cpp_text, macros):
    """Yield (device, op, policy-or-'banned') from TORCH_LIBRARY_IMPL(aten, Key, m) blocks."""
    text = join_continuations(strip_comments(cpp_text))
    for blk in re.finditer(r"TORCH_LIBRARY_IMPL\(\s*aten\s*,\s*(\w+)\s*,\s*\w+\s*\)\s*\{", text):
        key = blk.group(1)
        device = DISPATCH_KEY_DEVICE.get(key)
        # brace-match the block
        depth, i = 0, blk.end() - 1
        while True:
            if text[i] == "{":
                depth += 1
            elif text[i] == "}":
                depth -= 1
                if depth == 0:
                    break
            i += 1
        body = text[blk.end():i]
        if device is None:
            print("extract-autocast-policy: note: skipping dispatch key %s" % key, file=sys.stderr)
            continue
        # local wrapper macros: #define _K(...) KERNEL_X(__VA_ARGS__, policy)
        local = {}
        for m in re.finditer(r"^[ \t]*#[ \t]*define[ \t]+(\w+)\(\.\.\.\)\s*(\w+)\((.*)\)\s*$", body, re.M):
            local[m.group(1)] = split_args(m.group(3))[-1]
        body_nodef = re.sub(r"^[ \t]*#.*$", "", body, flags=re.M)
        pos = 0
        call = re.compile(r"\b(AT_FORALL_\w+|KERNEL\w*|m\s*\.\s*impl)\s*\(")
        while True:
            m = call.search(body_nodef, pos)
            if not m:
                break
            inner, pos = balanced(body_nodef, m.end() - 1)
            args = split_args(inner)
            name = m.group(1)
            if name.startswith("AT_FORALL_"):
                wrapper = args[0]
                if wrapper in local:
                    policy = local[wrapper]
                elif wrapper.startswith("KERNEL_DIFFERENT_REDISPATCH_SIGNATURE"):
                    policy = None  # policy is the entry's last argument
                else:
                    die("%s: unknown wrapper %s in %s" % (key, wrapper, name))
                for e in forall_entries(macros, name):
                    yield device, op_of_args(e), policy or e[-1]
            elif name.startswith("KERNEL"):
                yield device, op_of_args(args), args[-1]
            else:  # m.impl("aten::op", TORCH_FN(...)) written out by hand
                s = re.search(r'"(?:aten::)?(\w+)', inner)
                if not s:
                    die("%s: m.impl without a name: %s" % (key, inner[:80]))
                op = s.group(1)
                if "_banned" in inner:
                    yield device, op, "banned"
                else:
                    p = re.search(r"CastPolicy::(\w+)", inner)
                    if not p:
                        die("%s: m.impl(%s) without a CastPolicy" % (key, op))
                    yield device, op, p.group(1)


def default_dtypes(cpp_text):
    text = strip_comments_keep_line_comments(cpp_text)
    out = {}
    # 2.x: thread_local std::array<...> autocast_dtype = { at::kBFloat16, // CPU ... };
    m = re.search(r"autocast_dtype\s*=\s*\{(.*?)\};", text, re.S)
    if m:
        for line in m.group(1).splitlines():
            e = re.match(r"\s*at::(?:ScalarType::)?(\w+)\s*,?\s*//\s*(.*)$", line)
            if not e:
                continue
            dev = e.group(2).strip().lower()
            for d, pat in (("cpu", r"^cpu\b"), ("cuda", r"^cuda\b"), ("xpu", r"^xpu\b"),
                           ("mps", r"^mps\b")):
                if re.match(pat, dev) and e.group(1) in SCALAR:
                    out[d] = SCALAR[e.group(1)]
        return out
    # 1.x: thread_local at::ScalarType autocast_{cpu,xpu,gpu}_dtype = at::kX;
    for name, d in (("cpu", "cpu"), ("xpu", "xpu"), ("gpu", "cuda"), ("mps", "mps")):
        e = re.search(r"autocast_%s_dtype\s*=\s*at::(\w+)\s*;" % name, text)
        if e:
            out[d] = SCALAR[e.group(1)]
    return out


def refused_dtypes(cpp_text):
    """The dtypes a setter accepts, where it checks them: per device, the
    dtypes of `TORCH_CHECK(dtype == at::kX || ..., "message")` at the top of
    set_autocast_<device>_dtype (1.13: the CPU setter accepts only
    bfloat16) or of set_autocast_dtype for a device (none in 2.x)."""
    text = strip_comments_keep_line_comments(cpp_text)
    out = {}
    for m in re.finditer(r"void\s+set_autocast_(\w+)_dtype\s*\(\s*at::ScalarType\s+"
                         r"(\w+)\s*\)\s*\{", text):
        name, param = m.group(1), m.group(2)
        dev = {"gpu": "cuda", "cuda": "cuda", "cpu": "cpu", "xpu": "xpu",
               "mps": "mps"}.get(name)
        body = text[m.end():]
        c = re.match(r"\s*TORCH_CHECK\s*\(", body)
        if not dev or not c:
            continue
        args = split_args(balanced(body, c.end() - 1)[0])
        accepted = re.findall(r"%s\s*==\s*at::(?:ScalarType::)?(\w+)" % param, args[0])
        if not accepted or len(args) < 2:
            die("set_autocast_%s_dtype: a check this extractor cannot read: %s"
                % (name, args[0]))
        message = "".join(re.findall(r'"((?:[^"\\]|\\.)*)"', args[1]))
        out[dev] = {"accepted_dtypes": sorted(SCALAR[a] for a in accepted),
                    "refusal": message}
    return out


def strip_comments_keep_line_comments(text):
    return re.sub(r"/\*.*?\*/", "", text, flags=re.S)


def extract(cpp_path, h_path):
    with open(cpp_path) as f:
        cpp = f.read()
    with open(h_path) as f:
        hdr = f.read()
    macros = parse_macros(hdr)
    macros.update(parse_macros(cpp))
    devs = {}
    for device, op, policy in registrations(cpp, macros):
        d = devs.setdefault(device, {"lower_precision_fp": set(), "fp32": set(),
                                     "promote": set(), "banned": set()})
        if policy == "banned":
            d["banned"].add(op)
        elif policy in POLICY_MAP:
            d[POLICY_MAP[policy]].add(op)
        else:
            die("unknown cast policy %r for %s on %s" % (policy, op, device))
    dd = default_dtypes(cpp)
    refused = refused_dtypes(cpp)
    result = {}
    for dev in DEVICES:
        if dev not in devs and dev not in dd:
            continue
        lists = devs.get(dev, {"lower_precision_fp": set(), "fp32": set(),
                               "promote": set(), "banned": set()})
        if dev not in dd:
            die("no default autocast dtype for %s in %s" % (dev, cpp_path))
        result[dev] = {"default_dtype": dd[dev]}
        for k in ("lower_precision_fp", "fp32", "promote", "banned"):
            result[dev][k] = sorted(lists[k])
        result[dev].update(refused.get(dev, {}))
    return result


# ----------------------------------------------------------------------------

def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cache", default=os.environ.get(
        "TORCHDTYPE_CACHE", os.path.expanduser("~/.cache/torchdtype")))
    ap.add_argument("--fetch", action="store_true")
    ap.add_argument("-o", "--output", default=os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "checker", "data", "autocast.json"))
    a = ap.parse_args()
    if a.fetch:
        fetch(a.cache)

    versions, provenance, prev_cpp = {}, {}, None
    for key, full, debver, suite in VERSIONS:
        src = os.path.join(a.cache, "pytorch-src", full, "aten", "src", "ATen")
        cpp, h = os.path.join(src, "autocast_mode.cpp"), os.path.join(src, "autocast_mode.h")
        if os.path.exists(cpp) and os.path.exists(h):
            prov = "source package pytorch %s (%s): aten/src/ATen/autocast_mode.{cpp,h}" % (debver, suite)
        else:
            h2 = os.path.join(a.cache, "libtorch", full, "usr", "include", "ATen", "autocast_mode.h")
            if not os.path.exists(h2) or prev_cpp is None:
                die("no autocast_mode.cpp/.h for %s: run with --fetch (and "
                    "tools/fetch-libtorch-headers.sh for the libtorch-dev header)" % full)
            h = h2
            cpp = prev_cpp[0]
            prov = ("source package pytorch %s (%s) NOT available from the mirror: op lists "
                    "(AT_FORALL_*) from ATen/autocast_mode.h of binary package libtorch-dev %s; "
                    "registration code, CPU and MPS lists, banned ops and default dtypes from "
                    "autocast_mode.cpp of %s (assumed unchanged)" % (debver, suite, debver, prev_cpp[1]))
            print("extract-autocast-policy: warning: " + prov, file=sys.stderr)
        versions[key] = {"pytorch": full, "devices": extract(cpp, h)}
        empty = [d for d, v in versions[key]["devices"].items()
                 if not any(v[k] for k in ("lower_precision_fp", "fp32", "promote", "banned"))]
        if empty:
            prov += ("; %s: default dtype only, no op registered for it in this version's "
                     "ATen (1.13 XPU autocast ops come from intel-extension-for-pytorch)"
                     % ", ".join(empty))
        provenance[key] = prov
        if os.path.exists(os.path.join(src, "autocast_mode.cpp")):
            prev_cpp = (cpp, "pytorch " + debver)

    out = {
        "_source": "extracted by tools/extract-autocast-policy.py from PyTorch source packages "
                   "(Debian pytorch 1.13.1+dfsg-4 bookworm, 2.6.0+dfsg-7 trixie, 2.14.1+dfsg-1 sid): "
                   "TORCH_LIBRARY_IMPL(aten, Autocast*) registrations in aten/src/ATen/autocast_mode.cpp "
                   "and the AT_FORALL_* lists in autocast_mode.h; accepted_dtypes and refusal from the "
                   "TORCH_CHECK of a set_autocast_<device>_dtype setter. Policies: lower_precision_fp; fp32 "
                   "(incl. fp32_set_opt_dtype, fp32_append_dtype); promote; banned (error kernel). "
                   "Op names are aten base names (overloads merged).",
        "_provenance": provenance,
        "versions": versions,
    }
    os.makedirs(os.path.dirname(os.path.abspath(a.output)), exist_ok=True)
    with open(a.output, "w") as f:
        json.dump(out, f, indent=1, sort_keys=False)
        f.write("\n")
    for key in versions:
        print("%s: %s" % (key, ", ".join("%s(%s: %d lp, %d fp32, %d promote, banned %s)" % (
            d, v["default_dtype"], len(v["lower_precision_fp"]), len(v["fp32"]),
            len(v["promote"]), v["banned"]) for d, v in versions[key]["devices"].items())),
            file=sys.stderr)
    print("wrote " + os.path.abspath(a.output), file=sys.stderr)


if __name__ == "__main__":
    main()
