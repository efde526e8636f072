//go:build gc

package riscv64

import (
	"bytes"
	"testing"

	"github.com/xarchlab/xarch/arch/archtest"
)

// The V probe on an emulator that has V; its want is computed in Go.
func TestVProbe(t *testing.T) {
	if !archtest.Detected()["v"] {
		t.Skip("v not detected here: the probe would trap")
	}
	want, got := runVProbe()
	if !bytes.Equal(want, got) {
		t.Fatalf("v probe: want %x, got %x", want, got)
	}
	w := vProbeWant()
	if w[0][0] != 2 || w[2][3] != 0 || w[1][0] != 0 {
		t.Fatalf("vProbeWant is not the model it claims: %x", w)
	}
}
