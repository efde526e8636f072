#!/usr/bin/env bash
# Lints the GitHub Actions workflows (or the files given) with actionlint at
# a pinned version, built from the Go module proxy by `go run pkg@version`:
# nothing enters go.mod, so the runner's build stays as it is. actionlint
# also runs shellcheck on `run:` scripts when shellcheck is installed.
# Usage: ci/lint-workflow.sh [WORKFLOW.yml ...]
set -euo pipefail
ACTIONLINT=github.com/rhysd/actionlint/cmd/actionlint@v1.7.12
root=$(cd "$(dirname "$0")/.." && pwd)
files=()
for f in "$@"; do files+=("$(realpath "$f")"); done
[ ${#files[@]} -gt 0 ] || files=("$root"/.github/workflows/*.yml)
# Run outside the module so go.mod and its GOFLAGS play no part.
cd "${TMPDIR:-/tmp}"
exec env GOFLAGS= go run "$ACTIONLINT" -no-color "${files[@]}"
