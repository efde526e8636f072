package sparc64

// Host-side checks of the mont kernels (mont_sparc64.s, mont_vis3_sparc64.s)
// and the umulxhi probe: take the functions as objdump decodes them from
// the gccgo build (t4Disassembly in disasm_test.go) and run them on a small
// model of the V9 integer unit, against math/big. QEMU 7.2 has no VIS 3,
// so for mont/vis3 this is the only run before hardware; for mont/sparc64
// (which every qemu model runs) it adds what an emulator does not check:
// the code uses only the instructions its level declares (the V9 kernel
// no VIS opcode at all), leaves %g2-%g7, %fp, %i7 and the caller's
// registers alone, touches the stack only inside its own frame above the
// save area, loads only from x, y, m and z and stores only to z and its
// frame, with the alignment each access needs, and stores to z only after
// its last load from x and y (so z may alias them). What remains
// unverified for mont/vis3 is whether the model of umulxhi, addxc and
// addxccc matches the silicon, which the probe settles on a T4 or later.
//
// The model decodes each instruction once (the big sizes run a million
// instructions per call) and keeps its own window of 32 registers.

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math/big"
	"math/bits"
	"math/rand"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/xarchlab/xarch/family/mont"
	"github.com/xarchlab/xarch/family/mont/monttest"
)

const (
	montV9Func      = "xarch_mont_mul_sparc64"
	montVIS3Func    = "xarch_mont_mul_vis3"
	montVIS3PrbFunc = "xarch_mont_vis3_probe"
)

// Opcodes of the model. The VIS 3 ones exist only with vis3 set.
const (
	mNop = iota
	mAdd
	mSub
	mAnd
	mOr
	mXor
	mXnor
	mSllx
	mSrlx
	mSrl
	mMulx
	mMov
	mNeg
	mAddcc
	mCmp
	mLd  // lduw
	mSt  // stw
	mLdx //
	mStx //
	mBe
	mBne
	mBrnz
	mSave
	mRestore
	mRet
	mRetl
	mUmulxhi // VIS 3
	mAddxc
	mAddxccc
)

var montOpcodes = map[string]int{
	"nop": mNop, "add": mAdd, "sub": mSub, "and": mAnd, "or": mOr, "xor": mXor, "xnor": mXnor, "not": mXnor,
	"sllx": mSllx, "srlx": mSrlx, "srl": mSrl, "mulx": mMulx, "mov": mMov, "clr": mMov, "neg": mNeg,
	"addcc": mAddcc, "cmp": mCmp, "ld": mLd, "lduw": mLd, "st": mSt, "stw": mSt, "ldx": mLdx, "stx": mStx, "clrx": mStx,
	"be": mBe, "bne": mBne, "brnz": mBrnz, "save": mSave, "restore": mRestore, "ret": mRet, "retl": mRetl,
	"umulxhi": mUmulxhi, "addxc": mAddxc, "addxccc": mAddxccc,
}

// montInsn is one decoded instruction: rs1 op src2 -> rd, where src2 is
// register rs2 or, when rs2 < 0, imm. A memory operand is [base + idx]
// or [base + imm]; a branch has its target index.
type montInsn struct {
	op       int
	rs1, rs2 int
	imm      uint64
	rd       int
	target   int
	line     string
}

var (
	montRegRE = regexp.MustCompile(`^%([goli])([0-7])$`)
	montMemRE = regexp.MustCompile(`^\[ (%\w+)(?: \+ (\S+))? \]$`)
)

// montReg numbers a register: %g0-%g7 0-7, %o 8-15, %l 16-23, %i 24-31.
func montReg(s string) (int, bool) {
	switch s {
	case "%sp":
		s = "%o6"
	case "%fp":
		s = "%i6"
	}
	m := montRegRE.FindStringSubmatch(s)
	if m == nil {
		return 0, false
	}
	return 8*strings.IndexByte("goli", m[1][0]) + int(m[2][0]-'0'), true
}

// montSrc decodes a register or an immediate into (reg, imm), reg -1 for
// an immediate.
func montSrc(s string) (int, uint64, bool) {
	if r, ok := montReg(s); ok {
		return r, 0, true
	}
	v, err := strconv.ParseInt(s, 0, 64)
	return -1, uint64(v), err == nil
}

