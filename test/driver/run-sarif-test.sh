#!/usr/bin/env bash
# Installs the SARIF validator (idempotent) and runs sarif_test.py with the
# Python that has python3-jsonschema (Debian's).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
tool="$(bash "$here/../../tools/install-sarif-validator.sh")"
py=/usr/bin/python3
[ -x "$py" ] || py=python3
exec "$py" "$here/sarif_test.py" "$1" "$tool" "$(dirname "$tool")/sarif-2.1.0.json" "$2" "$3"
