#!/usr/bin/env python3
"""Mutation tier: broken variants of the lit and scenario inputs, analysed by
torchdtype-tidy one process each. The analyzer may report anything on them,
compile errors included, but must never crash, hang, or fail without saying why.

Usage: test/mutation/mutate.py --tidy PATH --mock-include DIR [options]
  --tidy PATH          torchdtype-tidy (a sanitizer build's too)
  --mock-include DIR   the mock LibTorch headers (-isystem)
  --pch FILE           parse through this precompiled mock <torch/torch.h>
                       (C++17; it comes first in every mutant, so a mutant
                       that breaks the lines above its own #include still
                       sees the header whole); checked on an unbroken file
                       first
  --count N            mutants to run (default 300)
  --seed S             random seed (default 1); the same seed and inputs give
                       the same mutants
  --timeout SECONDS    per-mutant time limit; past it the mutant is a hang
                       (default 60)
  -j JOBS              parallel processes (default: the cores)
  --keep DIR           write each mutant that crashed, hung or failed without
                       a diagnostic to DIR (with its command and output)
  --inputs GLOB,...    source files to mutate, relative to the repository
                       (default test/checkers/*.cpp,test/scenarios/*/*.cpp)
  --list               print the mutants' names and operators, run nothing

A mutant is
  a crash    when the process died of a signal, or printed a stack dump or a
             sanitizer report (AddressSanitizer, UndefinedBehaviorSanitizer);
  a hang     when it outlived --timeout;
  unclear    when it exited non-zero with no `error:` line to say why.
Exit status 1 when any mutant is one of these; the closing line is
`N passed, N failed` (a mutant is a check).
"""
import argparse
import concurrent.futures
import glob
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
DEFAULT_INPUTS = "test/checkers/*.cpp,test/scenarios/*/*.cpp"

DTYPES = ["at::kFloat", "at::kHalf", "at::kDouble", "at::kBFloat16", "at::kLong",
          "at::kInt", "at::kByte", "at::kBool",
          "torch::kFloat32", "torch::kFloat16", "torch::kFloat64",
          "torch::kBFloat16", "torch::kInt64", "torch::kInt32", "torch::kUInt8",
          "torch::kFloat", "torch::kHalf", "torch::kDouble", "torch::kLong"]
DEVICES = ["torch::kCPU", "torch::kCUDA", "torch::kMPS", "at::kCPU", "at::kCUDA",
           "at::kMPS", "torch::Device(torch::kCUDA, 1)", "\"cuda:0\"", "\"mps\""]
TOKEN = re.compile(r"[A-Za-z_]\w*|\d+(?:\.\d+)?|::|->|<<|>>|&&|\|\||[^\s\w]")
INSERTS = ["(", ")", "{", "}", ";", "<", ">", ",", "template <typename T>",
           "return", "#define X(", "#endif", "&&", "[&]", "auto", "*", "::",
           ".to(", "at::kHalf", "<<<1, 1>>>", "AT_DISPATCH_FLOATING_TYPES(",
           "#if 0", "\"", "'", "\\", "0x", "operator", "co_await"]


def code_lines(text):
    """Indices of lines that hold code (not blank, not RUN/CHECK comments)."""
    out = []
    for i, line in enumerate(text.split("\n")):
        s = line.strip()
        if s and not s.startswith("//"):
            out.append(i)
    return out


def strip_lit(text):
    """Blanks lit's CHECK lines so FileCheck text cannot parse as code."""
    return "\n".join("//" if l.lstrip().startswith("// CHECK") else l
                     for l in text.split("\n"))


# Each operator takes (text, rng) and returns the mutated text, or None when
# it does not apply to this file.
def op_delete_line(text, rng):
    lines, idx = text.split("\n"), code_lines(text)
    if not idx:
        return None
    del lines[rng.choice(idx)]
    return "\n".join(lines)


def op_delete_block(text, rng):
    lines, idx = text.split("\n"), code_lines(text)
    if len(idx) < 2:
        return None
    a = rng.choice(idx)
    del lines[a:a + rng.randint(2, 12)]
    return "\n".join(lines)


def op_duplicate_line(text, rng):
    lines, idx = text.split("\n"), code_lines(text)
    if not idx:
        return None
    i = rng.choice(idx)
    lines.insert(i, lines[i])
    return "\n".join(lines)


