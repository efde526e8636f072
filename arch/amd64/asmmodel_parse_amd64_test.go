//go:build amd64 && gc

package amd64

// The instruction model, part 1: reading Go assembly. A test-only
// interpreter (asmmodel_*_amd64_test.go) runs this package's kernels
// instruction by instruction on a simulated machine, so kernels that this
// host cannot execute (AVX-512: aes-gcm/vaes512, aes/vaes512) are checked
// against the reference anyway. This file turns a .s file into programs:
// comments, `#define` macros (object- and function-like, expanded and
// rescanned like the Go assembler's preprocessor), `;`-separated
// statements, labels (scoped per TEXT block), DATA/GLOBL read-only data,
// and operands in Go's syntax (sources first, destination last). See
// docs/porting.md, "Checking a kernel no CPU here can run".

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"
	"unicode"
)

// asmProgram is one .s file: its functions and its data symbols.
type asmProgram struct {
	file  string
	funcs map[string]*asmFunc
	data  map[string]*asmData
}

// asmFunc is one TEXT block.
type asmFunc struct {
	name      string
	frameSize int
	argSize   int
	insns     []*asmInsn
	labels    map[string]int
}

// asmData is a DATA/GLOBL symbol (read-only to the kernels).
type asmData struct {
	name  string
	bytes []byte
	set   []bool
	size  int
}

// asmInsn is one decoded instruction.
type asmInsn struct {
	op   string // mnemonic with any suffix, e.g. "VMOVDQU64.Z"
	args []asmOperand
	line int    // line of the .s file the statement came from
	text string // the statement after macro expansion
}

func (in *asmInsn) String() string { return fmt.Sprintf("line %d: %s", in.line, in.text) }

type operandKind int

const (
	opImm operandKind = iota
	opReg
	opMem
	opLabel
)

// Register classes.
const (
	rcGPR = iota
	rcX
	rcY
	rcZ
	rcK
)

type asmReg struct {
	class int
	n     int
}

// width of a vector register class in bytes.
func (r asmReg) width() int {
	switch r.class {
	case rcX:
		return 16
	case rcY:
		return 32
	case rcZ:
		return 64
	}
	return 0
}

var gprNames = []string{"AX", "CX", "DX", "BX", "SP", "BP", "SI", "DI", "R8", "R9", "R10", "R11", "R12", "R13", "R14", "R15"}

const (
	regAX = 0
	regCX = 1
	regSP = 4
	regBP = 5
)

func (r asmReg) String() string {
	switch r.class {
	case rcGPR:
		return gprNames[r.n]
	case rcX:
		return fmt.Sprintf("X%d", r.n)
	case rcY:
		return fmt.Sprintf("Y%d", r.n)
	case rcZ:
		return fmt.Sprintf("Z%d", r.n)
	}
	return fmt.Sprintf("K%d", r.n)
}

func parseReg(s string) (asmReg, bool) {
	for i, n := range gprNames {
		if s == n {
			return asmReg{rcGPR, i}, true
		}
	}
	if len(s) >= 2 {
		cls := map[byte]int{'X': rcX, 'Y': rcY, 'Z': rcZ, 'K': rcK}
		if c, ok := cls[s[0]]; ok {
			n, err := strconv.Atoi(s[1:])
			max := 32
			if c == rcK {
				max = 8
			}
			if err == nil && n >= 0 && n < max && strconv.Itoa(n) == s[1:] {
				return asmReg{c, n}, true
			}
		}
	}
	return asmReg{}, false
}

// Memory operand bases beyond registers.
const (
	memReg = iota // (REG)
	memSB         // sym<>+off(SB)
	memFP         // name+off(FP): an argument slot
)

type asmOperand struct {
	kind  operandKind
	imm   int64
	reg   asmReg
	label string
	// memory: disp(base)(index*scale), or a symbol, or an argument.
	memKind  int
	base     asmReg
	hasIndex bool
	index    asmReg
	scale    int64
	disp     int64
	sym      string
	text     string
}

func (o asmOperand) isReg(class int) bool { return o.kind == opReg && o.reg.class == class }

func (o asmOperand) isVec() bool {
	return o.kind == opReg && (o.reg.class == rcX || o.reg.class == rcY || o.reg.class == rcZ)
}

// ---- Preprocessing ------------------------------------------------------

