package host

import (
	"bytes"
	"crypto"
	"crypto/rsa"
	"crypto/x509/pkix"
	"encoding/asn1"
	"math/big"
	"os"
	"testing"

	"github.com/xarchlab/xarch/family/mont"
	"github.com/xarchlab/xarch/oracle/ref"
)

// The generated known answers are what KATFiles writes now (go generate
// in family/mont/host rewrites them).
func TestKATFilesUpToDate(t *testing.T) {
	files, err := KATFiles()
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range files {
		got, err := os.ReadFile(KATPath(name))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s is not what KATFiles writes: run go generate ./family/mont/host", KATPath(name))
		}
	}
}

// The DigestInfo of SHA-512/224 and SHA-512/256 built from its DER
// structure (RFC 8017 9.2: SEQUENCE { AlgorithmIdentifier { OID, NULL },
// OCTET STRING }) is the encoding ref uses, and crypto/rsa's signature of
// a digest decrypts to it.
func TestSHA512tDigestInfo(t *testing.T) {
	key := MontSpeedRSAKey(mont.SpeedKeys[0])
	for _, c := range []struct {
		name string
		h    crypto.Hash
		oid  asn1.ObjectIdentifier
	}{
		{"sha512-224", crypto.SHA512_224, asn1.ObjectIdentifier{2, 16, 840, 1, 101, 3, 4, 2, 5}},
		{"sha512-256", crypto.SHA512_256, asn1.ObjectIdentifier{2, 16, 840, 1, 101, 3, 4, 2, 6}},
	} {
		digest := RSADigest(c.name, []byte("abc"))
		der, err := asn1.Marshal(struct {
			Alg    pkix.AlgorithmIdentifier
			Digest []byte
		}{pkix.AlgorithmIdentifier{Algorithm: c.oid, Parameters: asn1.NullRawValue}, digest})
		if err != nil {
			t.Fatal(err)
		}
		k := key.Size()
		em, err := ref.EMSAPKCS1(c.name, digest, k)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(em[k-len(der):], der) {
			t.Fatalf("%s: ref's DigestInfo %x, the DER is %x", c.name, em[k-len(der):], der)
		}
		sig, err := rsa.SignPKCS1v15(nil, key, c.h, digest)
		if err != nil {
			t.Fatal(err)
		}
		got := new(big.Int).Exp(new(big.Int).SetBytes(sig), big.NewInt(int64(key.E)), key.N).FillBytes(make([]byte, k))
		if !bytes.Equal(got, em) {
			t.Fatalf("%s: crypto/rsa's signature decrypts to %x, ref encodes %x", c.name, got, em)
		}
	}
}
