//go:build !riscv64

package riscv64

// Go's assembler has no mnemonics for the crypto extensions (Zkn*, Zbkb,
// Zvk*), so kernels spell them as WORDs. Every WORD in this package's .s
// files must carry its instruction in GNU syntax as its comment:
//
//	WORD $0xa22120f7 // vaesem.vv v1, v2
//
// (free text may follow a ';'; in a #define: WORD $0x... /* vaesem.vv v1, v2 */; \).
// This host test checks each word against two independent encoders: GNU as
// and the golang.org/x/arch riscv64asm decoder. GNU as is 2.44 (Debian
// trixie's, which ci/install-deps.sh unpacks into /opt/xarch/binutils-2.44)
// and must then encode every word; Debian 12's 2.40 knows the scalar crypto
// and base vector instructions but not vector crypto, so without 2.44 (and
// never under CI=true) a word may be confirmed by the decoder alone. None
// may be contradicted, so a wrong encoding cannot hide behind a probe that
// shares it.

import (
	"bufio"
	"bytes"
	"debug/elf"
	"encoding/binary"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/arch/riscv64/riscv64asm"
)

// gnuAs is the cross assembler (Debian binutils-riscv64-linux-gnu).
const gnuAs = "riscv64-linux-gnu-as"

// gnuMarch enables every extension the kernels may use that binutils 2.40
// knows; without C, so each instruction is 4 bytes. gnuMarchVector adds
// the vector crypto extensions 2.44 knows.
const (
	gnuMarch       = "rv64imafdv_zba_zbb_zbc_zbkb_zbkc_zbkx_zknd_zkne_zknh"
	gnuMarchVector = gnuMarch + "_zvkb_zvkg_zvkned_zvknha_zvknhb"
)

// newGas is GNU as 2.44's wrapper (ci/install-deps.sh), or "".
func newGas() string {
	dir := os.Getenv("XARCH_GAS_DIR")
	if dir == "" {
		dir = "/opt/xarch/binutils-2.44"
	}
	p := filepath.Join(dir, "bin", gnuAs)
	if st, err := os.Stat(p); err == nil && st.Mode()&0o111 != 0 {
		return p
	}
	return ""
}

type wordLine struct {
	pos  string // file:line
	word uint32
	text string // GNU syntax from the comment
}

// wordRE: a WORD with its instruction as a // comment, or, inside a
// #define (where a // comment would swallow the line's continuation), as a
// /* */ comment before the `; \`.
var wordRE = regexp.MustCompile(`^\s*WORD\s+\$(0x[0-9a-fA-F]+|[0-9]+)\s*(?://\s*(.*)|/\*\s*(.*?)\s*\*/\s*;?\s*\\?\s*)?$`)

// asmWords reads every WORD of the package's .s files.
func asmWords(t *testing.T) []wordLine {
	files, err := filepath.Glob("*.s")
	if err != nil {
		t.Fatal(err)
	}
	var out []wordLine
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(bytes.NewReader(data))
		for n := 1; sc.Scan(); n++ {
			pos := fmt.Sprintf("%s:%d", f, n)
			m := wordRE.FindStringSubmatch(sc.Text())
			if m == nil {
				if fs := strings.Fields(sc.Text()); len(fs) > 0 && fs[0] == "WORD" {
					t.Errorf("%s: a WORD this check cannot read (want `WORD $0x... // mnemonic operands`): %s", pos, sc.Text())
				}
				continue
			}
			w, err := strconv.ParseUint(m[1], 0, 32)
			if err != nil {
				t.Errorf("%s: WORD %s is not a 32-bit value", pos, m[1])
				continue
			}
			text := m[2] + m[3]
			if i := strings.Index(text, ";"); i >= 0 {
				text = text[:i]
			}
			text = strings.TrimSpace(text)
			if text == "" {
				t.Errorf("%s: WORD %s has no instruction comment (want `WORD $%#08x // mnemonic operands`)", pos, m[1], w)
				continue
			}
			out = append(out, wordLine{pos: pos, word: uint32(w), text: text})
		}
	}
	return out
}

