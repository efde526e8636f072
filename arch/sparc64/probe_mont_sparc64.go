package sparc64

import (
	"encoding/binary"

	"github.com/xarchlab/xarch/arch"
)

func init() {
	// A second probe of the vis3 feature (probe_gcm_sparc64.go has the
	// xmulx one): mont/vis3 relies on the integer multiply-high and the
	// 64-bit carry instructions, which an emulator could get wrong apart
	// from the carry-less multiply.
	arch.RegisterProbe(arch.Probe{
		Feature: "vis3",
		Instr:   "umulxhi, addxccc, addxc",
		Run:     montVIS3Probe,
	})
}

//extern xarch_mont_vis3_probe
func montVIS3ProbeAsm(io *[5]uint64)

// montVIS3Probe runs umulxhi, addxccc and addxc once on fixed operands
// against the Go model (mont_vis3_model.go). On a CPU without VIS 3, and
// under QEMU 7.2, it traps.
func montVIS3Probe() (want, got []byte) {
	io := [5]uint64{montProbeA, montProbeB, 0x5555555555555555, 0xaaaaaaaaaaaaaaaa, 0x3333333333333333}
	montVIS3ProbeAsm(&io)
	got = make([]byte, 24)
	for i := 0; i < 3; i++ {
		binary.BigEndian.PutUint64(got[8*i:], io[2+i])
	}
	return montProbeWant(), got
}
