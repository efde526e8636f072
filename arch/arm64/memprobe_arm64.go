//go:build gc

package arm64

import (
	"encoding/binary"
	"unsafe"

	"github.com/xarchlab/xarch/arch"
)

// Memory-operand probes (arch.MemProbe): every load and store form the
// arm64 kernels apply to caller buffers, found by listing the memory
// operands of the kernel files (aes_armv8, gcm_armv8, mont_armv8,
// sha256_armv8, sha512_sha512: grep for (Rn) operands that are not FP
// arguments, then group by instruction and register count):
//   - VLD1 of 1, 2, 3 and 4 registers (16, 32, 48, 64 bytes) and VST1 of
//     1, 2 and 4 registers, with and without post-increment; the
//     arrangement (.B16, .S4, .D2) does not change the bytes accessed;
//   - LDP and STP of 64-bit registers (16 bytes; mont_armv8), signed
//     offset or post-increment;
//   - MOVD (LDR/STR X, 8 bytes; aes_armv8's counter, mont_armv8) and
//     MOVWU/MOVW (LDR/STR W, 4 bytes; gcm_armv8's counter word).
// No kernel uses LDP/STP of Q registers, FMOVQ or VLD1R. Every form is
// base A64 (asimd stands for "every arm64").
//
// Match decodes the little-endian 32-bit instruction word with mask/value
// pairs (Arm ARM, the A64 encoding index of loads and stores): a form's addressing variants
// (no offset, post-index, pre-index, immediate offset) all name the form.

//go:noescape
func memProbeLD1x1(p unsafe.Pointer)

//go:noescape
func memProbeLD1x2(p unsafe.Pointer)

//go:noescape
func memProbeLD1x3(p unsafe.Pointer)

//go:noescape
func memProbeLD1x4(p unsafe.Pointer)

//go:noescape
func memProbeST1x1(p unsafe.Pointer)

//go:noescape
func memProbeST1x2(p unsafe.Pointer)

//go:noescape
func memProbeST1x4(p unsafe.Pointer)

//go:noescape
func memProbeLDP(p unsafe.Pointer)

//go:noescape
func memProbeSTP(p unsafe.Pointer)

//go:noescape
func memProbeLDRX(p unsafe.Pointer)

//go:noescape
func memProbeSTRX(p unsafe.Pointer)

//go:noescape
func memProbeLDRW(p unsafe.Pointer)

//go:noescape
func memProbeSTRW(p unsafe.Pointer)

// a64word is one instruction word encoding: w&mask == value.
type a64word struct{ mask, value uint32 }

// a64form is a form's encodings (its addressing variants).
type a64form []a64word

func (f a64form) match(code []byte) bool {
	if len(code) < 4 {
		return false
	}
	w := binary.LittleEndian.Uint32(code)
	for _, e := range f {
		if w&e.mask == e.value {
			return true
		}
	}
	return false
}

// ld1st1 is LD1/ST1 (multiple structures) with Q=1 (128-bit registers):
// 0 Q 001100 P L 0 Rm opcode size Rn Rt; P (bit 23) is post-index and
// is left open, as are Rm, size (the arrangement), Rn and Rt. opcode
// gives the register count: 0111 one, 1010 two, 0110 three, 0010 four.
func ld1st1(load bool, opcode uint32) a64form {
	v := uint32(0x4C000000) | opcode<<12
	if load {
		v |= 1 << 22
	}
	return a64form{{0xFF60F000, v}}
}

// pairX is LDP/STP of 64-bit general registers: 10 101 0 0 mm L imm7 Rt2
// Rn Rt, mm any addressing mode (no-allocate, post-index, signed offset,
// pre-index).
func pairX(load bool) a64form {
	v := uint32(0xA8000000)
	if load {
		v |= 1 << 22
	}
	return a64form{{0xFE400000, v}}
}

// ldrStr is LDR/STR (immediate and register, general registers) of size
// 2 (W) or 3 (X): size 111 0 01 opc imm12 (unsigned offset); size 111 0 00
// opc 0 imm9 mm (mm 00 unscaled, 01 post-index, 11 pre-index; 10 is the
// unprivileged LDTR/STTR, not matched); size 111 0 00 opc 1 Rm option S 10
// (register offset). opc 01 loads, 00 stores.
func ldrStr(load bool, size uint32) a64form {
	base := size<<30 | 0x38000000
	if load {
		base |= 1 << 22
	}
	return a64form{
		{0xFFC00000, base | 1<<24},
		{0xFFE00C00, base},
		{0xFFE00C00, base | 1<<10},
		{0xFFE00C00, base | 3<<10},
		{0xFFE00C00, base | 1<<21 | 2<<10},
	}
}

// memForms is the probe table: form, what objdump calls it, operand size,
// store, its encodings, its assembly function and the function.
var memForms = []struct {
	form, mnemonic string
	size           int
	store          bool
	key            a64form
	fn             string // the assembly function (ABI table exemption)
	run            func(unsafe.Pointer)
}{
	{"LD1 {1 x 16B} load", "ld1", 16, false, ld1st1(true, 0x7), "memProbeLD1x1", memProbeLD1x1},
	{"LD1 {2 x 16B} load", "ld1", 32, false, ld1st1(true, 0xA), "memProbeLD1x2", memProbeLD1x2},
	{"LD1 {3 x 16B} load", "ld1", 48, false, ld1st1(true, 0x6), "memProbeLD1x3", memProbeLD1x3},
	{"LD1 {4 x 16B} load", "ld1", 64, false, ld1st1(true, 0x2), "memProbeLD1x4", memProbeLD1x4},
	{"ST1 {1 x 16B} store", "st1", 16, true, ld1st1(false, 0x7), "memProbeST1x1", memProbeST1x1},
	{"ST1 {2 x 16B} store", "st1", 32, true, ld1st1(false, 0xA), "memProbeST1x2", memProbeST1x2},
	{"ST1 {4 x 16B} store", "st1", 64, true, ld1st1(false, 0x2), "memProbeST1x4", memProbeST1x4},
	{"LDP X load", "ldp", 16, false, pairX(true), "memProbeLDP", memProbeLDP},
	{"STP X store", "stp", 16, true, pairX(false), "memProbeSTP", memProbeSTP},
	{"LDR X load", "ldr", 8, false, ldrStr(true, 3), "memProbeLDRX", memProbeLDRX},
	{"STR X store", "str", 8, true, ldrStr(false, 3), "memProbeSTRX", memProbeSTRX},
	{"LDR W load", "ldr", 4, false, ldrStr(true, 2), "memProbeLDRW", memProbeLDRW},
	{"STR W store", "str", 4, true, ldrStr(false, 2), "memProbeSTRW", memProbeSTRW},
}

func init() {
	for _, f := range memForms {
		arch.RegisterMemProbe(arch.MemProbe{Feature: "asimd", Form: f.form, Mnemonic: f.mnemonic, Size: f.size, Store: f.store,
			Run: f.run, Match: f.key.match})
	}
}

// plantedMemProbeFuncs are the planted probes' assembly functions
// (memprobe_planted_arm64.s, xarch_planted builds only).
var plantedMemProbeFuncs = []string{"memProbePlantedWrongEncoding"}