// abiNames maps the ABI register names GNU syntax allows to x-numbers, so
// the decoder's "x10" and a comment's "a0" compare equal.
var abiNames = func() map[string]string {
	m := map[string]string{"zero": "x0", "ra": "x1", "sp": "x2", "gp": "x3", "tp": "x4", "fp": "x8"}
	for i, r := range []string{"t0", "t1", "t2", "s0", "s1"} {
		m[r] = "x" + strconv.Itoa([]int{5, 6, 7, 8, 9}[i])
	}
	for i := 0; i < 8; i++ {
		m["a"+strconv.Itoa(i)] = "x" + strconv.Itoa(10+i)
	}
	for i := 2; i < 12; i++ {
		m["s"+strconv.Itoa(i)] = "x" + strconv.Itoa(16+i)
	}
	for i := 3; i < 7; i++ {
		m["t"+strconv.Itoa(i)] = "x" + strconv.Itoa(25+i)
	}
	return m
}()

var tokenRE = regexp.MustCompile(`[a-z][a-z0-9]*`)

// normalize lower-cases, drops blanks and a "0(" displacement, and spells
// registers as x-numbers.
func normalize(s string) string {
	s = strings.ToLower(s)
	s = strings.Join(strings.Fields(s), " ")
	i := strings.IndexByte(s, ' ')
	if i < 0 {
		return s
	}
	mn, ops := s[:i], strings.Replace(s[i+1:], " ", "", -1)
	ops = strings.Replace(ops, ",0(", ",(", -1)
	ops = tokenRE.ReplaceAllStringFunc(ops, func(tok string) string {
		if x, ok := abiNames[tok]; ok {
			return x
		}
		return tok
	})
	return mn + " " + ops
}

// decoderSays returns the x/arch decoder's GNU text for w, or "" when it
// does not know the instruction.
func decoderSays(w uint32) string {
	var b [4]byte
	binary.LittleEndian.PutUint32(b[:], w)
	in, err := riscv64asm.Decode(b[:])
	if err != nil || in.Len != 4 {
		return ""
	}
	return riscv64asm.GNUSyntax(in)
}

var asErrRE = regexp.MustCompile(`^[^:]+:(\d+): Error: (.*)$`)

