package mont_test

import (
	"bytes"
	"crypto"
	"crypto/rsa"
	"math/big"
	"math/rand"
	"strings"
	"testing"

	"github.com/xarchlab/xarch/family/mont"
)

var genericMont = &mont.Funcs{Mul: mont.GenericMul}

func randOdd(r *rand.Rand, bytes int) []byte {
	b := make([]byte, bytes)
	r.Read(b)
	b[0] |= 0x80 >> uint(r.Intn(8))
	if b[0] == 0 {
		b[0] = 1
	}
	b[len(b)-1] |= 1
	return b
}

func fixed(v *big.Int, k int) []byte {
	out := make([]byte, k)
	return v.FillBytes(out)
}

// The byte-level ops against math/big, across sizes that leave the top
// limb partial, and the exponent edge cases of the fixed window.
func TestMontOpsAgainstBig(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	for _, k := range []int{1, 2, 7, 8, 9, 15, 16, 17, 63, 64, 65, 127, 128, 129, 255, 256, 257, 1024} {
		mod := randOdd(r, k)
		if k == 1 && mod[0] == 1 {
			mod[0] = 3
		}
		m := new(big.Int).SetBytes(mod)
		n := (k + 7) / 8
		rinv := new(big.Int).ModInverse(new(big.Int).Lsh(big.NewInt(1), uint(64*n)), m)
		for i := 0; i < 4; i++ {
			x, y := new(big.Int).Rand(r, m), new(big.Int).Rand(r, m)
			if i == 0 {
				x.Sub(m, big.NewInt(1))
				y.Set(x)
			}
			got, err := mont.MulBytes(genericMont, mod, append(fixed(x, k), fixed(y, k)...))
			if err != nil {
				t.Fatal(err)
			}
			want := new(big.Int).Mul(x, y)
			want.Mul(want, rinv).Mod(want, m)
			if !bytes.Equal(got, fixed(want, k)) {
				t.Fatalf("mont-mul %d bytes: got %x want %x", k, got, fixed(want, k))
			}
			for _, elen := range []int{0, 1, 2, 5, 13, k} {
				e := make([]byte, elen)
				r.Read(e)
				if elen == 2 {
					e[0] = 0 // a leading zero byte still counts
				}
				got, err := mont.ModExpBytes(genericMont, mod, e, fixed(x, k))
				if err != nil {
					t.Fatal(err)
				}
				want := new(big.Int).Exp(x, new(big.Int).SetBytes(e), m)
				if !bytes.Equal(got, fixed(want, k)) {
					t.Fatalf("mod-exp %d bytes, e %x: got %x want %x", k, e, got, fixed(want, k))
				}
			}
		}
	}
}

func TestMontOpErrors(t *testing.T) {
	for _, c := range []struct {
		mod, in []byte
		want    string
	}{
		{nil, nil, "empty"},
		{[]byte{0, 3}, []byte{0, 1, 0, 1}, "leading zero"},
		{[]byte{4}, []byte{1, 1}, "even"},
		{[]byte{1}, []byte{0, 0}, "greater than 1"},
		{[]byte{7}, []byte{1}, "x || y"},
		{[]byte{7}, []byte{7, 1}, "x is not below"},
		{[]byte{7}, []byte{1, 9}, "y is not below"},
		{make([]byte, mont.MaxBytes+1), nil, "at most"},
	} {
		_, err := mont.MulBytes(genericMont, c.mod, c.in)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("mont-mul %x %x: error %v, want one containing %q", c.mod, c.in, err, c.want)
		}
	}
}

