package arm64

import "github.com/xarchlab/xarch/arch"

// The features users can mask. Names follow the Linux hwcap names.
var featureList = []arch.Feature{
	{Name: "asimd", Desc: "Advanced SIMD (NEON)"},
	{Name: "aes", Desc: "AES instructions (AESE, AESD, AESMC, AESIMC)"},
	{Name: "pmull", Desc: "64x64->128 polynomial multiply (PMULL/PMULL2 .1Q)"},
	{Name: "sha1", Desc: "SHA-1 instructions (SHA1C, SHA1M, SHA1P, ...)"},
	{Name: "sha2", Desc: "SHA-256 instructions (SHA256H, SHA256H2, SHA256SU0/1)"},
	{Name: "sha512", Desc: "SHA-512 instructions (SHA512H, SHA512H2, SHA512SU0/1)"},
	{Name: "sha3", Desc: "SHA-3 helpers (EOR3, RAX1, XAR, BCAX)"},
	{Name: "sve", Desc: "Scalable Vector Extension"},
	{Name: "sve2", Desc: "Scalable Vector Extension 2"},
}

func init() {
	arch.RegisterFeatures(featureList, detect)
}
