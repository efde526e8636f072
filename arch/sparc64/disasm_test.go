package sparc64

// Host-side checks of the SPARC T4 AES code, which no emulator here runs
// faithfully: build this package for sparc64 with gccgo, disassemble it
// with sparc64-linux-gnu-objdump, check that the .word encodings decode as
// the intended T4 instructions, and interpret the disassembled aes/t4
// functions with the Go model of the instructions against crypto/aes. What
// remains unverified is only whether the model matches the silicon, which
// the probe and a native run on a T4+ settle.

import (
	"bytes"
	cryptoaes "crypto/aes"
	"encoding/binary"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/xarchlab/xarch/family/aes"
)

// sparcTool finds a cross tool; a missing one skips, or fails when CI=true.
func sparcTool(t *testing.T, names ...string) string {
	t.Helper()
	for _, n := range names {
		if p, err := exec.LookPath(n); err == nil {
			return p
		}
	}
	msg := fmt.Sprintf("%s not found in PATH (apt-get install gccgo-sparc64-linux-gnu binutils-sparc64-linux-gnu)", strings.Join(names, " or "))
	if os.Getenv("CI") == "true" {
		t.Fatal(msg)
	}
	t.Skip(msg)
	return ""
}

var disasm struct {
	once sync.Once
	text string
	err  error
}

// t4Disassembly builds this package for sparc64 with gccgo (as the runner
// build does, so the assembler runs with gccgo's -Av9) and returns
// objdump's disassembly of the archive, decoded as a T4 (sparc:v9v).
func t4Disassembly(t *testing.T) string {
	t.Helper()
	if runtime.GOARCH == "sparc64" {
		t.Skip("host-side test: it cross-builds this package; run it with go test on the build machine")
	}
	gccgo := sparcTool(t, "sparc64-linux-gnu-gccgo-12", "sparc64-linux-gnu-gccgo")
	objdump := sparcTool(t, "sparc64-linux-gnu-objdump")
	goCmd := sparcTool(t, "go")
	disasm.once.Do(func() {
		dir, err := os.MkdirTemp("", "xarch-sparc64-disasm")
		if err != nil {
			disasm.err = err
			return
		}
		defer os.RemoveAll(dir)
		pkg := filepath.Join(dir, "sparc64.a")
		build := exec.Command(goCmd, "build", "-compiler", "gccgo", "-o", pkg, ".")
		build.Env = append(os.Environ(), "GOOS=linux", "GOARCH=sparc64", "GCCGO="+gccgo, "CGO_ENABLED=0")
		if out, err := build.CombinedOutput(); err != nil {
			disasm.err = fmt.Errorf("GOOS=linux GOARCH=sparc64 GCCGO=%s go build -compiler gccgo ./arch/sparc64: %v\n%s", gccgo, err, out)
			return
		}
		out, err := exec.Command(objdump, "-m", "sparc:v9v", "-d", pkg).CombinedOutput()
		if err != nil {
			disasm.err = fmt.Errorf("%s -m sparc:v9v -d: %v\n%s", objdump, err, out)
			return
		}
		disasm.text = string(out)
	})
	if disasm.err != nil {
		t.Fatal(disasm.err)
	}
	return disasm.text
}

type sparcInsn struct {
	addr uint64
	op   string // mnemonic, with ,pt/,pn stripped
	args string
	line string
}

var (
	funcRE = regexp.MustCompile(`^([0-9a-f]+) <([^>]+)>:$`)
	insnRE = regexp.MustCompile(`^\s*([0-9a-f]+):\t(?:[0-9a-f]{2} ){4}\t(\S+)\s*(.*)$`)
)

// parseFuncs splits objdump output into functions. Archive members each
// start at address 0; functions of one member share its addresses.
func parseFuncs(text string) map[string][]sparcInsn {
	funcs := map[string][]sparcInsn{}
	cur := ""
	for _, line := range strings.Split(text, "\n") {
		if m := funcRE.FindStringSubmatch(line); m != nil {
			cur = m[2]
			continue
		}
		if cur == "" {
			continue
		}
		m := insnRE.FindStringSubmatch(line)
		if m == nil {
			if strings.TrimSpace(line) == "" || strings.Contains(line, "file format") || strings.HasPrefix(line, "In archive") {
				cur = ""
			}
			continue
		}
		addr, _ := strconv.ParseUint(m[1], 16, 64)
		op := m[2]
		op = strings.TrimSuffix(strings.TrimSuffix(op, ",pt"), ",pn")
		funcs[cur] = append(funcs[cur], sparcInsn{addr: addr, op: op, args: strings.TrimSpace(m[3]), line: strings.TrimSpace(line)})
	}
	return funcs
}

