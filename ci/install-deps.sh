#!/usr/bin/env bash
# Installs what xarch needs on Debian 12: the qemu-user emulators of both
# generations, the sparc64 cross gccgo (no gc port for sparc64), binutils
# (objdump for the disassembly checks) and OpenSSL (a speed peer). The one
# package list for .ci/run, the Dockerfile and the Makefile. Idempotent.
#
# Emulator generations (ci/models.json "emulators"): QEMU 7.2 is Debian 12's
# qemu-user-static, installed as usual. QEMU 10 comes from the
# bookworm-backports suite (package qemu-user, static binaries), fetched
# with a private apt state (the system's sources and lists are not touched),
# unpacked with dpkg-deb -x and copied into $XARCH_QEMU10_DIR (default
# /opt/xarch/qemu10/bin), so neither generation replaces the other.
set -euo pipefail

PACKAGES=(
  qemu-user-static
  gccgo-sparc64-linux-gnu
  binutils-aarch64-linux-gnu
  binutils-powerpc64le-linux-gnu
  binutils-sparc64-linux-gnu
  binutils-riscv64-linux-gnu
  binutils
  openssl
  make
  ca-certificates
  git
)
# Commands that prove the packages are there (checked before and after).
COMMANDS=(qemu-x86_64-static qemu-aarch64-static qemu-ppc64le-static qemu-sparc64-static
  sparc64-linux-gnu-gccgo-12 sparc64-linux-gnu-objdump aarch64-linux-gnu-objdump
  powerpc64le-linux-gnu-objdump riscv64-linux-gnu-as riscv64-linux-gnu-objdump objdump openssl make)

# QEMU 10: its package, suite and version, and the binaries xarch uses
# (ci/models.json "emulators" of each arch).
QEMU10_DIR=${XARCH_QEMU10_DIR:-/opt/xarch/qemu10/bin}
QEMU10_PACKAGE=qemu-user
QEMU10_SUITE=bookworm-backports
QEMU10_VERSION=10.0
QEMU10_BINS=(qemu-x86_64 qemu-aarch64 qemu-ppc64le qemu-sparc64 qemu-riscv64)

missing() {
  local m=()
  for c in "${COMMANDS[@]}"; do command -v "$c" >/dev/null 2>&1 || m+=("$c"); done
  for b in "${QEMU10_BINS[@]}"; do
    [ -x "$QEMU10_DIR/$b" ] || { m+=("$QEMU10_DIR/$b"); break; }
  done
  echo "${m[@]:-}"
}

# debian_mirror prints the URI this machine's apt uses for bookworm (so the
# backports suite comes from the same mirror).
debian_mirror() {
  local u
  u=$(awk 'BEGIN{IGNORECASE=1} /^[[:space:]]*$/{uri=""} /^URIs:/{uri=$2} /^Suites:/{for(i=2;i<=NF;i++) if($i=="bookworm" && uri!=""){print uri; exit}}' \
    /etc/apt/sources.list.d/*.sources 2>/dev/null | head -1)
  if [ -z "$u" ]; then
    u=$(awk '$1=="deb"{i=2; if($i ~ /^\[/){while($i !~ /\]$/) i++; i++} if($(i+1)=="bookworm"){print $i; exit}}' \
      /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null | head -1)
  fi
  echo "$u"
}

install_qemu10() {
  local have
  if have=$("$QEMU10_DIR/qemu-x86_64" --version 2>/dev/null | head -1) && [ -n "$have" ]; then
    local ok=1
    for b in "${QEMU10_BINS[@]}"; do [ -x "$QEMU10_DIR/$b" ] || ok=0; done
    [ $ok = 1 ] && return 0
  fi
  local mirror tmp apt v
  mirror=$(debian_mirror)
  if [ -z "$mirror" ]; then
    echo "xarch: QEMU 10: no Debian bookworm source in /etc/apt to take $QEMU10_SUITE from" >&2
    return 1
  fi
  tmp=$(mktemp -d)
  # shellcheck disable=SC2064
  trap "rm -rf '$tmp'" RETURN
  mkdir -p "$tmp/lists/partial" "$tmp/cache/archives/partial" "$tmp/parts" "$tmp/x"
  : >"$tmp/empty.list"
  cat >"$tmp/parts/xarch-backports.sources" <<EOS
Types: deb
URIs: $mirror
Suites: $QEMU10_SUITE
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOS
  apt=(-o "Dir::Etc::SourceList=$tmp/empty.list" -o "Dir::Etc::SourceParts=$tmp/parts"
    -o "Dir::State::Lists=$tmp/lists" -o "Dir::Cache=$tmp/cache" -o "APT::Sandbox::User=root")
  apt-get "${apt[@]}" update -qq
  v=$(apt-cache "${apt[@]}" policy "$QEMU10_PACKAGE" | awk '/Candidate:/{print $2}')
  case "$v" in
    1:"$QEMU10_VERSION"*) ;;
    *) echo "xarch: QEMU 10: $QEMU10_SUITE offers $QEMU10_PACKAGE '$v', not 1:$QEMU10_VERSION.x" >&2; return 1 ;;
  esac
  (cd "$tmp" && apt-get "${apt[@]}" download -qq "$QEMU10_PACKAGE=$v")
  dpkg-deb -x "$tmp"/"$QEMU10_PACKAGE"_*.deb "$tmp/x"
  mkdir -p "$QEMU10_DIR"
  for b in "${QEMU10_BINS[@]}"; do
    install -m 0755 "$tmp/x/usr/bin/$b" "$QEMU10_DIR/$b"
  done
  echo "$QEMU10_PACKAGE $v from $QEMU10_SUITE" >"$QEMU10_DIR/VERSION"
  echo "xarch: QEMU 10 ($QEMU10_PACKAGE $v) in $QEMU10_DIR: $("$QEMU10_DIR/qemu-x86_64" --version | head -1)"
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
  echo "xarch: (it runs: apt-get update && apt-get install -y ${PACKAGES[*]}," >&2
  echo "xarch:  then unpacks $QEMU10_PACKAGE 1:$QEMU10_VERSION.x from $QEMU10_SUITE into $QEMU10_DIR)" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${PACKAGES[@]}" >/dev/null
install_qemu10
m=$(missing)
if [ -n "$m" ]; then
  echo "xarch: still missing after install: $m" >&2
  exit 1
fi
echo "xarch: prerequisites installed"
