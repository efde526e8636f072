package archtest

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"io/ioutil"
	"math/rand"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/xarchlab/xarch/arch"
)

// The ABI trampoline's static checks (ARCHITECTURE.md, "ABI conformance"),
// run by each arch package's tests in its own directory: the kernel table
// (arch.RegisterABIKernels) against the package's sources.

// asmKernel is one kernel as its assembly declares it.
type asmKernel struct {
	name         string
	frame, args  int
	split        bool
	scratch      []string // sparc64: .register %gN, #scratch of its file
	file         string
	line         int
	hasArgsFrame bool // gc: the TEXT line gives $frame-args
}

var (
	gcText     = regexp.MustCompile(`^TEXT\s+·(\w+)\(SB\),\s*(?:([^,$]*),\s*)?\$(-?\d+)-(\d+)`)
	gcEntry    = regexp.MustCompile(`^DATA\s+·abiEntries\+(\d+)\(SB\)/8,\s*\$·(\w+)\(SB\)`)
	sparcFunc  = regexp.MustCompile(`^\s*\.global\s+(\w+)`)
	sparcSave  = regexp.MustCompile(`^\s*save\s+%sp,\s*-(\w+),\s*%sp`)
	sparcDef   = regexp.MustCompile(`^#define\s+(\w+)\s+(\d+)\b`)
	sparcReg   = regexp.MustCompile(`^\s*\.register\s+(%g\d),\s*#scratch`)
	sparcEntry = regexp.MustCompile(`^\s*\.xword\s+(\w+)`)
	sparcMacro = regexp.MustCompile(`^\s*\.macro\s+(\w+)`)
	sparcLabel = regexp.MustCompile(`^(\w+):`)
	sparcCall  = regexp.MustCompile(`^\s+(\w+)\s+(xarch_\w+)`)
	goExternRE = regexp.MustCompile(`(?m)^//extern\s+(\w+)\s*\nfunc\s+(\w+)\(([^)]*)\)`)
)

// sources reads the package's assembly files that are built without the
// xarch_planted tag (planted kernels are exempt by name).
func sources(t *testing.T) map[string][]string {
	t.Helper()
	files, err := filepath.Glob("*.s")
	if err != nil || len(files) == 0 {
		t.Fatalf("no assembly files in the package directory (%v): run the test from arch/<goarch>", err)
	}
	out := map[string][]string{}
	for _, f := range files {
		b, err := ioutil.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(string(b), "\n")
		if strings.Contains(lines[0], "xarch_planted") {
			continue
		}
		out[f] = lines
	}
	return out
}

