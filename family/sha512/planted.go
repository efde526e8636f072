//go:build xarch_planted

package sha512

import "github.com/xarchlab/xarch/arch"

// A deliberately broken SHA-512 level, built only with the xarch_planted
// tag: wrong only at the padding boundary of 128-byte blocks. A message of
// 112 bytes (mod 128) leaves no room for the 16-byte length, so its padding
// spills into an extra block; this level goes wrong exactly then (it sees
// the 0x80 at byte 112 of a block followed by zeros), the off-by-one of a
// kernel that pads itself with "> 112" where "> 111" was meant. 111 bytes
// and every other length hash right.
func init() {
	arch.Register(&arch.Impl{
		Name: "sha512/planted-padding", Alg: Name, Arch: "generic", Rank: -1, Planted: true,
		Tuning: []arch.Tuning{{Name: "pad_spill_bytes", Value: 112, Unit: arch.Bytes}},
		Funcs:  &Funcs{Block: plantedPadding},
	})
	// sha512/planted-zero-block is a do-while block loop: given zero
	// blocks it still hashes the block its pointer points at. The ops
	// never call it with zero blocks, so only the kernel edges see it.
	arch.Register(&arch.Impl{
		Name: "sha512/planted-zero-block", Alg: Name, Arch: "generic", Rank: -1, Planted: true,
		Funcs: &Funcs{Block: plantedZeroBlock},
	})
}

func plantedZeroBlock(h *[8]uint64, p []byte) {
	if len(p) == 0 && cap(p) >= 128 {
		p = p[:128] // what the missing length test would read
	}
	GenericBlock(h, p)
}

func plantedPadding(h *[8]uint64, p []byte) {
	for len(p) >= 128 {
		b := p[:128]
		GenericBlock(h, b)
		if spilled(b) {
			h[7] ^= 1
		}
		p = p[128:]
	}
}

// spilled: byte 112 is the 0x80 pad byte and the rest of the block is zero.
func spilled(b []byte) bool {
	if b[112] != 0x80 {
		return false
	}
	for _, c := range b[113:] {
		if c != 0 {
			return false
		}
	}
	return true
}
