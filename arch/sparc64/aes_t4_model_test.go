package sparc64

import (
	"bytes"
	cryptoaes "crypto/aes"
	"encoding/binary"
	"encoding/hex"
	"math/rand"
	"testing"

	"github.com/xarchlab/xarch/family/aes"
)

// FIPS-197 Appendix B, round 1: after SubBytes, ShiftRows, MixColumns and
// round key 1 the state is a49c7ff2 689f352b 6b5bea43 026a5049.
func TestT4ModelAppendixB(t *testing.T) {
	const k23 = 0x23a339392a6c7605 // round key 1, bytes 8-15
	got := [2]uint64{
		t4Round(t4ERound01, t4ProbeKey, t4ProbeA, t4ProbeB),
		t4Round(t4ERound23, k23, t4ProbeA, t4ProbeB),
	}
	if got != [2]uint64{0xa49c7ff2689f352b, 0x6b5bea43026a5049} {
		t.Fatalf("model eround01/23 of FIPS-197 B round 1 = %016x %016x", got[0], got[1])
	}
	if w := hex.EncodeToString(t4ProbeWant()); w != "a49c7ff2689f352b" {
		t.Fatalf("probe expectation %s, want a49c7ff2689f352b", w)
	}
}

// t4ModelCipher runs the instruction sequence of aes_t4_sparc64.s on the
// model: whitening with Enc[0] (encrypt) or Enc[Nr] (decrypt), then round
// i with Enc[i] or Enc[Nr-i], the last round in its _l form.
func t4ModelCipher(k *aes.Key, dec bool, blk []byte) []byte {
	nr := k.Rounds
	key := func(r int) (uint64, uint64) {
		return binary.BigEndian.Uint64(k.Enc[16*r:]), binary.BigEndian.Uint64(k.Enc[16*r+8:])
	}
	a, b := binary.BigEndian.Uint64(blk), binary.BigEndian.Uint64(blk[8:])
	w := 0
	op01, op23 := t4ERound01, t4ERound23
	if dec {
		w = nr
		op01, op23 = t4DRound01, t4DRound23
	}
	k0, k1 := key(w)
	a, b = a^k0, b^k1
	for i := 1; i <= nr; i++ {
		r := i
		if dec {
			r = nr - i
		}
		lo, hi := key(r)
		o01, o23 := op01, op23
		if i == nr {
			o01, o23 = o01+t4Last, o23+t4Last
		}
		a, b = t4Round(o01, lo, a, b), t4Round(o23, hi, a, b)
	}
	out := make([]byte, 16)
	binary.BigEndian.PutUint64(out, a)
	binary.BigEndian.PutUint64(out[8:], b)
	return out
}

// The model, driven the way the kernel drives the CPU, is AES: this checks
// the key order (Enc reversed for decryption, no InvMixColumns on keys) and
// the column split, not the hardware.
func TestT4ModelCipher(t *testing.T) {
	r := rand.New(rand.NewSource(21))
	for _, n := range []int{16, 24, 32} {
		for trial := 0; trial < 20; trial++ {
			key := make([]byte, n)
			pt := make([]byte, 16)
			r.Read(key)
			r.Read(pt)
			ref, _ := cryptoaes.NewCipher(key)
			want := make([]byte, 16)
			ref.Encrypt(want, pt)
			k := aes.ExpandKey(key)
			ct := t4ModelCipher(k, false, pt)
			if !bytes.Equal(ct, want) {
				t.Fatalf("AES-%d key %x: model encrypt %x, crypto/aes %x", 8*n, key, ct, want)
			}
			if back := t4ModelCipher(k, true, ct); !bytes.Equal(back, pt) {
				t.Fatalf("AES-%d key %x: model decrypt %x, want %x", 8*n, key, back, pt)
			}
		}
	}
}
