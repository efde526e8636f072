//go:build amd64 && gc

package amd64

// The instruction model, part 2: the simulated machine and the semantics
// of every instruction it knows (asmSemantics). Each entry is written
// from the pseudo-code of the Intel SDM (Vol. 2), in Go's operand order:
// sources first, destination last; an opmask, when present, comes just
// before the destination; CMP keeps Intel's order (CMPQ a, b sets the
// flags of a - b). An instruction that is not in the table stops the
// parse; an operand form a handler does not know stops the run; a branch
// on a flag the last flag-writing instruction left undefined stops the
// run; a memory access outside the Go buffers passed in, the frame, the
// arguments or the file's DATA stops the run, as does a misaligned
// MOVO/VMOVDQA or legacy-SSE memory operand. Masked-off elements of a
// masked load or store are not accessed (fault suppression), so a kernel
// that reads past its buffers only under a mask passes, as on hardware.

import (
	"encoding/binary"
	"fmt"
	"math/bits"
	"math/rand"
	"strings"
	"unsafe"
)

type vreg [64]byte

// Flags the model tracks (PF and AF are not: a branch on them is unknown).
const (
	flagCF = 1 << iota
	flagZF
	flagSF
	flagOF
)

type memRegion struct {
	name string
	base uint64
	data []byte
	ro   bool
}

type machine struct {
	prog    *asmProgram
	fn      *asmFunc
	gpr     [16]uint64
	v       [32]vreg
	k       [8]uint64
	flags   uint8 // values
	defined uint8 // which flags hold a defined value
	regions []*memRegion
	args    *memRegion
	frame   *memRegion
	syms    map[string]*memRegion
	pc      int
	next    int
	steps   int
	done    bool
}

// asmPtr is a pointer argument: &b[0], with b (its length) the region the
// kernel may touch.
type asmPtr struct{ b []byte }

func mptr(b []byte) asmPtr { return asmPtr{b} }

// asmRunOpts tune a run.
type asmRunOpts struct {
	rng       *rand.Rand // register junk; nil: a fixed seed
	frameSkew uint64     // SP mod 64 (a multiple of 8)
	maxSteps  int
	forms     map[string]int
	hits      map[*asmInsn]int // executions per instruction (coverage)
	init      func(m *machine) // after the junk and the arguments, before the first instruction
}

// addRegion maps a Go byte slice at a fresh simulated address that keeps
// the slice's real alignment modulo 4096. A slice already mapped (same
// first byte and length) returns the same region; a partial overlap is an
// error (the model does not alias distinct regions).
func (m *machine) addRegion(name string, b []byte, ro bool) (*memRegion, error) {
	if len(b) == 0 {
		return nil, fmt.Errorf("argument %s: empty buffer", name)
	}
	p := uint64(uintptr(unsafe.Pointer(&b[0])))
	for _, r := range m.regions {
		if len(r.data) == 0 || r.name == "frame" || r.name == "args" || strings.HasSuffix(r.name, "<>") {
			continue
		}
		q := uint64(uintptr(unsafe.Pointer(&r.data[0])))
		if q == p && len(r.data) == len(b) {
			return r, nil
		}
		if p < q+uint64(len(r.data)) && q < p+uint64(len(b)) {
			return nil, fmt.Errorf("argument %s overlaps region %s partially", name, r.name)
		}
	}
	r := &memRegion{name: name, base: uint64(len(m.regions)+1)<<32 | p&4095, data: b, ro: ro}
	m.regions = append(m.regions, r)
	return r, nil
}

// run executes the TEXT block name with args (asmPtr, int, uint64 or
// uint32), 8 bytes each, and returns the machine after RET.
func (p *asmProgram) run(name string, opt asmRunOpts, args ...interface{}) (*machine, error) {
	f, ok := p.funcs[name]
	if !ok {
		return nil, fmt.Errorf("%s: no TEXT %s", p.file, name)
	}
	if f.argSize >= 0 && f.argSize != 8*len(args) {
		return nil, fmt.Errorf("%s: %d bytes of arguments declared, %d given", name, f.argSize, 8*len(args))
	}
	m := &machine{prog: p, fn: f, syms: map[string]*memRegion{}}
	rng := opt.rng
	if rng == nil {
		rng = rand.New(rand.NewSource(1))
	}
	// Junk everywhere a kernel must not read before it writes.
	for i := range m.gpr {
		m.gpr[i] = rng.Uint64()
	}
	for i := range m.v {
		rng.Read(m.v[i][:])
	}
	for i := range m.k {
		m.k[i] = rng.Uint64()
	}
	for _, d := range p.data {
		r := &memRegion{name: d.name + "<>", base: uint64(len(m.regions)+1) << 32, data: d.bytes, ro: true}
		m.regions = append(m.regions, r)
		m.syms[d.name] = r
	}
	argBytes := make([]byte, 8*len(args))
	for i, a := range args {
		var v uint64
		switch a := a.(type) {
		case asmPtr:
			r, err := m.addRegion(fmt.Sprintf("arg%d", i), a.b, false)
			if err != nil {
				return nil, err
			}
			v = r.base
		case int:
			v = uint64(a)
		case uint64:
			v = a
		case uint32:
			v = uint64(a)
		default:
			return nil, fmt.Errorf("argument %d: type %T not modeled", i, a)
		}
		binary.LittleEndian.PutUint64(argBytes[8*i:], v)
	}
	m.args = &memRegion{name: "args", base: uint64(len(m.regions)+1) << 32, data: argBytes, ro: true}
	m.regions = append(m.regions, m.args)
	m.frame = &memRegion{name: "frame", base: uint64(len(m.regions)+1)<<32 | 0x800 | opt.frameSkew&56, data: make([]byte, f.frameSize)}
	rng.Read(m.frame.data)
	m.regions = append(m.regions, m.frame)
	m.gpr[regSP] = m.frame.base
	if opt.init != nil {
		opt.init(m)
	}
	bp := m.gpr[regBP]
	max := opt.maxSteps
	if max == 0 {
		max = 50000000
	}
	for !m.done {
		if m.pc < 0 || m.pc >= len(f.insns) {
			return m, fmt.Errorf("%s: ran off the end of the function (pc %d)", name, m.pc)
		}
		in := f.insns[m.pc]
		m.next = m.pc + 1
		if opt.forms != nil {
			opt.forms[insnForm(in)]++
		}
		if opt.hits != nil {
			opt.hits[in]++
		}
		if err := asmSemantics[baseOp(in.op)](m, in); err != nil {
			return m, fmt.Errorf("%s: %s: %v", name, in, err)
		}
		m.pc = m.next
		if m.steps++; m.steps > max {
			return m, fmt.Errorf("%s: more than %d instructions (a loop that does not end?)", name, max)
		}
	}
	if m.gpr[regSP] != m.frame.base {
		return m, fmt.Errorf("%s: SP changed from %#x to %#x", name, m.frame.base, m.gpr[regSP])
	}
	if m.gpr[regBP] != bp {
		return m, fmt.Errorf("%s: BP (the frame pointer) not preserved", name)
	}
	return m, nil
}

