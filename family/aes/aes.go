// Package aes is the AES family: key expansion and the entry points of a
// level (Funcs), the mode layer (ECB, CBC, CTR, OFB, CFB128 with chaining
// state, callable in pieces), its ops, AESAVS Monte Carlo step and speed
// algorithms, and its generic and planted levels. Target side: Go 1.18.
package aes

import (
	"github.com/xarchlab/xarch/arch"
)

// The AES kernel interface. A kernel provides whole-block ECB functions and,
// optionally, multi-block CBC/CTR kernels (where interleaving pays); the mode
// layer (aesmodes.go) builds every mode, partial blocks and chaining state on
// top, so modes can be called in pieces.

// Name is the algorithm family name of AES implementations.
const Name = "aes"

// Key is an expanded key in the byte layouts block kernels use.
type Key struct {
	Rounds int // 10, 12 or 14
	// Enc holds round keys 0..Rounds for encryption, 16 bytes each, in
	// FIPS-197 byte order (the order AES-NI and ARMv8 load them).
	Enc []byte
	// Dec holds the equivalent inverse cipher's keys (FIPS-197 5.3.5) in the
	// order decryption uses them: Enc's last key first, InvMixColumns
	// applied to keys 1..Rounds-1, Enc's first key last.
	Dec []byte
	// Priv is a kernel-private schedule (for example a layout that special
	// instructions want), filled by AESFuncs.Expand.
	Priv interface{}
}

// Funcs are the entry points of one AES implementation level. In every
// function dst and src have the same length, a multiple of 16, and may be
// the same slice (in place) but must not otherwise overlap.
type Funcs struct {
	// Expand, if set, replaces ExpandAESKey (for kernels that expand keys
	// with their own instructions or want another layout in Priv).
	Expand func(key []byte) *Key
	// Encrypt and Decrypt are ECB over whole blocks.
	Encrypt func(k *Key, dst, src []byte)
	Decrypt func(k *Key, dst, src []byte)
	// Optional multi-block kernels; nil means the mode layer drives
	// Encrypt/Decrypt. iv is updated to the last ciphertext block.
	CBCEncrypt func(k *Key, iv *[16]byte, dst, src []byte)
	CBCDecrypt func(k *Key, iv *[16]byte, dst, src []byte)
	// CTR XORs src with E(ctr), E(ctr+1), ... into dst and leaves ctr at the
	// next unused counter; the increment is over all 128 bits, big-endian.
	CTR func(k *Key, ctr *[16]byte, dst, src []byte)
}

// Of returns im's AES entry points.
func Of(im *arch.Impl) (*Funcs, error) {
	if f, ok := im.Funcs.(*Funcs); ok && f != nil && f.Encrypt != nil && f.Decrypt != nil {
		return f, nil
	}
	return nil, arch.FuncsError(im, "*aes.Funcs with Encrypt and Decrypt")
}

// FuncsOf returns im's AES entry points, nil for another family.
func FuncsOf(im *arch.Impl) *Funcs {
	f, _ := im.Funcs.(*Funcs)
	return f
}

// aesSbox and aesInvSbox are computed at start-up from the field arithmetic
// of FIPS-197 5.1.1 rather than written out.
var aesSbox, aesInvSbox [256]byte

func init() {
	// p walks GF(2^8)* by multiplying by 3, q by its inverse (dividing by 3),
	// so q = p^-1 at every step; the affine map then gives S(p).
	p, q := byte(1), byte(1)
	for {
		p = p ^ (p << 1) ^ (byte(int8(p)>>7) & 0x1b)
		q ^= q << 1
		q ^= q << 2
		q ^= q << 4
		q ^= byte(int8(q)>>7) & 0x09
		x := q ^ rotl8(q, 1) ^ rotl8(q, 2) ^ rotl8(q, 3) ^ rotl8(q, 4) ^ 0x63
		aesSbox[p] = x
		aesInvSbox[x] = p
		if p == 1 {
			break
		}
	}
	aesSbox[0] = 0x63
	aesInvSbox[0x63] = 0
}

func rotl8(x byte, n uint) byte { return x<<n | x>>(8-n) }

// Sbox returns the forward S-box value (for generic kernels and tables).
func Sbox(x byte) byte { return aesSbox[x] }

// InvSbox returns the inverse S-box value.
func InvSbox(x byte) byte { return aesInvSbox[x] }

// GFMul multiplies in GF(2^8) modulo x^8+x^4+x^3+x+1.
func GFMul(a, b byte) byte {
	var r byte
	for b != 0 {
		if b&1 != 0 {
			r ^= a
		}
		a = a<<1 ^ (byte(int8(a)>>7) & 0x1b)
		b >>= 1
	}
	return r
}

// InvMixColumn applies InvMixColumns to one 4-byte column in place.
func InvMixColumn(c []byte) {
	a0, a1, a2, a3 := c[0], c[1], c[2], c[3]
	c[0] = GFMul(a0, 14) ^ GFMul(a1, 11) ^ GFMul(a2, 13) ^ GFMul(a3, 9)
	c[1] = GFMul(a0, 9) ^ GFMul(a1, 14) ^ GFMul(a2, 11) ^ GFMul(a3, 13)
	c[2] = GFMul(a0, 13) ^ GFMul(a1, 9) ^ GFMul(a2, 14) ^ GFMul(a3, 11)
	c[3] = GFMul(a0, 11) ^ GFMul(a1, 13) ^ GFMul(a2, 9) ^ GFMul(a3, 14)
}

// ExpandKey is the FIPS-197 key expansion (5.2) plus the equivalent
// inverse cipher's schedule. key must be 16, 24 or 32 bytes.
func ExpandKey(key []byte) *Key {
	nk := len(key) / 4
	if len(key) != 16 && len(key) != 24 && len(key) != 32 {
		panic("arch: AES key must be 16, 24 or 32 bytes")
	}
	rounds := nk + 6
	total := 4 * (rounds + 1) // words
	w := make([]byte, 4*total)
	copy(w, key)
	rcon := byte(1)
	for i := nk; i < total; i++ {
		var t [4]byte
		copy(t[:], w[4*(i-1):4*i])
		switch {
		case i%nk == 0:
			t = [4]byte{aesSbox[t[1]] ^ rcon, aesSbox[t[2]], aesSbox[t[3]], aesSbox[t[0]]}
			rcon = GFMul(rcon, 2)
		case nk > 6 && i%nk == 4:
			t = [4]byte{aesSbox[t[0]], aesSbox[t[1]], aesSbox[t[2]], aesSbox[t[3]]}
		}
		for j := 0; j < 4; j++ {
			w[4*i+j] = w[4*(i-nk)+j] ^ t[j]
		}
	}
	dec := make([]byte, len(w))
	for r := 0; r <= rounds; r++ {
		copy(dec[16*r:16*r+16], w[16*(rounds-r):16*(rounds-r)+16])
		if r != 0 && r != rounds {
			for c := 0; c < 4; c++ {
				InvMixColumn(dec[16*r+4*c : 16*r+4*c+4])
			}
		}
	}
	return &Key{Rounds: rounds, Enc: w, Dec: dec}
}

// Expand returns the key schedule this level uses.
func (f *Funcs) ExpandKey(key []byte) *Key {
	if f.Expand != nil {
		return f.Expand(key)
	}
	return ExpandKey(key)
}
