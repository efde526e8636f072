package ppc64le

import (
	"runtime"
	"strings"
	"testing"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/arch/archtest"
	"github.com/xarchlab/xarch/family/aes"
	"github.com/xarchlab/xarch/family/aes/aestest"
)

// aesAsmLevels must be registered whenever the package is built with gc.
var aesAsmLevels = []string{"aes/power8"}

// aesKeySizes are the AES key lengths in bytes (the model test loops them).
var aesKeySizes = []int{16, 24, 32}

func TestAESLevelsRegistered(t *testing.T) {
	if runtime.Compiler != "gc" {
		t.Logf("%s build: Go assembly levels are not built", runtime.Compiler)
		return
	}
	for _, name := range aesAsmLevels {
		im, ok := arch.Lookup(name)
		if !ok {
			t.Errorf("%s is not registered", name)
			continue
		}
		f := aes.FuncsOf(im)
		if im.Arch != "ppc64le" || im.Alg != aes.Name || im.Planted || f == nil ||
			f.Expand == nil || f.Encrypt == nil || f.Decrypt == nil ||
			f.CBCEncrypt == nil || f.CBCDecrypt == nil || f.CTR == nil {
			t.Errorf("%s registered with bad fields: %+v", name, im)
			continue
		}
		req := strings.Join(im.Requires, ",")
		if req != "power8,vcrypto" || im.Rank != 30 {
			t.Errorf("%s: Requires %q Rank %d, want power8,vcrypto and 30", name, req, im.Rank)
		}
		for _, k := range []string{"ecb_interleave", "cbcdec_interleave", "ctr_interleave", "cbcenc_interleave", "tail_interleave", "tail_pair"} {
			if im.Tune(k) <= 0 {
				t.Errorf("%s: Tuning[%q] = %d", name, k, im.Tune(k))
			}
		}
	}
}

func TestAESProbeRegistered(t *testing.T) {
	if runtime.Compiler != "gc" {
		t.Logf("%s build: the vcipher probe is Go assembly", runtime.Compiler)
		return
	}
	archtest.Probe(t, "vcrypto", "vcipher", 64)
}

// TestAESLevels runs the shared conformance checks on every usable
// ppc64le AES level (see aestest.Levels): lengths and CTR carry
// positions from the widest *_interleave and tail_interleave of its Tuning.
func TestAESLevels(t *testing.T) { aestest.Levels(t, "ppc64le", aestest.Options{}) }