type ppMacro struct {
	name   string
	params []string // nil: object-like
	fn     bool
	body   []ppToken
}

type ppToken struct {
	s     string
	ident bool
	space bool
}

func isIdentStart(r rune) bool { return r == '_' || r == '·' || unicode.IsLetter(r) }
func isIdentRune(r rune) bool  { return isIdentStart(r) || unicode.IsDigit(r) }

// ppTokenize splits a logical line into identifiers, numbers, runs of
// white space and single other characters; joining the tokens gives the
// line back.
func ppTokenize(s string) []ppToken {
	var out []ppToken
	rs := []rune(s)
	for i := 0; i < len(rs); {
		j := i + 1
		switch r := rs[i]; {
		case isIdentStart(r):
			for j < len(rs) && isIdentRune(rs[j]) {
				j++
			}
			out = append(out, ppToken{s: string(rs[i:j]), ident: true})
		case unicode.IsDigit(r):
			for j < len(rs) && (unicode.IsDigit(rs[j]) || unicode.IsLetter(rs[j])) {
				j++
			}
			out = append(out, ppToken{s: string(rs[i:j])})
		case r == ' ' || r == '\t':
			for j < len(rs) && (rs[j] == ' ' || rs[j] == '\t') {
				j++
			}
			out = append(out, ppToken{s: " ", space: true})
		default:
			out = append(out, ppToken{s: string(r)})
		}
		i = j
	}
	return out
}

func ppJoin(ts []ppToken) string {
	var b strings.Builder
	for _, t := range ts {
		b.WriteString(t.s)
	}
	return b.String()
}

func ppTrim(ts []ppToken) []ppToken {
	for len(ts) > 0 && ts[0].space {
		ts = ts[1:]
	}
	for len(ts) > 0 && ts[len(ts)-1].space {
		ts = ts[:len(ts)-1]
	}
	return ts
}

