package archtest

import (
	"encoding/binary"
	"encoding/hex"
	"runtime"
	"runtime/debug"
	"sort"
	"strings"
	"testing"
	"unsafe"

	"github.com/xarchlab/xarch/arch"
)

// MemProbes runs every registered, non-planted memory-operand probe
// (arch.MemProbe) whose feature this CPU has, as the runner's memprobe
// command does: it must not fault with its operand ending at a PROT_NONE
// page, and must fault one byte (or its alignment) further. It must pass on
// hardware and on a faithful emulator. want is how many probes must run
// (every form of the arch, when its features are always there); 0 asks
// for at least one.
func MemProbes(t *testing.T, want int) {
	t.Helper()
	pages, release, err := GuardedPages(1)
	if err != nil {
		t.Fatal(err)
	}
	defer release()
	mem := pages[0]
	pg := len(mem)
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	// faults runs the probe with its operand at mem[at] (at may be len(mem):
	// the guard page's first byte); only a memory fault counts.
	faults := func(p arch.MemProbe, at int) (f bool) {
		defer func() {
			if e := recover(); e != nil {
				if !isMemFault(e) {
					t.Fatalf("%s at offset %d: not a memory fault: %v", p.Form, at, e)
				}
				f = true
			}
		}()
		p.Run(unsafe.Add(unsafe.Pointer(&mem[0]), at))
		return false
	}
	det := Detected()
	ran := 0
	for _, p := range arch.MemProbes() {
		if p.Planted {
			continue
		}
		if !det[p.Feature] {
			t.Logf("%s: feature %s not on this CPU, not run", p.Form, p.Feature)
			continue
		}
		ran++
		if faults(p, pg-p.Size) {
			t.Errorf("%s faults with its %d-byte operand ending at the guard page", p.Form, p.Size)
		}
		if !faults(p, pg-p.Size+p.Step()) {
			t.Errorf("%s does not fault with its operand reaching %d byte(s) into the guard page", p.Form, p.Step())
		}
	}
	switch {
	case want > 0 && ran != want:
		t.Fatalf("%d of %d memory-operand probes ran", ran, want)
	case ran == 0:
		t.Fatal("no memory-operand probe ran")
	}
	t.Logf("%d memory-operand probes pass at the page edge", ran)
}

// isMemFault: the panic debug.SetPanicOnFault makes of a memory fault (with
// its address, or, where the kernel's siginfo gives the runtime none, as on
// ppc64le for a vector load, only its message), not another run-time error
// such as an index out of range.
func isMemFault(e interface{}) bool {
	if _, ok := e.(interface{ Addr() uintptr }); ok {
		return true
	}
	re, ok := e.(runtime.Error)
	return ok && strings.Contains(re.Error(), "invalid memory address")
}

// MemForms checks arch.MemForm, the attribution of a faulting instruction
// to a probed form, on encodings taken from a disassembler's listing of
// the probes and the kernels: cases maps the hex bytes at a PC to the form
// they must be named ("" for none: a register operand, another opcode, a
// form no kernel uses).
func MemForms(t *testing.T, cases map[string]string) {
	t.Helper()
	var codes []string
	for c := range cases {
		codes = append(codes, c)
	}
	sort.Strings(codes)
	named := 0
	for _, code := range codes {
		b, err := hex.DecodeString(code)
		if err != nil {
			t.Fatalf("case %q: %v", code, err)
		}
		want := cases[code]
		if want != "" {
			named++
		}
		if got := arch.MemForm(b); got != want {
			t.Errorf("%s: form %q, want %q", code, got, want)
		}
	}
	if named == 0 {
		t.Fatal("no case names a form")
	}
}

// MemFormWords is MemForms for fixed 4-byte instructions, given as words
// in the arch's byte order; a truncated word (3 bytes at the PC) of the
// first form's encoding must be named nothing.
func MemFormWords(t *testing.T, order binary.ByteOrder, cases map[uint32]string) {
	t.Helper()
	hexCases := map[string]string{}
	var first uint32
	found := false
	for w, want := range cases {
		var b [4]byte
		order.PutUint32(b[:], w)
		hexCases[hex.EncodeToString(b[:])] = want
		if want != "" && (!found || w < first) {
			first, found = w, true
		}
	}
	MemForms(t, hexCases)
	if found {
		var b [4]byte
		order.PutUint32(b[:], first)
		for _, short := range [][]byte{b[:3], b[1:]} {
			if got := arch.MemForm(short); got != "" {
				t.Errorf("3 bytes %x: form %q, want none", short, got)
			}
		}
	}
}