var t4Funcs = []string{"xarch_aes_t4_encrypt", "xarch_aes_t4_decrypt", "xarch_aes_t4_probe"}

// The .word encodings must disassemble as the T4 instructions ("assembled
// and disassembled in CI"), with the counts the three key sizes imply.
func TestT4Disassembly(t *testing.T) {
	funcs := parseFuncs(t4Disassembly(t))
	count := map[string]int{}
	for _, name := range t4Funcs {
		body, ok := funcs[name]
		if !ok {
			t.Fatalf("%s not in the disassembly of the sparc64 package", name)
		}
		for _, in := range body {
			if in.op == "unknown" || in.op == ".word" {
				t.Errorf("%s: undecodable instruction: %s", name, in.line)
			}
			count[name+" "+in.op]++
		}
	}
	// Per function: AES-128, -192, -256 bodies have 9+11+13 middle rounds
	// and three last rounds.
	want := map[string]int{
		"xarch_aes_t4_encrypt aes_eround01": 33, "xarch_aes_t4_encrypt aes_eround23": 33,
		"xarch_aes_t4_encrypt aes_eround01_l": 3, "xarch_aes_t4_encrypt aes_eround23_l": 3,
		"xarch_aes_t4_decrypt aes_dround01": 33, "xarch_aes_t4_decrypt aes_dround23": 33,
		"xarch_aes_t4_decrypt aes_dround01_l": 3, "xarch_aes_t4_decrypt aes_dround23_l": 3,
		"xarch_aes_t4_encrypt fxord": 6, "xarch_aes_t4_decrypt fxord": 6,
		"xarch_aes_t4_probe aes_eround01": 1,
	}
	for k, n := range want {
		if count[k] != n {
			t.Errorf("%s: %d in the disassembly, want %d", k, count[k], n)
		}
	}
	for _, m := range t4OpNames {
		found := false
		for k := range count {
			if strings.HasSuffix(k, " "+m) {
				found = true
			}
		}
		if !found {
			t.Errorf("%s missing from the disassembly", m)
		}
	}
	if t.Failed() {
		return
	}
	var lines []string
	for _, in := range funcs["xarch_aes_t4_probe"] {
		lines = append(lines, in.line)
	}
	t.Logf("T4 mnemonics decode (objdump -m sparc:v9v); probe:\n%s", strings.Join(lines, "\n"))
}

// t4Machine interprets the few instructions aes_t4_sparc64.s uses, with
// the T4 AES instructions from the Go model. Anything else is an error, so
// a change to the assembly cannot slip past unmodelled.
type t4Machine struct {
	insns  []sparcInsn
	index  map[uint64]int
	reg    map[string]uint64 // %o0..%o7, %g1..
	fp     [64]uint64        // double registers by even number
	mem    []byte
	xccN   bool // last compare: result negative (signed), zero
	xccZ   bool
	steps  int
	stores int
}

func newT4Machine(insns []sparcInsn, memSize int) *t4Machine {
	m := &t4Machine{insns: insns, index: map[uint64]int{}, reg: map[string]uint64{}, mem: make([]byte, memSize)}
	for i, in := range insns {
		m.index[in.addr] = i
	}
	return m
}

var (
	memArgRE = regexp.MustCompile(`^\[ (%\w+)(?: \+ (\w+))? \]$`)
	fregRE   = regexp.MustCompile(`^%f(\d+)$`)
	targetRE = regexp.MustCompile(`^([0-9a-f]+) <`)
)

func (m *t4Machine) val(s string) (uint64, error) {
	if strings.HasPrefix(s, "%") {
		if s == "%g0" {
			return 0, nil
		}
		return m.reg[s], nil
	}
	v, err := strconv.ParseInt(s, 0, 64)
	return uint64(v), err
}

func (m *t4Machine) addr(s string) (uint64, error) {
	mm := memArgRE.FindStringSubmatch(s)
	if mm == nil {
		return 0, fmt.Errorf("address %q not understood", s)
	}
	a := m.reg[mm[1]]
	if mm[2] != "" {
		off, err := strconv.ParseInt(mm[2], 0, 64)
		if err != nil {
			return 0, err
		}
		a += uint64(off)
	}
	if a%8 != 0 || a+8 > uint64(len(m.mem)) {
		return 0, fmt.Errorf("ldd/std address %#x misaligned or outside memory", a)
	}
	return a, nil
}

func freg(s string) (int, error) {
	mm := fregRE.FindStringSubmatch(s)
	if mm == nil {
		return 0, fmt.Errorf("not a double register: %q", s)
	}
	n, _ := strconv.Atoi(mm[1])
	if n%2 != 0 || n > 62 {
		return 0, fmt.Errorf("not a double register: %q", s)
	}
	return n, nil
}

