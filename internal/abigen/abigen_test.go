package abigen

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/xarchlab/xarch/ci"
)

// Every gc arch's committed table (the arches of ci/models.json that gc
// builds) is what the generator derives now: a kernel added without `go
// generate` fails here, on any host.
func TestTablesUpToDate(t *testing.T) {
	tab, err := ci.Load()
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, goarch := range tab.ArchNames() {
		a, err := tab.Find(goarch)
		if err != nil {
			t.Fatal(err)
		}
		if a.CompilerName() != "gc" {
			continue // gccgo arches keep a hand-written table of C symbols
		}
		dir := filepath.Join("..", "..", "arch", goarch)
		if _, err := os.Stat(filepath.Join(dir, GeneratedName(goarch))); err != nil {
			t.Errorf("arch/%s has no %s: every gc arch has an ABI trampoline (docs/porting.md)", goarch, GeneratedName(goarch))
			continue
		}
		n++
		files, err := Generate(dir)
		if err != nil {
			t.Fatalf("%s: %v", goarch, err)
		}
		for _, f := range files {
			old, err := os.ReadFile(filepath.Join(dir, f.Name))
			if err != nil || !bytes.Equal(old, f.Data) {
				t.Errorf("arch/%s/%s is out of date: run `go generate ./arch/%s`", goarch, f.Name, goarch)
			}
		}
	}
	if n == 0 {
		t.Fatal("ci/models.json lists no gc arch")
	}
}

func writePkg(t *testing.T, files map[string]string) string {
	dir := filepath.Join(t.TempDir(), "arm64")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, src := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// A kernel is in the table once a Go file names abiX; probes (never named
// so) and planted files stay out; results are refused.
func TestGenerate(t *testing.T) {
	dir := writePkg(t, map[string]string{
		"k.s":                  "TEXT ·kern(SB), NOSPLIT, $0-24\n\tRET\nTEXT ·probe(SB), NOSPLIT, $0-8\n\tRET\nTEXT ·big(SB), 0, $4096-8\n\tRET\n",
		"abi_selftest_arm64.s": "TEXT ·nop(SB), NOSPLIT, $0-8\n\tRET\n",
		"k.go": "package arm64\n\nfunc kern(dst, src *byte, n int)\nfunc probe(x *uint64)\nfunc big(_ *uint64)\nfunc nop(x *uint64)\n" +
			"func use(p *byte, x *uint64) { abiKern(p, p, 1); abiBig(x); probe(x) }\n",
		"k_test.go": "package arm64\n\nvar selftests = []func(*uint64){abiNop}\n",
	})
	files, err := Generate(dir)
	if err != nil {
		t.Fatal(err)
	}
	g, s := string(files[0].Data), string(files[1].Data)
	for _, want := range []string{
		"\tkNop,\n\tkKern,\n\tkBig,\n}",
		`var kKern = &arch.ABIKernel{Name: "kern", Frame: 0, Args: 24}`,
		`var kBig = &arch.ABIKernel{Name: "big", Frame: 4096, Args: 8, Split: true}`,
		`var kNop = &arch.ABIKernel{Name: "nop", Frame: 0, Args: 8, SelfTest: true}`,
		"func abiKern(dst, src *byte, n int) {",
		"func abiBig(a0 *uint64) {",
	} {
		if !strings.Contains(g, want) {
			t.Errorf("generated Go lacks %q:\n%s", want, g)
		}
	}
	if strings.Contains(g, "probe") || strings.Contains(s, "probe") {
		t.Errorf("a probe no Go file names abiProbe is in the table")
	}
	if !strings.Contains(s, "DATA ·abiEntries+16(SB)/8, $·big(SB)\nGLOBL ·abiEntries(SB), RODATA, $24") {
		t.Errorf("entry table:\n%s", s)
	}

	bad := writePkg(t, map[string]string{
		"k.s":  "TEXT ·kern(SB), NOSPLIT, $0-16\n\tRET\n",
		"k.go": "package arm64\n\nfunc kern(x *uint64) uint64\nfunc use(x *uint64) { abiKern(x) }\n",
	})
	if _, err := Generate(bad); err == nil || !strings.Contains(err.Error(), "returns results") {
		t.Errorf("a kernel with a result: err = %v", err)
	}
}

func TestVectorFree(t *testing.T) {
	for _, c := range []struct {
		src  string
		free bool
	}{
		{"#include \"textflag.h\"\nTEXT ·f(SB), NOSPLIT, $0-8\n\tADD\tX5, X6\n\tRET\n", true},
		{"\t// VSETIVLI in a comment only\n\tRET\n", true},
		{"\tVSETIVLI\t$4, E32, M1, TA, MA, X0\n", false},
		{"#define ROUND(a) \\\n\tVAESEMVS\ta, V1; \\\n", false},
		{"\tWORD\t$0xa2012077 // vaesem.vs\n", false},      // OP-V
		{"\tWORD\t$0x02028007\n", false},                   // a vector load (width 0)
		{"\tWORD\t$0x00b50533 // add: not vector\n", true}, // OP
		{"#include \"macros.h\"\n", false},
	} {
		if got := vectorFree(strings.Split(c.src, "\n")); got != c.free {
			t.Errorf("vectorFree(%q) = %v, want %v", c.src, got, c.free)
		}
	}
}
