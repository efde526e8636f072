package ref

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/subtle"
	"encoding/binary"
	"fmt"
)

// AES-GCM (SP 800-38D) through crypto/cipher. Params: key, iv, aad, taglen
// (one byte, 4..16). "aes-gcm-seal" answers ciphertext || tag;
// "aes-gcm-open" answers 0x01 || plaintext, or 0x00 when authentication
// fails. crypto/cipher takes tags of 12..16 bytes only, so both directions
// use the full tag and truncate; open recomputes the tag of the decrypted
// text (GCM is CTR underneath: plaintext = ciphertext ^ keystream, and the
// keystream is the seal of zeros).
func init() {
	add("aes-gcm-seal", 4, func(p [][]byte, in []byte) ([]byte, error) {
		a, tagLen, err := gcmOf(p)
		if err != nil {
			return nil, err
		}
		out := a.Seal(nil, p[1], in, p[2])
		return out[:len(in)+tagLen], nil
	})
	add("aes-gcm-open", 4, func(p [][]byte, in []byte) ([]byte, error) {
		a, tagLen, err := gcmOf(p)
		if err != nil {
			return nil, err
		}
		if len(in) < tagLen {
			return []byte{0}, nil
		}
		ct, tag := in[:len(in)-tagLen], in[len(in)-tagLen:]
		ks := a.Seal(nil, p[1], make([]byte, len(ct)), nil)[:len(ct)]
		pt := make([]byte, len(ct))
		for i := range pt {
			pt[i] = ct[i] ^ ks[i]
		}
		full := a.Seal(nil, p[1], pt, p[2])
		if subtle.ConstantTimeCompare(full[len(ct):len(ct)+tagLen], tag) != 1 {
			return []byte{0}, nil
		}
		return append([]byte{1}, pt...), nil
	})
}

func gcmOf(p [][]byte) (cipher.AEAD, int, error) {
	if len(p[3]) != 1 || p[3][0] < 4 || p[3][0] > 16 {
		return nil, 0, fmt.Errorf("taglen must be one byte, 4..16")
	}
	if len(p[1]) == 0 {
		return nil, 0, fmt.Errorf("GCM IV must not be empty")
	}
	b, err := aes.NewCipher(p[0])
	if err != nil {
		return nil, 0, err
	}
	a, err := cipher.NewGCMWithNonceSize(b, len(p[1]))
	if err != nil {
		return nil, 0, err
	}
	return a, int(p[3][0]), nil
}

// GCMIVForCounter returns a 16-byte IV whose pre-counter block J0 under key
// ends in the 32-bit value low (its other 96 bits are fixed): J0 =
// GHASH(IV || lengths), so IV = ((J0 * H^-1) ^ L) * H^-1. With low close
// to 0xffffffff the message's counter wraps inside it, the case a kernel
// that carries into the upper 96 bits gets wrong.
func GCMIVForCounter(key []byte, low uint32) ([]byte, error) {
	b, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	var h [16]byte
	b.Encrypt(h[:], h[:])
	hh, hl := binary.BigEndian.Uint64(h[:8]), binary.BigEndian.Uint64(h[8:])
	ih, il := gfInv(hh, hl)
	jh, jl := uint64(0x0123456789abcdef), uint64(0xfedcba98)<<32|uint64(low)
	// L: 0^64 || [128]64, the lengths block of a 16-byte IV.
	xh, xl := gfMul(jh, jl, ih, il)
	xl ^= 128
	ivh, ivl := gfMul(xh, xl, ih, il)
	iv := make([]byte, 16)
	binary.BigEndian.PutUint64(iv[:8], ivh)
	binary.BigEndian.PutUint64(iv[8:], ivl)
	return iv, nil
}

// gfMul multiplies in GCM's field (reflected bit order, SP 800-38D
// Algorithm 1).
func gfMul(xh, xl, hh, hl uint64) (zh, zl uint64) {
	vh, vl := hh, hl
	for i := 0; i < 128; i++ {
		var bit uint64
		if i < 64 {
			bit = xh >> (63 - uint(i)) & 1
		} else {
			bit = xl >> (127 - uint(i)) & 1
		}
		if bit == 1 {
			zh ^= vh
			zl ^= vl
		}
		carry := vl & 1
		vl = vl>>1 | vh<<63
		vh >>= 1
		if carry == 1 {
			vh ^= 0xe100000000000000
		}
	}
	return zh, zl
}

// gfInv is x^(2^128-2), the inverse of a non-zero x.
func gfInv(xh, xl uint64) (uint64, uint64) {
	// The field's one: the bit at GCM position 0 (the top bit).
	rh, rl := uint64(1)<<63, uint64(0)
	bh, bl := xh, xl
	// 2^128-2 is 127 ones then a zero: square-and-multiply from bit 1 up.
	bh, bl = gfMul(bh, bl, bh, bl)
	for i := 1; i < 128; i++ {
		rh, rl = gfMul(rh, rl, bh, bl)
		bh, bl = gfMul(bh, bl, bh, bl)
	}
	return rh, rl
}
