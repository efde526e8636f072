package host

import (
	"crypto/sha256"

	"github.com/xarchlab/xarch/algs"
	hashhost "github.com/xarchlab/xarch/family/hash/host"
)

// The SHA-256 family: SHA-256 and SHA-224 over one block function (in
// this order: the fuzz streams of a seed follow it).
func init() {
	algs.Register(hashhost.HashSpec("sha256", []hashhost.HashDigest{
		{Op: "sha256", NIST: "SHA256", Size: 32, GoName: "crypto/sha256",
			Sum: func(m []byte, o *[64]byte) { d := sha256.Sum256(m); copy(o[:], d[:]) }},
		{Op: "sha224", NIST: "SHA224", Size: 28, GoName: "crypto/sha256",
			Sum: func(m []byte, o *[64]byte) { d := sha256.Sum224(m); copy(o[:], d[:]) }},
	}))
}