// montDecode turns objdump's lines into montInsns; vis3 admits the VIS 3
// instructions. Anything else is an error, so a change to the assembly
// cannot slip past unmodelled.
func montDecode(insns []v9Insn, vis3 bool) ([]montInsn, error) {
	index := map[uint64]int{}
	for i, in := range insns {
		index[in.addr] = i
	}
	out := make([]montInsn, len(insns))
	for i, in := range insns {
		op, ok := montOpcodes[in.op]
		if !ok || (op >= mUmulxhi && !vis3) {
			return nil, fmt.Errorf("unmodelled instruction: %s", in.line)
		}
		d := montInsn{op: op, line: in.line}
		a := in.a
		okOps := true
		reg := func(s string) int {
			r, ok := montReg(s)
			if !ok {
				okOps = false
			}
			return r
		}
		src2 := func(s string) {
			r, v, ok := montSrc(s)
			if !ok {
				okOps = false
			}
			d.rs2, d.imm = r, v
		}
		mem := func(s string) {
			m := montMemRE.FindStringSubmatch(s)
			if m == nil {
				okOps = false
				return
			}
			d.rs1 = reg(m[1])
			if m[2] != "" {
				src2(m[2])
			}
		}
		switch op {
		case mNop, mRet, mRetl, mRestore:
			okOps = len(a) == 0
		case mAdd, mSub, mAnd, mOr, mXor, mXnor, mSllx, mSrlx, mSrl, mMulx, mAddcc, mUmulxhi, mAddxc, mAddxccc, mSave:
			if in.op == "not" && len(a) == 2 {
				a = []string{a[0], "%g0", a[1]}
			}
			if okOps = len(a) == 3; okOps {
				d.rs1, d.rd = reg(a[0]), reg(a[2])
				src2(a[1])
			}
		case mMov:
			switch {
			case in.op == "clr" && len(a) == 1:
				d.rd = reg(a[0])
			case in.op == "mov" && len(a) == 2:
				src2(a[0])
				d.rd = reg(a[1])
			default:
				okOps = false
			}
		case mNeg: // sub %g0, rs2, rd
			switch len(a) {
			case 1:
				d.rs2, d.rd = reg(a[0]), reg(a[0])
			case 2:
				d.rs2, d.rd = reg(a[0]), reg(a[1])
			default:
				okOps = false
			}
		case mCmp:
			if okOps = len(a) == 2; okOps {
				d.rs1 = reg(a[0])
				src2(a[1])
			}
		case mLd, mLdx:
			if okOps = len(a) == 2; okOps {
				mem(a[0])
				d.rd = reg(a[1])
			}
		case mSt, mStx:
			if in.op == "clrx" && len(a) == 1 {
				a = []string{"%g0", a[0]}
			}
			if okOps = len(a) == 2; okOps {
				mem(a[1])
				d.rd = reg(a[0]) // the register stored
			}
		case mBe, mBne, mBrnz:
			to := ""
			switch {
			case op != mBrnz && len(a) == 2 && a[0] == "%xcc":
				to = a[1]
			case op == mBrnz && len(a) == 2:
				d.rs1, to = reg(a[0]), a[1]
			default:
				okOps = false
			}
			if mm := targetRE.FindStringSubmatch(to); mm != nil {
				addr, _ := strconv.ParseUint(mm[1], 16, 64)
				j, ok := index[addr]
				if !ok {
					return nil, fmt.Errorf("branch outside the function: %s", in.line)
				}
				d.target = j
			} else {
				okOps = false
			}
		}
		if !okOps {
			return nil, fmt.Errorf("unmodelled operands: %s", in.line)
		}
		out[i] = d
	}
	return out, nil
}

// montRegion is a buffer the kernel may access.
type montRegion struct {
	name     string
	base     uint64
	data     []byte
	write    bool
	lastLoad int // step of the last load, -1 if none
	firstSt  int // step of the first store, -1 if none
}

