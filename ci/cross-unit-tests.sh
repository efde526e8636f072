#!/usr/bin/env bash
# Runs the target-side unit tests (arch/<goarch>, runner) of one or more
# arches under qemu-user, one test binary per package, on the models that
# `xarch models --unit-plan` derives from ci/models.json (each arch's poorest
# and richest default emulated models, plus models only a newer emulator
# generation has), with each model's forced features in XARCH_FORCE. Native amd64 is covered by
# `go test ./...`. A new arch in ci/models.json is picked up here unchanged.
# Usage: ci/cross-unit-tests.sh [ARCH ...]
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
plan=$(go run ./cmd/xarch models --unit-plan)
known=$(echo "$plan" | cut -f1 | sort -u | tr '\n' ' ')
arches=("$@")
if [ ${#arches[@]} -eq 0 ]; then
  read -r -a arches <<<"$(echo "$plan" | cut -f1 | uniq | tr '\n' ' ')"
fi
for a in "${arches[@]}"; do
  case " $known " in *" $a "*) ;; *) echo "unknown arch $a (known: $known)"; exit 2 ;; esac
done
fail=0
passed=0
failed=0
flaky=0
run() { # arch compiler qemu model pkg force
  local arch=$1 compiler=$2 qemu=$3 model=$4 pkg=$5 force=$6 bin
  bin="$out/$arch-$(echo "$pkg" | tr / _).test"
  if [ ! -x "$bin" ]; then
    if [ "$compiler" = gccgo ]; then
      GOOS=linux GOARCH=$arch GCCGO_REAL=$arch-linux-gnu-gccgo-12 GCCGO="$PWD/ci/gccgo-test-wrapper.sh" \
        go test -vet=off -compiler gccgo -gccgoflags='all=-static -O2' -c -o "$bin" "./$pkg" 2>&1 |
        grep -v -e GNU-stack -e 'deprecated and will' -e 'libgo.a' -e 'getaddrinfo' -e '^# ' || true
    else
      GOOS=linux GOARCH=$arch CGO_ENABLED=0 go test -c -o "$bin" "./$pkg"
    fi
  fi
  [ -x "$bin" ] || { echo "FAIL build $arch $pkg"; fail=1; failed=$((failed+1)); return; }
  case "$qemu" in
    missing:*)
      echo "FAIL $arch/${model} $pkg: QEMU ${qemu#missing:} is not installed (run: sudo ci/install-deps.sh)"
      fail=1; failed=$((failed+1)); return ;;
  esac
  local cpu=()
  [ "$model" != "-" ] && cpu=(-cpu "$model")
  [ "$force" = "-" ] && force=""
  # qemu-user passes the environment on: tests relax CPU-clock bounds, and
  # archtest treats XARCH_FORCE's features as detected (ci/models.json force).
  if (cd "$pkg" && XARCH_EMULATED=1 XARCH_FORCE="$force" "$qemu" "${cpu[@]}" "$bin" -test.count=1 >"$bin.log" 2>&1); then
    echo "ok   $arch/${model} $pkg"; passed=$((passed+1))
    return
  fi
  # A test that failed prints its verdict lines; a process that died without
  # one (a runtime fatal error under qemu-user, seen once on ppc64le/power8
  # with QEMU 7.2 and not reproduced in 11 runs) is run once more, and both
  # logs' heads are printed so the crash stays on record.
  if ! grep -q -e '^--- FAIL' -e '^FAIL$' "$bin.log" && grep -q -e '^fatal error' -e '^SIG' -e '^unexpected' "$bin.log"; then
    echo "CRASH $arch/${model} $pkg (the test binary died, not a test verdict); first lines:"
    grep -n -m 12 -e '^fatal error' -e '^SIG' -e '^unexpected' -e '^goroutine' -e '^runtime' -e 'panic' "$bin.log" || true
    tail -15 "$bin.log"
    mv "$bin.log" "$bin.first.log"
    if (cd "$pkg" && XARCH_EMULATED=1 XARCH_FORCE="$force" "$qemu" "${cpu[@]}" "$bin" -test.count=1 >"$bin.log" 2>&1); then
      echo "ok   $arch/${model} $pkg (after the crash above; counted as flaky)"; passed=$((passed+1)); flaky=$((flaky+1))
      return
    fi
  fi
  echo "FAIL $arch/${model} $pkg"; head -40 "$bin.log"; echo ...; tail -30 "$bin.log"; fail=1; failed=$((failed+1))
}
for a in "${arches[@]}"; do
  while IFS=$'\t' read -r arch compiler qemu model pkg force; do
    [ "$arch" = "$a" ] && run "$arch" "$compiler" "$qemu" "$model" "$pkg" "$force"
  done <<<"$plan"
done
echo "cross-unit-tests: $passed passed, $failed failed"
[ "$flaky" -eq 0 ] || echo "cross-unit-tests: $flaky of the passes came after a crash of the test binary (see CRASH above)"
exit $fail
