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

// TestABIVectorPoison: with V, a vector kernel finds the seeded vtype, vl
// and V registers, and its caller gets its own vtype and vl back; a kernel
// whose file has no vector instruction is left the caller's (NoVector).
func TestABIVectorPoison(t *testing.T) {
	if abiVWords == 0 {
		t.Skip("no V extension on this model (or VLEN over 1024): nothing to poison")
	}
	if kReadVState.NoVector || !kMontMulRV64.NoVector {
		t.Fatalf("NoVector: readVState %v (want false), montMulRV64 %v (want true)", kReadVState.NoVector, kMontMulRV64.NoVector)
	}
	for i := 0; i < 20; i++ {
		var before, after [2]uint64
		var got [4]uint64
		abiVType(&before)
		abiReadVState(&got)
		abiVType(&after)
		if before != after {
			t.Fatalf("call %d: vtype/vl %#x/%d before the call, %#x/%d after: the trampoline must restore them", i, before[0], before[1], after[0], after[1])
		}
		wantType := abiSt.vtype
		if got[0] != wantType && got[0]>>63 == 0 {
			t.Fatalf("call %d: the kernel found vtype %#x, want the poison %#x (or vill)", i, got[0], wantType)
		}
		if got[2] != abiSt.vpoison[0] {
			t.Fatalf("call %d: V0[0] = %#x, want the poison %#x", i, got[2], abiSt.vpoison[0])
		}
		if last := abiVWords - abiVWords/32; got[3] != abiSt.vpoison[last] {
			t.Fatalf("call %d: V31[0] = %#x, want the poison %#x", i, got[3], abiSt.vpoison[last])
		}
	}
}