// montMachine runs one decoded function.
type montMachine struct {
	code    []montInsn
	r       [32]uint64 // the current window
	caller  [32]uint64 // the caller's window while saved
	saved   bool
	xccN    bool
	xccZ    bool
	xccC    bool
	regions []*montRegion
	stack   *montRegion
	frameLo uint64 // the function's own frame above its save area
	frameHi uint64
	frame   uint64
	steps   int
}

func (m *montMachine) src2(in *montInsn) uint64 {
	if in.rs2 < 0 {
		return in.imm
	}
	return m.r[in.rs2]
}

// set writes rd; the registers the ABI reserves are refused.
func (m *montMachine) set(rd int, v uint64) error {
	switch {
	case rd == 0:
		return nil
	case rd >= 2 && rd <= 7:
		return fmt.Errorf("writes %%g%d, which the kernel must leave alone", rd)
	case rd == 14 || rd == 30 || rd == 31:
		return fmt.Errorf("writes %s, which the kernel must leave alone", map[int]string{14: "%sp", 30: "%fp", 31: "%i7"}[rd])
	}
	m.r[rd] = v
	return nil
}

// access returns the size bytes at the instruction's address.
func (m *montMachine) access(in *montInsn, size uint64, store bool) ([]byte, error) {
	a := m.r[in.rs1] + m.src2(in)
	if a%size != 0 {
		return nil, fmt.Errorf("misaligned %d-byte access at %#x", size, a)
	}
	for _, r := range m.regions {
		if a < r.base || a+size > r.base+uint64(len(r.data)) {
			continue
		}
		if r == m.stack && (a < m.frameLo || a+size > m.frameHi) {
			return nil, fmt.Errorf("stack access at %#x outside its frame [%#x, %#x)", a, m.frameLo, m.frameHi)
		}
		if store && !r.write {
			return nil, fmt.Errorf("store to %s at +%d", r.name, a-r.base)
		}
		if store && r.firstSt < 0 {
			r.firstSt = m.steps
		}
		if !store {
			r.lastLoad = m.steps
		}
		return r.data[a-r.base : a-r.base+size], nil
	}
	return nil, fmt.Errorf("%d-byte access at %#x outside every buffer", size, a)
}

func (m *montMachine) cc(r uint64, c bool) { m.xccZ, m.xccN, m.xccC = r == 0, int64(r) < 0, c }

