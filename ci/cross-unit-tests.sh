#!/usr/bin/env bash
# Runs the target-side unit tests (arch/..., runner, wire) of one or more
# arches under qemu-user, one test binary per package, on the models listed
# below. Native amd64 is covered by `go test ./...`.
# Usage: ci/cross-unit-tests.sh [amd64|arm64|ppc64le|sparc64 ...]
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
arches=("$@")
[ ${#arches[@]} -gt 0 ] || arches=(amd64 arm64 ppc64le sparc64)
fail=0
passed=0
failed=0
run() { # arch qemu model pkg
  local arch=$1 qemu=$2 model=$3 pkg=$4 bin
  bin="$out/$arch-$(echo "$pkg" | tr / _).test"
  if [ ! -x "$bin" ]; then
    if [ "$arch" = sparc64 ]; then
      GOOS=linux GOARCH=sparc64 GCCGO_REAL=sparc64-linux-gnu-gccgo-12 GCCGO="$PWD/ci/gccgo-test-wrapper.sh" \
        go test -vet=off -compiler gccgo -gccgoflags='all=-static -O2' -c -o "$bin" "./$pkg" 2>&1 |
        grep -v -e GNU-stack -e 'deprecated and will' -e 'libgo.a' -e 'getaddrinfo' -e '^# ' || true
    else
      GOOS=linux GOARCH=$arch CGO_ENABLED=0 go test -c -o "$bin" "./$pkg"
    fi
  fi
  [ -x "$bin" ] || { echo "FAIL build $arch $pkg"; fail=1; failed=$((failed+1)); return; }
  local cpu=()
  [ -n "$model" ] && cpu=(-cpu "$model")
  # qemu-user passes the environment on: tests relax CPU-clock bounds.
  if (cd "$pkg" && XARCH_EMULATED=1 "$qemu" "${cpu[@]}" "$bin" -test.count=1 >"$bin.log" 2>&1); then
    echo "ok   $arch/${model:-default} $pkg"; passed=$((passed+1))
  else
    echo "FAIL $arch/${model:-default} $pkg"; tail -30 "$bin.log"; fail=1; failed=$((failed+1))
  fi
}
for a in "${arches[@]}"; do
  case $a in
  amd64)   for m in Nehalem Haswell; do run amd64 qemu-x86_64-static "$m" arch/amd64; done ;;
  arm64)   for m in cortex-a53 max; do run arm64 qemu-aarch64-static "$m" arch/arm64; done
           run arm64 qemu-aarch64-static max runner ;;
  ppc64le) for m in power8 power10; do run ppc64le qemu-ppc64le-static "$m" arch/ppc64le; done
           run ppc64le qemu-ppc64le-static power9 runner ;;
  sparc64) run sparc64 qemu-sparc64-static "" arch/sparc64
           run sparc64 qemu-sparc64-static "Sun UltraSparc T2" arch/sparc64
           run sparc64 qemu-sparc64-static "" runner ;;
  *) echo "unknown arch $a (amd64, arm64, ppc64le, sparc64)"; exit 2 ;;
  esac
done
echo "cross-unit-tests: $passed passed, $failed failed"
exit $fail
