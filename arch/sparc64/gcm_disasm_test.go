package sparc64

// Host-side check of the V9 GHASH kernel (gcm_sparc64.s): take the function
// as objdump decodes it from the gccgo build and run it on the V9 integer
// model of sha512_disasm_test.go (v9Machine), against the generic level.
// The model knows only the integer instructions the kernels are meant to
// use and enforces the ABI and memory discipline: %g2-%g7, %fp and %i7
// never written, callee state restored, every load 8-byte aligned and
// inside the doublewords of y, the tables or the blocks, stack accesses only
// inside its own frame, and no store but to y.

import (
	"encoding/binary"
	"math/rand"
	"testing"

	"github.com/xarchlab/xarch/family/gcm"
)

const ghashFunc = "xarch_ghash_sparc64"

// v9FuncInsns returns a function's instructions up to its last return and
// that return's delay slot (what follows is alignment padding).
func v9FuncInsns(t *testing.T, name string) []v9Insn {
	body, ok := parseFuncs(t4Disassembly(t))[name]
	if !ok {
		t.Fatalf("%s not in the disassembly of the sparc64 package", name)
	}
	end := -1
	for i, in := range body {
		if in.op == "retl" || in.op == "ret" {
			end = i + 1
		}
	}
	if end < 0 || end >= len(body) {
		t.Fatalf("%s: no return with a delay slot", name)
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

// TestGHASHInterpreted runs the assembled V9 kernel on the integer model.
func TestGHASHInterpreted(t *testing.T) {
	ghashInterpret(t, ghashFunc, false, func(h *[16]byte) []uint64 { return gcmV9Tables(h).tab[:] })
}

// ghashInterpret runs the GHASH kernel name on the model (with xmulx and
// xmulxhi when vis3) for 0..4 blocks at every alignment of p mod 8, from
// random keys and states, against the generic level. key gives the words
// Init precomputes from H, which the kernel reads from its second argument.
func ghashInterpret(t *testing.T, name string, vis3 bool, key func(h *[16]byte) []uint64) {
	insns := v9FuncInsns(t, name)
	index := map[uint64]int{}
	for i, in := range insns {
		index[in.addr] = i
	}
	r := rand.New(rand.NewSource(128))
	const yAt, keyAt, msgAt, stackTop = 0x10000, 0x20000, 0x30000, 0x80000
	ran, steps, blocksRun := 0, 0, 0
	for trial := 0; trial < 3; trial++ {
		for blocks := 0; blocks <= 4; blocks++ {
			for off := 0; off < 8; off++ {
				var h, y0 [16]byte
				r.Read(h[:])
				r.Read(y0[:])
				switch {
				case trial == 0 && blocks == 1 && off == 0:
					h = [16]byte{15: 1} // H = x^127: every multiple reduced
				case trial == 0 && blocks == 2 && off == 0:
					h = [16]byte{0: 0x80} // H = 1
				}
				msg := make([]byte, 16*blocks)
				r.Read(msg)
				if trial == 1 && off == 3 {
					for i := range msg {
						msg[i] = 0xff
					}
				}
				want := y0
				gcm.GenericGHASH(gcm.GenericGHASHInit(&h), &want, msg)

				words := key(&h)
				m := &v9Machine{insns: insns, index: index}
				yr := &v9Region{name: "y", base: yAt, data: append([]byte(nil), y0[:]...)}
				kr := &v9Region{name: "key", base: keyAt, data: make([]byte, 8*len(words)), readOnly: true}
				for j, v := range words {
					binary.BigEndian.PutUint64(kr.data[8*j:], v)
				}
				// The message region is exactly the aligned doublewords
				// that hold a byte of the blocks.
				p := uint64(msgAt + off)
				lo, hi := p&^7, (p+uint64(len(msg))+7)&^7
				mr := &v9Region{name: "blocks", base: lo, data: make([]byte, hi-lo), readOnly: true}
				r.Read(mr.data)
				copy(mr.data[p-lo:], msg)
				st := &v9Region{name: "stack", base: stackTop - 4096, data: make([]byte, 4096)}
				m.regions = []*v9Region{yr, kr, mr, st}

				for j := range m.g {
					m.g[j] = r.Uint64()
				}
				m.g[0] = 0
				for j := range m.win.l {
					m.win.l[j], m.win.i[j] = r.Uint64(), r.Uint64()
				}
				m.win.o = [8]uint64{yAt, keyAt, p, uint64(blocks), r.Uint64(), r.Uint64(), stackTop - 2047 - 176, r.Uint64()}
				before := *m
				var err error
				if vis3 {
					err = vis3Machine{m}.run()
				} else {
					err = m.run()
				}
				if err != nil {
					t.Fatalf("%s: %d blocks at offset %d: %v", name, blocks, off, err)
				}
				var got [16]byte
				copy(got[:], yr.data)
				if got != want {
					t.Fatalf("%s: H %x y %x, %d blocks at offset %d (interpreted): got %x want %x", name, h, y0, blocks, off, got, want)
				}
				// %g1 is volatile in the V9 ABI; %g2-%g7 must survive.
				gAfter, gBefore := m.g, before.g
				gAfter[1], gBefore[1] = 0, 0
				if gAfter != gBefore || m.win.l != before.win.l || m.win.i != before.win.i ||
					m.win.o[6] != before.win.o[6] || m.win.o[7] != before.win.o[7] || len(m.saved) != 0 {
					t.Fatalf("%s: %d blocks at offset %d: callee-saved state not preserved: g %x -> %x, l %x -> %x, i %x -> %x, o6/o7 %x %x -> %x %x", name, blocks, off,
						before.g, m.g, before.win.l, m.win.l, before.win.i, m.win.i, before.win.o[6], before.win.o[7], m.win.o[6], m.win.o[7])
				}
				if blocks > 0 && m.frame%16 != 0 {
					t.Fatalf("%s: frame %d not a multiple of 16", name, m.frame)
				}
				ran++
				steps += m.steps
				blocksRun += blocks
			}
		}
	}
	t.Logf("%s: interpreted %d calls (0-4 blocks, p mod 8 = 0..7; %d instructions, %d per block): all match the generic GHASH",
		name, ran, steps, steps/blocksRun)
}
