#!/usr/bin/env bash
# Installs what xarch needs on Debian 12: the qemu-user emulators of both
# generations, the sparc64 cross gccgo (no gc port for sparc64), binutils
# (objdump for the disassembly checks), OpenSSL (a speed peer) and Chromium
# (the browser test of the HTML report, report/html). The one
# package list for .ci/run, the Dockerfile and the Makefile. Idempotent.
#
# Emulator generations (ci/models.json "emulators"): QEMU 7.2 is Debian 12's
# qemu-user-static, installed as usual. QEMU 10 comes from the
# bookworm-backports suite (package qemu-user, static binaries), fetched
# with a private apt state (the system's sources and lists are not touched),
# unpacked with dpkg-deb -x and copied into $XARCH_QEMU10_DIR (default
# /opt/xarch/qemu10/bin), so neither generation replaces the other.
#
# GNU as 2.44 for RISC-V (Debian 13 trixie's binutils-riscv64-linux-gnu,
# with the trixie C library it needs, run through that library's loader)
# is unpacked the same way into $XARCH_GAS_DIR (default
# /opt/xarch/binutils-2.44): Debian 12's as 2.40 lacks the vector crypto
# instructions, and arch/riscv64's encoding test checks every WORD with it.
#
# OpenSSL as a provider (provider/openssl, ci/openssl-levels.json): Debian
# 12's libssl3/libssl-dev 3.0 for arm64 and ppc64el beside amd64's
# (multiarch: the versions must match), the cross gcc of each arch for the
# cgo runner, and Debian 13's OpenSSL 3.5 unpacked into a private root per
# arch under $XARCH_OPENSSL_DIR (default /opt/xarch/openssl3.5/<arch>),
# with its own C library: run it with qemu -L <root> (never -L /usr/<triplet>
# with multiarch libc installed: that loader meets the wrong libc).
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
  chromium
  make
  ca-certificates
  git
  gcc-aarch64-linux-gnu libc6-dev-arm64-cross
  gcc-powerpc64le-linux-gnu libc6-dev-ppc64el-cross
  gcc-riscv64-linux-gnu libc6-dev-riscv64-cross
)
# Multiarch OpenSSL 3.0 (Multi-Arch: same; installed after dpkg
# --add-architecture). Not openssl:<arch>: it is Multi-Arch: foreign and
# would replace the host's openssl.
FOREIGN_ARCHES=(arm64 ppc64el)
FOREIGN_PACKAGES=(libssl3:arm64 libssl-dev:arm64 libssl3:ppc64el libssl-dev:ppc64el)

# OpenSSL 3.5 from trixie, one private root per Debian arch.
OPENSSL35_DIR=${XARCH_OPENSSL_DIR:-/opt/xarch/openssl3.5}
OPENSSL35_SUITE=trixie
OPENSSL35_VERSION=3.5
OPENSSL35_ARCHES=(amd64 arm64 riscv64 ppc64el)
# openssl: its binary is xarch speed's openssl3.5 peer (run through the
# root's loader), beside the system's 3.0.
OPENSSL35_PACKAGES=(libssl3t64 libssl-dev openssl libc6 libzstd1 zlib1g libgcc-s1)

# openssl35_done ARCH: that arch's root is complete, or recorded as not
# served by the mirror.
openssl35_done() {
  local d=$OPENSSL35_DIR/$1
  [ -f "$d/VERSION" ] || return 1
  grep -q '^not served' "$d/VERSION" && return 0
  [ -x "$d/usr/bin/openssl" ]
}
# Commands that prove the packages are there (checked before and after).
COMMANDS=(qemu-x86_64-static qemu-aarch64-static qemu-ppc64le-static qemu-sparc64-static
  sparc64-linux-gnu-gccgo-12 sparc64-linux-gnu-objdump aarch64-linux-gnu-objdump
  powerpc64le-linux-gnu-objdump riscv64-linux-gnu-as riscv64-linux-gnu-objdump objdump openssl chromium make)

# QEMU 10: its package, suite and version, and the binaries xarch uses
# (ci/models.json "emulators" of each arch).
QEMU10_DIR=${XARCH_QEMU10_DIR:-/opt/xarch/qemu10/bin}
QEMU10_PACKAGE=qemu-user
QEMU10_SUITE=bookworm-backports
QEMU10_VERSION=10.0
QEMU10_BINS=(qemu-x86_64 qemu-aarch64 qemu-ppc64le qemu-sparc64 qemu-riscv64)

# GNU as 2.44 (riscv64 vector crypto), from trixie, beside the system's.
GAS_DIR=${XARCH_GAS_DIR:-/opt/xarch/binutils-2.44}
GAS_SUITE=trixie
GAS_VERSION=2.44
GAS_PACKAGES=(binutils-riscv64-linux-gnu libc6 libzstd1 zlib1g libsframe1 libjansson4)