// stripComments removes // and /* */ comments, keeping line breaks.
func stripComments(src string) string {
	var b strings.Builder
	inBlock, inLine, inStr := false, false, false
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch {
		case inBlock:
			if c == '*' && i+1 < len(src) && src[i+1] == '/' {
				inBlock = false
				i++
				b.WriteByte(' ')
			} else if c == '\n' {
				b.WriteByte('\n')
			}
		case inLine:
			if c == '\n' {
				inLine = false
				b.WriteByte('\n')
			}
		case inStr:
			b.WriteByte(c)
			if c == '"' {
				inStr = false
			}
		case c == '"':
			inStr = true
			b.WriteByte(c)
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			inLine = true
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			inBlock = true
			i++
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

type preprocessor struct {
	file   string
	macros map[string]*ppMacro
}

// textflag.h's names, so that TEXT and GLOBL flags evaluate.
var textflagDefs = map[string]int64{
	"NOPROF": 1, "DUPOK": 2, "NOSPLIT": 4, "RODATA": 8, "NOPTR": 16, "WRAPPER": 32,
	"NEEDCTXT": 64, "TLSBSS": 256, "NOFRAME": 512, "REFLECTMETHOD": 1024, "TOPFRAME": 2048,
	"ABIWRAPPER": 4096,
}

func (p *preprocessor) define(line string, lineNo int) error {
	rest := strings.TrimSpace(strings.TrimPrefix(line, "#define"))
	i := 0
	rs := []rune(rest)
	for i < len(rs) && isIdentRune(rs[i]) {
		i++
	}
	if i == 0 {
		return fmt.Errorf("%s:%d: #define without a name", p.file, lineNo)
	}
	m := &ppMacro{name: string(rs[:i])}
	body := string(rs[i:])
	if strings.HasPrefix(body, "(") { // function-like: no space before '('
		end := strings.Index(body, ")")
		if end < 0 {
			return fmt.Errorf("%s:%d: #define %s: unclosed parameter list", p.file, lineNo, m.name)
		}
		m.fn = true
		for _, a := range strings.Split(body[1:end], ",") {
			if a = strings.TrimSpace(a); a != "" {
				m.params = append(m.params, a)
			}
		}
		body = body[end+1:]
	}
	m.body = ppTrim(ppTokenize(body))
	if _, dup := p.macros[m.name]; dup {
		return fmt.Errorf("%s:%d: #define %s: redefined", p.file, lineNo, m.name)
	}
	p.macros[m.name] = m
	return nil
}

// expand macro-expands ts; the result of each expansion is rescanned.
func (p *preprocessor) expand(ts []ppToken, depth int) ([]ppToken, error) {
	if depth > 64 {
		return nil, fmt.Errorf("macro expansion nested more than 64 deep (recursive macro?)")
	}
	var out []ppToken
	for i := 0; i < len(ts); i++ {
		t := ts[i]
		m, ok := p.macros[t.s]
		if !t.ident || !ok {
			out = append(out, t)
			continue
		}
		body := m.body
		if m.fn {
			j := i + 1
			for j < len(ts) && ts[j].space {
				j++
			}
			if j >= len(ts) || ts[j].s != "(" {
				out = append(out, t) // a function-like macro's name without arguments
				continue
			}
			var args [][]ppToken
			var cur []ppToken
			level := 0
			k := j + 1
			for ; k < len(ts); k++ {
				s := ts[k].s
				if s == "(" {
					level++
				} else if s == ")" {
					if level == 0 {
						break
					}
					level--
				} else if s == "," && level == 0 {
					args = append(args, ppTrim(cur))
					cur = nil
					continue
				}
				cur = append(cur, ts[k])
			}
			if k >= len(ts) {
				return nil, fmt.Errorf("macro %s: unclosed argument list", m.name)
			}
			if len(cur) > 0 || len(args) > 0 {
				args = append(args, ppTrim(cur))
			}
			if len(args) != len(m.params) {
				return nil, fmt.Errorf("macro %s takes %d arguments, got %d", m.name, len(m.params), len(args))
			}
			var sub []ppToken
			for _, bt := range m.body {
				replaced := false
				if bt.ident {
					for pi, pn := range m.params {
						if bt.s == pn {
							sub = append(sub, args[pi]...)
							replaced = true
							break
						}
					}
				}
				if !replaced {
					sub = append(sub, bt)
				}
			}
			body = sub
			i = k
		}
		exp, err := p.expand(body, depth+1)
		if err != nil {
			return nil, err
		}
		out = append(out, exp...)
	}
	return out, nil
}

// ---- Statements and operands -----------------------------------------------

// splitTop splits s at sep outside parentheses.
func splitTop(s string, sep byte) []string {
	var out []string
	level, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(':
			level++
		case ')':
			level--
		case sep:
			if level == 0 {
				out = append(out, s[start:i])
				start = i + 1
			}
		}
	}
	return append(out, s[start:])
}

// parseAsmFile reads and parses a .s file of this package.
func parseAsmFile(path string) (*asmProgram, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return parseAsm(path, string(src))
}

var asmCache = struct {
	sync.Mutex
	m map[string]*asmProgram
}{m: map[string]*asmProgram{}}

// loadAsm parses a .s file once per test binary.
func loadAsm(path string) (*asmProgram, error) {
	asmCache.Lock()
	defer asmCache.Unlock()
	if p, ok := asmCache.m[path]; ok {
		return p, nil
	}
	p, err := parseAsmFile(path)
	if err != nil {
		return nil, err
	}
	asmCache.m[path] = p
	return p, nil
}

// parseAsm preprocesses and parses one file's text.
func parseAsm(file, src string) (*asmProgram, error) {
	pp := &preprocessor{file: file, macros: map[string]*ppMacro{}}
	prog := &asmProgram{file: file, funcs: map[string]*asmFunc{}, data: map[string]*asmData{}}
	lines := strings.Split(stripComments(src), "\n")
	var cur *asmFunc
	finish := func() error {
		if cur == nil {
			return nil
		}
		for _, in := range cur.insns {
			for _, a := range in.args {
				if a.kind == opLabel {
					if _, ok := cur.labels[a.label]; !ok {
						return fmt.Errorf("%s: %s: jump to unknown label %q in %s", file, in, a.label, cur.name)
					}
				}
			}
		}
		prog.funcs[cur.name] = cur
		return nil
	}
	var cond []bool // #ifdef stack: whether the current branch is taken
	taken := func() bool {
		for _, c := range cond {
			if !c {
				return false
			}
		}
		return true
	}
	for i := 0; i < len(lines); i++ {
		lineNo := i + 1
		line := lines[i]
		for strings.HasSuffix(strings.TrimRight(line, " \t\r"), "\\") && i+1 < len(lines) {
			line = strings.TrimSuffix(strings.TrimRight(line, " \t\r"), "\\") + " " + lines[i+1]
			i++
		}
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		if strings.HasPrefix(line, "#") {
			d := strings.Fields(line)
			switch d[0] {
			case "#ifdef", "#ifndef":
				_, def := pp.macros[d[1]]
				cond = append(cond, def == (d[0] == "#ifdef"))
			case "#else":
				if len(cond) == 0 {
					return nil, fmt.Errorf("%s:%d: #else without #ifdef", file, lineNo)
				}
				cond[len(cond)-1] = !cond[len(cond)-1]
			case "#endif":
				if len(cond) == 0 {
					return nil, fmt.Errorf("%s:%d: #endif without #ifdef", file, lineNo)
				}
				cond = cond[:len(cond)-1]
			case "#include":
				if !taken() {
					continue
				}
				if len(d) != 2 || d[1] != `"textflag.h"` {
					return nil, fmt.Errorf("%s:%d: the model knows only #include \"textflag.h\", not %s", file, lineNo, line)
				}
				for k, v := range textflagDefs {
					pp.macros[k] = &ppMacro{name: k, body: []ppToken{{s: strconv.FormatInt(v, 10)}}}
				}
			case "#define":
				if !taken() {
					continue
				}
				if err := pp.define(line, lineNo); err != nil {
					return nil, err
				}
			case "#undef":
				if taken() {
					delete(pp.macros, d[1])
				}
			default:
				return nil, fmt.Errorf("%s:%d: preprocessor directive %s not modeled", file, lineNo, d[0])
			}
			continue
		}
		if !taken() {
			continue
		}
		toks, err := pp.expand(ppTokenize(line), 0)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", file, lineNo, err)
		}
		for _, stmt := range splitTop(ppJoin(toks), ';') {
			stmt = strings.TrimSpace(stmt)
			// Labels: "name:" at the start of a statement.
			for {
				c := strings.Index(stmt, ":")
				if c <= 0 || !isLabelName(stmt[:c]) {
					break
				}
				if cur == nil {
					return nil, fmt.Errorf("%s:%d: label %s outside a TEXT block", file, lineNo, stmt[:c])
				}
				name := stmt[:c]
				if _, dup := cur.labels[name]; dup {
					return nil, fmt.Errorf("%s:%d: label %s defined twice in %s", file, lineNo, name, cur.name)
				}
				cur.labels[name] = len(cur.insns)
				stmt = strings.TrimSpace(stmt[c+1:])
			}
			if stmt == "" {
				continue
			}
			op, rest := stmt, ""
			if k := strings.IndexAny(stmt, " \t"); k >= 0 {
				op, rest = stmt[:k], strings.TrimSpace(stmt[k+1:])
			}
			var args []string
			if rest != "" {
				for _, a := range splitTop(rest, ',') {
					args = append(args, strings.TrimSpace(a))
				}
			}
			switch op {
			case "TEXT":
				if err := finish(); err != nil {
					return nil, err
				}
				f, err := parseText(pp, args)
				if err != nil {
					return nil, fmt.Errorf("%s:%d: %v", file, lineNo, err)
				}
				if _, dup := prog.funcs[f.name]; dup {
					return nil, fmt.Errorf("%s:%d: TEXT %s twice", file, lineNo, f.name)
				}
				cur = f
			case "DATA":
				if err := parseDataStmt(prog, args); err != nil {
					return nil, fmt.Errorf("%s:%d: %v", file, lineNo, err)
				}
			case "GLOBL":
				if err := parseGlobl(prog, args); err != nil {
					return nil, fmt.Errorf("%s:%d: %v", file, lineNo, err)
				}
			default:
				if cur == nil {
					return nil, fmt.Errorf("%s:%d: instruction %s outside a TEXT block", file, lineNo, op)
				}
				in := &asmInsn{op: op, line: lineNo, text: stmt}
				for _, a := range args {
					o, err := parseOperand(a)
					if err != nil {
						return nil, fmt.Errorf("%s:%d: %s: operand %q: %v", file, lineNo, stmt, a, err)
					}
					in.args = append(in.args, o)
				}
				if _, ok := asmSemantics[baseOp(op)]; !ok {
					return nil, fmt.Errorf("%s:%d: instruction %s is not in the model (add its semantics to asmSemantics; see docs/porting.md)", file, lineNo, op)
				}
				cur.insns = append(cur.insns, in)
			}
		}
	}
	if len(cond) != 0 {
		return nil, fmt.Errorf("%s: unterminated #ifdef", file)
	}
	if err := finish(); err != nil {
		return nil, err
	}
	for _, d := range prog.data {
		if d.size == 0 {
			return nil, fmt.Errorf("%s: DATA %s without GLOBL", file, d.name)
		}
	}
	return prog, nil
}