// gnuAssemble assembles each text with GNU as. It returns the words of
// those it knows (by index) and the reason for each it rejected.
func gnuAssemble(t *testing.T, as, march string, texts []string) (words map[int]uint32, rejected map[int]string) {
	dir := t.TempDir()
	rejected = map[int]string{}
	src := func(skip map[int]string) []byte {
		var b bytes.Buffer
		b.WriteString(".option norvc\n")
		for i, s := range texts {
			if _, bad := skip[i]; bad {
				b.WriteString("nop\n")
				continue
			}
			b.WriteString(s + "\n")
		}
		return b.Bytes()
	}
	run := func() ([]byte, error) {
		if err := os.WriteFile(filepath.Join(dir, "w.s"), src(rejected), 0o644); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(as, "-march="+march, "-o", filepath.Join(dir, "w.o"), filepath.Join(dir, "w.s"))
		return cmd.CombinedOutput()
	}
	out, err := run()
	if err != nil {
		for _, l := range strings.Split(string(out), "\n") {
			if m := asErrRE.FindStringSubmatch(l); m != nil {
				n, _ := strconv.Atoi(m[1])
				rejected[n-2] = m[2] // line 1 is .option
			}
		}
		if out, err = run(); err != nil {
			t.Fatalf("%s failed after dropping the lines it rejected: %v\n%s", gnuAs, err, out)
		}
	}
	f, err := elf.Open(filepath.Join(dir, "w.o"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	text, err := f.Section(".text").Data()
	if err != nil {
		t.Fatal(err)
	}
	if len(text) != 4*len(texts) {
		t.Fatalf("%s produced %d bytes of .text for %d instructions", gnuAs, len(text), len(texts))
	}
	words = map[int]uint32{}
	for i := range texts {
		if _, bad := rejected[i]; !bad {
			words[i] = binary.LittleEndian.Uint32(text[4*i:])
		}
	}
	return words, rejected
}

func TestWordEncodings(t *testing.T) {
	lines := asmWords(t)
	if len(lines) == 0 {
		t.Skip("no WORD encodings in this package yet")
	}
	as, march, strict := newGas(), gnuMarchVector, true
	if as == "" {
		msg := "GNU as 2.44 not found in /opt/xarch/binutils-2.44 ($XARCH_GAS_DIR; sudo ci/install-deps.sh unpacks it)"
		if os.Getenv("CI") == "true" {
			t.Fatal(msg)
		}
		if _, err := exec.LookPath(gnuAs); err != nil {
			t.Skip(msg + "; " + gnuAs + " not found either (Debian package binutils-riscv64-linux-gnu)")
		}
		t.Logf("%s: checking with Debian 12's %s 2.40 and the decoder (2.40 knows no vector crypto)", msg, gnuAs)
		as, march, strict = gnuAs, gnuMarch, false
	}
	texts := make([]string, len(lines))
	for i, l := range lines {
		texts[i] = l.text
	}
	asWords, rejected := gnuAssemble(t, as, march, texts)
	byAs, byDecoder := 0, 0
	for i, l := range lines {
		confirmed := false
		if w, ok := asWords[i]; ok {
			if w != l.word {
				t.Errorf("%s: WORD %#08x, but GNU as encodes %q as %#08x", l.pos, l.word, l.text, w)
				continue
			}
			confirmed = true
			byAs++
		}
		if d := decoderSays(l.word); d != "" {
			if normalize(d) != normalize(l.text) {
				t.Errorf("%s: WORD %#08x decodes as %q (x/arch riscv64asm), not %q", l.pos, l.word, d, l.text)
				continue
			}
			confirmed = true
			byDecoder++
		}
		if !confirmed {
			t.Errorf("%s: WORD %#08x %q: neither GNU as (%s) nor the x/arch decoder knows it, so nothing checks its encoding",
				l.pos, l.word, l.text, rejected[i])
		} else if _, ok := asWords[i]; strict && !ok {
			t.Errorf("%s: WORD %#08x %q: GNU as 2.44 rejects it: %s", l.pos, l.word, l.text, rejected[i])
		}
	}
	t.Logf("%d WORDs: %d confirmed by GNU as (%s), %d by the x/arch decoder", len(lines), byAs, as, byDecoder)
}

// The checker itself must catch a wrong word, through either encoder.
func TestWordEncodingsCheckerCatches(t *testing.T) {
	if d := decoderSays(0xa22120f7); normalize(d) != normalize("vaesem.vv v1, v2") {
		t.Fatalf("decoder: vaesem.vv v1,v2 = %q", d)
	}
	if d := decoderSays(0xa22120f7 ^ 1<<7); normalize(d) == normalize("vaesem.vv v1, v2") {
		t.Fatalf("decoder does not tell v1 from v0: %q", d)
	}
	if _, err := exec.LookPath(gnuAs); err != nil {
		t.Skip(gnuAs + " not found")
	}
	w, rej := gnuAssemble(t, gnuAs, gnuMarch, []string{"aes64es a0, a1, a2", "vaesem.vv v1, v2", "add a0, a0, a1"})
	if len(rej) != 1 || rej[1] == "" {
		t.Fatalf("GNU as should reject only vaesem.vv: %v", rej)
	}
	if w[2] != 0x00b50533 {
		t.Fatalf("add a0,a0,a1 = %#08x, want 0x00b50533", w[2])
	}
	if w[0]>>25 != 0x19 || w[0]&0x7f != 0x33 {
		t.Fatalf("aes64es a0,a1,a2 = %#08x: not funct7 0b0011001, OP", w[0])
	}
}

// GNU as 2.44 encodes vector crypto, and its answer for vaesem.vv is the
// one the decoder names.
func TestNewGasKnowsVectorCrypto(t *testing.T) {
	as := newGas()
	if as == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("GNU as 2.44 not installed (sudo ci/install-deps.sh)")
		}
		t.Skip("GNU as 2.44 not installed (sudo ci/install-deps.sh)")
	}
	w, rej := gnuAssemble(t, as, gnuMarchVector, []string{"vaesem.vv v1, v2", "vghsh.vv v1, v2, v3"})
	if len(rej) != 0 || w[0] != 0xa22120f7 || normalize(decoderSays(w[1])) != normalize("vghsh.vv v1, v2, v3") {
		t.Fatalf("GNU as 2.44: %#08x %#08x, rejected %v", w[0], w[1], rej)
	}
}
