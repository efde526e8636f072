//go:build !riscv64

package riscv64

import (
	"debug/elf"
	"encoding/binary"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// gnuObjdump disassembles what gnuAs assembled (binutils 2.40; it decodes
// RVV from the object's arch attribute).
const gnuObjdump = "riscv64-linux-gnu-objdump"

// memFormCases are instructions in GNU syntax and the form Match must give
// them: the probes' own (memprobe_riscv64.s as Go assembles it), kernel-like
// operands in both encodings, and neighbours that are other forms. A
// leading "c." asks for the compressed encoding.
var memFormCases = []struct{ text, form string }{
	{"ld a1, 0(a0)", "LD load"},
	{"ld t0, 1868(t0)", "LD load"},
	{"ld s11, -8(t6)", "LD load"},
	{"c.ld a1, 0(a0)", "LD load"},
	{"c.ld a5, 248(a4)", "LD load"},
	{"c.ldsp t1, 40(sp)", "LD load"},
	{"sd zero, 0(a0)", "SD store"},
	{"sd t1, 0(s8)", "SD store"},
	{"sd a3, -16(t6)", "SD store"},
	{"c.sd a0, 8(a1)", "SD store"},
	{"c.sdsp ra, 0(sp)", "SD store"},
	{"lw a1, 0(a0)", "LW load"},
	{"lwu t0, 532(t0)", "LW load"},
	{"c.lw a1, 0(a0)", "LW load"},
	{"c.lwsp a2, 12(sp)", "LW load"},
	{"sw zero, 0(a0)", "SW store"},
	{"sw t3, 4(a2)", "SW store"},
	{"c.sw a1, 4(a0)", "SW store"},
	{"c.swsp a1, 4(sp)", "SW store"},
	{"vle8.v v1, (a0)", "VLE8.V load"},
	{"vle8.v v3, (a2), v0.t", "VLE8.V load"},
	{"vle32.v v1, (a0)", "VLE32.V load"},
	{"vle32.v v16, (t1)", "VLE32.V load"},
	{"vse32.v v1, (a0)", "VSE32.V store"},
	{"vse32.v v24, (a5), v0.t", "VSE32.V store"},
	{"vle64.v v1, (a0)", "VLE64.V load"},
	{"vse64.v v2, (a1)", "VSE64.V store"},
	// Other forms.
	{"lb a1, 0(a0)", ""},
	{"lhu a1, 2(a0)", ""},
	{"sb a1, 0(a0)", ""},
	{"sh a1, 0(a0)", ""},
	{"flw fa0, 0(a0)", ""},
	{"fld fa0, 0(a0)", ""},
	{"fsd fa0, 8(a0)", ""},
	{"c.fld fa0, 8(a0)", ""},
	{"c.fsdsp fa0, 8(sp)", ""},
	{"vle16.v v1, (a0)", ""},
	{"vse8.v v1, (a0)", ""},
	{"vlse32.v v1, (a0), a1", ""},
	{"vluxei32.v v1, (a0), v2", ""},
	{"vlseg2e32.v v2, (a0)", ""},
	{"vl1re32.v v1, (a0)", ""},
	{"vs1r.v v1, (a0)", ""},
	{"vle32ff.v v1, (a0)", ""},
	{"vsetivli zero, 4, e32, m1, ta, ma", ""},
	{"add a0, a0, a1", ""},
	{"c.addi sp, -16", ""},
	{"c.li a3, 1", ""},
	{"ret", ""},
}

// Match against GNU: each case is assembled by GNU as, objdump must name it
// as the case does (so the table is right), and Match must give the case's
// form for those bytes.
func TestMemFormMatchGNU(t *testing.T) {
	for _, tool := range []string{gnuAs, gnuObjdump} {
		if _, err := exec.LookPath(tool); err != nil {
			msg := tool + " not found (Debian package binutils-riscv64-linux-gnu; ci/install-deps.sh installs it)"
			if os.Getenv("CI") == "true" {
				t.Fatal(msg)
			}
			t.Skip(msg)
		}
	}
	dir := t.TempDir()
	var src strings.Builder
	for _, c := range memFormCases {
		if strings.HasPrefix(c.text, "c.") {
			src.WriteString(".option rvc\n" + c.text + "\n")
		} else {
			src.WriteString(".option norvc\n" + c.text + "\n")
		}
	}
	s, o := filepath.Join(dir, "m.s"), filepath.Join(dir, "m.o")
	if err := os.WriteFile(s, []byte(src.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(gnuAs, "-march=rv64gcv", "-o", o, s).CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", gnuAs, err, out)
	}
	f, err := elf.Open(o)
	if err != nil {
		t.Fatal(err)
	}
	text, err := f.Section(".text").Data()
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(gnuObjdump, "-d", "-M", "no-aliases", o).Output()
	if err != nil {
		t.Fatalf("%s: %v", gnuObjdump, err)
	}
	// "   4:	6108                	c.ld	a0,0(a0)"
	lineRE := regexp.MustCompile(`^\s*[0-9a-f]+:\s+([0-9a-f]+)\s+(\S+)`)
	var names []string
	for _, l := range strings.Split(string(out), "\n") {
		if m := lineRE.FindStringSubmatch(l); m != nil {
			names = append(names, m[2])
		}
	}
	if len(names) != len(memFormCases) {
		t.Fatalf("objdump listed %d instructions for %d cases:\n%s", len(names), len(memFormCases), out)
	}
	off := 0
	for i, c := range memFormCases {
		n := 4
		if text[off]&3 != 3 {
			n = 2
		}
		code := text[off : off+n]
		off += n
		want := strings.Fields(c.text)[0]
		if names[i] != want && !(want == "ret" && names[i] == "jalr") {
			t.Errorf("%q: objdump names its bytes %x %q", c.text, code, names[i])
		}
		if got := memFormOf(code); got != c.form {
			t.Errorf("%q (%x): form %q, want %q", c.text, code, got, c.form)
		}
	}
	if off != len(text) {
		t.Fatalf("%d bytes of .text left over", len(text)-off)
	}
	// Too short to decode: half a 32-bit word, an empty slice.
	var w [4]byte
	binary.LittleEndian.PutUint32(w[:], 0x02056087) // vle32.v v1,(a0)
	if memFormOf(w[:2]) != "" || memFormOf(nil) != "" || memFormOf(w[:]) != "VLE32.V load" {
		t.Errorf("truncated code: %q %q, whole %q", memFormOf(w[:2]), memFormOf(nil), memFormOf(w[:]))
	}
}
