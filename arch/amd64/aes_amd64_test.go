//go:build amd64 && gc

package amd64

import (
	"bytes"
	cryptoaes "crypto/aes"
	"crypto/cipher"
	"encoding/hex"
	"strings"
	"testing"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/arch/archtest"
	"github.com/xarchlab/xarch/family/aes"
	"github.com/xarchlab/xarch/family/aes/aestest"
)

// AES levels this package must register; a missing one is a failure.
var ownAESLevels = map[string]int{"aes/aesni": 30, "aes/vaes256": 35, "aes/vaes512": 40}

func TestAESRegistered(t *testing.T) {
	for name, rank := range ownAESLevels {
		im, ok := arch.Lookup(name)
		if !ok {
			t.Errorf("%s is not registered", name)
			continue
		}
		if im.Alg != aes.Name || im.Arch != "amd64" || im.Rank != rank {
			t.Errorf("%s: alg %q arch %q rank %d, want aes amd64 %d", name, im.Alg, im.Arch, im.Rank, rank)
		}
		f := aes.FuncsOf(im)
		if f == nil || f.Encrypt == nil || f.Decrypt == nil || f.CBCEncrypt == nil ||
			f.CBCDecrypt == nil || f.CTR == nil {
			t.Errorf("%s: missing AES entry points", name)
		}
		if im.Tune("interleave") < 2 || im.Tune("tail_interleave") < 1 {
			t.Errorf("%s: Tuning %v lacks interleave/tail_interleave", name, im.Tuning)
		}
		for _, f := range im.Requires {
			if !knownFeature(f) {
				t.Errorf("%s requires unknown feature %q", name, f)
			}
		}
	}
	if best := (arch.State{Detected: arch.Detect()}).Best(aes.Name); best != nil {
		t.Logf("AES dispatch picks %s", best.Name)
	}
}

func TestAESRoundRef(t *testing.T) {
	// FIPS-197 appendix B: round key 1 of its key, and the state at the
	// start of round 2.
	k := aes.ExpandKey([]byte{0x2b, 0x7e, 0x15, 0x16, 0x28, 0xae, 0xd2, 0xa6,
		0xab, 0xf7, 0x15, 0x88, 0x09, 0xcf, 0x4f, 0x3c})
	if !bytes.Equal(k.Enc[16:32], probeKey[:]) {
		t.Fatalf("probe key %x is not FIPS-197 round key 1 %x", probeKey, k.Enc[16:32])
	}
	got := aesRoundRef(probeState, probeKey)
	if h := hex.EncodeToString(got[:]); h != "a49c7ff2689f352b6b5bea43026a5049" {
		t.Fatalf("Go reference round = %s, want a49c7ff2689f352b6b5bea43026a5049", h)
	}
}

func TestAESProbes(t *testing.T) {
	det := arch.Detect()
	seen := map[string]bool{}
	for _, p := range arch.Probes() {
		if p.Feature != "aesni" && p.Feature != "vaes" {
			continue
		}
		seen[p.Feature] = true
		if !det[p.Feature] {
			t.Logf("probe %s (%s) not run: feature not detected", p.Feature, p.Instr)
			continue
		}
		want, got := p.Run()
		if len(want) == 0 || !bytes.Equal(want, got) {
			t.Errorf("probe %s: this CPU (or emulator) computes %s wrong:\n want %x\n got  %x", p.Feature, p.Instr, want, got)
		} else {
			t.Logf("probe %s (%s): ok, %d bytes", p.Feature, p.Instr, len(want))
		}
	}
	for _, f := range []string{"aesni", "vaes"} {
		if !seen[f] {
			t.Errorf("no probe registered for %s", f)
		}
	}
}

// TestAESLevels runs the shared conformance checks (aestest.Levels:
// lengths from each level's Tuning, offsets, in place, poison, CTR carry,
// pieces, stream layer, guard pages, bad input) on every usable level.
// Reproduce one level with go test ./arch/amd64 -run 'TestAESLevels/<level>'.
func TestAESLevels(t *testing.T) { aestest.Levels(t, "amd64", aestest.Options{}) }

// TestAESBadInput: the wrappers refuse what the assembly would misread,
// also for levels this CPU cannot run (the checks come first).
func TestAESBadInput(t *testing.T) {
	for name := range ownAESLevels {
		im, ok := arch.Lookup(name)
		if !ok {
			t.Errorf("%s is not registered", name)
			continue
		}
		aestest.BadInput(t, im)
	}
}