// parseKernels finds every function of the assembly: gc TEXT lines, or
// sparc64 .global symbols with the save of their body and the file's
// scratch registers.
func parseKernels(t *testing.T, goarch string, src map[string][]string) (map[string]*asmKernel, []string) {
	kernels := map[string]*asmKernel{}
	var entries []string
	var files []string
	for f := range src {
		files = append(files, f)
	}
	sort.Strings(files)
	for _, f := range files {
		lines := src[f]
		defs := map[string]string{}
		macros := map[string][]string{}
		globals := map[string]bool{}
		var scratch []string
		for _, ln := range lines {
			if m := sparcFunc.FindStringSubmatch(ln); m != nil {
				globals[m[1]] = true
			}
		}
		for i, ln := range lines {
			if goarch != "sparc64" {
				if m := gcText.FindStringSubmatch(ln); m != nil {
					frame, _ := strconv.Atoi(m[3])
					args, _ := strconv.Atoi(m[4])
					kernels[m[1]] = &asmKernel{name: m[1], frame: frame, args: args, split: arch.SplitFrame(goarch, m[2], frame), file: f, line: i + 1, hasArgsFrame: true}
				}
				if m := gcEntry.FindStringSubmatch(ln); m != nil {
					off, _ := strconv.Atoi(m[1])
					if off != 8*len(entries) {
						t.Errorf("%s:%d: entry %s at offset %d, want %d (entries are consecutive)", f, i+1, m[2], off, 8*len(entries))
					}
					entries = append(entries, m[2])
				}
				continue
			}
			if m := sparcDef.FindStringSubmatch(ln); m != nil {
				defs[m[1]] = m[2]
			}
			if m := sparcReg.FindStringSubmatch(ln); m != nil {
				scratch = append(scratch, m[1])
			}
			if m := sparcEntry.FindStringSubmatch(ln); m != nil {
				entries = append(entries, m[1])
			}
			if m := sparcMacro.FindStringSubmatch(ln); m != nil {
				var body []string
				for j := i + 1; j < len(lines) && !strings.Contains(lines[j], ".endm"); j++ {
					body = append(body, lines[j])
				}
				macros[m[1]] = body
			}
			// A function: a label of a .global symbol, or a macro
			// invocation whose first argument is the symbol (the macro
			// makes the label).
			var sym string
			var body []string
			if m := sparcLabel.FindStringSubmatch(ln); m != nil && globals[m[1]] {
				sym = m[1]
			} else if m := sparcCall.FindStringSubmatch(ln); m != nil && macros[m[1]] != nil {
				sym, body = m[2], macros[m[1]]
			}
			if sym == "" {
				continue
			}
			for j := i + 1; j < len(lines) && !strings.Contains(lines[j], ".size\t"+sym) && !strings.Contains(lines[j], ".size "+sym); j++ {
				body = append(body, lines[j])
			}
			k := &asmKernel{name: sym, file: f, line: i + 1}
			for _, b := range body {
				if m := sparcSave.FindStringSubmatch(b); m != nil {
					v := m[1]
					if d, ok := defs[v]; ok {
						v = d
					}
					n, err := strconv.Atoi(v)
					if err != nil {
						t.Errorf("%s:%d: %s saves %q bytes: not a number or a #define of one", f, i+1, sym, m[1])
					}
					k.frame = n
					break
				}
			}
			kernels[sym] = k
		}
		for _, k := range kernels {
			if k.file == f {
				k.scratch = scratch
			}
		}
	}
	return kernels, entries
}

// ABIKernels checks the kernel table of goarch's package, which the test
// runs in: every function of its assembly (but the exempt ones, each with a
// reason: probes, CPUID, planted crashes) is in the table with the frame,
// argument size and stack check its source declares (sparc64: the size of
// its save and the application registers it declares #scratch); the entry
// table lists them in the table's order; and every use of a kernel in the
// package's Go code is the pair
//
//	if arch.ABICheck { abiX(args) } else { x(args) }
//
// with the same arguments, so no call bypasses the trampoline.
func ABIKernels(t *testing.T, goarch string, exempt map[string]string) {
	src := sources(t)
	asm, entries := parseKernels(t, goarch, src)
	table, got := arch.ABIKernels()
	if got != goarch {
		t.Fatalf("the kernel table was registered by %q, want %q", got, goarch)
	}
	byName := map[string]*arch.ABIKernel{}
	for _, k := range table {
		byName[k.Name] = k
	}
	var names []string
	for n := range asm {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		a := asm[n]
		k, ok := byName[n]
		if why, ex := exempt[n]; ex {
			if ok {
				t.Errorf("%s is exempt (%s) but in the kernel table", n, why)
			}
			continue
		}
		if strings.HasPrefix(n, "abi") || strings.HasPrefix(n, "xarch_abi_") {
			continue // the trampoline itself
		}
		if !ok {
			t.Errorf("%s:%d: kernel %s is not in the ABI kernel table (abi_kernels_%s.go), so --abi does not check it", a.file, a.line, n, goarch)
			continue
		}
		if k.Frame != a.frame || (a.hasArgsFrame && k.Args != a.args) || k.Split != a.split {
			t.Errorf("%s:%d: %s declares frame %d, args %d, stack check %v; the table says frame %d, args %d, stack check %v",
				a.file, a.line, n, a.frame, a.args, a.split, k.Frame, k.Args, k.Split)
		}
		if goarch == "sparc64" && strings.Join(k.Scratch, ",") != strings.Join(a.scratch, ",") {
			t.Errorf("%s: %s's file declares #scratch %v; the table says %v", a.file, n, a.scratch, k.Scratch)
		}
		if k.Entry == 0 {
			t.Errorf("%s has no entry address", n)
		}
	}
	for _, k := range table {
		if _, ok := asm[k.Name]; !ok {
			t.Errorf("the kernel table lists %s, which no assembly file defines", k.Name)
		}
	}
	var want []string
	for _, k := range table {
		want = append(want, k.Name)
	}
	if strings.Join(entries, ",") != strings.Join(want, ",") {
		t.Errorf("the entry table lists\n  %v\nthe kernel table\n  %v\n(same kernels, same order)", entries, want)
	}
	if goarch != "sparc64" {
		checkCalls(t, want)
		return
	}
	// sparc64: kernels are C symbols; Go calls them by their //extern
	// names, whose parameters are the argument words.
	var goNames []string
	for sym, ext := range goExterns(t) {
		k, ok := byName[sym]
		if !ok {
			if _, ex := exempt[sym]; !ex && !strings.HasPrefix(sym, "xarch_abi_") {
				t.Errorf("//extern %s (%s) is not in the ABI kernel table", sym, ext.name)
			}
			continue
		}
		goNames = append(goNames, ext.name)
		if 8*ext.params != k.Args {
			t.Errorf("%s takes %d argument words (//extern %s); the table says %d bytes", ext.name, ext.params, sym, k.Args)
		}
	}
	sort.Strings(goNames)
	checkCalls(t, goNames)
}

