#!/usr/bin/env bash
# Installs the SARIF validators the tests use, from the npm registry, into
# ${TORCHDTYPE_CACHE:-~/.cache/torchdtype}/sarif (idempotent; nothing global):
# Microsoft's SARIF multitool (pinned: older builds do not run on bookworm),
# which also ships the SARIF 2.1.0 JSON schema used with python3-jsonschema.
# Prints the multitool's path. See docs/notes/sarif-validation.md.
set -euo pipefail
version=5.7.0
dest="${TORCHDTYPE_CACHE:-$HOME/.cache/torchdtype}/sarif"
tool="$dest/node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool"
if [ ! -x "$tool" ] || [ "$(cat "$dest/.version" 2>/dev/null)" != "$version" ]; then
  command -v npm >/dev/null || { echo "install-sarif-validator: npm not found (apt-get install npm)" >&2; exit 1; }
  mkdir -p "$dest"
  npm install --silent --no-audit --no-fund --prefix "$dest" "@microsoft/sarif-multitool@$version" >&2
  echo "$version" > "$dest/.version"
fi
[ -x "$tool" ] || { echo "install-sarif-validator: $tool missing after install" >&2; exit 1; }
echo "$tool"
