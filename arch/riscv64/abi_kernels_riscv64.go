//go:build riscv64 && gc

package riscv64

import (
	"unsafe"

	"github.com/xarchlab/xarch/arch"
)

// The kernel table of the ABI trampoline (ARCHITECTURE.md, "ABI
// conformance"): every assembly kernel of this package with its declared
// frame and argument size (the TEXT line's $frame-args), in the order of
// abiEntries in abi_kernels_riscv64.s, and for each kernel x a function
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
// abi_riscv64_test.go checks all of it against the .s and .go files. A new
// kernel: its entry here and in abiEntries, its abiX, and its calls. Split
// is true for every framed kernel without NOSPLIT: riscv64's assembler,
// unlike arm64's and ppc64le's, gives even a small framed leaf a stack
// check. Such a kernel is not seeded in X3 and X4 (arch.ABIKernel.Split),
// so mark a framed leaf NOSPLIT when its frame is small. A kernel that
// CALLs gets an 8-byte frame for LR even at $0, which abiLow (nothing below
// a $0 kernel) does not expect: the canary would report it, so give such a
// kernel a nonzero frame.
var abiKernelTable = []*arch.ABIKernel{
	kConformingNop,
	kConformingFramed,
	kClobberX3,
	kClobberX4,
	kClobberX27,
	kClobberSP,
	kWriteBelowSP,
	kWriteBelowFrame,
}

// conformingNop: abi_selftest_riscv64.s, $0-8.
var kConformingNop = &arch.ABIKernel{Name: "conformingNop", Frame: 0, Args: 8, SelfTest: true}

func abiConformingNop(x *uint64) {
	a := struct {
		x *uint64
	}{x}
	abiCall(kConformingNop, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

// conformingFramed: abi_selftest_riscv64.s, $1024-8.
var kConformingFramed = &arch.ABIKernel{Name: "conformingFramed", Frame: 1024, Args: 8, Split: true, SelfTest: true}

func abiConformingFramed(x *uint64) {
	a := struct {
		x *uint64
	}{x}
	abiCall(kConformingFramed, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

// clobberX3: abi_selftest_riscv64.s, $0-0.
var kClobberX3 = &arch.ABIKernel{Name: "clobberX3", Frame: 0, Args: 0, SelfTest: true}

func abiClobberX3() {
	a := struct {
	}{}
	abiCall(kClobberX3, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

// clobberX4: abi_selftest_riscv64.s, $0-0.
var kClobberX4 = &arch.ABIKernel{Name: "clobberX4", Frame: 0, Args: 0, SelfTest: true}

func abiClobberX4() {
	a := struct {
	}{}
	abiCall(kClobberX4, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

// clobberX27: abi_selftest_riscv64.s, $0-0.
var kClobberX27 = &arch.ABIKernel{Name: "clobberX27", Frame: 0, Args: 0, SelfTest: true}

func abiClobberX27() {
	a := struct {
	}{}
	abiCall(kClobberX27, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

// clobberSP: abi_selftest_riscv64.s, $0-0.
var kClobberSP = &arch.ABIKernel{Name: "clobberSP", Frame: 0, Args: 0, SelfTest: true}

func abiClobberSP() {
	a := struct {
	}{}
	abiCall(kClobberSP, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

// writeBelowSP: abi_selftest_riscv64.s, $0-0.
var kWriteBelowSP = &arch.ABIKernel{Name: "writeBelowSP", Frame: 0, Args: 0, SelfTest: true}

func abiWriteBelowSP() {
	a := struct {
	}{}
	abiCall(kWriteBelowSP, unsafe.Pointer(&a), unsafe.Sizeof(a))
}

// writeBelowFrame: abi_selftest_riscv64.s, $64-0.
var kWriteBelowFrame = &arch.ABIKernel{Name: "writeBelowFrame", Frame: 64, Args: 0, SelfTest: true}

func abiWriteBelowFrame() {
	a := struct {
	}{}
	abiCall(kWriteBelowFrame, unsafe.Pointer(&a), unsafe.Sizeof(a))
}
