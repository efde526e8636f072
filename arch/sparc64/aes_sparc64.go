package sparc64

import (
	"fmt"
	"unsafe"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/family/aes"
)

// Tuning constants of aes/sparc64 (aes_sparc64.s). The case generator
// probes lengths and offsets around them.
const (
	// One block at a time: the 32 integer registers hold two state sets,
	// the table bases and four lookup temporaries, nothing for a second block.
	aesV9Interleave = 1
	// Rounds are unrolled in pairs so the two state sets swap roles without
	// moves.
	aesV9RoundUnroll = 2
	// Words are loaded with lduw/stw when src and dst are both 4-byte
	// aligned, byte by byte otherwise (checked once per call).
	aesV9LoadAlign = 4
)

func init() {
	arch.Register(&arch.Impl{
		Name: "aes/sparc64",
		Alg:  aes.Name,
		Arch: "sparc64",
		// Integer V9 only, so every sparc64 CPU and qemu model runs it.
		Requires: []string{"v9"},
		Tuning: []arch.Tuning{
			{Name: "interleave", Value: aesV9Interleave, Unit: arch.Blocks},
			{Name: "round_unroll", Value: aesV9RoundUnroll, Unit: arch.Other},
			{Name: "load_align", Value: aesV9LoadAlign, Unit: arch.Other},
		},
		Rank: 10,
		Funcs: &aes.Funcs{
			Encrypt: aesV9Encrypt,
			Decrypt: aesV9Decrypt,
		},
	})
}

// aesTable is what the assembly indexes: T[0..3] at offsets 0, 1024, 2048,
// 3072, the last round's byte S-box at 4096.
type aesTable struct {
	t  [4][256]uint32
	sb [256]byte
}

var aesEncTable, aesDecTable aesTable

func init() {
	for x := 0; x < 256; x++ {
		s := aes.Sbox(byte(x))
		// MixColumns column 0 is (2, 1, 1, 3); bytes in row order, high first.
		e := uint32(aes.GFMul(s, 2))<<24 | uint32(s)<<16 | uint32(s)<<8 | uint32(aes.GFMul(s, 3))
		v := aes.InvSbox(byte(x))
		// InvMixColumns column 0 is (14, 9, 13, 11).
		d := uint32(aes.GFMul(v, 14))<<24 | uint32(aes.GFMul(v, 9))<<16 | uint32(aes.GFMul(v, 13))<<8 | uint32(aes.GFMul(v, 11))
		for i := uint(0); i < 4; i++ {
			aesEncTable.t[i][x] = e>>(8*i) | e<<(32-8*i)
			aesDecTable.t[i][x] = d>>(8*i) | d<<(32-8*i)
		}
		aesEncTable.sb[x] = s
		aesDecTable.sb[x] = v
	}
}

//extern xarch_aes_encrypt_sparc64
func aesEncryptV9(rk *byte, rounds uint64, dst, src *byte, nblocks uint64, tab *aesTable)

//extern xarch_aes_decrypt_sparc64
func aesDecryptV9(rk *byte, rounds uint64, dst, src *byte, nblocks uint64, tab *aesTable)

// aesCheck validates a call and returns the block count; the assembly
// trusts every length it is given.
func aesCheck(level string, k *aes.Key, sched, dst, src []byte) int {
	if len(dst) != len(src) || len(src)%16 != 0 {
		panic(fmt.Sprintf("%s: dst %d bytes, src %d bytes: want equal multiples of 16", level, len(dst), len(src)))
	}
	if (k.Rounds != 10 && k.Rounds != 12 && k.Rounds != 14) || len(sched) < 16*(k.Rounds+1) {
		panic(fmt.Sprintf("%s: bad AESKey: Rounds %d with a %d-byte schedule", level, k.Rounds, len(sched)))
	}
	return len(src) / 16
}

// alignedSchedule returns sched itself when it starts on an align-byte
// boundary (Go allocations do), else an aligned copy.
func alignedSchedule(sched []byte, align uintptr) []byte {
	if uintptr(unsafe.Pointer(&sched[0]))%align == 0 {
		return sched
	}
	buf := make([]byte, len(sched)+int(align))
	off := int((align - uintptr(unsafe.Pointer(&buf[0]))%align) % align)
	c := buf[off : off+len(sched)]
	copy(c, sched)
	return c
}

func aesV9Encrypt(k *aes.Key, dst, src []byte) {
	n := aesCheck("aes/sparc64", k, k.Enc, dst, src)
	if n == 0 {
		return // never take &src[0] of an empty slice
	}
	rk := alignedSchedule(k.Enc, 4)
	if arch.ABICheck {
		abiAesEncryptV9(&rk[0], uint64(k.Rounds), &dst[0], &src[0], uint64(n), &aesEncTable)
	} else {
		aesEncryptV9(&rk[0], uint64(k.Rounds), &dst[0], &src[0], uint64(n), &aesEncTable)
	}
}

func aesV9Decrypt(k *aes.Key, dst, src []byte) {
	n := aesCheck("aes/sparc64", k, k.Dec, dst, src)
	if n == 0 {
		return
	}
	rk := alignedSchedule(k.Dec, 4)
	if arch.ABICheck {
		abiAesDecryptV9(&rk[0], uint64(k.Rounds), &dst[0], &src[0], uint64(n), &aesDecTable)
	} else {
		aesDecryptV9(&rk[0], uint64(k.Rounds), &dst[0], &src[0], uint64(n), &aesDecTable)
	}
}
