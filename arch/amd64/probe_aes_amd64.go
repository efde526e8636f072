//go:build gc

package amd64

import (
	"github.com/xarchlab/xarch/family/aes"
)

// Feature probes for the AES levels. Each runs one AES round instruction on
// fixed inputs and compares it with the same round computed here from the
// FIPS-197 definitions (aes.Sbox, arch.GFMul), so the expected value
// never comes from the instruction under test.

// The FIPS-197 appendix B state at the start of round 1 and round key 1;
// one round gives a49c7ff2689f352b6b5bea43026a5049 (the start of round 2).
var (
	probeState = [16]byte{0x19, 0x3d, 0xe3, 0xbe, 0xa0, 0xf4, 0xe2, 0x2b,
		0x9a, 0xc6, 0x8d, 0x2a, 0xe9, 0xf8, 0x48, 0x08}
	probeKey = [16]byte{0xa0, 0xfa, 0xfe, 0x17, 0x88, 0x54, 0x2c, 0xb1,
		0x23, 0xa3, 0x39, 0x39, 0x2a, 0x6c, 0x76, 0x05}
)

// aesRoundRef is one AES encryption round as AESENC defines it: ShiftRows,
// SubBytes, MixColumns, then XOR with the round key. Byte r+4c is row r of
// column c.
func aesRoundRef(state, key [16]byte) [16]byte {
	var t, out [16]byte
	for c := 0; c < 4; c++ {
		for r := 0; r < 4; r++ {
			t[r+4*c] = aes.Sbox(state[r+4*((c+r)%4)])
		}
	}
	for c := 0; c < 4; c++ {
		a := t[4*c : 4*c+4]
		for r := 0; r < 4; r++ {
			v := aes.GFMul(a[r], 2) ^ aes.GFMul(a[(r+1)%4], 3) ^ a[(r+2)%4] ^ a[(r+3)%4]
			out[r+4*c] = v ^ key[r+4*c]
		}
	}
	return out
}

func probeAESENC() (want, got []byte) {
	w := aesRoundRef(probeState, probeKey)
	var g [16]byte
	aesencProbe(&probeState, &probeKey, &g)
	return w[:], g[:]
}

// probeLanes gives each of the four 128-bit lanes its own state and key
// (the appendix B inputs with the lane number mixed in), so a lane that
// copies another or stays zero shows up.
func probeLanes() (state, key [64]byte) {
	for l := 0; l < 4; l++ {
		for i := 0; i < 16; i++ {
			state[16*l+i] = probeState[i] ^ byte(0x11*l) ^ byte(i*l)
			key[16*l+i] = probeKey[(i+5*l)%16] ^ byte(l)
		}
	}
	return
}

// probeVAESENC runs VAESENC on a ZMM and compares all four lanes. A CPU
// with VAES but no AVX-512 state (the ZMM form would trap there although
// the feature works) gets the VEX.256 form and two lanes instead.
func probeVAESENC() (want, got []byte) {
	state, key := probeLanes()
	lanes := 4
	if !detect()["avx512f"] {
		lanes = 2
	}
	want = make([]byte, 16*lanes)
	for l := 0; l < lanes; l++ {
		var s, k [16]byte
		copy(s[:], state[16*l:])
		copy(k[:], key[16*l:])
		r := aesRoundRef(s, k)
		copy(want[16*l:], r[:])
	}
	var g [64]byte
	if lanes == 4 {
		vaesencProbe(&state, &key, &g)
	} else {
		vaesencProbeYMM(&state, &key, &g)
	}
	return want, g[:16*lanes]
}