type goExtern struct {
	name   string
	params int
}

// goExterns maps the C symbols of the package's //extern declarations
// (in files built without xarch_planted) to their Go functions.
func goExterns(t *testing.T) map[string]goExtern {
	files, _ := filepath.Glob("*.go")
	out := map[string]goExtern{}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		b, err := ioutil.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(strings.SplitN(string(b), "\n", 2)[0], "xarch_planted") {
			continue
		}
		for _, m := range goExternRE.FindAllStringSubmatch(string(b), -1) {
			n := 0
			if strings.TrimSpace(m[3]) != "" {
				n = len(strings.Split(m[3], ","))
			}
			out[m[1]] = goExtern{name: m[2], params: n}
		}
	}
	return out
}

// checkCalls finds every use of a kernel in the package's Go files.
func checkCalls(t *testing.T, kernels []string) {
	isKernel := map[string]bool{}
	for _, k := range kernels {
		isKernel[k] = true
	}
	files, _ := filepath.Glob("*.go")
	fset := token.NewFileSet()
	pairs := 0
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(fset, f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ok := map[*ast.Ident]bool{} // kernel names in a checked pair or a declaration
		ast.Inspect(file, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncDecl:
				if isKernel[n.Name.Name] {
					ok[n.Name] = true
				}
			case *ast.IfStmt:
				if id, k := pairedCall(fset, n); id != nil {
					if isKernel[k] {
						ok[id] = true
						pairs++
					}
				}
			}
			return true
		})
		ast.Inspect(file, func(n ast.Node) bool {
			if id, isID := n.(*ast.Ident); isID && isKernel[id.Name] && !ok[id] {
				t.Errorf("%s: kernel %s used outside `if arch.ABICheck { abi%s(args) } else { %s(args) }`: --abi would not check this call",
					fset.Position(id.Pos()), id.Name, upperFirst(id.Name), id.Name)
			}
			return true
		})
	}
	t.Logf("%d kernels, %d checked call sites", len(kernels), pairs)
}

// pairedCall recognises `if arch.ABICheck { abiX(a) } else { X(a) }` and
// returns X's identifier in the else branch.
func pairedCall(fset *token.FileSet, n *ast.IfStmt) (*ast.Ident, string) {
	sel, ok := n.Cond.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "ABICheck" || n.Init != nil {
		return nil, ""
	}
	els, ok := n.Else.(*ast.BlockStmt)
	if !ok || len(n.Body.List) != 1 || len(els.List) != 1 {
		return nil, ""
	}
	c1, n1 := oneCall(n.Body.List[0])
	c2, n2 := oneCall(els.List[0])
	if c1 == nil || c2 == nil || n1.Name != "abi"+upperFirst(n2.Name) || render(fset, c1.Args) != render(fset, c2.Args) {
		return nil, ""
	}
	return n2, n2.Name
}