// RSA signing with and without CRT against crypto/rsa, on keys whose
// primes have different limb counts too; verification of good and bad
// signatures.
func TestRSAAgainstCryptoRSA(t *testing.T) {
	for _, sk := range mont.SpeedKeys {
		key := speedKey(t, sk)
		digest := mont.RSASpeedDigest()
		want, err := rsa.SignPKCS1v15(nil, key, crypto.SHA256, digest)
		if err != nil {
			t.Fatal(err)
		}
		nb, eb := key.N.Bytes(), big.NewInt(int64(key.E)).Bytes()
		for _, crt := range []bool{false, true} {
			var p, q []byte
			if crt {
				p, q = key.Primes[0].Bytes(), key.Primes[1].Bytes()
			}
			k, err := mont.NewRSAKey(genericMont, nb, eb, key.D.Bytes(), p, q)
			if err != nil {
				t.Fatal(err)
			}
			got, err := k.Sign("sha256", digest)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Fatalf("rsa%d crt=%v: signature differs from crypto/rsa", sk.Bits, crt)
			}
		}
		ok, err := mont.RSAVerify(genericMont, nb, eb, "sha256", digest, want)
		if err != nil || !ok {
			t.Fatalf("rsa%d: verify of a good signature: %v %v", sk.Bits, ok, err)
		}
		bad := append([]byte(nil), want...)
		bad[10] ^= 1
		if ok, err := mont.RSAVerify(genericMont, nb, eb, "sha256", digest, bad); err != nil || ok {
			t.Fatalf("rsa%d: verify of a flipped signature: %v %v", sk.Bits, ok, err)
		}
		if ok, err := mont.RSAVerify(genericMont, nb, eb, "sha256", digest, want[1:]); err != nil || ok {
			t.Fatalf("rsa%d: verify of a short signature: %v %v", sk.Bits, ok, err)
		}
	}
	// Unequal primes: p of 3 limbs, q of 5, both orders.
	r := rand.New(rand.NewSource(3))
	for _, sizes := range [][2]int{{190, 300}, {300, 190}, {64, 320}, {330, 63}} {
		p, q := prime(r, sizes[0]), prime(r, sizes[1])
		n := new(big.Int).Mul(p, q)
		e := big.NewInt(65537)
		phi := new(big.Int).Mul(new(big.Int).Sub(p, big.NewInt(1)), new(big.Int).Sub(q, big.NewInt(1)))
		d := new(big.Int).ModInverse(e, phi)
		if d == nil {
			t.Fatalf("primes of %v bits: 65537 not invertible mod phi", sizes)
		}
		digest := make([]byte, 20)
		r.Read(digest)
		if n.BitLen() < 8*(35+11) {
			t.Fatalf("primes of %v bits: n too short for a SHA-1 DigestInfo", sizes)
		}
		plain, err := mont.NewRSAKey(genericMont, n.Bytes(), e.Bytes(), d.Bytes(), nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		crt, err := mont.NewRSAKey(genericMont, n.Bytes(), e.Bytes(), d.Bytes(), p.Bytes(), q.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		a, err1 := plain.Sign("sha1", digest)
		b, err2 := crt.Sign("sha1", digest)
		if err1 != nil || err2 != nil || !bytes.Equal(a, b) {
			t.Fatalf("primes of %v bits: plain %x (%v) vs CRT %x (%v)", sizes, a, err1, b, err2)
		}
		if ok, err := mont.RSAVerify(genericMont, n.Bytes(), e.Bytes(), "sha1", digest, a); err != nil || !ok {
			t.Fatalf("primes of %v bits: verify %v %v", sizes, ok, err)
		}
	}
}

func prime(r *rand.Rand, bits int) *big.Int {
	for {
		v := new(big.Int).Rand(r, new(big.Int).Lsh(big.NewInt(1), uint(bits)))
		v.SetBit(v, bits-1, 1).SetBit(v, 0, 1)
		if v.ProbablyPrime(20) {
			return v
		}
	}
}

func speedKey(t *testing.T, sk mont.SpeedKey) *rsa.PrivateKey {
	h := func(s string) *big.Int {
		v, ok := new(big.Int).SetString(s, 16)
		if !ok {
			t.Fatalf("bad hex")
		}
		return v
	}
	k := &rsa.PrivateKey{PublicKey: rsa.PublicKey{N: h(sk.N), E: sk.E}, D: h(sk.D), Primes: []*big.Int{h(sk.P), h(sk.Q)}}
	if err := k.Validate(); err != nil {
		t.Fatal(err)
	}
	k.Precompute()
	return k
}

// TestExp2Mul: the Exp2 fallback over GenericMul (no Exp) and over a level
// Exp (ExpMul itself, as a stand-in) against math/big, with exponents of
// different lengths, one empty, and z aliasing x.
func TestExp2Mul(t *testing.T) {
	r := rand.New(rand.NewSource(25))
	for _, n := range []int{1, 2, 16, 17} {
		mods := make([][]uint64, 2)
		xs := make([][]uint64, 2)
		for k := range mods {
			m, x := make([]uint64, n), make([]uint64, n)
			for i := range m {
				m[i], x[i] = r.Uint64(), r.Uint64()
			}
			m[0] |= 1
			m[n-1] |= 1 << 63
			x[n-1] >>= 1
			mods[k], xs[k] = m, x
		}
		toBig := func(a []uint64) *big.Int {
			z := new(big.Int)
			for i := len(a) - 1; i >= 0; i-- {
				z.Lsh(z, 64).Or(z, new(big.Int).SetUint64(a[i]))
			}
			return z
		}
		rr := func(m []uint64) []uint64 {
			v := new(big.Int).Lsh(big.NewInt(1), uint(128*n))
			v.Mod(v, toBig(m))
			out := make([]uint64, n)
			for i := range out {
				out[i] = new(big.Int).Rsh(v, uint(64*i)).Uint64()
			}
			return out
		}
		exp := func(z, x []uint64, e []byte, m, rr []uint64, k0 uint64, s []uint64) {
			mont.ExpMul(mont.GenericMul, z, x, e, m, rr, k0, s)
		}
		for _, ep := range [][2][]byte{{{1, 2, 3}, {0xff}}, {nil, {9, 9}}, {{5}, nil}} {
			for _, level := range []func(z, x []uint64, e []byte, m, rr []uint64, k0 uint64, s []uint64){nil, exp} {
				z1, z2 := append([]uint64(nil), xs[0]...), append([]uint64(nil), xs[1]...)
				mont.Exp2Mul(level, mont.GenericMul, z1, z1, ep[0], mods[0], rr(mods[0]), mont.K0(mods[0][0]),
					z2, z2, ep[1], mods[1], rr(mods[1]), mont.K0(mods[1][0]), make([]uint64, mont.Exp2Scratch(n)))
				for k, z := range [][]uint64{z1, z2} {
					want := new(big.Int).Exp(toBig(xs[k]), new(big.Int).SetBytes(ep[k]), toBig(mods[k]))
					if toBig(z).Cmp(want) != 0 {
						t.Fatalf("n=%d half %d e=%x (level Exp %v): got %x want %x", n, k+1, ep[k], level != nil, toBig(z), want)
					}
				}
			}
		}
	}
}
