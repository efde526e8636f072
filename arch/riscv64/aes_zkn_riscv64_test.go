//go:build gc

package riscv64

import (
	"bytes"
	cryptoaes "crypto/aes"
	"crypto/cipher"
	"math/rand"
	"testing"
	"unsafe"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/arch/archtest"
	"github.com/xarchlab/xarch/family/aes"
)

// zknLevel returns aes/zkn, skipping (with the reason) where it cannot run.
func zknLevel(t *testing.T) *arch.Impl {
	im, ok := arch.Lookup("aes/zkn")
	if !ok {
		t.Fatal("aes/zkn is not registered")
	}
	if why := (arch.State{Detected: archtest.Detected()}).Missing(im); why != "" {
		t.Skipf("aes/zkn not usable here: %s", why)
	}
	return im
}

// The key expansion in assembly (aes64ks1i/ks2, aes64im) must give
// FIPS-197's schedule for many keys of each size, and its Priv must be the
// same words.
func TestAESZknExpand(t *testing.T) {
	f := aes.FuncsOf(zknLevel(t))
	r := rand.New(rand.NewSource(3))
	for _, kl := range []int{16, 24, 32} {
		for n := 0; n < 200; n++ {
			key := archtest.RandBytes(r, kl)
			if n == 0 {
				key = make([]byte, kl)
			}
			got, want := f.ExpandKey(key), aes.ExpandKey(key)
			if got.Rounds != want.Rounds || !bytes.Equal(got.Enc, want.Enc) || !bytes.Equal(got.Dec, want.Dec) {
				t.Fatalf("key %x: expandZkn gives Enc %x Dec %x, want Enc %x Dec %x", key, got.Enc, got.Dec, want.Enc, want.Dec)
			}
			if s, ok := got.Priv.(*zknSchedule); !ok || s != zknSched(got) {
				t.Fatalf("key %x: ExpandKey's Priv is not the schedule the kernels use", key)
			}
		}
	}
}

// Misaligned data takes the aligned bounce buffer zknBounce bytes at a
// time: every misalignment of dst and src, lengths around the buffer's
// size, in place, each mode's chaining value carried across pieces.
func TestAESZknBounce(t *testing.T) {
	f := aes.FuncsOf(zknLevel(t))
	r := rand.New(rand.NewSource(5))
	key := archtest.RandBytes(r, 16)
	k := f.ExpandKey(key)
	b, _ := cryptoaes.NewCipher(key)
	lens := []int{16, zknBounce - 16, zknBounce, zknBounce + 16, 2*zknBounce + 48}
	for _, n := range lens {
		for so := 0; so < 8; so++ {
			for do := 0; do < 8; do += 3 {
				src := archtest.RandBytes(r, n+so)[so:]
				var iv [16]byte
				r.Read(iv[:])
				type kern struct {
					name string
					run  func(dst, src []byte, st *[16]byte)
					ref  func(dst, src []byte, iv []byte)
				}
				ks := []kern{
					{"ecb-enc", func(d, s []byte, _ *[16]byte) { f.Encrypt(k, d, s) }, func(d, s, _ []byte) {
						for i := 0; i < len(s); i += 16 {
							b.Encrypt(d[i:], s[i:])
						}
					}},
					{"ecb-dec", func(d, s []byte, _ *[16]byte) { f.Decrypt(k, d, s) }, func(d, s, _ []byte) {
						for i := 0; i < len(s); i += 16 {
							b.Decrypt(d[i:], s[i:])
						}
					}},
					{"cbc-enc", func(d, s []byte, st *[16]byte) { f.CBCEncrypt(k, st, d, s) }, func(d, s, iv []byte) { cipher.NewCBCEncrypter(b, iv).CryptBlocks(d, s) }},
					{"cbc-dec", func(d, s []byte, st *[16]byte) { f.CBCDecrypt(k, st, d, s) }, func(d, s, iv []byte) { cipher.NewCBCDecrypter(b, iv).CryptBlocks(d, s) }},
					{"ctr", func(d, s []byte, st *[16]byte) { f.CTR(k, st, d, s) }, func(d, s, iv []byte) { cipher.NewCTR(b, iv).XORKeyStream(d, s) }},
				}
				for _, kk := range ks {
					want := make([]byte, n)
					kk.ref(want, src, iv[:])
					dst := make([]byte, n+do)[do:]
					st := iv
					kk.run(dst, src, &st)
					// in place, at the same misalignment
					inp := append(make([]byte, so), src...)[so:]
					st2 := iv
					kk.run(inp, inp, &st2)
					if !bytes.Equal(dst, want) || !bytes.Equal(inp, want) || st != st2 {
						t.Fatalf("%s %d bytes, src+%d dst+%d: %s (in place: %s)", kk.name, n, so, do,
							archtest.FirstDiff(dst, want), archtest.FirstDiff(inp, want))
					}
				}
			}
		}
	}
}

// The kernels called directly with no blocks touch neither dst nor the
// chaining value.
func TestAESZknKernelsZeroBlocks(t *testing.T) {
	f := aes.FuncsOf(zknLevel(t))
	s := zknSched(f.ExpandKey(make([]byte, 32)))
	dst := make([]byte, 16)
	src := bytes.Repeat([]byte{0x5a}, 16)
	for op := zknECBEnc; op <= zknCTR; op++ {
		var st [2]uint64
		st[0], st[1] = 0x0123456789abcdef, 0xfedcba9876543210
		was := st
		zknCall(op, s, (*[16]byte)(unsafe.Pointer(&st)), &dst[0], &src[0], 0)
		if st != was || !bytes.Equal(dst, make([]byte, 16)) {
			t.Fatalf("kernel %d with n=0 changed its state (%x) or dst (%x)", op, st, dst)
		}
	}
}
