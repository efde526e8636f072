//go:build gc

package ppc64le

import (
	"unsafe"

	"github.com/xarchlab/xarch/arch"
)

// The ABI trampoline of ppc64le (abi_ppc64le.s; ARCHITECTURE.md, "ABI
// conformance"). Kernels are ABI0 functions called directly: the trampoline
// copies the argument frame to its outgoing area, seeds R2 (the TOC
// pointer: Go code built without -shared never touches it, but C and
// shared Go code rely on it) and R13 (the thread pointer the ELF ABI
// reserves) with random values, plants a canary below the kernel's
// declared frame, poisons every register the convention leaves free (see
// abiState), calls the ABI0 entry and records R1, R2, R13, R30 (g) and
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
	// Poison, fresh on every call: R3-R12 and R14-R29 (gpoison), VS0-VS63
	// (two words each), CTR, XER (SO, OV, CA and their 32-bit twins) and
	// all eight CR fields. The kernel is entered through LR (BL (LR)), so
	// the call target holds the return address, as at any call. Also
	// FPSCR's exception status bits (abiFPSCRStatus) and VSCR's SAT (in
	// every word of vsat: 0 or 1).
	gpoison [26]uint64
	vpoison [128]uint64
	ctr     uint64
	xer     uint64
	cr      uint64
	fpscr   uint64
	vsat    [2]uint64
}

// abiFPSCRStatus are the FPSCR bits the trampoline sets at random: fields
// 0-5 (FX, the exception bits, FR, FI, FPRF, VXSOFT, VXSQRT, VXCVI) but
// FEX and VX, summaries mtfsf cannot set, and reserved bit 52. Fields 6-7,
// the enables and the rounding mode, are Go's.
const abiFPSCRStatus = 0x9ffff700

// abiSt is the one state of the trampoline, under abiDriver's lock.
var abiSt abiState

// abiCall runs kernel k through the trampoline with its ABI0 argument
// frame at args, size bytes (the generated abiX functions call it).
func abiCall(k *arch.ABIKernel, args unsafe.Pointer, size uintptr) {
	abiDriver.Call(k, size, func() { abiTrampoline(args) })
}

// abiDriver runs every checked call (arch.ABITrampoline); abiHook is this
// arch's part.
var abiDriver = &arch.ABITrampoline{Arch: "ppc64le", Hook: abiHook{}, Unwinds: true}

type abiHook struct{}

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

func init() { arch.RegisterABIEntries("ppc64le", abiKernelTable, abiEntryTable()) }

func (abiHook) Fits(k *arch.ABIKernel, size uintptr) bool {
	return size <= abiMaxArgs && abiLow(k.Frame) <= abiMaxLow
}

func (abiHook) Seed(k *arch.ABIKernel, r uint64) {
	st := &abiSt
	// The trampoline writes every recorded field but these two.
	st.canaryAt, st.escaped = 0, 0
	st.entry, st.nwords, st.low = uint64(k.Entry), uint64(k.Args+7)/8, abiLow(k.Frame)
	st.canary, st.seedR2, st.seedR13, st.seeded = r, arch.ABIMix(r, 1), arch.ABIMix(r, 2), 1
	if k.Split {
		st.seeded = 0 // see arch.ABIKernel.Split
	}
	x := r
	for i := range st.gpoison {
		x = x*0x9e3779b97f4a7c15 + 0x632be59bd9b4e019
		st.gpoison[i] = x
	}
	for i := range st.vpoison {
		x = x*0x9e3779b97f4a7c15 + 0x632be59bd9b4e019
		st.vpoison[i] = x
	}
	x = x*0x9e3779b97f4a7c15 + 0x632be59bd9b4e019
	st.ctr = x
	x = x*0x9e3779b97f4a7c15 + 0x632be59bd9b4e019
	st.cr = x >> 32
	// XER: SO, OV, CA (bits 31-29) and OV32, CA32 (19, 18) at random; the
	// string-length field stays 0.
	st.xer = x & 0xe00c0000
	st.fpscr = arch.ABIMix(r, 3) & abiFPSCRStatus
	sat := x >> 9 & 1
	st.vsat = [2]uint64{sat | sat<<32, sat | sat<<32}
}

func (abiHook) Check(k *arch.ABIKernel) arch.ABIOutcome {
	st := &abiSt
	o := arch.ABIOutcome{SP: "R1", Escaped: st.escaped != 0, SPWant: st.sp0 + (st.hi1 - st.hi0), SPGot: st.sp1,
		CanaryAt: st.canaryAt, Canary: st.canary, CanaryGot: st.canaryGot}
	if st.seeded != 0 && st.r2 != st.seedR2 {
		o.Problems = append(o.Problems, arch.ABINotRestored("R2", st.seedR2, st.r2))
	}
	if st.seeded != 0 && st.r13 != st.seedR13 {
		o.Problems = append(o.Problems, arch.ABINotRestored("R13", st.seedR13, st.r13))
	}
	if st.g1 != st.g0 {
		o.Problems = append(o.Problems, arch.ABINotRestored("R30", st.g0, st.g1))
	}
	if st.r0 != 0 {
		o.Problems = append(o.Problems, arch.ABINotRestored("R0", 0, st.r0))
	}
	return o
}
