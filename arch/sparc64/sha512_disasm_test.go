package sparc64

// Host-side check of the SHA-512 V9 kernel (sha512_sparc64.s): take
// the function as objdump decodes it from the gccgo build (see
// t4Disassembly in disasm_test.go), run it on a small model of the V9
// integer unit with register windows, and compare with crypto/sha512. The
// model knows only the integer instructions the kernel is meant to use, so
// a VIS or T4 opcode (which qemu's default models would run) fails here. It
// also enforces the ABI and memory discipline the kernel claims: %g2-%g7,
// %fp and %i7 never written, a 16-byte multiple frame, stack accesses only
// above the 176-byte save area of its own frame, every load 8-byte aligned
// and inside the doublewords that cover h, K or the message, and no store
// to the message or K.

import (
	"bytes"
	cryptosha512 "crypto/sha512"
	"encoding/binary"
	"fmt"
	"math/rand"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/xarchlab/xarch/family/sha512"
)

const sha512Func = "xarch_sha512_block_sparc64"

type v9Window struct{ i, l, o [8]uint64 }

type v9Region struct {
	name     string
	base     uint64
	data     []byte
	readOnly bool
}

type v9Insn struct {
	sparcInsn
	a []string
}

// v9Machine interprets a V9 leaf-or-windowed integer function.
type v9Machine struct {
	insns   []v9Insn
	index   map[uint64]int
	g       [8]uint64
	win     v9Window
	saved   []v9Window
	regions []*v9Region
	xccZ    bool
	xccN    bool
	steps   int
	frame   uint64 // bytes the save instruction allocated
	stackLo uint64 // lowest stack address the function may touch
	stackHi uint64 // one past the highest
}

var v9RegRE = regexp.MustCompile(`^%([goli])([0-7])$`)

func (m *v9Machine) reg(name string) (*uint64, error) {
	switch name {
	case "%sp":
		name = "%o6"
	case "%fp":
		name = "%i6"
	}
	mm := v9RegRE.FindStringSubmatch(name)
	if mm == nil {
		return nil, fmt.Errorf("not an integer register: %q", name)
	}
	n := int(mm[2][0] - '0')
	switch mm[1] {
	case "g":
		return &m.g[n], nil
	case "o":
		return &m.win.o[n], nil
	case "l":
		return &m.win.l[n], nil
	}
	return &m.win.i[n], nil
}

func (m *v9Machine) val(s string) (uint64, error) {
	if strings.HasPrefix(s, "%") {
		if s == "%g0" {
			return 0, nil
		}
		r, err := m.reg(s)
		if err != nil {
			return 0, err
		}
		return *r, nil
	}
	v, err := strconv.ParseInt(s, 0, 64)
	return uint64(v), err
}

// set writes a destination register; the ones the ABI reserves are refused.
func (m *v9Machine) set(name string, v uint64) error {
	switch name {
	case "%g0":
		return nil
	case "%g2", "%g3", "%g4", "%g5", "%g6", "%g7", "%fp", "%i6", "%i7", "%sp", "%o6":
		return fmt.Errorf("writes %s, which the kernel must leave alone", name)
	}
	r, err := m.reg(name)
	if err != nil {
		return err
	}
	*r = v
	return nil
}

// mem resolves an 8-byte access at a bracketed address.
func (m *v9Machine) mem(arg string, store bool) ([]byte, error) {
	mm := memArgRE.FindStringSubmatch(arg)
	if mm == nil {
		return nil, fmt.Errorf("address %q not understood", arg)
	}
	a, err := m.val(mm[1])
	if err != nil {
		return nil, err
	}
	if mm[2] != "" {
		off, err := strconv.ParseInt(mm[2], 0, 64)
		if err != nil {
			return nil, err
		}
		a += uint64(off)
	}
	if a%8 != 0 {
		return nil, fmt.Errorf("misaligned 8-byte access at %#x", a)
	}
	if mm[1] == "%sp" && (a < m.stackLo || a+8 > m.stackHi) {
		return nil, fmt.Errorf("stack access at %#x outside [%#x, %#x) (own frame above its save area)", a, m.stackLo, m.stackHi)
	}
	for _, r := range m.regions {
		if a >= r.base && a+8 <= r.base+uint64(len(r.data)) {
			if store && r.readOnly {
				return nil, fmt.Errorf("store to %s at +%d", r.name, a-r.base)
			}
			return r.data[a-r.base : a-r.base+8], nil
		}
	}
	return nil, fmt.Errorf("access at %#x outside every buffer", a)
}

