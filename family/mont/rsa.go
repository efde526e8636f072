package mont

import (
	"crypto/subtle"
	"fmt"
	"math/big"
	"math/bits"
)

// RSA PKCS#1 v1.5 signatures (RFC 8017 8.2, EMSA-PKCS1-v1_5) on the mont
// kernels.
//
//   - rsa-sign: params n, e, d, p, q, hash; data the message's digest
//     (the host hashes; the target only encodes it). Answers the signature,
//     len(n) bytes. p and q are both empty (s = EM^d mod n) or both given
//     (CRT: dP = d mod (p-1), dQ = d mod (q-1) and qInv = q^-1 mod p are
//     computed here; m1 = EM^dP mod p, m2 = EM^dQ mod q, s = m2 + q *
//     (qInv (m1 - m2) mod p)). e travels with the key and is not used.
//   - rsa-verify: params n, e, hash, digest; data the signature. Answers one
//     byte: 0x01 when s^e mod n is the encoding of the digest, 0x00 when it
//     is not (a wrong signature, a signature of the wrong length or not
//     below n: an answer, not an error, like aes-gcm-open).
//
// hash names the DigestInfo: sha1, sha224, sha256, sha384, sha512,
// sha512-224, sha512-256; the digest must have that hash's length.
//
// The exponentiations are the kernel's, in Montgomery form with the fixed
// window (mont_family.go). The CRT glue (EM mod p and mod q, m2 mod p,
// Garner's step) is Montgomery products and masked subtractions too (no
// math/big per operation, so the speed loop does not allocate); key setup
// (dP, dQ, qInv, R^2 mod p and q) uses math/big once per key.

// RSA op names and rsa-verify's answers.
const (
	RSASignOp   = "rsa-sign"
	RSAVerifyOp = "rsa-verify"
	RSAValid    = 0x01
	RSAInvalid  = 0x00
)

// rsaDigestInfo is the DER prefix of each hash's DigestInfo (RFC 8017
// 9.2, note 1), followed by the digest.
var rsaDigestInfo = map[string][]byte{
	"sha1":   {0x30, 0x21, 0x30, 0x09, 0x06, 0x05, 0x2b, 0x0e, 0x03, 0x02, 0x1a, 0x05, 0x00, 0x04, 0x14},
	"sha224": {0x30, 0x2d, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x04, 0x05, 0x00, 0x04, 0x1c},
	"sha256": {0x30, 0x31, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x01, 0x05, 0x00, 0x04, 0x20},
	"sha384": {0x30, 0x41, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x02, 0x05, 0x00, 0x04, 0x30},
	"sha512": {0x30, 0x51, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x03, 0x05, 0x00, 0x04, 0x40},
	// id-sha512-224 (2.16.840.1.101.3.4.2.5) and id-sha512-256 (...2.6):
	// SEQUENCE { SEQUENCE { OID, NULL }, OCTET STRING of 28 or 32 bytes }.
	"sha512-224": {0x30, 0x2d, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x05, 0x05, 0x00, 0x04, 0x1c},
	"sha512-256": {0x30, 0x31, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x06, 0x05, 0x00, 0x04, 0x20},
}

// RSAHashes are the hash names rsa-sign and rsa-verify take.
var RSAHashes = []string{"sha1", "sha224", "sha256", "sha384", "sha512", "sha512-224", "sha512-256"}

// rsaPrefix checks the hash name and digest length and returns the
// DigestInfo prefix.
func rsaPrefix(hash string, digest []byte) ([]byte, error) {
	p, ok := rsaDigestInfo[hash]
	if !ok {
		return nil, fmt.Errorf("unknown hash %q (known: sha1, sha224, sha256, sha384, sha512, sha512-224, sha512-256)", hash)
	}
	if want := int(p[len(p)-1]); len(digest) != want {
		return nil, fmt.Errorf("a %s digest has %d bytes, got %d", hash, want, len(digest))
	}
	return p, nil
}

// emsa writes EM = 00 01 FF..FF 00 prefix digest into em (len(em) = k).
func emsa(em, prefix, digest []byte) error {
	t := len(prefix) + len(digest)
	if len(em) < t+11 {
		return fmt.Errorf("a %d-byte modulus is too short for a %d-byte DigestInfo (needs %d bytes)", len(em), t, t+11)
	}
	em[0], em[1] = 0, 1
	ps := len(em) - t - 1
	for i := 2; i < ps; i++ {
		em[i] = 0xff
	}
	em[ps] = 0
	copy(em[ps+1:], prefix)
	copy(em[ps+1+len(prefix):], digest)
	return nil
}