// baseOp strips an EVEX suffix (".Z", ".BCST", ...) from a mnemonic.
func baseOp(op string) string {
	if k := strings.Index(op, "."); k >= 0 {
		return op[:k]
	}
	return op
}

func isLabelName(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		if !(isIdentStart(r) || i > 0 && unicode.IsDigit(r)) {
			return false
		}
	}
	return true
}

// parseText reads "·name(SB), [flags,] $frame-args".
func parseText(pp *preprocessor, args []string) (*asmFunc, error) {
	if len(args) < 2 {
		return nil, fmt.Errorf("TEXT needs a symbol and a frame")
	}
	sym := args[0]
	if !strings.HasPrefix(sym, "·") || !strings.HasSuffix(sym, "(SB)") {
		return nil, fmt.Errorf("TEXT symbol %q: want ·name(SB)", sym)
	}
	name := strings.TrimSuffix(strings.TrimPrefix(sym, "·"), "(SB)")
	fr := args[len(args)-1]
	if !strings.HasPrefix(fr, "$") {
		return nil, fmt.Errorf("TEXT %s: frame %q: want $frame-args", name, fr)
	}
	parts := strings.SplitN(fr[1:], "-", 2)
	frame, err := evalExpr(parts[0])
	if err != nil {
		return nil, err
	}
	argSize := int64(-1)
	if len(parts) == 2 {
		if argSize, err = evalExpr(parts[1]); err != nil {
			return nil, err
		}
	}
	return &asmFunc{name: name, frameSize: int(frame), argSize: int(argSize), labels: map[string]int{}}, nil
}

