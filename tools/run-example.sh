#!/usr/bin/env bash
# README command 1: installs what is needed, builds torchdtype, and runs it on
# the bundled example project (examples/: a LibTorch program and a C++
# extension), printing clang-tidy style warnings with notes.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/install-deps.sh
bash tools/build.sh -DBUILD_TESTING=OFF
echo
echo "== torchdtype on examples/ (compile_commands.json in build/examples) =="
python3 examples/check.py --show --tidy build/bin/torchdtype-tidy --build-dir build/examples
