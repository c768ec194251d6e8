#!/usr/bin/env bash
# README command 2: installs what is needed, builds torchdtype with its tests,
# and runs every tier through ctest (lit on mock headers, GoogleTest, the
# canary, real LibTorch 1.13.1 / 2.6.0 / 2.14.1 headers, the LibTorch runtime
# tier, the example project with both products).
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/install-deps.sh --test
bash tools/fetch-libtorch-headers.sh
bash tools/install-sarif-validator.sh > /dev/null
bash tools/build.sh -DBUILD_TESTING=ON
cd build
ctest --output-on-failure -j "$(nproc)" "$@"