// symName reads "name<>" or "name<>+expr" (and "·name").
func symOffset(s string) (name string, off int64, err error) {
	k := strings.Index(s, "<>")
	if k < 0 {
		return "", 0, fmt.Errorf("symbol %q: the model reads only file-local symbols (name<>)", s)
	}
	name, rest := s[:k], strings.TrimSpace(s[k+2:])
	if rest != "" {
		if !strings.HasPrefix(rest, "+") && !strings.HasPrefix(rest, "-") {
			return "", 0, fmt.Errorf("symbol %q: offset %q", s, rest)
		}
		if off, err = evalExpr(rest); err != nil {
			return "", 0, err
		}
	}
	return name, off, nil
}

func (prog *asmProgram) sym(name string) *asmData {
	d, ok := prog.data[name]
	if !ok {
		d = &asmData{name: name}
		prog.data[name] = d
	}
	return d
}

// parseDataStmt reads "sym<>+off(SB)/width, $value".
func parseDataStmt(prog *asmProgram, args []string) error {
	if len(args) != 2 {
		return fmt.Errorf("DATA needs two operands")
	}
	k := strings.LastIndex(args[0], "/")
	if k < 0 || !strings.HasSuffix(args[0][:k], "(SB)") {
		return fmt.Errorf("DATA %q: want sym<>+off(SB)/width", args[0])
	}
	name, off, err := symOffset(strings.TrimSuffix(args[0][:k], "(SB)"))
	if err != nil {
		return err
	}
	w, err := evalExpr(args[0][k+1:])
	if err != nil || (w != 1 && w != 2 && w != 4 && w != 8) {
		return fmt.Errorf("DATA %q: width must be 1, 2, 4 or 8", args[0])
	}
	if !strings.HasPrefix(args[1], "$") {
		return fmt.Errorf("DATA value %q: want $constant", args[1])
	}
	v, err := evalExpr(args[1][1:])
	if err != nil {
		return err
	}
	d := prog.sym(name)
	for int(off)+int(w) > len(d.bytes) {
		d.bytes = append(d.bytes, 0)
		d.set = append(d.set, false)
	}
	for i := int64(0); i < w; i++ {
		if d.set[off+i] {
			return fmt.Errorf("DATA %s: byte %d written twice", name, off+i)
		}
		d.bytes[off+i] = byte(uint64(v) >> (8 * uint(i)))
		d.set[off+i] = true
	}
	return nil
}

