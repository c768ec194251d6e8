#!/usr/bin/env bash
# Builds the Debian package build/torchdtype_VERSION_ARCH.deb: installs what
# the build needs (tools/install-deps.sh), builds (tools/build.sh, extra
# arguments go to its CMake configure step) and runs CPack. Install it with
#   sudo apt install ./build/torchdtype_*.deb
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/install-deps.sh
bash tools/build.sh "$@"
(cd build && cpack -G DEB)
ls build/torchdtype_*.deb
