package oracle

import (
	"bytes"
	"crypto"
	"crypto/rsa"
	"math/big"
	"testing"

	"github.com/xarchlab/xarch/family/mont"
	monthost "github.com/xarchlab/xarch/family/mont/host"
)

// The reference module (wasm) signs with every hash of mont.RSAHashes,
// SHA-512/224 and SHA-512/256 among them, as crypto/rsa does, and its
// rsa-verify accepts those signatures and rejects them under another hash.
func TestOracleRSAEveryHash(t *testing.T) {
	o := open(t)
	key := monthost.MontSpeedRSAKey(mont.SpeedKeys[0])
	hashes := map[string]crypto.Hash{"sha1": crypto.SHA1, "sha224": crypto.SHA224, "sha256": crypto.SHA256, "sha384": crypto.SHA384,
		"sha512": crypto.SHA512, "sha512-224": crypto.SHA512_224, "sha512-256": crypto.SHA512_256}
	if len(hashes) != len(mont.RSAHashes) {
		t.Fatalf("mont.RSAHashes %v: the test knows %d", mont.RSAHashes, len(hashes))
	}
	n, e, d := key.N.Bytes(), big.NewInt(int64(key.E)).Bytes(), key.D.Bytes()
	for _, name := range mont.RSAHashes {
		h, ok := hashes[name]
		if !ok {
			t.Fatalf("no crypto.Hash for %s", name)
		}
		digest := monthost.RSADigest(name, []byte("xarch"))
		want, err := rsa.SignPKCS1v15(nil, key, h, digest)
		if err != nil {
			t.Fatal(err)
		}
		got, err := o.Call("rsa-sign", n, e, d, nil, nil, []byte(name), digest)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("%s: the reference's signature differs from crypto/rsa's", name)
		}
		for _, other := range mont.RSAHashes {
			od := monthost.RSADigest(other, []byte("xarch"))
			v, err := o.Call("rsa-verify", n, e, []byte(other), od, want)
			if err != nil {
				t.Fatal(err)
			}
			if wantV := other == name; (len(v) == 1 && v[0] == mont.RSAValid) != wantV {
				t.Fatalf("signed with %s, verified as %s: answer %x", name, other, v)
			}
		}
	}
}
