//go:build amd64 && gc

package amd64

import (
	"encoding/binary"
	"fmt"
	"math/rand"
	"testing"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/arch/archtest"
	"github.com/xarchlab/xarch/family/gcm"
	"github.com/xarchlab/xarch/family/gcm/gcmtest"
)

// TestGCMLevels runs the shared AES-GCM checks (gcmtest.Levels) on every
// usable level, generic included: lengths 0..600 and around each declared
// tuning length, IVs, tags, tampering, counter wrap, streams, and the raw
// GHASH/Seal/Open kernels against the generic level. Reproduce one level
// under an emulated model with GOARCH=amd64 go test -c -o a.test ./arch/amd64/ &&
// qemu-x86_64-static -cpu Westmere ./a.test -test.run 'TestGCMLevels/aes-gcm_aesni'.
func TestGCMLevels(t *testing.T) { gcmtest.Levels(t, "amd64") }

func TestPCLMULQDQProbe(t *testing.T) { archtest.Probe(t, "pclmulqdq", "pclmulqdq", 4*16) }

func TestVPCLMULQDQProbe(t *testing.T) { archtest.Probe(t, "vpclmulqdq", "vpclmulqdq ymm", 8*16) }

// TestGCMVAES256Thresholds reruns the shared checks with aes-gcm/vaes256's
// wide path taken by every call of 16 blocks or more (and with it never
// taken), so short messages exercise both paths and their seam.
func TestGCMVAES256Thresholds(t *testing.T) {
	im, _ := arch.Lookup("aes-gcm/vaes256")
	if im == nil {
		t.Fatal("aes-gcm/vaes256 is not registered")
	}
	if miss := (arch.State{Detected: arch.Detect()}).Missing(im); miss != "" {
		t.Skipf("aes-gcm/vaes256 not usable here: missing %s", miss)
	}
	defer func(v int) { gcmV256WideMin = v }(gcmV256WideMin)
	for _, v := range []int{0, 1 << 30} {
		gcmV256WideMin = v
		t.Run(fmt.Sprintf("wide_min_bytes=%d", v), func(t *testing.T) { gcmtest.Levels(t, "amd64") })
	}
}

// TestClmul64Model pins the carry-less model: products of single bits,
// (x+1)^2 = x^2+1, and distributivity over XOR.
func TestClmul64Model(t *testing.T) {
	for i := uint(0); i < 64; i++ {
		for j := uint(0); j < 64; j += 3 {
			hi, lo := clmul64(1<<i, 1<<j)
			var whi, wlo uint64
			if i+j < 64 {
				wlo = 1 << (i + j)
			} else {
				whi = 1 << (i + j - 64)
			}
			if hi != whi || lo != wlo {
				t.Fatalf("clmul64(2^%d, 2^%d) = %x:%x", i, j, hi, lo)
			}
		}
	}
	if hi, lo := clmul64(3, 3); hi != 0 || lo != 5 {
		t.Fatalf("clmul64(3, 3) = %x:%x, want 0:5", hi, lo)
	}
	r := rand.New(rand.NewSource(1))
	for n := 0; n < 1000; n++ {
		a, b, c := r.Uint64(), r.Uint64(), r.Uint64()
		h1, l1 := clmul64(a, b^c)
		h2, l2 := clmul64(a, b)
		h3, l3 := clmul64(a, c)
		if h1 != h2^h3 || l1 != l2^l3 {
			t.Fatalf("clmul64 not distributive at %x %x %x", a, b, c)
		}
		if h, l := clmul64(b, a); h != h2 || l != l2 {
			t.Fatalf("clmul64 not commutative at %x %x", a, b)
		}
	}
}

// gcmRegister is the register form of a GCM block: the block byte-reversed
// as a 128-bit little-endian integer, hi:lo.
func gcmRegister(b [16]byte) (hi, lo uint64) {
	return binary.BigEndian.Uint64(b[:8]), binary.BigEndian.Uint64(b[8:])
}

// gcmMulRef is a*b in GCM's field, with the generic level's GHASH (y = 0,
// one block a, key b).
func gcmMulRef(a, b [16]byte) [16]byte {
	y := [16]byte{}
	gcm.GenericGHASH(gcm.GenericGHASHInit(&b), &y, a[:])
	return y
}

// TestGCMKeyTable holds the key table to its definition: slot 8-i is the
// register of H^i * x^-1, computed here with the generic multiplication
// (x^-1 is the field element 2^126 + ... from x * x^-1 = 1, checked).
func TestGCMKeyTable(t *testing.T) {
	// x is bit 1 of GCM's order: byte 0 = 0x40. x^-1 = x^127 * (x^128)^-1;
	// found as the element z with z * x = 1 by a search over 128 bits
	// would be slow, so use x^-1 = (1 + x + x^6 ... ) derived from
	// x^128 = x^7 + x^2 + x + 1: x * (x^127 + x^6 + x + 1) = 1.
	var xinv, one, x [16]byte
	one[0] = 0x80
	x[0] = 0x40
	// x^127 is the last bit (byte 15, 0x01); x^6 byte 0 0x02; x^1 0x40; x^0 0x80.
	xinv[15] = 0x01
	xinv[0] = 0x80 | 0x40 | 0x02
	if !arch.Detect()["pclmulqdq"] {
		t.Skip("pclmulqdq not detected on this CPU model: the table is built with it")
	}
	if gcmMulRef(x, xinv) != one {
		t.Fatalf("x * x^-1 = %x, not one", gcmMulRef(x, xinv))
	}
	r := rand.New(rand.NewSource(2))
	for trial := 0; trial < 50; trial++ {
		var h [16]byte
		r.Read(h[:])
		var tab [16 * 16]byte
		gcmPowers(&h, tab[:])
		p := h
		for i := 1; i <= 16; i++ {
			want := gcmMulRef(p, xinv)
			whi, wlo := gcmRegister(want)
			s := tab[16*(16-i):]
			if lo, hi := binary.LittleEndian.Uint64(s), binary.LittleEndian.Uint64(s[8:]); lo != wlo || hi != whi {
				t.Fatalf("H %x: slot of H^%d = %x:%x, want %x:%x", h, i, hi, lo, whi, wlo)
			}
			p = gcmMulRef(p, h)
		}
	}
}

// TestGCMRegistered checks the levels this package must register.
func TestGCMRegistered(t *testing.T) {
	for name, aes := range map[string]string{"aes-gcm/aesni": "aes/aesni", "aes-gcm/vaes256": "aes/aesni", "aes-gcm/vaes512": "aes/vaes512"} {
		im, ok := arch.Lookup(name)
		if !ok {
			t.Fatalf("%s is not registered", name)
		}
		g, err := gcm.Of(im)
		if err != nil {
			t.Fatal(err)
		}
		if g.Seal == nil || g.Open == nil {
			t.Errorf("%s has no stitched Seal/Open", name)
		}
		a, _ := arch.Lookup(aes)
		if a == nil || im.Rank < a.Rank {
			t.Errorf("%s: rank %d not in line with %s", name, im.Rank, aes)
		}
		for _, f := range im.Requires {
			if !knownFeature(f) {
				t.Errorf("%s requires unknown feature %q", name, f)
			}
		}
	}
	if best := (arch.State{Detected: arch.Detect()}).Best(gcm.Name); best != nil {
		t.Logf("AES-GCM dispatch picks %s", best.Name)
	}
}
