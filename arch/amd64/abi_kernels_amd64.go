//go:build amd64 && gc

package amd64

import (
	"unsafe"

	"github.com/xarchlab/xarch/arch"
)

// The kernel table of the ABI trampoline (ARCHITECTURE.md, "ABI
// conformance"): every assembly kernel of this package with its declared
// frame and argument size (the TEXT line's $frame-args), in the order of
// abiEntries in abi_kernels_amd64.s, and for each kernel x a function
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
// abi_amd64_test.go checks all of it against the .s and .go files. A new
// kernel: its entry here and in abiEntries, its abiX, and its calls.
var abiKernelTable = []*arch.ABIKernel{
	kConformingNop,
	kConformingFramed,
	kClobberBP,
	kClobberSP,
	kClobberDF,
	kClobberMXCSR,
	kWriteBelowSP,
	kWriteBelowFrame,
	kEcbEncNI,
	kEcbDecNI,
	kCbcEncNI,
	kCbcDecNI,
	kCtrNI,
	kEcbEncVAES,
	kEcbDecVAES,
	kCbcDecVAES,
	kCtrVAES,
	kGcmInitNI,
	kGcmGhashNI,
	kGcmSealNI,
	kGcmOpenNI,
	kGcmSealV256,
	kGcmOpenV256,
	kGcmGhash1V256,
	kBlockAVX2,
	kBlockSHANI,
	kSha512BlockAVX2,
	kSha512BlockAVX2Lanes,
	kEcbEncV256,
	kEcbDecV256,
	kCbcDecV256,
	kCtrV256,
	kGcmSealV512,
	kGcmOpenV512,
	kMontMulADX,
	kMontSqrADX,
	kMontMul16ADX,
	kMontMul24ADX,
	kMontMul32ADX,
	kMontSqr16ADX,
	kMontSqr24ADX,
	kMontSqr32ADX,
	kMontIFMA52,
}

// conformingNop: abi_selftest_amd64.s, $0-8.
var kConformingNop = &arch.ABIKernel{Name: "conformingNop", Frame: 0, Args: 8, SelfTest: true}

