//go:build ppc64le && gc

package ppc64le

import (
	"unsafe"

	"github.com/xarchlab/xarch/arch"
)

// The kernel table of the ABI trampoline (ARCHITECTURE.md, "ABI
// conformance"): every assembly kernel of this package with its declared
// frame and argument size (the TEXT line's $frame-args), in the order of
// abiEntries in abi_kernels_ppc64le.s, and for each kernel x a function
// abiX that calls it through the trampoline, its arguments laid out as
// ABI0 passes them (a struct of the parameters). Every call of a kernel is
//
//	if arch.ABICheck {
//		abiX(args)
//	} else {
//		x(args)
//	}
//
// with the same arguments, so the unchecked path costs one test of a bool.
// abi_ppc64le_test.go checks all of it against the .s and .go files. A new
// kernel: its entry here and in abiEntries, its abiX, and its calls.
var abiKernelTable = []*arch.ABIKernel{
	kConformingNop,
	kConformingFramed,
	kClobberR2,
	kClobberR13,
	kClobberR30,
	kClobberR0,
	kClobberSP,
	kWriteBelowSP,
	kWriteBelowFrame,
	kEcbEncP8,
	kEcbDecP8,
	kCbcEncP8,
	kCbcDecP8,
	kCtrP8,
	kGhashP8,
	kCtr32P8,
	kGcmStitchP8,
	kBlockPower8,
	kBlock512Power8,
	kMontMulPower8,
	kMontFinalSub,
	kMontMulPower9,
}

// conformingNop: abi_selftest_ppc64le.s, $0-8.
var kConformingNop = &arch.ABIKernel{Name: "conformingNop", Frame: 0, Args: 8, SelfTest: true}

