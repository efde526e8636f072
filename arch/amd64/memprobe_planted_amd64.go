//go:build gc && xarch_planted

package amd64

import (
	"unsafe"

	"github.com/xarchlab/xarch/arch"
)

//go:noescape
func memProbePlantedWrongEncoding(p unsafe.Pointer)

// A planted memory-operand probe with a wrong encoding, as a kernel author
// who writes an instruction as BYTEs might make: it claims VPBROADCASTQ
// m64 (avx2, an 8-byte load) but encodes VMOVDQU m256, a 32-byte load, so
// it faults with its "8-byte" operand ending at the guard page, natively
// and under every emulator. avx2 is expected on Haswell and max, so the
// run must fail: objdump names the bytes vmovdqu, and the probe fails
// everywhere, so nothing excuses it.
func init() {
	key := x86form{true, 1, 2, 0x59, 1, 0} // what VPBROADCASTQ ymm, m64 would be
	arch.RegisterMemProbe(arch.MemProbe{Feature: "avx2", Form: "VPBROADCASTQ m64 (planted: wrong encoding)", Mnemonic: "vpbroadcastq",
		Size: 8, Planted: true, Run: memProbePlantedWrongEncoding, Match: key.match})
}
