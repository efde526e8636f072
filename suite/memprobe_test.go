package suite_test

import (
	"strings"
	"testing"

	"github.com/xarchlab/xarch/suite"
	"github.com/xarchlab/xarch/wire"
)

// A fault is excused only at a form whose probe failed with evidence.
func TestMemExcuse(t *testing.T) {
	ex := suite.MemExcuses{"VINSERTI128 m128": "probe evidence"}
	at := func(form string) string {
		return wire.AppendFaultSite("memory fault at 0x1000", wire.FaultSite{PC: 0x4000, Func: "k+0x10", Code: "c4e3", Form: form})
	}
	if why := ex.Excuse(at("VINSERTI128 m128")); !strings.Contains(why, "not faithfully emulated: VINSERTI128 m128 memory operand") || !strings.Contains(why, "probe evidence") {
		t.Errorf("VINSERTI128 fault not excused: %q", why)
	}
	for _, msg := range []string{at(""), at("VMOVDQU m256 load"), "memory fault at 0x1000"} {
		if why := ex.Excuse(msg); why != "" {
			t.Errorf("%q excused: %s", msg, why)
		}
	}
	if why := suite.MemExcuses(nil).Excuse(at("VINSERTI128 m128")); why != "" {
		t.Errorf("excused without a failed probe: %s", why)
	}
}

// objdump (ci/install-deps.sh) names an encoding independently.
func TestDisassemble(t *testing.T) {
	got, err := suite.Disassemble("amd64", "c4e37d380001")
	if err != nil {
		if suite.IsCI() {
			t.Fatalf("objdump missing in CI (ci/install-deps.sh installs binutils): %v", err)
		}
		t.Skipf("objdump: %v", err)
	}
	if !strings.HasPrefix(got, "vinserti128") {
		t.Errorf("objdump names c4e37d380001 %q", got)
	}
	// Fixed-width arches in their byte order: ppc64le's little-endian
	// word, sparc64's big-endian one.
	for _, c := range []struct{ arch, code, want string }{
		{"arm64", "0070404c", "ld1"},
		{"ppc64le", "991e007c", "lxvd2x"},
		{"sparc64", "d25a0000", "ldx"},
		{"sparc64", "c11a0000", "ldd"},
	} {
		got, err := suite.Disassemble(c.arch, c.code)
		if err != nil {
			if suite.IsCI() {
				t.Fatalf("%s objdump missing in CI: %v", c.arch, err)
			}
			t.Logf("%s: %v", c.arch, err)
			continue
		}
		if f := strings.Fields(got); len(f) == 0 || f[0] != c.want {
			t.Errorf("%s: objdump names %s %q, want %s", c.arch, c.code, got, c.want)
		}
	}
}

// riscv64: vector instructions (which objdump decodes only in an object
// marked with V) and compressed ones.
func TestDisassembleRISCV64(t *testing.T) {
	for code, want := range map[string]string{"87600502": "vle32.v", "0c61": "ld", "03350500": "ld", "a7700502": "vse64.v"} {
		got, err := suite.Disassemble("riscv64", code)
		if err != nil {
			if suite.IsCI() {
				t.Fatalf("riscv64 binutils missing in CI (ci/install-deps.sh installs them): %v", err)
			}
			t.Skipf("riscv64 binutils: %v", err)
		}
		if f := strings.Fields(got); len(f) == 0 || f[0] != want {
			t.Errorf("objdump names %s %q, want %s", code, got, want)
		}
	}
}
