//go:build amd64 && gc

package amd64

import (
	"testing"

	"github.com/xarchlab/xarch/arch/archtest"
)

// The encodings the Go assembler gives the probes (objdump -d of the
// runner) and forms the kernels use: each must be named its form, and a
// register operand or another opcode must not.
func TestMemFormMatch(t *testing.T) {
	cases := map[string]string{
		"f30f6f00":       "MOVDQU m128 load",
		"f30f7f00":       "MOVDQU m128 store",
		"0f1000":         "MOVUPS m128 load",
		"0f1100":         "MOVUPS m128 store",
		"488b18":         "MOV r64, m64",
		"c4e2e3f608":     "MULX m64",
		"66480f38f618":   "ADCX m64",
		"c5fa6f00":       "VMOVDQU m128 load",
		"c5fe6f00":       "VMOVDQU m256 load",
		"c5fa7f00":       "VMOVDQU m128 store",
		"c5fe7f00":       "VMOVDQU m256 store",
		"c4e37d180001":   "VINSERTF128 m128",
		"c4e37d380001":   "VINSERTI128 m128",
		"c4e365385e7001": "VINSERTI128 m128", // sha256/avx2's message load, 112(SI)
		"c4e27d5a00":     "VBROADCASTI128 m128",
		"c4e37d390001":   "VEXTRACTI128 m128 store",
		"c4e379220001":   "VPINSRD m32",
		"c4e3f9220001":   "VPINSRQ m64",
		"c4e1f96e00":     "VMOVQ m64 load",
		"c4c1f96e03":     "VMOVQ m64 load", // (R11), a kernel's
		"c5fdef00":       "VPXOR m256",
		"c5fdd400":       "VPADDQ m256",
		"c4e27ddc00":     "VAESENC m256",
		"c4e37d38c101":   "", // VINSERTI128 $1, X1, Y0, Y0: no memory operand
		"c5fe6fc1":       "", // VMOVDQU Y1, Y0
		"8b18":           "", // MOVL (AX), BX: 32-bit, not the probed MOV r64
		"c5f877":         "", // VZEROUPPER
		"":               "",
	}
	archtest.MemForms(t, cases)
}

// Natively every probe must pass: no fault with the operand ending at a
// PROT_NONE page, a fault one byte further.
func TestMemProbesNative(t *testing.T) { archtest.MemProbes(t, 0) }
