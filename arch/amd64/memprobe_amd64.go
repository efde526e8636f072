//go:build gc

package amd64

import (
	"unsafe"

	"github.com/xarchlab/xarch/arch"
)

// Memory-operand probes (arch.MemProbe): every vector and scalar form with
// a memory operand that the amd64 kernels apply to caller buffers, found by
// disassembling the runner (objdump -d, the functions of this package,
// operands not RIP- or stack-relative). Left out: forms that need an
// aligned operand (MOVDQA, legacy PXOR/AESENC m128), which cannot end
// unaligned at a page edge; AVX-512 forms (VMOVDQU64, VBROADCASTI32X4,
// VPXORQ zmm) and VPCLMULQDQ m256, which no QEMU generation xarch uses can
// execute, until one can.
//
// QEMU 10.0.2 executes VINSERTI128 and VINSERTF128 m128 as 32-byte reads:
// their probes fault with the operand ending at the page, which is how a
// fault of sha256/avx2's message load there is recognised as the
// emulator's (suite/memprobe.go).

//go:noescape
func memProbeMOVOULoad(p unsafe.Pointer)

//go:noescape
func memProbeMOVOUStore(p unsafe.Pointer)

//go:noescape
func memProbeMOVUPSLoad(p unsafe.Pointer)

//go:noescape
func memProbeMOVUPSStore(p unsafe.Pointer)

//go:noescape
func memProbeMOVQLoad(p unsafe.Pointer)

//go:noescape
func memProbeMULXQ(p unsafe.Pointer)

//go:noescape
func memProbeADCXQ(p unsafe.Pointer)

//go:noescape
func memProbeVMOVDQULoad128(p unsafe.Pointer)

//go:noescape
func memProbeVMOVDQULoad256(p unsafe.Pointer)

//go:noescape
func memProbeVMOVDQUStore128(p unsafe.Pointer)

//go:noescape
func memProbeVMOVDQUStore256(p unsafe.Pointer)

//go:noescape
func memProbeVINSERTF128(p unsafe.Pointer)

//go:noescape
func memProbeVINSERTI128(p unsafe.Pointer)

//go:noescape
func memProbeVBROADCASTI128(p unsafe.Pointer)

//go:noescape
func memProbeVEXTRACTI128(p unsafe.Pointer)

//go:noescape
func memProbeVPINSRD(p unsafe.Pointer)

//go:noescape
func memProbeVPINSRQ(p unsafe.Pointer)

//go:noescape
func memProbeVMOVQLoad(p unsafe.Pointer)

//go:noescape
func memProbeVPXOR256(p unsafe.Pointer)

//go:noescape
func memProbeVPADDQ256(p unsafe.Pointer)

//go:noescape
func memProbeVAESENC256(p unsafe.Pointer)

// x86form is an opcode with a memory operand, as x86decode reads it.
type x86form struct {
	vex  bool
	pp   byte // 0 none, 1 66, 2 F3, 3 F2 (mandatory prefix or VEX.pp)
	mmap byte // 0 one-byte, 1 0F, 2 0F38, 3 0F3A
	op   byte
	l, w int8 // VEX.L and W (REX.W for legacy); -1: either
}

func (f x86form) match(code []byte) bool {
	d, ok := x86decode(code)
	return ok && d.mod != 3 && d.vex == f.vex && d.pp == f.pp && d.mmap == f.mmap && d.op == f.op &&
		(f.l < 0 || int8(d.l) == f.l) && (f.w < 0 || int8(d.w) == f.w)
}

type x86insn struct {
	vex          bool
	pp, mmap, op byte
	l, w, mod    byte
}

// x86decode reads the prefixes, opcode map, opcode and ModRM.mod of the
// instruction at code: enough to name a form, not a disassembler.
func x86decode(code []byte) (d x86insn, ok bool) {
	i := 0
	at := func(k int) (byte, bool) {
		if k < len(code) {
			return code[k], true
		}
		return 0, false
	}
	b, ok := at(i)
	if !ok {
		return d, false
	}
	if b == 0xC4 || b == 0xC5 { // VEX (always, in 64-bit mode)
		d.vex = true
		b1, ok1 := at(i + 1)
		b2, ok2 := at(i + 2)
		if !ok1 || !ok2 {
			return d, false
		}
		if b == 0xC5 {
			d.mmap, d.l, d.pp, d.op = 1, (b1>>2)&1, b1&3, b2
			m, ok := at(i + 3)
			d.mod = m >> 6
			return d, ok
		}
		b3, ok3 := at(i + 3)
		m, ok4 := at(i + 4)
		d.mmap, d.w, d.l, d.pp, d.op, d.mod = b1&0x1f, b2>>7, (b2>>2)&1, b2&3, b3, m>>6
		return d, ok3 && ok4
	}
	for ; ; i++ { // legacy prefixes
		b, ok = at(i)
		if !ok {
			return d, false
		}
		switch b {
		case 0x66:
			d.pp = 1
		case 0xF3:
			d.pp = 2
		case 0xF2:
			d.pp = 3
		case 0x26, 0x2E, 0x36, 0x3E, 0x64, 0x65, 0x67, 0xF0:
		default:
			goto rex
		}
	}
rex:
	if b&0xF0 == 0x40 {
		d.w = (b >> 3) & 1
		i++
		if b, ok = at(i); !ok {
			return d, false
		}
	}
	if b == 0x0F {
		i++
		b, ok = at(i)
		switch {
		case !ok:
			return d, false
		case b == 0x38:
			d.mmap, i = 2, i+1
		case b == 0x3A:
			d.mmap, i = 3, i+1
		default:
			d.mmap = 1
		}
		if b, ok = at(i); !ok {
			return d, false
		}
	}
	d.op = b
	m, ok := at(i + 1)
	d.mod = m >> 6
	return d, ok
}

