package ref

import (
	"crypto/aes"
	"crypto/cipher"
	"fmt"
)

// AESModes are the modes of the AES family's ops, "aes-<mode>-<enc|dec>".
var AESModes = []string{"ecb", "cbc", "ctr", "ofb", "cfb128"}

func init() {
	for _, mode := range AESModes {
		for _, dec := range []bool{false, true} {
			mode, dec := mode, dec
			name := "aes-" + mode + "-enc"
			if dec {
				name = "aes-" + mode + "-dec"
			}
			add(name, 2, func(p [][]byte, in []byte) ([]byte, error) { return AESCrypt(mode, dec, p[0], p[1], in) })
		}
	}
}

// AESCrypt runs mode over the whole input in one call with crypto/aes and
// crypto/cipher. ECB and CBC need whole blocks; iv is ignored for ECB.
func AESCrypt(mode string, decrypt bool, key, iv, in []byte) ([]byte, error) {
	b, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	if mode != "ecb" && len(iv) != aes.BlockSize {
		return nil, fmt.Errorf("%s needs a 16-byte IV, got %d bytes", mode, len(iv))
	}
	if (mode == "ecb" || mode == "cbc") && len(in)%16 != 0 {
		return nil, fmt.Errorf("%s needs whole blocks, got %d bytes", mode, len(in))
	}
	out := make([]byte, len(in))
	switch mode {
	case "ecb": // the library has no ECB API: the spec's block loop
		for i := 0; i < len(in); i += 16 {
			if decrypt {
				b.Decrypt(out[i:], in[i:])
			} else {
				b.Encrypt(out[i:], in[i:])
			}
		}
	case "cbc":
		if decrypt {
			cipher.NewCBCDecrypter(b, iv).CryptBlocks(out, in)
		} else {
			cipher.NewCBCEncrypter(b, iv).CryptBlocks(out, in)
		}
	case "ctr":
		cipher.NewCTR(b, iv).XORKeyStream(out, in)
	case "ofb":
		cipher.NewOFB(b, iv).XORKeyStream(out, in)
	case "cfb128":
		if decrypt {
			cipher.NewCFBDecrypter(b, iv).XORKeyStream(out, in)
		} else {
			cipher.NewCFBEncrypter(b, iv).XORKeyStream(out, in)
		}
	default:
		return nil, fmt.Errorf("unknown AES mode %q", mode)
	}
	return out, nil
}