// BenchmarkAES times each usable level and crypto/aes at 16 KiB with a
// 128-bit key: ECB encryption, CBC encryption and decryption, CTR.
func BenchmarkAES(b *testing.B) {
	const size = 16 << 10
	key := make([]byte, 16)
	iv := make([]byte, 16)
	src := make([]byte, size)
	dst := make([]byte, size)
	for _, im := range archtest.Levels(b, aes.Name, "amd64", false) {
		f, k := aes.FuncsOf(im), aes.FuncsOf(im).ExpandKey(key)
		var st [16]byte
		name := strings.TrimPrefix(im.Name, "aes/")
		for _, m := range []struct {
			mode string
			fn   func()
		}{
			{"ecb-enc", func() { f.Encrypt(k, dst, src) }},
			{"ecb-dec", func() { f.Decrypt(k, dst, src) }},
			{"cbc-enc", func() { f.CBCEncrypt(k, &st, dst, src) }},
			{"cbc-dec", func() { f.CBCDecrypt(k, &st, dst, src) }},
			{"ctr", func() { f.CTR(k, &st, dst, src) }},
		} {
			b.Run(name+"/"+m.mode, func(b *testing.B) {
				b.SetBytes(size)
				for i := 0; i < b.N; i++ {
					m.fn()
				}
			})
		}
	}
	blk, _ := cryptoaes.NewCipher(key)
	cbcE, cbcD := cipher.NewCBCEncrypter(blk, iv), cipher.NewCBCDecrypter(blk, iv)
	ctr := cipher.NewCTR(blk, iv)
	for _, m := range []struct {
		mode string
		fn   func()
	}{
		{"ecb-enc", func() {
			for i := 0; i < size; i += 16 {
				blk.Encrypt(dst[i:i+16], src[i:i+16])
			}
		}},
		{"ecb-dec", func() {
			for i := 0; i < size; i += 16 {
				blk.Decrypt(dst[i:i+16], src[i:i+16])
			}
		}},
		{"cbc-enc", func() { cbcE.CryptBlocks(dst, src) }},
		{"cbc-dec", func() { cbcD.CryptBlocks(dst, src) }},
		{"ctr", func() { ctr.XORKeyStream(dst, src) }},
	} {
		b.Run("crypto-aes/"+m.mode, func(b *testing.B) {
			b.SetBytes(size)
			for i := 0; i < b.N; i++ {
				m.fn()
			}
		})
	}
}

// TestAESWideRouting: the wide levels take their wide kernels exactly
// from wide_min_bytes on, and read the threshold at run time.
func TestAESWideRouting(t *testing.T) {
	for _, c := range []struct {
		level string
		v     *int
		wide  func(n int) bool
	}{
		{"aes/vaes256", &v256WideMin, v256Wide},
		{"aes/vaes512", &vaesWideMin, vaesWide},
	} {
		im, ok := arch.Lookup(c.level)
		if !ok {
			t.Fatalf("%s is not registered", c.level)
		}
		declared, found := im.TuningValue("wide_min_bytes")
		if !found || *c.v != declared {
			t.Fatalf("%s: wide_min_bytes declared %d (found %v), the wrappers read %d", c.level, declared, found, *c.v)
		}
		tunable := false
		for _, tu := range im.Tuning {
			if tu.Name == "wide_min_bytes" {
				tunable = tu.Var == c.v && tu.Unit == arch.Bytes
			}
		}
		if !tunable {
			t.Fatalf("%s: wide_min_bytes is not the Bytes tuning whose Var the wrappers read", c.level)
		}
		old := *c.v
		for _, v := range []int{0, 16, 17, 32, 256, 512, 2048} {
			*c.v = v
			for n := 0; n <= 200; n++ {
				if got, want := c.wide(n), 16*n >= v; got != want {
					t.Errorf("%s with wide_min_bytes=%d: %d blocks wide=%v, want %v", c.level, v, n, got, want)
				}
			}
		}
		*c.v = old
	}
}

// TestAESVAES512ShortPath runs aes/vaes512's entry points on lengths its
// threshold sends to aes/vaes256's routing: on a host without AVX-512 a
// call routed to the 512-bit kernels would die with SIGILL. The wide path
// itself needs AVX-512 hardware.
func TestAESVAES512ShortPath(t *testing.T) {
	im, ok := arch.Lookup("aes/vaes512")
	if !ok {
		t.Fatal("aes/vaes512 is not registered")
	}
	short, ok := arch.Lookup("aes/vaes256")
	if !ok {
		t.Fatal("aes/vaes256 is not registered")
	}
	if miss := (arch.State{Detected: arch.Detect()}).Missing(short); miss != "" {
		t.Skipf("aes/vaes512's short path is aes/vaes256's code, which cannot run here (%s)", miss)
	}
	aestest.ShortPath(t, "amd64", im, "wide_min_bytes")
}