def _edit_tokens(text, rng, edit, least=1):
    """EDIT(line, spans) on a random code line with at least LEAST tokens
    (spans: their (start, end)); None when there is none."""
    idx = code_lines(text)
    if not idx:
        return None
    lines = text.split("\n")
    i = rng.choice(idx)
    spans = [m.span() for m in TOKEN.finditer(lines[i])]
    if len(spans) < least:
        return None
    lines[i] = edit(lines[i], spans)
    return "\n".join(lines)


def op_swap_tokens(text, rng):
    def swap(line, spans):
        k = rng.randrange(len(spans) - 1)
        (a0, a1), (b0, b1) = spans[k], spans[k + 1]
        return line[:a0] + line[b0:b1] + line[a1:b0] + line[a0:a1] + line[b1:]
    return _edit_tokens(text, rng, swap, least=2)


def op_delete_token(text, rng):
    def delete(line, spans):
        a, b = rng.choice(spans)
        return line[:a] + line[b:]
    return _edit_tokens(text, rng, delete)


def op_insert_token(text, rng):
    def insert(line, spans):
        a, _ = rng.choice(spans)
        return line[:a] + rng.choice(INSERTS) + " " + line[a:]
    return _edit_tokens(text, rng, insert)


def op_truncate_call(text, rng):
    """Cuts a line just after one of its '(' (an unfinished call)."""
    lines, idx = text.split("\n"), code_lines(text)
    cands = [i for i in idx if "(" in lines[i]]
    if not cands:
        return None
    i = rng.choice(cands)
    opens = [m.start() for m in re.finditer(r"\(", lines[i])]
    lines[i] = lines[i][:rng.choice(opens) + 1]
    return "\n".join(lines)


def _replace_one(text, rng, words):
    pat = re.compile("|".join(re.escape(w) for w in sorted(words, key=len, reverse=True)))
    found = list(pat.finditer(text))
    if not found:
        return None
    m = rng.choice(found)
    return text[:m.start()] + rng.choice(words) + text[m.end():]


def op_change_dtype(text, rng):
    return _replace_one(text, rng, DTYPES)


def op_change_device(text, rng):
    return _replace_one(text, rng, DEVICES)


def op_break_macro(text, rng):
    """Drops a line continuation, an #endif, or a macro's closing parenthesis,
    or defines a macro that renames a LibTorch name."""
    lines = text.split("\n")
    conts = [i for i, l in enumerate(lines) if l.rstrip().endswith("\\")]
    ends = [i for i, l in enumerate(lines) if l.strip().startswith("#endif")]
    defs = [i for i, l in enumerate(lines) if l.strip().startswith("#define")]
    choice = rng.randrange(4)
    if choice == 0 and conts:
        i = rng.choice(conts)
        lines[i] = lines[i].rstrip()[:-1]
    elif choice == 1 and ends:
        del lines[rng.choice(ends)]
    elif choice == 2 and defs:
        i = rng.choice(defs)
        j = lines[i].rfind(")")
        if j < 0:
            return None
        lines[i] = lines[i][:j] + lines[i][j + 1:]
    else:
        name = rng.choice(["to", "data_ptr", "options", "scalar_type", "device",
                           "kHalf", "kCUDA", "AT_DISPATCH_FLOATING_TYPES",
                           "TORCH_CHECK", "at", "Tensor", "forward"])
        body = rng.choice(["", "(", "x", "to", "::", "0", "Tensor"])
        at = rng.choice(code_lines(text) or [0])
        lines.insert(at, "#define %s %s" % (name, body))
    return "\n".join(lines)


