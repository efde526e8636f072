//go:build gccgo

package arm64

import "github.com/xarchlab/xarch/arch"

// Linux arm64 hwcap bits (arch/arm64/include/uapi/asm/hwcap.h). x/sys/cpu
// does not link under gccgo 12, so decode the auxiliary vector ourselves.
const (
	hwcapASIMD  = 1 << 1
	hwcapAES    = 1 << 3
	hwcapPMULL  = 1 << 4
	hwcapSHA1   = 1 << 5
	hwcapSHA2   = 1 << 6
	hwcapSHA3   = 1 << 17
	hwcapSHA512 = 1 << 21
	hwcapSVE    = 1 << 22

	hwcap2SVE2 = 1 << 1
)

func detect() map[string]bool {
	hw, _ := arch.Auxv(arch.AT_HWCAP)
	hw2, _ := arch.Auxv(arch.AT_HWCAP2)
	return map[string]bool{
		"asimd":  hw&hwcapASIMD != 0,
		"aes":    hw&hwcapAES != 0,
		"pmull":  hw&hwcapPMULL != 0,
		"sha1":   hw&hwcapSHA1 != 0,
		"sha2":   hw&hwcapSHA2 != 0,
		"sha512": hw&hwcapSHA512 != 0,
		"sha3":   hw&hwcapSHA3 != 0,
		"sve":    hw&hwcapSVE != 0,
		"sve2":   hw2&hwcap2SVE2 != 0,
	}
}
