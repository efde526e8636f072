package runner

import (
	"crypto/sha256"
	"fmt"

	"github.com/xarchlab/xarch/arch"
)

// AES speed operations: openssl's -evp names, one buffer encrypted in place
// per operation with the chaining state carried on, as `openssl speed -evp
// aes-128-ctr` does with one context. The check output is the SHA-256 of one
// operation on a fresh stream (SpeedAESKey, SpeedAESIV) over the pattern:
// after n operations the buffer depends on n, a fresh one does not.

// SpeedAESModes are the AES algorithms of the speed command.
var SpeedAESModes = []struct {
	Name, Mode string
	KeyLen     int
}{
	{"aes-128-ctr", arch.AESModeCTR, 16}, {"aes-192-ctr", arch.AESModeCTR, 24}, {"aes-256-ctr", arch.AESModeCTR, 32},
	{"aes-128-cbc", arch.AESModeCBC, 16}, {"aes-192-cbc", arch.AESModeCBC, 24}, {"aes-256-cbc", arch.AESModeCBC, 32},
	{"aes-128-ecb", arch.AESModeECB, 16}, {"aes-192-ecb", arch.AESModeECB, 24}, {"aes-256-ecb", arch.AESModeECB, 32},
}

// SpeedAESKey is the key of AES speed operations (its first n bytes).
func SpeedAESKey(n int) []byte {
	k := make([]byte, n)
	for i := range k {
		k[i] = byte(0x10 + i)
	}
	return k
}

// SpeedAESIV is the IV (initial counter for CTR) of AES speed operations;
// ECB has none.
func SpeedAESIV(mode string) []byte {
	if mode == arch.AESModeECB {
		return nil
	}
	iv := make([]byte, 16)
	for i := range iv {
		iv[i] = byte(0xf0 + i)
	}
	return iv
}

func init() {
	for _, m := range SpeedAESModes {
		m := m
		speedAlgs[m.Name] = speedAlg{arch.AES, func(im *arch.Impl, size int) (*speedOp, error) {
			return newAESSpeed(im, m.Mode, m.KeyLen, size)
		}}
	}
}

func newAESSpeed(im *arch.Impl, mode string, keyLen, size int) (*speedOp, error) {
	if arch.AESFuncsOf(im) == nil {
		return nil, fmt.Errorf("%s registers no AES entry points", im.Name)
	}
	if mode != arch.AESModeCTR && size%16 != 0 {
		return nil, fmt.Errorf("%s takes whole 16-byte blocks; size %d is not a multiple of 16", mode, size)
	}
	key, iv := SpeedAESKey(keyLen), SpeedAESIV(mode)
	// The check: one operation on a fresh stream.
	fresh, err := arch.NewAESStream(arch.AESFuncsOf(im), mode, false, key, iv)
	if err != nil {
		return nil, err
	}
	buf := make([]byte, size)
	SpeedPattern(buf)
	if err := fresh.Crypt(buf, buf); err != nil {
		return nil, err
	}
	check := sha256.Sum256(buf)

	st, err := arch.NewAESStream(arch.AESFuncsOf(im), mode, false, key, iv)
	if err != nil {
		return nil, err
	}
	SpeedPattern(buf)
	run := func(n int) {
		for i := 0; i < n; i++ {
			st.Crypt(buf, buf)
		}
	}
	return &speedOp{run: run, last: func() []byte { return check[:] }}, nil
}