func splitArgs(s string) []string {
	// Commas inside [ ] do not occur in the forms handled here.
	parts := strings.Split(s, ",")
	for i := range parts {
		parts[i] = strings.TrimSpace(parts[i])
	}
	return parts
}

// step executes one instruction and returns the next pc index, whether it
// is a control transfer (so the following delay slot runs first), and done.
func (m *t4Machine) exec(i int) (next int, jump bool, done bool, err error) {
	in := m.insns[i]
	a := splitArgs(in.args)
	bad := func() (int, bool, bool, error) {
		return 0, false, false, fmt.Errorf("unmodelled instruction: %s", in.line)
	}
	target := func(s string) (int, error) {
		mm := targetRE.FindStringSubmatch(s)
		if mm == nil {
			return 0, fmt.Errorf("branch target %q", s)
		}
		addr, _ := strconv.ParseUint(mm[1], 16, 64)
		j, ok := m.index[addr]
		if !ok {
			return 0, fmt.Errorf("branch to %#x outside the function", addr)
		}
		return j, nil
	}
	branch := func(taken bool, to string) (int, bool, bool, error) {
		j, err := target(to)
		if err != nil {
			return 0, false, false, err
		}
		if !taken {
			return i + 2, true, false, nil
		}
		return j, true, false, nil
	}
	switch in.op {
	case "nop":
		return i + 1, false, false, nil
	case "retl":
		return -1, true, true, nil
	case "ldd":
		if len(a) != 2 {
			return bad()
		}
		addr, err := m.addr(a[0])
		if err != nil {
			return 0, false, false, fmt.Errorf("%s: %v", in.line, err)
		}
		r, err := freg(a[1])
		if err != nil {
			return bad()
		}
		m.fp[r] = binary.BigEndian.Uint64(m.mem[addr:])
	case "std":
		if len(a) != 2 {
			return bad()
		}
		r, err := freg(a[0])
		if err != nil {
			return bad()
		}
		addr, err := m.addr(a[1])
		if err != nil {
			return 0, false, false, fmt.Errorf("%s: %v", in.line, err)
		}
		binary.BigEndian.PutUint64(m.mem[addr:], m.fp[r])
		m.stores++
	case "fxord", "fxor":
		if len(a) != 3 {
			return bad()
		}
		x, e1 := freg(a[0])
		y, e2 := freg(a[1])
		d, e3 := freg(a[2])
		if e1 != nil || e2 != nil || e3 != nil {
			return bad()
		}
		m.fp[d] = m.fp[x] ^ m.fp[y]
	case "add":
		if len(a) != 3 || !strings.HasPrefix(a[2], "%") {
			return bad()
		}
		x, e1 := m.val(a[0])
		y, e2 := m.val(a[1])
		if e1 != nil || e2 != nil {
			return bad()
		}
		m.reg[a[2]] = x + y
	case "deccc", "subcc", "cmp":
		var x, y uint64
		var dst string
		var e1, e2 error
		switch {
		case in.op == "deccc" && len(a) == 1:
			x, y, dst = m.reg[a[0]], 1, a[0]
		case in.op == "cmp" && len(a) == 2:
			x, e1 = m.val(a[0])
			y, e2 = m.val(a[1])
		case in.op == "subcc" && len(a) == 3:
			x, e1 = m.val(a[0])
			y, e2 = m.val(a[1])
			dst = a[2]
		default:
			return bad()
		}
		if e1 != nil || e2 != nil {
			return bad()
		}
		r := x - y
		m.xccZ, m.xccN = r == 0, int64(x) < int64(y)
		if dst != "" && dst != "%g0" {
			m.reg[dst] = r
		}
	case "brz":
		if len(a) != 2 {
			return bad()
		}
		v, _ := m.val(a[0])
		return branch(v == 0, a[1])
	case "be", "bne", "bg":
		if len(a) != 2 || a[0] != "%xcc" {
			return bad()
		}
		taken := map[string]bool{"be": m.xccZ, "bne": !m.xccZ, "bg": !m.xccZ && !m.xccN}[in.op]
		return branch(taken, a[1])
	default:
		if len(a) == 4 && strings.HasPrefix(in.op, "aes_") {
			op := -1
			for k, n := range t4OpNames {
				if n == in.op {
					op = k
				}
			}
			var r [4]int
			for k := range r {
				var err error
				if r[k], err = freg(a[k]); err != nil {
					return bad()
				}
			}
			if op < 0 {
				return bad()
			}
			m.fp[r[3]] = t4Round(op, m.fp[r[0]], m.fp[r[1]], m.fp[r[2]])
			return i + 1, false, false, nil
		}
		return bad()
	}
	return i + 1, false, false, nil
}

