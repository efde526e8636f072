package sparc64

// A Go model of the SPARC T4 AES round instructions, built on every GOARCH:
// the T4 probe compares the CPU with it, and host tests use it to interpret
// the disassembled aes/t4 code (disasm_test.go), since no emulator here
// runs the opcodes faithfully.

import (
	"encoding/binary"

	"github.com/xarchlab/xarch/family/aes"
)

// op5 values of the four-operand AES instructions (OSA 2011 7.3); the
// _l (last round) forms are the base value plus t4Last.
const (
	t4ERound01 = 0
	t4ERound23 = 1
	t4DRound01 = 2
	t4DRound23 = 3
	t4Last     = 4
)

// t4OpNames indexes mnemonics by op5, as objdump prints them.
var t4OpNames = [8]string{
	"aes_eround01", "aes_eround23", "aes_dround01", "aes_dround23",
	"aes_eround01_l", "aes_eround23_l", "aes_dround01_l", "aes_dround23_l",
}

// t4Round models one instruction: key is rs1 (eight round-key bytes), a and
// b (rs2, rs3) the state's bytes 0-7 and 8-15, big-endian as ldd loads them.
// Encryption rounds are SubBytes, ShiftRows, MixColumns, then the key; the
// decryption rounds are the straight inverse cipher's: InvShiftRows,
// InvSubBytes, the key, then InvMixColumns. The 01 forms return columns 0
// and 1 of the result, the 23 forms columns 2 and 3.
func t4Round(op int, key, a, b uint64) uint64 {
	var s, o [16]byte
	binary.BigEndian.PutUint64(s[0:], a)
	binary.BigEndian.PutUint64(s[8:], b)
	last := op&t4Last != 0
	dec := op&2 != 0
	half := 8 * (op & 1) // byte offset of the two columns returned
	for c := 0; c < 4; c++ {
		for r := 0; r < 4; r++ {
			if dec {
				o[4*c+r] = aes.InvSbox(s[4*((c+4-r)%4)+r])
			} else {
				o[4*c+r] = aes.Sbox(s[4*((c+r)%4)+r])
			}
		}
	}
	var k [8]byte
	binary.BigEndian.PutUint64(k[:], key)
	h := o[half : half+8]
	if !dec && !last {
		mixColumn(h[0:4])
		mixColumn(h[4:8])
	}
	for i := range h {
		h[i] ^= k[i]
	}
	if dec && !last {
		aes.InvMixColumn(h[0:4])
		aes.InvMixColumn(h[4:8])
	}
	return binary.BigEndian.Uint64(h)
}

// mixColumn applies MixColumns (FIPS-197 5.1.3) to one column in place.
func mixColumn(c []byte) {
	a0, a1, a2, a3 := c[0], c[1], c[2], c[3]
	c[0] = aes.GFMul(a0, 2) ^ aes.GFMul(a1, 3) ^ a2 ^ a3
	c[1] = a0 ^ aes.GFMul(a1, 2) ^ aes.GFMul(a2, 3) ^ a3
	c[2] = a0 ^ a1 ^ aes.GFMul(a2, 2) ^ aes.GFMul(a3, 3)
	c[3] = aes.GFMul(a0, 3) ^ a1 ^ a2 ^ aes.GFMul(a3, 2)
}

// The probe's inputs: FIPS-197 Appendix B, round 1 (the state after the
// first AddRoundKey, and round key 1's bytes 0-7). Appendix B lists the
// round's output columns 0-1 as a49c7ff2 689f352b.
const (
	t4ProbeKey = 0xa0fafe1788542cb1
	t4ProbeA   = 0x193de3bea0f4e22b
	t4ProbeB   = 0x9ac68d2ae9f84808
)

// t4ProbeWant is what aes_eround01 must return on the probe's inputs,
// computed by the model.
func t4ProbeWant() []byte {
	var w [8]byte
	binary.BigEndian.PutUint64(w[:], t4Round(t4ERound01, t4ProbeKey, t4ProbeA, t4ProbeB))
	return w[:]
}
