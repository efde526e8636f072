package sparc64

// A Go model of the VIS 3 integer instructions of mont/vis3 (umulxhi,
// addxc, addxccc) and the known answer of their probe, built on every
// GOARCH: the probe compares the CPU with it, and host tests interpret the
// disassembled kernel with it (mont_disasm_test.go), since QEMU 7.2 has no
// VIS 3 (the instructions raise SIGILL on every sparc64 model).

import (
	"encoding/binary"
	"math/bits"
)

// opf values (op=2, op3=0x36, integer registers; Oracle SPARC Architecture
// 2011, 7.2 ADDXC, 7.145 UMULXHI).
const (
	vis3OpfAddxc   = 0x011
	vis3OpfAddxccc = 0x013
	vis3OpfUmulxhi = 0x016
)

// vis3Umulxhi models umulxhi: the high 64 bits of the unsigned product.
func vis3Umulxhi(a, b uint64) uint64 {
	hi, _ := bits.Mul64(a, b)
	return hi
}

// vis3Addxc models addxc and addxccc: a + b + xcc.c, and the carry out of
// bit 63 that addxccc writes to xcc.c.
func vis3Addxc(a, b, c uint64) (sum, carry uint64) {
	return bits.Add64(a, b, c)
}

// Fixed operands of the umulxhi probe: both above 2^63, so the product's
// high word is large and a + b carries, as does a + b + 1.
const (
	montProbeA = 0xfedcba9876543210
	montProbeB = 0x8badf00ddeadbeef
)

// montProbeWant is what the probe stores: umulxhi(a, b); then, after an
// addcc of a and b has set xcc.c, addxccc(a, b) and the carry it leaves
// (read back with addxc %g0, %g0); big-endian words.
func montProbeWant() []byte {
	_, c := vis3Addxc(montProbeA, montProbeB, 0)
	s, c2 := vis3Addxc(montProbeA, montProbeB, c)
	c3, _ := vis3Addxc(0, 0, c2)
	out := make([]byte, 24)
	binary.BigEndian.PutUint64(out, vis3Umulxhi(montProbeA, montProbeB))
	binary.BigEndian.PutUint64(out[8:], s)
	binary.BigEndian.PutUint64(out[16:], c3)
	return out
}
