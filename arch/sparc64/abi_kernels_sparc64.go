package sparc64

import (
	"unsafe"

	"github.com/xarchlab/xarch/arch"
)

// The kernel table of the ABI trampoline (ARCHITECTURE.md, "ABI
// conformance"): every kernel of this package by its C symbol, with the
// size of its save (0 for a leaf), its argument words and the application
// registers its file declares #scratch, in the order of
// xarch_abi_entry_table in abi_kernels_sparc64.s, and for each kernel x
// (its //extern Go name) a function abiX that calls it through the
// trampoline. Every call of a kernel is
//
//	if arch.ABICheck {
//		abiX(args)
//	} else {
//		x(args)
//	}
//
// with the same arguments. The xarch_abi_* self-test kernels have no direct
// form: called directly, the leaf clobbers would corrupt the gccgo caller.
// abi_sparc64_test.go checks all of it against the .s and .go files. A new
// kernel: its entry here and in the entry table, its abiX, and its calls.
// Arguments are 64-bit words (pointers, uint64), at most six.
var abiKernelTable = []*arch.ABIKernel{
	kAesEncryptV9,
	kAesDecryptV9,
	kAesT4Encrypt,
	kAesT4Decrypt,
	kGhashSparc64,
	kGhashVIS3,
	kSha256BlockSparc64,
	kSha512BlockSparc64,
	kMontMulSparc64,
	kMontMulVIS3,
	kConformingNop,
	kConformingFramed,
	kClobberL5,
	kClobberI3,
	kClobberFP,
	kClobberI7,
	kClobberSP,
	kClobberG2,
	kClobberG6,
	kWriteBelowSP,
	kWriteBelowFrame,
	kReadUnloadedO1,
	kReadUnsetD2,
	kDumpWindow,
	kReadStaleL3,
}

var kAesEncryptV9 = &arch.ABIKernel{Name: "xarch_aes_encrypt_sparc64", Frame: 176, Args: 48, Scratch: []string{"%g2", "%g3"}}