// insnForm names an instruction's form: the mnemonic and its operand
// kinds (I immediate, R general register, M memory, X/Y/Z vector, K
// opmask, L label), e.g. "VPCLMULQDQ I,Z,Z,Z".
func insnForm(in *asmInsn) string {
	var k []string
	for _, a := range in.args {
		switch a.kind {
		case opImm:
			k = append(k, "I")
		case opMem:
			k = append(k, "M")
		case opLabel:
			k = append(k, "L")
		case opReg:
			k = append(k, map[int]string{rcGPR: "R", rcX: "X", rcY: "Y", rcZ: "Z", rcK: "K"}[a.reg.class])
		}
	}
	return in.op + " " + strings.Join(k, ",")
}

// ---- Memory ---------------------------------------------------------------

func (m *machine) region(addr uint64, n int) (*memRegion, int, error) {
	for _, r := range m.regions {
		if addr >= r.base && addr+uint64(n) <= r.base+uint64(len(r.data)) && addr+uint64(n) >= addr {
			return r, int(addr - r.base), nil
		}
	}
	for _, r := range m.regions {
		if addr >= r.base-4096 && addr < r.base+uint64(len(r.data))+4096 {
			return nil, 0, fmt.Errorf("access of %d bytes at %s%+d is outside it (%d bytes)", n, r.name, int64(addr-r.base), len(r.data))
		}
	}
	return nil, 0, fmt.Errorf("access of %d bytes at %#x: no buffer there", n, addr)
}

func (m *machine) load(addr uint64, n int) ([]byte, error) {
	r, off, err := m.region(addr, n)
	if err != nil {
		return nil, err
	}
	return append([]byte(nil), r.data[off:off+n]...), nil
}

func (m *machine) store(addr uint64, b []byte) error {
	r, off, err := m.region(addr, len(b))
	if err != nil {
		return err
	}
	if r.ro {
		return fmt.Errorf("store of %d bytes to read-only %s%+d", len(b), r.name, off)
	}
	copy(r.data[off:], b)
	return nil
}

// addr computes a memory operand's effective address.
func (m *machine) addr(o asmOperand) (uint64, error) {
	if o.kind != opMem {
		return 0, fmt.Errorf("operand %s is not memory", o.text)
	}
	switch o.memKind {
	case memSB:
		r, ok := m.syms[o.sym]
		if !ok {
			return 0, fmt.Errorf("unknown symbol %s<>", o.sym)
		}
		return r.base + uint64(o.disp), nil
	case memFP:
		return m.args.base + uint64(o.disp), nil
	}
	a := m.gpr[o.base.n] + uint64(o.disp)
	if o.hasIndex {
		a += m.gpr[o.index.n] * uint64(o.scale)
	}
	return a, nil
}

func (m *machine) loadOp(o asmOperand, n int, align int) ([]byte, error) {
	a, err := m.addr(o)
	if err != nil {
		return nil, err
	}
	if align > 1 && a%uint64(align) != 0 {
		return nil, fmt.Errorf("%s: address %#x not %d-byte aligned (#GP on hardware)", o.text, a, align)
	}
	return m.load(a, n)
}

func (m *machine) storeOp(o asmOperand, b []byte, align int) error {
	a, err := m.addr(o)
	if err != nil {
		return err
	}
	if align > 1 && a%uint64(align) != 0 {
		return fmt.Errorf("%s: address %#x not %d-byte aligned (#GP on hardware)", o.text, a, align)
	}
	return m.store(a, b)
}

// ---- Operands -------------------------------------------------------------

func argc(in *asmInsn, n ...int) error {
	for _, k := range n {
		if len(in.args) == k {
			return nil
		}
	}
	return fmt.Errorf("%d operands, the model knows %v", len(in.args), n)
}

// intSrc reads an immediate, register or memory operand of w bytes.
func (m *machine) intSrc(o asmOperand, w int) (uint64, error) {
	switch {
	case o.kind == opImm:
		return uint64(o.imm) & widthMask(w), nil
	case o.isReg(rcGPR):
		return m.gpr[o.reg.n] & widthMask(w), nil
	case o.kind == opMem:
		b, err := m.loadOp(o, w, 1)
		if err != nil {
			return 0, err
		}
		var v uint64
		for i := w - 1; i >= 0; i-- {
			v = v<<8 | uint64(b[i])
		}
		return v, nil
	}
	return 0, fmt.Errorf("operand %s: want an immediate, general register or memory", o.text)
}

// intDst writes w bytes: a 32-bit register write zero-extends to 64 bits.
func (m *machine) intDst(o asmOperand, w int, v uint64) error {
	switch {
	case o.isReg(rcGPR):
		if w < 4 {
			return fmt.Errorf("%d-byte register writes not modeled", w)
		}
		m.gpr[o.reg.n] = v & widthMask(w)
		return nil
	case o.kind == opMem:
		b := make([]byte, w)
		for i := range b {
			b[i] = byte(v >> (8 * uint(i)))
		}
		return m.storeOp(o, b, 1)
	}
	return fmt.Errorf("operand %s: want a general register or memory", o.text)
}

func widthMask(w int) uint64 {
	if w >= 8 {
		return ^uint64(0)
	}
	return 1<<(8*uint(w)) - 1
}

// vsrc reads a vector operand: a register gives its whole width (X 16,
// Y 32, Z 64 bytes), memory gives n bytes (align: required alignment).
func (m *machine) vsrc(o asmOperand, n, align int) ([]byte, error) {
	if o.isVec() {
		w := o.reg.width()
		if n != 0 && w != n {
			return nil, fmt.Errorf("operand %s is %d bytes, the instruction reads %d", o.text, w, n)
		}
		return append([]byte(nil), m.v[o.reg.n][:w]...), nil
	}
	if o.kind == opMem {
		return m.loadOp(o, n, align)
	}
	return nil, fmt.Errorf("operand %s: want a vector register or memory", o.text)
}

// vsrcMasked reads n bytes of a memory operand element by element, only
// the elements whose mask bit is set (the others read as zero and are not
// accessed: fault suppression). Registers are read whole.
func (m *machine) vsrcMasked(o asmOperand, n, esize int, mask uint64) ([]byte, error) {
	if o.kind != opMem {
		return m.vsrc(o, n, 0)
	}
	a, err := m.addr(o)
	if err != nil {
		return nil, err
	}
	out := make([]byte, n)
	for e := 0; e < n/esize; e++ {
		if mask>>uint(e)&1 == 0 {
			continue
		}
		b, err := m.load(a+uint64(e*esize), esize)
		if err != nil {
			return nil, fmt.Errorf("element %d: %v", e, err)
		}
		copy(out[e*esize:], b)
	}
	return out, nil
}

// vdst writes data to a vector register or memory. A register write by a
// VEX or EVEX instruction (vex) clears the register above the data, up to
// bit 511; a legacy SSE write leaves it.
func (m *machine) vdst(o asmOperand, data []byte, vex bool, align int) error {
	if o.isVec() {
		if o.reg.width() != len(data) {
			return fmt.Errorf("destination %s is %d bytes, the result %d", o.text, o.reg.width(), len(data))
		}
		if !vex && o.reg.class != rcX {
			return fmt.Errorf("legacy SSE write to %s", o.text)
		}
		if !vex && o.reg.n >= 16 {
			return fmt.Errorf("legacy SSE cannot encode %s", o.text)
		}
		r := &m.v[o.reg.n]
		copy(r[:], data)
		if vex {
			for i := len(data); i < 64; i++ {
				r[i] = 0
			}
		}
		return nil
	}
	if o.kind == opMem {
		return m.storeOp(o, data, align)
	}
	return fmt.Errorf("operand %s: want a vector register or memory", o.text)
}

