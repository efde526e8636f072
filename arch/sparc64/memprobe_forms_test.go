package sparc64

// Host-side check of the memory-operand form decoder (memprobe_forms.go) against
// GNU objdump: every instruction of this package, built for sparc64 with
// gccgo (the kernels, the probes and gccgo's code for the Go files), must
// be named the form objdump's mnemonic and operands say, and nothing else
// may be named a form.

import (
	"encoding/hex"
	"regexp"
	"strings"
	"testing"
)

// fpRegRE: a floating-point register or %fsr operand (not %fp).
var fpRegRE = regexp.MustCompile(`%f(\d|sr)`)

var insnBytesRE = regexp.MustCompile(`^\s*[0-9a-f]+:\t((?:[0-9a-f]{2} ){4})\t(\S+)\s*(.*)$`)

// objdumpForm is the form objdump's text says an instruction is: integer
// ldx/stx, ld/st (lduw/stw), ldub/stb, and ldd/std of %f registers (an
// integer ldd prints as ldtw). A store of %g0 prints as clrx/clr/clrb; ld,
// st and ldx of %f registers (ldf, stf, ldxfsr) are other forms.
func objdumpForm(op, args string) string {
	if !strings.Contains(args, "[") {
		return ""
	}
	fp := fpRegRE.MatchString(args)
	switch {
	case op == "ldx" && !fp:
		return "LDX load"
	case (op == "stx" && !fp) || op == "clrx":
		return "STX store"
	case op == "ld" && !fp:
		return "LDUW load"
	case (op == "st" && !fp) || op == "clr":
		return "STW store"
	case op == "ldub":
		return "LDUB load"
	case op == "stb" || op == "clrb":
		return "STB store"
	case op == "ldd" && fp:
		return "LDDF load"
	case op == "std" && fp:
		return "STDF store"
	}
	return ""
}

func TestMemFormsObjdump(t *testing.T) {
	text := t4Disassembly(t)
	seen := map[string]int{}
	n := 0
	for _, line := range strings.Split(text, "\n") {
		m := insnBytesRE.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		code, err := hex.DecodeString(strings.ReplaceAll(m[1], " ", ""))
		if err != nil {
			t.Fatalf("%s: %v", line, err)
		}
		n++
		want := objdumpForm(strings.TrimSuffix(strings.TrimSuffix(m[2], ",pt"), ",pn"), m[3])
		got := sparcMemFormOf(code)
		if got != want {
			t.Errorf("%s: decoded as form %q, objdump says %q", strings.TrimSpace(line), got, want)
		}
		if got != "" {
			seen[got]++
		}
	}
	if n < 1000 {
		t.Fatalf("only %d instructions in the disassembly", n)
	}
	for _, f := range sparcMemForms {
		if seen[f.form] == 0 {
			t.Errorf("%s: no instruction of the package has this form", f.form)
		}
	}
	t.Logf("%d instructions checked; forms: %v", n, seen)
}

// Each form's mnemonic is what objdump prints for it (the host's
// encoding check of a failing probe compares the two).
func TestMemFormMnemonics(t *testing.T) {
	for _, f := range sparcMemForms {
		if objdumpForm(f.mnemonic, "[ %o0 ], %o1") != f.form && objdumpForm(f.mnemonic, "%f0, [ %o0 ]") != f.form {
			t.Errorf("%s: mnemonic %q is not how objdump names the form", f.form, f.mnemonic)
		}
	}
}
