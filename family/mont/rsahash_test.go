package mont_test

import (
	"bytes"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
	"crypto/x509/pkix"
	"encoding/asn1"
	"math/big"
	"testing"

	"github.com/xarchlab/xarch/family/mont"
)

// Every hash rsa-sign takes, SHA-512/224 and SHA-512/256 among them,
// encodes the DigestInfo built here from its DER structure (RFC 8017 9.2:
// SEQUENCE { AlgorithmIdentifier { OID, NULL }, OCTET STRING digest }),
// and rsa-verify accepts the signature only under that hash.
func TestRSADigestInfoEveryHash(t *testing.T) {
	oids := map[string]asn1.ObjectIdentifier{
		"sha1":       {1, 3, 14, 3, 2, 26},
		"sha224":     {2, 16, 840, 1, 101, 3, 4, 2, 4},
		"sha256":     {2, 16, 840, 1, 101, 3, 4, 2, 1},
		"sha384":     {2, 16, 840, 1, 101, 3, 4, 2, 2},
		"sha512":     {2, 16, 840, 1, 101, 3, 4, 2, 3},
		"sha512-224": {2, 16, 840, 1, 101, 3, 4, 2, 5},
		"sha512-256": {2, 16, 840, 1, 101, 3, 4, 2, 6},
	}
	msg := []byte("xarch")
	digests := map[string][]byte{}
	s1 := sha1.Sum(msg)
	s224 := sha256.Sum224(msg)
	s256 := sha256.Sum256(msg)
	s384 := sha512.Sum384(msg)
	s512 := sha512.Sum512(msg)
	s512224 := sha512.Sum512_224(msg)
	s512256 := sha512.Sum512_256(msg)
	digests["sha1"], digests["sha224"], digests["sha256"], digests["sha384"] = s1[:], s224[:], s256[:], s384[:]
	digests["sha512"], digests["sha512-224"], digests["sha512-256"] = s512[:], s512224[:], s512256[:]
	if len(mont.RSAHashes) != len(oids) {
		t.Fatalf("mont.RSAHashes is %v; the test knows %d hashes", mont.RSAHashes, len(oids))
	}
	key := speedKey(t, mont.SpeedKeys[0])
	nb, eb := key.N.Bytes(), big.NewInt(int64(key.E)).Bytes()
	k, err := mont.NewRSAKey(genericMont, nb, eb, key.D.Bytes(), nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range mont.RSAHashes {
		type digestInfo struct {
			Alg    pkix.AlgorithmIdentifier
			Digest []byte
		}
		der, err := asn1.Marshal(digestInfo{pkix.AlgorithmIdentifier{Algorithm: oids[h], Parameters: asn1.NullRawValue}, digests[h]})
		if err != nil {
			t.Fatal(err)
		}
		em := make([]byte, len(nb))
		em[1] = 1
		for i := 2; i < len(em)-len(der)-1; i++ {
			em[i] = 0xff
		}
		copy(em[len(em)-len(der):], der)
		want := fixed(new(big.Int).Exp(new(big.Int).SetBytes(em), key.D, key.N), len(nb))
		got, err := k.Sign(h, digests[h])
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("%s: the signature is not EM^d mod n of the DER DigestInfo %x", h, der)
		}
		for _, other := range mont.RSAHashes {
			if len(digests[other]) != len(digests[h]) {
				continue
			}
			ok, err := mont.RSAVerify(genericMont, nb, eb, other, digests[h], got)
			if err != nil || ok != (other == h) {
				t.Fatalf("signed with %s, verified as %s: %v %v", h, other, ok, err)
			}
		}
	}
}