missing() {
  local m=()
  for c in "${COMMANDS[@]}"; do command -v "$c" >/dev/null 2>&1 || m+=("$c"); done
  for b in "${QEMU10_BINS[@]}"; do
    [ -x "$QEMU10_DIR/$b" ] || { m+=("$QEMU10_DIR/$b"); break; }
  done
  "$GAS_DIR/bin/riscv64-linux-gnu-as" --version 2>/dev/null | grep -q " $GAS_VERSION" || m+=("$GAS_DIR/bin/riscv64-linux-gnu-as")
  for c in aarch64-linux-gnu-gcc powerpc64le-linux-gnu-gcc riscv64-linux-gnu-gcc; do
    command -v "$c" >/dev/null 2>&1 || m+=("$c")
  done
  local want have
  want=$(dpkg-query -W -f='${Version}' libssl3:amd64 2>/dev/null || true)
  for p in "${FOREIGN_PACKAGES[@]}"; do
    have=$(dpkg-query -W -f='${Version}' "$p" 2>/dev/null || true)
    [ -n "$have" ] && [ "$have" = "$want" ] || m+=("$p")
  done
  for a in "${OPENSSL35_ARCHES[@]}"; do
    openssl35_done "$a" || m+=("$OPENSSL35_DIR/$a")
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

# fetch_debs SUITE DIR PACKAGE[=VERSION]...: downloads the packages from
# SUITE of the mirror this machine uses, with a private apt state (the
# system's sources and lists are not touched), into DIR.
fetch_debs() {
  local suite=$1 dir=$2 mirror
  shift 2
  mirror=${MIRROR:-$(debian_mirror)}
  if [ -z "$mirror" ]; then
    echo "xarch: no Debian bookworm source in /etc/apt to take $suite from" >&2
    return 1
  fi
  mkdir -p "$dir/lists/partial" "$dir/cache/archives/partial" "$dir/parts"
  : >"$dir/empty.list"
  cat >"$dir/parts/xarch-$suite.sources" <<EOS
Types: deb
URIs: $mirror
Suites: $suite
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOS
  APT=(-o "Dir::Etc::SourceList=$dir/empty.list" -o "Dir::Etc::SourceParts=$dir/parts"
    -o "Dir::State::Lists=$dir/lists" -o "Dir::Cache=$dir/cache" -o "APT::Sandbox::User=root")
  apt-get "${APT[@]}" update -qq
  [ $# -eq 0 ] || (cd "$dir" && apt-get "${APT[@]}" download -qq "$@")
}

install_qemu10() {
  local have
  if have=$("$QEMU10_DIR/qemu-x86_64" --version 2>/dev/null | head -1) && [ -n "$have" ]; then
    local ok=1
    for b in "${QEMU10_BINS[@]}"; do [ -x "$QEMU10_DIR/$b" ] || ok=0; done
    [ $ok = 1 ] && return 0
  fi
  local tmp v
  tmp=$(mktemp -d)
  # shellcheck disable=SC2064
  trap "rm -rf '$tmp'" RETURN
  fetch_debs "$QEMU10_SUITE" "$tmp"
  v=$(apt-cache "${APT[@]}" policy "$QEMU10_PACKAGE" | awk '/Candidate:/{print $2}')
  case "$v" in
    1:"$QEMU10_VERSION"*) ;;
    *) echo "xarch: QEMU 10: $QEMU10_SUITE offers $QEMU10_PACKAGE '$v', not 1:$QEMU10_VERSION.x" >&2; return 1 ;;
  esac
  (cd "$tmp" && apt-get "${APT[@]}" download -qq "$QEMU10_PACKAGE=$v")
  mkdir -p "$tmp/x"
  dpkg-deb -x "$tmp"/"$QEMU10_PACKAGE"_*.deb "$tmp/x"
  mkdir -p "$QEMU10_DIR"
  for b in "${QEMU10_BINS[@]}"; do
    install -m 0755 "$tmp/x/usr/bin/$b" "$QEMU10_DIR/$b"
  done
  echo "$QEMU10_PACKAGE $v from $QEMU10_SUITE" >"$QEMU10_DIR/VERSION"
  echo "xarch: QEMU 10 ($QEMU10_PACKAGE $v) in $QEMU10_DIR: $("$QEMU10_DIR/qemu-x86_64" --version | head -1)"
}