func oneCall(s ast.Stmt) (*ast.CallExpr, *ast.Ident) {
	es, ok := s.(*ast.ExprStmt)
	if !ok {
		return nil, nil
	}
	c, ok := es.X.(*ast.CallExpr)
	if !ok {
		return nil, nil
	}
	id, ok := c.Fun.(*ast.Ident)
	if !ok {
		return nil, nil
	}
	return c, id
}

func render(fset *token.FileSet, args []ast.Expr) string {
	var b bytes.Buffer
	for _, a := range args {
		printer.Fprint(&b, fset, a)
		b.WriteString(", ")
	}
	return b.String()
}

func upperFirst(s string) string { return strings.ToUpper(s[:1]) + s[1:] }

// ABILevels runs every op of every family on each usable level of goarch
// with the ABI checks on, over lengths around its tuning, whole and in
// pieces: no kernel may report a violation, and the answers must equal the
// unchecked ones. It logs the kernels no level called (their features are
// missing here).
func ABILevels(t *testing.T, goarch string) {
	old := arch.ABICheck
	defer func() { arch.ABICheck = old }()
	st := arch.State{Detected: Detected()}
	r := rand.New(rand.NewSource(7))
	skipped := map[string]string{}
	usable := 0
	for _, im := range arch.Impls() {
		if im.Arch == goarch && !im.Planted && st.Missing(im) == "" {
			usable++
		}
	}
	for _, op := range arch.Ops() {
		fam, _ := arch.LookupFamily(op.Family)
		for _, im := range arch.Impls() {
			if im.Arch != goarch || im.Alg != op.Family || im.Planted || st.Missing(im) != "" {
				continue
			}
			lengths := []int{0, 1, fam.Block, 3*fam.Block + 1}
			for _, n := range im.TuningLengths(fam.Block) {
				lengths = append(lengths, n-1, n, n+fam.Block)
			}
			for _, n := range lengths {
				if n < 0 || n > 1<<16 {
					continue
				}
				n -= n % op.Unit
				if !op.Streams() && n == 0 {
					n = op.Unit
				}
				params, in := abiCase(r, op, n)
				for _, chunks := range [][]int{nil, {op.Unit, 3 * op.Unit}} {
					if chunks != nil && !op.Streams() {
						continue
					}
					want, werr := runABI(false, im, op, params, in, chunks)
					got, gerr := runABI(true, im, op, params, in, chunks)
					where := fmt.Sprintf("%s %s, %d bytes, pieces %v", im.Name, op.Name, n, chunks)
					switch {
					case strings.Contains(fmt.Sprint(gerr), "ABI violation"):
						t.Errorf("%s: %v", where, gerr)
					case werr != nil:
						// Inputs this generic maker gets wrong for the op
						// (its own family tests cover it).
						skipped[op.Name+" on "+im.Name] = werr.Error()
					case gerr != nil:
						t.Errorf("%s: %v with the ABI checks, fine without", where, gerr)
					case !bytes.Equal(want, got):
						t.Errorf("%s: %x with the ABI checks, %x without", where, got, want)
					}
				}
			}
		}
	}
	for k, why := range skipped {
		t.Logf("not run: %s: %s", k, why)
	}
	table, _ := arch.ABIKernels()
	var idle []string
	called := 0
	for _, k := range table {
		switch {
		case k.SelfTest:
		case k.Calls == 0:
			idle = append(idle, k.Name)
		default:
			called++
		}
	}
	if usable == 0 {
		t.Skipf("no %s level is usable on this CPU (missing features), so no kernel can run", goarch)
	}
	if called == 0 {
		t.Fatal("no kernel ran through the ABI trampoline")
	}
	t.Logf("%d kernels ran through the trampoline; not called here: %v", called, idle)
}

