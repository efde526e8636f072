package ppc64le

import (
	"runtime"
	"testing"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/family/sha256"
	"github.com/xarchlab/xarch/family/sha256/sha256test"
)

// asmLevels must be registered whenever the package is built with gc.
var asmLevels = []string{"sha256/power8"}

func TestFeatures(t *testing.T) {
	det := arch.Detect()
	var on []string
	for _, f := range arch.KnownFeatures() {
		if det[f.Name] {
			on = append(on, f.Name)
		}
	}
	hw, _ := arch.Auxv(arch.AT_HWCAP)
	hw2, _ := arch.Auxv(arch.AT_HWCAP2)
	t.Logf("compiler %s; AT_HWCAP=%#x AT_HWCAP2=%#x; detected: %v", runtime.Compiler, hw, hw2, on)
	if det["power10"] && !det["power9"] || det["power9"] && !det["power8"] {
		t.Errorf("ISA levels not nested: %v", on)
	}
}

func TestAsmLevelsRegistered(t *testing.T) {
	if runtime.Compiler != "gc" {
		t.Logf("%s build: Go assembly levels are not built", runtime.Compiler)
		return
	}
	for _, name := range asmLevels {
		im, ok := arch.Lookup(name)
		if !ok {
			t.Errorf("%s is not registered", name)
			continue
		}
		if im.Arch != "ppc64le" || im.Alg != sha256.Name || sha256.BlockOf(im) == nil || im.Planted {
			t.Errorf("%s registered with bad fields: %+v", name, im)
		}
	}
}

// TestSHA256Levels runs the shared conformance checks on every usable
// SHA-256 level, generic included (see sha256test.Levels).
func TestSHA256Levels(t *testing.T) { sha256test.Levels(t, "ppc64le") }
