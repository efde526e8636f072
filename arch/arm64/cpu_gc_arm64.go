//go:build gc

package arm64

import "golang.org/x/sys/cpu"

// detect uses x/sys/cpu, which reads AT_HWCAP/AT_HWCAP2 on Linux (qemu-user
// emulates them per -cpu model).
func detect() map[string]bool {
	return map[string]bool{
		"asimd":  cpu.ARM64.HasASIMD,
		"aes":    cpu.ARM64.HasAES,
		"pmull":  cpu.ARM64.HasPMULL,
		"sha1":   cpu.ARM64.HasSHA1,
		"sha2":   cpu.ARM64.HasSHA2,
		"sha512": cpu.ARM64.HasSHA512,
		"sha3":   cpu.ARM64.HasSHA3,
		"sve":    cpu.ARM64.HasSVE,
		"sve2":   cpu.ARM64.HasSVE2,
	}
}
