package aes

import (
	"bytes"
	"crypto/aes"
	"encoding/hex"
	"math/rand"
	"testing"

	"github.com/xarchlab/xarch/arch"
)

// FIPS-197 appendix C: one block for each key size.
func TestAESFIPS197AppendixC(t *testing.T) {
	pt := mustHex("00112233445566778899aabbccddeeff")
	for _, c := range []struct{ key, ct string }{
		{"000102030405060708090a0b0c0d0e0f", "69c4e0d86a7b0430d8cdb78070b4c55a"},
		{"000102030405060708090a0b0c0d0e0f1011121314151617", "dda97ca4864cdfe06eaf70a0ec0d7191"},
		{"000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f", "8ea2b7ca516745bfeafc49904b496089"},
	} {
		k := ExpandKey(mustHex(c.key))
		got := make([]byte, 16)
		GenericEncrypt(k, got, pt)
		if hex.EncodeToString(got) != c.ct {
			t.Errorf("key %s: encrypt gives %x, want %s", c.key, got, c.ct)
		}
		GenericDecrypt(k, got, got)
		if !bytes.Equal(got, pt) {
			t.Errorf("key %s: decrypt in place gives %x, want %x", c.key, got, pt)
		}
	}
}

func TestAESMatchesStdlib(t *testing.T) {
	r := rand.New(rand.NewSource(3))
	for _, klen := range []int{16, 24, 32} {
		for trial := 0; trial < 50; trial++ {
			key := make([]byte, klen)
			r.Read(key)
			ref, _ := aes.NewCipher(key)
			k := ExpandKey(key) // no Priv: the word schedule is made per call
			if trial%2 == 0 {
				k = GenericExpand(key)
			}
			n := 16 * r.Intn(9) // 0..8 blocks
			src := make([]byte, n)
			r.Read(src)
			want := make([]byte, n)
			for i := 0; i < n; i += 16 {
				ref.Encrypt(want[i:], src[i:])
			}
			got := make([]byte, n)
			GenericEncrypt(k, got, src)
			if !bytes.Equal(got, want) {
				t.Fatalf("key %x, %d blocks: encrypt %x, want %x", key, n/16, got, want)
			}
			back := make([]byte, n)
			GenericDecrypt(k, back, got)
			if !bytes.Equal(back, src) {
				t.Fatalf("key %x, %d blocks: decrypt %x, want %x", key, n/16, back, src)
			}
		}
	}
}

func TestAESRegistered(t *testing.T) {
	im, ok := arch.Lookup("aes/generic")
	if !ok || im.Alg != Name || FuncsOf(im) == nil || im.Rank != 0 || len(im.Requires) != 0 {
		t.Fatalf("aes/generic not registered as a rank-0 AES level: %+v", im)
	}
}
