//go:build arm64 && gc

package arm64

import (
	"unsafe"

	"github.com/xarchlab/xarch/arch"
)

// The kernel table of the ABI trampoline (ARCHITECTURE.md, "ABI
// conformance"): every assembly kernel of this package with its declared
// frame and argument size (the TEXT line's $frame-args), in the order of
// abiEntries in abi_kernels_arm64.s, and for each kernel x a function
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
// abi_arm64_test.go checks all of it against the .s and .go files. A new
// kernel: its entry here and in abiEntries, its abiX, and its calls.
var abiKernelTable = []*arch.ABIKernel{
	kConformingNop,
	kConformingFramed,
	kClobberR18,
	kClobberR29,
	kClobberR28,
	kClobberSP,
	kWriteBelowSP,
	kWriteBelowFrame,
	kEcbEncARMv8,
	kEcbDecARMv8,
	kCbcEncARMv8,
	kCbcDecARMv8,
	kCtrARMv8,
	kGcmSealARMv8,
	kGcmOpenARMv8,
	kGcmGhashARMv8,
	kGcmInitARMv8,
	kMontMulARMv8,
	kBlockSHA2,
	kBlockSHA512,
}

// conformingNop: abi_selftest_arm64.s, $0-8.
var kConformingNop = &arch.ABIKernel{Name: "conformingNop", Frame: 0, Args: 8, SelfTest: true}

