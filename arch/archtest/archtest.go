// Package archtest holds the family-free machinery of the conformance checks
// every arch/<goarch> test package runs: level selection, guard pages, ABI
// and memory-operand checks, feature probes. Each family's own checks are in
// family/<f>/<f>test. It is target-side code (built by gccgo 12 for sparc64), so
// Go 1.18 and the standard library only.
package archtest

import (
	"bytes"
	"fmt"
	"math/rand"
	"os"
	"runtime"
	"sort"
	"strings"
	"testing"

	"github.com/xarchlab/xarch/arch"
)

// Detected is what the levels may use here: arch.Detect plus the features
// named in $XARCH_FORCE, which ci/cross-unit-tests.sh sets from a model's
// ci/models.json "force" (an emulator that runs a feature its guest cannot
// detect, as QEMU 7.2's riscv64 hwprobe). An unknown name panics: a typo
// must not quietly test less.
func Detected() map[string]bool {
	det := arch.Detect()
	f, err := arch.ParseForce(os.Getenv("XARCH_FORCE"))
	if err != nil {
		panic("XARCH_FORCE: " + err.Error())
	}
	for k := range f {
		det[k] = true
	}
	return det
}

// Levels returns the non-planted levels of alg registered for goarch (and
// for the families' generic levels when withGeneric) that this CPU can run, in table order,
// logging each level it leaves out and why.
func Levels(tb testing.TB, alg, goarch string, withGeneric bool) []*arch.Impl {
	tb.Helper()
	st := arch.State{Detected: Detected()}
	var out []*arch.Impl
	for _, im := range arch.Impls() {
		if im.Alg != alg || (im.Arch != goarch && !(withGeneric && im.Arch == "generic")) {
			continue
		}
		if im.Planted {
			tb.Logf("skip %s: planted (wrong on purpose)", im.Name)
			continue
		}
		if why := st.Missing(im); why != "" {
			tb.Logf("skip %s: %s", im.Name, why)
			continue
		}
		tb.Logf("run  %s (rank %d)", im.Name, im.Rank)
		out = append(out, im)
	}
	return out
}

// SubtestName is a level name usable as one -test.run element.
func SubtestName(level string) string { return strings.Replace(level, "/", "_", -1) }

// Names lists the levels' names, sorted, for a log line.
func Names(levels []*arch.Impl) string {
	var s []string
	for _, im := range levels {
		s = append(s, im.Name)
	}
	sort.Strings(s)
	return strings.Join(s, ", ")
}

// Reproduce says how to rerun the failing (sub)test on its own.
func Reproduce(t *testing.T, goarch string) string {
	return fmt.Sprintf("reproduce: go test ./arch/%s -run '^%s$' (cross arches: GOARCH=%s go test -c, run under qemu as ci/cross-unit-tests.sh %s does)",
		goarch, t.Name(), goarch, goarch)
}

// RandBytes returns n bytes from r.
func RandBytes(r *rand.Rand, n int) []byte {
	b := make([]byte, n)
	r.Read(b)
	return b
}

// GuardBytes of Poison (or of a chosen fill) surround a Guarded window.
const (
	GuardBytes = 32
	Poison     = 0xa5
)

// Guarded returns a buffer filled with fill and the n-byte window p at
// GuardBytes+off inside it; Untouched later checks the bytes around p.
func Guarded(n, off int, fill byte) (buf, p []byte) {
	buf = bytes.Repeat([]byte{fill}, GuardBytes+off+n+GuardBytes)
	return buf, buf[GuardBytes+off : GuardBytes+off+n]
}

// Untouched returns "" when every byte of buf outside its window at
// GuardBytes+off (n bytes long) still equals was, else which byte changed.
func Untouched(buf, was []byte, off, n int) string {
	lo, hi := GuardBytes+off, GuardBytes+off+n
	for i := range buf {
		if (i < lo || i >= hi) && buf[i] != was[i] {
			return fmt.Sprintf("byte %d relative to the buffer start changed %#02x -> %#02x", i-lo, was[i], buf[i])
		}
	}
	return ""
}

// FirstDiff describes where got first differs from want, by 16-byte block.
func FirstDiff(got, want []byte) string {
	if len(got) != len(want) {
		return fmt.Sprintf("length %d, want %d", len(got), len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			b := i / 16
			hi := 16*b + 16
			if hi > len(want) {
				hi = len(want)
			}
			return fmt.Sprintf("first difference in block %d (byte %d):\n got  %x\n want %x", b, i, got[16*b:hi], want[16*b:hi])
		}
	}
	return "no difference"
}

// NoGuardPages fails on linux, where mmap and mprotect must work, and
// skips, saying why, elsewhere.
func NoGuardPages(t *testing.T, err error) {
	t.Helper()
	if runtime.GOOS == "linux" {
		t.Fatalf("guard pages: %v", err)
	}
	t.Skipf("no guard pages: %v", err)
}
