//go:build gc

package amd64

import (
	"unsafe"

	"github.com/xarchlab/xarch/arch"
)

// The ABI trampoline of amd64 (abi_amd64.s; ARCHITECTURE.md, "ABI
// conformance"). Kernels are ABI0 functions called directly: the trampoline
// copies the argument frame to its own outgoing area, seeds BP and the
// MXCSR status bits with random values, plants a canary below the kernel's
// declared frame, calls the ABI0 entry and records SP, BP, the direction
// flag, MXCSR and the canary. R14 (g) and X15 (zero) are fixed registers of
// ABIInternal only: ABI0 code may clobber them and the compiler restores
// both after every ABI0 call, so they are not checked.

// Layout limits of the trampoline's frame (abi_amd64.s uses them through
// go_asm.h).
const (
	// abiCanaryBytes of canary lie below the kernel's frame.
	abiCanaryBytes = 128
	// abiMaxLow: the deepest frame (declared frame + the saved BP) the
	// trampoline has room for under its call.
	abiMaxLow = 4096
	// abiMaxArgs: the largest argument frame it copies.
	abiMaxArgs = 128
	// abiMXCSR is the control configuration Go fixes at calls (its ABI:
	// all exceptions masked, round to nearest, no FZ/DAZ); the trampoline
	// seeds the six status bits, which are callee-save, at random.
	abiMXCSR = 0x1f80
)

// abiState is the trampoline's memory: one per process (abiMu), so the
// trampoline finds it without a register or the stack, both of which a
// broken kernel may have damaged. Offsets reach the assembly via go_asm.h.
type abiState struct {
	// Set before the call.
	entry, nwords, low uint64
	canary, seedBP     uint64
	mxcsrSeed          uint64
	// Poison, fresh on every call: AX, BX, CX, DX, SI, DI, R8-R11,
	// R13-R15, R12; X0-X15 (two words each); the status flags for POPFQ.
	gpoison [14]uint64
	xpoison [32]uint64
	flags   uint64
	// Recorded by the trampoline.
	sp0, sp1       uint64 // SP at the call, SP after it
	hi0, hi1       uint64 // g.stack.hi before and after: the stack may move
	bp1            uint64
	dfProbe        uint64 // STOSB writes here and steps DI by +-1
	df1            uint64 // DI's step after the call: 1 (DF clear) or -1
	mxcsr0, mxcsr1 uint64
	canaryAt       uint64 // bytes below the frame of the first changed word
	canaryGot      uint64
	moved          uint64 // the stack moved during the call (canary not checked)
	// For abiEscape: where the trampoline returns to.
	callerSP, callerBP, retPC uint64
	escaped                   uint64
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
var abiDriver = &arch.ABITrampoline{Arch: "amd64", Hook: abiHook{}, Unwinds: true}

type abiHook struct{}

// abiTrampoline calls abiSt.entry with the argument frame at args (see
// abi_amd64.s).
//
//go:noescape
func abiTrampoline(args unsafe.Pointer)

// abiEscape returns from abiTrampoline when a kernel left SP elsewhere;
// never called from Go.
func abiEscape()

// abiEntryTable returns the address of abi_amd64.s's table of ABI0 entry
// addresses, in the order of abiKernelTable.
func abiEntryTable() unsafe.Pointer

// abiLow is how far below its entry SP a kernel with this declared frame
// may write: the frame and the BP the assembler saves above it (none for a
// $0 frame).
func abiLow(frame int) uint64 {
	if frame == 0 {
		return 0
	}
	return uint64(frame) + 8
}

func init() { arch.RegisterABIEntries("amd64", abiKernelTable, abiEntryTable()) }

func (abiHook) Fits(k *arch.ABIKernel, size uintptr) bool {
	return size <= abiMaxArgs && abiLow(k.Frame) <= abiMaxLow
}

func (abiHook) Seed(k *arch.ABIKernel, r uint64) {
	st := &abiSt
	// The trampoline writes every recorded field but these two.
	st.canaryAt, st.escaped = 0, 0
	st.entry, st.nwords, st.low = uint64(k.Entry), uint64(k.Args+7)/8, abiLow(k.Frame)
	st.canary, st.seedBP, st.mxcsrSeed = r, arch.ABIMix(r, 1), abiMXCSR|r>>58
	x := r
	for i := range st.gpoison {
		x = x*0x9e3779b97f4a7c15 + 0x632be59bd9b4e019
		st.gpoison[i] = x
	}
	for i := range st.xpoison {
		x = x*0x9e3779b97f4a7c15 + 0x632be59bd9b4e019
		st.xpoison[i] = x
	}
	// CF, PF, AF, ZF, SF and OF at random; DF clear (Go's ABI), bit 1 set.
	st.flags = x>>7&0x8d5 | 0x2
}

func (abiHook) Check(k *arch.ABIKernel) arch.ABIOutcome {
	st := &abiSt
	o := arch.ABIOutcome{SP: "SP", Escaped: st.escaped != 0, SPWant: st.sp0 + (st.hi1 - st.hi0), SPGot: st.sp1,
		CanaryAt: st.canaryAt, Canary: st.canary, CanaryGot: st.canaryGot}
	if st.bp1 != st.seedBP {
		o.Problems = append(o.Problems, arch.ABINotRestored("BP", st.seedBP, st.bp1))
	}
	if st.df1 != 1 {
		o.Problems = append(o.Problems, "DF not restored: expected 0 (cleared), got 1 (set)")
	}
	// Status bits only if no other goroutine can have run on the thread
	// (see arch.ABIKernel.Split): Go keeps MXCSR per thread, not per
	// goroutine, and Go code sets status bits.
	mask := uint64(0xffff)
	if k.Split {
		mask = 0xffc0
	}
	if st.mxcsr1&mask != st.mxcsrSeed&mask {
		o.Problems = append(o.Problems, arch.ABINotRestored("MXCSR", st.mxcsrSeed&mask, st.mxcsr1&mask))
	}
	return o
}
