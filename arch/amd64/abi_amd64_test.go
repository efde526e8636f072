//go:build amd64 && gc

package amd64

import (
	"testing"

	"github.com/xarchlab/xarch/arch/archtest"
)

func TestABIConforming(t *testing.T) {
	archtest.ABIConforming(t, abiConformingNop, abiConformingFramed, kConformingNop)
}

func TestABIStackMoves(t *testing.T) {
	archtest.ABIStackMoves(t, abiConformingFramed, func() bool { return abiSt.moved != 0 })
}

func TestABIViolations(t *testing.T) {
	h := archtest.ABIHex
	var tmp uint32
	archtest.ABIViolations(t, []archtest.ABICase{
		{Name: "BP", Call: abiClobberBP, Want: `^BP not restored: expected ` + h + `, got 0x5eedbadc0ffee$`},
		{Name: "SP", Call: abiClobberSP, Want: `^SP not restored: expected (` + h + `), got (` + h + `)$`, SPDelta: 16},
		{Name: "DF", Call: abiClobberDF, Want: `^DF not restored: expected 0 \(cleared\), got 1 \(set\)$`},
		{Name: "MXCSR", Call: func() { abiClobberMXCSR(&tmp) }, Want: `^MXCSR not restored: expected 0x1f[89ab][0-9a-f], got 0x7f[89ab][0-9a-f]$`},
		{Name: "below SP", Call: abiWriteBelowSP, Want: `^wrote below the stack pointer, outside its declared frame of 0 bytes: the canary word 24 bytes below the frame changed from ` + h + ` to 0x77$`},
		{Name: "below frame", Call: abiWriteBelowFrame, Want: `^wrote below the stack pointer, outside its declared frame of 64 bytes: the canary word 8 bytes below the frame changed from ` + h + ` to 0x78$`},
	}, abiConformingNop)
}

func TestABIKernelTable(t *testing.T) {
	archtest.ABITrampolineFrame(t, "abi_amd64.s", abiMaxLow+abiCanaryBytes+8+abiMaxArgs+8)
	exempt := map[string]string{
		"cpuid":           "feature detection, not a kernel",
		"xgetbv0":         "feature detection, not a kernel",
		"aesencProbe":     "a one-instruction feature probe",
		"vaesencProbe":    "a one-instruction feature probe",
		"vaesencProbeYMM": "a one-instruction feature probe",
		"pclmulqdqProbe":  "a one-instruction feature probe",
		"vpclmulqdqProbe": "a one-instruction feature probe",
		"shaniProbe":      "a one-instruction feature probe",
		"probeIFMA52":     "a one-instruction feature probe",
	}
	for _, f := range memForms {
		exempt[f.fn] = "a one-instruction memory-operand probe"
	}
	for _, n := range plantedMemProbeFuncs {
		exempt[n] = "a planted memory-operand probe"
	}
	archtest.ABIKernels(t, "amd64", exempt)
}

func TestABILevels(t *testing.T) { archtest.ABILevels(t, "amd64") }

func TestABIFault(t *testing.T) { archtest.ABIFault(t, abiConformingNop) }

// Every general register but SP and BP reaches the kernel holding this
// call's poison, R12 (once the trampoline's pointer to its state) too.
func TestABIPoison(t *testing.T) {
	names := []string{"AX", "BX", "CX", "DX", "SI", "DI", "R8", "R9", "R10", "R11", "R13", "R14", "R15", "R12"}
	for i := 0; i < 3; i++ {
		var got [14]uint64
		abiDumpGPRs(&got)
		for j, n := range names {
			if got[j] != abiSt.gpoison[j] {
				t.Fatalf("call %d: %s was %#x at the kernel's entry, want the poison %#x", i, n, got[j], abiSt.gpoison[j])
			}
		}
	}
}
