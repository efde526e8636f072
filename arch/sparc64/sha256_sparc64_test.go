package sparc64

import (
	cryptosha256 "crypto/sha256"
	"sort"
	"strings"
	"testing"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/family/sha256"
	"github.com/xarchlab/xarch/family/sha256/sha256test"
)

func TestRegistered(t *testing.T) {
	im, ok := arch.Lookup("sha256/sparc64")
	if !ok {
		t.Fatal("sha256/sparc64 is not registered")
	}
	if im.Rank != 10 || sha256.BlockOf(im) == nil || im.Planted {
		t.Fatalf("sha256/sparc64 registered wrongly: %+v", im)
	}
	var names []string
	for k, v := range arch.Detect() {
		if v {
			names = append(names, k)
		}
	}
	sort.Strings(names)
	hw, ok := arch.Auxv(arch.AT_HWCAP)
	t.Logf("AT_HWCAP=%#x (present %v); detected: %s", hw, ok, strings.Join(names, ","))
	st := arch.State{Detected: arch.Detect()}
	if b := st.Best(sha256.Name); b == nil || b.Name != "sha256/sparc64" {
		t.Errorf("dispatch picks %v, want sha256/sparc64", b)
	}
}

// TestSHA256Levels runs the shared conformance checks on every usable
// SHA-256 level, generic included (see sha256test.Levels): lengths,
// misaligned starts, long messages, pieces, zero blocks, guard pages.
func TestSHA256Levels(t *testing.T) { sha256test.Levels(t, "sparc64") }

func TestDecode(t *testing.T) {
	line := cpucapsLine("cpu\t\t: UltraSparc T4 (Niagara4)\ncpucaps\t\t: flush,stbar,swap,muldiv,v9,blkinit,n2,mul32,div32,v8plus,popc,vis,vis2,ASIBlkInit,fmaf,vis3,hpc,ima,pause,cbcond,aes,des,sha256\n")
	m := decode(0, false, line)
	for _, f := range []string{"v9", "popc", "vis1", "vis2", "vis3", "fmaf", "cbcond", "crypto"} {
		if !m[f] {
			t.Errorf("cpucaps: %s not detected", f)
		}
	}
	m = decode(0x1f, true, "")
	if !m["v9"] || m["vis1"] || m["crypto"] {
		t.Errorf("qemu-style auxv 0x1f decoded as %v", m)
	}
	m = decode(hwcapVIS|hwcapVIS2|hwcapPOPC|hwcapCRYPTO, true, "")
	if !m["vis1"] || !m["vis2"] || !m["popc"] || !m["crypto"] || m["vis3"] {
		t.Errorf("auxv bits decoded as %v", m)
	}
}

func BenchmarkSHA256(b *testing.B) {
	msg := make([]byte, 8192)
	for _, im := range arch.Impls() {
		if im.Alg != sha256.Name || im.Planted || (arch.State{Detected: arch.Detect()}).Missing(im) != "" {
			continue
		}
		block := sha256.BlockOf(im)
		b.Run(strings.TrimPrefix(im.Name, "sha256/"), func(b *testing.B) {
			b.SetBytes(int64(len(msg)))
			h := sha256.Init
			for i := 0; i < b.N; i++ {
				block(&h, msg)
			}
		})
	}
	b.Run("crypto-sha256", func(b *testing.B) {
		b.SetBytes(int64(len(msg)))
		for i := 0; i < b.N; i++ {
			cryptosha256.Sum256(msg)
		}
	})
}