// parseGlobl reads "sym<>(SB), flags, $size".
func parseGlobl(prog *asmProgram, args []string) error {
	if len(args) < 2 || !strings.HasSuffix(args[0], "(SB)") || !strings.HasPrefix(args[len(args)-1], "$") {
		return fmt.Errorf("GLOBL %v: want sym<>(SB), flags, $size", args)
	}
	name, off, err := symOffset(strings.TrimSuffix(args[0], "(SB)"))
	if err != nil || off != 0 {
		return fmt.Errorf("GLOBL %q: %v", args[0], err)
	}
	size, err := evalExpr(args[len(args)-1][1:])
	if err != nil {
		return err
	}
	d := prog.sym(name)
	if d.size != 0 {
		return fmt.Errorf("GLOBL %s twice", name)
	}
	if int(size) < len(d.bytes) {
		return fmt.Errorf("GLOBL %s: size %d, but DATA writes %d bytes", name, size, len(d.bytes))
	}
	d.size = int(size)
	for len(d.bytes) < d.size {
		d.bytes = append(d.bytes, 0)
		d.set = append(d.set, false)
	}
	return nil
}

// parseOperand reads one operand in Go syntax.
func parseOperand(s string) (asmOperand, error) {
	o := asmOperand{text: s}
	if s == "" {
		return o, fmt.Errorf("empty operand")
	}
	if s[0] == '$' {
		v, err := evalExpr(s[1:])
		if err != nil {
			return o, err
		}
		o.kind, o.imm = opImm, v
		return o, nil
	}
	if r, ok := parseReg(s); ok {
		o.kind, o.reg = opReg, r
		return o, nil
	}
	if !strings.HasSuffix(s, ")") {
		if isLabelName(s) {
			o.kind, o.label = opLabel, s
			return o, nil
		}
		return o, fmt.Errorf("neither register, immediate, memory nor label")
	}
	// Memory: peel the trailing parenthesized register groups.
	o.kind = opMem
	rest := s
	var groups []string
	for strings.HasSuffix(rest, ")") {
		open := matchingOpen(rest)
		if open < 0 {
			return o, fmt.Errorf("unbalanced parentheses")
		}
		inner := rest[open+1 : len(rest)-1]
		if !isRegGroup(inner) {
			break
		}
		groups = append([]string{inner}, groups...)
		rest = rest[:open]
	}
	rest = strings.TrimSpace(rest)
	switch {
	case len(groups) == 1 && groups[0] == "SB":
		name, off, err := symOffset(rest)
		if err != nil {
			return o, err
		}
		o.memKind, o.sym, o.disp = memSB, name, off
		return o, nil
	case len(groups) == 1 && groups[0] == "FP":
		k := strings.IndexAny(rest, "+-")
		if k <= 0 {
			return o, fmt.Errorf("argument %q: want name+offset(FP)", s)
		}
		off, err := evalExpr(rest[k:])
		if err != nil {
			return o, err
		}
		o.memKind, o.sym, o.disp = memFP, rest[:k], off
		return o, nil
	case len(groups) == 1 || len(groups) == 2:
		r, ok := parseReg(groups[0])
		if !ok || r.class != rcGPR {
			return o, fmt.Errorf("base %q is not a general register", groups[0])
		}
		o.memKind, o.base = memReg, r
		if len(groups) == 2 {
			parts := strings.SplitN(groups[1], "*", 2)
			ir, ok := parseReg(parts[0])
			if !ok || ir.class != rcGPR || len(parts) != 2 {
				return o, fmt.Errorf("index %q: want REG*scale", groups[1])
			}
			sc, err := evalExpr(parts[1])
			if err != nil || (sc != 1 && sc != 2 && sc != 4 && sc != 8) {
				return o, fmt.Errorf("index scale %q", parts[1])
			}
			o.hasIndex, o.index, o.scale = true, ir, sc
		}
		if rest != "" {
			d, err := evalExpr(rest)
			if err != nil {
				return o, err
			}
			o.disp = d
		}
		return o, nil
	}
	return o, fmt.Errorf("memory operand form not modeled")
}

