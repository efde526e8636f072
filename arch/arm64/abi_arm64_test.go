//go:build arm64 && gc

package arm64

import (
	"testing"

	"github.com/xarchlab/xarch/arch/archtest"
	"github.com/xarchlab/xarch/family/mont/monttest"
)

func TestABIConforming(t *testing.T) {
	archtest.ABIConforming(t, abiConformingNop, abiConformingFramed, kConformingNop)
}

func TestABIStackMoves(t *testing.T) {
	archtest.ABIStackMoves(t, abiConformingFramed, func() bool { return abiSt.moved != 0 })
}

func TestABIViolations(t *testing.T) {
	h := archtest.ABIHex
	archtest.ABIViolations(t, []archtest.ABICase{
		{Name: "R18", Call: abiClobberR18, Want: `^R18 not restored: expected ` + h + `, got 0x5eedbadc0ffee$`},
		{Name: "R29", Call: abiClobberR29, Want: `^R29 not restored: expected ` + h + `, got 0x5eedbadc0ffee$`},
		{Name: "R28", Call: abiClobberR28, Want: `^R28 not restored: expected ` + h + `, got 0x5eedbadc0ffee$`},
		{Name: "RSP", Call: abiClobberSP, Want: `^RSP not restored: expected (` + h + `), got (` + h + `)$`, SPDelta: 16},
		{Name: "below SP", Call: abiWriteBelowSP, Want: `^wrote below the stack pointer, outside its declared frame of 0 bytes: the canary word 24 bytes below the frame changed from ` + h + ` to 0x77$`},
		{Name: "below frame", Call: abiWriteBelowFrame, Want: `^wrote below the stack pointer, outside its declared frame of 64 bytes: the canary word 8 bytes below the frame changed from ` + h + ` to 0x78$`},
	}, abiConformingNop)
}

func TestABIKernelTable(t *testing.T) {
	archtest.ABITrampolineFrame(t, "abi_arm64.s", abiMaxLow+abiCanaryBytes+16+abiMaxArgs+16)
	exempt := map[string]string{
		"aeseProbe":   "a one-instruction feature probe",
		"pmullProbe":  "a one-instruction feature probe",
		"sha256Probe": "a one-instruction feature probe",
		"sha512Probe": "a one-instruction feature probe",
	}
	for _, f := range memForms {
		exempt[f.fn] = "a one-instruction memory-operand probe"
	}
	for _, n := range plantedMemProbeFuncs {
		exempt[n] = "a planted memory-operand probe"
	}
	archtest.ABIKernels(t, "arm64", exempt)
}

func TestABILevels(t *testing.T) { archtest.ABILevels(t, "arm64") }

func TestABIFault(t *testing.T) { archtest.ABIFault(t, abiConformingNop) }

// The mont family has no wire op yet for ABILevels to run: its level
// checks, with every kernel call through the trampoline.
func TestABIMontLevels(t *testing.T) {
	archtest.WithABI(func() { monttest.Levels(t, "arm64") })
	if kMontMulARMv8.Calls == 0 {
		t.Fatal("montMulARMv8 never ran through the trampoline")
	}
}

// FPSR's status bits reach the kernel as this call's poison.
func TestABIPoison(t *testing.T) {
	seen := uint64(0)
	for i := 0; i < 8; i++ {
		var got uint64
		abiReadFPSR(&got)
		if got != abiSt.fpsr {
			t.Fatalf("call %d: FPSR was %#x at the kernel's entry, want the poison %#x", i, got, abiSt.fpsr)
		}
		seen |= got
	}
	if seen == 0 {
		t.Fatal("eight calls never set an FPSR flag")
	}
}
