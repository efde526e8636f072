//go:build ppc64le && gc

package ppc64le

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
		{Name: "R2", Call: abiClobberR2, Want: `^R2 not restored: expected ` + h + `, got 0x5eedbadc0ffee$`},
		{Name: "R13", Call: abiClobberR13, Want: `^R13 not restored: expected ` + h + `, got 0x5eedbadc0ffee$`},
		{Name: "R30", Call: abiClobberR30, Want: `^R30 not restored: expected ` + h + `, got 0x5eedbadc0ffee$`},
		{Name: "R0", Call: abiClobberR0, Want: `^R0 not restored: expected 0x0, got 0x5eed$`},
		{Name: "R1", Call: abiClobberSP, Want: `^R1 not restored: expected (` + h + `), got (` + h + `)$`, SPDelta: 16},
		{Name: "below SP", Call: abiWriteBelowSP, Want: `^wrote below the stack pointer, outside its declared frame of 0 bytes: the canary word 24 bytes below the frame changed from ` + h + ` to 0x77$`},
		{Name: "below frame", Call: abiWriteBelowFrame, Want: `^wrote below the stack pointer, outside its declared frame of 64 bytes: the canary word 8 bytes below the frame changed from ` + h + ` to 0x78$`},
	}, abiConformingNop)
}

func TestABIKernelTable(t *testing.T) {
	archtest.ABITrampolineFrame(t, "abi_ppc64le.s", abiMaxLow+abiCanaryBytes+16+32+abiMaxArgs)
	exempt := map[string]string{
		"aesRoundP8":    "a feature probe (one round of vcipher and friends)",
		"pmsumdProbe":   "a one-instruction feature probe",
		"sigmaProbe":    "a one-instruction feature probe",
		"sigma512Probe": "a one-instruction feature probe",
		"maddProbe":     "a one-instruction feature probe",
	}
	for _, f := range memForms {
		exempt[f.fn] = "a one-instruction memory-operand probe"
	}
	archtest.ABIKernels(t, "ppc64le", exempt)
}

func TestABILevels(t *testing.T) { archtest.ABILevels(t, "ppc64le") }

func TestABIFault(t *testing.T) { archtest.ABIFault(t, abiConformingNop) }

// The poison reaches the kernel: readUnsetF0 adds F0's bits to h[0], 0
// called directly (the plant's premise), VS0's poison through the
// trampoline (lxvd2x puts the first word of vpoison in F0).
func TestABIPoison(t *testing.T) {
	var h [8]uint32
	readUnsetF0(&h, 0)
	if h[0] != 0 {
		t.Fatalf("called directly, F0 was %#x, not 0", h[0])
	}
	for i := 0; i < 3; i++ {
		h[0] = 0
		abiReadUnsetF0(&h, 0)
		if want := uint32(abiSt.vpoison[0]); h[0] != want || want == 0 {
			t.Fatalf("through the trampoline F0's low word was %#x, want the poison %#x", h[0], want)
		}
	}
}

// FPSCR's status bits and VSCR's SAT reach the kernel as this call's
// poison; FPSCR's enables and rounding mode and VSCR's NJ as they were.
func TestABIStatusPoison(t *testing.T) {
	var before [2]uint64
	readStatus(&before)
	seen := uint64(0)
	for i := 0; i < 8; i++ {
		var got [2]uint64
		abiReadStatus(&got)
		if f := got[0] & abiFPSCRStatus; f != abiSt.fpscr {
			t.Fatalf("call %d: FPSCR's status bits were %#x at the kernel's entry, want the poison %#x", i, f, abiSt.fpscr)
		}
		if got[0]&0xff != before[0]&0xff {
			t.Fatalf("call %d: FPSCR's enables and RN were %#x, want Go's %#x", i, got[0]&0xff, before[0]&0xff)
		}
		if sat := got[1] & 1; sat != abiSt.vsat[0]&1 {
			t.Fatalf("call %d: VSCR's SAT was %d, want the poison %d", i, sat, abiSt.vsat[0]&1)
		}
		if nj := uint64(0x10000); got[1]&nj != before[1]&nj {
			t.Fatalf("call %d: VSCR's NJ was %#x, want %#x", i, got[1]&nj, before[1]&nj)
		}
		seen |= 1 << (got[1] & 1)
	}
	if seen != 3 || before[0]&abiFPSCRStatus == abiSt.fpscr {
		t.Fatalf("eight calls did not vary the status bits (SAT values seen %b)", seen)
	}
}
