//go:build riscv64 && gc

package riscv64

import (
	"encoding/binary"
	"testing"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/arch/archtest"
)

// The encodings Go's assembler gives the probes (riscv64-linux-gnu-objdump
// -d of the test binary, the vector words named by GNU as) and a few of the
// compiler's: arch.MemForm, which the runner uses on a fault, must name
// each its form (memprobe_forms_test.go checks the table on the host
// against GNU as and objdump, more neighbours included).
func TestMemFormMatch(t *testing.T) {
	cases := []struct {
		code []byte
		form string
	}{
		{le16(0x610c), "LD load"},     // ld a1,0(a0) (c.ld: memProbeLD)
		{le16(0x6522), "LD load"},     // ld a0,8(sp) (c.ldsp)
		{le32(0x00053303), "LD load"}, // ld t1,0(a0)
		{le32(0x00053023), "SD store"},
		{le16(0xf09a), "SD store"},     // sd t1,96(sp) (c.sdsp)
		{le16(0x410c), "LW load"},      // lw a1,0(a0) (c.lw: memProbeLW)
		{le32(0x2142e283), "LW load"},  // lwu t0,532(t0)
		{le32(0x00052023), "SW store"}, // sw zero,0(a0)
		{le32(0x02050087), "VLE8.V load"},
		{le32(0x02056087), "VLE32.V load"},
		{le32(0x020560a7), "VSE32.V store"},
		{le32(0x02057087), "VLE64.V load"},
		{le32(0x020570a7), "VSE64.V store"},
		{le32(0xcd027057), ""}, // vsetivli zero,4,e32,m1,ta,ma
		{le32(0x5e0030d7), ""}, // vmv.v.i v1,0
		{le32(0x0e814303), ""}, // lbu t1,232(sp)
		{le16(0x717d), ""},     // addi sp,sp,-16 (c.addi16sp)
		{le32(0x00008067), ""}, // ret
		{[]byte{0x87, 0x60, 0x05}, ""},
	}
	for _, c := range cases {
		if got := arch.MemForm(c.code); got != c.form {
			t.Errorf("%x: form %q, want %q", c.code, got, c.form)
		}
	}
}

func le16(v uint16) []byte {
	b := make([]byte, 2)
	binary.LittleEndian.PutUint16(b, v)
	return b
}

func le32(v uint32) []byte {
	b := make([]byte, 4)
	binary.LittleEndian.PutUint32(b, v)
	return b
}

// Every probe must pass on hardware and on a faithful emulator: no fault
// with the operand ending at a PROT_NONE page, a fault one byte further.
func TestMemProbesNative(t *testing.T) { archtest.MemProbes(t, 0) }
