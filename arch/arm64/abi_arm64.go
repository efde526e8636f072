//go:build gc

package arm64

import (
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
//
// Poison: every other register the convention leaves free gets a fresh
// value from the seed before the call, R0-R17, R19-R26, V0-V31 and NZCV,
// so a kernel that reads one it never set goes wrong here. The call goes
// through R27, the assembler's temporary, which no kernel may read.

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
	// Poison, fresh on every call: R0-R17, R19-R26, then the entry (the
	// LDPs of abi_arm64.s take them in this order); V0-V31, two words
	// each; NZCV in bits 28-31; FPSR's IOC, DZC, OFC, UFC, IXC, IDC
	// and QC.
	gpoison [27]uint64
	xpoison [64]uint64
	nzcv    uint64
	fpsr    uint64
}

// abiSt is the one state of the trampoline, under abiDriver's lock.
var abiSt abiState

// abiCall runs kernel k through the trampoline with its ABI0 argument
// frame at args, size bytes (the generated abiX functions call it).
func abiCall(k *arch.ABIKernel, args unsafe.Pointer, size uintptr) {
	abiDriver.Call(k, size, func() { abiTrampoline(args) })
}

// abiDriver runs every checked call (arch.ABITrampoline); abiHook is this
// arch's part.
var abiDriver = &arch.ABITrampoline{Arch: "arm64", Hook: abiHook{}, Unwinds: true}

type abiHook struct{}

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

func init() { arch.RegisterABIEntries("arm64", abiKernelTable, abiEntryTable()) }

func (abiHook) Fits(k *arch.ABIKernel, size uintptr) bool {
	return size <= abiMaxArgs && abiLow(k.Frame) <= abiMaxLow
}

func (abiHook) Seed(k *arch.ABIKernel, r uint64) {
	st := &abiSt
	// The trampoline writes every recorded field but these two.
	st.canaryAt, st.escaped = 0, 0
	st.entry, st.nwords, st.low = uint64(k.Entry), uint64(k.Args+7)/8, abiLow(k.Frame)
	st.canary, st.seedR18, st.seedR29, st.seeded = r, arch.ABIMix(r, 1), arch.ABIMix(r, 2), 1
	if k.Frame > 0 {
		st.seedR29 = 0 // RSP-8 at the call (abi_arm64.s)
	}
	if k.Split {
		st.seeded = 0 // see arch.ABIKernel.Split
	}
	x := r
	for i := range st.gpoison {
		x = x*0x9e3779b97f4a7c15 + 0x632be59bd9b4e019
		st.gpoison[i] = x
	}
	st.gpoison[len(st.gpoison)-1] = st.entry
	for i := range st.xpoison {
		x = x*0x9e3779b97f4a7c15 + 0x632be59bd9b4e019
		st.xpoison[i] = x
	}
	st.nzcv = x >> 32 & 0xf0000000
	st.fpsr = arch.ABIMix(r, 3) & abiFPSRFlags
}

// abiFPSRFlags are FPSR's status bits: the cumulative exception flags
// (bits 0-4 and 7) and QC (27), sticky and free for a kernel to change.
const abiFPSRFlags = 0x0800009f

func (abiHook) Check(k *arch.ABIKernel) arch.ABIOutcome {
	st := &abiSt
	o := arch.ABIOutcome{SP: "RSP", Escaped: st.escaped != 0, SPWant: st.sp0 + (st.hi1 - st.hi0), SPGot: st.sp1,
		CanaryAt: st.canaryAt, Canary: st.canary, CanaryGot: st.canaryGot}
	want29 := st.seedR29
	if k.Frame > 0 {
		want29 += st.moved // RSP-8 at the call, wherever the stack went
	}
	if st.r29 != want29 {
		o.Problems = append(o.Problems, arch.ABINotRestored("R29", want29, st.r29))
	}
	if st.g1 != st.g0 {
		o.Problems = append(o.Problems, arch.ABINotRestored("R28", st.g0, st.g1))
	}
	if st.seeded != 0 && st.r18 != st.seedR18 {
		o.Problems = append(o.Problems, arch.ABINotRestored("R18", st.seedR18, st.r18))
	}
	return o
}