// memForms is the probe table: form, feature, what objdump calls it,
// operand size, store, its encoding key and its function.
var memForms = []struct {
	form, feature, mnemonic string
	size                    int
	store                   bool
	key                     x86form
	fn                      string // the assembly function (ABI table exemption)
	run                     func(unsafe.Pointer)
}{
	// Baseline: sse2 stands for "every amd64".
	{"MOVDQU m128 load", "sse2", "movdqu", 16, false, x86form{false, 2, 1, 0x6F, -1, -1}, "memProbeMOVOULoad", memProbeMOVOULoad},
	{"MOVDQU m128 store", "sse2", "movdqu", 16, true, x86form{false, 2, 1, 0x7F, -1, -1}, "memProbeMOVOUStore", memProbeMOVOUStore},
	{"MOVUPS m128 load", "sse2", "movups", 16, false, x86form{false, 0, 1, 0x10, -1, -1}, "memProbeMOVUPSLoad", memProbeMOVUPSLoad},
	{"MOVUPS m128 store", "sse2", "movups", 16, true, x86form{false, 0, 1, 0x11, -1, -1}, "memProbeMOVUPSStore", memProbeMOVUPSStore},
	{"MOV r64, m64", "sse2", "mov", 8, false, x86form{false, 0, 0, 0x8B, -1, 1}, "memProbeMOVQLoad", memProbeMOVQLoad},
	{"MULX m64", "bmi2", "mulx", 8, false, x86form{true, 3, 2, 0xF6, 0, 1}, "memProbeMULXQ", memProbeMULXQ},
	{"ADCX m64", "adx", "adcx", 8, false, x86form{false, 1, 2, 0xF6, -1, 1}, "memProbeADCXQ", memProbeADCXQ},
	{"VMOVDQU m128 load", "avx", "vmovdqu", 16, false, x86form{true, 2, 1, 0x6F, 0, -1}, "memProbeVMOVDQULoad128", memProbeVMOVDQULoad128},
	{"VMOVDQU m256 load", "avx", "vmovdqu", 32, false, x86form{true, 2, 1, 0x6F, 1, -1}, "memProbeVMOVDQULoad256", memProbeVMOVDQULoad256},
	{"VMOVDQU m128 store", "avx", "vmovdqu", 16, true, x86form{true, 2, 1, 0x7F, 0, -1}, "memProbeVMOVDQUStore128", memProbeVMOVDQUStore128},
	{"VMOVDQU m256 store", "avx", "vmovdqu", 32, true, x86form{true, 2, 1, 0x7F, 1, -1}, "memProbeVMOVDQUStore256", memProbeVMOVDQUStore256},
	{"VINSERTF128 m128", "avx", "vinsertf128", 16, false, x86form{true, 1, 3, 0x18, 1, -1}, "memProbeVINSERTF128", memProbeVINSERTF128},
	{"VPINSRD m32", "avx", "vpinsrd", 4, false, x86form{true, 1, 3, 0x22, 0, 0}, "memProbeVPINSRD", memProbeVPINSRD},
	{"VPINSRQ m64", "avx", "vpinsrq", 8, false, x86form{true, 1, 3, 0x22, 0, 1}, "memProbeVPINSRQ", memProbeVPINSRQ},
	{"VMOVQ m64 load", "avx", "vmovq", 8, false, x86form{true, 1, 1, 0x6E, 0, 1}, "memProbeVMOVQLoad", memProbeVMOVQLoad},
	{"VINSERTI128 m128", "avx2", "vinserti128", 16, false, x86form{true, 1, 3, 0x38, 1, -1}, "memProbeVINSERTI128", memProbeVINSERTI128},
	{"VBROADCASTI128 m128", "avx2", "vbroadcasti128", 16, false, x86form{true, 1, 2, 0x5A, 1, -1}, "memProbeVBROADCASTI128", memProbeVBROADCASTI128},
	{"VEXTRACTI128 m128 store", "avx2", "vextracti128", 16, true, x86form{true, 1, 3, 0x39, 1, -1}, "memProbeVEXTRACTI128", memProbeVEXTRACTI128},
	{"VPXOR m256", "avx2", "vpxor", 32, false, x86form{true, 1, 1, 0xEF, 1, -1}, "memProbeVPXOR256", memProbeVPXOR256},
	{"VPADDQ m256", "avx2", "vpaddq", 32, false, x86form{true, 1, 1, 0xD4, 1, -1}, "memProbeVPADDQ256", memProbeVPADDQ256},
	{"VAESENC m256", "vaes", "vaesenc", 32, false, x86form{true, 1, 2, 0xDC, 1, -1}, "memProbeVAESENC256", memProbeVAESENC256},
}

func init() {
	for _, f := range memForms {
		key := f.key
		arch.RegisterMemProbe(arch.MemProbe{Feature: f.feature, Form: f.form, Mnemonic: f.mnemonic, Size: f.size, Store: f.store,
			Run: f.run, Match: key.match})
	}
}

// plantedMemProbeFuncs are the planted probes' assembly functions
// (memprobe_planted_amd64.s, xarch_planted builds only).
var plantedMemProbeFuncs = []string{"memProbePlantedWrongEncoding"}
