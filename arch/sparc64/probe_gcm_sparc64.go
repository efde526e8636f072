package sparc64

import (
	"encoding/binary"

	"github.com/xarchlab/xarch/arch"
)

func init() {
	arch.RegisterProbe(arch.Probe{
		Feature: "vis3",
		Instr:   "xmulx",
		Run:     vis3Probe,
	})
}

//extern xarch_vis3_probe
func vis3ProbeAsm(io *[4]uint64)

// vis3Probe runs xmulx and xmulxhi once on fixed operands against the Go
// model (gcm_vis3_model.go). On a CPU without VIS 3, and under QEMU 7.2,
// it traps.
func vis3Probe() (want, got []byte) {
	io := [4]uint64{vis3ProbeA, vis3ProbeB, 0x5555555555555555, 0xaaaaaaaaaaaaaaaa}
	vis3ProbeAsm(&io)
	got = make([]byte, 16)
	binary.BigEndian.PutUint64(got, io[2])
	binary.BigEndian.PutUint64(got[8:], io[3])
	return vis3ProbeWant(), got
}