def op_cut_half(text, rng):
    """The file cut at a random byte of its second half."""
    if len(text) < 2:
        return None
    return text[:rng.randrange(len(text) // 2, len(text))]


OPERATORS = [
    ("delete-line", op_delete_line), ("delete-block", op_delete_block),
    ("duplicate-line", op_duplicate_line), ("swap-tokens", op_swap_tokens),
    ("delete-token", op_delete_token), ("insert-token", op_insert_token),
    ("truncate-call", op_truncate_call), ("change-dtype", op_change_dtype),
    ("change-device", op_change_device), ("break-macro", op_break_macro),
    ("cut-half", op_cut_half),
]


def make_mutants(inputs, count, seed):
    """(name, operators, text) for COUNT mutants: one to three operators each,
    applied to a file drawn in turn from the sorted inputs."""
    rng = random.Random(seed)
    texts = [(os.path.relpath(p, ROOT), strip_lit(open(p, encoding="utf-8").read()))
             for p in sorted(inputs)]
    out = []
    n = 0
    while len(out) < count:
        rel, text = texts[n % len(texts)]
        n += 1
        applied = []
        for _ in range(rng.choice([1, 1, 1, 2, 3])):
            for _attempt in range(5):
                name, op = rng.choice(OPERATORS)
                mutated = op(text, rng)
                if mutated is not None and mutated != text:
                    text, applied = mutated, applied + [name]
                    break
        if applied:
            out.append(("%04d-%s" % (len(out), os.path.basename(rel)),
                        "%s: %s" % (rel, "+".join(applied)), text))
    return out


CRASH = re.compile(r"PLEASE submit a bug report|Stack dump:|AddressSanitizer|"
                   r"LeakSanitizer|UndefinedBehaviorSanitizer|runtime error:|"
                   r"Segmentation fault|Assertion .* failed|terminate called")


def run_one(tidy, flags, timeout, work, mutant):
    name, what, text = mutant
    path = os.path.join(work, name)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    cmd = [tidy, "-checks=-*,torchdtype-*", path, "--"] + flags
    start = time.monotonic()
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           stdin=subprocess.DEVNULL, timeout=timeout)
    except subprocess.TimeoutExpired as e:
        out = (e.output or b"").decode("utf-8", "replace")
        return name, what, "hang", out, cmd, time.monotonic() - start
    out = p.stdout.decode("utf-8", "replace")
    if p.returncode < 0 or p.returncode >= 128 or CRASH.search(out):
        verdict = "crash"
    elif p.returncode != 0 and "error:" not in out:
        verdict = "unclear"
    else:
        verdict = "ok"
    return name, what, verdict, out, cmd, time.monotonic() - start


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tidy", required=True)
    ap.add_argument("--mock-include", required=True)
    ap.add_argument("--pch")
    ap.add_argument("--count", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=60)
    ap.add_argument("-j", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--keep")
    ap.add_argument("--inputs", default=DEFAULT_INPUTS)
    ap.add_argument("--list", action="store_true")
    args = ap.parse_args()

    inputs = [p for g in args.inputs.split(",") for p in glob.glob(os.path.join(ROOT, g))]
    if not inputs:
        print("mutate: error: no input matches %s" % args.inputs, file=sys.stderr)
        return 2
    mutants = make_mutants(inputs, args.count, args.seed)
    if args.list:
        for name, what, _ in mutants:
            print("%s  %s" % (name, what))
        return 0
    if not os.access(args.tidy, os.X_OK):
        print("mutate: error: not an executable: %s" % args.tidy, file=sys.stderr)
        return 2

    flags = ["-std=c++17", "-isystem", args.mock_include]
    if args.pch:
        flags += ["-include-pch", args.pch]
    counts = {"ok": 0, "crash": 0, "hang": 0, "unclear": 0}
    slowest = (0.0, "")
    start = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="torchdtype-mutants-") as work:
        # Every mutant may end in a compile error; an unbroken file must not,
        # or the mutants would only be testing that the PCH does not load.
        if args.pch:
            _, _, verdict, out, _, _ = run_one(
                args.tidy, flags, args.timeout, work,
                ("unbroken.cpp", "", "#include <torch/torch.h>\n"
                 "int main() { return torch::ones({1}).dim() - 1; }\n"))
            if verdict != "ok" or "error:" in out:
                print("mutate: error: an unbroken file does not analyse cleanly with %s:\n%s"
                      % (" ".join(flags), out.strip()), file=sys.stderr)
                return 2
        with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.j)) as pool:
            futures = [pool.submit(run_one, args.tidy, flags, args.timeout, work, m)
                       for m in mutants]
            for fut in concurrent.futures.as_completed(futures):
                name, what, verdict, out, cmd, secs = fut.result()
                counts[verdict] += 1
                slowest = max(slowest, (secs, name))
                if verdict == "ok":
                    continue
                print("%s %s (%s)" % (verdict.upper(), name, what), flush=True)
                print("  " + "\n  ".join(out.strip().split("\n")[-15:]), flush=True)
                if args.keep:
                    os.makedirs(args.keep, exist_ok=True)
                    shutil.copy(os.path.join(work, name), args.keep)
                    with open(os.path.join(args.keep, name + ".log"), "w") as f:
                        f.write("# %s\n# %s\n%s" % (what, " ".join(cmd), out))
    bad = counts["crash"] + counts["hang"] + counts["unclear"]
    print("mutate: %d mutants (seed %d) in %.0f s: %d crashes, %d hangs, %d without "
          "a diagnostic; slowest %.1f s (%s)"
          % (len(mutants), args.seed, time.monotonic() - start, counts["crash"],
             counts["hang"], counts["unclear"], slowest[0], slowest[1]))
    print("%d passed, %d failed" % (counts["ok"], bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
