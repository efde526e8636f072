package sha512

import (
	"encoding/binary"
	"math/bits"

	"github.com/xarchlab/xarch/arch"
)

func init() {
	arch.Register(&arch.Impl{
		Name:  "sha512/generic",
		Alg:   Name,
		Arch:  "generic",
		Rank:  0,
		Funcs: &Funcs{Block: GenericBlock},
	})
}

// GenericBlock is the FIPS 180-4 SHA-512 compression function (6.4.2), one
// 128-byte block at a time, with an 80-word schedule.
func GenericBlock(h *[8]uint64, p []byte) {
	var w [80]uint64
	for len(p) >= 128 {
		for i := 0; i < 16; i++ {
			w[i] = binary.BigEndian.Uint64(p[8*i:])
		}
		for i := 16; i < 80; i++ {
			s0 := bits.RotateLeft64(w[i-15], -1) ^ bits.RotateLeft64(w[i-15], -8) ^ (w[i-15] >> 7)
			s1 := bits.RotateLeft64(w[i-2], -19) ^ bits.RotateLeft64(w[i-2], -61) ^ (w[i-2] >> 6)
			w[i] = w[i-16] + s0 + w[i-7] + s1
		}
		a, b, c, d, e, f, g, hh := h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7]
		for i := 0; i < 80; i++ {
			S1 := bits.RotateLeft64(e, -14) ^ bits.RotateLeft64(e, -18) ^ bits.RotateLeft64(e, -41)
			ch := (e & f) ^ (^e & g)
			t1 := hh + S1 + ch + K[i] + w[i]
			S0 := bits.RotateLeft64(a, -28) ^ bits.RotateLeft64(a, -34) ^ bits.RotateLeft64(a, -39)
			maj := (a & b) ^ (a & c) ^ (b & c)
			t2 := S0 + maj
			hh, g, f, e, d, c, b, a = g, f, e, d+t1, c, b, a, t1+t2
		}
		h[0] += a
		h[1] += b
		h[2] += c
		h[3] += d
		h[4] += e
		h[5] += f
		h[6] += g
		h[7] += hh
		p = p[128:]
	}
}