// exec runs instruction i: next index, whether it transfers control (the
// delay slot runs first) and whether the function returns.
func (m *montMachine) exec(i int) (next int, jump, done bool, err error) {
	in := &m.code[i]
	a, b := m.r[in.rs1], m.src2(in)
	branch := func(taken bool) (int, bool, bool, error) {
		if taken {
			return in.target, true, false, nil
		}
		return i + 2, true, false, nil
	}
	switch in.op {
	case mNop:
	case mAdd:
		err = m.set(in.rd, a+b)
	case mSub:
		err = m.set(in.rd, a-b)
	case mAnd:
		err = m.set(in.rd, a&b)
	case mOr:
		err = m.set(in.rd, a|b)
	case mXor:
		err = m.set(in.rd, a^b)
	case mXnor:
		err = m.set(in.rd, ^(a ^ b))
	case mSllx:
		err = m.set(in.rd, a<<(b&63))
	case mSrlx:
		err = m.set(in.rd, a>>(b&63))
	case mSrl:
		err = m.set(in.rd, uint64(uint32(a)>>(b&31)))
	case mMulx:
		err = m.set(in.rd, a*b)
	case mMov:
		err = m.set(in.rd, b)
	case mNeg:
		err = m.set(in.rd, -b)
	case mAddcc:
		s, c := bits.Add64(a, b, 0)
		m.cc(s, c == 1)
		err = m.set(in.rd, s)
	case mCmp:
		d, c := bits.Sub64(a, b, 0)
		m.cc(d, c == 1)
	case mUmulxhi:
		err = m.set(in.rd, vis3Umulxhi(a, b))
	case mAddxc, mAddxccc:
		var c uint64
		if m.xccC {
			c = 1
		}
		s, co := vis3Addxc(a, b, c)
		if in.op == mAddxccc {
			m.cc(s, co == 1)
		}
		err = m.set(in.rd, s)
	case mLd, mLdx:
		size := uint64(4)
		if in.op == mLdx {
			size = 8
		}
		var p []byte
		if p, err = m.access(in, size, false); err == nil {
			v := uint64(0)
			for _, x := range p {
				v = v<<8 | uint64(x)
			}
			err = m.set(in.rd, v)
		}
	case mSt, mStx:
		size := uint64(4)
		if in.op == mStx {
			size = 8
		}
		var p []byte
		if p, err = m.access(in, size, true); err == nil {
			v := m.r[in.rd]
			for k := int(size) - 1; k >= 0; k-- {
				p[k] = byte(v)
				v >>= 8
			}
		}
	case mBe:
		return branch(m.xccZ)
	case mBne:
		return branch(!m.xccZ)
	case mBrnz:
		return branch(a != 0)
	case mSave:
		if in.rs1 != 14 || in.rd != 14 || in.rs2 >= 0 || m.saved {
			return 0, false, false, fmt.Errorf("unmodelled save: %s", in.line)
		}
		d := int64(in.imm)
		if d > -176 || d%16 != 0 {
			return 0, false, false, fmt.Errorf("frame of %d bytes: the V9 ABI wants at least 176, a multiple of 16", -d)
		}
		sp := a + in.imm
		m.caller, m.saved = m.r, true
		var w [32]uint64
		copy(w[:8], m.r[:8])
		copy(w[24:], m.r[8:16]) // the caller's %o are the callee's %i
		for j := 8; j < 24; j++ {
			w[j] = 0x5151515151515151 * uint64(j)
		}
		w[14] = sp
		m.r = w
		m.frame = uint64(-d)
		m.frameLo, m.frameHi = sp+2047+176, sp+2047+m.frame
	case mRestore:
		if !m.saved || in.rs1 != 0 || in.rs2 != 0 || in.rd != 0 {
			return 0, false, false, fmt.Errorf("unmodelled restore: %s", in.line)
		}
		w := m.caller
		copy(w[:8], m.r[:8])
		copy(w[8:16], m.r[24:]) // the callee's %i are the caller's %o
		m.r, m.saved = w, false
		m.frameLo, m.frameHi = 0, 0
	case mRet:
		if !m.saved {
			return 0, false, false, fmt.Errorf("ret outside a saved window: %s", in.line)
		}
		return -1, true, true, nil
	case mRetl:
		if m.saved {
			return 0, false, false, fmt.Errorf("retl inside a saved window: %s", in.line)
		}
		return -1, true, true, nil
	default:
		return 0, false, false, fmt.Errorf("unmodelled instruction: %s", in.line)
	}
	return i + 1, false, false, err
}

func (m *montMachine) run() error {
	pc := 0
	for {
		if m.steps++; m.steps > 1<<26 {
			return fmt.Errorf("no return after %d instructions", m.steps)
		}
		if pc < 0 || pc >= len(m.code) {
			return fmt.Errorf("ran off the function at index %d", pc)
		}
		next, jump, done, err := m.exec(pc)
		if err != nil {
			return fmt.Errorf("%s: %v", m.code[pc].line, err)
		}
		if !jump {
			pc = next
			continue
		}
		if pc+1 >= len(m.code) {
			return fmt.Errorf("no delay slot after %s", m.code[pc].line)
		}
		slotNext, slotJump, _, err := m.exec(pc + 1)
		if err != nil {
			return fmt.Errorf("%s: %v", m.code[pc+1].line, err)
		}
		if slotJump || slotNext != pc+2 {
			return fmt.Errorf("control transfer in a delay slot: %s", m.code[pc+1].line)
		}
		if done {
			return nil
		}
		pc = next
	}
}

// montKernel is one decoded mont function.
type montKernel struct {
	name string
	code []montInsn
}

func loadMontKernel(t *testing.T, name string, vis3 bool) *montKernel {
	t.Helper()
	code, err := montDecode(v9FuncInsns(t, name), vis3)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return &montKernel{name: name, code: code}
}

// montBufs names which operands share memory: z = x, z = y, or x = y.
type montBufs struct{ zx, zy, xy bool }

