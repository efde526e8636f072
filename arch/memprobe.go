package arch

import "unsafe"

// MemProbe checks how one instruction form with a memory operand that
// kernels use treats the bytes next to its operand: the runner's memprobe
// command executes it with the operand ending exactly at a PROT_NONE page
// (hardware reads or writes only the operand, so it must not fault) and one
// byte further (it must fault). QEMU 10.0.2 executes VINSERTI128 m128 as a
// 32-byte read, so a legal load that ends at a page boundary faults there;
// the probe shows it, and a kernel fault at such an instruction is then the
// emulator's, not the kernel's (suite/memprobe.go).
type MemProbe struct {
	Feature  string // the feature the form needs
	Form     string // mnemonic and operand, as reports name it: "VINSERTI128 m128"
	Mnemonic string // what a disassembler (GNU objdump) names it, lower case
	Size     int    // bytes of the memory operand
	Store    bool   // the operand is written, not read
	// Align is the alignment the form requires of its operand (SPARC
	// traps on a misaligned ldx); 0 or 1: none. The "one further"
	// placement then moves by Align bytes, not one, so its fault comes
	// from the guard page and not from the misalignment.
	Align int
	// Planted marks a deliberately wrong probe (xarch_planted builds): its
	// encoding is not the form it claims, and the run must fail.
	Planted bool
	// Run executes the instruction once with its memory operand at p.
	Run func(p unsafe.Pointer)
	// Match reports whether the instruction bytes at code (a faulting PC)
	// are this form with a memory operand: how a fault in a kernel is
	// attributed to a form.
	Match func(code []byte) bool
}

// Step is how far past the page edge the "beyond" placement moves the
// operand: one byte, or the form's alignment (a misaligned SPARC ldx traps
// wherever it is, which would prove nothing about the guard page).
func (p MemProbe) Step() int {
	if p.Align > 1 {
		return p.Align
	}
	return 1
}

var memProbes []MemProbe

// RegisterMemProbe adds a memory-operand probe (from an arch package's init).
func RegisterMemProbe(p MemProbe) { memProbes = append(memProbes, p) }

// MemProbes lists the registered memory-operand probes.
func MemProbes() []MemProbe {
	out := make([]MemProbe, len(memProbes))
	copy(out, memProbes)
	return out
}

// MemForm names the probed form of the instruction at code ("" when no
// non-planted probe's Match recognises it).
func MemForm(code []byte) string {
	for _, p := range memProbes {
		if !p.Planted && p.Match != nil && p.Match(code) {
			return p.Form
		}
	}
	return ""
}