func abiConformingNop(x *uint64) {
	a := struct {
		x *uint64
	}{x}
	abiCall(kConformingNop, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

// conformingFramed: abi_selftest_amd64.s, $1024-8.
var kConformingFramed = &arch.ABIKernel{Name: "conformingFramed", Frame: 1024, Args: 8, Split: true, SelfTest: true}

func abiConformingFramed(x *uint64) {
	a := struct {
		x *uint64
	}{x}
	abiCall(kConformingFramed, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

// clobberBP: abi_selftest_amd64.s, $0-0.
var kClobberBP = &arch.ABIKernel{Name: "clobberBP", Frame: 0, Args: 0, SelfTest: true}

func abiClobberBP() {
	a := struct {
	}{}
	abiCall(kClobberBP, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

// clobberSP: abi_selftest_amd64.s, $0-0.
var kClobberSP = &arch.ABIKernel{Name: "clobberSP", Frame: 0, Args: 0, SelfTest: true}

func abiClobberSP() {
	a := struct {
	}{}
	abiCall(kClobberSP, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

// clobberDF: abi_selftest_amd64.s, $0-0.
var kClobberDF = &arch.ABIKernel{Name: "clobberDF", Frame: 0, Args: 0, SelfTest: true}

func abiClobberDF() {
	a := struct {
	}{}
	abiCall(kClobberDF, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

// clobberMXCSR: abi_selftest_amd64.s, $0-8.
var kClobberMXCSR = &arch.ABIKernel{Name: "clobberMXCSR", Frame: 0, Args: 8, SelfTest: true}

func abiClobberMXCSR(tmp *uint32) {
	a := struct {
		tmp *uint32
	}{tmp}
	abiCall(kClobberMXCSR, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

// writeBelowSP: abi_selftest_amd64.s, $0-0.
var kWriteBelowSP = &arch.ABIKernel{Name: "writeBelowSP", Frame: 0, Args: 0, SelfTest: true}

func abiWriteBelowSP() {
	a := struct {
	}{}
	abiCall(kWriteBelowSP, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

// writeBelowFrame: abi_selftest_amd64.s, $64-0.
var kWriteBelowFrame = &arch.ABIKernel{Name: "writeBelowFrame", Frame: 64, Args: 0, SelfTest: true}

func abiWriteBelowFrame() {
	a := struct {
	}{}
	abiCall(kWriteBelowFrame, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

// ecbEncNI: aes_aesni_amd64.s, $0-40.
var kEcbEncNI = &arch.ABIKernel{Name: "ecbEncNI", Frame: 0, Args: 40}

func abiEcbEncNI(rk *byte, nr int, dst, src *byte, n int) {
	a := struct {
		rk       *byte
		nr       int
		dst, src *byte
		n        int
	}{rk, nr, dst, src, n}
	abiCall(kEcbEncNI, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

// ecbDecNI: aes_aesni_amd64.s, $0-40.
var kEcbDecNI = &arch.ABIKernel{Name: "ecbDecNI", Frame: 0, Args: 40}

func abiEcbDecNI(rk *byte, nr int, dst, src *byte, n int) {
	a := struct {
		rk       *byte
		nr       int
		dst, src *byte
		n        int
	}{rk, nr, dst, src, n}
	abiCall(kEcbDecNI, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

// cbcEncNI: aes_aesni_amd64.s, $0-48.
var kCbcEncNI = &arch.ABIKernel{Name: "cbcEncNI", Frame: 0, Args: 48}

func abiCbcEncNI(rk *byte, nr int, iv *[16]byte, dst, src *byte, n int) {
	a := struct {
		rk       *byte
		nr       int
		iv       *[16]byte
		dst, src *byte
		n        int
	}{rk, nr, iv, dst, src, n}
	abiCall(kCbcEncNI, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

// cbcDecNI: aes_aesni_amd64.s, $0-48.
var kCbcDecNI = &arch.ABIKernel{Name: "cbcDecNI", Frame: 0, Args: 48}

func abiCbcDecNI(rk *byte, nr int, iv *[16]byte, dst, src *byte, n int) {
	a := struct {
		rk       *byte
		nr       int
		iv       *[16]byte
		dst, src *byte
		n        int
	}{rk, nr, iv, dst, src, n}
	abiCall(kCbcDecNI, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

// ctrNI: aes_aesni_amd64.s, $0-56.
var kCtrNI = &arch.ABIKernel{Name: "ctrNI", Frame: 0, Args: 56}

func abiCtrNI(rk *byte, nr int, hi, lo uint64, dst, src *byte, n int) {
	a := struct {
		rk       *byte
		nr       int
		hi, lo   uint64
		dst, src *byte
		n        int
	}{rk, nr, hi, lo, dst, src, n}
	abiCall(kCtrNI, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

// ecbEncVAES: aes_vaes512_amd64.s, $0-40.
var kEcbEncVAES = &arch.ABIKernel{Name: "ecbEncVAES", Frame: 0, Args: 40}

func abiEcbEncVAES(rk *byte, nr int, dst, src *byte, n int) {
	a := struct {
		rk       *byte
		nr       int
		dst, src *byte
		n        int
	}{rk, nr, dst, src, n}
	abiCall(kEcbEncVAES, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

// ecbDecVAES: aes_vaes512_amd64.s, $0-40.
var kEcbDecVAES = &arch.ABIKernel{Name: "ecbDecVAES", Frame: 0, Args: 40}

func abiEcbDecVAES(rk *byte, nr int, dst, src *byte, n int) {
	a := struct {
		rk       *byte
		nr       int
		dst, src *byte
		n        int
	}{rk, nr, dst, src, n}
	abiCall(kEcbDecVAES, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

// cbcDecVAES: aes_vaes512_amd64.s, $0-48.
var kCbcDecVAES = &arch.ABIKernel{Name: "cbcDecVAES", Frame: 0, Args: 48}

func abiCbcDecVAES(rk *byte, nr int, iv *[16]byte, dst, src *byte, n int) {
	a := struct {
		rk       *byte
		nr       int
		iv       *[16]byte
		dst, src *byte
		n        int
	}{rk, nr, iv, dst, src, n}
	abiCall(kCbcDecVAES, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

// ctrVAES: aes_vaes512_amd64.s, $0-48.
var kCtrVAES = &arch.ABIKernel{Name: "ctrVAES", Frame: 0, Args: 48}

func abiCtrVAES(rk *byte, nr int, base *[8]uint64, dst, src *byte, n int) {
	a := struct {
		rk       *byte
		nr       int
		base     *[8]uint64
		dst, src *byte
		n        int
	}{rk, nr, base, dst, src, n}
	abiCall(kCtrVAES, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

// gcmInitNI: gcm_aesni_amd64.s, $0-16.
var kGcmInitNI = &arch.ABIKernel{Name: "gcmInitNI", Frame: 0, Args: 16}

func abiGcmInitNI(tab *byte, n int) {
	a := struct {
		tab *byte
		n   int
	}{tab, n}
	abiCall(kGcmInitNI, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

// gcmGhashNI: gcm_aesni_amd64.s, $0-32.
var kGcmGhashNI = &arch.ABIKernel{Name: "gcmGhashNI", Frame: 0, Args: 32}

func abiGcmGhashNI(tab *byte, y *[16]byte, p *byte, n int) {
	a := struct {
		tab *byte
		y   *[16]byte
		p   *byte
		n   int
	}{tab, y, p, n}
	abiCall(kGcmGhashNI, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

// gcmSealNI: gcm_aesni_amd64.s, $304-64.
var kGcmSealNI = &arch.ABIKernel{Name: "gcmSealNI", Frame: 304, Args: 64}

func abiGcmSealNI(rk *byte, nr int, tab *byte, ctr, y *[16]byte, dst, src *byte, n int) {
	a := struct {
		rk       *byte
		nr       int
		tab      *byte
		ctr, y   *[16]byte
		dst, src *byte
		n        int
	}{rk, nr, tab, ctr, y, dst, src, n}
	abiCall(kGcmSealNI, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

// gcmOpenNI: gcm_aesni_amd64.s, $304-64.
var kGcmOpenNI = &arch.ABIKernel{Name: "gcmOpenNI", Frame: 304, Args: 64}

func abiGcmOpenNI(rk *byte, nr int, tab *byte, ctr, y *[16]byte, dst, src *byte, n int) {
	a := struct {
		rk       *byte
		nr       int
		tab      *byte
		ctr, y   *[16]byte
		dst, src *byte
		n        int
	}{rk, nr, tab, ctr, y, dst, src, n}
	abiCall(kGcmOpenNI, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

// gcmSealV256: gcm_vaes256_amd64.s, $1056-72.
var kGcmSealV256 = &arch.ABIKernel{Name: "gcmSealV256", Frame: 1056, Args: 72, Split: true}

func abiGcmSealV256(rk *byte, nr int, tab *byte, ctr, y *[16]byte, dst, src *byte, n, wide int) {
	a := struct {
		rk       *byte
		nr       int
		tab      *byte
		ctr, y   *[16]byte
		dst, src *byte
		n, wide  int
	}{rk, nr, tab, ctr, y, dst, src, n, wide}
	abiCall(kGcmSealV256, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

// gcmOpenV256: gcm_vaes256_amd64.s, $1056-72.
var kGcmOpenV256 = &arch.ABIKernel{Name: "gcmOpenV256", Frame: 1056, Args: 72, Split: true}

func abiGcmOpenV256(rk *byte, nr int, tab *byte, ctr, y *[16]byte, dst, src *byte, n, wide int) {
	a := struct {
		rk       *byte
		nr       int
		tab      *byte
		ctr, y   *[16]byte
		dst, src *byte
		n, wide  int
	}{rk, nr, tab, ctr, y, dst, src, n, wide}
	abiCall(kGcmOpenV256, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

// gcmGhash1V256: gcm_vaes256_amd64.s, $0-24.
var kGcmGhash1V256 = &arch.ABIKernel{Name: "gcmGhash1V256", Frame: 0, Args: 24}

func abiGcmGhash1V256(tab *byte, y *[16]byte, p *byte) {
	a := struct {
		tab *byte
		y   *[16]byte
		p   *byte
	}{tab, y, p}
	abiCall(kGcmGhash1V256, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

// blockAVX2: sha256_avx2_amd64.s, $512-40.
var kBlockAVX2 = &arch.ABIKernel{Name: "blockAVX2", Frame: 512, Args: 40, Split: true}

func abiBlockAVX2(h *[8]uint32, p []byte, k *[64]uint32) {
	a := struct {
		h *[8]uint32
		p []byte
		k *[64]uint32
	}{h, p, k}
	abiCall(kBlockAVX2, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

// blockSHANI: sha256_shani_amd64.s, $0-40.
var kBlockSHANI = &arch.ABIKernel{Name: "blockSHANI", Frame: 0, Args: 40}

func abiBlockSHANI(h *[8]uint32, p []byte, k *[64]uint32) {
	a := struct {
		h *[8]uint32
		p []byte
		k *[64]uint32
	}{h, p, k}
	abiCall(kBlockSHANI, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

// sha512BlockAVX2: sha512_avx2_amd64.s, $648-40.
var kSha512BlockAVX2 = &arch.ABIKernel{Name: "sha512BlockAVX2", Frame: 648, Args: 40, Split: true}

func abiSha512BlockAVX2(h *[8]uint64, p []byte, k *[80]uint64) {
	a := struct {
		h *[8]uint64
		p []byte
		k *[80]uint64
	}{h, p, k}
	abiCall(kSha512BlockAVX2, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

// sha512BlockAVX2Lanes: sha512_avx2lanes_amd64.s, $1312-48.
var kSha512BlockAVX2Lanes = &arch.ABIKernel{Name: "sha512BlockAVX2Lanes", Frame: 1312, Args: 48, Split: true}

func abiSha512BlockAVX2Lanes(h *[8]uint64, p []byte, k *[80]uint64, kl *[64]uint64) {
	a := struct {
		h  *[8]uint64
		p  []byte
		k  *[80]uint64
		kl *[64]uint64
	}{h, p, k, kl}
	abiCall(kSha512BlockAVX2Lanes, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

// ecbEncV256: aes_vaes256_amd64.s, $0-40.
var kEcbEncV256 = &arch.ABIKernel{Name: "ecbEncV256", Frame: 0, Args: 40}

func abiEcbEncV256(rk *byte, nr int, dst, src *byte, n int) {
	a := struct {
		rk       *byte
		nr       int
		dst, src *byte
		n        int
	}{rk, nr, dst, src, n}
	abiCall(kEcbEncV256, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

// ecbDecV256: aes_vaes256_amd64.s, $0-40.
var kEcbDecV256 = &arch.ABIKernel{Name: "ecbDecV256", Frame: 0, Args: 40}

func abiEcbDecV256(rk *byte, nr int, dst, src *byte, n int) {
	a := struct {
		rk       *byte
		nr       int
		dst, src *byte
		n        int
	}{rk, nr, dst, src, n}
	abiCall(kEcbDecV256, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

// cbcDecV256: aes_vaes256_amd64.s, $0-48.
var kCbcDecV256 = &arch.ABIKernel{Name: "cbcDecV256", Frame: 0, Args: 48}

func abiCbcDecV256(rk *byte, nr int, iv *[16]byte, dst, src *byte, n int) {
	a := struct {
		rk       *byte
		nr       int
		iv       *[16]byte
		dst, src *byte
		n        int
	}{rk, nr, iv, dst, src, n}
	abiCall(kCbcDecV256, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

// ctrV256: aes_vaes256_amd64.s, $288-56.
var kCtrV256 = &arch.ABIKernel{Name: "ctrV256", Frame: 288, Args: 56, Split: true}

func abiCtrV256(rk *byte, nr int, hi, lo uint64, dst, src *byte, n int) {
	a := struct {
		rk       *byte
		nr       int
		hi, lo   uint64
		dst, src *byte
		n        int
	}{rk, nr, hi, lo, dst, src, n}
	abiCall(kCtrV256, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

// gcmSealV512: gcm_vaes512_amd64.s, $0-64.
var kGcmSealV512 = &arch.ABIKernel{Name: "gcmSealV512", Frame: 0, Args: 64}

func abiGcmSealV512(rk *byte, nr int, tab *byte, ctr, y *[16]byte, dst, src *byte, n int) {
	a := struct {
		rk       *byte
		nr       int
		tab      *byte
		ctr, y   *[16]byte
		dst, src *byte
		n        int
	}{rk, nr, tab, ctr, y, dst, src, n}
	abiCall(kGcmSealV512, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

// gcmOpenV512: gcm_vaes512_amd64.s, $0-64.
var kGcmOpenV512 = &arch.ABIKernel{Name: "gcmOpenV512", Frame: 0, Args: 64}

func abiGcmOpenV512(rk *byte, nr int, tab *byte, ctr, y *[16]byte, dst, src *byte, n int) {
	a := struct {
		rk       *byte
		nr       int
		tab      *byte
		ctr, y   *[16]byte
		dst, src *byte
		n        int
	}{rk, nr, tab, ctr, y, dst, src, n}
	abiCall(kGcmOpenV512, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

// montMulADX: mont_adx_amd64.s, $1088-48.
var kMontMulADX = &arch.ABIKernel{Name: "montMulADX", Frame: 1088, Args: 48, Split: true}

func abiMontMulADX(z, x, y, m *uint64, n int, k0 uint64) {
	a := struct {
		z, x, y, m *uint64
		n          int
		k0         uint64
	}{z, x, y, m, n, k0}
	abiCall(kMontMulADX, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

// montSqrADX: mont_adx_amd64.s, $2096-40.
var kMontSqrADX = &arch.ABIKernel{Name: "montSqrADX", Frame: 2096, Args: 40, Split: true}

func abiMontSqrADX(z, x, m *uint64, n int, k0 uint64) {
	a := struct {
		z, x, m *uint64
		n       int
		k0      uint64
	}{z, x, m, n, k0}
	abiCall(kMontSqrADX, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

// montMul16ADX: mont_adx_amd64.s, $272-40.
var kMontMul16ADX = &arch.ABIKernel{Name: "montMul16ADX", Frame: 272, Args: 40, Split: true}

func abiMontMul16ADX(z, x, y, m *uint64, k0 uint64) {
	a := struct {
		z, x, y, m *uint64
		k0         uint64
	}{z, x, y, m, k0}
	abiCall(kMontMul16ADX, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

// montMul24ADX: mont_adx_amd64.s, $272-40.
var kMontMul24ADX = &arch.ABIKernel{Name: "montMul24ADX", Frame: 272, Args: 40, Split: true}

func abiMontMul24ADX(z, x, y, m *uint64, k0 uint64) {
	a := struct {
		z, x, y, m *uint64
		k0         uint64
	}{z, x, y, m, k0}
	abiCall(kMontMul24ADX, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

// montMul32ADX: mont_adx_amd64.s, $272-40.
var kMontMul32ADX = &arch.ABIKernel{Name: "montMul32ADX", Frame: 272, Args: 40, Split: true}

func abiMontMul32ADX(z, x, y, m *uint64, k0 uint64) {
	a := struct {
		z, x, y, m *uint64
		k0         uint64
	}{z, x, y, m, k0}
	abiCall(kMontMul32ADX, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

// montSqr16ADX: mont_adx_amd64.s, $2096-32.
var kMontSqr16ADX = &arch.ABIKernel{Name: "montSqr16ADX", Frame: 2096, Args: 32, Split: true}

func abiMontSqr16ADX(z, x, m *uint64, k0 uint64) {
	a := struct {
		z, x, m *uint64
		k0      uint64
	}{z, x, m, k0}
	abiCall(kMontSqr16ADX, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

// montSqr24ADX: mont_adx_amd64.s, $2096-32.
var kMontSqr24ADX = &arch.ABIKernel{Name: "montSqr24ADX", Frame: 2096, Args: 32, Split: true}

func abiMontSqr24ADX(z, x, m *uint64, k0 uint64) {
	a := struct {
		z, x, m *uint64
		k0      uint64
	}{z, x, m, k0}
	abiCall(kMontSqr24ADX, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

// montSqr32ADX: mont_adx_amd64.s, $2096-32.
var kMontSqr32ADX = &arch.ABIKernel{Name: "montSqr32ADX", Frame: 2096, Args: 32, Split: true}

func abiMontSqr32ADX(z, x, m *uint64, k0 uint64) {
	a := struct {
		z, x, m *uint64
		k0      uint64
	}{z, x, m, k0}
	abiCall(kMontSqr32ADX, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

// montIFMA52: mont_ifma_amd64.s, $0-56.
var kMontIFMA52 = &arch.ABIKernel{Name: "montIFMA52", Frame: 0, Args: 56}

func abiMontIFMA52(a, x, m, y *uint64, v, l int, k0 uint64) {
	fr := struct {
		a, x, m, y *uint64
		v, l       int
		k0         uint64
	}{a, x, m, y, v, l, k0}
	abiCall(kMontIFMA52, unsafe.Pointer(&fr), unsafe.Sizeof(fr))
}
