//go:build gc

package riscv64

import (
	"bytes"
	cryptoaes "crypto/aes"
	"crypto/cipher"
	"encoding/binary"
	"math/rand"
	"testing"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/arch/archtest"
	"github.com/xarchlab/xarch/family/aes"
	"github.com/xarchlab/xarch/family/aes/aestest"
	"github.com/xarchlab/xarch/family/gcm"
)

// needZvk skips (saying why) unless every feature is detected here.
func needZvk(t *testing.T, feats ...string) {
	t.Helper()
	det := arch.Detect()
	for _, f := range feats {
		if !det[f] {
			t.Skipf("feature %s not detected on this CPU (riscv_hwprobe); run under QEMU 10 -cpu rva23u64,zvkned=true,zvkg=true", f)
		}
	}
}

// The Go models behind the probes, checked against FIPS-197 appendix B
// and crypto/aes, so a wrong model cannot make a wrong instruction pass.
func TestZvkProbeModels(t *testing.T) {
	// Appendix B: the state after AddRoundKey(0), round key 1, and the
	// state at the start of round 2.
	s := mustHex16(t, "193de3bea0f4e22b9ac68d2ae9f84808")
	rk1 := mustHex16(t, "a0fafe1788542cb123a339392a6c7605")
	want := mustHex16(t, "a49c7ff2689f352b6b5bea43026a5049")
	if got := vaesemModel(s, rk1); got != want {
		t.Fatalf("vaesemModel: got %x want %x", got, want)
	}
	// A whole decryption from the models (vaesz, vaesdm x Nr-1, then the
	// final round: vaesdm without InvMixColumns) equals crypto/aes.
	r := rand.New(rand.NewSource(1))
	for _, kl := range []int{16, 24, 32} {
		key := archtest.RandBytes(r, kl)
		k := aes.ExpandKey(key)
		b, _ := cryptoaes.NewCipher(key)
		var pt, ct, st [16]byte
		r.Read(pt[:])
		b.Encrypt(ct[:], pt[:])
		rk := func(i int) (x [16]byte) { copy(x[:], k.Enc[16*i:]); return }
		for j := range st {
			st[j] = ct[j] ^ k.Enc[16*k.Rounds+j]
		}
		for i := k.Rounds - 1; i >= 1; i-- {
			st = vaesdmModel(st, rk(i))
		}
		var last [16]byte
		for c := 0; c < 4; c++ {
			for row := 0; row < 4; row++ {
				last[4*((c+row)%4)+row] = aes.InvSbox(st[4*c+row]) ^ k.Enc[4*((c+row)%4)+row]
			}
		}
		if last != pt {
			t.Fatalf("AES-%d decryption from vaesdmModel: got %x want %x", 8*kl, last, pt)
		}
	}
	// gcmMulModel against the generic level's GHASH (y = (0 ^ x) * H).
	for i := 0; i < 50; i++ {
		var h, x, y [16]byte
		r.Read(h[:])
		r.Read(x[:])
		f := genericGCM(t)
		f.GHASH(f.Init(&h), &y, x[:])
		if m := gcmMulModel(x, h); m != y {
			t.Fatalf("gcmMulModel(%x, %x) = %x, generic GHASH says %x", x, h, m, y)
		}
	}
}

func mustHex16(t *testing.T, s string) (x [16]byte) {
	t.Helper()
	for i := range x {
		var b byte
		for _, c := range s[2*i : 2*i+2] {
			b <<= 4
			switch {
			case c >= '0' && c <= '9':
				b |= byte(c - '0')
			case c >= 'a' && c <= 'f':
				b |= byte(c - 'a' + 10)
			default:
				t.Fatalf("bad hex %q", s)
			}
		}
		x[i] = b
	}
	return x
}

// The probes must agree with their models where the features exist.
func TestZvkProbes(t *testing.T) {
	needZvk(t, "v", "zvkned", "zvkg")
	n := 0
	for _, p := range arch.Probes() {
		if p.Feature != "zvkned" && p.Feature != "zvkg" && p.Instr != "vrgather.vv" {
			continue
		}
		want, got := p.Run()
		if !bytes.Equal(want, got) {
			t.Errorf("probe %s (%s): got %x want %x", p.Feature, p.Instr, got, want)
		}
		n++
	}
	if n != 7 {
		t.Fatalf("%d zvkned/zvkg/vrgather probes registered, want 7", n)
	}
}

// VLEN as the kernels see it, and the pass widths the Tuning declares for
// it: the vector models here run VLEN 128 and 256.
func TestZvkVLEN(t *testing.T) {
	needZvk(t, "v")
	vlen := 8 * zvkVlenb()
	t.Logf("VLEN %d: %d blocks per LMUL=%d pass", vlen, zvkBlocksPerPass(vlen), zvkLMUL)
	if vlen < zvkMinVLEN {
		t.Fatalf("VLEN %d is below the minimum the kernels assume (%d)", vlen, zvkMinVLEN)
	}
	im, ok := arch.Lookup("aes/zvkned")
	if !ok {
		t.Fatal("aes/zvkned not registered")
	}
	if vlen <= 512 && im.Tune("vlen"+itoa(vlen)+"_interleave") != zvkBlocksPerPass(vlen) {
		t.Fatalf("Tuning has no vlen%d_interleave = %d: %+v", vlen, zvkBlocksPerPass(vlen), im.Tuning)
	}
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b []byte
	for ; n > 0; n /= 10 {
		b = append([]byte{byte('0' + n%10)}, b...)
	}
	return string(b)
}

