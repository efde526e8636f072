//go:build gc

package ppc64le

import (
	"encoding/binary"
	"unsafe"

	"github.com/xarchlab/xarch/arch"
)

// Memory-operand probes (arch.MemProbe): every load and store form the
// ppc64le kernels apply to caller buffers, found by disassembling the
// kernel functions (the TEXT symbols of aes_power8, gcm_power8,
// mont_power8, mont_power9, sha256_power8, sha512_power8; powerpc64le
// objdump -d of the test binary) and counting load/store mnemonics whose
// base is not the stack pointer r1: lxvd2x, lxvw4x, stxvd2x, stxvw4x
// (16 bytes) and ld, std (8 bytes; the mont kernels' limbs). None uses
// lvx/stvx (which ignore the low four address bits, so a probe one byte
// further would not fault anyway), lxvb16x/stxvb16x or lxv/stxv, so they
// are not probed. All these forms are in ISA 2.07: power8 stands for
// "every ppc64le" xarch runs.
//
// Match decodes the little-endian 32-bit instruction word with mask/value
// pairs (Power ISA 3.0B: X-form XX1 for the VSX loads and stores, DS-form
// for ld/std).

//go:noescape
func memProbeLXVD2X(p unsafe.Pointer)

//go:noescape
func memProbeLXVW4X(p unsafe.Pointer)

//go:noescape
func memProbeSTXVD2X(p unsafe.Pointer)

//go:noescape
func memProbeSTXVW4X(p unsafe.Pointer)

//go:noescape
func memProbeLD(p unsafe.Pointer)

//go:noescape
func memProbeSTD(p unsafe.Pointer)

// ppcWord is one instruction encoding: w&mask == value.
type ppcWord struct{ mask, value uint32 }

func (f ppcWord) match(code []byte) bool {
	return len(code) >= 4 && binary.LittleEndian.Uint32(code)&f.mask == f.value
}

// xx1 is an X-form VSX load/store: primary opcode 31, T/S, RA, RB, the
// 10-bit extended opcode xo and the TX/SX bit (left open).
func xx1(xo uint32) ppcWord { return ppcWord{0xFC0007FE, 31<<26 | xo<<1} }

// ds is a DS-form ld/std: primary opcode op, RT/RS, RA, DS and a 2-bit
// extended opcode: 0 (ld, std) or 1 (ldu, stdu, the same access).
func ds(op uint32) ppcWord { return ppcWord{0xFC000002, op << 26} }

// memForms is the probe table: form, what objdump calls it, operand size,
// store, its encoding, its assembly function and the function.
var memForms = []struct {
	form, mnemonic string
	size           int
	store          bool
	key            ppcWord
	fn             string // the assembly function (ABI table exemption)
	run            func(unsafe.Pointer)
}{
	{"LXVD2X load", "lxvd2x", 16, false, xx1(844), "memProbeLXVD2X", memProbeLXVD2X},
	{"LXVW4X load", "lxvw4x", 16, false, xx1(780), "memProbeLXVW4X", memProbeLXVW4X},
	{"STXVD2X store", "stxvd2x", 16, true, xx1(972), "memProbeSTXVD2X", memProbeSTXVD2X},
	{"STXVW4X store", "stxvw4x", 16, true, xx1(908), "memProbeSTXVW4X", memProbeSTXVW4X},
	{"LD load", "ld", 8, false, ds(58), "memProbeLD", memProbeLD},
	{"STD store", "std", 8, true, ds(62), "memProbeSTD", memProbeSTD},
}

func init() {
	for _, f := range memForms {
		arch.RegisterMemProbe(arch.MemProbe{Feature: "power8", Form: f.form, Mnemonic: f.mnemonic, Size: f.size, Store: f.store,
			Run: f.run, Match: f.key.match})
	}
}