// abiCase makes params and data for op: the op's Example where it has one
// (mont: odd moduli, operands below them), else keys and IVs of the lengths
// the family takes (AES and GCM keys of 16 bytes, 12-byte GCM nonces).
func abiCase(r *rand.Rand, op *arch.Op, n int) ([][]byte, []byte) {
	if op.Example != nil {
		return op.Example(func(b []byte) { r.Read(b) }, n)
	}
	var params [][]byte
	for _, p := range op.Params {
		size := 16
		switch p {
		case "iv":
			if op.Shape == "aead" {
				size = 12
			}
			if strings.Contains(op.Name, "ecb") {
				size = 0
			}
		case "aad":
			size = 13
		case "taglen":
			params = append(params, []byte{16})
			continue
		}
		b := make([]byte, size)
		r.Read(b)
		params = append(params, b)
	}
	in := make([]byte, n)
	r.Read(in)
	if op.Shape == "aead" && strings.HasSuffix(op.Name, "open") {
		in = append(in, make([]byte, 16)...) // a tag (wrong: an answer, not an error)
	}
	return params, in
}

func runABI(on bool, im *arch.Impl, op *arch.Op, params [][]byte, in []byte, chunks []int) (out []byte, err error) {
	arch.ABICheck = on
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("panic: %v", p)
		}
	}()
	var dst []byte
	if op.InPlace() {
		dst = make([]byte, len(in))
	}
	out, err = op.Run(im, params, dst, append([]byte(nil), in...), chunks)
	return append([]byte(nil), out...), err
}

// WithABI runs f with the ABI checks on.
func WithABI(f func()) {
	old := arch.ABICheck
	arch.ABICheck = true
	defer func() { arch.ABICheck = old }()
	f()
}

// abiPanic runs f with the checks on and returns what it panicked with.
func abiPanic(f func()) (p interface{}) {
	defer func() { p = recover() }()
	WithABI(f)
	return nil
}

// ABIConforming calls a conforming kernel (nop adds 1 to *x) and a framed
// one many times through the trampoline: no violation, the argument frame
// arrives, and the calls are counted.
func ABIConforming(t *testing.T, nop, framed func(x *uint64), nopKernel *arch.ABIKernel) {
	var x uint64
	before := nopKernel.Calls
	if p := abiPanic(func() {
		for i := 0; i < 1000; i++ {
			nop(&x)
			framed(&x)
		}
	}); p != nil {
		t.Fatalf("a conforming kernel: %v", p)
	}
	if x != 2000 {
		t.Fatalf("the kernels ran %d times, want 2000 (arguments not passed?)", x)
	}
	if nopKernel.Calls-before != 1000 {
		t.Fatalf("%s: %d checked calls, want 1000", nopKernel.Name, nopKernel.Calls-before)
	}
}

// ABIStackMoves calls a framed kernel (a stack check in its prologue) in a
// loop while another goroutine runs the GC, from a stack that grew and is
// mostly unused: the prologue's morestack may then run the scheduler and
// the GC may move the stack under the call. No false violation, and the
// kernel still works; moved reports whether the last call saw a move.
func ABIStackMoves(t *testing.T, framed func(x *uint64), moved func() bool) {
	rounds := 2000
	if Emulated() {
		rounds = 50
	}
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		for {
			select {
			case <-stop:
				return
			default:
				runtime.GC()
			}
		}
	}()
	n := 0
	var x uint64
	p := abiPanic(func() {
		for r := 0; r < rounds; r++ {
			grow(64)
			for i := 0; i < 200; i++ {
				framed(&x)
				if moved() {
					n++
				}
			}
		}
	})
	close(stop)
	<-done
	if p != nil {
		t.Fatalf("a conforming framed kernel: %v", p)
	}
	if x != uint64(rounds*200) {
		t.Fatalf("x = %d, want %d", x, rounds*200)
	}
	t.Logf("the stack moved during %d of %d calls", n, rounds*200)
}