// vdstMasked writes data under an opmask of esize-byte elements: a set bit
// writes the element; a clear one keeps the destination's (merging) or
// zeroes it (zeroing, registers only). Memory: only set elements are
// written (and accessed).
func (m *machine) vdstMasked(o asmOperand, data []byte, esize int, mask uint64, zeroing bool) error {
	ne := len(data) / esize
	if o.isVec() {
		if o.reg.width() != len(data) {
			return fmt.Errorf("destination %s is %d bytes, the result %d", o.text, o.reg.width(), len(data))
		}
		old := m.v[o.reg.n]
		out := make([]byte, len(data))
		for e := 0; e < ne; e++ {
			switch {
			case mask>>uint(e)&1 == 1:
				copy(out[e*esize:], data[e*esize:(e+1)*esize])
			case !zeroing:
				copy(out[e*esize:], old[e*esize:(e+1)*esize])
			}
		}
		return m.vdst(o, out, true, 0)
	}
	if o.kind != opMem {
		return fmt.Errorf("operand %s: want a vector register or memory", o.text)
	}
	if zeroing {
		return fmt.Errorf("zeroing-masking with a memory destination is #UD")
	}
	a, err := m.addr(o)
	if err != nil {
		return err
	}
	for e := 0; e < ne; e++ {
		if mask>>uint(e)&1 == 1 {
			if err := m.store(a+uint64(e*esize), data[e*esize:(e+1)*esize]); err != nil {
				return fmt.Errorf("element %d: %v", e, err)
			}
		}
	}
	return nil
}

// evexShape splits the operands of a VEX/EVEX instruction: [imm,] nsrc
// sources, [K,] destination. mask is -1 without an opmask.
type evexOps struct {
	imm     int64
	srcs    []asmOperand
	mask    int
	dst     asmOperand
	zeroing bool
}

func evexSplit(in *asmInsn, hasImm bool, nsrc int, maskable bool) (evexOps, error) {
	e := evexOps{mask: -1}
	a := in.args
	if hasImm {
		if len(a) == 0 || a[0].kind != opImm {
			return e, fmt.Errorf("want an immediate first")
		}
		e.imm, a = a[0].imm, a[1:]
	}
	if len(a) >= 2 && a[len(a)-2].isReg(rcK) {
		if !maskable {
			return e, fmt.Errorf("%s takes no opmask", in.op)
		}
		e.mask = a[len(a)-2].reg.n
		a = append(append([]asmOperand(nil), a[:len(a)-2]...), a[len(a)-1])
		if e.mask == 0 {
			return e, fmt.Errorf("K0 cannot be a write mask")
		}
	}
	if len(a) != nsrc+1 {
		return e, fmt.Errorf("%d operands, want %d sources and a destination", len(in.args), nsrc)
	}
	e.srcs, e.dst = a[:nsrc], a[nsrc]
	switch suf := strings.TrimPrefix(in.op, baseOp(in.op)); suf {
	case "":
	case ".Z":
		if e.mask < 0 {
			return e, fmt.Errorf(".Z without an opmask")
		}
		e.zeroing = true
	default:
		return e, fmt.Errorf("suffix %s not modeled", suf)
	}
	return e, nil
}

func (e evexOps) maskBits(m *machine) uint64 {
	if e.mask < 0 {
		return ^uint64(0)
	}
	return m.k[e.mask]
}

// ---- Flags ----------------------------------------------------------------

func (m *machine) setFlags(res uint64, w int, cf, of bool, which uint8) {
	res &= widthMask(w)
	var f uint8
	if cf {
		f |= flagCF
	}
	if res == 0 {
		f |= flagZF
	}
	if res>>(8*uint(w)-1)&1 == 1 {
		f |= flagSF
	}
	if of {
		f |= flagOF
	}
	m.flags = m.flags&^which | f&which
	m.defined |= which
}

func (m *machine) flag(f uint8, name string) (bool, error) {
	if m.defined&f == 0 {
		return false, fmt.Errorf("branch on %s, which the last flag-writing instruction left undefined (or nothing set)", name)
	}
	return m.flags&f != 0, nil
}

// ---- General-purpose instructions --------------------------------------

type aluFn func(a, b uint64, w int, cf bool) (res uint64, cfOut, of bool)

func addFn(a, b uint64, w int, cin bool) (uint64, bool, bool) {
	c := uint64(0)
	if cin {
		c = 1
	}
	mask := widthMask(w)
	a, b = a&mask, b&mask
	res := (a + b + c) & mask
	var cf bool
	if w == 8 {
		s, c1 := bits.Add64(a, b, c)
		res, cf = s, c1 == 1
	} else {
		cf = (a+b+c)>>(8*uint(w)) != 0
	}
	top := 8*uint(w) - 1
	of := ((a^res)&(b^res))>>top&1 == 1
	return res, cf, of
}

func subFn(a, b uint64, w int, _ bool) (uint64, bool, bool) {
	mask := widthMask(w)
	a, b = a&mask, b&mask
	res := (a - b) & mask
	top := 8*uint(w) - 1
	return res, a < b, ((a^b)&(a^res))>>top&1 == 1
}

// aluOp: "OP src, dst": dst = dst op src (write), or only flags (CMP keeps
// Intel's order: flags of first - second; TEST: first & second).
func aluOp(w int, f aluFn, logic, write, cmpOrder, carryIn bool) func(m *machine, in *asmInsn) error {
	return func(m *machine, in *asmInsn) error {
		if err := argc(in, 2); err != nil {
			return err
		}
		src, dst := in.args[0], in.args[1]
		x, err := m.intSrc(src, w)
		if err != nil {
			return err
		}
		y, err := m.intSrc(dst, w)
		if err != nil {
			return err
		}
		a, b := y, x // dst op src
		if cmpOrder {
			a, b = x, y
		}
		var cin bool
		if carryIn {
			if cin, err = m.flag(flagCF, "CF"); err != nil {
				return err
			}
		}
		var res uint64
		var cf, of bool
		if logic {
			res = f2logic(in.op, a, b)
		} else {
			res, cf, of = f(a, b, w, cin)
		}
		m.setFlags(res, w, cf, of, flagCF|flagZF|flagSF|flagOF)
		if write {
			return m.intDst(dst, w, res)
		}
		return nil
	}
}

func f2logic(op string, a, b uint64) uint64 {
	switch op[:len(op)-1] {
	case "AND", "TEST":
		return a & b
	case "OR":
		return a | b
	case "XOR":
		return a ^ b
	}
	panic("logic op " + op)
}

func incDec(w int, delta int64) func(m *machine, in *asmInsn) error {
	return func(m *machine, in *asmInsn) error {
		if err := argc(in, 1); err != nil {
			return err
		}
		a, err := m.intSrc(in.args[0], w)
		if err != nil {
			return err
		}
		var res uint64
		var of bool
		if delta > 0 {
			res, _, of = addFn(a, 1, w, false)
		} else {
			res, _, of = subFn(a, 1, w, false)
		}
		m.setFlags(res, w, false, of, flagZF|flagSF|flagOF) // CF unchanged
		return m.intDst(in.args[0], w, res)
	}
}

