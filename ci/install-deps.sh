#!/usr/bin/env bash
# Installs what xarch needs on Debian 12: the qemu-user emulators, the sparc64
# cross gccgo (no gc port for sparc64), cross binutils (objdump for the
# disassembly checks) and OpenSSL (a speed peer). The one package list for
# .ci/run, the Dockerfile and the Makefile. Idempotent.
set -euo pipefail

PACKAGES=(
  qemu-user-static
  gccgo-sparc64-linux-gnu
  binutils-aarch64-linux-gnu
  binutils-powerpc64le-linux-gnu
  binutils-sparc64-linux-gnu
  openssl
  make
  ca-certificates
  git
)
# Commands that prove the packages are there (checked before and after).
COMMANDS=(qemu-x86_64-static qemu-aarch64-static qemu-ppc64le-static qemu-sparc64-static
  sparc64-linux-gnu-gccgo-12 sparc64-linux-gnu-objdump aarch64-linux-gnu-objdump
  powerpc64le-linux-gnu-objdump openssl make)

missing() {
  local m=()
  for c in "${COMMANDS[@]}"; do command -v "$c" >/dev/null 2>&1 || m+=("$c"); done
  echo "${m[@]:-}"
}

if [ "${1:-}" = "--check" ]; then
  m=$(missing)
  if [ -n "$m" ]; then
    echo "xarch: missing: $m" >&2
    echo "xarch: install with: sudo $0" >&2
    exit 1
  fi
  command -v go >/dev/null || { echo "xarch: missing: go (Go 1.26 from https://go.dev/dl)" >&2; exit 1; }
  exit 0
fi

if [ -z "$(missing)" ]; then
  echo "xarch: all prerequisites present"
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "xarch: missing: $(missing)" >&2
  echo "xarch: run as root: sudo $0" >&2
  echo "xarch: (it runs: apt-get update && apt-get install -y ${PACKAGES[*]})" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${PACKAGES[@]}" >/dev/null
m=$(missing)
if [ -n "$m" ]; then
  echo "xarch: still missing after install: $m" >&2
  exit 1
fi
echo "xarch: prerequisites installed"
