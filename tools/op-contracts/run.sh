#!/bin/sh
# Builds measure.cpp against the installed LibTorch 1.13.1 and regenerates
# checker/data/op_contracts.json. Usage: tools/op-contracts/run.sh [build-dir]
# CXX (default clang++-19, else g++) may be set in the environment.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=${1:-"$root/build/op-contracts"}
mkdir -p "$build"
sh "$here/build.sh" "$build/measure"
nice -n 10 "$build/measure" >"$build/raw.tsv"
python3 "$here/assemble.py" "$build/raw.tsv" "$root/checker/data/op_contracts.json"
