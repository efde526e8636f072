package sparc64

import "encoding/binary"

// The memory-operand forms of the sparc64 kernels (arch.MemProbe; the
// probes are memprobe_sparc64.go/.s). This table builds on every host, so
// a host test (memprobe_forms_test.go) checks it against objdump's listing of the
// whole package.
//
// The forms, found by disassembling the kernels (sparc64-linux-gnu-objdump
// -d of the package, every instruction with a [address] operand):
//   - ldx/stx (8 bytes): sha512, gcm, gcm/vis3, mont/vis3 (stx %g0 is
//     printed clrx);
//   - lduw/stw (4 bytes, objdump "ld"/"st"): sha256, aes (the V9 table
//     code), mont;
//   - ldub/stb (1 byte): sha256 and aes on misaligned buffers;
//   - lddf/stdf (8 bytes into and from %f registers, objdump "ldd"/"std"):
//     aes/t4's key schedule, block loads and stores.
//
// No kernel uses ldsw, lduh, the alternate-space (ASI) forms, integer
// ldd/std, ldf/stf or ldq/stq.
//
// SPARC requires natural alignment (ldx on an address that is not a
// multiple of 8 traps wherever it is), so Align is the operand size:
// the "beyond" placement moves the operand by its size, entirely into the
// guard page, where hardware must fault.
//
// An instruction is format 3 (SPARC V9 manual, A.27 "Load Integer" and
// the opcode maps of appendix E): op = 3 in bits 31:30, op3 in bits 24:19
// names the load or store; rd, rs1, i and rs2/simm13 (the addressing
// mode: [reg+reg] or [reg+imm]) are left open.
type sparcMemForm struct {
	form, mnemonic string // as reports name it; what objdump prints
	size           int
	store          bool
	op3            uint32
	fn             string // the probe's assembly function
}

var sparcMemForms = []sparcMemForm{
	{"LDX load", "ldx", 8, false, 0x0b, "xarch_memprobe_ldx"},
	{"STX store", "stx", 8, true, 0x0e, "xarch_memprobe_stx"},
	{"LDUW load", "ld", 4, false, 0x00, "xarch_memprobe_lduw"},
	{"STW store", "st", 4, true, 0x04, "xarch_memprobe_stw"},
	{"LDUB load", "ldub", 1, false, 0x01, "xarch_memprobe_ldub"},
	{"STB store", "stb", 1, true, 0x05, "xarch_memprobe_stb"},
	{"LDDF load", "ldd", 8, false, 0x23, "xarch_memprobe_lddf"},
	{"STDF store", "std", 8, true, 0x27, "xarch_memprobe_stdf"},
}

// match reports whether the big-endian instruction word at code is the
// form (any registers, any addressing mode).
func (f sparcMemForm) match(code []byte) bool {
	if len(code) < 4 {
		return false
	}
	return binary.BigEndian.Uint32(code)&0xc1f80000 == 0xc0000000|f.op3<<19
}

// sparcMemFormOf names the form of the instruction at code ("").
func sparcMemFormOf(code []byte) string {
	for _, f := range sparcMemForms {
		if f.match(code) {
			return f.form
		}
	}
	return ""
}

// sparcForm is the table's entry for form (the zero form, which matches
// nothing, if there is none).
func sparcForm(form string) sparcMemForm {
	for _, f := range sparcMemForms {
		if f.form == form {
			return f
		}
	}
	return sparcMemForm{op3: 1 << 13}
}