func abiAesEncryptV9(rk *byte, rounds uint64, dst, src *byte, nblocks uint64, tab *aesTable) {
	a := struct {
		rk       *byte
		rounds   uint64
		dst, src *byte
		nblocks  uint64
		tab      *aesTable
	}{rk, rounds, dst, src, nblocks, tab}
	abiCall(kAesEncryptV9, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

var kAesDecryptV9 = &arch.ABIKernel{Name: "xarch_aes_decrypt_sparc64", Frame: 176, Args: 48, Scratch: []string{"%g2", "%g3"}}

func abiAesDecryptV9(rk *byte, rounds uint64, dst, src *byte, nblocks uint64, tab *aesTable) {
	a := struct {
		rk       *byte
		rounds   uint64
		dst, src *byte
		nblocks  uint64
		tab      *aesTable
	}{rk, rounds, dst, src, nblocks, tab}
	abiCall(kAesDecryptV9, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

var kAesT4Encrypt = &arch.ABIKernel{Name: "xarch_aes_t4_encrypt", Frame: 0, Args: 40}

func abiAesT4Encrypt(enc *byte, rounds uint64, dst, src *byte, nblocks uint64) {
	a := struct {
		enc      *byte
		rounds   uint64
		dst, src *byte
		nblocks  uint64
	}{enc, rounds, dst, src, nblocks}
	abiCall(kAesT4Encrypt, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

var kAesT4Decrypt = &arch.ABIKernel{Name: "xarch_aes_t4_decrypt", Frame: 0, Args: 40}

func abiAesT4Decrypt(enc *byte, rounds uint64, dst, src *byte, nblocks uint64) {
	a := struct {
		enc      *byte
		rounds   uint64
		dst, src *byte
		nblocks  uint64
	}{enc, rounds, dst, src, nblocks}
	abiCall(kAesT4Decrypt, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

var kGhashSparc64 = &arch.ABIKernel{Name: "xarch_ghash_sparc64", Frame: 176, Args: 32}

func abiGhashSparc64(y *uint64, tab *uint64, p *byte, nblocks uint64) {
	a := struct {
		y       *uint64
		tab     *uint64
		p       *byte
		nblocks uint64
	}{y, tab, p, nblocks}
	abiCall(kGhashSparc64, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

var kGhashVIS3 = &arch.ABIKernel{Name: "xarch_ghash_vis3", Frame: 176, Args: 32}

func abiGhashVIS3(y *uint64, hk *uint64, p *byte, nblocks uint64) {
	a := struct {
		y       *uint64
		hk      *uint64
		p       *byte
		nblocks uint64
	}{y, hk, p, nblocks}
	abiCall(kGhashVIS3, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

var kSha256BlockSparc64 = &arch.ABIKernel{Name: "xarch_sha256_block_sparc64", Frame: 240, Args: 32}

func abiSha256BlockSparc64(h *uint32, p *byte, nblocks uint64, k *uint32) {
	a := struct {
		h       *uint32
		p       *byte
		nblocks uint64
		k       *uint32
	}{h, p, nblocks, k}
	abiCall(kSha256BlockSparc64, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

var kSha512BlockSparc64 = &arch.ABIKernel{Name: "xarch_sha512_block_sparc64", Frame: 304, Args: 32}

func abiSha512BlockSparc64(h *uint64, p *byte, nblocks uint64, k *uint64) {
	a := struct {
		h       *uint64
		p       *byte
		nblocks uint64
		k       *uint64
	}{h, p, nblocks, k}
	abiCall(kSha512BlockSparc64, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

var kConformingNop = &arch.ABIKernel{Name: "xarch_abi_conforming_nop", Frame: 0, Args: 8, SelfTest: true}

func abiConformingNop(x *uint64) {
	a := struct {
		x *uint64
	}{x}
	abiCall(kConformingNop, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

var kConformingFramed = &arch.ABIKernel{Name: "xarch_abi_conforming_framed", Frame: 1216, Args: 8, SelfTest: true}

func abiConformingFramed(x *uint64) {
	a := struct {
		x *uint64
	}{x}
	abiCall(kConformingFramed, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

var kClobberL5 = &arch.ABIKernel{Name: "xarch_abi_clobber_l5", Frame: 0, Args: 0, SelfTest: true}

func abiClobberL5() { abiCall(kClobberL5, nil, 0) }

var kClobberI3 = &arch.ABIKernel{Name: "xarch_abi_clobber_i3", Frame: 0, Args: 0, SelfTest: true}

func abiClobberI3() { abiCall(kClobberI3, nil, 0) }

var kClobberFP = &arch.ABIKernel{Name: "xarch_abi_clobber_fp", Frame: 0, Args: 0, SelfTest: true}

func abiClobberFP() { abiCall(kClobberFP, nil, 0) }

var kClobberI7 = &arch.ABIKernel{Name: "xarch_abi_clobber_i7", Frame: 0, Args: 0, SelfTest: true}

func abiClobberI7() { abiCall(kClobberI7, nil, 0) }

var kClobberSP = &arch.ABIKernel{Name: "xarch_abi_clobber_sp", Frame: 176, Args: 0, SelfTest: true}

func abiClobberSP() { abiCall(kClobberSP, nil, 0) }

var kClobberG2 = &arch.ABIKernel{Name: "xarch_abi_clobber_g2", Frame: 0, Args: 0, SelfTest: true}

func abiClobberG2() { abiCall(kClobberG2, nil, 0) }

var kClobberG6 = &arch.ABIKernel{Name: "xarch_abi_clobber_g6", Frame: 0, Args: 0, SelfTest: true}

func abiClobberG6() { abiCall(kClobberG6, nil, 0) }

var kWriteBelowSP = &arch.ABIKernel{Name: "xarch_abi_write_below_sp", Frame: 0, Args: 0, SelfTest: true}

func abiWriteBelowSP() { abiCall(kWriteBelowSP, nil, 0) }

var kWriteBelowFrame = &arch.ABIKernel{Name: "xarch_abi_write_below_frame", Frame: 192, Args: 0, SelfTest: true}

func abiWriteBelowFrame() { abiCall(kWriteBelowFrame, nil, 0) }

var kMontMulSparc64 = &arch.ABIKernel{Name: "xarch_mont_mul_sparc64", Frame: 1216, Args: 48}

func abiMontMulSparc64(z, x, y, m *uint64, k0 uint64, n uint64) {
	a := struct {
		z, x, y, m *uint64
		k0, n      uint64
	}{z, x, y, m, k0, n}
	abiCall(kMontMulSparc64, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

var kMontMulVIS3 = &arch.ABIKernel{Name: "xarch_mont_mul_vis3", Frame: 1200, Args: 48}

func abiMontMulVIS3Asm(z, x, y, m *uint64, k0 uint64, n uint64) {
	a := struct {
		z, x, y, m *uint64
		k0, n      uint64
	}{z, x, y, m, k0, n}
	abiCall(kMontMulVIS3, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

// The poison plants' kernels (planted_sparc64.go calls them directly with
// one more argument than they declare here).
var kReadUnloadedO1 = &arch.ABIKernel{Name: "xarch_abi_read_unloaded_o1", Frame: 0, Args: 8, SelfTest: true}

func abiReadUnloadedO1(h *[8]uint32) {
	a := struct {
		h *[8]uint32
	}{h}
	abiCall(kReadUnloadedO1, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

var kReadUnsetD2 = &arch.ABIKernel{Name: "xarch_abi_read_unset_d2", Frame: 192, Args: 8, SelfTest: true}

func abiReadUnsetD2(h *[8]uint32) {
	a := struct {
		h *[8]uint32
	}{h}
	abiCall(kReadUnsetD2, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

// What the kernel's own window holds after its save (TestABIPoison).
var kDumpWindow = &arch.ABIKernel{Name: "xarch_abi_dump_window", Frame: 176, Args: 8, SelfTest: true}

func abiDumpWindow(out *[15]uint64) {
	a := struct {
		out *[15]uint64
	}{out}
	abiCall(kDumpWindow, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

// The stale-local plant's kernel (planted_sparc64.go calls it directly
// through xarch_abi_cleared_read_stale_l3).
var kReadStaleL3 = &arch.ABIKernel{Name: "xarch_abi_read_stale_l3", Frame: 176, Args: 8, SelfTest: true}

func abiReadStaleL3(h *[8]uint32) {
	a := struct {
		h *[8]uint32
	}{h}
	abiCall(kReadStaleL3, unsafe.Pointer(&a), unsafe.Sizeof(a))
}
