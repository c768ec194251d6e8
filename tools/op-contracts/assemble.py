#!/usr/bin/env python3
"""Turns measure's records (raw.tsv) into checker/data/op_contracts.json.

Usage: assemble.py RAW.tsv OUT.json [--libtorch-version V] [--rerun RAW...]
  --rerun: re-measurements of some operators; a combination whose outcome
  differs between the runs is recorded as unstable.
       assemble.py --summary OUT.json   (the counts, as a Markdown table)
"""
import json
import sys

DTYPES = ["Float", "Double", "Half", "BFloat16", "Long", "Int", "Bool", "Byte"]


def op_key(name, overload):
    return name + ("." + overload if overload else "")


def read_raw(path):
    """Returns (ops, skipped): ops maps key -> {"schema", "scalars",
    "shapes", "results"} where results maps combo -> (kind, payload);
    skipped maps key -> (schema, why)."""
    ops, skipped = {}, {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            fields = line.rstrip("\n").split("\t")
            tag = fields[0]
            if tag == "O":
                ops[op_key(fields[1], fields[2])] = {
                    "schema": fields[3],
                    "scalars": fields[4] if len(fields) > 4 else "",
                    "shapes": fields[5] if len(fields) > 5 else "",
                    "results": {}}
            elif tag == "S":
                skipped[op_key(fields[1], fields[2])] = (fields[3], fields[4])
            elif tag == "C":
                key = op_key(fields[1], fields[2])
                payload = fields[5] if len(fields) > 5 else ""
                ops[key]["results"][fields[3]] = (fields[4], payload)
    return ops, skipped


def merge(ops, reruns):
    """Folds re-runs of some operators into ops. A combination whose
    outcomes differ between the runs becomes ("unstable", (outcome, ...))."""
    for rerun in reruns:
        for key, o in rerun.items():
            res = ops[key]["results"]
            for combo, out in o["results"].items():
                old = res.get(combo)
                if old is None or old == out:
                    continue
                seen = set(old[1]) if old[0] == "unstable" else {old}
                seen.add(out)
                res[combo] = ("unstable", tuple(sorted(seen)))


def is_unstable(results):
    """An overload one of whose calls crashed, timed out or varied: its
    other outcomes may vary too (a heap an earlier call corrupted)."""
    return any(k in ("crashed", "timeout", "unstable")
               for k, _ in results.values())


def encode(ops):
    """Returns (messages, ops) with each outcome encoded for the JSON file:
    "Float" (ok: the result types), [class, message index], ["crashed",
    signal], ["timeout"] or ["unstable", [outcome, ...]]."""
    def plain(outs):
        for kind, payload in outs:
            if kind == "unstable":
                yield from payload
            else:
                yield kind, payload

    messages = sorted({p for o in ops.values()
                       for k, p in plain(o["results"].values())
                       if k not in ("ok", "crashed", "timeout")})
    index = {m: i for i, m in enumerate(messages)}

    def enc(kind, payload):
        if kind == "ok":
            return payload
        if kind == "crashed":
            return ["crashed", payload]
        if kind == "timeout":
            return ["timeout"]
        if kind == "unstable":
            return ["unstable", [enc(*o) for o in payload]]
        return [kind, index[payload]]

    out = {}
    for key, o in ops.items():
        res = {combo: enc(*v) for combo, v in o["results"].items()}
        out[key] = {"schema": o["schema"], "results": res}
        for field in ("scalars", "shapes"):
            if o.get(field):
                out[key][field] = o[field]
        if is_unstable(o["results"]):
            out[key]["unstable"] = True
    return messages, out


def decode(data):
    """The inverse of encode for one file: key -> combo -> (kind, payload)."""
    msgs = data["messages"]

    def dec(v):
        if isinstance(v, str):
            return ("ok", v)
        if v[0] == "crashed":
            return ("crashed", v[1])
        if v[0] == "timeout":
            return ("timeout", "")
        if v[0] == "unstable":
            return ("unstable", tuple(dec(x) for x in v[1]))
        return (v[0], msgs[v[1]])

    return {key: {combo: dec(v) for combo, v in o["results"].items()}
            for key, o in data["ops"].items()}


def summary(path):
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    ops = decode(data)
    kinds = {}
    for res in ops.values():
        for kind, _ in res.values():
            kinds[kind] = kinds.get(kind, 0) + 1
    never_ok = sum(1 for r in ops.values()
                   if not any(k == "ok" for k, _ in r.values()))
    reasons = {}
    for v in data["skipped"].values():
        r = v["reason"]
        r = "name matches a skip pattern" if r.startswith("name matches") else r
        reasons[r] = reasons.get(r, 0) + 1
    rows = [("operator overloads measured", len(ops)),
            ("combinations run", sum(kinds.values())),
            ("  of them with other Scalars (key@pattern)",
             sum(1 for r in ops.values() for c in r if "@" in c)),
            ("ok", kinds.pop("ok", 0))]
    rows.append(("overloads marked unstable",
                  sum(1 for o in data["ops"].values() if o.get("unstable"))))
    for k in ("crashed", "timeout", "unstable"):
        rows.append((k, kinds.pop(k, 0)))
    for k in sorted(kinds):
        rows.append(("error " + k, kinds[k]))
    rows.append(("distinct messages", len(data["messages"])))
    rows.append(("overloads with no combination ok", never_ok))
    shapes = {}
    for o in data["ops"].values():
        if o.get("shapes"):
            shapes[o["shapes"]] = shapes.get(o["shapes"], 0) + 1
    rows.append(("overloads measured on other shapes", sum(shapes.values())))
    for f in sorted(shapes):
        rows.append(("  shapes " + f, shapes[f]))
    rows.append(("overloads skipped", len(data["skipped"])))
    for r in sorted(reasons):
        rows.append(("  skipped: " + r, reasons[r]))
    print("| count | n |\n|---|---:|")
    for name, n in rows:
        print("| %s | %d |" % (name, n))


def main(argv):
    if argv[1] == "--summary":
        summary(argv[2])
        return
    args = argv[1:]
    version = "1.13.1"
    if "--libtorch-version" in args:
        i = args.index("--libtorch-version")
        version = args[i + 1]
        del args[i:i + 2]
    reruns = []
    if "--rerun" in args:
        i = args.index("--rerun")
        reruns = [read_raw(r)[0] for r in args[i + 1:]]
        del args[i:]
    raw, out = args
    ops, skipped = read_raw(raw)
    merge(ops, reruns)
    messages, enc = encode(ops)
    header = {
        "libtorch": version,
        "device": "cpu",
        "generator": "tools/op-contracts/run.sh (measure.cpp, assemble.py)",
        "dtypes": DTYPES,
        "scheme": ("Each aten:: operator overload is called through the "
                   "dispatcher (boxed) with every tensor argument (Tensor, "
                   "Tensor[], Tensor?[]; Tensor? left None) of one dtype (8 "
                   "runs) and, with 2+ tensor arguments, every pair of dtypes "
                   "for the first two with the rest Float (64 runs, those "
                   "equal to an all-same run counted once). An overload with "
                   "Scalar arguments is run so again for other Scalar "
                   "patterns (see \"scalars\")."),
        "scalars": ("An overload's \"scalars\": one letter per Scalar or "
                    "Scalar? argument of its base runs: d the schema's "
                    "default (None for Scalar?), i the int 1. A combination "
                    "key ending in @pattern ran with other Scalars: d "
                    "default, i the int 1, f the float 1.5 (patterns: the "
                    "Scalars without a default floating, all int, all "
                    "floating)."),
        "shapes": ("An overload none of whose base runs returned, some "
                   "failing on shapes, sizes or values, is measured again "
                   "under the first shape family with which a run of one "
                   "dtype (or Float with a Long index, or a Bool first "
                   "tensor) returns; \"shapes\" names it and all its "
                   "outcomes are that family's: 1d every tensor {2} [2,1] "
                   "(indices [1,0]); index1d index tensors {2} [1,0], the "
                   "others {2,2}; 3d, 4d, 5d every tensor {1,2,2}, "
                   "{1,2,2,2}, {1,2,2,2,2} (the {2,2} values repeated); "
                   "unit1d every tensor {2} [0.25,0.75] (indices [1,0]); "
                   "unit every tensor {2,2} [[0.25,0.75],[0.75,0.25]] "
                   "(indices [[0,1],[1,0]]); 3x3 every tensor {3,3} "
                   "[[2,1,0],[1,2,1],[0,1,2]] (indices "
                   "[[0,1,2],[1,2,0],[2,0,1]], vectors {3})."),
        "inputs": ("Tensors {2,2} [[2,1],[1,2]]; arguments whose name "
                   "contains index/indices or is target/idx [[0,1],[1,0]] "
                   "({2}: [1,0] for index_* ops); a tensor named vec (and "
                   "addmv's self) {2} [2,1]; the value of a *fill* op 0-dim "
                   "1; Tensor[] two such tensors; "
                   "Tensor?[] one index tensor; defaults from the schema, "
                   "else int named *dim* 0, int 1, float 1.0 (eps 1e-5), "
                   "Scalar 1, bool false, int[] size/shape/sizes/output_size "
                   "[2,2], *dim* [0], *padding* [0], normalized_shape [2], other int[] [1], "
                   "ScalarType Float, str '' (equation 'ij,jk->ik', reduce "
                   "'sum'), optional None."),
        "combo": ("Key: the dtypes of the tensor arguments in schema order, "
                  "joined by ',', then @ and the Scalar pattern unless it "
                  "is the base one."),
        "outcome": ("A string: the call returned; the result types (Tensor "
                    "dtype, [list], (tuple), int/float/bool/None). [class, i]: "
                    "it threw c10::<class> (Error is c10::Error itself), "
                    "messages[i] is the first line of its message. "
                    "[\"crashed\", signal] or [\"timeout\"]: the child "
                    "process died or ran past its alarm. [\"unstable\", "
                    "[outcome, ...]]: the runs gave these different outcomes. "
                    "An overload marked \"unstable\": true had a call crash, "
                    "time out or vary; its outcomes may vary between runs."),
    }
    lines = ["{"]
    for k, v in header.items():
        lines.append(json.dumps(k) + ":" + json.dumps(v) + ",")
    lines.append('"messages":[')
    lines.append(",\n".join(json.dumps(m) for m in messages))
    lines.append("],")
    lines.append('"skipped":{')
    lines.append(",\n".join(
        json.dumps(k) + ":" + json.dumps({"schema": s, "reason": w},
                                         sort_keys=True)
        for k, (s, w) in sorted(skipped.items())))
    lines.append("},")
    lines.append('"ops":{')
    lines.append(",\n".join(
        json.dumps(k) + ":" + json.dumps(v, sort_keys=True,
                                         separators=(",", ":"))
        for k, v in sorted(enc.items())))
    lines.append("}}")
    with open(out, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    json.load(open(out, encoding="utf-8"))  # well-formed


if __name__ == "__main__":
    main(sys.argv)
