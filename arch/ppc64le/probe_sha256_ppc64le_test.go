//go:build gc

package ppc64le

import (
	"testing"

	"github.com/xarchlab/xarch/arch"
)

// TestProbeVSHASIGMAW isolates the instruction so an emulator bug is not
// reported as a kernel bug.
func TestProbeVSHASIGMAW(t *testing.T) {
	if !arch.Detect()["vcrypto"] {
		t.Skip("vcrypto not detected")
	}
	if err := ProbeVSHASIGMAW(); err != nil {
		t.Fatalf("not faithfully executed: %v", err)
	}
	t.Logf("VSHASIGMAW known answers match")
}
