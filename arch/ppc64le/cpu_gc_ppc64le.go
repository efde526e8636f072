//go:build gc

package ppc64le

import "golang.org/x/sys/cpu"

// detect takes the ISA levels from x/sys/cpu (AT_HWCAP2, which qemu-user
// fills per -cpu model) and VEC_CRYPTO from the auxv directly.
func detect() map[string]bool {
	return map[string]bool{
		"power8":  cpu.PPC64.IsPOWER8,
		"power9":  cpu.PPC64.IsPOWER9,
		"power10": cpu.PPC64.IsPOWER10,
		"vcrypto": vcryptoFromAuxv(),
	}
}
