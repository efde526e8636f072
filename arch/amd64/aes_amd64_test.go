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

// TestAESWideRouting: each wide level declares one threshold per mode,
// each the Bytes tuning whose Var its wrappers read (so the fuzzer's +-1
// edges and --tune reach it), with the speed algorithm that times it.
func TestAESWideRouting(t *testing.T) {
	for _, c := range []struct {
		level string
		vars  map[string]*int
	}{
		{"aes/vaes256", map[string]*int{"ecb_wide_min_bytes": &v256ECBWideMin, "ctr_wide_min_bytes": &v256CTRWideMin,
			"cbc_dec_wide_min_bytes": &v256CBCDecWideMin}},
		{"aes/vaes512", map[string]*int{"ecb_wide_min_bytes": &vaesECBWideMin, "ctr_wide_min_bytes": &vaesCTRWideMin,
			"cbc_dec_wide_min_bytes": &vaesCBCDecWideMin}},
	} {
		im, ok := arch.Lookup(c.level)
		if !ok {
			t.Fatalf("%s is not registered", c.level)
		}
		for name, v := range c.vars {
			var tu *arch.Tuning
			for i := range im.Tuning {
				if im.Tuning[i].Name == name {
					tu = &im.Tuning[i]
				}
			}
			if tu == nil || tu.Var != v || tu.Unit != arch.Bytes || *v != tu.Value {
				t.Fatalf("%s: %s is not the declared Bytes tuning whose Var the wrappers read", c.level, name)
			}
			if a, ok := arch.LookupSpeed(tu.Speed); !ok || a.Family != aes.Name {
				t.Errorf("%s: %s times with speed algorithm %q, not an AES one", c.level, name, tu.Speed)
			}
		}
	}
}

// TestAESPerModeThresholds: each mode reads its own threshold. With one
// mode's threshold at 0 and the others above every length (and the other
// way round) every mode still answers right on every length up to 40
// blocks, so no mode reads another's variable into a path it cannot take.
func TestAESPerModeThresholds(t *testing.T) {
	im, ok := arch.Lookup("aes/vaes256")
	if !ok {
		t.Fatal("aes/vaes256 is not registered")
	}
	if miss := (arch.State{Detected: arch.Detect()}).Missing(im); miss != "" {
		t.Skipf("aes/vaes256: missing %s", miss)
	}
	vars := []*int{&v256ECBWideMin, &v256CTRWideMin, &v256CBCDecWideMin}
	f := aes.FuncsOf(im)
	key := make([]byte, 16)
	for i := range key {
		key[i] = byte(i)
	}
	k := f.ExpandKey(key)
	blk, _ := cryptoaes.NewCipher(key)
	for one := range vars {
		for _, lo := range []int{0, 1 << 30} {
			old := []int{*vars[0], *vars[1], *vars[2]}
			for i, v := range vars {
				if i == one {
					*v = lo
				} else {
					*v = 1<<30 - lo
				}
			}
			for n := 0; n <= 40; n++ {
				src := make([]byte, 16*n)
				for i := range src {
					src[i] = byte(i*7 + n)
				}
				iv := make([]byte, 16)
				iv[15] = byte(n)
				want, got := make([]byte, len(src)), make([]byte, len(src))
				for i := 0; i < len(src); i += 16 {
					blk.Encrypt(want[i:i+16], src[i:i+16])
				}
				f.Encrypt(k, got, src)
				if !bytes.Equal(got, want) {
					t.Fatalf("ECB encrypt, %d blocks, thresholds %v: wrong", n, []int{*vars[0], *vars[1], *vars[2]})
				}
				f.Decrypt(k, got, want)
				if !bytes.Equal(got, src) {
					t.Fatalf("ECB decrypt, %d blocks, thresholds %v: wrong", n, []int{*vars[0], *vars[1], *vars[2]})
				}
				cipher.NewCTR(blk, iv).XORKeyStream(want, src)
				var ctr [16]byte
				copy(ctr[:], iv)
				f.CTR(k, &ctr, got, src)
				if !bytes.Equal(got, want) {
					t.Fatalf("CTR, %d blocks, thresholds %v: wrong", n, []int{*vars[0], *vars[1], *vars[2]})
				}
				cipher.NewCBCEncrypter(blk, iv).CryptBlocks(want, src)
				var reg [16]byte
				copy(reg[:], iv)
				f.CBCDecrypt(k, &reg, got, want)
				if !bytes.Equal(got, src) {
					t.Fatalf("CBC decrypt, %d blocks, thresholds %v: wrong", n, []int{*vars[0], *vars[1], *vars[2]})
				}
			}
			for i, v := range vars {
				*v = old[i]
			}
		}
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
	aestest.ShortPath(t, "amd64", im, "ecb_wide_min_bytes", "ctr_wide_min_bytes", "cbc_dec_wide_min_bytes")
}