// run executes from the function's first instruction to its retl, with
// SPARC delay slots (no annulled branches are used).
func (m *t4Machine) run() error {
	pc := 0
	for {
		m.steps++
		if m.steps > 200000 {
			return fmt.Errorf("no retl after %d instructions", m.steps)
		}
		if pc < 0 || pc >= len(m.insns) {
			return fmt.Errorf("ran off the function at index %d", pc)
		}
		next, jump, done, err := m.exec(pc)
		if err != nil {
			return err
		}
		if !jump {
			pc = next
			continue
		}
		// The delay slot runs before the transfer takes effect.
		if pc+1 >= len(m.insns) {
			return fmt.Errorf("no delay slot after %s", m.insns[pc].line)
		}
		slotNext, slotJump, _, err := m.exec(pc + 1)
		if err != nil {
			return err
		}
		if slotJump || slotNext != pc+2 {
			return fmt.Errorf("control transfer in a delay slot: %s", m.insns[pc+1].line)
		}
		if done {
			return nil
		}
		pc = next
	}
}

// TestT4Interpreted runs the assembled aes/t4 functions, as objdump decodes
// them, on the instruction model and compares with crypto/aes.
func TestT4Interpreted(t *testing.T) {
	funcs := parseFuncs(t4Disassembly(t))
	const keyAt, srcAt, dstAt, memSize = 0x100, 0x400, 0x800, 0xc00
	r := rand.New(rand.NewSource(31))
	ran := 0
	for _, keyLen := range []int{16, 24, 32} {
		for _, blocks := range []int{0, 1, 2, 5} {
			key := make([]byte, keyLen)
			r.Read(key)
			ref, _ := cryptoaes.NewCipher(key)
			k := aes.ExpandKey(key)
			for _, dec := range []bool{false, true} {
				name := "xarch_aes_t4_encrypt"
				if dec {
					name = "xarch_aes_t4_decrypt"
				}
				src := make([]byte, 16*blocks)
				r.Read(src)
				want := make([]byte, len(src))
				for i := 0; i < len(src); i += 16 {
					if dec {
						ref.Decrypt(want[i:], src[i:i+16])
					} else {
						ref.Encrypt(want[i:], src[i:i+16])
					}
				}
				m := newT4Machine(funcs[name], memSize)
				copy(m.mem[keyAt:], k.Enc)
				copy(m.mem[srcAt:], src)
				for i := dstAt; i < memSize; i++ {
					m.mem[i] = 0xa5
				}
				m.reg["%o0"], m.reg["%o1"], m.reg["%o2"], m.reg["%o3"], m.reg["%o4"] =
					keyAt, uint64(k.Rounds), dstAt, srcAt, uint64(blocks)
				if err := m.run(); err != nil {
					t.Fatalf("%s AES-%d %d blocks: %v", name, 8*keyLen, blocks, err)
				}
				got := m.mem[dstAt : dstAt+len(src)]
				if !bytes.Equal(got, want) {
					t.Fatalf("%s AES-%d %d blocks (interpreted): got %x want %x", name, 8*keyLen, blocks, got, want)
				}
				for i := dstAt + len(src); i < memSize; i++ {
					if m.mem[i] != 0xa5 {
						t.Fatalf("%s AES-%d %d blocks: wrote past dst at +%d", name, 8*keyLen, blocks, i-dstAt)
					}
				}
				if m.stores != 2*blocks {
					t.Fatalf("%s AES-%d %d blocks: %d stores, want %d", name, 8*keyLen, blocks, m.stores, 2*blocks)
				}
				ran++
			}
		}
	}
	// The probe function on its own inputs.
	m := newT4Machine(funcs["xarch_aes_t4_probe"], 64)
	binary.BigEndian.PutUint64(m.mem[0:], t4ProbeKey)
	binary.BigEndian.PutUint64(m.mem[8:], t4ProbeA)
	binary.BigEndian.PutUint64(m.mem[16:], t4ProbeB)
	m.reg["%o0"] = 0
	if err := m.run(); err != nil {
		t.Fatalf("xarch_aes_t4_probe: %v", err)
	}
	if got := m.mem[24:32]; !bytes.Equal(got, t4ProbeWant()) {
		t.Fatalf("xarch_aes_t4_probe (interpreted) stored %x, want %x", got, t4ProbeWant())
	}
	t.Logf("interpreted %d aes/t4 calls (AES-128/192/256, 0/1/2/5 blocks, both directions) and the probe: all match crypto/aes", ran)
}
