//go:build xarch_planted

package sparc64

import (
	"unsafe"

	"github.com/xarchlab/xarch/arch"
)

//extern xarch_memprobe_planted_wrong_encoding
func memProbePlantedWrongEncoding(p unsafe.Pointer)

// A planted memory-operand probe with a wrong encoding, as a kernel author
// who writes an instruction as a .word might make: it claims lduw (a
// 4-byte load) but its word is ldx (8 bytes), so with its "4-byte" operand
// ending at the guard page it faults (it reaches into the page and is
// misaligned), on hardware and under every emulator. v9 is expected on
// every sparc64 model, so the run must fail: objdump names the word ldx,
// not ld, and the probe fails everywhere, so nothing excuses it.
func init() {
	arch.RegisterMemProbe(arch.MemProbe{Feature: "v9", Form: "LDUW load (planted: wrong encoding)", Mnemonic: "ld",
		Size: 4, Align: 4, Planted: true, Run: memProbePlantedWrongEncoding, Match: sparcForm("LDUW load").match})
}
