package host

import (
	cryptosha512 "crypto/sha512"

	"github.com/xarchlab/xarch/algs"
	hashhost "github.com/xarchlab/xarch/family/hash/host"
	"github.com/xarchlab/xarch/family/sha512"
)

// The SHA-512 family: SHA-384, SHA-512, SHA-512/224 and SHA-512/256 over
// one block function.
// It links the target family too: the host reads its op declarations
// (arch.LookupOp), the family's contract.
func init() {
	algs.Register(hashhost.HashSpec(sha512.Name, []hashhost.HashDigest{
		{Op: "sha384", NIST: "SHA384", Size: 48, GoName: "crypto/sha512",
			Sum: func(m []byte, o *[64]byte) { d := cryptosha512.Sum384(m); copy(o[:], d[:]) }},
		{Op: "sha512", NIST: "SHA512", Size: 64, GoName: "crypto/sha512",
			Sum: func(m []byte, o *[64]byte) { d := cryptosha512.Sum512(m); copy(o[:], d[:]) }},
		{Op: "sha512-224", NIST: "SHA512_224", Size: 28, GoName: "crypto/sha512",
			Sum: func(m []byte, o *[64]byte) { d := cryptosha512.Sum512_224(m); copy(o[:], d[:]) }},
		{Op: "sha512-256", NIST: "SHA512_256", Size: 32, GoName: "crypto/sha512",
			Sum: func(m []byte, o *[64]byte) { d := cryptosha512.Sum512_256(m); copy(o[:], d[:]) }},
	}))
}
