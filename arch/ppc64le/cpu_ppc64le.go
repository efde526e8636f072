package ppc64le

import "github.com/xarchlab/xarch/arch"

// AT_HWCAP2 bits (Linux arch/powerpc/include/uapi/asm/cputable.h, glibc
// bits/hwcap.h). x/sys/cpu decodes the ISA levels but not VEC_CRYPTO, and
// does not link under gccgo, so both detectors share these.
const (
	hwcap2Arch207   = 0x80000000 // PPC_FEATURE2_ARCH_2_07: ISA 2.07 (POWER8)
	hwcap2VecCrypto = 0x02000000 // PPC_FEATURE2_VEC_CRYPTO: vcipher, vpmsum, vshasigma
	hwcap2Arch300   = 0x00800000 // PPC_FEATURE2_ARCH_3_00: ISA 3.0 (POWER9)
	hwcap2Arch31    = 0x00040000 // PPC_FEATURE2_ARCH_3_1: ISA 3.1 (POWER10)
)

// The features users can mask: ISA levels plus the vector crypto facility,
// which the kernel reports apart from the level.
var featureList = []arch.Feature{
	{Name: "power8", Desc: "Power ISA 2.07 (POWER8): VSX, VMX 2.07"},
	{Name: "power9", Desc: "Power ISA 3.0 (POWER9)"},
	{Name: "power10", Desc: "Power ISA 3.1 (POWER10)"},
	{Name: "vcrypto", Desc: "Vector crypto facility (vcipher, vpmsumd, vshasigmaw/d)"},
}

func init() {
	arch.RegisterFeatures(featureList, detect)
}

// vcryptoFromAuxv reads the bit x/sys/cpu does not expose.
func vcryptoFromAuxv() bool {
	hw2, ok := arch.Auxv(arch.AT_HWCAP2)
	return ok && hw2&hwcap2VecCrypto != 0
}
