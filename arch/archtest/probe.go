package archtest

import (
	"bytes"
	"crypto/sha256"
	"testing"

	"github.com/xarchlab/xarch/arch"
)

// Probe runs the registered probe of feature/instr on this CPU and requires
// its known answer (wantLen bytes). It fails when the probe is missing and
// skips when the feature is not detected, since the instruction would trap.
func Probe(t *testing.T, feature, instr string, wantLen int) {
	t.Helper()
	var p *arch.Probe
	for _, q := range arch.Probes() {
		if q.Feature == feature && q.Instr == instr {
			q := q
			p = &q
		}
	}
	if p == nil || p.Run == nil {
		t.Fatalf("no probe registered for feature %s (%s)", feature, instr)
	}
	if !Detected()[feature] {
		t.Skipf("%s not detected on this CPU model: the %s probe would trap", feature, instr)
	}
	want, got := p.Run()
	if len(want) != wantLen || !bytes.Equal(want, got) {
		t.Fatalf("%s not faithfully executed (feature %s):\n want %x\n got  %x", instr, feature, want, got)
	}
	t.Logf("%s known answer matches: %x", instr, got)
}

// SHA256FromBlock hashes messages of several lengths ("abc" among them)
// with block as the compression function and requires crypto/sha256's
// digests: how a Go model of SHA-2 instructions proves itself whole.
func SHA256FromBlock(t *testing.T, what string, block func(h *[8]uint32, p []byte)) {
	t.Helper()
	for _, n := range []int{0, 3, 55, 56, 64, 200} {
		msg := make([]byte, n)
		for i := range msg {
			msg[i] = byte(i*7 + n)
		}
		if n == 3 {
			msg = []byte("abc")
		}
		if got, want := arch.SHA256Sum(block, msg), sha256.Sum256(msg); got != want {
			t.Fatalf("SHA-256 of %d bytes from %s = %x, want %x", n, what, got, want)
		}
	}
}