// call runs the kernel on z = x*y*R^-1 mod m in fresh regions (with
// poison around each operand) and returns z, checking the ABI, the
// memory discipline and the store order on the way.
func (k *montKernel) call(r *rand.Rand, x, y, mod []uint64, share montBufs) ([]uint64, int, error) {
	n := len(mod)
	const zAt, xAt, yAt, mAt, stackTop = 0x100000, 0x200000, 0x300000, 0x400000, 0x800000
	mk := func(name string, base uint64, v []uint64, write bool) *montRegion {
		data := make([]byte, 8*n)
		for i, w := range v {
			binary.BigEndian.PutUint64(data[8*i:], w)
		}
		return &montRegion{name: name, base: base, data: data, write: write, lastLoad: -1, firstSt: -1}
	}
	zPoison := make([]uint64, n)
	for i := range zPoison {
		zPoison[i] = r.Uint64()
	}
	xr, yr, mr := mk("x", xAt, x, false), mk("y", yAt, y, false), mk("m", mAt, mod, false)
	zr := mk("z", zAt, zPoison, true)
	zBase := uint64(zAt)
	regions := []*montRegion{xr, yr, mr}
	switch {
	case share.zx && share.zy:
		xr.name, xr.write = "z=x=y", true
		regions = []*montRegion{xr, mr}
		zr, yr = xr, xr
		zBase = xAt
	case share.zx:
		xr.name, xr.write = "z=x", true
		regions = []*montRegion{xr, yr, mr}
		zr, zBase = xr, xAt
	case share.zy:
		yr.name, yr.write = "z=y", true
		regions = []*montRegion{xr, yr, mr}
		zr, zBase = yr, yAt
	case share.xy:
		xr.name = "x=y"
		regions = []*montRegion{xr, mr, zr}
		yr = xr
	default:
		regions = append(regions, zr)
	}
	stack := &montRegion{name: "stack", base: stackTop - 8192, data: make([]byte, 8192), write: true, lastLoad: -1, firstSt: -1}
	r.Read(stack.data) // a kernel that reads its scratch before setting it gets garbage
	regions = append(regions, stack)

	mc := &montMachine{code: k.code, regions: regions, stack: stack}
	for j := range mc.r {
		mc.r[j] = r.Uint64()
	}
	mc.r[0] = 0
	yBase := uint64(yAt)
	if share.xy || (share.zx && share.zy) {
		yBase = xAt
	}
	copy(mc.r[8:14], []uint64{zBase, xr.base, yBase, mAt, mont.K0(mod[0]), uint64(n)})
	mc.r[14] = stackTop - 2048 - 2047 // the caller's %sp, biased, with room above
	before := mc.r
	if err := mc.run(); err != nil {
		return nil, mc.steps, err
	}
	// %g1 and %o0-%o5 are volatile; the rest of the caller's state must
	// be as it was.
	after := mc.r
	for _, j := range []int{1, 8, 9, 10, 11, 12, 13} {
		after[j], before[j] = 0, 0
	}
	if after != before || mc.saved {
		return nil, mc.steps, fmt.Errorf("caller's registers not preserved:\n before %x\n after  %x", before, after)
	}
	if mc.frame%16 != 0 {
		return nil, mc.steps, fmt.Errorf("frame %d not a multiple of 16", mc.frame)
	}
	// z is written only after x and y are read for the last time.
	if zr.firstSt < 0 {
		return nil, mc.steps, fmt.Errorf("z never written")
	}
	for _, in := range []*montRegion{xr, yr} {
		if in != zr && in.lastLoad > zr.firstSt {
			return nil, mc.steps, fmt.Errorf("z written at step %d before the last load of %s at step %d", zr.firstSt, in.name, in.lastLoad)
		}
	}
	z := make([]uint64, n)
	for i := range z {
		z[i] = binary.BigEndian.Uint64(zr.data[8*i:])
	}
	return z, mc.steps, nil
}

