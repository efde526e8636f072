//go:build gc

package ppc64le

import (
	"bytes"
	cryptoaes "crypto/aes"
	"encoding/hex"
	"math/rand"
	"testing"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/family/aes"
)

// TestP8RoundModel checks the Go model the probe trusts: FIPS-197
// Appendix B round 1, and whole ciphers built from the model's four
// operations against crypto/aes (vncipher with Enc's keys reversed).
func TestP8RoundModel(t *testing.T) {
	got := p8RoundModel(0, p8ProbeState, p8ProbeKey)
	if h := hex.EncodeToString(got[:]); h != "a49c7ff2689f352b6b5bea43026a5049" {
		t.Fatalf("vcipher model on FIPS-197 B round 1: %s", h)
	}
	r := rand.New(rand.NewSource(20))
	for _, ks := range aesKeySizes {
		key := make([]byte, ks)
		r.Read(key)
		k := aes.ExpandKey(key)
		b, _ := cryptoaes.NewCipher(key)
		rk := func(i int) (o [16]byte) { copy(o[:], k.Enc[16*i:]); return }
		for trial := 0; trial < 20; trial++ {
			var pt, s, ct [16]byte
			r.Read(pt[:])
			for i := range s {
				s[i] = pt[i] ^ k.Enc[i]
			}
			for i := 1; i < k.Rounds; i++ {
				s = p8RoundModel(0, s, rk(i))
			}
			s = p8RoundModel(1, s, rk(k.Rounds))
			b.Encrypt(ct[:], pt[:])
			if s != ct {
				t.Fatalf("%d-byte key: model cipher %x, crypto/aes %x", ks, s, ct)
			}
			last := rk(k.Rounds)
			for i := range s {
				s[i] ^= last[i]
			}
			for i := k.Rounds - 1; i >= 1; i-- {
				s = p8RoundModel(2, s, rk(i))
			}
			s = p8RoundModel(3, s, rk(0))
			if s != pt {
				t.Fatalf("%d-byte key: model inverse cipher %x, want %x", ks, s, pt)
			}
		}
	}
}

// TestAESRoundInstructions runs each of the four round instructions alone,
// in every aliasing form, against the model: when a kernel test fails this
// says whether the emulator is at fault.
func TestAESRoundInstructions(t *testing.T) {
	if !arch.Detect()["vcrypto"] {
		t.Skip("vcrypto not detected: the instructions would trap")
	}
	if err := ProbeVCIPHER(); err != nil {
		t.Errorf("probe: %v", err)
	}
	r := rand.New(rand.NewSource(21))
	for op := 0; op < 4; op++ {
		s, k := p8ProbeState, p8ProbeKey
		for trial := 0; trial < 50; trial++ {
			want, got := p8RoundCheck(op, s, k)
			if err := p8RoundDiff(op, want, got); err != nil {
				t.Fatalf("state %x key %x: %v", s, k, err)
			}
			r.Read(s[:])
			r.Read(k[:])
		}
	}
}

// TestP8ScheduleLayout pins the slot layout the assembly assumes.
func TestP8ScheduleLayout(t *testing.T) {
	for _, ks := range aesKeySizes {
		key := make([]byte, ks)
		for i := range key {
			key[i] = byte(i * 7)
		}
		k := expandP8(key)
		s := k.Priv.(*p8Schedule)
		nr := k.Rounds
		slot := func(a *[15 * 16]byte, i int) []byte {
			var b [16]byte
			copy(b[:], a[16*i:])
			b = p8Swap(b)
			return b[:]
		}
		rk := func(i int) []byte { return k.Enc[16*i : 16*i+16] }
		for i := 0; i < 15; i++ {
			var we, wd []byte
			switch {
			case i == 0:
				we, wd = rk(0), rk(nr)
			case i == 14:
				we, wd = rk(nr), rk(0)
			case i >= 14-nr+1:
				we, wd = rk(i-(14-nr)), rk(nr-(i-(14-nr)))
			default:
				we, wd = make([]byte, 16), make([]byte, 16)
			}
			if !bytes.Equal(slot(&s.enc, i), we) || !bytes.Equal(slot(&s.dec, i), wd) {
				t.Fatalf("%d-byte key slot %d: enc %x dec %x, want %x %x", ks, i, slot(&s.enc, i), slot(&s.dec, i), we, wd)
			}
		}
	}
}
