#!/usr/bin/env python3
"""Turns measure's records (raw.tsv) into checker/data/op_contracts.json.

Usage: assemble.py RAW.tsv OUT.json [--libtorch-version V]
       assemble.py --summary OUT.json   (the counts, as a Markdown table)
"""
import json
import sys

DTYPES = ["Float", "Double", "Half", "BFloat16", "Long", "Int", "Bool", "Byte"]


def op_key(name, overload):
    return name + ("." + overload if overload else "")


def read_raw(path):
    """Returns (ops, skipped): ops maps key -> {"schema", "results"} where
    results maps combo -> (kind, payload); skipped maps key -> (schema, why)."""
    ops, skipped = {}, {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            fields = line.rstrip("\n").split("\t")
            tag = fields[0]
            if tag == "O":
                ops[op_key(fields[1], fields[2])] = {
                    "schema": fields[3], "results": {}}
            elif tag == "S":
                skipped[op_key(fields[1], fields[2])] = (fields[3], fields[4])
            elif tag == "C":
                key = op_key(fields[1], fields[2])
                payload = fields[5] if len(fields) > 5 else ""
                ops[key]["results"][fields[3]] = (fields[4], payload)
    return ops, skipped


def encode(ops):
    """Returns (messages, ops) with each outcome encoded for the JSON file:
    "Float" (ok: the result types), [class, message index], ["crashed",
    signal] or ["timeout"]."""
    messages = sorted({p for o in ops.values()
                       for k, p in o["results"].values()
                       if k not in ("ok", "crashed", "timeout")})
    index = {m: i for i, m in enumerate(messages)}
    out = {}
    for key, o in ops.items():
        res = {}
        for combo, (kind, payload) in o["results"].items():
            if kind == "ok":
                res[combo] = payload
            elif kind == "crashed":
                res[combo] = ["crashed", payload]
            elif kind == "timeout":
                res[combo] = ["timeout"]
            else:
                res[combo] = [kind, index[payload]]
        out[key] = {"schema": o["schema"], "results": res}
    return messages, out


def decode(data):
    """The inverse of encode for one file: key -> combo -> (kind, payload)."""
    msgs = data["messages"]
    out = {}
    for key, o in data["ops"].items():
        res = {}
        for combo, v in o["results"].items():
            if isinstance(v, str):
                res[combo] = ("ok", v)
            elif v[0] == "crashed":
                res[combo] = ("crashed", v[1])
            elif v[0] == "timeout":
                res[combo] = ("timeout", "")
            else:
                res[combo] = (v[0], msgs[v[1]])
        out[key] = res
    return out


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
            ("ok", kinds.pop("ok", 0))]
    for k in ("crashed", "timeout"):
        rows.append((k, kinds.pop(k, 0)))
    for k in sorted(kinds):
        rows.append(("error " + k, kinds[k]))
    rows.append(("distinct messages", len(data["messages"])))
    rows.append(("overloads with no combination ok", never_ok))
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
    raw, out = argv[1], argv[2]
    version = "1.13.1"
    if len(argv) > 4 and argv[3] == "--libtorch-version":
        version = argv[4]
    ops, skipped = read_raw(raw)
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
                   "equal to an all-same run counted once)."),
        "inputs": ("Tensors {2,2} [[2,1],[1,2]]; arguments named index/"
                   "indices/target/idx [[0,1],[1,0]] ({2}: [1,0] for "
                   "index_* ops); Tensor[] two such tensors; Tensor?[] one "
                   "index tensor; defaults from the schema, else dim 0, int "
                   "1, float 1.0 (eps 1e-5), Scalar 1, bool false, int[] "
                   "size [2,2], dim [0], padding [0], other int[] [1], "
                   "optional None."),
        "combo": ("Key: the dtypes of the tensor arguments in schema order, "
                  "joined by ','."),
        "outcome": ("A string: the call returned; the result types (Tensor "
                    "dtype, [list], (tuple), int/float/bool/None). [class, i]: "
                    "it threw c10::<class> (Error is c10::Error itself), "
                    "messages[i] is the first line of its message. "
                    "[\"crashed\", signal] or [\"timeout\"]: the child "
                    "process died or ran past its alarm."),
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