// shift: "SHLQ $n, dst" or "SHLQ CX, dst" (count masked to 5 or 6 bits).
func shift(w int, left bool) func(m *machine, in *asmInsn) error {
	return func(m *machine, in *asmInsn) error {
		if err := argc(in, 2); err != nil {
			return err
		}
		cnt := in.args[0]
		var c uint64
		switch {
		case cnt.kind == opImm:
			c = uint64(cnt.imm)
		case cnt.isReg(rcGPR) && cnt.reg.n == regCX:
			c = m.gpr[regCX] & 0xff
		default:
			return fmt.Errorf("shift count %s: want an immediate or CX", cnt.text)
		}
		if w == 8 {
			c &= 63
		} else {
			c &= 31
		}
		a, err := m.intSrc(in.args[1], w)
		if err != nil {
			return err
		}
		if c == 0 {
			return nil // no flags change
		}
		bitsW := 8 * uint(w)
		var res uint64
		var cf bool
		if left {
			res = a << c & widthMask(w)
			cf = c <= uint64(bitsW) && a>>(uint64(bitsW)-c)&1 == 1
		} else {
			res = a >> c
			cf = a>>(c-1)&1 == 1
		}
		which := uint8(flagCF | flagZF | flagSF)
		m.setFlags(res, w, cf, false, which)
		if c == 1 {
			of := res>>(bitsW-1)&1 == 1 != cf
			if !left {
				of = a>>(bitsW-1)&1 == 1
			}
			m.setFlags(res, w, cf, of, flagOF)
		} else {
			m.defined &^= flagOF
		}
		return m.intDst(in.args[1], w, res)
	}
}

func movInt(w int) func(m *machine, in *asmInsn) error {
	return func(m *machine, in *asmInsn) error {
		if err := argc(in, 2); err != nil {
			return err
		}
		src, dst := in.args[0], in.args[1]
		// MOVQ to and from XMM registers (legacy SSE MOVQ).
		if w == 8 && (src.isVec() || dst.isVec()) {
			return movqXMM(m, src, dst, false)
		}
		v, err := m.intSrc(src, w)
		if err != nil {
			return err
		}
		if src.kind == opMem && dst.kind == opMem {
			return fmt.Errorf("memory to memory move")
		}
		return m.intDst(dst, w, v)
	}
}

// movqXMM: MOVQ/VMOVQ between a 64-bit GPR or memory and an XMM register.
// A register destination gets the qword zero-extended to 128 bits (legacy)
// or to 512 bits (VEX); a GPR or memory destination gets qword 0.
func movqXMM(m *machine, src, dst asmOperand, vex bool) error {
	if dst.isVec() {
		if !dst.isReg(rcX) {
			return fmt.Errorf("MOVQ to %s", dst.text)
		}
		var q []byte
		if src.isVec() {
			if !src.isReg(rcX) {
				return fmt.Errorf("MOVQ from %s", src.text)
			}
			q = append([]byte(nil), m.v[src.reg.n][:8]...)
		} else {
			v, err := m.intSrc(src, 8)
			if err != nil {
				return err
			}
			q = make([]byte, 8)
			binary.LittleEndian.PutUint64(q, v)
		}
		out := make([]byte, 16)
		copy(out, q)
		return m.vdst(dst, out, vex, 0)
	}
	if !src.isReg(rcX) {
		return fmt.Errorf("MOVQ from %s", src.text)
	}
	return m.intDst(dst, 8, binary.LittleEndian.Uint64(m.v[src.reg.n][:8]))
}

func lea(w int) func(m *machine, in *asmInsn) error {
	return func(m *machine, in *asmInsn) error {
		if err := argc(in, 2); err != nil {
			return err
		}
		src := in.args[0]
		if src.kind != opMem || src.memKind != memReg {
			return fmt.Errorf("LEA of %s not modeled", src.text)
		}
		a, err := m.addr(src)
		if err != nil {
			return err
		}
		if !in.args[1].isReg(rcGPR) {
			return fmt.Errorf("LEA destination %s", in.args[1].text)
		}
		return m.intDst(in.args[1], w, a&widthMask(w))
	}
}

func bswap(w int) func(m *machine, in *asmInsn) error {
	return func(m *machine, in *asmInsn) error {
		if err := argc(in, 1); err != nil {
			return err
		}
		if !in.args[0].isReg(rcGPR) {
			return fmt.Errorf("BSWAP of %s", in.args[0].text)
		}
		v := m.gpr[in.args[0].reg.n]
		if w == 4 {
			return m.intDst(in.args[0], 4, uint64(bits.ReverseBytes32(uint32(v))))
		}
		return m.intDst(in.args[0], 8, bits.ReverseBytes64(v))
	}
}

// jcc: the condition over the flags, nil for JMP.
func jcc(cond func(m *machine) (bool, error)) func(m *machine, in *asmInsn) error {
	return func(m *machine, in *asmInsn) error {
		if err := argc(in, 1); err != nil {
			return err
		}
		if in.args[0].kind != opLabel {
			return fmt.Errorf("jump target %s: want a label", in.args[0].text)
		}
		take := true
		if cond != nil {
			var err error
			if take, err = cond(m); err != nil {
				return err
			}
		}
		if take {
			m.next = m.fn.labels[in.args[0].label]
		}
		return nil
	}
}

func fl(f uint8, name string, want bool) func(m *machine) (bool, error) {
	return func(m *machine) (bool, error) {
		v, err := m.flag(f, name)
		return v == want, err
	}
}

func condA(m *machine) (bool, error) {
	c, err := m.flag(flagCF, "CF")
	if err != nil {
		return false, err
	}
	z, err := m.flag(flagZF, "ZF")
	return !c && !z, err
}

func condBE(m *machine) (bool, error) { a, err := condA(m); return !a, err }

func condLT(m *machine) (bool, error) {
	s, err := m.flag(flagSF, "SF")
	if err != nil {
		return false, err
	}
	o, err := m.flag(flagOF, "OF")
	return s != o, err
}

func condGE(m *machine) (bool, error) { l, err := condLT(m); return !l, err }

func condLE(m *machine) (bool, error) {
	l, err := condLT(m)
	if err != nil {
		return false, err
	}
	z, err := m.flag(flagZF, "ZF")
	return l || z, err
}

func condGT(m *machine) (bool, error) { l, err := condLE(m); return !l, err }

// ---- Vector instructions ------------------------------------------------

// laneFn computes one 128-bit lane from the lanes of src1 and src2.
type laneFn func(a, b []byte, imm int64) []byte

func perLane(a, b []byte, imm int64, f laneFn) []byte {
	out := make([]byte, 0, len(a))
	for l := 0; l < len(a); l += 16 {
		var bl []byte
		if b != nil {
			bl = b[l : l+16]
		}
		out = append(out, f(a[l:l+16], bl, imm)...)
	}
	return out
}

// sse2op: legacy SSE "OP [imm,] src, dst": dst = f(dst, src) on the low
// 128 bits (bits above kept); a memory src must be 16-byte aligned.
func sse2op(f laneFn, hasImm bool) func(m *machine, in *asmInsn) error {
	return func(m *machine, in *asmInsn) error {
		a := in.args
		var imm int64
		if hasImm {
			if len(a) != 3 || a[0].kind != opImm {
				return fmt.Errorf("want $imm, src, dst")
			}
			imm, a = a[0].imm, a[1:]
		}
		if len(a) != 2 || !a[1].isReg(rcX) {
			return fmt.Errorf("want src, Xn")
		}
		src, err := m.vsrc(a[0], 16, 16)
		if err != nil {
			return err
		}
		d, _ := m.vsrc(a[1], 16, 0)
		return m.vdst(a[1], f(d, src, imm), false, 0)
	}
}

