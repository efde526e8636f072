//go:build gc

package amd64

import "github.com/xarchlab/xarch/arch"

// Own CPUID/XGETBV: golang.org/x/sys/cpu has no SHA-NI flag.

func cpuid(leaf, sub uint32) (eax, ebx, ecx, edx uint32)

func xgetbv0() (eax, edx uint32)

var features = []arch.Feature{
	{Name: "sse2", Desc: "SSE2 (CPUID.1:EDX[26])"},
	{Name: "ssse3", Desc: "SSSE3, PSHUFB (CPUID.1:ECX[9])"},
	{Name: "sse41", Desc: "SSE4.1 (CPUID.1:ECX[19])"},
	{Name: "avx", Desc: "AVX, OS saves YMM (CPUID.1:ECX[28], XCR0 SSE|YMM)"},
	{Name: "avx2", Desc: "AVX2 (CPUID.7.0:EBX[5]) with AVX state"},
	{Name: "bmi2", Desc: "BMI2, RORX/SHLX/MULX (CPUID.7.0:EBX[8])"},
	{Name: "adx", Desc: "ADCX/ADOX (CPUID.7.0:EBX[19])"},
	{Name: "aesni", Desc: "AES-NI (CPUID.1:ECX[25])"},
	{Name: "pclmulqdq", Desc: "carry-less multiply (CPUID.1:ECX[1])"},
	{Name: "shani", Desc: "SHA extensions (CPUID.7.0:EBX[29])"},
	{Name: "avx512f", Desc: "AVX-512F (CPUID.7.0:EBX[16]), OS saves opmask+ZMM"},
	{Name: "avx512bw", Desc: "AVX-512BW (CPUID.7.0:EBX[30]) with AVX-512 state"},
	{Name: "avx512vl", Desc: "AVX-512VL (CPUID.7.0:EBX[31]) with AVX-512 state"},
	{Name: "avx512ifma", Desc: "AVX-512IFMA (CPUID.7.0:EBX[21]) with AVX-512 state"},
	{Name: "vaes", Desc: "VEX/EVEX AES (CPUID.7.0:ECX[9]) with AVX state"},
	{Name: "vpclmulqdq", Desc: "VEX/EVEX carry-less multiply (CPUID.7.0:ECX[10]) with AVX state"},
}

// XCR0 bits: the OS must save a register file before its instructions are usable.
const (
	xcr0SSE    = 1 << 1
	xcr0YMM    = 1 << 2
	xcr0Opmask = 1 << 5
	xcr0ZMMHi  = 1 << 6 // upper halves of ZMM0-15
	xcr0HiZMM  = 1 << 7 // ZMM16-31
)

func bit(x uint32, n uint) bool { return x>>n&1 != 0 }

// detect reads CPUID and XCR0 and applies the OS-state rules.
func detect() map[string]bool {
	f := map[string]bool{}
	maxLeaf, _, _, _ := cpuid(0, 0)
	if maxLeaf < 1 {
		return f
	}
	_, _, ecx1, edx1 := cpuid(1, 0)
	var ebx7, ecx7 uint32
	if maxLeaf >= 7 {
		_, ebx7, ecx7, _ = cpuid(7, 0)
	}

	var xcr0 uint32
	if bit(ecx1, 27) { // OSXSAVE: XGETBV is allowed
		xcr0, _ = xgetbv0()
	}
	osYMM := xcr0&(xcr0SSE|xcr0YMM) == xcr0SSE|xcr0YMM
	osZMM := osYMM && xcr0&(xcr0Opmask|xcr0ZMMHi|xcr0HiZMM) == xcr0Opmask|xcr0ZMMHi|xcr0HiZMM

	// Legacy-SSE encoded features need only XMM state, always on for amd64.
	f["sse2"] = bit(edx1, 26)
	f["ssse3"] = bit(ecx1, 9)
	f["sse41"] = bit(ecx1, 19)
	f["aesni"] = bit(ecx1, 25)
	f["pclmulqdq"] = bit(ecx1, 1)
	f["shani"] = bit(ebx7, 29)
	// General-purpose register instructions: no OS state involved.
	f["bmi2"] = bit(ebx7, 8)
	f["adx"] = bit(ebx7, 19)

	avx := bit(ecx1, 28) && osYMM
	f["avx"] = avx
	f["avx2"] = avx && bit(ebx7, 5)
	// VAES/VPCLMULQDQ exist only in VEX/EVEX form, so they need YMM state too.
	f["vaes"] = avx && bit(ecx7, 9)
	f["vpclmulqdq"] = avx && bit(ecx7, 10)

	avx512f := osZMM && bit(ebx7, 16)
	f["avx512f"] = avx512f
	f["avx512bw"] = avx512f && bit(ebx7, 30)
	f["avx512vl"] = avx512f && bit(ebx7, 31)
	f["avx512ifma"] = avx512f && bit(ebx7, 21)
	return f
}

func init() {
	arch.RegisterFeatures(features, detect)
}
