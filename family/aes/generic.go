package aes

import (
	"encoding/binary"

	"github.com/xarchlab/xarch/arch"
)

// AES in portable Go with 32-bit round tables: each table entry is one
// S-box output already multiplied into a MixColumns column, so a round is
// 16 lookups and XORs. The tables are built at init from aes.Sbox and
// arch.GFMul. Not constant-time (table lookups depend on data): it is the
// reference level and the fallback, not a hardened implementation.

func init() {
	arch.Register(&arch.Impl{
		Name:  "aes/generic",
		Alg:   Name,
		Arch:  "generic",
		Rank:  0,
		Funcs: &Funcs{Expand: GenericExpand, Encrypt: GenericEncrypt, Decrypt: GenericDecrypt},
	})
}

var (
	// te[r][x] is the column contribution of S(x) entering in row r;
	// te[r] is te[0] rotated right by 8r bits.
	te [4][256]uint32
	// td is the same for the inverse cipher: InvS(x) times (14, 9, 13, 11).
	td [4][256]uint32
	// sbox and invSbox copied for the last round.
	sbox, invSbox [256]byte
)

func init() {
	for i := 0; i < 256; i++ {
		x := byte(i)
		s := Sbox(x)
		v := InvSbox(x)
		sbox[i], invSbox[i] = s, v
		e := uint32(GFMul(s, 2))<<24 | uint32(s)<<16 | uint32(s)<<8 | uint32(GFMul(s, 3))
		d := uint32(GFMul(v, 14))<<24 | uint32(GFMul(v, 9))<<16 | uint32(GFMul(v, 13))<<8 | uint32(GFMul(v, 11))
		for r := uint(0); r < 4; r++ {
			te[r][i] = e>>(8*r) | e<<(32-8*r)
			td[r][i] = d>>(8*r) | d<<(32-8*r)
		}
	}
}

// schedule is the key schedule as big-endian words (AESKey.Priv), so
// rounds do not reassemble key words from bytes.
type schedule struct{ enc, dec []uint32 }

func words(b []byte) []uint32 {
	w := make([]uint32, len(b)/4)
	for i := range w {
		w[i] = binary.BigEndian.Uint32(b[4*i:])
	}
	return w
}

// GenericExpand is aes.ExpandKey plus the word schedule in Priv.
func GenericExpand(key []byte) *Key {
	k := ExpandKey(key)
	k.Priv = &schedule{words(k.Enc), words(k.Dec)}
	return k
}

// scheduleOf accepts keys from ExpandAESKey too (no Priv).
func scheduleOf(k *Key) *schedule {
	if s, ok := k.Priv.(*schedule); ok {
		return s
	}
	return &schedule{words(k.Enc), words(k.Dec)}
}

// GenericEncrypt is ECB encryption of whole blocks with k.Enc.
func GenericEncrypt(k *Key, dst, src []byte) {
	rk := scheduleOf(k).enc
	for i := 0; i+16 <= len(src); i += 16 {
		encryptBlock(rk, k.Rounds, dst[i:i+16], src[i:i+16])
	}
}

// GenericDecrypt is ECB decryption of whole blocks with the equivalent inverse
// cipher's schedule k.Dec.
func GenericDecrypt(k *Key, dst, src []byte) {
	rk := scheduleOf(k).dec
	for i := 0; i+16 <= len(src); i += 16 {
		decryptBlock(rk, k.Rounds, dst[i:i+16], src[i:i+16])
	}
}

func word(b []byte, i int) uint32 { return binary.BigEndian.Uint32(b[4*i:]) }