// RSAKey is a private key prepared for one level.
type RSAKey struct {
	k      int // bytes of n
	n      *montCtx
	d      []byte // k bytes
	crt    bool
	p, q   *montCtx
	dP, dQ []byte   // len(p), len(q) bytes
	qInvR  []uint64 // qInv R mod p: Mul(x, qInvR) = qInv x mod p
	em     []byte   // k bytes
	c      []uint64 // EM, n's limbs
	m1, h  []uint64 // p's limbs
	m2     []uint64 // q's limbs
	prod   []uint64 // p's + q's limbs
	s      []uint64 // n's limbs
	xs2    []uint64 // Exp2Scratch(p's limbs) when p and q have as many limbs, else nil
}

// trimZeros drops leading zero bytes.
func trimZeros(b []byte) []byte {
	for len(b) > 0 && b[0] == 0 {
		b = b[1:]
	}
	return b
}

// padTo returns b (no leading zeros) left-padded with zeros to k bytes.
func padTo(b []byte, k int) []byte {
	out := make([]byte, k)
	copy(out[k-len(b):], b)
	return out
}

// NewRSAKey checks and prepares a private key (see the ops above).
func NewRSAKey(f *Funcs, n, e, d, p, q []byte) (*RSAKey, error) {
	nc, err := newMontCtx(f, "n", n)
	if err != nil {
		return nil, err
	}
	k := len(n)
	d = trimZeros(d)
	switch {
	case len(d) == 0:
		return nil, fmt.Errorf("d is zero")
	case len(d) > k:
		return nil, fmt.Errorf("d has %d significant bytes, more than n's %d", len(d), k)
	case len(trimZeros(e)) == 0:
		return nil, fmt.Errorf("e is zero or empty")
	}
	key := &RSAKey{k: k, n: nc, d: padTo(d, k), em: make([]byte, k), c: make([]uint64, nc.n), s: make([]uint64, nc.n)}
	switch {
	case len(p) == 0 && len(q) == 0:
		return key, nil
	case len(p) == 0 || len(q) == 0:
		return nil, fmt.Errorf("give both p and q (CRT) or neither")
	}
	pc, err := newMontCtx(f, "p", p)
	if err != nil {
		return nil, err
	}
	qc, err := newMontCtx(f, "q", q)
	if err != nil {
		return nil, err
	}
	if new(big.Int).Mul(pc.big, qc.big).Cmp(nc.big) != 0 {
		return nil, fmt.Errorf("p*q is not n")
	}
	qInv := new(big.Int).ModInverse(qc.big, pc.big)
	if qInv == nil {
		return nil, fmt.Errorf("q has no inverse mod p")
	}
	bd := new(big.Int).SetBytes(d)
	one := big.NewInt(1)
	dP := new(big.Int).Mod(bd, new(big.Int).Sub(pc.big, one))
	dQ := new(big.Int).Mod(bd, new(big.Int).Sub(qc.big, one))
	key.crt, key.p, key.q = true, pc, qc
	key.dP, key.dQ = padTo(dP.Bytes(), len(p)), padTo(dQ.Bytes(), len(q))
	key.qInvR = make([]uint64, pc.n)
	qr := new(big.Int).Lsh(qInv, uint(64*pc.n))
	bigToLimbs(key.qInvR, qr.Mod(qr, pc.big))
	key.m1, key.h, key.m2 = make([]uint64, pc.n), make([]uint64, pc.n), make([]uint64, qc.n)
	key.prod = make([]uint64, pc.n+qc.n)
	if pc.n == qc.n {
		// The halves go through exp2: the level's Exp2, or Exp2Mul.
		key.xs2 = make([]uint64, Exp2Scratch(pc.n))
	}
	return key, nil
}

// Sign answers the signature of digest under hash.
func (key *RSAKey) Sign(hash string, digest []byte) ([]byte, error) {
	prefix, err := rsaPrefix(hash, digest)
	if err != nil {
		return nil, err
	}
	out := make([]byte, key.k)
	if err := key.sign(out, prefix, digest); err != nil {
		return nil, err
	}
	return out, nil
}

