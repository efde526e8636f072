package sparc64

// The GHASH key of aes-gcm/sparc64: two 16-entry tables of multiples of H,
// built in Go on every GOARCH so that host tests can interpret the V9 GHASH
// kernel (gcm_sparc64.s) with the same tables it reads on sparc64.
//
// Bit order: a 16-byte block read big-endian as the 128-bit integer hi:lo
// holds the coefficient of x^i at integer bit 127-i (GCM's bit 0 is the top
// bit of hi). Multiplying by x is then a right shift by one, with
// R = 0xe1 << 120 folded in when the coefficient of x^127 (bit 0 of lo) is
// shifted out, since x^128 = 1 + x + x^2 + x^7.

import "encoding/binary"

// gcmV9Key is what Init returns and the kernel indexes: entry n (0..15) of
// table M at byte 16n, of table M4 at byte 256 + 16n, each as the words hi,
// lo. With n's four bits placed at integer bits 127..124 (coefficients
// x^0..x^3, n's top bit first),
//
//	M[n]  = n * H
//	M4[n] = n * H * x^4
//
// so the byte b at integer bits t..t+7 of a block X (t = 0, 8, ..., 120)
// contributes (M[b >> 4] ^ M4[b & 15]) * x^(120-t) to X*H: a byte costs
// two lookups and, in Horner's scheme, one 8-bit shift of the accumulator
// (see the kernel).
type gcmV9Key struct {
	tab [64]uint64
}

// gcmV9MulX returns (hi, lo) * x in GCM's field, with a mask instead of a
// branch so that Init's time does not depend on H.
func gcmV9MulX(hi, lo uint64) (uint64, uint64) {
	carry := -(lo & 1)
	return hi>>1 ^ 0xe100000000000000&carry, lo>>1 | hi<<63
}

// gcmV9Tables builds both tables from H = E(K, 0^128).
func gcmV9Tables(h *[16]byte) *gcmV9Key {
	k := new(gcmV9Key)
	hi, lo := binary.BigEndian.Uint64(h[:8]), binary.BigEndian.Uint64(h[8:])
	// H*x^0 .. H*x^7: x^j is n = 8 >> j in M for j < 4, in M4 for j >= 4.
	var pw [8][2]uint64
	for j := 0; j < 8; j++ {
		pw[j] = [2]uint64{hi, lo}
		hi, lo = gcmV9MulX(hi, lo)
	}
	for n := 0; n < 16; n++ {
		var m, m4 [2]uint64
		for j := 0; j < 4; j++ {
			sel := -uint64(n >> (3 - uint(j)) & 1)
			m[0] ^= pw[j][0] & sel
			m[1] ^= pw[j][1] & sel
			m4[0] ^= pw[j+4][0] & sel
			m4[1] ^= pw[j+4][1] & sel
		}
		k.tab[2*n], k.tab[2*n+1] = m[0], m[1]
		k.tab[32+2*n], k.tab[32+2*n+1] = m4[0], m4[1]
	}
	return k
}