// sseUnary: legacy SSE "OP $imm, src, dst": dst = f(src) (PSHUFD).
func sseUnary(f laneFn) func(m *machine, in *asmInsn) error {
	return func(m *machine, in *asmInsn) error {
		if len(in.args) != 3 || in.args[0].kind != opImm || !in.args[2].isReg(rcX) {
			return fmt.Errorf("want $imm, src, Xn")
		}
		src, err := m.vsrc(in.args[1], 16, 16)
		if err != nil {
			return err
		}
		return m.vdst(in.args[2], f(src, nil, in.args[0].imm), false, 0)
	}
}

// sseShiftImm: legacy "PSLLO $n, dst" (PSLLDQ), dst shifted in place.
func sseShiftImm(f laneFn) func(m *machine, in *asmInsn) error {
	return func(m *machine, in *asmInsn) error {
		if len(in.args) != 2 || in.args[0].kind != opImm || !in.args[1].isReg(rcX) {
			return fmt.Errorf("want $imm, Xn")
		}
		d, _ := m.vsrc(in.args[1], 16, 0)
		return m.vdst(in.args[1], f(d, nil, in.args[0].imm), false, 0)
	}
}

// vop3: VEX/EVEX "OP [imm,] src2, src1, [K,] dst": dst = f(src1, src2)
// lane by lane, at dst's width. esize > 0: EVEX-maskable with elements of
// esize bytes; vexOnly: no Z registers, no X16-X31, no opmask.
func vop3(f laneFn, hasImm bool, esize int, vexOnly bool) func(m *machine, in *asmInsn) error {
	return func(m *machine, in *asmInsn) error {
		e, err := evexSplit(in, hasImm, 2, esize > 0 && !vexOnly)
		if err != nil {
			return err
		}
		if err := checkVexOnly(in, vexOnly); err != nil {
			return err
		}
		if !e.dst.isVec() || !e.srcs[1].isVec() {
			return fmt.Errorf("want vector registers for src1 and dst")
		}
		w := e.dst.reg.width()
		s1, err := m.vsrc(e.srcs[1], w, 0)
		if err != nil {
			return err
		}
		es := esize
		if es == 0 {
			es = 1
		}
		s2, err := m.vsrcMasked(e.srcs[0], w, es, e.maskBits(m))
		if err != nil {
			return err
		}
		res := perLane(s1, s2, e.imm, f)
		if e.mask >= 0 {
			return m.vdstMasked(e.dst, res, esize, m.k[e.mask], e.zeroing)
		}
		return m.vdst(e.dst, res, true, 0)
	}
}

// vop2: VEX/EVEX "OP [imm,] src, [K,] dst": dst = f(src) lane by lane.
func vop2(f laneFn, hasImm bool, esize int) func(m *machine, in *asmInsn) error {
	return func(m *machine, in *asmInsn) error {
		e, err := evexSplit(in, hasImm, 1, esize > 0)
		if err != nil {
			return err
		}
		if !e.dst.isVec() {
			return fmt.Errorf("want a vector register destination")
		}
		w := e.dst.reg.width()
		es := esize
		if es == 0 {
			es = 1
		}
		s, err := m.vsrcMasked(e.srcs[0], w, es, e.maskBits(m))
		if err != nil {
			return err
		}
		res := perLane(s, nil, e.imm, f)
		if e.mask >= 0 {
			return m.vdstMasked(e.dst, res, esize, m.k[e.mask], e.zeroing)
		}
		return m.vdst(e.dst, res, true, 0)
	}
}

func checkVexOnly(in *asmInsn, vexOnly bool) error {
	if !vexOnly {
		return nil
	}
	for _, a := range in.args {
		if a.isVec() && (a.reg.class == rcZ || a.reg.n >= 16) {
			return fmt.Errorf("%s has no EVEX form: %s cannot be encoded", in.op, a.text)
		}
	}
	return nil
}

// vmov: VEX/EVEX moves: load, store or register copy of the register
// operand's width; align: the aligned forms' requirement (= width);
// esize > 0: EVEX-maskable.
func vmov(aligned bool, esize int, vexOnly bool) func(m *machine, in *asmInsn) error {
	return func(m *machine, in *asmInsn) error {
		e, err := evexSplit(in, false, 1, esize > 0)
		if err != nil {
			return err
		}
		if err := checkVexOnly(in, vexOnly); err != nil {
			return err
		}
		src, dst := e.srcs[0], e.dst
		var w int
		switch {
		case dst.isVec():
			w = dst.reg.width()
		case src.isVec():
			w = src.reg.width()
		default:
			return fmt.Errorf("no vector register operand")
		}
		align := 0
		if aligned {
			align = w
		}
		mask := e.maskBits(m)
		var data []byte
		if e.mask >= 0 {
			if src.kind == opMem && aligned {
				if a, _ := m.addr(src); a%uint64(w) != 0 {
					return fmt.Errorf("%s: not %d-byte aligned", src.text, w)
				}
			}
			data, err = m.vsrcMasked(src, w, esize, mask)
		} else {
			data, err = m.vsrc(src, w, align)
		}
		if err != nil {
			return err
		}
		if e.mask >= 0 {
			if dst.kind == opMem && aligned {
				if a, _ := m.addr(dst); a%uint64(w) != 0 {
					return fmt.Errorf("%s: not %d-byte aligned", dst.text, w)
				}
			}
			return m.vdstMasked(dst, data, esize, mask, e.zeroing)
		}
		return m.vdst(dst, data, true, align)
	}
}

// sseMov: MOVOU/MOVO (MOVDQU/MOVDQA): 16 bytes, legacy (bits above 127
// kept); MOVO needs 16-byte aligned memory.
func sseMov(aligned bool) func(m *machine, in *asmInsn) error {
	return func(m *machine, in *asmInsn) error {
		if err := argc(in, 2); err != nil {
			return err
		}
		align := 1
		if aligned {
			align = 16
		}
		src, dst := in.args[0], in.args[1]
		if src.isVec() && !src.isReg(rcX) || dst.isVec() && !dst.isReg(rcX) {
			return fmt.Errorf("legacy move of a non-XMM register")
		}
		data, err := m.vsrc(src, 16, align)
		if err != nil {
			return err
		}
		return m.vdst(dst, data, false, align)
	}
}

// ---- Lane functions (Intel SDM pseudo-code) -------------------------------

func laneXor(a, b []byte, _ int64) []byte {
	out := make([]byte, 16)
	for i := range out {
		out[i] = a[i] ^ b[i]
	}
	return out
}

// PSHUFB: byte i = 0 if control bit 7 is set, else the source byte the low
// four control bits select (within the 128-bit lane).
func lanePshufb(a, ctl []byte, _ int64) []byte {
	out := make([]byte, 16)
	for i := range out {
		if ctl[i]&0x80 == 0 {
			out[i] = a[ctl[i]&15]
		}
	}
	return out
}

// PSHUFD: dword i = source dword imm[2i+1:2i].
func lanePshufd(a, _ []byte, imm int64) []byte {
	out := make([]byte, 16)
	for i := 0; i < 4; i++ {
		s := int(imm>>(2*uint(i))) & 3
		copy(out[4*i:], a[4*s:4*s+4])
	}
	return out
}

