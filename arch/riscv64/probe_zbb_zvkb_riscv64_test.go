//go:build gc

package riscv64

import (
	"bytes"
	"testing"

	"github.com/xarchlab/xarch/arch/archtest"
)

func TestZbbZvkbProbes(t *testing.T) {
	for _, c := range []struct {
		feature string
		run     func() (want, got []byte)
	}{{"zbb", runZbbProbe}, {"zvkb", runZvkbProbe}} {
		if !archtest.Detected()[c.feature] {
			t.Logf("%s not detected here: its probe would trap", c.feature)
			continue
		}
		if want, got := c.run(); !bytes.Equal(want, got) {
			t.Errorf("%s probe: want %x, got %x", c.feature, want, got)
		}
	}
	// The models are what the specifications say.
	if w := zbbWant(); w[0] != 0x01030507800bc00c || w[1] != 0x68acf13579bde024 || w[2] != 0xefcdab8967452301 || w[3] != 32 {
		t.Fatalf("zbbWant: %x", w)
	}
	if w := zvkbWant(); w[0][0] != 0x67452301 || w[1][2] != 0x03000000 || w[2][0] != 0x00004567 {
		t.Fatalf("zvkbWant: %x", w)
	}
}
