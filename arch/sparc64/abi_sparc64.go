package sparc64

import (
	"fmt"
	"runtime"
	"unsafe"

	"github.com/xarchlab/xarch/arch"
)

// The ABI trampoline of sparc64 (abi_sparc64.s; ARCHITECTURE.md, "ABI
// conformance"). Kernels are C-ABI functions assembled by gcc and called
// through //extern. The trampoline opens its own register window, seeds
// %l0-%l7, %i0-%i5 and the application registers %g2-%g4 with random
// values, plants a canary below the kernel's frame (the size of its save),
// calls it with up to six register arguments and records what came back:
//   - %l0-%l7, %i0-%i5 must come back unchanged (a leaf without a save that
//     writes them, or a stray restore, changes its caller's window);
//   - %sp, %fp and %i7 (the return address) likewise;
//   - %g2 and %g3, the application registers, unless the kernel's file
//     declares them `.register %gN, #scratch` (the V9 ABI's way to claim
//     one; the assembler refuses an undeclared use);
//   - %g6 and %g7, reserved to the system (%g7 is the thread pointer), are
//     compared with their values before the call (not seeded: the runtime's
//     signal handlers read the thread pointer);
//   - %g1, %g4 and %g5 are scratch in the 64-bit ABI: seeded but not
//     checked.
//
// Every other register the ABI leaves free is poisoned with fresh values
// (abiState's poison), so a kernel that reads one it never set goes wrong;
// so are the %l and %o registers of the window the kernel's save opens,
// which would otherwise hold what last used that window.
// The kernel is entered through %o7, which the call turns into the return
// address.

// abiCanaryBytes of canary lie below the kernel's frame (CANARY in
// abi_sparc64.s).
const abiCanaryBytes = 128

// abiState is struct abi_state of abi_sparc64.s (ST_* offsets; the test
// checks them): one per process, under abiMu.
type abiState struct {
	entry     uint64
	args      [6]uint64
	frame     uint64
	canary    uint64
	seedL     [8]uint64
	seedI     [6]uint64
	seedG     [3]uint64 // %g2-%g4
	gotL      [8]uint64
	gotI      [6]uint64
	gotG      [6]uint64 // %g2-%g7 after the call
	inG       [6]uint64 // %g2-%g7 before
	sp0, sp1  uint64
	fp0, fp1  uint64
	i70, i71  uint64
	canaryAt  uint64
	canaryGot uint64
	// Poison, fresh on every call (with args beyond the kernel's words):
	// %d0-%d62, %g1, %g5, %ccr, %y, %gsr and %fsr's fcc fields.
	fpoison    [32]uint64
	g1, g5     uint64
	ccr, y     uint64
	gsr        uint64
	fcc        uint64
	fccMask    uint64
	fsrScratch uint64
	// %l0-%l7 and %o0-%o5, %o7 of the window the kernel's save opens.
	winL [8]uint64
	winO [7]uint64
}

// abiSt is the one state of the trampoline, under abiDriver's lock.
var abiSt abiState

// abiDriver runs every checked call (arch.ABITrampoline); abiHook is this
// arch's part. No deferred unlock: a fault in a sparc64 kernel aborts the
// runner anyway (gccgo cannot unwind through assembly without CFI), and
// defer is costly in gccgo.
var abiDriver = &arch.ABITrampoline{Arch: "sparc64", Hook: abiHook{}}

type abiHook struct{}

//extern xarch_abi_call
func abiTrampoline(st *abiState)

//extern xarch_abi_entries
func abiEntryTable() unsafe.Pointer

func init() { arch.RegisterABIEntries("sparc64", abiKernelTable, abiEntryTable()) }

// Fits: the arguments are 64-bit words (pointers, uint64), at most six, the
// ones the V9 ABI passes in %o0-%o5.
func (abiHook) Fits(k *arch.ABIKernel, size uintptr) bool { return size <= 48 && size%8 == 0 }