// PSLLDQ/PSRLDQ: the lane shifted by imm bytes (more than 15: zero).
func laneByteShiftLeft(a, _ []byte, imm int64) []byte {
	out := make([]byte, 16)
	n := int(imm & 0xff)
	for i := n; i < 16; i++ {
		out[i] = a[i-n]
	}
	return out
}

func laneByteShiftRight(a, _ []byte, imm int64) []byte {
	out := make([]byte, 16)
	n := int(imm & 0xff)
	for i := 0; i+n < 16; i++ {
		out[i] = a[i+n]
	}
	return out
}

// PUNPCKLQDQ: {src1 qword 0, src2 qword 0}.
func lanePunpcklqdq(a, b []byte, _ int64) []byte {
	out := make([]byte, 16)
	copy(out, a[:8])
	copy(out[8:], b[:8])
	return out
}

func laneAddD(a, b []byte, _ int64) []byte {
	out := make([]byte, 16)
	for i := 0; i < 16; i += 4 {
		binary.LittleEndian.PutUint32(out[i:], binary.LittleEndian.Uint32(a[i:])+binary.LittleEndian.Uint32(b[i:]))
	}
	return out
}

func laneAddQ(a, b []byte, _ int64) []byte {
	out := make([]byte, 16)
	for i := 0; i < 16; i += 8 {
		binary.LittleEndian.PutUint64(out[i:], binary.LittleEndian.Uint64(a[i:])+binary.LittleEndian.Uint64(b[i:]))
	}
	return out
}

// PCLMULQDQ: TEMP1 = SRC1 qword imm[0], TEMP2 = SRC2 qword imm[4]; DEST =
// the carry-less product, bit i the XOR over j of TEMP1[j] AND TEMP2[i-j].
func laneClmul(a, b []byte, imm int64) []byte {
	t1 := binary.LittleEndian.Uint64(a[8*(imm&1):])
	t2 := binary.LittleEndian.Uint64(b[8*(imm>>4&1):])
	var lo, hi uint64
	for j := uint(0); j < 64; j++ {
		if t1>>j&1 == 1 {
			lo ^= t2 << j
			if j > 0 {
				hi ^= t2 >> (64 - j)
			}
		}
	}
	out := make([]byte, 16)
	binary.LittleEndian.PutUint64(out, lo)
	binary.LittleEndian.PutUint64(out[8:], hi)
	return out
}

// The AES rounds. Register byte i is state byte i (row i%4, column i/4).
func laneAesenc(state, key []byte, _ int64) []byte {
	return laneXor(aesMixColumns(aesSubBytes(aesShiftRows(state), &aesSbox)), key, 0)
}

func laneAesenclast(state, key []byte, _ int64) []byte {
	return laneXor(aesSubBytes(aesShiftRows(state), &aesSbox), key, 0)
}

func laneAesdec(state, key []byte, _ int64) []byte {
	return laneXor(aesInvMixColumns(aesSubBytes(aesInvShiftRows(state), &aesInvSbox)), key, 0)
}

func laneAesdeclast(state, key []byte, _ int64) []byte {
	return laneXor(aesSubBytes(aesInvShiftRows(state), &aesInvSbox), key, 0)
}

// ---- 3-source, cross-lane and other instructions --------------------------

// VPTERNLOGQ $imm, src3, src2, dst: dst (also src1) bit = imm bit
// (src1<<2 | src2<<1 | src3), qword elements for masking.
func opTernlog(m *machine, in *asmInsn) error {
	e, err := evexSplit(in, true, 2, true)
	if err != nil {
		return err
	}
	if !e.dst.isVec() || !e.srcs[1].isVec() {
		return fmt.Errorf("want vector registers")
	}
	w := e.dst.reg.width()
	s1, _ := m.vsrc(e.dst, w, 0)
	s2, err := m.vsrc(e.srcs[1], w, 0)
	if err != nil {
		return err
	}
	s3, err := m.vsrcMasked(e.srcs[0], w, 8, e.maskBits(m))
	if err != nil {
		return err
	}
	res := make([]byte, w)
	for i := 0; i < w; i++ {
		var r byte
		for b := uint(0); b < 8; b++ {
			idx := (s1[i]>>b&1)<<2 | (s2[i]>>b&1)<<1 | s3[i]>>b&1
			r |= byte(e.imm>>idx&1) << b
		}
		res[i] = r
	}
	if e.mask >= 0 {
		return m.vdstMasked(e.dst, res, 8, m.k[e.mask], e.zeroing)
	}
	return m.vdst(e.dst, res, true, 0)
}

// VSHUFI64X2 $imm, src2, src1, dst: ZMM: lanes 0, 1 from src1 (imm[1:0],
// imm[3:2]), lanes 2, 3 from src2 (imm[5:4], imm[7:6]); YMM: lane 0 from
// src1 (imm[0]), lane 1 from src2 (imm[1]).
func opShufi64x2(m *machine, in *asmInsn) error {
	e, err := evexSplit(in, true, 2, true)
	if err != nil {
		return err
	}
	if !e.dst.isVec() || e.dst.reg.class == rcX || !e.srcs[1].isVec() {
		return fmt.Errorf("want YMM or ZMM registers")
	}
	w := e.dst.reg.width()
	s1, err := m.vsrc(e.srcs[1], w, 0)
	if err != nil {
		return err
	}
	s2, err := m.vsrcMasked(e.srcs[0], w, 8, e.maskBits(m))
	if err != nil {
		return err
	}
	res := make([]byte, w)
	if w == 64 {
		for l := 0; l < 4; l++ {
			src := s1
			if l >= 2 {
				src = s2
			}
			sel := int(e.imm>>(2*uint(l))) & 3
			copy(res[16*l:], src[16*sel:16*sel+16])
		}
	} else {
		copy(res[0:], s1[16*(e.imm&1):16*(e.imm&1)+16])
		copy(res[16:], s2[16*(e.imm>>1&1):16*(e.imm>>1&1)+16])
	}
	if e.mask >= 0 {
		return m.vdstMasked(e.dst, res, 8, m.k[e.mask], e.zeroing)
	}
	return m.vdst(e.dst, res, true, 0)
}

// VALIGNQ $imm, src2, src1, dst: the qwords of src1:src2 (src1 high)
// shifted right by imm (mod the qword count).
func opAlignq(m *machine, in *asmInsn) error {
	e, err := evexSplit(in, true, 2, true)
	if err != nil {
		return err
	}
	if !e.dst.isVec() || !e.srcs[1].isVec() {
		return fmt.Errorf("want vector registers")
	}
	w := e.dst.reg.width()
	nq := w / 8
	s1, err := m.vsrc(e.srcs[1], w, 0)
	if err != nil {
		return err
	}
	s2, err := m.vsrc(e.srcs[0], w, 0)
	if err != nil {
		return err
	}
	t := append(append([]byte(nil), s2...), s1...)
	sh := int(e.imm) & (nq - 1)
	res := append([]byte(nil), t[8*sh:8*sh+w]...)
	if e.mask >= 0 {
		return m.vdstMasked(e.dst, res, 8, m.k[e.mask], e.zeroing)
	}
	return m.vdst(e.dst, res, true, 0)
}

