#!/usr/bin/env bash
# Installs the SARIF validator (idempotent) and runs build_ext_test.py with
# Debian's python3, the one python3-torch is installed for.
#   run.sh TORCHDTYPE REPO WORK_DIR
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
tool="$(bash "$here/../../tools/install-sarif-validator.sh")"
py=/usr/bin/python3
[ -x "$py" ] || py=python3
exec "$py" "$here/build_ext_test.py" "$1" "$2" "$3" "$tool" "$(dirname "$tool")/sarif-2.1.0.json"
