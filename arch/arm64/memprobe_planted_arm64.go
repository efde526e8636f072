//go:build gc && xarch_planted

package arm64

import (
	"unsafe"

	"github.com/xarchlab/xarch/arch"
)

//go:noescape
func memProbePlantedWrongEncoding(p unsafe.Pointer)

// A planted memory-operand probe with a wrong encoding, as a kernel author
// who writes an instruction as a WORD might make: it claims LDP X (two
// 64-bit registers, a 16-byte load) but its word is LD1 {v0.16b-v3.16b}
// (a 64-byte load), so it faults with its "16-byte" operand ending at the
// guard page, on hardware and under every emulator. asimd is expected on
// every arm64 model, so the run must fail: objdump names the word ld1, not
// ldp, and the probe fails everywhere, so nothing excuses it.
func init() {
	arch.RegisterMemProbe(arch.MemProbe{Feature: "asimd", Form: "LDP X load (planted: wrong encoding)", Mnemonic: "ldp",
		Size: 16, Planted: true, Run: memProbePlantedWrongEncoding, Match: pairX(true).match})
}
