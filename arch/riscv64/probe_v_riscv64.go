//go:build gc

package riscv64

import (
	"encoding/binary"

	"github.com/xarchlab/xarch/arch"
)

// The base vector extension gets a probe of its own, so a vector level's
// failure on an emulator that gets RVV wrong reads as "not faithfully
// emulated" with this evidence, not as a kernel bug.
func init() {
	arch.RegisterProbe(arch.Probe{Feature: "v", Instr: "vadd.vv/vxor.vv/vslidedown.vi, vlenb", Run: runVProbe})
}

var vProbeA = [4]uint32{0x80000001, 0x7fffffff, 0x12345678, 0xffffffff}
var vProbeB = [4]uint32{0x80000001, 0x00000001, 0x9abcdef0, 0x00000002}

// vProbeWant is what vProbe must store, computed in Go; vlenb must be a
// power of two of at least 16 (VLEN >= 128, which every level assumes).
func vProbeWant() (out [3][4]uint32) {
	for i := range vProbeA {
		out[0][i] = vProbeA[i] + vProbeB[i]
		out[1][i] = vProbeA[i] ^ vProbeB[i]
	}
	copy(out[2][:3], vProbeA[1:])
	return out
}

func runVProbe() (want, got []byte) {
	var out [3][4]uint32
	var vlenb uint64
	vProbe(&vProbeA, &vProbeB, &out, &vlenb)
	w := vProbeWant()
	for i := range out {
		got = append(got, arch.BigEndianWords(out[i][:]...)...)
		want = append(want, arch.BigEndianWords(w[i][:]...)...)
	}
	ok := vlenb >= 16 && vlenb&(vlenb-1) == 0
	got = append(got, boolByte(ok))
	want = append(want, 1)
	var vb [8]byte
	binary.BigEndian.PutUint64(vb[:], vlenb)
	if !ok {
		got = append(got, vb[:]...) // the odd vlenb as evidence
	}
	return want, got
}

func boolByte(b bool) byte {
	if b {
		return 1
	}
	return 0
}

//go:noescape
func vProbe(a, b *[4]uint32, out *[3][4]uint32, vlenb *uint64)
