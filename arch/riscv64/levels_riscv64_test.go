package riscv64

import (
	"testing"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/family/aes/aestest"
	"github.com/xarchlab/xarch/family/gcm/gcmtest"
	"github.com/xarchlab/xarch/family/mont/monttest"
	"github.com/xarchlab/xarch/family/sha256/sha256test"
	"github.com/xarchlab/xarch/family/sha512/sha512test"
)

func TestFeatures(t *testing.T) {
	bits, ok := hwprobeExt0()
	det := arch.Detect()
	var on []string
	for _, f := range arch.KnownFeatures() {
		if det[f.Name] {
			on = append(on, f.Name)
		}
	}
	t.Logf("riscv_hwprobe IMA_EXT_0: %#x (answered: %v); detected: %v", bits, ok, on)
	if det["zvknhb"] && !det["v"] || det["zvkned"] && !det["v"] || det["zvkg"] && !det["v"] {
		t.Errorf("a vector crypto extension without V: %v", on)
	}
}

// The shared conformance checks on every usable level, generic included.
func TestSHA256Levels(t *testing.T) { sha256test.Levels(t, "riscv64") }
func TestSHA512Levels(t *testing.T) { sha512test.Levels(t, "riscv64") }
func TestAESLevels(t *testing.T) {
	aestest.Levels(t, "riscv64", aestest.Options{Generic: true})
}
func TestGCMLevels(t *testing.T)  { gcmtest.Levels(t, "riscv64") }
func TestMontLevels(t *testing.T) { monttest.Levels(t, "riscv64") }
