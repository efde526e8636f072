//go:build xarch_openssl

package openssl

import (
	"bytes"
	"crypto"
	"crypto/rsa"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
	"math/big"
	"math/rand"
	"testing"

	"github.com/xarchlab/xarch/family/gcm"
	"github.com/xarchlab/xarch/family/mont"
)

var generic = &mont.Funcs{Mul: mont.GenericMul}

// randOdd is a k-byte odd modulus with its top byte non-zero.
func randOdd(r *rand.Rand, k int) []byte {
	m := make([]byte, k)
	r.Read(m)
	m[0] |= 0x80 >> uint(r.Intn(8))
	m[k-1] |= 1
	if k == 1 && m[0] == 1 {
		m[0] = 3
	}
	return m
}

func below(r *rand.Rand, m []byte) []byte {
	v := new(big.Int).Rand(r, new(big.Int).SetBytes(m))
	return v.FillBytes(make([]byte, len(m)))
}

// Montgomery products and exponentiations against math/big over every
// limb count up to 40 and the largest, whole and partial top limbs.
func TestMontAgainstBig(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	sizes := []int{1, 2, 7, 8, 9, 511, 512, 513, mont.MaxBytes - 1, mont.MaxBytes}
	for l := 1; l <= 40; l++ {
		sizes = append(sizes, 8*l, 8*l-3)
	}
	cases := 0
	for _, k := range sizes {
		if k < 1 {
			continue
		}
		m := randOdd(r, k)
		bm := new(big.Int).SetBytes(m)
		x, y := below(r, m), below(r, m)
		if r.Intn(4) == 0 {
			copy(x, new(big.Int).Sub(bm, big.NewInt(1)).FillBytes(make([]byte, k))) // m-1: the final subtraction
		}
		limbs := (k + 7) / 8
		rinv := new(big.Int).ModInverse(new(big.Int).Lsh(big.NewInt(1), uint(64*limbs)), bm)
		want := new(big.Int).Mul(new(big.Int).SetBytes(x), new(big.Int).SetBytes(y))
		want.Mul(want, rinv).Mod(want, bm)
		got, err := provider{}.Run(op(t, mont.MulOp), [][]byte{m}, nil, append(append([]byte(nil), x...), y...), nil)
		if err != nil || !bytes.Equal(got, want.FillBytes(make([]byte, k))) {
			t.Fatalf("mont-mul %d bytes: %x %v, want %x", k, got, err, want)
		}
		for _, e := range [][]byte{nil, {0}, {0, 0, 1}, {1, 0, 1}, randBytes(r, 1+r.Intn(k))} {
			want := new(big.Int).Exp(new(big.Int).SetBytes(x), new(big.Int).SetBytes(e), bm)
			got, err := provider{}.Run(op(t, mont.ModExpOp), [][]byte{m, e}, nil, x, nil)
			if err != nil || !bytes.Equal(got, want.FillBytes(make([]byte, k))) {
				t.Fatalf("mod-exp %d bytes, e %x: %x %v, want %x", k, e, got, err, want)
			}
			cases++
		}
		cases++
	}
	t.Logf("%d known answers", cases)
}

func randBytes(r *rand.Rand, n int) []byte {
	b := make([]byte, n)
	r.Read(b)
	return b
}

// Inputs the family refuses: the provider refuses them with the family's
// words, before the library sees them.
func TestMontErrorsAreTheFamilys(t *testing.T) {
	m := []byte{0xc5, 0x01}
	for _, c := range []struct {
		mod, in []byte
	}{{nil, nil}, {[]byte{0, 5}, []byte{0, 1, 0, 1}}, {[]byte{0xc4, 0x02}, []byte{0, 1, 0, 1}}, {[]byte{1}, []byte{0, 0}},
		{m, []byte{0xc5, 0x01, 0, 1}}, {m, []byte{0, 1, 0xff, 0xff}}, {m, []byte{1, 2, 3}}} {
		_, err := provider{}.Run(op(t, mont.MulOp), [][]byte{c.mod}, nil, c.in, nil)
		_, want := mont.MulBytes(generic, c.mod, c.in)
		if err == nil || want == nil || err.Error() != want.Error() {
			t.Fatalf("mont-mul %x %x: %v, the family says %v", c.mod, c.in, err, want)
		}
	}
	_, err := provider{}.Run(op(t, mont.ModExpOp), [][]byte{m, make([]byte, mont.MaxBytes+1)}, nil, []byte{0, 1}, nil)
	_, want := mont.ModExpBytes(generic, m, make([]byte, mont.MaxBytes+1), []byte{0, 1})
	if err == nil || want == nil || err.Error() != want.Error() {
		t.Fatalf("mod-exp, long exponent: %v, the family says %v", err, want)
	}
}

func speedKey(t *testing.T, sk mont.SpeedKey) *rsa.PrivateKey {
	h := func(s string) *big.Int {
		v, ok := new(big.Int).SetString(s, 16)
		if !ok {
			t.Fatal("bad hex")
		}
		return v
	}
	k := &rsa.PrivateKey{PublicKey: rsa.PublicKey{N: h(sk.N), E: sk.E}, D: h(sk.D), Primes: []*big.Int{h(sk.P), h(sk.Q)}}
	k.Precompute()
	return k
}

