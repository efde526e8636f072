package sparc64

import (
	"io/ioutil"
	"regexp"
	"strconv"
	"testing"
	"unsafe"

	"github.com/xarchlab/xarch/arch/archtest"
)

func TestABIConforming(t *testing.T) {
	archtest.ABIConforming(t, abiConformingNop, abiConformingFramed, kConformingNop)
}

// gccgo does not move stacks; this runs the framed kernel under GC
// pressure (signals, other threads) all the same.
func TestABIStackMoves(t *testing.T) {
	archtest.ABIStackMoves(t, abiConformingFramed, func() bool { return false })
}

func TestABIViolations(t *testing.T) {
	h := archtest.ABIHex
	archtest.ABIViolations(t, []archtest.ABICase{
		{Name: "l5", Call: abiClobberL5, Want: `^%l5 not restored: expected ` + h + `, got 0x5ee$`},
		{Name: "i3", Call: abiClobberI3, Want: `^%i3 not restored: expected ` + h + `, got 0x5ee$`},
		{Name: "fp", Call: abiClobberFP, Want: `^%fp not restored: expected ` + h + `, got 0x5ee$`},
		{Name: "i7", Call: abiClobberI7, Want: `^%i7 not restored: expected ` + h + `, got 0x5ee$`},
		{Name: "sp", Call: abiClobberSP, Want: `^%sp not restored: expected (` + h + `), got (` + h + `)$`, SPDelta: 16},
		{Name: "g2", Call: abiClobberG2, Want: `^%g2 not restored: expected ` + h + `, got 0x5ee$`},
		{Name: "g6", Call: abiClobberG6, Want: `^%g6 not restored: expected ` + h + `, got 0x5ee$`},
		{Name: "below SP", Call: abiWriteBelowSP, Want: `^wrote below the stack pointer, outside its declared frame of 0 bytes: the canary word 24 bytes below the frame changed from ` + h + ` to 0x77$`},
		{Name: "below frame", Call: abiWriteBelowFrame, Want: `^wrote below the stack pointer, outside its declared frame of 192 bytes: the canary word 8 bytes below the frame changed from ` + h + ` to 0x78$`},
	}, abiConformingNop)
}

func TestABIKernelTable(t *testing.T) {
	exempt := map[string]string{
		"xarch_aes_t4_probe":    "a one-instruction feature probe",
		"xarch_vis3_probe":      "a one-instruction feature probe",
		"xarch_mont_vis3_probe": "a one-instruction feature probe",
	}
	for _, f := range sparcMemForms {
		exempt[f.fn] = "a one-instruction memory-operand probe"
	}
	archtest.ABIKernels(t, "sparc64", exempt)
}

// The ST_* offsets of abi_sparc64.s are abiState's.
func TestABIStateLayout(t *testing.T) {
	b, err := ioutil.ReadFile("abi_sparc64.s")
	if err != nil {
		t.Fatal(err)
	}
	var st abiState
	want := map[string]uintptr{
		"ST_ENTRY": unsafe.Offsetof(st.entry), "ST_ARGS": unsafe.Offsetof(st.args), "ST_FRAME": unsafe.Offsetof(st.frame),
		"ST_CANARY": unsafe.Offsetof(st.canary), "ST_SEEDL": unsafe.Offsetof(st.seedL), "ST_SEEDI": unsafe.Offsetof(st.seedI),
		"ST_SEEDG": unsafe.Offsetof(st.seedG), "ST_GOTL": unsafe.Offsetof(st.gotL), "ST_GOTI": unsafe.Offsetof(st.gotI),
		"ST_GOTG": unsafe.Offsetof(st.gotG), "ST_ING": unsafe.Offsetof(st.inG), "ST_SP0": unsafe.Offsetof(st.sp0),
		"ST_SP1": unsafe.Offsetof(st.sp1), "ST_FP0": unsafe.Offsetof(st.fp0), "ST_FP1": unsafe.Offsetof(st.fp1),
		"ST_I70": unsafe.Offsetof(st.i70), "ST_I71": unsafe.Offsetof(st.i71), "ST_CANARYAT": unsafe.Offsetof(st.canaryAt),
		"ST_CANARYGOT": unsafe.Offsetof(st.canaryGot), "CANARY": abiCanaryBytes,
		"ST_FPOISON": unsafe.Offsetof(st.fpoison), "ST_G1": unsafe.Offsetof(st.g1), "ST_G5": unsafe.Offsetof(st.g5),
		"ST_CCR": unsafe.Offsetof(st.ccr), "ST_Y": unsafe.Offsetof(st.y), "ST_GSR": unsafe.Offsetof(st.gsr),
		"ST_FCC": unsafe.Offsetof(st.fcc), "ST_FCCMASK": unsafe.Offsetof(st.fccMask), "ST_FSR": unsafe.Offsetof(st.fsrScratch),
		"ST_WINL": unsafe.Offsetof(st.winL), "ST_WINO": unsafe.Offsetof(st.winO),
	}
	seen := 0
	for _, m := range regexp.MustCompile(`(?m)^#define\s+(\w+)\s+(\d+)`).FindAllStringSubmatch(string(b), -1) {
		w, ok := want[m[1]]
		if !ok {
			continue
		}
		seen++
		if got, _ := strconv.Atoi(m[2]); uintptr(got) != w {
			t.Errorf("abi_sparc64.s: %s is %d, abiState says %d", m[1], got, w)
		}
	}
	if seen != len(want) {
		t.Errorf("abi_sparc64.s defines %d of the %d offsets", seen, len(want))
	}
}

func TestABILevels(t *testing.T) { archtest.ABILevels(t, "sparc64") }

func TestABIFault(t *testing.T) {
	t.Skip("gccgo cannot unwind out of a fault in assembly without CFI (the kernels have none): a fault in a sparc64 kernel aborts the runner with or without the trampoline, and the suite reports it as a crash")
}

// The poison reaches the kernel: through the trampoline the argument word
// beyond the kernel's one (%o1), %d2 and, after the kernel's save, the %l
// and %o registers of its window hold this call's poison, which the
// planted kernels add to h[0].
func TestABIPoison(t *testing.T) {
	var h [8]uint32
	for i := 0; i < 3; i++ {
		h[0] = 0
		abiReadUnloadedO1(&h)
		if want := uint32(abiSt.args[1]); h[0] != want || want == 0 {
			t.Fatalf("%%o1's low word was %#x, want the poison %#x", h[0], want)
		}
		h[0] = 0
		abiReadUnsetD2(&h)
		if want := uint32(abiSt.fpoison[1]); h[0] != want || want == 0 {
			t.Fatalf("%%d2's low word was %#x, want the poison %#x", h[0], want)
		}
		h[0] = 0
		abiReadStaleL3(&h)
		if want := uint32(abiSt.winL[3]); h[0] != want || want == 0 {
			t.Fatalf("%%l3 after the kernel's save had low word %#x, want the poison %#x", h[0], want)
		}
		// Every %l and %o of the kernel's window, fresh on each call.
		var w [15]uint64
		abiDumpWindow(&w)
		want := append(append([]uint64(nil), abiSt.winL[:]...), abiSt.winO[:]...)
		for j, r := range []string{"%l0", "%l1", "%l2", "%l3", "%l4", "%l5", "%l6", "%l7", "%o0", "%o1", "%o2", "%o3", "%o4", "%o5", "%o7"} {
			if w[j] != want[j] {
				t.Fatalf("call %d: %s after the kernel's save was %#x, want the poison %#x", i, r, w[j], want[j])
			}
		}
	}
}