// ctrCases are counters just below each wrap the family's 128-bit CTR
// has: the low 32 bits (the kernel's own counter), 64 bits, 96 bits and
// all 128.
func ctrCases(r *rand.Rand) [][16]byte {
	var out [][16]byte
	for _, ones := range []int{4, 8, 12, 16} {
		for back := 1; back <= 10; back++ {
			var c [16]byte
			r.Read(c[:])
			for i := 16 - ones; i < 16; i++ {
				c[i] = 0xff
			}
			if ones < 16 {
				c[15-ones] &^= 1 // so the carry stops there
			}
			c[15] = byte(0x100 - back)
			out = append(out, c)
		}
	}
	return out
}

// The family's CTR across every wrap, at lengths around the pass widths
// of VLEN 128 and 256, against crypto/cipher; the counter is left at
// ctr + n (128-bit).
func TestAESZvknedCTRWraps(t *testing.T) {
	needZvk(t, "v", "zvkned")
	r := rand.New(rand.NewSource(2))
	lens := []int{1, 2, 3, 4, 5, 7, 8, 9, 11, 12, 13, 15, 16, 17, 24, 25, 33}
	for _, kl := range []int{16, 24, 32} {
		key := archtest.RandBytes(r, kl)
		b, _ := cryptoaes.NewCipher(key)
		k := zvknedFuncs.ExpandKey(key)
		for _, c0 := range ctrCases(r) {
			for _, n := range lens {
				src := archtest.RandBytes(r, 16*n)
				want := make([]byte, len(src))
				cipher.NewCTR(b, c0[:]).XORKeyStream(want, src)
				got := make([]byte, len(src))
				c := c0
				zvknedFuncs.CTR(k, &c, got, src)
				if !bytes.Equal(got, want) {
					t.Fatalf("AES-%d CTR from %x, %d blocks: %s", 8*kl, c0, n, archtest.FirstDiff(got, want))
				}
				if end := aestest.Add128(c0, uint64(n)); c != end {
					t.Fatalf("AES-%d CTR from %x, %d blocks: counter %x, want %x", 8*kl, c0, n, c, end)
				}
			}
		}
	}
}

// The kernel itself counts in the low 32 bits only (GCM's inc32): across
// the wrap the upper 96 bits stay as they are.
func TestAESZvknedKernelInc32(t *testing.T) {
	needZvk(t, "v", "zvkned")
	r := rand.New(rand.NewSource(3))
	for _, kl := range []int{16, 24, 32} {
		key := archtest.RandBytes(r, kl)
		b, _ := cryptoaes.NewCipher(key)
		k := zvknedFuncs.ExpandKey(key)
		for back := 1; back <= 12; back++ {
			for _, n := range []int{1, 3, 4, 5, 8, 9, 13, 17, 30} {
				var c0 [16]byte
				r.Read(c0[:])
				binary.BigEndian.PutUint32(c0[12:], uint32(-back))
				src := archtest.RandBytes(r, 16*n)
				want := make([]byte, len(src))
				cb := c0
				for i := 0; i < n; i++ {
					var ks [16]byte
					b.Encrypt(ks[:], cb[:])
					for j := 0; j < 16; j++ {
						want[16*i+j] = src[16*i+j] ^ ks[j]
					}
					gcm.Inc32(&cb)
				}
				got := make([]byte, len(src))
				c := c0
				aesCTRZvkned(k.Rounds, &k.Enc[0], &c, &got[0], &src[0], n)
				if !bytes.Equal(got, want) || c != cb {
					t.Fatalf("AES-%d kernel from %x, %d blocks: counter %x want %x; %s", 8*kl, c0, n, c, cb, archtest.FirstDiff(got, want))
				}
			}
		}
	}
}

// vaeskf1/vaeskf2 key expansion (and the Go AES-192 path) equals the
// family's FIPS-197 expansion, Enc and Dec, for many keys.
func TestAESZvknedExpand(t *testing.T) {
	needZvk(t, "v", "zvkned")
	r := rand.New(rand.NewSource(7))
	for i := 0; i < 300; i++ {
		key := archtest.RandBytes(r, []int{16, 24, 32}[i%3])
		got, want := aesExpandZvknedGo(key), aes.ExpandKey(key)
		if got.Rounds != want.Rounds || !bytes.Equal(got.Enc, want.Enc) || !bytes.Equal(got.Dec, want.Dec) {
			t.Fatalf("key %x: Enc %s; Dec %s", key, archtest.FirstDiff(got.Enc, want.Enc), archtest.FirstDiff(got.Dec, want.Dec))
		}
	}
}
