//go:build xarch_planted

package gcm

import (
	"encoding/binary"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/family/aes"
)

// Deliberately broken AES-GCM levels (xarch_planted): each wrong in one way
// that the GCMVS files (at most 51 bytes of text, 96-bit IVs mostly) do not
// reach, so the default suite's edges and fuzzer must.
func init() {
	for _, im := range []*arch.Impl{
		{
			// The Graviton2-style wide path, taken above 512 bytes per call,
			// that drops the GHASH of its last block.
			Name:   "aes-gcm/planted-wide512",
			Tuning: []arch.Tuning{{Name: "wide_min_bytes", Value: 512, Unit: arch.Bytes, Var: &plantedWideMin}},
			Funcs: &Funcs{AES: aes.Generic, Init: GenericGHASHInit, GHASH: GenericGHASH,
				Seal: func(k *aes.Key, hk interface{}, ctr, y *[16]byte, dst, src []byte) {
					plantedGCMBlocks(k, hk, ctr, y, dst, src, false, len(src) > plantedWideMin, false)
				},
				Open: func(k *aes.Key, hk interface{}, ctr, y *[16]byte, dst, src []byte) {
					plantedGCMBlocks(k, hk, ctr, y, dst, src, true, len(src) > plantedWideMin, false)
				}},
		},
		{
			// A counter increment over all 128 bits: right until the low
			// 32 bits wrap, then it carries into the IV part.
			Name: "aes-gcm/planted-carry",
			Funcs: &Funcs{AES: aes.Generic, Init: GenericGHASHInit, GHASH: GenericGHASH,
				Seal: func(k *aes.Key, hk interface{}, ctr, y *[16]byte, dst, src []byte) {
					plantedGCMBlocks(k, hk, ctr, y, dst, src, false, false, true)
				},
				Open: func(k *aes.Key, hk interface{}, ctr, y *[16]byte, dst, src []byte) {
					plantedGCMBlocks(k, hk, ctr, y, dst, src, true, false, true)
				}},
		},
	} {
		im.Alg, im.Arch, im.Rank, im.Planted = Name, "generic", -1, true
		arch.Register(im)
	}
}

// plantedWideMin is the planted wide path's threshold, read at run time.
var plantedWideMin = 512

// plantedGCMBlocks is CTR and GHASH block by block; dropLast skips the
// GHASH of the last block, carry128 increments the counter over 128 bits.
func plantedGCMBlocks(k *aes.Key, hk interface{}, ctr, y *[16]byte, dst, src []byte, open, dropLast, carry128 bool) {
	var ks [16]byte
	for i := 0; i+16 <= len(src); i += 16 {
		aes.GenericEncrypt(k, ks[:], ctr[:])
		if carry128 {
			hi, lo := binary.BigEndian.Uint64(ctr[:8]), binary.BigEndian.Uint64(ctr[8:])
			lo++
			if lo == 0 {
				hi++
			}
			binary.BigEndian.PutUint64(ctr[:8], hi)
			binary.BigEndian.PutUint64(ctr[8:], lo)
		} else {
			Inc32(ctr)
		}
		last := dropLast && i+16 == len(src)
		if open && !last {
			GenericGHASH(hk, y, src[i:i+16])
		}
		for j := 0; j < 16; j++ {
			dst[i+j] = src[i+j] ^ ks[j]
		}
		if !open && !last {
			GenericGHASH(hk, y, dst[i:i+16])
		}
	}
}
