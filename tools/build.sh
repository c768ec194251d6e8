#!/usr/bin/env bash
# Configures and builds torchdtype into build/ (build/lib/torchdtype.so,
# build/bin/torchdtype-tidy). Extra arguments go to the CMake configure step.
set -euo pipefail
cd "$(dirname "$0")/.."
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release "$@"
cmake --build build -j "$(nproc)"
