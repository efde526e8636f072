package host

import (
	cryptosha256 "crypto/sha256"

	"github.com/xarchlab/xarch/algs"
	hashhost "github.com/xarchlab/xarch/family/hash/host"
	"github.com/xarchlab/xarch/family/sha256"
)

// The SHA-256 family: SHA-256 and SHA-224 over one block function (in
// this order: the fuzz streams of a seed follow it).
// It links the target family too: the host reads its op declarations
// (arch.LookupOp), the family's contract.
func init() {
	algs.Register(hashhost.HashSpec(sha256.Name, []hashhost.HashDigest{
		{Op: "sha256", NIST: "SHA256", Size: 32, GoName: "crypto/sha256",
			Sum: func(m []byte, o *[64]byte) { d := cryptosha256.Sum256(m); copy(o[:], d[:]) }},
		{Op: "sha224", NIST: "SHA224", Size: 28, GoName: "crypto/sha256",
			Sum: func(m []byte, o *[64]byte) { d := cryptosha256.Sum224(m); copy(o[:], d[:]) }},
	}))
}
