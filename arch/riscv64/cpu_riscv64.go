package riscv64

import (
	"syscall"
	"unsafe"

	"github.com/xarchlab/xarch/arch"
)

// The features users can mask, named as the RISC-V extensions (lower case).
// Detection asks the kernel's riscv_hwprobe syscall, which QEMU 10 answers
// per -cpu model; QEMU 7.2 answers ENOSYS, so its models force what they
// have (ci/models.json "force") and the probes check the emulator computes it.
var featureList = []arch.Feature{
	{Name: "rv64", Desc: "RV64 base integer ISA (always true for a riscv64 process)"},
	{Name: "zbb", Desc: "Basic bit manipulation (ror, rev8, andn)"},
	{Name: "zbkb", Desc: "Bit manipulation for cryptography (ror, rev8, pack, brev8)"},
	{Name: "zkne", Desc: "Scalar AES encryption (aes64es, aes64esm, aes64ks1i, aes64ks2)"},
	{Name: "zknd", Desc: "Scalar AES decryption (aes64ds, aes64dsm, aes64im)"},
	{Name: "zknh", Desc: "Scalar SHA-2 sigma functions (sha256sig0..., sha512sig0...)"},
	{Name: "v", Desc: "Vector extension 1.0 (RVV)"},
	{Name: "zvkb", Desc: "Vector crypto bit manipulation (vror, vrev8, vandn)"},
	{Name: "zvkned", Desc: "Vector AES (vaesef, vaesem, vaesdf, vaesdm, vaeskf1, vaeskf2, vaesz)"},
	{Name: "zvknha", Desc: "Vector SHA-256 (vsha2ms, vsha2ch, vsha2cl on SEW=32)"},
	{Name: "zvknhb", Desc: "Vector SHA-256 and SHA-512 (vsha2* on SEW=32 and SEW=64)"},
	{Name: "zvkg", Desc: "Vector GHASH (vghsh, vgmul)"},
}

func init() {
	arch.RegisterFeatures(featureList, detect)
}

// riscv_hwprobe (Linux Documentation/arch/riscv/hwprobe.rst): key 4 is
// RISCV_HWPROBE_KEY_IMA_EXT_0, a bit set of extensions.
const (
	sysRiscvHwprobe = 258
	hwprobeIMAExt0  = 4
)

// IMA_EXT_0 bits (Linux arch/riscv/include/uapi/asm/hwprobe.h).
var hwprobeBits = map[string]uint64{
	"v":      1 << 2,
	"zbb":    1 << 4,
	"zbkb":   1 << 8,
	"zknd":   1 << 11,
	"zkne":   1 << 12,
	"zknh":   1 << 13,
	"zvkb":   1 << 19,
	"zvkg":   1 << 20,
	"zvkned": 1 << 21,
	"zvknha": 1 << 22,
	"zvknhb": 1 << 23,
}

type hwprobePair struct {
	key   int64
	value uint64
}

// hwprobeExt0 returns the IMA_EXT_0 bits, or ok=false when the kernel (or
// the emulator) has no riscv_hwprobe.
func hwprobeExt0() (bits uint64, ok bool) {
	p := hwprobePair{key: hwprobeIMAExt0}
	_, _, errno := syscall.Syscall6(sysRiscvHwprobe, uintptr(unsafe.Pointer(&p)), 1, 0, 0, 0, 0)
	if errno != 0 || p.key != hwprobeIMAExt0 {
		return 0, false
	}
	return p.value, true
}

// detect reads hwprobe with the standard library only, so gc and gccgo
// builds agree (x/sys/cpu groups the vector crypto bits into suites).
func detect() map[string]bool {
	det := map[string]bool{"rv64": true}
	bits, ok := hwprobeExt0()
	if !ok {
		return det
	}
	for name, bit := range hwprobeBits {
		det[name] = bits&bit != 0
	}
	return det
}