//go:noinline
func grow(n int) byte {
	var pad [1024]byte
	if n == 0 {
		return pad[0]
	}
	pad[n%1024] = byte(n)
	return grow(n-1) + pad[(n*7)%1024]
}

// ABICase is a self-test kernel that breaks the convention one way, and
// the problem the trampoline must report (a regexp of the whole line).
type ABICase struct {
	Name string
	Call func()
	Want string
	// SPDelta, if set, is expected minus got of a stack pointer line
	// whose regexp captures both.
	SPDelta int64
}

// ABIHex matches a hexadecimal value in a problem line.
const ABIHex = `0x[0-9a-f]+`

// ABIViolations runs each case through the trampoline: exactly its one
// problem must come back as an *arch.ABIViolation, and conforming calls
// must pass right after (the trampoline repaired what Go relies on).
func ABIViolations(t *testing.T, cases []ABICase, nop func(x *uint64)) {
	for _, c := range cases {
		c := c
		t.Run(c.Name, func(t *testing.T) {
			p := abiPanic(c.Call)
			v, ok := p.(*arch.ABIViolation)
			if !ok {
				t.Fatalf("got %v (%T), want an *arch.ABIViolation", p, p)
			}
			if len(v.Problems) != 1 {
				t.Fatalf("%v: want exactly one problem", v)
			}
			m := regexp.MustCompile(c.Want).FindStringSubmatch(v.Problems[0])
			if m == nil {
				t.Fatalf("%q does not match %q", v.Problems[0], c.Want)
			}
			if c.SPDelta != 0 {
				want, _ := strconv.ParseUint(m[1][2:], 16, 64)
				got, _ := strconv.ParseUint(m[2][2:], 16, 64)
				if int64(want-got) != c.SPDelta {
					t.Fatalf("the stack pointer is off by %d, want %d", int64(want-got), c.SPDelta)
				}
			}
			t.Log(v)
			var x uint64
			if p := abiPanic(func() { nop(&x) }); p != nil || x != 1 {
				t.Fatalf("a conforming call after it: %v, x = %d", p, x)
			}
			if f := fmt.Sprint(1.0 / 3.0); f != "0.3333333333333333" {
				t.Fatalf("1/3 = %s after the call", f)
			}
			runtime.GC() // the runtime still finds its way through the stack
		})
	}
}

// ABITrampolineFrame checks the frame of abiTrampoline's TEXT line (a
// literal, which go vet reads) against the layout constants.
func ABITrampolineFrame(t *testing.T, file string, want int) {
	b, err := ioutil.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	for _, ln := range strings.Split(string(b), "\n") {
		if m := gcText.FindStringSubmatch(ln); m != nil && m[1] == "abiTrampoline" {
			if got, _ := strconv.Atoi(m[3]); got != want {
				t.Fatalf("%s: abiTrampoline's frame is %d, the layout constants make it %d", file, got, want)
			}
			return
		}
	}
	t.Fatalf("%s: no TEXT ·abiTrampoline", file)
}

// Emulated reports whether the tests run under an emulator
// (ci/cross-unit-tests.sh sets XARCH_EMULATED): loops are cut short.
func Emulated() bool { return os.Getenv("XARCH_EMULATED") != "" }

// ABIFault makes a kernel fault under the trampoline (nop dereferences its
// argument, here nil): the fault is a recoverable panic as it is without
// the checks, the runtime unwinds through the trampoline's moved stack
// pointer, and the next checked call works (the trampoline's lock was
// released). The runner relies on this for the fuzzer's guard pages.
func ABIFault(t *testing.T, nop func(x *uint64)) {
	p := abiPanic(func() { nop(nil) })
	if p == nil {
		t.Fatal("a nil dereference in the kernel did not panic")
	}
	if _, ok := p.(*arch.ABIViolation); ok {
		t.Fatalf("a fault reported as %v", p)
	}
	t.Logf("the fault: %v", p)
	var x uint64
	if p := abiPanic(func() { nop(&x) }); p != nil || x != 1 {
		t.Fatalf("a conforming call after the fault: %v, x = %d", p, x)
	}
}