# install_gas: trixie's GNU as for RISC-V and the C library it needs,
# unpacked into $GAS_DIR/root; $GAS_DIR/bin/riscv64-linux-gnu-as runs it
# through that library's own loader, so the system's libc is not touched.
install_gas() {
  if "$GAS_DIR/bin/riscv64-linux-gnu-as" --version 2>/dev/null | grep -q " $GAS_VERSION"; then
    return 0
  fi
  local tmp d
  tmp=$(mktemp -d)
  # shellcheck disable=SC2064
  trap "rm -rf '$tmp'" RETURN
  fetch_debs "$GAS_SUITE" "$tmp" "${GAS_PACKAGES[@]}"
  rm -rf "$GAS_DIR"
  mkdir -p "$GAS_DIR/root" "$GAS_DIR/bin"
  for d in "$tmp"/*.deb; do dpkg-deb -x "$d" "$GAS_DIR/root"; done
  cat >"$GAS_DIR/bin/riscv64-linux-gnu-as" <<'EOS'
#!/bin/sh
# GNU as from Debian trixie, run with trixie's C library (ci/install-deps.sh).
r=$(dirname "$0")/../root/usr/lib/x86_64-linux-gnu
exec "$r/ld-linux-x86-64.so.2" --library-path "$r" "$r/../../bin/riscv64-linux-gnu-as" "$@"
EOS
  chmod 0755 "$GAS_DIR/bin/riscv64-linux-gnu-as"
  echo "xarch: GNU as for RISC-V in $GAS_DIR: $("$GAS_DIR/bin/riscv64-linux-gnu-as" --version | head -1)"
}

# install_openssl35: trixie's libssl3t64 (and libssl-dev for the headers)
# for each arch, with the C library it needs, into $OPENSSL35_DIR/<arch>.
# The mirror does not serve every file of trixie's exact versions (ppc64el:
# libssl3t64 3.5.9, libc6 2.41 and zlib1g 1.3.1 answered 404), so each
# part falls back:
#   - OpenSSL's three packages, from one suite (their versions match):
#     trixie, else trixie-security (the same 3.5 release line, security
#     fixes only);
#   - the C runtime, each package alone: trixie, else sid. glibc, zlib,
#     zstd and libgcc only add symbol versions (their sonames libc.so.6,
#     libz.so.1, ... are unchanged), so a newer one serves a library built
#     against trixie's; bookworm's libc (2.36) would not: 3.5 wants
#     GLIBC_2.38.
# VERSION says which parts fell back. An arch whose
# OpenSSL packages no suite serves is recorded in VERSION as "not served"
# with every file that failed (so a second run is a no-op) and reported;
# xarch then skips its 3.5 levels.
OPENSSL35_LIBS=(libssl3t64 libssl-dev openssl)
OPENSSL35_RUNTIME=(libc6 libzstd1 zlib1g libgcc-s1)
OPENSSL35_SECURITY_SUITE=trixie-security
OPENSSL35_RUNTIME_SUITE=sid

# openssl35_state SUITE MIRROR DIR ARCH...: a private apt state for SUITE
# (lists fetched once per run) with the wanted arches; sets APT.
openssl35_state() {
  local suite=$1 mirror=$2 dir=$3 a
  shift 3
  if [ ! -f "$dir/ready" ]; then
    MIRROR=$mirror fetch_debs "$suite" "$dir" || return 1
    APT+=(-o APT::Architectures::=amd64)
    for a in "$@"; do APT+=(-o APT::Architectures::="$a"); done
    apt-get "${APT[@]}" update -qq || return 1
    printf '%s\n' "${APT[@]}" >"$dir/ready"
  fi
  mapfile -t APT <"$dir/ready"
}

# openssl35_get DIR ARCH SUITE:MIRROR... -- PACKAGE...: downloads the
# packages (all from the first suite that serves every one) into DIR;
# prints "suite" on success, appends the failures to DIR.log.
openssl35_get() {
  local dir=$1 a=$2 s pk p suites=()
  shift 2
  while [ "$1" != -- ]; do suites+=("$1"); shift; done
  shift
  for s in "${suites[@]}"; do
    openssl35_state "${s%%:*}" "${s#*:}" "$OPENSSL35_TMP/state-${s%%:*}" "${OPENSSL35_TODO[@]}" >/dev/null 2>&1 || continue
    pk=()
    for p in "$@"; do pk+=("$p:$a"); done
    rm -rf "$dir.try" && mkdir -p "$dir.try"
    if (cd "$dir.try" && apt-get "${APT[@]}" download -qq "${pk[@]}") >>"$dir.log" 2>&1; then
      mv "$dir.try"/*.deb "$dir"/ && rm -rf "$dir.try"
      echo "${s%%:*}"
      return 0
    fi
  done
  rm -rf "$dir.try"
  return 1
}

install_openssl35() {
  local a d p from mirror main security runtime=() note failed
  OPENSSL35_TODO=()
  for a in "${OPENSSL35_ARCHES[@]}"; do
    openssl35_done "$a" || OPENSSL35_TODO+=("$a")
  done
  [ ${#OPENSSL35_TODO[@]} -gt 0 ] || return 0
  OPENSSL35_TMP=$(mktemp -d)
  # shellcheck disable=SC2064
  trap "rm -rf '$OPENSSL35_TMP'" RETURN
  mirror=$(debian_mirror)
  main="$OPENSSL35_SUITE:$mirror"
  # deb.debian.org/debian -> deb.debian.org/debian-security
  security="$OPENSSL35_SECURITY_SUITE:${mirror%/}-security"
  for a in "${OPENSSL35_TODO[@]}"; do
    d=$OPENSSL35_TMP/$a
    mkdir -p "$d"
    note=()
    if ! from=$(openssl35_get "$d" "$a" "$main" "$security" -- "${OPENSSL35_LIBS[@]}"); then
      failed=$(grep -o 'Failed to fetch [^ ]*' "$d.log" | sed 's/Failed to fetch //' | sort -u | tr '\n' ' ' || true)
      mkdir -p "$OPENSSL35_DIR/$a"
      echo "not served: ${failed:-$(tail -1 "$d.log")}" >"$OPENSSL35_DIR/$a/VERSION"
      echo "xarch: OpenSSL $OPENSSL35_VERSION for $a: not served by the mirror: ${failed:-$(tail -1 "$d.log")}" >&2
      continue
    fi
    [ "$from" = "$OPENSSL35_SUITE" ] || note+=("OpenSSL from $from")
    failed=
    for p in "${OPENSSL35_RUNTIME[@]}"; do
      if from=$(openssl35_get "$d" "$a" "$main" "$OPENSSL35_RUNTIME_SUITE:$mirror" -- "$p"); then
        [ "$from" = "$OPENSSL35_SUITE" ] || note+=("$p from $from")
      else
        failed="$failed $p"
      fi
    done
    if [ -n "$failed" ]; then
      echo "xarch: OpenSSL $OPENSSL35_VERSION for $a: no suite serves$failed: $(tail -1 "$d.log")" >&2
      return 1
    fi
    rm -rf "$OPENSSL35_DIR/$a"
    mkdir -p "$OPENSSL35_DIR/$a"
    for p in "$d"/*.deb; do dpkg-deb -x "$p" "$OPENSSL35_DIR/$a"; done
    # The packages' files live under usr/; the loader path is /lib/...
    [ -e "$OPENSSL35_DIR/$a/lib" ] || ln -s usr/lib "$OPENSSL35_DIR/$a/lib"
    # ... and /lib64/... for amd64 and ppc64el (ld64.so.2): without it QEMU
    # takes the host's multiarch loader, which meets the wrong libc.
    [ ! -d "$OPENSSL35_DIR/$a/usr/lib64" ] || [ -e "$OPENSSL35_DIR/$a/lib64" ] || ln -s usr/lib64 "$OPENSSL35_DIR/$a/lib64"
    # The first line is the version xarch reads; the rest says what fell back.
    { dpkg-deb -f "$d"/libssl3t64_*.deb Version; [ ${#note[@]} -eq 0 ] || printf '%s\n' "${note[@]}"; } >"$OPENSSL35_DIR/$a/VERSION"
    echo "xarch: OpenSSL $(head -1 "$OPENSSL35_DIR/$a/VERSION") for $a in $OPENSSL35_DIR/$a${note[*]:+ (${note[*]})}"
  done
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
  echo "xarch:  then unpacks $QEMU10_PACKAGE 1:$QEMU10_VERSION.x from $QEMU10_SUITE into $QEMU10_DIR" >&2
  echo "xarch:  and GNU as $GAS_VERSION for RISC-V from $GAS_SUITE into $GAS_DIR)" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
for a in "${FOREIGN_ARCHES[@]}"; do
  dpkg --print-foreign-architectures | grep -qx "$a" || dpkg --add-architecture "$a"
done
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${PACKAGES[@]}" >/dev/null
# Pinned to the host's libssl3 version: Multi-Arch: same packages must match.
v=$(dpkg-query -W -f='${Version}' libssl3:amd64 2>/dev/null || apt-cache policy libssl3 | awk '/Candidate:/{print $2}')
apt-get install -y -qq --no-install-recommends libssl3:amd64="$v" libssl-dev:amd64="$v" \
  $(for p in "${FOREIGN_PACKAGES[@]}"; do printf '%s=%s ' "$p" "$v"; done) >/dev/null
install_qemu10
install_gas
install_openssl35
m=$(missing)
if [ -n "$m" ]; then
  echo "xarch: still missing after install: $m" >&2
  exit 1
fi
echo "xarch: prerequisites installed"
