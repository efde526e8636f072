package arm64

import (
	"runtime"
	"strings"
	"testing"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/family/sha256"
	"github.com/xarchlab/xarch/family/sha256/sha256test"
)

func TestFeaturesDetected(t *testing.T) {
	det := arch.Detect()
	var on, off []string
	for _, f := range arch.KnownFeatures() {
		if det[f.Name] {
			on = append(on, f.Name)
		} else {
			off = append(off, f.Name)
		}
	}
	t.Logf("detected: %s", strings.Join(on, ","))
	t.Logf("absent:   %s", strings.Join(off, ","))
	if len(arch.KnownFeatures()) == 0 {
		t.Fatal("no arm64 features registered")
	}
}

// The assembly level must be in the table whenever it can be built (gc).
func TestARMv8Registered(t *testing.T) {
	im, ok := arch.Lookup("sha256/armv8")
	if !ok {
		if runtime.Compiler == "gc" {
			t.Fatal("sha256/armv8 is not registered")
		}
		t.Logf("sha256/armv8 not built with %s", runtime.Compiler)
		return
	}
	if im.Alg != sha256.Name || im.Planted || sha256.BlockOf(im) == nil {
		t.Fatalf("sha256/armv8 registered wrongly: %+v", im)
	}
}

// TestSHA256Levels runs the shared conformance checks on every usable
// SHA-256 level, generic included (see sha256test.Levels).
func TestSHA256Levels(t *testing.T) { sha256test.Levels(t, "arm64") }