// RSA PKCS#1 v1.5 against crypto/rsa: every hash, CRT and not, each speed
// key; verification of good, altered, short and too-large signatures.
func TestRSAAgainstGo(t *testing.T) {
	hashes := []struct {
		name string
		h    crypto.Hash
		sum  func([]byte) []byte
	}{
		{"sha1", crypto.SHA1, func(b []byte) []byte { s := sha1.Sum(b); return s[:] }},
		{"sha224", crypto.SHA224, func(b []byte) []byte { s := sha256.Sum224(b); return s[:] }},
		{"sha256", crypto.SHA256, func(b []byte) []byte { s := sha256.Sum256(b); return s[:] }},
		{"sha384", crypto.SHA384, func(b []byte) []byte { s := sha512.Sum384(b); return s[:] }},
		{"sha512", crypto.SHA512, func(b []byte) []byte { s := sha512.Sum512(b); return s[:] }},
	}
	cases := 0
	for _, sk := range mont.SpeedKeys {
		key := speedKey(t, sk)
		n, e, d := key.N.Bytes(), big.NewInt(int64(key.E)).Bytes(), key.D.Bytes()
		p, q := key.Primes[0].Bytes(), key.Primes[1].Bytes()
		for i, hs := range hashes {
			digest := hs.sum([]byte{byte(i), byte(sk.Bits)})
			want, err := rsa.SignPKCS1v15(nil, key, hs.h, digest)
			if err != nil {
				t.Fatal(err)
			}
			for _, crt := range []bool{true, false} {
				pp, qq := p, q
				if !crt {
					pp, qq = nil, nil
				}
				got, err := provider{}.Run(op(t, mont.RSASignOp), [][]byte{n, e, d, pp, qq, []byte(hs.name)}, nil, digest, nil)
				if err != nil || !bytes.Equal(got, want) {
					t.Fatalf("rsa%d %s crt=%v: %x %v\nwant %x", sk.Bits, hs.name, crt, got, err, want)
				}
				cases++
			}
			big1 := append([]byte(nil), n...)
			big1[len(big1)-1]++ // n+1: not below n
			flip := append([]byte(nil), want...)
			flip[len(flip)/2] ^= 4
			for _, c := range []struct {
				sig     []byte
				verdict byte
			}{{want, mont.RSAValid}, {flip, mont.RSAInvalid}, {want[1:], mont.RSAInvalid}, {big1, mont.RSAInvalid}, {n, mont.RSAInvalid}} {
				got, err := provider{}.Run(op(t, mont.RSAVerifyOp), [][]byte{n, e, []byte(hs.name), digest}, nil, c.sig, nil)
				if err != nil || len(got) != 1 || got[0] != c.verdict {
					t.Fatalf("rsa%d verify %s: %x %v, want %x", sk.Bits, hs.name, got, err, c.verdict)
				}
				ok, err := mont.RSAVerify(generic, n, e, hs.name, digest, c.sig)
				if err != nil || ok != (c.verdict == mont.RSAValid) {
					t.Fatalf("the family disagrees: %v %v", ok, err)
				}
				cases++
			}
		}
		// A wrong digest length is the family's error.
		_, err := provider{}.Run(op(t, mont.RSASignOp), [][]byte{n, e, d, p, q, []byte("sha256")}, nil, make([]byte, 31), nil)
		if err == nil || err.Error() != "a sha256 digest has 32 bytes, got 31" {
			t.Fatalf("short digest: %v", err)
		}
	}
	t.Logf("%d known answers", cases)
}

// The speed loops (mont.Looper) answer what one Run does.
func TestLoop(t *testing.T) {
	sk := mont.SpeedKeys[0]
	key := speedKey(t, sk)
	n, e, d := key.N.Bytes(), big.NewInt(int64(key.E)).Bytes(), key.D.Bytes()
	p, q := key.Primes[0].Bytes(), key.Primes[1].Bytes()
	digest := mont.RSASpeedDigest()
	sig, _ := rsa.SignPKCS1v15(nil, key, crypto.SHA256, digest)
	for _, c := range []struct {
		op     string
		params [][]byte
		in     []byte
	}{
		{mont.MulOp, [][]byte{n}, mont.SpeedOperands()},
		{mont.RSASignOp, [][]byte{n, e, d, p, q, []byte("sha256")}, digest},
		{mont.RSAVerifyOp, [][]byte{n, e, []byte("sha256"), digest}, sig},
	} {
		want, err := provider{}.Run(op(t, c.op), c.params, nil, c.in, nil)
		if err != nil {
			t.Fatal(err)
		}
		run, last, err := provider{}.Loop(op(t, c.op), c.params, c.in)
		if err != nil {
			t.Fatal(err)
		}
		run(3)
		if got := last(); !bytes.Equal(got, want) {
			t.Fatalf("%s loop: %x, one Run %x", c.op, got, want)
		}
	}
}

// The GCM speed loop (gcm.Looper) gives the tag one Run gives.
func TestSealLoop(t *testing.T) {
	for _, kl := range []int{16, 32} {
		key, iv := gcm.SpeedKey(kl), gcm.SpeedIV()
		for _, n := range []int{1, 16, 1000, 16384} {
			msg := bytes.Repeat([]byte{0x5a}, n)
			want, err := provider{}.Run(op(t, gcm.SealOp), [][]byte{key, iv, nil, {16}}, nil, msg, nil)
			if err != nil {
				t.Fatal(err)
			}
			run, tag, err := provider{}.SealLoop(key, iv, msg)
			if err != nil {
				t.Fatal(err)
			}
			run(3)
			if got := tag(); !bytes.Equal(got, want[n:]) {
				t.Fatalf("key %d, %d bytes: loop tag %x, Run %x", kl, n, got, want[n:])
			}
		}
	}
}
