//go:build amd64 && gc

package amd64

// The instruction model, part 3: the AES transformations behind AESENC,
// AESENCLAST, AESDEC and AESDECLAST (Intel SDM, "AESENC": ShiftRows,
// SubBytes, MixColumns, AddRoundKey; FIPS-197 sections 5.1 and 5.3),
// built from their definitions: the S-box from inversion in GF(2^8)
// modulo x^8+x^4+x^3+x+1 and the affine map, not from a copied table.
// A 128-bit register holds the state column by column: byte i is row
// i%4 of column i/4.

// gfMul8 multiplies in GF(2^8) modulo 0x11b.
func gfMul8(a, b byte) byte {
	var p byte
	for b != 0 {
		if b&1 != 0 {
			p ^= a
		}
		hi := a & 0x80
		a <<= 1
		if hi != 0 {
			a ^= 0x1b
		}
		b >>= 1
	}
	return p
}

var aesSbox, aesInvSbox [256]byte

func init() {
	for x := 0; x < 256; x++ {
		var inv byte // 0 maps to 0
		for y := 1; y < 256 && x != 0; y++ {
			if gfMul8(byte(x), byte(y)) == 1 {
				inv = byte(y)
				break
			}
		}
		// b'_i = b_i ^ b_(i+4) ^ b_(i+5) ^ b_(i+6) ^ b_(i+7) ^ c_i, c = 0x63.
		var s byte
		for i := uint(0); i < 8; i++ {
			bit := (inv>>i ^ inv>>((i+4)%8) ^ inv>>((i+5)%8) ^ inv>>((i+6)%8) ^ inv>>((i+7)%8) ^ 0x63>>i) & 1
			s |= bit << i
		}
		aesSbox[x] = s
	}
	for x := 0; x < 256; x++ {
		aesInvSbox[aesSbox[x]] = byte(x)
	}
}

func aesSubBytes(s []byte, box *[256]byte) []byte {
	out := make([]byte, 16)
	for i := range out {
		out[i] = box[s[i]]
	}
	return out
}

// ShiftRows: row r rotates left by r columns: out[r,c] = in[r,(c+r)%4].
func aesShiftRows(s []byte) []byte {
	out := make([]byte, 16)
	for c := 0; c < 4; c++ {
		for r := 0; r < 4; r++ {
			out[r+4*c] = s[r+4*((c+r)%4)]
		}
	}
	return out
}

// InvShiftRows: out[r,c] = in[r,(c-r)%4].
func aesInvShiftRows(s []byte) []byte {
	out := make([]byte, 16)
	for c := 0; c < 4; c++ {
		for r := 0; r < 4; r++ {
			out[r+4*c] = s[r+4*((c-r+4)%4)]
		}
	}
	return out
}

// mixWith multiplies each column by the circulant matrix whose first row
// is m.
func mixWith(s []byte, m [4]byte) []byte {
	out := make([]byte, 16)
	for c := 0; c < 4; c++ {
		for r := 0; r < 4; r++ {
			var v byte
			for k := 0; k < 4; k++ {
				v ^= gfMul8(m[(k-r+4)%4], s[k+4*c])
			}
			out[r+4*c] = v
		}
	}
	return out
}

func aesMixColumns(s []byte) []byte    { return mixWith(s, [4]byte{2, 3, 1, 1}) }
func aesInvMixColumns(s []byte) []byte { return mixWith(s, [4]byte{14, 11, 13, 9}) }
