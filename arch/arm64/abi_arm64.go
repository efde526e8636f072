//go:build arm64 && gc

package arm64

import (
	"sync"
	"unsafe"

	"github.com/xarchlab/xarch/arch"
)

// The ABI trampoline of arm64 (abi_arm64.s; ARCHITECTURE.md, "ABI
// conformance"). Kernels are ABI0 functions called directly: the trampoline
// copies the argument frame to its outgoing area, seeds R18 (the platform
// register, which Go never uses) and R29 (the frame pointer) with random
// values, plants a canary below the kernel's declared frame, calls
// the ABI0 entry and records RSP, R18, R28 (g) and R29 and the canary. R28
// holds the running goroutine: a signal handler may read it at any moment,
// so it is checked for equality, not seeded (and put back if a kernel
// changed it, so the runtime survives to report it). A kernel with a frame
// gets R29 = RSP-8 instead of a random R29, the value Go's convention gives
// at every call: the assembler's epilogue of a framed leaf rebuilds R29
// from RSP (ADD $framesize-8, RSP, R29) rather than reloading it.

// Layout limits of the trampoline's frame (go_asm.h gives them to
// abi_arm64.s).
const (
	abiCanaryBytes = 128
	abiMaxLow      = 2048 // deepest kernel frame: declared + LR, FP and padding
	abiMaxArgs     = 128
)

// abiState is the trampoline's memory (see abi_amd64.go's): one per
// process, under abiMu.
type abiState struct {
	entry, nwords, low uint64
	canary             uint64
	seedR18, seedR29   uint64
	seeded             uint64 // 0: R18 is not seeded (a Split kernel)
	sp0, sp1           uint64
	hi0, hi1           uint64
	r18in, r18, r29    uint64 // R18 before seeding; R18 and R29 after the call
	g0, g1             uint64
	canaryAt           uint64
	canaryGot          uint64
	moved              uint64
	callerSP, callerFP uint64
	retPC              uint64
	escaped            uint64
}

var (
	abiMu   sync.Mutex
	abiSt   abiState
	abiRand = arch.NewABIRand()
)

//go:noescape
func abiTrampoline(args unsafe.Pointer)

func abiEscape()

func abiEntryTable() unsafe.Pointer

// abiLow is how far below its entry RSP a kernel with this declared frame
// writes: the assembler adds the saved LR, rounds to 16 and stores the
// caller's FP just below the new RSP. A $0 leaf has no frame.
func abiLow(frame int) uint64 {
	if frame == 0 {
		return 0
	}
	size := frame + 8
	if size%16 == 8 {
		size += 8
	} else {
		size += 16
	}
	return uint64(size) + 8
}

func init() {
	base := abiEntryTable()
	for i, k := range abiKernelTable {
		k.Entry = *(*uintptr)(unsafe.Add(base, 8*i))
	}
	arch.RegisterABIKernels("arm64", abiKernelTable)
}

// abiCall runs kernel k through the trampoline (see amd64's).
func abiCall(k *arch.ABIKernel, args unsafe.Pointer, size uintptr) {
	if int(size) != k.Args || size > abiMaxArgs || abiLow(k.Frame) > abiMaxLow {
		panic("arm64: ABI call of " + k.Name + " with a frame the table or the trampoline does not fit")
	}
	abiMu.Lock()
	// Released on a fault in the kernel too (SetPanicOnFault): the runner
	// recovers and goes on.
	defer abiMu.Unlock()
	st := &abiSt
	// The trampoline writes every recorded field but these two.
	st.canaryAt, st.escaped = 0, 0
	r := abiRand.Next()
	st.entry, st.nwords, st.low = uint64(k.Entry), uint64(size+7)/8, abiLow(k.Frame)
	st.canary, st.seedR18, st.seedR29, st.seeded = r, arch.ABIMix(r, 1), arch.ABIMix(r, 2), 1
	if k.Frame > 0 {
		st.seedR29 = 0 // RSP-8 at the call (abi_arm64.s)
	}
	if k.Split {
		st.seeded = 0 // see arch.ABIKernel.Split
	}
	abiTrampoline(args)
	k.Calls++
	var p []string
	if st.escaped != 0 {
		p = append(p, arch.ABINotRestored("RSP", st.sp0+(st.hi1-st.hi0), st.sp1))
	}
	want29 := st.seedR29
	if k.Frame > 0 {
		want29 += st.moved // RSP-8 at the call, wherever the stack went
	}
	if st.r29 != want29 {
		p = append(p, arch.ABINotRestored("R29", want29, st.r29))
	}
	if st.g1 != st.g0 {
		p = append(p, arch.ABINotRestored("R28", st.g0, st.g1))
	}
	if st.seeded != 0 && st.r18 != st.seedR18 {
		p = append(p, arch.ABINotRestored("R18", st.seedR18, st.r18))
	}
	if st.canaryAt != 0 {
		p = append(p, arch.ABICanary(int(st.canaryAt), k.Frame, st.canary, st.canaryGot))
	}
	if len(p) > 0 {
		panic(&arch.ABIViolation{Kernel: k.Name, Problems: p})
	}
}
