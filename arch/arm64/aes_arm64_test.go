package arm64

import (
	"encoding/hex"
	"runtime"
	"strings"
	"testing"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/arch/archtest"
	"github.com/xarchlab/xarch/family/aes"
	"github.com/xarchlab/xarch/family/aes/aestest"
)

// The assembly level must be in the table whenever it can be built (gc).
func TestAESARMv8Registered(t *testing.T) {
	im, ok := arch.Lookup("aes/armv8")
	if !ok {
		if runtime.Compiler == "gc" {
			t.Fatal("aes/armv8 is not registered")
		}
		t.Logf("aes/armv8 not built with %s", runtime.Compiler)
		return
	}
	f := aes.FuncsOf(im)
	if im.Alg != aes.Name || im.Planted || im.Rank != 30 || f == nil ||
		f.Encrypt == nil || f.Decrypt == nil || f.CBCEncrypt == nil || f.CBCDecrypt == nil || f.CTR == nil {
		t.Fatalf("aes/armv8 registered wrongly: %+v", im)
	}
	req := strings.Join(im.Requires, ",")
	if !strings.Contains(req, "aes") || !strings.Contains(req, "asimd") {
		t.Fatalf("aes/armv8 requires %q, want aes and asimd", req)
	}
	if im.Tune("interleave") != testInterleave || im.Tune("tail_interleave") != 4 {
		t.Fatalf("aes/armv8 tuning %v does not match the assembly (8, then 4, then 1)", im.Tuning)
	}
}

// TestAESProbe runs the registered probe where the feature is present.
func TestAESProbe(t *testing.T) {
	if runtime.Compiler != "gc" {
		t.Skipf("no aes probe with %s (assembly is gc only)", runtime.Compiler)
	}
	archtest.Probe(t, "aes", "aese", 16)
}

// testInterleave is aes/armv8's widest group, as the assembly is written
// (TestAESARMv8Registered holds its Tuning to it). Every level, generic
// too, runs lengths up to three such groups plus one block.
const testInterleave = 8

// TestAESLevels runs the shared conformance checks on every usable AES
// level, generic included (see aestest.Levels); lengths and carry
// positions come from each level's Tuning. Reproduce one level with
// GOARCH=arm64 go test -c -o a.test ./arch/arm64/ && qemu-aarch64-static -cpu max ./a.test -test.run 'TestAESLevels/aes_armv8'.
func TestAESLevels(t *testing.T) {
	aestest.Levels(t, "arm64", aestest.Options{Generic: true, MaxBlocks: 3*testInterleave + 1})
}

// The wrappers reject what the assembly would misread.
func TestAESARMv8BadInput(t *testing.T) {
	im, ok := arch.Lookup("aes/armv8")
	if !ok {
		t.Skipf("aes/armv8 not built with %s", runtime.Compiler)
	}
	aestest.BadInput(t, im)
}

func mustHex(t *testing.T, s string) []byte {
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
