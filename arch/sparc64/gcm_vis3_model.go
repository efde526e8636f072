package sparc64

// A Go model of the VIS 3 carry-less multiply instructions and the GHASH key
// of the VIS 3 kernel (gcm_vis3_sparc64.s), built on every GOARCH: the
// vis3 probe compares the CPU with the model, and host tests interpret the
// disassembled kernel with it (gcm_vis3_disasm_test.go), since QEMU 7.2
// has no VIS 3 (xmulx raises SIGILL on every sparc64 model).

import "encoding/binary"

// opf values of the two instructions (op=2, op3=0x36, integer registers;
// Oracle SPARC Architecture 2011, 7.142 XMULX).
const (
	vis3OpfXmulx   = 0x115
	vis3OpfXmulxhi = 0x116
)

// vis3Xmulx models xmulx and xmulxhi: the low and high 64 bits of the
// 127-bit carry-less product of a and b.
func vis3Xmulx(a, b uint64) (lo, hi uint64) {
	for i := uint(0); i < 64; i++ {
		m := -(b >> i & 1)
		lo ^= a << i & m
		if i > 0 {
			hi ^= a >> (64 - i) & m
		}
	}
	return lo, hi
}

// gcmVIS3Key is H * x^-1 in GCM's bit order (words hi, lo), what the kernel
// multiplies by. With blocks read as integers (the coefficient of x^i at
// bit 127-i), the 255-bit carry-less product of two of them holds the
// coefficient of x^k at bit 254-k: one place short of the 256-bit layout
// the reduction expects, that is, it reads as the product times x. Taking
// H * x^-1 in place of H cancels that, so the kernel needs no 256-bit shift.
type gcmVIS3Key struct {
	h [2]uint64
}

// gcmVIS3Init returns H * x^-1: H/x when H's x^0 coefficient (bit 127) is
// 0, else (H + P)/x with P = x^128 + x^7 + x^2 + x + 1, which adds
// x^127 + x^6 + x + 1 (bits 0, 121, 126, 127) to the shifted H. A mask,
// not a branch, so the time does not depend on H.
func gcmVIS3Init(h *[16]byte) interface{} {
	hi, lo := binary.BigEndian.Uint64(h[:8]), binary.BigEndian.Uint64(h[8:])
	m := -(hi >> 63)
	return &gcmVIS3Key{h: [2]uint64{
		(hi<<1 | lo>>63) ^ 0xc200000000000000&m,
		lo<<1 ^ 1&m,
	}}
}

// gcmVIS3Model is the kernel's arithmetic in Go, for host tests.
func gcmVIS3Model(k *gcmVIS3Key, y *[16]byte, p []byte) {
	zh, zl := binary.BigEndian.Uint64(y[:8]), binary.BigEndian.Uint64(y[8:])
	hh, hl := k.h[0], k.h[1]
	for ; len(p) >= 16; p = p[16:] {
		xh := zh ^ binary.BigEndian.Uint64(p[:8])
		xl := zl ^ binary.BigEndian.Uint64(p[8:16])
		a0, a1 := vis3Xmulx(xl, hl)
		b0, b1 := vis3Xmulx(xh, hl)
		d0, d1 := vis3Xmulx(xl, hh)
		w2, w3 := vis3Xmulx(xh, hh)
		w0, w1 := a0, a1^b0^d0
		w2 ^= b1 ^ d1
		// Fold w0 (x^192..x^255) into w2:w1, then w1 (x^128..x^191)
		// into w3:w2: x^(128+i) = x^i * (1 + x + x^2 + x^7).
		w2 ^= w0 ^ w0>>1 ^ w0>>2 ^ w0>>7
		w1 ^= w0<<63 ^ w0<<62 ^ w0<<57
		w3 ^= w1 ^ w1>>1 ^ w1>>2 ^ w1>>7
		w2 ^= w1<<63 ^ w1<<62 ^ w1<<57
		zh, zl = w3, w2
	}
	binary.BigEndian.PutUint64(y[:8], zh)
	binary.BigEndian.PutUint64(y[8:], zl)
}

// Fixed operands of the vis3 probe: a walking pattern and a dense one, so
// that both halves of the product have many terms.
const (
	vis3ProbeA = 0x8000000000000001 ^ 0x0123456789abcdef
	vis3ProbeB = 0xfedcba9876543210
)

// vis3ProbeWant is what xmulx and xmulxhi of the probe operands must give,
// as 16 big-endian bytes (low word, then high word).
func vis3ProbeWant() []byte {
	lo, hi := vis3Xmulx(vis3ProbeA, vis3ProbeB)
	out := make([]byte, 16)
	binary.BigEndian.PutUint64(out, lo)
	binary.BigEndian.PutUint64(out[8:], hi)
	return out
}