// sign writes the signature to out (k bytes) without allocating.
func (key *RSAKey) sign(out, prefix, digest []byte) error {
	if err := emsa(key.em, prefix, digest); err != nil {
		return err
	}
	bytesToLimbs(key.c, key.em)
	if !key.crt {
		key.n.exp(key.s, key.c, key.d)
		limbsToBytes(out, key.s)
		return nil
	}
	p, q := key.p, key.q
	p.reduce(key.m1, key.c)
	q.reduce(key.m2, key.c)
	if key.xs2 != nil {
		// Both halves at once (the level's Exp2 in lockstep, or Exp2Mul).
		exp2(p, q, key.m1, key.m1, key.dP, key.m2, key.m2, key.dQ, key.xs2)
	} else {
		p.exp(key.m1, key.m1, key.dP)
		q.exp(key.m2, key.m2, key.dQ)
	}
	// h = qInv (m1 - m2 mod p) mod p
	p.reduce(key.h, key.m2)
	var b uint64
	for j := 0; j < p.n; j++ {
		key.h[j], b = bits.Sub64(key.m1[j], key.h[j], b)
	}
	mask := -b // add p back when m1 < m2 mod p
	var c uint64
	for j := 0; j < p.n; j++ {
		key.h[j], c = bits.Add64(key.h[j], p.m[j]&mask, c)
	}
	p.mul(key.h, key.h, key.qInvR, p.m, p.k0)
	// s = m2 + q h, below n.
	mulPlain(key.prod, key.h, q.m)
	c = 0
	for j := range key.prod {
		var v uint64
		if j < q.n {
			v = key.m2[j]
		}
		key.prod[j], c = bits.Add64(key.prod[j], v, c)
	}
	limbsToBytes(out, key.prod)
	return nil
}

// mulPlain sets z = a*b (len(z) = len(a)+len(b)), schoolbook.
func mulPlain(z, a, b []uint64) {
	for i := range z {
		z[i] = 0
	}
	for i, ai := range a {
		var c uint64
		for j, bj := range b {
			hi, lo := bits.Mul64(ai, bj)
			var cc uint64
			lo, cc = bits.Add64(lo, z[i+j], 0)
			hi += cc
			lo, cc = bits.Add64(lo, c, 0)
			hi += cc
			z[i+j], c = lo, hi
		}
		z[i+len(b)] = c
	}
}

// rsaPublic is a public key prepared for one level.
type rsaPublic struct {
	n   *montCtx
	e   []byte
	s   []uint64
	em  []byte // the expected encoding
	got []byte
}

func newRSAPublic(f *Funcs, n, e []byte) (*rsaPublic, error) {
	nc, err := newMontCtx(f, "n", n)
	if err != nil {
		return nil, err
	}
	if len(e) > MaxBytes {
		return nil, fmt.Errorf("e has %d bytes; at most %d", len(e), MaxBytes)
	}
	return &rsaPublic{n: nc, e: trimZeros(e), s: make([]uint64, nc.n), em: make([]byte, len(n)), got: make([]byte, len(n))}, nil
}

// verify reports whether sig is a signature of digest (encoded with
// prefix); an error only for a key too short for the DigestInfo.
func (pub *rsaPublic) verify(prefix, digest, sig []byte) (bool, error) {
	if err := emsa(pub.em, prefix, digest); err != nil {
		return false, err
	}
	if len(sig) != len(pub.em) {
		return false, nil
	}
	bytesToLimbs(pub.s, sig)
	if !limbsLess(pub.s, pub.n.m) {
		return false, nil
	}
	pub.n.expPublic(pub.s, pub.s, pub.e)
	limbsToBytes(pub.got, pub.s)
	return subtle.ConstantTimeCompare(pub.got, pub.em) == 1, nil
}

// RSAVerify is the rsa-verify op on one level.
func RSAVerify(f *Funcs, n, e []byte, hash string, digest, sig []byte) (bool, error) {
	prefix, err := rsaPrefix(hash, digest)
	if err != nil {
		return false, err
	}
	pub, err := newRSAPublic(f, n, e)
	if err != nil {
		return false, err
	}
	return pub.verify(prefix, digest, sig)
}