func (m *v9Machine) target(s string) (int, error) {
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

// exec runs instruction i: next index, whether it transfers control (the
// delay slot runs first) and whether the function returns.
func (m *v9Machine) exec(i int) (next int, jump, done bool, err error) {
	in := m.insns[i]
	a := in.a
	bad := fmt.Errorf("unmodelled instruction: %s", in.line)
	alu := func(f func(x, y uint64) uint64) error {
		if len(a) != 3 {
			return bad
		}
		x, e1 := m.val(a[0])
		y, e2 := m.val(a[1])
		if e1 != nil || e2 != nil {
			return bad
		}
		return m.set(a[2], f(x, y))
	}
	cc := func(r uint64) { m.xccZ, m.xccN = r == 0, int64(r) < 0 }
	branch := func(taken bool, to string) (int, bool, bool, error) {
		j, err := m.target(to)
		if err != nil || !taken {
			return i + 2, true, false, err
		}
		return j, true, false, nil
	}
	switch in.op {
	case "nop":
	case "add":
		err = alu(func(x, y uint64) uint64 { return x + y })
	case "sub":
		err = alu(func(x, y uint64) uint64 { return x - y })
	case "and":
		err = alu(func(x, y uint64) uint64 { return x & y })
	case "or":
		err = alu(func(x, y uint64) uint64 { return x | y })
	case "xor":
		err = alu(func(x, y uint64) uint64 { return x ^ y })
	case "sllx":
		err = alu(func(x, y uint64) uint64 { return x << (y & 63) })
	case "srlx":
		err = alu(func(x, y uint64) uint64 { return x >> (y & 63) })
	case "andcc":
		err = alu(func(x, y uint64) uint64 { cc(x & y); return x & y })
	case "subcc":
		err = alu(func(x, y uint64) uint64 { cc(x - y); return x - y })
	case "deccc":
		if len(a) != 1 {
			return 0, false, false, bad
		}
		v, _ := m.val(a[0])
		cc(v - 1)
		err = m.set(a[0], v-1)
	case "mov":
		if len(a) != 2 {
			return 0, false, false, bad
		}
		v, e := m.val(a[0])
		if e != nil {
			return 0, false, false, bad
		}
		err = m.set(a[1], v)
	case "ldx":
		if len(a) != 2 {
			return 0, false, false, bad
		}
		var b []byte
		if b, err = m.mem(a[0], false); err == nil {
			err = m.set(a[1], binary.BigEndian.Uint64(b))
		}
	case "stx":
		if len(a) != 2 {
			return 0, false, false, bad
		}
		v, e := m.val(a[0])
		if e != nil {
			return 0, false, false, bad
		}
		var b []byte
		if b, err = m.mem(a[1], true); err == nil {
			binary.BigEndian.PutUint64(b, v)
		}
	case "save":
		if len(a) != 3 || a[0] != "%sp" || a[2] != "%sp" || len(m.saved) != 0 {
			return 0, false, false, bad
		}
		d, e := strconv.ParseInt(a[1], 0, 64)
		if e != nil || d > -176 || d%16 != 0 {
			return 0, false, false, fmt.Errorf("frame of %d bytes: the V9 ABI wants at least 176, a multiple of 16", -d)
		}
		sp := m.win.o[6] + uint64(d)
		m.saved = append(m.saved, m.win)
		m.win = v9Window{i: m.win.o}
		for j := range m.win.l {
			m.win.l[j], m.win.o[j] = 0x5151515151515151*uint64(j+1), 0xa3a3a3a3a3a3a3a3*uint64(j+1)
		}
		m.win.o[6] = sp
		m.frame = uint64(-d)
		m.stackLo, m.stackHi = sp+2047+176, sp+2047+m.frame
	case "restore":
		if len(a) != 0 || len(m.saved) != 1 {
			return 0, false, false, bad
		}
		prev := m.saved[0]
		prev.o = m.win.i
		m.win, m.saved = prev, nil
		m.stackLo, m.stackHi = 0, 0
	case "ret":
		if len(m.saved) != 1 {
			return 0, false, false, fmt.Errorf("ret outside a saved window: %s", in.line)
		}
		return -1, true, true, nil
	case "retl":
		if len(m.saved) != 0 {
			return 0, false, false, fmt.Errorf("retl inside a saved window: %s", in.line)
		}
		return -1, true, true, nil
	case "brz":
		if len(a) != 2 {
			return 0, false, false, bad
		}
		v, _ := m.val(a[0])
		return branch(v == 0, a[1])
	case "bne", "be", "b":
		if len(a) != 2 || a[0] != "%xcc" {
			return 0, false, false, bad
		}
		taken := map[string]bool{"be": m.xccZ, "bne": !m.xccZ, "b": true}[in.op]
		return branch(taken, a[1])
	default:
		return 0, false, false, bad
	}
	return i + 1, false, false, err
}

func (m *v9Machine) run() error {
	pc := 0
	for {
		if m.steps++; m.steps > 1<<22 {
			return fmt.Errorf("no return after %d instructions", m.steps)
		}
		if pc < 0 || pc >= len(m.insns) {
			return fmt.Errorf("ran off the function at index %d", pc)
		}
		next, jump, done, err := m.exec(pc)
		if err != nil {
			return fmt.Errorf("%s: %v", m.insns[pc].line, err)
		}
		if !jump {
			pc = next
			continue
		}
		if pc+1 >= len(m.insns) {
			return fmt.Errorf("no delay slot after %s", m.insns[pc].line)
		}
		slotNext, slotJump, _, err := m.exec(pc + 1)
		if err != nil {
			return fmt.Errorf("%s: %v", m.insns[pc+1].line, err)
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

// sha512Insns returns the kernel's instructions, up to its last return
// (what follows is the assembler's alignment padding).
func sha512Insns(t *testing.T) []v9Insn {
	body, ok := parseFuncs(t4Disassembly(t))[sha512Func]
	if !ok {
		t.Fatalf("%s not in the disassembly of the sparc64 package", sha512Func)
	}
	end := -1
	for i, in := range body {
		if in.op == "retl" || in.op == "ret" {
			end = i + 1
		}
	}
	if end < 0 || end >= len(body) {
		t.Fatalf("%s: no return with a delay slot", sha512Func)
	}
	var out []v9Insn
	for _, in := range body[:end+1] {
		out = append(out, v9Insn{sparcInsn: in, a: splitArgs(in.args)})
		if in.args == "" {
			out[len(out)-1].a = nil
		}
	}
	return out
}

// TestSHA512Interpreted runs the assembled kernel on the model for 0..3
// blocks at every alignment mod 8 from random states.
func TestSHA512Interpreted(t *testing.T) {
	insns := sha512Insns(t)
	index := map[uint64]int{}
	for i, in := range insns {
		index[in.addr] = i
	}
	r := rand.New(rand.NewSource(512))
	const hAt, kAt, msgAt, stackTop = 0x10000, 0x20000, 0x30000, 0x80000
	ran, steps := 0, 0
	for blocks := 0; blocks <= 3; blocks++ {
		for off := 0; off < 8; off++ {
			var h [8]uint64
			for j := range h {
				h[j] = r.Uint64()
			}
			msg := make([]byte, 128*blocks)
			r.Read(msg)
			want := h
			sha512Generic(&want, msg)

			m := &v9Machine{insns: insns, index: index}
			hr := &v9Region{name: "h", base: hAt, data: make([]byte, 64)}
			for j, v := range h {
				binary.BigEndian.PutUint64(hr.data[8*j:], v)
			}
			kr := &v9Region{name: "K", base: kAt, data: make([]byte, 8*80), readOnly: true}
			for j, v := range sha512.K {
				binary.BigEndian.PutUint64(kr.data[8*j:], v)
			}
			// The message region is exactly the aligned doublewords that
			// hold a byte of the message: a load past them is an error.
			p := uint64(msgAt + off)
			lo, hi := p&^7, (p+uint64(len(msg))+7)&^7
			mr := &v9Region{name: "message", base: lo, data: make([]byte, hi-lo), readOnly: true}
			r.Read(mr.data)
			copy(mr.data[p-lo:], msg)
			st := &v9Region{name: "stack", base: stackTop - 4096, data: make([]byte, 4096)}
			m.regions = []*v9Region{hr, kr, mr, st}

			for j := range m.g {
				m.g[j] = r.Uint64()
			}
			m.g[0] = 0
			for j := range m.win.l {
				m.win.l[j], m.win.i[j] = r.Uint64(), r.Uint64()
			}
			m.win.o = [8]uint64{hAt, p, uint64(blocks), kAt, r.Uint64(), r.Uint64(), stackTop - 2047 - 176, r.Uint64()}
			before := *m
			if err := m.run(); err != nil {
				t.Fatalf("%d blocks at offset %d: %v", blocks, off, err)
			}
			var got [8]uint64
			for j := range got {
				got[j] = binary.BigEndian.Uint64(hr.data[8*j:])
			}
			if got != want {
				t.Fatalf("%d blocks at offset %d (interpreted): got %x want %x", blocks, off, got, want)
			}
			// %g1 is volatile in the V9 ABI; %g2-%g7 must survive.
			gAfter, gBefore := m.g, before.g
			gAfter[1], gBefore[1] = 0, 0
			if gAfter != gBefore || m.win.l != before.win.l || m.win.i != before.win.i ||
				m.win.o[6] != before.win.o[6] || m.win.o[7] != before.win.o[7] || len(m.saved) != 0 {
				t.Fatalf("%d blocks at offset %d: callee-saved state not preserved: g %x -> %x, l %x -> %x, i %x -> %x, o6/o7 %x %x -> %x %x", blocks, off,
					before.g, m.g, before.win.l, m.win.l, before.win.i, m.win.i, before.win.o[6], before.win.o[7], m.win.o[6], m.win.o[7])
			}
			if blocks > 0 && m.frame%16 != 0 {
				t.Fatalf("frame %d not a multiple of 16", m.frame)
			}
			ran++
			steps += m.steps
		}
	}
	t.Logf("interpreted %d calls (0-3 blocks, p mod 8 = 0..7; %d instructions): all match crypto/sha512's block function", ran, steps)
}

// sha512Generic is the reference block function: crypto/sha512 has no
// exported one, so this is the plain FIPS 180-4 loop.
func sha512Generic(h *[8]uint64, p []byte) {
	rotr := func(x uint64, n uint) uint64 { return x>>n | x<<(64-n) }
	for len(p) >= 128 {
		var w [80]uint64
		for i := 0; i < 16; i++ {
			w[i] = binary.BigEndian.Uint64(p[8*i:])
		}
		for i := 16; i < 80; i++ {
			s0 := rotr(w[i-15], 1) ^ rotr(w[i-15], 8) ^ w[i-15]>>7
			s1 := rotr(w[i-2], 19) ^ rotr(w[i-2], 61) ^ w[i-2]>>6
			w[i] = w[i-16] + s0 + w[i-7] + s1
		}
		a, b, c, d, e, f, g, hh := h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7]
		for i := 0; i < 80; i++ {
			t1 := hh + (rotr(e, 14) ^ rotr(e, 18) ^ rotr(e, 41)) + (e&f ^ ^e&g) + sha512.K[i] + w[i]
			t2 := (rotr(a, 28) ^ rotr(a, 34) ^ rotr(a, 39)) + (a&b ^ a&c ^ b&c)
			hh, g, f, e, d, c, b, a = g, f, e, d+t1, c, b, a, t1+t2
		}
		h[0] += a
		h[1] += b
		h[2] += c
		h[3] += d
		h[4] += e
		h[5] += f
		h[6] += g
		h[7] += hh
		p = p[128:]
	}
}

// The reference above is checked against crypto/sha512 itself, so the
// interpreted comparison rests on the standard library.
func TestSHA512GenericReference(t *testing.T) {
	for _, n := range []int{0, 1, 111, 112, 127, 128, 129, 1000} {
		msg := bytes.Repeat([]byte{byte(n), 0x5a}, n)[:n]
		want := cryptosha512.Sum512(msg)
		if got := sha512.Sum(sha512Generic, sha512.Variants[1], msg); !bytes.Equal(got, want[:]) {
			t.Fatalf("reference block function, %d bytes: got %x want %x", n, got, want)
		}
	}
}