func abiConformingNop(x *uint64) {
	a := struct {
		x *uint64
	}{x}
	abiCall(kConformingNop, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

// conformingFramed: abi_selftest_ppc64le.s, $1024-8.
var kConformingFramed = &arch.ABIKernel{Name: "conformingFramed", Frame: 1024, Args: 8, Split: true, SelfTest: true}

func abiConformingFramed(x *uint64) {
	a := struct {
		x *uint64
	}{x}
	abiCall(kConformingFramed, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

// clobberR2: abi_selftest_ppc64le.s, $0-0.
var kClobberR2 = &arch.ABIKernel{Name: "clobberR2", Frame: 0, Args: 0, SelfTest: true}

func abiClobberR2() {
	a := struct {
	}{}
	abiCall(kClobberR2, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

// clobberR13: abi_selftest_ppc64le.s, $0-0.
var kClobberR13 = &arch.ABIKernel{Name: "clobberR13", Frame: 0, Args: 0, SelfTest: true}

func abiClobberR13() {
	a := struct {
	}{}
	abiCall(kClobberR13, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

// clobberR30: abi_selftest_ppc64le.s, $0-0.
var kClobberR30 = &arch.ABIKernel{Name: "clobberR30", Frame: 0, Args: 0, SelfTest: true}

func abiClobberR30() {
	a := struct {
	}{}
	abiCall(kClobberR30, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

// clobberR0: abi_selftest_ppc64le.s, $0-0.
var kClobberR0 = &arch.ABIKernel{Name: "clobberR0", Frame: 0, Args: 0, SelfTest: true}

func abiClobberR0() {
	a := struct {
	}{}
	abiCall(kClobberR0, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

// clobberSP: abi_selftest_ppc64le.s, $0-0.
var kClobberSP = &arch.ABIKernel{Name: "clobberSP", Frame: 0, Args: 0, SelfTest: true}

func abiClobberSP() {
	a := struct {
	}{}
	abiCall(kClobberSP, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

// writeBelowSP: abi_selftest_ppc64le.s, $0-0.
var kWriteBelowSP = &arch.ABIKernel{Name: "writeBelowSP", Frame: 0, Args: 0, SelfTest: true}

func abiWriteBelowSP() {
	a := struct {
	}{}
	abiCall(kWriteBelowSP, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

// writeBelowFrame: abi_selftest_ppc64le.s, $64-0.
var kWriteBelowFrame = &arch.ABIKernel{Name: "writeBelowFrame", Frame: 64, Args: 0, SelfTest: true}

func abiWriteBelowFrame() {
	a := struct {
	}{}
	abiCall(kWriteBelowFrame, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

// ecbEncP8: aes_power8_ppc64le.s, $0-40.
var kEcbEncP8 = &arch.ABIKernel{Name: "ecbEncP8", Frame: 0, Args: 40}

func abiEcbEncP8(sched *byte, rounds int, dst, src *byte, n int) {
	a := struct {
		sched    *byte
		rounds   int
		dst, src *byte
		n        int
	}{sched, rounds, dst, src, n}
	abiCall(kEcbEncP8, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

// ecbDecP8: aes_power8_ppc64le.s, $0-40.
var kEcbDecP8 = &arch.ABIKernel{Name: "ecbDecP8", Frame: 0, Args: 40}

func abiEcbDecP8(sched *byte, rounds int, dst, src *byte, n int) {
	a := struct {
		sched    *byte
		rounds   int
		dst, src *byte
		n        int
	}{sched, rounds, dst, src, n}
	abiCall(kEcbDecP8, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

// cbcEncP8: aes_power8_ppc64le.s, $0-48.
var kCbcEncP8 = &arch.ABIKernel{Name: "cbcEncP8", Frame: 0, Args: 48}

func abiCbcEncP8(sched *byte, rounds int, iv *[16]byte, dst, src *byte, n int) {
	a := struct {
		sched    *byte
		rounds   int
		iv       *[16]byte
		dst, src *byte
		n        int
	}{sched, rounds, iv, dst, src, n}
	abiCall(kCbcEncP8, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

// cbcDecP8: aes_power8_ppc64le.s, $0-48.
var kCbcDecP8 = &arch.ABIKernel{Name: "cbcDecP8", Frame: 0, Args: 48}

func abiCbcDecP8(sched *byte, rounds int, iv *[16]byte, dst, src *byte, n int) {
	a := struct {
		sched    *byte
		rounds   int
		iv       *[16]byte
		dst, src *byte
		n        int
	}{sched, rounds, iv, dst, src, n}
	abiCall(kCbcDecP8, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

// ctrP8: aes_power8_ppc64le.s, $0-48.
var kCtrP8 = &arch.ABIKernel{Name: "ctrP8", Frame: 0, Args: 48}

func abiCtrP8(sched *byte, rounds int, ctr *[16]byte, dst, src *byte, n int) {
	a := struct {
		sched    *byte
		rounds   int
		ctr      *[16]byte
		dst, src *byte
		n        int
	}{sched, rounds, ctr, dst, src, n}
	abiCall(kCtrP8, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

// ghashP8: gcm_power8_ppc64le.s, $0-32.
var kGhashP8 = &arch.ABIKernel{Name: "ghashP8", Frame: 0, Args: 32}

func abiGhashP8(tab *[3][gcmP8Width][2]uint64, y *[16]byte, p *byte, n int) {
	a := struct {
		tab *[3][gcmP8Width][2]uint64
		y   *[16]byte
		p   *byte
		n   int
	}{tab, y, p, n}
	abiCall(kGhashP8, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

// ctr32P8: gcm_power8_ppc64le.s, $0-48.
var kCtr32P8 = &arch.ABIKernel{Name: "ctr32P8", Frame: 0, Args: 48}

func abiCtr32P8(sched *byte, rounds int, ctr *[16]byte, dst, src *byte, n int) {
	a := struct {
		sched    *byte
		rounds   int
		ctr      *[16]byte
		dst, src *byte
		n        int
	}{sched, rounds, ctr, dst, src, n}
	abiCall(kCtr32P8, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

// gcmStitchP8: gcm_power8_ppc64le.s, $0-72.
var kGcmStitchP8 = &arch.ABIKernel{Name: "gcmStitchP8", Frame: 0, Args: 72}

func abiGcmStitchP8(sched *byte, rounds int, tab *[3][gcmP8Width][2]uint64, ctr, y *[16]byte, dst, src *byte, nb int, open int) {
	a := struct {
		sched    *byte
		rounds   int
		tab      *[3][gcmP8Width][2]uint64
		ctr, y   *[16]byte
		dst, src *byte
		nb       int
		open     int
	}{sched, rounds, tab, ctr, y, dst, src, nb, open}
	abiCall(kGcmStitchP8, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

// blockPower8: sha256_power8_ppc64le.s, $0-32.
var kBlockPower8 = &arch.ABIKernel{Name: "blockPower8", Frame: 0, Args: 32}

func abiBlockPower8(h *[8]uint32, p *byte, n int, k *[64]uint32) {
	a := struct {
		h *[8]uint32
		p *byte
		n int
		k *[64]uint32
	}{h, p, n, k}
	abiCall(kBlockPower8, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

// block512Power8: sha512_power8_ppc64le.s, $0-32.
var kBlock512Power8 = &arch.ABIKernel{Name: "block512Power8", Frame: 0, Args: 32}

func abiBlock512Power8(h *[8]uint64, p *byte, n int, k *[80]uint64) {
	a := struct {
		h *[8]uint64
		p *byte
		n int
		k *[80]uint64
	}{h, p, n, k}
	abiCall(kBlock512Power8, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

// montMulPower8: mont_power8_ppc64le.s, $0-48.
var kMontMulPower8 = &arch.ABIKernel{Name: "montMulPower8", Frame: 0, Args: 48}

func abiMontMulPower8(x, y, m *uint64, k0 uint64, n int, t *montScratch) {
	a := struct {
		x, y, m *uint64
		k0      uint64
		n       int
		t       *montScratch
	}{x, y, m, k0, n, t}
	abiCall(kMontMulPower8, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

// montFinalSub: mont_power8_ppc64le.s, $0-40.
var kMontFinalSub = &arch.ABIKernel{Name: "montFinalSub", Frame: 0, Args: 40}

func abiMontFinalSub(z, t, m *uint64, n int, tn uint64) {
	a := struct {
		z, t, m *uint64
		n       int
		tn      uint64
	}{z, t, m, n, tn}
	abiCall(kMontFinalSub, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

// montMulPower9: mont_power9_ppc64le.s, $0-48.
var kMontMulPower9 = &arch.ABIKernel{Name: "montMulPower9", Frame: 0, Args: 48}

func abiMontMulPower9(x, y, m *uint64, k0 uint64, n int, t *montScratch) {
	a := struct {
		x, y, m *uint64
		k0      uint64
		n       int
		t       *montScratch
	}{x, y, m, k0, n, t}
	abiCall(kMontMulPower9, unsafe.Pointer(&a), unsafe.Sizeof(a))
}
