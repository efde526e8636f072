// Package aesref runs the AES modes through Go's crypto/aes and
// crypto/cipher: the independent reference that unit tests and the suite's
// edge checks compare kernels with (the differential fuzzer has its own, the
// wasm oracle). Stdlib only, so target-side tests can use it under gccgo.
package aesref

import (
	"crypto/aes"
	"crypto/cipher"
	"fmt"

	"github.com/xarchlab/xarch/arch"
)

// Crypt runs mode (arch.AESModeECB, ...) over the whole input in one call.
// ECB and CBC need whole blocks; iv is ignored for ECB.
func Crypt(mode string, decrypt bool, key, iv, in []byte) ([]byte, error) {
	b, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	if mode != arch.AESModeECB && len(iv) != aes.BlockSize {
		return nil, fmt.Errorf("aesref: %s needs a 16-byte IV, got %d bytes", mode, len(iv))
	}
	out := make([]byte, len(in))
	switch mode {
	case arch.AESModeECB:
		for i := 0; i+16 <= len(in); i += 16 {
			if decrypt {
				b.Decrypt(out[i:], in[i:])
			} else {
				b.Encrypt(out[i:], in[i:])
			}
		}
	case arch.AESModeCBC:
		if decrypt {
			cipher.NewCBCDecrypter(b, iv).CryptBlocks(out, in)
		} else {
			cipher.NewCBCEncrypter(b, iv).CryptBlocks(out, in)
		}
	case arch.AESModeCTR:
		cipher.NewCTR(b, iv).XORKeyStream(out, in)
	case arch.AESModeOFB:
		cipher.NewOFB(b, iv).XORKeyStream(out, in)
	case arch.AESModeCFB128:
		if decrypt {
			cipher.NewCFBDecrypter(b, iv).XORKeyStream(out, in)
		} else {
			cipher.NewCFBEncrypter(b, iv).XORKeyStream(out, in)
		}
	default:
		return nil, fmt.Errorf("aesref: unknown mode %q", mode)
	}
	return out, nil
}
