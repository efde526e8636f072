//go:build ppc64le && gc

package ppc64le

import (
	"sync"
	"unsafe"

	"github.com/xarchlab/xarch/arch"
)

// The ABI trampoline of ppc64le (abi_ppc64le.s; ARCHITECTURE.md, "ABI
// conformance"). Kernels are ABI0 functions called directly: the trampoline
// copies the argument frame to its outgoing area, seeds R2 (the TOC
// pointer: Go code built without -shared never touches it, but C and
// shared Go code rely on it) and R13 (the thread pointer the ELF ABI
// reserves) with random values, plants a canary below the kernel's
// declared frame, calls the ABI0 entry and records R1, R2, R13, R30 (g) and
// R0. R30 holds the running goroutine and R0 must read zero at every call
// and return (Go's ppc64 ABI): both are checked against those values, not
// seeded (a signal handler may read g at any moment), and put back so the
// runtime survives to report them.

// Layout limits of the trampoline's frame (go_asm.h gives them to
// abi_ppc64le.s).
const (
	abiCanaryBytes = 128
	abiMaxLow      = 2048 // deepest kernel frame: declared + the 32-byte fixed frame
	abiMaxArgs     = 128
)

// abiState is the trampoline's memory (see abi_amd64.go's): one per
// process, under abiMu.
type abiState struct {
	entry, nwords, low uint64
	canary             uint64
	seedR2, seedR13    uint64
	seeded             uint64 // 0: R2 and R13 not seeded (a Split kernel)
	sp0, sp1           uint64
	hi0, hi1           uint64
	r2in, r13in        uint64 // before seeding
	r2, r13, r0        uint64 // after the call
	g0, g1             uint64
	canaryAt           uint64
	canaryGot          uint64
	moved              uint64
	callerSP, retPC    uint64
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

// abiLow is how far below its entry R1 a kernel with this declared frame
// writes: the frame and the 32-byte fixed frame the assembler adds (LR at
// its bottom). A $0 leaf has no frame.
func abiLow(frame int) uint64 {
	if frame == 0 {
		return 0
	}
	return uint64(frame) + 32
}

func init() {
	base := abiEntryTable()
	for i, k := range abiKernelTable {
		k.Entry = *(*uintptr)(unsafe.Add(base, 8*i))
	}
	arch.RegisterABIKernels("ppc64le", abiKernelTable)
}

// abiCall runs kernel k through the trampoline (see amd64's).
func abiCall(k *arch.ABIKernel, args unsafe.Pointer, size uintptr) {
	if int(size) != k.Args || size > abiMaxArgs || abiLow(k.Frame) > abiMaxLow {
		panic("ppc64le: ABI call of " + k.Name + " with a frame the table or the trampoline does not fit")
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
	st.canary, st.seedR2, st.seedR13, st.seeded = r, arch.ABIMix(r, 1), arch.ABIMix(r, 2), 1
	if k.Split {
		st.seeded = 0 // see arch.ABIKernel.Split
	}
	abiTrampoline(args)
	k.Calls++
	var p []string
	if st.escaped != 0 {
		p = append(p, arch.ABINotRestored("R1", st.sp0+(st.hi1-st.hi0), st.sp1))
	}
	if st.seeded != 0 && st.r2 != st.seedR2 {
		p = append(p, arch.ABINotRestored("R2", st.seedR2, st.r2))
	}
	if st.seeded != 0 && st.r13 != st.seedR13 {
		p = append(p, arch.ABINotRestored("R13", st.seedR13, st.r13))
	}
	if st.g1 != st.g0 {
		p = append(p, arch.ABINotRestored("R30", st.g0, st.g1))
	}
	if st.r0 != 0 {
		p = append(p, arch.ABINotRestored("R0", 0, st.r0))
	}
	if st.canaryAt != 0 {
		p = append(p, arch.ABICanary(int(st.canaryAt), k.Frame, st.canary, st.canaryGot))
	}
	if len(p) > 0 {
		panic(&arch.ABIViolation{Kernel: k.Name, Problems: p})
	}
}