func (abiHook) Seed(k *arch.ABIKernel, r uint64) {
	st := &abiSt
	// The trampoline writes every recorded field but canaryAt.
	st.canaryAt = 0
	st.entry, st.frame, st.canary = uint64(k.Entry), uint64(k.Frame), r
	// The other seeds from r by an odd-multiplier LCG: distinct and fresh
	// on every call, cheap under the emulator.
	x := r
	for i := range st.seedL {
		x = x*0x9e3779b97f4a7c15 + 0x632be59bd9b4e019
		st.seedL[i] = x
	}
	for i := range st.seedI {
		x = x*0x9e3779b97f4a7c15 + 0x632be59bd9b4e019
		st.seedI[i] = x
	}
	for i := range st.seedG {
		x = x*0x9e3779b97f4a7c15 + 0x632be59bd9b4e019
		st.seedG[i] = x
	}
	// abiCall overwrites the kernel's own argument words.
	for i := range st.args {
		x = x*0x9e3779b97f4a7c15 + 0x632be59bd9b4e019
		st.args[i] = x
	}
	for i := range st.fpoison {
		x = x*0x9e3779b97f4a7c15 + 0x632be59bd9b4e019
		st.fpoison[i] = x
	}
	for i := range st.winL {
		x = x*0x9e3779b97f4a7c15 + 0x632be59bd9b4e019
		st.winL[i] = x
	}
	for i := range st.winO {
		x = x*0x9e3779b97f4a7c15 + 0x632be59bd9b4e019
		st.winO[i] = x
	}
	x = x*0x9e3779b97f4a7c15 + 0x632be59bd9b4e019
	st.g1 = x
	x = x*0x9e3779b97f4a7c15 + 0x632be59bd9b4e019
	st.g5 = x
	x = x*0x9e3779b97f4a7c15 + 0x632be59bd9b4e019
	// %ccr: icc and xcc (8 bits); %y: its low 32 bits; %gsr: mask and
	// align (scale too), never IM, which would override %fsr's rounding.
	st.ccr, st.y, st.gsr = x>>56, x>>16&0xffffffff, x&0xffffffff000000ff
	// fcc0 (bits 11:10), fcc1-fcc3 (33:32, 35:34, 37:36).
	st.fccMask = 0x3f00000c00
	st.fcc = arch.ABIMix(r, 3) & st.fccMask
}

// abiCall runs kernel k through the trampoline with its arguments, 64-bit
// words, at args, size bytes (abi_kernels_sparc64.go's functions call it).
func abiCall(k *arch.ABIKernel, args unsafe.Pointer, size uintptr) {
	abiDriver.Call(k, size, func() {
		for i := 0; i < int(size)/8; i++ {
			abiSt.args[i] = *(*uint64)(unsafe.Add(args, 8*i))
		}
		abiTrampoline(&abiSt)
		runtime.KeepAlive(args)
	})
}

func (abiHook) Check(k *arch.ABIKernel) arch.ABIOutcome {
	st := &abiSt
	o := arch.ABIOutcome{CanaryAt: st.canaryAt, Canary: st.canary, CanaryGot: st.canaryGot}
	var p []string
	for i := range st.seedL {
		if st.gotL[i] != st.seedL[i] {
			p = append(p, arch.ABINotRestored(fmt.Sprintf("%%l%d", i), st.seedL[i], st.gotL[i]))
		}
	}
	for i := range st.seedI {
		if st.gotI[i] != st.seedI[i] {
			p = append(p, arch.ABINotRestored(fmt.Sprintf("%%i%d", i), st.seedI[i], st.gotI[i]))
		}
	}
	// %sp is compared like the others: the trampoline's window keeps it.
	if st.sp1 != st.sp0 {
		p = append(p, arch.ABINotRestored("%sp", st.sp0, st.sp1))
	}
	if st.fp1 != st.fp0 {
		p = append(p, arch.ABINotRestored("%fp", st.fp0, st.fp1))
	}
	if st.i71 != st.i70 {
		p = append(p, arch.ABINotRestored("%i7", st.i70, st.i71))
	}
	for i, reg := range []string{"%g2", "%g3"} {
		if !abiScratch(k, reg) && st.gotG[i] != st.seedG[i] {
			p = append(p, arch.ABINotRestored(reg, st.seedG[i], st.gotG[i]))
		}
	}
	for i, reg := range []string{"%g6", "%g7"} {
		if st.gotG[4+i] != st.inG[4+i] {
			p = append(p, arch.ABINotRestored(reg, st.inG[4+i], st.gotG[4+i]))
		}
	}
	o.Problems = p
	return o
}

func abiScratch(k *arch.ABIKernel, reg string) bool {
	for _, r := range k.Scratch {
		if r == reg {
			return true
		}
	}
	return false
}
