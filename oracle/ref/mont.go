package ref

import (
	"bytes"
	"fmt"
	"math/big"
)

// The mont family (see arch/mont_family.go and arch/rsa.go for the ops'
// definitions) with math/big: Montgomery products as x*y*R^-1 mod m with
// R = 2^(64*ceil(len(m)/8)), exponentiation by big.Int.Exp, and RSA PKCS#1
// v1.5 as RFC 8017 writes it (EM^d mod n, never CRT: the target's CRT
// answer must equal it).
func init() {
	add("mont-mul", 1, func(p [][]byte, in []byte) ([]byte, error) {
		m, err := refModulus("modulus", p[0])
		if err != nil {
			return nil, err
		}
		k := len(p[0])
		if len(in) != 2*k {
			return nil, fmt.Errorf("mont-mul takes x || y, %d bytes each, got %d bytes", k, len(in))
		}
		x, y := new(big.Int).SetBytes(in[:k]), new(big.Int).SetBytes(in[k:])
		if x.Cmp(m) >= 0 || y.Cmp(m) >= 0 {
			return nil, fmt.Errorf("x and y must be below the modulus")
		}
		z, _ := MontMul(x, y, m)
		return z.FillBytes(make([]byte, k)), nil
	})
	add("mod-exp", 2, func(p [][]byte, in []byte) ([]byte, error) {
		m, err := refModulus("modulus", p[0])
		if err != nil {
			return nil, err
		}
		k := len(p[0])
		if len(in) != k {
			return nil, fmt.Errorf("x has %d bytes, want %d", len(in), k)
		}
		x := new(big.Int).SetBytes(in)
		if x.Cmp(m) >= 0 {
			return nil, fmt.Errorf("x is not below the modulus")
		}
		z := new(big.Int).Exp(x, new(big.Int).SetBytes(p[1]), m)
		return z.FillBytes(make([]byte, k)), nil
	})
	add("rsa-sign", 6, func(p [][]byte, in []byte) ([]byte, error) {
		n, err := refModulus("n", p[0])
		if err != nil {
			return nil, err
		}
		d := new(big.Int).SetBytes(p[2])
		if d.Sign() == 0 || new(big.Int).SetBytes(p[1]).Sign() == 0 {
			return nil, fmt.Errorf("d and e must not be zero")
		}
		if (len(p[3]) == 0) != (len(p[4]) == 0) {
			return nil, fmt.Errorf("give both p and q or neither")
		}
		if len(p[3]) > 0 && new(big.Int).Mul(new(big.Int).SetBytes(p[3]), new(big.Int).SetBytes(p[4])).Cmp(n) != 0 {
			return nil, fmt.Errorf("p*q is not n")
		}
		em, err := EMSAPKCS1(string(p[5]), in, len(p[0]))
		if err != nil {
			return nil, err
		}
		s := new(big.Int).Exp(new(big.Int).SetBytes(em), d, n)
		return s.FillBytes(make([]byte, len(p[0]))), nil
	})
	add("rsa-verify", 4, func(p [][]byte, in []byte) ([]byte, error) {
		n, err := refModulus("n", p[0])
		if err != nil {
			return nil, err
		}
		em, err := EMSAPKCS1(string(p[2]), p[3], len(p[0]))
		if err != nil {
			return nil, err
		}
		s := new(big.Int).SetBytes(in)
		if len(in) != len(p[0]) || s.Cmp(n) >= 0 {
			return []byte{0}, nil
		}
		got := new(big.Int).Exp(s, new(big.Int).SetBytes(p[1]), n).FillBytes(make([]byte, len(p[0])))
		if bytes.Equal(got, em) {
			return []byte{1}, nil
		}
		return []byte{0}, nil
	})
}

// refModulus applies the family's modulus rules.
func refModulus(what string, b []byte) (*big.Int, error) {
	switch {
	case len(b) == 0 || len(b) > 1024:
		return nil, fmt.Errorf("%s must have 1..1024 bytes, got %d", what, len(b))
	case b[0] == 0:
		return nil, fmt.Errorf("%s has a leading zero byte", what)
	case b[len(b)-1]&1 == 0:
		return nil, fmt.Errorf("%s is even", what)
	case len(b) == 1 && b[0] == 1:
		return nil, fmt.Errorf("%s is 1", what)
	}
	return new(big.Int).SetBytes(b), nil
}

// MontR is R = 2^(64*ceil(bits/64)) for a modulus m: the Montgomery radix
// of the family (m's length in 64-bit limbs; a modulus given in k bytes has
// ceil(k/8) limbs, the same count since its first byte is not zero).
func MontR(m *big.Int) *big.Int {
	limbs := (m.BitLen() + 63) / 64
	return new(big.Int).Lsh(big.NewInt(1), uint(64*limbs))
}

// MontMul is x*y*R^-1 mod m (MontR), and whether the word-by-word
// algorithm's intermediate (x*y + q*m)/R, q = x*y*(-m^-1) mod R, reaches m:
// whether a kernel must make its final subtraction.
func MontMul(x, y, m *big.Int) (z *big.Int, sub bool) {
	r := MontR(m)
	xy := new(big.Int).Mul(x, y)
	z = new(big.Int).Mul(xy, new(big.Int).ModInverse(r, m))
	z.Mod(z, m)
	q := new(big.Int).Mul(xy, new(big.Int).ModInverse(m, r))
	q.Neg(q).Mod(q, r)
	t := new(big.Int).Add(xy, q.Mul(q, m))
	t.Rsh(t, uint(r.BitLen()-1))
	return z, t.Cmp(m) >= 0
}

// rsaDigestInfo: the DER DigestInfo prefixes of RFC 8017 9.2 note 1.
var rsaDigestInfo = map[string]string{
	"sha1":   "3021300906052b0e03021a05000414",
	"sha224": "302d300d06096086480165030402040500041c",
	"sha256": "3031300d060960864801650304020105000420",
	"sha384": "3041300d060960864801650304020205000430",
	"sha512": "3051300d060960864801650304020305000440",
	// id-sha512-224 and id-sha512-256: OIDs 2.16.840.1.101.3.4.2.5 and .6.
	"sha512-224": "302d300d06096086480165030402050500041c",
	"sha512-256": "3031300d060960864801650304020605000420",
}

// EMSAPKCS1 is EMSA-PKCS1-v1_5 (RFC 8017 9.2) of a digest, k bytes.
func EMSAPKCS1(hash string, digest []byte, k int) ([]byte, error) {
	h, ok := rsaDigestInfo[hash]
	if !ok {
		return nil, fmt.Errorf("unknown hash %q", hash)
	}
	var prefix []byte
	fmt.Sscanf(h, "%x", &prefix)
	if len(digest) != int(prefix[len(prefix)-1]) {
		return nil, fmt.Errorf("a %s digest has %d bytes, got %d", hash, prefix[len(prefix)-1], len(digest))
	}
	t := append(prefix, digest...)
	if k < len(t)+11 {
		return nil, fmt.Errorf("modulus too short for the DigestInfo")
	}
	em := make([]byte, k)
	em[1] = 1
	for i := 2; i < k-len(t)-1; i++ {
		em[i] = 0xff
	}
	copy(em[k-len(t):], t)
	return em, nil
}