// montModulus returns a modulus of n limbs of the given kind.
func montModulus(r *rand.Rand, n int, kind int) []uint64 {
	m := make([]uint64, n)
	switch kind {
	case 0: // random, top bit set
		for i := range m {
			m[i] = r.Uint64()
		}
		m[n-1] |= 1 << 63
	case 1: // 2^(64n) - small odd: all-ones limbs
		for i := range m {
			m[i] = ^uint64(0)
		}
		m[0] -= 2 * uint64(r.Intn(1000))
	case 2: // just above 2^(64(n-1)): top limb 1
		m[0] = 2*uint64(r.Intn(1000)) + 1
		m[n-1] = 1
		if n == 1 {
			m[0] = 1<<63 + 1
		}
	}
	m[0] |= 1
	return m
}

func montBelow(r *rand.Rand, mod []uint64) []uint64 {
	bm := monttest.LimbsToBig(mod)
	return monttest.BigToLimbs(new(big.Int).Rand(r, bm), len(mod))
}

// montInterpret runs kernel k on every size 1..mont.MaxLimbs: three
// kinds of modulus, edge operands (0, 1, m-1), and random operands until
// both sides of the final subtraction are seen; then the aliasings.
func montInterpret(t *testing.T, k *montKernel) {
	r := rand.New(rand.NewSource(64))
	calls, steps := 0, 0
	check := func(x, y, mod []uint64, share montBufs, what string) bool {
		t.Helper()
		want, sub := monttest.Want(x, y, mod)
		got, s, err := k.call(r, x, y, mod, share)
		calls++
		steps += s
		if err != nil {
			t.Fatalf("%s: %d limbs, %s: %v", k.name, len(mod), what, err)
		}
		for i := range want {
			if got[i] != want[i] {
				t.Fatalf("%s (interpreted): %d limbs, %s: limb %d differs\n m    %x\n x    %x\n y    %x\n got  %x\n want %x",
					k.name, len(mod), what, i, monttest.LimbsToBig(mod), monttest.LimbsToBig(x), monttest.LimbsToBig(y),
					monttest.LimbsToBig(got), monttest.LimbsToBig(want))
			}
		}
		return sub
	}
	for n := 1; n <= mont.MaxLimbs; n++ {
		for kind := 0; kind < 3; kind++ {
			mod := montModulus(r, n, kind)
			mm1 := monttest.BigToLimbs(new(big.Int).Sub(monttest.LimbsToBig(mod), big.NewInt(1)), n)
			one := make([]uint64, n)
			one[0] = 1
			check(mm1, mm1, mod, montBufs{}, "(m-1)*(m-1)")
			if n <= 8 || n%16 <= 1 {
				check(make([]uint64, n), montBelow(r, mod), mod, montBufs{}, "0*random")
				check(one, mm1, mod, montBufs{}, "1*(m-1)")
			}
		}
		mod := montModulus(r, n, 0)
		var seen [2]bool
		for try := 0; try < 400 && !(seen[0] && seen[1]); try++ {
			x, y := montBelow(r, mod), montBelow(r, mod)
			if _, sub := monttest.Want(x, y, mod); seen[b2i(sub)] {
				continue
			}
			seen[b2i(check(x, y, mod, montBufs{}, "random"))] = true
		}
		if !seen[0] || !seen[1] {
			t.Fatalf("%d limbs: no operands found with final subtraction %v", n, seen[1])
		}
	}
	for _, n := range []int{1, 2, 3, 16, 17, 64, mont.MaxLimbs} {
		mod := montModulus(r, n, 0)
		x, y := montBelow(r, mod), montBelow(r, mod)
		check(x, y, mod, montBufs{zx: true}, "z aliases x")
		check(x, y, mod, montBufs{zy: true}, "z aliases y")
		check(x, x, mod, montBufs{xy: true}, "x aliases y")
		check(x, x, mod, montBufs{zx: true, zy: true}, "z aliases x and y")
	}
	t.Logf("%s: interpreted %d calls (sizes 1..%d, %d instructions): all match math/big", k.name, calls, mont.MaxLimbs, steps)
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestMontV9Interpreted runs mont/sparc64's kernel on the V9 model (no
// VIS 3 instruction admitted).
func TestMontV9Interpreted(t *testing.T) {
	montInterpret(t, loadMontKernel(t, montV9Func, false))
}

// TestMontVIS3Interpreted runs mont/vis3's kernel, which no emulator here
// executes, on the model with umulxhi, addxc and addxccc.
func TestMontVIS3Interpreted(t *testing.T) {
	montInterpret(t, loadMontKernel(t, montVIS3Func, true))
}

// The .word encodings decode as the VIS 3 instructions, as many as the
// code means to use; nothing is undecodable; the V9 kernel has none.
func TestMontDisassembly(t *testing.T) {
	funcs := parseFuncs(t4Disassembly(t))
	want := map[string]map[string]int{
		// Per row: umulxhi 2 in the peeled limb, 2 in the loop; addxc 2
		// peeled, 4 in the loop, 2 for t_n; then one addxc for the carry
		// of t - m, whose chain is the one addxccc.
		montVIS3Func:    {"umulxhi": 4, "addxc": 9, "addxccc": 1, "mulx": 5},
		montVIS3PrbFunc: {"umulxhi": 1, "addxc": 1, "addxccc": 1},
		// Two rows per doubleword of y, each with 4 + 4 mulx.
		montV9Func: {"umulxhi": 0, "addxc": 0, "addxccc": 0, "mulx": 18},
	}
	for name, counts := range want {
		if _, ok := funcs[name]; !ok {
			t.Fatalf("%s not in the disassembly of the sparc64 package", name)
		}
		got := map[string]int{}
		for _, in := range v9FuncInsns(t, name) {
			switch in.op {
			case "unknown", ".word":
				t.Errorf("%s: undecodable instruction: %s", name, in.line)
			}
			got[in.op]++
		}
		for op, n := range counts {
			if got[op] != n {
				t.Errorf("%s: %d %s, want %d", name, got[op], op, n)
			}
		}
	}
}

// TestMontVIS3ProbeInterpreted: the probe's code on the model gives the
// model's answer, so the probe compares the right words.
func TestMontVIS3ProbeInterpreted(t *testing.T) {
	code, err := montDecode(v9FuncInsns(t, montVIS3PrbFunc), true)
	if err != nil {
		t.Fatal(err)
	}
	const ioAt = 0x10000
	io := &montRegion{name: "io", base: ioAt, data: make([]byte, 40), write: true, lastLoad: -1, firstSt: -1}
	binary.BigEndian.PutUint64(io.data, montProbeA)
	binary.BigEndian.PutUint64(io.data[8:], montProbeB)
	m := &montMachine{code: code, regions: []*montRegion{io}}
	m.r[8] = ioAt
	if err := m.run(); err != nil {
		t.Fatal(err)
	}
	if want := montProbeWant(); !bytes.Equal(io.data[16:], want) {
		t.Fatalf("probe (interpreted): got %x want %x", io.data[16:], want)
	}
}

// The models of umulxhi and addxc against math/big, including the carry
// out of an all-ones sum.
func TestMontVIS3Model(t *testing.T) {
	r := rand.New(rand.NewSource(5))
	for trial := 0; trial < 1000; trial++ {
		a, b, c := r.Uint64(), r.Uint64(), uint64(trial&1)
		if trial < 4 {
			a, b = ^uint64(0), ^uint64(trial&2>>1)
		}
		p := new(big.Int).Mul(new(big.Int).SetUint64(a), new(big.Int).SetUint64(b))
		if hi := vis3Umulxhi(a, b); hi != new(big.Int).Rsh(p, 64).Uint64() {
			t.Fatalf("umulxhi %x %x: got %x want %x", a, b, hi, new(big.Int).Rsh(p, 64))
		}
		s := new(big.Int).Add(new(big.Int).SetUint64(a), new(big.Int).SetUint64(b))
		s.Add(s, new(big.Int).SetUint64(c))
		sum, carry := vis3Addxc(a, b, c)
		low := new(big.Int).And(s, new(big.Int).SetUint64(^uint64(0)))
		if sum != low.Uint64() || carry != new(big.Int).Rsh(s, 64).Uint64() {
			t.Fatalf("addxc %x %x %d: got %x carry %d want %x", a, b, c, sum, carry, s)
		}
	}
}
