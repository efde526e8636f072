//go:build gc

package ppc64le

import (
	"bytes"
	"fmt"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/family/aes"
)

// The vcipher probe: FIPS-197 Appendix B, round 1 of the example cipher
// (state after the first AddRoundKey, round key 1). The expected output is
// computed in Go, not copied, so the same check works for any input.
var (
	p8ProbeState = [16]byte{0x19, 0x3d, 0xe3, 0xbe, 0xa0, 0xf4, 0xe2, 0x2b, 0x9a, 0xc6, 0x8d, 0x2a, 0xe9, 0xf8, 0x48, 0x08}
	p8ProbeKey   = [16]byte{0xa0, 0xfa, 0xfe, 0x17, 0x88, 0x54, 0x2c, 0xb1, 0x23, 0xa3, 0x39, 0x39, 0x2a, 0x6c, 0x76, 0x05}
)

func init() {
	arch.RegisterProbe(arch.Probe{
		Feature: "vcrypto",
		Instr:   "vcipher",
		Run: func() (want, got []byte) {
			return p8RoundCheck(0, p8ProbeState, p8ProbeKey)
		},
	})
}

// ProbeVCIPHER runs VCIPHER on fixed inputs, with a distinct destination
// and with the destination aliasing each source, and compares with Go. A
// non-nil error means the CPU or emulator does not execute it faithfully.
// Call it only where "vcrypto" is detected: it traps otherwise.
func ProbeVCIPHER() error {
	want, got := p8RoundCheck(0, p8ProbeState, p8ProbeKey)
	return p8RoundDiff(0, want, got)
}

var p8RoundNames = [4]string{"vcipher", "vcipherlast", "vncipher", "vncipherlast"}
var p8AliasNames = [4]string{"vt distinct", "vt=va", "vt=vb", "vt=va=vb"}

// p8RoundCheck runs round instruction op on (s, k) in the four aliasing
// forms of aesRoundP8 and returns the model's and the CPU's 64 bytes.
func p8RoundCheck(op int, s, k [16]byte) (want, got []byte) {
	ps, pk := p8Swap(s), p8Swap(k)
	var out [4][16]byte
	aesRoundP8(op, &ps, &pk, &out)
	for i := range out {
		o := p8Swap(out[i])
		got = append(got, o[:]...)
		key := k
		if i == 3 {
			key = s
		}
		m := p8RoundModel(op, s, key)
		want = append(want, m[:]...)
	}
	return want, got
}

// p8RoundDiff names the first aliasing form whose result differs.
func p8RoundDiff(op int, want, got []byte) error {
	for i := 0; i < 4; i++ {
		w, g := want[16*i:16*i+16], got[16*i:16*i+16]
		if !bytes.Equal(w, g) {
			return fmt.Errorf("%s (%s): got %x, want %x", p8RoundNames[op], p8AliasNames[i], g, w)
		}
	}
	return nil
}

// p8Swap reverses each 8-byte half: FIPS order <-> LXVD2X memory order.
func p8Swap(b [16]byte) [16]byte {
	var o [16]byte
	for i := 0; i < 8; i++ {
		o[i] = b[7-i]
		o[8+i] = b[15-i]
	}
	return o
}

// p8RoundModel is what the ISA says each instruction computes, on the state
// in FIPS-197 order (byte r+4c is row r, column c):
// vcipher      MixColumns(ShiftRows(SubBytes(s))) ^ k
// vcipherlast  ShiftRows(SubBytes(s)) ^ k
// vncipher     InvMixColumns(InvSubBytes(InvShiftRows(s)) ^ k)
// vncipherlast InvSubBytes(InvShiftRows(s)) ^ k
func p8RoundModel(op int, s, k [16]byte) [16]byte {
	var t [16]byte
	for c := 0; c < 4; c++ {
		for r := 0; r < 4; r++ {
			if op < 2 {
				t[r+4*c] = aes.Sbox(s[r+4*((c+r)%4)])
			} else {
				t[r+4*((c+r)%4)] = aes.InvSbox(s[r+4*c])
			}
		}
	}
	if op == 0 {
		for c := 0; c < 16; c += 4 {
			a0, a1, a2, a3 := t[c], t[c+1], t[c+2], t[c+3]
			t[c] = aes.GFMul(a0, 2) ^ aes.GFMul(a1, 3) ^ a2 ^ a3
			t[c+1] = a0 ^ aes.GFMul(a1, 2) ^ aes.GFMul(a2, 3) ^ a3
			t[c+2] = a0 ^ a1 ^ aes.GFMul(a2, 2) ^ aes.GFMul(a3, 3)
			t[c+3] = aes.GFMul(a0, 3) ^ a1 ^ a2 ^ aes.GFMul(a3, 2)
		}
	}
	for i := range t {
		t[i] ^= k[i]
	}
	if op == 2 {
		for c := 0; c < 16; c += 4 {
			aes.InvMixColumn(t[c : c+4])
		}
	}
	return t
}