func matchingOpen(s string) int {
	level := 0
	for i := len(s) - 1; i >= 0; i-- {
		switch s[i] {
		case ')':
			level++
		case '(':
			level--
			if level == 0 {
				return i
			}
		}
	}
	return -1
}

func isRegGroup(s string) bool {
	if s == "SB" || s == "FP" {
		return true
	}
	if k := strings.Index(s, "*"); k >= 0 {
		s = s[:k]
	}
	r, ok := parseReg(s)
	return ok && r.class == rcGPR
}

// ---- Constant expressions -------------------------------------------------

// evalExpr evaluates an assembler constant expression: integers (decimal,
// 0x hex, 0 octal), unary - + ~, * / % << >> &, + - | ^, parentheses.
func evalExpr(s string) (int64, error) {
	e := &exprParser{s: strings.TrimSpace(s)}
	v, err := e.sum()
	if err != nil {
		return 0, err
	}
	e.skip()
	if e.i != len(e.s) {
		return 0, fmt.Errorf("expression %q: unexpected %q", s, e.s[e.i:])
	}
	return v, nil
}

type exprParser struct {
	s string
	i int
}

func (e *exprParser) skip() {
	for e.i < len(e.s) && (e.s[e.i] == ' ' || e.s[e.i] == '\t') {
		e.i++
	}
}

func (e *exprParser) sum() (int64, error) {
	v, err := e.product()
	if err != nil {
		return 0, err
	}
	for {
		e.skip()
		if e.i >= len(e.s) {
			return v, nil
		}
		op := e.s[e.i]
		if op != '+' && op != '-' && op != '|' && op != '^' {
			return v, nil
		}
		e.i++
		w, err := e.product()
		if err != nil {
			return 0, err
		}
		switch op {
		case '+':
			v += w
		case '-':
			v -= w
		case '|':
			v |= w
		case '^':
			v ^= w
		}
	}
}

func (e *exprParser) product() (int64, error) {
	v, err := e.unary()
	if err != nil {
		return 0, err
	}
	for {
		e.skip()
		if e.i >= len(e.s) {
			return v, nil
		}
		var op string
		switch {
		case strings.HasPrefix(e.s[e.i:], "<<"), strings.HasPrefix(e.s[e.i:], ">>"):
			op = e.s[e.i : e.i+2]
		case e.s[e.i] == '*' || e.s[e.i] == '/' || e.s[e.i] == '%' || e.s[e.i] == '&':
			op = e.s[e.i : e.i+1]
		default:
			return v, nil
		}
		e.i += len(op)
		w, err := e.unary()
		if err != nil {
			return 0, err
		}
		switch op {
		case "*":
			v *= w
		case "/", "%":
			if w == 0 {
				return 0, fmt.Errorf("division by zero in %q", e.s)
			}
			if op == "/" {
				v /= w
			} else {
				v %= w
			}
		case "<<":
			v <<= uint(w)
		case ">>":
			v >>= uint(w)
		case "&":
			v &= w
		}
	}
}

func (e *exprParser) unary() (int64, error) {
	e.skip()
	if e.i >= len(e.s) {
		return 0, fmt.Errorf("expression %q ends early", e.s)
	}
	switch e.s[e.i] {
	case '-':
		e.i++
		v, err := e.unary()
		return -v, err
	case '+':
		e.i++
		return e.unary()
	case '~':
		e.i++
		v, err := e.unary()
		return ^v, err
	case '(':
		e.i++
		v, err := e.sum()
		if err != nil {
			return 0, err
		}
		e.skip()
		if e.i >= len(e.s) || e.s[e.i] != ')' {
			return 0, fmt.Errorf("expression %q: missing )", e.s)
		}
		e.i++
		return v, nil
	}
	j := e.i
	for j < len(e.s) && (e.s[j] >= '0' && e.s[j] <= '9' || e.s[j] >= 'a' && e.s[j] <= 'z' || e.s[j] >= 'A' && e.s[j] <= 'Z') {
		j++
	}
	if j == e.i {
		return 0, fmt.Errorf("expression %q: expected a number at %q", e.s, e.s[e.i:])
	}
	u, err := strconv.ParseUint(e.s[e.i:j], 0, 64)
	if err != nil {
		return 0, fmt.Errorf("expression %q: %v (an undefined macro?)", e.s, err)
	}
	e.i = j
	return int64(u), nil
}
