package gcm

import (
	"encoding/binary"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/family/aes"
)

func init() {
	arch.Register(&arch.Impl{
		Name: "aes-gcm/generic", Alg: Name, Arch: "generic", Rank: 0,
		Funcs: &Funcs{AES: aes.Generic, Init: GenericGHASHInit, GHASH: GenericGHASH},
	})
}

// ghashKey is H as two 64-bit halves (GCM's bit 0 is the top bit of hi).
type ghashKey struct{ hi, lo uint64 }

// GenericGHASHInit keeps H for GHASH.
func GenericGHASHInit(h *[16]byte) interface{} {
	return &ghashKey{binary.BigEndian.Uint64(h[:8]), binary.BigEndian.Uint64(h[8:])}
}

// GenericGHASH folds whole blocks of p into y with the multiplication of SP 800-38D
// (Algorithm 1), bit by bit with masks instead of branches, so the time does
// not depend on the data or the key.
func GenericGHASH(hk interface{}, y *[16]byte, p []byte) {
	h := hk.(*ghashKey)
	yh, yl := binary.BigEndian.Uint64(y[:8]), binary.BigEndian.Uint64(y[8:])
	for len(p) >= 16 {
		xh := yh ^ binary.BigEndian.Uint64(p[:8])
		xl := yl ^ binary.BigEndian.Uint64(p[8:16])
		yh, yl = gfMul(xh, xl, h.hi, h.lo)
		p = p[16:]
	}
	binary.BigEndian.PutUint64(y[:8], yh)
	binary.BigEndian.PutUint64(y[8:], yl)
}

// gfMul is X * H in GF(2^128) with GCM's reflected bit order: for each bit
// of X from the first (the top of xh), add V when it is set, then V = V*x,
// which is a right shift with the reduction R = 11100001 || 0^120 folded in
// when the bit shifted out is set.
func gfMul(xh, xl, hh, hl uint64) (zh, zl uint64) {
	vh, vl := hh, hl
	for i := 0; i < 128; i++ {
		var bit uint64
		if i < 64 {
			bit = xh >> (63 - uint(i)) & 1
		} else {
			bit = xl >> (127 - uint(i)) & 1
		}
		m := -bit
		zh ^= vh & m
		zl ^= vl & m
		carry := -(vl & 1)
		vl = vl>>1 | vh<<63
		vh = vh>>1 ^ 0xe100000000000000&carry
	}
	return zh, zl
}