// encryptBlock keeps the state as four big-endian column words. ShiftRows
// is folded into which column each row's byte is taken from.
func encryptBlock(rk []uint32, rounds int, dst, src []byte) {
	_ = rk[4*rounds+3]
	s0 := word(src, 0) ^ rk[0]
	s1 := word(src, 1) ^ rk[1]
	s2 := word(src, 2) ^ rk[2]
	s3 := word(src, 3) ^ rk[3]
	for r := 1; r < rounds; r++ {
		k := rk[4*r : 4*r+4]
		t0 := te[0][s0>>24] ^ te[1][s1>>16&0xff] ^ te[2][s2>>8&0xff] ^ te[3][s3&0xff] ^ k[0]
		t1 := te[0][s1>>24] ^ te[1][s2>>16&0xff] ^ te[2][s3>>8&0xff] ^ te[3][s0&0xff] ^ k[1]
		t2 := te[0][s2>>24] ^ te[1][s3>>16&0xff] ^ te[2][s0>>8&0xff] ^ te[3][s1&0xff] ^ k[2]
		t3 := te[0][s3>>24] ^ te[1][s0>>16&0xff] ^ te[2][s1>>8&0xff] ^ te[3][s2&0xff] ^ k[3]
		s0, s1, s2, s3 = t0, t1, t2, t3
	}
	k := rk[4*rounds : 4*rounds+4]
	binary.BigEndian.PutUint32(dst[0:], subShift(&sbox, s0, s1, s2, s3)^k[0])
	binary.BigEndian.PutUint32(dst[4:], subShift(&sbox, s1, s2, s3, s0)^k[1])
	binary.BigEndian.PutUint32(dst[8:], subShift(&sbox, s2, s3, s0, s1)^k[2])
	binary.BigEndian.PutUint32(dst[12:], subShift(&sbox, s3, s0, s1, s2)^k[3])
}

// decryptBlock is the equivalent inverse cipher (FIPS-197 5.3.5): the same
// round shape with InvShiftRows taking row r from column c-r.
func decryptBlock(rk []uint32, rounds int, dst, src []byte) {
	_ = rk[4*rounds+3]
	s0 := word(src, 0) ^ rk[0]
	s1 := word(src, 1) ^ rk[1]
	s2 := word(src, 2) ^ rk[2]
	s3 := word(src, 3) ^ rk[3]
	for r := 1; r < rounds; r++ {
		k := rk[4*r : 4*r+4]
		t0 := td[0][s0>>24] ^ td[1][s3>>16&0xff] ^ td[2][s2>>8&0xff] ^ td[3][s1&0xff] ^ k[0]
		t1 := td[0][s1>>24] ^ td[1][s0>>16&0xff] ^ td[2][s3>>8&0xff] ^ td[3][s2&0xff] ^ k[1]
		t2 := td[0][s2>>24] ^ td[1][s1>>16&0xff] ^ td[2][s0>>8&0xff] ^ td[3][s3&0xff] ^ k[2]
		t3 := td[0][s3>>24] ^ td[1][s2>>16&0xff] ^ td[2][s1>>8&0xff] ^ td[3][s0&0xff] ^ k[3]
		s0, s1, s2, s3 = t0, t1, t2, t3
	}
	k := rk[4*rounds : 4*rounds+4]
	binary.BigEndian.PutUint32(dst[0:], subShift(&invSbox, s0, s3, s2, s1)^k[0])
	binary.BigEndian.PutUint32(dst[4:], subShift(&invSbox, s1, s0, s3, s2)^k[1])
	binary.BigEndian.PutUint32(dst[8:], subShift(&invSbox, s2, s1, s0, s3)^k[2])
	binary.BigEndian.PutUint32(dst[12:], subShift(&invSbox, s3, s2, s1, s0)^k[3])
}

// subShift builds one output column of the last round: row r's byte comes
// from the r-th argument.
func subShift(box *[256]byte, a, b, c, d uint32) uint32 {
	return uint32(box[a>>24])<<24 | uint32(box[b>>16&0xff])<<16 | uint32(box[c>>8&0xff])<<8 | uint32(box[d&0xff])
}

// Generic is the portable AES level's entry points, for the families
// built on AES.
var Generic = &Funcs{Expand: GenericExpand, Encrypt: GenericEncrypt, Decrypt: GenericDecrypt}
