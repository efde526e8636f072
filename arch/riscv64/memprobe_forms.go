package riscv64

import "encoding/binary"

// The memory-operand forms of the riscv64 kernels (arch.MemProbe; the
// probes themselves are in memprobe_riscv64.go). Built on every arch, so the
// host test memprobe_forms_test.go can check Match against GNU as and
// objdump.
//
// The forms are the loads and stores kernels apply to caller buffers:
//   - LD/SD (MOV of 8 bytes) and LW/LWU/SW (MOVW, MOVWU: 4 bytes) of base
//     RV64I, in their 32-bit encodings and, since Go 1.26's assembler
//     compresses by default, their RVC ones (c.ld, c.sd, c.lw, c.sw and the
//     sp-relative c.ldsp, c.sdsp, c.lwsp, c.swsp);
//   - the unit-stride vector loads and stores VLE8.V, VLE32.V, VSE32.V,
//     VLE64.V and VSE64.V (RVV 1.0), masked or not; strided, indexed,
//     segment (nf > 0), whole-register and fault-only-first forms are other
//     forms and are not matched.
//
// Match decodes the little-endian instruction at the fault: a 16-bit RVC
// parcel when its low two bits are not 11, else a 32-bit word (RISC-V
// unprivileged ISA, "Base Instruction Formats", "Compressed Instruction
// Formats", and the V spec's "Vector Loads and Stores" encodings).

// rvEnc is one encoding: the instruction is len bytes and ins&mask == value.
type rvEnc struct {
	len         int // 2 or 4
	mask, value uint32
}

// rvForm is a form's encodings.
type rvForm []rvEnc

func (f rvForm) match(code []byte) bool {
	if len(code) < 2 {
		return false
	}
	n, ins := 2, uint32(binary.LittleEndian.Uint16(code))
	if ins&3 == 3 {
		if len(code) < 4 {
			return false
		}
		n, ins = 4, binary.LittleEndian.Uint32(code)
	}
	for _, e := range f {
		if e.len == n && ins&e.mask == e.value {
			return true
		}
	}
	return false
}

// Scalar loads and stores: imm rs1 funct3 rd opcode, opcode LOAD (0000011)
// or STORE (0100011), funct3 the width (010 word, 011 double, 110 word
// unsigned); RVC: funct3 (bits 15:13) and the quadrant (bits 1:0), 00 for
// the register-based forms, 10 for the sp-based ones.
const (
	rvLoad  = 0x03
	rvStore = 0x23
)

func scalar(opcode, funct3 uint32, rvc ...uint32) rvForm {
	f := rvForm{{4, 0x707F, funct3<<12 | opcode}}
	for _, c := range rvc {
		f = append(f, rvEnc{2, 0xE003, c})
	}
	return f
}

// vector is a unit-stride vector load (opcode LOAD-FP 0000111) or store
// (STORE-FP 0100111): nf (31:29) = 0, mew (28) = 0, mop (27:26) = 00,
// lumop/sumop (24:20) = 00000, width (14:12) the element width (000 e8,
// 110 e32, 111 e64); vm (25), rs1, vd/vs3 are left open.
func vector(store bool, width uint32) rvForm {
	op := uint32(0x07)
	if store {
		op = 0x27
	}
	return rvForm{{4, 0xFDF0707F, width<<12 | op}}
}

// memForms is the probe table: form, the feature that gates it, what
// objdump calls the probe's instruction, operand size, store, its
// encodings and its assembly function (exempt from the ABI kernel table).
// The scalar forms are base RV64I, which has no feature name here: they
// are gated on zbb, which every model that runs a riscv64 kernel has
// (scalar-crypto forces it, the RVA23 models report it). The vector probes
// set vl to 16 bytes of elements (an element group of the vector crypto
// extensions) with LMUL=1, so any VLEN >= 128 leaves tail elements that the
// access must not touch.
var memForms = []struct {
	form, feature, mnemonic string
	size                    int
	store                   bool
	key                     rvForm
	fn                      string
}{
	{"LD load", "rv64", "ld", 8, false, scalar(rvLoad, 3, 0x6000, 0x6002), "memProbeLD"},
	{"SD store", "rv64", "sd", 8, true, scalar(rvStore, 3, 0xE000, 0xE002), "memProbeSD"},
	{"LW load", "rv64", "lw", 4, false, append(scalar(rvLoad, 2, 0x4000, 0x4002), scalar(rvLoad, 6)...), "memProbeLW"},
	{"SW store", "rv64", "sw", 4, true, scalar(rvStore, 2, 0xC000, 0xC002), "memProbeSW"},
	{"VLE8.V load", "v", "vle8.v", 16, false, vector(false, 0), "memProbeVLE8"},
	{"VLE32.V load", "v", "vle32.v", 16, false, vector(false, 6), "memProbeVLE32"},
	{"VSE32.V store", "v", "vse32.v", 16, true, vector(true, 6), "memProbeVSE32"},
	{"VLE64.V load", "v", "vle64.v", 16, false, vector(false, 7), "memProbeVLE64"},
	{"VSE64.V store", "v", "vse64.v", 16, true, vector(true, 7), "memProbeVSE64"},
}

// memFormOf names the form of the instruction at code ("" if none): what
// arch.MemForm answers on riscv64, for the host test.
func memFormOf(code []byte) string {
	for _, f := range memForms {
		if f.key.match(code) {
			return f.form
		}
	}
	return ""
}
