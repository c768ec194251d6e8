#!/bin/sh
# Benchmark torchdtype-tidy against clang++-19 -fsyntax-only; see bench/run.py.
# Not part of ctest.  bench/run.sh [--quick] [-n N] [--tidy PATH] ...
exec python3 "$(dirname "$0")/run.py" "$@"
