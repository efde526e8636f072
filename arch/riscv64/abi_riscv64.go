//go:build riscv64 && gc

package riscv64

import (
	"sync"
	"unsafe"

	"github.com/xarchlab/xarch/arch"
)

// The ABI trampoline of riscv64 (abi_riscv64.s; ARCHITECTURE.md, "ABI
// conformance"). Kernels are ABI0 functions called directly: the trampoline
// copies the argument frame to its outgoing area, seeds X3 (gp, the global
// pointer the psABI reserves for the linker's gp-relative relaxation: Go
// never uses it, C code reaches its small data through it) and X4 (tp, the
// thread pointer: "TLS" at every call and return in Go's ABI, and the C
// library's thread block) with random values, plants a canary below the
// kernel's declared frame, calls the ABI0 entry and records X2 (sp), X3,
// X4, X27 (g) and the canary. X27 holds the running goroutine: a signal
// handler may read it at any moment, so it is checked for equality, not
// seeded (and put back if a kernel changed it, so the runtime survives to
// report it). X0 is wired to zero and X1 (the link register), X26 (the
// closure context) and X31 (the assembler's temporary) are scratch in
// ABI0; riscv64 Go keeps no frame pointer.
//
// Seeding X3 and X4 is safe because nothing reads them while a kernel runs:
// the runner and the cross-built tests are CGO_ENABLED=0, where the signal
// handler does not reload g through tp (runtime·load_g runs only when
// iscgo), and no Go code addresses data through gp. With cgo the handler
// reads tp and may forward a signal to C, which may use gp: such a build
// compares both without seeding them (abi_cgo_riscv64.go).

// Layout limits of the trampoline's frame (go_asm.h gives them to
// abi_riscv64.s).
const (
	abiCanaryBytes = 128
	abiMaxLow      = 2048 // deepest kernel frame: declared + the saved LR
	abiMaxArgs     = 128
)

// abiSeedGPTP: seed X3 and X4 (false in a cgo build, see above).
var abiSeedGPTP = true

// abiState is the trampoline's memory (see abi_amd64.go's): one per
// process, under abiMu.
type abiState struct {
	entry, nwords, low uint64
	canary             uint64
	seedX3, seedX4     uint64
	seeded             uint64 // 0: X3 and X4 keep their values (a Split kernel, or cgo)
	sp0, sp1           uint64
	hi0, hi1           uint64
	x3in, x4in         uint64 // before seeding
	x3, x4             uint64 // after the call
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

// abiLow is how far below its entry X2 a kernel with this declared frame
// writes: the frame and the 8-byte slot the assembler adds for LR at its
// bottom. A $0 leaf has no frame.
func abiLow(frame int) uint64 {
	if frame == 0 {
		return 0
	}
	return uint64(frame) + 8
}

func init() {
	base := abiEntryTable()
	for i, k := range abiKernelTable {
		k.Entry = *(*uintptr)(unsafe.Add(base, 8*i))
	}
	arch.RegisterABIKernels("riscv64", abiKernelTable)
}

// abiCall runs kernel k through the trampoline (see amd64's).
func abiCall(k *arch.ABIKernel, args unsafe.Pointer, size uintptr) {
	if int(size) != k.Args || size > abiMaxArgs || abiLow(k.Frame) > abiMaxLow {
		panic("riscv64: ABI call of " + k.Name + " with a frame the table or the trampoline does not fit")
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
	st.canary, st.seedX3, st.seedX4, st.seeded = r, arch.ABIMix(r, 1), arch.ABIMix(r, 2), 1
	if k.Split || !abiSeedGPTP {
		st.seeded = 0 // see arch.ABIKernel.Split
	}
	abiTrampoline(args)
	k.Calls++
	var p []string
	if st.escaped != 0 {
		p = append(p, arch.ABINotRestored("X2", st.sp0+(st.hi1-st.hi0), st.sp1))
	}
	if st.seeded != 0 && st.x3 != st.seedX3 {
		p = append(p, arch.ABINotRestored("X3", st.seedX3, st.x3))
	}
	if st.seeded != 0 && st.x4 != st.seedX4 {
		p = append(p, arch.ABINotRestored("X4", st.seedX4, st.x4))
	}
	if st.seeded == 0 && !k.Split && st.x3 != st.x3in {
		p = append(p, arch.ABINotRestored("X3", st.x3in, st.x3))
	}
	if st.seeded == 0 && !k.Split && st.x4 != st.x4in {
		p = append(p, arch.ABINotRestored("X4", st.x4in, st.x4))
	}
	if st.g1 != st.g0 {
		p = append(p, arch.ABINotRestored("X27", st.g0, st.g1))
	}
	if st.canaryAt != 0 {
		p = append(p, arch.ABICanary(int(st.canaryAt), k.Frame, st.canary, st.canaryGot))
	}
	if len(p) > 0 {
		panic(&arch.ABIViolation{Kernel: k.Name, Problems: p})
	}
}
