//go:build xarch_planted

package aes

import "github.com/xarchlab/xarch/arch"

// aes/planted-inplace has a CBC decryption kernel with the classic aliasing
// bug: it takes the next chaining value from src after writing dst, which
// is the plaintext when dst and src are the same buffer. Out of place it is
// correct, and so are every other mode and direction.
func init() {
	arch.Register(&arch.Impl{
		Name: "aes/planted-inplace", Alg: Name, Arch: "generic", Rank: -1, Planted: true,
		Funcs: &Funcs{Encrypt: GenericEncrypt, Decrypt: GenericDecrypt, CBCDecrypt: plantedCBCDecrypt},
	})
}

func plantedCBCDecrypt(k *Key, iv *[16]byte, dst, src []byte) {
	for i := 0; i+16 <= len(src); i += 16 {
		GenericDecrypt(k, dst[i:i+16], src[i:i+16])
		for j := 0; j < 16; j++ {
			dst[i+j] ^= iv[j]
		}
		copy(iv[:], src[i:i+16]) // wrong in place: src[i:] is now plaintext
	}
}
