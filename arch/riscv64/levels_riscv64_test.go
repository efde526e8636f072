package riscv64

import (
	"testing"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/arch/archtest"
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
func TestSHA256Levels(t *testing.T) { archtest.SHA256Levels(t, "riscv64") }
func TestSHA512Levels(t *testing.T) { archtest.SHA512Levels(t, "riscv64") }
func TestAESLevels(t *testing.T) {
	archtest.AESLevels(t, "riscv64", archtest.AESOptions{Generic: true})
}
func TestGCMLevels(t *testing.T)  { archtest.GCMLevels(t, "riscv64") }
func TestMontLevels(t *testing.T) { archtest.MontLevels(t, "riscv64") }
