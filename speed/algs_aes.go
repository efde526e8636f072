package speed

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/sha256"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/runner"
)

// AES algorithms: the runner's list (runner.SpeedAESModes), openssl's -evp
// names. The Go peer is crypto/aes with crypto/cipher's CTR and CBC (and a
// loop of Encrypt for ECB, which crypto/cipher does not offer), encrypting
// one buffer in place per operation with the state carried on. Its output
// check is the SHA-256 of one operation on a fresh stream, as the runner's.
func init() {
	for _, m := range runner.SpeedAESModes {
		m := m
		addAlg(&Alg{Name: m.Name, Family: arch.AES, OpenSSL: m.Name, GoName: "crypto/aes+crypto/cipher",
			goOp: func(size int) (func(int), func() []byte) {
				key, iv := runner.SpeedAESKey(m.KeyLen), runner.SpeedAESIV(m.Mode)
				block, err := aes.NewCipher(key)
				if err != nil {
					panic(err) // the key sizes above are AES's own
				}
				buf := make([]byte, size)
				runner.SpeedPattern(buf)
				var run func(int)
				switch m.Mode {
				case arch.AESModeCTR:
					s := cipher.NewCTR(block, iv)
					run = func(n int) {
						for i := 0; i < n; i++ {
							s.XORKeyStream(buf, buf)
						}
					}
				case arch.AESModeCBC:
					s := cipher.NewCBCEncrypter(block, iv)
					whole := buf[:size&^15]
					run = func(n int) {
						for i := 0; i < n; i++ {
							s.CryptBlocks(whole, whole)
						}
					}
				default: // ECB
					run = func(n int) {
						for i := 0; i < n; i++ {
							for j := 0; j+16 <= len(buf); j += 16 {
								block.Encrypt(buf[j:j+16], buf[j:j+16])
							}
						}
					}
				}
				return run, func() []byte {
					d := sha256.Sum256(buf)
					return d[:]
				}
			}})
	}
}
