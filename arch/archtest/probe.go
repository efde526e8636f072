package archtest

import (
	"bytes"
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