// VPCMPUQ $pred, src2, src1, kdst: bit i = src1[i] pred src2[i] (unsigned);
// bits past the element count are cleared.
func opPcmpuq(m *machine, in *asmInsn) error {
	e, err := evexSplit(in, true, 2, false)
	if err != nil {
		return err
	}
	if !e.dst.isReg(rcK) || !e.srcs[1].isVec() {
		return fmt.Errorf("want vector sources and an opmask destination")
	}
	w := e.srcs[1].reg.width()
	s1, _ := m.vsrc(e.srcs[1], w, 0)
	s2, err := m.vsrc(e.srcs[0], w, 0)
	if err != nil {
		return err
	}
	var k uint64
	for i := 0; i < w/8; i++ {
		a, b := binary.LittleEndian.Uint64(s1[8*i:]), binary.LittleEndian.Uint64(s2[8*i:])
		var r bool
		switch e.imm & 7 {
		case 0:
			r = a == b
		case 1:
			r = a < b
		case 2:
			r = a <= b
		case 3:
			r = false
		case 4:
			r = a != b
		case 5:
			r = a >= b
		case 6:
			r = a > b
		case 7:
			r = true
		}
		if r {
			k |= 1 << uint(i)
		}
	}
	m.k[e.dst.reg.n] = k
	return nil
}

// VINSERTI128 $imm, src2 (X or m128), src1 (Y), dst (Y): src1 with lane
// imm[0] replaced.
func opInserti128(m *machine, in *asmInsn) error {
	e, err := evexSplit(in, true, 2, false)
	if err != nil {
		return err
	}
	if !e.dst.isReg(rcY) || !e.srcs[1].isReg(rcY) || e.srcs[0].isVec() && !e.srcs[0].isReg(rcX) {
		return fmt.Errorf("want $imm, X/m128, Y, Y")
	}
	if err := checkVexOnly(in, true); err != nil {
		return err
	}
	res, _ := m.vsrc(e.srcs[1], 32, 0)
	x, err := m.vsrc(e.srcs[0], 16, 0)
	if err != nil {
		return err
	}
	copy(res[16*(e.imm&1):], x)
	return m.vdst(e.dst, res, true, 0)
}

// vextract: VEXTRACTI128 (Y -> X, VEX), VEXTRACTI32X4 (Y/Z -> X),
// VEXTRACTI64X4 (Z -> Y): the part imm selects, to a register (cleared
// above) or memory.
func vextract(part int, srcClass int, esize int) func(m *machine, in *asmInsn) error {
	return func(m *machine, in *asmInsn) error {
		e, err := evexSplit(in, true, 1, esize > 0)
		if err != nil {
			return err
		}
		src := e.srcs[0]
		if !src.isVec() || (srcClass != 0 && src.reg.class != srcClass) {
			return fmt.Errorf("source %s of the wrong width", src.text)
		}
		if esize == 0 {
			if err := checkVexOnly(in, true); err != nil {
				return err
			}
		}
		w := src.reg.width()
		n := w / part
		s, _ := m.vsrc(src, w, 0)
		sel := int(e.imm) & (n - 1)
		res := append([]byte(nil), s[part*sel:part*sel+part]...)
		if e.dst.isVec() && e.dst.reg.width() != part {
			return fmt.Errorf("destination %s is not %d bytes", e.dst.text, part)
		}
		if e.mask >= 0 {
			return m.vdstMasked(e.dst, res, esize, m.k[e.mask], e.zeroing)
		}
		return m.vdst(e.dst, res, true, 0)
	}
}

// vbroadcast128: VBROADCASTI128 m128, Y (VEX) and VBROADCASTI32X4 m128,
// Y/Z (EVEX, dword elements): the 16 bytes in every lane.
func vbroadcast128(evex bool) func(m *machine, in *asmInsn) error {
	return func(m *machine, in *asmInsn) error {
		es := 0
		if evex {
			es = 4
		}
		e, err := evexSplit(in, false, 1, evex)
		if err != nil {
			return err
		}
		if e.srcs[0].kind != opMem || !e.dst.isVec() || e.dst.reg.class == rcX {
			return fmt.Errorf("want m128 and a YMM/ZMM destination")
		}
		if !evex {
			if err := checkVexOnly(in, true); err != nil {
				return err
			}
		}
		x, err := m.vsrc(e.srcs[0], 16, 0)
		if err != nil {
			return err
		}
		w := e.dst.reg.width()
		res := make([]byte, 0, w)
		for len(res) < w {
			res = append(res, x...)
		}
		if e.mask >= 0 {
			return m.vdstMasked(e.dst, res, es, m.k[e.mask], e.zeroing)
		}
		return m.vdst(e.dst, res, true, 0)
	}
}

// VPBROADCASTQ r64/m64/X, dst: qword 0 of the source in every qword.
func opPbroadcastq(m *machine, in *asmInsn) error {
	e, err := evexSplit(in, false, 1, true)
	if err != nil {
		return err
	}
	if !e.dst.isVec() {
		return fmt.Errorf("want a vector destination")
	}
	var q uint64
	switch s := e.srcs[0]; {
	case s.isReg(rcX):
		q = binary.LittleEndian.Uint64(m.v[s.reg.n][:8])
	case s.isReg(rcGPR), s.kind == opMem:
		if q, err = m.intSrc(s, 8); err != nil {
			return err
		}
	default:
		return fmt.Errorf("source %s", s.text)
	}
	w := e.dst.reg.width()
	res := make([]byte, w)
	for i := 0; i < w; i += 8 {
		binary.LittleEndian.PutUint64(res[i:], q)
	}
	if e.mask >= 0 {
		return m.vdstMasked(e.dst, res, 8, m.k[e.mask], e.zeroing)
	}
	return m.vdst(e.dst, res, true, 0)
}

// vpinsr: VPINSRD/VPINSRQ $imm, r/m, src1 (X), dst (X): src1 with element
// imm replaced.
func vpinsr(w int) func(m *machine, in *asmInsn) error {
	return func(m *machine, in *asmInsn) error {
		e, err := evexSplit(in, true, 2, false)
		if err != nil {
			return err
		}
		if !e.dst.isReg(rcX) || !e.srcs[1].isReg(rcX) {
			return fmt.Errorf("want XMM src1 and dst")
		}
		v, err := m.intSrc(e.srcs[0], w)
		if err != nil {
			return err
		}
		res, _ := m.vsrc(e.srcs[1], 16, 0)
		i := int(e.imm) & (16/w - 1)
		for b := 0; b < w; b++ {
			res[i*w+b] = byte(v >> (8 * uint(b)))
		}
		return m.vdst(e.dst, res, true, 0)
	}
}

func opVmovq(m *machine, in *asmInsn) error {
	if err := argc(in, 2); err != nil {
		return err
	}
	return movqXMM(m, in.args[0], in.args[1], true)
}

// VZEROUPPER: bits 128 and up of registers 0-15 cleared (16-31 kept).
func opVzeroupper(m *machine, in *asmInsn) error {
	if err := argc(in, 0); err != nil {
		return err
	}
	for r := 0; r < 16; r++ {
		for i := 16; i < 64; i++ {
			m.v[r][i] = 0
		}
	}
	return nil
}

