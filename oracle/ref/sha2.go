package ref

import (
	"crypto/sha256"
	"crypto/sha512"
)

// The SHA-2 digests: the SHA-256 and SHA-512 families' ops.
func init() {
	add("sha224", 0, func(_ [][]byte, in []byte) ([]byte, error) { d := sha256.Sum224(in); return d[:], nil })
	add("sha256", 0, func(_ [][]byte, in []byte) ([]byte, error) { d := sha256.Sum256(in); return d[:], nil })
	add("sha384", 0, func(_ [][]byte, in []byte) ([]byte, error) { d := sha512.Sum384(in); return d[:], nil })
	add("sha512", 0, func(_ [][]byte, in []byte) ([]byte, error) { d := sha512.Sum512(in); return d[:], nil })
	add("sha512-224", 0, func(_ [][]byte, in []byte) ([]byte, error) { d := sha512.Sum512_224(in); return d[:], nil })
	add("sha512-256", 0, func(_ [][]byte, in []byte) ([]byte, error) { d := sha512.Sum512_256(in); return d[:], nil })
}
