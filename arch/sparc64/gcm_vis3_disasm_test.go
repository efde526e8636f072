package sparc64

// Host-side checks of the VIS 3 GHASH kernel and probe, which QEMU 7.2
// cannot run (xmulx raises SIGILL on every sparc64 model): the .word
// encodings must decode as xmulx/xmulxhi, and the disassembled code runs
// on the V9 integer model of sha512_disasm_test.go extended with the Go
// model of the two instructions (gcm_vis3_model.go), against the generic
// level. What remains unverified is whether the model matches the silicon,
// which the vis3 probe settles on a T4 or later.

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math/rand"
	"testing"

	"github.com/xarchlab/xarch/family/gcm"
)

const (
	ghashVIS3Func = "xarch_ghash_vis3"
	vis3ProbeFunc = "xarch_vis3_probe"
)

// vis3Machine is v9Machine plus xmulx and xmulxhi.
type vis3Machine struct{ *v9Machine }

func (m vis3Machine) exec(i int) (next int, jump, done bool, err error) {
	in := m.insns[i]
	if in.op != "xmulx" && in.op != "xmulxhi" {
		return m.v9Machine.exec(i)
	}
	if len(in.a) != 3 {
		return 0, false, false, fmt.Errorf("unmodelled instruction: %s", in.line)
	}
	a, e1 := m.val(in.a[0])
	b, e2 := m.val(in.a[1])
	if e1 != nil || e2 != nil {
		return 0, false, false, fmt.Errorf("unmodelled operands: %s", in.line)
	}
	lo, hi := vis3Xmulx(a, b)
	if in.op == "xmulxhi" {
		lo = hi
	}
	return i + 1, false, false, m.set(in.a[2], lo)
}

// run is v9Machine.run with this exec.
func (m vis3Machine) run() error {
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

// The .word encodings decode as the VIS 3 instructions, as many as the
// code means to use; nothing is undecodable. The V9 kernel has none.
func TestVIS3Disassembly(t *testing.T) {
	funcs := parseFuncs(t4Disassembly(t))
	want := map[string][2]int{ghashVIS3Func: {4, 4}, vis3ProbeFunc: {1, 1}, ghashFunc: {0, 0}}
	for name, n := range want {
		body, ok := funcs[name]
		if !ok {
			t.Fatalf("%s not in the disassembly of the sparc64 package", name)
		}
		var got [2]int
		for _, in := range body {
			switch in.op {
			case "unknown", ".word":
				t.Errorf("%s: undecodable instruction: %s", name, in.line)
			case "xmulx":
				got[0]++
			case "xmulxhi":
				got[1]++
			}
		}
		if got != n {
			t.Errorf("%s: %d xmulx and %d xmulxhi, want %d and %d", name, got[0], got[1], n[0], n[1])
		}
	}
}

func TestGHASHVIS3Interpreted(t *testing.T) {
	ghashInterpret(t, ghashVIS3Func, true, func(h *[16]byte) []uint64 {
		k := gcmVIS3Init(h).(*gcmVIS3Key)
		return k.h[:]
	})
}

// TestVIS3ProbeInterpreted: the probe's code on the model gives the
// model's answer, so the probe compares the right words.
func TestVIS3ProbeInterpreted(t *testing.T) {
	insns := v9FuncInsns(t, vis3ProbeFunc)
	index := map[uint64]int{}
	for i, in := range insns {
		index[in.addr] = i
	}
	const ioAt = 0x10000
	m := &v9Machine{insns: insns, index: index}
	io := &v9Region{name: "io", base: ioAt, data: make([]byte, 32)}
	binary.BigEndian.PutUint64(io.data, vis3ProbeA)
	binary.BigEndian.PutUint64(io.data[8:], vis3ProbeB)
	m.regions = []*v9Region{io}
	m.win.o[0] = ioAt
	if err := (vis3Machine{m}).run(); err != nil {
		t.Fatal(err)
	}
	if want := vis3ProbeWant(); !bytes.Equal(io.data[16:], want) {
		t.Fatalf("probe (interpreted): got %x want %x", io.data[16:], want)
	}
}

// The model of xmulx/xmulxhi against a plain double loop over bit pairs.
func TestVIS3XmulxModel(t *testing.T) {
	r := rand.New(rand.NewSource(3))
	for trial := 0; trial < 500; trial++ {
		a, b := r.Uint64(), r.Uint64()
		switch trial {
		case 0:
			a, b = ^uint64(0), ^uint64(0)
		case 1:
			a, b = 1<<63, 1<<63
		}
		var ref [2]uint64
		for i := 0; i < 64; i++ {
			for j := 0; j < 64; j++ {
				if a>>uint(i)&1 == 1 && b>>uint(j)&1 == 1 {
					ref[(i+j)/64] ^= 1 << uint((i+j)%64)
				}
			}
		}
		if lo, hi := vis3Xmulx(a, b); lo != ref[0] || hi != ref[1] {
			t.Fatalf("xmulx model %x * %x: got %x:%x want %x:%x", a, b, hi, lo, ref[1], ref[0])
		}
	}
}

// H * x^-1 times x is H again, and the kernel's arithmetic in Go matches
// the generic GHASH.
func TestGCMVIS3Model(t *testing.T) {
	r := rand.New(rand.NewSource(6))
	for trial := 0; trial < 300; trial++ {
		var h, y [16]byte
		r.Read(h[:])
		r.Read(y[:])
		switch trial {
		case 0:
			h = [16]byte{15: 1}
		case 1:
			h = [16]byte{0: 0x80}
		case 2:
			h = [16]byte{0: 0x80, 15: 1}
		}
		k := gcmVIS3Init(&h).(*gcmVIS3Key)
		if hi, lo := gcmV9MulX(k.h[0], k.h[1]); hi != binary.BigEndian.Uint64(h[:8]) || lo != binary.BigEndian.Uint64(h[8:]) {
			t.Fatalf("H %x: (H * x^-1) * x = %x:%x", h, hi, lo)
		}
		p := make([]byte, 16*(trial%7))
		r.Read(p)
		want, got := y, y
		gcm.GenericGHASH(gcm.GenericGHASHInit(&h), &want, p)
		gcmVIS3Model(k, &got, p)
		if got != want {
			t.Fatalf("H %x y %x, %d blocks: model got %x want %x", h, y, len(p)/16, got, want)
		}
	}
}