// kmov: KMOVB/W/D/Q between opmasks, general registers and memory; the
// value is zero-extended.
func kmov(w int) func(m *machine, in *asmInsn) error {
	return func(m *machine, in *asmInsn) error {
		if err := argc(in, 2); err != nil {
			return err
		}
		src, dst := in.args[0], in.args[1]
		var v uint64
		if src.isReg(rcK) {
			v = m.k[src.reg.n] & widthMask(w)
		} else {
			var err error
			if v, err = m.intSrc(src, w); err != nil {
				return err
			}
		}
		if dst.isReg(rcK) {
			m.k[dst.reg.n] = v
			return nil
		}
		if src.kind != opReg || !src.isReg(rcK) {
			return fmt.Errorf("KMOV without an opmask operand")
		}
		if dst.isReg(rcGPR) {
			m.gpr[dst.reg.n] = v // zero-extended to 64 bits
			return nil
		}
		return m.intDst(dst, w, v)
	}
}

// KSHIFTLW $imm, ksrc, kdst: the low 16 bits shifted left (imm > 15: 0).
func opKshiftlw(m *machine, in *asmInsn) error {
	if len(in.args) != 3 || in.args[0].kind != opImm || !in.args[1].isReg(rcK) || !in.args[2].isReg(rcK) {
		return fmt.Errorf("want $imm, K, K")
	}
	n := uint64(in.args[0].imm) & 0xff
	v := uint64(0)
	if n <= 15 {
		v = m.k[in.args[1].reg.n] << n & 0xffff
	}
	m.k[in.args[2].reg.n] = v
	return nil
}

func opRet(m *machine, in *asmInsn) error {
	if err := argc(in, 0); err != nil {
		return err
	}
	m.done = true
	return nil
}

// asmSemantics: every instruction the model knows, by mnemonic (without
// an EVEX suffix).
var asmSemantics map[string]func(m *machine, in *asmInsn) error

func init() {
	s := map[string]func(m *machine, in *asmInsn) error{
		"MOVQ": movInt(8), "MOVL": movInt(4),
		"LEAQ": lea(8), "LEAL": lea(4),
		"ADDQ": aluOp(8, addFn, false, true, false, false), "ADDL": aluOp(4, addFn, false, true, false, false),
		"ADCQ": aluOp(8, addFn, false, true, false, true),
		"SUBQ": aluOp(8, subFn, false, true, false, false), "SUBL": aluOp(4, subFn, false, true, false, false),
		"CMPQ": aluOp(8, subFn, false, false, true, false), "CMPL": aluOp(4, subFn, false, false, true, false),
		"ANDQ": aluOp(8, nil, true, true, false, false), "ANDL": aluOp(4, nil, true, true, false, false),
		"ORQ": aluOp(8, nil, true, true, false, false), "ORL": aluOp(4, nil, true, true, false, false),
		"XORQ": aluOp(8, nil, true, true, false, false), "XORL": aluOp(4, nil, true, true, false, false),
		"TESTQ": aluOp(8, nil, true, false, true, false), "TESTL": aluOp(4, nil, true, false, true, false),
		"INCQ": incDec(8, 1), "INCL": incDec(4, 1), "DECQ": incDec(8, -1), "DECL": incDec(4, -1),
		"SHLQ": shift(8, true), "SHLL": shift(4, true), "SHRQ": shift(8, false), "SHRL": shift(4, false),
		"BSWAPL": bswap(4), "BSWAPQ": bswap(8),
		"JMP": jcc(nil),
		"JEQ": jcc(fl(flagZF, "ZF", true)), "JNE": jcc(fl(flagZF, "ZF", false)),
		"JCS": jcc(fl(flagCF, "CF", true)), "JB": jcc(fl(flagCF, "CF", true)), "JLO": jcc(fl(flagCF, "CF", true)),
		"JCC": jcc(fl(flagCF, "CF", false)), "JAE": jcc(fl(flagCF, "CF", false)), "JHS": jcc(fl(flagCF, "CF", false)),
		"JHI": jcc(condA), "JA": jcc(condA), "JLS": jcc(condBE), "JBE": jcc(condBE),
		"JMI": jcc(fl(flagSF, "SF", true)), "JPL": jcc(fl(flagSF, "SF", false)), "JNS": jcc(fl(flagSF, "SF", false)),
		"JLT": jcc(condLT), "JGE": jcc(condGE), "JLE": jcc(condLE), "JGT": jcc(condGT),
		"RET": opRet,

		// Legacy SSE.
		"MOVOU": sseMov(false), "MOVO": sseMov(true), "MOVOA": sseMov(true),
		"PXOR": sse2op(laneXor, false), "PSHUFB": sse2op(lanePshufb, false),
		"PADDQ": sse2op(laneAddQ, false), "PUNPCKLQDQ": sse2op(lanePunpcklqdq, false),
		"PCLMULQDQ": sse2op(laneClmul, true),
		"AESENC":    sse2op(laneAesenc, false), "AESENCLAST": sse2op(laneAesenclast, false),
		"AESDEC": sse2op(laneAesdec, false), "AESDECLAST": sse2op(laneAesdeclast, false),
		"PSHUFD": sseUnary(lanePshufd),
		"PSLLO":  sseShiftImm(laneByteShiftLeft), "PSRLO": sseShiftImm(laneByteShiftRight),

		// VEX and EVEX.
		"VMOVDQU": vmov(false, 0, true), "VMOVDQA": vmov(true, 0, true),
		"VMOVDQU8": vmov(false, 1, false), "VMOVDQU32": vmov(false, 4, false), "VMOVDQU64": vmov(false, 8, false),
		"VMOVDQA32": vmov(true, 4, false), "VMOVDQA64": vmov(true, 8, false),
		"VPXOR": vop3(laneXor, false, 0, true), "VPXORD": vop3(laneXor, false, 4, false), "VPXORQ": vop3(laneXor, false, 8, false),
		"VPADDD": vop3(laneAddD, false, 4, false), "VPADDQ": vop3(laneAddQ, false, 8, false),
		"VPSHUFB":     vop3(lanePshufb, false, 1, false),
		"VPCLMULQDQ":  vop3(laneClmul, true, 0, false),
		"VAESENC":     vop3(laneAesenc, false, 0, false),
		"VAESENCLAST": vop3(laneAesenclast, false, 0, false),
		"VAESDEC":     vop3(laneAesdec, false, 0, false),
		"VAESDECLAST": vop3(laneAesdeclast, false, 0, false),
		"VPSHUFD":     vop2(lanePshufd, true, 4),
		"VPSLLDQ":     vop2(laneByteShiftLeft, true, 0), "VPSRLDQ": vop2(laneByteShiftRight, true, 0),
		"VPTERNLOGQ": opTernlog, "VSHUFI64X2": opShufi64x2, "VALIGNQ": opAlignq, "VPCMPUQ": opPcmpuq,
		"VINSERTI128":  opInserti128,
		"VEXTRACTI128": vextract(16, rcY, 0), "VEXTRACTI32X4": vextract(16, 0, 4), "VEXTRACTI64X4": vextract(32, rcZ, 8),
		"VBROADCASTI128": vbroadcast128(false), "VBROADCASTI32X4": vbroadcast128(true),
		"VPBROADCASTQ": opPbroadcastq,
		"VPINSRD":      vpinsr(4), "VPINSRQ": vpinsr(8),
		"VMOVQ":      opVmovq,
		"VZEROUPPER": opVzeroupper,
		"KMOVB":      kmov(1), "KMOVW": kmov(2), "KMOVD": kmov(4), "KMOVQ": kmov(8),
		"KSHIFTLW": opKshiftlw,
	}
	asmSemantics = s
}
