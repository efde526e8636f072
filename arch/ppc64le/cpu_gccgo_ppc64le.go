//go:build gccgo

package ppc64le

import "github.com/xarchlab/xarch/arch"

// detect decodes AT_HWCAP2 itself: x/sys/cpu does not link under gccgo 12.
func detect() map[string]bool {
	hw2, ok := arch.Auxv(arch.AT_HWCAP2)
	if !ok {
		return map[string]bool{}
	}
	return map[string]bool{
		"power8":  hw2&hwcap2Arch207 != 0,
		"power9":  hw2&hwcap2Arch300 != 0,
		"power10": hw2&hwcap2Arch31 != 0,
		"vcrypto": hw2&hwcap2VecCrypto != 0,
	}
}
