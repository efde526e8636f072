//go:build riscv64 && gc

package riscv64

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
	archtest.ABIViolations(t, []archtest.ABICase{
		{Name: "X3", Call: abiClobberX3, Want: `^X3 not restored: expected ` + h + `, got 0x5eedbadc0ffee$`},
		{Name: "X4", Call: abiClobberX4, Want: `^X4 not restored: expected ` + h + `, got 0x5eedbadc0ffee$`},
		{Name: "X27", Call: abiClobberX27, Want: `^X27 not restored: expected ` + h + `, got 0x5eedbadc0ffee$`},
		{Name: "X2", Call: abiClobberSP, Want: `^X2 not restored: expected (` + h + `), got (` + h + `)$`, SPDelta: 16},
		{Name: "below SP", Call: abiWriteBelowSP, Want: `^wrote below the stack pointer, outside its declared frame of 0 bytes: the canary word 24 bytes below the frame changed from ` + h + ` to 0x77$`},
		{Name: "below frame", Call: abiWriteBelowFrame, Want: `^wrote below the stack pointer, outside its declared frame of 64 bytes: the canary word 8 bytes below the frame changed from ` + h + ` to 0x78$`},
	}, abiConformingNop)
}

func TestABIKernelTable(t *testing.T) {
	archtest.ABITrampolineFrame(t, "abi_riscv64.s", abiMaxLow+abiCanaryBytes+16+abiMaxArgs+16)
	exempt := map[string]string{"zvkVlenb": "a CSR read the tests use"}
	for _, p := range []string{"vProbe", "vaesemProbe", "vaesdmProbe", "vaeskf1Probe", "vaeskf2Probe", "vghshProbe",
		"vgmulProbe", "vrgatherProbe", "zbbProbe", "zbkbProbe", "zvkbProbe", "zkndProbe", "zkneProbe", "zknhProbe", "zvknhaProbe", "zvknhbProbe"} {
		exempt[p] = "a feature probe (known answers of its extension's instructions)"
	}
	for _, f := range memForms {
		exempt[f.fn] = "a one-instruction memory-operand probe"
	}
	archtest.ABIKernels(t, "riscv64", exempt)
}

func TestABILevels(t *testing.T) { archtest.ABILevels(t, "riscv64") }

func TestABIFault(t *testing.T) { archtest.ABIFault(t, abiConformingNop) }