func abiConformingNop(x *uint64) {
	a := struct {
		x *uint64
	}{x}
	abiCall(kConformingNop, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

// conformingFramed: abi_selftest_arm64.s, $1024-8.
var kConformingFramed = &arch.ABIKernel{Name: "conformingFramed", Frame: 1024, Args: 8, Split: true, SelfTest: true}

func abiConformingFramed(x *uint64) {
	a := struct {
		x *uint64
	}{x}
	abiCall(kConformingFramed, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

// clobberR18: abi_selftest_arm64.s, $0-0.
var kClobberR18 = &arch.ABIKernel{Name: "clobberR18", Frame: 0, Args: 0, SelfTest: true}

func abiClobberR18() {
	a := struct {
	}{}
	abiCall(kClobberR18, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

// clobberR29: abi_selftest_arm64.s, $0-0.
var kClobberR29 = &arch.ABIKernel{Name: "clobberR29", Frame: 0, Args: 0, SelfTest: true}

func abiClobberR29() {
	a := struct {
	}{}
	abiCall(kClobberR29, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

// clobberR28: abi_selftest_arm64.s, $0-0.
var kClobberR28 = &arch.ABIKernel{Name: "clobberR28", Frame: 0, Args: 0, SelfTest: true}

func abiClobberR28() {
	a := struct {
	}{}
	abiCall(kClobberR28, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

// clobberSP: abi_selftest_arm64.s, $0-0.
var kClobberSP = &arch.ABIKernel{Name: "clobberSP", Frame: 0, Args: 0, SelfTest: true}

func abiClobberSP() {
	a := struct {
	}{}
	abiCall(kClobberSP, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

// writeBelowSP: abi_selftest_arm64.s, $0-0.
var kWriteBelowSP = &arch.ABIKernel{Name: "writeBelowSP", Frame: 0, Args: 0, SelfTest: true}

func abiWriteBelowSP() {
	a := struct {
	}{}
	abiCall(kWriteBelowSP, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

// writeBelowFrame: abi_selftest_arm64.s, $64-0.
var kWriteBelowFrame = &arch.ABIKernel{Name: "writeBelowFrame", Frame: 64, Args: 0, SelfTest: true}

func abiWriteBelowFrame() {
	a := struct {
	}{}
	abiCall(kWriteBelowFrame, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

// ecbEncARMv8: aes_armv8_arm64.s, $0-40.
var kEcbEncARMv8 = &arch.ABIKernel{Name: "ecbEncARMv8", Frame: 0, Args: 40}

func abiEcbEncARMv8(nr int, xk *byte, dst, src *byte, n int) {
	a := struct {
		nr       int
		xk       *byte
		dst, src *byte
		n        int
	}{nr, xk, dst, src, n}
	abiCall(kEcbEncARMv8, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

// ecbDecARMv8: aes_armv8_arm64.s, $0-40.
var kEcbDecARMv8 = &arch.ABIKernel{Name: "ecbDecARMv8", Frame: 0, Args: 40}

func abiEcbDecARMv8(nr int, xk *byte, dst, src *byte, n int) {
	a := struct {
		nr       int
		xk       *byte
		dst, src *byte
		n        int
	}{nr, xk, dst, src, n}
	abiCall(kEcbDecARMv8, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

// cbcEncARMv8: aes_armv8_arm64.s, $0-48.
var kCbcEncARMv8 = &arch.ABIKernel{Name: "cbcEncARMv8", Frame: 0, Args: 48}

func abiCbcEncARMv8(nr int, xk *byte, iv *[16]byte, dst, src *byte, n int) {
	a := struct {
		nr       int
		xk       *byte
		iv       *[16]byte
		dst, src *byte
		n        int
	}{nr, xk, iv, dst, src, n}
	abiCall(kCbcEncARMv8, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

// cbcDecARMv8: aes_armv8_arm64.s, $0-48.
var kCbcDecARMv8 = &arch.ABIKernel{Name: "cbcDecARMv8", Frame: 0, Args: 48}

func abiCbcDecARMv8(nr int, xk *byte, iv *[16]byte, dst, src *byte, n int) {
	a := struct {
		nr       int
		xk       *byte
		iv       *[16]byte
		dst, src *byte
		n        int
	}{nr, xk, iv, dst, src, n}
	abiCall(kCbcDecARMv8, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

// ctrARMv8: aes_armv8_arm64.s, $0-48.
var kCtrARMv8 = &arch.ABIKernel{Name: "ctrARMv8", Frame: 0, Args: 48}

func abiCtrARMv8(nr int, xk *byte, ctr *[16]byte, dst, src *byte, n int) {
	a := struct {
		nr       int
		xk       *byte
		ctr      *[16]byte
		dst, src *byte
		n        int
	}{nr, xk, ctr, dst, src, n}
	abiCall(kCtrARMv8, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

// gcmSealARMv8: gcm_armv8_arm64.s, $0-72.
var kGcmSealARMv8 = &arch.ABIKernel{Name: "gcmSealARMv8", Frame: 0, Args: 72}

func abiGcmSealARMv8(nr int, xk *byte, hk *gcmKeyARMv8, ctr, y *[16]byte, dst, src *byte, n, wideMin int) {
	a := struct {
		nr         int
		xk         *byte
		hk         *gcmKeyARMv8
		ctr, y     *[16]byte
		dst, src   *byte
		n, wideMin int
	}{nr, xk, hk, ctr, y, dst, src, n, wideMin}
	abiCall(kGcmSealARMv8, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

// gcmOpenARMv8: gcm_armv8_arm64.s, $0-72.
var kGcmOpenARMv8 = &arch.ABIKernel{Name: "gcmOpenARMv8", Frame: 0, Args: 72}

func abiGcmOpenARMv8(nr int, xk *byte, hk *gcmKeyARMv8, ctr, y *[16]byte, dst, src *byte, n, wideMin int) {
	a := struct {
		nr         int
		xk         *byte
		hk         *gcmKeyARMv8
		ctr, y     *[16]byte
		dst, src   *byte
		n, wideMin int
	}{nr, xk, hk, ctr, y, dst, src, n, wideMin}
	abiCall(kGcmOpenARMv8, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

// gcmGhashARMv8: gcm_armv8_arm64.s, $0-32.
var kGcmGhashARMv8 = &arch.ABIKernel{Name: "gcmGhashARMv8", Frame: 0, Args: 32}

func abiGcmGhashARMv8(hk *gcmKeyARMv8, y *[16]byte, p *byte, n int) {
	a := struct {
		hk *gcmKeyARMv8
		y  *[16]byte
		p  *byte
		n  int
	}{hk, y, p, n}
	abiCall(kGcmGhashARMv8, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

// gcmInitARMv8: gcm_armv8_arm64.s, $0-16.
var kGcmInitARMv8 = &arch.ABIKernel{Name: "gcmInitARMv8", Frame: 0, Args: 16}

func abiGcmInitARMv8(h *[16]byte, hk *gcmKeyARMv8) {
	a := struct {
		h  *[16]byte
		hk *gcmKeyARMv8
	}{h, hk}
	abiCall(kGcmInitARMv8, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

// montMulARMv8: mont_armv8_arm64.s, $0-72.
var kMontMulARMv8 = &arch.ABIKernel{Name: "montMulARMv8", Frame: 0, Args: 72}

func abiMontMulARMv8(z, x, y, m *uint64, k0 uint64, n, groups, rem int, t *montScratch) {
	a := struct {
		z, x, y, m     *uint64
		k0             uint64
		n, groups, rem int
		t              *montScratch
	}{z, x, y, m, k0, n, groups, rem, t}
	abiCall(kMontMulARMv8, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

// blockSHA2: sha256_armv8_arm64.s, $0-40.
var kBlockSHA2 = &arch.ABIKernel{Name: "blockSHA2", Frame: 0, Args: 40}

func abiBlockSHA2(h *[8]uint32, p []byte, k *[64]uint32) {
	a := struct {
		h *[8]uint32
		p []byte
		k *[64]uint32
	}{h, p, k}
	abiCall(kBlockSHA2, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

// blockSHA512: sha512_sha512_arm64.s, $0-40.
var kBlockSHA512 = &arch.ABIKernel{Name: "blockSHA512", Frame: 0, Args: 40}

func abiBlockSHA512(h *[8]uint64, p []byte, k *[80]uint64) {
	a := struct {
		h *[8]uint64
		p []byte
		k *[80]uint64
	}{h, p, k}
	abiCall(kBlockSHA512, unsafe.Pointer(&a), unsafe.Sizeof(a))
}
